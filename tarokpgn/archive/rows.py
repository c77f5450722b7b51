"""Records and verdicts as columnar rows for the archive tables; pure (no I/O, no DuckDB).

A :class:`Rows` accumulates the rows of a batch of deals (:data:`COLUMNS` mirrors
``schema.sql``) and turns them into pyarrow tables with :meth:`Rows.to_arrow`, ready for
:mod:`tarokpgn.archive.store` to insert in bulk. A deal added twice to the same
:class:`Rows` (the same content hash) gets a second ``occurrences`` row only.

This runs once per deal in the workers, so it is written for speed. Converting Python values
to Arrow costs about the same per value whatever the layout, so :meth:`Rows.add_deal` keeps the
values that differ from row to row, and Arrow derives the rest in :meth:`Rows.to_arrow`, a few
compute calls per batch:

- ``deals`` and ``problems`` keep one tuple per row, turned into columns by Arrow (a struct
  array from the tuples, flattened); ``occurrences`` one list per column.
- The other tables are :class:`_Table`\\ s: one list per column, the rows grouped in *runs*
  (all of a deal's rows, or a segment of them: a hand, one exchange action, a trick's plays),
  each with its deal's number and the values its rows share (a hand's seat). Arrow spreads a
  run's values over its rows (run-end decoding) and numbers the rows in their run (``pos``).
  The deal's number is its index in the batch, so ``deal_id`` is dictionary-encoded
  (:data:`ARROW_SCHEMAS`), which DuckDB stores as the same VARCHAR.
- ``scores`` shares its ``seat`` and ``deal_id`` columns with ``seats``; ``plays`` takes its
  runs, trick and winner from ``tricks``, and its seats from the distinct sequences of seats in
  order of play (one per leader) of the batch.
- The cards, the tags, the breakdown's texts and the bids, most of the strings, are also
  joined into one text per deal and column (:class:`_Joined`) as the deal is added, while the
  record is still in the CPU caches; Arrow cuts the texts at the separators (:func:`_split`).
  By the end of the batch the strings are no longer cached, and reading them one by one
  (``pa.array``) would cost several times more.
- Integers without nulls go through :class:`array.array` (:func:`_ints`), which converts a
  list in one C loop.
- A deal that fails half-way leaves no rows: its runs are dropped and every column cut back
  to the end of the last run left (:meth:`_Table.drop`).
"""

from __future__ import annotations

import array
from collections.abc import Iterable, Sequence
from typing import Any, Final

import pyarrow as pa
import pyarrow.compute as pc

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
    Source,
    Talon,
    Trick,
    bounded_int,
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
        ("rule", _S), ("accepted", _B), ("judged", _B),
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
    for i in range(1, len(tricks)):
        out[tricks[i - 1].number] = tricks[i].leader
    if len(engine) <= len(tricks):  # more would mean the tricks do not match the record's
        for i in range(len(engine)):
            out[tricks[i].number] = engine[i]
    return out


class _Table:
    """The rows of one table added so far: one list per column (``cols``), and the rows grouped
    in *runs*.

    A run is consecutive rows of one deal that share values: all the deal's rows of the table,
    or a segment of them (a hand's cards, a trick's plays). :meth:`close` ends a run: it notes
    the number of rows so far (``ends``) and the deal's number (``deals``); the caller then adds
    the values the run's rows share, one list per column in ``shared``. Runs are never empty.
    """

    def __init__(self, columns: int, shared: int = 0, joined: dict[int, str] | None = None) -> None:
        self.cols: list[list[Any]] = [[] for _ in range(columns)]
        self.joined = {i: _Joined(sep, self.cols[i]) for i, sep in (joined or {}).items()}
        """Column → the column's values also kept joined (string columns)."""
        self.ends: list[int] = []
        self.deals: list[int] = []
        self.shared: list[list[Any]] = [[] for _ in range(shared)]
        self.end = 0
        """Rows in the runs ended so far."""

    def close(self, deal: int) -> bool:
        """End the run of the rows added since the last one (of deal ``deal``), unless there
        are none; whether it did."""
        n = len(self.cols[0])
        if n == self.end:
            return False
        self.end = n
        self.ends.append(n)
        self.deals.append(deal)
        return True

    def drop(self, deal: int) -> None:
        """Remove the rows added for ``deal``, the last deal (ended runs or not)."""
        deals = self.deals
        i = len(deals)
        while i and deals[i - 1] == deal:
            i -= 1
        del self.ends[i:], deals[i:]
        for values in self.shared:
            del values[i:]
        self.end = self.ends[-1] if self.ends else 0
        for values in self.cols:
            del values[self.end :]
        for joined in self.joined.values():
            joined.cut()


