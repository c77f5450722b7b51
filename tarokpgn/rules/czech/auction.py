"""The Czech auction (licitace): forehand's duty, overcalls, Varšava (CZ-3).

:class:`CzechAuction` takes bids one at a time (positions 0…3 from forehand, canonical words
``pass``, ``first-duty``, ``second-duty``, ``preferanc[-N]``, ``solo``, ``warsaw``) and
implements the engine's :class:`tarokpgn.rules.ruleset.Auction`; :func:`check_auction` replays
a whole sequence given by seat labels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tarokpgn.rules.czech.contracts import BID_WORDS, PASS, Contract, Game, parse_bid
from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.ruleset import Auction, Fault

FIRST_DUTY = Contract(Game.FIRST_DUTY)


class CzechAuction(Auction):
    """One round of bidding from forehand (or rounds until all but one pass, with
    ``auction_rounds = repeated``), then forehand's optional Varšava (CZ-3.2–3.7)."""

    def __init__(
        self,
        opts: CzechOptions,
        holds_pagat: Callable[[int], bool] = lambda pos: True,
        labels: Sequence[str] = ("P1", "P2", "P3", "P4"),
        players: int = 4,
    ) -> None:
        self.opts = opts
        self.holds_pagat = holds_pagat
        self.labels = labels
        self.players = players
        self.passed: set[int] = set()
        self.count = 0
        self.last = -1
        self.best: Contract | None = None
        self.best_pos: int | None = None
        self.warsaw = False
        self._to_act = self._next_to_act()
        """:attr:`to_act`, kept up to date by :meth:`apply` (the only place that changes it)."""

    # --- turn ------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self._to_act

    def _next_to_act(self) -> int | None:
        if self.warsaw:
            return None
        if self.opts.auction_rounds == "single":
            return self.count if self.count < self.players else None
        if self.count >= self.players and self.players - len(self.passed) <= 1:
            return None
        i = (self.last + 1) % self.players
        while i in self.passed:
            i = (i + 1) % self.players
        return i

    @property
    def done(self) -> bool:
        return self._to_act is None

    def may_choose_warsaw(self, pos: int) -> bool:
        """Forehand, after all three others passed over his first duty (CZ-3.7)."""
        return (
            pos == 0
            and not self.warsaw
            and self.best == FIRST_DUTY
            and self.best_pos == 0
            and len(self.passed) == self.players - 1
        )

    # --- bids ------------------------------------------------------------------------------

    def check(self, pos: int, bid: str) -> Fault | None:
        contract = parse_bid(bid)
        if contract is not None and contract.game is Game.WARSAW and self.may_choose_warsaw(pos):
            return None
        due = self.to_act
        who = self.labels[pos]
        if due != pos:
            why = "the auction is over" if due is None else f"it is {self.labels[due]}'s turn"
            return Fault("bid-out-of-turn", f"{who} bids out of turn: {why}", "CZ-3.3", pos)
        return self._check_word(pos, bid, contract)

    def _check_word(self, pos: int, bid: str, contract: Contract | None) -> Fault | None:
        who = self.labels[pos]
        if contract is None and bid != PASS:
            return Fault(
                "unknown-bid", f"{who} bids {bid!r}, which is no Czech game", "CZ-3.1", pos
            )
        if self.count == 0 and contract is None:
            msg = f"forehand {who} may not pass: he must open with the first duty or a higher game"
            return Fault("forehand-must-bid", msg, "CZ-3.2", pos)
        if contract is None:
            return None
        if contract.game is Game.WARSAW:
            msg = (f"only forehand may choose Varšava, and only when all three others passed over "
                   f"his first duty; {who} may not now")  # fmt: skip
            return Fault("illegal-warsaw", msg, "CZ-3.7", pos)
        if self.best is not None and contract.rank(self.opts) <= self.best.rank(self.opts):
            msg = f"{who} bids {contract.word}, which does not overcall {self.best.word}"
            return Fault("bid-too-low", msg, "CZ-3.3", pos)
        if contract.game is Game.SECOND_DUTY and not self.holds_pagat(pos):
            msg = f"{who} bids the second duty without holding the pagát"
            return Fault("second-duty-without-pagat", msg, "CZ-3.4", pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        """Record the bid. A bid out of turn is ignored; another illegal bid counts as a pass,
        except forehand's opening, which stays the compulsory first duty (CZ-3.2)."""
        contract = parse_bid(bid)
        if contract is not None and contract.game is Game.WARSAW and self.may_choose_warsaw(pos):
            self.best, self.best_pos, self.warsaw = contract, None, True
            self._to_act = None
            return
        if self._to_act != pos:
            return
        legal = self._check_word(pos, bid, contract) is None
        self.count += 1
        self.last = pos
        if self.count == 1 and not legal:
            self.best, self.best_pos = FIRST_DUTY, pos
        elif contract is None or not legal:
            self.passed.add(pos)
        else:
            self.best, self.best_pos = contract, pos
        self._to_act = self._next_to_act()

    def legal(self, pos: int) -> list[str]:
        words = [PASS, *BID_WORDS]
        return [w for w in words if self.check(pos, w) is None]

    def result(self) -> tuple[str, int | None]:
        if self.best is None:
            return ("", None)
        return (self.best.word, self.best_pos)


@dataclass(slots=True)
class AuctionResult:
    """Who plays what: declarer seat and contract (None when the auction is unusable)."""

    declarer: str | None = None
    contract: Contract | None = None
    faults: list[Fault] = field(default_factory=list)


def check_auction(
    bids: Sequence[tuple[str, str]],
    order: tuple[str, ...],
    opts: CzechOptions,
    holds_pagat: Callable[[str], bool] = lambda seat: True,
) -> AuctionResult:
    """Check ``bids`` (seat label, word) against CZ-3.2–3.7; ``order`` lists seats from
    forehand. Stops at the first fault."""
    auction = CzechAuction(opts, lambda pos: holds_pagat(order[pos]), order, len(order))
    out = AuctionResult()
    for seat, word in bids:
        pos = order.index(seat)
        fault = auction.check(pos, word)
        if fault is not None:
            out.faults.append(fault)
            break
        auction.apply(pos, word)
    out.contract = auction.best
    if auction.warsaw:
        out.declarer = order[0]
    elif auction.best_pos is not None:
        out.declarer = order[auction.best_pos]
    return out
