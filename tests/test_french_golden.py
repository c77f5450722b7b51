"""The French golden corpus (tests/golden/french): every contract, poignée, petit au bout,
chelem and each kind of violation, with the verdict the verifier must give. Rebuild with
``tests/golden/french/build.py`` and review the diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarokpgn.notation import parse_record, write_record
from tarokpgn.replay import verify

HERE = Path(__file__).resolve().parent / "golden" / "french"
RECORDS = sorted(HERE.glob("*.tpgn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    record = parse_record(path.read_text(), str(path))
    assert write_record(record) == path.read_text()
    want = json.loads(path.with_suffix(".verdict.json").read_text())
    v = verify(record)
    got = {
        "status": v.status.value,
        "contract": v.contract,
        "declarer": v.declarer,
        "partner": v.partner,
        "won": v.won,
        "card_points": v.card_points,
        "scores": v.scores,
        "bonuses": sorted(f"{b.name}:{b.value}" for b in v.bonuses),
        "problems": [[p.code, p.rule, p.line, p.trick, p.seat] for p in v.problems],
    }
    assert got == want


def test_clean_golden_records_state_their_result() -> None:
    for path in RECORDS:
        if path.stem.startswith("bad-"):
            continue
        v = verify(parse_record(path.read_text()))
        assert v.ok and v.scores == v.written, path.stem


def test_corpus_covers_contracts_bonuses_and_violations() -> None:
    names = {p.stem for p in RECORDS}
    assert {
        "petite-made",
        "petite-lost",
        "garde",
        "garde-sans",
        "garde-contre",
        "all-pass",
    } <= names
    assert {
        "handful-taker",
        "handful-defence",
        "petit-au-bout-taker",
        "petit-au-bout-defence",
        "chelem-announced",
        "chelem-silent",
        "chelem-announced-failed",
    } <= names
    codes = set()
    for path in RECORDS:
        if path.stem.startswith("bad-"):
            want = json.loads(path.with_suffix(".verdict.json").read_text())
            codes |= {p[0] for p in want["problems"]}
    assert codes >= {
        "follow-suit",
        "must-trump",
        "must-overtrump",
        "called-suit-lead",
        "score-mismatch",
        "illegal-bid",
        "illegal-call",
        "illegal-discard",
        "discard-count",
        "talon-group",
        "illegal-declaration",
        "illegal-announcement",
        "illegal-kontra",
        "wrong-leader",
        "petit-sec",
    }