class _Joined:
    """The values of a string column, and their text per deal: the deal's values joined by
    ``sep``, made by :meth:`seal` at the end of the deal.

    The texts are made while the strings are still in the CPU caches (the record was just read
    and verified): :meth:`Rows.to_arrow`, long after, then reads a text per deal rather than
    each string, a cache miss apiece (see :func:`_split`).
    """

    def __init__(self, sep: str, values: list[str] | None = None) -> None:
        self.sep = sep
        self.values: list[str] = [] if values is None else values
        self.texts: list[str] = []
        self.sealed = 0
        """Values in the texts."""

    def seal(self) -> None:
        """Join the values added since the last time (if any) into a text."""
        values = self.values
        if len(values) > self.sealed:
            self.texts.append(self.sep.join(values[self.sealed :]))
            self.sealed = len(values)

    def cut(self) -> None:
        """Drop the last deal's text if its values were removed."""
        if self.sealed > len(self.values):
            del self.texts[-1]
            self.sealed = len(self.values)

    def array(self) -> pa.Array:
        return _split(self.texts, self.sep, self.values)


class Rows:
    """Rows for a batch of deals, table by table (see the module docstring).

    A deal is known by its number (its index in the batch); ``deals`` and ``occurrences`` keep
    one tuple per row, ``problems`` too; the other tables are :class:`_Table`\\ s.
    """

    def __init__(self) -> None:
        self._ids: list[str] = []
        """Distinct deal ids in the order added; a deal's number is its index here."""
        self._number: dict[str, int] = {}
        self._occurrences: list[list[Any]] = [[], [], [], [], []]
        """file, idx, deal number, offset, line."""
        self._deals: list[tuple[Any, ...]] = []
        """The ``deals`` rows without their ``deal_id``."""
        self._problems: list[tuple[Any, ...]] = []
        self._tags = _Table(2, 0, {0: " ", 1: "\n"})  # name, value; a run: a deal's tags
        self._seats = _Table(7)  # seat, player, role, tricks_won, computed, written, agrees
        """``seats`` and ``scores`` (a row per seat in both)."""
        self._card_points = _Table(2)  # holder, points
        self._breakdown = _Table(3, 0, {0: "\n", 2: "\n"})  # label, value, detail
        self._bonuses = _Table(6)  # name, side, announced, made, value, kontra
        self._auction = _Table(2, 0, {1: " "})  # seat, bid
        self._announcements = _Table(5)  # kind, seat, name, cards, options
        self._kontras = _Table(3)  # seat, level, target
        self._irregularities = _Table(6)  # kind, what, seat, claimant, trick, options
        self._tricks = _Table(5)
        """trick, leader, winner, cards; and where the trick's seats in order of play start in
        ``_turns`` (their trick's plays are the next ``cards`` of ``_play_cards``)."""
        self._hands = _Table(1, 1, {0: " "})  # card; a run: a hand (shared: seat)
        self._talon = _Table(1, 0, {0: " "})  # card; a run: a talon
        self._exchanges = _Table(1, 2, {0: " "})
        """card; a run: one action's cards (shared: seat, action)."""
        self._play_cards = _Joined(" ")
        self._joined = (
            self._play_cards,
            *(joined for table in self._tables() for joined in table.joined.values()),
        )
        """The joined columns, sealed at the end of each deal."""
        self._turns: list[str] = []
        """Seats in order of play of the tricks, one sequence per leader and table."""
        self._turn_starts: dict[tuple[str, ...], dict[str, int]] = {}
        """Seats around the table → leader → start of its sequence in ``_turns``."""
        self._seatings: dict[str, dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]]] = {}
        """Variant → dealer → the record's (players, seats, play_order())."""

    def _tables(self) -> tuple[_Table, ...]:
        return (
            self._tags, self._seats, self._card_points, self._breakdown, self._bonuses,
            self._auction, self._announcements, self._kontras, self._irregularities,
            self._tricks, self._hands, self._talon, self._exchanges,
        )  # fmt: skip

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
        number = self._number.get(deal_id)
        if number is None:
            number = len(self._ids)
            self._ids.append(deal_id)
            self._number[deal_id] = number
            problems = len(self._problems)
            try:
                self._add_all(number, src, record, verdict, last_winner)
            except BaseException:  # leave no partial rows behind
                for table in self._tables():
                    table.drop(number)
                del self._play_cards.values[sum(self._tricks.cols[3]) :]
                self._play_cards.cut()
                del self._deals[number:], self._problems[problems:]
                del self._ids[-1], self._number[deal_id]
                raise
        files, indices, numbers, offsets, lines = self._occurrences
        files.append(src.file)
        indices.append(src.index)
        numbers.append(number)
        offsets.append(src.offset)
        lines.append(src.line)
        return deal_id

    def _seating(
        self, record: Record, variant: str, dealer: str
    ) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
        """The record's (players, seats, play_order()), which follow from its variant and dealer."""
        by_dealer = self._seatings.get(variant)
        if by_dealer is None:
            by_dealer = self._seatings[variant] = {}
        seating = by_dealer.get(dealer)
        if seating is None:
            seating = by_dealer[dealer] = (record.players, record.seats, record.play_order())
        return seating

    def _add_all(
        self, k: int, src: Source, record: Record, verdict: Verdict, last_winner: str | None
    ) -> None:
        tags = record.tags
        tag = dict(reversed(tags))  # the first of a repeated name wins
        players, seats, order = self._seating(record, tag.get("Variant", ""), tag.get("Dealer", ""))
        names, values = self._tags.cols
        for name, value in tags:
            names.append(name)
            values.append(value)
        self._tags.close(k)
        tricks, call, talon = self._items(k, record)
        winners = _winners(tricks, verdict.trick_winners)
        if tricks and last_winner is not None and tricks[-1].number not in winners:
            winners[tricks[-1].number] = last_winner
        self._seat_rows(k, tag, order, verdict, winners, len(tricks))
        self._verdict_rows(k, verdict)
        self._trick_rows(k, seats, tricks, winners)
        in_talon: bool | None = None
        if call is not None and talon is not None and "?" not in talon.cards:
            in_talon = call.card in talon.cards
        points = verdict.card_points
        date = tag.get("Date", "")
        self._deals.append(
            (tag.get("Variant") or None, tag.get("Ruleset") or record.ruleset or None,
             tag.get("Options") or None, tag.get("Event") or None, tag.get("Site") or None,
             date or None, year_of(date), tag.get("Round") or None, tag.get("Deal") or None,
             tag.get("Match") or None, tag.get("Dealer") or None, players,
             tag.get("Result") or None, str(verdict.status), verdict.contract,
             verdict.declarer, verdict.partner, call.card if call is not None else None,
             in_talon, verdict.won, points.get("declarer"), points.get("opponents"),
             verdict.game_kontra, len(tricks), len(verdict.problems))
        )  # fmt: skip
        for joined in self._joined:
            joined.seal()
        for p in verdict.problems:
            self._problems.append(
                (src.file, src.sha256, "verify", src.index, p.line, p.column, p.code, p.message,
                 p.trick, p.seat, p.rule, p.accepted, p.judged)
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
             p.rule, p.accepted, p.judged)
        )  # fmt: skip

    def _items(self, k: int, record: Record) -> tuple[list[Trick], Call | None, Talon | None]:
        """Rows of the items but tricks; returns the tricks, the first call and talon."""
        tricks: list[Trick] = []
        call: Call | None = None
        talon: Talon | None = None
        hands, talons, exchanges = self._hands, self._talon, self._exchanges
        auction, bid_seats, bids = self._auction, self._auction.cols[0], self._auction.cols[1]
        announcements, kontras = self._announcements, self._kontras
        for item in record.items:
            if isinstance(item, Trick):
                tricks.append(item)  # see _trick_rows
            elif isinstance(item, Hand):
                if item.cards:
                    hands.cols[0].extend(item.cards)
                    hands.close(k)
                    hands.shared[0].append(item.seat)
            elif isinstance(item, Talon):
                if talon is None:
                    talon = item
                if item.cards:
                    talons.cols[0].extend(item.cards)
                    talons.close(k)
            elif isinstance(item, Auction):
                for bid in item.bids:
                    bid_seats.append(bid.seat)
                    bids.append(bid.bid)
            elif isinstance(item, Call):
                if call is None:
                    call = item
            elif isinstance(item, Exchange):
                for action, cards in (("take", item.take), ("discard", item.discard),
                                      ("show", item.show)):  # fmt: skip
                    if cards:
                        exchanges.cols[0].extend(cards)
                        exchanges.close(k)
                        exchanges.shared[0].append(item.seat)
                        exchanges.shared[1].append(action)
            elif isinstance(item, Announce):
                cols = announcements.cols
                cols[0].append(item.kind)
                cols[1].append(item.seat)
                cols[2].append(item.name)
                cols[3].append(" ".join(item.cards))
                cols[4].append(_options(item.options))
            elif isinstance(item, Kontra):
                cols = kontras.cols
                cols[0].append(item.seat)
                cols[1].append(item.level)
                cols[2].append(item.target)
            elif isinstance(item, Renons):
                self._renons(item)
            elif isinstance(item, Irregular):
                self._irregular(item)
        auction.close(k)
        announcements.close(k)
        kontras.close(k)
        self._irregularities.close(k)
        return tricks, call, talon

    def _seat_rows(
        self,
        k: int,
        tag: dict[str, str],
        order: tuple[str, ...],
        verdict: Verdict,
        winners: dict[int, str],
        tricks: int,
    ) -> None:
        won: dict[str, int] = {}
        for seat in winners.values():
            won[seat] = won.get(seat, 0) + 1
        complete = len(winners) == tricks
        written = verdict.written
        if written is None:
            written = _written(tag.get("Result", ""))
        computed = verdict.scores or {}
        declarer, partner = verdict.declarer, verdict.partner
        table = self._seats
        seats, players, roles, tricks_won, computeds, writtens, agrees = table.cols
        seats.extend(order)
        for seat in order:
            role: str | None = None
            if declarer is not None:
                if seat == declarer:
                    role = "declarer"
                else:
                    role = "partner" if seat == partner else "opponent"
            players.append(tag.get(seat) or None)
            roles.append(role)
            tricks_won.append(won.get(seat, 0) if complete else None)
            c = computed.get(seat)
            w = written.get(seat) if written else None
            computeds.append(c)
            writtens.append(w)
            agrees.append(None if c is None or w is None else c == w)
        table.close(k)

    def _verdict_rows(self, k: int, verdict: Verdict) -> None:
        points = verdict.card_points
        cols = self._card_points.cols
        cols[0].extend(points.keys())
        cols[1].extend(points.values())
        self._card_points.close(k)
        labels, values, details = self._breakdown.cols
        for line in verdict.breakdown:
            labels.append(line.label)
            values.append(line.value)
            details.append(line.detail)
        self._breakdown.close(k)
        cols = self._bonuses.cols
        for b in verdict.bonuses:
            cols[0].append(b.name)
            cols[1].append(b.side)
            cols[2].append(b.announced)
            cols[3].append(b.made)
            cols[4].append(b.value)
            cols[5].append(b.kontra)
        self._bonuses.close(k)

    def _renons(self, item: Renons) -> None:
        opts = list(item.options)
        if item.card:
            opts.insert(0, ("card", item.card))
        if item.kontra:
            opts.insert(1 if item.card else 0, ("kontra", str(item.kontra)))
        self._irregular_row("renons", item.kind, item.accused, item.claimant, item.trick, opts)

    def _irregular(self, item: Irregular) -> None:
        trick = dict(item.options).get("trick", "")
        number = bounded_int(trick, MAX_TRICK_NUMBER)
        self._irregular_row("irregular", item.kind, item.seat, None, number, item.options)

    def _irregular_row(
        self,
        kind: str,
        what: str,
        seat: str | None,
        claimant: str | None,
        trick: int | None,
        options: Iterable[tuple[str, str]],
    ) -> None:
        cols = self._irregularities.cols
        cols[0].append(kind)
        cols[1].append(what)
        cols[2].append(seat)
        cols[3].append(claimant)
        cols[4].append(trick)
        cols[5].append(_options(options))

    def _trick_rows(
        self, k: int, seats: tuple[str, ...], tricks: list[Trick], winners: dict[int, str]
    ) -> None:
        if not tricks:
            return
        starts = self._turn_starts.get(seats)
        if starts is None:
            starts = self._turn_starts[seats] = {}
        table, cards = self._tricks, self._play_cards.values
        numbers, leaders, trick_winners, sizes, turns = table.cols
        for trick in tricks:
            n = len(trick.cards)
            numbers.append(trick.number)
            leaders.append(trick.leader)
            trick_winners.append(winners.get(trick.number))
            sizes.append(n)
            start = starts.get(trick.leader)
            if start is None or n > len(seats):
                start = self._turn(starts, seats, trick.leader, n)
            turns.append(start)
            cards.extend(trick.cards)
        table.close(k)

    def _turn(self, starts: dict[str, int], seats: tuple[str, ...], leader: str, n: int) -> int:
        """Where the seats playing a trick of ``n`` cards led by ``leader`` start in
        ``_turns``: the seats from the leader on (all seats if the leader is none), then ``?``
        for the cards beyond one per seat."""
        turn = seats
        if leader in seats:
            i = seats.index(leader)
            turn = seats[i:] + seats[:i]
        start = len(self._turns)
        if n > len(turn):  # not kept in starts: used once
            self._turns.extend(turn + ("?",) * (n - len(turn)))
        else:
            self._turns.extend(turn)
            starts[leader] = start
        return start

    def _plays(self, tricks: dict[str, pa.Array], ids: pa.Array) -> dict[str, pa.Array]:
        """The ``plays`` columns: the tricks with cards are the runs, their cards the rows."""
        played = pc.greater(tricks["cards"], _NONE_I8)
        ends = pc.cumulative_sum(tricks["cards"].filter(played).cast(_I32))
        total = len(self._play_cards.values)
        plays = {"card": self._play_cards.array()}
        for name in ("deal_id", "trick", "winner"):
            values = tricks[name].indices if name == "deal_id" else tricks[name]
            plays[name] = _decode(ends, values.filter(played), total)
        plays["deal_id"] = pa.DictionaryArray.from_arrays(plays["deal_id"], ids)
        starts = _starts(ends)
        plays["pos"] = _positions(ends, starts, total).cast(_I8)
        # the seat in _turns: the trick's start there + the row's position in its run
        turns = _ints(self._tricks.cols[4], _I32).filter(played)
        at = pc.add(_arange(total), _decode(ends, pc.subtract(turns, starts), total))
        plays["seat"] = pa.array(self._turns, _S).take(at)
        return plays

    def to_arrow(self) -> dict[str, pa.Table]:
        """One pyarrow table per archive table (empty tables included), in
        :data:`ARROW_SCHEMAS`: the ``deal_id`` of the deal tables is dictionary-encoded."""
        ids = pa.array(self._ids, pa.string())
        out: dict[str, pa.Table] = {}
        files, indices, numbers, offsets, lines = self._occurrences
        occurrences = [
            pa.array(files, _S), _ints(indices, _I32), ids.take(_ints(numbers, _I32)),
            _ints(offsets, _I64), _ints(lines, _I32),
        ]  # fmt: skip
        out["occurrences"] = pa.Table.from_arrays(occurrences, schema=ARROW_SCHEMAS["occurrences"])
        deals = _transpose(self._deals, [f.type for f in ARROW_SCHEMAS["deals"]][1:])
        out["deals"] = pa.Table.from_arrays([ids, *deals], schema=ARROW_SCHEMAS["deals"])
        problems = ARROW_SCHEMAS["problems"]
        out["problems"] = pa.Table.from_arrays(
            _transpose(self._problems, [f.type for f in problems]), schema=problems
        )
        tags = _columns("tags", self._tags, (), ids)
        tags["name"], tags["value"] = self._tags.joined[0].array(), self._tags.joined[1].array()
        out["tags"] = _assemble("tags", tags)
        seats = _columns(
            "seats", self._seats, ("seat", "player", "role", "tricks_won"), ids, pos="position"
        )
        out["seats"] = _assemble("seats", seats)
        scores = {"deal_id": seats["deal_id"], "seat": seats["seat"]}
        for name, values in zip(
            ("computed", "written", "agrees"), self._seats.cols[4:], strict=True
        ):
            scores[name] = _array("scores", name, values)
        out["scores"] = _assemble("scores", scores)
        parts: dict[str, dict[str, pa.Array]] = {}
        for table, data, names, shared in (
            ("card_points", self._card_points, ("holder", "points"), ()),
            ("breakdown", self._breakdown, ("label", "value", "detail"), ()),
            ("bonuses", self._bonuses,
             ("name", "side", "announced", "made", "value", "kontra"), ()),
            ("auction", self._auction, ("seat", "bid"), ()),
            ("announcements", self._announcements,
             ("kind", "seat", "name", "cards", "options"), ()),
            ("kontras", self._kontras, ("seat", "level", "target"), ()),
            ("irregularities", self._irregularities,
             ("kind", "what", "seat", "claimant", "trick", "options"), ()),
            ("hands", self._hands, ("card",), ("seat",)),
            ("talon", self._talon, ("card",), ()),
            ("exchanges", self._exchanges, ("card",), ("seat", "action")),
        ):  # fmt: skip
            parts[table] = _columns(table, data, names, ids, shared)
        for table, columns in parts.items():
            out[table] = _assemble(table, columns)
        tricks = _columns("tricks", self._tricks, ("trick", "leader", "winner", "cards"), ids)
        out["tricks"] = _assemble("tricks", tricks)
        out["plays"] = _assemble("plays", self._plays(tricks, ids))
        return {table: out[table] for table in COLUMNS}


