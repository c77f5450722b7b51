"""Auction (F-3), call (F-4), écart (F-5), declarations (F-6) and the petit sec (F-2.5)."""

from __future__ import annotations

import pytest

from tarokpgn.rules import find_ruleset
from tarokpgn.rules.ruleset import OptionError, Ruleset
from tarokpgn.rules.state import DealState, Phase


def _deal(
    variant: str, hands: list[str], talon: str = "", **opts: str
) -> tuple[Ruleset, DealState]:
    """A deal whose hands start with the given cards (the rest filled in order)."""
    rs = find_ruleset(variant, None, opts or None)
    t = rs.tables
    given = [t.cards(h.split()) for h in hands] + [[] for _ in range(rs.players - len(hands))]
    dog = t.cards(talon.split())
    used = {c for h in given for c in h} | set(dog)
    filler = [c for c in range(78) if c not in used and t.tokens[c] not in ("T1",)]
    filler.append(t.card("T1")) if t.card("T1") not in used else None
    full = [h + [filler.pop(0) for _ in range(rs.hand_size - len(h))] for h in given]
    dog += [filler.pop(0) for _ in range(rs.talon_size - len(dog))]
    return rs, rs.new_deal(full, dog)


def _codes(faults: list[object]) -> list[str]:
    return [f.code for f in faults]  # type: ignore[attr-defined]


# --- auction -----------------------------------------------------------------------------------


def test_each_speaks_once_and_must_bid_higher() -> None:
    rs, deal = _deal("french-4", ["FOOL T2 T3"])
    assert deal.check_bid(1, "garde") is not None  # out of turn (F-3.2)
    deal.bid(0, "garde")
    fault = deal.check_bid(1, "petite")
    assert fault is not None and fault.code == "illegal-bid" and fault.rule == "F-3.3"
    assert deal.check_bid(1, "garde") is not None
    assert deal.check_bid(1, "garde-sans") is None
    assert deal.auction.legal(1) == ["pass", "garde-sans", "garde-contre"]


def test_unknown_contract_pousse() -> None:
    rs, deal = _deal("french-4", ["FOOL T2 T3"])
    fault = deal.check_bid(0, "pousse")
    assert fault is not None and fault.rule == "F-3.1"


def test_all_pass_thrown_in_scores_nothing() -> None:
    rs, deal = _deal("french-4", ["FOOL T2 T3"])
    for p in range(4):
        deal.bid(p, "pass")
    assert deal.contract is not None and deal.contract.id == "pass"
    assert deal.complete and deal.score().scores == {0: 0, 1: 0, 2: 0, 3: 0}


def test_first_bidder_option() -> None:
    rs, deal = _deal("french-4", ["FOOL T2 T3"], first_bidder="previous_to_dealer")
    assert deal.auction.to_act == 2


def test_petit_sec_voids_the_deal() -> None:
    """F-2.5: the Petit as only trump, no Excuse."""
    rs = find_ruleset("french-4")
    t = rs.tables
    plain = [c for c in range(78) if t.suit[c] < 4]
    trumps = [c for c in range(78) if t.suit[c] == 4 and t.tokens[c] != "T1"] + [t.card("FOOL")]
    hands = [[t.card("T1"), *plain[:17]], plain[17:35], plain[35:53], trumps[:18]]
    rest = plain[53:] + trumps[18:]
    deal = rs.new_deal(hands, rest)
    fault = deal.check_bid(0, "pass")
    assert fault is not None and fault.code == "petit-sec"
    off = find_ruleset("french-4", None, {"petit_sec_annuls": "false"})
    assert off.new_deal(hands, rest).check_bid(0, "pass") is None


# --- the call ------------------------------------------------------------------------------------


def _five_taker(hand: str) -> DealState:
    rs, deal = _deal("french-5", ["", hand])
    for p in range(5):
        deal.bid(p, "garde" if p == 1 else "pass")
    assert deal.phase is Phase.CALL
    return deal


def test_call_a_king_only() -> None:
    deal = _five_taker("HK")
    t = deal.tables
    assert deal.check_call(1, t.card("SK")) is None
    assert deal.check_call(1, t.card("HK")) is None  # calling himself: plays alone (F-4.3)
    fault = deal.check_call(1, t.card("SQ"))
    assert fault is not None and fault.rule == "F-4.1"


