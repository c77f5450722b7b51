"""Play under each contract (SL-9, SL-10) and the kontra ladder (SL-8)."""

from __future__ import annotations

import pytest
from helpers.slovenian_util import T, pile_with, scored_deal

from tarokpgn.rules import DealState, find_ruleset
from tarokpgn.rules.core import legal_plays
from tarokpgn.rules.slovenian import play

HANDS = [
    ["FOOL", *(f"T{n}" for n in range(21, 11, -1)), "HK"],
    [*(f"T{n}" for n in range(11, 0, -1)), "D4"],
    ["SK", "SQ", "SN", "SJ", "S10", "S9", "S8", "S7", "HQ", "HN", "HJ", "H1"],
    ["CK", "CQ", "CN", "CJ", "C10", "C9", "C8", "C7", "H2", "H3", "H4", "DQ"],
]
TALON = ["DN", "DJ", "D1", "D2", "D3", "DK"]


def deal_with(bids: list[tuple[int, str]], preset: str = "semedela", number: int = 2,
              **overrides: str) -> DealState:  # fmt: skip
    rs = find_ruleset("slovenian-4", preset, overrides)
    deal = DealState(rs, [T.cards(h) for h in HANDS], T.cards(TALON), number=number)
    for pos, bid in bids:
        assert deal.check_bid(pos, bid) is None, (pos, bid)
        deal.bid(pos, bid)
    return deal


BEGGAR_BY_E = [(0, "three"), (1, "beggar"), (2, "pass"), (3, "pass"), (0, "pass")]
SOLO_WITHOUT_BY_E = [(0, "three"), (1, "solo-without"), (2, "pass"), (3, "pass"), (0, "pass")]


def test_first_leader_by_contract() -> None:
    assert deal_with(BEGGAR_BY_E).to_play == 1  # declarer leads beggar (SL-10.2)
    assert deal_with(SOLO_WITHOUT_BY_E).to_play == 0  # forehand in Semedela
    pagat = [(1, "solo-without"), (2, "pass"), (3, "pass"), (0, "pass")]
    assert deal_with(pagat, "pagat").to_play == 1  # declarer under pagat (option 15)
    assert deal_with([], number=1).to_play == 0  # klop: forehand


def test_beggar_must_beat_and_pagat_last() -> None:
    deal = deal_with(BEGGAR_BY_E)
    deal.play(1, T.card("D4"))
    deal.play(2, T.card("S7"))  # void in diamonds and taroks: anything
    assert deal.check_play(3, T.card("DQ")) is None
    deal.play(3, T.card("DQ"))
    fault = deal.check_play(0, T.card("HK"))
    assert fault is not None and fault.code == "must-trump"
    assert deal.check_play(0, T.card("T12")) is None
    deal2 = deal_with(BEGGAR_BY_E)
    fault = deal2.check_play(1, T.card("T1"))  # leading the pagat with other cards
    assert fault is not None and fault.code == "pagat-last"


def test_klop_talon_cards_go_to_the_first_six_tricks() -> None:
    deal = deal_with([], number=1)
    order = [(0, "T21"), (1, "T11"), (2, "H1"), (3, "H2")]
    for pos, tok in order:
        assert deal.check_play(pos, T.card(tok)) is None
        deal.play(pos, T.card(tok))
    assert deal.tricks[0].winner == 0 and deal.tricks[0].extra == (T.card("DN"),)
    assert T.card("DN") in deal.won[0]


def test_klop_must_beat_in_suit() -> None:
    deal = deal_with([], number=1)
    deal.play(0, T.card("HK"))
    deal.play(1, T.card("T1"))  # void in hearts, pagat is E's... not last: illegal but applied
    fault = deal.check_play(2, T.card("H1"))
    assert fault is None  # a tarok is in the trick: any heart will do (SL-9.6 a)


def test_colour_valat_trick_goes_to_the_suit() -> None:
    bids = [(0, "three"), (1, "pass"), (2, "colour-valat"), (3, "pass"), (0, "pass")]
    deal = deal_with(bids)
    assert deal.to_play == 2
    for pos, tok in [(2, "SK"), (3, "C7"), (0, "T21"), (1, "T2")]:
        deal.play(pos, T.card(tok))
    assert deal.tricks[0].winner == 2
    assert deal.policy.must_trump  # option colour_valat_must_trump (SL-9.8)


def test_play_may_stop_when_decided() -> None:
    deal = deal_with(BEGGAR_BY_E)
    for pos, tok in [(1, "T11"), (2, "SK"), (3, "C7"), (0, "HK")]:
        deal.play(pos, T.card(tok))
    assert deal.tricks[0].winner == 1 and deal.complete
    assert play.is_decided(deal, deal.ruleset.opts)  # type: ignore[attr-defined]
    assert deal.score().scores[1] == -70


@pytest.mark.parametrize("level", [0, 1, 2, 3, 4])
def test_kontra_ladder_multiplies_the_game(level: int) -> None:
    """SL-8.1: kontra ×2, re ×4, sub ×8, mort ×16 — of game value and difference."""
    rs = find_ruleset("slovenian-4", "semedela")
    pile = pile_with(41, 27, include=("HK", "FOOL"), exclude=("DK", "T21"), seed=41)
    last = (2, ("H2", "H3", "C7", "S7")) if "H2" not in pile else None
    kontras = {"game": level} if level else {}
    deal = scored_deal(rs, "three", 1, 3, pile, kontras=kontras, last=last)
    assert rs.score(deal).scores[1] == 16 * 2**level


