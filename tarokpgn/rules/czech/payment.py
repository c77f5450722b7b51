"""Money: haléře per oko, fleky, rounding up to tens, ties, the cap, who pays whom (CZ-11, 12).

All amounts are integers in haléře (100 h = 1 Kč). A *per-player amount* is what each member
of a side gains (positive) or loses; in one against three the lone player gets
``lone_multiplier`` times it (CZ-11.8, CZ-17.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from tarokpgn.rules.czech.options import CzechOptions

HALF: Final = 35
"""Half of the 70 oči of the pack (CZ-10.3)."""


def roundup10(amount: int) -> int:
    """Round a non-negative amount up to whole tens of haléře (CZ-11.4): 85 → 90."""
    return -(-amount // 10) * 10


def oko_value(rate: int, flek: int) -> int:
    """Haléře per oko with ``flek`` fleky: ``rate × 2^flek`` (CZ-11.3)."""
    return rate << flek


def game_amount(points: int, rate: int, flek: int, opts: CzechOptions, opp_flek: bool) -> int:
    """Signed per-player amount of the oči part for the declarer side (CZ-11.4–11.6).

    ``points`` are the declarer side's oči; ``opp_flek`` says whether the opponents gave a
    flek (it turns the 35 : 35 tie in the declarer's favour). The game-part cap applies here
    when ``cap_scope`` is ``game_part`` (CZ-17.6).
    """
    if points == HALF:
        one = roundup10(oko_value(rate, flek if opts.tie_rate == "flekked" else 0))
        return one if opp_flek else -one
    amount = roundup10(abs(points - HALF) * oko_value(rate, flek))
    if opts.cap_scope == "game_part":
        amount = min(amount, opts.cap)
    return amount if points > HALF else -amount


def cap_total(per_player: int, opts: CzechOptions) -> int:
    """The whole-deal cap of ``cap_scope = whole_deal`` on a per-player amount (CZ-11.10)."""
    if opts.cap_scope != "whole_deal":
        return per_player
    return max(-opts.cap, min(opts.cap, per_player))


def settle_sides(
    amount: int, side: Sequence[str], others: Sequence[str], opts: CzechOptions
) -> dict[str, int]:
    """Seat scores when each of ``side`` gains ``amount`` and each of ``others`` loses it; a
    lone player on either side gets ``lone_multiplier`` times (CZ-11.8)."""
    out: dict[str, int] = {}
    lone = opts.lone_multiplier
    gain = amount * (lone if len(side) == 1 and len(others) > 1 else 1)
    loss = -amount * (lone if len(others) == 1 and len(side) > 1 else 1)
    for seat in side:
        out[seat] = gain
    for seat in others:
        out[seat] = loss
    return out


def settle_individual(amount: int, holder: str, seats: Sequence[str]) -> dict[str, int]:
    """The holder receives ``amount`` from each other player (``hlasky_settlement =
    individual``, CZ-11.9)."""
    return {s: amount * (len(seats) - 1) if s == holder else -amount for s in seats}


def add(total: dict[str, int], part: dict[str, int]) -> None:
    """Add ``part`` into ``total`` seat by seat (both dicts: compiled, a native loop)."""
    for seat, value in part.items():
        total[seat] = total.get(seat, 0) + value


# --- Varšava (CZ-12) ---------------------------------------------------------------------------


def warsaw_classic(
    points: Mapping[str, int], tricks: Mapping[str, int], forehand: str, opts: CzechOptions
) -> dict[str, int]:
    """Classic (Vysočina) Varšava: the player with most oči pays every other player a flat
    sum, more to one who took no trick and more again when he is forehand (CZ-17.2)."""
    out = dict.fromkeys(points, 0)
    top = max(points.values())
    losers = [s for s, p in points.items() if p == top]
    if len(losers) > 1 and opts.warsaw_classic_ties == "nobody_pays":
        return out
    for loser in losers:
        extra = opts.warsaw_classic_forehand_extra if loser == forehand else 0
        for seat in points:
            if seat in losers:
                continue
            base = opts.warsaw_classic_trickless if tricks[seat] == 0 else opts.warsaw_classic_base
            out[loser] -= base + extra
            out[seat] += base + extra
    return out


def _place(points: Mapping[str, int], ranked: list[str], index: int) -> list[str]:
    value = points[ranked[index]]
    return [s for s in ranked if points[s] == value]


def warsaw_difference(points: Mapping[str, int], opts: CzechOptions) -> dict[str, int]:
    """MČR Varšava by differences: most pays fewest 4× the oči difference, second-most pays
    second-fewest 2× theirs, at ``warsaw_unit`` haléře per oko (CZ-12.3, CZ-17.3)."""
    out = dict.fromkeys(points, 0)
    ranked = sorted(points, key=lambda s: points[s])
    for payer_i, payee_i, factor in ((3, 0, 4), (2, 1, 2)):
        payers, payees = _place(points, ranked, payer_i), _place(points, ranked, payee_i)
        diff = points[ranked[payer_i]] - points[ranked[payee_i]]
        if diff == 0:
            continue
        if len(payers) > 1 or len(payees) > 1:
            if opts.warsaw_ties == "none":
                continue
        else:
            payers, payees = [ranked[payer_i]], [ranked[payee_i]]
        parts = len(payers) * len(payees)
        share = roundup10(-(-factor * diff * opts.warsaw_unit // parts))
        for payer in payers:
            for payee in payees:
                out[payer] -= share
                out[payee] += share
    return out
