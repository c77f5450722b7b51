"""Parse tree → :class:`~tarokpgn.model.Record`: the only module that knows the rule names.

Cards are resolved with the pack of the record's ``Variant`` tag (the 54-card pack when the
variant is unknown), so localized names become canonical tokens; bids, announcement names and
kontra words are folded to their canonical words (:mod:`tarokpgn.vocabulary`). Comments written
among the tags are moved to the start of the movetext.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from lark import Token, Tree

from tarokpgn import vocabulary
from tarokpgn.cards import DECKS, TAROK54, UNKNOWN, Deck, UnknownCardError, fold, resolve_cards
from tarokpgn.errors import NotationSyntaxError, RecordError, shorten
from tarokpgn.model import (
    MAX_KONTRA,
    MAX_RECORD_BYTES,
    MAX_TRICK_NUMBER,
    Announce,
    Auction,
    Bid,
    Call,
    Comment,
    Exchange,
    ExcuseExchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Source,
    Talon,
    Trick,
    bounded_int,
    deal_number_ok,
)
from tarokpgn.notation.parser import Located
from tarokpgn.notation.tags import export_order, unescape
from tarokpgn.notation.writer import write_record
from tarokpgn.variants import find_variant

Options = tuple[tuple[str, str], ...]

RESERVED: Final = frozenset(
    ("end", "hand", "talon", "auction", "call", "exchange", "take", "discard", "show")
    + ("announce", "declare", "kontra", "renons", "irregular", "excuse_exchange")
    + tuple(word for word in vocabulary.KONTRA_LEVELS if word != "re")
)
"""The keywords of the grammar (``re`` is also the Italian king, so not one): never a name.
In a name's place the parser takes them for a name, and ``kontra E 1 end end`` would be read
with the target ``end``, then written back as a record cut short: they are refused (E101)."""

_NAME: Final = re.compile(r'[^\W\d_][^\s\ufeff{}\[\];"=.]*')
"""The grammar's NAME: what a bid, announcement, kontra target or kind must be when written."""

RENONS_KEYWORD_KINDS: Final = frozenset(("discard",))
"""A renons kind that is also a keyword: after the trick number only a name can come, so it
reads back the same."""

_TRICK_NUMBER_SUFFIX: Final = "."


class Words:
    """How the reader turns the NAME in each place into its word, for one variant."""

    def __init__(self, variant: str) -> None:
        self.variant = variant

    def bid(self, text: str) -> str:
        return vocabulary.canonical(vocabulary.BIDS, self.variant, fold(text))

    def announcement(self, text: str) -> str:
        return vocabulary.canonical(vocabulary.ANNOUNCEMENTS, self.variant, fold(text))

    def target(self, text: str) -> str:
        """A kontra target: ``game`` (``igra``, ``hra``, ``Spiel`` …) or an announcement name."""
        return vocabulary.target(self.variant, fold(text))

    @staticmethod
    def kind(text: str) -> str:
        """A renons or irregularity kind: kept as written, folded."""
        return fold(text)


