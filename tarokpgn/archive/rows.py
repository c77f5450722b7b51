"""Records and verdicts as columnar rows for the archive tables; pure (no I/O, no DuckDB).

A :class:`Rows` accumulates the rows of a batch of deals (:data:`COLUMNS` mirrors
``schema.sql``) and turns them into pyarrow tables with :meth:`Rows.to_arrow`, ready for
:mod:`tarokpgn.archive.store` to insert in bulk. A deal added twice to the same
:class:`Rows` (the same content hash) gets a second ``occurrences`` row only.

This runs once per deal in the workers, so it is written for speed: tables with a few rows per
deal keep one tuple per row (turned into columns by one ``zip`` at the end), the card tables keep
one list per column, extended a whole item at a time, and the tables keyed by a deal hold the
deal's number within the batch instead of its 64-character ``deal_id``: in Arrow their
``deal_id`` column is dictionary-encoded (:data:`ARROW_SCHEMAS`), which DuckDB stores as the
same VARCHAR.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import pyarrow as pa
import pyarrow.compute as pc

from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Source,
    Talon,
    Trick,
    parse_scores,
)
from tarokpgn.verdict import Problem, Verdict

_S, _I8, _I16, _I32, _I64, _B = (
    pa.string(),
    pa.int8(),
    pa.int16(),
    pa.int32(),
    pa.int64(),
    pa.bool_(),
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
        ("rule", _S), ("accepted", _B),
    ),
}  # fmt: skip
"""Table → ((column, arrow type), …), in ``schema.sql`` order. ``sources`` and ``meta`` are
written by the store itself."""

DEAL_TABLES: Final = tuple(t for t in COLUMNS if t not in ("occurrences", "problems"))
"""Tables holding one deal's content, keyed by ``deal_id`` (``deals`` first)."""

SCHEMAS: Final = {
    table: pa.schema([pa.field(name, kind) for name, kind in cols])
    for table, cols in COLUMNS.items()
}
"""The archive tables' Arrow schemas, as in ``schema.sql``."""

DEAL_ID: Final = pa.dictionary(pa.int32(), pa.string())
"""Arrow type of the ``deal_id`` column of the tables in :data:`DEAL_TABLES` but ``deals``
(as :meth:`Rows.to_arrow` writes them)."""

ARROW_SCHEMAS: Final = {
    table: pa.schema(
        [
            pa.field(name, DEAL_ID if name == "deal_id" and table in DEAL_TABLES[1:] else kind)
            for name, kind in cols
        ]
    )
    for table, cols in COLUMNS.items()
}
"""The schemas of :meth:`Rows.to_arrow`'s tables: :data:`SCHEMAS` with a dictionary-encoded
``deal_id`` in the tables keyed by a deal (all but ``deals``, ``occurrences``, ``problems``)."""

_POSITIONS: Final = tuple(tuple(range(1, n + 1)) for n in range(80))


def _positions(n: int) -> tuple[int, ...]:
    """``(1, 2, …, n)``."""
    return _POSITIONS[n] if n < 80 else tuple(range(1, n + 1))


def _options(pairs: Iterable[tuple[str, str]]) -> str:
    return " ".join(f"{k}={v}" for k, v in pairs)


def year_of(date: str) -> int | None:
    """The year of a ``YYYY.MM.DD`` date (``??`` parts allowed), or None."""
    head = date.split(".", 1)[0]
    return int(head) if len(head) == 4 and head.isdigit() else None


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
    for i in range(1, len(tricks)):
        out[tricks[i - 1].number] = tricks[i].leader
    if len(engine) <= len(tricks):  # more would mean the tricks do not match the record's
        for i in range(len(engine)):
            out[tricks[i].number] = engine[i]
    return out


