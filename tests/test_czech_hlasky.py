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


def test_held_counts_and_payable_held_agree_with_the_token_versions() -> None:
    """The one-pass counts (and their cache) equal the set arithmetic on card tokens."""
    import random

    from tarokpgn.cards import TAROK54
    from tarokpgn.rules.czech.hlasky import held_counts, payable_held
    from tarokpgn.rules.czech.options import MCR
    from tarokpgn.rules.czech.talon import KING_CARDS, TAROK_CARDS, TRUL_CARDS

    rng = random.Random(7)
    for _ in range(2000):
        hand = frozenset(rng.sample(range(54), rng.randint(0, 16)))
        want = (len(hand & TAROK_CARDS), len(hand & KING_CARDS), len(hand & TRUL_CARDS))
        assert held_counts(hand) == want
        tokens = [TAROK54.tokens[c] for c in hand]
        for opts in (VYSOCINA, MCR):
            assert payable_held(hand, opts) == payable(tokens, opts)


def test_judged_counts_match_the_judged_hand() -> None:
    """The scorer's counts equal those of ``checks.judged_hand`` on generated deals."""
    import random

    from tarokpgn.rules.czech.hlasky import held_counts, judged_counts

    rng = random.Random(3)
    for _ in range(3000):
        cards = rng.sample(range(54), 22)
        dealt = frozenset(cards[:12])
        takes = tuple(cards[12 : 12 + rng.randint(0, 6)]) + tuple(rng.sample(cards[:14], 1))
        discards = tuple(rng.sample(cards[:18], rng.randint(0, 6)))
        hand = dealt.union(takes).difference(discards)  # as checks.judged_hand builds it
        assert judged_counts(dealt, takes, discards) == held_counts(hand)
