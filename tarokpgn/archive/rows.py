"""Records and verdicts as compact rows for the archive's storage tables; pure (no I/O, no
DuckDB).

The archive stores one row per distinct deal (``deal_rows`` in ``schema.sql``), its
card-level and per-seat facts as small lists in that row, and decodes them in the documented
views (``deals``, ``hands``, ``plays``, ``seats`` …; see ``docs/archive.rst``). A
:class:`Rows` accumulates the rows of a batch of deals and turns them into pyarrow tables
with :meth:`Rows.to_arrow`, ready for :mod:`tarokpgn.archive.store` to insert in bulk:

- ``deal_rows``: one row per distinct deal of the batch: ``deal``, its number in the batch
  (the store gives each new deal its key in the archive), ``hash`` (the SHA-256 of its export
  form, :attr:`~tarokpgn.model.Source.sha256`, as 32 bytes), the columns of ``deals``, the
  ``generated`` flag, and the lists (:data:`STORAGE`);
- ``occurrence_rows``: one row per place a deal was found (``deal``: its number in the batch);
- ``problems``: as documented (a deal's findings by its hex ``deal_id``).

A card is stored as one byte, its code: its index in :data:`CARD_CODES` (every card of the
54-, 78- and 62-card packs and ``?``), or, for a token outside it (a record may name any
word as a card, which the verifier then refuses), :data:`ODD_CODE` plus its index in the
deal's ``odd_cards`` list. A hand, a talon, an exchange action's cards and a trick's plays
are each a list of codes. A deal added twice to the same :class:`Rows` (the same content
hash) gets a second ``occurrence_rows`` row only; a deal that fails half-way leaves no rows
(its values are all computed before any is kept).
"""

from __future__ import annotations

import array
import struct
from collections.abc import Iterable, Sequence
from typing import Any, Final

import pyarrow as pa

from tarokpgn.cards import DECKS
from tarokpgn.model import (
    MAX_TRICK_NUMBER,
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    bounded_int,
    format_scores,
    parse_scores,
)
from tarokpgn.verdict import Problem, Verdict

_S, _I8, _I16, _I32, _I64, _B, _U8 = (
    pa.string(),
    pa.int8(),
    pa.int16(),
    pa.int32(),
    pa.int64(),
    pa.bool_(),
    pa.uint8(),
)

COLUMNS: Final[dict[str, tuple[tuple[str, pa.DataType], ...]]] = {
    "occurrences": (
        ("file", _S), ("idx", _I32), ("deal_id", _S), ("offset", _I64), ("line", _I32),
    ),
    "deals": (
        ("deal_id", _S), ("variant", _S), ("ruleset", _S), ("options", _S), ("event", _S),
        ("site", _S), ("date", _S), ("year", _I16), ("round", _S), ("deal_no", _S),
        ("match", _S), ("dealer", _S), ("players", _I8), ("result", _S), ("status", _S),
        ("contract", _S), ("declarer", _S), ("partner", _S), ("called_card", _S),
        ("called_in_talon", _B), ("won", _B), ("declarer_points", _I32),
        ("opponent_points", _I32), ("game_kontra", _I8), ("tricks", _I16), ("problems", _I16),
    ),
    "tags": (("deal_id", _S), ("pos", _I16), ("name", _S), ("value", _S)),
    "seats": (
        ("deal_id", _S), ("seat", _S), ("position", _I8), ("player", _S), ("role", _S),
        ("tricks_won", _I16),
    ),
    "scores": (
        ("deal_id", _S), ("seat", _S), ("computed", _I32), ("written", _I32), ("agrees", _B),
    ),
    "card_points": (("deal_id", _S), ("holder", _S), ("points", _I32)),
    "breakdown": (
        ("deal_id", _S), ("pos", _I16), ("label", _S), ("value", _I32), ("detail", _S),
    ),
    "hands": (("deal_id", _S), ("seat", _S), ("pos", _I8), ("card", _S)),
    "talon": (("deal_id", _S), ("pos", _I8), ("card", _S)),
    "auction": (("deal_id", _S), ("pos", _I16), ("seat", _S), ("bid", _S)),
    "exchanges": (
        ("deal_id", _S), ("seat", _S), ("action", _S), ("pos", _I8), ("card", _S),
    ),
    "announcements": (
        ("deal_id", _S), ("pos", _I16), ("kind", _S), ("seat", _S), ("name", _S),
        ("cards", _S), ("options", _S),
    ),
    "kontras": (
        ("deal_id", _S), ("pos", _I16), ("seat", _S), ("level", _I8), ("target", _S),
    ),
    "bonuses": (
        ("deal_id", _S), ("name", _S), ("side", _S), ("announced", _B), ("made", _B),
        ("value", _I32), ("kontra", _I8),
    ),
    "tricks": (
        ("deal_id", _S), ("trick", _I16), ("leader", _S), ("winner", _S), ("cards", _I8),
    ),
    "plays": (
        ("deal_id", _S), ("trick", _I16), ("pos", _I8), ("seat", _S), ("card", _S),
        ("winner", _S),
    ),
    "irregularities": (
        ("deal_id", _S), ("pos", _I16), ("kind", _S), ("what", _S), ("seat", _S),
        ("claimant", _S), ("trick", _I16), ("options", _S),
    ),
    "problems": (
        ("file", _S), ("deal_id", _S), ("origin", _S), ("record", _I32), ("line", _I32),
        ("column", _I32), ("code", _S), ("message", _S), ("trick", _I16), ("seat", _S),
        ("rule", _S), ("accepted", _B), ("judged", _B),
    ),
}  # fmt: skip
"""Documented table or view → ((column, arrow type), …), as ``docs/archive.rst`` describes
them (``deals``, ``occurrences`` and the deal tables are views of the storage tables,
:data:`STORAGE`). ``sources`` and ``meta`` are written by the store itself."""


