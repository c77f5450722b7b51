"""Taroky Notation: the MachTarok server's one-line deal code (Czech Taroky, four players).

A code is ``CHIPS1/CHIPS2/CHIPS3/CHIPS4/HAND1/HAND2/HAND3/HAND4/TALON/[ignored…/]SETTINGS``,
one per line; field 1 and HAND1 belong to *povinnost*, the others follow in order of play.
This module reads such codes as the server deals them (the reader's quirks and leniencies are
those of the server's ``notate``, described in ``docs/convert.rst``) and writes any complete
czech-4 deal as a code the server reads back to the same deal.

Seats: povinnost is the Czech *forhont* (CZ-0.3, the first seat after the dealer, who must
open the auction, CZ-3.2), so a code reads with ``Dealer "W"``: HAND1 is N, HAND2 E, HAND3 S,
HAND4 W.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import IO, Final

from tarokpgn.cards import FOOL, TAROK54
from tarokpgn.convert.base import GUESSED, LOST, SKIPPED, Format, Note, Notes
from tarokpgn.errors import NotationError, TarokPgnError, internal_error, shorten
from tarokpgn.model import Hand, Item, Record, Source, Talon, Trick
from tarokpgn.notation.tags import export_order
from tarokpgn.notation.writer import write_record

NAME: Final = "taroky"
VARIANT: Final = "czech-4"
RULESET: Final = "vysocina"
"""The Ruleset tag of every record read (czech-4's default): a code names no rules."""
DEALER: Final = "W"
"""The Dealer tag of every record read: povinnost (HAND1) is then N (CZ-0.3)."""
HAND_SIZE: Final = 12
TALON_SIZE: Final = 6
MAX_LINE: Final = 16384
"""Longest line read, in bytes (a real code is a few hundred); a longer one is an error."""
PROBE_LINES: Final = 20
"""Lines (not blank or comments) looked at to tell an input that is not Taroky Notation."""
INPUT_FILE: Final = "<input>"
"""The file name of a stream read without a name."""
DEFAULT_CHIPS: Final = "100"
"""What a new game on the server starts with."""

TAG_CHIPS: Final = "TarokyChips"
TAG_SETTINGS: Final = "TarokySettings"
TAG_PN: Final = "TarokyPn"
TAG_EXTRA: Final = "TarokyExtra"
TAGS: Final = (TAG_CHIPS, TAG_SETTINGS, TAG_PN, TAG_EXTRA)
"""The tags that keep what a code holds besides the deal."""

_BLACK: Final = {"1": "7", "2": "8", "3": "9", "4": "10"}
"""Black pip digit → pip, by face (seven to ten)."""
_RED: Final = {"1": "1", "2": "2", "3": "3", "4": "4"}
"""Red pip digit → pip, by face (ace-low reading)."""
_RED_ACE_HIGH: Final = {"1": "2", "2": "3", "3": "4", "4": "1"}
"""Red pip digit → pip when the server reads ``aceHigh`` as on: the digit is the rank from
the lowest, so every red pip written by face comes back rotated."""
_FACES: Final = {"J": "J", "R": "N", "Q": "Q", "K": "K"}
"""Taroky face letter → tarokpgn rank (``R``, the rider, is the knight ``N``)."""
_SUIT_LETTERS: Final = frozenset("SCHDT")
_CARD_RUN: Final = re.compile(r"(?:T[0-9]{2}|[SCHD][1-4JRQK]){6}")
"""Six cards in a row as a code spells them: what makes a line look like a deal code."""

_JS_DECIMAL: Final = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_JS_RADIX: Final = re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_JS_BLANKS: Final = " \t\n\v\f\r\u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    chr(c) for c in range(0x2000, 0x200B)
)


def js_number(text: str) -> float | None:
    """``text`` read as JavaScript's ``Number()`` reads it (None for NaN): blanks around are
    ignored, the empty string is 0, decimals, exponents, ``0x``/``0o``/``0b`` and
    ``Infinity`` are numbers."""
    body = text.strip(_JS_BLANKS)
    if not body:
        return 0.0
    if body.lstrip("+-") == "Infinity" and len(body) <= len("Infinity") + 1:
        return -math.inf if body[0] == "-" else math.inf
    if _JS_DECIMAL.fullmatch(body):
        return float(body)
    radix = _JS_RADIX.fullmatch(body)
    if radix:
        base = {"x": 16, "o": 8, "b": 2}[body[1].lower()]
        try:
            return float(int(body[2:], base))
        except OverflowError:
            return math.inf
    return None


