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

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from tarokpgn import vocabulary
from tarokpgn.errors import TarokPgnError

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
"""Deck name → deck: the three packs, and any a plug-in adds with :func:`register_deck`."""


def register_deck(deck: Deck) -> Deck:
    """Add a plug-in's ``deck`` to :data:`DECKS` (replacing a deck of the same name), its
    trumps named as in the 54- and 78-card packs; returns it."""
    DECKS[deck.name] = deck
    _TRUMP_NAME[deck.name] = _trump_names(deck.name)
    return deck


# --- localized names (tables: tarokpgn.vocabulary) ---------------------------------------------

fold = vocabulary.fold

_ROMAN: Final = vocabulary.ROMAN
_FILLER: Final = frozenset(vocabulary.FILLERS)
_RANK_ALIASES: Final = {"C": "N", "A": "1", "AS": "1"}
"""Rank letters accepted after a suit letter: ``HC`` is the knight of hearts, ``DA`` its ace."""
_PRINTED_62: Final = range(5, 17)
"""The Bolognese trumps that carry a printed number (T-1.4): the only Roman numerals read in
the 62-card pack (elsewhere in it a numeral could be meant with the 78-card numbering)."""


def _index(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Folded word → meaning; the first language listing a word wins (``tests/
    test_vocabulary.py`` checks that no two languages give one word two meanings)."""
    out: dict[str, str] = {}
    for word, meaning in pairs:
        out.setdefault(fold(word), meaning)
    return out


_LANGS: Final = tuple(vocabulary.LANGUAGES.values())
_SUIT_WORD: Final = _index((w, s) for lang in _LANGS for s, ws in lang.suits.items() for w in ws)
_RANK_WORD: Final = _index((w, r) for lang in _LANGS for r, ws in lang.ranks.items() for w in ws)
_FOOL_WORD: Final = frozenset(
    fold(w) for words in (vocabulary.EXTRA_FOOL, *(lang.fool for lang in _LANGS)) for w in words
)
_TRUMP_WORD: Final = frozenset(fold(w) for lang in _LANGS for w in lang.trump_words)
_MOOR_WORD: Final = frozenset(fold(w) for lang in _LANGS for w in lang.moors)


def _trump_names(pack: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for lang in _LANGS:
        for word, number in (lang.trumps_62 if pack == "62" else lang.trumps).items():
            out.setdefault(fold(word), number)
    return out


_TRUMP_NAME: Final = {pack: _trump_names(pack) for pack in ("54", "78", "62")}


class UnknownCardError(TarokPgnError, ValueError):
    """A word that names no card of the deck. ``index`` is the offending word's position;
    ``reason`` says what is wrong when the word alone is fine (a rank with no suit) and
    ``suggestions`` are the nearest accepted words."""

    def __init__(
        self,
        word: str,
        index: int,
        deck: Deck,
        reason: str = "",
        suggestions: tuple[str, ...] = (),
    ) -> None:
        word = str(word)  # a parser token is a str subclass with its own repr
        self.word = word
        self.index = index
        self.reason = reason
        self.suggestions = suggestions
        shown = word if len(word) <= 80 else word[:79] + "…"
        message = reason or f"{shown!r} is not a card of the {deck.name}-card pack"
        if suggestions:
            message += "; did you mean " + vocabulary.did_you_mean(suggestions) + "?"
        super().__init__(message)
        self.message = message


def _number(word: str) -> int | None:
    """A trump number written in ASCII digits (at most 2) or as a Roman numeral."""
    if word.isascii() and word.isdigit() and len(word) <= 2:
        return int(word)
    return _ROMAN.get(word)


def _trump(number: int, deck: Deck) -> str:
    return FOOL if number == 22 and deck.name != "62" else f"T{number}"


def _single(word: str, deck: Deck) -> str | None:
    """Resolve one word (a token or a one-word name) in ``deck``, or None."""
    w = fold(word)
    if w == "?":
        return UNKNOWN
    if w in _FOOL_WORD:
        return FOOL
    names = _TRUMP_NAME[deck.name]
    if w in names:
        return f"T{names[w]}"
    if w in _ROMAN and (deck.name != "62" or _ROMAN[w] in _PRINTED_62):
        return _trump(_ROMAN[w], deck)
    upper = w.upper()
    if upper in deck:
        return upper
    if len(upper) >= 2 and upper[0] in SUITS:
        alias = _RANK_ALIASES.get(upper[1:])
        if alias and upper[0] + alias in deck:
            return upper[0] + alias
    return None


def _rank(word: str) -> str | None:
    if word in _RANK_WORD:
        return _RANK_WORD[word]
    return word if word.isascii() and word.isdigit() and len(word) <= 2 else None


def _meanings(a: str, b: str, deck: Deck) -> list[str]:
    """Every card the folded words ``a b`` can name (in the pack or not): suit and rank in
    either order (``srce kralj``, ``kralj srce``), a trump word and a number (``tarok 15``,
    ``atout XV``), a Moor and its number in the 62-card pack (``moro 3``)."""
    out: list[str] = []
    for suit_word, rank_word in ((a, b), (b, a)):
        suit, rank = _SUIT_WORD.get(suit_word), _rank(rank_word)
        if suit and rank and suit + rank not in out:
            out.append(suit + rank)
    number = _number(b)
    if a in _TRUMP_WORD and number is not None:
        out.append(_trump(number, deck))
    if a in _MOOR_WORD and number is not None and deck.name == "62" and 1 <= number <= 4:
        out.append(f"T{number}")
    return out


def _compound(word: str, deck: Deck) -> list[str]:
    """The cards one word joining a suit and a rank can name: ``Herz-König``, ``Herzkönig``,
    ``kralj-srce`` (parts of two letters or more)."""
    w = fold(word)
    parts = w.split("-")
    if len(parts) == 3 and parts[1] in _FILLER:
        parts = [parts[0], parts[2]]
    if len(parts) == 2 and all(parts):
        return _meanings(parts[0], parts[1], deck)
    for cut in range(2, len(w) - 1):
        head, tail = w[:cut], w[cut:]
        if (head in _SUIT_WORD and tail in _RANK_WORD) or (
            head in _RANK_WORD and tail in _SUIT_WORD
        ):
            return _meanings(head, tail, deck)
    return []


def _choose(meanings: list[str], shown: str, deck: Deck) -> str | None:
    """The one card of ``deck`` among ``meanings``; None when there is none; an error when
    there are several (a name read two ways is refused, never guessed)."""
    inside = [m for m in meanings if m in deck]
    if len(inside) == 1:
        return inside[0]
    if len(inside) > 1:
        raise UnknownCardError(shown, 0, deck, f"{shown!r} is ambiguous: it can be read as "
                               + " or ".join(inside) + "; write the token")  # fmt: skip
    return None


def _is_part(word: str) -> bool:
    """``word`` (folded) can start or end a two-word card name."""
    return (
        word in _SUIT_WORD
        or _rank(word) is not None
        or word in _TRUMP_WORD
        or word in _MOOR_WORD
        or _number(word) is not None
    )


def resolve_cards(words: Sequence[str], deck: Deck) -> list[str]:
    """Turn a run of hand-typed words into canonical tokens.

    Each card is a token (``HK``, ``t21``), a one-word name (``škis``, ``pagát``, ``XXI``,
    ``Herzkönig``) or a name of two words, possibly with a filler word (``srce kralj``,
    ``křížová dáma``, ``roi de cœur``, ``king of hearts``, ``tarok 15``), in any language of
    :mod:`tarokpgn.vocabulary`. Raises :class:`UnknownCardError` at the word that is wrong,
    never at a good word next to it.
    """
    out: list[str] = []
    i, n = 0, len(words)
    while i < n:
        one = _single(words[i], deck)
        if one is not None:
            out.append(one)
            i += 1
            continue
        w = fold(words[i])
        j = i + 1
        if j + 1 < n and fold(words[j]) in _FILLER:
            j += 1
        if j < n and _is_part(w):
            meanings = _meanings(w, fold(words[j]), deck)
            if meanings:
                out.append(_located(meanings, words, i, j, deck))
                i = j + 1
                continue
        compound = _compound(words[i], deck)
        if compound:
            out.append(_located(compound, words, i, i, deck))
            i += 1
            continue
        raise _explain(words, i, j, deck)
    return out


def _located(meanings: list[str], words: Sequence[str], i: int, j: int, deck: Deck) -> str:
    """The card ``words[i..j]`` name, or an error at ``words[i]`` saying which card they name
    and that the pack has no such card."""
    shown = " ".join(words[i : j + 1])
    try:
        token = _choose(meanings, shown, deck)
    except UnknownCardError as err:
        raise UnknownCardError(words[i], i, deck, err.reason) from None
    if token is None:
        named = " or ".join(meanings)
        reason = (
            f"{_short(shown)!r} names {named}, which is not a card of the {deck.name}-card pack"
        )
        raise UnknownCardError(words[i], i, deck, reason)
    return token


def _short(text: str) -> str:
    text = str(text)
    return text if len(text) <= 80 else text[:79] + "…"


_SUIT_NAMES: Final = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}


def _token_hint(word: str, deck: Deck) -> str:
    """For a word (folded) shaped like a token (``H9``, ``T23``): the pack and its cards of
    that suit, to follow "is not a card of the"; ``""`` for another word."""
    upper = word.upper()
    pack = f"{deck.name}-card pack"
    if len(upper) in (2, 3) and upper[0] in SUITS and upper[1:].isascii() and upper[1:].isalnum():
        same = [t for t in deck.tokens if deck.suit_of[t] == upper[0]]
        return f"{pack}: its {_SUIT_NAMES[upper[0]]} are {' '.join(same)}"
    if upper[:1] == TRUMP and upper[1:].isascii() and upper[1:].isdigit() and len(upper) <= 4:
        numbers = [int(t[1:]) for t in deck.tokens if deck.suit_of[t] == TRUMP and t != FOOL]
        return f"{pack}: its trumps are T{min(numbers)} … T{max(numbers)} and FOOL"
    return ""


_NEEDS: Final = {"rank": "a suit", "suit": "a rank", "trump": "a number", "moor": "a number 1 … 4"}


def _kind(word: str) -> str:
    """What part of a card name ``word`` (folded) is: ``rank``, ``suit``, ``trump``, ``moor``."""
    if word in _SUIT_WORD:
        return "suit"
    if word in _TRUMP_WORD:
        return "trump"
    if word in _MOOR_WORD:
        return "moor"
    return "rank"


def _explain(words: Sequence[str], i: int, j: int, deck: Deck) -> UnknownCardError:
    """The error for ``words[i]``, which is no card by itself: at ``words[i]`` when it is no
    card word; at the next word ``words[j]`` when that one is the unknown word of a name."""
    w = fold(words[i])
    shown = _short(words[i])
    if not _is_part(w):
        hint = _token_hint(w, deck)
        if hint:
            return UnknownCardError(words[i], i, deck, f"{shown!r} is not a card of the {hint}")
        return UnknownCardError(words[i], i, deck, suggestions=suggest(words[i], deck))
    kind = _kind(w)
    if kind == "moor" and deck.name != "62":
        reason = f"{shown!r} (a Moor) names a card of the 62-card Bolognese pack only"
        return UnknownCardError(words[i], i, deck, reason)
    if _rank(w) is None and w in _ROMAN:  # a numeral the pack does not read alone
        number = _ROMAN[w]
        reason = f"{shown!r} is read as a trump only in the 54- and 78-card packs; in the "
        reason += "62-card pack the Roman numerals are the printed V … XVI"
        reason += f": write T{number}" if number <= 20 else ""
        return UnknownCardError(words[i], i, deck, reason)
    needs = _NEEDS[kind]
    last = j >= len(words) or (j + 1 == len(words) and fold(words[j]) in _FILLER)
    if not last:
        nxt = fold(words[j])
        if _single(words[j], deck) is None and not _is_part(nxt) and not _compound(words[j], deck):
            wanted = {"rank": "suit", "suit": "rank"}.get(kind, "")
            return UnknownCardError(words[j], j, deck, suggestions=suggest(words[j], deck, wanted))
    if kind == "rank" and w.isascii() and w.isdigit():  # a trump written as a bare number
        reason = f"{shown!r} alone names no card: a trump is T{w} or tarok {w}, a pip takes its"
        return UnknownCardError(words[i], i, deck, reason + " suit (srce 1, 7 de cœur)")
    after = " to name a card" if last else f", not {_short(words[j])!r}"
    return UnknownCardError(words[i], i, deck, f"{shown!r} needs {needs} after it{after}")


def resolve_card(word: str, deck: Deck) -> str:
    """Resolve a single written card (token or name) to its canonical token."""
    cards = resolve_cards(word.split(), deck)
    if len(cards) != 1:
        raise UnknownCardError(word, 0, deck)
    return cards[0]


# --- suggestions ------------------------------------------------------------------------------


def card_words(deck: Deck, kind: str = "") -> dict[str, str]:
    """Folded word → its spelling, for every word that is a card of ``deck`` or part of a
    card's name (``kind``: only ``suit`` or ``rank`` words)."""
    cached = _CARD_WORDS.get((deck.name, kind))
    if cached is not None:
        return cached
    spelled: dict[str, str] = {}
    groups: list[Iterable[str]] = []
    if kind in ("", "suit"):
        groups += [ws for lang in _LANGS for ws in lang.suits.values()]
    if kind in ("", "rank"):
        groups += [ws for lang in _LANGS for ws in lang.ranks.values()]
    if not kind:
        groups.append(deck.tokens)
        groups += [lang.fool for lang in _LANGS] + [lang.trump_words for lang in _LANGS]
        groups += [(lang.trumps_62 if deck.name == "62" else lang.trumps) for lang in _LANGS]
        if deck.name != "62":
            groups.append([vocabulary.roman(n) for n in range(1, 22)])
    for group in groups:
        for word in group:
            folded = fold(word)
            if len(word) > 1 and (folded not in spelled or spelled[folded] == folded):
                spelled[folded] = word  # the spelling with diacritics; no lone letter (H, K)
    _CARD_WORDS[(deck.name, kind)] = spelled
    return spelled


_CARD_WORDS: Final[dict[tuple[str, str], dict[str, str]]] = {}


def suggest(word: str, deck: Deck, kind: str = "") -> tuple[str, ...]:
    """Up to three accepted card words nearest to ``word`` (difflib), spelled as the tables
    spell them; none for a long word."""
    if len(word) > 40:
        return ()
    spelled = card_words(deck, kind)
    close = difflib.get_close_matches(fold(word), list(spelled), n=3, cutoff=0.6)
    return tuple(spelled[c] for c in close)