def _struct(kinds: list[pa.DataType]) -> pa.DataType:
    return pa.struct([pa.field(f"c{i}", kind) for i, kind in enumerate(kinds)])


def _transpose(rows: list[Any], kinds: list[pa.DataType]) -> list[pa.Array]:
    """Rows (tuples) → Arrow columns of types ``kinds`` (converted by Arrow, row by row)."""
    return list(pa.array(rows, _struct(kinds)).flatten())


def _assemble(table: str, arrays: dict[str, pa.Array]) -> pa.Table:
    schema = ARROW_SCHEMAS[table]
    return pa.Table.from_arrays([arrays[f.name] for f in schema], schema=schema)


def _columns(
    table: str,
    data: _Table,
    names: tuple[str, ...],
    ids: pa.Array,
    shared: tuple[str, ...] = (),
    pos: str = "pos",
) -> dict[str, pa.Array]:
    """Arrow columns of ``table`` from ``data``: ``names`` those of ``data.cols``, ``shared``
    those of ``data.shared`` (spread over the rows of their runs); ``deal_id`` from the runs'
    deal numbers (indices into ``ids``) and ``pos`` (if the table has it): the 1-based position
    of a row in its run."""
    schema = ARROW_SCHEMAS[table]
    out: dict[str, pa.Array] = {}
    for i, name in enumerate(names):
        joined = data.joined.get(i)
        out[name] = _array(table, name, data.cols[i]) if joined is None else joined.array()
    ends, total = _ints(data.ends, _I32), data.end
    out["deal_id"] = pa.DictionaryArray.from_arrays(
        _decode(ends, _ints(data.deals, _I32), total), ids
    )
    for name, values in zip(shared, data.shared, strict=False):
        out[name] = _decode(ends, _array(table, name, values), total)
    if pos in schema.names:
        out[pos] = _positions(ends, _starts(ends), total).cast(schema.field(pos).type)
    return out


