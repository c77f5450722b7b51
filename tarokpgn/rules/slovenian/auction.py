"""The Slovenian auction (SL-3): who speaks, who may bid what, holding, klop, final raise.

Positions are in order of play, 0 = forehand (P1). Options (SL-17 4–9): first speaker,
forehand's opening, priority to hold an equal bid, what an all-pass means, final raise.
"""

from __future__ import annotations

from collections.abc import Mapping

from tarokpgn.rules.ruleset import Auction, Contract, Fault
from tarokpgn.rules.slovenian.options import SlovenianOptions

PASS = "pass"
KLOP = "klop"


class SlovenianAuction(Auction):
    """One auction. ``compulsory_klop``: no auction at all, klop is played (SL-3.1)."""

    def __init__(
        self,
        opts: SlovenianOptions,
        contracts: Mapping[str, Contract],
        players: int,
        labels: list[str],
        compulsory_klop: bool = False,
    ) -> None:
        self.opts = opts
        self.contracts = contracts
        self.n = players
        self.labels = labels
        self.compulsory = compulsory_klop
        self.passed: set[int] = set()
        self.spoken: set[int] = set()
        self.high: Contract | None = None
        self.holder: int | None = None
        self.klop = compulsory_klop
        self._turn: int | None = None if compulsory_klop else self._first()
        self._done = compulsory_klop
        """:attr:`done`, kept up to date by :meth:`apply` (the only place that changes it)."""

    def _first(self) -> int:
        return 0 if self.opts.auction_first_speaker == "P1" else 1 % self.n

    # --- state ------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.done else self._turn

    @property
    def done(self) -> bool:
        return self._done

    def _is_done(self) -> bool:
        """Klop, everyone passed, or one bidder left holding the highest bid (SL-3.8, SL-3.9)."""
        if self.klop:
            return True
        live = last = 0  # counted, not listed: this runs after every bid
        for p in range(self.n):
            if p not in self.passed:
                live, last = live + 1, p
        if not live:
            return True
        return live == 1 and self.high is not None and self.holder == last

    def result(self) -> tuple[str, int | None]:
        if self.klop or self.high is None:
            return KLOP, None
        return self.high.id, self.holder

    def _others_passed(self, pos: int) -> bool:
        return all(p in self.passed for p in range(self.n) if p != pos)

    def _next(self, pos: int) -> int | None:
        for step in range(1, self.n + 1):
            p = (pos + step) % self.n
            if p not in self.passed:
                return p
        return None

    # --- legality ---------------------------------------------------------------------------

    def _may_hold(self, pos: int) -> bool:
        rule = self.opts.priority_hold
        if rule == "by_seat":
            return self.holder is not None and pos < self.holder
        return rule == "forehand_only" and pos == 0

    def _contract_ok(self, pos: int, c: Contract) -> str:
        """Empty when ``pos`` may bid ``c`` now, else the reason."""
        opening = self.opts.forehand_opening
        if opening == "compulsory_three" and pos == 0 and 0 not in self.spoken:
            if c.id != "three":
                return "forehand must open the auction with three (SL-3.5)"
            return ""
        lone = pos == 0 and self._others_passed(0) and self.high is None
        if c.id == "three" and opening == "three_only_after_all_pass" and not lone:
            return "only forehand may bid three, after all others passed (SL-3.7)"
        if self.high is None:
            return ""
        if c.rank > self.high.rank or (c.rank == self.high.rank and self._may_hold(pos)):
            return ""
        if c.rank == self.high.rank:
            return f"{c.id} only equals {self.high.id} and {self.labels[pos]} may not hold (SL-3.6)"
        return f"{c.id} is lower than {self.high.id} (SL-3.2)"

    def _pass_ok(self, pos: int) -> str:
        opening = self.opts.forehand_opening
        if opening == "compulsory_three" and pos == 0 and 0 not in self.spoken:
            return "forehand must open the auction with three, not pass (SL-3.5)"
        if (
            self.opts.all_pass == "forehand_must_choose"
            and pos == 0
            and self.high is None
            and self._others_passed(0)
        ):
            return "all others passed: forehand must choose klop or a contract (SL-3.8)"
        return ""

    def _klop_ok(self, pos: int) -> str:
        if (
            self.opts.all_pass == "forehand_must_choose"
            and pos == 0
            and self.high is None
            and self._others_passed(0)
        ):
            return ""
        return "klop is not a bid here: it is played when all pass (SL-3.8)"

    def reason(self, pos: int, bid: str) -> str:
        """Empty when ``bid`` is legal for ``pos`` at his turn, else why not."""
        if bid == PASS:
            return self._pass_ok(pos)
        if bid == KLOP:
            return self._klop_ok(pos)
        c = self.contracts.get(bid)
        if c is None or c.id == KLOP:
            return f"{bid!r} is not a contract of this ruleset (SL-4.1)"
        return self._contract_ok(pos, c)

    def legal(self, pos: int) -> list[str]:
        if self.done or pos != self._turn:
            return self._after_end(pos)
        words = [PASS, KLOP, *(c for c in self.contracts if c != KLOP)]
        return [w for w in words if not self.reason(pos, w)]

    def _after_end(self, pos: int) -> list[str]:
        """What the declarer may still say once the others have passed (SL-3.9): the contract
        he holds, re-stated (every ruleset, ruling 2026-12: it changes nothing), and any higher
        one when ``final_raise``."""
        high = self.high
        if not (self.done and high is not None and pos == self.holder):
            return []
        if not self.opts.final_raise:
            return [high.id]
        return [high.id, *(c.id for c in self.contracts.values() if c.rank > high.rank)]

    def check(self, pos: int, bid: str) -> Fault | None:
        who = self.labels[pos]
        if self.compulsory:
            msg = "this deal is a compulsory klop: there is no auction"
            return Fault("illegal-bid", msg, "SL-3.1", pos)
        if self.done:
            if bid in self._after_end(pos):
                return None
            return Fault("illegal-bid", f"the auction was already over when {who} bid {bid}",
                         "SL-3.9", pos)  # fmt: skip
        if pos in self.passed:
            msg = f"{who} passed earlier and may not bid again"
            return Fault("illegal-bid", msg, "SL-3.3", pos)
        if pos != self._turn:
            msg = f"{who} spoke out of turn: it was {self.labels[self._turn or 0]}'s turn"
            return Fault("out-of-turn", msg, "SL-3.4", pos)
        why = self.reason(pos, bid)
        if why:
            cut = why.rfind(" (SL-") if why.endswith(")") else -1  # the reason's rule
            rule, why = (why[cut + 2 : -1], why[:cut]) if cut >= 0 else ("SL-3", why)
            return Fault("illegal-bid", f"{who} may not bid {bid}: {why}", rule, pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        if self.compulsory:
            return
        if self._done:  # a final raise, or the contract re-stated (SL-3.9)
            c = self.contracts.get(bid)
            if c is not None and pos == self.holder:
                self.high = c
            return
        self.spoken.add(pos)
        if bid == PASS:
            self.passed.add(pos)
        elif bid == KLOP:
            self.klop = True
        elif bid in self.contracts:
            self.high, self.holder = self.contracts[bid], pos
        self._turn = self._next(pos)
        self._done = self._is_done()