DEAL_TABLES: Final = tuple(t for t in COLUMNS if t not in ("occurrences", "problems"))
"""Tables holding one deal's content, keyed by ``deal_id`` (``deals`` first): the documented
tables, views of ``deal_rows`` in the archive."""

CARD_CODES: Final = (
    "FOOL", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13", "T12", "T11", "T10",
    "T9", "T8", "T7", "T6", "T5", "T4", "T3", "T2", "T1",
    "HK", "HQ", "HN", "HJ", "H1", "H2", "H3", "H4", "DK", "DQ", "DN", "DJ", "D1", "D2", "D3", "D4",
    "SK", "SQ", "SN", "SJ", "S10", "S9", "S8", "S7", "CK", "CQ", "CN", "CJ", "C10", "C9", "C8",
    "C7",
    "?",
    "H10", "H9", "H8", "H7", "H6", "H5", "D10", "D9", "D8", "D7", "D6", "D5",
    "S6", "S5", "S4", "S3", "S2", "S1", "C6", "C5", "C4", "C3", "C2", "C1",
    "T0",
)  # fmt: skip
"""Card token → its code (its index here), fixed forever (the archive's ``card_codes`` table):
the 54-card pack in its canonical order first (codes 0–53, so that its codes take 6 bits),
then ``?``, the rest of the 78-card pack and the 62-card pack's ``T0``."""
CODE_OF: Final = {token: code for code, token in enumerate(CARD_CODES)}
_CODE_OF: Final[dict[str, Any]] = {
    t: CODE_OF[t] for d in DECKS.values() for t in d.tokens if t in CODE_OF
}
""":data:`CODE_OF` keyed by the token objects of the packs (a plug-in's pack may hold other
tokens), which the reader puts in records: found by identity, without comparing characters;
values untyped, so that compiled code does not unbox and box them again."""
_CODE_OF.update(CODE_OF)
ODD_CODE: Final = 128
"""Code of the first token outside :data:`CARD_CODES` in a deal (``odd_cards[0]``)."""
MAX_ODD_CARDS: Final = 255 - ODD_CODE + 1

_CODES: Final = pa.list_(pa.list_(_U8))


def _list(kind: pa.DataType) -> pa.DataType:
    return pa.list_(kind)


def _struct_list(*fields: tuple[str, pa.DataType]) -> pa.DataType:
    return pa.list_(pa.struct([pa.field(name, kind) for name, kind in fields]))


STORAGE: Final[dict[str, tuple[tuple[str, pa.DataType], ...]]] = {
    "deal_rows": (
        ("deal", _I32), ("hash", pa.binary()), *COLUMNS["deals"][1:14],
        ("result_from_scores", _B), *COLUMNS["deals"][14:], ("generated", _B),
        ("odd_cards", _list(_S)),
        ("tag_names", _S), ("tag_name_list", _list(_S)), ("tag_text", _S),
        ("tag_value_list", _list(_S)),
        ("table_seats", _list(_S)), ("seats", _list(_S)), ("seat_players", _list(_S)),
        ("tricks_won", _list(_I16)), ("computed", _list(_I32)), ("written", _list(_I32)),
        ("card_holders", _list(_S)), ("card_points", _list(_I32)),
        ("breakdown", _struct_list(("label", _S), ("value", _I32), ("detail", _S))),
        ("bonuses", _struct_list(("name", _S), ("side", _S), ("announced", _B), ("made", _B),
                                 ("value", _I32), ("kontra", _I8))),
        ("auction", _struct_list(("seat", _S), ("bid", _S))),
        ("announcements", _struct_list(("kind", _S), ("seat", _S), ("name", _S),
                                       ("cards", _S), ("options", _S))),
        ("kontras", _struct_list(("seat", _S), ("level", _I8), ("target", _S))),
        ("irregularities", _struct_list(("kind", _S), ("what", _S), ("seat", _S),
                                        ("claimant", _S), ("trick", _I16), ("options", _S))),
        ("hand_seats", _list(_S)), ("hand_layout", pa.list_(_U8)), ("hands", _CODES),
        ("talon", _CODES),
        ("exchange_seats", _list(_S)), ("exchange_actions", _list(_S)), ("exchanges", _CODES),
        ("trick_numbers", _list(_I16)), ("leaders", _list(_S)), ("winners", _list(_S)),
        ("plays", _CODES),
    ),
    "occurrence_rows": (
        ("file", _S), ("idx", _I32), ("deal", _I32), ("offset", _I64), ("line", _I32),
    ),
    "problems": COLUMNS["problems"],
}  # fmt: skip
"""Storage table → ((column, arrow type), …), in ``schema.sql`` order: what
:meth:`Rows.to_arrow` gives (``deal`` numbers the deals of the batch)."""