def js_text(value: float) -> str:
    """A finite number as written plainly: ``100``, ``-5``, ``99.5``."""
    if float(value).is_integer() and abs(value) < 1e21:
        return str(int(value))
    return repr(value)


# --- settings (the last field) ---


@dataclass
class Settings:
    """The settings the server applies after reading a code's last field (a fresh
    ``Settings()`` with its defaults, then each item it understands)."""

    lock: bool = True
    locked: bool | None = None
    """Written only when the code gave it (the challenge writer does)."""
    timeout: float = 30000.0
    ace_high: bool = False
    bot_play_time: float = 3000.0
    bot_think_time: float = 1000.0
    difficulty: int = 2

    def text(self, *, ace_high: bool = True) -> str:
        """The normalised field (no ``pn``): the server's writer's order, ``aceHigh`` only
        when on (and ``ace_high``), a switch that is off written with an empty value."""
        items = [f"lock={_switch(self.lock)}"]
        if self.locked is not None:
            items.append(f"locked={_switch(self.locked)}")
        items.append(f"timeout={js_text(self.timeout)}")
        if ace_high and self.ace_high:
            items.append("aceHigh=true")
        items += [
            f"botPlayTime={js_text(self.bot_play_time)}",
            f"botThinkTime={js_text(self.bot_think_time)}",
            f"difficulty={self.difficulty}",
        ]
        return ";".join(items)


def _switch(on: bool) -> str:
    return "true" if on else ""


Say = Callable[[str, str], None]
"""``say(kind, message)``: a note about one field."""


def parse_settings(text: str, say: Say) -> Settings:
    """The settings the server reads from ``text``; every item it skips, ignores or clamps
    is said (``pn`` items are left to :func:`parse_pn`)."""
    settings = Settings()
    for item in text.split(";"):
        if item and not item.startswith("pn="):
            _apply(settings, item, say)
    return settings


def _apply(settings: Settings, item: str, say: Say) -> None:
    key, equals, rest = item.partition("=")
    value = rest.split("=")[0]
    if not equals:
        say(LOST, f"item {shorten(item, 30)!r} has no '=': the server skips it")
    elif key in ("aceHigh", "lock", "locked"):
        # the server sets these by the truthiness of the value: 'false' and '0' turn them on
        on = value != ""
        if key == "aceHigh":
            settings.ace_high = on
        elif key == "lock":
            settings.lock = on
        else:
            settings.locked = on
    elif key == "difficulty":
        if value in ("0", "1", "2", "3", "4", "5"):
            settings.difficulty = int(value)
        else:
            say(LOST, f"difficulty={shorten(value, 20)!r} is not 0..5: the server ignores it")
    elif key in ("timeout", "botPlayTime", "botThinkTime"):
        _time(settings, key, value, say)
    else:
        say(LOST, f"setting {shorten(key, 30)!r} is unknown to the server: skipped")


def _time(settings: Settings, key: str, value: str, say: Say) -> None:
    number = js_number(value)
    if number is None:
        say(LOST, f"{key}={shorten(value, 20)!r} is not a number: the server ignores it")
        return
    if key == "timeout":
        ms = 0.0 if number <= 0 else min(max(number, 20000.0), 3600000.0)
    else:
        ms = min(max(number, 0.0), 3600000.0)
    if js_text(ms) != value:
        say(GUESSED, f"{key}={shorten(value, 20)!r} read as {js_text(ms)}, as the server does")
    if key == "timeout":
        settings.timeout = ms
    elif key == "botPlayTime":
        settings.bot_play_time = ms
    else:
        settings.bot_think_time = ms


