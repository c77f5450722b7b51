"""Club score sheets as CSV (formats ``scoresheet``, ``scoresheet-sl`` … ``scoresheet-de``).

A score sheet is one row a deal, the way clubs keep them in spreadsheets: date, deal number,
dealer, contract, declarer, partner, difference, bonuses, kontras and each player's score (one
column a player, headed by the player's name or seat), optionally each player's running total
and the variant, ruleset, options, match, event and site. docs/convert/scoresheet.inc describes
the columns and the header words of each language (:data:`HEADERS`, in
:mod:`tarokpgn.convert.scoresheet_words`).

* Reading: every row becomes a *score-only record* (no cards: its outcome is in the tags
  ``Contract``, ``Declarer``, ``Partner``, ``Difference``, ``Bonuses``, ``Kontras``, the scores in
  ``Result``, the running totals, when the sheet has them, in ``Totals``); the verifier checks
  the arithmetic and the running totals across the ``Match``. A row that cannot be read is a
  located ``E301`` error and the other rows are read; an input that is no score sheet (no
  header row in its first lines, binary data) and a table whose header cannot be used are
  one error each. What is inferred (the variant from the number of players, the seats from
  the column order, the deal numbers from the row order) is noted GUESSED, a column that is
  not understood LOST (once a table).
* Writing: a record, played or score-only, becomes a row. The facts come from the verifier
  (:func:`tarokpgn.replay.verify`) through :func:`outcome_tags`; the scores written are the
  record's ``Result``, else the computed ones; the running totals are the ``Totals`` tag when
  the record has one, else the sum of the scores written so far in the match. A played deal
  a row cannot stand for (a renons claim, no contract or no scores) is left out, noted
  SKIPPED (:func:`skip_reason`): read back, a sheet gives no finding the records do not.
  ``scoresheet`` writes English headers and words with ``,``; the ``scoresheet-LANG``
  formats the header and the contract and bonus words of one language
  (:mod:`tarokpgn.vocabulary`) with ``;``, as spreadsheets of those languages expect.
* :func:`write_archive` writes the same sheet from a DuckDB archive (``tarokpgn export
  --scoresheet``): the rows of an archive indexed from some records equal the rows written
  from those records.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import IO, TYPE_CHECKING, Any, Final

from tarokpgn.convert.base import GUESSED, LOST, SKIPPED, Format, Notes
from tarokpgn.convert.scoresheet_words import FAMILY_OF_LANGUAGE, HEADERS, TOTAL_WORDS
from tarokpgn.errors import NotationError, RecordError, shorten
from tarokpgn.limits import MAX_KONTRA, MAX_RECORD_BYTES, MAX_SCORE, bounded_int, deal_number_ok
from tarokpgn.model import Kontra, Record, Renons, Source, format_scores, parse_scores
from tarokpgn.notation.tags import export_order
from tarokpgn.notation.writer import write_record
from tarokpgn.outcome import format_outcome, is_score_only, outcome_from_verdict, parse_outcome
from tarokpgn.rules.ruleset import OptionError, find_ruleset
from tarokpgn.variants import SEATS, all_variants, find_variant
from tarokpgn.verdict import Bonus, ScoreLine, Status, Verdict
from tarokpgn.vocabulary import (
    ANNOUNCEMENTS,
    BIDS,
    KONTRA_LEVELS,
    LANGUAGES,
    TARGETS,
    bid_hint,
    canonical,
    fold,
    words_of,
)

if TYPE_CHECKING:
    from tarokpgn.archive.store import Archive

NAME: Final = "scoresheet"

# --- the header words -------------------------------------------------------------------------


COLUMNS: Final = ("match", "event", "site", "date", "round", "deal", "dealer", "variant", "ruleset",
                  "options", "contract", "declarer", "partner", "difference", "bonuses",
                  "kontras")  # fmt: skip
"""The columns the writer writes, in order, before the players' scores and totals."""
_TAGS: Final = {"match": "Match", "event": "Event", "site": "Site", "date": "Date",
                "round": "Round", "deal": "Deal", "variant": "Variant", "ruleset": "Ruleset",
                "options": "Options"}  # fmt: skip
"""Columns copied into a tag of the same meaning."""
_OUTCOME_TAGS: Final = ("Contract", "Declarer", "Partner", "Difference", "Bonuses", "Kontras")
_CARRIED: Final = frozenset({*_TAGS.values(), *_OUTCOME_TAGS, "Dealer", "Result", "Totals"})
_DELIMITERS: Final = ",;\t"
_WINDOW: Final = 20
"""Rows looked at after a header to tell the players' columns from the others; non-blank
lines looked at for the first header."""
_QUOTE_LINES: Final = 20
"""The most lines a quoted cell may span."""
MAX_COLUMNS: Final = 256
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")


def _key(text: str) -> str:
    """A header cell as looked up: folded, punctuation ``. _ - / :`` as spaces, spaces single."""
    return " ".join(re.sub(r"[._\-/:]", " ", fold(text)).split())


def _lookup() -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    """Header key → column, header key → language (the first that has it), total words."""
    columns: dict[str, str] = {}
    languages: dict[str, str] = {}
    for lang, words in HEADERS.items():
        for column, names in words.items():
            for word in names:
                columns.setdefault(_key(word), column)
                languages.setdefault(_key(word), lang)
    totals = frozenset(_key(w) for words in TOTAL_WORDS.values() for w in words)
    return columns, languages, totals


_COLUMN_OF, _LANGUAGE_OF, _TOTALS = _lookup()


def header_language(cells: Sequence[str]) -> str:
    """The language whose words name most of ``cells`` (``en`` when none does)."""
    counts = {lang: 0 for lang in HEADERS}
    for cell in cells:
        key = _key(cell)
        for lang, words in HEADERS.items():
            if any(_key(w) == key for names in words.values() for w in names):
                counts[lang] += 1
    return max(counts, key=lambda lang: counts[lang]) if any(counts.values()) else "en"


# --- reading: lines, delimiter, rows ----------------------------------------------------------


