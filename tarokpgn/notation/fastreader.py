"""A fast reader for the export form, and a header-only scan.

The Lark grammar (``grammar/tarok.lark``) defines the notation; this module is only a shortcut
for text that is *strictly* in export form, the byte-stable layout ``tarokpgn fmt`` writes: tags
in export order, a blank line, one element per line with single spaces, canonical card tokens and
words, LF line ends, ``end``. Such text is cut into records with ``bytes.find`` and each line is
read with ``str.split`` and dictionary look-ups.

Whenever a record is not strictly in that form, the reader is unsure and hands the record's bytes
to the Lark reader (:func:`lark_fallback`), which splits them as it splits a file and either reads
them (import form) or gives the located error. Both paths give equal
:class:`~tarokpgn.model.Record` values with equal sources (offset, line, hash, index), and the
same errors; ``tests/test_fastreader.py`` proves it by a differential property test.

:func:`scan_headers` reads only the tag pairs and the byte offsets of every record, for filtering
an archive before a full read.
"""

from __future__ import annotations

import hashlib
import os
import re
import types
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final, TypeVar

from mypy_extensions import i64

from tarokpgn import vocabulary
from tarokpgn.cards import DECKS, UNKNOWN
from tarokpgn.errors import NotationError
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
    seats_of,
)
from tarokpgn.notation.larkreader import lark_fallback
from tarokpgn.notation.splitter import _ends_record, _LineScanner
from tarokpgn.notation.tags import tag_rank, unescape
from tarokpgn.variants import VariantSpec, find_variant

__all__ = [
    "BLOCK_SIZE",
    "ExportSource",
    "Fallback",
    "Header",
    "Result",
    "is_export_form",
    "iter_export",
    "lark_fallback",
    "parse_export",
    "read_export",
    "scan_headers",
    "split_records",
]

Result = Record | NotationError
"""What the readers yield per record: the record, or the located error that replaced it (as
:func:`tarokpgn.notation.iter_records` does)."""

Fallback = Callable[[bytes, Source], Iterable[Result]]
"""Reads a chunk of a file the slow, exact way: gets the chunk's bytes and the place of its
first byte (``sha256`` empty, ``index`` the number its first record gets) and yields the records
in it (or their errors) with their sources in the whole file. A chunk is normally one record;
text in import form may hold several. The default is :func:`lark_fallback`."""

ExportSource = str | bytes | os.PathLike[str] | IO[bytes] | IO[str]
"""What :func:`read_export` and :func:`scan_headers` read: the text (``str``, never taken for
a file name) or bytes of a file, a path (``os.PathLike``), or an open binary or text stream."""

BLOCK_SIZE: Final = 1 << 22
"""Bytes read at a time from a file or stream by :func:`read_export` (its default
``block_size``)."""


class _Unsure(Exception):
    """Internal: the text is not strictly export form; hand it to the Lark reader."""


_Make = Callable[[int], Item]
"""Makes a movetext element given its line number."""


# --- vocabulary -------------------------------------------------------------------------------

_WORD_FIRST: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_WORD_CHARS: Final = _WORD_FIRST | frozenset("0123456789-")
_DIGITS: Final = frozenset("0123456789")
_TAG_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_VALUE_BANNED: Final = frozenset('={}[];"\\')
"""Characters the fast path does not accept in an option value (Lark reads them otherwise)."""

_KEYWORDS: Final = frozenset(
    ("end", "hand", "talon", "auction", "call", "exchange", "take", "discard", "show")
    + ("announce", "declare", "kontra", "renons", "irregular", "excuse_exchange")
    + tuple(vocabulary.KONTRA_LEVELS)
)
"""Words of the grammar; never taken as a name on the fast path."""

_RENONS_KINDS: Final = frozenset(
    ("revoke", "underplay", "out-of-turn", "discard", "showing", "signalling", "other")
)


def _is_word(word: str) -> bool:
    """A canonical lower-case word that is no keyword: ``three``, ``pagat-ultimo``."""
    return _is_key(word) and word not in _KEYWORDS


def _is_key(word: str) -> bool:
    """An option key: lower-case letters, digits and ``-``, starting with a letter."""
    return bool(word) and word[0] in _WORD_FIRST and _WORD_CHARS.issuperset(word)


def _is_number(word: str) -> bool:
    """A canonical positive decimal number: digits, no leading zero."""
    return bool(word) and word[0] != "0" and _DIGITS.issuperset(word)


_LEVELS: Final = {str(n): n for n in range(1, MAX_KONTRA + 1)}
"""Kontra levels as the export form writes them (``1`` … ``4``); any other goes to the Lark
reader, which reads ``0`` and refuses levels above :data:`~tarokpgn.model.MAX_KONTRA` (E110)."""
_TRICK_DIGITS: Final = len(str(MAX_TRICK_NUMBER))


_CANONICAL: dict[tuple[int, str, str], bool] = {}
"""Memo of :func:`_canonical_word` by (table, variant, word)."""


def _canonical_word(table: dict[str, dict[str, str]], variant: str, word: str) -> str:
    """``word`` when it is its own canonical spelling in ``table``; else unsure."""
    key = (id(table), variant, word)
    known = _CANONICAL.get(key)
    if known is None:
        known = _is_word(word) and vocabulary.canonical(table, variant, word) == word
        if len(_CANONICAL) > 4096:
            _CANONICAL.clear()
        _CANONICAL[key] = known
    if not known:
        raise _Unsure(word)
    return word


# --- tags -------------------------------------------------------------------------------------


_ESCAPED: Final = re.compile(r'(?:[^"\\]|\\["\\])*')
"""A tag value as the export form escapes it: ``\\"`` and ``\\\\`` only, no bare quote; the
Lark reader decides on any other."""


