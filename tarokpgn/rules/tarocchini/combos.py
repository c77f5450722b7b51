"""Combinations (T-6): cricche and sequences on a card set, with their values.

A card set X is a player's hand (declarations, T-5) or a side's won cards with its discards
(the final count, T-10.1). Cards are tokens (``T20``, ``FOOL``, ``HK``…). Everything here is a
pure function; :func:`evaluate` gives every combination of X, :func:`combination` one named
combination, and :func:`total` applies the doublings of T-6.10.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

CONTATORI: Final = ("T0", "FOOL")
"""The Bégato and the Matto, the wild cards of sequences (T-6.6)."""
MOORS: Final = ("T1", "T2", "T3", "T4")
SUIT_NAMES: Final = {"H": "cups", "D": "coins", "S": "swords", "C": "batons"}

CRICCHE: Final[Mapping[str, tuple[tuple[str, ...], int]]] = {
    "tarocchi": (("T20", "T19", "T0", "FOOL"), 18),
    "kings": (("HK", "DK", "SK", "CK"), 17),
    "queens": (("HQ", "DQ", "SQ", "CQ"), 14),
    "cavalli": (("HN", "DN", "SN", "CN"), 13),
    "fanti": (("HJ", "DJ", "SJ", "CJ"), 12),
}
"""Cricca name → (its schiera, value of three cards); four score double (T-6.1)."""

SEQUENCES: Final = (
    *(f"sequence-{SUIT_NAMES[s]}" for s in "HDSC"),
    "grande",
    "moors",
    "aces",
)
"""The seven sequences (T-6.3)."""

GRANDE_WALK: Final = tuple(f"T{n}" for n in range(19, 4, -1))
"""World, Sun, Moon, then 16 … 5: the Grande after the Angel (T-6.8)."""

NAMES: Final = frozenset(CRICCHE) | frozenset(SEQUENCES)
"""Every combination name a ``declare`` item may carry."""
_SEQUENCE_SUIT: Final = {f"sequence-{word}": s for s, word in SUIT_NAMES.items()}
"""Suit sequence name → its suit letter."""
_SEQUENCE_NAME: Final = {s: name for name, s in _SEQUENCE_SUIT.items()}
"""Suit letter → its sequence name."""
_SUIT_CARDS: Final = {s: (s + "K", tuple(s + r for r in "QNJ"), s + "1") for s in "HDSC"}
"""Suit letter → (King, Queen/Cavallo/Fante, Ace) of that suit."""
ACES: Final = tuple(s + "1" for s in "HDSC")


@dataclass(slots=True, init=False, unsafe_hash=True)
class Combo:
    """One combination found in a card set: its name, the cards it counts, its value."""

    name: str
    cards: tuple[str, ...]
    value: int

    def __init__(self, name: str, cards: tuple[str, ...], value: int) -> None:
        self.name = name
        self.cards = cards
        self.value = value

    @property
    def is_cricca(self) -> bool:
        return self.name in CRICCHE


@dataclass(slots=True, init=False, unsafe_hash=True)
class Rules:
    """The options of T-13 that change combinations."""

    contatori_minimum: str
    """``one`` (two natural cards needed, T-6.6) or ``two``."""
    grande_tail: str
    """T-13.9."""

    def __init__(
        self,
        contatori_minimum: str = "one",
        grande_tail: str = "moors_then_begato_any",
    ) -> None:
        self.contatori_minimum = contatori_minimum
        self.grande_tail = grande_tail

    @property
    def naturals_needed(self) -> int:
        return 1 if self.contatori_minimum == "two" else 2


DEFAULT_RULES: Final = Rules()


def sequence_value(k: int) -> int:
    """10 for three counted cards, 5 more for each further one (T-6.4)."""
    return 10 + 5 * (k - 3) if k >= 3 else 0


def cricca(name: str, x: frozenset[str]) -> Combo | None:
    """The cricca ``name`` in ``x``: three cards its base value, four double (T-6.1, 6.2)."""
    schiera, base = CRICCHE[name]
    held = tuple([c for c in schiera if c in x])
    if len(held) < 3:
        return None
    return Combo(name, held, base * (2 if len(held) == 4 else 1))


def _contatori(x: frozenset[str]) -> tuple[str, ...]:
    return tuple([c for c in CONTATORI if c in x])


def _wild(name: str, naturals: tuple[str, ...], x: frozenset[str], rules: Rules) -> Combo | None:
    """A sequence of ``naturals`` plus every contatore of ``x`` (T-6.6): it needs three
    counted cards, of which at least :attr:`Rules.naturals_needed` natural."""
    cont = _contatori(x)
    k = len(naturals) + len(cont)
    if len(naturals) < rules.naturals_needed or k < 3:
        return None
    return Combo(name, naturals + cont, sequence_value(k))


def suit_sequence(suit: str, x: frozenset[str], rules: Rules = DEFAULT_RULES) -> Combo | None:
    """King, Queen, Cavallo, Fante of ``suit`` (one may be skipped), the Ace an extra card that
    never helps reach three (T-6.7); contatori fill or extend (T-6.6)."""
    king, figures, ace = _SUIT_CARDS[suit]
    if king not in x:
        return None
    name = _SEQUENCE_NAME[suit]
    base = _wild(name, (king, *[c for c in figures if c in x]), x, rules)
    if base is None:
        return None
    if ace in x:
        return Combo(name, (*base.cards, ace), base.value + 5)
    return base


def group_sequence(name: str, x: frozenset[str], rules: Rules = DEFAULT_RULES) -> Combo | None:
    """The Moors or the Aces, in no order (T-6.9)."""
    members = MOORS if name == "moors" else ACES
    return _wild(name, tuple([c for c in members if c in x]), x, rules)


def grande(x: frozenset[str], rules: Rules = DEFAULT_RULES) -> Combo | None:
    """The Grande (T-6.8): the longest walk from the Angel over all choices of the natural
    skip among World, Sun and Moon."""
    if "T20" not in x:
        return None
    missing_head = [c for c in ("T19", "T18", "T17") if c not in x]
    best: Combo | None = None
    for skip in [None, *missing_head]:
        found = _grande_walk(x, skip, rules)
        if found is not None and (best is None or found.value > best.value):
            best = found
    return best


def _grande_walk(x: frozenset[str], skip: str | None, rules: Rules) -> Combo | None:
    free = list(_contatori(x))
    naturals: list[str] = ["T20"]
    fillers: list[str] = []
    last_filled = ""
    complete = True
    for card in GRANDE_WALK:
        if card in x:
            naturals.append(card)
            last_filled = ""
            continue
        if card == skip:
            last_filled = ""
            continue
        adjacent = last_filled != "" and not (last_filled == "T17" and card == "T16")
        if not free or adjacent:  # T-6.8 rules 3-4: the sequence ends above this card
            complete = False
            break
        fillers.append(free.pop(0))
        last_filled = card
    if complete:  # past the 5: the Moors, then the Bégato (T-6.8 rule 5)
        moors = [m for m in MOORS if m in x]
        naturals += moors
        if "T0" in free and rules.grande_tail == "moors_must_be_complete" and len(moors) < 4:
            free.remove("T0")
    counted = (*naturals, *fillers, *free)  # unused contatori are extra cards (rule 6)
    if len(naturals) < rules.naturals_needed or len(counted) < 3:
        return None
    return Combo("grande", counted, sequence_value(len(counted)))


def combination(name: str, x: frozenset[str], rules: Rules = DEFAULT_RULES) -> Combo | None:
    """The combination ``name`` (a key of :data:`NAMES`) in ``x``, or None."""
    if name in CRICCHE:
        return cricca(name, x)
    if name == "grande":
        return grande(x, rules)
    if name in ("moors", "aces"):
        return group_sequence(name, x, rules)
    return suit_sequence(_SEQUENCE_SUIT[name], x, rules)


def evaluate(cards: Iterable[str], rules: Rules = DEFAULT_RULES) -> list[Combo]:
    """Every combination in the card set ``cards`` (cricche first, then sequences)."""
    x = cards if isinstance(cards, frozenset) else frozenset(cards)
    found = [cricca(n, x) for n in CRICCHE]  # in the order of CRICCHE, then SEQUENCES
    found += [suit_sequence(s, x, rules) for s in "HDSC"]
    found += [grande(x, rules), group_sequence("moors", x, rules), group_sequence("aces", x, rules)]
    return [c for c in found if c is not None]


@dataclass(slots=True, init=False, unsafe_hash=True)
class Total:
    """Combinations with the doublings of T-6.10 applied."""

    cricche: int
    sequences: int
    cricche_doubled: bool
    sequences_doubled: bool

    def __init__(
        self,
        cricche: int,
        sequences: int,
        cricche_doubled: bool,
        sequences_doubled: bool,
    ) -> None:
        self.cricche = cricche
        self.sequences = sequences
        self.cricche_doubled = cricche_doubled
        self.sequences_doubled = sequences_doubled

    @property
    def value(self) -> int:
        return self.cricche + self.sequences


def total(combos: Iterable[Combo], doubling: bool = True) -> Total:
    """Cricche and sequences totals; each doubled when there are three or more (T-6.10)."""
    cr = sq = n_cr = n_sq = 0
    for c in combos:
        if c.is_cricca:
            cr, n_cr = cr + c.value, n_cr + 1
        else:
            sq, n_sq = sq + c.value, n_sq + 1
    dc = doubling and n_cr >= 3
    ds = doubling and n_sq >= 3
    return Total(cr * (2 if dc else 1), sq * (2 if ds else 1), dc, ds)