class _Problem(Exception):
    """A row that cannot be read: ``column`` is the header cell (empty: the row itself)."""

    def __init__(self, column: str, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


@dataclass
class _Line:
    """One line of the input, without its line end: ``problem`` says why it cannot be read
    (longer than :data:`MAX_RECORD_BYTES`: ``text`` is empty; not UTF-8: ``text`` has the bad
    bytes replaced)."""

    number: int
    text: str
    problem: str = ""


_TOO_LONG: Final = f"the line is longer than {MAX_RECORD_BYTES:,} bytes"
_NOT_UTF8: Final = "the line is not UTF-8 text (save the sheet as CSV in UTF-8)"


def _lines(stream: IO[bytes]) -> Iterator[_Line]:
    """The input's lines: ends ``\\n``, ``\\r\\n`` or ``\\r`` alone; a BOM at the start dropped."""
    number = 0
    while raw := stream.readline(MAX_RECORD_BYTES + 1):
        if number == 0:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if len(raw) > MAX_RECORD_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_RECORD_BYTES)
            number += 1
            yield _Line(number, "", _TOO_LONG)
            continue
        try:
            text, problem = raw.decode("utf-8"), ""
        except UnicodeDecodeError:
            text, problem = raw.decode("utf-8", errors="replace"), _NOT_UTF8
        for part in text.removesuffix("\n").removesuffix("\r").split("\r"):
            number += 1
            yield _Line(number, part, problem)


