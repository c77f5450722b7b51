"""Cards and decks: one token scheme for the 54-, 78- and 62-card packs.

A card is written as one ASCII token (see ``docs/notation.rst``):

* ``FOOL`` for the Fool (Slovenian škis, Czech škýz, French Excuse, Bolognese Matto);
* ``T`` + number for a trump: ``T1`` … ``T21`` (54 and 78 cards), ``T0`` … ``T20`` (62 cards);
* suit letter ``H D S C`` + rank ``K Q N J`` or the printed pip (``HK``, ``SN``, ``S10``, ``D1``).

Cards are plain canonical token strings throughout the record model; a :class:`Deck` knows which
tokens exist in it, their suit, strength and card points, and maps them to small integers for the
rules engine. :func:`resolve_card` turns hand-typed and localized names into canonical tokens.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

FOOL: Final = "FOOL"
UNKNOWN: Final = "?"
"""Placeholder for a card whose identity the record does not know."""

SUITS: Final = ("H", "D", "S", "C")
"""Suit letters: hearts (cups), diamonds (coins), spades (swords), clubs (batons)."""

TRUMP: Final = "T"
"""The pseudo-suit of trumps (taroks). The Fool has suit ``""``."""


@dataclass(frozen=True)
class Deck:
    """One pack: its tokens in canonical sort order and per-card facts.

    Sort order is the order a hand is written in: ``FOOL`` first (for the 54/78-card packs,
    where it is the top trump or the excuse), trumps high to low, then each suit in ``H D S C``
    order from its highest card to its lowest.
    """

    name: str
    """``"54"``, ``"78"`` or ``"62"``."""
    tokens: tuple[str, ...]
    """Every card, in canonical sort order."""
    suit_of: dict[str, str] = field(repr=False)
    """Token → ``"H" | "D" | "S" | "C" | "T"``; ``""`` for the Fool."""
    strength: dict[str, int] = field(repr=False)
    """Token → strength within its suit (higher beats lower); trumps by number."""
    points: dict[str, int] = field(repr=False)
    """Token → card points in this deck's own counting unit (see :attr:`point_unit`)."""
    point_unit: int = 1
    """Card points are stored multiplied by this (2 for the French half points)."""
    index: dict[str, int] = field(init=False, default_factory=dict, repr=False, compare=False)
    """Token → position in :attr:`tokens` (filled in from ``tokens``)."""

    def __post_init__(self) -> None:
        self.index.update({t: i for i, t in enumerate(self.tokens)})

    def __contains__(self, token: object) -> bool:
        return token in self.suit_of

    def __len__(self) -> int:
        return len(self.tokens)

    def sort(self, cards: Iterable[str]) -> list[str]:
        """Cards in canonical hand order (unknown ``?`` cards last)."""
        order: dict[str, int] = self.index
        return sorted(cards, key=lambda c: order.get(c, len(order)))

    def is_trump(self, token: str) -> bool:
        return self.suit_of.get(token) == TRUMP


def _suit_ranks_54(suit: str) -> list[str]:
    pips = ["1", "2", "3", "4"] if suit in "HD" else ["10", "9", "8", "7"]
    return ["K", "Q", "N", "J", *pips]


def _suit_ranks_78(suit: str) -> list[str]:
    return ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]


def _suit_ranks_62(suit: str) -> list[str]:
    # Round suits (cups H, coins D): the ace is the best pip, the 10 the worst.
    if suit in "HD":
        return ["K", "Q", "N", "J", "1", "6", "7", "8", "9", "10"]
    return ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "1"]


