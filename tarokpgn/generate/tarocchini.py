"""The Tarocchini generator strategy (``ottocento``, ``terziglio``).

Ottocento: an occasional monte round (rarely thrown in), the dealer's scarto of two cards that
are not worth five (T-4.3), declarations of some of the combinations each hand holds (T-5) in
the order the ruleset requires, then random legal play. Terziglio: a one-round auction (gioco,
solo or all pass), the gioco exchange of the whole stock (T-11.4), declarations, play. All
choices come from what the engine allows, so every generated deal verifies clean.
"""

from __future__ import annotations

import random
from typing import Any, Final

from tarokpgn.generate.strategy import EngineStrategy, GeneratedDeal, register_generator
from tarokpgn.model import Announce, Auction, Bid, Exchange, Hand, Item, Talon, Trick
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import Phase
from tarokpgn.rules.tarocchini.checks import FIVE_POINT
from tarokpgn.rules.tarocchini.combos import Rules, evaluate
from tarokpgn.rules.tarocchini.ruleset import TarocchiniRuleset
from tarokpgn.rules.tarocchini.state import TarocchiniDeal

MONTE_ROUND: Final = 0.2
"""Probability that the monte round is recorded (T-4.2)."""
MONTE_CALL: Final = 0.6
"""Probability that a player in a recorded monte round says monte."""
DECLARE: Final = 0.7
"""Probability that a player declares a combination he holds (T-5.2)."""
SHORTER: Final = 0.25
"""Probability that a declaration shows less than the combination held (T-5.2)."""
_SEAT_RANK: Final = {"N": 0, "E": 1, "S": 2, "W": 3}


def _shorter(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The combination without its contatori, or without its last card."""
    plain = tuple(c for c in cards if c not in ("T0", "FOOL"))
    return plain if len(plain) < len(cards) else cards[:-1]


class TarocchiniStrategy(EngineStrategy):
    """Random legal Ottocento and Terziglio deals."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        super().__init__(ruleset)
        assert isinstance(ruleset, TarocchiniRuleset)
        self.rs = ruleset
        self.opts = ruleset.tarocchini
        self.rules = Rules(self.opts.contatori_minimum, self.opts.grande_tail)

    def shuffle(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        cards = list(range(len(self.tables.tokens)))
        rng.shuffle(cards)
        hands, start = [], 0
        for pos in range(self.rs.players):
            size = self.rs.dealt_size(pos)
            hands.append(sorted(cards[start : start + size]))
            start += size
        return hands, cards[start:]

    def deal(self, rng: random.Random, number: int, order: tuple[str, ...]) -> GeneratedDeal:
        hands, stock = self.shuffle(rng)
        state = self.rs.new_deal(hands, stock, number=number, labels=order)
        seats = sorted(range(len(order)), key=lambda p: _SEAT_RANK.get(order[p], p))
        items: list[Item] = [Hand(order[p], self.names(hands[p])) for p in seats]
        if stock:
            items.append(Talon(tuple(self.tables.tokens[c] for c in stock)))
        items += self._speak(rng, state, order)
        if not state.thrown_in:
            before = self.opts.declaration_order == "before_scarto" and state.partnerships
            if before:
                items += self._declare(rng, state, order)
            items += self._exchange(rng, state, order)
            if not before:
                items += self._declare(rng, state, order)
            items += self._play(rng, state, order)
        score = state.score()
        return GeneratedDeal(tuple(items), {order[p]: s for p, s in score.scores.items()})

    # --- before play ------------------------------------------------------------------------

    def _speak(
        self, rng: random.Random, state: TarocchiniDeal, order: tuple[str, ...]
    ) -> list[Item]:
        bids: list[Bid] = []
        if state.partnerships:
            if rng.random() >= MONTE_ROUND:
                return []
            while (pos := state.auction.to_act) is not None and rng.random() < 0.9:
                word = "monte" if rng.random() < MONTE_CALL else "pass"
                state.bid(pos, word)
                bids.append(Bid(order[pos], word))
        else:
            while state.phase is Phase.AUCTION:
                pos = state.auction.to_act
                assert pos is not None
                legal = state.auction.legal(pos)
                weights = [{"pass": 5, "gioco": 6, "solo": 1}[w] for w in legal]
                word = rng.choices(legal, weights)[0]
                state.bid(pos, word)
                bids.append(Bid(order[pos], word))
        return [Auction(tuple(bids))] if bids else []

    def _exchange(
        self, rng: random.Random, state: TarocchiniDeal, order: tuple[str, ...]
    ) -> list[Item]:
        if state.phase is not Phase.TALON:
            return []
        take: tuple[int, ...] = ()
        if state.partnerships:
            pos = state.dealer
        else:
            assert state.declarer is not None and state.talon is not None
            pos, take = state.declarer, tuple(state.talon)
        hand = state.hands[pos]
        assert hand is not None
        pool = sorted((hand | set(take)) - {self.tables.card(t) for t in FIVE_POINT})
        size = len(take) if take else 2
        discard = tuple(sorted(rng.sample(pool, size)))
        state.exchange(pos, take, discard, ())
        tok = self.tables.tokens
        return [Exchange(order[pos], tuple(tok[c] for c in take), tuple(tok[c] for c in discard))]

    def _declare(
        self, rng: random.Random, state: TarocchiniDeal, order: tuple[str, ...]
    ) -> list[Item]:
        items: list[Item] = []
        for pos in range(state.players):
            hand = state.hands[pos] if state.laid_away or not state.partnerships else None
            cards = hand if hand is not None else state.dealt[pos]
            assert cards is not None
            for combo in evaluate((self.tables.tokens[c] for c in cards), self.rules):
                if rng.random() >= DECLARE:
                    continue
                tokens = combo.cards
                if rng.random() < SHORTER:  # T-5.2: less than he holds, when still valid
                    tokens = _shorter(tokens)
                shown = tuple(self.tables.card(t) for t in tokens)
                if state.check_declaration(pos, combo.name, shown) is not None:
                    shown = tuple(self.tables.card(t) for t in combo.cards)
                    tokens = combo.cards
                    if state.check_declaration(pos, combo.name, shown) is not None:
                        continue
                state.declare(pos, combo.name, shown)
                items.append(Announce("declare", order[pos], combo.name, tokens))
        return items

    # --- play -------------------------------------------------------------------------------

    def _play(
        self, rng: random.Random, state: TarocchiniDeal, order: tuple[str, ...]
    ) -> list[Item]:
        items: list[Item] = []
        n = state.players
        for number in range(1, state.total_tricks + 1):
            leader = state.to_play
            cards = []
            for i in range(n):
                pos = (leader + i) % n
                card = rng.choice(state.legal(pos))
                state.play(pos, card)
                cards.append(self.tables.tokens[card])
            items.append(Trick(number, order[leader], tuple(cards)))
        return items


register_generator("tarocchini", TarocchiniStrategy)
