"""Slovenian radelci (SL-12.9, option ``radelci``) followed across a match's deals and checked
against ``Totals`` (issue 14). Worked examples: generated deals (fixed seeds) whose ``Totals``
are rewritten by hand with the radelci applied."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tarokpgn import generate, verify_all
from tarokpgn.model import Record
from tarokpgn.rules.ruleset import find_ruleset
from tarokpgn.rules.slovenian.match import RADELCI
from tarokpgn.verdict import Status, Verdict

ROOT = Path(__file__).resolve().parents[1]


def _deals(seed: int, n: int, radelci: str = "true") -> list[Record]:
    return list(generate("slovenian-4", "semedela", n=n, seed=seed, options={"radelci": radelci}))


def _with_totals(records: list[Record], totals: list[str]) -> list[Record]:
    out = []
    for record, written in zip(records, totals, strict=True):
        tags = tuple((k, written if k == "Totals" else v) for k, v in record.tags)
        out.append(dataclasses.replace(record, tags=tags))
    return out


def _notes(v: Verdict) -> str:
    return " | ".join(line.detail for line in v.breakdown if line.label == "note")


# Seed 1: deal 1 klop (N -9 E -31 S -14 W -16), deal 2 three by S with E, an announced valat
# (+500 each), deal 3 three by W with E (+78 each).
SEED1 = [
    "N -9 E -31 S -14 W -16",  # klop: not doubled (no declarer); every player receives a radelc
    "N -9 E +969 S +986 W -16",  # S's radelc doubles S+E's +500; used up; the valat gives 1 each
    "N -9 E +1125 S +986 W +140",  # W holds 2: +78 doubled to +156 for W and E; 1 left
]
# Seed 2: klop; two by W alone (+54); solo three by N alone (-49); three by N with W (+500).
SEED2 = [
    "N -12 E -27 S -9 W -22",
    "N -12 E -27 S -9 W +86",  # +54 doubled; W's radelc used up
    "N -110 E -27 S -9 W +86",  # -49 doubled; N's radelc kept (the score is not positive)
    "N +890 E -27 S -9 W +1086",  # N's kept radelc doubles +500 for N and W, and is used up
]


def test_radelci_double_the_declarers_next_score() -> None:
    verdicts = [v for _, v in verify_all(_with_totals(_deals(1, 3), SEED1))]
    assert [v.status for v in verdicts] == [Status.OK] * 3, [v.problems for v in verdicts]
    assert "every player receives one after klop" in _notes(verdicts[0])
    assert "used up" in _notes(verdicts[1]) and "valat" in _notes(verdicts[1])


def test_a_radelc_is_kept_after_a_negative_score() -> None:
    verdicts = [v for _, v in verify_all(_with_totals(_deals(2, 4), SEED2))]
    assert [v.status for v in verdicts] == [Status.OK] * 4, [v.problems for v in verdicts]
    assert "kept" in _notes(verdicts[2])
    assert "used up" in _notes(verdicts[3])


def test_totals_without_the_doubling_are_a_mismatch() -> None:
    """The plain sums the generator writes are wrong once radelci are on."""
    verdicts = [v for _, v in verify_all(_deals(1, 3))]
    assert verdicts[0].status is Status.OK
    problem = verdicts[1].problems[-1]
    assert problem.code == "totals-mismatch" and problem.rule == "SL-12.9"
    assert "E +969 S +986" in problem.message


def test_option_off_keeps_the_plain_sums() -> None:
    plain = [v for _, v in verify_all(_deals(1, 3, radelci="false"))]
    assert [v.status for v in plain] == [Status.OK] * 3
    assert "radel" not in " ".join(_notes(v) for v in plain)
    doubled = _with_totals(_deals(1, 3, radelci="false"), SEED1)
    assert [p.code for _, v in verify_all(doubled) for p in v.problems][:1] == ["totals-mismatch"]


def test_last_totals_may_charge_the_unused_radelci() -> None:
    """After deal 3 of seed 1 the players hold N 2, E 2, S 1, W 1 radelci: −40 each."""
    charged = [*SEED1[:2], "N -89 E +1045 S +946 W +100"]
    verdicts = [v for _, v in verify_all(_with_totals(_deals(1, 3), charged))]
    assert [v.status for v in verdicts] == [Status.OK] * 3, [v.problems for v in verdicts]
    assert "−40" in _notes(verdicts[2]) and "end of the match" in _notes(verdicts[2])


def test_the_rule_is_the_rulesets_and_follows_the_option() -> None:
    """The verifier asks the deal's ruleset (``match_rule``); radelci only with the option."""
    assert find_ruleset("slovenian-4", "semedela").match_rule() is None
    for variant in ("slovenian-4", "slovenian-3"):
        rule = find_ruleset(variant, None, {"radelci": "true"}).match_rule()
        assert rule is RADELCI and rule.rule == "SL-12.9"


def test_unused_radelci_are_charged_only_by_totals_that_say_so() -> None:
    """SL-12.9 on plain values: −40 a radelc held when the written Totals charge exactly that."""
    running, held = {"N": 100, "E": -20}, {"N": 2, "E": 0}
    notes: list[str] = []
    assert RADELCI.close(running, {"N": 100, "E": -20}, held, notes) == (running, held)
    assert not notes
    charged = RADELCI.close(running, {"N": 20, "E": -20}, held, notes)
    assert charged == ({"N": 20, "E": -20}, {"N": 0, "E": 0})
    assert "close the match" in notes[0]


def test_the_verifier_names_no_family() -> None:
    """Match rules live with their families (tarokpgn/rules/*/match.py), not in the verifier."""
    source = (ROOT / "tarokpgn" / "replay.py").read_text(encoding="utf-8").lower()
    for word in ("ottocento", "radelci", "tarocchini", "slovenian", "family"):
        assert word not in source, word
