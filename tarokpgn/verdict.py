"""What the verifier says about one record: plain data, no rules.

A :class:`Verdict` carries the problems found (each located and explained), the computed scores
and the judge-style breakdown that explains them, and the facts the archive indexes (contract,
declarer, partner, bonuses).
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from json.encoder import encode_basestring
from typing import IO, Any, Final, cast

from tarokpgn.model import Record, format_scores


class Status(StrEnum):
    """Overall outcome of verifying one record."""

    OK = "ok"
    """Every action legal and the written scores (if any) equal the computed ones."""
    ILLEGAL = "illegal"
    """At least one action breaks the rules (or the record is not well formed)."""
    SCORE_MISMATCH = "score-mismatch"
    """Play is legal but a written score differs from the computed one."""
    RENONS = "renons"
    """A renons claim was proven (SL-13): the deal holds a breach of the rules, and the
    judgement, not the play, scores it (the accused pays). Nothing else is wrong with it."""
    INCOMPLETE = "incomplete"
    """Nothing illegal was found, but the record lacks what is needed to check everything."""
    ERROR = "error"
    """The verifier itself failed on this record (an ``internal-error`` problem, a bug in
    tarokpgn): nothing is known about it. Counted apart, and the run fails."""


# The classes below are frozen dataclasses (fields, equality, repr, hash, ``asdict`` and
# ``dataclasses.replace`` as usual; a dict field counts for equality but not for the hash) with
# a hand-written ``__init__`` that sets each field with ``object.__setattr__(self, "name",
# value)``, as in :mod:`tarokpgn.model`: compiled with mypyc it builds an object in a few dozen
# nanoseconds, where the generated one takes ~0.6 µs, and a verdict builds many of them. Their
# optional arguments are keyword-only.


@dataclass(frozen=True, slots=True, init=False)
class Problem:
    """One finding: a stable code, a plain explanation and where it is."""

    code: str
    """Stable identifier, e.g. ``"follow-suit"``, ``"score-mismatch"``, ``"E102"``."""
    message: str
    """Plain-language explanation a player understands."""
    line: int
    """1-based line in the source file (0 when unknown)."""
    column: int
    trick: int | None
    seat: str | None
    rule: str
    """The rule it rests on, e.g. ``"SL-9.3"``."""
    accepted: bool
    """True when the record marks this as an irregularity accepted at the table."""
    judged: bool
    """True when a renons judgement settles this (SL-13): a fault a proven claim covers (the
    accused pays) or an unproven claim (the claimant pays). Like an accepted irregularity, it
    does not make the deal illegal."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        line: int = 0,
        column: int = 0,
        trick: int | None = None,
        seat: str | None = None,
        rule: str = "",
        accepted: bool = False,
        judged: bool = False,
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "accepted", accepted)
        object.__setattr__(self, "judged", judged)


@dataclass(frozen=True, slots=True, init=False)
class ScoreLine:
    """One line of the score breakdown, as a judge checks it on paper."""

    label: str
    value: int
    detail: str

    def __init__(self, label: str, value: int, *, detail: str = "") -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "detail", detail)


@dataclass(frozen=True, slots=True, init=False)
class Bonus:
    """An announcement, declaration or silent bonus and how it ended."""

    name: str
    side: str
    """``"declarer"`` or ``"opponents"`` (or a seat label in every-man-for-himself games)."""
    announced: bool
    made: bool | None
    """None when the record cannot tell."""
    value: int
    """Signed value for the declarer side, kontra included."""
    kontra: int

    def __init__(
        self,
        name: str,
        side: str,
        announced: bool,
        made: bool | None,
        value: int,
        *,
        kontra: int = 0,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "announced", announced)
        object.__setattr__(self, "made", made)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "kontra", kontra)