ARROW_SCHEMAS: Final = {
    table: pa.schema([pa.field(name, kind) for name, kind in cols])
    for table, cols in STORAGE.items()
}
"""The schemas of :meth:`Rows.to_arrow`'s tables."""

NON_NULL_ITEMS: Final[dict[str, tuple[str, ...]]] = {
    "seats": (), "card_holders": (), "card_points": (), "breakdown": ("label", "value"),
    "bonuses": ("name", "side", "announced", "value", "kontra"), "auction": ("seat", "bid"),
    "announcements": ("kind", "seat", "name", "cards", "options"),
    "kontras": ("seat", "level", "target"), "irregularities": ("kind", "what", "options"),
    "hand_seats": (), "exchange_seats": (), "exchange_actions": (), "trick_numbers": (),
    "leaders": (),
}  # fmt: skip
"""List columns of ``deal_rows`` → the fields of their items (a struct's; ``()``: the item)
that cannot be NULL: the decoded columns that schema 2 declared ``NOT NULL`` (a deal with a
NULL there cannot be stored)."""

_TAG_COLUMNS: Final = (
    "Variant", "Options", "Event", "Site", "Date", "Round", "Deal", "Match", "Dealer", "Result",
)  # fmt: skip
"""Tags whose value is a column of ``deals`` (``Ruleset`` too, unless empty): where the
value is the column's, ``tag_values`` holds NULL (the ``tags`` view takes the column's)."""
_COLUMN_TAGS: Final = frozenset((*_TAG_COLUMNS, "Ruleset"))

_NESTED: Final = ("hand_layout", "hands", "talon", "exchanges", "plays")
"""The columns of card codes, built from flat codes (:class:`_Nested`)."""
_ROW: Final = tuple((name, kind) for name, kind in STORAGE["deal_rows"][1:] if name not in _NESTED)
"""The other columns of ``deal_rows`` but ``deal``: :data:`_FLAT` and :data:`_REPEATED`."""
_REPEATED: Final = (
    "table_seats", "seats", "seat_players", "card_holders", "auction", "hand_seats",
    "exchange_seats", "exchange_actions",
)  # fmt: skip
"""Columns whose values mostly repeat from deal to deal (a variant's seats, a table's
players, common auctions …), kept as tuples by :class:`_Repeated`, in :data:`_ROW` order."""
_FLAT: Final = tuple(
    (name, kind) for name, kind in _ROW if name not in _REPEATED and name != "breakdown"
)
"""The rest but ``breakdown`` (a :class:`_StructList`): a tuple per deal, converted by Arrow."""
_KINDS: Final = dict(_ROW)


def _options(pairs: Iterable[tuple[str, str]]) -> str:
    return " ".join(f"{k}={v}" for k, v in pairs)


def year_of(date: str) -> int | None:
    """The year of a ``YYYY.MM.DD`` date (``??`` parts allowed), or None."""
    head = date.split(".", 1)[0]
    return int(head) if len(head) == 4 and head.isascii() and head.isdigit() else None


def trick_winners(record: Record, verdict: Verdict | None = None) -> dict[int, str]:
    """Trick number → winning seat.

    The rules engine's winners (``verdict.trick_winners``, one per complete trick in order)
    where the verifier gives them; for the other tricks, where the record shows it: the leader
    of the next trick. The last trick's winner is then not known; callers may add it (see
    :class:`Rows` ``last_winner``).
    """
    tricks = [item for item in record.items if isinstance(item, Trick)]
    return _winners(tricks, verdict.trick_winners if verdict is not None else ())


def _winners(tricks: list[Trick], engine: tuple[str, ...]) -> dict[int, str]:
    out: dict[int, str] = {}
    if len(engine) == len(tricks):  # the engine's every winner (a whole deal): one loop
        for i in range(len(tricks)):
            out[tricks[i].number] = engine[i]
        return out
    for i in range(1, len(tricks)):
        out[tricks[i - 1].number] = tricks[i].leader
    if len(engine) <= len(tricks):  # more would mean the tricks do not match the record's
        for i in range(len(engine)):
            out[tricks[i].number] = engine[i]
    return out


def deal_hash(sha256: str) -> bytes:
    """The 32 bytes of a content hash given as 64 lower-case hex digits (ValueError else)."""
    try:
        raw = bytes.fromhex(sha256)
    except ValueError:
        raw = b""
    if len(raw) != 32 or raw.hex() != sha256:
        raise ValueError(f"a deal's content hash must be 64 lower-case hex digits: {sha256!r}")
    return raw