def delimiter_of(line: str) -> str:
    """The delimiter of a header line: the most frequent of ``,`` ``;`` tab outside quotes."""
    outside = re.sub(r'"[^"]*"', "", line)
    counts = {d: outside.count(d) for d in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


_QUOTED: Final = re.compile(r'"([^"]*(?:""[^"]*)*)"')


def split_cells(text: str, delimiter: str) -> tuple[list[str], int]:
    """The cells of a row's ``text`` (its lines joined by ``\\n``) as spreadsheets write them: a
    cell starting with ``"`` is quoted (``""`` a quote in it; it may hold the delimiter and line
    breaks), a quote elsewhere is a character. Also the offset of a quote that is not closed
    (-1: none), a quote that closes on a later line followed by more than the delimiter being
    no close (it opened the next row's cell)."""
    cells: list[str] = []
    pos = 0
    while True:
        end = text.find(delimiter, pos)
        if text.startswith('"', pos):
            m = _QUOTED.match(text, pos)
            if m is None:
                return cells, pos
            end = text.find(delimiter, m.end())
            rest = text[m.end() : end if end >= 0 else len(text)]
            if rest and "\n" in text[pos : len(text) if end < 0 else end]:
                return cells, pos
            cells.append(m[1].replace('""', '"') + rest)
        else:
            cells.append(text[pos : end if end >= 0 else len(text)])
        if end < 0:
            return cells, -1
        pos = end + 1


@dataclass
class _Row:
    """One CSV row: its first line, its cells (or the error that stopped it)."""

    line: int
    cells: list[str]
    error: str = ""


@dataclass
class _Rows:
    """The rows of ``lines`` with ``delimiter``. A quoted cell may hold line breaks, over at
    most :data:`_QUOTE_LINES` lines; a quote not closed by then (or by the end) makes its row
    an error, and the lines after the row's first are read again as rows of their own."""

    lines: Iterator[_Line]
    delimiter: str
    back: list[_Line] = field(default_factory=list)

    def line(self) -> _Line | None:
        return self.back.pop() if self.back else next(self.lines, None)

    def __iter__(self) -> Iterator[_Row]:
        while (first := self.line()) is not None:
            yield self.row(first)

    def row(self, first: _Line) -> _Row:
        if first.problem == _TOO_LONG:
            return _Row(first.number, [], first.problem)
        span, text = [first], first.text
        cells, open_at = split_cells(text, self.delimiter)
        while open_at >= 0 and len(span) < _QUOTE_LINES and len(text) <= MAX_RECORD_BYTES:
            more = self.line()
            if more is None or more.problem == _TOO_LONG:
                self.back += [more] if more is not None else []
                break
            span.append(more)
            text += "\n" + more.text
            cells, open_at = split_cells(text, self.delimiter)
        if open_at >= 0:
            self.back += reversed(span[1:])
            return _Row(first.number, [], _unclosed(first.number, text, open_at, len(span)))
        bad = next((line.problem for line in span if line.problem), "")
        return _Row(first.number, [] if bad else cells, bad)


def _unclosed(line: int, text: str, offset: int, lines: int) -> str:
    """Where a quote that is not closed opened (at ``offset`` in the row's ``text``, whose
    first line is ``line``)."""
    start = text.rfind("\n", 0, offset) + 1
    where = f"line {line + text.count(chr(10), 0, start)} column {offset - start + 1}"
    within = f" within {_QUOTE_LINES} lines" if lines >= _QUOTE_LINES else ""
    return f"a quote opened at {where} is not closed{within}: the row is not read"


# --- reading: the header of a table -----------------------------------------------------------


@dataclass
class _Player:
    """A player's column: the name and seat its header gives, its score and total columns."""

    header: str
    name: str
    seat: str
    score: int
    total: int | None = None


@dataclass
class _Table:
    """A header row and what it says: the known columns, the players, the language."""

    line: int
    header: list[str]
    columns: dict[str, int]
    language: str
    players: list[_Player] = field(default_factory=list)
    seats: tuple[str, ...] = ()
    lost: list[int] = field(default_factory=list)
    """Columns not carried: unknown ones and notes."""
    problem: str = ""
    """Why the table's rows cannot be read (empty: they can)."""
    deals: int = 0
    """Data rows read so far (the deal number when there is no deal column)."""
    guessed: bool = False
    """The variant guess was noted."""
    skipped: list[int] = field(default_factory=list)
    """The lines of the rows not read because of ``problem``."""

    def raw(self, cells: list[str], column: str) -> str:
        """The stripped text of ``column`` in ``cells`` (empty when absent), unchecked."""
        index = self.columns.get(column)
        return cells[index].strip() if index is not None and index < len(cells) else ""

    def cell(self, cells: list[str], column: str) -> str:
        """The stripped text of ``column`` in ``cells`` (empty when absent)."""
        text = self.raw(cells, column)
        if _CONTROL.search(text):
            index = self.columns.get(column)
            raise _Problem(self.header[index or 0], "a control character or line break in the cell")
        return text

    def header_of(self, column: str) -> str:
        return self.header[self.columns[column]]


def _is_header(cells: list[str], least: int = 3) -> bool:
    """A row that names at least ``least`` known columns, the contract among them (the first
    header of a sheet needs two, a later one three: a data row is not taken for one)."""
    named = {_COLUMN_OF.get(_key(c)) for c in cells if c.strip()}
    return "contract" in named and len(named - {None}) >= least


def _split_total(cell: str) -> str | None:
    """The player part of a running-total header (``Ana total`` → ``Ana``), else None."""
    words = cell.split()
    if len(words) < 2:
        return None
    if _key(words[-1]) in _TOTALS:
        return " ".join(words[:-1])
    if _key(words[0]) in _TOTALS:
        return " ".join(words[1:])
    return None


_NAMED_SEAT: Final = re.compile(r"^(?P<name>.*?)\s*\((?P<seat>[NESWZ])\)$")


def _player_of(text: str) -> tuple[str, str]:
    """``Ana (N)`` → (``Ana``, ``N``); ``N`` → (``""``, ``N``); ``Ana`` → (``Ana``, ``""``)."""
    text = text.strip()
    if text in SEATS[5]:
        return "", text
    m = _NAMED_SEAT.match(text)
    if m:
        return m["name"], m["seat"]
    return text, ""


def _table(line: int, header: list[str], window: list[_Row]) -> _Table:
    """The table a header row starts, its players told apart by the rows after it."""
    cells = [c.strip() for c in header]
    columns: dict[str, int] = {}
    table = _Table(line, cells, columns, header_language(cells))
    rest: list[int] = []
    for i, cell in enumerate(cells):
        column = _COLUMN_OF.get(_key(cell))
        if column is not None and column not in columns and column != "note":
            columns[column] = i
        elif column == "note" or column is not None:
            table.lost.append(i)
        elif cell:
            rest.append(i)
    totals = {_player_of(part): i for i in rest if (part := _split_total(cells[i])) is not None}
    for i in rest:
        if i in totals.values():
            continue
        name, seat = _player_of(cells[i])
        total = totals.get((name, seat))
        if seat or total is not None or _numbers(window, i):
            table.players.append(_Player(cells[i], name, seat, i, total))
        else:
            table.lost.append(i)
    used = {p.total for p in table.players}
    table.lost += [i for i in totals.values() if i not in used]
    _seat(table)
    return table


def _numbers(window: list[_Row], index: int) -> bool:
    """Whether column ``index`` holds scores in the rows of ``window``: whole numbers in at
    least half of its non-empty cells, one at least (a mistyped score is then an error of its
    row, not a reason to drop the column)."""
    numbers = others = 0
    for row in window:
        cell = row.cells[index].strip() if index < len(row.cells) else ""
        if cell:
            if _integer(cell) is None:
                others += 1
            else:
                numbers += 1
    return numbers > 0 and numbers >= others


def _seat(table: _Table) -> None:
    """Give the players their seats: the header's, else the seat labels in column order."""
    n = len(table.players)
    if n not in SEATS or n < 3:
        table.problem = f"the header has {n} player column(s); a score sheet needs 3 to 5"
        return
    if any(_CONTROL.search(p.header) for p in table.players):
        table.problem = "a player's header holds a control character or line break"
        return
    given = [p.seat for p in table.players]
    if all(given):
        if sorted(given) != sorted(SEATS[n]):
            table.problem = f"the header's seats {' '.join(given)} are not {' '.join(SEATS[n])}"
            return
        table.seats = tuple(sorted(given, key=SEATS[n].index))
        return
    for player, seat in zip(table.players, SEATS[n], strict=True):
        player.seat = seat
    table.seats = SEATS[n]


# --- reading: a row ---------------------------------------------------------------------------


def _integer(text: str) -> int | None:
    """A whole number with an optional sign (``+``, ``-``, ``−``), within ±MAX_SCORE."""
    text = text.strip().replace("\u2212", "-")
    sign = -1 if text[:1] == "-" else 1
    value = bounded_int(text[1:] if text[:1] in "+-" else text, MAX_SCORE)
    return None if value is None or not text else sign * value


_PARTIAL_DATE: Final = re.compile(r"^(?P<y>\d{4}|\?{4})\.(?P<m>\d\d|\?\?)\.(?P<d>\d\d|\?\?)$")
"""A date as a record's ``Date`` tag writes it, ``??`` where a part is not known."""
_DATE_FORMS: Final = (
    re.compile(r"^(?P<y>\d{4})[-./](?P<m>\d{1,2})[-./](?P<d>\d{1,2})$"),
    re.compile(r"^(?P<d>\d{1,2})\.\s*(?P<m>\d{1,2})\.\s*(?P<y>\d{4})$"),
    re.compile(r"^(?P<d>\d{1,2})[/-](?P<m>\d{1,2})[/-](?P<y>\d{4})$"),
)


def date_tag(text: str) -> str:
    """A sheet's date as the ``Date`` tag (``YYYY.MM.DD``): ``2024-03-01``, ``2024.03.01``,
    ``1. 3. 2024``, ``01/03/2024`` (day first), or a tag's partial date (``2024.??.??``, as
    the writer writes one). Raises ValueError for anything else."""
    for form in (_PARTIAL_DATE, *_DATE_FORMS):
        m = form.match(text)
        if m and _in_range(m["m"], 12) and _in_range(m["d"], 31):
            parts = ((m["y"], 4), (m["m"], 2), (m["d"], 2))
            return ".".join(p if "?" in p else f"{int(p):0{n}d}" for p, n in parts)
    raise ValueError(
        f"{shorten(text)!r} is not a date (2024-03-01, 1. 3. 2024, 01/03/2024 or 2024.??.??)"
    )


def _in_range(part: str, most: int) -> bool:
    """A date's month or day: unknown (``??``) or 1 … ``most``."""
    return "?" in part or 1 <= int(part) <= most


def _word(text: str) -> str:
    """A cell's word as the vocabulary looks it up: folded, spaces as hyphens."""
    return "-".join(fold(text).split())


def contract_word(variant: str, text: str) -> str:
    """The canonical contract of ``text`` in ``variant``'s words (any language); raises
    ValueError for a word that is not a contract of the variant's family."""
    family = words_of(variant)
    word = canonical(BIDS, variant, _word(text))
    known = set(BIDS.get(family, {}).values())
    if known and word not in known and not _engine_contract(variant, word):
        hint = bid_hint(variant, _word(text))
        raise ValueError(
            f"{shorten(text)!r} is not a {family} contract" + (f" ({hint})" * bool(hint))
        )
    return word


def _engine_contract(variant: str, word: str) -> bool:
    """Whether the rules engine of ``variant`` (its default ruleset) has contract ``word``: the
    contracts no one bids (Ottocento's partnership game)."""
    try:
        return find_ruleset(variant).contract(word) is not None
    except OptionError:
        return False


_ITEM: Final = re.compile(r"^(?P<sign>[-+\u2212]?)(?P<name>[^!@]+)(?P<bang>!?)(?:@(?P<who>.+))?$")


def bonuses_tag(variant: str, text: str, seat_of: Callable[[str], str]) -> str:
    """A bonuses cell as the ``Bonuses`` tag: items ``[+|-]NAME[!][@SEAT]``, names in any
    language, apart by commas, or by spaces (then words that make a known name together are
    one item: ``pagat ultimo!``)."""
    if "," in text or ";" in text:
        parts = [p.strip() for p in text.replace(";", ",").split(",")]
    else:
        parts = _group_words(variant, text.split())
    items = []
    for part in (p for p in parts if p):
        m = _ITEM.match(part)
        name = _word(m["name"]) if m else ""
        if m is None or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
            raise ValueError(f"{shorten(part)!r} is not a bonus ([+|-]NAME[!], e.g. -kings!)")
        sign = "-" if m["sign"] in ("-", "\u2212") else "+"
        who = f"@{seat_of(m['who'].strip())}" if m["who"] else ""
        items.append(f"{sign}{canonical(ANNOUNCEMENTS, variant, name)}{m['bang']}{who}")
    return " ".join(items)


def _group_words(variant: str, words: list[str]) -> list[str]:
    """Space-separated words as items: from each word, the longest run of words that names a
    known announcement of ``variant`` (``pagat ultimo!`` is one item), else the word alone."""
    known = {*ANNOUNCEMENTS.get(words_of(variant), {}), *ANNOUNCEMENTS.get(variant, {})}
    items: list[str] = []
    i = 0
    while i < len(words):
        end = i + 1
        for j in range(min(len(words), i + 4), i + 1, -1):
            m = _ITEM.match(" ".join(words[i:j]))
            if m is not None and _word(m["name"]) in known:
                end = j
                break
        items.append(" ".join(words[i:end]))
        i = end
    return items


def kontras_tag(variant: str, text: str) -> str:
    """A kontras cell as the ``Kontras`` tag: items ``TARGET=LEVEL`` (a level is a number or a
    doubling word: ``igra=rekontra``), or a level alone for the game (``kontra``, ``2``)."""
    items: dict[str, int] = {}
    for part in text.replace(",", " ").replace(";", " ").split():
        target, _, level = part.rpartition("=")
        word = _word(target) if target else "game"
        name = TARGETS.get(word) or canonical(ANNOUNCEMENTS, variant, word)
        number = KONTRA_LEVELS.get(_word(level)) or bounded_int(level, MAX_KONTRA)
        if not number or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
            raise ValueError(f"{shorten(part)!r} is not a kontra (TARGET=LEVEL, e.g. game=1)")
        items[name] = max(items.get(name, 0), number)
    return " ".join(f"{name}={level}" for name, level in items.items())


class _Reader:
    """Reads one input: its tables one after another, a record a data row."""

    def __init__(self, stream: IO[bytes], name: str, notes: Notes) -> None:
        self.lines = _lines(stream)
        self.file = name
        self.notes = notes
        self.index = 0
        self.table: _Table | None = None
        self.deals: dict[str, int] = {}
        self.match = "" if name.startswith("<") else PurePath(name).stem or name
        """The file's name without its ending (none for standard input, ``<stdin>``)."""

    def note(
        self, kind: str, message: str, *, field: str = "", line: int = 0, record: int = 0
    ) -> None:
        self.notes.add(kind, message, format=NAME, file=self.file, record=record, field=field,
                       line=line)  # fmt: skip

    def records(self) -> Iterator[Record | NotationError]:
        found = self.first_header()
        if found is None:
            return
        if isinstance(found, NotationError):
            yield found
            return
        header, delimiter = found
        rows = iter(_Rows(self.lines, delimiter))
        pending: list[_Row] = []
        row: _Row | None = header
        while row is not None:
            if row is header or not row.error and _is_header(row.cells):
                yield from self.close()
                pending += _window(rows, _WINDOW - len(pending))
                self.start(row, pending)
            elif row.error or any(c.strip() for c in row.cells):
                result = self.row(row)
                if result is not None:
                    yield result
            row = pending.pop(0) if pending else next(rows, None)
        yield from self.close()

    def first_header(self) -> tuple[_Row, str] | NotationError | None:
        """The first header row, among the first :data:`_WINDOW` non-blank lines, and its
        delimiter; a line that cannot be read there is taken as the header (its table is then
        not read). The one error of an input that is no score sheet; None for a blank one."""
        before: list[int] = []
        for line in self.lines:
            if line.problem == _TOO_LONG:
                self.before_header(before)
                return _Row(line.number, [], line.problem), ","
            if "\x00" in line.text:
                return self.error(line.number, "", "not a score sheet: the file holds binary "
                                  "data (NUL bytes)")  # fmt: skip
            delimiter = delimiter_of(line.text)
            cells = split_cells(line.text, delimiter)[0]
            if _is_header(cells, 2):
                self.before_header(before)
                return _Row(line.number, [] if line.problem else cells, line.problem), delimiter
            if line.text.strip():
                before.append(line.number)
            if len(before) == _WINDOW:
                break
        if not before:
            return None
        within = f" in its first {_WINDOW} non-blank lines" if len(before) == _WINDOW else ""
        return self.error(before[0], "", f"no score-sheet header row found{within}: a header "
                          "names the contract and other columns (Contract, Declarer, Difference, "
                          "…, the players) in English, Slovenian, Czech, French, Italian or "
                          "German")  # fmt: skip

    def before_header(self, lines: list[int]) -> None:
        if lines:
            span = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}–{lines[-1]}"
            self.note(LOST, f"{span} before the header row; not carried", line=lines[0])

    def start(self, row: _Row, window: list[_Row]) -> None:
        if row.error or len(row.cells) > MAX_COLUMNS:
            why = f"the header row cannot be read: {row.error}" if row.error else (
                f"the header has {len(row.cells)} columns; a score sheet has at most "
                f"{MAX_COLUMNS}")  # fmt: skip
            self.table = _Table(row.line, [], {}, "en", problem=why)
            return
        data = [r for r in window if not r.error and not _is_header(r.cells)]
        self.table = table = _table(row.line, row.cells, data)
        for i in table.lost:
            what = _COLUMN_OF.get(_key(table.header[i]))
            why = "notes" if what == "note" else "a second column of that meaning" if what else (
                "a column this reader does not understand")  # fmt: skip
            self.note(LOST, f"{why}; not carried", field=f"column {table.header[i]!r}",
                      line=row.line)  # fmt: skip
        if table.seats and not all(_player_of(p.header)[1] for p in table.players):
            shown = ", ".join(f"{p.header} {p.seat}" for p in table.players)
            self.note(GUESSED, f"seats given in column order: {shown}", field="header",
                      line=row.line)  # fmt: skip

    def close(self) -> Iterator[NotationError]:
        """The one error of a table that cannot be read (at its header), naming its rows."""
        table = self.table
        if table is None or not table.problem:
            return
        rows = table.skipped
        self.index += 1
        if not rows:
            yield self.error(table.line, "", f"{table.problem}; the table is not read")
            return
        span = f"line {rows[0]}" if len(rows) == 1 else f"lines {rows[0]}–{rows[-1]}"
        yield self.error(table.line, "", f"{table.problem}; its {len(rows)} "
                         f"row{'s' * (len(rows) != 1)} ({span}) are not read")  # fmt: skip

    def error(self, line: int, column: str, message: str) -> NotationError:
        where = f"column {column!r}: " if column else ""
        return NotationError("E301", f"{where}{message}", file=self.file, record=self.index,
                             line=line)  # fmt: skip

    def row(self, row: _Row) -> Record | NotationError | None:
        table = self.table
        assert table is not None
        if table.problem:
            table.skipped.append(row.line)
            return None
        if row.error:
            self.index += 1
            return self.error(row.line, "", row.error)
        if not table.raw(row.cells, "contract") and _is_sum_row(row.cells):
            self.note(LOST, "a row of sums, not a deal; not carried", line=row.line)
            return None
        self.index += 1
        try:
            return self.record(table, row)
        except _Problem as p:
            return self.error(row.line, p.column, p.message)

    def record(self, table: _Table, row: _Row) -> Record:
        cells = row.cells
        variant = self.variant(table, cells, row.line)
        tags = self.plain_tags(table, cells)
        tags += self.outcome(table, cells, variant)
        tags += self.scores(table, cells)
        names = [(p.seat, p.name) for p in table.players if p.name]
        record = Record(export_order([*tags, *names, ("Variant", variant)]))
        text = write_record(record)
        digest = hashlib.sha256(text.encode()).hexdigest()
        placed = tuple((name, 0) for name, _ in record.tags)  # every tag on the row's line
        return Record(record.tags, (), Source(self.file, 0, row.line, digest, self.index, placed))

    def variant(self, table: _Table, cells: list[str], line: int) -> str:
        """The row's variant: its variant column, else a guess from the number of players."""
        n = len(table.players)
        written = table.cell(cells, "variant")
        if written:
            spec = find_variant(written.lower())
            if spec is None or spec.players != n:
                why = "not a variant" if spec is None else f"a variant of {spec.players} players"
                raise _Problem(table.header_of("variant"), f"{shorten(written)!r} is {why}")
            return spec.id
        family = FAMILY_OF_LANGUAGE.get(table.language, "slovenian")
        found = [s.id for s in all_variants() if s.players == n and s.family == family]
        found += [s.id for s in all_variants() if s.players == n and s.family == "slovenian"]
        if not found:
            raise _Problem("", f"no variant of {n} players is known; add a variant column")
        if not table.guessed:
            table.guessed = True
            self.note(GUESSED, f"variant {found[0]} (the sheet has no variant column; "
                      f"{n} players, {LANGUAGES[table.language].name} headers)", line=line,
                      record=self.index)  # fmt: skip
        return found[0]

    def plain_tags(self, table: _Table, cells: list[str]) -> list[tuple[str, str]]:
        """Match, Deal, Date, Event, Site, Ruleset, Options and Dealer."""
        tags: list[tuple[str, str]] = []
        for column, tag in _TAGS.items():
            if column == "variant":  # the row's variant, checked (``variant``)
                continue
            value = table.cell(cells, column)
            if column == "date" and value:
                value = _checked(table, column, date_tag, value)
            elif column == "deal" and value:
                value = _checked(table, column, _deal_tag, value)
            elif column == "round" and not deal_number_ok(value):
                message = f"{shorten(value)!r} is not a round number (1 … 999999) nor a name"
                raise _Problem(table.header_of(column), message)
            elif column == "match" and not value:
                value = self.match
            if value:
                tags.append((tag, value))
        match = dict(tags).get("Match", "")
        number = int(dict(tags).get("Deal", 0) or self.deals.get(match, 0) + 1)
        if "deal" not in table.columns:
            tags.append(("Deal", str(number)))
            if table.deals == 0:
                self.note(GUESSED, "deal numbers in row order (the sheet has no deal column)",
                          line=table.line)  # fmt: skip
        table.deals += 1
        self.deals[match] = number
        dealer = table.cell(cells, "dealer")
        if dealer:
            tags.append(("Dealer", self.seat(table, "dealer", dealer)))
        return tags

    def seat(self, table: _Table, column: str, text: str) -> str:
        """The seat a cell names: its label or its player's name (case-insensitive)."""
        if text.upper() in table.seats:
            return text.upper()
        for p in table.players:
            if p.name.casefold() == text.casefold():
                return p.seat
        names = ", ".join(p.name or p.seat for p in table.players)
        raise _Problem(table.header_of(column) if column in table.columns else column,
                       f"{shorten(text)!r} is not a player of this sheet ({names})")  # fmt: skip

    def outcome(self, table: _Table, cells: list[str], variant: str) -> list[tuple[str, str]]:
        """Contract, Declarer, Partner, Difference, Bonuses and Kontras."""
        text = table.cell(cells, "contract")
        if not text:
            raise _Problem(table.header_of("contract") if "contract" in table.columns
                           else "contract", "no contract")  # fmt: skip
        tags = [("Contract", _checked(table, "contract", lambda t: contract_word(variant, t),
                                      text))]  # fmt: skip
        declarer = table.cell(cells, "declarer")
        if declarer:
            tags.append(("Declarer", self.seat(table, "declarer", declarer)))
        partner = table.cell(cells, "partner")
        if partner and (seat := self.seat(table, "partner", partner)) != dict(tags).get("Declarer"):
            tags.append(("Partner", seat))
        difference = table.cell(cells, "difference")
        if difference:
            tags.append(("Difference", _checked(table, "difference", _difference, difference)))

        def seat_of(who: str) -> str:
            return self.seat(table, "bonuses", who)

        def read_bonuses(text: str) -> str:
            return bonuses_tag(variant, text, seat_of)

        def read_kontras(text: str) -> str:
            return kontras_tag(variant, text)

        for column, tag, read in (("bonuses", "Bonuses", read_bonuses),
                                  ("kontras", "Kontras", read_kontras)):  # fmt: skip
            text = table.cell(cells, column)
            if text:
                tags.append((tag, _checked(table, column, read, text)))
        return tags

    def scores(self, table: _Table, cells: list[str]) -> list[tuple[str, str]]:
        """Result from the players' columns (an empty cell is 0), Totals from their totals."""
        tags: list[tuple[str, str]] = []
        for tag, which in (("Result", "score"), ("Totals", "total")):
            values: dict[str, int] = {}
            given = False
            for p in sorted(table.players, key=lambda p: table.seats.index(p.seat)):
                index = getattr(p, which)
                cell = cells[index].strip() if index is not None and index < len(cells) else ""
                value = _integer(cell) if cell else 0
                if value is None:
                    raise _Problem(p.header if which == "score" else table.header[index],
                                   f"{shorten(cell)!r} is not a whole number")  # fmt: skip
                given = given or bool(cell)
                values[p.seat] = value
            if given:
                tags.append((tag, format_scores(values)))
        return tags


