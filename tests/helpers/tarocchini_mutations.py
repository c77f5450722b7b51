"""Mutations of clean Tarocchini records that break exactly one rule, for the property tests
and the golden corpus (tests/golden/tarocchini). Each returns the mutated record and the
code, rule and trick (None outside play) of the problem the verifier must report first, or
None when the record offers no place for that mutation. The walk and the edits are
:mod:`helpers.mutations`'."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from helpers.mutations import (
    hands_before_play,
    later_trick,
    plays,
    swap_play,
    trick_at,
    with_cards,
    with_item,
    with_result,
)
from tarokpgn.cards import BOLOGNESE62
from tarokpgn.model import Announce, Auction, Exchange, Record, Trick, format_scores
from tarokpgn.rules.core import NO_SUIT, TRUMP_SUIT, CardTables, led_suit
from tarokpgn.rules.tarocchini.checks import FIVE_POINT
from tarokpgn.rules.tarocchini.play import policy

T: Final = CardTables.of(BOLOGNESE62)
P: Final = policy(T)
Expect = tuple[str, str, int | None]
Mutation = Callable[[Record], tuple[Record, Expect] | None]


def _suit(card: str) -> int:
    return T.suit[T.card(card)]


def _replay_with(
    record: Record,
    code: str,
    played: Callable[[int, int], bool],
    instead: Callable[[str, int], bool],
) -> tuple[Record, Expect] | None:
    """At the first play on a plain-suit lead whose card passes ``played(suit, led)``, play
    instead the first held card that passes ``instead(card, led)`` and is played later (T-7.2)."""
    for play in plays(record):
        if not play.before:
            continue
        led = led_suit(T.cards(play.before), T, P)
        trick = trick_at(record, play.index)
        if led in (NO_SUIT, TRUMP_SUIT) or not played(_suit(trick.cards[play.position]), led):
            continue
        for c in sorted(play.hand):
            if instead(c, led) and later_trick(record, play.index, c) is not None:
                mutated = swap_play(record, play.index, play.position, c)
                return mutated, (code, "T-7.2", trick.number)
    return None


def follow_suit(record: Record) -> tuple[Record, Expect] | None:
    """A player who followed a plain suit plays instead a card he plays later (T-7.2)."""
    return _replay_with(
        record, "follow-suit", lambda suit, led: suit == led,
        lambda card, led: card != "FOOL" and _suit(card) != led,
    )  # fmt: skip


def must_trump(record: Record) -> tuple[Record, Expect] | None:
    """A player void in the led suit who trumped plays instead a plain card (T-7.2)."""
    return _replay_with(
        record, "must-trump", lambda suit, led: suit == TRUMP_SUIT,
        lambda card, led: _suit(card) not in (TRUMP_SUIT, NO_SUIT),
    )  # fmt: skip


def wrong_leader(record: Record) -> tuple[Record, Expect] | None:
    """Trick 2 led by the wrong player (T-7.1; with Moors, the last one played wins)."""
    order = record.play_order()
    for idx, item in enumerate(record.items):
        if isinstance(item, Trick) and item.number == 2:
            other = order[(order.index(item.leader) + 1) % len(order)]
            mutated = with_item(record, idx, dataclasses.replace(item, leader=other))
            return mutated, ("wrong-leader", "T-7.1", 2)
    return None


def five_point_discard(record: Record) -> tuple[Record, Expect] | None:
    """The discard holds a King, Angel, World, Bégato or Matto (T-4.3)."""
    for idx, item in enumerate(record.items):
        if not isinstance(item, Exchange) or not item.discard:
            continue
        held = hands_before_play(record)[item.seat]
        for c in sorted(held & FIVE_POINT):
            j = later_trick(record, idx, c)
            if j is None:
                continue
            old = item.discard[0]
            mutated = with_cards(
                record, j, (old if x == c else x for x in trick_at(record, j).cards)
            )
            mutated = with_item(
                mutated, idx, dataclasses.replace(item, discard=(c, *item.discard[1:]))
            )
            return mutated, ("illegal-discard", "T-4.3", None)
    return None


def false_declaration(record: Record) -> tuple[Record, Expect] | None:
    """A declared combination shows a card its declarer does not hold (T-5.4)."""
    hands = hands_before_play(record)
    for idx, item in enumerate(record.items):
        if not isinstance(item, Announce) or item.kind != "declare" or not item.cards:
            continue
        foreign = sorted(set(T.tokens) - hands[item.seat])[0]
        mutated = with_item(
            record, idx, dataclasses.replace(item, cards=(foreign, *item.cards[1:]))
        )
        return mutated, ("bad-declaration", "T-5.4", None)
    return None


def bid_out_of_turn(record: Record) -> tuple[Record, Expect] | None:
    """The second speaker speaks first (T-11.3 / T-4.2: eldest first)."""
    for idx, item in enumerate(record.items):
        if isinstance(item, Auction) and len(item.bids) >= 2:
            a, b = item.bids[0], item.bids[1]
            bids = (dataclasses.replace(a, seat=b.seat), *item.bids[1:])
            rule = "T-11.3" if len(record.seats) == 3 else "T-4.2"
            mutated = with_item(record, idx, dataclasses.replace(item, bids=bids))
            return mutated, ("illegal-bid", rule, None)
    return None


def partial_stock(record: Record) -> tuple[Record, Expect] | None:
    """The Terziglio declarer leaves a stock card out of the exchange (T-11.4)."""
    for idx, item in enumerate(record.items):
        if isinstance(item, Exchange) and item.take:
            exchange = dataclasses.replace(item, take=item.take[1:], discard=item.discard[1:])
            return with_item(record, idx, exchange), ("talon-group", "T-11.4", None)
    return None


def wrong_result(record: Record) -> tuple[Record, Expect] | None:
    """The written Result is off by one for every seat (T-10.1)."""
    written = record.written_scores()
    if written is None:
        return None
    result = format_scores({s: v + 1 for s, v in written.items()})
    return with_result(record, result), ("score-mismatch", "T-10.1", None)


MUTATIONS: Final[dict[str, Mutation]] = {
    "follow-suit": follow_suit,
    "must-trump": must_trump,
    "wrong-leader": wrong_leader,
    "five-point-discard": five_point_discard,
    "false-declaration": false_declaration,
    "bid-out-of-turn": bid_out_of_turn,
    "partial-stock": partial_stock,
    "wrong-result": wrong_result,
}
