"""The renons penalty arithmetic (SL-13.2, SL-13.3, SL-EX4) and the Czech renonc price."""

from __future__ import annotations

import dataclasses

import pytest

from tarokpgn.renons import penalty

EX4 = [("kings", 20), ("trula", 20)]


@pytest.mark.parametrize(
    ("kontra", "amount", "times"), [(0, -95, ""), (1, -190, " × 2"), (2, -380, " × 4"),
                                     (3, -760, " × 8"), (4, -1520, " × 16")]
)  # fmt: skip
def test_sl_ex4_doubles_per_kontra_level(kontra: int, amount: int, times: str) -> None:
    pen = penalty.semedela("S", "two", 20, EX4, kontra)
    assert pen.amount == amount
    assert pen.formula == f"−(20 + 35 + 40){times} = −{-amount}"
    assert [s.total for s in pen.steps] == [20, 55, 95] + [95 << i for i in range(1, kontra + 1)]
    assert pen.payer == pen.basis == "S"


def test_steps_name_v_35_a_and_each_kontra() -> None:
    pen = penalty.semedela("S", "two", 20, EX4, 2)
    labels = [s.label for s in pen.steps]
    assert labels[0] == "V: value of two"
    assert labels[1] == "+ 35"
    assert labels[2] == "+ A: announcements made by S (kings 20, trula 20)"
    assert labels[3:] == ["× 2 (kontra on the renons)", "× 2 (rekontra on the renons)"]


def test_no_announcements_and_other_basis() -> None:
    pen = penalty.semedela("E", "three", 10, [], basis="W")
    assert pen.amount == -45
    assert pen.basis == "W"
    assert "made by W (none)" in pen.steps[2].label


def test_czech_price_doubles_per_flek_and_kontra() -> None:
    assert penalty.price("W", 100).amount == -100
    pen = penalty.price("W", 100, fleks=2, kontra=1)
    assert pen.amount == -800
    assert pen.formula == "−100 h × 8 = −800 h"
    assert [s.label for s in pen.steps][1:] == [
        "× 2 (flek on the game)",
        "× 2 (re on the game)",
        "× 2 (kontra on the renonc)",
    ]


def test_settle_single_each_player_and_deposit() -> None:
    seats = ("N", "E", "S", "W")
    single = penalty.semedela("S", "two", 20, EX4)
    assert penalty.settle(single, seats) == {"N": 0, "E": 0, "S": -95, "W": 0}
    normal = {"N": 0, "E": 30, "S": 30, "W": 0}
    assert penalty.settle(single, seats, normal) == {"N": 0, "E": 30, "S": -65, "W": 0}
    each = dataclasses.replace(penalty.price("W", 100), settlement="each_player")
    assert penalty.settle(each, seats) == {"N": 100, "E": 100, "S": 100, "W": -300}
    dep = penalty.deposit("N", 2000)
    assert penalty.settle(dep, seats) == {"N": -2000, "E": 0, "S": 0, "W": 0}


def test_kontra_words() -> None:
    assert [penalty.kontra_word(i) for i in (1, 2, 3, 4)] == [
        "kontra",
        "rekontra",
        "subkontra",
        "mortkontra",
    ]
