"""A record written in a player's language (``tarokpgn fmt --lang``): card names and words
from :mod:`tarokpgn.vocabulary` instead of tokens, readable at the table.

The layout is the export form's (one element per line, keywords and tags unchanged); cards,
bids, announcement names, kontra words and targets are the first words the language's table
lists: ``kralj srce``, ``srdcová dáma``, ``quatre de trèfle``, ``Herz-König``, ``XIV``,
``trojka``, ``flek E hra``. Reading the text back gives the same record: the reader accepts
every word written here (``tests/test_localized_export.py`` proves it for every variant and
language). The export form (:func:`~tarokpgn.notation.writer.write_record`) is unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from tarokpgn import vocabulary
from tarokpgn.cards import FOOL, TRUMP, UNKNOWN, Deck
from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Exchange,
    ExcuseExchange,
    Hand,
    Item,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
)
from tarokpgn.notation.transformer import RESERVED, deck_for
from tarokpgn.notation.writer import write_item, write_tags
from tarokpgn.vocabulary import Language

LANGUAGE_CODES = tuple(vocabulary.LANGUAGES)
"""The codes ``fmt --lang`` takes: ``sl cs fr it de en``."""


def _first(names: dict[str, int], number: int) -> str | None:
    return next((word for word, n in names.items() if n == number), None)


def _trump_name(number: int, deck: Deck, lang: Language) -> str:
    if deck.name == "62":
        named = _first(lang.trumps_62, number)
        if named is None and lang.moors and 1 <= number <= 4:
            named = f"{lang.moors[0]} {number}"
    else:
        named = _first(lang.trumps, number)
        if named is None and lang.roman:
            named = vocabulary.roman(number)
    return named if named is not None else f"{lang.trump_words[0]} {number}"


def _suit_word(suit: str, rank: str, deck: Deck, lang: Language) -> str:
    if lang.suit_forms:
        return lang.suit_forms[suit][lang.genders[rank]]
    if deck.name == "62" and suit in lang.suits_62:
        return lang.suits_62[suit]
    return lang.suits[suit][0]


def card_name(token: str, deck: Deck, lang: Language) -> str:
    """How ``lang`` writes the card ``token`` of ``deck``: ``kralj srce``, ``XIV``, ``škis``."""
    if token == UNKNOWN or token not in deck:  # not in the pack: kept, as the export keeps it
        return token
    if token == FOOL:
        return lang.fool[0]
    suit, rank = token[0], token[1:]
    if deck.suit_of.get(token) == TRUMP:
        return _trump_name(int(rank), deck, lang)
    rank_word = lang.ranks[rank][0] if rank in lang.ranks else rank
    return lang.pattern.format(rank=rank_word, suit=_suit_word(suit, rank, deck, lang))


class Localizer:
    """Writes one record's cards and words in one language."""

    def __init__(self, variant: str, lang: Language) -> None:
        self.variant = variant
        self.words = vocabulary.words_of(variant)
        self.deck = deck_for(variant)
        self.lang = lang

    def cards(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(card_name(card, self.deck, self.lang) for card in cards)

    def word(
        self, own: dict[str, dict[str, str]], merged: dict[str, dict[str, str]], word: str
    ) -> str:
        """The language's first word in ``own`` for the canonical ``word`` (the variant's own
        words first), or ``word`` itself; only a word that ``merged`` reads back as ``word``."""
        for scope in (self.variant, self.words):
            shown = vocabulary.first_words(own, scope).get(word)
            folded = vocabulary.fold(shown) if shown is not None else ""
            if shown is not None and vocabulary.canonical(merged, self.variant, folded) == word:
                return shown
        return word

    def bid(self, word: str) -> str:
        return self.word(self.lang.bids, vocabulary.BIDS, word)

    def announcement(self, word: str) -> str:
        return self.word(self.lang.announcements, vocabulary.ANNOUNCEMENTS, word)

    def target(self, word: str) -> str:
        return self.lang.targets[0] if word == "game" else self.announcement(word)

    def kontra(self, item: Kontra) -> str:
        """``flek E hra`` when the language has a doubling word for the level (a keyword of
        the grammar), else ``kontra E 3 hra``."""
        target = self.target(item.target)
        for word, level in self.lang.kontra.items():
            if level == item.level and vocabulary.fold(word) in RESERVED:
                return f"{word} {item.seat} {target}"
        return f"kontra {item.seat} {item.level} {target}"

    def item(self, item: Item) -> Item:
        """``item`` with its cards and words in the language (strings the writer joins)."""
        if isinstance(item, (Hand, Talon, Exchange, Trick)):
            return _with_cards(item, self)
        if isinstance(item, Auction):
            return replace(item, bids=tuple(Bid(b.seat, self.bid(b.bid)) for b in item.bids))
        if isinstance(item, Call):
            return replace(item, card=card_name(item.card, self.deck, self.lang))
        if isinstance(item, Announce):
            return replace(item, name=self.announcement(item.name), cards=self.cards(item.cards))
        if isinstance(item, ExcuseExchange):
            return replace(item, card=card_name(item.card, self.deck, self.lang))
        if isinstance(item, Renons) and item.card is not None:
            return replace(item, card=card_name(item.card, self.deck, self.lang).replace(" ", "_"))
        return item


def _with_cards(item: Hand | Talon | Exchange | Trick, words: Localizer) -> Item:
    if isinstance(item, Exchange):
        take, discard, show = (words.cards(c) for c in (item.take, item.discard, item.show))
        return replace(item, take=take, discard=discard, show=show)
    return replace(item, cards=words.cards(item.cards))


def write_localized(record: Record, lang: str) -> str:
    """``record`` in the layout of the export form, with its cards and words in the language
    ``lang`` (a code of :data:`LANGUAGE_CODES`)."""
    words = Localizer(record.get("Variant") or "", vocabulary.LANGUAGES[lang])
    lines = [
        words.kontra(item) if isinstance(item, Kontra) else write_item(words.item(item))
        for item in record.items
    ]
    lines.append("end\n")
    return write_tags(record.tags) + "\n" + "\n".join(lines)
