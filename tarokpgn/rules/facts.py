"""The plain facts the engine and the rulesets pass each other: :class:`Contract`,
:class:`Announcement`, :class:`Fault`, :class:`Score`, :class:`RuleViolation`, the score-only
:class:`Outcome` and :class:`OutcomeError`.

Data only, importing nothing from :mod:`tarokpgn.rules`: :mod:`tarokpgn.rules.state` and
:mod:`tarokpgn.rules.ruleset` both import them (the ruleset module re-exports them), so the
deal state needs the ruleset module only for type checking, and the ruleset can name its deal
state class itself (:attr:`~tarokpgn.rules.ruleset.Ruleset.deal_state`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tarokpgn.errors import TarokPgnError
from tarokpgn.verdict import Bonus, ScoreLine


@dataclass(frozen=True, slots=True)
class Contract:
    """One contract (game) of a ruleset's ladder."""

    id: str
    """Canonical bid word (``three``, ``solo-without``, ``klop``)."""
    value: int
    """Base value (``V``)."""
    rank: int
    """Position in the bidding ladder (higher outbids lower)."""
    kind: str = "points"
    """``points`` (make 36+), ``negative`` (take no trick / one trick), ``valat`` (take every
    trick), ``colour-valat``, ``klop`` (everyone alone)."""
    talon: int = 0
    """Talon cards taken in the exchange (0: talon unused)."""
    calls: bool = False
    """The declarer calls a partner (king, Czech tarok)."""
    leader: str = "forehand"
    """Who leads the first trick: ``forehand`` or ``declarer``."""
    announcements: bool = False
    """Whether bonus announcements are allowed in this contract."""
    tricks_wanted: int | None = None
    """For negative contracts: exactly this many tricks (0 beggar, 1 piccolo)."""
    open: bool = False
    """Declarer's hand is exposed (open beggar, open solo without)."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A bonus that may be announced (and, where ``silent`` ≠ 0, also scored unannounced)."""

    id: str
    announced: int
    silent: int = 0
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Fault:
    """A rule violation found by a hook or by the engine: stable code, rule id, plain message.

    ``pos`` is the offending player's position; ``cards`` the card tokens involved (the card
    played first, then the cards the player should have played from, when known).
    """

    code: str
    message: str
    rule: str = ""
    pos: int | None = None
    cards: tuple[str, ...] = ()


class RuleViolation(TarokPgnError, ValueError):
    """Raised by the ``verify_*`` methods of the engine; carries the :class:`Fault`."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(fault.message)
        self.fault = fault


@dataclass(frozen=True, slots=True, init=False)
class Score:
    """What :meth:`Ruleset.score` returns. (One is made per deal: a hand-written ``__init__``,
    compiled, costs a fraction of the one dataclasses generates; ``card_points`` None means a
    new empty dict, as the field's default factory gives.)"""

    scores: dict[int, int]
    """Position → score for this deal (every position present; 0 when it records nothing)."""
    lines: tuple[ScoreLine, ...] = ()
    """The judge's breakdown, top to bottom, ending with the per-seat result."""
    bonuses: tuple[Bonus, ...] = ()
    card_points: dict[str, int] = field(default_factory=dict)
    """``{"declarer": 41, "opponents": 29}`` or per seat label position ``"0"``… in klop."""
    won: bool | None = None
    game_kontra: int = 0

    def __init__(
        self,
        scores: dict[int, int],
        lines: tuple[ScoreLine, ...] = (),
        bonuses: tuple[Bonus, ...] = (),
        card_points: dict[str, int] | None = None,
        won: bool | None = None,
        game_kontra: int = 0,
    ) -> None:
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "bonuses", bonuses)
        object.__setattr__(self, "card_points", card_points if card_points is not None else {})
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "game_kontra", game_kontra)


@dataclass(frozen=True, slots=True)
class OutcomeBonus:
    """One item of a score-only record's ``Bonuses`` tag: ``+trula``, ``-kings!``,
    ``-mondfang@E`` (see :mod:`tarokpgn.outcome`)."""

    name: str
    """The variant's canonical bonus or announcement word (``pagat-ultimo``, ``handful-10``)."""
    positive: bool
    """``+``: it counts for the declarer side; ``-``: against it."""
    announced: bool = False
    """``!``: it was announced (else silent)."""
    seat: str = ""
    """An individual charge's seat (``@E``: the Slovenian mondfang); empty for a side's bonus."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A deal as a club score sheet knows it: no cards, only what was played and how it ended
    (the tags of a score-only record, :mod:`tarokpgn.outcome`). A ruleset scores it with
    :meth:`~tarokpgn.rules.ruleset.Ruleset.score_outcome`."""

    contract: str
    """Canonical contract id of the variant (``three``, ``garde``)."""
    declarer: str = ""
    """The declarer's seat label (empty: none, as in klop)."""
    partner: str = ""
    """The called partner's seat label (empty: none, or the declarer played alone)."""
    difference: int | None = None
    """The declarer side's signed card-point difference as the variant counts it (SL-12.1:
    points − 35; F-10.7: points − the points needed); None when the sheet gives none."""
    won: bool | None = None
    """Whether the declarer met the contract when the difference cannot say it (a beggar, a
    valat contract): read from the ``Difference`` sign when given, else from the ``Result``."""
    bonuses: tuple[OutcomeBonus, ...] = ()
    kontras: tuple[tuple[str, int], ...] = ()
    """(target, level): ``game`` or a bonus name, 1 kontra, 2 rekontra …"""

    def kontra(self, target: str) -> int:
        """The kontra level on ``target`` (0: none)."""
        for name, level in self.kontras:
            if name == target:
                return level
        return 0


class OutcomeError(TarokPgnError, ValueError):
    """Raised by :meth:`~tarokpgn.rules.ruleset.Ruleset.score_outcome` for an outcome the
    rules cannot hold; ``tag`` is the outcome tag the verifier reports it at."""

    def __init__(self, message: str, tag: str = "Contract") -> None:
        super().__init__(message)
        self.tag = tag
