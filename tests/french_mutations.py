"""Rule-breaking edits of clean French deals, each with the fault code the verifier must give
(used by the property tests and the golden corpus builder)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from tarokpgn.model import Announce, Auction, Bid, Exchange, Item, Record, Trick, format_scores
from tarokpgn.replayer import Replay

Mutation = Callable[[Record], tuple[Record, str, int | None] | None]
"""Record → (mutated record, expected fault code, trick number or None), or None when the
deal offers no place for this mutation."""


def _with_items(record: Record, items: list[Item]) -> Record:
    return dataclasses.replace(record, items=tuple(items))


def swap_play(code: str) -> Mutation:
    """Play, at the first place where it is possible, a held card that breaks duty ``code``
    (the card played there instead moves to where the other one was played)."""

    def mutate(record: Record) -> tuple[Record, str, int | None] | None:
        r, _ = Replay.start(record)
        assert r is not None
        items = list(record.items)
        for k, item in enumerate(items):
            if not isinstance(item, Trick):
                r.feed(item)
                continue
            deal = r.deal
            leader = r.begin_trick(item)
            assert leader is not None
            for i, tok in enumerate(item.cards):
                p = (leader + i) % deal.players
                hand = deal.hands[p] or set()
                for cand in sorted(hand):
                    fault = deal.check_play(p, cand)
                    if fault is not None and fault.code == code:
                        return _swap(record, items, k, i, deal.name(cand), tok), code, item.number
                deal.play(p, deal.tables.card(tok))
        return None

    return mutate


def _swap(record: Record, items: list[Item], k: int, i: int, new: str, old: str) -> Record:
    out = list(items)
    first = out[k]
    assert isinstance(first, Trick)
    cards = list(first.cards)
    cards[i] = new
    out[k] = dataclasses.replace(first, cards=tuple(cards))
    for j in range(k + 1, len(out)):
        later = out[j]
        if isinstance(later, Trick) and new in later.cards:
            swapped = tuple(old if c == new else c for c in later.cards)
            out[j] = dataclasses.replace(later, cards=swapped)
            break
    return _with_items(record, out)


def wrong_result(record: Record) -> tuple[Record, str, int | None] | None:
    written = record.written_scores()
    if not written:
        return None
    seats = list(written)
    changed = dict(written)
    changed[seats[0]] += 10
    changed[seats[1]] -= 10
    tags = tuple((k, format_scores(changed) if k == "Result" else v) for k, v in record.tags)
    return dataclasses.replace(record, tags=tags), "score-mismatch", None


def repeat_bid(record: Record) -> tuple[Record, str, int | None] | None:
    """The last speaker names the lowest contract although a contract was already named."""
    items = list(record.items)
    for k, item in enumerate(items):
        if isinstance(item, Auction) and any(b.bid != "pass" for b in item.bids[:-1]):
            bids = list(item.bids)
            bids[-1] = Bid(bids[-1].seat, "petite")
            items[k] = dataclasses.replace(item, bids=tuple(bids))
            return _with_items(record, items), "illegal-bid", None
    return None


def king_in_ecart(record: Record) -> tuple[Record, str, int | None] | None:
    """Swap one écart card for a King the taker holds (and plays the écart card instead)."""
    items = list(record.items)
    ex = next((k for k, it in enumerate(items) if isinstance(it, Exchange)), None)
    if ex is None:
        return None
    exchange = items[ex]
    assert isinstance(exchange, Exchange)
    for k, item in enumerate(items):
        if not isinstance(item, Trick):
            continue
        for king in ("HK", "DK", "SK", "CK"):
            if king in item.cards and king not in exchange.take:
                i = item.cards.index(king)
                if _player(record, items, k, i) != exchange.seat:
                    continue
                old = exchange.discard[0]
                items[ex] = dataclasses.replace(exchange, discard=(king, *exchange.discard[1:]))
                cards = list(item.cards)
                cards[i] = old
                items[k] = dataclasses.replace(item, cards=tuple(cards))
                return _with_items(record, items), "illegal-discard", None
    return None


def _player(record: Record, items: list[Item], k: int, i: int) -> str:
    order = record.play_order()
    item = items[k]
    assert isinstance(item, Trick)
    return order[(order.index(item.leader) + i) % len(order)]


def defender_chelem(record: Record) -> tuple[Record, str, int | None] | None:
    """A defender announces a chelem (only the taker may, F-6.7)."""
    items = list(record.items)
    auction = next((it for it in items if isinstance(it, Auction)), None)
    first = next((k for k, it in enumerate(items) if isinstance(it, Trick)), None)
    if auction is None or first is None:
        return None
    named = [b.seat for b in auction.bids if b.bid != "pass"]
    if not named:
        return None
    defender = next(s for s in record.play_order() if s != named[-1])
    items.insert(first, Announce("announce", defender, "chelem"))
    return _with_items(record, items), "illegal-announcement", None


MUTATIONS: dict[str, Mutation] = {
    "follow-suit": swap_play("follow-suit"),
    "must-trump": swap_play("must-trump"),
    "must-overtrump": swap_play("must-overtrump"),
    "called-suit-lead": swap_play("called-suit-lead"),
    "score-mismatch": wrong_result,
    "illegal-bid": repeat_bid,
    "illegal-discard": king_in_ecart,
    "illegal-announcement": defender_chelem,
}
