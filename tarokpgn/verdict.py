"""What the verifier says about one record: plain data, no rules.

A :class:`Verdict` carries the problems found (each located and explained), the computed scores
and the judge-style breakdown that explains them, and the facts the archive indexes (contract,
declarer, partner, bonuses).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from json.encoder import encode_basestring
from typing import Any, Final, cast


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
        self.first_line = self.array + self.label
        self.next_line = self.element + self.label
        self.values: dict[int, bytes] = {}
        """A score line's value → it written with the key of the detail after it."""
        self.details: dict[str, bytes] = {}
        """A score line's detail → it as JSON with the end of the line (most details repeat
        from deal to deal; emptied when full, as details that do not repeat fill it)."""
        self.entries: dict[str, tuple[bytes, bytes]] = {}
        """A table's key → how its member starts, first and later: ``{`` or ``,``, the new
        line and ``"key": ``, as one piece (fewer pieces to join: issue 21)."""
        self.items: dict[str, tuple[bytes, bytes]] = {}
        """A string element of an array (a trick winner) → it as the first and a later one."""
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


def _table(parts: list[bytes], t: _Text, table: object, other: Other) -> None:
    """A score table (strings to whole numbers), an empty one, or None."""
    if table is None:
        parts.append(b"null")
    elif type(table) is not dict:
        parts.append(other(table, t.i).encode())
    elif not table:
        parts.append(b"{}")
    else:
        start = len(parts)
        first = True
        for key, value in table.items():
            if type(key) is not str or type(value) is not int:
                del parts[start:]
                parts.append(other(table, t.i).encode())
                return
            heads = _pair(t.entries, key, t.object, t.element, b": ")
            parts.append(heads[0] if first else heads[1])
            parts.append(_digits(value))
            first = False
        parts.append(t.object_end)


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
    """The score breakdown: a tuple of :class:`ScoreLine`."""
    if not _nonempty_tuple(parts, t, lines, other):
        return
    first = True
    for line in cast(tuple[object, ...], lines):
        if type(line) is ScoreLine:
            label: object = line.label
            value: object = line.value
            detail: object = line.detail
            if isinstance(label, str) and type(value) is int and isinstance(detail, str):
                heads = _pair(t.labels, label, t.first_line, t.next_line, t.value)
                parts.append(heads[0] if first else heads[1])
                parts.append(_value_detail(t, value))
                parts.append(_detail_end(t, detail))
                first = False
                continue
        parts.append(t.array if first else t.element)
        parts.append(other(line, t.j).encode())
        first = False
    parts.append(t.array_end)


def _value_detail(t: _Text, value: int) -> bytes:
    """A score line's value and the key of its detail, as one piece (remembered)."""
    known = t.values.get(value)
    if known is None:
        known = _digits(value) + t.detail
        if len(t.values) < _REMEMBERED:
            t.values[value] = known
    return known


def _detail_end(t: _Text, detail: str) -> bytes:
    """A score line's detail as JSON and the end of the line, as one piece (remembered when
    ``detail`` is a plain ``str``; raises :exc:`UnicodeEncodeError` for a lone surrogate)."""
    known = t.details.get(detail)
    if known is None:
        known = (_ESCAPE(detail) + t.detail_end).encode()
        if type(detail) is str:
            if len(t.details) >= _REMEMBERED:
                t.details.clear()
            t.details[detail] = known
    return known


def _objects(
    parts: list[bytes], t: _Text, items: object, cls: type, keys: tuple[bytes, ...], other: Other
) -> None:
    """A tuple of :class:`Bonus` or of :class:`Problem` (``cls``), with their keys."""
    if not _nonempty_tuple(parts, t, items, other):
        return
    sep = t.array
    for item in cast(tuple[object, ...], items):
        parts.append(sep)
        sep = t.element
        values: tuple[object, ...]
        if type(item) is not cls:
            parts.append(other(item, t.j).encode())
            continue
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
    parts.append(t.array_end)


def _strings(parts: list[bytes], t: _Text, items: object, other: Other) -> None:
    """A tuple of strings (the trick winners)."""
    if not _nonempty_tuple(parts, t, items, other):
        return
    first = True
    for item in cast(tuple[object, ...], items):
        if isinstance(item, str):
            heads = _pair(t.items, item, t.array, t.element, b"")
            parts.append(heads[0] if first else heads[1])
        else:
            parts.append(t.array if first else t.element)
            _put(parts, item, t.j, other)
        first = False
    parts.append(t.array_end)


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
    t = _TEXTS.get(pad)
    if t is None:
        t = _TEXTS[pad] = _Text(pad)
    v = verdict
    i = t.i
    parts: list[bytes] = [t.status]
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
    parts.append(t.card_points)
    _table(parts, t, v.card_points, other)
    parts.append(t.scores)
    _table(parts, t, v.scores, other)
    parts.append(t.written)
    _table(parts, t, v.written, other)
    parts.append(t.breakdown)
    _lines(parts, t, v.breakdown, other)
    parts.append(t.bonuses)
    _objects(parts, t, v.bonuses, Bonus, t.bonus, other)
    parts.append(t.game_kontra)
    _put(parts, v.game_kontra, i, other)
    parts.append(t.trick_winners)
    _strings(parts, t, v.trick_winners, other)
    for key, value in extra:
        parts.append(_pair(t.members, key, t.member, t.member, b": ")[0])
        _put(parts, value, i, other)
    parts.append(t.end)
    return b"".join(parts)
