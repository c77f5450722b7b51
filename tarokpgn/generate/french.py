"""The French Tarot generator strategy: every contract, poignées, petit au bout, the Excuse,
all-passed deals and the occasional chelem (announced or not).

Each deal first picks a target contract by weight (:data:`WEIGHTS`) and a taker, then bids
towards it. With a small probability (:data:`RIG_SLAM`) the taker is dealt the top trumps so
that a chelem happens. A dealt petit sec is dealt again (F-2.5). Every choice stays legal: the
strategy only ever picks from what the engine offers.
"""

from __future__ import annotations

import random
from typing import Any, Final

from tarokpgn.generate.strategy import EngineStrategy, register_generator
from tarokpgn.model import Announce, Item
from tarokpgn.rules.core import TRUMP_SUIT
from tarokpgn.rules.french import FrenchRuleset
from tarokpgn.rules.french import declarations as decl
from tarokpgn.rules.french.talon import forbidden, plain_count
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import DealState

WEIGHTS: Final = {"pass": 4, "petite": 34, "garde": 34, "garde-sans": 14, "garde-contre": 8}
"""Relative frequency of each target contract (``pass``: every player passes)."""
RIG_SLAM: Final = 0.04
"""Probability of dealing the taker the top trumps so that a chelem happens."""
ANNOUNCE_SLAM: Final = 0.7
DECLARE: Final = 0.7
"""Probability that a player holding a poignée declares it."""