def test_call_a_queen_with_four_kings() -> None:
    deal = _five_taker("HK DK SK CK")
    t = deal.tables
    assert deal.check_call(1, t.card("SQ")) is None
    assert deal.check_call(1, t.card("SK")) is not None
    deal = _five_taker("HK DK SK CK HQ DQ SQ CQ")
    assert deal.check_call(1, t.card("HN")) is None


def test_called_card_in_the_dog_taker_alone() -> None:
    rs, deal = _deal("french-5", ["", "HK"], talon="SK D2 D3")
    for p in range(5):
        deal.bid(p, "garde" if p == 1 else "pass")
    deal.call(1, deal.tables.card("SK"))
    assert deal.alone and deal.partner_known


# --- the écart -----------------------------------------------------------------------------------


def _taker(hand: str, talon: str = "", **opts: str) -> DealState:
    rs, deal = _deal("french-4", ["", hand], talon, **opts)
    for p in range(4):
        deal.bid(p, "garde" if p == 1 else "pass")
    return deal


def _exchange(deal: DealState, discard: str, show: str = "") -> list[str]:
    t = deal.tables
    take = deal.talon or ()
    return _codes(
        deal.check_exchange(
            1, tuple(take), tuple(t.cards(discard.split())), tuple(t.cards(show.split()))
        )
    )


def test_ecart_no_king_no_oudler() -> None:
    deal = _taker("HK T21 H2 H3 H4 H5 H6 H7")
    assert _exchange(deal, "H2 H3 H4 H5 H6 H7") == []
    assert _exchange(deal, "HK H3 H4 H5 H6 H7") == ["illegal-discard"]
    assert _exchange(deal, "T21 H3 H4 H5 H6 H7") == ["illegal-discard"]


def test_ecart_trump_only_when_forced_and_shown() -> None:
    """F-5.3: k plain cards available; trumps only for the rest, shown."""
    deal = _taker("H2 H3 H4 H5 H6 H7 T5")
    assert _exchange(deal, "T5 H3 H4 H5 H6 H7", "T5") == ["illegal-discard"]
    trumps = " ".join(f"T{n}" for n in range(2, 20))
    rs, forced = _deal("french-4", ["", trumps], "T20 T21 FOOL HK DK H2")
    for p in range(4):
        forced.bid(p, "garde" if p == 1 else "pass")
    assert _exchange(forced, "H2 T2 T3 T4 T5 T6", "T2 T3 T4 T5 T6") == []
    assert _exchange(forced, "H2 T2 T3 T4 T5 T6", "T2") == ["illegal-discard"]


def test_ecart_size_and_whole_dog() -> None:
    deal = _taker("H2 H3 H4 H5 H6 H7")
    assert _exchange(deal, "H2 H3 H4 H5 H6") == ["discard-count"]
    t = deal.tables
    codes = _codes(
        deal.check_exchange(
            1, tuple((deal.talon or ())[:5]), tuple(t.cards(["H2", "H3", "H4", "H5", "H6"])), ()
        )
    )
    assert "talon-group" in codes


def test_ecart_option_no_trumps_kings_shown() -> None:
    deal = _taker("HK H2 H3 H4 H5 H6", ecart_forbidden="no_trumps_kings_shown")
    assert _exchange(deal, "HK H2 H3 H4 H5 H6", "HK") == []
    assert _exchange(deal, "HK H2 H3 H4 H5 H6") == ["illegal-discard"]


def test_garde_sans_has_no_exchange() -> None:
    rs, deal = _deal("french-4", ["FOOL"])
    for p in range(4):
        deal.bid(p, "garde-sans" if p == 1 else "pass")
    assert deal.phase is Phase.ANNOUNCE


# --- declarations --------------------------------------------------------------------------------


def _declare(deal: DealState, pos: int, name: str, cards: str) -> str | None:
    fault = deal.check_declaration(pos, name, tuple(deal.tables.cards(cards.split())))
    return fault.rule if fault else None


TEN = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"