def test_kontra_sides() -> None:
    deal = deal_with([(0, "three"), (1, "pass"), (2, "pass"), (3, "pass")])
    deal.call(0, T.card("SK"))  # partner S
    assert deal.check_kontra(0, 1, "game") is not None  # declarer may not kontra his game
    assert deal.check_kontra(2, 1, "game") is not None  # nor his partner
    assert deal.check_kontra(1, 1, "game") is None
    deal.kontra(1, 1, "game")
    assert deal.check_kontra(3, 2, "game") is not None  # re belongs to the declarer side
    assert deal.check_kontra(2, 2, "game") is None
    assert deal.check_kontra(1, 1, "trula") is not None  # nothing announced


# --- SL-9.6 b ruling (issue 14): "higher" compares tarok ranks, the škis highest ---------------

EMPEROR_HANDS = [
    ["T21", "T19", "T18", "T17", "T16", "T15", "HK", "HQ", "HN", "HJ", "H1", "H2"],
    ["T1", "DK", "DQ", "DN", "DJ", "D1", "D2", "D3", "D4", "SK", "SQ", "SN"],
    ["FOOL", "T5", "T4", "T3", "T2", "SJ", "S10", "S9", "S8", "S7", "CK", "CQ"],
    ["T14", "T13", "T12", "T11", "T10", "T9", "T8", "T7", "T6", "CN", "CJ", "C10"],
]
EMPEROR_TALON = ["T20", "H3", "H4", "C9", "C8", "C7"]


def emperor_deal(bids: list[tuple[int, str]] | None = None, number: int = 1,
                 **overrides: str) -> DealState:  # fmt: skip
    """Klop (compulsory, deal 1) or the contract ``bids`` give: forehand holds the mond, the
    next player the pagat as his only tarok, the third the škis and four low taroks."""
    rs = find_ruleset("slovenian-4", "semedela", overrides)
    hands = [T.cards(h) for h in EMPEROR_HANDS]
    deal = DealState(rs, hands, T.cards(EMPEROR_TALON), number=number)
    for pos, bid in bids or []:
        assert deal.check_bid(pos, bid) is None, (pos, bid)
        deal.bid(pos, bid)
    return deal


def names(cards: list[int]) -> set[str]:
    return {T.tokens[c] for c in cards}


def test_skis_must_beat_mond_although_the_pagat_then_wins() -> None:
    """Mond led, pagat forced: the škis outranks the mond, so it must be played (SL-9.6 b),
    though with it the pagat takes the trick (SL-10.3)."""
    deal = emperor_deal()
    deal.play(0, T.card("T21"))
    assert names(deal.legal(1)) == {"T1"}  # his only tarok (SL-9.6 d)
    deal.play(1, T.card("T1"))
    assert names(deal.legal(2)) == {"FOOL"}
    fault = deal.check_play(2, T.card("T5"))
    assert fault is not None and fault.code == "must-beat" and fault.rule.startswith("SL-9.6")
    assert deal.check_play(2, T.card("FOOL")) is None
    deal.play(2, T.card("FOOL"))
    deal.play(3, T.card("T6"))  # nothing outranks the škis: any tarok
    assert deal.tricks[0].winner == 1  # the emperor's trick: the pagat wins


def test_quick_trick_path_refuses_the_low_tarok_too() -> None:
    """:meth:`DealState.play_trick` (the bit-set path) gives the same fault as check_play."""
    deal = emperor_deal()
    faults = deal.play_trick(0, T.cards(["T21", "T1", "T5", "T6"]))
    assert [f.code for f in faults] == ["must-beat"]
    deal = emperor_deal()
    assert list(deal.play_trick(0, T.cards(["T21", "T1", "FOOL", "T6"]))) == []


def test_skis_rank_rule_in_beggar_and_emperor_exception_unchanged() -> None:
    bids = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "beggar")]
    deal = emperor_deal(bids, number=2, forehand_opening="free")
    assert deal.contract is not None and deal.contract.id == "beggar" and deal.to_play == 3
    for pos, tok in [(3, "T6"), (0, "T21"), (1, "T1")]:
        assert deal.check_play(pos, T.card(tok)) is None
        deal.play(pos, T.card(tok))
    assert names(deal.legal(2)) == {"FOOL"}
    # SL-9.6 e unchanged: with mond and škis in the trick the pagat must be played
    policy = deal.policy
    hand = T.cards(["T1", "T3", "T20"])
    assert names(legal_plays(hand, T.cards(["T21", "FOOL"]), T, policy)) == {"T1"}
    assert names(legal_plays(hand, T.cards(["T21"]), T, policy)) == {"T3", "T20"}


def test_ordered_emperor_and_no_must_beat() -> None:
    """With ``emperor_trick=ordered`` the škis after the pagat wins anyway; without
    ``negative_must_beat`` any tarok will do."""
    deal = emperor_deal(emperor_trick="ordered")
    deal.play(0, T.card("T21"))
    deal.play(1, T.card("T1"))
    assert names(deal.legal(2)) == {"FOOL"}
    deal = emperor_deal(negative_must_beat="false")
    deal.play(0, T.card("T21"))
    deal.play(1, T.card("T1"))
    assert names(deal.legal(2)) == {"FOOL", "T5", "T4", "T3", "T2"}
