"""Slovenian tarok (slovenian.md): 4 players with king calling, and 3 players.

=================  ===============================================================
module             rules
=================  ===============================================================
``options``        every open choice (SL-17, SL-18) and the presets
``contracts``      the ladder and values (SL-4, SL-15.2), announcement values (SL-7.3)
``auction``        bidding (SL-3)
``talon``          king calling (SL-5) and the exchange (SL-6)
``play``           legal plays, first lead, klop talon cards, early stop (SL-9, SL-10)
``scoring``        counting and scoring (SL-11–SL-13)
``match``          radelci followed across the deals of a match (SL-12.9)
=================  ===============================================================
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import TrickPolicy
from tarokpgn.rules.match import MatchRule
from tarokpgn.rules.ruleset import (
    Announcement,
    Auction,
    Contract,
    Fault,
    Options,
    Outcome,
    Ruleset,
    Score,
    register,
)
from tarokpgn.rules.slovenian import play, scoring, talon
from tarokpgn.rules.slovenian.auction import SlovenianAuction
from tarokpgn.rules.slovenian.contracts import (
    ANNOUNCEMENTS,
    CONTRACTS_3,
    CONTRACTS_4,
    SOLO_WITHOUT,
    adjust,
    enabled,
)
from tarokpgn.rules.slovenian.match import RADELCI
from tarokpgn.rules.slovenian.options import (
    OPENSPIEL,
    OPENSPIEL3,
    PAGAT,
    SEMEDELA,
    SL3,
    SlovenianOptions,
)
from tarokpgn.rules.state import DealState

POINT_KINDS: Final = scoring.POINT_KINDS


class SlovenianRuleset(Ruleset[DealState]):
    """Slovenian tarok, 4 players, king calling. Presets ``semedela`` (default), ``pagat``,
    ``openspiel``."""

    family: ClassVar[str] = "slovenian"
    variants: ClassVar[tuple[str, ...]] = ("slovenian-4",)
    players: ClassVar[int] = 4
    deck = TAROK54
    hand_size: ClassVar[int] = 12
    talon_size: ClassVar[int] = 6
    contracts = CONTRACTS_4
    announcements = ANNOUNCEMENTS
    presets: ClassVar[dict[str, Options]] = {
        "semedela": SEMEDELA,
        "pagat": PAGAT,
        "openspiel": OPENSPIEL,
    }

    def __init__(self, preset: str | None = None, overrides: Mapping[str, str] | None = None):
        super().__init__(preset, overrides)
        self._policies: dict[str, TrickPolicy] = {}
        """Contract id (``""``: none yet) → its trick policy, built once (:meth:`trick_policy`)."""

    @property
    def opts(self) -> SlovenianOptions:
        assert isinstance(self.options, SlovenianOptions)
        return self.options

    def contract(self, cid: str) -> Contract | None:
        return self.ladder().get(cid)

    def ladder(self) -> dict[str, Contract]:
        """The contracts this preset plays, by id, lowest first (klop included)."""
        cached: dict[str, Contract] | None = getattr(self, "_ladder", None)
        if cached is None:
            out = [adjust(c, self.opts) for c in self.contracts.values() if enabled(c, self.opts)]
            cached = {c.id: c for c in sorted(out, key=lambda c: c.rank)}
            self._ladder = cached
        return cached

    def compulsory_klop(self, number: int) -> bool:
        """The first deal of a round (or of the match) is a compulsory klop (SL-3.1)."""
        rule = self.opts.compulsory_first_klop
        if rule == "off" or number <= 0:
            return False
        if rule == "per_tournament":
            return number == 1
        return (number - 1) % self.opts.round_length == 0

    # --- hooks ------------------------------------------------------------------------------

    def new_auction(self, deal: DealState) -> Auction:
        return SlovenianAuction(
            self.opts, self.ladder(), self.players, deal.labels, self.compulsory_klop(deal.number)
        )

    def needs_call(self, deal: DealState) -> bool:
        return deal.contract is not None and deal.contract.calls and self.players == 4

    def legal_calls(self, deal: DealState) -> list[int]:
        return talon.legal_calls(deal, self.opts)

    def check_call(self, deal: DealState, pos: int, card: int) -> Fault | None:
        return talon.check_call(deal, pos, card, self.opts)

    def check_exchange(
        self,
        deal: DealState,
        pos: int,
        take: tuple[int, ...],
        discard: tuple[int, ...],
        show: tuple[int, ...],
    ) -> list[Fault]:
        return talon.check_exchange(deal, pos, take, discard, show, self.opts)

    def allowed_announcements(self) -> dict[str, Announcement]:
        out = dict(ANNOUNCEMENTS)
        if not self.opts.king_ultimo or self.players != 4:
            out.pop("king-ultimo")
        if not self.opts.solo_announcement or self.players != 4:
            out.pop("solo")
        return out

    def check_announcement(self, deal: DealState, pos: int, name: str) -> Fault | None:
        c = deal.contract
        who = deal.label(pos)
        if c is None or not c.announcements:
            what = c.id if c else "this game"
            msg = f"no announcements in {what}"
            return Fault("illegal-announcement", msg, "SL-7.2", pos)
        if name not in self.allowed_announcements():
            msg = f"{name!r} is not an announcement of this ruleset"
            return Fault("illegal-announcement", msg, "SL-7.3", pos)
        if name in deal.announced:
            msg = f"{name} was already announced"
            return Fault("illegal-announcement", msg, "SL-7.7", pos)
        return self._announcer_ok(deal, pos, name, who)

    def _announcer_ok(self, deal: DealState, pos: int, name: str, who: str) -> Fault | None:
        holding = self.opts.announce_requires_holding == "as_stated"
        lacks = deal.known(pos) and not deal.holds(pos, deal.tables.card("T1"))
        if name == "pagat-ultimo" and holding and lacks:
            msg = f"{who} announces pagat ultimo without holding the pagat"
            return Fault("illegal-announcement", msg, "SL-7.5", pos)
        if name == "solo" and (
            pos != deal.declarer or not deal.contract or not deal.contract.calls
        ):
            msg = "only the declarer of three, two or one may announce solo"
            return Fault("illegal-announcement", msg, "SL-7.9", pos)
        if name == "king-ultimo":
            called = deal.called
            if called is None or (deal.known(pos) and not deal.holds(pos, called)):
                msg = "only the called king's holder may announce king ultimo"
                return Fault("illegal-announcement", msg, "SL-7.6", pos)
        return None

    def check_kontra(self, deal: DealState, pos: int, level: int, target: str) -> Fault | None:
        c = deal.contract
        who = deal.label(pos)
        if c is not None and c.kind == "klop" and not self.opts.klop_kontra:
            return Fault("illegal-kontra", "klop cannot be kontra'd", "SL-8.5", pos)
        if target != "game" and target not in deal.announced:
            msg = f"kontra on {target}, which nobody announced"
            return Fault("illegal-kontra", msg, "SL-8.3", pos)
        current = deal.kontras.get(target, 0)
        if not 1 <= level <= self.max_kontra or level != current + 1:
            msg = f"kontra level {level} on {target} must follow level {current}"
            return Fault("illegal-kontra", msg, "SL-8.2", pos)
        return self._kontra_side(deal, pos, level, target, who)

    def _kontra_side(
        self, deal: DealState, pos: int, level: int, target: str, who: str
    ) -> Fault | None:
        """Odd levels by the side against the target, even levels by its owner (SL-8.2)."""
        if deal.declarer is None:
            return None
        owner_pos = deal.declarer if target == "game" else deal.announced[target]
        if not deal.partner_known and pos != deal.declarer and owner_pos == deal.declarer:
            return None  # partner not yet known: cannot tell the sides apart
        same = deal.side_of(pos) == deal.side_of(owner_pos)
        if same == (level % 2 == 1):
            side = "its own side" if same else "the other side"
            msg = f"{who} may not say kontra level {level} on {target}: that is {side}'s"
            return Fault("illegal-kontra", msg, "SL-8.2", pos)
        return None

    def first_leader(self, deal: DealState) -> int:
        return play.first_leader(deal)

    def trick_policy(self, deal: DealState) -> TrickPolicy:
        """:func:`play.trick_policy` (SL-9): it depends on the contract only, so the policy of
        each contract is built once and shared by every deal."""
        c = deal.contract
        key = c.id if c is not None else ""
        policy = self._policies.get(key)
        if policy is None:
            policy = self._policies[key] = play.trick_policy(deal, self.opts)
        return policy

    def trick_extra(self, deal: DealState, number: int) -> tuple[int, ...]:
        return play.trick_extra(deal, number, self.opts)

    def is_decided(self, deal: DealState) -> bool:
        return play.is_decided(deal, self.opts)

    def score(self, deal: DealState) -> Score:
        c = deal.contract
        if c is None:
            raise ValueError("no contract: the auction is not finished")
        if c.kind == "klop":
            return scoring.score_klop(deal, self.opts)
        if c.kind in POINT_KINDS and c.id not in SOLO_WITHOUT:
            return scoring.score_points(deal, self.opts)
        flat = scoring.score_flat(deal, self.opts)
        if flat is None:
            raise ValueError(f"{c.id}: play ended before the outcome was decided")
        return flat

    def penalty_score(
        self, deal: DealState, offender: int, kontra: int, *, accused: int | None = None
    ) -> Score | None:
        """SL-13: ``offender`` pays ``−(V + 35 + A)`` × 2^kontra; ``accused`` is given when the
        offender is a claimant who could not prove his claim (option
        ``renons_false_claim_basis`` says whose ``A`` counts). The others score 0, or their
        normal scores (option ``renons_other_players``)."""
        basis = offender
        if accused is not None and self.opts.renons_false_claim_basis == "offender":
            basis = accused
        return scoring.renons_score(deal, offender, basis, kontra, self)

    def match_rule(self) -> MatchRule | None:
        """Radelci (SL-12.9) when the option ``radelci`` is on."""
        return RADELCI if self.opts.radelci else None

    def score_outcome(self, outcome: Outcome, seats: Sequence[str]) -> Score | None:
        """A score-only record's outcome (SL-12), klop excepted (SL-12.7):
        :func:`scoring.score_outcome`."""
        return scoring.score_outcome(outcome, seats, self)


class Slovenian3Ruleset(SlovenianRuleset):
    """Slovenian tarok, 3 players (SL-15). Presets ``sl3`` (also accepted as ``pagat``),
    ``openspiel``."""

    variants: ClassVar[tuple[str, ...]] = ("slovenian-3",)
    players: ClassVar[int] = 3
    hand_size: ClassVar[int] = 16
    contracts = CONTRACTS_3
    presets: ClassVar[dict[str, Options]] = {"sl3": SL3, "openspiel": OPENSPIEL3}
    aliases: ClassVar[dict[str, str]] = {"pagat": "sl3"}

    def __init__(self, preset: str | None = None, overrides: Mapping[str, str] | None = None):
        super().__init__(preset, overrides)
        if self.opts.sl3_auction == "pwinckles":  # SL-15.4: P1 first, anything but klop
            self.options = dataclasses.replace(
                self.opts, auction_first_speaker="P1", forehand_opening="free", all_pass="klop"
            )


register(SlovenianRuleset)
register(Slovenian3Ruleset)

__all__ = ["SlovenianOptions", "SlovenianRuleset", "Slovenian3Ruleset"]