def test_poignee_sizes_by_player_count() -> None:
    deal = _taker(TEN + " T12 T13 T14")
    assert _declare(deal, 1, "handful-10", TEN) is None
    assert _declare(deal, 1, "handful-13", TEN + " T12 T13 T14") is None
    assert _declare(deal, 1, "handful-8", "T2 T3 T4 T5 T6 T7 T8 T9") == "F-6.1"
    assert _declare(deal, 1, "handful-10", "T2 T3 T4") == "F-6.2"
    assert _declare(deal, 1, "handful-10", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T15") == "F-6.1"


def test_poignee_excuse_only_without_other_trumps() -> None:
    """F-6.3: the Excuse stands in for a missing trump only."""
    nine = "T2 T3 T4 T5 T6 T7 T8 T9 T10"
    deal = _taker(nine + " FOOL")
    assert _declare(deal, 1, "handful-10", nine + " FOOL") is None
    deal = _taker(nine + " FOOL T11")
    assert _declare(deal, 1, "handful-10", nine + " FOOL") == "F-6.3"


def test_chelem_only_by_the_taker_and_he_leads() -> None:
    deal = _taker("H2")
    assert deal.check_announcement(0, "chelem") is not None
    assert deal.check_announcement(1, "chelem") is None
    deal.announce(1, "chelem")
    assert deal.to_play == 1  # F-6.8


def test_first_lead_option() -> None:
    deal = _taker("H2", first_lead="taker")
    assert deal.to_play == 1
    assert _taker("H2").to_play == 0


def test_five_player_dealer_sits_out_is_french_4() -> None:
    with pytest.raises(OptionError):
        find_ruleset("french-5", None, {"five_player_mode": "dealer_sits_out"})


def test_misere_and_petit_chelem_off_in_fft() -> None:
    deal = _taker("H2")
    assert deal.check_announcement(1, "petit-chelem") is not None
    assert deal.check_announcement(0, "misere") is not None
    on = _taker("H2", misere="true", petit_chelem="true")
    assert on.check_announcement(1, "petit-chelem") is None


@pytest.mark.parametrize(("rule", "ok"), [("fft_special_case", True), ("never", False)])
def test_discarded_trump_in_a_triple_poignee(rule: str, ok: bool) -> None:
    """F-6.6: four Kings and fifteen trumps: the trump forced into the écart counts again."""
    trumps = [f"T{n}" for n in range(2, 17)]
    hand = " ".join(["HK", "DK", "SK", "CK", *trumps[:12]])
    deal = _taker(hand, "T14 T15 T16 H2 H3 H4", poignee_counts_discarded_trumps=rule)
    t = deal.tables
    held = deal.hands[1] or set()
    plain = [c for c in held | set(deal.talon or ()) if t.suit[c] < 4 and t.tokens[c][1] != "K"]
    assert len(plain) == 5  # one trump must go to the écart (F-5.3)
    discard = (*plain, t.card("T2"))
    assert deal.check_exchange(1, tuple(deal.talon or ()), discard, (t.card("T2"),)) == []
    deal.exchange(1, tuple(deal.talon or ()), discard, (t.card("T2"),))
    fault = deal.check_declaration(1, "handful-15", tuple(t.cards(trumps)))
    assert (fault is None) is ok
    if not ok:
        assert fault is not None and fault.rule == "F-6.6"


def test_bid_and_declaration_aliases_are_read() -> None:
    """Vocabulary: ``prise`` → ``petite``, ``GS`` → ``garde-sans``, ``poignée-10`` →
    ``handful-10``, ``excuse`` → ``FOOL``."""
    from pathlib import Path

    from tarokpgn.model import Announce, Auction
    from tarokpgn.notation import parse_record

    text = (Path(__file__).parent.parent / "examples" / "french-4.tpgn").read_text()
    text = text.replace("auction N pass E garde S pass W pass",
                        "auction N prise E GS S pass W pass")  # fmt: skip
    text = text.replace("announce E chelem", "declare N Poignée-10 excuse T2 T3 T4")
    record = parse_record(text)
    auction = next(i for i in record.items if isinstance(i, Auction))
    assert [b.bid for b in auction.bids] == ["petite", "garde-sans", "pass", "pass"]
    declare = next(i for i in record.items if isinstance(i, Announce))
    assert declare.name == "handful-10" and declare.cards[0] == "FOOL"