class Rows:
    """Rows for a batch of deals, table by table.

    Most tables keep one tuple per row, with the deal's number (its index in the batch) in
    place of its ``deal_id``. The card tables (``hands``, ``talon``, ``exchanges``, ``plays``)
    and ``tags`` keep one tuple per *segment* (a hand, a trick, a deal's tags: the values
    shared by its rows, and its number of rows) plus the values that differ row by row; the
    shared values and the positions are spread over the rows by Arrow in :meth:`to_arrow`.
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        """Distinct deal ids in the order added; a deal's number is its index here."""
        self._number: dict[str, int] = {}
        self._occurrences: list[tuple[str, int, str, int, int]] = []
        self._deals: list[tuple[Any, ...]] = []
        self._seats: list[tuple[int, str, int, str | None, str | None, int | None]] = []
        self._scores: list[tuple[int, str, int | None, int | None, bool | None]] = []
        self._card_points: list[tuple[int, str, int]] = []
        self._breakdown: list[tuple[int, int, str, int, str]] = []
        self._auction: list[tuple[int, int, str, str]] = []
        self._announcements: list[tuple[int, int, str, str, str, str, str]] = []
        self._kontras: list[tuple[int, int, str, int, str]] = []
        self._bonuses: list[tuple[int, str, str, bool, bool | None, int, int]] = []
        self._irregularities: list[tuple[Any, ...]] = []
        self._problems: list[tuple[Any, ...]] = []
        # segments (shared values, rows) and the values of each row
        self._tag_segments: list[tuple[int, int]] = []
        self._tag_pairs: list[tuple[str, str]] = []
        self._hand_segments: list[tuple[int, str, int]] = []
        self._hand_cards: list[str] = []
        self._talon_segments: list[tuple[int, int]] = []
        self._talon_cards: list[str] = []
        self._exchange_segments: list[tuple[int, str, str, int]] = []
        self._exchange_cards: list[str] = []
        self._tricks: list[tuple[int, int, str, str | None, int]] = []
        """The ``tricks`` rows, which are also the segments of ``plays``."""
        self._play_seats: list[str] = []
        self._play_cards: list[str] = []

    def __len__(self) -> int:
        """Number of distinct deals added."""
        return len(self._ids)

    @property
    def columns(self) -> dict[str, dict[str, list[Any]]]:
        """Table → column → values, as Python lists (a copy, for inspection)."""
        return {
            table: {name: data.column(name).to_pylist() for name in data.column_names}
            for table, data in self.to_arrow().items()
        }

    def add_deal(self, record: Record, verdict: Verdict, last_winner: str | None = None) -> str:
        """Add one verified record; returns its ``deal_id``.

        Trick winners come from ``verdict.trick_winners`` (the rules engine); ``last_winner``
        is the seat that won the last written trick, used only when the verdict does not say.
        """
        src = record.source
        if src is None or not src.sha256:
            raise ValueError("a record needs a source with a content hash to be archived")
        _check_ranges(record, verdict)
        deal_id = src.sha256
        self._occurrences.append((src.file, src.index, deal_id, src.offset, src.line))
        if deal_id in self._number:
            return deal_id
        number = len(self._ids)
        self._ids.append(deal_id)
        self._number[deal_id] = number
        marks = [len(rows) for rows in self._lists()]
        try:
            self._add_all(number, src, record, verdict, last_winner)
        except BaseException:  # leave no partial rows behind
            for rows, mark in zip(self._lists(), marks, strict=True):
                del rows[mark:]
            del self._occurrences[-1]
            del self._ids[-1]
            del self._number[deal_id]
            raise
        return deal_id

    def _lists(self) -> list[list[Any]]:
        """Every list a deal adds to but ``occurrences``."""
        return [
            self._deals, self._seats, self._scores, self._card_points, self._breakdown,
            self._auction, self._announcements, self._kontras, self._bonuses,
            self._irregularities, self._problems, self._tag_segments, self._tag_pairs,
            self._hand_segments, self._hand_cards, self._talon_segments, self._talon_cards,
            self._exchange_segments, self._exchange_cards, self._tricks, self._play_seats,
            self._play_cards,
        ]  # fmt: skip

    def _add_all(
        self, k: int, src: Source, record: Record, verdict: Verdict, last_winner: str | None
    ) -> None:
        tricks: list[Trick] = []
        call: Call | None = None
        talon: Talon | None = None
        for item in record.items:
            if isinstance(item, Trick):
                tricks.append(item)
            elif isinstance(item, Call) and call is None:
                call = item
            elif isinstance(item, Talon) and talon is None:
                talon = item
        winners = _winners(tricks, verdict.trick_winners)
        if tricks and last_winner is not None and tricks[-1].number not in winners:
            winners[tricks[-1].number] = last_winner
        self._deal(k, record, verdict, call, talon, len(tricks))
        self._seat_rows(k, record, verdict, winners, len(tricks))
        self._verdict_rows(k, verdict)
        self._items(k, record)
        self._trick_rows(k, record.seats, tricks, winners)
        for p in verdict.problems:
            self._problems.append(
                (src.file, src.sha256, "verify", src.index, p.line, p.column, p.code, p.message,
                 p.trick, p.seat, p.rule, p.accepted)
            )  # fmt: skip

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
             p.rule, p.accepted)
        )  # fmt: skip

    def _deal(
        self,
        k: int,
        record: Record,
        verdict: Verdict,
        call: Call | None,
        talon: Talon | None,
        tricks: int,
    ) -> None:
        in_talon: bool | None = None
        if call is not None and talon is not None and "?" not in talon.cards:
            in_talon = call.card in talon.cards
        points = verdict.card_points
        tags = record.tags
        tag: dict[str, str] = {}
        for i in range(len(tags) - 1, -1, -1):  # the first of a repeated name wins
            name, value = tags[i]
            tag[name] = value
        date = tag.get("Date", "")
        self._deals.append(
            (k, record.variant or None, record.ruleset or None, tag.get("Options") or None,
             tag.get("Event") or None, tag.get("Site") or None, date or None, year_of(date),
             tag.get("Round") or None, tag.get("Deal") or None, tag.get("Match") or None,
             record.dealer or None, record.players, tag.get("Result") or None,
             str(verdict.status), verdict.contract, verdict.declarer, verdict.partner,
             call.card if call is not None else None, in_talon, verdict.won,
             points.get("declarer"), points.get("opponents"), verdict.game_kontra, tricks,
             len(verdict.problems))
        )  # fmt: skip
        self._tag_segments.append((k, len(tags)))
        self._tag_pairs.extend(tags)

    def _seat_rows(
        self, k: int, record: Record, verdict: Verdict, winners: dict[int, str], tricks: int
    ) -> None:
        won: dict[str, int] = {}
        for seat in winners.values():
            won[seat] = won.get(seat, 0) + 1
        complete = len(winners) == tricks
        written = verdict.written if verdict.written is not None else _written(record)
        computed = verdict.scores or {}
        declarer, partner = verdict.declarer, verdict.partner
        seats, scores = self._seats, self._scores
        for position, seat in enumerate(record.play_order(), 1):
            role: str | None = None
            if declarer is not None:
                if seat == declarer:
                    role = "declarer"
                else:
                    role = "partner" if seat == partner else "opponent"
            seats.append(
                (k, seat, position, record.player(seat) or None, role,
                 won.get(seat, 0) if complete else None)
            )  # fmt: skip
            c = computed.get(seat)
            w = written.get(seat) if written else None
            scores.append((k, seat, c, w, None if c is None or w is None else c == w))

    def _verdict_rows(self, k: int, verdict: Verdict) -> None:
        card_points = self._card_points
        for holder, points in verdict.card_points.items():
            card_points.append((k, holder, points))
        breakdown = self._breakdown
        for pos, line in enumerate(verdict.breakdown, 1):
            breakdown.append((k, pos, line.label, line.value, line.detail))
        bonuses = self._bonuses
        for b in verdict.bonuses:
            bonuses.append((k, b.name, b.side, b.announced, b.made, b.value, b.kontra))

    def _items(self, k: int, record: Record) -> None:
        n_auction = n_announce = n_kontra = n_irregular = 0
        for item in record.items:
            if isinstance(item, Trick):
                continue  # see _trick_rows
            if isinstance(item, Hand):
                self._hand_segments.append((k, item.seat, len(item.cards)))
                self._hand_cards.extend(item.cards)
            elif isinstance(item, Talon):
                self._talon_segments.append((k, len(item.cards)))
                self._talon_cards.extend(item.cards)
            elif isinstance(item, Auction):
                for bid in item.bids:
                    n_auction += 1
                    self._auction.append((k, n_auction, bid.seat, bid.bid))
            elif isinstance(item, Exchange):
                self._exchange(k, item)
            elif isinstance(item, Announce):
                n_announce += 1
                self._announcements.append(
                    (k, n_announce, item.kind, item.seat, item.name, " ".join(item.cards),
                     _options(item.options))
                )  # fmt: skip
            elif isinstance(item, Kontra):
                n_kontra += 1
                self._kontras.append((k, n_kontra, item.seat, item.level, item.target))
            elif isinstance(item, Renons):
                n_irregular += 1
                self._renons(k, n_irregular, item)
            elif isinstance(item, Irregular):
                n_irregular += 1
                self._irregular(k, n_irregular, item)

    def _exchange(self, k: int, item: Exchange) -> None:
        segments, cards = self._exchange_segments, self._exchange_cards
        if item.take:
            segments.append((k, item.seat, "take", len(item.take)))
            cards.extend(item.take)
        if item.discard:
            segments.append((k, item.seat, "discard", len(item.discard)))
            cards.extend(item.discard)
        if item.show:
            segments.append((k, item.seat, "show", len(item.show)))
            cards.extend(item.show)

    def _renons(self, k: int, pos: int, item: Renons) -> None:
        opts = list(item.options)
        if item.card:
            opts.insert(0, ("card", item.card))
        if item.kontra:
            opts.insert(1 if item.card else 0, ("kontra", str(item.kontra)))
        self._irregularities.append(
            (k, pos, "renons", item.kind, item.accused, item.claimant, item.trick, _options(opts))
        )

    def _irregular(self, k: int, pos: int, item: Irregular) -> None:
        trick = dict(item.options).get("trick", "")
        number = int(trick) if trick.isdigit() and len(trick) < 5 else None
        self._irregularities.append(
            (k, pos, "irregular", item.kind, item.seat, None, number, _options(item.options))
        )

    def _trick_rows(
        self, k: int, order: tuple[str, ...], tricks: list[Trick], winners: dict[int, str]
    ) -> None:
        if not tricks:
            return
        rotations: dict[str, tuple[str, ...]] = {}  # leader → seats in order of play
        for i in range(len(order)):
            rotations[order[i]] = order[i:] + order[:i]
        rows, seats, cards = self._tricks, self._play_seats, self._play_cards
        for trick in tricks:
            n = len(trick.cards)
            rows.append((k, trick.number, trick.leader, winners.get(trick.number), n))
            turn = rotations.get(trick.leader, order)
            if n != len(turn):  # "?": more cards than seats
                turn = (turn + ("?",) * n)[:n]
            seats.extend(turn)
            cards.extend(trick.cards)

    def to_arrow(self) -> dict[str, pa.Table]:
        """One pyarrow table per archive table (empty tables included), in
        :data:`ARROW_SCHEMAS`: the ``deal_id`` of the deal tables is dictionary-encoded."""
        ids = pa.array(self._ids, pa.string())
        out: dict[str, pa.Table] = {}
        rows: dict[str, list[Any]] = {
            "occurrences": self._occurrences, "deals": self._deals, "seats": self._seats,
            "scores": self._scores, "card_points": self._card_points,
            "breakdown": self._breakdown, "auction": self._auction,
            "announcements": self._announcements, "kontras": self._kontras,
            "bonuses": self._bonuses, "tricks": self._tricks,
            "irregularities": self._irregularities, "problems": self._problems,
        }  # fmt: skip
        for table, values in rows.items():
            out[table] = _table(table, values, ids)
        i32, text = pa.int32(), pa.string()
        tags = _transpose(self._tag_pairs, [text, text])
        out["tags"] = _spread(
            "tags", _transpose(self._tag_segments, [i32, i32]), ("deal_id",),
            {"name": tags[0], "value": tags[1]}, ids,
        )  # fmt: skip
        out["hands"] = _spread(
            "hands", _transpose(self._hand_segments, [i32, text, i32]), ("deal_id", "seat"),
            {"card": pa.array(self._hand_cards, text)}, ids,
        )  # fmt: skip
        out["talon"] = _spread(
            "talon", _transpose(self._talon_segments, [i32, i32]), ("deal_id",),
            {"card": pa.array(self._talon_cards, text)}, ids,
        )  # fmt: skip
        out["exchanges"] = _spread(
            "exchanges", _transpose(self._exchange_segments, [i32, text, text, i32]),
            ("deal_id", "seat", "action"), {"card": pa.array(self._exchange_cards, text)}, ids,
        )  # fmt: skip
        tricks = out["tricks"]
        segments = [
            _indices(tricks["deal_id"]), tricks["trick"].combine_chunks(),
            tricks["winner"].combine_chunks(), tricks["cards"].combine_chunks().cast(i32),
        ]  # fmt: skip
        out["plays"] = _spread(
            "plays", segments, ("deal_id", "trick", "winner"),
            {"seat": pa.array(self._play_seats, text), "card": pa.array(self._play_cards, text)},
            ids,
        )  # fmt: skip
        return {table: out[table] for table in COLUMNS}


