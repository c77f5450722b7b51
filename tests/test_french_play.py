"""Legal plays (F-7.5), the Excuse (F-7.3, F-7.4, F-9.5), the first-trick restriction on the
called suit (F-4.4) and trick winners (F-7.6)."""

from __future__ import annotations

import pytest

from tarokpgn.rules import find_ruleset
from tarokpgn.rules.core import check_play, legal_plays, trick_winner
from tarokpgn.rules.french import play

RS = find_ruleset("french-4")
T = RS.tables
POLICY = play.trick_policy(RS.new_deal())


def _legal(hand: str, trick: str) -> set[str]:
    return set(T.names(legal_plays(T.cards(hand.split()), T.cards(trick.split()), T, POLICY)))


def _fault(card: str, hand: str, trick: str) -> str | None:
    pf = check_play(T.card(card), T.cards(hand.split()), T.cards(trick.split()), T, POLICY)
    return pf.code if pf else None


def test_follow_suit_any_card_of_the_suit() -> None:
    """F-7.5 (2): no duty to beat in a plain suit."""
    assert _legal("H2 HK T5 C3", "H9") == {"HK", "H2"}
    assert _fault("C3", "H2 HK T5 C3", "H9") == "follow-suit"


def test_must_trump_when_void() -> None:
    assert _legal("T5 T2 C3", "H9") == {"T2", "T5"}
    assert _fault("C3", "T5 T2 C3", "H9") == "must-trump"


def test_must_overtrump_a_trump_in_the_trick() -> None:
    """F-7.5 (3): a higher trump than the highest one in the trick when he can."""
    assert _legal("T5 T12 T15 C3", "H9 T10") == {"T12", "T15"}
    assert _fault("T5", "T5 T12 T15 C3", "H9 T10") == "must-overtrump"


def test_undertrump_only_when_unable_to_overtrump() -> None:
    assert _legal("T5 T2 C3", "H9 T10") == {"T2", "T5"}


def test_must_overtrump_when_trumps_are_led() -> None:
    """F-7.5 (4)."""
    assert _legal("T5 T12 H3", "T10") == {"T12"}
    assert _legal("T5 T2 H3", "T10") == {"T2", "T5"}
    assert _fault("T5", "T5 T12 H3", "T10") == "must-overtrump"


def test_overtrump_even_over_a_partner() -> None:
    """The duty applies even when the trick is already won by a partner (F-7.5)."""
    assert _legal("T5 T20", "T10 T18 T2") == {"T20"}


def test_no_trump_no_suit_any_card() -> None:
    assert _legal("C3 SK", "H9 T10") == {"SK", "C3"}


def test_excuse_is_always_legal() -> None:
    """F-7.4: instead of a card the rules would require."""
    assert "FOOL" in _legal("FOOL H2 T12", "H9")
    assert _fault("FOOL", "FOOL H2 T12", "T10 T11") is None


def test_excuse_led_next_card_fixes_the_suit() -> None:
    """F-7.3: after a led Excuse the next card sets the led suit."""
    assert _legal("H2 HK T5", "FOOL") == {"HK", "H2", "T5"}
    assert _legal("H2 HK T5", "FOOL C4") == {"T5"}
    assert trick_winner(T.cards(["FOOL", "C4", "C9", "T1"]), T, POLICY) == 3


def test_excuse_never_wins_a_trick() -> None:
    assert trick_winner(T.cards(["H2", "FOOL", "H3", "H4"]), T, POLICY) == 3


def test_trick_winner_highest_trump_else_led_suit() -> None:
    """F-7.6."""
    assert trick_winner(T.cards(["HK", "T1", "HQ", "C10"]), T, POLICY) == 1
    assert trick_winner(T.cards(["H3", "HN", "SK", "H10"]), T, POLICY) == 1


def _deal5(hands: list[str], called: str) -> play.FrenchDealState:
    rs = find_ruleset("french-5")
    t = rs.tables
    cards = [t.cards(h.split()) for h in hands]
    used = {c for h in cards for c in h}
    rest = [c for c in range(78) if c not in used]
    full = [h + [rest.pop() for _ in range(15 - len(h))] for h in cards]
    deal = rs.new_deal(full, rest[:3])
    assert isinstance(deal, play.FrenchDealState)
    for p in range(5):
        deal.bid(p, "garde-sans" if p == 1 else "pass")
    deal.call(1, t.card(called))
    return deal


@pytest.mark.parametrize("card", ["SJ", "S3"])
def test_called_suit_not_led_to_the_first_trick(card: str) -> None:
    """F-4.4: the first trick may not be led in the called suit, except the called card."""
    deal = _deal5(["SJ S3 H2 T4", "HK", "SK", "", ""], "SK")
    fault = deal.check_play(0, deal.tables.card(card))
    assert fault is not None and fault.code == "called-suit-lead" and fault.rule == "F-4.4"
    assert deal.tables.card(card) not in deal.legal(0)
    assert deal.check_play(0, deal.tables.card("H2")) is None


def test_called_card_itself_may_be_led() -> None:
    deal = _deal5(["SK SJ H2", "HK", "", "", ""], "SK")
    assert deal.check_play(0, deal.tables.card("SK")) is None


def test_excuse_led_last_by_a_sweeping_side_wins() -> None:
    """F-9.5 and option excuse_sweeps_last_trick."""
    from helpers.french_util import scored_deal

    rs, deal = scored_deal("french-4", "garde", list(T.tokens), last="taker", fool="last-led")
    last = deal.tricks[-1]
    assert rs.trick_winner(deal, tuple(last.cards)) == 0
    rs2 = find_ruleset("french-4", None, {"excuse_wins_last_trick": "only_announced_slam"})
    assert play.trick_winner(deal, tuple(last.cards), rs2.opts) != 0  # type: ignore[attr-defined]