@dataclass(frozen=True, slots=True, init=False)
class Verdict:
    """The verifier's result for one record."""

    status: Status
    problems: tuple[Problem, ...]
    contract: str | None
    declarer: str | None
    partner: str | None
    won: bool | None
    """Whether the declarer side met its contract (None for klop-like games or unknown)."""
    card_points: dict[str, int] = field(hash=False)
    """Card points per side or per seat (``{"declarer": 41, "opponents": 29}``)."""
    scores: dict[str, int] | None = field(hash=False)
    """Computed score per seat, None when they cannot be computed."""
    written: dict[str, int] | None = field(hash=False)
    """The scores the record states (Result tag)."""
    breakdown: tuple[ScoreLine, ...]
    bonuses: tuple[Bonus, ...]
    game_kontra: int
    trick_winners: tuple[str, ...]
    """Seat label of the winner of each complete trick, in order, as the rules engine decided
    it (empty for a variant without a rules engine). Play that cannot be followed further (an
    unknown card, a claim) ends the list."""

    def __init__(
        self,
        status: Status,
        *,
        problems: tuple[Problem, ...] = (),
        contract: str | None = None,
        declarer: str | None = None,
        partner: str | None = None,
        won: bool | None = None,
        card_points: dict[str, int] | None = None,
        scores: dict[str, int] | None = None,
        written: dict[str, int] | None = None,
        breakdown: tuple[ScoreLine, ...] = (),
        bonuses: tuple[Bonus, ...] = (),
        game_kontra: int = 0,
        trick_winners: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "problems", problems)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "declarer", declarer)
        object.__setattr__(self, "partner", partner)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "card_points", {} if card_points is None else card_points)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "breakdown", breakdown)
        object.__setattr__(self, "bonuses", bonuses)
        object.__setattr__(self, "game_kontra", game_kontra)
        object.__setattr__(self, "trick_winners", trick_winners)

    @property
    def ok(self) -> bool:
        return self.status is Status.OK

    def _repr_html_(self) -> str:
        """Status, problems and score breakdown as HTML, for notebooks
        (:mod:`tarokpgn.show.notebook`, imported only when a notebook asks)."""
        from tarokpgn.show.notebook import verdict_html

        return verdict_html(self)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-ready data (``status`` as its string value)."""
        data = asdict(self)
        data["status"] = self.status.value
        data["trick_winners"] = list(self.trick_winners)
        return data


# --- a verdict as JSON text, the way ``tarokpgn verify --json`` writes thousands of them -------
#
# ``json.dumps(verdict.to_json(), indent=1, ensure_ascii=False)`` runs the standard library's
# indenting encoder, which is pure Python (its C encoder does not indent), after
# ``dataclasses.asdict`` has copied every value. The writer below is compiled with this module
# and knows the classes above: it writes each field straight from the object, strings escaped by
# the standard library's own (C) escaper, as UTF-8 bytes: a list of pieces joined once (as text
# it would hold characters outside Latin-1, such as "−", so each joining would copy and widen
# every piece, and the output encode them all again). The bytes are the standard encoder's. A
# value that is not of the type its field declares (pure Python does not check them; nor does
# the compiled code check what a dict or tuple holds) is written by the caller's general writer
# ``other(value, pad)`` (:func:`tarokpgn.cli._json.indented`), so what comes out is always what
# the standard encoder writes for ``dataclasses.asdict`` of the verdict.
# ``tests/test_cli_verify_json.py`` checks it.
#
# Joining costs about a hundred instructions a piece (issue 21): what repeats from deal to deal
# is remembered as one piece with the fixed text around it (a verdict's first members, a score
# line's label, value and short detail, a bonus, a few trick winners in a row, a deal's file
# and tags), a member's key rides with the piece before it, and written scores equal to the
# computed ones reuse their piece. What rarely repeats is not remembered: a cache of it misses,
# and its entries, cold in memory and kept alive for the collector to scan, cost more time
# than the instructions they save (whole score lines, remembered before: two and a half times
# the collections and a quarter more time than the library's, for 9 % more instructions).
# ``tests/test_verify_json_pieces.py`` and ``tests/test_verify_json_lines.py`` check the near
# misses of each.

Other = Callable[[Any, str], str]
"""A general writer: ``value`` as ``json.dumps(value, indent=1, ensure_ascii=False)`` writes
it, when it starts a line indented as ``pad`` (``"\\n"`` and a space per level) says."""

_ESCAPE: Final[Callable[[str], str]] = encode_basestring
"""The standard encoder's string escaper (C): ``"text"`` with ``"``, ``\\`` and control
characters escaped, other characters as they are (``ensure_ascii=False``)."""

_REMEMBERED: Final = 4096
"""How many strings :data:`_QUOTED` and each cache of a :class:`_Text` keep (memory stays
bounded)."""

_QUOTED: Final[dict[str, bytes]] = {}
"""Strings met before, as JSON: seats, labels, contracts, bonus names, the file's name …"""

_LOW: Final = -1000
_NUMBERS: Final = tuple([str(n).encode() for n in range(_LOW, 2000)])
"""The whole numbers a verdict mostly holds, written."""


def _quoted(text: str) -> bytes:
    """``text`` as a JSON string, remembered when it is a plain ``str`` (a ``StrEnum``'s
    member is written as its string, as the standard encoder writes it)."""
    if type(text) is not str:
        return _ESCAPE(text).encode()
    known = _QUOTED.get(text)
    if known is None:
        known = _ESCAPE(text).encode()
        if len(_QUOTED) < _REMEMBERED:
            _QUOTED[text] = known
    return known


def _digits(number: int) -> bytes:
    if _LOW <= number < 2000:
        return _NUMBERS[number - _LOW]
    return str(number).encode()


def _put(parts: list[bytes], value: object, pad: str, other: Other) -> None:
    """A string, a whole number, a truth value or None as JSON; anything else by ``other``."""
    if isinstance(value, str):
        parts.append(_quoted(value))
    elif value is None:
        parts.append(b"null")
    elif value is True:
        parts.append(b"true")
    elif value is False:
        parts.append(b"false")
    elif type(value) is int:
        parts.append(_digits(value))
    else:
        parts.append(other(value, pad).encode())


