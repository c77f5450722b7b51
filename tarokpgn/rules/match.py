"""A family's rules across the deals of one match: :class:`MatchRule`, what the verifier asks.

The verifier (:func:`tarokpgn.replay.verify_all`) follows the deals of a match (one ``Match``
tag, consecutive ``Deal`` numbers) and checks the running ``Totals`` the table wrote against
the sum of the deals' results. A family whose scores depend on earlier deals, or whose match
ends on a rule, returns a :class:`MatchRule` from
:meth:`~tarokpgn.rules.ruleset.Ruleset.match_rule`; for each deal the verifier asks it, in
this order:

===========================  ===================================================================
method                       default
===========================  ===================================================================
``start()``                  None: nothing is carried from deal to deal
``adjust(deal, result, …)``  the result unchanged: the deal's result as it enters the totals,
                             and what is carried on (called only while something is carried)
``close(running, …)``        the totals unchanged: how the written ``Totals`` may settle what
                             is carried at the end of the match (called as ``adjust``)
``decide(deal, …)``          ``""``: how this deal decided the match, empty while it goes on;
                             a deal recorded after that is a ``match-over`` problem
===========================  ===================================================================

A rule works on plain values: totals and results are seat label → score, what it carries is
seat label (or a key of its own) → count, and it says what it did in notes (plain text, rule
ids cited). It keeps no state of its own, so one instance serves every match. Implementations:
:mod:`tarokpgn.rules.slovenian.match` (radelci, SL-12.9) and
:mod:`tarokpgn.rules.tarocchini.match` (Ottocento's race to the target, T-10.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from mypy_extensions import mypyc_attr

from tarokpgn.rules.state import DealState
from tarokpgn.verdict import Bonus

Scores: TypeAlias = dict[str, int]
"""Seat label → score (a deal's result, running totals) or count (what a rule carries)."""


@dataclass(frozen=True, slots=True)
class MatchDeal:
    """One deal of a match as a :class:`MatchRule` sees it."""

    number: int
    """The deal's number in the match (its ``Deal`` tag), 1 for the first."""
    seats: tuple[str, ...]
    """The seat labels in order around the table: the keys of results and totals."""
    deal: DealState
    """The replayed deal."""
    declarer: str | None
    """The declarer's seat label (None: no declarer, as in klop)."""
    partner: str | None
    """The declarer's partner's seat label (None: none, or the declarer played alone)."""
    bonuses: tuple[Bonus, ...]
    """The deal's bonuses as the verdict reports them (none when a renons claim was judged)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class MatchRule:
    """Base of a family's match rule; each method's default does nothing (module docstring)."""

    rule: ClassVar[str] = ""
    """Rule id of the problems the rule gives: a ``totals-mismatch`` once it adjusted the
    deal's result, a ``match-over`` after it decided the match."""
    adjusted: ClassVar[str] = ""
    """What the ``totals-mismatch`` message calls an adjusted result (``radelci applied``)."""
    ends_match: ClassVar[bool] = False
    """:meth:`decide` can end a match, after which a new one starts (the generator then
    starts a new game, as Ottocento's race does)."""

    def start(self) -> Scores | None:
        """What is carried into deal 1 of a match; None: nothing (:meth:`adjust` and
        :meth:`close` are not called)."""
        return None

    def adjust(
        self, deal: MatchDeal, result: Scores, carried: Scores, notes: list[str]
    ) -> tuple[Scores, Scores]:
        """The deal's ``result`` as it enters the totals and what is carried to the next deal
        (``carried`` is the verifier's copy, the rule may change it)."""
        return result, carried

    def close(
        self, running: Scores, written: Scores, carried: Scores, notes: list[str]
    ) -> tuple[Scores, Scores]:
        """The running totals and what is carried once the ``written`` Totals are read: the
        rule may take them as the end of the match and settle what is carried."""
        return running, carried

    def decide(self, deal: MatchDeal, before: Scores, after: Scores, notes: list[str]) -> str:
        """How the match was decided by this deal (``before``/``after``: the running totals
        without and with it), for the ``match-over`` message; empty while it goes on."""
        return ""