class _Nested:
    """A column of lists of card-code lists (``hands`` …), kept flat: the codes, where each
    list of codes ends (``inner``), and where each deal's lists end (``outer``)."""

    def __init__(self) -> None:
        self.codes = bytearray()
        self.inner = [0]
        self.outer = [0]
        """Offsets, as lists (an ``array.array`` takes a method call per value; packed at the
        end: :func:`_offsets`)."""

    def add(self, codes: bytes, sizes: list[int]) -> None:
        """Add a deal's lists: their codes, joined, and each list's length."""
        inner = self.inner
        end = len(self.codes)
        self.codes += codes
        for size in sizes:
            end += size
            inner.append(end)
        self.outer.append(len(inner) - 1)

    def array(self) -> pa.Array:
        inner = pa.ListArray.from_arrays(_offsets(self.inner), self._values())
        return pa.ListArray.from_arrays(_offsets(self.outer), inner)

    def flat(self) -> pa.Array:
        """The column as lists of codes, one per deal (each deal added one group at most)."""
        offsets = _offsets([self.inner[i] for i in self.outer])
        return pa.ListArray.from_arrays(offsets, self._values())

    def _values(self) -> pa.Array:
        return pa.Array.from_buffers(_U8, len(self.codes), [None, pa.py_buffer(self.codes)])


def _offsets(values: list[int]) -> pa.Array:
    """Offsets (or indices) as an Arrow ``int32`` array: packed by :mod:`struct` in one C loop
    at ~90 instructions a value (``array.array`` parses each value at ~280, ``pa.array``
    converts it at ~340; callgrind)."""
    data = struct.pack(f"{len(values)}i", *values)
    return pa.Array.from_buffers(_I32, len(values), [None, pa.py_buffer(data)])


class _Repeated:
    """A column of :data:`_REPEATED`: its distinct values and each deal's index among them.

    Arrow converts a string at ~500 instructions, so a list of four seats at ~2,000; a
    look-up of the value (a tuple) costs less, and each distinct value of the batch is
    converted once (:meth:`array`). Measured (callgrind, a chunk of ~1,200 deals): these
    eight columns 12,000 instructions a deal instead of 17,000."""

    __slots__ = ("index", "picks")

    def __init__(self) -> None:
        self.index: dict[tuple[Any, ...], int] = {}
        self.picks: list[int] = []

    def add(self, value: tuple[Any, ...]) -> None:
        at = self.index.get(value)
        if at is None:
            at = self.index[value] = len(self.index)
        self.picks.append(at)

    def values(self) -> list[tuple[Any, ...]]:
        """Each deal's value, in order."""
        distinct = list(self.index)
        return [distinct[at] for at in self.picks]

    def array(self, kind: pa.DataType) -> pa.Array:
        picks = self.picks
        if len(self.index) <= 256:  # indices as bytes: a C loop, ~50 instructions an index
            data = bytes(picks)
            indices = pa.Array.from_buffers(_U8, len(data), [None, pa.py_buffer(data)])
        else:
            indices = _offsets(picks)
        return pa.array(list(self.index), kind).take(indices)


class _StructList:
    """A column of lists of structs (``breakdown``): each field's values of every deal's items
    in one list, and where each deal's items end. Arrow converts a deal's list of tuples into
    structs at about four times the cost of the same values as flat lists, one array per field
    (``breakdown``, 6.7 lines a deal in the benchmark's corpus: 2.6 µs a deal against 0.6)."""

    __slots__ = ("fields", "ends")

    def __init__(self, width: int) -> None:
        self.fields: list[list[Any]] = [[] for _ in range(width)]
        self.ends = [0]

    def add(self, fields: tuple[list[Any], ...]) -> None:
        """Add a deal's items, given as the list of each field's values."""
        for i in range(len(self.fields)):
            self.fields[i].extend(fields[i])
        self.ends.append(self.ends[-1] + len(fields[0]))

    def values(self) -> list[list[tuple[Any, ...]]]:
        """Each deal's items, in order."""
        items = list(zip(*self.fields, strict=True))
        ends = self.ends
        return [items[ends[i] : ends[i + 1]] for i in range(len(ends) - 1)]

    def array(self, kind: pa.ListType) -> pa.Array:
        struct = kind.value_type
        arrays = [pa.array(values, struct.field(i).type) for i, values in enumerate(self.fields)]
        items = pa.StructArray.from_arrays(arrays, fields=list(struct))
        return pa.ListArray.from_arrays(_offsets(self.ends), items, type=kind)


