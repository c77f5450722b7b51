"""The JSON form: schema, validation, and text → JSON → text byte identity."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.strategies import records
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from tarokpgn.errors import RecordError
from tarokpgn.model import Record
from tarokpgn.notation import from_json, iter_records, to_json, validate, write_record
from tarokpgn.notation.jsonform import dumps, iter_json_records, schema

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.tpgn") if p.stem != "import-form")


def test_schema_is_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$id"] == "urn:tarokpgn:schema:record:1"
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_text_json_text_identical(path: Path) -> None:
    for record in iter_records(path):
        assert isinstance(record, Record)
        data = to_json(record)
        assert data["tpgn"] == 1
        validate(data)
        back = from_json(json.loads(json.dumps(data)))
        assert back == record
        assert back.source == record.source
        assert write_record(back) == write_record(record)


@settings(max_examples=100, deadline=None)
@given(records())
def test_random_records_json_validates_and_round_trips(record: Record) -> None:
    data = to_json(record)
    validate(data)
    assert from_json(json.loads(json.dumps(data))) == record


def test_invalid_json_is_reported() -> None:
    bad = {"tpgn": 1, "tags": {}, "items": [{"type": "hand", "seat": "Q", "cards": ["HK"]}]}
    with pytest.raises(RecordError) as info:
        validate(bad)
    assert info.value.code == "E110"
    assert "items/0" in info.value.message


def test_version_is_required() -> None:
    with pytest.raises(RecordError):
        validate({"tags": {}, "items": []})


def test_json_and_jsonl_documents() -> None:
    records = [r for r in iter_records(EXAMPLES[0]) if isinstance(r, Record)]
    array = "".join(dumps(records))
    lines = "".join(dumps(records, lines=True))
    assert [r for r in iter_json_records(array)] == records
    assert [r for r in iter_json_records(lines, lines=True)] == records
    assert len(lines.splitlines()) == len(records)


def test_jsonl_bad_line_is_located() -> None:
    good = json.dumps(to_json(Record((("Event", "x"),))))
    results = list(iter_json_records(good + "\n{oops\n" + good + "\n", "f.jsonl", lines=True))
    assert isinstance(results[0], Record) and isinstance(results[2], Record)
    assert isinstance(results[1], RecordError)
    assert results[1].line == 2 and results[1].file == "f.jsonl"


@pytest.mark.parametrize(
    ("text", "lines"),
    [("[" + "1" * 5000 + "]", False), ("[" * 100_000, False), ('{"a": ' + "9" * 5000 + "}", True)],
    ids=["long-number", "deep-nesting", "long-number-jsonl"],
)
def test_json_that_python_cannot_take_is_a_located_error(text: str, lines: bool) -> None:
    """A number over Python's 4,300 digits or nesting deeper than its recursion limit: E110 on
    that record (and the next line of JSON Lines is still read), not a traceback."""
    results = list(iter_json_records(text + '\n{"tpgn": 1}', "f.jsonl", lines=True) if lines
                   else iter_json_records(text, "f.json"))  # fmt: skip
    assert isinstance(results[0], RecordError) and results[0].code == "E110"
    assert len(str(results[0])) < 300
    assert len(results) == (2 if lines else 1)
