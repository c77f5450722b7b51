"""The Czech auction (CZ-3)."""

from __future__ import annotations

from dataclasses import replace

from tarokpgn.rules.czech.auction import check_auction
from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.options import VYSOCINA

ORDER = ("E", "S", "W", "N")


def run(*words: str, pagat: str = "") -> tuple[str | None, Contract | None, list[str]]:
    bids = [(ORDER[i % 4], w) for i, w in enumerate(words)]
    r = check_auction(bids, ORDER, VYSOCINA, lambda seat: not pagat or seat == pagat)
    return r.declarer, r.contract, [f.code for f in r.faults]


def test_first_duty_passed_out() -> None:
    assert run("first-duty", "pass", "pass", "pass") == ("E", Contract(Game.FIRST_DUTY), [])


def test_overcalls() -> None:
    d, c, faults = run("first-duty", "second-duty", "preferanc", "solo", pagat="S")
    assert (d, c, faults) == ("N", Contract(Game.SOLO), [])


def test_forehand_must_open() -> None:
    assert run("pass", "pass", "pass", "pass")[2] == ["forehand-must-bid"]


def test_bid_must_be_higher() -> None:
    assert run("preferanc", "second-duty")[2] == ["bid-too-low"]
    assert run("first-duty", "pass", "first-duty")[2] == ["bid-too-low"]


def test_second_duty_needs_the_pagat() -> None:
    assert run("first-duty", "second-duty", pagat="W")[2] == ["second-duty-without-pagat"]


def test_warsaw_after_three_passes() -> None:
    d, c, faults = run("first-duty", "pass", "pass", "pass", "warsaw")
    assert (d, c, faults) == ("E", Contract(Game.WARSAW), [])
    assert run("first-duty", "warsaw")[2] == ["illegal-warsaw"]
    assert run("first-duty", "second-duty", "pass", "pass", "warsaw")[2] == ["bid-out-of-turn"]
    assert run("warsaw")[2] == ["illegal-warsaw"]


def test_single_round_ends_after_the_dealer() -> None:
    assert run("first-duty", "second-duty", "pass", "pass", "preferanc")[2] == ["bid-out-of-turn"]


def test_repeated_rounds_option() -> None:
    opts = replace(VYSOCINA, auction_rounds="repeated")
    bids = [
        ("E", "first-duty"),
        ("S", "preferanc"),
        ("W", "pass"),
        ("N", "pass"),
        ("E", "solo"),
        ("S", "pass"),
    ]
    r = check_auction(bids, ORDER, opts)
    assert (r.declarer, r.contract, r.faults) == ("E", Contract(Game.SOLO), [])


def test_preferanc_levels_rank_only_when_bid() -> None:
    assert run("preferanc-1", "preferanc-3")[2] == ["bid-too-low"]
    opts = replace(VYSOCINA, pref_level_in_auction=True)
    r = check_auction([("E", "preferanc-1"), ("S", "preferanc-3")], ORDER, opts)
    assert r.faults == [] and r.contract == Contract(Game.PREFERANC, 3)


def test_unknown_word() -> None:
    assert run("first-duty", "three")[2] == ["unknown-bid"]