def _tag(line: str) -> tuple[str, str]:
    """``[Name "value"]`` → ``(name, value)``."""
    if not line.startswith("[") or not line.endswith('"]'):  # compiled: no slices made
        raise _Unsure(line)
    name, sep, value = line[1:-2].partition(' "')
    if "\\" in value or '"' in value:
        if _ESCAPED.fullmatch(value) is None:
            raise _Unsure(value)
        value = unescape(line[len(name) + 2 : -1])
    if not sep or not name or not value or not _tag_name_ok(name):
        raise _Unsure(name)
    if not _printable(value):
        raise _Unsure(value)
    if name in _NUMBER_TAGS and not deal_number_ok(value):
        raise _Unsure(value)  # the Lark reader gives the error (E110)
    return name, value


def _printable(value: str) -> bool:
    """``value.isprintable()``, ASCII read character by character: compiled, that is native,
    where the method is a generic call costing as much as reading a hundred characters (the
    ``Result`` and ``Totals`` of every deal come here). Other characters ask the method."""
    for i in range(len(value)):
        code = ord(value[i])
        if code < 32:
            return False
        if code > 126:
            return value.isprintable()
    return True


_NAMES_OK: set[str] = set()
"""Tag names :func:`_tag_name_ok` has found well formed (a set: ``frozenset.issuperset`` is a
generic method call, and the few names of an archive's score tags come in every deal)."""


def _tag_name_ok(name: str) -> bool:
    """Whether ``name`` is non-empty and only ASCII letters, digits and ``_``."""
    if name in _NAMES_OK:
        return True
    if not name or not _TAG_CHARS.issuperset(name):
        return False
    if len(_NAMES_OK) > _MEMO_SIZE:
        _NAMES_OK.clear()
    _NAMES_OK.add(name)
    return True


_NUMBER_TAGS: Final = frozenset(("Deal", "Round"))
"""Tags whose value, when a number, is bounded (:func:`~tarokpgn.model.deal_number_ok`)."""


_TAG_PAIRS: dict[str, tuple[str, str]] = {}
"""Memo of :func:`_tag` by line: archives repeat most tag lines (event, variant, players), so
their pairs, and the strings in them, are read once and shared."""

_MEMO_SIZE: Final = 4096
"""Entries a memo holds before it is emptied (values that never repeat fill it up)."""


_SCORE_TAGS: Final = frozenset(("Result", "Totals"))
"""Tags whose lines seldom repeat: not kept in :data:`_TAG_PAIRS` (they would only fill it)."""


def _tags(block: str) -> tuple[tuple[str, str], ...]:
    """The tag pairs of a record's tag section (its lines, without the blank line after).
    Names are checked by :func:`_roster`."""
    memo = _TAG_PAIRS
    out: list[tuple[str, str]] = []
    for line in block.split("\n"):
        pair = memo.get(line)
        if pair is None:
            pair = _tag(line)
            if pair[0] not in _SCORE_TAGS:
                if len(memo) > _MEMO_SIZE:
                    memo.clear()
                memo[line] = pair
        out.append(pair)
    return tuple(out)


@dataclass(slots=True)
class _Roster:
    """What a tuple of tag names says, memoized: archives repeat a handful of tag rosters."""

    variant_at: int
    """Position of the ``Variant`` tag, -1 when there is none."""
    ok: dict[tuple[str, ...], bool]
    """Seat labels → whether the names are well formed, each once, in export order."""


_ROSTERS: dict[tuple[str, ...], _Roster] = {}


def _roster(tags: tuple[tuple[str, str], ...]) -> _Roster:
    """What the tag names of ``tags`` say (memoized)."""
    names = tuple([pair[0] for pair in tags])
    roster = _ROSTERS.get(names)
    if roster is None:
        if len(_ROSTERS) > _MEMO_SIZE:
            _ROSTERS.clear()
        at = names.index("Variant") if "Variant" in names else -1
        roster = _ROSTERS[names] = _Roster(at, {})
    return roster


def _roster_fits(
    roster: _Roster, tags: tuple[tuple[str, str], ...], seats: tuple[str, ...]
) -> bool:
    """Whether the tag names of ``tags`` (whose roster is ``roster``) are well formed, each
    once, in export order for ``seats``."""
    ok = roster.ok.get(seats)
    if ok is None:
        ok = roster.ok[seats] = _roster_ok(tuple([pair[0] for pair in tags]), seats)
    return ok


def _variant(tags: tuple[tuple[str, str], ...]) -> str | None:
    """The value of the Variant tag (``""`` when absent) when the tag names are well formed,
    each once, in export order for the seats of that variant (four seats for an unknown one);
    else None."""
    roster = _roster(tags)
    variant = tags[roster.variant_at][1] if roster.variant_at >= 0 else ""
    # the registry's seats now: a variant may be registered at run time
    return variant if _roster_fits(roster, tags, seats_of(variant)) else None


def _tag_context(tags: tuple[tuple[str, str], ...]) -> _Context | None:
    """The context of the record's variant when :func:`_variant` accepts ``tags`` and the
    variant is known; else None."""
    roster = _roster(tags)
    ctx = _context(tags[roster.variant_at][1] if roster.variant_at >= 0 else "")
    if ctx is None or not _roster_fits(roster, tags, ctx.spec.seats):
        return None
    return ctx


def _roster_ok(names: tuple[str, ...], seats: tuple[str, ...]) -> bool:
    """Whether tag ``names`` are well formed, each once, in export order for ``seats``."""
    ranks = [tag_rank(name, seats) for name in names]
    return all(name and _TAG_CHARS.issuperset(name) for name in names) and all(
        a < b for a, b in zip(ranks, ranks[1:], strict=False)
    )


# --- movetext elements ------------------------------------------------------------------------


