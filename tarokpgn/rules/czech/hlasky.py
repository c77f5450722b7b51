"""Hlášky: revealing ones judged on a hand, committing ones (pagát, valát) and prices (CZ-6).

Revealing hlášky (CZ-6.6) are judged on the 12 cards a player holds for play (after the talon
exchange by default); the tarok count includes the škýz. Overlaps follow ``hlasky_overlap``
(CZ-6.10).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.czech.talon import KINGS, TAROKS, TRUL

REVEALING: Final = (
    "trul", "honery", "tarocky", "barvicky",
    "taroky", "kralovske-honery", "trulhonery", "barvy",
)  # fmt: skip
"""Revealing hlášky, small ones first (CZ-6.6)."""
BIG: Final = frozenset({"taroky", "kralovske-honery", "trulhonery", "barvy"})
"""The big (40 h) revealing hlášky; the others are small (20 h)."""
COMMITTING: Final = ("pagat", "valat")
"""Committing hlášky (CZ-6.3)."""
_HONOUR_FAMILY: Final = ("trulhonery", "kralovske-honery", "trul", "honery")
"""The trul/honéry family in order of preference for ``one_per_family``."""


def qualifying(hand: Collection[str]) -> frozenset[str]:
    """Every revealing hláška ``hand`` satisfies, overlaps included (CZ-6.6)."""
    taroks = sum(1 for c in hand if c in TAROKS)
    kings = sum(1 for c in hand if c in KINGS)
    trul = sum(1 for c in hand if c in TRUL)
    out = set()
    if trul == 3:
        out.add("trul")
        if kings:
            out.add("trulhonery")
    if kings + trul >= 4:
        out.add("honery")
    if kings == 4:
        out.add("kralovske-honery")
    if taroks >= 10:
        out.add("taroky")
    elif taroks >= 8:
        out.add("tarocky")
    elif taroks in (1, 2):
        out.add("barvicky")
    elif taroks == 0:
        out.add("barvy")
    return frozenset(out)


def payable(hand: Collection[str], opts: CzechOptions) -> tuple[str, ...]:
    """The revealing hlášky paid for ``hand``, in :data:`REVEALING` order (CZ-6.10)."""
    found = set(qualifying(hand))
    if opts.hlasky_overlap == "supersede":
        if "trulhonery" in found:
            found -= {"trul", "honery"}
        if "kralovske-honery" in found:
            found.discard("honery")
    elif opts.hlasky_overlap == "one_per_family":
        best = next((h for h in _HONOUR_FAMILY if h in found), None)
        found = {h for h in found if h not in _HONOUR_FAMILY or h == best}
    return tuple(h for h in REVEALING if h in found)


def price(name: str, opts: CzechOptions) -> int:
    """Haléře of a revealing hláška (CZ-6.6)."""
    return opts.big_hlaska if name in BIG else opts.small_hlaska


def commitment_price(name: str, announced: bool, opts: CzechOptions) -> int:
    """Haléře of a pagát or valát, announced or silent (CZ-6.5)."""
    if name == "pagat":
        return opts.pagat_announced if announced else opts.pagat_silent
    return opts.valat_announced if announced else opts.valat_silent
