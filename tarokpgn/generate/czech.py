"""The Czech generator strategy: a weighted mix of games, hlášky, commitments and fleky.

Each deal picks a target game (:data:`WEIGHTS`) and a declarer, then bids towards it; a few
sólo and preferanc deals are stacked so that the declarer can take every trick (valát). All
choices come from what the engine allows, so every generated deal verifies clean.
"""

from __future__ import annotations

import random
from typing import Any, Final, cast

from tarokpgn.generate.strategy import EngineStrategy, register_generator
from tarokpgn.model import Announce, Auction, Bid, Exchange, Item, Kontra
from tarokpgn.rules.czech import CzechRuleset
from tarokpgn.rules.czech.checks import judged_hand
from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.hlasky import payable
from tarokpgn.rules.czech.state import CzechDeal
from tarokpgn.rules.czech.talon import KINGS, TAROKS, TRUL, purchases
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import DealState, Phase

WEIGHTS: Final = {
    Game.FIRST_DUTY: 40, Game.SECOND_DUTY: 12, Game.PREFERANC: 16, Game.SOLO: 8, Game.WARSAW: 10,
}  # fmt: skip
"""Relative frequency of each target game."""
STACK: Final = 0.15
"""Probability of stacking a sólo or preferanc so that the declarer holds the 12 best taroks."""
TOP_TAROKS: Final = ("FOOL", *(f"T{n}" for n in range(21, 10, -1)))


