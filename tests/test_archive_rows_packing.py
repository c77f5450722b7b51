"""Offsets and indices packed by :mod:`struct` (:func:`tarokpgn.archive.rows._offsets`): the
Arrow ``int32`` arrays ``pa.array`` gives, for the lists of card codes and for a column of
more than 256 distinct values (indices as ``int32``, not bytes)."""

from __future__ import annotations

import pyarrow as pa
from test_archive_rows import VERDICT, record

from tarokpgn.archive.rows import _ROW, Rows, _offsets, _transpose
from tarokpgn.model import Record, Source


def test_offsets_are_int32_arrays() -> None:
    for values in ([], [0], [0, 3, 3, 70_000], list(range(0, 3000, 7))):
        packed = _offsets(values)
        assert packed.type == pa.int32()
        assert packed.equals(pa.array(values, pa.int32()))


def test_more_than_256_distinct_values_and_nested_codes() -> None:
    """300 deals, each with players of its own (300 distinct ``seat_players``): every column
    equals Arrow's conversion of the whole rows, the card codes included."""
    rows = Rows()
    base = record()
    for i in range(300):
        tags = tuple((n, f"{v}{i}" if n in ("N", "E") else v) for n, v in base.tags)
        rows.add_deal(Record(tags, base.items, Source("f.tpgn", i, i, f"{i:064x}", i)), VERDICT)
    table = rows.to_arrow()["deal_rows"]
    assert len(rows._repeated["seat_players"].index) == 300
    for (name, kind), expected in zip(_ROW, _transpose(rows._rows(), _ROW), strict=True):
        column = table.column(name).combine_chunks()
        assert column.type == kind and column.equals(expected), name
    players = table.column("seat_players").to_pylist()
    assert players[0] == ["Ana0", "Bojan0", "Cene", "Darja"] and players[299][0] == "Ana299"
    assert table.column("plays").to_pylist()[299] == [[1, 3, 9, 21], [22, 24, 26]]
