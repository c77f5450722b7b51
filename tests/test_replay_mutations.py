"""Property tests: generated deals verify clean; each mutated at a random point is caught with
the right problem code."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from tarokpgn.generate import generate
from tarokpgn.model import Auction, Bid, Call, Exchange, Kontra, Record, Trick, format_scores
from tarokpgn.replay import verify, verify_all
from tarokpgn.replayer import Replay
from tarokpgn.rules import DealState
from tarokpgn.verdict import Status

PRESETS = [("slovenian-4", "semedela"), ("slovenian-4", "pagat"), ("slovenian-3", "sl3")]
PLAY_FAULTS = {"follow-suit", "must-trump", "must-beat", "pagat-last"}


@pytest.fixture(scope="module", params=PRESETS, ids=lambda p: f"{p[0]}-{p[1]}")
def deals(request: pytest.FixtureRequest) -> list[Record]:
    variant, preset = request.param
    return list(generate(variant, preset, n=150, seed=11))


def test_generated_deals_verify_clean(deals: list[Record]) -> None:
    for record, verdict in verify_all(deals):
        assert verdict.status is Status.OK, (verdict.problems, record)
        assert verdict.scores == record.written_scores()


def _replace_item(record: Record, old: object, new: object) -> Record:
    items = tuple(new if it is old else it for it in record.items)
    return dataclasses.replace(record, items=items)  # type: ignore[arg-type]


def _state_before(record: Record, trick: Trick, index: int) -> DealState:
    """The engine just before card ``index`` of ``trick`` is played."""
    r, _ = Replay.start(record)
    assert r is not None
    r.until(lambda item: item is trick)
    leader = r.pos[trick.leader]
    for i, tok in enumerate(trick.cards[:index]):
        r.deal.play((leader + i) % r.deal.players, r.deal.tables.card(tok))
    return r.deal


def _first(record: Record) -> tuple[str, int | None]:
    problems = [p for p in verify(record).problems if not p.accepted]
    assert problems, "mutation not caught"
    return problems[0].code, problems[0].trick


def _swap_in_play(record: Record, trick: Trick, i: int, new: str) -> Record:
    """Play ``new`` instead of trick card ``i``; the old card takes ``new``'s later place."""
    old = trick.cards[i]
    items = []
    for it in record.items:
        if isinstance(it, Trick) and it.number >= trick.number:
            cards = tuple(old if c == new else c for c in it.cards)
            if it is trick:
                cards = tuple(new if k == i else c for k, c in enumerate(it.cards))
            it = dataclasses.replace(it, cards=cards)
        items.append(it)
    return dataclasses.replace(record, items=tuple(items))


def mutate_illegal_card(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    tricks = list(record.of_type(Trick))
    rng.shuffle(tricks)
    for trick in tricks:
        for i in rng.sample(range(len(trick.cards)), len(trick.cards)):
            deal = _state_before(record, trick, i)
            pos = deal.to_play
            hand = deal.hands[pos] or set()
            illegal = sorted(set(hand) - set(deal.legal(pos)))
            if illegal:
                card = rng.choice(illegal)
                fault = deal.check_play(pos, card)
                assert fault is not None
                return _swap_in_play(record, trick, i, deal.name(card)), {fault.code}
    return None


def mutate_not_held(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    tricks = list(record.of_type(Trick))[:-1]
    if not tricks:
        return None
    trick = rng.choice(tricks)
    i = rng.randrange(len(trick.cards))
    deal = _state_before(record, trick, i)
    pos = deal.to_play
    others = [c for p, h in enumerate(deal.hands) if p != pos and h for c in h]
    if not others:
        return None
    card = deal.name(rng.choice(others))
    cards = tuple(card if k == i else c for k, c in enumerate(trick.cards))
    return _replace_item(record, trick, dataclasses.replace(trick, cards=cards)), {"not-held"}


def mutate_score(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    written = record.written_scores() or {}
    seat = rng.choice(sorted(written))
    written[seat] += rng.choice([-10, -5, 5, 10])
    tags = tuple((k, format_scores(written) if k == "Result" else v) for k, v in record.tags)
    return dataclasses.replace(record, tags=tags), {"score-mismatch"}


def mutate_bid(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    auction = next(record.of_type(Auction), None)
    if auction is None:
        return None
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
    return _replace_item(record, auction, new), {"illegal-bid"}


def mutate_leader(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    trick = rng.choice(list(record.of_type(Trick)))
    seats = [s for s in record.seats if s != trick.leader]
    new = dataclasses.replace(trick, leader=rng.choice(seats))
    return _replace_item(record, trick, new), {"wrong-leader"}


def mutate_call(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    call = next(record.of_type(Call), None)
    if call is None:  # a call where none belongs: klop, solo games, three players
        first_trick = next(record.of_type(Trick))
        items = list(record.items)
        items.insert(items.index(first_trick), Call(record.seats[0], "HK"))
        return dataclasses.replace(record, items=tuple(items)), {"illegal-call"}
    new = dataclasses.replace(call, card=rng.choice(["HQ", "T21", "S7", "FOOL"]))
    return _replace_item(record, call, new), {"illegal-call"}


def mutate_discard(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    ex = next(record.of_type(Exchange), None)
    if ex is None:
        return None
    discard = list(ex.discard)
    discard[0] = rng.choice(["HK", "DK", "SK", "CK", "T1", "T21", "FOOL"])
    if len(set(discard)) < len(discard):
        return None
    new = dataclasses.replace(ex, discard=tuple(discard))
    return _replace_item(record, ex, new), {"illegal-discard", "not-held"}


def mutate_kontra(record: Record, rng: random.Random) -> tuple[Record, set[str]] | None:
    first_trick = next(record.of_type(Trick))
    bad = Kontra(record.seats[0], rng.choice([2, 3, 5]), "game")
    items = list(record.items)
    items.insert(items.index(first_trick), bad)
    kontras = [k for k in record.of_type(Kontra) if k.target == "game"]
    if kontras:
        return None
    return dataclasses.replace(record, items=tuple(items)), {"illegal-kontra"}


MUTATIONS: list[Callable[[Record, random.Random], tuple[Record, set[str]] | None]] = [
    mutate_illegal_card, mutate_not_held, mutate_score, mutate_bid, mutate_leader, mutate_call,
    mutate_discard, mutate_kontra,
]  # fmt: skip


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
def test_mutations_are_caught(deals: list[Record], mutation: Callable[..., object]) -> None:
    rng = random.Random(mutation.__name__)
    tried = 0
    for record in deals[:60]:
        out = mutation(record, rng)
        if out is None:
            continue
        mutated, expected = out  # type: ignore[misc]
        code, _ = _first(mutated)
        assert code in expected, (code, expected)
        assert verify(mutated).status is not Status.OK
        tried += 1
    assert tried >= 5
