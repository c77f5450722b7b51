"""Cricche and sequences (T-6) rule by rule, and the Grande shortcut as a property."""

from __future__ import annotations

import random

import pytest

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.rules.tarocchini.combos import (
    Rules,
    combination,
    cricca,
    evaluate,
    grande,
    group_sequence,
    sequence_value,
    suit_sequence,
    total,
)

ALL = frozenset(BOLOGNESE62.tokens)
TWO = Rules(contatori_minimum="two")


def x(text: str) -> frozenset[str]:
    return frozenset(text.split())


def value(combo: object) -> int:
    return getattr(combo, "value", 0)


@pytest.mark.parametrize(
    ("name", "cards", "points"),
    [
        ("tarocchi", "T20 T19 FOOL", 18),
        ("tarocchi", "T20 T19 T0 FOOL", 36),
        ("kings", "HK DK SK", 17),
        ("kings", "HK DK SK CK", 34),
        ("queens", "HQ DQ CQ", 14),
        ("cavalli", "HN DN SN CN", 26),
        ("fanti", "HJ DJ SJ", 12),
        ("fanti", "HJ DJ FOOL", 0),  # T-6.2: contatori are not wild in cricche
        ("kings", "HK DK", 0),
    ],
)
def test_t6_1_cricche(name: str, cards: str, points: int) -> None:
    assert value(cricca(name, x(cards))) == points


def test_t6_1_five_cricche_make_148() -> None:
    everything = total(evaluate(ALL))
    assert sum(value(cricca(n, ALL)) for n in ("tarocchi", "kings", "queens", "cavalli",
                                               "fanti")) == 148  # fmt: skip
    assert everything.cricche == 296 and everything.cricche_doubled


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("SK SQ SN", 10),
        ("SK SN SJ", 10),  # natural skip of the Queen (T-6.7)
        ("SK SQ SJ", 10),
        ("SK SQ SN SJ", 15),
        ("SK SQ SN SJ S1", 20),  # the Ace adds 5 once the sequence exists
        ("SK SQ S1", 0),  # K + Q + Ace is no sequence (Pisarri p79)
        ("SK SQ FOOL", 10),  # one contatore may help reach three
        ("SK SQ FOOL S1", 15),
        ("SK SQ SN SJ FOOL T0 S1", 30),  # contatori extend; both count
        ("SK FOOL T0", 0),  # two contatori may not (default ``one``)
        ("SQ SN SJ FOOL", 0),  # T-6.5: no King, no sequence
    ],
)
def test_t6_7_suit_sequences(cards: str, points: int) -> None:
    assert value(suit_sequence("S", x(cards))) == points


def test_t13_8_contatori_minimum_two() -> None:
    assert value(suit_sequence("S", x("SK FOOL T0"), TWO)) == 10
    assert value(group_sequence("moors", x("T1 FOOL T0"), TWO)) == 10
    assert value(grande(x("T20 FOOL T0"), TWO)) == 10
    assert grande(x("T20 FOOL T0")) is None


