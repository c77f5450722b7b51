"""The Tarocchini golden corpus (tests/golden/tarocchini): both variants, every contract,
thrown-in deals, notable options and each kind of violation, with the verdict the verifier
must give. Rebuild with ``tests/golden/tarocchini/build.py`` and review the diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.golden_util import check_clean_results, check_golden

HERE = Path(__file__).resolve().parent / "golden" / "tarocchini"
RECORDS = sorted(HERE.glob("*.tpgn"))


def _load(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.with_suffix(".verdict.json").read_text())
    return data


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path, "tarocchini")


def test_clean_golden_records_state_their_result() -> None:
    check_clean_results(RECORDS)


FIRST_PROBLEM = {
    "bad-follow-suit": ("follow-suit", "T-7.2"),
    "bad-must-trump": ("must-trump", "T-7.2"),
    "bad-moors-wrong-leader": ("wrong-leader", "T-7.1"),
    "bad-five-point-discard": ("illegal-discard", "T-4.3"),
    "bad-false-declaration": ("bad-declaration", "T-5.4"),
    "bad-bid-out-of-turn": ("illegal-bid", "T-11.3"),
    "bad-partial-stock": ("talon-group", "T-11.4"),
    "bad-score-mismatch": ("score-mismatch", "T-10.1"),
    "bad-matto-lead": ("matto-lead", "T-13.13"),
    "bad-play-after-monte": ("talon-group", "T-4.2"),
    "bad-declaration-order": ("declaration-order", "T-5.5"),
}


def test_corpus_covers_contracts_options_and_violations() -> None:
    names = {p.stem for p in RECORDS}
    clean = {"ottocento-declarations", "ottocento-monte", "ottocento-matto-exchange",
             "ottocento-before-scarto", "terziglio-gioco", "terziglio-gioco-lost",
             "terziglio-solo", "terziglio-all-pass", "terziglio-19-plus-5",
             "terziglio-groups-of-three"}  # fmt: skip
    assert clean | set(FIRST_PROBLEM) <= names
    contracts = {_load(p)["contract"] for p in RECORDS}
    assert contracts == {"ottocento", "monte", "gioco", "solo", "all-pass"}
    statuses = {_load(p)["status"] for p in RECORDS}
    assert statuses == {"ok", "illegal", "score-mismatch"}


@pytest.mark.parametrize("name", sorted(FIRST_PROBLEM))
def test_violation_is_reported_first(name: str) -> None:
    problems = _load(HERE / f"{name}.tpgn")["problems"]
    assert isinstance(problems, list)
    assert tuple(problems[0][:2]) == FIRST_PROBLEM[name]