@dataclass(slots=True)
class _Context:
    """What the element readers of one record need to know, and memos per variant."""

    variant: str
    players: int
    seats: frozenset[str]
    cards: dict[str, str]
    """Every canonical card token of the variant's pack, and ``?``, each to itself: records
    hold these string objects, not the ones a split made (shared, and found in the rules
    engine's tables by identity)."""
    memo: dict[str, _Make]
    """What makes the element of a line, given its line number, by the line's text (for the
    elements of :data:`_MEMO_KINDS`)."""
    spec: VariantSpec
    """The registry's spec the context was made from (:func:`_context` checks it is current)."""
    codes: list[int]
    """:func:`_card_key` of the token in each slot of :attr:`tokens` (0: an empty slot)."""
    tokens: list[str]
    """The objects of :attr:`cards`, each in slot ``_card_key(token) % len(tokens)``, for
    :func:`_scan`; empty when a token is not 1–4 printable ASCII characters (the cards are then
    read by ``str.split`` and :attr:`cards`)."""


def _native() -> bool:
    """Whether this module runs compiled: a compiled function is no Python function."""
    return not isinstance(_native, types.FunctionType)


_BY_CHARS: bool = _native()
"""Read the cards of hands, talons and the run of tricks character by character
(:func:`_scan`, :func:`_run`): compiled, that makes no string object, hash or dictionary
look-up per card, and costs a third of ``str.split`` and a look-up per word; interpreted, it is
slower, so pure Python splits. Both give the same records (the tests read both ways)."""


def _card_key(token: str) -> int:
    """A card token as a number: its characters' codes as the digits, base 128; 0 unless the
    token is 1–4 printable ASCII characters other than the space (whose codes are never 0, so
    two tokens have the same number only when they are the same)."""
    if not 0 < len(token) <= 4:
        return 0
    key = 0
    for char in token:
        code = ord(char)
        if not 32 < code < 127:
            return 0
        key = key * 128 + code
    return key


_TABLE_LIMIT: Final = 1 << 16
"""Slots a card table may have at most (:func:`_card_table`)."""


def _card_table(cards: dict[str, str]) -> tuple[list[int], list[str]]:
    """:attr:`_Context.codes` and :attr:`_Context.tokens` for the tokens of ``cards``: the
    fewest slots in which every token's :func:`_card_key` modulo the number of slots differs."""
    keys = [_card_key(token) for token in cards]
    if not keys or not all(keys):
        return [], []
    size = len(keys)
    while len({key % size for key in keys}) < len(keys):
        size += 1
        if size > _TABLE_LIMIT:
            return [], []
    codes, tokens = [0] * size, [""] * size
    for key, token in zip(keys, cards.values(), strict=True):
        codes[key % size], tokens[key % size] = key, token
    return codes, tokens


_LONGEST_KEY: Final = 2_097_152
"""128 ** 3: keys from here on are of four characters: a fifth makes the word no card."""


def _scan(text: str, pos: i64, end: i64, ctx: _Context, out: list[str]) -> i64:
    """Append to ``out`` the cards of ``text[pos:end]`` up to the first line feed, words
    between single spaces, read character by character and found in :attr:`_Context.tokens`;
    the position of that line feed (``end`` when there is none). -1 at the first word that is
    no canonical card token of the pack (as :func:`_cards` is unsure), an empty one included,
    and so for an empty range too (``out`` is then left part filled). Stopping at the line
    feed spares :func:`_run` a search for it."""
    codes, tokens = ctx.codes, ctx.tokens
    size: i64 = len(tokens)  # native integers, compiled: no tagging or overflow checks
    key: i64 = 0
    slot: i64 = 0
    while pos < end:
        code: i64 = ord(text[pos])
        if code == 10:
            break
        pos += 1
        if code == 32:
            slot = key % size
            if not key or codes[slot] != key:
                return -1
            out.append(tokens[slot])
            key = 0
        elif 32 < code < 127 and key < _LONGEST_KEY:
            key = key * 128 + code
        else:
            return -1
    slot = key % size
    if not key or codes[slot] != key:
        return -1
    out.append(tokens[slot])
    return pos


def _cards(words: list[str], ctx: _Context) -> tuple[str, ...]:
    cards = ctx.cards
    try:
        return tuple([cards[word] for word in words])
    except KeyError:
        raise _Unsure(words) from None


def _seat(word: str, ctx: _Context) -> str:
    if word not in ctx.seats:
        raise _Unsure(word)
    return word


def _options(words: list[str]) -> tuple[tuple[str, str], ...]:
    """``key=value`` words; unsure about anything but a plain lower-case key and simple value."""
    out: list[tuple[str, str]] = []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not _is_key(key) or not value or not _VALUE_BANNED.isdisjoint(value):
            raise _Unsure(word)
        if not value.isprintable():  # blanks such as U+0085 end an option for the Lark reader
            raise _Unsure(word)
        if key == "trick" and value.isdigit() and bounded_int(value, MAX_TRICK_NUMBER) is None:
            raise _Unsure(word)  # the Lark reader refuses it (E110)
        out.append((key, value))
    return tuple(out)


def _split_at_options(words: list[str]) -> tuple[list[str], list[str]]:
    """Split ``CARD… key=value…`` into its two runs."""
    for n, word in enumerate(words):
        if "=" in word:
            return words[:n], words[n:]
    return words, []


def _hand(w: list[str], ctx: _Context) -> _Make:
    if len(w) < 2:
        raise _Unsure(w)
    seat, cards = _seat(w[1], ctx), _cards(w[2:], ctx)
    return lambda line: Hand(seat, cards, line)


def _talon(w: list[str], ctx: _Context) -> _Make:
    cards = _cards(w[1:], ctx)
    return lambda line: Talon(cards, line)


def _auction(w: list[str], ctx: _Context) -> _Make:
    if len(w) % 2 == 0:
        raise _Unsure(w)
    bids: list[Bid] = []
    seats, table, variant = ctx.seats, vocabulary.BIDS, ctx.variant
    for seat, word in zip(w[1::2], w[2::2], strict=True):
        if seat not in seats:
            raise _Unsure(seat)
        bids.append(Bid(seat, _canonical_word(table, variant, word)))
    made = tuple(bids)
    return lambda line: Auction(made, line)


