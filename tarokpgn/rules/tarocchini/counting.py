"""Card points (T-2): the conto degli scartini and the Terziglio alternatives.

Values are those of the 62-card deck (King, Angel, World, Bégato, Matto 5; Queen 4; Cavallo 3;
Fante 2; every other card 1, T-2.1). Counting in pairs scores each pair's sum minus 1 (T-2.2), so
a pile of *n* cards scores Σ values − n/2 whatever the pairing. Results are in **half points**
so that a Terziglio side owning an odd number of cards keeps its exact score (T-13.19
``pairs``); Ottocento piles are always even (T-2.5).
"""

from __future__ import annotations

from typing import Final

LAST_TRICK: Final = 6
"""Points for winning the last trick (T-2.3)."""
DEAL_TOTAL: Final = 93
"""Card points plus last trick of one deal with pair counting (T-2.4)."""


def half_points(raw: int, n: int, method: str = "pairs") -> int:
    """Card points ×2 of a pile of ``n`` cards whose values sum to ``raw``.

    ``pairs`` (T-2.2): 2·raw − n. ``groups_of_three`` (T-13.19, Barilli's rule for more
    players): each full three scores its sum − 2, a last group of *r* cards its sum − (r − 1).
    """
    if method == "groups_of_three":
        full, rest = divmod(n, 3)
        return 2 * (raw - 2 * full - max(rest - 1, 0))
    return 2 * raw - n


def show_half(half: int) -> str:
    """``87`` or ``43.5`` for a value in half points."""
    whole, odd = divmod(half, 2)
    return f"{whole}.5" if odd else str(whole)