class _Text:
    """The fixed text of a verdict that starts a line indented as ``pad`` says: its members'
    keys, where a member's array or object opens, separates and closes, and the keys of the
    score lines', bonuses' and problems' members."""

    def __init__(self, pad: str) -> None:
        i = pad + " "  # the verdict's members
        j = i + " "  # their elements
        k = j + " "  # the members of those
        self.i = i
        self.j = j
        self.k = k

        def member(name: str, first: bool = False, at: str = i) -> bytes:
            return (("{" if first else ",") + at + f'"{name}": ').encode()

        self.status = member("status", True)
        self.problems = member("problems")
        self.contract = member("contract")
        self.declarer = member("declarer")
        self.partner = member("partner")
        self.won = member("won")
        self.card_points = member("card_points")
        self.scores = member("scores")
        self.written = member("written")
        self.breakdown = member("breakdown")
        self.bonuses = member("bonuses")
        self.game_kontra = member("game_kontra")
        self.trick_winners = member("trick_winners")
        self.member = ("," + i).encode()
        self.end = (pad + "}").encode()
        self.array = ("[" + j).encode()
        self.object = ("{" + j).encode()
        self.element = ("," + j).encode()
        self.array_end = (i + "]").encode()
        self.object_end = (i + "}").encode()
        self.detail_end = j + "}"
        """What ends an element (as text, for a score line: joined to its detail, then encoded
        once)."""
        self.element_end = self.detail_end.encode()
        self.label = member("label", True, k)
        self.value = member("value", False, k)
        self.detail = member("detail", False, k)
        bonus = ("name", "side", "announced", "made", "value", "kontra")
        self.bonus = tuple([member(n, n == "name", k) for n in bonus])
        problem = ("code", "message", "line", "column", "trick", "seat", "rule", "accepted")
        self.problem = tuple([member(n, n == "code", k) for n in (*problem, "judged")])
        self.first_line = self.breakdown + self.array + self.label
        """The breakdown's key and how its first line starts, up to the label."""
        self.next_line = self.element + self.label
        self.lines_open = self.breakdown + self.array
        self.lines_end = self.array_end + self.bonuses
        """How the breakdown closes, with the key of ``bonuses`` after it."""
        self.no_lines = self.breakdown + b"[]" + self.bonuses
        self.points_end = self.object_end + self.scores
        """How the card points close, with the key of ``scores`` after them."""
        self.kontras: dict[int, bytes] = {}
        """A game kontra → its member with the key of ``trick_winners`` after it."""
        self.values: dict[int, bytes] = {}
        """A score line's value → it written with the key of the detail after it."""
        self.details: dict[str, bytes] = {}
        """A score line's short detail → it with the end of the line, as one piece."""
        self.heads: dict[tuple[object, ...], bytes] = {}
        """A verdict's status, contract, declarer, partner and won (no problems) → its
        members up to ``won``, as one piece."""
        self.bonus_pieces: dict[tuple[object, ...], tuple[bytes, bytes]] = {}
        """A bonus's fields → it as the first and a later element, each one piece."""
        self.files: dict[str, tuple[bytes, bytes]] = {}
        """A deal's file → its ``file`` member with the key of ``index``, as one piece."""
        self.matches: dict[str, tuple[bytes, bytes]] = {}
        """A deal's match → its ``match`` member, as one piece."""
        self.deals: dict[str, tuple[bytes, bytes]] = {}
        """A deal's number → its ``deal`` member with the end of the element, as one piece."""
        self.file_key = member("file")
        self.index_key = member("index")
        self.line_key = member("line")
        self.match_key = member("match")
        self.deal_key = member("deal")
        self.entries: dict[str, tuple[bytes, bytes]] = {}
        """A table's key → how its member starts, first and later: ``{`` or ``,``, the new
        line and ``"key": ``, as one piece (fewer pieces to join: issue 21)."""
        self.items: dict[str, tuple[bytes, bytes]] = {}
        """A string element of an array (a trick winner) → it as the first and a later one."""
        self.first_chunks: dict[tuple[object, ...], bytes] = {}
        self.chunks: dict[tuple[object, ...], bytes] = {}
        """The first and later chunks of an array of strings (:func:`_strings`) → them as one
        piece (emptied when full)."""
        self.labels: dict[str, tuple[bytes, bytes]] = {}
        """A score line's label → the start of the line, first and later, with the label and
        the key of its ``value``."""
        self.members: dict[str, tuple[bytes, bytes]] = {}
        """An extra member's key → how the member starts (twice: see :func:`_pair`)."""


_TEXTS: Final[dict[str, _Text]] = {}
"""The :class:`_Text` of each ``pad`` met."""

_STATUSES: Final = {status: encode_basestring(status.value).encode() for status in Status}
"""Each status as JSON (its value: ``Status.value`` is slow, and a ``StrEnum`` is no plain
``str`` for :func:`_quoted` to remember)."""


