"""Czech payment arithmetic: every worked example of czech.md and the seed (CZ-11, CZ-12)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import group_count
from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.options import MCR, VYSOCINA
from tarokpgn.rules.czech.payment import (
    game_amount,
    roundup10,
    warsaw_classic,
    warsaw_difference,
)
from tarokpgn.rules.czech.scoring import DECLARER, Commitment, DealFacts, settle

DUTY1 = Contract(Game.FIRST_DUTY)
DUTY2 = Contract(Game.SECOND_DUTY)
SOLO = Contract(Game.SOLO)
P = ("P1", "P2", "P3", "P4")


def pref(level: int) -> Contract:
    return Contract(Game.PREFERANC, level)


@pytest.mark.parametrize(("raw", "out"), [(0, 0), (1, 10), (85, 90), (90, 90), (340, 340)])
def test_roundup10(raw: int, out: int) -> None:
    assert roundup10(raw) == out


def test_seed_17_times_5_is_85_rounded_to_90() -> None:
    """[S0] / CZ-EX1: first duty, forhont's side 18 oči: 17 × 5 = 85 → 90 h."""
    assert game_amount(18, 5, 0, VYSOCINA, opp_flek=False) == -90
    s = settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 18), VYSOCINA)
    assert s.scores == {"P1": -90, "P2": -90, "P3": 90, "P4": 90}


def test_ex1_alone_pays_three_times() -> None:
    s = settle(DealFacts(DUTY1, ("P1",), ("P2", "P3", "P4"), 18), VYSOCINA)
    assert s.scores == {"P1": -270, "P2": 90, "P3": 90, "P4": 90}


def test_ex2_preferanc_third_cards() -> None:
    """CZ-EX2: 17 × 20 = 340 h per opponent; MČR third cards 5 h: 85 → 90."""
    s = settle(DealFacts(pref(3), ("P1",), ("P2", "P3", "P4"), 18), VYSOCINA)
    assert s.scores == {"P1": -1020, "P2": 340, "P3": 340, "P4": 340}
    s = settle(DealFacts(pref(3), ("P1",), ("P2", "P3", "P4"), 18), MCR)
    assert s.scores == {"P1": -270, "P2": 90, "P3": 90, "P4": 90}


def test_ex3_flek_and_hlasky_of_both_sides() -> None:
    """CZ-EX3: 9 × 10 = 90; the partner's trul and an opponent's barvičky cancel out."""
    facts = DealFacts(
        DUTY1, ("P1", "P2"), ("P3", "P4"), 44, flek=1, hlasky=(("P2", "trul"), ("P3", "barvicky"))
    )
    assert settle(facts, VYSOCINA).scores == {"P1": 90, "P2": 90, "P3": -90, "P4": -90}


def test_ex4_silent_valat_in_solo() -> None:
    """CZ-EX4: talon HK S7 T5 counts 5; 30 × 40 = 1200 + silent valát 200 = 1400 each."""
    raw = sum(TAROK54.points[c] for c in ("HK", "S7", "T5"))
    assert group_count(raw, 3) == 5
    valat = Commitment("valat", DECLARER, announced=False, made=True)
    s = settle(DealFacts(SOLO, ("P2",), ("P1", "P3", "P4"), 70 - 5, commitments=(valat,)), VYSOCINA)
    assert s.scores == {"P2": 4200, "P1": -1400, "P3": -1400, "P4": -1400}


def test_ex5_cap() -> None:
    """CZ-EX5: sólo with flek and re, 56 oči: 21 × 160 = 3360 capped at 2000."""
    s = settle(DealFacts(SOLO, ("P2",), ("P1", "P3", "P4"), 56, flek=2), VYSOCINA)
    assert s.scores["P2"] == 6000 and s.scores["P1"] == -2000


def test_ex6_tie() -> None:
    """CZ-EX6: 35 : 35 — the declarer side pays one oko; after a flek the opponents do."""
    s = settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 35), VYSOCINA)
    assert s.scores == {"P1": -10, "P2": -10, "P3": 10, "P4": 10}
    s = settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 35, flek=1), VYSOCINA)
    assert s.scores == {"P1": 10, "P2": 10, "P3": -10, "P4": -10}
    base = replace(VYSOCINA, tie_rate="base")
    assert game_amount(35, 5, 3, base, opp_flek=True) == 10
    assert game_amount(35, 5, 3, VYSOCINA, opp_flek=True) == 40


@pytest.mark.parametrize(("made", "each"), [(True, 230), (False, -170)])
def test_ex7_second_duty_pagat(made: bool, each: int) -> None:
    pagat = Commitment("pagat", DECLARER, announced=True, made=made, price=200)
    s = settle(DealFacts(DUTY2, ("P3", "P1"), ("P2", "P4"), 40, commitments=(pagat,)), VYSOCINA)
    assert s.scores == {"P3": each, "P1": each, "P2": -each, "P4": -each}


def test_ex8_mcr_warsaw_literal_units() -> None:
    literal = replace(MCR, warsaw_unit=1)
    pts = {"P1": 33, "P2": 20, "P3": 12, "P4": 5}
    assert warsaw_difference(pts, literal) == {"P1": -120, "P2": -20, "P3": 20, "P4": 120}


def test_ex9_counting() -> None:
    """CZ-EX9: 29 cards worth 60 → 41 oči; 25 cards worth 46 → 29; together 70."""
    assert group_count(60, 29) == 41
    assert group_count(46, 25) == 29
    assert settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 41), VYSOCINA).scores["P1"] == 30


