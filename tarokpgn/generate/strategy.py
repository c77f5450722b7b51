"""Strategies: how the random generator makes each decision of a deal.

A strategy turns (ruleset, random source, deal number, seats in order of play) into one
:class:`GeneratedDeal`: the movetext items and the scores. :class:`EngineStrategy` plays any
ruleset built on :class:`~tarokpgn.rules.state.DealState` by asking it for the legal choices
and picking among them; subclasses override single decisions (``choose_bid``,
``choose_call``, ``choose_exchange``, ``announcements``, ``kontras``, ``choose_card``) to make
the mix look like real play. A family plugs in with :func:`register_generator`, a single
variant with :func:`register_strategy`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Exchange,
    Hand,
    Item,
    Kontra,
    Talon,
    Trick,
)
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import DealState, Phase

_SEAT_RANK = {"N": 0, "E": 1, "S": 2, "W": 3, "Z": 4}
"""Hands are written in seat order (N E S W Z), whoever deals."""


@dataclass(frozen=True, slots=True)
class GeneratedDeal:
    """One generated deal: its movetext and per-seat scores (seat label → score)."""

    items: tuple[Item, ...]
    scores: dict[str, int] = field(hash=False)


class Strategy(Protocol):
    """Makes one complete legal deal."""

    def deal(self, rng: random.Random, number: int, order: tuple[str, ...]) -> GeneratedDeal:
        """Deal ``number`` (1-based in its match); ``order``: seat labels, forehand first."""
        ...


StrategyFactory = Callable[[Ruleset[Any]], Strategy]
_STRATEGIES: dict[str, StrategyFactory] = {}
"""Variant id → its own strategy."""
_GENERATORS: dict[str, StrategyFactory] = {}
"""Family → the strategy of its variants that have none of their own."""


def register_strategy(variant: str, factory: StrategyFactory) -> None:
    """Make ``tarokpgn.generate`` use ``factory(ruleset)`` for ``variant``."""
    _STRATEGIES[variant] = factory


def register_generator(family: str, factory: StrategyFactory) -> None:
    """Make ``tarokpgn.generate`` use ``factory(ruleset)`` for every variant of ``family``
    (a variant's own :func:`register_strategy` comes first)."""
    _GENERATORS[family] = factory


def strategy_for(variant: str, ruleset: Ruleset[Any]) -> Strategy | None:
    """The strategy registered for ``variant``, else for its family; None when neither has
    one."""
    factory = _STRATEGIES.get(variant) or _GENERATORS.get(ruleset.family)
    return factory(ruleset) if factory is not None else None


class EngineStrategy:
    """Random legal play through :class:`DealState`. Override the ``choose_*`` methods."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        self.ruleset = ruleset
        self.tables = ruleset.tables

    # --- the deal loop ----------------------------------------------------------------------

    def shuffle(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Hands (position order) and talon."""
        cards = list(range(len(self.tables.tokens)))
        rng.shuffle(cards)
        n, size = self.ruleset.players, self.ruleset.hand_size
        hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(n)]
        return hands, cards[n * size :]

    def deal(self, rng: random.Random, number: int, order: tuple[str, ...]) -> GeneratedDeal:
        hands, talon = self.shuffle(rng)
        hands, talon = self.prepare(rng, hands, talon)
        state = self.ruleset.new_deal(hands, talon, number=number, labels=order)
        seats = sorted(range(len(order)), key=lambda p: _SEAT_RANK.get(order[p], p))
        items: list[Item] = [Hand(order[p], self.names(hands[p])) for p in seats]
        items.append(Talon(tuple(self.tables.tokens[c] for c in talon)))
        self.plan(rng, state)
        items += self.run_auction(rng, state, order)
        items += self.run_call(rng, state, order)
        items += self.run_exchange(rng, state, order)
        items += self.run_announcements(rng, state, order)
        items += self.run_play(rng, state, order)
        score = state.score()
        return GeneratedDeal(tuple(items), {order[p]: s for p, s in score.scores.items()})

    def names(self, cards: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.tables.tokens[c] for c in sorted(cards))

    # --- hooks with defaults ----------------------------------------------------------------

    def prepare(
        self, rng: random.Random, hands: list[list[int]], talon: list[int]
    ) -> tuple[list[list[int]], list[int]]:
        """Adjust the dealt cards (e.g. to make rare outcomes happen); default: unchanged."""
        return hands, talon

    def plan(self, rng: random.Random, state: DealState) -> None:
        """Decide targets for the deal before the auction; default: nothing."""

    def choose_bid(self, rng: random.Random, state: DealState, pos: int, legal: list[str]) -> str:
        return "pass" if "pass" in legal else rng.choice(legal)

    def choose_call(self, rng: random.Random, state: DealState, legal: list[int]) -> int:
        return rng.choice(legal)

    def choose_exchange(
        self, rng: random.Random, state: DealState
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        raise NotImplementedError

    def announcements(self, rng: random.Random, state: DealState) -> list[tuple[int, str]]:
        return []

    def kontras(self, rng: random.Random, state: DealState) -> list[tuple[int, int, str]]:
        return []

    def choose_card(self, rng: random.Random, state: DealState, pos: int, legal: list[int]) -> int:
        return rng.choice(legal)

    def stop_early(self, rng: random.Random, state: DealState) -> bool:
        """Whether to end play once the outcome is decided (both are legal records)."""
        return False

    # --- phases -----------------------------------------------------------------------------

    def run_auction(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        bids: list[Bid] = []
        while state.phase is Phase.AUCTION:
            pos = state.auction.to_act
            assert pos is not None
            word = self.choose_bid(rng, state, pos, state.auction.legal(pos))
            state.bid(pos, word)
            bids.append(Bid(order[pos], word))
        return [Auction(tuple(bids))] if bids else []

    def run_call(self, rng: random.Random, state: DealState, order: tuple[str, ...]) -> list[Item]:
        if state.phase is not Phase.CALL or state.declarer is None:
            return []
        card = self.choose_call(rng, state, self.ruleset.legal_calls(state))
        state.call(state.declarer, card)
        return [Call(order[state.declarer], self.tables.tokens[card])]

    def run_exchange(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        if state.phase is not Phase.TALON or state.declarer is None:
            return []
        take, discard, show = self.choose_exchange(rng, state)
        state.exchange(state.declarer, take, discard, show)
        tok = self.tables.tokens
        return [
            Exchange(
                order[state.declarer],
                tuple(tok[c] for c in take),
                tuple(tok[c] for c in discard),
                tuple(tok[c] for c in show),
            )
        ]

    def run_announcements(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        items: list[Item] = []
        for pos, name in self.announcements(rng, state):
            state.announce(pos, name)
            items.append(Announce("announce", order[pos], name))
        for pos, level, target in self.kontras(rng, state):
            state.kontra(pos, level, target)
            items.append(Kontra(order[pos], level, target))
        return items

    def run_play(self, rng: random.Random, state: DealState, order: tuple[str, ...]) -> list[Item]:
        items: list[Item] = []
        n = state.players
        for number in range(1, self.ruleset.hand_size + 1):
            leader = state.to_play
            cards = []
            for i in range(n):
                pos = (leader + i) % n
                card = self.choose_card(rng, state, pos, state.legal(pos))
                state.play(pos, card)
                cards.append(self.tables.tokens[card])
            items.append(Trick(number, order[leader], tuple(cards)))
            if state.stopped and number < self.ruleset.hand_size and self.stop_early(rng, state):
                break
        return items
