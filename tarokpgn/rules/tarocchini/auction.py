"""Speaking before play: Ottocento's monte round (T-4.2) and the Terziglio auction (T-11.3).

Both are :class:`~tarokpgn.rules.ruleset.Auction` objects. The monte round is optional in a
record (an ``auction`` element with the words ``monte`` and ``pass``): it is *done* from the
start, so a deal without it is simply played; four ``monte`` calls throw the cards in.
The Terziglio auction is one round from eldest: ``pass``, ``gioco``, ``solo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarokpgn.rules.ruleset import Auction, Fault

MONTE: Final = "monte"
"""The contract id of a deal thrown in by four monte calls."""
PLAYED: Final = "ottocento"
"""The contract id of an Ottocento hand that is played."""
ALL_PASS: Final = "all-pass"
"""The contract id of a Terziglio deal nobody bid for (thrown in, T-3.3)."""
TERZIGLIO_BIDS: Final = ("gioco", "solo")
"""Terziglio bids, lowest first (T-11.3)."""


class MonteRound(Auction):
    """Eldest first, each player may say ``monte`` or ``pass`` (T-4.2). The round ends at the
    first ``pass`` or at the fourth ``monte`` (then the cards are thrown in). With
    ``after_ten`` (T-13.5 ``after_5_or_10``) a second round may follow the first."""

    def __init__(self, players: int, labels: Sequence[str], after_ten: bool = False) -> None:
        self.players = players
        self.labels = list(labels)
        self.rounds = 2 if after_ten else 1
        self.calls: list[list[str]] = [[]]

    @property
    def thrown_in(self) -> bool:
        n = self.players
        return any(len(r) >= n and all(w == MONTE for w in r[:n]) for r in self.calls)

    def _over(self, calls: list[str]) -> bool:
        """A round ends at its first pass or once every player spoke (T-4.2); an illegal call
        the record adds after it (replayed all the same) does not reopen it."""
        return "pass" in calls or len(calls) >= self.players

    @property
    def to_act(self) -> int | None:
        if self.thrown_in:
            return None
        current = self.calls[-1]
        if self._over(current):
            return 0 if len(self.calls) < self.rounds else None
        return len(current)

    def check(self, pos: int, bid: str) -> Fault | None:
        if bid not in (MONTE, "pass"):
            return Fault("illegal-bid", f"{bid!r} is not a call here: only monte or pass",
                         "T-4.2", pos)  # fmt: skip
        who = self.to_act
        if who is None:
            return Fault("illegal-bid", "the monte round is over", "T-4.2", pos)
        if who != pos:
            msg = f"{self.labels[who]} speaks now, not {self.labels[pos]} (eldest first)"
            return Fault("illegal-bid", msg, "T-4.2", pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        current = self.calls[-1]
        if self._over(current) and len(self.calls) < self.rounds:
            current = []
            self.calls.append(current)
        current.append(bid)

    def legal(self, pos: int) -> list[str]:
        return [MONTE, "pass"] if self.to_act == pos else []

    @property
    def done(self) -> bool:
        return True

    def result(self) -> tuple[str, int | None]:
        return (MONTE if self.thrown_in else PLAYED), None


class TerziglioAuction(Auction):
    """One round from eldest (T-11.3): each says ``pass`` or a bid higher than the current
    one (``solo`` beats ``gioco``); the highest bid wins; all passing throws the deal in.
    ``barilli`` (T-13.18 ``barilli_va_bene``): only the first speaker, the ricevitore, may
    propose ``gioco``; the others accept (``pass``, "va bene") or take over with ``solo``."""

    def __init__(self, labels: Sequence[str], barilli: bool = False) -> None:
        self.labels = list(labels)
        self.barilli = barilli
        self.bids: list[tuple[int, str]] = []

    @property
    def to_act(self) -> int | None:
        return len(self.bids) if len(self.bids) < len(self.labels) else None

    def _high(self) -> tuple[int, str] | None:
        made = [(p, b) for p, b in self.bids if b in TERZIGLIO_BIDS]
        return made[-1] if made else None

    def legal(self, pos: int) -> list[str]:
        if self.to_act != pos:
            return []
        high = self._high()
        rank = TERZIGLIO_BIDS.index(high[1]) + 1 if high else 0
        words = list(TERZIGLIO_BIDS[rank:])
        if self.barilli and pos != 0 and "gioco" in words:
            words.remove("gioco")
        return ["pass", *words]

    def check(self, pos: int, bid: str) -> Fault | None:
        if bid != "pass" and bid not in TERZIGLIO_BIDS:
            return Fault("illegal-bid", f"{bid!r} is not a Terziglio bid (pass, gioco, solo)",
                         "T-11.3", pos)  # fmt: skip
        who = self.to_act
        if who is None:
            return Fault("illegal-bid", "the auction is already over", "T-11.3", pos)
        if who != pos:
            msg = f"{self.labels[who]} speaks now, not {self.labels[pos]} (eldest first)"
            return Fault("illegal-bid", msg, "T-11.3", pos)
        if bid not in self.legal(pos):
            high = self._high()
            why = f"after {high[1]} by {self.labels[high[0]]}" if high else "here"
            rule = "T-13.18" if self.barilli and high is None else "T-11.3"
            return Fault("illegal-bid", f"{bid} may not be bid {why}", rule, pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        self.bids.append((pos, bid))

    @property
    def done(self) -> bool:
        return self.to_act is None

    def result(self) -> tuple[str, int | None]:
        high = self._high()
        return (high[1], high[0]) if high else (ALL_PASS, None)