def _pair(
    cache: dict[str, tuple[bytes, bytes]], text: str, first: bytes, later: bytes, end: bytes
) -> tuple[bytes, bytes]:
    """``first`` and ``later``, each followed by ``text`` as JSON and ``end``: one piece where
    there were three. Remembered in ``cache`` (up to :data:`_REMEMBERED`) when ``text`` is a
    plain ``str``."""
    known = cache.get(text)
    if known is None:
        quoted = _quoted(text) + end
        known = (first + quoted, later + quoted)
        if len(cache) < _REMEMBERED and type(text) is str:
            cache[text] = known
    return known


def _table(
    parts: list[bytes], t: _Text, table: object, other: Other, end: bytes, after: bytes
) -> bool:
    """A score table (strings to whole numbers), an empty one, or None, then ``after`` (the
    next member's key, or nothing), its closing brace and ``after`` as one piece ``end``;
    True when it is written as one of strings to whole numbers (the exact types) by this
    writer."""
    plain = False
    if table is None:
        parts.append(b"null")
    elif type(table) is not dict:
        parts.append(other(table, t.i).encode())
    elif not table:
        parts.append(b"{}")
    else:
        plain = _entries(parts, t, cast(dict[object, object], table), other, end)
    if not plain and after:
        parts.append(after)
    return plain


def _entries(
    parts: list[bytes], t: _Text, table: dict[object, object], other: Other, end: bytes
) -> bool:
    """The members of a table that is not empty and ``end``; False when it is not one of
    strings to whole numbers (it is then written by ``other``, without ``end``)."""
    start = len(parts)
    first = True
    for key, value in table.items():
        if type(key) is not str or type(value) is not int:
            del parts[start:]
            parts.append(other(table, t.i).encode())
            return False
        heads = _pair(t.entries, key, t.object, t.element, b": ")
        parts.append(heads[0] if first else heads[1])
        parts.append(_digits(value))
        first = False
    parts.append(end)
    return True


def _same_table(table: object, plain: dict[str, int]) -> bool:
    """True when ``table`` holds what ``plain`` (strings to whole numbers, written by
    :func:`_table`) does, in the same order and of the same exact types: it is then written
    the same (the written scores of most deals are the computed ones). One pass over both,
    side by side (no dict comparison, no lists of keys: issue 21)."""
    if type(table) is not dict or len(cast(dict[object, object], table)) != len(plain):
        return False
    other = cast(dict[object, object], table)
    # the lengths are equal; zip's strict= would keep mypyc from compiling the loop
    for (key, value), (mine, number) in zip(other.items(), plain.items()):  # noqa: B905
        if type(key) is not str or type(value) is not int or key != mine or value != number:
            return False
    return True


def _nonempty_tuple(parts: list[bytes], t: _Text, items: object, other: Other) -> bool:
    """True when ``items`` is a tuple with elements, for the caller to write; else writes it
    (``[]``, or what is no tuple by ``other``) and gives False."""
    if type(items) is not tuple:
        parts.append(other(items, t.i).encode())
        return False
    if not items:
        parts.append(b"[]")
        return False
    return True


def _lines(parts: list[bytes], t: _Text, lines: object, other: Other) -> None:
    """The score breakdown (a tuple of :class:`ScoreLine`) with its key, and the key of
    ``bonuses`` after it. A line is three remembered pieces (:func:`_line`), not one: a
    whole line rarely repeats where its label, value and short detail each do."""
    if type(lines) is not tuple:
        parts.append(t.breakdown)
        parts.append(other(lines, t.i).encode())
        parts.append(t.bonuses)
        return
    if not lines:
        parts.append(t.no_lines)
        return
    first = True
    for line in cast(tuple[object, ...], lines):
        if type(line) is ScoreLine:
            label: object = line.label
            value: object = line.value
            detail: object = line.detail
            if type(label) is str and type(value) is int and type(detail) is str:
                _line(parts, t, label, value, detail, first)
                first = False
                continue
        parts.append(t.lines_open if first else t.element)
        parts.append(other(line, t.j).encode())
        first = False
    parts.append(t.lines_end)


def _line(parts: list[bytes], t: _Text, label: str, value: int, detail: str, first: bool) -> None:
    """A score line as the first or a later element: how it starts with its label and the
    key of its value, its value with the key of its detail, and its detail with the end of the
    element, each remembered (a detail only when short: a long one is a deal's own working,
    met once; remembering it cost a cache of cold entries, issue 21). Raises
    :exc:`UnicodeEncodeError` for a lone surrogate."""
    heads = _pair(t.labels, label, t.first_line, t.next_line, t.value)
    parts.append(heads[0] if first else heads[1])
    parts.append(_value_detail(t, value))
    if len(detail) > _SHORT:
        parts.append((_ESCAPE(detail) + t.detail_end).encode())
        return
    known = t.details.get(detail)
    if known is None:
        known = (_ESCAPE(detail) + t.detail_end).encode()
        if len(t.details) < _REMEMBERED:
            t.details[detail] = known
    parts.append(known)


