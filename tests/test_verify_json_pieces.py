"""The ``verify --json`` writer remembers whole pieces (a score line by its detail, a bonus by
its fields, a verdict's first members, a deal's file and tags) and writes a table the
computed scores share with the written ones once, the trick winners as one text, and its loop
over the deals (:meth:`JsonArray.add_deals`) compiled (issue 21). Each shortcut must give the
bytes the standard encoder writes, also when a remembered piece nearly matches (same detail,
another label; equal values of other types; equal tables in another order) and for what only
the general writer may write."""

from __future__ import annotations

import dataclasses
import io
import json
from enum import StrEnum

import pytest
from helpers.json_elements import DEAL_TAGS, expected_element, with_deal

from tarokpgn import compiled
from tarokpgn.cli._json import indented
from tarokpgn.cli.verify import json_element, json_text
from tarokpgn.generate import generate
from tarokpgn.model import Record, Source
from tarokpgn.replay import verify_all
from tarokpgn.verdict import Bonus, JsonArray, ScoreLine, Status, Verdict, verdict_json


class Seat(StrEnum):
    NORTH = "N"


def reference(verdict: Verdict) -> bytes:
    """``verdict`` with one extra member as the standard encoder writes it."""
    data = verdict.to_json() | {"k": 1}
    return json.dumps(data, indent=1, ensure_ascii=False).encode()


def near_misses() -> list[Verdict]:
    """Verdicts whose pieces equal, or nearly equal, those of the verdict before them."""
    lines = (ScoreLine("a", 1, detail="d"), ScoreLine("result", 0, detail="N +1"))
    scores = {"N": 1, "E": -1}
    bonus = Bonus("trula", "declarer", True, None, 10)
    pure = not compiled()  # the compiled classes refuse a value of another type
    return [
        Verdict(Status.OK, scores=scores, written=dict(scores), breakdown=lines),
        # the same detail under another label, with another value
        Verdict(
            Status.OK, breakdown=(ScoreLine("b", 1, detail="d"), ScoreLine("a", 2, detail="d"))
        ),
        # equal written scores in another order, of another type, another length, or none
        Verdict(Status.OK, scores=scores, written={"E": -1, "N": 1}),
        Verdict(Status.OK, scores=scores, written={"N": True, "E": -1}),
        Verdict(Status.OK, scores=scores, written={"N": 1}),
        Verdict(Status.OK, scores=scores, written={"N": 1, "E": -1, "S": 0}),
        Verdict(Status.OK, scores=scores),
        Verdict(Status.OK, scores={Seat.NORTH: 1}, written={Seat.NORTH: 1}),
        # a bonus, then the same with made known, with an int for a bool (pure Python only)
        Verdict(Status.OK, bonuses=(bonus, bonus)),
        Verdict(Status.OK, bonuses=(dataclasses.replace(bonus, made=False),)),
        Verdict(Status.OK, bonuses=(Bonus("trula", "declarer", 1 if pure else True, None, 10),)),  # type: ignore[arg-type]
        # the first members, then the same with won an int (pure Python only), a StrEnum seat
        Verdict(Status.OK, contract="three", declarer="N", partner=None, won=True),
        Verdict(Status.OK, contract="three", declarer="N", won=1 if pure else True),  # type: ignore[arg-type]
        Verdict(Status.OK, contract="three", declarer=Seat.NORTH, won=True),
        # trick winners to escape, outside ASCII, of another type, or none
        Verdict(Status.OK, trick_winners=("N", 'a"b', "c\\d")),
        Verdict(Status.OK, trick_winners=("N", "Š", "é\n")),
        Verdict(Status.OK, trick_winners=("N", Seat.NORTH)),
        Verdict(Status.OK, trick_winners=()),
        # seats in pieces of a few: a piece first, then later, a short one last
        Verdict(Status.OK, trick_winners=("N", "E", "S", "W", "N", "E")),
        Verdict(Status.OK, trick_winners=("W", "N", "E", "S", "N", "E", "S", "W", "N")),
        # digits, an empty string, outside ASCII, one alone, a space, a dash, a control
        Verdict(Status.OK, trick_winners=("1", "P2", "", "Š")),
        Verdict(Status.OK, trick_winners=("N",)),
        Verdict(Status.OK, trick_winners=("N", "E W")),
        Verdict(Status.OK, trick_winners=("N", "E-1")),
        Verdict(Status.OK, trick_winners=("N", "\x00")),
    ]


