"""The Slovenian auction (SL-3) under each preset."""

from __future__ import annotations

import pytest

from tarokpgn.rules import DealState, Phase, find_ruleset


def run(variant: str, preset: str, bids: list[tuple[int, str]], number: int = 2,
        **overrides: str) -> tuple[DealState, list[str | None]]:  # fmt: skip
    rs = find_ruleset(variant, preset, overrides)
    deal = DealState(rs, number=number)
    codes = []
    for pos, bid in bids:
        fault = deal.check_bid(pos, bid)
        codes.append(fault.code if fault else None)
        deal.bid(pos, bid)
    return deal, codes


def test_semedela_forehand_opens_three_and_must_raise_to_keep() -> None:
    bids = [(0, "three"), (1, "two"), (2, "pass"), (3, "pass"), (0, "one"), (1, "pass")]
    deal, codes = run("slovenian-4", "semedela", bids)
    assert codes == [None] * 6
    assert deal.contract is not None and deal.contract.id == "one" and deal.declarer == 0
    assert deal.phase is Phase.CALL


@pytest.mark.parametrize(
    ("bids", "bad"),
    [
        ([(0, "pass")], "illegal-bid"),  # SL-3.5 forehand may not pass his opening
        ([(0, "two")], "illegal-bid"),  # SL-3.5 forehand opens with three
        ([(1, "two")], "out-of-turn"),  # SL-3.4 forehand speaks first
        ([(0, "three"), (1, "three")], "illegal-bid"),  # equal bid, no holding (SL-3.6)
        ([(0, "three"), (1, "two"), (2, "pass"), (3, "pass"), (0, "two")], "illegal-bid"),
        ([(0, "three"), (1, "pass"), (2, "pass"), (1, "two")], "illegal-bid"),  # SL-3.3
        ([(0, "three"), (1, "berac")], "illegal-bid"),  # not a canonical word
        ([(0, "three"), (1, "piccolo")], "illegal-bid"),  # disabled by option
    ],
)
def test_semedela_illegal_bids(bids: list[tuple[int, str]], bad: str) -> None:
    _, codes = run("slovenian-4", "semedela", bids)
    assert codes[-1] == bad and all(c is None for c in codes[:-1])


def test_semedela_compulsory_first_klop() -> None:
    deal, codes = run("slovenian-4", "semedela", [], number=1)
    assert deal.contract is not None and deal.contract.id == "klop"
    deal, codes = run("slovenian-4", "semedela", [(0, "three")], number=13)
    assert codes == ["illegal-bid"]
    deal, _ = run("slovenian-4", "semedela", [], number=13, compulsory_first_klop="per_tournament")
    assert deal.contract is None and deal.phase is Phase.AUCTION


def test_pagat_style_holding_and_three_for_forehand_only() -> None:
    bids = [(1, "two"), (2, "pass"), (3, "pass"), (0, "two"), (1, "one"), (0, "one"), (1, "pass")]
    deal, codes = run("slovenian-4", "pagat", bids)
    assert codes == [None] * 7
    assert deal.contract is not None and deal.contract.id == "one" and deal.declarer == 0
    _, codes = run("slovenian-4", "pagat", [(1, "three")])
    assert codes == ["illegal-bid"]  # SL-3.7
    _, codes = run("slovenian-4", "pagat", [(1, "two"), (2, "two")])
    assert codes == [None, "illegal-bid"]  # lower priority may not hold


def test_pagat_all_pass_forehand_must_choose() -> None:
    deal, codes = run("slovenian-4", "pagat", [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert codes[-1] == "illegal-bid"
    deal, codes = run("slovenian-4", "pagat", [(1, "pass"), (2, "pass"), (3, "pass"), (0, "klop")])
    assert codes == [None] * 4 and deal.contract is not None and deal.contract.id == "klop"
    deal, codes = run("slovenian-4", "pagat", [(1, "pass"), (2, "pass"), (3, "pass"), (0, "three")])
    assert codes == [None] * 4 and deal.contract is not None and deal.contract.id == "three"


def test_all_pass_gives_klop_when_option_says_so() -> None:
    bids = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]
    deal, codes = run("slovenian-4", "semedela", bids, forehand_opening="free")
    assert codes == [None] * 4 and deal.contract is not None and deal.contract.id == "klop"


def test_final_raise() -> None:
    bids = [(1, "two"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "solo-two")]
    deal, codes = run("slovenian-4", "pagat", bids)
    assert codes == [None] * 5 and deal.contract is not None and deal.contract.id == "solo-two"
    _, codes = run("slovenian-4", "semedela",
                   [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "one")])  # fmt: skip
    assert codes[-1] == "illegal-bid"


def test_three_players() -> None:
    deal, codes = run("slovenian-3", "sl3", [(1, "two"), (2, "pass"), (0, "pass")])
    assert codes == [None] * 3 and deal.contract is not None and deal.contract.id == "two"
    assert deal.phase is Phase.TALON  # no king call with three players (SL-15.2)
    _, codes = run("slovenian-3", "pagat", [(1, "solo-two")])
    assert codes == ["illegal-bid"]  # no solo three/two/one with three players


def test_ladder_prose_order_swaps_open_games() -> None:
    bids = [(0, "three"), (1, "open-solo-without"), (2, "open-beggar")]
    _, codes = run("slovenian-4", "semedela", bids)
    assert codes == [None, None, "illegal-bid"]
    _, codes = run("slovenian-4", "semedela", bids, ladder_order="prose")
    assert codes == [None, None, None]
