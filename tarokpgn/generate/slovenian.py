"""The Slovenian generator strategy: a stratified mix of contracts, bonuses and kontras.

Each deal first picks a target contract by weight (:data:`WEIGHTS`) and a declarer, then
bids towards it; with a small probability the cards are stacked so that rare outcomes happen
(valat, colour valat and beggar made). Every choice stays legal: the strategy only ever picks
from what the engine offers.
"""

from __future__ import annotations

import random
from typing import Any, Final

from tarokpgn.generate.strategy import EngineStrategy, register_generator
from tarokpgn.rules.core import TRUMP_SUIT
from tarokpgn.rules.ruleset import Contract, Ruleset
from tarokpgn.rules.slovenian import SlovenianRuleset
from tarokpgn.rules.slovenian.talon import forbidden_layaway
from tarokpgn.rules.state import DealState

WEIGHTS: Final = {
    "klop": 4, "three": 20, "two": 16, "one": 10, "piccolo": 3, "solo-three": 6, "solo-two": 5,
    "solo-one": 4, "beggar": 8, "solo-without": 4, "open-beggar": 4, "open-solo-without": 3,
    "colour-valat": 3, "colour-valat-suit": 2, "valat": 3,
}  # fmt: skip
"""Relative frequency of each target contract."""

RIG: Final = {"valat": 0.5, "colour-valat": 0.5, "colour-valat-suit": 0.5, "beggar": 0.3,
              "open-beggar": 0.3, "piccolo": 0.0}  # fmt: skip
"""Probability of stacking the deal so that the contract can be made."""
SILENT_VALAT: Final = 0.03
"""Probability of stacking a point contract so that the declarer side wins every trick."""