_COURT_POINTS: Final = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _build(
    name: str,
    trumps: Sequence[int],
    ranks: dict[str, list[str]],
    honours: set[str],
    fool_is_trump: bool,
    point_unit: int = 1,
    honour_points: int = 5,
) -> Deck:
    tokens: list[str] = [FOOL]
    suit_of: dict[str, str] = {FOOL: TRUMP if fool_is_trump else ""}
    strength: dict[str, int] = {FOOL: 22 if fool_is_trump else 0}
    points: dict[str, int] = {}
    for n in sorted(trumps, reverse=True):
        tok = f"T{n}"
        tokens.append(tok)
        suit_of[tok] = TRUMP
        strength[tok] = n
    for suit in SUITS:
        rank_list = ranks[suit]
        for i, rank in enumerate(rank_list):
            tok = suit + rank
            tokens.append(tok)
            suit_of[tok] = suit
            strength[tok] = len(rank_list) - i
    for tok in tokens:
        rank = tok[1:] if suit_of[tok] in SUITS else ""
        if tok in honours:
            value = honour_points
        elif rank in _COURT_POINTS:
            value = _COURT_POINTS[rank]
        else:
            value = 1
        # French counting is in half points: 4.5 → 9, 3.5 → 7, …, a pip's 0.5 → 1.
        points[tok] = value if point_unit == 1 else value * 2 - 1
    return Deck(name, tuple(tokens), suit_of, strength, points, point_unit)


TAROK54: Final = _build(
    "54",
    range(1, 22),
    {s: _suit_ranks_54(s) for s in SUITS},
    honours={FOOL, "T1", "T21"},
    fool_is_trump=True,
)
"""The 54-card tarok pack (Slovenian and Czech): the Fool is the 22nd, highest tarok."""

FRENCH78: Final = _build(
    "78",
    range(1, 22),
    {s: _suit_ranks_78(s) for s in SUITS},
    honours={FOOL, "T1", "T21"},
    fool_is_trump=False,
    point_unit=2,
)
"""The 78-card French tarot pack. Points are half points: oudlers and kings 9, pips 1."""

BOLOGNESE62: Final = _build(
    "62",
    range(0, 21),
    {s: _suit_ranks_62(s) for s in SUITS},
    honours={FOOL, "T0", "T19", "T20"},
    fool_is_trump=False,
)
"""The 62-card Bolognese pack (Tarocchini): ``T0`` Bégato … ``T20`` Angel, Moors ``T1``–``T4``."""

DECKS: Final = {d.name: d for d in (TAROK54, FRENCH78, BOLOGNESE62)}


# --- localized names ---------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower-case ``text`` and strip diacritics (``Škýz`` → ``skyz``, ``cœur`` → ``coeur``)."""
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


_FOOL_NAMES: Final = {
    "fool", "t22", "skis", "skyz", "skus", "excuse", "exc", "ex", "matto", "mat", "scus",
}  # fmt: skip
# ``SK`` is listed for the Fool in TOKENS.md but is the king of spades here: never an alias.

_SUIT_WORDS: Final = {
    "H": {"h", "srce", "srca", "srdce", "srdcovy", "herce", "hearts", "heart", "coeur", "coeurs",
          "coppe", "cups", "cup", "coppa"},
    "D": {"d", "karo", "kara", "kary", "karovy", "diamonds", "diamond", "carreau", "carreaux",
          "denari", "danari", "coins", "coin", "denaro"},
    "S": {"s", "pik", "pika", "piky", "pikovy", "spades", "spade", "pique", "piques",
          "swords", "sword", "spada"},
    "C": {"c", "kriz", "kriza", "krize", "krizovy", "clubs", "club", "trefle", "trefles",
          "bastoni", "batons", "baton", "bastone"},
}  # fmt: skip
_RANK_WORDS: Final = {
    "K": {"k", "kralj", "kral", "king", "roi", "re"},
    "Q": {"q", "dama", "queen", "dame", "regina", "donna"},
    "N": {"n", "kaval", "konj", "knight", "cavalier", "cavallo", "caval", "horse"},
    "J": {"j", "fant", "pob", "kluk", "jack", "valet", "fante", "fantesca", "knave"},
    "1": {"1", "as", "eso", "ace", "asso"},
}  # fmt: skip
_RANK_ALIASES: Final = {"C": "N", "A": "1", "AS": "1"}
"""Rank letters accepted after a suit letter: ``HC`` is the knight of hearts, ``DA`` its ace."""
_FILLER: Final = {"de", "di", "of", "the", "le", "la", "du"}

_ROMAN: Final = {
    "i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
    "xi": 11, "xii": 12, "xiii": 13, "xiv": 14, "xv": 15, "xvi": 16, "xvii": 17, "xviii": 18,
    "xix": 19, "xx": 20, "xxi": 21, "xxii": 22,
}  # fmt: skip

