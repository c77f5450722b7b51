"""The walk and the edits every family's mutations share (``helpers/<family>_mutations.py``, the
Slovenian ones in ``test_slovenian_mutations.py``). A mutation walks the plays of a clean record
with :func:`plays`, finds a place where one rule can be broken and writes the broken record
with :func:`swap_play`, :func:`with_item`, :func:`insert_before_play` or :func:`with_result`;
only the choice of the place and of the fault is the family's own.

The property tests that apply mutations count how many found a place (:func:`applied`) and
assert a minimum, so that a test cannot pass by mutating nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple, TypeVar

from tarokpgn.model import Exchange, Hand, Item, Record, Trick
from tarokpgn.replayer import Replay
from tarokpgn.rules import DealState

Out = TypeVar("Out")


class Play(NamedTuple):
    """One card about to be played, as the engine replaying the record sees it."""

    index: int
    """Index of the trick in ``record.items``."""
    position: int
    """Position of the card in the trick (0: the lead)."""
    seat: str
    hand: set[str]
    """The player's cards before the play (a copy)."""
    before: list[str]
    """The cards of the trick played before this one."""
    player: int
    deal: DealState
    """The engine just before the play; it moves on with the walk, so ask it at once."""


def hands_before_play(record: Record) -> dict[str, set[str]]:
    """Each seat's cards as the record deals them, after the exchanges (read from the text)."""
    hands = {h.seat: set(h.cards) for h in record.of_type(Hand)}
    for ex in record.of_type(Exchange):
        hands[ex.seat] |= set(ex.take)
        hands[ex.seat] -= set(ex.discard)
    return hands


def plays(record: Record) -> Iterator[Play]:
    """Every play of ``record`` in order, the engine replaying the items before it."""
    r, _ = Replay.start(record)
    assert r is not None
    for index, item in enumerate(record.items):
        if not isinstance(item, Trick):
            r.feed(item)
            continue
        leader = r.begin_trick(item)
        assert leader is not None
        deal = r.deal
        for position, card in enumerate(item.cards):
            player = (leader + position) % deal.players
            hand = {deal.name(c) for c in deal.hands[player] or ()}
            before = list(item.cards[:position])
            yield Play(index, position, deal.label(player), hand, before, player, deal)
            deal.play(player, deal.tables.card(card))


def trick_at(record: Record, index: int) -> Trick:
    """The trick at ``record.items[index]``."""
    trick = record.items[index]
    assert isinstance(trick, Trick)
    return trick


def later_trick(record: Record, index: int, card: str) -> int | None:
    """Index of the trick after ``record.items[index]`` in which ``card`` is played, if any."""
    for j in range(index + 1, len(record.items)):
        item = record.items[j]
        if isinstance(item, Trick) and card in item.cards:
            return j
    return None


def with_item(record: Record, index: int, item: Item) -> Record:
    """``record`` with ``item`` in place of ``record.items[index]``."""
    items = list(record.items)
    items[index] = item
    return dataclasses.replace(record, items=tuple(items))


def with_cards(record: Record, index: int, cards: Iterable[str]) -> Record:
    """``record`` with the trick at ``index`` holding ``cards`` instead."""
    return with_item(
        record, index, dataclasses.replace(trick_at(record, index), cards=tuple(cards))
    )


def swap_play(record: Record, index: int, position: int, new: str) -> Record:
    """Play ``new`` at ``position`` of the trick at ``index``, and the card played there where
    ``new`` was played later (when it was)."""
    trick = trick_at(record, index)
    old = trick.cards[position]
    j = later_trick(record, index, new)
    if j is not None:
        record = with_cards(record, j, (old if c == new else c for c in trick_at(record, j).cards))
    return with_cards(record, index, (new if k == position else c
                                      for k, c in enumerate(trick.cards)))  # fmt: skip


def insert_before_play(record: Record, item: Item) -> Record:
    """``record`` with ``item`` inserted just before the first trick."""
    items = list(record.items)
    first = next(i for i, it in enumerate(items) if isinstance(it, Trick))
    items.insert(first, item)
    return dataclasses.replace(record, items=tuple(items))


def with_result(record: Record, result: str) -> Record:
    """``record`` with ``result`` as the value of its Result tag."""
    tags = tuple((k, result if k == "Result" else v) for k, v in record.tags)
    return dataclasses.replace(record, tags=tags)


def applied(mutate: Callable[[Record], Out | None], records: Iterable[Record]) -> list[Out]:
    """What ``mutate`` made of each record that offered it a place (the others are left out)."""
    return [out for out in map(mutate, records) if out is not None]