class _Codes:
    """Card tokens → codes for one deal, collecting the deal's odd tokens."""

    __slots__ = ("odd",)

    def __init__(self) -> None:
        self.odd: list[str] = []

    def of(self, cards: tuple[str, ...]) -> bytes:
        """The codes of ``cards`` (a method: compiled, a call of the object is a generic one)."""
        try:
            return bytes([_CODE_OF[c] for c in cards])
        except KeyError:
            return bytes([self._code(c) for c in cards])

    def joined(self, groups: list[tuple[str, ...]]) -> bytes:
        """The codes of the cards of ``groups``, joined: one ``bytes`` made, not one a group
        (~900 instructions each), in the order :meth:`of` would number odd tokens."""
        try:
            return bytes([_CODE_OF[c] for cards in groups for c in cards])
        except KeyError:
            return bytes([self._code(c) for cards in groups for c in cards])

    def _code(self, card: str) -> int:
        code = CODE_OF.get(card)
        if code is not None:
            return code
        if card not in self.odd:
            if len(self.odd) >= MAX_ODD_CARDS:
                raise ValueError("too many unknown card tokens in the record for the archive")
            self.odd.append(card)
        return ODD_CODE + self.odd.index(card)


_Lists = tuple[bytes, list[int]]
"""Lists of card codes: the codes, joined, and each list's length (:meth:`_Nested.add`)."""


def _lists(groups: list[bytes]) -> _Lists:
    return b"".join(groups), [len(group) for group in groups]


_Seating = tuple[int, tuple[str, ...], tuple[str, ...], tuple[int, ...] | None]
"""A record's players, seats, play order and each seat's place in it (:meth:`Rows._seating`)."""


