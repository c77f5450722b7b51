"""Shared by the golden corpora of the rule plug-ins (``tests/golden/<family>/``): the verdict
summary a ``.verdict.json`` file holds, written by the corpus's ``build.py`` and checked by its
``test_<family>_golden.py``, and the checks every corpus runs."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from tarokpgn.notation import parse_record, write_record
from tarokpgn.replay import verify
from tarokpgn.verdict import Verdict

FIELDS = {
    "czech": ("status", "contract", "declarer", "partner", "won", "card_points", "scores",
              "problems"),
    "french": ("status", "contract", "declarer", "partner", "won", "card_points", "scores",
               "bonuses", "problems"),
    "tarocchini": ("status", "contract", "declarer", "won", "card_points", "scores", "problems"),
}  # fmt: skip
"""Which verdict facts each family's golden files pin down."""


def summary(v: Verdict, family: str) -> dict[str, object]:
    """The facts of ``v`` that ``family``'s golden files hold."""
    facts: dict[str, object] = {
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
    return {key: facts[key] for key in FIELDS[family]}


def check_golden(path: Path, family: str) -> None:
    """The record is in export form and verifies to the summary stored beside it."""
    text = path.read_text()
    record = parse_record(text, str(path))
    assert write_record(record) == text
    want = json.loads(path.with_suffix(".verdict.json").read_text())
    assert summary(verify(record), family) == want


def check_clean_results(paths: Iterable[Path]) -> None:
    """Every record not named ``bad-*`` is legal and its Result equals the computed scores."""
    for path in paths:
        if path.stem.startswith("bad-"):
            continue
        v = verify(parse_record(path.read_text()))
        assert v.ok and v.scores == v.written, path.stem
