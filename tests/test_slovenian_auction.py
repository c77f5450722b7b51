"""The Slovenian auction (SL-3) under each preset."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarokpgn.model import Auction
from tarokpgn.notation import parse_record, write_record
from tarokpgn.replay import verify
from tarokpgn.rules import DealState, Phase, find_ruleset

GOLDEN = Path(__file__).parent / "golden" / "slovenian"


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


# --- SL-3.9 ruling (issue 14): the last bidder may re-state the contract he holds -------------


@pytest.mark.parametrize(
    ("variant", "preset", "bids", "cid", "declarer"),
    [
        ("slovenian-4", "semedela",
         [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "three")], "three", 0),
        ("slovenian-4", "semedela",
         [(0, "three"), (1, "two"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "two")], "two", 1),
        ("slovenian-4", "pagat",
         [(1, "two"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "two")], "two", 1),
        ("slovenian-4", "pagat",
         [(1, "pass"), (2, "pass"), (3, "pass"), (0, "three"), (0, "three")], "three", 0),
        ("slovenian-3", "sl3", [(1, "two"), (2, "pass"), (0, "pass"), (1, "two")], "two", 1),
    ],
)  # fmt: skip
def test_last_bidder_may_restate_his_contract(
    variant: str, preset: str, bids: list[tuple[int, str]], cid: str, declarer: int
) -> None:
    """SL-3.9 (ruling 2026-12): in every ruleset the re-statement is accepted and changes
    nothing; the deal goes on to the call (or the talon) as before."""
    deal, codes = run(variant, preset, bids)
    assert codes == [None] * len(bids)
    assert deal.contract is not None and deal.contract.id == cid and deal.declarer == declarer
    assert deal.phase is (Phase.CALL if variant == "slovenian-4" else Phase.TALON)
    assert deal.bids == bids  # kept as recorded
    holder_words = deal.auction.legal(declarer)
    assert cid in holder_words


@pytest.mark.parametrize(
    "last",
    [
        (1, "three"),  # not the holder (SL-3.9)
        (2, "pass"),  # a pass after the end is no bid
        (0, "klop"),
    ],
)
def test_only_the_holder_restates_and_only_his_contract(last: tuple[int, str]) -> None:
    bids = [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass"), last]
    _, codes = run("slovenian-4", "semedela", bids)
    assert codes == [None] * 4 + ["illegal-bid"]


def test_restatement_does_not_open_a_raise_without_final_raise() -> None:
    bids = [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "three"), (0, "one")]
    deal, codes = run("slovenian-4", "semedela", bids)
    assert codes == [None] * 5 + ["illegal-bid"]  # final_raise off in Semedela
    bids = [(1, "two"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "two"), (1, "solo-two")]
    deal, codes = run("slovenian-4", "pagat", bids)
    assert codes == [None] * 6  # final_raise on in the pagat preset
    assert deal.contract is not None and deal.contract.id == "solo-two"


def test_restatement_after_the_call_is_refused() -> None:
    bids = [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass")]
    deal, _ = run("slovenian-4", "semedela", bids)
    deal.call(0, deal.tables.card("HK"))
    fault = deal.check_bid(0, "three")
    assert fault is not None and fault.code == "illegal-bid" and fault.rule == "SL-3.9"


@pytest.mark.parametrize(("name", "base"), [("auction-restated", "one"),
                                            ("auction-restated-pagat", "mondfang")])  # fmt: skip
def test_restated_auction_record_round_trips_and_verifies_as_without(name: str, base: str) -> None:
    """The worked examples: ``one`` (Semedela) and ``mondfang`` (pagat) with the declarer's
    contract re-stated at the end of the auction. The writer keeps the repetition byte for byte
    and the verdict is the one of the record without it (SL-3.9)."""
    text = (GOLDEN / f"{name}.tpgn").read_text(encoding="utf-8")
    record = parse_record(text)
    assert write_record(record) == text
    auction = next(record.of_type(Auction))
    assert auction.bids[-1] == next(b for b in reversed(auction.bids[:-1]) if b.bid != "pass")
    got, want = verify(record), verify(parse_record((GOLDEN / f"{base}.tpgn").read_text()))
    assert got.ok and want.ok
    assert (got.contract, got.declarer, got.scores) == (want.contract, want.declarer, want.scores)
