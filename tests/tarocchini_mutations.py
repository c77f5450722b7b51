"""Mutations of clean Tarocchini records that break exactly one rule, for the property tests
and the golden corpus (tests/golden/tarocchini). Each returns the mutated record and the
code, rule and trick (None outside play) of the problem the verifier must report first, or
None when the record offers no place for that mutation."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Final

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.model import Announce, Auction, Exchange, Hand, Record, Trick, format_scores
from tarokpgn.rules.core import NO_SUIT, TRUMP_SUIT, CardTables, led_suit
from tarokpgn.rules.tarocchini.checks import FIVE_POINT
from tarokpgn.rules.tarocchini.play import policy

T: Final = CardTables.of(BOLOGNESE62)
P: Final = policy(T)
Expect = tuple[str, str, int | None]
Mutation = Callable[[Record], tuple[Record, Expect] | None]


def _hands_before_play(record: Record) -> dict[str, set[str]]:
    hands = {h.seat: set(h.cards) for h in record.of_type(Hand)}
    for ex in record.of_type(Exchange):
        hands[ex.seat] |= set(ex.take)
        hands[ex.seat] -= set(ex.discard)
    return hands


def _walk(record: Record) -> Iterator[tuple[int, int, str, set[str], list[str]]]:
    """(trick index in items, position in trick, seat, hand before the play, trick so far)."""
    hands = _hands_before_play(record)
    order = record.play_order()
    for idx, item in enumerate(record.items):
        if not isinstance(item, Trick):
            continue
        start = order.index(item.leader)
        for i, card in enumerate(item.cards):
            seat = order[(start + i) % len(order)]
            yield idx, i, seat, set(hands[seat]), list(item.cards[:i])
            hands[seat].discard(card)


def _later(record: Record, idx: int, card: str) -> int | None:
    for j in range(idx + 1, len(record.items)):
        item = record.items[j]
        if isinstance(item, Trick) and card in item.cards:
            return j
    return None


def _swap_play(record: Record, idx: int, pos: int, new: str) -> Record:
    """Play ``new`` at trick ``idx`` position ``pos`` and the old card where ``new`` was."""
    items = list(record.items)
    trick = items[idx]
    assert isinstance(trick, Trick)
    old = trick.cards[pos]
    j = _later(record, idx, new)
    assert j is not None
    later = items[j]
    assert isinstance(later, Trick)
    items[j] = dataclasses.replace(later, cards=tuple(old if c == new else c for c in later.cards))
    cards = list(trick.cards)
    cards[pos] = new
    items[idx] = dataclasses.replace(trick, cards=tuple(cards))
    return dataclasses.replace(record, items=tuple(items))


def _number(record: Record, idx: int) -> int:
    item = record.items[idx]
    assert isinstance(item, Trick)
    return item.number


def _suit(card: str) -> int:
    return T.suit[T.card(card)]


def follow_suit(record: Record) -> tuple[Record, Expect] | None:
    """A player who followed a plain suit plays instead a card he plays later (T-7.2)."""
    for idx, i, _, hand, before in _walk(record):
        if i == 0 or not before:
            continue
        led = led_suit(T.cards(before), T, P)
        item = record.items[idx]
        assert isinstance(item, Trick)
        if led in (NO_SUIT, TRUMP_SUIT) or _suit(item.cards[i]) != led:
            continue
        for c in sorted(hand):
            if c != "FOOL" and _suit(c) != led and _later(record, idx, c) is not None:
                return _swap_play(record, idx, i, c), ("follow-suit", "T-7.2", _number(record, idx))
    return None


def must_trump(record: Record) -> tuple[Record, Expect] | None:
    """A player void in the led suit who trumped plays instead a plain card (T-7.2)."""
    for idx, i, _, hand, before in _walk(record):
        if i == 0 or not before:
            continue
        led = led_suit(T.cards(before), T, P)
        item = record.items[idx]
        assert isinstance(item, Trick)
        if led in (NO_SUIT, TRUMP_SUIT) or _suit(item.cards[i]) != TRUMP_SUIT:
            continue
        for c in sorted(hand):
            if _suit(c) not in (TRUMP_SUIT, NO_SUIT) and _later(record, idx, c) is not None:
                return _swap_play(record, idx, i, c), ("must-trump", "T-7.2", _number(record, idx))
    return None


def wrong_leader(record: Record) -> tuple[Record, Expect] | None:
    """Trick 2 led by the wrong player (T-7.1; with Moors, the last one played wins)."""
    items = list(record.items)
    order = record.play_order()
    for idx, item in enumerate(items):
        if isinstance(item, Trick) and item.number == 2:
            other = order[(order.index(item.leader) + 1) % len(order)]
            items[idx] = dataclasses.replace(item, leader=other)
            return dataclasses.replace(record, items=tuple(items)), ("wrong-leader", "T-7.1", 2)
    return None


def five_point_discard(record: Record) -> tuple[Record, Expect] | None:
    """The discard holds a King, Angel, World, Bégato or Matto (T-4.3)."""
    items = list(record.items)
    for idx, item in enumerate(items):
        if not isinstance(item, Exchange) or not item.discard:
            continue
        held = _hands_before_play(record)[item.seat]
        for c in sorted(held & FIVE_POINT):
            j = _later(record, idx, c)
            if j is None:
                continue
            old = item.discard[0]
            trick = items[j]
            assert isinstance(trick, Trick)
            items[j] = dataclasses.replace(trick, cards=tuple(old if x == c else x
                                                              for x in trick.cards))  # fmt: skip
            items[idx] = dataclasses.replace(item, discard=(c, *item.discard[1:]))
            return dataclasses.replace(record, items=tuple(items)), ("illegal-discard", "T-4.3",
                                                                     None)  # fmt: skip
    return None


def false_declaration(record: Record) -> tuple[Record, Expect] | None:
    """A declared combination shows a card its declarer does not hold (T-5.4)."""
    items = list(record.items)
    hands = _hands_before_play(record)
    for idx, item in enumerate(items):
        if not isinstance(item, Announce) or item.kind != "declare" or not item.cards:
            continue
        foreign = sorted(set(T.tokens) - hands[item.seat])[0]
        items[idx] = dataclasses.replace(item, cards=(foreign, *item.cards[1:]))
        return dataclasses.replace(record, items=tuple(items)), ("bad-declaration", "T-5.4", None)
    return None


def bid_out_of_turn(record: Record) -> tuple[Record, Expect] | None:
    """The second speaker speaks first (T-11.3 / T-4.2: eldest first)."""
    items = list(record.items)
    for idx, item in enumerate(items):
        if isinstance(item, Auction) and len(item.bids) >= 2:
            a, b = item.bids[0], item.bids[1]
            bids = (dataclasses.replace(a, seat=b.seat), *item.bids[1:])
            items[idx] = dataclasses.replace(item, bids=bids)
            rule = "T-11.3" if len(record.seats) == 3 else "T-4.2"
            return dataclasses.replace(record, items=tuple(items)), ("illegal-bid", rule, None)
    return None


def partial_stock(record: Record) -> tuple[Record, Expect] | None:
    """The Terziglio declarer leaves a stock card out of the exchange (T-11.4)."""
    items = list(record.items)
    for idx, item in enumerate(items):
        if isinstance(item, Exchange) and item.take:
            items[idx] = dataclasses.replace(item, take=item.take[1:], discard=item.discard[1:])
            return dataclasses.replace(record, items=tuple(items)), ("talon-group", "T-11.4",
                                                                     None)  # fmt: skip
    return None


def wrong_result(record: Record) -> tuple[Record, Expect] | None:
    """The written Result is off by one for every seat (T-10.1)."""
    written = record.written_scores()
    if written is None:
        return None
    tags = tuple((k, format_scores({s: v + 1 for s, v in written.items()}) if k == "Result"
                  else v) for k, v in record.tags)  # fmt: skip
    return dataclasses.replace(record, tags=tags), ("score-mismatch", "T-10.1", None)


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