def _call(w: list[str], ctx: _Context) -> _Make:
    if len(w) != 3:
        raise _Unsure(w)
    seat, card = _seat(w[1], ctx), _cards(w[2:], ctx)[0]
    return lambda line: Call(seat, card, line)


def _exchange(w: list[str], ctx: _Context) -> _Make:
    if len(w) < 4 or w[2] != "take":
        raise _Unsure(w)
    d, s = _keyword_at(w, "discard"), _keyword_at(w, "show")
    if d < 0 or 0 <= s < d or s == len(w) - 1:
        raise _Unsure(w)
    if s < 0:
        s = len(w)
    show = _cards(w[s + 1 :], ctx)
    seat, take, discard = _seat(w[1], ctx), _cards(w[3:d], ctx), _cards(w[d + 1 : s], ctx)
    return lambda line: Exchange(seat, take, discard, show, line)


def _keyword_at(w: list[str], word: str) -> int:
    """``w.index(word)`` after an exchange's ``exchange SEAT take`` (-1: not there): compiled,
    a string compare per word, where ``in`` and ``index`` compare through the generic
    protocol (a seat label is never a keyword, so the first three words need no look)."""
    for n in range(3, len(w)):
        if w[n] == word:
            return n
    return -1


def _announce(w: list[str], ctx: _Context) -> _Make:
    if len(w) < 3:
        raise _Unsure(w)
    name = _canonical_word(vocabulary.ANNOUNCEMENTS, ctx.variant, w[2])
    cards, options = _split_at_options(w[3:])
    kind, seat, shown, opts = w[0], _seat(w[1], ctx), _cards(cards, ctx), _options(options)
    return lambda line: Announce(kind, seat, name, shown, opts, line)


def _kontra(w: list[str], ctx: _Context) -> _Make:
    level = _LEVELS.get(w[2], 0) if len(w) == 4 else 0
    if not level:
        raise _Unsure(w)
    target = w[3]
    if target != "game":
        if target in vocabulary.TARGETS:  # igra, hra …: the Lark reader reads them as game
            raise _Unsure(target)
        _canonical_word(vocabulary.ANNOUNCEMENTS, ctx.variant, target)
    seat = _seat(w[1], ctx)
    return lambda line: Kontra(seat, level, target, line)


def _trick(w: list[str], ctx: _Context) -> _Make:
    if len(w) < 2 or w[1] not in ctx.seats:
        raise _Unsure(w)
    number, leader, cards = _TRICK_NUMBERS[w[0]], w[1], _cards(w[2:], ctx)
    return lambda line: Trick(number, leader, cards, line)


def _renons(w: list[str], ctx: _Context) -> _Make:
    """``renons E S 7 revoke [card=HK] [kontra=1] [key=value…]`` in the order the writer uses."""
    if len(w) < 5 or len(w[3]) > _TRICK_DIGITS or not _is_number(w[3]):
        raise _Unsure(w)
    if w[4] not in _RENONS_KINDS:
        raise _Unsure(w)
    rest = list(_options(w[5:]))
    card: str | None = None
    kontra = 0
    if rest and rest[0][0] == "card":
        card = _cards([rest.pop(0)[1]], ctx)[0]
    if rest and rest[0][0] == "kontra":
        kontra = _LEVELS.get(rest.pop(0)[1], 0)
        if not kontra:
            raise _Unsure(w)
    if any(key in ("card", "kontra") for key, _value in rest):
        raise _Unsure(w)
    claimant, accused = _seat(w[1], ctx), _seat(w[2], ctx)
    trick, kind, opts = int(w[3]), w[4], tuple(rest)
    return lambda line: Renons(claimant, accused, trick, kind, card, kontra, opts, line)


def _irregular(w: list[str], ctx: _Context) -> _Make:
    if len(w) < 2 or not _is_word(w[1]):
        raise _Unsure(w)
    seat: str | None = None
    rest = w[2:]
    if rest and "=" not in rest[0]:
        seat = _seat(rest.pop(0), ctx)
    kind, opts = w[1], _options(rest)
    return lambda line: Irregular(kind, seat, opts, line)


def _excuse_exchange(w: list[str], ctx: _Context) -> _Make:
    if len(w) != 2:
        raise _Unsure(w)
    card = _cards(w[1:], ctx)[0]
    return lambda line: ExcuseExchange(card, line)


def _comment(w: list[str], ctx: _Context) -> _Make:
    """A one-line ``{text}`` comment as the export form writes it (no outer blanks)."""
    text = " ".join(w)
    inner = text[1:-1]
    if text[:1] != "{" or text[-1:] != "}" or "}" in inner or not inner.isprintable():
        raise _Unsure(text)
    if not inner or inner != inner.strip():
        raise _Unsure(text)
    return lambda line: Comment(inner, line)


def _unknown(w: list[str], ctx: _Context) -> _Make:
    raise _Unsure(w)


_TRICK_NUMBERS: Final = {f"{n}.": n for n in range(1, 100)}
_NUMBER_WORDS: Final = list(_TRICK_NUMBERS)
"""``["1.", "2.", …]``: the words that number tricks 1, 2, … in a run of tricks."""
_NEWLINES: Final = ["\n"] * len(_NUMBER_WORDS)

_ELEMENTS: Final[dict[str, Callable[[list[str], _Context], _Make]]] = {
    "hand": _hand,
    "talon": _talon,
    "auction": _auction,
    "call": _call,
    "exchange": _exchange,
    "announce": _announce,
    "declare": _announce,
    "kontra": _kontra,
    "renons": _renons,
    "irregular": _irregular,
    "excuse_exchange": _excuse_exchange,
    **dict.fromkeys(_TRICK_NUMBERS, _trick),
}
"""Element readers by first word: each checks a line's words and gives what makes the element
when given the line number."""

