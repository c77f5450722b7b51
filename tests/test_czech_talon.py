"""Talon purchase and discard restrictions (CZ-5)."""

from __future__ import annotations

from dataclasses import replace

from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.options import MCR, VYSOCINA
from tarokpgn.rules.czech.talon import (
    discard_fault,
    opponents_talon,
    preferanc_level,
    purchases,
)

ORDER = ("E", "S", "W", "N")
TALON = ("T20", "HK", "C7", "S8", "DQ", "T3")


def test_first_duty_vysocina_4_1_1() -> None:
    got = purchases(Contract(Game.FIRST_DUTY), "E", ORDER, TALON, VYSOCINA)
    assert got == {"E": TALON[:4], "S": ("DQ",), "W": ("T3",)}


def test_first_duty_mcr_1_2_3() -> None:
    got = purchases(Contract(Game.FIRST_DUTY), "E", ORDER, TALON, MCR)
    assert got == {"E": ("T20",), "S": ("HK", "C7"), "W": ("S8", "DQ", "T3")}


def test_second_duty_from_the_declarer() -> None:
    got = purchases(Contract(Game.SECOND_DUTY), "W", ORDER, TALON, MCR)
    assert got == {"W": TALON[:4], "N": ("DQ",), "E": ("T3",)}
    other = replace(MCR, duty2_talon="1+2+3")
    assert purchases(Contract(Game.SECOND_DUTY), "W", ORDER, TALON, other)["N"] == ("HK", "C7")


def test_preferanc_levels_and_the_opponents_trio() -> None:
    """CZ-EX10–12: level 1 and 3 keep cards 1–3, level 2 cards 4–6."""
    for level, kept, rest in (
        (1, TALON[:3], TALON[3:]),
        (2, TALON[3:], TALON[:3]),
        (3, TALON[:3], TALON[3:]),
    ):
        c = Contract(Game.PREFERANC, level)
        assert purchases(c, "S", ORDER, TALON, VYSOCINA) == {"S": kept}
        assert opponents_talon(c, TALON) == rest
    assert preferanc_level(TALON, TALON[:3], 0) == 1
    assert preferanc_level(TALON, TALON[3:], 0) == 2
    assert preferanc_level(TALON, TALON[:3], 3) == 3
    assert preferanc_level(TALON, TALON[3:], 3) is None


def test_solo_and_warsaw_take_nothing() -> None:
    assert purchases(Contract(Game.SOLO), "S", ORDER, TALON, VYSOCINA) == {}
    assert opponents_talon(Contract(Game.SOLO), TALON) == TALON
    assert purchases(Contract(Game.WARSAW), "E", ORDER, TALON, VYSOCINA) == {}


HAND = ["T20", "T5", "T1", "HK", "DK", "H2", "H3", "D1", "S7", "S8", "C7", "C8", "C9", "CQ"]


def test_discard_plain_cards_is_fine() -> None:
    assert discard_fault(HAND, ["H2", "CQ"], VYSOCINA) is None


def test_no_king_no_tarok() -> None:
    assert "king" in (discard_fault(HAND, ["HK", "H2"], VYSOCINA) or "")
    assert "tarok" in (discard_fault(HAND, ["T5", "H2"], VYSOCINA) or "")
    assert "does not hold" in (discard_fault(HAND, ["SK"], VYSOCINA) or "")


def test_forced_tarok_discard_trul_last() -> None:
    hand = ["FOOL", "T21", "T1", "T4", "HK", "DK", "SK", "CK", *(f"T{n}" for n in range(5, 11))]
    assert discard_fault(hand, ["T4"], VYSOCINA) is None
    assert "trul" in (discard_fault(hand, ["T1"], VYSOCINA) or "")
    assert discard_fault(hand, ["T1"], replace(VYSOCINA, forced_discard_trul="any")) is None
    only_trul = ["FOOL", "T21", "T1", "HK", "DK", "SK", "CK"]
    assert discard_fault(only_trul, ["T1"], VYSOCINA) is None
    assert "king" in (discard_fault(only_trul, ["HK"], VYSOCINA) or "")


def test_partly_forced_discard() -> None:
    hand = ["H2", "T4", "T5", "HK", "DK", "SK", "CK", *(f"T{n}" for n in range(6, 13))]
    assert discard_fault(hand, ["H2", "T4"], VYSOCINA) is None
    assert discard_fault(hand, ["T5", "T4"], VYSOCINA) is not None