class Rows:
    """Rows for a batch of deals (see the module docstring).

    A deal is known by its number (its index in the batch).
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        """Distinct deal ids in the order added; a deal's number is its index here."""
        self._number: dict[str, int] = {}
        self._occurrences: list[list[Any]] = [[], [], [], [], []]
        """file, idx, deal number, offset, line."""
        self._deals: list[tuple[Any, ...]] = []
        """The values of :data:`_FLAT`, a tuple per deal."""
        self._repeated = {name: _Repeated() for name in _REPEATED}
        self._breakdown = _StructList(len(_KINDS["breakdown"].value_type))
        self._nested = {name: _Nested() for name in _NESTED}
        self._problems: list[tuple[Any, ...]] = []
        self._seatings: dict[str, dict[str, _Seating]] = {}
        """Variant → dealer → the record's seating (:meth:`_seating`)."""

    def __len__(self) -> int:
        """Number of distinct deals added."""
        return len(self._ids)

    def add_deal(self, record: Record, verdict: Verdict, last_winner: str | None = None) -> str:
        """Add one verified record; returns its ``deal_id``.

        Trick winners come from ``verdict.trick_winners`` (the rules engine); ``last_winner``
        is the seat that won the last written trick, used only when the verdict does not say.
        """
        src = record.source
        if src is None or not src.sha256:
            raise ValueError("a record needs a source with a content hash to be archived")
        deal_id = src.sha256
        number = self._number.get(deal_id)
        if number is None:
            _check_ranges(record, verdict)
            row, repeated, breakdown, nested = self._deal_values(
                deal_hash(deal_id), record, verdict, last_winner
            )
            number = len(self._ids)  # nothing is kept before this line: no partial rows
            self._ids.append(deal_id)
            self._number[deal_id] = number
            self._deals.append(row)
            # by index: compiled, zip(strict=True) is a generic call (~2,500 instructions)
            for i in range(len(_REPEATED)):
                self._repeated[_REPEATED[i]].add(repeated[i])
            self._breakdown.add(breakdown)
            for i in range(len(_NESTED)):
                codes, sizes = nested[i]
                self._nested[_NESTED[i]].add(codes, sizes)
            for p in verdict.problems:
                self._problems.append(
                    (src.file, deal_id, "verify", src.index, p.line, p.column, p.code,
                     p.message, p.trick, p.seat, p.rule, p.accepted, p.judged)
                )  # fmt: skip
        files, indices, numbers, offsets, lines = self._occurrences
        files.append(src.file)
        indices.append(src.index)
        numbers.append(number)
        offsets.append(src.offset)
        lines.append(src.line)
        return deal_id

    def _seating(self, record: Record, variant: str, dealer: str) -> _Seating:
        """The record's players, seats, play_order() and where each seat is in that order
        (None unless the two name the same seats), which follow from its variant and dealer."""
        by_dealer = self._seatings.get(variant)
        if by_dealer is None:
            by_dealer = self._seatings[variant] = {}
        seating = by_dealer.get(dealer)
        if seating is None:
            seats, order = record.seats, record.play_order()
            where = tuple(order.index(s) for s in seats) if sorted(seats) == sorted(order) else None
            seating = by_dealer[dealer] = (record.players, seats, order, where)
        return seating

    def _deal_values(
        self, raw: bytes, record: Record, verdict: Verdict, last_winner: str | None
    ) -> tuple[
        tuple[Any, ...],
        tuple[tuple[Any, ...], ...],
        tuple[list[Any], ...],
        tuple[_Lists, ...],
    ]:
        """The deal's ``deal_rows`` values: those of :data:`_FLAT`, of :data:`_REPEATED`,
        ``breakdown`` (a list per field), and the card codes of :data:`_NESTED`."""
        tags = record.tags
        tag = dict(reversed(tags))  # the first of a repeated name wins
        seating = self._seating(record, tag.get("Variant", ""), tag.get("Dealer", ""))
        players, seats, order, where = seating
        codes = _Codes()
        tricks: list[Trick] = []
        call: Call | None = None
        talon: Talon | None = None
        hand_seats: list[str] = []
        hands: list[bytes] = []
        talons: list[bytes] = []
        exchange_seats: list[str] = []
        actions: list[str] = []
        exchanges: list[bytes] = []
        auction: list[tuple[str, str]] = []
        announcements: list[tuple[str, str, str, str, str]] = []
        kontras: list[tuple[str, int, str]] = []
        irregularities: list[tuple[Any, ...]] = []
        for item in record.items:
            if isinstance(item, Trick):
                tricks.append(item)
            elif isinstance(item, Hand):
                if item.cards:
                    hand_seats.append(item.seat)
                    hands.append(codes.of(item.cards))
            elif isinstance(item, Talon):
                if talon is None:
                    talon = item
                if item.cards:
                    talons.append(codes.of(item.cards))
            elif isinstance(item, Auction):
                auction.extend((bid.seat, bid.bid) for bid in item.bids)
            elif isinstance(item, Call):
                if call is None:
                    call = item
            elif isinstance(item, Exchange):
                for action, cards in (("take", item.take), ("discard", item.discard),
                                      ("show", item.show)):  # fmt: skip
                    if cards:
                        exchange_seats.append(item.seat)
                        actions.append(action)
                        exchanges.append(codes.of(cards))
            elif isinstance(item, Announce):
                announcements.append(
                    (item.kind, item.seat, item.name, " ".join(item.cards), _options(item.options))
                )
            elif isinstance(item, Kontra):
                kontras.append((item.seat, item.level, item.target))
            elif isinstance(item, Renons):
                irregularities.append(_renons(item))
            elif isinstance(item, Irregular):
                irregularities.append(_irregular(item))
        winners = _winners(tricks, verdict.trick_winners)
        if tricks and last_winner is not None and tricks[-1].number not in winners:
            winners[tricks[-1].number] = last_winner
        plays = codes.joined([trick.cards for trick in tricks])
        in_talon: bool | None = None
        if call is not None and talon is not None and "?" not in talon.cards:
            in_talon = call.card in talon.cards
        points = verdict.card_points
        date = tag.get("Date", "")
        players_, tricks_won, computed, written = _seat_values(
            tag, order, verdict, winners, len(tricks)
        )
        result = tag.get("Result") or None
        names = [name for name, _ in tags]
        joined = " ".join(names)
        simple = bool(names) and all(name and " " not in name for name in names)
        ruleset = tag.get("Ruleset") or record.ruleset or None
        numbers = [trick.number for trick in tricks]
        leaders = [trick.leader for trick in tricks]
        trick_winners = [winners.get(trick.number) for trick in tricks]
        derived = bool(tricks) and leaders == [order[0] if order else None, *trick_winners[:-1]]
        from_scores = result is not None and _is_scores(result, seats, where, written)
        row = (
            raw, tag.get("Variant") or None, ruleset,
            tag.get("Options") or None, tag.get("Event") or None, tag.get("Site") or None,
            date or None, year_of(date), tag.get("Round") or None, tag.get("Deal") or None,
            tag.get("Match") or None, tag.get("Dealer") or None, players,
            None if from_scores else result, from_scores, str(verdict.status), verdict.contract,
            verdict.declarer, verdict.partner, call.card if call is not None else None,
            in_talon, verdict.won, points.get("declarer"), points.get("opponents"),
            verdict.game_kontra, len(tricks), len(verdict.problems),
            "Generator" in tag, codes.odd or None,
            joined if simple else None, None if simple else names,
            *_tag_values(_unkept(tags, tag, ruleset)),
            tricks_won, computed, None if written == computed else written,
            list(points.values()),
            [(b.name, b.side, b.announced, b.made, b.value, b.kontra) for b in verdict.bonuses],
            announcements or None, kontras or None, irregularities or None,
            None if numbers == list(range(1, len(numbers) + 1)) else numbers,
            None if derived else leaders, trick_winners,
        )  # fmt: skip
        repeated = (
            seats, order, tuple(players_), tuple(points), tuple(auction), tuple(hand_seats),
            tuple(exchange_seats), tuple(actions),
        )  # fmt: skip
        layout = _layout(hands, talons)
        nested = (
            (layout, [len(layout)] if layout else []), _lists([] if layout else hands),
            _lists(talons), _lists(exchanges), (plays, [len(trick.cards) for trick in tricks]),
        )  # fmt: skip
        lines = verdict.breakdown
        breakdown = (
            [line.label for line in lines], [line.value for line in lines],
            [None if line.detail == result else line.detail for line in lines],
        )  # fmt: skip
        return row, repeated, breakdown, nested

    def _columns(self) -> dict[str, pa.Array]:
        """The arrays of :data:`_ROW`'s columns. Should Arrow refuse a value, the whole rows
        are converted again, for Arrow to say what is wrong in the words it always used (the
        message is kept in ``problems``: :func:`tarokpgn.archive.ingest._storable`)."""
        try:
            arrays = _transpose(self._deals, _FLAT)
            columns = dict(zip((name for name, _ in _FLAT), arrays, strict=True))
            for name in _REPEATED:
                columns[name] = self._repeated[name].array(_KINDS[name])
            columns["breakdown"] = self._breakdown.array(_KINDS["breakdown"])
        except Exception:
            arrays = _transpose(self._rows(), _ROW)
            columns = dict(zip((name for name, _ in _ROW), arrays, strict=True))
        return columns

    def _rows(self) -> list[tuple[Any, ...]]:
        """The deals' values of :data:`_ROW`, a tuple per deal."""
        kept: dict[str, list[Any]] = {name: self._repeated[name].values() for name in _REPEATED}
        kept["breakdown"] = self._breakdown.values()
        rows = []
        for i, row in enumerate(self._deals):
            values = dict(zip((name for name, _ in _FLAT), row, strict=True))
            values.update((name, column[i]) for name, column in kept.items())
            rows.append(tuple(values[name] for name, _ in _ROW))
        return rows

    def add_error(
        self,
        file: str,
        record: int | None,
        line: int,
        code: str,
        message: str,
        *,
        origin: str = "parse",
        column: int = 0,
        deal_id: str | None = None,
    ) -> None:
        """Record something that could not be indexed (a parse error, a verifier crash)."""
        p = Problem(code=code, message=message, line=line, column=column)
        self._problems.append(
            (file, deal_id, origin, record, p.line, p.column, p.code, p.message, p.trick, p.seat,
             p.rule, p.accepted, p.judged)
        )  # fmt: skip

    def to_arrow(self) -> dict[str, pa.Table]:
        """One pyarrow table per storage table (``deal_rows``, ``occurrence_rows``,
        ``problems``), in :data:`ARROW_SCHEMAS`."""
        files, indices, numbers, offsets, lines = self._occurrences
        occurrences = [
            pa.array(files, _S), _ints(indices, _I32), _ints(numbers, _I32),
            _ints(offsets, _I64), _ints(lines, _I32),
        ]  # fmt: skip
        schema = ARROW_SCHEMAS["deal_rows"]
        flat = self._columns()
        flat["deal"] = _ints(range(len(self._ids)), _I32)
        for name in _NESTED:
            nested = self._nested[name]
            flat[name] = nested.flat() if name == "hand_layout" else nested.array()
        problems = ARROW_SCHEMAS["problems"]
        return {
            "deal_rows": pa.Table.from_arrays([flat[f.name] for f in schema], schema=schema),
            "occurrence_rows": pa.Table.from_arrays(
                occurrences, schema=ARROW_SCHEMAS["occurrence_rows"]
            ),
            "problems": pa.Table.from_arrays(
                _transpose(self._problems, STORAGE["problems"]), schema=problems
            ),
        }


