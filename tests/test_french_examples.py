"""The worked examples of french.md (F-14.1–F-14.10) as tests: unit score D and settlement."""

from __future__ import annotations

from helpers.french_util import TAKER, pile_with, scored_deal

from tarokpgn.rules import find_ruleset
from tarokpgn.rules.core import count_points
from tarokpgn.rules.french.contracts import required
from tarokpgn.rules.french.counting import count


def _settle(
    variant: str, contract: str, pile: list[str], **kw: object
) -> tuple[int, dict[int, int]]:
    rs, deal = scored_deal(variant, contract, pile, **kw)  # type: ignore[arg-type]
    score = rs.score(deal)
    unit = next(line.value for line in score.lines if line.label.startswith("unit score"))
    assert sum(score.scores.values()) == 0
    return unit, score.scores


def test_f14_1_garde_made() -> None:
    """4 players, Garde, T21 + Excuse, 49 points: D = 66, taker +198."""
    pile = pile_with(98, ["T21", "FOOL"], size_mod=(2, 4))
    unit, scores = _settle("french-4", "garde", pile, last="taker")
    assert unit == 66
    assert scores == {0: -66, 1: 198, 2: -66, 3: -66}


def test_f14_2_prise_lost_petit_au_bout_and_poignee() -> None:
    """4 players, Prise lost with 47 and T21, taker's single poignée, the Petit taken by the
    defence in the last trick: D = −59, taker −177."""
    pile = pile_with(94, ["T21"], size_mod=(2, 4))
    unit, scores = _settle(
        "french-4",
        "petite",
        pile,
        last="defence",
        petit_last=True,
        handfuls=[(TAKER, "handful-10")],
    )
    assert unit == -59
    assert scores == {0: 59, 1: -177, 2: 59, 3: 59}


def test_f14_3_garde_sans_petit_au_bout_lost() -> None:
    """4 players, Garde sans made with 2 oudlers and 52, the Petit lost at the end: D = 104."""
    pile = pile_with(104, ["T21", "FOOL"], size_mod=(2, 4))
    unit, scores = _settle("french-4", "garde-sans", pile, last="defence", petit_last=True)
    assert unit == 104
    assert scores[TAKER] == 312 and scores[0] == -104


def test_f14_4_half_points_three_players() -> None:
    """3 players, Garde, 2 oudlers: 40.5 → 40, lost by 1 (D −52); 41.5 → 42, won by 1."""
    pile = pile_with(81, ["T21", "FOOL"], size_mod=(0, 3))
    unit, scores = _settle("french-3", "garde", pile)
    assert unit == -52 and scores == {0: 52, 1: -104, 2: 52}
    pile = pile_with(83, ["T21", "FOOL"], size_mod=(0, 3))
    unit, scores = _settle("french-3", "garde", pile)
    assert unit == 52 and scores == {0: -52, 1: 104, 2: -52}


def test_f14_5_garde_sans_half_point_and_petit_au_bout() -> None:
    """3 players, Garde sans, 2 oudlers, 46.5 → 47, Petit au bout won: D = 164, taker +328."""
    pile = pile_with(93, ["T21", "T1"], size_mod=(0, 3))
    unit, scores = _settle("french-3", "garde-sans", pile, last="taker", petit_last=True)
    assert unit == 164 and scores[TAKER] == 328 and scores[0] == -164


def test_f14_6_five_players_garde_contre_lost() -> None:
    """5 players, Garde contre lost with a partner, 1 oudler and 48: D = −168."""
    pile = pile_with(96, ["T21"], size_mod=(0, 5))
    unit, scores = _settle("french-5", "garde-contre", pile)
    assert unit == -168
    assert scores == {0: 168, 1: -336, 2: 168, 3: -168, 4: 168}


def test_f14_7_announced_slam_excuse_led_last() -> None:
    """4 players, Garde, announced chelem, the Excuse led to and winning trick 18, the Petit
    in trick 17 (F-8.2): D = 580, taker +1740."""
    everything = list(find_ruleset("french-4").tables.tokens)
    unit, scores = _settle(
        "french-4",
        "garde",
        everything,
        last="taker",
        petit_last=True,
        fool="last-led",
        announced=["chelem"],
    )
    assert unit == 580 and scores[TAKER] == 1740 and scores[0] == -580


def test_f14_8_slam_defence_keeps_the_excuse() -> None:
    """4 players, Garde sans, silent slam, the defence plays the Excuse and keeps it for 4:
    the taker has 87 with T21 and the Petit, the Petit not last: D = 484."""
    pile = [c for c in find_ruleset("french-4").tables.tokens if c != "FOOL"]
    rs, deal = scored_deal("french-4", "garde-sans", pile, last="taker", fool="lost")
    assert count(deal, rs.opts).points == 87  # type: ignore[attr-defined]
    score = rs.score(deal)
    assert score.scores[TAKER] == 1452 and score.scores[0] == -484


def test_f14_9_published_five_player_slam() -> None:
    """5 players, Garde contre, dog FOOL + a King + an Ace to the defence, the attack takes
    every trick unannounced with the Petit au bout: 81.5 → 82, D = 656 [shogix]."""
    dog = ["FOOL", "SK", "S1"]
    pile = [c for c in find_ruleset("french-5").tables.tokens if c not in dog]
    unit, scores = _settle("french-5", "garde-contre", pile, dog=dog, last="taker", petit_last=True)
    assert unit == 656
    assert scores == {0: -656, 1: 1312, 2: -656, 3: 656, 4: -656}


def test_f14_10_card_counting() -> None:
    """T21 T1 SK HK HQ DN CJ and 17 low cards make 34 points; 2 oudlers need 41: lost by 7."""
    rs = find_ruleset("french-4")
    lows = [f"{s}{r}" for s in "HDSC" for r in range(2, 11)][:17]
    pile = rs.tables.cards(["T21", "T1", "SK", "HK", "HQ", "DN", "CJ", *lows])
    assert count_points(pile, rs.tables, group=1) == 68  # half points
    assert required(2) == 41 and 34 - required(2) == -7


def test_juste_fait_scores_25() -> None:
    """F-10.7: exactly the required points is made, difference 0."""
    pile = pile_with(82, ["T21", "FOOL"], size_mod=(2, 4))
    unit, _ = _settle("french-4", "petite", pile, last="taker")
    assert unit == 25
