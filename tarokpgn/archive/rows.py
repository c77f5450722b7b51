"""Records and verdicts as columnar rows for the archive tables; pure (no I/O, no DuckDB).

A :class:`Rows` accumulates one column list per table column (:data:`COLUMNS` mirrors
``schema.sql``) and turns them into pyarrow tables with :meth:`Rows.to_arrow`, ready for
:mod:`tarokpgn.archive.store` to insert in bulk. A deal added twice to the same
:class:`Rows` (the same content hash) gets a second ``occurrences`` row only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import pyarrow as pa

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
    tricks = list(record.of_type(Trick))
    out = {a.number: b.leader for a, b in zip(tricks, tricks[1:], strict=False)}
    engine = verdict.trick_winners if verdict is not None else ()
    if len(engine) <= len(tricks):  # more would mean the tricks do not match the record's
        for trick, seat in zip(tricks, engine, strict=False):
            out[trick.number] = seat
    return out


class Rows:
    """Columnar rows for a batch of deals, table by table."""

    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list[Any]]] = {
            table: {name: [] for name, _ in cols} for table, cols in COLUMNS.items()
        }
        self._seen: set[str] = set()

    def __len__(self) -> int:
        """Number of distinct deals added."""
        return len(self._seen)

    def _add(self, table: str, *values: Any) -> None:
        for column, value in zip(self.columns[table].values(), values, strict=True):
            column.append(value)

    def _extend(self, table: str, n: int, *values: Any) -> None:
        """Add ``n`` rows; each value is a sequence of ``n`` or one value repeated."""
        for column, value in zip(self.columns[table].values(), values, strict=True):
            column.extend(value if isinstance(value, list | tuple | range) else [value] * n)

    def add_deal(self, record: Record, verdict: Verdict, last_winner: str | None = None) -> str:
        """Add one verified record; returns its ``deal_id``.

        Trick winners come from ``verdict.trick_winners`` (the rules engine); ``last_winner``
        is the seat that won the last written trick, used only when the verdict does not say.
        """
        src = record.source
        if src is None or not src.sha256:
            raise ValueError("a record needs a source with a content hash to be archived")
        _check_ranges(record, verdict)
        marks = {table: len(next(iter(cols.values()))) for table, cols in self.columns.items()}
        try:
            self._add_all(src, record, verdict, last_winner)
        except BaseException:  # leave no partial rows behind
            for table, mark in marks.items():
                for column in self.columns[table].values():
                    del column[mark:]
            self._seen.discard(src.sha256)
            raise
        return src.sha256

    def _add_all(
        self, src: Source, record: Record, verdict: Verdict, last_winner: str | None
    ) -> None:
        deal_id = src.sha256
        self._add("occurrences", src.file, src.index, deal_id, src.offset, src.line)
        if deal_id in self._seen:
            return
        self._seen.add(deal_id)
        winners = trick_winners(record, verdict)
        tricks = list(record.of_type(Trick))
        if tricks and last_winner is not None and tricks[-1].number not in winners:
            winners[tricks[-1].number] = last_winner
        self._deal(deal_id, record, verdict)
        self._seats(deal_id, record, verdict, winners)
        self._verdict_rows(deal_id, verdict)
        self._items(deal_id, record)
        self._tricks(deal_id, record, tricks, winners)
        for problem in verdict.problems:
            self._problem(src.file, deal_id, "verify", src.index, problem)

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
        problem = Problem(code=code, message=message, line=line, column=column)
        self._problem(file, deal_id, origin, record, problem)

    def _problem(
        self, file: str, deal_id: str | None, origin: str, record: int | None, p: Problem
    ) -> None:
        self._add(
            "problems", file, deal_id, origin, record, p.line, p.column, p.code, p.message,
            p.trick, p.seat, p.rule, p.accepted,
        )  # fmt: skip

    def _deal(self, deal_id: str, record: Record, verdict: Verdict) -> None:
        call = next(record.of_type(Call), None)
        talon = next(record.of_type(Talon), None)
        in_talon = None
        if call is not None and talon is not None and "?" not in talon.cards:
            in_talon = call.card in talon.cards
        points = verdict.card_points
        get = record.get
        self._add(
            "deals", deal_id, record.variant or None, record.ruleset or None,
            get("Options") or None, get("Event") or None, get("Site") or None,
            get("Date") or None, year_of(get("Date")), get("Round") or None,
            get("Deal") or None, get("Match") or None, record.dealer or None,
            record.players, get("Result") or None, str(verdict.status), verdict.contract,
            verdict.declarer, verdict.partner, call.card if call else None, in_talon,
            verdict.won, points.get("declarer"), points.get("opponents"),
            verdict.game_kontra, sum(1 for _ in record.of_type(Trick)), len(verdict.problems),
        )  # fmt: skip
        n = len(record.tags)
        names, values = [t[0] for t in record.tags], [t[1] for t in record.tags]
        self._extend("tags", n, deal_id, range(1, n + 1), names, values)

    def _seats(
        self, deal_id: str, record: Record, verdict: Verdict, winners: dict[int, str]
    ) -> None:
        won: dict[str, int] = {}
        for seat in winners.values():
            won[seat] = won.get(seat, 0) + 1
        complete = len(winners) == sum(1 for _ in record.of_type(Trick))
        written = verdict.written if verdict.written is not None else _written(record)
        computed = verdict.scores or {}
        for position, seat in enumerate(record.play_order(), 1):
            tricks_won = won.get(seat, 0) if complete else None
            self._add(
                "seats", deal_id, seat, position, record.player(seat) or None,
                _role(seat, verdict), tricks_won,
            )  # fmt: skip
            c, w = computed.get(seat), written.get(seat) if written else None
            agrees = None if c is None or w is None else c == w
            self._add("scores", deal_id, seat, c, w, agrees)

    def _verdict_rows(self, deal_id: str, verdict: Verdict) -> None:
        for holder, points in verdict.card_points.items():
            self._add("card_points", deal_id, holder, points)
        for pos, line in enumerate(verdict.breakdown, 1):
            self._add("breakdown", deal_id, pos, line.label, line.value, line.detail)
        for b in verdict.bonuses:
            self._add("bonuses", deal_id, b.name, b.side, b.announced, b.made, b.value, b.kontra)

    def _items(self, deal_id: str, record: Record) -> None:
        counters = {"auction": 0, "announcements": 0, "kontras": 0, "irregularities": 0}

        def nxt(table: str) -> int:
            counters[table] += 1
            return counters[table]

        for item in record.items:
            if isinstance(item, Hand):
                n = len(item.cards)
                self._extend("hands", n, deal_id, item.seat, range(1, n + 1), item.cards)
            elif isinstance(item, Talon):
                n = len(item.cards)
                self._extend("talon", n, deal_id, range(1, n + 1), item.cards)
            elif isinstance(item, Auction):
                for bid in item.bids:
                    self._add("auction", deal_id, nxt("auction"), bid.seat, bid.bid)
            elif isinstance(item, Exchange):
                self._exchange(deal_id, item)
            elif isinstance(item, Announce):
                self._add(
                    "announcements", deal_id, nxt("announcements"), item.kind, item.seat,
                    item.name, " ".join(item.cards), _options(item.options),
                )  # fmt: skip
            elif isinstance(item, Kontra):
                self._add("kontras", deal_id, nxt("kontras"), item.seat, item.level, item.target)
            elif isinstance(item, Renons | Irregular):
                self._irregular(deal_id, nxt("irregularities"), item)

    def _exchange(self, deal_id: str, item: Exchange) -> None:
        for action, cards in (("take", item.take), ("discard", item.discard), ("show", item.show)):
            n = len(cards)
            self._extend("exchanges", n, deal_id, item.seat, action, range(1, n + 1), cards)

    def _irregular(self, deal_id: str, pos: int, item: Renons | Irregular) -> None:
        if isinstance(item, Renons):
            opts = list(item.options)
            if item.card:
                opts.insert(0, ("card", item.card))
            if item.kontra:
                opts.insert(1 if item.card else 0, ("kontra", str(item.kontra)))
            self._add(
                "irregularities", deal_id, pos, "renons", item.kind, item.accused,
                item.claimant, item.trick, _options(opts),
            )  # fmt: skip
        else:
            trick = dict(item.options).get("trick", "")
            number = int(trick) if trick.isdigit() and len(trick) < 5 else None
            self._add(
                "irregularities", deal_id, pos, "irregular", item.kind, item.seat, None,
                number, _options(item.options),
            )  # fmt: skip

    def _tricks(
        self, deal_id: str, record: Record, tricks: list[Trick], winners: dict[int, str]
    ) -> None:
        order = record.seats
        for trick in tricks:
            winner = winners.get(trick.number)
            self._add("tricks", deal_id, trick.number, trick.leader, winner, len(trick.cards))
            n = len(trick.cards)
            seats = (_from(order, trick.leader) + ("?",) * n)[:n]  # "?": more cards than seats
            self._extend(
                "plays", n, deal_id, trick.number, range(1, n + 1), seats, trick.cards, winner
            )

    def to_arrow(self) -> dict[str, pa.Table]:
        """One pyarrow table per archive table (empty tables included)."""
        return {
            table: pa.Table.from_pydict(cols, schema=SCHEMAS[table])
            for table, cols in self.columns.items()
        }


def _from(seats: tuple[str, ...], leader: str) -> tuple[str, ...]:
    """Seats in order of play starting with ``leader`` (once round the table)."""
    i = seats.index(leader) if leader in seats else 0
    return seats[i:] + seats[:i]


def _check_ranges(record: Record, verdict: Verdict) -> None:
    """Raise ValueError when a number does not fit its column (TINYINT, SMALLINT)."""
    tiny = [k.level for k in record.of_type(Kontra)] + [verdict.game_kontra]
    tiny += [b.kontra for b in verdict.bonuses]
    tiny += [len(h.cards) for h in record.of_type(Hand)] + [
        len(t.cards) for t in record.of_type(Talon)
    ]
    tiny += [len(t.cards) for t in record.of_type(Trick)]
    tiny += [max(len(e.take), len(e.discard), len(e.show)) for e in record.of_type(Exchange)]
    small = [t.number for t in record.of_type(Trick)] + [r.trick for r in record.of_type(Renons)]
    small += [p.trick for p in verdict.problems if p.trick is not None]
    small += [len(record.tags), len(record.items)]
    if any(not -128 <= v <= 127 for v in tiny) or any(not -32768 <= v <= 32767 for v in small):
        raise ValueError("a number in the record is out of range for the archive")


def _role(seat: str, verdict: Verdict) -> str | None:
    if verdict.declarer is None:
        return None
    if seat == verdict.declarer:
        return "declarer"
    return "partner" if seat == verdict.partner else "opponent"


def _written(record: Record) -> dict[str, int] | None:
    try:
        return parse_scores(record.get("Result"))
    except ValueError:
        return None
