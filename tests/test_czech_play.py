"""Legality of plays and trick winners (CZ-8, CZ-9)."""

from __future__ import annotations

from dataclasses import replace

from tarokpgn.rules.czech.options import VYSOCINA
from tarokpgn.rules.czech.play import TABLES, czech_check, czech_legal, winner


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
