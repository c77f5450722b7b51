"""Property tests of the Czech engine: generated deals verify clean under both rulesets, and a
deal mutated to break one rule is caught with that rule as the first problem."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers.czech_mutations import MUTATIONS, Expect
from helpers.mutations import applied
from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn.generate import generate
from tarokpgn.model import Record
from tarokpgn.notation import parse_record, write_record
from tarokpgn.replay import verify
from tarokpgn.verdict import Status

RULESETS = ("vysocina", "mcr")


def deals(ruleset: str, seed: int, n: int = 20) -> list[Record]:
    return list(generate("czech-4", ruleset, n=n, seed=seed))


@pytest.mark.parametrize("ruleset", RULESETS)
@given(seed=st.integers(0, 10**6))
@settings(max_examples=10, deadline=None)
def test_generated_deals_verify_clean(ruleset: str, seed: int) -> None:
    for record in deals(ruleset, seed):
        reread = parse_record(write_record(record))
        verdict = verify(reread)
        assert verdict.status is Status.OK, (write_record(record), verdict.problems)
        assert verdict.scores == reread.written_scores()
        assert sum(verdict.scores.values()) == 0
        total = sum(verdict.card_points.values())
        assert total == 70 if verdict.contract != "warsaw" else 69 <= total <= 71


@pytest.mark.parametrize("ruleset", RULESETS)
def test_generator_covers_every_game(ruleset: str) -> None:
    seen = Counter(verify(r).contract for r in deals(ruleset, 11, 400))
    games = {"first-duty", "second-duty", "preferanc-1", "preferanc-2", "preferanc-3", "solo",
             "warsaw"}  # fmt: skip
    assert games <= set(seen), seen


MIN_APPLIED = 5
"""Each mutation must break at least this many of the fixed deals of
:func:`test_mutations_are_caught_on_fixed_deals` (it finds from 10 to 120 places among 120), so
no mutation is tested by mutating nothing."""


def _assert_caught(bad: Record, expect: Expect) -> None:
    verdict = verify(parse_record(write_record(bad)))
    assert verdict.status is not Status.OK
    first = verdict.problems[0]
    assert (first.code, first.rule, first.trick) == expect, verdict.problems


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@given(seed=st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_mutated_deals_are_caught(name: str, seed: int) -> None:
    for ruleset in RULESETS:
        for bad, expect in applied(MUTATIONS[name], deals(ruleset, seed, 8)):
            _assert_caught(bad, expect)


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_mutations_are_caught_on_fixed_deals(name: str) -> None:
    mutated = applied(MUTATIONS[name], deals("vysocina", 5, 60) + deals("mcr", 5, 60))
    assert len(mutated) >= MIN_APPLIED, (name, len(mutated))
    for bad, expect in mutated:
        _assert_caught(bad, expect)


OPTION_VARIATIONS = [
    {"flek_targets": "game_only", "cap_scope": "whole_deal"},
    {"duty2_talon": "1+2+3", "hlasky_timing": "dealt", "hlasky_overlap": "all"},
    {"emperor_trick": "true", "warsaw_overtake": "strict", "warsaw_ties": "split"},
    {"auction_rounds": "repeated", "pref_level_in_auction": "true", "call_any_lower": "true"},
    {"called_tarok_bought_by_other": "alone", "hlasky_settlement": "individual"},
    {"duty1_requires_flek": "true", "forced_discard_trul": "any", "tie_rate": "base"},
    {"hlasky_automatic": "false", "hlasky_overlap": "one_per_family", "lone_multiplier": "3"},
]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("options", OPTION_VARIATIONS, ids=lambda o: "+".join(o))
def test_generated_deals_verify_clean_under_every_option(
    ruleset: str, options: dict[str, str]
) -> None:
    for record in generate("czech-4", ruleset, n=60, seed=8, options=options):
        reread = parse_record(write_record(record))
        assert reread.options == options
        verdict = verify(reread)
        assert verdict.status is Status.OK, (write_record(record), verdict.problems)
