"""How :meth:`Rows.to_arrow` converts: the columns whose values repeat from deal to deal are
converted once per distinct value, the plays of a deal at once, the engine's winners in one
loop, the score lines from a flat list per field; each gives what the plain conversion of
every deal's row gave."""

from __future__ import annotations

import pyarrow as pa
import pytest
from test_archive_rows import VERDICT, record

from tarokpgn.archive.rows import _ROW, Rows, _transpose, trick_winners
from tarokpgn.model import Auction, Bid, Record, Source, Trick
from tarokpgn.verdict import ScoreLine, Verdict


def _other(sha: str, record_: Record, **changes: object) -> tuple[Record, Verdict]:
    """``record_`` under another content hash, with another dealer and auction, and
    ``VERDICT`` with ``changes``."""
    tags = tuple((n, "N" if n == "Dealer" else v) for n, v in record_.tags)
    items = tuple(
        Auction((Bid("E", "two"),)) if isinstance(item, Auction) else item for item in record_.items
    )
    verdict = Verdict(
        VERDICT.status,
        **{**{k: getattr(VERDICT, k) for k in _VERDICT_FIELDS}, **changes},  # type: ignore[arg-type]
    )
    return Record(tags, items, Source("f.tpgn", 1, 1, sha, 2)), verdict


_VERDICT_FIELDS = (
    "problems", "contract", "declarer", "partner", "won", "card_points", "scores", "written",
    "breakdown", "bonuses", "game_kontra", "trick_winners",
)  # fmt: skip


def _batch(**changes: object) -> Rows:
    rows = Rows()
    rows.add_deal(record(), VERDICT)
    rows.add_deal(*_other("b" * 64, record(), **changes))
    rows.add_deal(record("c" * 64, index=3), VERDICT)
    return rows


def test_columns_are_the_rows_converted_one_by_one() -> None:
    """Three deals, two seatings and auctions, one repeated: every column of ``deal_rows``
    equals Arrow's conversion of the whole rows."""
    rows = _batch(card_points={"declarer": 41, "opponents": 29})
    table = rows.to_arrow()["deal_rows"]
    whole = _transpose(rows._rows(), _ROW)
    for (name, kind), expected in zip(_ROW, whole, strict=True):
        column = table.column(name).combine_chunks()
        assert column.type == kind and column.equals(expected), name
    assert table.column("auction").to_pylist() == [
        [{"seat": "N", "bid": "three"}, {"seat": "E", "bid": "pass"}],
        [{"seat": "E", "bid": "two"}],
        [{"seat": "N", "bid": "three"}, {"seat": "E", "bid": "pass"}],
    ]
    west, north = ["N", "E", "S", "W"], ["E", "S", "W", "N"]  # play orders by dealer
    assert table.column("seats").to_pylist() == [west, north, west]


def test_a_repeated_value_arrow_refuses_fails_as_before() -> None:
    """A card-point holder that is no string: the error Arrow gives converting whole rows."""
    rows = _batch(card_points={1: 41, "opponents": 29})
    with pytest.raises(pa.ArrowTypeError) as raised:
        _transpose(rows._rows(), _ROW)
    with pytest.raises(pa.ArrowTypeError) as again:
        rows.to_arrow()
    assert str(again.value) == str(raised.value)


def test_engine_winners_of_repeated_trick_numbers() -> None:
    """Every winner from the engine: the last one of a trick number wins, as leaders would
    have been overwritten before."""
    tricks = (Trick(1, "N", ("T1",)), Trick(1, "E", ("T2",)), Trick(2, "S", ("T3",)))
    plain = Record(record().tags, tricks)
    assert trick_winners(plain, _other("d" * 64, plain, trick_winners=("E", "S", "W"))[1]) == {
        1: "S",
        2: "W",
    }
    assert trick_winners(plain) == {1: "S"}


def test_score_lines_from_flat_fields() -> None:
    """Deals with no score line, with details written and left out (NULL: the result), and a
    non-ASCII label: the ``breakdown`` column equals Arrow's conversion of the whole rows, and
    a value Arrow refuses fails with the error of that conversion."""
    lines = (
        ScoreLine("välja", -7, detail="x"),
        ScoreLine("result", 3, detail="N +20 E +20 S -20 W -20"),
    )
    rows = _batch(breakdown=())
    rows.add_deal(*_other("d" * 64, record(), breakdown=lines))
    table = rows.to_arrow()["deal_rows"]
    (kind,) = [k for name, k in _ROW if name == "breakdown"]
    expected = _transpose(rows._rows(), _ROW)[[name for name, _ in _ROW].index("breakdown")]
    column = table.column("breakdown").combine_chunks()
    assert column.type == kind and column.equals(expected)
    assert [len(items) for items in column.to_pylist()] == [2, 0, 2, 2]
    assert column.to_pylist()[3] == [
        {"label": "välja", "value": -7, "detail": "x"},
        {"label": "result", "value": 3, "detail": None},  # the deal's Result tag: left out
    ]
    bad = _batch(breakdown=(ScoreLine("three", 1 << 40),))  # no INTEGER
    with pytest.raises(pa.ArrowInvalid) as raised:
        _transpose(bad._rows(), _ROW)
    with pytest.raises(pa.ArrowInvalid) as again:
        bad.to_arrow()
    assert str(again.value) == str(raised.value)
