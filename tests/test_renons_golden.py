"""Golden renons cases: each ``tests/golden/renons/NAME.tpgn`` holds one deal with one claim;
``NAME.expected.json`` the key facts of its judgement and phrases of the judge's text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tarokpgn.model import Record, Renons
from tarokpgn.notation import iter_records
from tarokpgn.renons import judge, text, to_json

GOLDEN = Path(__file__).parent / "golden" / "renons"
CASES = sorted(p.stem for p in GOLDEN.glob("*.tpgn"))


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.expected.json").read_text("utf-8"))
    return data


def test_every_case_has_expectations() -> None:
    assert len(CASES) >= 8
    for name in CASES:
        assert (GOLDEN / f"{name}.expected.json").is_file(), name


@pytest.mark.parametrize("name", CASES)
def test_golden_judgement(name: str) -> None:
    (record,) = list(iter_records(GOLDEN / f"{name}.tpgn"))
    assert isinstance(record, Record)
    (claim,) = list(record.of_type(Renons))
    judgement = judge(record, claim)
    data = to_json(judgement)
    expected = _expected(name)
    for key in ("finding", "rule", "played", "payer", "scores"):
        if key in expected:
            assert data[key] == expected[key], key
    if "should" in expected:
        assert data["should"] == expected["should"]
    assert data["penalty"]["amount"] == expected["amount"]
    if "formula" in expected:
        assert data["penalty"]["formula"] == expected["formula"]
    said = text(judgement)
    for phrase in expected["text"]:
        assert phrase in said, phrase