_INTS: Final = frozenset(
    {
        ("card_points", "points"), ("breakdown", "value"), ("bonuses", "value"),
        ("bonuses", "kontra"), ("kontras", "level"), ("tricks", "trick"), ("tricks", "cards"),
    }
)  # fmt: skip
"""Integer columns converted by :func:`_ints`: never null."""


def _array(table: str, column: str, values: Sequence[Any]) -> pa.Array:
    """A column's values as an Arrow array of its type (:data:`ARROW_SCHEMAS`)."""
    kind = ARROW_SCHEMAS[table].field(column).type
    if (table, column) in _INTS:
        return _ints(values, kind)
    return pa.array(values, kind)


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


def _split(texts: list[str], sep: str, values: list[str]) -> pa.Array:
    """``values`` as an Arrow string array, made from ``texts``, which are the values joined by
    ``sep`` (an ASCII character) in groups: the positions of the separators in their join (found
    by Arrow) give the offsets, and the join without them is the array's data. Much cheaper than
    ``pa.array(values)`` when the strings are no longer in the CPU caches; that is the fallback
    when a value has a ``sep`` (or cannot be encoded)."""
    try:
        joined = (sep.join(texts) + sep).encode()
    except UnicodeEncodeError:
        return pa.array(values, _S)
    text = pa.Array.from_buffers(_U8, len(joined), [None, pa.py_buffer(joined)])
    is_sep = pc.equal(text, pa.scalar(ord(sep), _U8))
    seps = pc.indices_nonzero(is_sep)
    if len(seps) != len(values):
        return pa.array(values, _S)
    ends = pc.subtract(seps.cast(_I32), _arange(len(values)))  # without the separators before
    offsets = pa.concat_arrays([_ZERO, ends]).buffers()[1]
    data = text.filter(pc.invert(is_sep)).buffers()[1] or pa.py_buffer(b"")
    return pa.Array.from_buffers(_S, len(values), [None, offsets, data])