_TRUMP_NAMES: Final = {
    "54": {"pagat": 1, "palcka": 1, "spica": 1, "mond": 21, "mondo": 21},
    "78": {"petit": 1, "pagat": 1, "mond": 21, "monde": 21, "vingt-et-un": 21},
    "62": {"angelo": 20, "anzol": 20, "angel": 20, "mondo": 19, "mond": 19, "world": 19,
           "sole": 18, "sun": 18, "luna": 17, "moon": 17, "stella": 16, "star": 16,
           "saetta": 15, "torre": 15, "diavolo": 14, "devil": 14, "morte": 13, "death": 13,
           "traditore": 12, "vecchio": 11, "eremita": 11, "ruota": 10, "fortuna": 10,
           "forza": 9, "giustizia": 8, "temperanza": 7, "virtu": 7, "carro": 6, "amore": 5,
           "begato": 0, "bagattino": 0, "bagatto": 0, "begghet": 0},
}  # fmt: skip


def _single(word: str, deck: Deck) -> str | None:
    """Resolve one word (a token or a one-word name) in ``deck``, or None."""
    w = fold(word)
    if w == "?":
        return UNKNOWN
    if w in _FOOL_NAMES:
        return FOOL
    if w in _TRUMP_NAMES[deck.name]:
        return f"T{_TRUMP_NAMES[deck.name][w]}"
    if w in _ROMAN and deck.name != "62":
        n = _ROMAN[w]
        return FOOL if n == 22 else f"T{n}"
    upper = w.upper()
    if upper in deck:
        return upper
    if len(upper) >= 2 and upper[0] in SUITS:
        alias = _RANK_ALIASES.get(upper[1:])
        if alias and upper[0] + alias in deck:
            return upper[0] + alias
    return None


def _pair(first: str, second: str, deck: Deck) -> str | None:
    """Resolve a two-word name such as ``srce kralj`` or ``king hearts``."""
    a, b = fold(first), fold(second)
    for suit_word, rank_word in ((a, b), (b, a)):
        suit = next((s for s, ws in _SUIT_WORDS.items() if suit_word in ws), None)
        rank = next((r for r, ws in _RANK_WORDS.items() if rank_word in ws), None)
        if rank is None and rank_word.isascii() and rank_word.isdigit():
            rank = rank_word
        if suit and rank and suit + rank in deck:
            return suit + rank
    number = b.isascii() and b.isdigit() and len(b) <= 2  # not "²" (isdigit), nor 5,000 digits
    if a in ("tarok", "taroky", "trump", "atout", "trionfo") and (number or b in _ROMAN):
        n = int(b) if number else _ROMAN[b]
        tok = FOOL if n == 22 and deck.name != "62" else f"T{n}"
        return tok if tok in deck else None
    return None


class UnknownCardError(ValueError):
    """A word that names no card of the deck. ``index`` is the offending word's position."""

    def __init__(self, word: str, index: int, deck: Deck) -> None:
        super().__init__(f"{word!r} is not a card of the {deck.name}-card pack")
        self.word = word
        self.index = index


def resolve_cards(words: Sequence[str], deck: Deck) -> list[str]:
    """Turn a run of hand-typed words into canonical tokens.

    Each card is a token (``HK``, ``t21``), a one-word name (``škis``, ``pagát``, ``XXI``) or a
    suit-and-rank phrase of two words, possibly with a filler word (``srce kralj``, ``roi de
    cœur``, ``king of hearts``). Raises :class:`UnknownCardError` naming the first bad word.
    """
    out: list[str] = []
    i, n = 0, len(words)
    while i < n:
        one = _single(words[i], deck)
        if one is not None:
            out.append(one)
            i += 1
            continue
        j = i + 1
        if j < n and fold(words[j]) in _FILLER:
            j += 1
        pair = _pair(words[i], words[j], deck) if j < n else None
        if pair is None:
            raise UnknownCardError(words[i], i, deck)
        out.append(pair)
        i = j + 1
    return out


def resolve_card(word: str, deck: Deck) -> str:
    """Resolve a single written card (token or name) to its canonical token."""
    cards = resolve_cards(word.split(), deck)
    if len(cards) != 1:
        raise UnknownCardError(word, 0, deck)
    return cards[0]
