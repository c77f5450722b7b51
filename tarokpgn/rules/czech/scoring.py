"""The whole Czech settlement of one deal from its facts (CZ-6, CZ-7, CZ-11).

:func:`settle` takes what the play decided — sides, oči, fleky, which commitments were
announced and made, the revealing hlášky held — and returns each seat's haléře with a judge's
breakdown. It knows nothing of cards or records, so the worked examples test it directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tarokpgn.rules.czech.contracts import Contract, Game, rate
from tarokpgn.rules.czech.hlasky import commitment_price, price
from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.czech.payment import (
    add,
    cap_total,
    game_amount,
    settle_individual,
    settle_sides,
)

DECLARER: Final = "declarer"
OPPONENTS: Final = "opponents"


@dataclass(slots=True, init=False, unsafe_hash=True)
class Commitment:
    """A pagát or valát: announced or silent, made or failed, for one side (CZ-6.3–6.5)."""

    name: str
    """``pagat`` or ``valat``."""
    side: str
    """:data:`DECLARER` or :data:`OPPONENTS`."""
    announced: bool
    made: bool
    flek: int
    price: int | None
    """Override of the announced price (the second duty's pagát, CZ-6.11)."""

    def __init__(
        self,
        name: str,
        side: str,
        announced: bool,
        made: bool,
        flek: int = 0,
        price: int | None = None,
    ) -> None:
        self.name = name
        self.side = side
        self.announced = announced
        self.made = made
        self.flek = flek
        self.price = price


@dataclass(slots=True, init=False, unsafe_hash=True)
class DealFacts:
    """What decides the payment of a (non-Varšava) deal."""

    contract: Contract
    declarer_side: tuple[str, ...]
    opponents: tuple[str, ...]
    points: int
    """The declarer side's oči (CZ-10)."""
    flek: int
    """Fleky on the game: 1 flek, 2 re, 3 tutti (CZ-7.1)."""
    commitments: tuple[Commitment, ...]
    hlasky: tuple[tuple[str, str], ...]
    """(seat, hláška) for every revealing hláška paid (CZ-6.6)."""

    def __init__(
        self,
        contract: Contract,
        declarer_side: tuple[str, ...],
        opponents: tuple[str, ...],
        points: int,
        flek: int = 0,
        commitments: tuple[Commitment, ...] = (),
        hlasky: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.contract = contract
        self.declarer_side = declarer_side
        self.opponents = opponents
        self.points = points
        self.flek = flek
        self.commitments = commitments
        self.hlasky = hlasky


@dataclass(slots=True, init=False)
class Settlement:
    """Seat → haléře, and the breakdown lines ``(label, per-player value, detail)``."""

    scores: dict[str, int]
    lines: list[tuple[str, int, str]]

    def __init__(
        self,
        scores: dict[str, int],
        lines: list[tuple[str, int, str]] | None = None,
    ) -> None:
        self.scores = scores
        self.lines = [] if lines is None else lines


def _side_seats(facts: DealFacts, side: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if side == DECLARER:
        return facts.declarer_side, facts.opponents
    return facts.opponents, facts.declarer_side


def commitment_value(c: Commitment, opts: CzechOptions) -> int:
    """Signed per-player value of a commitment for its side (CZ-6.5, 6.11, 6.12)."""
    if not c.announced and not c.made:
        return -opts.silent_pagat_failure if c.name == "pagat" else 0
    base = c.price if c.price is not None else commitment_price(c.name, c.announced, opts)
    value = base << c.flek
    return value if c.made else -value


def settle(facts: DealFacts, opts: CzechOptions) -> Settlement:
    """Every seat's haléře for the deal (CZ-11.4–11.10, 6.5–6.12, 7.3)."""
    seats = facts.declarer_side + facts.opponents
    out = Settlement({seat: 0 for seat in seats})  # compiled, a loop; dict.fromkeys is a call
    r = rate(facts.contract, opts)
    if _not_played(facts, opts):
        out.lines.append(("game", 0, "first duty without flek or commitment: not paid"))
        return out
    game = game_amount(facts.points, r, facts.flek, opts, opp_flek=facts.flek >= 1)
    out.lines.append(("game", game, _game_detail(facts, r, game)))
    side_total = game
    for c in facts.commitments:
        value = commitment_value(c, opts)
        if value:
            signed = value if c.side == DECLARER else -value
            out.lines.append((c.name, signed, _commit_detail(c)))
            side_total += signed
    individual: dict[str, int] = {}
    for seat, name in facts.hlasky:
        value = price(name, opts)
        mine = DECLARER if seat in facts.declarer_side else OPPONENTS
        if opts.hlasky_settlement == "individual":
            add(individual, settle_individual(value, seat, seats))
            out.lines.append((name, 0, f"{seat} holds it: +{value} from each other player"))
        else:
            signed = value if mine == DECLARER else -value
            out.lines.append((name, signed, f"held by {seat}"))
            side_total += signed
    add(
        out.scores,
        settle_sides(cap_total(side_total, opts), facts.declarer_side, facts.opponents, opts),
    )
    add(out.scores, individual)
    return out


def _not_played(facts: DealFacts, opts: CzechOptions) -> bool:
    """``duty1_requires_flek``: an unflekked first duty with no commitment is not paid."""
    return (
        opts.duty1_requires_flek
        and facts.contract.game is Game.FIRST_DUTY
        and facts.flek == 0
        and not any(c.announced for c in facts.commitments)
    )


def _game_detail(facts: DealFacts, r: int, game: int) -> str:
    rate = r << facts.flek
    sign = "+" if game >= 0 else ""  # ``{game:+d}`` spelt out: a format spec is slow compiled
    if facts.points == 35:
        return f"35 : 35 tie: one oko ({rate} h per oko) → {sign}{game} h"
    diff = abs(facts.points - 35)
    return f"{facts.points} oči, difference {diff} × {rate} h → {sign}{game} h"


def _commit_detail(c: Commitment) -> str:
    how = (
        "second-duty commitment"
        if c.price is not None
        else ("announced" if c.announced else "silent")
    )
    done = "made" if c.made else "lost"
    flek = f", flek level {c.flek}" if c.flek else ""
    return f"{how}, {done}{flek}"
