"""Play legality on the shared core (T-7): follow suit, else trump, else any; the Matto
excuses and never wins (T-7.4); equal Moors, the last played wins (T-1.5, T-7.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.notation import parse_record
from tarokpgn.replay import verify
from tarokpgn.rules.core import CardTables, check_play, legal_plays, trick_winner
from tarokpgn.rules.ruleset import find_ruleset
from tarokpgn.rules.tarocchini.play import policy
from tarokpgn.rules.tarocchini.state import TarocchiniDeal
from tarokpgn.verdict import Status

T = CardTables.of(BOLOGNESE62)
P = policy(T)
ROOT = Path(__file__).resolve().parents[1]


def _c(text: str) -> list[int]:
    return T.cards(text.split())


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("T2 T1 T3 T0", 2),  # three Moors: the last one played wins
        ("T4 T3", 1),
        ("T1 HK T4 T2", 3),
        ("T3 T5 T4 T1", 1),  # the Amore beats every Moor
        ("T0 T1 H1 H10", 1),  # a Moor beats the Bégato
        ("HK T1 T2 HQ", 2),  # Moors trump a suit lead: the later one wins
        ("FOOL H1 HK T0", 3),  # Matto led: the next card fixes the suit; the trump wins
        ("FOOL H1 HK H10", 2),
        ("H10 FOOL H1 D1", 2),  # the Matto never wins; round suits: the ace beats the 10
        ("S1 S10 FOOL S6", 1),  # long suits: the 10 beats the ace
        ("T20 FOOL T19", 0),
    ],
)
def test_trick_winner(trick: str, winner: int) -> None:
    assert trick_winner(_c(trick), T, P) == winner


def test_follow_suit_else_trump_else_any() -> None:
    hand = _c("FOOL T5 T1 H1 HK S7")
    assert sorted(legal_plays(hand, _c("H10"), T, P)) == sorted(_c("FOOL H1 HK"))
    assert sorted(legal_plays(hand, _c("D1"), T, P)) == sorted(_c("FOOL T5 T1"))
    assert sorted(legal_plays(hand, _c("T10"), T, P)) == sorted(_c("FOOL T5 T1"))
    assert sorted(legal_plays(_c("FOOL H1 S7"), _c("T10"), T, P)) == sorted(_c("FOOL H1 S7"))
    fault = check_play(T.card("S7"), hand, _c("H10"), T, P)
    assert fault is not None and fault.code == "follow-suit"
    fault = check_play(T.card("S7"), hand, _c("D1"), T, P)
    assert fault is not None and fault.code == "must-trump"
    assert check_play(T.card("T1"), hand, _c("T20"), T, P) is None  # no duty to beat (T-7.3)


def test_matto_may_always_be_played_and_led() -> None:
    hand = _c("FOOL H1 HK")
    assert check_play(T.card("FOOL"), hand, _c("H10"), T, P) is None
    assert check_play(T.card("FOOL"), hand, [], T, P) is None
    # after a led Matto the second card is free, the third must follow it (T-13.13 default)
    assert sorted(legal_plays(_c("T5 H1 S7"), _c("FOOL"), T, P)) == sorted(_c("T5 H1 S7"))
    assert legal_plays(_c("T5 H1 S7"), _c("FOOL S10"), T, P) == _c("S7")


def test_must_overtrump_option() -> None:
    strict = policy(T, must_overtrump=True)
    hand = _c("T16 T3 T0")
    assert sorted(legal_plays(hand, _c("D1 T5"), T, strict)) == sorted(_c("T16"))
    fault = check_play(T.card("T3"), hand, _c("D1 T5"), T, strict)
    assert fault is not None and fault.code == "must-overtrump"
    # a Moor played after a Moor overtrumps it (the last one wins)
    assert T.card("T3") in legal_plays(_c("T3 T0"), _c("D1 T4"), T, strict)


def _deal(overrides: dict[str, str] | None = None) -> TarocchiniDeal:
    rs = find_ruleset("ottocento", None, overrides)
    tokens = list(BOLOGNESE62.tokens)
    hands = [tokens[0:15], tokens[15:30], tokens[30:45], tokens[45:62]]
    deal = rs.new_deal([T.cards(h) for h in hands])
    assert isinstance(deal, TarocchiniDeal)
    deal.exchange(3, (), tuple(T.cards(["C1", "C6"])), ())
    return deal


def test_matto_cannot_lead_option() -> None:
    deal = _deal()
    assert deal.check_play(0, T.card("FOOL")) is None
    deal = _deal({"matto_led": "matto_cannot_lead"})
    fault = deal.check_play(0, T.card("FOOL"))
    assert fault is not None and (fault.code, fault.rule) == ("matto-lead", "T-13.13")
    assert T.card("FOOL") not in deal.legal(0)


def test_thrown_in_deal_has_no_play() -> None:
    deal = _deal()
    for pos in range(4):
        deal.bid(pos, "monte")
    assert deal.thrown_in and deal.complete
    fault = deal.check_play(0, T.card("T20"))
    assert fault is not None and fault.code == "no-play"
    assert deal.score().scores == {0: 0, 1: 0, 2: 0, 3: 0}


def test_moors_wrong_leader_is_found_in_a_record() -> None:
    """The Terziglio example once had E lead after 'E T3 HQ T1'; N's later Moor wins."""
    text = (ROOT / "examples" / "terziglio.tpgn").read_text()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("12. "))
    lines[at] = lines[at].replace("12. N ", "12. E ", 1)
    v = verify(parse_record("\n".join(lines) + "\n"))
    assert v.status is Status.ILLEGAL
    first = v.problems[0]
    assert (first.code, first.trick, first.rule) == ("wrong-leader", 12, "T-7.1")
    assert "won by N" in first.message


def test_hidden_hands_are_checked_against_shown_cards() -> None:
    """A card shown in a declaration is its declarer's: another seat cannot play it."""
    text = (ROOT / "examples" / "ottocento.tpgn").read_text()
    hidden = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("hand"))
    assert verify(parse_record(hidden)).status is Status.OK  # as the other engines do
    # E showed HQ (queens); make N play it in trick 1 instead of HN
    bad = hidden.replace("1. N HN HQ FOOL H10", "1. N HQ HN FOOL H10")
    v = verify(parse_record(bad))
    assert v.status is Status.ILLEGAL and v.problems[0].code == "not-held"