_SHORT: Final = 16
"""The longest detail :func:`_line` remembers: ``""``, ``"−31"``, ``"held by E"``,
``"silent, made"``: the few hundred that make half of all lines."""


def _value_detail(t: _Text, value: int) -> bytes:
    """A score line's value and the key of its detail, as one piece (remembered)."""
    known = t.values.get(value)
    if known is None:
        known = _digits(value) + t.detail
        if len(t.values) < _REMEMBERED:
            t.values[value] = known
    return known


def _objects(
    parts: list[bytes], t: _Text, items: object, cls: type, keys: tuple[bytes, ...], other: Other
) -> None:
    """A tuple of :class:`Bonus` or of :class:`Problem` (``cls``), with their keys; a bonus of
    the exact types its fields declare as one piece, remembered."""
    if not _nonempty_tuple(parts, t, items, other):
        return
    first = True
    for item in cast(tuple[object, ...], items):
        if cls is Bonus and type(item) is Bonus:
            fields = _bonus_fields(item)
            if fields is not None:
                known = t.bonus_pieces.get(fields)
                if known is None:
                    known = _bonus_pieces(t, fields, other)
                parts.append(known[0] if first else known[1])
                first = False
                continue
        parts.append(t.array if first else t.element)
        first = False
        _object(parts, t, item, cls, keys, other)
    parts.append(t.array_end)


def _bonus_fields(b: Bonus) -> tuple[object, ...] | None:
    """A bonus's fields, when each is of the exact type it declares (a key for
    :attr:`_Text.bonus_pieces`: ``1`` and ``True`` are equal keys, not equal JSON)."""
    made = b.made
    if (
        type(b.name) is str
        and type(b.side) is str
        and type(b.announced) is bool
        and (made is None or type(made) is bool)
        and type(b.value) is int
        and type(b.kontra) is int
    ):
        return (b.name, b.side, b.announced, made, b.value, b.kontra)
    return None


def _bonus_pieces(t: _Text, fields: tuple[object, ...], other: Other) -> tuple[bytes, bytes]:
    """A bonus (its :func:`_bonus_fields`) as the first and a later element, remembered."""
    body: list[bytes] = []
    for n in range(len(fields)):
        body.append(t.bonus[n])
        _put(body, fields[n], t.k, other)
    body.append(t.element_end)
    rest = b"".join(body)
    known = (t.array + rest, t.element + rest)
    if len(t.bonus_pieces) < _REMEMBERED:
        t.bonus_pieces[fields] = known
    return known


def _object(
    parts: list[bytes], t: _Text, item: object, cls: type, keys: tuple[bytes, ...], other: Other
) -> None:
    """One bonus or problem (``cls``) after its separator, member by member."""
    values: tuple[object, ...]
    if type(item) is not cls:
        parts.append(other(item, t.j).encode())
        return
    if isinstance(item, Bonus):
        b = item
        values = (b.name, b.side, b.announced, b.made, b.value, b.kontra)
    else:
        assert isinstance(item, Problem)
        p = item
        values = (
            p.code, p.message, p.line, p.column, p.trick, p.seat, p.rule, p.accepted, p.judged
        )  # fmt: skip
    for n in range(len(keys)):
        parts.append(keys[n])
        _put(parts, values[n], t.k, other)
    parts.append(t.element_end)


_CHUNK: Final = 4
"""How many trick winners :func:`_strings` writes as one piece."""


def _strings(parts: list[bytes], t: _Text, items: object, other: Other) -> None:
    """A tuple of strings (the trick winners): when each is a plain ``str``, in pieces of
    :data:`_CHUNK` strings, remembered (the seats of a few tricks in a row repeat from deal to
    deal: fewer pieces and fewer lookups than a piece a string)."""
    if not _nonempty_tuple(parts, t, items, other):
        return
    strings = cast(tuple[object, ...], items)
    for item in strings:
        if type(item) is not str:
            _each_string(parts, t, strings, other)
            return
    cache = t.first_chunks
    for start in range(0, len(strings), _CHUNK):
        chunk = strings[start : start + _CHUNK]
        known = cache.get(chunk)
        if known is None:
            known = _chunk(t, chunk, cache)
        parts.append(known)
        cache = t.chunks
    parts.append(t.array_end)


def _chunk(t: _Text, chunk: tuple[object, ...], cache: dict[tuple[object, ...], bytes]) -> bytes:
    """Strings of an array with their separators, the first one's ``[`` or ``,`` (as
    ``cache`` is :attr:`_Text.first_chunks` or not) included, remembered in ``cache``."""
    pieces: list[bytes] = []
    first = cache is t.first_chunks
    for item in chunk:
        pieces.append(_pair(t.items, cast(str, item), t.array, t.element, b"")[0 if first else 1])
        first = False
    known = b"".join(pieces)
    if len(cache) >= _REMEMBERED:
        cache.clear()
    cache[chunk] = known
    return known