def parse_pn(text: str, say: Say) -> int | None:
    """The human's seat (0..3 from povinnost) named by the last item of ``text``, as the server
    reads it to open a room; None when there is none. A ``pn`` the server would refuse as a
    room code, or one naming no seat, is said and not kept."""
    items = text.split(";")
    last = items[-1]
    if last in ("pn=0", "pn=1", "pn=2", "pn=3"):
        return int(last[3:])
    if last in ("pn=4", "pn="):
        say(LOST, f"{last!r} names no seat (the server accepts it): not kept")
    elif any(item.startswith("pn=") for item in items):
        say(
            LOST,
            "a pn item that is not the last item, or not pn=0..4: the server refuses "
            "the code as a room code; the human's seat is not kept",
        )
    return None


# --- cards ---


@dataclass(frozen=True)
class CardField:
    """One card field read: its cards, and what the server forgave."""

    cards: tuple[str, ...]
    spelled: tuple[str, ...]
    """Each card as the code wrote it."""
    lenient: tuple[str, ...] = ()


class BadCard(TarokPgnError, ValueError):
    """A card the server rejects; ``column`` is 0-based within the field."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


def read_cards(text: str, ace_high: bool) -> CardField:
    """The cards of one field as the server reads them; raises :class:`BadCard`."""
    cards: list[str] = []
    spelled: list[str] = []
    lenient: list[str] = []
    i = 0
    while len(text) - i >= 2:
        card, width = _one_card(text, i, ace_high)
        spelling = text[i : i + width]
        if card[0] == "T" or card == FOOL:
            if len(spelling) == 2:
                lenient.append(f"one-digit trump {spelling!r} at the end read as {card}")
            elif not spelling[1:].isdigit():
                lenient.append(f"trump {spelling!r} read as {card}, as the server reads it")
        cards.append(card)
        spelled.append(spelling)
        i += width
    if i < len(text):
        lenient.append(f"trailing {text[i:]!r} dropped, as the server drops it")
    return CardField(tuple(cards), tuple(spelled), tuple(lenient))


def _one_card(text: str, i: int, ace_high: bool) -> tuple[str, int]:
    suit = text[i]
    if suit not in _SUIT_LETTERS:
        raise BadCard(f"{suit!r} is not a suit letter (S, C, H, D or T, upper case)", i)
    if suit == "T":
        digits = text[i + 1 : i + 3]
        number = js_number(digits)
        if number is None or not number.is_integer() or not 1 <= number <= 22:
            raise BadCard(
                f"card {text[i : i + 3]!r}: a trump is T01..T21, or T22 the Skyz (two digits)", i
            )
        return (FOOL if number == 22 else f"T{int(number)}"), 1 + len(digits)
    rank = text[i + 1]
    if rank in _FACES:
        return suit + _FACES[rank], 2
    pips = _BLACK if suit in "SC" else _RED_ACE_HIGH if ace_high else _RED
    if rank not in pips:
        raise BadCard(f"card {text[i : i + 2]!r}: the rank is one of 1 2 3 4 J R Q K", i)
    return suit + pips[rank], 2


def card_code(card: str) -> str:
    """One tarokpgn card as the server writes it (red pips by face)."""
    if card == FOOL:
        return "T22"
    if card[0] == "T":
        return f"T{int(card[1:]):02d}"
    rank = card[1:]
    if rank in ("K", "Q", "J"):
        return card
    if rank == "N":
        return card[0] + "R"
    if card[0] in "SC":
        return card[0] + str(int(rank) - 6)
    return card


# --- reading ---

_FIELDS: Final = (
    "chips 1",
    "chips 2",
    "chips 3",
    "chips 4",
    "hand 1",
    "hand 2",
    "hand 3",
    "hand 4",
    "talon",
)


def _field_name(k: int, count: int) -> str:
    """``field 6 (hand 2)`` for the 0-based field ``k`` of a code of ``count`` fields."""
    if k < len(_FIELDS):
        return f"field {k + 1} ({_FIELDS[k]})"
    return f"field {k + 1} (settings)" if k == count - 1 else f"field {k + 1} (ignored)"


class _Bad(Exception):
    """A reason the server rejects the code, with its 0-based column in the line."""

    def __init__(self, message: str, column: int = -1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass
class _Code:
    """One line being read, and where."""

    text: str
    file: str
    index: int
    line: int
    offset: int
    lead: int = 0
    """Blanks before the code on its line (for the column of an error)."""
    said: list[Note] = field(default_factory=list)
    """The notes about the code, given to :class:`Notes` only when it is read (a rejected
    code has its error, not notes)."""

    def say(self, where: str) -> Say:
        def add(kind: str, message: str) -> None:
            self.said.append(Note(kind, message, NAME, self.file, self.index, where, self.line))

        return add


def read_code(code: _Code) -> Record:
    """The record of one code; raises :class:`_Bad` where the server rejects it."""
    fields = code.text.split("/")
    starts = [0]
    for part in fields[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    if not 10 <= len(fields) <= 20:
        raise _Bad(f"{len(fields)} fields separated by '/': a code has 10 to 20")
    last = len(fields) - 1
    say_settings = code.say(_field_name(last, len(fields)))
    settings = parse_settings(fields[last], say_settings)
    pn = parse_pn(fields[last], say_settings)
    chips = [_chips(fields[k], code.say(_field_name(k, len(fields))), starts[k]) for k in range(4)]
    dealt = [_cards(code, fields, starts, k, settings.ace_high) for k in range(4, 9)]
    _check_deck(dealt, starts)
    if settings.ace_high:
        say_settings(
            GUESSED,
            "aceHigh is on (any non-empty value, even 'false'): red pips are "
            "read ace-high as the server deals them (1→2, 2→3, 3→4, 4→ace), not by face",
        )
    code.say("ruleset")(
        GUESSED,
        "Ruleset vysocina assumed: the code names no rules (MachTarok "
        "plays the Czech-American rules)",
    )
    extra = fields[9:last] if len(fields) > 10 else None
    return _record(code, _tags(chips, settings, pn, extra), dealt)


def _tags(
    chips: list[str], settings: Settings, pn: int | None, extra: list[str] | None
) -> tuple[tuple[str, str], ...]:
    """The tags of a record read, in export order (the model's): the fixed ones, then what the
    code holds besides the deal."""
    tags = [
        ("Variant", VARIANT),
        ("Ruleset", RULESET),
        ("Dealer", DEALER),
        ("Result", "*"),
        (TAG_CHIPS, " ".join(chips)),
        (TAG_SETTINGS, settings.text()),
    ]
    if pn is not None:
        tags.append((TAG_PN, str(pn)))
    if extra is not None:
        tags.append((TAG_EXTRA, "/".join(extra)))
    return export_order(tags)


def _record(code: _Code, tags: tuple[tuple[str, str], ...], dealt: list[CardField]) -> Record:
    hands = zip(_play_order(), dealt[:4], strict=True)
    items: list[Item] = [Hand(seat, part.cards, code.line) for seat, part in hands]
    items.append(Talon(dealt[4].cards, code.line))
    record = Record(tags, tuple(items))
    digest = hashlib.sha256(write_record(record).encode()).hexdigest()
    source = Source(code.file, code.offset, code.line, digest, code.index)
    return Record(tags, tuple(items), source)


def _play_order() -> tuple[str, ...]:
    return Record((("Variant", VARIANT), ("Dealer", DEALER))).play_order()


def _chips(text: str, say: Say, start: int) -> str:
    value = js_number(text)
    if value is None:
        raise _Bad(
            f"{shorten(text, 30)!r} is not a number (the server reads chips with Number())", start
        )
    if math.isinf(value):
        raise _Bad(
            f"{shorten(text, 30)!r} is infinite: chips must be a finite number (the "
            "server would accept it; tarokpgn does not)",
            start,
        )
    written = js_text(value)
    if not text.strip(_JS_BLANKS):
        say(GUESSED, "empty: read as 0 chips, as the server does")
    elif written != text:
        say(GUESSED, f"{shorten(text, 30)!r} read as {written}, as the server reads it")
    return written


def _cards(code: _Code, fields: list[str], starts: list[int], k: int, ace: bool) -> CardField:
    where = _field_name(k, len(fields))
    try:
        part = read_cards(fields[k], ace)
    except BadCard as bad:
        raise _Bad(f"{where}: {bad}", starts[k] + bad.column) from None
    size = TALON_SIZE if k == 8 else HAND_SIZE
    if len(part.cards) != size:
        what = "the talon" if k == 8 else "a hand"
        raise _Bad(f"{where}: {len(part.cards)} cards, {what} has {size}", starts[k])
    say = code.say(where)
    for message in part.lenient:
        say(GUESSED if "read as" in message else LOST, message)
    return part


def _check_deck(dealt: list[CardField], starts: list[int]) -> None:
    """Every card of the pack once (CZ-2.4). The 54 places hold only cards of the pack, so a
    card dealt twice leaves one out: name the first duplicate (located at its second
    occurrence; ``starts`` are the fields' columns) and what is missing (the server names only
    the first missing card)."""
    count = len(starts)
    where: dict[str, int] = {}
    twice: tuple[int, str, str, int] | None = None
    for k, part in enumerate(dealt, start=4):
        column = starts[k]
        for card, spelling in zip(part.cards, part.spelled, strict=True):
            if card in where and twice is None:
                twice = (k, spelling, card, column)
            where.setdefault(card, k)
            column += len(spelling)
    if twice is not None:
        k, spelling, card, column = twice
        missing = ", ".join(c for c in TAROK54.tokens if c not in where)
        raise _Bad(
            f"{_field_name(k, count)}: {spelling!r} ({card}) is dealt twice, also in "
            f"{_field_name(where[card], count)}; missing: {missing}",
            column,
        )


def read(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """Every code of ``stream`` (one a line; blank lines and ``#`` lines skipped) as a czech-4
    record of its deal, or a located E301 error in its place; a single E301 for the whole input
    when it is not Taroky Notation at all (see :func:`_foreign`)."""
    name = name or INPUT_FILE
    lines = _code_lines(stream)
    head = list(islice(lines, PROBE_LINES))
    foreign = _foreign(head)
    if foreign:
        yield NotationError("E301", f"not Taroky Notation: {foreign}", file=name)
        return
    for item in chain(head, lines):
        yield _read_line(item, name, notes)


@dataclass(frozen=True)
class _Line:
    """One line that is not blank or a comment: its number among them, where it is, and its
    text (None when it cannot be read: ``why`` says why)."""

    index: int
    line: int
    offset: int
    text: str | None
    why: str = ""

    @property
    def binary(self) -> bool:
        """Whether the line holds binary data: bytes that are not UTF-8, or a NUL."""
        return self.why == _NOT_UTF8 or (self.text is not None and "\x00" in self.text)


_NOT_UTF8: Final = "not UTF-8 text"
_TOO_LONG: Final = f"longer than {MAX_LINE:,} bytes (the longest line read)"


def _code_lines(stream: IO[bytes]) -> Iterator[_Line]:
    """The lines of ``stream`` that are not blank or ``#`` comments."""
    index = 0
    for line, offset, raw in _lines(stream):
        text = _decode(raw, line == 1)
        if text is not None and (not text.strip() or text.strip().startswith("#")):
            continue
        index += 1
        why = "" if text is not None else _TOO_LONG if raw is None else _NOT_UTF8
        yield _Line(index, line, offset, text, why)


def _foreign(head: list[_Line]) -> str:
    """Why an input whose first lines (not blank or comments) are ``head`` is clearly not
    Taroky Notation, or ``""``: none of them holds six cards in a row as a code spells them,
    and there are :data:`PROBE_LINES` of them or one holds binary data. A file that does hold
    codes gets one error per bad line instead."""
    if any(item.text is not None and _CARD_RUN.search(item.text) for item in head):
        return ""
    if len(head) == PROBE_LINES:
        return f"no line of the first {PROBE_LINES} looks like a deal code"
    if any(item.binary for item in head):
        return "binary data, and no line looks like a deal code"
    return ""


def _read_line(item: _Line, name: str, notes: Notes) -> Record | NotationError:
    """The record of one line's code, or its located E301."""
    if item.text is None:
        return NotationError(
            "E301", f"the line is {item.why}", file=name, record=item.index, line=item.line
        )
    lead = len(item.text) - len(item.text.lstrip())
    code = _Code(item.text.strip(), name, item.index, item.line, item.offset, lead)
    return _read_one(code, notes)


def _read_one(code: _Code, notes: Notes) -> Record | NotationError:
    try:
        record = read_code(code)
    except _Bad as bad:
        column = code.lead + bad.column + 1 if bad.column >= 0 else 0
        return NotationError(
            "E301", bad.message, file=code.file, record=code.index, line=code.line, column=column
        )
    except Exception as exc:  # a bug here must not stop the other codes
        return internal_error(exc, file=code.file, record=code.index, line=code.line)
    for note in code.said:
        notes.note(note)
    return record


def _decode(raw: bytes | None, first: bool) -> str | None:
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text.removeprefix("\ufeff") if first else text


def _lines(stream: IO[bytes]) -> Iterator[tuple[int, int, bytes | None]]:
    """``(line number, byte offset, bytes)`` of each line; None for a line over
    :data:`MAX_LINE` bytes, which is skipped without being held."""
    line = offset = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        line += 1
        start, size = offset, len(raw)
        if size > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE)
                size += len(raw)
            offset += size
            yield line, start, None
            continue
        offset += size
        yield line, start, raw


# --- writing ---


def write(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """One code line per complete czech-4 record; every other record is noted and skipped."""
    for record in records:
        say = notes.about(record, NAME)
        code = write_code(record, say)
        if code is not None:
            yield code + "\n"


def write_code(record: Record, say: Callable[..., None]) -> str | None:
    """The code of ``record``'s deal (None, said, when it has no complete czech-4 deal)."""
    if record.variant != VARIANT:
        say(
            SKIPPED,
            f"record skipped: its variant is {record.variant or 'not given'}; a Taroky "
            "code holds only a czech-4 deal",
            "Variant",
        )
        return None
    order = record.play_order()
    deal = _deal(record, order)
    if isinstance(deal, str):
        say(SKIPPED, f"record skipped: {deal}; a Taroky code holds the whole deal", "deal")
        return None
    if record.dealer not in order:
        say(GUESSED, f"no Dealer: {order[0]} written as povinnost", "Dealer")
    chips = _written_chips(record, say)
    settings = parse_settings(
        record.get(TAG_SETTINGS), lambda kind, message: say(kind, message, TAG_SETTINGS)
    )
    if settings.ace_high:
        say(
            LOST,
            "aceHigh is not written (the server would read the red pips rotated)",
            TAG_SETTINGS,
        )
    lost = _lost(record)
    if lost:
        say(LOST, "not carried: " + ", ".join(lost))
    cards = ["".join(card_code(c) for c in cards) for cards in deal]
    extra = _extra(record, say)
    pn = _written_pn(record, say)
    last = settings.text(ace_high=False) + f";pn={pn}"
    return "/".join([*chips, *cards, *extra, last])


def _deal(record: Record, order: tuple[str, ...]) -> list[tuple[str, ...]] | str:
    """The four hands in ``order`` and the talon, or why the record has no whole deal."""
    hands: dict[str, tuple[str, ...]] = {}
    for hand in record.of_type(Hand):
        if hand.seat in hands:
            return f"two hands of {hand.seat}"
        hands[hand.seat] = hand.cards
    talons = [talon.cards for talon in record.of_type(Talon)]
    missing = [seat for seat in order if seat not in hands]
    if missing:
        return f"no hand of {', '.join(missing)}"
    if len(talons) != 1:
        return f"{len(talons)} talons" if talons else "no talon"
    deal = [hands[seat] for seat in order] + talons
    sizes = [len(cards) for cards in deal]
    if sizes != [HAND_SIZE] * 4 + [TALON_SIZE]:
        return f"hands and talon of {'/'.join(map(str, sizes))} cards, not 12/12/12/12/6"
    return _pack_problem(deal) or deal


def _pack_problem(deal: list[tuple[str, ...]]) -> str:
    """What keeps ``deal`` from holding each card of the pack once (CZ-2.4), or ``""``."""
    counts = Counter(card for cards in deal for card in cards)
    unknown = sorted(card for card in counts if card not in TAROK54)
    if unknown:
        return f"cards the pack does not hold: {', '.join(unknown)}"
    twice = [card for card in TAROK54.tokens if counts[card] > 1]
    absent = [card for card in TAROK54.tokens if not counts[card]]
    return f"{', '.join(twice)} dealt twice, {', '.join(absent)} missing" if twice else ""


def _written_chips(record: Record, say: Callable[..., None]) -> list[str]:
    tag = record.get(TAG_CHIPS)
    values = [js_number(word) for word in tag.split()]
    if len(values) == 4 and all(v is not None and math.isfinite(v) for v in values):
        return [js_text(v) for v in values if v is not None]
    why = f"{TAG_CHIPS} {shorten(tag, 40)!r} is not four numbers" if tag else "no chips"
    say(GUESSED, f"{why}: {DEFAULT_CHIPS} each written", TAG_CHIPS)
    return [DEFAULT_CHIPS] * 4


def _written_pn(record: Record, say: Callable[..., None]) -> str:
    """The human's seat from povinnost: the TarokyPn tag, else 0 (the server refuses a room
    code without a last ``pn=0..3``)."""
    pn = record.get(TAG_PN, "0")
    if pn in ("0", "1", "2", "3"):
        return pn
    say(GUESSED, f"{TAG_PN} {shorten(pn, 20)!r} is not 0..3: pn=0 written", TAG_PN)
    return "0"


def _extra(record: Record, say: Callable[..., None]) -> list[str]:
    """The ignored fields kept from a code read (the server accepts at most 10 of them)."""
    if TAG_EXTRA not in record.tag:
        return []
    tag = record.get(TAG_EXTRA)
    parts = tag.split("/")
    if len(parts) > 10 or "\n" in tag:
        say(LOST, f"{TAG_EXTRA} has more than 10 fields or a line break: not written", TAG_EXTRA)
        return []
    return parts


_ITEM_NAMES: Final = {
    "Auction": "auction",
    "Call": "call",
    "Exchange": "talon exchange",
    "Announce": "announcements",
    "Kontra": "kontras",
    "Renons": "renons claims",
    "Irregular": "irregularities",
    "ExcuseExchange": "excuse exchange",
    "Comment": "comments",
}
_KEPT_TAGS: Final = frozenset({"Variant", "Ruleset", "Dealer", *TAGS})


def _lost(record: Record) -> list[str]:
    """Short names of what the record holds that a code cannot."""
    lost: list[str] = []
    for item in record.items:
        name = _ITEM_NAMES.get(type(item).__name__)
        if name is not None and name not in lost:
            lost.append(name)
    tricks = sum(1 for _ in record.of_type(Trick))
    if tricks:
        lost.append(f"play ({tricks} tricks)")
    if record.ruleset != RULESET:
        lost.append(f"Ruleset {record.ruleset}")
    if record.dealer in record.seats and record.dealer != DEALER:
        lost.append(f"Dealer {record.dealer} (read back with Dealer {DEALER})")
    if record.get("Result", "*") != "*":
        lost.append("Result")
    if any(record.get(seat) for seat in record.seats):
        lost.append("player names")
    kept = {*_KEPT_TAGS, "Result", *record.seats}
    others = [n for n, _ in record.tags if n not in kept]
    if others:
        lost.append("tags " + " ".join(dict.fromkeys(others)))
    return lost


def sniff(head: bytes) -> bool:
    """Whether ``head`` starts with a Taroky code (after blank and ``#`` lines)."""
    for raw in head.splitlines()[:20]:
        text = raw.decode("utf-8", "replace").strip().removeprefix("\ufeff")
        if text and not text.startswith("#"):
            return _looks_like_code(text)
    return False


def _looks_like_code(text: str) -> bool:
    fields = text.split("/")
    if not 10 <= len(fields) <= 20:
        return False
    cards = fields[4:9]
    return all(re.fullmatch(r"(?:T[0-9 ]{1,2}|[SCHD][1-4JRQK])+.?", f) for f in cards) and all(
        js_number(chips) is not None for chips in fields[:4]
    )


FORMATS: Final = (
    Format(
        NAME,
        "Taroky Notation: the MachTarok server's one-line Czech deal code (deal only)",
        read=read,
        write=write,
        extensions=(".taroky",),
        sniff=sniff,
        variants=(VARIANT,),
    ),
)

__all__ = [
    "FORMATS",
    "NAME",
    "Settings",
    "card_code",
    "js_number",
    "read",
    "read_cards",
    "sniff",
    "write",
    "write_code",
]
