"""Fast paths on the way of every deal (issue 21), checked against what they replaced:
``limits.bounded_int`` read digit by digit, the bit counting (``core.bit_total``) and
the Czech deal's game worked out once per contract and preferanc level."""

from __future__ import annotations

import pytest

from tarokpgn.limits import MAX_DEAL_NUMBER, bounded_int, deal_number_ok
from tarokpgn.rules.core import bit_total


def _reference(text: str, maximum: int) -> int | None:
    """The definition: ASCII digits only, worth at most ``maximum``."""
    if not text or not all("0" <= ch <= "9" for ch in text):
        return None
    value = int(text.lstrip("0") or "0")  # int() refuses more than 4,300 digits
    return value if value <= maximum else None


@pytest.mark.parametrize(
    "text",
    ["", "0", "7", "007", "999", "1000", "0999", "12a", "a12", "-1", "+1", " 1", "1 ", "1_0",
     "²", "١", "1²", "9" * 40, "0" * 5000 + "5", "0" * 5000 + "1000"],
)  # fmt: skip
@pytest.mark.parametrize("maximum", [0, 4, 999, MAX_DEAL_NUMBER])
def test_bounded_int_matches_its_definition(text: str, maximum: int) -> None:
    assert bounded_int(text, maximum) == _reference(text, maximum)


def test_bounded_int_values() -> None:
    assert bounded_int("007", 999) == 7
    assert bounded_int("999", 999) == 999
    assert bounded_int("1000", 999) is None
    assert bounded_int("", 999) is None
    assert bounded_int("0", 999) == 0


def test_deal_number_ok() -> None:
    assert deal_number_ok("Final")  # not a number: any text
    assert deal_number_ok("999999")
    assert not deal_number_ok("1000000")
    assert not deal_number_ok("0")
    assert not deal_number_ok("²")  # isdigit, but no ASCII digit


@pytest.mark.parametrize(
    "bits", [0, 1, 255, 256, 0b1011 << 40, (1 << 54) - 1, 0x2AAAAAAAAAAAAA, 1 << 53, 1 << 200]
)
def test_bit_total_counts_set_bits(bits: int) -> None:
    assert bit_total(bits) == bits.bit_count()


def test_czech_game_follows_the_contract_and_the_preferanc_level() -> None:
    """``CzechDeal.game`` is worked out once per (contract, level): a new level or contract
    gives the new game, the same ones the same object (which keeps ``due`` cached)."""
    from tarokpgn.rules import find_ruleset
    from tarokpgn.rules.czech.contracts import Contract, Game

    rs = find_ruleset("czech-4")
    deal = rs.new_deal()
    assert deal.game is None
    deal.contract = rs.contract("preferanc")
    first = deal.game
    assert first == Contract(Game.PREFERANC, 0)
    assert deal.game is first
    deal.pref_level = 2
    assert deal.game == Contract(Game.PREFERANC, 2)
    deal.contract, deal.pref_level = rs.contract("solo"), 0
    assert deal.game == Contract(Game.SOLO, 0)
    deal.contract = None
    assert deal.game is None