def _struct(kinds: list[pa.DataType]) -> pa.DataType:
    return pa.struct([pa.field(f"c{i}", kind) for i, kind in enumerate(kinds)])


def _transpose(rows: list[tuple[Any, ...]], kinds: list[pa.DataType]) -> list[pa.Array]:
    """Rows → Arrow columns of types ``kinds`` (converted by Arrow, row by row)."""
    return list(pa.array(rows, _struct(kinds)).flatten())


def _kinds(schema: pa.Schema) -> list[pa.DataType]:
    """The types to convert a table's rows to (deal numbers for a dictionary-encoded deal id)."""
    return [pa.int32() if f.type == DEAL_ID else f.type for f in schema]


def _table(table: str, rows: list[tuple[Any, ...]], ids: pa.Array) -> pa.Table:
    schema = ARROW_SCHEMAS[table]
    kinds = _kinds(schema)
    if table == "deals":
        kinds[0] = pa.int32()  # its deal numbers are 0, 1, 2, …: the ids as such
    arrays = _transpose(rows, kinds)
    if table == "deals":
        arrays[0] = ids
    for i, f in enumerate(schema):
        if f.type == DEAL_ID:
            arrays[i] = pa.DictionaryArray.from_arrays(arrays[i], ids)
    return pa.Table.from_arrays(arrays, schema=schema)


