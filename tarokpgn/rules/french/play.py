"""Play (F-7, F-4.4, F-9.5): the trick policy, the first lead, the Excuse's win in the last
trick, and the deal state with the first-trick restriction on the called suit."""

from __future__ import annotations

import dataclasses

from tarokpgn.rules.core import TrickPolicy
from tarokpgn.rules.core import trick_winner as core_winner
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Fault
from tarokpgn.rules.state import ALL_CARDS, DealState


def trick_policy(deal: DealState) -> TrickPolicy:
    """Follow suit; else trump; overtrump whenever a trump is in the trick, trumps led or not;
    else any card. The Excuse may always be played and never wins by itself (F-7.4, F-7.5)."""
    return TrickPolicy(must_overtrump=True, excuse=deal.tables.card("FOOL"))


def first_leader(deal: DealState, opts: FrenchOptions) -> int:
    """The player after the dealer (F-7.1), the taker under ``first_lead=taker`` (F-15.2); an
    announced chelem's announcer always leads (F-6.8)."""
    slam = deal.announced.get("chelem")
    if slam is not None:
        return slam
    if opts.first_lead == "taker" and deal.declarer is not None:
        return deal.declarer
    return 0


def won_all_before(deal: DealState, pos: int) -> bool:
    """True when ``pos``'s side won every finished trick (F-9.5)."""
    side = deal.side_of(pos)
    done = [t for t in deal.tricks if t.winner is not None]
    return bool(done) and all(deal.side_of(t.winner) == side for t in done if t.winner is not None)


def excuse_sweeps(deal: DealState, cards: tuple[int, ...], opts: FrenchOptions) -> int | None:
    """Position in ``cards`` of an Excuse that wins the last trick (F-9.5), else None: led to
    the last trick (or played, under ``excuse_sweeps_last_trick=played``) by a side that won
    every earlier trick (or that announced the chelem, ``only_announced_slam``)."""
    fool = deal.tables.card("FOOL")
    if fool not in cards or len(deal.tricks) != deal.total_tricks:
        return None
    i = cards.index(fool)
    if i and opts.excuse_sweeps_last_trick == "led_only":
        return None
    cur = deal.tricks[-1]
    pos = cur.player(i, deal.players)
    if not won_all_before(deal, pos):
        return None
    if opts.excuse_wins_last_trick == "only_announced_slam":
        slam = deal.announced.get("chelem")
        if slam is None or deal.side_of(slam) != deal.side_of(pos):
            return None
    return i


def trick_winner(deal: DealState, cards: tuple[int, ...], opts: FrenchOptions) -> int:
    """Highest trump, else highest card of the led suit (F-7.6), except F-9.5."""
    sweep = excuse_sweeps(deal, cards, opts)
    if sweep is not None:
        return sweep
    return core_winner(cards, deal.tables, deal.policy)


class FrenchDealState(DealState):
    """A French deal: an all-passed deal is complete without play (F-3.5), and with five
    players the first trick may not be led in the called suit except with the called card
    (F-4.4). It keeps the cards the record gives for the Excuse (F-9.7)."""

    excuse_given: tuple[int | None, ...] = ()
    """The card of each ``excuse_exchange`` item so far (None: the record does not know it),
    F-9.7; the count does not depend on it (a half-point card either way)."""

    @property
    def passed(self) -> bool:
        return self.contract is not None and self.contract.kind == "passed"

    @property
    def complete(self) -> bool:
        return self.passed or super().complete

    def _called_suit_lead(self, pos: int, card: int) -> bool:
        """True when ``card`` led to the first trick breaks F-4.4."""
        called = self.called
        if called is None or self.tricks or card == called:
            return False
        suit = self.tables.suit
        if suit[card] != suit[called]:
            return False
        hand = self.hands[pos]
        return hand is None or any(suit[c] != suit[called] for c in hand)

    def exact_cards(self) -> int:
        """The first lead when a card was called (F-4.4)."""
        return ALL_CARDS if self.called is not None and not self.tricks else 0

    def check_play(self, pos: int, card: int) -> Fault | None:
        fault = super().check_play(pos, card)
        if fault is not None:
            return dataclasses.replace(fault, message=fault.message.replace("a tarok", "a trump"))
        if self._called_suit_lead(pos, card):
            suit = self.name(self.called or 0)[0]
            msg = f"{self.label(pos)} leads {self.name(card)} to the first trick: the called "
            msg += f"suit ({suit}) may be led there only with {self.name(self.called or 0)}"
            return Fault("called-suit-lead", msg, "F-4.4", pos, (self.name(card),))
        return None

    def legal(self, pos: int) -> list[int]:
        cards = super().legal(pos)
        allowed = [c for c in cards if not self._called_suit_lead(pos, c)]
        return allowed or cards
