"""The bidding ladder (F-3.1), card facts (F-1.5), requirements (F-10.4) and bonus tables
(F-6.1, F-6.9)."""

from __future__ import annotations

from typing import Final

from tarokpgn.rules.ruleset import Announcement, Contract

PASSED: Final = Contract("pass", 0, 0, kind="passed")
"""Every player passed: the cards are thrown in, nothing is scored (F-3.5, F-2.6)."""

CONTRACTS: Final = {
    "petite": Contract("petite", 1, 1, talon=6),
    "garde": Contract("garde", 2, 2, talon=6),
    "garde-sans": Contract("garde-sans", 4, 3),
    "garde-contre": Contract("garde-contre", 6, 4),
}
"""Contract id → facts; ``value`` is the multiplier M, ``talon`` the dog taken (F-3.1, F-5)."""

NAMES: Final = {"petite": "prise (petite)", "garde": "garde", "garde-sans": "garde sans le chien",
                "garde-contre": "garde contre le chien"}  # fmt: skip

OUDLERS: Final = ("T1", "T21", "FOOL")
"""The three oudlers (bouts), F-1.5."""
KINGS: Final = ("HK", "DK", "SK", "CK")
REQUIRED: Final = (56, 51, 41, 36)
"""Points the taker needs with 0, 1, 2, 3 oudlers (F-10.4)."""

HANDFUL_SIZES: Final = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
"""Trumps shown in a single, double, triple poignée by player count (F-6.1)."""
HANDFUL_LEVELS: Final = ("single", "double", "triple")
HANDFUL_WORDS: Final = tuple(f"handful-{n}" for n in (8, 10, 13, 15, 18))
"""The ``declare`` names of a poignée: the number of trumps shown."""

CHELEM: Final = Announcement("chelem", 400, 200, "F-6.9")
PETIT_CHELEM: Final = Announcement("petit-chelem", 300, 0, "F-12.2")
ANNOUNCEMENTS: Final = {"chelem": CHELEM, "petit-chelem": PETIT_CHELEM}

CHELEM_FAILED: Final = -200
DEFENCE_SLAM: Final = -200
PETIT_CHELEM_FAILED: Final = -150
PETIT_AU_BOUT: Final = 10
BASE: Final = 25
MISERE: Final = 20


def required(oudlers: int) -> int:
    """Points needed with ``oudlers`` oudlers (F-10.4)."""
    return REQUIRED[oudlers]