def word_problem(
    word: str, read: Callable[[str], str], allowed: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """Why the writer could not write ``word`` (read by ``read``) so that it reads back the
    same, as ``(code, message)``; None when it can. A keyword but those ``allowed`` (E101), or
    not one NAME that ``read`` keeps as it is (E110: ``a¨b`` folds to ``a b``, two words)."""
    if word in RESERVED and word not in allowed:
        return "E101", "is a keyword, not a name: expected a word such as a bid or a kind"
    if _NAME.fullmatch(word) is None or read(word) != word:
        return "E110", f"reads as {shorten(word)!r}, not one word that can be written back"
    return None


def option_problem(key: str, value: str) -> str | None:
    """Why an option cannot be kept: a ``trick=`` value written in digits (``irregular claim
    trick=5``) is a trick number, 0 … :data:`MAX_TRICK_NUMBER` in ASCII digits."""
    if key == "trick" and value.isdigit() and bounded_int(value, MAX_TRICK_NUMBER) is None:
        return f"trick={shorten(value)}: a trick number is 0 … {MAX_TRICK_NUMBER}, in digits 0–9"
    return None


def deck_for(variant: str) -> Deck:
    """The pack of ``variant``; the 54-card pack when the variant is unknown."""
    spec = find_variant(variant)
    return DECKS[spec.deck] if spec is not None else TAROK54


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
        self.words = Words(variant)
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
            raise self.fail("E104", err.message, words[err.index]) from None

    def name(
        self, token: Token, read: Callable[[str], str], allowed: frozenset[str] = frozenset()
    ) -> str:
        """``read(token)``, the word a NAME token stands for, when it can be written back
        (:func:`word_problem`)."""
        word = read(token)
        problem = word_problem(word, read, allowed)
        if problem is not None:
            raise self.fail(problem[0], f"{shorten(str(token))!r} {problem[1]}", token)
        return word

    def options(self, trees: Sequence[Tree[Token]]) -> Options:
        return tuple(self.option(tree.children[0]) for tree in trees)  # type: ignore[arg-type]

    def option(self, token: Token) -> tuple[str, str]:
        """``key=value``; a ``trick=`` number must be a trick number (:func:`option_problem`)."""
        key, value = str(token).split("=", 1)
        problem = option_problem(key, value)
        if problem is not None:
            raise self.fail("E110", problem, token)
        return key, value

    def level(self, text: str, token: Token) -> int:
        """A kontra level: 0 … :data:`MAX_KONTRA` (mortkontra, SL-8.1) or a doubling word."""
        level = bounded_int(text, MAX_KONTRA)
        if level is None:
            level = vocabulary.KONTRA_LEVELS.get(fold(text))
        if level is None:
            message = f"{shorten(text)!r} is not a kontra level (0 … {MAX_KONTRA}, or a word"
            raise self.fail("E110", message + " such as rekontra)", token)
        return level

    def number(self, text: str, token: Token) -> int:
        """A trick number: at most :data:`MAX_TRICK_NUMBER` (3 digits)."""
        number = bounded_int(text, MAX_TRICK_NUMBER)
        if number is None:
            message = f"trick number {shorten(text)!r} is above {MAX_TRICK_NUMBER}"
            raise self.fail("E110", message, token)
        return number

    # -- elements ------------------------------------------------------------------------------

    def hand(self, tree: Tree[Token]) -> Hand:
        seat, cards = tree.children
        return Hand(str(seat), self.cards(cards), line=self.line(tree))  # type: ignore[arg-type]

    def talon(self, tree: Tree[Token]) -> Talon:
        return Talon(self.cards(tree.children[0]), line=self.line(tree))  # type: ignore[arg-type]

    def auction(self, tree: Tree[Token]) -> Auction:
        bids = tuple(
            Bid(str(bid.children[0]), self.name(bid.children[1], self.words.bid))  # type: ignore
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
            self.name(name, self.words.announcement),  # type: ignore[arg-type]
            self.cards(cards),  # type: ignore[arg-type]
            self.options(options),  # type: ignore[arg-type]
            line=self.line(tree),
        )

    def kontra(self, tree: Tree[Token]) -> Kontra:
        word_tree, seat, number, target = tree.children
        word: Token = word_tree.children[0]  # type: ignore[union-attr,assignment]
        given: Token = number if number is not None else word  # type: ignore[assignment]
        level = self.level(str(given), given)
        target_word = self.name(target, self.words.target)  # type: ignore[arg-type]
        return Kontra(str(seat), level, target_word, line=self.line(tree))

    def trick(self, tree: Tree[Token]) -> Trick:
        number, leader, cards = tree.children
        n = self.number(str(number).removesuffix(_TRICK_NUMBER_SUFFIX), number)  # type: ignore
        return Trick(n, str(leader), self.cards(cards), line=self.line(tree))  # type: ignore

    def renons(self, tree: Tree[Token]) -> Renons:
        claimant, accused, trick, kind, *option_trees = tree.children
        card: str | None = None
        kontra = 0
        rest: list[tuple[str, str]] = []
        for option in option_trees:
            token: Token = option.children[0]  # type: ignore[union-attr,assignment]
            key, value = self.option(token)
            if key == "card":
                card = self._one_card(value, token)
            elif key == "kontra":
                kontra = self.level(value, token)
            else:
                rest.append((key, value))
        return Renons(
            str(claimant),
            str(accused),
            self.number(str(trick), trick),  # type: ignore[arg-type]
            self.name(kind, Words.kind, RENONS_KEYWORD_KINDS),  # type: ignore[arg-type]
            card,
            kontra,
            tuple(rest),
            line=self.line(tree),
        )

    def _one_card(self, value: str, token: Token) -> str:
        if value in self.known:
            return value
        message = f"{shorten(value)!r} is not a card of the {self.deck.name}-card pack"
        try:
            cards = resolve_cards(value.split("_"), self.deck)
        except UnknownCardError as err:
            message, cards = err.message, []
        if len(cards) != 1:
            raise self.fail("E104", message, token)
        return cards[0]

    def irregular(self, tree: Tree[Token]) -> Irregular:
        kind, seat, *options = tree.children
        return Irregular(
            self.name(kind, Words.kind),  # type: ignore[arg-type]
            str(seat) if seat is not None else None,
            self.options(options),  # type: ignore[arg-type]
            line=self.line(tree),
        )

    def excuse_exchange(self, tree: Tree[Token]) -> ExcuseExchange:
        cards_tree = tree.children[0]
        cards = self.cards(cards_tree)  # type: ignore[arg-type]
        if len(cards) != 1:
            words: list[Token] = cards_tree.children  # type: ignore[union-attr,assignment]
            message = "expected exactly one card after excuse_exchange: the card given for the"
            message += " Excuse (F-9.7)"
            if words:
                raise self.fail("E101", message, words[0])
            line, column = tree.meta.line, tree.meta.column
            err = self.at.error("E101", message, line, column, RecordError)
            assert isinstance(err, RecordError)
            raise err
        return ExcuseExchange(cards[0], line=self.line(tree))

    def comment(self, tree: Tree[Token]) -> Comment:
        return Comment(comment_text(tree.children[0]), line=self.line(tree))  # type: ignore


_ELEMENTS: dict[str, Callable[[_Builder, Tree[Token]], Item]] = {
    name: getattr(_Builder, name)
    for name in (
        "hand", "talon", "auction", "call", "exchange", "announce", "kontra", "trick", "renons",
        "irregular", "excuse_exchange", "comment",
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
            shown = shorten(str(name))
            if seen_element:
                raise _fail(at, "E109", f"tag {shown!r} after the movetext started", name)
            if name in tags:
                raise _fail(at, "E108", f"tag {shown!r} given twice", name)
            tags[str(name)] = _tag_value(str(name), value, at)
        elif child.data != "comment":
            seen_element = True
    return tags


def _tag_value(name: str, token: Token, at: Located) -> str:
    """The value of a tag; a ``Deal`` or ``Round`` that is a number must be 1 … 999,999."""
    value = unescape(token)
    if name in ("Deal", "Round") and not deal_number_ok(value):
        message = f"{name} {shorten(value)!r}: a number here is 1 … 999,999, in digits 0–9"
        raise _fail(at, "E110", message, token)
    return value


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
    placed = _tag_lines(children, record.tags)
    return with_source(record, at.file, offset, at.first_line, at.record, placed)


def _tag_lines(
    children: Sequence[Tree[Token]], tags: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, int], ...]:
    """Where each tag stands, in ``tags``' order (:attr:`Source.tag_lines`): empty when that
    is the export form's layout, one a line from the record's first line."""
    after = {str(c.children[0]): c.meta.line - 1 for c in children if c.data == "tag"}
    placed = tuple([(name, after[name]) for name, _value in tags])
    return () if all(line == i for i, (_name, line) in enumerate(placed)) else placed


def with_source(
    record: Record,
    file: str,
    offset: int,
    line: int,
    index: int,
    tag_lines: tuple[tuple[str, int], ...] = (),
) -> Record:
    """``record`` with its :class:`Source` (``tag_lines``: :attr:`Source.tag_lines`); the hash
    is that of its export-form text. A record whose export form passes
    :data:`MAX_RECORD_BYTES` could not be read back: E111."""
    written = write_record(record).encode("utf-8")
    if len(written) > MAX_RECORD_BYTES:
        message = f"the record would be longer than {MAX_RECORD_BYTES:,} bytes in export form"
        raise NotationSyntaxError("E111", message, file=file, record=index, line=line, column=1)
    digest = hashlib.sha256(written).hexdigest()
    return replace(record, source=Source(file, offset, line, digest, index, tag_lines))
