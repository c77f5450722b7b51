"""Czech games, their order in the auction and their rates per oko (CZ-3, CZ-11.2).

Bid words in a record are the canonical words of :data:`BID_WORDS`; the preferanc level
(CZ-17.1) may be written in the bid: ``preferanc-2``. A plain ``preferanc`` takes its level
from the talon trio the declarer keeps (cards 1–3: level 1, cards 4–6: level 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from tarokpgn.rules.czech.options import CzechOptions


class Game(IntEnum):
    """The games, lowest to highest in the auction (CZ-3.1)."""

    FIRST_DUTY = 1
    SECOND_DUTY = 2
    PREFERANC = 3
    SOLO = 4
    WARSAW = 5

    @property
    def word(self) -> str:
        return GAME_WORDS[self]


GAME_WORDS: Final = {
    Game.FIRST_DUTY: "first-duty",
    Game.SECOND_DUTY: "second-duty",
    Game.PREFERANC: "preferanc",
    Game.SOLO: "solo",
    Game.WARSAW: "warsaw",
}
PASS: Final = "pass"


@dataclass(frozen=True, slots=True)
class Contract:
    """A game as bid: the game and, for preferanc, the level (0 when not stated)."""

    game: Game
    level: int = 0

    @property
    def word(self) -> str:
        return f"{self.game.word}-{self.level}" if self.level else self.game.word

    @property
    def has_partner(self) -> bool:
        """First and second duty are played with the holder of the called tarok (CZ-4)."""
        return self.game in (Game.FIRST_DUTY, Game.SECOND_DUTY)

    def rank(self, opts: CzechOptions) -> int:
        """Auction rank: strictly higher bids overcall (CZ-3.3); with
        ``pref_level_in_auction`` the preferanc levels rank among themselves."""
        base = int(self.game) * 10
        return base + self.level if opts.pref_level_in_auction else base


BID_WORDS: Final = {
    **{word: Contract(game) for game, word in GAME_WORDS.items()},
    **{f"preferanc-{n}": Contract(Game.PREFERANC, n) for n in (1, 2, 3)},
}
"""Canonical bid word → contract (``pass`` is not a contract)."""


def parse_bid(word: str) -> Contract | None:
    """The contract a canonical bid word names; None for an unknown word."""
    return BID_WORDS.get(word)


def rate(contract: Contract, opts: CzechOptions) -> int:
    """Base haléře per oko of ``contract`` before fleky (CZ-11.2); 0 for Varšava (CZ-12)."""
    game = contract.game
    if game in (Game.FIRST_DUTY, Game.SECOND_DUTY):
        return opts.duty_rate
    if game is Game.PREFERANC:
        return opts.pref_rates[max(contract.level, 1) - 1]
    if game is Game.SOLO:
        return opts.solo_rate
    return 0
