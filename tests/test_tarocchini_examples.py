"""The worked examples of tarocchini.md T-12, each as a test."""

from __future__ import annotations

import pytest

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.rules.core import CardTables, count_points
from tarokpgn.rules.tarocchini import BOLOGNA, TarocchiniOptions
from tarokpgn.rules.tarocchini.combos import CRICCHE, evaluate, grande, total
from tarokpgn.rules.tarocchini.counting import DEAL_TOTAL, LAST_TRICK, half_points
from tarokpgn.rules.tarocchini.game import ottocento_game, round_total, settle, terziglio_result

TABLES = CardTables.of(BOLOGNESE62)
ALL = frozenset(BOLOGNESE62.tokens)


def _points(cards: list[str]) -> int:
    raw = sum(BOLOGNESE62.points[c] for c in cards)
    half = half_points(raw, len(cards))
    assert half % 2 == 0
    return half // 2


def test_t12_1_card_points() -> None:
    """NS 30 cards → 42 + 6 = 48; EW 32 cards → 45; together 93 (T-2.4)."""
    ns_honours = ["HK", "DK", "HQ", "DQ", "HN", "HJ", "DJ", "SJ", "T20", "FOOL"]
    ew_honours = ["SK", "CK", "SQ", "CQ", "DN", "SN", "CN", "CJ", "T19", "T0"]
    scartini = sorted(ALL - set(ns_honours) - set(ew_honours))
    assert len(scartini) == 42 and all(BOLOGNESE62.points[c] == 1 for c in scartini)
    ns = ns_honours + scartini[:20]
    ew = ew_honours + scartini[20:]
    assert len(ns) == 30 and len(ew) == 32
    assert _points(ns) + LAST_TRICK == 48
    assert _points(ew) == 45
    assert _points(ns) + LAST_TRICK + _points(ew) == DEAL_TOTAL == 93
    # the shared core's pair counting agrees (T-2.2: any pairing)
    assert count_points(TABLES.cards(ns), TABLES, group=2) == 42


def test_t2_2_barilli_pair() -> None:
    assert _points(["T0", "HN"]) == 7 and _points(["HK", "S7"]) == 5 and _points(["S7", "S8"]) == 1


SIDE_A = ["T19", "T18", "T16", "T0", "DK", "DJ", "D1", "SQ", "SN", "SJ", "HJ", "CN", "C1"]


def _cricche_shortcut(other: frozenset[str]) -> int:
    """Barilli's quick count (T-6.1): 148 minus, per schiera, base × min(other side's, 2)."""
    out = 148
    for schiera, base in CRICCHE.values():
        out -= base * min(sum(c in other for c in schiera), 2)
    return out


def test_t12_2_pisarri_count() -> None:
    """Side B (everything side A lacks) scores 31 in cricche and 150 in doubled sequences."""
    b = ALL - set(SIDE_A)
    combos = {c.name: c.value for c in evaluate(b)}
    assert combos == {
        "kings": 17,
        "queens": 14,
        "moors": 20,
        "aces": 10,
        "sequence-batons": 15,
        "sequence-cups": 20,
        "grande": 10,
    }
    t = total(evaluate(b))
    assert (t.cricche, t.sequences, t.value) == (31, 150, 181)
    assert not t.cricche_doubled and t.sequences_doubled
    assert _cricche_shortcut(frozenset(SIDE_A)) == 31


def test_t12_3_broken_grande() -> None:
    other = {"T19", "T14", "T12", "T10", "T9", "T7", "T5", "T0"}
    found = grande(ALL - other)
    assert found is not None and found.value == 30 and len(found.cards) == 7
    assert found.value == 105 - 5 * (12 + 3)  # the traditional shortcut (N = 12, h + c = 3)


def test_t12_4_declaration_from_a_hand() -> None:
    hand = [
        "T20",
        "T19",
        "T18",
        "T16",
        "T15",
        "T1",
        "T2",
        "T3",
        "FOOL",
        "SK",
        "SQ",
        "SJ",
        "HK",
        "DK",
        "CJ",
    ]
    combos = {c.name: c.value for c in evaluate(hand)}
    assert combos == {"tarocchi": 18, "kings": 17, "sequence-swords": 15, "grande": 25,
                      "moors": 15}  # fmt: skip
    t = total(evaluate(hand))
    assert (t.cricche, t.sequences, t.value) == (35, 110, 145)