def _window(rows: Iterator[_Row], n: int) -> list[_Row]:
    out: list[_Row] = []
    for _ in range(max(n, 0)):
        row = next(rows, None)
        if row is None:
            break
        out.append(row)
    return out


def _checked(table: _Table, column: str, read: Callable[[str], str], text: str) -> str:
    """``read(text)``, its ValueError a problem of ``column``."""
    try:
        return read(text)
    except ValueError as exc:
        raise _Problem(table.header_of(column), str(exc)) from None


def _difference(text: str) -> str:
    value = _integer(text)
    if value is None:
        raise ValueError(f"{shorten(text)!r} is not a whole number")
    return f"{value:+d}" if value else "0"


def _deal_tag(text: str) -> str:
    value = text.rstrip(".").strip()
    if not value.isdigit() or not deal_number_ok(value):
        raise ValueError(f"{shorten(text)!r} is not a deal number (1 … 999999)")
    return str(int(value))


def _is_sum_row(cells: list[str]) -> bool:
    """A row of column sums: a total word (``Σ``, ``Skupaj``) in a cell, no contract."""
    return any(_key(c) in _TOTALS for c in cells if c.strip())


def read(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """Every row of a score sheet as a score-only record, or a located E301 in its place."""
    return _Reader(stream, name, notes).records()


def sniff(head: bytes) -> bool:
    """A first line naming at least three known columns, the contract among them."""
    text = head.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    first = next((line for line in text.splitlines() if line.strip()), "")
    return _is_header(split_cells(first, delimiter_of(first))[0])


# --- writing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetLine:
    """One deal as a row of the sheet, in canonical words and seat labels (before the
    language and the players' names are applied): what :func:`sheet_line` takes from a record
    and its verdict, and :func:`write_archive` from an archive's rows."""

    seats: tuple[str, ...]
    names: tuple[str, ...]
    """The player's name on each seat (``""`` when the record has none)."""
    cells: dict[str, str]
    """Column of :data:`COLUMNS` → text (canonical words, seat labels; absent: empty)."""
    scores: dict[str, int] | None
    """The deal's scores per seat (None: neither computed nor written)."""
    totals: dict[str, int] | None
    """The running totals the record wrote (its ``Totals`` tag), None when it wrote none."""
    skipped: str = ""
    """Why the deal has no row (:func:`skip_reason`; empty: it has one). Its scores still
    count in the match's running totals."""


def sheet_line(record: Record, verdict: Verdict, note: Callable[..., None]) -> SheetLine:
    """The row of ``record`` (verified as ``verdict``); what it cannot carry goes to ``note``
    (:meth:`Notes.about`): the parts a row has no place for (LOST, one note), the whole
    record when it gets no row (SKIPPED)."""
    seats, names = record.seats, tuple(record.player(s) for s in record.seats)
    cells = {column: record.get(tag) for column, tag in _TAGS.items() if column in COLUMNS}
    cells["dealer"] = record.dealer
    skipped = skip_reason(record, verdict)
    if skipped:
        note(SKIPPED, skipped, "deal")
        return SheetLine(seats, names, cells, verdict.scores, _totals(record), skipped)
    _lost_parts(record, note)
    cells.update(_outcome_cells(record, verdict))
    return SheetLine(seats, names, cells, _scores(verdict), _totals(record))


def skip_reason(record: Record, verdict: Verdict) -> str:
    """Why a played deal gets no row (empty: it gets one): a row must read back as a
    score-only record the verifier finds as right as the deal, and a sheet has no form for a
    renons judgement (SL-13: the judged scores are not the contract's), nor for a deal
    without a contract or without scores (unfinished: its row would lack the difference)."""
    if verdict.status is Status.RENONS or any(isinstance(i, Renons) for i in record.items):
        return ("a deal with a renons claim, which a score sheet has no form for (a judged "
                "deal's scores are not its contract's); left out (its scores count in the "
                "running totals)")  # fmt: skip
    if is_score_only(record) or verdict.scores is not None and verdict.contract:
        return ""
    what = f"{verdict.contract} by {verdict.declarer}" if verdict.declarer else (
        verdict.contract or "no contract")  # fmt: skip
    return (f"the deal is not scored ({verdict.status.value}: {what}), and a score sheet "
            "row needs its outcome and scores; left out")  # fmt: skip


def _outcome_cells(record: Record, verdict: Verdict) -> dict[str, str]:
    """Contract, declarer, partner, difference, bonuses and kontras from the verdict
    (:func:`tarokpgn.outcome.outcome_tags`)."""
    tags = dict(outcome_tags(record, verdict))
    return {column: tags.get(tag, "") for column, tag in zip(
        ("contract", "declarer", "partner", "difference", "bonuses", "kontras"),
        _OUTCOME_TAGS, strict=True)}  # fmt: skip


def outcome_tags(record: Record, verdict: Verdict) -> tuple[tuple[str, str], ...]:
    """The outcome tags of ``record``: a score-only record's own (normalized by
    :func:`~tarokpgn.outcome.parse_outcome`, as written when malformed), a played one's from
    its verdict (:func:`~tarokpgn.outcome.outcome_from_verdict`; the contract alone for a
    deal without a declarer, klop or Ottocento's partnership game)."""
    if is_score_only(record):
        try:
            outcome = parse_outcome(record)
        except RecordError:
            outcome = None
        if outcome is None:
            return tuple((tag, record.get(tag)) for tag in _OUTCOME_TAGS if record.get(tag))
        return format_outcome(outcome)
    played = outcome_from_verdict(record, verdict)
    if played is not None:
        return format_outcome(played)
    return (("Contract", verdict.contract),) if verdict.contract else ()


def _scores(verdict: Verdict) -> dict[str, int] | None:
    """The record's written Result (what the players wrote: read back, the verifier finds
    what it finds in the record), else the computed scores."""
    return verdict.written if verdict.written is not None else verdict.scores


def _totals(record: Record) -> dict[str, int] | None:
    try:
        return parse_scores(record.get("Totals"))
    except ValueError:
        return None


def _lost_parts(record: Record, note: Callable[..., None]) -> None:
    """Note, in one note, what a row cannot hold: the cards and play (field ``movetext``),
    the tags it has no column for (``tags``)."""
    kinds: dict[str, int] = {}
    for item in record.items:
        kinds[type(item).__name__] = kinds.get(type(item).__name__, 0) + 1
    tricks = kinds.pop("Trick", 0)
    parts = [_PART_WORDS.get(k, k.lower()) for k in kinds]
    if tricks:
        parts.append(f"{tricks} trick{'s' * (tricks != 1)}")
    seats = set(record.seats)
    tags = [n for n, _ in record.tags if n not in _CARRIED and n not in seats]
    if tags:
        parts.append(f"tag{'s' * (len(tags) != 1)} {', '.join(tags)}")
    fields = [f for f, there in (("movetext", kinds or tricks), ("tags", tags)) if there]
    if parts:
        note(LOST, f"{', '.join(parts)} not carried", " and ".join(fields))


_PART_WORDS: Final = {"Hand": "hands", "Talon": "talon", "Auction": "auction", "Call": "call",
                      "Exchange": "exchange", "Announce": "announcements",
                      "Kontra": "kontras as played", "Comment": "comments",
                      "Renons": "renons claims", "Irregular": "irregularities",
                      "ExcuseExchange": "excuse exchange"}  # fmt: skip


@dataclass
class _Sheet:
    """Writes :class:`SheetLine` rows in one language: a header row whenever the seats or the
    players change (after a blank line), the running totals of each match."""

    language: str
    delimiter: str
    layout: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    runs: dict[str, tuple[int, dict[str, int] | None]] = field(default_factory=dict)
    """Match → (last deal number, its running totals)."""

    def rows(self, lines: Iterable[SheetLine]) -> Iterator[str]:
        for line in lines:
            if line.skipped:
                self.running(line)
                continue
            layout = (line.seats, _shown_names(line))
            if layout != self.layout:
                if self.layout is not None:
                    yield "\n"
                self.layout = layout
                yield self.csv(self.header(layout))
            yield self.csv(self.cells(line, layout[1]))

    def csv(self, cells: list[str]) -> str:
        out = io.StringIO()
        csv.writer(out, delimiter=self.delimiter, lineterminator="\n").writerow(cells)
        return out.getvalue()

    def header(self, layout: tuple[tuple[str, ...], tuple[str, ...]]) -> list[str]:
        words = HEADERS[self.language]
        players = [f"{name} ({seat})" if name else seat for seat, name in zip(*layout, strict=True)]
        total = TOTAL_WORDS[self.language][0]
        return [words[c][0] for c in COLUMNS] + players + [f"{p} {total}" for p in players]

    def cells(self, line: SheetLine, names: tuple[str, ...]) -> list[str]:
        shown = dict(zip(line.seats, names, strict=True))

        def seat(label: str) -> str:
            return shown.get(label) or label

        c = line.cells
        variant = c.get("variant", "")
        out = {**c, "dealer": seat(c.get("dealer", "")), "declarer": seat(c.get("declarer", "")),
               "partner": seat(c.get("partner", "")),
               "contract": self.word("bids", variant, c.get("contract", "")),
               "bonuses": self.bonuses(variant, c.get("bonuses", ""), seat),
               "kontras": self.kontras(variant, c.get("kontras", ""))}  # fmt: skip
        scores = line.scores or {}
        totals = self.running(line)
        return (
            [out.get(col, "") for col in COLUMNS]
            + [_number(scores.get(s)) if line.scores is not None else "" for s in line.seats]
            + [_number(totals.get(s)) if totals is not None else "" for s in line.seats]
        )

    def running(self, line: SheetLine) -> dict[str, int] | None:
        """The match's running totals after this deal: the record's Totals, else the sum of
        the scores written since deal 1 (None when a deal or a score is missing)."""
        match, deal = line.cells.get("match", ""), line.cells.get("deal", "")
        number = int(deal) if deal.isdigit() else 0
        if not match or not number:
            return line.totals
        last, before = self.runs.get(match, (0, None))
        if line.totals is not None:
            totals: dict[str, int] | None = line.totals
        elif line.scores is None or number > 1 and (last != number - 1 or before is None):
            totals = None
        else:
            base = before if number > 1 and before is not None else {}
            totals = {s: base.get(s, 0) + line.scores.get(s, 0) for s in line.seats}
        self.runs[match] = (number, totals)
        return totals

    def word(self, part: str, variant: str, word: str) -> str:
        """``word`` (canonical) in this language, when the vocabulary has it."""
        if self.language == "en" or not word:
            return word
        lang = LANGUAGES[self.language]
        table: dict[str, dict[str, str]] = getattr(lang, part)
        for scope in (variant, words_of(variant)):
            for native, canonical_word in table.get(scope, {}).items():
                if canonical_word == word:
                    return native.lower()
        return word

    def bonuses(self, variant: str, text: str, seat: Callable[[str], str]) -> str:
        items = []
        for item in text.split():
            m = _ITEM.match(item)
            if m is None:
                items.append(item)
                continue
            who = f"@{seat(m['who'])}" if m["who"] else ""
            name = self.word("announcements", variant, m["name"])
            items.append(f"{m['sign']}{name}{m['bang']}{who}")
        return " ".join(items)

    def kontras(self, variant: str, text: str) -> str:
        lang = LANGUAGES[self.language]
        items = []
        for item in text.split():
            target, _, level = item.partition("=")
            target = lang.targets[0].lower() if target == "game" and self.language != "en" else (
                self.word("announcements", variant, target))  # fmt: skip
            items.append(f"{target}={level}")
        return " ".join(items)


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _shown_names(line: SheetLine) -> tuple[str, ...]:
    """The names a header shows: the players' names when each is distinct and no seat label."""
    names = line.names
    clean = all(n and n not in SEATS[5] and not _CONTROL.search(n) for n in names)
    return names if clean and len(set(names)) == len(names) else ("",) * len(names)


def writer(language: str) -> Callable[[Iterable[Record], Notes], Iterator[str]]:
    """The writer of ``scoresheet`` (English) or ``scoresheet-LANG``."""
    name = NAME if language == "en" else f"{NAME}-{language}"

    def write(records: Iterable[Record], notes: Notes) -> Iterator[str]:
        def lines() -> Iterator[SheetLine]:
            from tarokpgn.replay import verify

            for record in records:
                yield sheet_line(record, verify(record), notes.about(record, name))

        return _Sheet(language, "," if language == "en" else ";").rows(lines())

    return write


# --- the archive route -----------------------------------------------------------------------

_DEALS_SQL: Final = """
SELECT d.deal_id, d.status, d.contract, d.declarer, d.partner, d.won, d.game_kontra,
  (SELECT list([name, value] ORDER BY pos) FROM tags t WHERE t.deal_id = d.deal_id),
  d.kontras,
  list_transform(range(1, len(d.card_holders) + 1),
                 lambda i: [d.card_holders[i], d.card_points[i]::VARCHAR]),
  list_transform(range(1, len(d.seats) + 1),
                 lambda i: {'seat': d.seats[i], 'computed': d.computed[i],
                            'written': coalesce(d.written, d.computed)[i]}),
  d.bonuses,
  list_transform(d.breakdown, lambda b: {'label': b.label, 'value': b.value,
                                         'detail': coalesce(b.detail, d.result)})
FROM deal_data d
JOIN (SELECT deal, min(file) AS file, min(idx) AS idx FROM occurrence_rows
      GROUP BY deal) o ON o.deal = d.deal
ORDER BY o.file, o.idx
"""
"""Each deal with the rows the score sheet needs, in one query (streamed, not one query a
deal): the order the files were found, each deal where it first occurs. Kontras, card points,
scores, bonuses and the breakdown in the verifier's order: the lists of the archive's storage
row, as ``deal_data`` gives them (``tarokpgn/archive/schema.sql``), decoded here as its views
would."""
_BATCH: Final = 1000


def archive_lines(archive: Archive) -> Iterator[SheetLine]:
    """Every deal of ``archive`` as a :class:`SheetLine`: the verdict is rebuilt from the
    archive's rows (its cards are not needed)."""
    cursor = archive.con.execute(_DEALS_SQL)
    while batch := cursor.fetchmany(_BATCH):
        for row in batch:
            yield sheet_line(*_archived(row), lambda *_: None)


def _archived(row: tuple[Any, ...]) -> tuple[Record, Verdict]:
    """The record (tags and kontras) and the verdict of one row of :data:`_DEALS_SQL`."""
    _id, status, contract, declarer, partner, won, game_kontra = row[:7]
    tags, kontras, points, scores, bonuses, breakdown = (x or [] for x in row[7:])
    record = Record(
        tuple((n, v) for n, v in tags),
        tuple(Kontra(k["seat"], k["level"], k["target"]) for k in kontras),
    )
    computed = {s["seat"]: s["computed"] for s in scores if s["computed"] is not None}
    written = {s["seat"]: s["written"] for s in scores if s["written"] is not None}
    verdict = Verdict(
        Status(status),
        contract=contract,
        declarer=declarer,
        partner=partner,
        won=won,
        card_points={holder: int(value) for holder, value in points},
        scores=computed or None,
        written=written or None,
        bonuses=tuple(
            Bonus(b["name"], b["side"], b["announced"], b["made"], b["value"], kontra=b["kontra"])
            for b in bonuses
        ),
        breakdown=tuple(ScoreLine(r["label"], r["value"], detail=r["detail"]) for r in breakdown),
        game_kontra=game_kontra,
    )
    return record, verdict


def write_archive(archive: Archive, language: str = "en") -> Iterator[str]:
    """The score sheet of every deal in ``archive`` (``tarokpgn export --scoresheet``): the
    same text :func:`writer` writes for the records the archive was indexed from."""
    return _Sheet(language, "," if language == "en" else ";").rows(archive_lines(archive))


# --- the formats ------------------------------------------------------------------------------


def _format(language: str) -> Format:
    if language == "en":
        return Format(NAME, "club score sheets, one row a deal (CSV; headers in en, sl, cs, fr, "
                      "it or de)", read=read, write=writer("en"), extensions=(".csv",),
                      sniff=sniff)  # fmt: skip
    summary = f"score sheets written with {LANGUAGES[language].name} headers and words (CSV, ;)"
    return Format(f"{NAME}-{language}", summary, read=read, write=writer(language))


FORMATS: Final = tuple(_format(lang) for lang in HEADERS)
"""``scoresheet`` (reads every language, writes English) and ``scoresheet-sl``, ``-cs``,
``-fr``, ``-it``, ``-de`` (write that language)."""
