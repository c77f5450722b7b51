"""The French golden corpus (tests/golden/french): every contract, poignée, petit au bout,
chelem and each kind of violation, with the verdict the verifier must give. Rebuild with
``tests/golden/french/build.py`` and review the diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.golden_util import check_clean_results, check_golden

HERE = Path(__file__).resolve().parent / "golden" / "french"
RECORDS = sorted(HERE.glob("*.tpgn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path, "french")


def test_clean_golden_records_state_their_result() -> None:
    check_clean_results(RECORDS)


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
        "excuse-exchange",
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
        "excuse-exchange",
    }