def test_t12_5_race_to_800() -> None:
    out = ottocento_game(
        {"NS": 760, "EW": 702}, [("NS", 18), ("NS", 15)], {"NS": 62 + 41, "EW": 59 + 52}, BOLOGNA
    )
    assert out.totals == {"EW": 813, "NS": 896}
    assert out.winner == "NS" and not out.on_declarations


def test_t10_3_win_on_declarations() -> None:
    out = ottocento_game({"NS": 790, "EW": 500}, [("NS", 17)], {"NS": 30, "EW": 63}, BOLOGNA)
    assert out.winner == "NS" and out.on_declarations


def test_t13_11_tie_at_800() -> None:
    hand = {"NS": 50, "EW": 50}
    out = ottocento_game({"NS": 780, "EW": 780}, [], hand, BOLOGNA)
    assert out.totals == {"EW": 830, "NS": 830} and out.winner is None
    opts = BOLOGNA.override({"tie_at_800": "declaring_side_wins"})
    assert isinstance(opts, TarocchiniOptions)
    out = ottocento_game({"NS": 780, "EW": 790}, [("NS", 10)], hand, opts)
    assert out.winner == "NS"


def test_t13_10_call_out_priority() -> None:
    opts = BOLOGNA.override({"declaration_win_rule": "call_out_priority"})
    assert isinstance(opts, TarocchiniOptions)
    decl = [("EW", 20), ("NS", 40)]
    out = ottocento_game({"NS": 790, "EW": 785}, decl, {"NS": 40, "EW": 53}, opts)
    assert out.winner == "EW" and out.on_declarations
    out = ottocento_game({"NS": 790, "EW": 785}, decl, {"NS": 40, "EW": 53}, BOLOGNA)
    assert out.winner == "NS" and out.on_declarations  # checkpoint: the higher total


@pytest.mark.parametrize(
    ("declarer", "opponents", "solo", "wins", "gp", "scores"),
    [
        (247, 219, False, True, 5, {0: 10, 1: -5, 2: -5}),  # (a)
        (247, 219, True, True, 10, {0: 20, 1: -10, 2: -10}),  # (b)
        (204, 204, False, False, 4, {0: -8, 1: 4, 2: 4}),  # (c)
    ],
)
def test_t12_6_terziglio_game_points(
    declarer: int, opponents: int, solo: bool, wins: bool, gp: int, scores: dict[int, int]
) -> None:
    result = terziglio_result(2 * declarer, 2 * opponents, solo, BOLOGNA)
    assert (result.declarer_wins, result.game_points) == (wins, gp)
    assert settle(0, 3, result, BOLOGNA) == scores
    assert sum(scores.values()) == 0


def test_t12_6_d_capot() -> None:
    result = terziglio_result(0, 0, False, BOLOGNA, capot_side="opponents")
    assert result == terziglio_result(9, 1, False, BOLOGNA, capot_side="opponents")
    assert (result.declarer_wins, result.game_points, result.capot) == (False, 40, True)
    assert terziglio_result(0, 0, True, BOLOGNA, "declarer").game_points == 40
    doubled = BOLOGNA.override({"terziglio_capot_solo_double": "true"})
    assert isinstance(doubled, TarocchiniOptions)
    assert terziglio_result(0, 0, True, doubled, "declarer").game_points == 80


@pytest.mark.parametrize(
    ("total_", "gp"), [(245, 4), (246, 5), (296, 6), (251, 5), (204, 4), (247, 5), (44, 0), (46, 1)]
)
def test_t12_6_e_rounding_edges(total_: int, gp: int) -> None:
    assert round_total(2 * total_) == gp


def test_t13_20_inclusive_edge_and_half_points() -> None:
    assert round_total(2 * 245, "inclusive") == 5
    assert round_total(2 * 245 + 1) == 5  # 245.5 is less than 5 short of 250
    assert round_total(2 * 244 + 1) == 4
