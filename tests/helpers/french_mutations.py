"""Rule-breaking edits of clean French deals, each with the fault code the verifier must give
(used by the property tests and the golden corpus builder). The walk and the edits are
:mod:`helpers.mutations`'."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from helpers.mutations import (
    insert_before_play,
    plays,
    swap_play,
    trick_at,
    with_item,
    with_result,
)
from tarokpgn.model import Announce, Auction, Bid, Exchange, Record, Trick, format_scores

KINGS = ("HK", "DK", "SK", "CK")
Mutation = Callable[[Record], tuple[Record, str, int | None] | None]
"""Record → (mutated record, expected fault code, trick number or None), or None when the
deal offers no place for this mutation."""


def play_fault(code: str) -> Mutation:
    """Play, at the first place where it is possible, a held card that breaks duty ``code``
    (the card played there instead moves to where the other one was played)."""

    def mutate(record: Record) -> tuple[Record, str, int | None] | None:
        for play in plays(record):
            deal, player = play.deal, play.player
            for card in sorted(deal.hands[player] or ()):
                fault = deal.check_play(player, card)
                if fault is not None and fault.code == code:
                    number = trick_at(record, play.index).number
                    mutated = swap_play(record, play.index, play.position, deal.name(card))
                    return mutated, code, number
        return None

    return mutate


def wrong_result(record: Record) -> tuple[Record, str, int | None] | None:
    written = record.written_scores()
    if not written:
        return None
    seats = list(written)
    changed = dict(written)
    changed[seats[0]] += 10
    changed[seats[1]] -= 10
    return with_result(record, format_scores(changed)), "score-mismatch", None


def repeat_bid(record: Record) -> tuple[Record, str, int | None] | None:
    """The last speaker names the lowest contract although a contract was already named."""
    items = list(record.items)
    for k, item in enumerate(items):
        if isinstance(item, Auction) and any(b.bid != "pass" for b in item.bids[:-1]):
            bids = list(item.bids)
            bids[-1] = Bid(bids[-1].seat, "petite")
            items[k] = dataclasses.replace(item, bids=tuple(bids))
            return dataclasses.replace(record, items=tuple(items)), "illegal-bid", None
    return None


def king_in_ecart(record: Record) -> tuple[Record, str, int | None] | None:
    """Swap one écart card for a King the taker holds (and plays the écart card instead)."""
    ex = next((k for k, it in enumerate(record.items) if isinstance(it, Exchange)), None)
    if ex is None:
        return None
    exchange = record.items[ex]
    assert isinstance(exchange, Exchange)
    for play in plays(record):
        king = trick_at(record, play.index).cards[play.position]
        if play.seat == exchange.seat and king in KINGS and king not in exchange.take:
            discard = (king, *exchange.discard[1:])
            mutated = with_item(record, ex, dataclasses.replace(exchange, discard=discard))
            mutated = swap_play(mutated, play.index, play.position, exchange.discard[0])
            return mutated, "illegal-discard", None
    return None


def defender_chelem(record: Record) -> tuple[Record, str, int | None] | None:
    """A defender announces a chelem (only the taker may, F-6.7)."""
    auction = next(record.of_type(Auction), None)
    if auction is None or not any(record.of_type(Trick)):
        return None
    named = [b.seat for b in auction.bids if b.bid != "pass"]
    if not named:
        return None
    defender = next(s for s in record.play_order() if s != named[-1])
    mutated = insert_before_play(record, Announce("announce", defender, "chelem"))
    return mutated, "illegal-announcement", None


MUTATIONS: dict[str, Mutation] = {
    "follow-suit": play_fault("follow-suit"),
    "must-trump": play_fault("must-trump"),
    "must-overtrump": play_fault("must-overtrump"),
    "called-suit-lead": play_fault("called-suit-lead"),
    "score-mismatch": wrong_result,
    "illegal-bid": repeat_bid,
    "illegal-discard": king_in_ecart,
    "illegal-announcement": defender_chelem,
}
