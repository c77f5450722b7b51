"""Legality of plays and trick winners (CZ-8, CZ-9)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn.rules.core import legal_plays
from tarokpgn.rules.czech.options import VYSOCINA
from tarokpgn.rules.czech.play import (
    PAGAT,
    TABLES,
    czech_check,
    czech_legal,
    policy,
    warsaw_exact,
    winner,
)


def c(*tokens: str) -> list[int]:
    return TABLES.cards(tokens)


def names(cards: list[int]) -> set[str]:
    return {TABLES.tokens[x] for x in cards}


def test_seed_example_follow_without_beating() -> None:
    """[S0] CZ-8.2: 7 led, jack, 8, queen — the queen wins; the 8 was legal."""
    assert winner(c("S7", "SJ", "S8", "SQ"), VYSOCINA) == 3
    assert czech_check(c("S8")[0], c("S8", "SK", "T5"), c("S7", "SJ"), False, VYSOCINA) is None


def test_void_must_tarok_but_need_not_beat() -> None:
    """CZ-8.3: no suit → a tarok, any tarok."""
    legal = czech_legal(c("T2", "T20", "HK"), c("S7", "T10"), False, VYSOCINA)
    assert names(legal) == {"T2", "T20"}
    fault = czech_check(c("HK")[0], c("T2", "T20", "HK"), c("S7"), False, VYSOCINA)
    assert fault is not None and fault.code == "must-trump"


def test_led_tarok_covered_by_tarok() -> None:
    """CZ-8.4."""
    assert names(czech_legal(c("T2", "HK", "S7"), c("T15"), False, VYSOCINA)) == {"T2"}


def test_no_suit_no_tarok_anything() -> None:
    """CZ-8.5."""
    assert names(czech_legal(c("HK", "C7"), c("S7"), False, VYSOCINA)) == {"HK", "C7"}


def test_skyz_is_the_highest_tarok_and_no_emperor() -> None:
    """CZ-9.2, CZ-9.3: the pagát never captures mond and škýz unless the option says so."""
    assert winner(c("T21", "FOOL", "T1", "T5"), VYSOCINA) == 1
    assert winner(c("T21", "FOOL", "T1", "T5"), replace(VYSOCINA, emperor_trick=True)) == 2
    assert winner(c("HK", "T2", "HQ", "T3"), VYSOCINA) == 3


def test_warsaw_must_beat() -> None:
    """CZ-8.6 a: beat if able, in suit and in taroks; a trumped suit may be followed freely."""
    assert names(czech_legal(c("H1", "H3", "HQ"), c("H2"), True, VYSOCINA)) == {"H1", "HQ"}
    assert names(czech_legal(c("T3", "T9", "HK"), c("S7", "T5"), True, VYSOCINA)) == {"T9"}
    assert names(czech_legal(c("H1", "H3"), c("H2", "T4"), True, VYSOCINA)) == {"H1", "H3"}
    strict = replace(VYSOCINA, warsaw_overtake="strict")
    assert names(czech_legal(c("H1", "H3"), c("H2", "T4"), True, strict)) == {"H1"}


def test_warsaw_pagat_only_as_last_tarok() -> None:
    """CZ-8.6 b: the pagát may be led or played only as the player's last tarok."""
    assert names(czech_legal(c("T1", "T7", "HK"), [], True, VYSOCINA)) == {"T7", "HK"}
    assert names(czech_legal(c("T1", "HK", "H2"), [], True, VYSOCINA)) == {"T1", "HK", "H2"}
    assert names(czech_legal(c("T1", "T7"), c("T20"), True, VYSOCINA)) == {"T7"}
    fault = czech_check(c("T1")[0], c("T1", "T7"), c("T20"), True, VYSOCINA)
    assert fault is not None and fault.code == "pagat-last"
    assert names(czech_legal(c("T1", "H2"), c("S7"), True, VYSOCINA)) == {"T1"}


def test_warsaw_mond_has_no_restriction() -> None:
    """CZ-8.6 c: the mond may be played to a trick holding the škýz."""
    assert names(czech_legal(c("T21", "T3"), c("FOOL"), True, VYSOCINA)) == {"T21", "T3"}


def test_ordinary_game_pagat_free() -> None:
    assert names(czech_legal(c("T1", "T7", "HK"), [], False, VYSOCINA)) == {"T1", "T7", "HK"}


def test_czech_check_agrees_with_czech_legal() -> None:
    """:func:`czech_check` refuses exactly the cards :func:`czech_legal` leaves out, with
    them as the cards allowed; Varšava's filter (:func:`warsaw_legal`) only narrows the core's
    legal cards, within the cards the deal checks exactly (:func:`warsaw_exact`)."""
    seen: Counter[str] = Counter()

    @settings(max_examples=1500, deadline=None, database=None, derandomize=True)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        cards = data.draw(st.permutations(range(len(TABLES.tokens))))
        hand = sorted(cards[: data.draw(st.integers(1, 12))])
        trick = cards[20 : 20 + data.draw(st.integers(0, 3))]
        pagat = PAGAT not in trick and data.draw(st.integers(0, 3)) == 0  # play the pagát
        hand = sorted({*hand, PAGAT}) if pagat else hand
        card = PAGAT if pagat else data.draw(st.sampled_from(hand))
        warsaw = data.draw(st.booleans())
        overtake = data.draw(st.sampled_from(["strict", VYSOCINA.warsaw_overtake]))
        opts = replace(VYSOCINA, warsaw_overtake=overtake, emperor_trick=data.draw(st.booleans()))
        legal = czech_legal(hand, trick, warsaw, opts)
        fault = czech_check(card, hand, trick, warsaw, opts)
        assert (fault is None) == (card in legal)
        core = legal_plays(hand, trick, TABLES, policy(warsaw, opts.emperor_trick))
        assert set(legal) <= set(core)
        if warsaw:
            assert all(warsaw_exact(opts) & TABLES.bit[c] for c in set(core) - set(legal))
        if fault is not None:
            assert fault.should == tuple(sorted(legal))
            seen[fault.code] += 1
        seen["warsaw" if warsaw else "ordinary"] += 1

    check()
    assert min(seen["warsaw"], seen["ordinary"]) >= 500, seen
    assert min(seen["follow-suit"], seen["must-trump"], seen["must-beat"]) >= 20, seen
    assert seen["pagat-last"] >= 10, seen
