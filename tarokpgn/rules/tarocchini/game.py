"""Beyond one hand: Ottocento's race to the target (T-10.3) and Terziglio's game points
(T-11.8) and settlement (T-11.9). Pure functions, used by the scorer and by tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tarokpgn.rules.tarocchini.options import TarocchiniOptions


def round_total(half: int, edge: str = "strict") -> int:
    """Game points of a winning total given in half points (T-11.8): round down to a multiple
    of 50, up when less than 5 short of the next one (``inclusive``: 5 short also rounds up),
    then divide by 50."""
    m = (half // 2) // 50 * 50
    over = half - 2 * m  # (W − m) in half points
    up = over > 90 if edge == "strict" else over >= 90
    return (m + 50) // 50 if up else m // 50


@dataclass(slots=True, init=False, unsafe_hash=True)
class TerziglioResult:
    """Who won a Terziglio hand and for how many game points."""

    declarer_wins: bool
    game_points: int
    capot: bool

    def __init__(self, declarer_wins: bool, game_points: int, capot: bool = False) -> None:
        self.declarer_wins = declarer_wins
        self.game_points = game_points
        self.capot = capot


def terziglio_result(
    declarer_half: int,
    opponents_half: int,
    solo: bool,
    opts: TarocchiniOptions,
    capot_side: str | None = None,
) -> TerziglioResult:
    """T-11.7–11.8: the declarer wins only with strictly more; the winner's total is rounded;
    a solo doubles; a side that won every trick scores 40 without counting."""
    if capot_side is not None:
        gp = 40 * (2 if solo and opts.terziglio_capot_solo_double else 1)
        return TerziglioResult(capot_side == "declarer", gp, True)
    wins = declarer_half > opponents_half
    gp = round_total(declarer_half if wins else opponents_half, opts.terziglio_rounding_edge)
    return TerziglioResult(wins, gp * (2 if solo else 1))


def settle(
    declarer: int, players: int, result: TerziglioResult, opts: TarocchiniOptions
) -> dict[int, int]:
    """Position → score (T-11.9). ``declarer_vs_each``: the declarer receives the game points
    from each opponent, or pays each; ``winner_only``: each winner is credited the points."""
    gp = result.game_points
    others = [p for p in range(players) if p != declarer]
    if opts.terziglio_settlement == "winner_only":
        out = dict.fromkeys(range(players), 0)
        for p in [declarer] if result.declarer_wins else others:
            out[p] = gp
        return out
    sign = 1 if result.declarer_wins else -1
    out = {p: -sign * gp for p in others}
    out[declarer] = sign * gp * len(others)
    return out


@dataclass(slots=True, init=False, unsafe_hash=True)
class GameOutcome:
    """The end of an Ottocento hand for the match: new totals and the winner, if any."""

    totals: dict[str, int]
    winner: str | None
    on_declarations: bool
    """The game was won on declarations, before a card was played (T-10.3)."""

    def __init__(
        self,
        totals: dict[str, int],
        winner: str | None,
        on_declarations: bool = False,
    ) -> None:
        self.totals = totals
        self.winner = winner
        self.on_declarations = on_declarations


def ottocento_game(
    before: Mapping[str, int],
    declarations: Sequence[tuple[str, int]],
    hand: Mapping[str, int],
    opts: TarocchiniOptions,
) -> GameOutcome:
    """T-10.3 for one hand. ``before``: side → running total; ``declarations``: (side, value)
    in the order they were made (the call-out priority of T-10.3 under
    ``call_out_priority``: dealer first, then eldest and round); ``hand``: side → the hand's
    score *without* declarations. The sides keep scoring every hand (T-10.2)."""
    target = opts.game_target
    totals = dict(before)
    declared = {side for side, value in declarations if value}
    for side, value in declarations:
        totals[side] = totals.get(side, 0) + value
        if opts.declaration_win_rule == "call_out_priority" and totals[side] >= target:
            return GameOutcome(_final(totals, hand), side, True)
    early = {s for s in declared if totals[s] >= target}
    if opts.declaration_win_rule == "checkpoint_highest" and early:
        winner = _highest(totals, early, opts, declared)
        if winner is not None:
            return GameOutcome(_final(totals, hand), winner, True)
    final = _final(totals, hand)
    reached = {s for s, v in final.items() if v >= target}
    winner = _highest(final, reached, opts, declared) if reached else None
    return GameOutcome(final, winner)


def _final(totals: Mapping[str, int], hand: Mapping[str, int]) -> dict[str, int]:
    sides = set(totals) | set(hand)
    return {s: totals.get(s, 0) + hand.get(s, 0) for s in sorted(sides)}


def _highest(
    totals: Mapping[str, int],
    reached: set[str],
    opts: TarocchiniOptions,
    declared: set[str] | None = None,
) -> str | None:
    """The side with the higher total among those past the target; a tie follows T-13.11
    (``declaring_side_wins``: the one side that declared in this hand, if only one did)."""
    if len(reached) == 1:
        return next(iter(reached))
    best = max(totals[s] for s in reached)
    top = [s for s in reached if totals[s] == best]
    if len(top) == 1:
        return top[0]
    if opts.tie_at_800 == "declaring_side_wins" and declared and len(declared) == 1:
        return next(iter(declared))
    return None
