"""Slovenian contracts and their values (SL-4.1, SL-15.2), adjusted by the options."""

from __future__ import annotations

import dataclasses
from typing import Final

from tarokpgn.rules.ruleset import Announcement, Contract
from tarokpgn.rules.slovenian.options import SlovenianOptions

KLOP: Final = Contract("klop", 0, 0, kind="klop", leader="forehand")

_LADDER_4: Final = (
    Contract("three", 10, 1, talon=3, calls=True, announcements=True),
    Contract("two", 20, 2, talon=2, calls=True, announcements=True),
    Contract("one", 30, 3, talon=1, calls=True, announcements=True),
    Contract("piccolo", 35, 4, kind="negative", leader="declarer", tricks_wanted=1),
    Contract("solo-three", 40, 5, talon=3, announcements=True),
    Contract("solo-two", 50, 6, talon=2, announcements=True),
    Contract("solo-one", 60, 7, talon=1, announcements=True),
    Contract("beggar", 70, 8, kind="negative", leader="declarer", tricks_wanted=0),
    Contract("solo-without", 80, 9),
    Contract("open-beggar", 90, 10, kind="negative", leader="declarer", tricks_wanted=0,
             open=True),
    Contract("open-solo-without", 100, 11, open=True),
    Contract("colour-valat", 125, 12, kind="colour-valat", leader="declarer"),
    Contract("colour-valat-suit", 150, 13, kind="colour-valat", leader="declarer"),
    Contract("valat", 250, 14, kind="valat", leader="declarer"),
)  # fmt: skip
"""The 4-player ladder (SL-3.2, SL-4.1), semedela values, lowest first."""

CONTRACTS_4: Final = {c.id: c for c in (KLOP, *_LADDER_4)}

_THREE_PLAYER: Final = ("three", "two", "one", "piccolo", "beggar", "solo-without",
                        "open-beggar", "colour-valat", "valat")  # fmt: skip

CONTRACTS_3: Final = {
    c.id: dataclasses.replace(c, calls=False)
    for c in (KLOP, *_LADDER_4)
    if c.id == "klop" or c.id in _THREE_PLAYER
}
"""The 3-player contracts (SL-15.2): no king calling, no solo three/two/one."""

ANNOUNCEMENTS: Final = {
    "trula": Announcement("trula", 20, 10, "SL-7.3"),
    "kings": Announcement("kings", 20, 10, "SL-7.3"),
    "pagat-ultimo": Announcement("pagat-ultimo", 50, 25, "SL-7.3"),
    "king-ultimo": Announcement("king-ultimo", 20, 10, "SL-7.3"),
    "valat": Announcement("valat", 500, 250, "SL-7.3"),
    "solo": Announcement("solo", 10, 0, "SL-7.9"),
}
"""Announcement id → announced / silent value (SL-7.3)."""

SOLO_WITHOUT: Final = ("solo-without", "open-solo-without")


def enabled(c: Contract, opts: SlovenianOptions) -> bool:
    """Whether the options let contract ``c`` be bid."""
    if c.id == "piccolo":
        return opts.pikolo
    if c.id == "open-solo-without":
        return opts.open_solo_brez
    if c.id == "colour-valat-suit":
        return opts.colour_valat_named_suit
    return True


def adjust(c: Contract, opts: SlovenianOptions) -> Contract:
    """``c`` with the values, ladder rank and first leader the options choose."""
    if c.id == "valat":
        c = dataclasses.replace(c, value=opts.valat_contract_value)
    elif c.id == "colour-valat":
        c = dataclasses.replace(c, value=opts.colour_valat_value)
    elif c.id in SOLO_WITHOUT and opts.solo_brez_leader == "declarer":
        c = dataclasses.replace(c, leader="declarer")
    if opts.ladder_order == "prose" and c.id in ("open-beggar", "open-solo-without"):
        c = dataclasses.replace(c, rank=21 - c.rank)  # SL-3.2: [S2]'s prose order swaps them
    return c