def test_near_misses_as_the_standard_encoder_writes_them() -> None:
    """Twice over: the second round meets every piece remembered."""
    verdicts = near_misses()
    for _round in range(2):
        for verdict in verdicts:
            got = verdict_json(verdict, "\n", [("k", 1)], indented)
            assert got == reference(verdict), verdict


def records() -> list[Record]:
    """Deals of two variants and files, one without a Match tag, one without a source, one
    whose file name UTF-8 cannot write (a lone surrogate), and the :data:`DEAL_TAGS`."""
    deals = list(generate("slovenian-4", n=3, seed=5)) + list(generate("czech-4", n=2, seed=5))
    other = Source("other.tpgn", 0, 9, "", index=4)
    no_match = tuple((k, v) for k, v in deals[1].tags if k != "Match")
    odd = Source("b\udcffd", 0, 1, "", index=1)
    return [
        *deals,
        dataclasses.replace(deals[0], source=other),
        dataclasses.replace(deals[1], tags=no_match),
        dataclasses.replace(deals[2], source=None),
        dataclasses.replace(deals[3], source=odd),
        *(with_deal(deals[k % 2], value) for k, value in enumerate(DEAL_TAGS)),
    ]


ERRORS = {"utf-8": "surrogateescape", "utf-16": "surrogatepass"}
"""How each output writes a lone surrogate (as a POSIX system's standard output does; UTF-16
cannot escape it)."""


def streams() -> list[tuple[io.TextIOBase, io.BytesIO | None]]:
    """UTF-8 over bytes (line-buffered or not), UTF-16 over bytes, and text alone."""
    made: list[tuple[io.TextIOBase, io.BytesIO | None]] = []
    for encoding, buffered in (("utf-8", False), ("utf-8", True), ("utf-16", False)):
        raw = io.BytesIO()
        out = io.TextIOWrapper(raw, encoding, ERRORS[encoding], "\n", line_buffering=buffered)
        made.append((out, raw))
    made.append((io.StringIO(), None))
    return made


@pytest.mark.parametrize("stream", range(4))
def test_add_deals_writes_the_array_json_dump_writes(stream: int) -> None:
    """The compiled loop against ``json.dump`` of the elements as the standard encoder
    writes them: every stream, every kind of record, statuses counted."""
    pairs = list(verify_all(records()))
    out, raw = streams()[stream]
    array = JsonArray(out)  # type: ignore[arg-type]
    counts = dict.fromkeys(Status, 0)
    array.add_deals(pairs, counts, indented, json_element)
    array.close()
    out.flush()
    assert array.size == len(pairs)
    assert counts == {s: sum(v.status is s for _, v in pairs) for s in Status}
    expected = io.StringIO()
    elements = [expected_element(r, v) for r, v in pairs]
    json.dump(elements, expected, indent=1, ensure_ascii=False)
    if raw is None:
        assert isinstance(out, io.StringIO)
        assert out.getvalue() == expected.getvalue() + "\n"
    else:
        encoding = "utf-16" if stream == 2 else "utf-8"
        got = raw.getvalue().decode(encoding, ERRORS[encoding])
        assert got == expected.getvalue() + "\n"
    for record, verdict in pairs:
        assert json.loads(json_text(record, verdict)) == json.loads(
            json.dumps(expected_element(record, verdict))
        )


class Flushes(io.BytesIO):
    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


@pytest.mark.parametrize("line_buffering", [False, True])
def test_add_deals_flushes_each_element_when_line_buffered(line_buffering: bool) -> None:
    """A line-buffered output (a terminal) gets each deal as soon as it is verified."""
    pairs = list(verify_all(generate("slovenian-4", n=4, seed=2)))
    raw = Flushes()
    out = io.TextIOWrapper(raw, "utf-8", line_buffering=line_buffering)
    array = JsonArray(out)
    before = raw.flushes
    array.add_deals(pairs, dict.fromkeys(Status, 0), indented, json_element)
    assert raw.flushes - before == (len(pairs) if line_buffering else 0)
    assert raw.getvalue().count(b'\n  "status": ') == len(pairs)