_MEMO_KINDS: Final = frozenset(
    ("auction", "call", "announce", "declare", "kontra", "renons", "irregular")
)
"""Elements whose lines repeat across deals: their readers' results are kept by line text."""
_MEMO_FIRST: Final = frozenset(kind[0] for kind in _MEMO_KINDS)
"""The first letters of :data:`_MEMO_KINDS`: a line starting otherwise is not in the memo."""
_LAST_RUN_TRICK: Final = 99
"""The highest trick number :func:`_run` reads (a longer run is read line by line)."""


# --- one record -------------------------------------------------------------------------------


def _record(text: str, line: int) -> tuple[tuple[tuple[str, str], ...], tuple[Item, ...]]:
    """The tags and items of one record's text (ending ``end`` + LF, first on file line
    ``line``) that is strictly in export form.

    The movetext lines before the first trick are read one by one (:func:`_lines`); the tricks,
    the bulk of a record, at once when they are the usual run of whole tricks numbered from 1
    (:func:`_tricks`), else one by one too.
    """
    cut = text.find("\n\n")
    if cut <= 0:
        raise _Unsure("layout")
    tags = _tags(text[:cut])
    variant = _variant(tags)
    ctx = _context(variant) if variant is not None else None
    if ctx is None:
        raise _Unsure("tags")
    body = text[cut + 2 :]
    if body == "end\n":
        return tags, ()
    if not body.endswith("\nend\n"):
        raise _Unsure("layout")
    line += len(tags) + 1
    end = len(body) - 4  # just past the last movetext line
    found = body.find("\n1. ", 0, end) + 1  # the run of tricks: where it starts
    tricks = 0 if body.startswith("1. ") else found or end
    items = _lines(body, 0, tricks - 1, line, ctx) if tricks else []
    line += len(items)
    if tricks < end:
        if _BY_CHARS and ctx.tokens:
            if not _run(body, tricks, end - 1, line, ctx, items):
                items += _lines(body, tricks, end - 1, line, ctx)
            return tags, tuple(items)
        block = body[tricks : end - 1]
        count = block.count("\n") + 1
        run = _tricks(block, count, ctx) if count < len(_NUMBER_WORDS) else None
        if run is None:
            items += _lines(body, tricks, end - 1, line, ctx)
        else:  # a call per trick, not map(Trick, …): compiled, it skips the generic call
            number, (leaders, played) = 1, run
            for leader, cards in zip(leaders, played, strict=True):
                items.append(Trick(number, leader, cards, line))
                number += 1
                line += 1
    return tags, tuple(items)


def _run(text: str, pos: int, stop: int, line: int, ctx: _Context, items: list[Item]) -> bool:
    """Append to ``items`` the tricks on the lines of ``text[pos:stop]`` (the first line
    starts at ``pos``, on file line ``line``) when they are tricks ``1.``, ``2.`` … in turn,
    each of a card per player; else False, with ``items`` as it was. What :func:`_tricks`
    does, character by character (:func:`_scan`)."""
    width, seats = ctx.players, ctx.seats
    leaders: list[str] = []
    cards: list[str] = []
    while True:
        number = len(leaders) + 1
        if number > _LAST_RUN_TRICK:
            return False
        pos = _number_at(text, pos, stop, number)
        if pos < 0:
            return False
        space = text.find(" ", pos, stop)
        if space < 0:
            return False
        leader = text[pos:space]
        if leader not in seats:
            return False
        nl = _scan(text, space + 1, stop, ctx, cards)  # the line's cards, up to its end
        if nl < 0 or len(cards) != number * width:
            return False
        leaders.append(leader)
        if nl >= stop:
            break
        pos = nl + 1
    played = tuple(cards)
    first = 0
    number = 1
    for leader in leaders:
        items.append(Trick(number, leader, played[first : first + width], line))
        first += width
        number += 1
        line += 1
    return True


def _number_at(text: str, pos: int, stop: int, number: int) -> int:
    """The position just past ``f"{number}. "`` (``number`` from 1 to 99) when
    ``text[pos:stop]`` starts with it, else -1: the characters compared with the digits
    natively, compiled (no string made or indexed)."""
    if number >= 10:
        if pos >= stop or ord(text[pos]) != 48 + number // 10:
            return -1
        pos += 1
    if pos + 3 > stop or ord(text[pos]) != 48 + number % 10:
        return -1
    return pos + 3 if ord(text[pos + 1]) == 46 and ord(text[pos + 2]) == 32 else -1


def _tricks(
    block: str, count: int, ctx: _Context
) -> tuple[list[str], Iterator[tuple[str, ...]]] | None:
    """The leaders and cards of the ``count`` lines of ``block`` when they are tricks ``1.``,
    ``2.`` … in turn, each of a card per player; None when ``block`` is not exactly that.

    The block is cut into words once, with each line feed a word of its own, so every line has
    ``players + 3`` words and each kind of word sits at fixed steps: number, leader, cards,
    line feed. Missing or extra words, another element or a short trick break the pattern.
    """
    width = ctx.players
    step = width + 3
    words = block.replace("\n", " \n ").split(" ")
    if len(words) != count * step - 1 or words[::step] != _NUMBER_WORDS[:count]:
        return None
    if words[width + 2 :: step] != _NEWLINES[: count - 1]:
        return None
    leaders = words[1::step]
    if not ctx.seats.issuperset(leaders):
        return None
    del words[width + 2 :: step]  # line feeds
    del words[:: step - 1]  # numbers
    del words[:: step - 2]  # leaders
    known = ctx.cards
    try:
        cards = iter([known[word] for word in words])
    except KeyError:
        return None
    return leaders, zip(*[cards] * width, strict=True)