@pytest.mark.parametrize(
    ("name", "cards", "points"),
    [
        ("moors", "T1 T2 T3", 10),
        ("moors", "T1 T2 T3 T4", 15),
        ("moors", "T1 T2 T3 T4 FOOL", 20),  # Pisarri p125
        ("moors", "T1 T2 T3 T4 FOOL T0", 25),
        ("moors", "T1 T2 FOOL", 10),
        ("moors", "T1 FOOL T0", 0),
        ("aces", "H1 S1 FOOL", 10),  # Pisarri p125
        ("aces", "H1 D1 S1 C1", 15),
        ("aces", "H1 D1", 0),
    ],
)
def test_t6_9_moors_and_aces(name: str, cards: str, points: int) -> None:
    assert value(group_sequence(name, x(cards))) == points


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("T19 T18 T17", 0),  # T-6.5: the Angel heads the Grande
        ("T20 T19 T18", 10),
        ("T20 T18 T17", 10),  # the natural skip of the World
        ("T20 T19 T17 T16 T15", 20),  # the Sun skipped, the 16 comes in fourth place
        ("T20 T17 T16", 0),  # World and Sun missing: one skipped, the other ends it
        ("T20 T16 T15", 0),
        ("T20 T17 T16 FOOL", 15),  # one skipped, one filled by the Matto
        ("T20 T16 T15 FOOL", 0),  # three head cards missing: skip, fill, then the end
        ("T20 T19 T18 T17 T15 FOOL", 25),  # the Matto for the 16
        ("T20 T19 T18 T17 T14 FOOL T0", 25),  # 16 and 15 missing: no double fill, so it
        # ends above the 15 and the unused Bégato is an extra card (rule 6)
        ("T20 T19 T18 T16 T15 FOOL T0", 30),  # Moon and 16: the allowed double fill
        ("T20 T19 T18 T17 T15", 15),  # the 16 missing and no contatore: stop above it
    ],
)
def test_t6_8_grande(cards: str, points: int) -> None:
    assert value(grande(x(cards))) == points


def test_t6_8_full_grande_is_105_and_the_tail() -> None:
    trumps = frozenset(f"T{n}" for n in range(21))
    assert value(grande(trumps | {"FOOL"})) == 105 == sequence_value(22)
    no_moors = trumps - {"T1", "T2"}
    assert value(grande(no_moors)) == sequence_value(19)  # gaps among Moors do not break
    strict = Rules(grande_tail="moors_must_be_complete")
    assert value(grande(no_moors, strict)) == sequence_value(18)  # the Bégato no longer counts
    assert value(grande(trumps, strict)) == sequence_value(21)


def test_t6_10_doubling_and_t6_11_shared_cards() -> None:
    combos = evaluate(x("HK DK SK SQ SN SJ"))
    assert {c.name for c in combos} == {"kings", "sequence-swords"}  # the SK serves twice
    assert total(evaluate(x("HK DK SK CK HQ DQ SQ HN DN SN"))).cricche == 2 * (34 + 14 + 13)
    assert not total(evaluate(x("HK DK SK CK HQ DQ SQ HN DN SN")), doubling=False).cricche_doubled


def test_combination_by_name() -> None:
    assert value(combination("sequence-cups", x("HK HQ HN H1 FOOL"))) == 20
    assert value(combination("sequence-batons", x("CK CQ CJ FOOL"))) == 15
    assert value(combination("grande", x("T20 T19 T18"))) == 10


def _scavezza(angel_side: frozenset[str]) -> tuple[int, int, int] | None:
    """(N, h, c) of THF's shortcut for sides where it applies: at most one head card missing
    (the natural skip), the numbered trumps above N missing ones each filled (T-6.8)."""
    if sum(c not in angel_side for c in ("T19", "T18", "T17")) > 1:
        return None
    other = ALL - angel_side
    free = sum(c in angel_side for c in ("T0", "FOOL"))
    prev_filled = False
    for n in range(16, 4, -1):
        if f"T{n}" in angel_side:
            prev_filled = False
        elif free and not prev_filled:
            free -= 1
            prev_filled = True
        else:
            h = sum(f"T{k}" in other for k in range(n + 1, 20))
            return n, h, sum(c in other for c in ("T0", "FOOL"))
    return None


def test_grande_shortcut_property() -> None:
    """105 − 5·(N + h + c) (THF, T-6.8) on random splits where the shortcut applies."""
    rng = random.Random(5)
    trumps = [f"T{n}" for n in range(21)] + ["FOOL"]
    checked = 0
    for _ in range(3000):
        side = frozenset(t for t in trumps if t == "T20" or rng.random() < 0.75)
        found = _scavezza(side)
        if found is None:
            continue
        n, h, c = found
        assert value(grande(side)) == 105 - 5 * (n + h + c), sorted(side)
        checked += 1
    assert checked > 200
