"""Minitarok: a made-up family added from outside tarokpgn, through its public interface only.

Two players, a 12-card pack (four trumps ``T4``–``T1``, hearts and spades ``K Q J 10``), six
cards each and no talon. Each player speaks once, forehand first: ``pass`` or a contract
above the highest so far; when forehand passed, the dealer must bid (MT-3). The declarer plays
alone against the other; follow suit, else trump (MT-4). ``game`` is won with more than half
of the 20 card points, ``beggar`` by taking no trick (MT-5).

``install()`` registers the deck, the variant ``minitarok-2`` and the ruleset; from then on
tarokpgn reads, checks, verifies, generates (by its generic strategy) and indexes the deals of
the family, and ``tarokpgn.cli.main`` runs on them. (The ``tarokpgn`` command itself loads no
plug-ins: a program imports this module and calls ``install()`` first.) The test
``tests/test_extending.py`` does all of that; ``docs/extending.rst`` shows this file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from tarokpgn.cards import TRUMP, Deck, register_deck
from tarokpgn.rules.core import TrickPolicy, count_points
from tarokpgn.rules.ruleset import (
    Auction,
    Contract,
    Fault,
    Options,
    Ruleset,
    Score,
    option,
    register,
)
from tarokpgn.rules.state import DealState
from tarokpgn.variants import DealSize, VariantSpec, register_variant
from tarokpgn.verdict import ScoreLine

# --- the pack (MT-1) ---------------------------------------------------------------------------

_POINTS = {
    "T4": 3, "T3": 0, "T2": 0, "T1": 3,
    "HK": 3, "HQ": 2, "HJ": 1, "H10": 1,
    "SK": 3, "SQ": 2, "SJ": 1, "S10": 1,
}  # fmt: skip
"""Token → card points, 20 in the pack (MT-1.2), in canonical order: trumps high to low,
then each suit from its highest card to its lowest (MT-1.1)."""

DECK = Deck(
    name="12-mini",
    tokens=tuple(_POINTS),
    suit_of={t: TRUMP if t[0] == "T" else t[0] for t in _POINTS},
    strength={t: len(_POINTS) - i for i, t in enumerate(_POINTS)},  # higher beats lower
    points=_POINTS,
)
"""The 12-card pack (MT-1.1)."""

VARIANT = VariantSpec(
    id="minitarok-2",
    family="minitarok",
    players=2,
    deck=DECK.name,
    deals=(DealSize(hand=6, dealer=6, talon=0),),  # MT-2.1
    default_ruleset="standard",
)

# --- options and contracts ---------------------------------------------------------------------


@dataclass(frozen=True)
class MiniOptions(Options):
    """The options of the family; a record's ``Options`` tag may override them."""

    beggar: bool = option(True, rule="MT-3.4", doc="beggar may be bid")


PRESETS: Mapping[str, Options] = {
    "standard": MiniOptions(),
    "simple": MiniOptions(beggar=False),
}

CONTRACTS: Mapping[str, Contract] = {
    "game": Contract("game", value=10, rank=1),
    "beggar": Contract("beggar", value=20, rank=2, kind="negative", tricks_wanted=0),
}
"""The contracts, lowest first (MT-3.3, MT-5)."""


# --- the auction (MT-3) ------------------------------------------------------------------------


class MiniAuction(Auction):
    """Each position speaks once, forehand first (MT-3.1): ``pass`` or a contract above the
    highest so far (MT-3.2); the last may not pass when all before him passed (MT-3.2)."""

    def __init__(self, contracts: list[str], players: int) -> None:
        self.contracts = contracts
        """The contracts this preset plays, lowest first."""
        self.players = players
        self.bids: list[tuple[int, str]] = []

    @property
    def to_act(self) -> int | None:
        return len(self.bids) if len(self.bids) < self.players else None

    @property
    def done(self) -> bool:
        return self.to_act is None

    def _highest(self) -> tuple[int, str] | None:
        made = [(pos, bid) for pos, bid in self.bids if bid in self.contracts]
        return max(made, key=lambda pair: self.contracts.index(pair[1]), default=None)

    def legal(self, pos: int) -> list[str]:
        if pos != self.to_act:
            return []
        high = self._highest()
        above = self.contracts[self.contracts.index(high[1]) + 1 if high else 0 :]
        forced = high is None and pos == self.players - 1
        return above if forced else ["pass", *above]

    def check(self, pos: int, bid: str) -> Fault | None:
        if pos != self.to_act:
            return Fault("illegal-bid", "each player speaks once, forehand first", "MT-3.1", pos)
        if bid not in self.legal(pos):
            return Fault("illegal-bid", f"{bid!r} may not be bid now", "MT-3.2", pos)
        return None

    def apply(self, pos: int, bid: str) -> None:
        self.bids.append((pos, bid))

    def result(self) -> tuple[str, int | None]:
        high = self._highest()
        return (high[1], high[0]) if high else ("pass", None)  # MT-3.3