def _lines(text: str, pos: int, stop: int, line: int, ctx: _Context) -> list[Item]:
    """The elements of the movetext lines of ``text[pos:stop]`` (``str.split("\\n")`` of it: an
    empty range is one empty line), the first on file line ``line``, one by one.

    Hands, talons and tricks are read inline; other elements by their reader, or for a line
    seen before in a deal of the variant, by what the reader gave then.
    """
    seats, memo = ctx.seats, ctx.memo
    by_chars = _BY_CHARS and bool(ctx.tokens)
    items: list[Item] = []
    trick_numbers, readers, memo_kinds = _TRICK_NUMBERS, _ELEMENTS, _MEMO_KINDS
    while True:
        nl = text.find("\n", pos, stop)
        if nl < 0:
            nl = stop
        line_text = text[pos:nl]
        pos = nl + 1
        # only the lines of the elements in the memo are looked up (and hashed) there
        make = memo.get(line_text) if line_text[:1] in _MEMO_FIRST else None
        if make is None:
            if by_chars and _read_inline(line_text, line, ctx, items):
                line += 1
                if nl >= stop:
                    break
                continue
            words = line_text.split(" ")
            head = words[0]
            if head == "hand" and len(words) > 1 and words[1] in seats:
                items.append(Hand(words[1], _cards(words[2:], ctx), line))
                line += 1
                if nl >= stop:
                    break
                continue
            if head in trick_numbers and len(words) > 1 and words[1] in seats:
                played = _cards(words[2:], ctx)
                items.append(Trick(trick_numbers[head], words[1], played, line))
                line += 1
                if nl >= stop:
                    break
                continue
            reader = readers.get(head) or (_comment if line_text[:1] == "{" else _unknown)
            make = reader(words, ctx)
            if head in memo_kinds:
                if len(memo) > _MEMO_SIZE:
                    memo.clear()
                memo[line_text] = make
        items.append(make(line))
        line += 1
        if nl >= stop:
            break
    return items


def _read_inline(text: str, line: int, ctx: _Context, items: list[Item]) -> bool:
    """Append the hand or talon on ``text``, its cards read by :func:`_scan`, and say True;
    False for another element (or a hand of another seat: its reader is unsure)."""
    cards: list[str] = []
    if text.startswith("hand "):
        space = text.find(" ", 5)
        seat = text[5:] if space < 0 else text[5:space]
        if seat not in ctx.seats:
            return False
        if space >= 0 and _scan(text, space + 1, len(text), ctx, cards) < 0:
            raise _Unsure(text)
        items.append(Hand(seat, tuple(cards), line))
        return True
    if text.startswith("talon "):
        if _scan(text, 6, len(text), ctx, cards) < 0:
            raise _Unsure(text)
        items.append(Talon(tuple(cards), line))
        return True
    return False


_CONTEXTS: Final[dict[str, _Context]] = {}
"""Variant id → its context, made on first use, and made again when the registry holds another
spec for the id (a variant registered or replaced at run time)."""


def _context(variant: str) -> _Context | None:
    """The context of ``variant``; None when no variant has that id."""
    spec = find_variant(variant)
    if spec is None:
        return None
    ctx = _CONTEXTS.get(variant)
    if ctx is None or ctx.spec is not spec:
        cards = {token: token for token in (*DECKS[spec.deck].tokens, UNKNOWN)}
        codes, tokens = _card_table(cards)
        seats = frozenset(spec.seats)
        ctx = _Context(variant, spec.players, seats, cards, {}, spec, codes, tokens)
        _CONTEXTS[variant] = ctx
    return ctx


# --- records of a file ------------------------------------------------------------------------


def _end_of_record(data: bytes, start: int) -> int:
    """Offset just past the ``end`` line of the record starting at ``start``; -1 if none.

    A ``{…}`` comment may span lines and hold a line reading ``end``. The first ``end`` line is
    taken when every ``{`` before it closes before it; otherwise the lines are walked.
    """
    pos = data.find(b"\nend\n", start)
    if pos < 0:
        pos = len(data) - 4 if data.endswith(b"\nend") else -1
        if pos < start:
            return -1
    brace = data.find(b"{", start, pos)
    while brace >= 0:
        if _in_tag_value(data, brace):
            brace = data.find(b"{", brace + 1, pos)
            continue
        close = data.find(b"}", brace, pos)
        if close < 0:
            return _end_by_lines(data, start)
        brace = data.find(b"{", close, pos)
    return min(pos + 5, len(data))


_TAG_LINE: Final = re.compile(rb'\[[A-Za-z0-9_]+ "[^"\\\n]*"\]')


def _in_tag_value(data: bytes, pos: int) -> bool:
    """Whether ``pos`` lies on a line that is exactly one plain tag pair (so in its value)."""
    first = data.rfind(b"\n", 0, pos) + 1
    last = data.find(b"\n", pos)
    return _TAG_LINE.fullmatch(data, first, len(data) if last < 0 else last) is not None


def _end_by_lines(data: bytes, start: int) -> int:
    """Slow path of :func:`_end_of_record`: walk the lines with the Lark reader's splitter
    rules (comments and tag strings skipped; a line whose last word is ``end`` ends a record).
    A ``{`` left open on that line runs on past it, as the splitter's does: -1, the rest of
    the data goes to the fallback in one piece."""
    scanner = _LineScanner()
    pos = start
    while pos < len(data):
        nl = data.find(b"\n", pos)
        stop = len(data) if nl < 0 else nl + 1
        if _ends_record(scanner.code(data[pos:stop]).strip()):
            return -1 if scanner.in_comment else stop
        pos = stop
    return -1


def _skip_blank_lines(data: bytes, pos: int) -> int:
    """The offset of the first line at or after ``pos`` that holds more than white space."""
    while pos < len(data) and data[pos] != 0x5B:  # the usual case: "[" starts the next record
        nl = data.find(b"\n", pos)
        stop = len(data) if nl < 0 else nl + 1
        if data[pos:stop].strip():
            break
        pos = stop
    return pos


