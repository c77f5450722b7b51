"""What the verifier says about one record: plain data, no rules.

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
    RENONS = "renons"
    """A renons claim was proven (SL-13): the deal holds a breach of the rules, and the
    judgement, not the play, scores it (the accused pays). Nothing else is wrong with it."""
    INCOMPLETE = "incomplete"
    """Nothing illegal was found, but the record lacks what is needed to check everything."""
    ERROR = "error"
    """The verifier itself failed on this record (an ``internal-error`` problem, a bug in
    tarokpgn): nothing is known about it. Counted apart, and the run fails."""


# The classes below are frozen dataclasses (fields, equality, repr, hash, ``asdict`` and
# ``dataclasses.replace`` as usual; a dict field counts for equality but not for the hash) with
# a hand-written ``__init__`` that sets each field with ``object.__setattr__(self, "name",
# value)``, as in :mod:`tarokpgn.model`: compiled with mypyc it builds an object in a few dozen
# nanoseconds, where the generated one takes ~0.6 µs, and a verdict builds many of them. Their
# optional arguments are keyword-only.


@dataclass(frozen=True, slots=True, init=False)
class Problem:
    """One finding: a stable code, a plain explanation and where it is."""

    code: str
    """Stable identifier, e.g. ``"follow-suit"``, ``"score-mismatch"``, ``"E102"``."""
    message: str
    """Plain-language explanation a player understands."""
    line: int
    """1-based line in the source file (0 when unknown)."""
    column: int
    trick: int | None
    seat: str | None
    rule: str
    """The rule it rests on, e.g. ``"SL-9.3"``."""
    accepted: bool
    """True when the record marks this as an irregularity accepted at the table."""
    judged: bool
    """True when a renons judgement settles this (SL-13): a fault a proven claim covers (the
    accused pays) or an unproven claim (the claimant pays). Like an accepted irregularity, it
    does not make the deal illegal."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        line: int = 0,
        column: int = 0,
        trick: int | None = None,
        seat: str | None = None,
        rule: str = "",
        accepted: bool = False,
        judged: bool = False,
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "accepted", accepted)
        object.__setattr__(self, "judged", judged)


@dataclass(frozen=True, slots=True, init=False)
class ScoreLine:
    """One line of the score breakdown, as a judge checks it on paper."""

    label: str
    value: int
    detail: str

    def __init__(self, label: str, value: int, *, detail: str = "") -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "detail", detail)


@dataclass(frozen=True, slots=True, init=False)
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
    kontra: int

    def __init__(
        self,
        name: str,
        side: str,
        announced: bool,
        made: bool | None,
        value: int,
        *,
        kontra: int = 0,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "announced", announced)
        object.__setattr__(self, "made", made)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "kontra", kontra)


@dataclass(frozen=True, slots=True, init=False)
class Verdict:
    """The verifier's result for one record."""

    status: Status
    problems: tuple[Problem, ...]
    contract: str | None
    declarer: str | None
    partner: str | None
    won: bool | None
    """Whether the declarer side met its contract (None for klop-like games or unknown)."""
    card_points: dict[str, int] = field(hash=False)
    """Card points per side or per seat (``{"declarer": 41, "opponents": 29}``)."""
    scores: dict[str, int] | None = field(hash=False)
    """Computed score per seat, None when they cannot be computed."""
    written: dict[str, int] | None = field(hash=False)
    """The scores the record states (Result tag)."""
    breakdown: tuple[ScoreLine, ...]
    bonuses: tuple[Bonus, ...]
    game_kontra: int
    trick_winners: tuple[str, ...]
    """Seat label of the winner of each complete trick, in order, as the rules engine decided
    it (empty for a variant without a rules engine). Play that cannot be followed further (an
    unknown card, a claim) ends the list."""

    def __init__(
        self,
        status: Status,
        *,
        problems: tuple[Problem, ...] = (),
        contract: str | None = None,
        declarer: str | None = None,
        partner: str | None = None,
        won: bool | None = None,
        card_points: dict[str, int] | None = None,
        scores: dict[str, int] | None = None,
        written: dict[str, int] | None = None,
        breakdown: tuple[ScoreLine, ...] = (),
        bonuses: tuple[Bonus, ...] = (),
        game_kontra: int = 0,
        trick_winners: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "problems", problems)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "declarer", declarer)
        object.__setattr__(self, "partner", partner)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "card_points", {} if card_points is None else card_points)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "breakdown", breakdown)
        object.__setattr__(self, "bonuses", bonuses)
        object.__setattr__(self, "game_kontra", game_kontra)
        object.__setattr__(self, "trick_winners", trick_winners)

    @property
    def ok(self) -> bool:
        return self.status is Status.OK

    def _repr_html_(self) -> str:
        """Status, problems and score breakdown as HTML, for notebooks
        (:mod:`tarokpgn.show.notebook`, imported only when a notebook asks)."""
        from tarokpgn.show.notebook import verdict_html

        return verdict_html(self)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-ready data (``status`` as its string value)."""
        data = asdict(self)
        data["status"] = self.status.value
        data["trick_winners"] = list(self.trick_winners)
        return data
