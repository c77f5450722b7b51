"""Revealing hlášky on a hand and their overlaps (CZ-6.6, CZ-6.10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tarokpgn.rules.czech.hlasky import payable, price, qualifying
from tarokpgn.rules.czech.options import VYSOCINA

SUITS9 = ["H1", "H2", "H3", "H4", "D1", "D2", "D3", "D4", "S7"]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (["T2", *SUITS9, "S8", "S9"], {"barvicky"}),
        (["T2", "T3", *SUITS9, "S8"], {"barvicky"}),
        ([*SUITS9, "S8", "S9", "S10"], {"barvy"}),
        ([f"T{n}" for n in range(2, 10)] + ["H1", "H2", "H3", "H4"], {"tarocky"}),
        ([f"T{n}" for n in range(2, 11)] + ["H1", "H2", "H3"], {"tarocky"}),
        ([f"T{n}" for n in range(2, 12)] + ["H1", "H2"], {"taroky"}),
        (["HK", "DK", "SK", "T1", *SUITS9[:8]], {"honery", "barvicky"}),
        (["HK", "DK", "SK", "CK", *SUITS9[:8]], {"honery", "kralovske-honery", "barvy"}),
    ],
)
def test_qualifying(hand: list[str], expected: set[str]) -> None:
    assert qualifying(hand) == expected


def test_trul_with_three_taroks_is_trul_only() -> None:
    hand = ["T1", "T21", "FOOL", *SUITS9]
    assert qualifying(hand) == {"trul"}


def test_trulhonery_supersedes_trul_and_honery() -> None:
    hand = ["T1", "T21", "FOOL", "HK", *SUITS9[:8]]
    assert qualifying(hand) == {"trul", "honery", "trulhonery"}
    assert payable(hand, VYSOCINA) == ("trulhonery",)
    assert payable(hand, replace(VYSOCINA, hlasky_overlap="all")) == (
        "trul", "honery", "trulhonery",
    )  # fmt: skip


def test_kralovske_and_trulhonery_both_paid_unless_one_per_family() -> None:
    hand = ["T1", "T21", "FOOL", "HK", "DK", "SK", "CK", *SUITS9[:5]]
    assert payable(hand, VYSOCINA) == ("kralovske-honery", "trulhonery")
    assert payable(hand, replace(VYSOCINA, hlasky_overlap="one_per_family")) == ("trulhonery",)


def test_prices() -> None:
    assert [price(h, VYSOCINA) for h in ("trul", "honery", "tarocky", "barvicky")] == [20] * 4
    big = ("taroky", "kralovske-honery", "trulhonery", "barvy")
    assert [price(h, VYSOCINA) for h in big] == [40] * 4