class CzechStrategy(EngineStrategy):
    """Random but plausible Czech deals for both presets."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        super().__init__(ruleset)
        assert isinstance(ruleset, CzechRuleset)
        self.opts = ruleset.czech
        self.target = Game.FIRST_DUTY
        self.declarer = 0
        self.level = 1
        self.stacked = False

    # --- targets ----------------------------------------------------------------------------

    def prepare(
        self, rng: random.Random, hands: list[list[int]], talon: list[int]
    ) -> tuple[list[list[int]], list[int]]:
        games = list(WEIGHTS)
        self.target = rng.choices(games, [WEIGHTS[g] for g in games])[0]
        self.level = rng.choice((1, 2, 3))
        self.declarer = 0 if self.target in (Game.FIRST_DUTY, Game.WARSAW) else rng.randrange(4)
        self.stacked = self.target in (Game.SOLO, Game.PREFERANC) and rng.random() < STACK
        if self.stacked:
            _give([self.tables.card(t) for t in TOP_TAROKS], self.declarer, hands, talon)
        if self.target is Game.SECOND_DUTY:
            pagat = self.tables.card("T1")
            holder = next((p for p, h in enumerate(hands) if pagat in h), None)
            if holder is None:
                self.target = Game.FIRST_DUTY
            self.declarer = holder if holder is not None else 0
        return hands, talon

    def _target_word(self, rng: random.Random) -> str:
        if self.target is Game.PREFERANC:
            if self.level == 3:
                return "preferanc-3"
            return rng.choice(("preferanc", f"preferanc-{self.level}"))
        return self.target.word if self.target is not Game.WARSAW else "first-duty"

    # --- auction and call -------------------------------------------------------------------

    def choose_bid(self, rng: random.Random, state: DealState, pos: int, legal: list[str]) -> str:
        if pos == self.declarer:
            word = self._target_word(rng)
            if word in legal:
                return word
        if pos == 0 and not state.bids:
            return "first-duty"
        return "pass"

    def run_auction(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        items = super().run_auction(rng, state, order)
        deal = cast(CzechDeal, state)
        if self.target is Game.WARSAW and deal.check_bid(0, "warsaw") is None:
            deal.bid(0, "warsaw")
            auction = items[0]
            assert isinstance(auction, Auction)
            items[0] = Auction((*auction.bids, Bid(order[0], "warsaw")))
        return items

    def choose_call(self, rng: random.Random, state: DealState, legal: list[int]) -> int:
        nineteen = self.tables.card("T19")
        if nineteen in legal and rng.random() < 0.8:
            return nineteen
        return rng.choice(legal)

    def run_call(self, rng: random.Random, state: DealState, order: tuple[str, ...]) -> list[Item]:
        if state.phase is Phase.CALL and rng.random() < 0.1:
            state.imply_call()  # no call written: the nineteen (CZ-4.2)
            return []
        return super().run_call(rng, state, order)

    # --- talon ------------------------------------------------------------------------------

    def run_exchange(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        deal = cast(CzechDeal, state)
        if state.phase is not Phase.TALON or deal.declarer is None or deal.talon is None:
            return []
        game = deal.game
        assert game is not None
        if game.game is Game.PREFERANC and not game.level:
            game = Contract(Game.PREFERANC, self.level if self.level != 3 else 1)
        due = purchases(game, deal.declarer, tuple(range(deal.players)), deal.talon, self.opts)
        items: list[Item] = []
        tok = self.tables.tokens
        for pos, take in due.items():
            hand = deal.hands[pos]
            assert hand is not None
            discard = self._discard(rng, sorted(hand | set(take)), len(take))
            deal.exchange(pos, take, discard, ())
            items.append(Exchange(order[pos], tuple(tok[c] for c in take),
                                  tuple(tok[c] for c in discard)))  # fmt: skip
        return items

    def _discard(self, rng: random.Random, hand: list[int], k: int) -> tuple[int, ...]:
        """``k`` legal discards: plain cards, then ordinary taroks, then trul (CZ-5.4)."""
        tok = self.tables.tokens
        plain = [c for c in hand if tok[c] not in KINGS and tok[c] not in TAROKS]
        taroks = [c for c in hand if tok[c] in TAROKS and tok[c] not in TRUL]
        trul = [c for c in hand if tok[c] in TRUL]
        out = rng.sample(plain, min(k, len(plain)))
        for pool in (taroks, trul):
            need = k - len(out)
            if need > 0:
                out += rng.sample(pool, min(need, len(pool)))
        return tuple(out)

    # --- hlášky and fleky -------------------------------------------------------------------

    def run_announcements(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        deal = cast(CzechDeal, state)
        if deal.is_warsaw:
            return []
        items: list[Item] = []
        for pos in range(deal.players):
            hand = judged_hand(deal, pos)
            assert hand is not None
            for name in payable([self.tables.tokens[c] for c in hand], self.opts):
                if rng.random() < 0.7:
                    deal.announce(pos, name)
                    items.append(Announce("declare", order[pos], name))
        for pos, name in self._commitments(rng, deal):
            deal.announce(pos, name)
            items.append(Announce("announce", order[pos], name))
        for pos, level, target in self._fleky(rng, deal):
            deal.kontra(pos, level, target)
            items.append(Kontra(order[pos], level, target))
        return items

    def _commitments(self, rng: random.Random, deal: CzechDeal) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        pagat = self.tables.card("T1")
        game = deal.game
        duty2 = game is not None and game.game is Game.SECOND_DUTY
        holder = next((p for p, h in enumerate(deal.hands) if h and pagat in h), None)
        if holder is not None and not duty2 and rng.random() < 0.15:
            out.append((holder, "pagat"))
        if deal.declarer is not None and (self.stacked or rng.random() < 0.02):
            out.append((deal.declarer, "valat"))
        return out

    def _fleky(self, rng: random.Random, deal: CzechDeal) -> list[tuple[int, int, str]]:
        side = {deal.declarer, deal.partner} - {None}
        others = [p for p in range(deal.players) if p not in side]
        targets = ["game"]
        if self.opts.flek_targets == "game_and_commitments":
            targets += [n for n in ("pagat", "valat") if n in deal.announced]
            if deal.game is not None and deal.game.game is Game.SECOND_DUTY:
                targets.append("pagat")
        out: list[tuple[int, int, str]] = []
        for target in targets:
            owner = side if target == "game" else _side_of(deal, target, side, others)
            against = [p for p in range(deal.players) if p not in owner]
            level = 0
            while level < self.opts.max_flek and rng.random() < (0.25 if level == 0 else 0.35):
                level += 1
                pool = against if level % 2 else sorted(p for p in owner if p is not None)
                out.append((rng.choice(pool), level, target))
        return out

    # --- play -------------------------------------------------------------------------------

    def choose_card(self, rng: random.Random, state: DealState, pos: int, legal: list[int]) -> int:
        pagat = self.tables.card("T1")
        if pagat in legal and len(legal) > 1 and len(state.tricks) < 12:
            legal = [c for c in legal if c != pagat]
        if self.stacked:
            return max(legal, key=lambda c: (self.tables.suit[c] == 4, self.tables.strength[c]))
        return rng.choice(legal)


def _side_of(deal: CzechDeal, target: str, side: set[int | None], others: list[int]) -> set[int]:
    if target == "pagat" and deal.game is not None and deal.game.game is Game.SECOND_DUTY:
        return {p for p in side if p is not None}
    announcer = deal.announced[target]
    return {p for p in side if p is not None} if announcer in side else set(others)


def _give(cards: list[int], pos: int, hands: list[list[int]], talon: list[int]) -> None:
    """Move ``cards`` into ``hands[pos]``, swapping out its other cards (sizes unchanged)."""
    mine = hands[pos]
    for card in cards:
        if card in mine:
            continue
        out = next(c for c in mine if c not in cards)
        for pile in (*hands, talon):
            if card in pile:
                pile[pile.index(card)] = out
                break
        mine[mine.index(out)] = card
    for h in hands:
        h.sort()


register_generator("czech", CzechStrategy)