# --- the ruleset -------------------------------------------------------------------------------


class MiniRuleset(Ruleset[DealState]):
    """The Minitarok rules: facts as ClassVars, two required hooks and two optional ones."""

    family: ClassVar[str] = VARIANT.family
    variants: ClassVar[tuple[str, ...]] = (VARIANT.id,)
    players: ClassVar[int] = VARIANT.players
    deck: ClassVar[Deck] = DECK
    hand_size: ClassVar[int] = 6
    talon_size: ClassVar[int] = 0
    contracts: ClassVar[Mapping[str, Contract]] = CONTRACTS
    presets: ClassVar[Mapping[str, Options]] = PRESETS
    max_kontra: ClassVar[int] = 1
    count_group: ClassVar[int] = 1  # card points are summed one by one (MT-5.1)
    rule_ids: ClassVar[Mapping[str, str]] = {
        "follow-suit": "MT-4.1", "follow-tarok": "MT-4.1", "must-trump": "MT-4.2",
        "must-beat": "MT-4.3", "score-mismatch": "MT-5",
    }  # fmt: skip
    """The family's rule ids for the faults the engine and the replay raise themselves."""

    def contract(self, cid: str) -> Contract | None:
        """Beggar only where the preset allows it (MT-3.4)."""
        options = self.options
        assert isinstance(options, MiniOptions)
        return None if cid == "beggar" and not options.beggar else self.contracts.get(cid)

    def new_auction(self, deal: DealState) -> Auction:
        return MiniAuction([c for c in self.contracts if self.contract(c)], self.players)

    def trick_policy(self, deal: DealState) -> TrickPolicy:
        """In beggar a player must beat the trick when he can (MT-4.3)."""
        negative = deal.contract is not None and deal.contract.kind == "negative"
        return TrickPolicy(must_beat=negative)

    def is_decided(self, deal: DealState) -> bool:
        """Beggar is lost with the declarer's first trick: play may stop there (MT-5.2)."""
        return self._beggar_lost(deal)

    def score(self, deal: DealState) -> Score:
        """The declarer wins or loses the contract's value, doubled by a kontra (MT-5.3); the
        other player the opposite."""
        contract, declarer = deal.contract, deal.declarer
        if contract is None or declarer is None:
            raise ValueError("no contract was bid")
        points = count_points(deal.won[declarer], self.tables, self.count_group)
        if contract.kind == "negative":
            won = not self._beggar_lost(deal)  # MT-5.2
        else:
            won = points * 2 > sum(self.tables.points)  # MT-5.1
        kontra = deal.kontras.get("game", 0)
        value = contract.value * 2**kontra * (1 if won else -1)
        scores = {pos: value if pos == declarer else -value for pos in range(self.players)}
        line = ScoreLine(f"{contract.id} {'won' if won else 'lost'}", value, detail="MT-5")
        points_of = {"declarer": points, "opponents": sum(self.tables.points) - points}
        return Score(scores, (line,), card_points=points_of, won=won, game_kontra=kontra)

    def _beggar_lost(self, deal: DealState) -> bool:
        return deal.declarer is not None and any(t.winner == deal.declarer for t in deal.tricks)


def install() -> None:
    """Register the deck, the variant and the ruleset (a plug-in does this once, on import)."""
    register_deck(DECK)
    register_variant(VARIANT)
    register(MiniRuleset)