def _decode(ends: pa.Array, values: pa.Array, total: int) -> pa.Array:
    """``values[i]`` repeated up to row ``ends[i]`` (exclusive), ``total`` rows in all."""
    if not total:
        return values.slice(0, 0)
    kind = pa.run_end_encoded(pa.int32(), values.type)
    return pc.run_end_decode(pa.Array.from_buffers(kind, total, [None], 0, 0, [ends, values]))


_U8: Final = pa.uint8()
_ZERO: Final = pa.array([0], _I32)
# compute functions given a Python number convert it slowly (an import attempt each time)
_ONE: Final = pa.scalar(1, _I32)
_NONE_I8: Final = pa.scalar(0, _I8)
_ARANGE: Final[list[pa.Array]] = []
"""``[0, 1, …, n - 1]`` (int32) for the largest ``n`` asked of :func:`_arange` so far."""


def _arange(n: int) -> pa.Array:
    """``[0, 1, …, n - 1]`` (int32)."""
    if not _ARANGE or len(_ARANGE[0]) < n:
        _ARANGE[:] = [pa.array(range(max(n, 1 << 16)), _I32)]
    return _ARANGE[0].slice(0, n)


def _starts(ends: pa.Array) -> pa.Array:
    """The first row of each run (runs ending at ``ends``)."""
    if not len(ends):
        return ends
    return pa.concat_arrays([_ZERO, ends.slice(0, len(ends) - 1)])


def _positions(ends: pa.Array, starts: pa.Array, total: int) -> pa.Array:
    """The 1-based position of each row in its run (int32)."""
    return pc.subtract(_arange(total), _decode(ends, pc.subtract(starts, _ONE), total))


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