class FrenchStrategy(EngineStrategy):
    """Random but plausible French deals for 3, 4 and 5 players."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        super().__init__(ruleset)
        assert isinstance(ruleset, FrenchRuleset)
        self.rs = ruleset
        self.target = "petite"
        self.taker = 0
        self.rigged = False

    # --- the deal ---------------------------------------------------------------------------

    def prepare(
        self, rng: random.Random, hands: list[list[int]], talon: list[int]
    ) -> tuple[list[list[int]], list[int]]:
        ids = list(WEIGHTS)
        self.target = rng.choices(ids, [WEIGHTS[i] for i in ids])[0]
        self.taker = rng.randrange(self.rs.players)
        self.rigged = self.target != "pass" and rng.random() < RIG_SLAM
        while True:
            if self.rigged:
                hands, talon = self._rig(hands, talon)
            if not self.rs.opts.petit_sec_annuls or not self._petit_sec(hands):
                return hands, talon
            hands, talon = self.shuffle(rng)

    def _petit_sec(self, hands: list[list[int]]) -> bool:
        t = self.tables
        petit, fool = t.card("T1"), t.card("FOOL")
        for hand in hands:
            trumps = [c for c in hand if t.suit[c] == TRUMP_SUIT]
            if trumps == [petit] and fool not in hand:
                return True
        return False

    def _rig(self, hands: list[list[int]], talon: list[int]) -> tuple[list[list[int]], list[int]]:
        """Give the taker the Excuse and the highest trumps (then the Kings)."""
        t = self.tables
        want = [t.card("FOOL"), *(t.card(f"T{n}") for n in range(21, 0, -1))]
        want += [t.card(k) for k in ("HK", "DK", "SK", "CK")]
        size = len(hands[self.taker])
        want = want[:size]
        everyone = [list(h) for h in hands]
        mine = everyone[self.taker]
        spare = [c for c in mine if c not in want]
        for card in want:
            if card in mine:
                continue
            out = spare.pop()
            holder = next((i for i, h in enumerate(everyone) if card in h), None)
            if holder is None:
                talon = [out if c == card else c for c in talon]
            else:
                everyone[holder] = [out if c == card else c for c in everyone[holder]]
            mine[mine.index(out)] = card
        return [sorted(h) for h in everyone], talon

    # --- auction, call, écart ---------------------------------------------------------------

    def choose_bid(self, rng: random.Random, state: DealState, pos: int, legal: list[str]) -> str:
        if self.target == "pass":
            return "pass"
        ranks = {w: self.rs.ladder()[w].rank for w in legal if w != "pass"}
        target_rank = self.rs.ladder()[self.target].rank
        if pos == self.taker:
            if self.target in legal:
                return self.target
            higher = [w for w, r in ranks.items() if r > target_rank]
            return min(higher, key=ranks.__getitem__) if higher else "pass"
        below = [w for w, r in ranks.items() if r < target_rank]
        if below and rng.random() < 0.2:
            return rng.choice(below)
        return "pass"

    def choose_call(self, rng: random.Random, state: DealState, legal: list[int]) -> int:
        hand = state.hands[state.declarer or 0] or set()
        others = [c for c in legal if c not in hand]
        if others and rng.random() < 0.9:
            return rng.choice(others)
        return rng.choice(legal)

    def choose_exchange(
        self, rng: random.Random, state: DealState
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        pos = state.declarer
        assert pos is not None and state.talon is not None
        take = tuple(state.talon)
        hand = set(state.hands[pos] or ()) | set(take)
        n = len(take)
        t = self.tables
        bad = forbidden(state, self.rs.opts)
        plain = sorted(c for c in hand if t.suit[c] < TRUMP_SUIT and c not in bad)
        if plain_count(hand, state) >= n or self.rs.opts.ecart_forbidden != "fft":
            discard = tuple(sorted(rng.sample(plain, n)))
        else:
            trumps = sorted(c for c in hand if t.suit[c] == TRUMP_SUIT and c not in bad)
            discard = tuple(sorted([*plain, *rng.sample(trumps, n - len(plain))]))
        kings = {t.card(k) for k in ("HK", "DK", "SK", "CK")}
        show = tuple(c for c in discard if t.suit[c] == TRUMP_SUIT or c in kings)
        return take, discard, show

    # --- declarations -----------------------------------------------------------------------

    def run_announcements(
        self, rng: random.Random, state: DealState, order: tuple[str, ...]
    ) -> list[Item]:
        c = state.contract
        if c is None or c.kind == "passed":
            return []
        items: list[Item] = []
        if self.rigged and rng.random() < ANNOUNCE_SLAM and state.declarer is not None:
            state.announce(state.declarer, "chelem")
            items.append(Announce("announce", order[state.declarer], "chelem"))
        for pos in range(state.players):
            shown = self._handful(rng, state, pos)
            if shown is None:
                continue
            name, cards = shown
            state.declare(pos, name, cards)
            items.append(Announce("declare", order[pos], name, self.names(cards)))
        return items

    def _handful(
        self, rng: random.Random, state: DealState, pos: int
    ) -> tuple[str, tuple[int, ...]] | None:
        hand = state.hands[pos] or set()
        t = self.tables
        fool = t.card("FOOL")
        trumps = sorted(c for c in hand if t.suit[c] == TRUMP_SUIT)
        levels = decl.sizes(state.players, self.rs.opts)
        fits = [n for n in levels if n <= len(trumps)]
        with_fool = fool in hand and len(trumps) + 1 in levels and rng.random() < 0.5
        if with_fool:
            fits.append(len(trumps) + 1)
        if not fits or rng.random() > DECLARE:
            return None
        n = max(fits)
        if n > len(trumps):
            return f"handful-{n}", (fool, *trumps)
        return f"handful-{n}", tuple(sorted(rng.sample(trumps, n)))

    # --- play -------------------------------------------------------------------------------

    def run_play(self, rng: random.Random, state: DealState, order: tuple[str, ...]) -> list[Item]:
        c = state.contract
        if c is None or c.kind == "passed":
            return []
        return super().run_play(rng, state, order)

    def choose_card(self, rng: random.Random, state: DealState, pos: int, legal: list[int]) -> int:
        t = self.tables
        fool, petit = t.card("FOOL"), t.card("T1")
        keep = [c for c in legal if c not in (fool, petit)]
        if self.rigged and pos == state.declarer:
            if keep:
                return max(keep, key=self._power)
            return petit if petit in legal else fool if fool in legal else legal[0]
        if keep and rng.random() < 0.8:
            legal = keep  # keep the Excuse and the Petit for later, now and then to the end
        return rng.choice(legal)

    def _power(self, card: int) -> int:
        t = self.tables
        return t.strength[card] + (100 if t.suit[card] == TRUMP_SUIT else 0)


register_generator("french", FrenchStrategy)