@pytest.mark.parametrize(
    ("level", "points", "flek", "vysocina", "mcr"),
    [
        (1, 42, 0, 120, 420),  # CZ-EX10
        (2, 29, 0, -180, -180),  # CZ-EX11
        (3, 43, 1, 960, 240),  # CZ-EX12
    ],
)
def test_ex10_to_ex12_preferanc_levels(
    level: int, points: int, flek: int, vysocina: int, mcr: int
) -> None:
    facts = DealFacts(pref(level), ("P2",), ("P1", "P3", "P4"), points, flek=flek)
    assert settle(facts, VYSOCINA).scores["P2"] == vysocina
    assert settle(facts, MCR).scores["P2"] == mcr
    assert sum(settle(facts, MCR).scores.values()) == 0


def test_ex13_classic_warsaw_forehand_loses() -> None:
    pts = {"P1": 31, "P2": 22, "P3": 17, "P4": 0}
    tricks = {"P1": 5, "P2": 4, "P3": 3, "P4": 0}
    assert warsaw_classic(pts, tricks, "P1", VYSOCINA) == {
        "P1": -1400, "P2": 400, "P3": 400, "P4": 600,
    }  # fmt: skip


def test_ex14_classic_warsaw_other_loses() -> None:
    pts = {"P1": 20, "P2": 0, "P3": 29, "P4": 21}
    tricks = {"P1": 4, "P2": 0, "P3": 4, "P4": 4}
    assert warsaw_classic(pts, tricks, "P1", VYSOCINA) == {
        "P1": 200, "P2": 400, "P3": -800, "P4": 200,
    }  # fmt: skip


def test_classic_warsaw_ties_for_most() -> None:
    pts = {"P1": 10, "P2": 25, "P3": 25, "P4": 10}
    tricks = dict.fromkeys(pts, 3)
    out = warsaw_classic(pts, tricks, "P1", VYSOCINA)
    assert out == {"P1": 400, "P2": -400, "P3": -400, "P4": 400}
    nobody = replace(VYSOCINA, warsaw_classic_ties="nobody_pays")
    assert warsaw_classic(pts, tricks, "P1", nobody) == dict.fromkeys(pts, 0)


def test_ex15_ex16_mcr_warsaw() -> None:
    pts = {"P1": 33, "P2": 20, "P3": 12, "P4": 5}
    assert warsaw_difference(pts, MCR) == {"P1": -560, "P2": -80, "P3": 80, "P4": 560}
    pts = {"P1": 31, "P2": 22, "P3": 17, "P4": 0}
    assert warsaw_difference(pts, MCR) == {"P1": -620, "P2": -50, "P3": 50, "P4": 620}


def test_mcr_warsaw_ties() -> None:
    pts = {"P1": 30, "P2": 30, "P3": 10, "P4": 0}
    assert warsaw_difference(pts, MCR) == dict.fromkeys(pts, 0)
    split = warsaw_difference(pts, replace(MCR, warsaw_ties="split"))
    assert split == {"P1": -400, "P2": -400, "P3": 200, "P4": 600}


def test_ex17_cap_scopes() -> None:
    """CZ-EX17: game-part cap 2000 + trul 20 = 2020; whole-deal cap 2000."""
    facts = DealFacts(SOLO, ("P2",), ("P1", "P3", "P4"), 56, flek=2, hlasky=(("P2", "trul"),))
    assert settle(facts, VYSOCINA).scores["P2"] == 6060
    assert settle(facts, replace(VYSOCINA, cap_scope="whole_deal")).scores["P2"] == 6000


def test_ex18_hlasky_side_and_individual() -> None:
    facts = DealFacts(
        pref(1), ("P3",), ("P1", "P2", "P4"), 38, hlasky=(("P3", "taroky"), ("P1", "barvicky"))
    )
    assert settle(facts, VYSOCINA).scores == {"P3": 120, "P1": -40, "P2": -40, "P4": -40}
    ind = settle(facts, replace(VYSOCINA, hlasky_settlement="individual")).scores
    assert ind == {"P3": 160, "P1": 0, "P2": -80, "P4": -80}


def test_announced_commitments_with_fleky() -> None:
    valat = Commitment("valat", DECLARER, announced=True, made=False, flek=1)
    s = settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 50, commitments=(valat,)), VYSOCINA)
    assert s.scores["P1"] == 80 - 800
    silent_lost = Commitment("pagat", DECLARER, announced=False, made=False)
    costly = replace(VYSOCINA, silent_pagat_failure=100)
    facts = DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 36, commitments=(silent_lost,))
    assert settle(facts, VYSOCINA).scores["P1"] == 10
    assert settle(facts, costly).scores["P1"] == 10 - 100


def test_duty1_requires_flek() -> None:
    opts = replace(VYSOCINA, duty1_requires_flek=True)
    facts = DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 50, hlasky=(("P3", "barvy"),))
    assert settle(facts, opts).scores == {"P1": 0, "P2": 0, "P3": 0, "P4": 0}
    assert (
        settle(DealFacts(DUTY1, ("P1", "P2"), ("P3", "P4"), 50, flek=1), opts).scores["P1"] == 150
    )


@pytest.mark.parametrize("points", range(0, 71))
def test_settlement_is_zero_sum(points: int) -> None:
    for opts in (VYSOCINA, MCR):
        for side in (("P1",), ("P1", "P2")):
            others = tuple(s for s in P if s not in side)
            s = settle(DealFacts(DUTY1, side, others, points, flek=points % 4), opts)
            assert sum(s.scores.values()) == 0
