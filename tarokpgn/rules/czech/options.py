"""Named options of the Czech Taroky engine and the two presets (CZ-0.2, czech.md §15–17).

Every switch where the sources are silent or differ is a field of :class:`CzechOptions`, made
with :func:`tarokpgn.rules.ruleset.option` (allowed values, source rule id, meaning); the two
rulesets are instances of it. The docs page ``docs/variants/czech.rst`` lists them all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from tarokpgn.rules.ruleset import Options, option


@dataclass(frozen=True)
class CzechOptions(Options):
    """Every rule option of Czech Taroky. Defaults are the Vysočina preset."""

    duty1_talon: str = option(
        "4+1+1",
        ("4+1+1", "1+2+3"),
        "CZ-5.1, CZ-17.4",
        "First duty purchase from forehand on (CZ-5.1): Vysočina 4+1+1, MČR 1+2+3.",
    )
    duty2_talon: str = option(
        "4+1+1",
        ("4+1+1", "1+2+3"),
        "CZ-5.5, CZ-17.4",
        "Second duty purchase from the declarer on (CZ-5.5, CZ-17.4, item 29).",
    )
    pref_rate_1: int = option(
        5, rule="CZ-11.2, CZ-17.1", doc="Haléře per oko of preferanc at level 1 (first cards)."
    )
    pref_rate_2: int = option(
        10, rule="CZ-11.2, CZ-17.1", doc="Haléře per oko of preferanc at level 2 (second cards)."
    )
    pref_rate_3: int = option(
        20, rule="CZ-11.2, CZ-17.1", doc="Haléře per oko of preferanc at level 3 (third cards)."
    )
    duty_rate: int = option(
        5, rule="CZ-11.2", doc="Haléře per oko of the first and second duty (CZ-11.2)."
    )
    solo_rate: int = option(40, rule="CZ-11.2", doc="Haléře per oko of sólo (CZ-11.2).")
    warsaw_scoring: Literal["classic", "difference"] = option(
        "classic",
        ("classic", "difference"),
        "CZ-12, CZ-17.2, CZ-17.3",
        "Varšava scoring: Vysočina flat payments (CZ-17.2) or MČR differences (CZ-12.3, 17.3).",
    )
    warsaw_unit: int = option(
        5,
        rule="CZ-17.3",
        doc="Haléře per oko of difference in MČR Varšava, before the 4×/2× factor (item 28).",
    )
    warsaw_ties: Literal["none", "split"] = option(
        "none",
        ("none", "split"),
        "CZ-12.3",
        "MČR Varšava: a payment whose payer or payee place is shared by tied players (item 3).",
    )
    warsaw_classic_base: int = option(
        200, rule="CZ-17.2", doc="Classic Varšava: what the loser pays each other player (CZ-17.2)."
    )
    warsaw_classic_trickless: int = option(
        400,
        rule="CZ-17.2",
        doc="Classic Varšava: what the loser pays a player who took no trick (CZ-17.2).",
    )
    warsaw_classic_forehand_extra: int = option(
        200,
        rule="CZ-17.2",
        doc="Classic Varšava: added to each payment when the loser is forehand (CZ-17.2).",
    )
    warsaw_classic_ties: Literal["every_top_player_pays", "nobody_pays"] = option(
        "every_top_player_pays",
        ("every_top_player_pays", "nobody_pays"),
        "CZ-17.2",
        "Classic Varšava: several players tied for the most oči (item 27).",
    )
    auction_rounds: Literal["single", "repeated"] = option(
        "single",
        ("single", "repeated"),
        "CZ-3.3",
        "One round of bidding (CZ-3.3) or bidding until all but one pass.",
    )
    lowest_called_tarok: int = option(
        16,
        rule="CZ-4.1, CZ-4.6",
        doc="Lowest tarok that may be called (CZ-4.1, CZ-4.6, item 8).",
        bounds=(1, 19),
    )
    call_any_lower: bool = option(
        False,
        rule="CZ-4.1, CZ-4.3",
        doc="Any of XIX…lowest may be called; false: a lower one only when holding all above it.",
    )
    called_tarok_bought_by_other: Literal["partner", "alone"] = option(
        "partner",
        ("partner", "alone"),
        "CZ-4.4",
        "Another player buys the called tarok from the talon (CZ-4.4, item 22).",
    )
    lone_multiplier: int = option(
        3,
        rule="CZ-11.8, CZ-17.5",
        doc="The lone player receives or pays this many times the per-player amount (CZ-11.8).",
    )
    hlasky_settlement: Literal["side", "individual"] = option(
        "side",
        ("side", "individual"),
        "CZ-11.9, CZ-17.7",
        "Hlášky booked for the whole side, or paid to the holder by each other player.",
    )
    hlasky_overlap: Literal["supersede", "all", "one_per_family"] = option(
        "supersede",
        ("supersede", "all", "one_per_family"),
        "CZ-6.10, CZ-17.9",
        "Which of overlapping hlášky are paid (CZ-6.10, CZ-17.9, item 11).",
    )
    hlasky_timing: Literal["after_exchange", "dealt"] = option(
        "after_exchange",
        ("after_exchange", "dealt"),
        "CZ-6.6",
        "Revealing hlášky are judged on the hand after the talon exchange (CZ-6.6, item 20).",
    )
    hlasky_automatic: bool = option(
        True,
        rule="CZ-6.8",
        doc="Revealing hlášky are paid when held, declared or not (server); false: only declared.",
    )
    small_hlaska: int = option(20, rule="CZ-6.6", doc="Price of a small revealing hláška (CZ-6.6).")
    big_hlaska: int = option(40, rule="CZ-6.6", doc="Price of a big revealing hláška (CZ-6.6).")
    pagat_silent: int = option(100, rule="CZ-6.5", doc="Silent pagát (CZ-6.5).")
    pagat_announced: int = option(200, rule="CZ-6.5", doc="Announced pagát (CZ-6.5).")
    valat_silent: int = option(200, rule="CZ-6.5", doc="Silent valát (CZ-6.5).")
    valat_announced: int = option(400, rule="CZ-6.5", doc="Announced valát (CZ-6.5).")
    duty2_pagat_price: int = option(
        200, rule="CZ-6.11", doc="The pagát commitment of the second duty (CZ-6.11, item 12)."
    )
    silent_pagat_failure: int = option(
        0,
        rule="CZ-6.12",
        doc="Cost of a silent pagát played to the last trick and beaten (CZ-6.12, item 13).",
    )
    flek_targets: Literal["game_only", "game_and_commitments"] = option(
        "game_and_commitments",
        ("game_only", "game_and_commitments"),
        "CZ-7.4, CZ-17.9",
        "What may be flekked: the game only, or also each pagát/valát commitment (item 14).",
    )
    max_flek: int = option(
        3, rule="CZ-7.1", doc="Highest flek level: flek 1 (×2), re 2 (×4), tutti 3 (×8) (CZ-7.1)."
    )
    tie_rate: Literal["flekked", "base"] = option(
        "flekked",
        ("flekked", "base"),
        "CZ-11.6",
        "Rate of the one oko paid on a 35 : 35 tie (CZ-11.6, item 15).",
    )
    cap: int = option(2000, rule="CZ-11.10", doc="Game cap in haléře, 20 Kč (CZ-11.10).")
    cap_scope: Literal["game_part", "whole_deal"] = option(
        "game_part",
        ("game_part", "whole_deal"),
        "CZ-11.10, CZ-17.6",
        "What the cap limits per counterpart: the oči part, or game plus premiums (item 30).",
    )
    forced_discard_trul: Literal["last_resort", "any"] = option(
        "last_resort",
        ("last_resort", "any"),
        "CZ-5.4",
        "In a forced tarok discard, trul cards only when no other tarok is left (CZ-5.4, item 17).",
    )
    duty1_requires_flek: bool = option(
        False,
        rule="CZ-3.8",
        doc="True: a first duty with no flek and no pagát/valát announced is not paid (CZ-3.8).",
    )
    emperor_trick: bool = option(
        False,
        rule="CZ-9.3",
        doc="The pagát captures a trick holding mond and škýz (CZ-9.3, item 19).",
    )
    warsaw_overtake: Literal["by_analogy", "strict"] = option(
        "by_analogy",
        ("by_analogy", "strict"),
        "CZ-8.6",
        "Varšava must-beat details (CZ-8.6 a, item 23).",
    )
    pref_level_in_auction: bool = option(
        False,
        rule="CZ-5.7, CZ-17.1",
        doc="True: the preferanc level is part of the bid and ranks in the auction (item 24).",
    )

    @property
    def pref_rates(self) -> tuple[int, int, int]:
        """Haléře per oko of preferanc by level 1–3 (CZ-11.2)."""
        return (self.pref_rate_1, self.pref_rate_2, self.pref_rate_3)


def split(text: str) -> tuple[int, ...]:
    """A talon split option (``"4+1+1"``) as counts per seat from the first taker."""
    return tuple(int(p) for p in text.split("+"))


VYSOCINA: Final = CzechOptions()
"""The Vysočina (classic) rules of taroky.net (CZ-0.2)."""

MCR: Final = replace(
    VYSOCINA,
    duty1_talon="1+2+3",
    pref_rate_1=20,
    pref_rate_3=5,
    warsaw_scoring="difference",
)
"""The MČR rules: they differ in the first-duty purchase, the preferanc rates and the Varšava
scoring (CZ-0.2, CZ-17.4)."""

PRESETS: Final = {"vysocina": VYSOCINA, "mcr": MCR}
