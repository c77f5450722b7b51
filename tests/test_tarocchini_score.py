"""Scoring a hand (T-10, T-11) on synthetic finished deals: who owns the Matto, the discards
and the solo stock; card points in pairs or threes; declarations; Terziglio game points; and
the monte / Terziglio auctions (T-4.2, T-11.3)."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.notation import parse_record
from tarokpgn.replay import verify
from tarokpgn.rules.core import CardTables
from tarokpgn.rules.ruleset import find_ruleset
from tarokpgn.rules.state import PlayedTrick
from tarokpgn.rules.tarocchini.score import piles, side_scores
from tarokpgn.rules.tarocchini.state import TarocchiniDeal
from tarokpgn.verdict import Status

T = CardTables.of(BOLOGNESE62)
TOKENS = list(BOLOGNESE62.tokens)


def _deal(variant: str, **options: str) -> TarocchiniDeal:
    deal = find_ruleset(variant, None, options).new_deal(labels=None)
    return cast(TarocchiniDeal, deal)


def _ottocento(
    winners: list[int], fool_by: int = 0, fool_in: int = 0, **options: str
) -> TarocchiniDeal:
    """A finished Ottocento deal: discards S6 S7, tricks of the other cards in deck order,
    trick ``k`` won by ``winners[k]``; the Matto played by ``fool_by`` in trick ``fool_in``."""
    deal = _deal("ottocento", **options)
    deal.laid_away = T.cards(["S6", "S7"])
    rest = iter(c for c in TOKENS if c not in ("S6", "S7", "FOOL"))
    for k, winner in enumerate(winners):
        cards = [next(rest) for _ in range(3 if k == fool_in else 4)]
        if k == fool_in:
            cards.insert(fool_by, "FOOL")
        deal.tricks.append(PlayedTrick(k + 1, 0, T.cards(cards), winner))
    assert next(rest, None) is None
    return deal


def test_matto_exchange_when_an_opponent_wins_its_trick() -> None:
    deal = _ottocento([1] + [0] * 14, fool_by=0, fool_in=0)
    a, b = piles(deal)
    assert T.card("FOOL") in a.cards and (a.low_cards, b.low_cards) == (-1, 1)  # T-8.1
    assert b.tricks == 1 and T.card("S6") in b.cards  # the dealer's side keeps its scarto
    s = side_scores(deal)
    assert sum(x.card_half for x in s) + 2 * sum(x.last_trick for x in s) == 2 * 93


def test_matto_to_partner_costs_nothing() -> None:
    deal = _ottocento([2] + [1] * 14, fool_by=0, fool_in=0)
    a, b = piles(deal)
    assert T.card("FOOL") in a.cards and (a.low_cards, b.low_cards) == (0, 0)


def test_matto_side_without_a_trick_loses_it_and_discards_move() -> None:
    deal = _ottocento([1] * 15, fool_by=0, fool_in=3)
    a, b = piles(deal)
    assert a.cards == [] and T.card("FOOL") in b.cards and b.low_cards == 0  # T-8.2
    deal = _ottocento([0] * 15, fool_by=1, fool_in=3)
    a, b = piles(deal)
    assert T.card("S6") in a.cards and b.cards == []  # T-4.4: the scarto goes over
    assert T.card("FOOL") in a.cards


def test_matto_last_trick_option() -> None:
    deal = _ottocento([0] * 14 + [1], fool_by=0, fool_in=14)
    assert T.card("FOOL") in piles(deal)[0].cards
    deal = _ottocento([0] * 14 + [1], fool_by=0, fool_in=14,
                      matto_last_trick="lost_like_french_excuse")  # fmt: skip
    a, b = piles(deal)
    assert T.card("FOOL") in b.cards and (a.low_cards, b.low_cards) == (0, 0)


def test_last_trick_and_declarations_count() -> None:
    deal = _ottocento([0] * 14 + [3], fool_in=2)
    deal.declared_cards = [
        (0, "kings", tuple(T.cards(["HK", "DK", "SK"]))),
        (2, "moors", tuple(T.cards(["T1", "T2", "T3"]))),
        (3, "tarocchi", tuple(T.cards(["T20", "T19", "T0"]))),
    ]
    a, b = side_scores(deal)
    assert (a.declared, b.declared) == (27, 18)
    assert (a.last_trick, b.last_trick) == (0, 6)


def test_declaration_doubling_per_player() -> None:
    deal = _ottocento([0] * 15)
    hand = {"kings": "HK DK SK", "queens": "HQ DQ SQ", "cavalli": "HN DN SN"}
    deal.declared_cards = [(0, n, tuple(T.cards(c.split()))) for n, c in hand.items()]
    assert side_scores(deal)[0].declared == 2 * (17 + 14 + 13)  # T-5.6
    deal.declared_cards = [(0 if n != "cavalli" else 2, n, tuple(T.cards(c.split())))
                           for n, c in hand.items()]  # fmt: skip
    assert side_scores(deal)[0].declared == 17 + 14 + 13  # two players: no doubling
    deal = _ottocento([0] * 15, declaration_doubling="false")
    deal.declared_cards = [(0, n, tuple(T.cards(c.split()))) for n, c in hand.items()]
    assert side_scores(deal)[0].declared == 17 + 14 + 13


def _terziglio(contract: str, winners: list[int], **options: str) -> TarocchiniDeal:
    deal = _deal("terziglio", **options)
    size, stock_n = deal.ruleset.hand_size, deal.ruleset.talon_size
    deal.bid(0, contract)
    deal.bid(1, "pass")
    deal.bid(2, "pass")
    assert deal.contract is not None and deal.declarer == 0
    stock = [c for c in TOKENS if c != "FOOL"][-stock_n:]
    deal.talon = tuple(T.cards(stock))
    if contract == "gioco":
        deal.laid_away = list(T.cards(stock))
    rest = [c for c in TOKENS if c not in stock]
    assert len(rest) == 3 * size
    for k, winner in enumerate(winners):
        deal.tricks.append(PlayedTrick(k + 1, 0, T.cards(rest[3 * k : 3 * k + 3]), winner))
    return deal


def test_terziglio_solo_stock_goes_to_the_last_trick() -> None:
    deal = _terziglio("solo", [0] * 17 + [1])
    a, b = piles(deal)
    assert T.card("C1") in b.cards and T.card("C1") not in a.cards  # T-11.5
    score = deal.score()
    assert sum(score.scores.values()) == 0


def test_terziglio_gioco_discard_and_capot() -> None:
    deal = _terziglio("gioco", [1] * 18)
    a, b = piles(deal)
    assert a.cards == [] and T.card("C1") in b.cards  # T-11.4: no trick, no discard
    score = deal.score()
    assert score.scores == {0: -80, 1: 40, 2: 40} and score.won is False  # T-11.8 capot


def test_terziglio_half_points_and_threes() -> None:
    deal = _terziglio("gioco", [0, 1] * 9)
    a, b = side_scores(deal)
    assert (a.card_half + b.card_half) % 2 == 0 and a.card_half + b.card_half == 2 * 87
    deal = _terziglio("gioco", [0, 1] * 9, terziglio_card_count="groups_of_three")
    a, b = side_scores(deal)
    assert a.card_half % 2 == 0 and b.card_half % 2 == 0
    assert a.card_half + b.card_half < 2 * 87


def test_terziglio_19_plus_5() -> None:
    rs = find_ruleset("terziglio", None, {"terziglio_deal": "19_plus_5"})
    assert (rs.hand_size, rs.talon_size, rs.dealt_size(0)) == (19, 5, 19)
    assert find_ruleset("terziglio").hand_size == 18
    deal = _terziglio("gioco", [0, 1, 2] * 6 + [0], terziglio_deal="19_plus_5")
    assert deal.total_tricks == 19 and deal.complete


# --- speaking before play ------------------------------------------------------------------------


def test_monte_round() -> None:
    deal = _deal("ottocento")
    assert deal.contract is not None and deal.contract.id == "ottocento"  # optional round
    assert deal.check_bid(1, "monte") is not None  # eldest first
    for pos in range(3):
        assert deal.check_bid(pos, "monte") is None
        deal.bid(pos, "monte")
    assert not deal.thrown_in
    deal.bid(3, "monte")
    assert deal.thrown_in and deal.complete and deal.score().scores == dict.fromkeys(range(4), 0)


def test_monte_round_ends_at_a_pass() -> None:
    deal = _deal("ottocento")
    deal.bid(0, "monte")
    deal.bid(1, "pass")
    fault = deal.check_bid(2, "monte")
    assert fault is not None and (fault.code, fault.rule) == ("illegal-bid", "T-4.2")
    deal = _deal("ottocento", monte_points="after_5_or_10")
    deal.bid(0, "monte")
    deal.bid(1, "pass")
    assert deal.check_bid(0, "monte") is None  # the second round, after ten cards
    for pos in range(4):
        deal.bid(pos, "monte")
    assert deal.thrown_in


@pytest.mark.parametrize(
    ("bids", "result", "bad"),
    [
        (["pass", "pass", "pass"], ("all-pass", None), None),
        (["gioco", "pass", "pass"], ("gioco", 0), None),
        (["gioco", "solo", "pass"], ("solo", 1), None),
        (["pass", "gioco", "solo"], ("solo", 2), None),
        (["gioco", "gioco", "pass"], None, 1),
        (["solo", "solo", "pass"], None, 1),
    ],
)
def test_terziglio_auction(
    bids: list[str], result: tuple[str, int | None] | None, bad: int | None
) -> None:
    deal = _deal("terziglio")
    for pos, word in enumerate(bids):
        fault = deal.check_bid(pos, word)
        assert (fault is not None) == (pos == bad), fault
        deal.bid(pos, word)
    if result is not None:
        assert deal.contract is not None and (deal.contract.id, deal.declarer) == result


def test_terziglio_barilli_auction() -> None:
    deal = _deal("terziglio", terziglio_auction="barilli_va_bene")
    deal.bid(0, "pass")
    fault = deal.check_bid(1, "gioco")
    assert fault is not None and fault.rule == "T-13.18"
    assert deal.check_bid(1, "solo") is None


def test_thrown_in_terziglio() -> None:
    deal = _deal("terziglio")
    for pos in range(3):
        deal.bid(pos, "pass")
    assert deal.thrown_in and deal.complete and deal.score().scores == {0: 0, 1: 0, 2: 0}


def test_solo_stock_from_the_hands_when_no_talon_line() -> None:
    path = Path(__file__).parent / "golden" / "tarocchini" / "terziglio-solo.tpgn"
    text = path.read_text()
    full = verify(parse_record(text))
    lines = text.splitlines(keepends=True)
    no_talon = "".join(line for line in lines if not line.startswith("talon "))
    assert verify(parse_record(no_talon)).scores == full.scores
    hidden = "".join(line for line in lines if not line.startswith(("talon ", "hand N")))
    v = verify(parse_record(hidden))
    assert v.status is Status.INCOMPLETE and v.scores is None
    assert any("stock" in line.detail for line in v.breakdown)
