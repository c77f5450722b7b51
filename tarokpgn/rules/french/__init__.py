"""French Tarot (french.md): 3, 4 and 5 players (5: the called king), ruleset ``fft``.

=================  ===============================================================
module             rules
=================  ===============================================================
``options``        every open choice (F-15, F-16) and the ``fft`` preset
``contracts``      the ladder and multipliers (F-3.1), requirements, bonus tables
``auction``        bidding (F-3)
``talon``          the called king (F-4) and the dog and écart (F-5)
``declarations``   poignée and chelem (F-6), non-FFT extras (F-12)
``play``           legal plays, first lead, the Excuse in the last trick (F-4.4, F-7, F-9.5)
``counting``       piles, the Excuse exchange, oudlers, half points (F-9, F-10)
``scoring``        the unit score and its settlement (F-8, F-11)
=================  ===============================================================
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from tarokpgn.cards import FRENCH78
from tarokpgn.rules.core import TrickPolicy
from tarokpgn.rules.french import counting, declarations, play, scoring, talon
from tarokpgn.rules.french.auction import FrenchAuction
from tarokpgn.rules.french.contracts import ANNOUNCEMENTS, CONTRACTS, HANDFUL_WORDS, PASSED
from tarokpgn.rules.french.options import FFT, FrenchOptions
from tarokpgn.rules.french.play import FrenchDealState
from tarokpgn.rules.ruleset import (
    Auction,
    Contract,
    Fault,
    OptionError,
    Options,
    Outcome,
    Ruleset,
    Score,
    register,
)

RULE_IDS: Final = {
    "wrong-leader": "F-7.2", "first-leader": "F-7.1", "hand-size": "F-2.4",
    "duplicate-card": "F-1.1", "score-mismatch": "F-11", "auction-over": "F-3.3",
    "call": "F-4.1", "no-talon": "F-5.4", "announce-time": "F-6.7", "kontra-time": "F-3",
    "play-out-of-turn": "F-7.2", "not-held": "F-2.4", "void": "F-7.5", "follow-suit": "F-7.5",
    "follow-tarok": "F-7.5", "must-trump": "F-7.5", "must-beat": "F-7.5",
    "must-overtrump": "F-7.5",
}  # fmt: skip


class FrenchRuleset(Ruleset[FrenchDealState]):
    """French Tarot, 4 players. Preset ``fft`` (official FFT rules)."""

    family: ClassVar[str] = "french"
    deal_state = FrenchDealState
    variants: ClassVar[tuple[str, ...]] = ("french-4",)
    players: ClassVar[int] = 4
    deck = FRENCH78
    hand_size: ClassVar[int] = 18
    talon_size: ClassVar[int] = 6
    contracts = CONTRACTS
    announcements = ANNOUNCEMENTS
    presets: ClassVar[dict[str, Options]] = {"fft": FFT}
    declarations: ClassVar[frozenset[str]] = frozenset({*HANDFUL_WORDS, "misere"})
    rule_ids: ClassVar[Mapping[str, str]] = RULE_IDS
    max_kontra: ClassVar[int] = 0
    count_group: ClassVar[int] = 1

    @property
    def opts(self) -> FrenchOptions:
        assert isinstance(self.options, FrenchOptions)
        return self.options

    def contract(self, cid: str) -> Contract | None:
        if cid == PASSED.id:
            return PASSED
        return self.ladder().get(cid)

    def ladder(self) -> dict[str, Contract]:
        """The contracts, lowest first; the dog has ``talon_size`` cards (F-2.4)."""
        size = self.talon_size
        return {k: dataclasses.replace(c, talon=size) if c.talon else c
                for k, c in CONTRACTS.items()}  # fmt: skip

    def petit_sec(self, deal: FrenchDealState) -> Fault | None:
        """A dealt hand whose only trump is the Petit, without the Excuse (F-2.5)."""
        if not self.opts.petit_sec_annuls:
            return None
        t = deal.tables
        petit, fool = t.card("T1"), t.card("FOOL")
        for pos, hand in enumerate(deal.dealt):
            if hand is None or petit not in hand or fool in hand:
                continue
            if sum(1 for c in hand if t.suit[c] == 4) == 1:
                msg = f"{deal.label(pos)} was dealt the Petit as his only trump (petit sec): "
                msg += "the deal is void and must be dealt again"
                return Fault("petit-sec", msg, "F-2.5", pos)
        return None

    # --- hooks ------------------------------------------------------------------------------

    def new_auction(self, deal: FrenchDealState) -> Auction:
        ladder = self.ladder()
        return FrenchAuction(ladder, self.players, deal.labels, self.opts, self.petit_sec(deal))

    def needs_call(self, deal: FrenchDealState) -> bool:
        return self.players == 5 and deal.contract is not None and deal.contract.rank > 0

    def legal_calls(self, deal: FrenchDealState) -> list[int]:
        return talon.legal_calls(deal)

    def check_call(self, deal: FrenchDealState, pos: int, card: int) -> Fault | None:
        return talon.check_call(deal, pos, card)

    def check_exchange(
        self,
        deal: FrenchDealState,
        pos: int,
        take: tuple[int, ...],
        discard: tuple[int, ...],
        show: tuple[int, ...],
    ) -> list[Fault]:
        return talon.check_exchange(deal, pos, take, discard, show, self.opts)

    def check_announcement(self, deal: FrenchDealState, pos: int, name: str) -> Fault | None:
        return declarations.check_name(deal, pos, name, self.opts)

    def check_declaration(
        self, deal: FrenchDealState, pos: int, name: str, cards: tuple[int, ...]
    ) -> Fault | None:
        return declarations.check_shown(deal, pos, name, cards, self.opts)

    def check_kontra(
        self, deal: FrenchDealState, pos: int, level: int, target: str
    ) -> Fault | None:
        msg = "French Tarot has no kontra: the contract ladder replaces doubling"
        return Fault("illegal-kontra", msg, "F-3.1", pos)

    def check_excuse_exchange(
        self, deal: FrenchDealState, card: int | None, followed: bool
    ) -> Fault | None:
        return counting.check_exchange_card(deal, card, followed, self.opts)

    def excuse_exchange(self, deal: FrenchDealState, card: int | None) -> None:
        """Keep the card the record gives for the Excuse (F-9.7); the count is the same."""
        deal.excuse_given = (*deal.excuse_given, card)

    def first_leader(self, deal: FrenchDealState) -> int:
        return play.first_leader(deal, self.opts)

    def trick_policy(self, deal: FrenchDealState) -> TrickPolicy:
        return play.trick_policy(deal)

    def trick_winner(self, deal: FrenchDealState, cards: tuple[int, ...]) -> int:
        return play.trick_winner(deal, cards, self.opts)

    def score(self, deal: FrenchDealState) -> Score:
        return scoring.score(deal, self.opts)

    def score_outcome(self, outcome: Outcome, seats: Sequence[str]) -> Score | None:
        """A score-only record's outcome (F-11): :func:`scoring.score_outcome`."""
        c = self.contract(outcome.contract)
        if c is None:
            raise ValueError(f"{outcome.contract!r} is not a contract of French Tarot (F-3.1)")
        return scoring.score_outcome(outcome, seats, self.opts, c)


class French3Ruleset(FrenchRuleset):
    """French Tarot, 3 players: 24 cards each, a dog of 6 (F-2.4)."""

    variants: ClassVar[tuple[str, ...]] = ("french-3",)
    players: ClassVar[int] = 3
    hand_size: ClassVar[int] = 24


class French5Ruleset(FrenchRuleset):
    """French Tarot, 5 players: 15 cards each, a dog of 3, the called king (F-2.4, F-4)."""

    variants: ClassVar[tuple[str, ...]] = ("french-5",)
    players: ClassVar[int] = 5
    hand_size: ClassVar[int] = 15
    talon_size: ClassVar[int] = 3

    def __init__(self, preset: str | None = None, overrides: Mapping[str, str] | None = None):
        super().__init__(preset, overrides)
        if self.opts.five_player_mode == "dealer_sits_out":
            raise OptionError("five_player_mode=dealer_sits_out: record the deal as french-4 "
                              "with the dealer as a fifth seat (F-2.7, F-15.15)")  # fmt: skip


register(FrenchRuleset)
register(French3Ruleset)
register(French5Ruleset)

__all__ = ["French3Ruleset", "French5Ruleset", "FrenchOptions", "FrenchRuleset"]
