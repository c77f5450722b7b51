"""The generator of a family that registered none of its own (:func:`register_generator`).

It deals a shuffled deck by the variant's first deal size (:class:`~tarokpgn.variants.DealSize`)
and drives the rules engine through its public interface only: each bid, call and card picked
at random among the legal ones the engine offers. It cannot know how a family exchanges with
the talon, so a deal whose contract takes the talon stops with a :class:`GenerationError`.
"""

from __future__ import annotations

import random
from typing import Any

from tarokpgn.errors import TarokPgnError
from tarokpgn.generate.strategy import EngineStrategy
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import DealState
from tarokpgn.variants import DealSize


class GenerationError(TarokPgnError, ValueError):
    """A deal the generator cannot make (an unknown variant, a talon exchange it cannot
    play)."""


class GenericStrategy(EngineStrategy):
    """Random legal play of any ruleset without a talon exchange."""

    def __init__(self, ruleset: Ruleset[Any], size: DealSize) -> None:
        super().__init__(ruleset)
        self.size = size

    def shuffle(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Hands of ``size.hand`` cards, the dealer's (the last position) of ``size.dealer``,
        and a talon of ``size.talon``."""
        cards = list(range(len(self.tables.tokens)))
        rng.shuffle(cards)
        sizes = [self.size.hand] * (self.ruleset.players - 1) + [self.size.dealer]
        hands, start = [], 0
        for size in sizes:
            hands.append(sorted(cards[start : start + size]))
            start += size
        return hands, cards[start : start + self.size.talon]

    def choose_bid(self, rng: random.Random, state: DealState, pos: int, legal: list[str]) -> str:
        return rng.choice(legal)

    def choose_exchange(
        self, rng: random.Random, state: DealState
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        contract = state.contract.id if state.contract is not None else "?"
        raise GenerationError(
            f"{self.ruleset.family}: contract {contract!r} exchanges with the talon, which the "
            "generic generator cannot play; register a generator for the family "
            "(tarokpgn.generate.register_generator)"
        )
