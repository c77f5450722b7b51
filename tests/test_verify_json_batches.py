"""``verify --json`` writes its elements a few deals at a time to a buffered output (one join and
one write a batch, issue 21), each deal to a line-buffered or unbuffered one (a terminal,
``python -u``), and what it holds when the deals stop early (an interrupt, an input that
fails) before the error goes on."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from tarokpgn.cli._json import indented
from tarokpgn.cli.verify import json_element
from tarokpgn.generate import generate
from tarokpgn.model import Record
from tarokpgn.replay import verify_all
from tarokpgn.verdict import JsonArray, Status, Verdict

PAIRS = list(verify_all(generate("czech-4", n=19, seed=4)))


class Writes(io.BytesIO):
    """Bytes that count the writes they get."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, data: object) -> int:
        self.writes += 1
        return super().write(data)  # type: ignore[arg-type]


def output(
    line_buffering: bool = False, write_through: bool = False
) -> tuple[io.TextIOWrapper, Writes]:
    """A UTF-8 output over raw bytes (no buffer of its own between: each write is seen)."""
    raw = Writes()
    out = io.TextIOWrapper(raw, "utf-8", line_buffering=line_buffering, write_through=write_through)
    return out, raw


def add_all(out: io.TextIOWrapper, pairs: list[tuple[Record, Verdict]]) -> JsonArray:
    array = JsonArray(out)
    array.add_deals(pairs, dict.fromkeys(Status, 0), indented, json_element)
    return array


@pytest.mark.parametrize(
    ("line_buffering", "write_through", "writes"),
    [(False, False, 3), (True, False, 19), (False, True, 19)],
)
def test_writes_a_batch_or_each_deal(
    line_buffering: bool, write_through: bool, writes: int
) -> None:
    """19 deals: three writes (8, 8 and 3 deals) to a buffered output, 19 to the others; the
    same array every way."""
    out, raw = output(line_buffering, write_through)
    array = add_all(out, PAIRS)
    assert raw.writes == writes
    array.close()
    out.flush()
    assert len(json.loads(raw.getvalue())) == len(PAIRS)


def interrupted(after: int) -> Iterator[tuple[Record, Verdict]]:
    yield from PAIRS[:after]
    raise KeyboardInterrupt


def test_the_deals_before_an_interrupt_are_written() -> None:
    """An interrupt after 11 deals (a batch and three held): all 11 are written before it goes
    on, and the array closes after them."""
    out, raw = output()
    array = JsonArray(out)
    with pytest.raises(KeyboardInterrupt):
        array.add_deals(interrupted(11), dict.fromkeys(Status, 0), indented, json_element)
    array.close()
    out.flush()
    got = json.loads(raw.getvalue())
    assert [e["deal"] for e in got] == [r.get("Deal") for r, _v in PAIRS[:11]]
