"""The worked examples of slovenian.md (SL-EX1…SL-EX6) and of the seeds, as tests."""

from __future__ import annotations

import pytest
from helpers.slovenian_util import HONOURS, pile_with, scored_deal

from tarokpgn.rules import find_ruleset

SEMEDELA = find_ruleset("slovenian-4", "semedela")


def _solo_two(points: int, **overrides: str) -> dict[int, int]:
    rs = find_ruleset("slovenian-4", "semedela", overrides)
    # kings and trula split, honours out of the last trick: no silent bonus interferes
    pile = pile_with(points, 27, include=("HK", "FOOL"), exclude=("DK", "T21"), seed=points)
    last = (2, ("H2", "H3", "C7", "S7")) if not {"H2", "H3", "C7", "S7"} & set(pile) else None
    deal = scored_deal(rs, "solo-two", 1, None, pile, last=last)
    return rs.score(deal).scores


@pytest.mark.parametrize(("points", "score"), [(44, 59), (26, -59), (35, -50), (36, 51)])
def test_sl_ex1_solo_two_difference(points: int, score: int) -> None:
    """SL-EX1 / [S1] §8: solo dva with 44 → +59, 26 → −59, exactly 35 → −50."""
    assert _solo_two(points) == {0: 0, 1: score, 2: 0, 3: 0}


@pytest.mark.parametrize(("points", "score"), [(44, 60), (26, -60), (35, -50), (38, 55)])
def test_sl_ex1_nearest5(points: int, score: int) -> None:
    assert _solo_two(points, difference_rounding="nearest5")[1] == score


def _ex2_pile() -> list[str]:
    kings = ["HK", "DK", "SK", "CK"]
    return [*kings, "T1", "HQ", "DQ", "SQ", "CQ", "HJ", *(f"T{n}" for n in range(2, 15))]


def test_sl_ex2_trojka_kontra_silent_kings_failed_pagat() -> None:
    """SL-EX2: 41 points, kontra on game (×2), silent kings +10, opponent's failed pagat
    ultimo +50: declarer P2 and partner P4 record +92 each."""
    pile = _ex2_pile()
    deal = scored_deal(SEMEDELA, "three", 1, 3, pile, announced={"pagat-ultimo": 0},
                       kontras={"game": 1}, called="HK")  # fmt: skip
    score = SEMEDELA.score(deal)
    assert score.card_points == {"declarer": 41, "opponents": 29}
    assert score.scores == {0: 0, 1: 92, 2: 0, 3: 92}
    values = {b.name: b.value for b in score.bonuses}
    assert values == {"kings": 10, "pagat-ultimo": 50}
    labels = [line.label for line in score.lines]
    assert any("kontra" in label for label in labels)


def test_sl_ex2_variations_of_bonus_kontra() -> None:
    """An announcement's own kontra doubles only that announcement (SL-8.3, SL-8.4)."""
    deal = scored_deal(SEMEDELA, "three", 1, 3, _ex2_pile(), announced={"pagat-ultimo": 0},
                       kontras={"game": 1, "pagat-ultimo": 2}, called="HK")  # fmt: skip
    assert SEMEDELA.score(deal).scores[1] == 32 + 10 + 200


def _klop_deal(overrides: dict[str, str]) -> dict[int, int]:
    rs = find_ruleset("slovenian-4", "semedela", overrides)
    deal = scored_deal(rs, "klop", None, None, [])
    # SL-EX3: P1 took nothing, P2 38, P3 20, P4 12
    p2 = pile_with(38, 24, seed=2)
    p3 = pile_with(20, 20, exclude=p2, seed=3)
    p4 = [t for t in deal.tables.tokens if t not in p2 and t not in p3]
    for pos in range(4):
        deal.won[pos] = []
    deal.won[1] = deal.tables.cards(p2)
    deal.won[2] = deal.tables.cards(p3)
    deal.won[3] = deal.tables.cards(p4)
    for i, t in enumerate(deal.tricks):
        t.winner = (1, 2, 3)[i % 3]
    return rs.score(deal).scores


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("semedela", {0: 0, 1: -76, 2: -20, 3: -12}),
        ("plain", {0: 0, 1: -38, 2: -20, 3: -12}),
        ("pagat", {0: 70, 1: -70, 2: 0, 3: 0}),
    ],
)
def test_sl_ex3_klop(scoring: str, expected: dict[int, int]) -> None:
    assert _klop_deal({"klop_scoring": scoring}) == expected


def test_sl_ex4_renons_penalty() -> None:
    """SL-EX4: P3 in dvojka with kralji and trula announced: −(20 + 35 + 40) = −95; ×2
    when the renons was kontra'd."""
    deal = scored_deal(SEMEDELA, "two", 2, 0, _ex2_pile(), announced={"kings": 2, "trula": 2})
    assert SEMEDELA.penalty_score(deal, 2, 0).scores == {0: 0, 1: 0, 2: -95, 3: 0}  # type: ignore[union-attr]
    assert SEMEDELA.penalty_score(deal, 2, 1).scores[2] == -190  # type: ignore[union-attr]


def _valat_deal(announced: dict[str, int], kontras: dict[str, int], all_tricks: bool) -> int:
    everything = list(find_ruleset("slovenian-4").tables.tokens)
    if all_tricks:
        deal = scored_deal(SEMEDELA, "one", 0, 2, everything, called="HK")
    else:
        deal = scored_deal(SEMEDELA, "one", 0, 2, _ex2_pile(), announced=announced,
                           kontras=kontras, called="HK")  # fmt: skip
        return SEMEDELA.score(deal).scores[0]
    deal.announced, deal.kontras = dict(announced), dict(kontras)
    deal.talon = ()
    return SEMEDELA.score(deal).scores[0]


def test_sl_ex6_valat() -> None:
    """SL-EX6: silent valat in enka, game kontra'd: 250 × 2 = +500; announced and kontra'd:
    500 × 2 = +1000; announced valat failed, no kontra: −500 and nothing else."""
    assert _valat_deal({}, {"game": 1}, True) == 500
    assert _valat_deal({"valat": 0}, {"game": 1}, True) == 1000
    assert _valat_deal({"valat": 0}, {}, False) == -500


def test_sl_ex6_failed_valat_added_when_option_off() -> None:
    rs = find_ruleset("slovenian-4", "semedela", {"failed_valat_replaces_game": "false"})
    deal = scored_deal(rs, "one", 0, 2, _ex2_pile(), announced={"valat": 0}, called="HK")
    score = rs.score(deal)
    assert score.scores[0] == 30 + 6 + 10  # valat not scored separately: the game stands


def test_honours_constant_is_sane() -> None:
    assert len(HONOURS) == 7


def test_seed_s2_values_table() -> None:
    """[S2] §5: contract and announcement values of the Semedela preset."""
    ladder = SEMEDELA.ladder()
    values = {k: c.value for k, c in ladder.items() if k != "klop"}
    assert values == {
        "three": 10, "two": 20, "one": 30, "solo-three": 40, "solo-two": 50, "solo-one": 60,
        "beggar": 70, "solo-without": 80, "open-beggar": 90, "open-solo-without": 100,
        "colour-valat": 125, "colour-valat-suit": 150, "valat": 250,
    }  # fmt: skip
    ann = {k: (a.announced, a.silent) for k, a in SEMEDELA.allowed_announcements().items()}  # type: ignore[attr-defined]
    assert ann == {"trula": (20, 10), "kings": (20, 10), "pagat-ultimo": (50, 25),
                   "valat": (500, 250)}  # fmt: skip
