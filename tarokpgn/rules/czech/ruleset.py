"""The Czech Taroky plug-in: :class:`CzechRuleset`, presets ``vysocina`` and ``mcr`` (CZ-0.2).

Facts are data (:mod:`.contracts`, :mod:`.options`); each hook below is a few lines that call
the small modules of this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import TrickPolicy
from tarokpgn.rules.czech.auction import CzechAuction
from tarokpgn.rules.czech.checks import announcement_fault, exchange_faults, kontra_fault
from tarokpgn.rules.czech.contracts import BID_WORDS, Game, rate
from tarokpgn.rules.czech.hlasky import COMMITTING, REVEALING
from tarokpgn.rules.czech.options import MCR, VYSOCINA, CzechOptions
from tarokpgn.rules.czech.play import policy
from tarokpgn.rules.czech.score import czech_score
from tarokpgn.rules.czech.state import CzechDeal
from tarokpgn.rules.ruleset import (
    Announcement,
    Auction,
    Contract,
    Fault,
    Options,
    Ruleset,
    Score,
    register,
)

_TALON_USE: Final = {Game.FIRST_DUTY: 6, Game.SECOND_DUTY: 6, Game.PREFERANC: 3}
NINETEEN: Final = "T19"
"""The tarok called when the record has no ``call`` (CZ-4.2)."""
_CALLABLE: Final[dict[int, tuple[int, ...]]] = {}
"""``lowest_called_tarok`` → the card numbers that may be called (``CzechRuleset._callable``)."""
_RENONC: Final = {
    "scheme": "price", "price": 100, "unit": "h", "settlement": "each_player", "deposit": 2000,
}  # fmt: skip


def _contract(word: str) -> Contract:
    c = BID_WORDS[word]
    return Contract(
        id=word,
        value=rate(c, VYSOCINA),
        rank=int(c.game) * 10 + c.level,
        kind="klop" if c.game is Game.WARSAW else "points",
        talon=_TALON_USE.get(c.game, 0),
        calls=c.has_partner,
        announcements=c.game is not Game.WARSAW,
    )


def _announcements() -> dict[str, Announcement]:
    prices = {"pagat": (200, 100), "valat": (400, 200)}
    out = {n: Announcement(n, *prices[n], rule="CZ-6.5") for n in COMMITTING}
    for name in REVEALING:
        out[name] = Announcement(name, 0, 0, rule="CZ-6.6")
    return out


class CzechRuleset(Ruleset[CzechDeal]):
    """Czech Taroky for four players, as played on taroky.net (czech.md)."""

    family: ClassVar[str] = "czech"
    deal_state = CzechDeal
    variants: ClassVar[tuple[str, ...]] = ("czech-4",)
    players: ClassVar[int] = 4
    deck = TAROK54
    hand_size: ClassVar[int] = 12
    talon_size: ClassVar[int] = 6
    contracts: ClassVar[Mapping[str, Contract]] = {w: _contract(w) for w in BID_WORDS}
    announcements: ClassVar[Mapping[str, Announcement]] = _announcements()
    presets: ClassVar[Mapping[str, Options]] = {"vysocina": VYSOCINA, "mcr": MCR}
    aliases: ClassVar[Mapping[str, str]] = {
        "cz.vysocina": "vysocina", "classic": "vysocina", "cz.mcr": "mcr",
    }  # fmt: skip
    max_kontra: ClassVar[int] = 3
    declarations: ClassVar[frozenset[str]] = frozenset(REVEALING)
    rule_ids: ClassVar[Mapping[str, str]] = {
        "wrong-leader": "CZ-9.4", "first-leader": "CZ-9.1", "hand-size": "CZ-2.4",
        "duplicate-card": "CZ-2.4", "score-mismatch": "CZ-11", "auction-over": "CZ-3.3",
        "call": "CZ-4.1", "no-talon": "CZ-5.8", "announce-time": "CZ-6.1",
        "kontra-time": "CZ-7.2", "play-out-of-turn": "CZ-9.4", "not-held": "CZ-2.4",
        "void": "CZ-8.2", "follow-suit": "CZ-8.2", "follow-tarok": "CZ-8.4",
        "must-trump": "CZ-8.3", "must-beat": "CZ-8.6", "must-overtrump": "CZ-8.6",
        "pagat-last": "CZ-8.6",
    }  # fmt: skip
    """Czech rule ids of the faults the shared engine and the replay raise."""
    renons_penalty: ClassVar[Mapping[str, object]] = _RENONC
    """CZ-8.7 gives no renonc penalty (the server makes renonce impossible); table records
    can still hold one, and the Vysočina tournament rules (taroky.cz/pravidla-vysocina.htm)
    price it: 1 Kč (100 h) to each player without a flek, 2, 4, 8 Kč with flek, re, sup on
    the game; an unproven protest forfeits the 20 Kč deposit. Both presets use it."""
    renons_proof_note: ClassVar[str] = (
        "the Czech rules are silent: the Semedela rule applies by analogy"
    )

    @property
    def czech(self) -> CzechOptions:
        """The options, typed."""
        opts = self.options
        assert isinstance(opts, CzechOptions)
        return opts

    def new_deal(
        self,
        hands: Sequence[Sequence[int] | None] | None = None,
        talon: Sequence[int] | None = None,
        *,
        number: int = 0,
        labels: Sequence[str] | None = None,
        masks: Sequence[int] | None = None,
    ) -> CzechDeal:
        """:meth:`Ruleset.new_deal`, a :class:`CzechDeal` made by a direct call (compiled, a
        native one: no method look-up, no keyword parsing)."""
        if self.deal_state is not CzechDeal:  # a subclass names another class
            return super().new_deal(hands, talon, number=number, labels=labels, masks=masks)
        return CzechDeal(self, hands, talon, number=number, labels=labels, masks=masks)

    # --- auction and call -------------------------------------------------------------------

    def new_auction(self, deal: CzechDeal) -> Auction:
        pagat = self.tables.card("T1")
        # whether each seat was dealt the pagát (None: unknown, so maybe); the hands are still
        # the dealt ones here. Not a closure over the deal: that would make the deal a
        # reference cycle, freed only by the garbage collector.
        holds = tuple([not deal.known(p) or deal.holds(p, pagat) for p in range(self.players)])

        def holds_pagat(pos: int) -> bool:
            return holds[pos]

        return CzechAuction(self.czech, holds_pagat, deal.labels, self.players)

    def needs_call(self, deal: CzechDeal) -> bool:
        return deal.contract is not None and deal.contract.calls

    def legal_calls(self, deal: CzechDeal) -> list[int]:
        return [c for c in self._callable() if self.check_call(deal, deal.declarer or 0, c) is None]

    def _callable(self) -> tuple[int, ...]:
        """The taroks that may be called, XIX down to ``lowest_called_tarok`` (CZ-4.1): worked
        out once per lowest tarok (the pack is always :data:`TAROK54`), not per call checked."""
        lowest = self.czech.lowest_called_tarok
        cards = _CALLABLE.get(lowest)
        if cards is None:
            names = [f"T{n}" for n in range(19, lowest - 1, -1)]
            cards = _CALLABLE[lowest] = tuple([self.tables.card(t) for t in names])
        return cards

    def check_call(self, deal: CzechDeal, pos: int, card: int) -> Fault | None:
        """XIX; a lower one down to XVI only when holding all above it, or one's own (CZ-4)."""
        name = deal.name(card)
        allowed = self._callable()
        if card not in allowed:
            low = f"T{self.czech.lowest_called_tarok}"
            msg = f"{name} cannot be called: only a tarok from T19 down to {low}"
            return Fault("illegal-call", msg, "CZ-4.1", pos)
        if self.czech.call_any_lower or not deal.known(pos) or deal.holds(pos, card):
            return None
        higher = allowed[: allowed.index(card)]
        missing = [deal.name(c) for c in higher if not deal.holds(pos, c)]
        if missing:
            msg = f"{name} may be called only by a player holding {' '.join(missing)}"
            return Fault("illegal-call", msg, "CZ-4.1", pos)
        return None

    def implied_call(self, deal: CzechDeal) -> int | None:
        """No ``call`` in the record: the nineteen is called (CZ-4.2)."""
        return self.tables.card(NINETEEN)

    # --- talon (CZ-5) -----------------------------------------------------------------------

    def check_exchange(
        self,
        deal: CzechDeal,
        pos: int,
        take: tuple[int, ...],
        discard: tuple[int, ...],
        show: tuple[int, ...],
    ) -> list[Fault]:
        return exchange_faults(deal, pos, take, discard)

    # --- announcements and fleky (CZ-6, CZ-7) -----------------------------------------------

    def check_announcement(self, deal: CzechDeal, pos: int, name: str) -> Fault | None:
        return announcement_fault(deal, pos, name)

    def check_kontra(self, deal: CzechDeal, pos: int, level: int, target: str) -> Fault | None:
        return kontra_fault(deal, pos, level, target)

    # --- play (CZ-8, CZ-9) ------------------------------------------------------------------

    def trick_policy(self, deal: CzechDeal) -> TrickPolicy:
        warsaw = deal.contract is not None and deal.contract.id == "warsaw"
        return policy(warsaw, self.czech.emperor_trick)

    def trick_extra(self, deal: CzechDeal, number: int) -> tuple[int, ...]:
        """Varšava: one talon card in order to each of the first six tricks (CZ-9.5)."""
        if deal.contract is None or deal.contract.id != "warsaw" or deal.talon is None:
            return ()
        return (deal.talon[number - 1],) if number <= len(deal.talon) else ()

    def score(self, deal: CzechDeal) -> Score:
        return czech_score(deal, self.czech)


register(CzechRuleset)
