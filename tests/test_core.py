"""The trick-taking core: legal plays, trick winners, counting — for every family's needs."""

from __future__ import annotations

import random

import pytest

from tarokpgn.cards import BOLOGNESE62, FRENCH78, TAROK54
from tarokpgn.rules.core import (
    TRUMP_SUIT,
    CardTables,
    Emperor,
    TrickPolicy,
    check_play,
    count_points,
    group_count,
    legal_plays,
    reveals_void,
    trick_winner,
)

T = CardTables.of(TAROK54)
F = CardTables.of(FRENCH78)
B = CardTables.of(BOLOGNESE62)


def c(*tokens: str, t: CardTables = T) -> list[int]:
    return t.cards(tokens)


def names(cards: list[int], t: CardTables = T) -> set[str]:
    return {t.tokens[x] for x in cards}


EMPEROR = Emperor(T.card("T1"), T.card("T21"), T.card("FOOL"))
PLAIN = TrickPolicy(emperor=EMPEROR)
NEGATIVE = TrickPolicy(must_beat=True, last_resort=T.card("T1"), emperor=EMPEROR)
COLOUR_VALAT = TrickPolicy(trumps_win=False, emperor=EMPEROR)
FRENCH = TrickPolicy(must_overtrump=True, excuse=F.card("FOOL"))


# --- counting (SL-11) --------------------------------------------------------------------------


def test_counting_worked_example_sl_ex5() -> None:
    pile = c("FOOL", "T7", "T3", "HK", "D2", "S8", "SQ", "H4", "CJ")
    assert count_points(pile, T) == 15
    assert count_points([*pile, T.card("C7")], T) == 15
    rest = [x for x in range(54) if x not in pile and x != T.card("C7")]
    assert count_points(rest, T) == 70 - 15


def test_seed_group_examples() -> None:
    """[S1] section 8: a group with a king is 5, queen 4, knight 3, jack 2, three pips 1."""
    for court, value in (("HK", 5), ("HQ", 4), ("HN", 3), ("HJ", 2), ("H1", 1)):
        assert count_points(c(court, "S7", "S8"), T) == value
    assert count_points(c("HK"), T) == 4  # a lone card: value − 1
    assert count_points(c("HK", "HQ"), T) == 8


def test_whole_pack_counts_70_and_two_sides_add_to_70() -> None:
    assert count_points(range(54), T) == 70
    rng = random.Random(5)
    for _ in range(200):
        cards = list(range(54))
        rng.shuffle(cards)
        k = rng.randrange(55)
        assert count_points(cards[:k], T) + count_points(cards[k:], T) == 70


def test_group_count_pairs_and_plain_sum() -> None:
    assert group_count(10, 4, group=2) == 8
    assert group_count(10, 5, group=2, partial_deduction=0) == 8
    assert count_points(range(78), F, group=1) == 91 * 2  # French half points
    assert count_points([], T) == 0


# --- trick winner (SL-10) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (("HK", "HQ", "H1", "H4"), 0),
        (("H4", "HK", "SK", "H1"), 1),
        (("H4", "HK", "T2", "T3"), 3),
        (("T5", "T21", "FOOL", "T2"), 2),
        (("T5", "T21", "FOOL", "T1"), 3),
    ],
)
def test_trick_winner_basic(trick: tuple[str, ...], winner: int) -> None:
    assert trick_winner(c(*trick), T, PLAIN) == winner


def test_emperor_any_order_ordered_and_off() -> None:
    trick = c("T1", "T21", "FOOL", "T5")
    assert trick_winner(trick, T, PLAIN) == 0
    ordered = TrickPolicy(emperor=Emperor(EMPEROR.capturer, EMPEROR.first, EMPEROR.second, True))
    assert trick_winner(trick, T, ordered) == 2  # pagat played first: no capture, škis wins
    assert trick_winner(c("T21", "FOOL", "T1", "T5"), T, ordered) == 2
    assert trick_winner(trick, T, TrickPolicy()) == 2
    assert trick_winner(c("HK", "T21", "FOOL", "T1"), T, PLAIN) == 3


def test_colour_valat_taroks_have_no_power() -> None:
    assert trick_winner(c("H4", "T21", "HK", "T2"), T, COLOUR_VALAT) == 2
    assert trick_winner(c("T2", "HK", "T3", "SK"), T, COLOUR_VALAT) == 2
    assert trick_winner(c("T1", "T21", "FOOL", "HK"), T, COLOUR_VALAT) == 0
    assert trick_winner(c("HK", "T1", "T21", "FOOL"), T, COLOUR_VALAT) == 0


def test_excuse_never_wins_and_fixes_no_suit() -> None:
    exc = F.card("FOOL")
    trick = [exc, *F.cards(["H5", "HK", "H2"])]
    assert trick_winner(trick, F, FRENCH) == 2
    assert trick_winner(F.cards(["S2", "FOOL", "S3"]), F, FRENCH) == 2


