"""What the verifier says about one record: plain frozen data, no rules.

A :class:`Verdict` carries the problems found (each located and explained), the computed scores
and the judge-style breakdown that explains them, and the facts the archive indexes (contract,
declarer, partner, bonuses).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """Overall outcome of verifying one record."""

    OK = "ok"
    """Every action legal and the written scores (if any) equal the computed ones."""
    ILLEGAL = "illegal"
    """At least one action breaks the rules (or the record is not well formed)."""
    SCORE_MISMATCH = "score-mismatch"
    """Play is legal but a written score differs from the computed one."""
    INCOMPLETE = "incomplete"
    """Nothing illegal was found, but the record lacks what is needed to check everything."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: a stable code, a plain explanation and where it is."""

    code: str
    """Stable identifier, e.g. ``"follow-suit"``, ``"score-mismatch"``, ``"E102"``."""
    message: str
    """Plain-language explanation a player understands."""
    line: int = 0
    """1-based line in the source file (0 when unknown)."""
    column: int = 0
    trick: int | None = None
    seat: str | None = None
    rule: str = ""
    """The rule it rests on, e.g. ``"SL-9.3"``."""
    accepted: bool = False
    """True when the record marks this as an irregularity accepted at the table."""


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of the score breakdown, as a judge checks it on paper."""

    label: str
    value: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Bonus:
    """An announcement, declaration or silent bonus and how it ended."""

    name: str
    side: str
    """``"declarer"`` or ``"opponents"`` (or a seat label in every-man-for-himself games)."""
    announced: bool
    made: bool | None
    """None when the record cannot tell."""
    value: int
    """Signed value for the declarer side, kontra included."""
    kontra: int = 0


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verifier's result for one record."""

    status: Status
    problems: tuple[Problem, ...] = ()
    contract: str | None = None
    declarer: str | None = None
    partner: str | None = None
    won: bool | None = None
    """Whether the declarer side met its contract (None for klop-like games or unknown)."""
    card_points: dict[str, int] = field(default_factory=dict)
    """Card points per side or per seat (``{"declarer": 41, "opponents": 29}``)."""
    scores: dict[str, int] | None = None
    """Computed score per seat, None when they cannot be computed."""
    written: dict[str, int] | None = None
    """The scores the record states (Result tag)."""
    breakdown: tuple[ScoreLine, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    game_kontra: int = 0
    trick_winners: tuple[str, ...] = ()
    """Seat label of the winner of each complete trick, in order, as the rules engine decided
    it (empty for a variant without a rules engine). Play that cannot be followed further (an
    unknown card, a claim) ends the list."""

    @property
    def ok(self) -> bool:
        return self.status is Status.OK

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-ready data (``status`` as its string value)."""
        data = asdict(self)
        data["status"] = self.status.value
        data["trick_winners"] = list(self.trick_winners)
        return data
