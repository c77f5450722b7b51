"""Hlášky: revealing ones judged on a hand, committing ones (pagát, valát) and prices (CZ-6).

Revealing hlášky (CZ-6.6) are judged on the 12 cards a player holds for play (after the talon
exchange by default); the tarok count includes the škýz. Overlaps follow ``hlasky_overlap``
(CZ-6.10).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence, Set
from typing import Final

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import CardTables, bit_total
from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.czech.talon import (
    KING_CARDS,
    KINGS,
    TAROK_CARDS,
    TAROKS,
    TRUL,
    TRUL_CARDS,
)

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


_Counts = tuple[int, int, int]
"""(taroks, kings, trul cards) of a hand: all its revealing hlášky depend on."""


def qualifying(hand: Collection[str]) -> frozenset[str]:
    """Every revealing hláška ``hand`` (card tokens) satisfies, overlaps included (CZ-6.6)."""
    taroks = sum(1 for c in hand if c in TAROKS)
    kings = sum(1 for c in hand if c in KINGS)
    trul = sum(1 for c in hand if c in TRUL)
    return qualifying_counts((taroks, kings, trul))


_TABLES: Final = CardTables.of(TAROK54)


def _mask(cards: Iterable[int]) -> int:
    """Card numbers of the 54-card pack → bit set. (A function, not the bound method kept in
    a variable: compiled, a direct call instead of a generic one, three times a hand.)"""
    return _TABLES.mask(cards)


_TAROK_MASK: Final = _mask(TAROK_CARDS)
_KING_MASK: Final = _mask(KING_CARDS)
_TRUL_MASK: Final = _mask(TRUL_CARDS)


def _mask_counts(hand: int) -> _Counts:
    """(taroks, kings, trul cards) of a hand given as a bit set of card numbers."""
    return (
        bit_total(hand & _TAROK_MASK),
        bit_total(hand & _KING_MASK),
        bit_total(hand & _TRUL_MASK),
    )


def held_mask_counts(hand: int) -> _Counts:
    """:func:`held_counts` of a hand given as a bit set."""
    return _mask_counts(hand)


def held_counts(hand: Set[int]) -> _Counts:
    """(taroks, kings, trul cards) of a hand of card numbers of the 54-card pack."""
    return _mask_counts(_mask(hand))  # bit sets: no temporary sets for every hand of every deal


def judged_counts(dealt: Set[int], takes: Sequence[int], discards: Sequence[int]) -> _Counts:
    """:func:`held_counts` of ``(dealt ∪ takes) − discards`` (the hand after the exchange,
    :func:`tarokpgn.rules.czech.checks.judged_hand`) without building that hand."""
    return judged_mask_counts(_mask(dealt), takes, discards)


def judged_mask_counts(dealt: int, takes: Sequence[int], discards: Sequence[int]) -> _Counts:
    """:func:`judged_counts` with the dealt hand as a bit set."""
    if takes or discards:
        dealt = (dealt | _mask(takes)) & ~_mask(discards)
    return _mask_counts(dealt)


def qualifying_counts(counts: _Counts) -> frozenset[str]:
    """:func:`qualifying` of a hand given by its (taroks, kings, trul cards)."""
    taroks, kings, trul = counts
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
    """The revealing hlášky paid for ``hand`` (card tokens), in :data:`REVEALING` order
    (CZ-6.10)."""
    return _payable(set(qualifying(hand)), opts.hlasky_overlap)


def payable_held(hand: Set[int], opts: CzechOptions) -> tuple[str, ...]:
    """:func:`payable` on a hand of card numbers (answers cached by tarok, king, trul count)."""
    return payable_counts(held_counts(hand), opts)


def payable_counts(counts: _Counts, opts: CzechOptions) -> tuple[str, ...]:
    """:func:`payable` of a hand given by its (taroks, kings, trul cards), cached."""
    taroks, kings, trul = counts
    key = (taroks * 8 + kings) * 4 + trul  # taroks ≤ 22, kings ≤ 4, trul ≤ 3
    cache = _PAYABLE.get(opts.hlasky_overlap)
    if cache is None:
        cache = _PAYABLE[opts.hlasky_overlap] = {}
    paid = cache.get(key)
    if paid is None:
        found = set(qualifying_counts((taroks, kings, trul)))
        paid = cache[key] = _payable(found, opts.hlasky_overlap)
    return paid


_PAYABLE: Final[dict[str, dict[int, tuple[str, ...]]]] = {}
"""``hlasky_overlap`` → packed (taroks, kings, trul) → the hlášky paid."""


def _payable(found: set[str], overlap: str) -> tuple[str, ...]:
    if overlap == "supersede":
        if "trulhonery" in found:
            found -= {"trul", "honery"}
        if "kralovske-honery" in found:
            found.discard("honery")
    elif overlap == "one_per_family":
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