def _each_string(parts: list[bytes], t: _Text, strings: tuple[object, ...], other: Other) -> None:
    """The strings of an array one by one, the general writer's for what is no ``str``."""
    first = True
    for item in strings:
        if isinstance(item, str):
            heads = _pair(t.items, item, t.array, t.element, b"")
            parts.append(heads[0] if first else heads[1])
        else:
            parts.append(t.array if first else t.element)
            _put(parts, item, t.j, other)
        first = False
    parts.append(t.array_end)


def _text(pad: str) -> _Text:
    """The :class:`_Text` of ``pad``, made when first met."""
    t = _TEXTS.get(pad)
    if t is None:
        t = _TEXTS[pad] = _Text(pad)
    return t


def verdict_json(
    verdict: Verdict, pad: str, extra: Iterable[tuple[str, object]], other: Other
) -> bytes:
    """``verdict`` as the JSON object ``json.dumps(…, indent=1, ensure_ascii=False)`` writes
    for ``dataclasses.asdict(verdict)``, in UTF-8, starting a line indented as ``pad`` says
    (``"\\n"`` and a space per level), the members ``extra`` (key, value) after the verdict's
    own. Values that are not strings, whole numbers, truth values or None are written by
    ``other(value, pad)`` (and so are those of a field holding what it does not declare).
    Raises :exc:`UnicodeEncodeError` when a string holds a lone surrogate (UTF-8 has no
    bytes for it: how to write it is the output's choice)."""
    t = _text(pad)
    parts: list[bytes] = []
    _verdict(parts, t, verdict, other)
    for key, value in extra:
        parts.append(_pair(t.members, key, t.member, t.member, b": ")[0])
        _put(parts, value, t.i, other)
    parts.append(t.end)
    return b"".join(parts)


def _verdict(parts: list[bytes], t: _Text, v: Verdict, other: Other) -> None:
    """The members of verdict ``v``, from the ``{`` that opens it (the caller ends it)."""
    _head(parts, t, v, other)
    _table(parts, t, v.card_points, other, t.points_end, t.scores)
    scores = v.scores
    table: list[bytes] = []
    plain = _table(table, t, scores, other, t.object_end, b"")
    written = b"".join(table)
    parts.append(written)
    parts.append(t.written)
    if plain and scores is not None and _same_table(v.written, scores):
        parts.append(written)  # the same table, written once
    else:
        _table(parts, t, v.written, other, t.object_end, b"")
    _lines(parts, t, v.breakdown, other)
    _objects(parts, t, v.bonuses, Bonus, t.bonus, other)
    _kontra(parts, t, v.game_kontra, other)
    _strings(parts, t, v.trick_winners, other)


def _kontra(parts: list[bytes], t: _Text, kontra: object, other: Other) -> None:
    """The game kontra's member and the key of ``trick_winners``: one piece (remembered) for
    a whole number."""
    if type(kontra) is not int:
        parts.append(t.game_kontra)
        _put(parts, kontra, t.i, other)
        parts.append(t.trick_winners)
        return
    known = t.kontras.get(kontra)
    if known is None:
        known = t.game_kontra + _digits(kontra) + t.trick_winners
        if len(t.kontras) < _REMEMBERED:
            t.kontras[kontra] = known
    parts.append(known)


def _head(parts: list[bytes], t: _Text, v: Verdict, other: Other) -> None:
    """The members of ``v`` up to ``won`` and the key of ``card_points``: one piece,
    remembered, when it has no problems
    and its status, contract, declarer, partner and won are of the exact types they declare
    (most verdicts)."""
    status: object = v.status
    contract: object = v.contract
    declarer: object = v.declarer
    partner: object = v.partner
    won: object = v.won
    problems: object = v.problems
    if (
        type(status) is Status
        and type(problems) is tuple
        and not problems
        and (contract is None or type(contract) is str)
        and (declarer is None or type(declarer) is str)
        and (partner is None or type(partner) is str)
        and (won is None or type(won) is bool)
    ):
        key = (status, contract, declarer, partner, won)
        known = t.heads.get(key)
        if known is None:
            head: list[bytes] = []
            _members(head, t, v, other)
            head.append(t.card_points)
            known = b"".join(head)
            if len(t.heads) < _REMEMBERED:
                t.heads[key] = known
        parts.append(known)
        return
    _members(parts, t, v, other)
    parts.append(t.card_points)


def _members(parts: list[bytes], t: _Text, v: Verdict, other: Other) -> None:
    """The members of ``v`` up to ``won``, one by one."""
    i = t.i
    parts.append(t.status)
    status = v.status
    if type(status) is Status:
        parts.append(_STATUSES[status])
    else:
        _put(parts, status, i, other)
    parts.append(t.problems)
    _objects(parts, t, v.problems, Problem, t.problem, other)
    parts.append(t.contract)
    _put(parts, v.contract, i, other)
    parts.append(t.declarer)
    _put(parts, v.declarer, i, other)
    parts.append(t.partner)
    _put(parts, v.partner, i, other)
    parts.append(t.won)
    _put(parts, v.won, i, other)