def split_records(data: bytes, line: int = 1) -> Iterator[tuple[int, int, int]]:
    """Cut a file's bytes into records at their ``end`` lines: ``(start, stop, line)`` each.

    ``data[start:stop]`` is the record's text up to and including its ``end`` line; ``line`` is
    its 1-based first line (``line`` is that of the first byte of ``data``). Blank lines
    after a record are skipped, as the Lark reader's splitter does. This is exact for the export
    form; text in import form may be cut more coarsely (never more finely), and such chunks go
    to the fallback, which splits them again.
    """
    pos, size = 0, len(data)
    while pos < size:
        stop = _end_of_record(data, pos)
        if stop < 0:
            stop = size
        yield pos, stop, line
        line += data.count(b"\n", pos, stop)
        nxt = _skip_blank_lines(data, stop)
        line += data.count(b"\n", stop, nxt)
        pos = nxt


_CR: Final = 0x0D
_TAB: Final = 0x09
"""Bytes the fast path refuses, as numbers: ``13 in raw`` is a ``memchr``, where ``b"\\r" in
raw`` first tries the operand as a number and raises (and clears) a TypeError."""


def _fast(raw: bytes, file: str, offset: int, line: int, index: int) -> Record | None:
    """The record in ``raw`` read the fast way, or None when it is not strictly export form."""
    if _CR in raw or _TAB in raw or len(raw) > MAX_RECORD_BYTES:
        return None
    try:
        tags, items = _record(raw.decode(), line)
    except Exception:  # not plain export form (or a bug): the Lark reader decides
        return None
    source = Source(file, offset, line, hashlib.sha256(raw).hexdigest(), index)
    return Record(tags, items, source)


def _records(
    data: bytes, file: str, fallback: Fallback, offset: int, line: int, index: int
) -> Generator[Result, None, tuple[int, int]]:
    """The records of ``data`` (which starts at ``offset``, ``line`` of ``file``, and whose
    first record gets number ``index``); each takes the next number, and the number after the
    last is returned, with the line after the data (counted record by record: the caller
    need not count the data's line feeds again). Cuts ``data`` as :func:`split_records`
    does."""
    pos, size = 0, len(data)
    count, find, sha256 = data.count, data.find, hashlib.sha256
    while pos < size:
        stop = find(b"\nend\n", pos)
        if stop >= 0 and find(b"{", pos, stop) < 0:  # the usual case of _end_of_record
            stop += 5
        else:
            stop = _end_of_record(data, pos)
            if stop < 0:
                stop = size
        raw = data[pos:stop]
        record: Record | None = None
        # a record over the limit goes to the Lark reader, which refuses it (E111) unparsed
        if stop - pos <= MAX_RECORD_BYTES and _CR not in raw and _TAB not in raw:
            try:
                tags, items = _record(raw.decode(), line)
            except Exception:  # not plain export form (or a bug): the Lark reader decides
                pass
            else:
                source = Source(file, offset + pos, line, sha256(raw).hexdigest(), index)
                record = Record(tags, items, source)
        if record is not None:
            index += 1
            yield record
            # export form: a line per tag, the blank line, a line per element, ``end``
            line += len(record.tags) + len(record.items) + 2
        else:
            for result in fallback(raw, Source(file, offset + pos, line, "", index)):
                index += 1
                yield result
            line += count(b"\n", pos, stop)
        if data.startswith(b"\n[", stop):  # the usual blank line between records
            pos = stop + 1
            line += 1
        else:
            pos = _skip_blank_lines(data, stop)
            line += count(b"\n", stop, pos)
    return index, line


def iter_export(
    data: bytes, file: str = "<string>", fallback: Fallback = lark_fallback, line: int = 1
) -> Iterator[Result]:
    """Every record of a file's bytes, in order, each with its :class:`Source`, or the located
    error that replaced it: the same results as :func:`tarokpgn.notation.iter_records`.

    Records strictly in export form are read the fast way; any other record goes to
    ``fallback`` (by default the Lark reader). ``line``: the file's line ``data`` starts on
    (a chunk of a file read in parts), so every line number given is the file's.
    """
    return _records(data, file, fallback, 0, line, 1)


def read_export(
    source: ExportSource,
    filename: str | None = None,
    fallback: Fallback = lark_fallback,
    block_size: int = BLOCK_SIZE,
) -> Iterator[Result]:
    """Like :func:`tarokpgn.notation.iter_records`, and with the same results, for the same
    sources: the text (``str``, never taken for a file name) or bytes of a file, a path
    (``os.PathLike``), or an open binary or text stream. Files are read in blocks of
    ``block_size`` bytes and streams line by line, so memory stays bounded whatever their size,
    and a record from a pipe is given as soon as the next one starts (or the stream ends)."""
    return _read(source, filename, fallback, block_size, _records)


_T = TypeVar("_T")
_Scan = Callable[[bytes, str, Fallback, int, int, int], Generator[_T, None, tuple[int, int]]]
"""Reads the records of a part of a file, as :func:`_records` does: gets the part's bytes, the
file name, the fallback, and the byte offset, line and record number the part starts at; yields
what it reads and returns the number the next record gets and the line after the part."""


def _read(
    source: ExportSource, filename: str | None, fallback: Fallback, block_size: int, scan: _Scan[_T]
) -> Generator[_T, None, None]:
    """What ``scan`` gives for each record of ``source`` (see :func:`read_export`)."""
    if isinstance(source, bytes):
        yield from scan(source, filename or "<string>", fallback, 0, 1, 1)
    elif isinstance(source, str):
        data = source.encode("utf-8", "surrogateescape")
        yield from scan(data, filename or "<string>", fallback, 0, 1, 1)
    elif isinstance(source, os.PathLike):
        with Path(source).open("rb") as handle:
            blocks = iter(lambda: handle.read(block_size), b"")
            yield from _Blocks(filename or os.fspath(source), fallback).read(blocks, scan)
    else:
        name = filename or getattr(source, "name", None)
        file = name if isinstance(name, str) else "<string>"
        yield from _Blocks(file, fallback).read(_line_blocks(source, block_size), scan)