def test_equal_rank_last_played_wins() -> None:
    strength = list(B.strength)
    for moor in ("T1", "T2", "T3", "T4"):
        strength[B.card(moor)] = 17
    moors = TrickPolicy(ties_last_wins=True, strength=tuple(strength))
    assert trick_winner(B.cards(["T3", "T1", "T0", "T2"]), B, moors) == 3
    assert trick_winner(B.cards(["T3", "T5", "T1"]), B, moors) == 2
    assert trick_winner(B.cards(["T3", "T5", "T1"]), B, TrickPolicy()) == 1


# --- legal plays (SL-9) ------------------------------------------------------------------------


def test_follow_suit_else_trump_else_anything() -> None:
    hand = c("HK", "H4", "T3", "SK")
    assert names(legal_plays(hand, c("H1"), T, PLAIN)) == {"HK", "H4"}
    assert names(legal_plays(hand, c("D1"), T, PLAIN)) == {"T3"}
    assert names(legal_plays(c("HK", "SK"), c("D1"), T, PLAIN)) == {"HK", "SK"}
    assert names(legal_plays(hand, c("T10"), T, PLAIN)) == {"T3"}
    assert names(legal_plays(hand, [], T, PLAIN)) == set(names(hand))


def test_no_duty_to_beat_in_positive_games() -> None:
    hand = c("T2", "T20")
    assert names(legal_plays(hand, c("T10"), T, PLAIN)) == {"T2", "T20"}


def test_negative_must_beat_suit_and_taroks() -> None:
    hand = c("HK", "H4", "T2", "T20")
    assert names(legal_plays(hand, c("H2"), T, NEGATIVE)) == {"HK"}
    assert names(legal_plays(hand, c("H2", "T5"), T, NEGATIVE)) == {"HK", "H4"}  # tarok in
    assert names(legal_plays(c("T2", "T20", "SK"), c("T10"), T, NEGATIVE)) == {"T20"}
    assert names(legal_plays(c("T2", "T3"), c("T10"), T, NEGATIVE)) == {"T2", "T3"}
    assert names(legal_plays(c("T2", "T20"), c("D1"), T, NEGATIVE)) == {"T2", "T20"}


def test_pagat_last_and_emperor_exception() -> None:
    assert names(legal_plays(c("T1", "T5"), c("T10"), T, NEGATIVE)) == {"T5"}
    assert names(legal_plays(c("T1", "T3", "HK"), [], T, NEGATIVE)) == {"T3", "HK"}
    assert names(legal_plays(c("T1"), c("T10"), T, NEGATIVE)) == {"T1"}
    assert names(legal_plays(c("T1", "T3"), c("T2"), T, NEGATIVE)) == {"T3"}
    assert names(legal_plays(c("T1", "T3"), c("T21", "FOOL"), T, NEGATIVE)) == {"T1"}
    lax = TrickPolicy(last_resort=T.card("T1"), emperor=EMPEROR)
    assert names(legal_plays(c("T1", "T3"), c("T21", "FOOL"), T, lax)) == {"T1", "T3"}


def test_french_overtrump_and_excuse() -> None:
    exc = F.card("FOOL")
    hand = F.cards(["T5", "T15", "S2"]) + [exc]
    got = {F.tokens[x] for x in legal_plays(hand, F.cards(["H2", "T10"]), F, FRENCH)}
    assert got == {"T15", "FOOL"}
    got = {F.tokens[x] for x in legal_plays(F.cards(["T5", "S2"]), F.cards(["H2", "T10"]), F,
                                           FRENCH)}  # fmt: skip
    assert got == {"T5"}


def test_check_play_names_the_duty() -> None:
    hand = c("HK", "H4", "T3", "SK")
    fault = check_play(T.card("SK"), hand, c("H1"), T, PLAIN)
    assert fault is not None and fault.code == "follow-suit"
    assert names(list(fault.should)) == {"HK", "H4"}
    fault = check_play(T.card("SK"), hand, c("D1"), T, PLAIN)
    assert fault is not None and fault.code == "must-trump"
    fault = check_play(T.card("H4"), hand, c("H2"), T, NEGATIVE)
    assert fault is not None and fault.code == "must-beat"
    fault = check_play(T.card("T1"), c("T1", "T3", "HK"), [], T, NEGATIVE)
    assert fault is not None and fault.code == "pagat-last"
    fault = check_play(T.card("DK"), hand, [], T, PLAIN)
    assert fault is not None and fault.code == "not-held"
    assert check_play(T.card("HK"), hand, c("H1"), T, PLAIN) is None


def test_reveals_void() -> None:
    assert reveals_void(T.card("SK"), c("H1"), T, PLAIN) == {0, TRUMP_SUIT}
    assert reveals_void(T.card("T3"), c("H1"), T, PLAIN) == {0}
    assert reveals_void(T.card("H3"), c("H1"), T, PLAIN) == set()
