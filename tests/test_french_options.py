"""Every open choice of french.md (F-15, F-16) as a named option: defaults and effects."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers.french_util import TAKER, pile_with, scored_deal

from tarokpgn.rules import find_ruleset
from tarokpgn.rules.french.counting import count
from tarokpgn.rules.french.options import FFT, FrenchOptions

DOC = Path(__file__).parent.parent / "docs" / "variants" / "french.rst"


def test_every_option_has_rule_choices_and_doc() -> None:
    for f in dataclasses.fields(FrenchOptions):
        assert f.metadata["rule"].startswith("F-"), f.name
        assert f.metadata["doc"], f.name
        choices = f.metadata["choices"]
        assert not choices or getattr(FFT, f.name) in choices, f.name


def test_every_option_is_documented_with_its_default() -> None:
    text = DOC.read_text(encoding="utf-8")
    for f in dataclasses.fields(FrenchOptions):
        row = f"   * - ``{f.name}``\n"
        assert row in text, f.name
        block = text[text.index(row) :].split("\n")[1:3]
        value = getattr(FFT, f.name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert block[0].strip() == f"- ``{shown}``", f.name
        assert block[1].strip() == f"- {f.metadata['rule']}", f.name


def test_fft_is_the_default_preset() -> None:
    for v in ("french-3", "french-4", "french-5"):
        assert find_ruleset(v).name == "fft"


def _excuse_into_partners_last_trick(rule: str) -> tuple[int, int]:
    """5 players: the partner wins the last trick, into which the taker plays the Excuse."""
    pile = pile_with(98, ["T21", "FOOL"], size_mod=(3, 5))
    rs, deal = scored_deal(
        "french-5", "garde", pile, last="taker", overrides={"excuse_last_trick": rule}
    )
    fool = rs.tables.card("FOOL")
    k = next(i for i, t in enumerate(deal.tricks) if fool in t.cards)
    trick = deal.tricks.pop(k)
    deal.tricks.append(trick)
    for number, t in enumerate(deal.tricks, start=1):
        t.number = number
    trick.leader = trick.winner = 3
    rest = [c for c in trick.cards if c != fool]
    trick.cards[:] = [*rest[:3], fool, *rest[3:]]  # index 3 from position 3 is position 1
    assert trick.player(3, 5) == TAKER
    cnt = count(deal, rs.opts)  # type: ignore[attr-defined]
    return cnt.halves, len(cnt.oudlers)


def test_excuse_last_trick_options() -> None:
    """F-9.4 / F-16: the Excuse played to the last trick by the side that wins it: kept under
    to_trick_winner, lost to the other side under to_opponents (the F-16 default)."""
    assert FFT.excuse_last_trick == "to_opponents"
    assert _excuse_into_partners_last_trick("to_trick_winner") == (98, 2)
    assert _excuse_into_partners_last_trick("to_opponents") == (89, 1)


@pytest.mark.parametrize(
    ("rule", "points"),
    [("winner_favour", None), ("taker_favour", "up"), ("defence_favour", "down")],
)
def test_half_point_rounding_four_players(rule: str, points: str | None) -> None:
    rs = find_ruleset("french-4", None, {"half_point_rounding": rule})
    from tarokpgn.rules.french.counting import _round

    assert _round(83, 41, 4, rs.opts) == (42 if rule != "defence_favour" else 41)  # type: ignore[attr-defined]
    assert _round(81, 41, 4, rs.opts) == (41 if rule == "taker_favour" else 40)  # type: ignore[attr-defined]


def test_half_point_keep_cannot_be_scored() -> None:
    rs = find_ruleset("french-4", None, {"half_point_rounding": "keep"})
    from tarokpgn.rules.french.counting import _round

    with pytest.raises(ValueError, match="half_point_rounding=keep"):
        _round(81, 41, 4, rs.opts)  # type: ignore[attr-defined]
    assert _round(81, 41, 3, rs.opts) == 40  # type: ignore[attr-defined]  # F-10.6 for 3/5


def test_excuse_unexchanged_value() -> None:
    """F-9.6 / F-15.7: the defence keeps the Excuse in a slam: 4 (default) or 4.5."""
    pile = [c for c in find_ruleset("french-4").tables.tokens if c != "FOOL"]
    rs, deal = scored_deal("french-4", "garde-sans", pile, last="taker", fool="lost")
    assert count(deal, rs.opts).halves == 174  # type: ignore[attr-defined]
    rs, deal = scored_deal(
        "french-4",
        "garde-sans",
        pile,
        last="taker",
        fool="lost",
        overrides={"excuse_unexchanged_value": "4.5"},
    )
    assert count(deal, rs.opts).halves == 173  # type: ignore[attr-defined]


def test_excuse_exchange_for_a_half_point_card() -> None:
    """F-9.2: the Excuse stays with its side, which gives a half point for it."""
    pile = pile_with(99, ["T21", "FOOL"], size_mod=(3, 4))  # the Excuse is not in a trick won
    rs, deal = scored_deal("french-4", "garde", pile, last="taker", fool="lost")
    assert count(deal, rs.opts).halves == 98  # type: ignore[attr-defined]


@pytest.mark.parametrize(("rule", "unit"), [("exact", 66), ("to_5", 70), ("to_10", 70)])
def test_difference_rounding(rule: str, unit: int) -> None:
    pile = pile_with(98, ["T21", "FOOL"], size_mod=(2, 4))
    rs, deal = scored_deal(
        "french-4", "garde", pile, last="taker", overrides={"difference_rounding": rule}
    )
    assert rs.score(deal).scores[0] == -unit


def test_poignee_values_option() -> None:
    pile = pile_with(98, ["T21", "FOOL"], size_mod=(2, 4))
    for values, bonus in (("20/30/40", 30), ("20/40/60", 40)):
        rs, deal = scored_deal(
            "french-4",
            "garde",
            pile,
            last="taker",
            handfuls=[(0, "handful-13")],
            overrides={"poignee_values": values},
        )
        assert rs.score(deal).scores[0] == -(66 + bonus)


def test_poignee_thresholds_5p() -> None:
    rs = find_ruleset("french-5", None, {"poignee_thresholds_5p": "8/10/15"})
    from tarokpgn.rules.french.declarations import sizes

    assert sizes(5, rs.opts) == (8, 10, 15)  # type: ignore[attr-defined]
    assert sizes(5, find_ruleset("french-5").opts) == (8, 10, 13)  # type: ignore[attr-defined]


def test_defence_slam() -> None:
    """F-6.9: the defence wins every trick: −200 (and −200 once more for a failed announced
    chelem under defence_slam_bonus=cumulative)."""
    dog = ["H2", "H3", "H4", "H5", "H6", "H7"]
    rs, deal = scored_deal("french-4", "garde-sans", dog, last="defence")
    lines = {line.label: line.value for line in rs.score(deal).lines}
    assert lines["chelem"] == -200
    for rule, value in (("fft", -200), ("cumulative", -400)):
        rs, deal = scored_deal(
            "french-4",
            "garde-sans",
            dog,
            last="defence",
            announced=["chelem"],
            overrides={"defence_slam_bonus": rule},
        )
        lines = {line.label: line.value for line in rs.score(deal).lines}
        assert lines["chelem"] == value