def _line_blocks(stream: IO[bytes] | IO[str], block_size: int) -> Iterator[bytes]:
    """A stream's bytes (text is encoded as the Lark reader does), in blocks that end at an
    ``end`` line or hold about ``block_size`` bytes."""
    pending: list[bytes] = []
    size = 0
    for line in stream:
        raw = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
        pending.append(raw)
        size += len(raw)
        if raw == b"end\n" or size >= block_size:
            yield b"".join(pending)
            pending, size = [], 0
    if pending:
        yield b"".join(pending)


class _Blocks:
    """Reads whole records from consecutive blocks of a file: the last chunk of the data so
    far, which may be cut short, waits for the next block."""

    def __init__(self, file: str, fallback: Fallback) -> None:
        self.file, self.fallback = file, fallback
        self.carry, self.offset, self.line, self.index = b"", 0, 1, 1

    def read(self, blocks: Iterable[bytes], scan: _Scan[_T]) -> Iterator[_T]:
        for block in blocks:
            data = self.carry + block
            cut = _last_whole_record(data)
            yield from self._emit(data[:cut], scan)
            self.carry = data[cut:]
        yield from self._emit(self.carry, scan)

    def _emit(self, data: bytes, scan: _Scan[_T]) -> Iterator[_T]:
        if self.offset:  # after a whole record: skip the blank lines that end it
            skip = _skip_whole_blank_lines(data)
            self.offset, self.line = self.offset + skip, self.line + data.count(b"\n", 0, skip)
            data = data[skip:]
        self.index, self.line = yield from scan(
            data, self.file, self.fallback, self.offset, self.line, self.index
        )
        self.offset += len(data)


def _skip_whole_blank_lines(data: bytes) -> int:
    """Length of the run of blank lines, each ended by a line feed, at the start of ``data``."""
    pos = 0
    while (nl := data.find(b"\n", pos)) >= 0 and not data[pos:nl].strip():
        pos = nl + 1
    return pos


def _last_whole_record(data: bytes) -> int:
    """Where the records of ``data`` known to be whole end: the start of the last chunk
    :func:`split_records` finds, or the end of the data when that chunk ends with its ``end``
    line (so a record from a pipe is given as soon as its ``end`` line arrives)."""
    # split_records' walk, without its line numbers (counted when the records are read)
    pos, size, last = 0, len(data), 0
    while pos < size:
        last = pos
        stop = _end_of_record(data, pos)
        if stop < 0:
            break
        pos = _skip_blank_lines(data, stop)
    if data.endswith(b"\nend\n") and _end_of_record(data, last) == len(data):
        return len(data)
    return last


def parse_export(text: str, fallback: Fallback = lark_fallback) -> Record:
    """The one record in ``text``: read the fast way when it is strictly export form, else by
    ``fallback``; raises the first :class:`~tarokpgn.errors.NotationError`."""
    results = list(iter_export(text.encode("utf-8", "surrogateescape"), "<string>", fallback))
    if len(results) != 1:
        raise ValueError(f"expected one record, the text holds {len(results)}")
    if isinstance(results[0], NotationError):
        raise results[0]
    return results[0]


def is_export_form(text: str) -> bool:
    """True when ``text`` is one record the fast path reads without the Lark reader."""
    return _fast(text.encode("utf-8", "surrogateescape"), "<string>", 0, 1, 1) is not None


# --- header-only scan -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Header:
    """The tag pairs of one record and where the record lies in its file."""

    tags: tuple[tuple[str, str], ...]
    """Tag pairs in export order."""
    offset: int
    """Byte offset of the record's first byte."""
    length: int
    """Length of the record in bytes, up to and including its ``end`` line."""
    line: int
    """1-based line of the record's first line."""
    index: int
    """1-based number of the record within its file."""

    def get(self, name: str, default: str = "") -> str:
        """The value of tag ``name`` (``default`` when absent)."""
        for key, value in self.tags:
            if key == name:
                return value
        return default


def _scan_tags(raw: bytes) -> tuple[tuple[str, str], ...] | None:
    """Tags of the record in ``raw`` when in export form (one per line, in export order)."""
    end = raw.find(b"\n\n")
    if end < 0 or _CR in raw or not raw.endswith(b"\nend\n") or len(raw) > MAX_RECORD_BYTES:
        return None
    movetext = raw[end:-4].lower()
    if b"end\n" in movetext:
        return None  # the chunk may hold more than one record (import form)
    if b"[" in movetext:
        return None  # a tag after the blank line (import form), or another record
    try:
        tags = _tags(raw[:end].decode())
    except (_Unsure, UnicodeDecodeError):
        return None
    return None if _variant(tags) is None else tags


def scan_headers(
    data: ExportSource,
    file: str | None = None,
    fallback: Fallback = lark_fallback,
    block_size: int = BLOCK_SIZE,
) -> Generator[Header, None, None]:
    """The tags and byte offsets of every record, without reading the movetext.

    ``data`` is any source :func:`read_export` reads, ``file`` the name it has in errors (by
    default the path's or the stream's name, else ``"<string>"``). Tags in export form are read
    directly; the chunk of a record laid out otherwise goes to ``fallback`` (by default the Lark
    reader) for its tags. Records the fallback rejects are left out (read them in full to see
    why).
    """
    return _read(data, file, fallback, block_size, _headers)


def _headers(
    data: bytes, file: str, fallback: Fallback, offset: int, line: int, index: int
) -> Generator[Header, None, tuple[int, int]]:
    """The header of every record of ``data`` (which starts at ``offset``, ``line`` of
    ``file``, and whose first record gets number ``index``); each record takes the next
    number, and the number after the last is returned, with the line after the data."""
    for start, stop, first in split_records(data, line):
        raw = data[start:stop]
        tags = _scan_tags(raw)
        if tags is not None:
            yield Header(tags, offset + start, stop - start, first, index)
            index += 1
            continue
        for result in fallback(raw, Source(file, offset + start, first, "", index)):
            index += 1
            if isinstance(result, Record) and result.source is not None:
                src = result.source
                length = offset + stop - src.offset
                yield Header(result.tags, src.offset, length, src.line, src.index)
    return index, line + data.count(b"\n")
