"""Parse tree → :class:`~tarokpgn.model.Record`: the only module that knows the rule names.

Cards are resolved with the pack of the record's ``Variant`` tag (the 54-card pack when the
variant is unknown), so localized names become canonical tokens; bids, announcement names and
kontra words are folded to their canonical words (:mod:`tarokpgn.vocabulary`). Comments written
among the tags are moved to the start of the movetext.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import replace

from lark import Token, Tree

from tarokpgn import vocabulary
from tarokpgn.cards import DECKS, TAROK54, UNKNOWN, Deck, UnknownCardError, fold, resolve_cards
from tarokpgn.errors import RecordError
from tarokpgn.model import (
    VARIANTS,
    Announce,
    Auction,
    Bid,
    Call,
    Comment,
    Exchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Source,
    Talon,
    Trick,
)
from tarokpgn.notation.parser import Located
from tarokpgn.notation.tags import export_order, unescape
from tarokpgn.notation.writer import write_record

Options = tuple[tuple[str, str], ...]


def deck_for(variant: str) -> Deck:
    """The pack of ``variant``; the 54-card pack when the variant is unknown."""
    return DECKS[VARIANTS[variant][1]] if variant in VARIANTS else TAROK54


def comment_text(token: Token) -> str:
    """The text of a ``{...}`` or ``; ...`` comment, without its marks and outer blanks."""
    body = token[1:-1] if token.type == "BRACE_COMMENT" else token[1:]
    return body.replace("\r\n", "\n").strip()


class _Builder:
    """Turns one record's element subtrees into model items."""

    def __init__(self, variant: str, at: Located) -> None:
        self.variant = variant
        self.deck = deck_for(variant)
        self.known = frozenset(self.deck.tokens) | {UNKNOWN}
        self.at = at

    # -- helpers -------------------------------------------------------------------------------

    def fail(self, code: str, message: str, token: Token) -> RecordError:
        err = self.at.error(code, message, token.line or 1, token.column or 1, RecordError)
        assert isinstance(err, RecordError)
        return err

    def line(self, tree: Tree[Token]) -> int:
        return self.at.first_line + tree.meta.line - 1

    def cards(self, tree: Tree[Token] | None) -> tuple[str, ...]:
        if tree is None:
            return ()
        words: Sequence[Token] = tree.children  # type: ignore[assignment]
        if all(word in self.known for word in words):
            return tuple(str(word) for word in words)
        try:
            return tuple(resolve_cards(words, self.deck))
        except UnknownCardError as err:
            word = words[err.index]
            message = f"{str(word)!r} is not a card of the {self.deck.name}-card pack"
            raise self.fail("E104", message, word) from None

    def word(self, table: dict[str, dict[str, str]], token: Token) -> str:
        return vocabulary.canonical(table, self.variant, fold(token))

    def options(self, trees: Sequence[Tree[Token]]) -> Options:
        pairs = (str(tree.children[0]).split("=", 1) for tree in trees)
        return tuple((key, value) for key, value in pairs)

    def level(self, text: str, token: Token) -> int:
        if text.isdigit():
            return int(text)
        level = vocabulary.KONTRA_LEVELS.get(fold(text))
        if level is None:
            raise self.fail("E110", f"{text!r} is not a kontra level (1, 2, 3 …)", token)
        return level

    # -- elements ------------------------------------------------------------------------------

    def hand(self, tree: Tree[Token]) -> Hand:
        seat, cards = tree.children
        return Hand(str(seat), self.cards(cards), line=self.line(tree))  # type: ignore[arg-type]

    def talon(self, tree: Tree[Token]) -> Talon:
        return Talon(self.cards(tree.children[0]), line=self.line(tree))  # type: ignore[arg-type]

    def auction(self, tree: Tree[Token]) -> Auction:
        bids = tuple(
            Bid(str(bid.children[0]), self.word(vocabulary.BIDS, bid.children[1]))  # type: ignore
            for bid in tree.children
        )
        return Auction(bids, line=self.line(tree))

    def call(self, tree: Tree[Token]) -> Call:
        seat, cards_tree = tree.children
        cards = self.cards(cards_tree)  # type: ignore[arg-type]
        if len(cards) != 1:
            first = cards_tree.children[0] if cards_tree.children else seat  # type: ignore
            raise self.fail("E101", "expected exactly one called card", first)  # type: ignore
        return Call(str(seat), cards[0], line=self.line(tree))

    def exchange(self, tree: Tree[Token]) -> Exchange:
        seat, take, discard, show = tree.children
        return Exchange(
            str(seat),
            self.cards(take),  # type: ignore[arg-type]
            self.cards(discard),  # type: ignore[arg-type]
            self.cards(show),  # type: ignore[arg-type]
            line=self.line(tree),
        )

    def announce(self, tree: Tree[Token]) -> Announce:
        kind, seat, name, cards, *options = tree.children
        return Announce(
            str(kind).lower(),
            str(seat),
            self.word(vocabulary.ANNOUNCEMENTS, name),  # type: ignore[arg-type]
            self.cards(cards),  # type: ignore[arg-type]
            self.options(options),  # type: ignore[arg-type]
            line=self.line(tree),
        )

    def kontra(self, tree: Tree[Token]) -> Kontra:
        word_tree, seat, number, target = tree.children
        word: Token = word_tree.children[0]  # type: ignore[union-attr,assignment]
        level = int(number) if number is not None else self.level(word, word)  # type: ignore
        target_word = fold(target)  # type: ignore[arg-type]
        if target_word != "game":
            target_word = self.word(vocabulary.ANNOUNCEMENTS, target)  # type: ignore[arg-type]
        return Kontra(str(seat), level, target_word, line=self.line(tree))

    def trick(self, tree: Tree[Token]) -> Trick:
        number, leader, cards = tree.children
        n = int(str(number)[:-1])
        return Trick(n, str(leader), self.cards(cards), line=self.line(tree))  # type: ignore

    def renons(self, tree: Tree[Token]) -> Renons:
        claimant, accused, trick, kind, *option_trees = tree.children
        card: str | None = None
        kontra = 0
        rest: list[tuple[str, str]] = []
        for option in option_trees:
            token: Token = option.children[0]  # type: ignore[union-attr,assignment]
            key, value = str(token).split("=", 1)
            if key == "card":
                card = self._one_card(value, token)
            elif key == "kontra":
                kontra = self.level(value, token)
            else:
                rest.append((key, value))
        return Renons(
            str(claimant),
            str(accused),
            int(trick),  # type: ignore[arg-type]
            fold(kind),  # type: ignore[arg-type]
            card,
            kontra,
            tuple(rest),
            line=self.line(tree),
        )

    def _one_card(self, value: str, token: Token) -> str:
        if value in self.known:
            return value
        try:
            cards = resolve_cards(value.split("_"), self.deck)
        except UnknownCardError:
            cards = []
        if len(cards) != 1:
            message = f"{value!r} is not a card of the {self.deck.name}-card pack"
            raise self.fail("E104", message, token)
        return cards[0]

    def irregular(self, tree: Tree[Token]) -> Irregular:
        kind, seat, *options = tree.children
        return Irregular(
            fold(kind),  # type: ignore[arg-type]
            str(seat) if seat is not None else None,
            self.options(options),  # type: ignore[arg-type]
            line=self.line(tree),
        )

    def comment(self, tree: Tree[Token]) -> Comment:
        return Comment(comment_text(tree.children[0]), line=self.line(tree))  # type: ignore


