"""Bidding (F-3): each player speaks once, in playing order, passing or naming a contract
strictly higher than any named before; the highest contract wins; all pass → thrown in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Auction, Contract, Fault


def speaking_order(players: int, opts: FrenchOptions) -> list[int]:
    """Positions in speaking order: forehand to dealer (F-3.2), or from the player before the
    dealer (option ``first_bidder=previous_to_dealer``, F-15.1), always in playing order."""
    start = 0 if opts.first_bidder == "next_after_dealer" else players - 2
    return [(start + i) % players for i in range(players)]


class FrenchAuction(Auction):
    """One auction; ``labels`` name the positions in messages."""

    def __init__(
        self,
        ladder: Mapping[str, Contract],
        players: int,
        labels: Sequence[str],
        opts: FrenchOptions,
        void: Fault | None = None,
    ) -> None:
        self.ladder = ladder
        self.order = speaking_order(players, opts)
        self.labels = labels
        self.said: list[tuple[int, str]] = []
        self.best: tuple[int, Contract] | None = None
        self.void = void
        """A fault that makes the deal void before anyone speaks (petit sec, F-2.5)."""

    @property
    def to_act(self) -> int | None:
        n = len(self.said)
        return self.order[n] if n < len(self.order) else None

    @property
    def done(self) -> bool:
        return self.to_act is None

    def legal(self, pos: int) -> list[str]:
        if pos != self.to_act:
            return []
        floor = self.best[1].rank if self.best else 0
        return ["pass", *(c.id for c in self.ladder.values() if c.rank > floor)]

    def check(self, pos: int, bid: str) -> Fault | None:
        if not self.said and self.void is not None:
            return self.void
        who = self.labels[pos]
        expected = self.to_act
        if expected is None:
            return Fault("illegal-bid", "the auction is already over", "F-3.3", pos)
        if pos != expected:
            spoke = any(p == pos for p, _ in self.said)
            why = "has already spoken" if spoke else "speaks out of turn"
            msg = f"{who} {why}: it was {self.labels[expected]}'s turn"
            return Fault("illegal-bid", msg, "F-3.3" if spoke else "F-3.2", pos)
        if bid == "pass":
            return None
        c = self.ladder.get(bid)
        if c is None:
            known = ", ".join(["pass", *self.ladder])
            msg = f"{bid!r} is not a contract of French Tarot (F-3.7); the bids: {known}"
            return Fault("illegal-bid", msg, "F-3.1", pos)
        if self.best is not None and c.rank <= self.best[1].rank:
            high = self.best[1].id
            msg = f"{who} bids {bid}, which does not beat {high}"
            return Fault("illegal-bid", msg, "F-3.3", pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        if self.to_act is None:
            return
        self.said.append((self.to_act, bid))
        c = self.ladder.get(bid)
        if c is not None and (self.best is None or c.rank > self.best[1].rank):
            self.best = (pos, c)

    def result(self) -> tuple[str, int | None]:
        if self.best is None:
            return "pass", None
        return self.best[1].id, self.best[0]
