"""Property tests: generated Ottocento and Terziglio deals verify clean (≥ 300 per variant and
per notable option set), their scores keep the invariants of T-2.4 and T-11.9, and every
mutation that breaks one rule is caught with the right code, rule and trick."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from helpers.mutations import applied
from helpers.tarocchini_mutations import MUTATIONS

from tarokpgn.generate import generate
from tarokpgn.model import Record
from tarokpgn.replay import verify, verify_all
from tarokpgn.verdict import Status

N = 300


@cache
def _deals(variant: str, options: tuple[tuple[str, str], ...] = ()) -> tuple[Record, ...]:
    return tuple(generate(variant, n=N, seed=11, options=dict(options)))


@pytest.mark.parametrize("variant", ["ottocento", "terziglio"])
def test_generated_deals_verify_clean(variant: str) -> None:
    records = _deals(variant)
    assert len(records) == N
    contracts: Counter[str] = Counter()
    for record, verdict in verify_all(records):
        assert verdict.status is Status.OK, (record.get("Deal"), verdict.problems)
        assert verdict.scores == record.written_scores()
        contracts[verdict.contract or ""] += 1
    if variant == "ottocento":
        assert contracts["ottocento"] > 250 and contracts["monte"] >= 1
    else:
        assert min(contracts["gioco"], contracts["solo"], contracts["all-pass"]) >= 5


OPTION_SETS = [
    ("ottocento", (("declaration_order", "before_scarto"), ("matto_led", "matto_cannot_lead"))),
    ("ottocento", (("must_overtrump", "true"), ("monte_points", "after_5_or_10"),
                   ("contatori_minimum", "two"), ("declaration_doubling", "false"))),
    ("ottocento", (("matto_last_trick", "lost_like_french_excuse"),
                   ("grande_tail", "moors_must_be_complete"))),
    ("terziglio", (("terziglio_deal", "19_plus_5"), ("terziglio_auction", "barilli_va_bene"))),
    ("terziglio", (("terziglio_card_count", "groups_of_three"),
                   ("terziglio_settlement", "winner_only"),
                   ("terziglio_rounding_edge", "inclusive"))),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
def test_generated_deals_verify_clean_under_options(
    variant: str, options: tuple[tuple[str, str], ...]
) -> None:
    for record in _deals(variant, options):
        v = verify(record)
        assert v.status is Status.OK, (record.get("Deal"), v.problems)


def test_ottocento_card_points_total_93() -> None:
    for record in _deals("ottocento"):
        v = verify(record)
        if v.contract == "ottocento":
            assert sum(v.card_points.values()) == 93, v.card_points
            scores = v.scores or {}
            assert scores["N"] == scores["S"] and scores["E"] == scores["W"]


def test_terziglio_is_zero_sum_and_a_multiple_of_game_points() -> None:
    for record in _deals("terziglio"):
        v = verify(record)
        scores = v.scores or {}
        assert sum(scores.values()) == 0
        if v.contract in ("gioco", "solo"):
            # 93 in all, each side's half point (odd piles, T-13.19) rounded down when shown
            assert sum(v.card_points.values()) in (92, 93), v.card_points
            declarer = scores[v.declarer or ""]
            assert declarer % 2 == 0 and (declarer > 0) == bool(v.won)


def test_terziglio_19_plus_5_deals_19_cards() -> None:
    record = _deals("terziglio", (("terziglio_deal", "19_plus_5"),))[0]
    hands = [item for item in record.items if type(item).__name__ == "Hand"]
    assert {len(getattr(h, "cards")) for h in hands} == {19}  # noqa: B009


MIN_APPLIED = 5
"""Each mutation must break at least this many of the 80 deals (it finds from 6 to 80 places),
so no mutation is tested by mutating nothing; the one exception is ``partial-stock``, which has
no place in Ottocento (no stock to take, T-4.1)."""


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@pytest.mark.parametrize("variant", ["ottocento", "terziglio"])
def test_mutations_are_caught(variant: str, name: str) -> None:
    mutated = applied(MUTATIONS[name], _deals(variant)[:80])
    for bad, (code, rule, trick) in mutated:
        v = verify(bad)
        want = Status.SCORE_MISMATCH if code == "score-mismatch" else Status.ILLEGAL
        assert v.status is want, (bad.get("Deal"), v.problems)
        first = v.problems[0]
        assert (first.code, first.rule, first.trick) == (code, rule, trick), first
    if variant == "ottocento" and name == "partial-stock":
        assert mutated == []
    else:
        assert len(mutated) >= MIN_APPLIED, len(mutated)
