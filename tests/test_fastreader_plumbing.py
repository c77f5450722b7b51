"""The fast reader's character-level helpers say what the string methods they replace say:
``_printable`` is ``str.isprintable``, ``_number_at`` finds a trick line's ``N. `` and
``_scan`` stops at a line's end; line numbers run on across blocks; ``Record.get``."""

from __future__ import annotations

import io

import pytest

from tarokpgn.model import Record
from tarokpgn.notation.fastreader import _context, _number_at, _printable, _scan, read_export


@pytest.mark.parametrize(
    "value",
    ["", "N +59 E 0", "Koper", "tab\there", "del\x7f", "nbsp\xa0", "nel\x85", "žuž", "\x1f", "~"],
)
def test_printable_is_isprintable(value: str) -> None:
    assert _printable(value) is value.isprintable()


@pytest.mark.parametrize(
    ("text", "pos", "number", "want"),
    [
        ("1. N HK", 0, 1, 3),
        ("x\n2. E", 2, 2, 5),
        ("12. S", 0, 12, 4),
        ("2. N", 0, 1, -1),  # another number
        ("1.N", 0, 1, -1),  # no space
        ("1, N", 0, 1, -1),
        ("11. N", 0, 1, -1),  # "1" then "1" is no "."
        ("1. ", 0, 1, 3),
        ("1.", 0, 1, -1),  # too short
        ("13. N", 0, 12, -1),
        ("1", 0, 12, -1),
    ],
)
def test_number_at(text: str, pos: int, number: int, want: int) -> None:
    assert _number_at(text, pos, len(text), number) == want


def test_number_at_keeps_to_stop() -> None:
    assert _number_at("1. N", 0, 2, 1) == -1
    assert _number_at("12. N", 0, 1, 12) == -1


def test_scan_stops_at_the_line_end() -> None:
    ctx = _context("slovenian-4")
    assert ctx is not None and ctx.tokens
    text = "HK T21 C7\nDQ"
    out: list[str] = []
    assert _scan(text, 0, len(text), ctx, out) == text.index("\n")
    assert out == ["HK", "T21", "C7"]
    out.clear()
    assert _scan(text, 10, len(text), ctx, out) == len(text)
    assert out == ["DQ"]
    assert _scan("HK ZZ", 0, 5, ctx, []) == -1
    assert _scan("HK  T21", 0, 7, ctx, []) == -1  # an empty word


def test_lines_run_on_across_blocks() -> None:
    """The line after each block is counted record by record (no count of the block's line
    feeds): a record read in a later block starts on the same line as read at once."""
    record = (
        '[Variant "slovenian-4"]\n[Result "*"]\n\n'
        "hand N HK\n{ a comment }\nend\n"  # a comment: the record is cut the careful way
    )
    data = ("\n\n".join([record] * 5)).encode()
    whole = [r.source.line for r in read_export(data) if isinstance(r, Record) and r.source]
    for size in (7, 40, 101):
        blocks = read_export(io.BytesIO(data), "f", block_size=size)
        lines = [r.source.line for r in blocks if isinstance(r, Record) and r.source]
        assert lines == whole == [1, 9, 17, 25, 33]  # six lines and two blank each


def test_record_get() -> None:
    record = Record((("Event", "Cup"), ("Result", "N +59 E 0")))
    assert record.get("Result") == "N +59 E 0"
    assert record.get("Event") == "Cup"
    assert record.get("Deal") == ""
    assert record.get("Deal", "1") == "1"
