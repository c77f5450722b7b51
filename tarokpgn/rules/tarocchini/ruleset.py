"""The Tarocchini plug-ins: :class:`OttocentoRuleset` (``ottocento``, four players in two
partnerships) and :class:`TerziglioRuleset` (``terziglio``, declarer against two). Both use
the presets of :mod:`.options` (``bologna`` is an alias, T-13) and the small modules of this
package; each hook is a few lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tarokpgn.cards import BOLOGNESE62
from tarokpgn.rules.core import TrickPolicy
from tarokpgn.rules.match import MatchRule
from tarokpgn.rules.ruleset import Auction, Contract, Fault, Options, Ruleset, Score, register
from tarokpgn.rules.tarocchini.auction import (
    ALL_PASS,
    MONTE,
    PLAYED,
    MonteRound,
    TerziglioAuction,
)
from tarokpgn.rules.tarocchini.checks import declaration_fault, exchange_faults
from tarokpgn.rules.tarocchini.combos import NAMES
from tarokpgn.rules.tarocchini.match import OTTOCENTO_RACE
from tarokpgn.rules.tarocchini.options import BOLOGNA, TarocchiniOptions
from tarokpgn.rules.tarocchini.play import policy
from tarokpgn.rules.tarocchini.score import tarocchini_score
from tarokpgn.rules.tarocchini.state import TarocchiniDeal

_RULE_IDS: Mapping[str, str] = {
    "wrong-leader": "T-7.1", "first-leader": "T-7.1", "hand-size": "T-4.1",
    "duplicate-card": "T-1.1", "score-mismatch": "T-10.1", "auction-over": "T-11.3",
    "no-talon": "T-11.5", "announce-time": "T-5.1", "kontra-time": "T-5.1",
    "play-out-of-turn": "T-7.1", "not-held": "T-7.2", "void": "T-7.2",
    "follow-suit": "T-7.2", "follow-tarok": "T-7.2", "must-trump": "T-7.2",
    "must-overtrump": "T-13.12",
}  # fmt: skip


class TarocchiniRuleset(Ruleset[TarocchiniDeal]):
    """What both variants share: deck, options, declarations, play, counting."""

    family: ClassVar[str] = "tarocchini"
    deal_state = TarocchiniDeal
    deck = BOLOGNESE62
    count_group: ClassVar[int] = 2
    max_kontra: ClassVar[int] = 0
    declarations: ClassVar[frozenset[str]] = NAMES
    rule_ids: ClassVar[Mapping[str, str]] = _RULE_IDS

    @property
    def tarocchini(self) -> TarocchiniOptions:
        """The options, typed."""
        opts = self.options
        assert isinstance(opts, TarocchiniOptions)
        return opts

    def check_exchange(
        self,
        deal: TarocchiniDeal,
        pos: int,
        take: tuple[int, ...],
        discard: tuple[int, ...],
        show: tuple[int, ...],
    ) -> list[Fault]:
        return exchange_faults(deal, pos, take, discard)

    def check_announcement(self, deal: TarocchiniDeal, pos: int, name: str) -> Fault | None:
        if name not in NAMES:
            msg = f"{name!r} is not a Tarocchini combination; nothing else is announced"
            return Fault("illegal-announcement", msg, "T-5.1", pos)
        return None

    def check_declaration(
        self, deal: TarocchiniDeal, pos: int, name: str, cards: tuple[int, ...]
    ) -> Fault | None:
        return declaration_fault(deal, pos, name, cards)

    def check_kontra(self, deal: TarocchiniDeal, pos: int, level: int, target: str) -> Fault | None:
        return Fault("illegal-kontra", "there is no doubling in Tarocchini", "T-10", pos)

    def trick_policy(self, deal: TarocchiniDeal) -> TrickPolicy:
        return policy(self.tables, self.tarocchini.must_overtrump)

    def score(self, deal: TarocchiniDeal) -> Score:
        return tarocchini_score(deal)


class OttocentoRuleset(TarocchiniRuleset):
    """Ottocento: four players, partners opposite, 15 cards each, the dealer 17 (T-3, T-4)."""

    variants: ClassVar[tuple[str, ...]] = ("ottocento",)
    players: ClassVar[int] = 4
    hand_size: ClassVar[int] = 15
    talon_size: ClassVar[int] = 0
    contracts: ClassVar[Mapping[str, Contract]] = {
        PLAYED: Contract(PLAYED, 0, 1, kind="partnerships"),
        MONTE: Contract(MONTE, 0, 0, kind="thrown-in"),
    }
    rule_ids: ClassVar[Mapping[str, str]] = {**_RULE_IDS, "no-talon": "T-4.2"}
    presets: ClassVar[Mapping[str, Options]] = {"ottocento": BOLOGNA}
    aliases: ClassVar[Mapping[str, str]] = {"bologna": "ottocento"}

    def dealt_size(self, pos: int) -> int:
        """The dealer (last position) gets the two cards left over (T-4.1)."""
        return self.hand_size + 2 if pos == self.players - 1 else self.hand_size

    def new_auction(self, deal: TarocchiniDeal) -> Auction:
        after_ten = self.tarocchini.monte_points == "after_5_or_10"
        return MonteRound(self.players, deal.labels, after_ten)

    def uses_talon(self, deal: TarocchiniDeal) -> bool:
        """The dealer's scarto is recorded as an exchange (T-4.3)."""
        return deal.contract is not None and deal.contract.id == PLAYED

    def match_rule(self) -> MatchRule | None:
        """The race to the target across the hands of a game (T-10.3)."""
        return OTTOCENTO_RACE


class TerziglioRuleset(TarocchiniRuleset):
    """Terziglio: three players, the auction winner against the other two (T-11)."""

    variants: ClassVar[tuple[str, ...]] = ("terziglio",)
    players: ClassVar[int] = 3
    hand_size: ClassVar[int] = 18
    talon_size: ClassVar[int] = 8
    contracts: ClassVar[Mapping[str, Contract]] = {
        "gioco": Contract("gioco", 1, 1, talon=8),
        "solo": Contract("solo", 2, 2),
        ALL_PASS: Contract(ALL_PASS, 0, 0, kind="thrown-in"),
    }
    presets: ClassVar[Mapping[str, Options]] = {"terziglio": BOLOGNA}
    aliases: ClassVar[Mapping[str, str]] = {"bologna": "terziglio"}

    def __init__(self, preset: str | None = None, overrides: Mapping[str, str] | None = None):
        super().__init__(preset, overrides)
        if self.tarocchini.terziglio_deal == "19_plus_5":  # T-11.2: an option-dependent fact
            setattr(self, "hand_size", 19)  # noqa: B010 - shadows the ClassVar per instance
            setattr(self, "talon_size", 5)  # noqa: B010

    def new_auction(self, deal: TarocchiniDeal) -> Auction:
        barilli = self.tarocchini.terziglio_auction == "barilli_va_bene"
        return TerziglioAuction(deal.labels, barilli)

    def uses_talon(self, deal: TarocchiniDeal) -> bool:
        """Only gioco exchanges with the stock (T-11.4, T-11.5)."""
        return deal.contract is not None and deal.contract.id == "gioco"


register(OttocentoRuleset)
register(TerziglioRuleset)