TAG_SEP: Final = "\x1f"
"""Separates the values in ``tag_text``."""
TAG_COLUMN: Final = "\x1e"
"""A value in ``tag_text``: the value is the deal's column's (:data:`_TAG_COLUMNS`)."""


def _unkept(
    tags: tuple[tuple[str, str], ...], tag: dict[str, str], ruleset: str | None
) -> list[str | None]:
    """The tag values, None where the value is its column's (:data:`_TAG_COLUMNS`: the first
    value of the name unless empty; ``ruleset`` for ``Ruleset``)."""
    values: list[str | None] = []
    for name, value in tags:
        if name in _COLUMN_TAGS:
            column = ruleset if name == "Ruleset" else tag[name] or None
            values.append(None if column == value else value)
        else:
            values.append(value)
    return values


def _tag_values(values: list[str | None]) -> tuple[str | None, list[str | None] | None]:
    """The tag values as ``tag_text`` (joined by :data:`TAG_SEP`, None written as
    :data:`TAG_COLUMN`; compressed by DuckDB with zstd, which takes a fifth of the room of
    the values one by one) or, when a value holds one of those characters or there are none,
    as ``tag_value_list``."""
    if values and not any(v is not None and (TAG_SEP in v or TAG_COLUMN in v) for v in values):
        return TAG_SEP.join(TAG_COLUMN if v is None else v for v in values), None
    return None, values


LAYOUT_CARDS: Final = 54
"""Cards of the hands' layout: the codes of the 54-card pack."""


