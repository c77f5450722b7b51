"""What a renons judgement says: plain frozen data, no rules and no record parsing.

A :class:`Judgement` answers one claim (:class:`tarokpgn.model.Renons`): the :class:`Finding`
(proven, not proven, cannot be decided from the record), the rule and the cards involved, the
evidence lines a judge reads out, and the :class:`Penalty` with its arithmetic step by step
and the resulting scores of every seat.

The classes are frozen and hashable (a dict field counts for equality, not for the hash); their
optional fields are keyword-only.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from enum import StrEnum

from tarokpgn.model import Renons


class Finding(StrEnum):
    """The outcome of a claim."""

    PROVEN = "proven"
    """The record shows the violation: the accused pays."""
    NOT_PROVEN = "not-proven"
    """The record shows the play was legal, or cannot show the violation: the claimant pays."""
    UNDECIDABLE = "undecidable"
    """The kind of violation leaves no trace in a record (showing cards, signalling): judged
    as not proven by the tournament rule (SL-13.4), so the claimant pays."""


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the penalty arithmetic: ``label`` and the running total after it."""

    label: str
    """``"V: value of two"``, ``"+ 35"``, ``"× 2 (kontra)"``."""
    operand: int
    """The number this step adds or multiplies by."""
    total: int
    """The running total after this step (positive: the size of the penalty)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """The renons penalty: who pays, on whose basis, how it is reached, what it costs."""

    payer: str
    """Seat label of the player who is charged."""
    basis: str
    """Seat label whose announcements (A) entered the penalty (SL-13.2, option
    ``renons_false_claim_basis``)."""
    steps: tuple[Step, ...]
    amount: int
    """The charge, negative (``-95``)."""
    formula: str
    """The arithmetic on one line: ``"−(20 + 35 + 40) × 2 = −190"``."""
    _: KW_ONLY
    unit: str = "points"
    """``points`` (Slovenian) or ``h`` (Czech haléře)."""
    settlement: str = "single"
    """``single``: only the payer records the charge; ``each_player``: he pays it to every
    other player; ``deposit``: he forfeits it to the organisers."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The judge's answer to one renons claim."""

    claim: Renons
    finding: Finding
    reason: str
    """One sentence: why the claim is proven or not."""
    _: KW_ONLY
    rule: str = ""
    """Rule id the finding rests on (``SL-9.3``); for a proven claim, the rule broken."""
    rule_text: str = ""
    """That rule in words."""
    played: str | None = None
    """The card the accused played in the disputed trick."""
    should: tuple[str, ...] = ()
    """The card(s) the accused should have played from (proven claims)."""
    evidence: tuple[str, ...] = ()
    """Lines a judge reads out: the accused's holding at that moment, or the later tricks that
    prove what he still held."""
    penalty: Penalty | None = None
    scores: dict[str, int] | None = field(default=None, hash=False)
    """Every seat's score for the deal after the ruling (None when it cannot be computed)."""
    other_scores_stand: bool = False
    """True when the deal's ordinary scores still count beside the penalty
    (``renons_other_players=normal``)."""
    deal_scores: dict[str, int] | None = field(default=None, hash=False)
    """The deal's ordinary scores, when they stand and could be computed."""
    notes: tuple[str, ...] = ()
    variant: str = ""
    ruleset: str = ""
    deal: str = ""
    """The deal's name for the judge: ``Koper club deal 3`` or ``record 2``."""
    names: dict[str, str] = field(default_factory=dict, hash=False)
    """Seat label → player name, for the text."""

    @property
    def proven(self) -> bool:
        return self.finding is Finding.PROVEN

    @property
    def payer(self) -> str | None:
        return self.penalty.payer if self.penalty else None


@dataclass(frozen=True, slots=True)
class DealRuling:
    """Every renons claim of one deal judged, and the deal's scores after all of them (SL-13).

    Each unproven claim charges its own claimant (SL-13.4); the earliest proven renons (lowest
    trick, then record order) decides how the deal is scored (the ``renons_*`` options); a later
    proven claim is reported but costs nothing more, since the renons before it ended the deal.
    """

    judgements: tuple[Judgement, ...]
    """The judgements, in record order (claims that do not fit the record are in ``errors``)."""
    counted: tuple[bool, ...]
    """For each judgement: whether its penalty enters :attr:`scores`."""
    _: KW_ONLY
    errors: tuple[tuple[Renons, str], ...] = ()
    """Claims naming what the deal does not have (a trick, a seat, a card), with why."""
    scores: dict[str, int] | None = field(default=None, hash=False)
    """Every seat's score for the deal (None when it cannot be computed or nothing was judged)."""
    notes: tuple[str, ...] = ()

    @property
    def decisive(self) -> Judgement | None:
        """The earliest proven renons: the one that decides how the deal is scored."""
        return next((j for j, c in zip(self.judgements, self.counted, strict=True)
                     if c and j.proven), None)  # fmt: skip