ITEM: Final = "\n "
"""Where an element of the ``verify --json`` array starts: a line indented by one space."""


def deal_json(record: Record, verdict: Verdict, head: bytes, other: Other) -> bytes:
    """``head`` and one deal's element of the array ``verify --json`` writes: ``verdict`` as
    :func:`verdict_json` writes it at :data:`ITEM`, with the deal's ``file``, ``index``,
    ``line``, ``match`` and ``deal`` (None each when unknown) as its last members, those of
    the file and the deal each one piece (remembered); by :data:`C_ELEMENT` when it is there
    and takes the deal. Raises :exc:`UnicodeEncodeError` as :func:`verdict_json` does."""
    element = C_ELEMENT
    if element is not None:
        piece = _c_deal(element, record, verdict)
        if piece is not None:
            return head + piece
    parts: list[bytes] = [head]
    _deal(parts, _text(ITEM), record, verdict, other)
    return b"".join(parts)


Element = Callable[[Verdict, object, object, object, object, object], bytes | None]
"""``element(verdict, file, index, line, match, deal)``: a deal's element as :func:`_deal`
writes it, or None to leave the deal to :func:`_deal`."""


def _c_writer() -> Element | None:
    """The element writer in C (``tarokpgn/_verdict_json.c``, built next to the mypyc build
    when a C compiler is there: issue 21), set up with the classes it writes; None when it
    was not built."""
    try:
        from tarokpgn import _verdict_json
    except ImportError:
        return None
    classes = (Verdict, Problem, ScoreLine, Bonus)
    names = tuple([tuple([f.name for f in fields(cls)]) for cls in classes])
    _verdict_json.setup(Status, classes, names)
    return _verdict_json.element


C_ELEMENT: Element | None = _c_writer()
"""The C element writer :func:`deal_json` and :meth:`JsonArray.add_deals` use, None when it was
not built (they then write each deal with :func:`_deal`, the reference: a test sets it to None
to run that)."""


DealValues = tuple[str | None, int | None, int | None, str | None, str | None]


def deal_values(record: Record) -> DealValues:
    """The members ``verify --json`` adds to a deal's verdict: its ``file``, ``index``,
    ``line``, ``match`` and ``deal``, None each when unknown."""
    src = record.source
    match = record.get("Match") or None
    deal = record.get("Deal") or None
    if src is None:
        return None, None, None, match, deal
    return src.file, src.index, src.line, match, deal


def _c_deal(element: Element, record: Record, verdict: Verdict) -> bytes | None:
    """A deal's element by ``element``: None when it leaves the deal to :func:`_deal`."""
    file, index, line, match, deal = deal_values(record)
    return element(verdict, file, index, line, match, deal)


def _deal(parts: list[bytes], t: _Text, record: Record, verdict: Verdict, other: Other) -> None:
    """The pieces of :func:`deal_json` after its ``head``, added to ``parts``."""
    _verdict(parts, t, verdict, other)
    src = record.source
    if src is None:
        parts.append(t.file_key + b"null" + t.index_key + b"null" + t.line_key + b"null")
    else:
        parts.append(_pair(t.files, src.file, t.file_key, b"", t.index_key)[0])
        _put(parts, src.index, t.i, other)
        parts.append(t.line_key)
        _put(parts, src.line, t.i, other)
    _tag(parts, t, t.matches, t.match_key, record.get("Match"), b"")
    _tag(parts, t, t.deals, t.deal_key, record.get("Deal"), t.end)


def _tag(
    parts: list[bytes],
    t: _Text,
    cache: dict[str, tuple[bytes, bytes]],
    key: bytes,
    value: str,
    end: bytes,
) -> None:
    """A deal's tag as the member ``key`` starts, then ``end``: its value, null when empty;
    one piece (remembered)."""
    if not value:
        parts.append(key + b"null" + end)
    else:
        parts.append(_pair(cache, value, key, b"", end)[0])


_BATCH: Final = 8
"""How many deals :meth:`JsonArray.add_deals` writes at once to a buffered output: about 10 KB,
what the output's own buffer (8 KB) held before it wrote them anyway; a join and a write a
batch, not a deal (issue 21)."""


