"""King calling (SL-5), the talon exchange (SL-6) and who owns the talon remainder."""

from __future__ import annotations

import pytest
from helpers.slovenian_util import T

from tarokpgn.rules import DealState, PlayedTrick, find_ruleset
from tarokpgn.rules.slovenian import scoring

HANDS = {
    0: ["FOOL", *(f"T{n}" for n in range(21, 11, -1)), "HK"],
    1: [*(f"T{n}" for n in range(11, 0, -1)), "D4"],
    2: ["SK", "SQ", "SN", "SJ", "S10", "S9", "S8", "S7", "HQ", "HN", "HJ", "H1"],
    3: ["CK", "CQ", "CN", "CJ", "C10", "C9", "C8", "C7", "H2", "H3", "H4", "DQ"],
}
TALON = ["DN", "DJ", "D1", "D2", "D3", "DK"]


def deal_after_three(preset: str = "semedela", **overrides: str) -> DealState:
    rs = find_ruleset("slovenian-4", preset, overrides)
    deal = DealState(rs, [T.cards(HANDS[p]) for p in range(4)], T.cards(TALON), number=2)
    bids = [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass")]
    if preset == "pagat":  # P2 speaks first; three only for forehand after all pass
        bids = [(1, "pass"), (2, "pass"), (3, "pass"), (0, "three")]
    for pos, bid in bids:
        assert deal.check_bid(pos, bid) is None
        deal.bid(pos, bid)
    return deal


def cards(*tokens: str) -> tuple[int, ...]:
    return tuple(T.cards(tokens))


def test_call_partner_own_king_and_talon_king() -> None:
    deal = deal_after_three()
    deal.call(0, T.card("SK"))
    assert deal.partner == 2 and not deal.alone
    deal = deal_after_three()
    deal.call(0, T.card("HK"))  # his own king: alone (SL-5.3)
    assert deal.alone and deal.side_of(2) == "opponents"
    deal = deal_after_three()
    deal.call(0, T.card("DK"))  # in the talon: alone
    assert deal.alone


def test_only_kings_may_be_called() -> None:
    deal = deal_after_three()
    fault = deal.check_call(0, T.card("HQ"))
    assert fault is not None and fault.code == "illegal-call" and fault.rule == "SL-5.1"
    assert deal.check_call(1, T.card("SK")) is not None  # only the declarer calls


def test_called_king_in_talon_must_be_taken_in_semedela() -> None:
    deal = deal_after_three()
    deal.call(0, T.card("DK"))
    faults = deal.check_exchange(0, cards("DN", "DJ", "D1"), cards("T12", "T13", "T14"),
                                 cards("T12", "T13", "T14"))  # fmt: skip
    assert [f.code for f in faults] == ["talon-group"] and faults[0].rule == "SL-6.4"
    lax = deal_after_three("pagat")
    lax.call(0, T.card("DK"))
    faults = lax.check_exchange(0, cards("DN", "DJ", "D1"), cards("T12", "T13", "T14"),
                                cards("T12", "T13", "T14"))  # fmt: skip
    assert faults == []


@pytest.mark.parametrize(
    ("take", "discard", "show", "codes"),
    [
        (("D2", "D3", "DK"), ("D2", "D3", "T12"), ("T12",), []),
        (("D2", "D3", "DK"), ("D2", "D3", "T12"), (), ["illegal-discard"]),  # not shown
        (("D2", "D3", "DK"), ("D2", "D3", "HK"), (), ["illegal-discard"]),  # a king
        (("D2", "D3", "DK"), ("D2", "D3", "FOOL"), ("FOOL",), ["illegal-discard"]),  # trula
        (("D2", "D3", "DK"), ("D2", "D3"), (), ["illegal-discard"]),  # too few
        (("D2", "D3", "DK"), ("D2", "D3", "S7"), (), ["not-held"]),
        (("D1", "D2", "D3"), ("D1", "D2", "D3"), (), ["talon-group"]),
    ],
)
def test_exchange_rules(take: tuple[str, ...], discard: tuple[str, ...], show: tuple[str, ...],
                        codes: list[str]) -> None:  # fmt: skip
    deal = deal_after_three()
    deal.call(0, T.card("DK"))
    faults = deal.check_exchange(0, cards(*take), cards(*discard), cards(*show))
    assert [f.code for f in faults] == codes


def test_remainder_goes_home_with_the_called_king() -> None:
    deal = deal_after_three()
    deal.call(0, T.card("DK"))
    deal.exchange(0, cards("D2", "D3", "DK"), cards("D2", "D3", "T12"), cards("T12"))
    assert deal.alone and deal.hands[0] is not None and T.card("DK") in deal.hands[0]
    assert not scoring.brought_home(deal)
    deal.tricks.append(PlayedTrick(1, 0, list(cards("DK", "D4", "S7", "DQ")), winner=0))
    assert scoring.brought_home(deal)
    pile = scoring.declarer_pile(deal)
    assert set(cards("DN", "DJ", "D1")) <= set(pile)  # SL-6.5


def test_remainder_belongs_to_the_opponents_otherwise() -> None:
    deal = deal_after_three()
    deal.call(0, T.card("SK"))
    deal.exchange(0, cards("D2", "D3", "DK"), cards("D2", "D3", "T12"), cards("T12"))
    assert not set(cards("DN", "DJ", "D1")) & set(scoring.declarer_pile(deal))


def test_no_talon_in_solo_without() -> None:
    rs = find_ruleset("slovenian-4", "semedela")
    deal = DealState(rs, [T.cards(HANDS[p]) for p in range(4)], T.cards(TALON), number=2)
    for pos, bid in [(0, "three"), (1, "solo-without"), (2, "pass"), (3, "pass"), (0, "pass")]:
        deal.bid(pos, bid)
    assert deal.contract is not None and deal.contract.id == "solo-without"
    assert deal.check_exchange(1, cards("DN"), cards("D4"), ())[0].code == "talon-group"
    assert deal.check_announcement(1, "trula") is not None  # SL-7.2


# --- SL-6.6 ruling (issue 14): layaway_taroks=only_if_nothing_else ----------------------------


@pytest.mark.parametrize(
    ("discard", "show", "codes"),
    [
        (("D2", "D3", "T12"), ("T12",), []),  # every layable plain card laid away too
        (("D2", "T12", "T13"), ("T12", "T13"), ["illegal-discard"]),  # D3 kept back
        (("D3", "T12", "T13"), ("T12", "T13"), ["illegal-discard"]),  # D2 kept back
        (("D2", "D3", "T12"), (), ["illegal-discard"]),  # laid taroks are shown (SL-6.6)
        (("D2", "D3", "DK"), (), ["illegal-discard"]),  # a king, never (unchanged)
    ],
)
def test_taroks_only_when_every_plain_card_is_laid_away(
    discard: tuple[str, ...], show: tuple[str, ...], codes: list[str]
) -> None:
    """The declarer holds HK and, after taking D2 D3 DK, two plain cards that may be laid
    away: taroks may go only together with both of them (ruling 2026-12)."""
    deal = deal_after_three(layaway_taroks="only_if_nothing_else")
    deal.call(0, T.card("DK"))
    faults = deal.check_exchange(0, cards("D2", "D3", "DK"), cards(*discard), cards(*show))
    assert [f.code for f in faults] == codes
    assert all(f.rule == "SL-6.6" for f in faults)


def test_only_if_nothing_else_with_cards_from_the_talon_forbidden() -> None:
    """With ``layaway_from_talon=forbidden`` the plain cards just taken may not be laid away,
    so they do not stop taroks from being laid away."""
    deal = deal_after_three(layaway_taroks="only_if_nothing_else", layaway_from_talon="forbidden")
    deal.call(0, T.card("DK"))
    taroks = cards("T12", "T13", "T14")
    assert deal.check_exchange(0, cards("D2", "D3", "DK"), taroks, taroks) == []