def _layout(hands: list[bytes], talons: list[bytes]) -> bytes:
    """The hands as one byte per card of the 54-card pack, in code order: the index (from 0)
    of the hand holding it, 0 for a card of the talon (which takes 2 bits a card, for up to
    four hands); or ``b""`` unless every card of the pack is in exactly one hand or the talon,
    and each hand is in code order (the 54-card pack's canonical order). A hand then is the
    cards it holds, in code order, but those of the talon."""
    if not hands:
        return b""
    layout = [0] * LAYOUT_CARDS
    seen = 0  # the cards met, as a bit set (bytes indexed: compiled, no object per card)
    for number, hand in enumerate(hands):
        last = -1
        for i in range(len(hand)):
            code = hand[i]
            if code <= last or code >= LAYOUT_CARDS or seen >> code & 1:
                return b""
            layout[code] = number
            seen |= 1 << code
            last = code
    for talon in talons:
        for i in range(len(talon)):
            code = talon[i]
            if code >= LAYOUT_CARDS or seen >> code & 1:
                return b""
            seen |= 1 << code
    return bytes(layout) if seen == _EVERY_CARD else b""


_EVERY_CARD: Final = (1 << LAYOUT_CARDS) - 1


def _is_scores(
    result: str, seats: tuple[str, ...], where: tuple[int, ...] | None, written: list[int | None]
) -> bool:
    """Whether ``result`` is the written scores (in order of play; ``where``: each seat's
    place in it) as :func:`format_scores` writes them, seat by seat around the table."""
    if where is None or None in written or len(written) != len(where):
        return False
    # by index: compiled, zip(strict=True) is a generic call (where is as long as seats)
    by_seat = {seats[i]: written[where[i]] for i in range(len(seats))}
    return format_scores(by_seat) == result  # type: ignore[arg-type]


def _seat_values(
    tag: dict[str, str],
    order: tuple[str, ...],
    verdict: Verdict,
    winners: dict[int, str],
    tricks: int,
) -> tuple[list[str | None], list[int | None], list[int | None], list[int | None]]:
    """Per seat in order of play: player, tricks won, computed and written score."""
    won = list(winners.values())  # counted per seat below: list.count is C's loop
    complete = len(winners) == tricks
    written = verdict.written
    if written is None:
        written = _written(tag.get("Result", ""))
    computed = verdict.scores or {}
    return (
        [tag.get(seat) or None for seat in order],
        [won.count(seat) if complete else None for seat in order],
        [computed.get(seat) for seat in order],
        [written.get(seat) if written else None for seat in order],
    )


def _renons(item: Renons) -> tuple[Any, ...]:
    opts = list(item.options)
    if item.card:
        opts.insert(0, ("card", item.card))
    if item.kontra:
        opts.insert(1 if item.card else 0, ("kontra", str(item.kontra)))
    return ("renons", item.kind, item.accused, item.claimant, item.trick, _options(opts))


def _irregular(item: Irregular) -> tuple[Any, ...]:
    trick = dict(item.options).get("trick", "")
    number = bounded_int(trick, MAX_TRICK_NUMBER)
    return ("irregular", item.kind, item.seat, None, number, _options(item.options))


def _transpose(rows: list[Any], fields: Sequence[tuple[str, pa.DataType]]) -> list[pa.Array]:
    """Rows (tuples) → Arrow columns of the types of ``fields`` (converted by Arrow)."""
    kind = pa.struct([pa.field(f"c{i}", k) for i, (_, k) in enumerate(fields)])
    return list(pa.array(rows, kind).flatten())


_ARRAY_CODES: Final = {"int8": "b", "int16": "h", "int32": "i", "int64": "q"}
assert all(array.array(c).itemsize == int(k[3:]) // 8 for k, c in _ARRAY_CODES.items())


def _ints(values: Sequence[int], kind: pa.DataType) -> pa.Array:
    """Integers as an Arrow array of integer type ``kind``: through an :class:`array.array`,
    converted in one C loop (``pa.array`` converts value by value, at twice the cost). Falls
    back to ``pa.array`` for a null or out-of-range value (to convert it or fail as it does).
    """
    try:
        data = array.array(_ARRAY_CODES[str(kind)], values)
    except (TypeError, OverflowError):
        return pa.array(values, kind)
    return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(data)])


def _check_ranges(record: Record, verdict: Verdict) -> None:
    """Raise ValueError when a number does not fit its column (TINYINT, SMALLINT)."""
    ok = -128 <= verdict.game_kontra <= 127 and len(record.tags) <= 32767
    ok = ok and len(record.items) <= 32767
    for b in verdict.bonuses:
        ok = ok and -128 <= b.kontra <= 127
    for p in verdict.problems:
        ok = ok and (p.trick is None or -32768 <= p.trick <= 32767)
    for item in record.items:
        if isinstance(item, Trick):
            ok = ok and len(item.cards) <= 127 and -32768 <= item.number <= 32767
        elif isinstance(item, (Hand, Talon)):
            ok = ok and len(item.cards) <= 127
        elif isinstance(item, Kontra):
            ok = ok and -128 <= item.level <= 127
        elif isinstance(item, Exchange):
            ok = ok and max(len(item.take), len(item.discard), len(item.show)) <= 127
        elif isinstance(item, Renons):
            ok = ok and -32768 <= item.trick <= 32767
    if not ok:
        raise ValueError("a number in the record is out of range for the archive")


def _written(result: str) -> dict[str, int] | None:
    try:
        return parse_scores(result)
    except ValueError:
        return None