class JsonArray:
    """The array of ``verify --json``, written as it grows: ``[``, each element as it comes,
    then ``]``: the bytes ``json.dump(elements, out, indent=1, ensure_ascii=False)`` writes,
    without holding the elements.

    Elements in UTF-8 go straight to the byte stream under ``out`` when that writes the same
    bytes (``out`` a :class:`io.TextIOWrapper` writing UTF-8, lines ending in ``"\\n"`` on this
    system), else through ``out``; text elements are encoded as ``out`` encodes them. Compiled
    with the writer: the loop over the deals (:meth:`add_deals`) runs as C (issue 21)."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.size = 0
        self.binary: IO[bytes] | None = None
        self.flush = False
        self.errors = "strict"
        self.batch = 1
        """How many deals :meth:`add_deals` writes at once: :data:`_BATCH` to a buffered
        output, one to a line-buffered (a terminal) or unbuffered one (``python -u``), which
        shows each deal as soon as it is verified."""
        if isinstance(out, io.TextIOWrapper) and os.linesep == "\n":
            try:
                utf8 = codecs.lookup(out.encoding).name == "utf-8"
            except LookupError:
                utf8 = False
            if utf8:
                out.flush()  # what was written through ``out`` comes first
                self.binary = out.buffer
                self.flush = out.line_buffering
                self.errors = out.errors or "strict"
                if not (out.line_buffering or out.write_through):
                    self.batch = _BATCH

    def add(self, element: bytes | str) -> None:
        """One element (written for one level of indent: :data:`ITEM`)."""
        head = "[" if not self.size else ","
        self.size += 1
        binary = self.binary
        if binary is None:
            text = element if isinstance(element, str) else element.decode()
            self.out.write(head + ITEM + text)
            return
        if isinstance(element, str):
            element = element.encode("utf-8", self.errors)
        binary.write(b"[\n " if head == "[" else b",\n ")  # not joined: a copy of the element
        binary.write(element)
        if self.flush:
            binary.flush()

    def add_deals(
        self,
        pairs: Iterable[tuple[Record, Verdict]],
        counts: dict[Status, int],
        other: Other,
        slow: Callable[[Record, Verdict], bytes | str],
    ) -> None:
        """Count each deal's status in ``counts`` and add its element (:func:`deal_json`);
        one that UTF-8 cannot write (a lone surrogate) as ``slow(record, verdict)`` makes it.
        The elements go out :attr:`batch` deals at a time, one join and one write for them
        all; what is held goes out also when ``pairs`` stops early (an interrupt, an input
        that fails)."""
        binary = self.binary
        if binary is None:
            for record, verdict in pairs:
                counts[verdict.status] += 1
                self.add(slow(record, verdict))
            return
        t = _text(ITEM)
        element = C_ELEMENT
        parts: list[bytes] = []
        held = 0
        try:
            for record, verdict in pairs:
                counts[verdict.status] += 1
                start = len(parts)
                parts.append(b",\n " if self.size else b"[\n ")
                piece = None if element is None else _c_deal(element, record, verdict)
                if piece is not None:
                    parts.append(piece)
                else:
                    try:
                        _deal(parts, t, record, verdict, other)
                    except UnicodeEncodeError:
                        del parts[start:]
                        self._write(binary, parts)  # the elements before it first
                        held = 0
                        self.add(slow(record, verdict))
                        continue
                self.size += 1
                held += 1
                if held >= self.batch:
                    self._write(binary, parts)
                    held = 0
        finally:
            self._write(binary, parts)

    def _write(self, binary: IO[bytes], parts: list[bytes]) -> None:
        """The pieces held, joined, as one write (flushed when the output is line-buffered);
        none are held after it."""
        if parts:
            data = b"".join(parts)
            parts.clear()
            binary.write(data)
            if self.flush:
                binary.flush()

    def close(self) -> None:
        end = "\n]\n" if self.size else "[]\n"
        if self.binary is None:
            self.out.write(end)
        else:
            self.binary.write(end.encode())
            if self.flush:
                self.binary.flush()


# --- the line ``tarokpgn verify`` writes for a deal, compiled with its loop (issue 21) --------


def deal_line(record: Record, verdict: Verdict, word: str, end: str = "") -> str:
    """``file:line: title: WORD contract by declarer with partner; scores N +10 …`` and
    ``end``: the line ``verify`` writes for a deal, ``word`` its status as shown. The title is
    ``match deal 3``, ``deal 3`` or ``record 3``."""
    src = record.source
    what = verdict.contract or "?"
    declarer = verdict.declarer
    if declarer:
        partner = verdict.partner
        what = f"{what} by {declarer} with {partner}" if partner else f"{what} by {declarer}"
    scores = verdict.scores
    shown = format_scores(scores) if scores is not None else "not computed"
    deal = record.get("Deal")
    if deal:
        match = record.get("Match")
        title = f"{match} deal {deal}" if match else f"deal {deal}"
    else:
        title = f"record {src.index if src is not None else '?'}"
    if src is None:
        return f"<record>:0: {title}: {word} {what}; scores {shown}{end}"
    return f"{src.file}:{src.line}: {title}: {word} {what}; scores {shown}{end}"


def report_deals(
    pairs: Iterable[tuple[Record, Verdict]],
    counts: dict[Status, int],
    words: dict[Status, str],
    write: Callable[[str], object],
    full: Callable[[Record, Verdict], str],
) -> None:
    """Count each deal's status in ``counts`` and ``write`` its report: its line
    (:func:`deal_line`, ``words`` each status as shown), or for a deal with problems
    ``full(record, verdict)`` (when not empty)."""
    for record, verdict in pairs:
        status = verdict.status
        counts[status] += 1
        if verdict.problems:
            report = full(record, verdict)
            if report:
                write(report)
        else:
            write(deal_line(record, verdict, words[status], "\n"))