class SlovenianStrategy(EngineStrategy):
    """Random but plausible Slovenian deals for any preset and player count."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        super().__init__(ruleset)
        assert isinstance(ruleset, SlovenianRuleset)
        self.rs = ruleset
        self.ladder = ruleset.ladder()
        self.target: Contract = self.ladder["three"]
        self.declarer = 0
        self.rigged = ""

    # --- targets ----------------------------------------------------------------------------

    def _pick_target(self, rng: random.Random) -> None:
        ids = [c for c in self.ladder if c in WEIGHTS]
        weights = [WEIGHTS[c] for c in ids]
        self.target = self.ladder[rng.choices(ids, weights)[0]]
        self.declarer = rng.randrange(self.rs.players)
        if self.target.id == "three" and self.rs.opts.forehand_opening != "free":
            self.declarer = 0  # only forehand can end up playing three (SL-3.5, SL-3.7)

    def prepare(
        self, rng: random.Random, hands: list[list[int]], talon: list[int]
    ) -> tuple[list[list[int]], list[int]]:
        self._pick_target(rng)
        self.rigged = ""
        kind = self.target.kind
        if self.target.id == "klop":
            return hands, talon
        if rng.random() < RIG.get(self.target.id, SILENT_VALAT if kind == "points" else 0.0):
            stack = _low_cards if kind == "negative" else _top_taroks
            self.rigged = self.target.id
            return _give(stack(self.tables), self.declarer, hands, talon, rng)
        return hands, talon

    # --- auction ----------------------------------------------------------------------------

    def choose_bid(self, rng: random.Random, state: DealState, pos: int, legal: list[str]) -> str:
        target = self.target
        ranks = {w: self.ladder[w].rank for w in legal if w in self.ladder and w != "klop"}
        if target.id == "klop" or state.number and self.rs.compulsory_klop(state.number):
            low = [w for w in ("pass", "klop") if w in legal]
            return low[0] if low else min(ranks, key=ranks.__getitem__)
        if pos == self.declarer:
            return self._declarer_bid(rng, legal, ranks)
        below = [w for w, r in ranks.items() if r < target.rank]
        if "pass" not in legal:
            return min(ranks, key=ranks.__getitem__)
        if below and rng.random() < 0.25:
            return rng.choice(below)
        return "pass"

    def _declarer_bid(self, rng: random.Random, legal: list[str], ranks: dict[str, int]) -> str:
        target = self.target
        if target.id in legal and rng.random() < 0.7:
            return target.id
        below = [w for w, r in ranks.items() if r < target.rank]
        if below:
            return min(below, key=ranks.__getitem__) if rng.random() < 0.5 else rng.choice(below)
        if target.id in legal:
            return target.id
        return "pass" if "pass" in legal else min(ranks, key=ranks.__getitem__)

    # --- call and talon ---------------------------------------------------------------------

    def choose_call(self, rng: random.Random, state: DealState, legal: list[int]) -> int:
        hand = state.hands[state.declarer or 0] or set()
        others = [c for c in legal if c not in hand and self.tables.tokens[c].endswith("K")]
        if others and rng.random() < 0.9:
            return rng.choice(others)
        return rng.choice(legal)

    def choose_exchange(
        self, rng: random.Random, state: DealState
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        groups = state.talon_groups()
        called = state.called
        must = self.rs.opts.must_take_called_king_group and called is not None
        with_king = [g for g in groups if called in g] if must else []
        take = with_king[0] if with_king else rng.choice(groups)
        pos = state.declarer
        assert pos is not None
        hand = set(state.hands[pos] or ()) | set(take)
        discard = self._discards(rng, state, hand, take)
        suit = self.tables.suit
        show = tuple(c for c in discard if suit[c] == TRUMP_SUIT)
        return tuple(take), discard, show

    def _discards(
        self, rng: random.Random, state: DealState, hand: set[int], take: tuple[int, ...]
    ) -> tuple[int, ...]:
        opts = self.rs.opts
        pool = sorted(hand - forbidden_layaway(state, opts))
        if opts.layaway_from_talon == "forbidden":
            pool = [c for c in pool if c not in take]
        suit = self.tables.suit
        plain = [c for c in pool if suit[c] != TRUMP_SUIT]
        k = len(take)
        if len(plain) < k and opts.layaway_taroks == "only_if_nothing_else":  # SL-6.6
            taroks = [c for c in pool if suit[c] == TRUMP_SUIT]
            return tuple(sorted(plain + rng.sample(taroks, k - len(plain))))
        tarok_ok = opts.layaway_taroks == "face_up" and rng.random() < 0.15
        source = pool if tarok_ok or len(plain) < k else plain
        return tuple(sorted(rng.sample(source, k)))

    # --- announcements and kontras ----------------------------------------------------------

    def announcements(self, rng: random.Random, state: DealState) -> list[tuple[int, str]]:
        c = state.contract
        if c is None or not c.announcements:
            return []
        out: list[tuple[int, str]] = []
        allowed = self.rs.allowed_announcements()
        chance = {"trula": 0.08, "kings": 0.08, "pagat-ultimo": 0.1, "king-ultimo": 0.1,
                  "valat": 0.02, "solo": 0.3}  # fmt: skip
        for name in allowed:
            who = self._announcer(rng, state, name)
            p = 0.9 if name == "valat" and self.rigged else chance.get(name, 0.0)
            if who is not None and rng.random() < p:
                out.append((who, name))
        return out

    def _announcer(self, rng: random.Random, state: DealState, name: str) -> int | None:
        if name == "pagat-ultimo":
            return state.owner_of(self.tables.card("T1"))
        if name == "king-ultimo":
            return state.partner if not state.alone else None
        if name == "solo":
            c = state.contract
            return state.declarer if c is not None and c.calls else None
        if name == "valat" and self.rigged:
            return state.declarer
        return rng.randrange(state.players) if name != "valat" else state.declarer

    def kontras(self, rng: random.Random, state: DealState) -> list[tuple[int, int, str]]:
        c = state.contract
        if c is None or state.declarer is None:
            return []
        out: list[tuple[int, int, str]] = []
        for target in ("game", *state.announced):
            owner = state.declarer if target == "game" else state.announced[target]
            level = 0
            while level < 4 and rng.random() < (0.25 if level == 0 else 0.35):
                level += 1
                pos = self._kontra_seat(rng, state, owner, level)
                out.append((pos, level, target))
        return out

    def _kontra_seat(self, rng: random.Random, state: DealState, owner: int, level: int) -> int:
        mine = state.side_of(owner)
        same = [p for p in range(state.players) if state.side_of(p) == mine]
        other = [p for p in range(state.players) if state.side_of(p) != mine]
        return rng.choice(same if level % 2 == 0 else other)

    # --- play -------------------------------------------------------------------------------

    def choose_card(self, rng: random.Random, state: DealState, pos: int, legal: list[int]) -> int:
        pagat = self.tables.card("T1")
        if pagat in legal and len(legal) > 1 and rng.random() < 0.8:
            legal = [c for c in legal if c != pagat]  # keep it for the last trick
        if self.rigged and pos == state.declarer:
            return max(legal, key=self._power) if self.target.kind != "negative" else legal[-1]
        return rng.choice(legal)

    def _power(self, card: int) -> int:
        t = self.tables
        return t.strength[card] + (100 if t.suit[card] == TRUMP_SUIT else 0)

    def stop_early(self, rng: random.Random, state: DealState) -> bool:
        return rng.random() < 0.5


def _top_taroks(t: object) -> list[str]:
    return ["FOOL", *(f"T{n}" for n in range(21, 5, -1))]


def _low_cards(t: object) -> list[str]:
    return ["H4", "H3", "H2", "D4", "D3", "D2", "S7", "S8", "S9", "C7", "C8", "C9", "C10", "S10"]


def _give(
    wanted: list[str], pos: int, hands: list[list[int]], talon: list[int], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Move the first ``hand size`` cards of ``wanted`` into ``hands[pos]`` by swapping."""
    from tarokpgn.cards import TAROK54

    index = {tok: i for i, tok in enumerate(TAROK54.tokens)}
    size = len(hands[pos])
    want = [index[w] for w in wanted[:size]]
    everyone = [list(h) for h in hands]
    mine = set(everyone[pos])
    spare = [c for c in everyone[pos] if c not in want]
    for card in want:
        if card in mine:
            continue
        out = spare.pop()
        holder = next((i for i, h in enumerate(everyone) if card in h), None)
        if holder is None:
            talon = [out if c == card else c for c in talon]
        else:
            everyone[holder] = [out if c == card else c for c in everyone[holder]]
        everyone[pos] = [card if c == out else c for c in everyone[pos]]
        mine.add(card)
    return [sorted(h) for h in everyone], talon


register_generator("slovenian", SlovenianStrategy)
