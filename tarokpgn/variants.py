"""The registry of variant facts: one :class:`VariantSpec` per variant id, data only.

Everything that asks "what is this variant?" (the model, the notation, the engines, the
generator, the renons judge, the archive and the command line) reads it here: the family,
the players and their seat labels, the deck, the deal and talon sizes, the default ruleset and
the vocabulary its words come from. Adding a variant to an existing family is one
:func:`register_variant` call; a new family also registers its :class:`~tarokpgn.rules.ruleset.
Ruleset` (docs/extending.rst). This module imports nothing from tarokpgn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, NamedTuple

SEATS: Final = {
    2: ("N", "S"),
    3: ("N", "E", "S"),
    4: ("N", "E", "S", "W"),
    5: ("N", "E", "S", "W", "Z"),
}
"""Seat labels by number of players, in order of play around the table."""


class DealSize(NamedTuple):
    """Cards per hand (the dealer's may differ) and in the talon for one way of dealing."""

    hand: int
    dealer: int
    talon: int


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """The facts of one variant (``slovenian-4``) that do not depend on a ruleset preset."""

    id: str
    """Variant id, the value of the ``Variant`` tag."""
    family: str
    """Family whose rules engine plays it (``slovenian``, ``czech``, ``french``,
    ``tarocchini``, or a plug-in's)."""
    players: int
    deck: str
    """Deck name, a key of :data:`tarokpgn.cards.DECKS` (``54``, ``78``, ``62``)."""
    deals: tuple[DealSize, ...]
    """The ways of dealing it allows (Terziglio: 18/18/8 or 19/19/5)."""
    default_ruleset: str
    """The preset used when a record has no ``Ruleset`` tag."""
    seats: tuple[str, ...] = ()
    """Seat labels in order of play; empty: :data:`SEATS` for the number of players."""
    words: str = ""
    """Scope of :mod:`tarokpgn.vocabulary` its bid and announcement words come from; empty:
    the family's. A family the vocabulary does not know reads its words as written."""
    excuse_exchange: bool = False
    """Its records may hold an ``excuse_exchange`` item (French Tarot, F-9.7)."""

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", SEATS[self.players])
        if not self.words:
            object.__setattr__(self, "words", self.family)
        if len(self.seats) != self.players or not self.deals:
            raise ValueError(f"variant {self.id!r}: one seat label a player and a deal size")

    @property
    def hand_size(self) -> int:
        """The largest hand a deal of this variant has (the dealer's included)."""
        return max(max(size.hand, size.dealer) for size in self.deals)


_SPECS: dict[str, VariantSpec] = {}


def register_variant(spec: VariantSpec) -> VariantSpec:
    """Add ``spec`` to the registry (replacing a spec of the same id); returns it."""
    _SPECS[spec.id] = spec
    return spec


def unregister_variant(variant: str) -> None:
    """Remove ``variant`` from the registry (tests and plug-ins that undo themselves)."""
    _SPECS.pop(variant, None)


def find_variant(variant: str) -> VariantSpec | None:
    """The spec of ``variant``, or None when no variant has that id."""
    return _SPECS.get(variant)


def variant_spec(variant: str) -> VariantSpec:
    """The spec of ``variant``; raises :class:`KeyError` naming the known ids when unknown."""
    spec = _SPECS.get(variant)
    if spec is None:
        raise KeyError(f"unknown variant {variant!r} (known: {', '.join(_SPECS)})")
    return spec


def all_variants() -> tuple[VariantSpec, ...]:
    """Every registered variant, built-in ones first, in order of registration."""
    return tuple(_SPECS.values())


def variant_ids() -> Iterator[str]:
    """The ids of :func:`all_variants`."""
    return iter(_SPECS)


def families() -> tuple[str, ...]:
    """The families of the registered variants, each once, in order of registration."""
    return tuple(dict.fromkeys(spec.family for spec in _SPECS.values()))


# --- the built-in variants (shared/rules: slovenian.md, czech.md, french.md, tarocchini.md) ---

for _spec in (
    VariantSpec("slovenian-4", "slovenian", 4, "54", (DealSize(12, 12, 6),), "semedela"),
    VariantSpec("slovenian-3", "slovenian", 3, "54", (DealSize(16, 16, 6),), "sl3"),
    VariantSpec("czech-4", "czech", 4, "54", (DealSize(12, 12, 6),), "vysocina"),
    VariantSpec("french-3", "french", 3, "78", (DealSize(24, 24, 6),), "fft", excuse_exchange=True),
    VariantSpec("french-4", "french", 4, "78", (DealSize(18, 18, 6),), "fft", excuse_exchange=True),
    VariantSpec("french-5", "french", 5, "78", (DealSize(15, 15, 3),), "fft", excuse_exchange=True),
    # Ottocento: the dealer is dealt 17 and lays 2 away (T-4.1)
    VariantSpec("ottocento", "tarocchini", 4, "62", (DealSize(15, 17, 0),), "ottocento"),
    VariantSpec(
        "terziglio", "tarocchini", 3, "62", (DealSize(18, 18, 8), DealSize(19, 19, 5)), "terziglio"
    ),
):
    register_variant(_spec)
del _spec
BUILTIN_FAMILIES: Final = families()
"""The families shipped with tarokpgn (their engines live in ``tarokpgn.rules.<family>``)."""
