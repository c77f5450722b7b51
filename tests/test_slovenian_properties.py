"""Property tests of the Slovenian engine: generated deals verify clean; each mutated at a random
point is caught with the right problem code (the walk and the edits: :mod:`helpers.mutations`)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from helpers.mutations import (
    applied,
    insert_before_play,
    plays,
    swap_play,
    trick_at,
    with_cards,
    with_item,
    with_result,
)

from tarokpgn.generate import generate
from tarokpgn.model import Auction, Bid, Call, Exchange, Kontra, Record, Trick, format_scores
from tarokpgn.replay import verify, verify_all
from tarokpgn.replayer import Replay
from tarokpgn.verdict import Status

PRESETS = [("slovenian-4", "semedela"), ("slovenian-4", "pagat"), ("slovenian-3", "sl3")]


@pytest.fixture(scope="module", params=PRESETS, ids=lambda p: f"{p[0]}-{p[1]}")
def deals(request: pytest.FixtureRequest) -> list[Record]:
    variant, preset = request.param
    return list(generate(variant, preset, n=150, seed=11))


def test_generated_deals_verify_clean(deals: list[Record]) -> None:
    for record, verdict in verify_all(deals):
        assert verdict.status is Status.OK, (verdict.problems, record)
        assert verdict.scores == record.written_scores()


def _first(record: Record) -> tuple[str, int | None]:
    problems = [p for p in verify(record).problems if not p.accepted]
    assert problems, "mutation not caught"
    return problems[0].code, problems[0].trick


def mutate_illegal_card(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    """A player plays a held card the rules forbid there (SL-9.2–9.6), at a random place."""
    places = []
    for play in plays(record):
        deal, player = play.deal, play.player
        illegal = sorted(set(deal.hands[player] or ()) - set(deal.legal(player)))
        if illegal:
            card = rng.choice(illegal)
            fault = deal.check_play(player, card)
            assert fault is not None
            places.append((play.index, play.position, deal.name(card), fault.code))
    if not places:
        return None
    index, position, card, code = rng.choice(places)
    return swap_play(record, index, position, card), {code}


def mutate_not_held(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    """A player plays a card another player holds, before the last trick (SL-2.6)."""
    last = max(i for i, item in enumerate(record.items) if isinstance(item, Trick))
    places = []
    for play in plays(record):
        deal = play.deal
        others = [c for p, h in enumerate(deal.hands) if p != play.player and h for c in h]
        if play.index < last and others:
            places.append((play.index, play.position, deal.name(rng.choice(others))))
    if not places:
        return None
    index, position, card = rng.choice(places)
    cards = (card if k == position else c for k, c in enumerate(trick_at(record, index).cards))
    return with_cards(record, index, cards), {"not-held"}


def mutate_score(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    written = record.written_scores() or {}
    seat = rng.choice(sorted(written))
    written[seat] += rng.choice([-10, -5, 5, 10])
    return with_result(record, format_scores(written)), {"score-mismatch"}


def mutate_bid(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    index = next((i for i, it in enumerate(record.items) if isinstance(it, Auction)), None)
    if index is None:
        return None
    auction = record.items[index]
    assert isinstance(auction, Auction)
    k = rng.randrange(len(auction.bids))
    r, _ = Replay.start(record)
    assert r is not None
    for bid in auction.bids[:k]:
        r.deal.bid(r.pos[bid.seat], bid.bid)
    seat = auction.bids[k].seat
    legal = set(r.deal.auction.legal(r.pos[seat]))
    words = ["pass", "three", "two", "one", "solo-three", "beggar", "valat", "piccolo", "klop"]
    bad = [w for w in words if w not in legal]
    bids = list(auction.bids)
    bids[k] = Bid(seat, rng.choice(bad))
    new = dataclasses.replace(auction, bids=tuple(bids))
    return with_item(record, index, new), {"illegal-bid"}


def mutate_leader(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    index = rng.choice([i for i, it in enumerate(record.items) if isinstance(it, Trick)])
    trick = trick_at(record, index)
    seats = [s for s in record.seats if s != trick.leader]
    new = dataclasses.replace(trick, leader=rng.choice(seats))
    return with_item(record, index, new), {"wrong-leader"}


def mutate_call(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    index = next((i for i, it in enumerate(record.items) if isinstance(it, Call)), None)
    if index is None:  # a call where none belongs: klop, solo games, three players
        return insert_before_play(record, Call(record.seats[0], "HK")), {"illegal-call"}
    call = record.items[index]
    assert isinstance(call, Call)
    new = dataclasses.replace(call, card=rng.choice(["HQ", "T21", "S7", "FOOL"]))
    return with_item(record, index, new), {"illegal-call"}


def mutate_discard(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    index = next((i for i, it in enumerate(record.items) if isinstance(it, Exchange)), None)
    if index is None:
        return None
    ex = record.items[index]
    assert isinstance(ex, Exchange)
    discard = list(ex.discard)
    discard[0] = rng.choice(["HK", "DK", "SK", "CK", "T1", "T21", "FOOL"])
    if len(set(discard)) < len(discard):
        return None
    new = dataclasses.replace(ex, discard=tuple(discard))
    return with_item(record, index, new), {"illegal-discard", "not-held"}


def mutate_kontra(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    bad = Kontra(record.seats[0], rng.choice([2, 3, 5]), "game")
    if any(k.target == "game" for k in record.of_type(Kontra)):
        return None
    return insert_before_play(record, bad), {"illegal-kontra"}


Mutation = Callable[[Record, random.Random], tuple[Record, set[str]] | None]
MUTATIONS: list[Mutation] = [
    mutate_illegal_card, mutate_not_held, mutate_score, mutate_bid, mutate_leader, mutate_call,
    mutate_discard, mutate_kontra,
]  # fmt: skip


MIN_APPLIED = 5
"""Each mutation must break at least this many of the 60 deals, so no mutation is tested by
mutating nothing."""


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
def test_mutations_are_caught(deals: list[Record], mutation: Mutation) -> None:
    rng = random.Random(mutation.__name__)
    mutated = applied(lambda record: mutation(record, rng), deals[:60])
    for bad, expected in mutated:
        code, _ = _first(bad)
        assert code in expected, (code, expected)
        assert verify(bad).status is not Status.OK
    assert len(mutated) >= MIN_APPLIED, len(mutated)