_ELEMENTS: dict[str, Callable[[_Builder, Tree[Token]], Item]] = {
    name: getattr(_Builder, name)
    for name in (
        "hand", "talon", "auction", "call", "exchange", "announce", "kontra", "trick", "renons",
        "irregular", "comment",
    )
}  # fmt: skip


def _tags(children: Sequence[Tree[Token]], at: Located) -> dict[str, str]:
    """The tag pairs; duplicate tags and tags after movetext elements are errors."""
    tags: dict[str, str] = {}
    seen_element = False
    for child in children:
        if child.data == "tag":
            name, value = child.children
            assert isinstance(name, Token) and isinstance(value, Token)
            if seen_element:
                raise _fail(at, "E109", f"tag {str(name)!r} after the movetext started", name)
            if name in tags:
                raise _fail(at, "E108", f"tag {str(name)!r} given twice", name)
            tags[str(name)] = unescape(value)
        elif child.data != "comment":
            seen_element = True
    return tags


def _fail(at: Located, code: str, message: str, token: Token) -> RecordError:
    err = at.error(code, message, token.line or 1, token.column or 1, RecordError)
    assert isinstance(err, RecordError)
    return err


def build_record(tree: Tree[Token], at: Located, *, offset: int = 0) -> Record:
    """The :class:`Record` for a parsed record tree (``at`` locates it in its file)."""
    children: list[Tree[Token]] = [c for c in tree.children if isinstance(c, Tree)]
    tags = _tags(children, at)
    builder = _Builder(tags.get("Variant", ""), at)
    items = tuple(_ELEMENTS[c.data](builder, c) for c in children if c.data != "tag")
    record = Record(export_order(tags.items()), items)
    return with_source(record, at.file, offset, at.first_line, at.record)


def with_source(record: Record, file: str, offset: int, line: int, index: int) -> Record:
    """``record`` with its :class:`Source`; the hash is that of its export-form text."""
    digest = hashlib.sha256(write_record(record).encode("utf-8")).hexdigest()
    return replace(record, source=Source(file, offset, line, digest, index))
