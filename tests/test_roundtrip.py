"""Round trips: text → record → text, record → text → record, for examples and random records."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.strategies import records
from hypothesis import HealthCheck, given, settings

from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import iter_records, parse_record, write_record

ROOT = Path(__file__).resolve().parents[1]
EXPORT_EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.tpgn") if p.stem != "import-form")


def read_all(path: Path) -> list[Record]:
    results = list(iter_records(path))
    errors = [r for r in results if isinstance(r, NotationError)]
    assert not errors, "\n".join(map(str, errors))
    return [r for r in results if isinstance(r, Record)]


@pytest.mark.parametrize("path", EXPORT_EXAMPLES, ids=lambda p: p.name)
def test_examples_are_export_form(path: Path) -> None:
    records = read_all(path)
    assert records
    assert "\n".join(write_record(r) for r in records) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", EXPORT_EXAMPLES, ids=lambda p: p.name)
def test_examples_parse_write_parse(path: Path) -> None:
    for record in read_all(path):
        again = parse_record(write_record(record))
        assert again == record
        assert again.source is not None and record.source is not None
        assert again.source.sha256 == record.source.sha256


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_random_records_round_trip(record: Record) -> None:
    text = write_record(record)
    parsed = parse_record(text)
    assert parsed == record
    assert write_record(parsed) == text


@settings(max_examples=50, deadline=None)
@given(records())
def test_write_is_idempotent_on_items_lines(record: Record) -> None:
    text = write_record(record)
    lines = text.split("\n")
    assert lines[-2:] == ["end", ""]
    assert text.endswith("\nend\n")
    assert "\r" not in text
