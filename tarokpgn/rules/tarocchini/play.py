"""Play (T-7) on the shared core: follow suit, else trump, else any card; the Matto excuses
(T-7.4); the four Moors are equal and the last one played wins (T-1.5, T-7.5)."""

from __future__ import annotations

from tarokpgn.rules.core import CardTables, TrickPolicy

MOOR_STRENGTH = 1
"""The common strength of the four Moors: above the Bégato (0), below the Amore (5)."""


_STRENGTH: dict[str, tuple[int, ...]] = {}


def _strength(tables: CardTables) -> tuple[int, ...]:
    cached = _STRENGTH.get(tables.deck.name)
    if cached is not None:
        return cached
    moors = {tables.card(f"T{n}") for n in range(1, 5)}
    table = tuple(MOOR_STRENGTH if c in moors else s for c, s in enumerate(tables.strength))
    _STRENGTH[tables.deck.name] = table
    return table


def policy(tables: CardTables, must_overtrump: bool = False) -> TrickPolicy:
    """The trick policy of every Tarocchini hand (T-7.2–7.5; T-13.12 ``must_overtrump``)."""
    return TrickPolicy(
        must_overtrump=must_overtrump,
        excuse=tables.card("FOOL"),
        ties_last_wins=True,
        strength=_strength(tables),
    )