def _repeat(ends: pa.Array, values: pa.Array, total: int) -> pa.Array:
    """``values[i]`` repeated up to row ``ends[i]`` (exclusive), ``total`` rows in all."""
    if not total:
        return values.slice(0, 0)
    kind = pa.run_end_encoded(pa.int32(), values.type)
    return pc.run_end_decode(pa.Array.from_buffers(kind, total, [None], 0, 0, [ends, values]))


def _indices(column: pa.ChunkedArray) -> pa.Array:
    """The indices of a dictionary-encoded column of one chunk."""
    chunk = column.combine_chunks()
    assert isinstance(chunk, pa.DictionaryArray)
    return chunk.indices


def _spread(
    table: str,
    segments: list[pa.Array],
    shared: tuple[str, ...],
    own: dict[str, pa.Array],
    ids: pa.Array,
) -> pa.Table:
    """The rows of ``table`` from its segments and the values of its rows.

    ``segments`` are the columns of the values shared by a segment's rows (named by
    ``shared``; deal numbers for ``deal_id``), then the segment's number of rows (int32);
    ``own`` the columns that have a value per row. ``pos`` is the 1-based position of a row in
    its segment.
    """
    schema = ARROW_SCHEMAS[table]
    lengths = segments[-1]
    values = dict(zip(shared, segments, strict=False))
    if len(lengths) and pc.min(lengths).as_py() == 0:  # runs must not be empty
        keep = pc.greater(lengths, 0)
        lengths = lengths.filter(keep)
        values = {name: array.filter(keep) for name, array in values.items()}
    arrays = dict(own)
    total = len(next(iter(own.values())))
    ends = pc.cumulative_sum(lengths)
    for name, array in values.items():
        arrays[name] = _repeat(ends, array, total)
    starts = _repeat(ends, pc.subtract(ends, lengths), total)
    rows = _repeat(pa.array([total], pa.int32()), pa.array([1], pa.int32()), total)
    arrays["pos"] = pc.subtract(pc.cumulative_sum(rows), starts).cast(schema.field("pos").type)
    arrays["deal_id"] = pa.DictionaryArray.from_arrays(arrays["deal_id"], ids)
    return pa.Table.from_arrays([arrays[f.name] for f in schema], schema=schema)


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
        elif isinstance(item, Hand | Talon):
            ok = ok and len(item.cards) <= 127
        elif isinstance(item, Kontra):
            ok = ok and -128 <= item.level <= 127
        elif isinstance(item, Exchange):
            ok = ok and max(len(item.take), len(item.discard), len(item.show)) <= 127
        elif isinstance(item, Renons):
            ok = ok and -32768 <= item.trick <= 32767
    if not ok:
        raise ValueError("a number in the record is out of range for the archive")


def _written(record: Record) -> dict[str, int] | None:
    try:
        return parse_scores(record.get("Result"))
    except ValueError:
        return None
