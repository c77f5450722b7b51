"""French Tarot ruleset options: every open choice of french.md F-15 and F-16, with presets.

Each field is one named option; ``rule`` in its metadata is the rule it settles. The only
preset is ``fft`` (Fédération Française de Tarot, official rules). A record may override single
options in its ``Options`` tag (``Options "excuse_last_trick=to_trick_winner"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tarokpgn.rules.ruleset import Options, option


@dataclass(frozen=True)
class FrenchOptions(Options):
    """The options of French Tarot; defaults are the ``fft`` values."""

    first_bidder: str = option(
        "next_after_dealer", ("next_after_dealer", "previous_to_dealer"), "F-15.1",
        "who speaks first in the auction (the seed's 'left of the dealer' is previous_to_dealer)",
    )  # fmt: skip
    first_lead: str = option(
        "next_after_dealer", ("next_after_dealer", "taker"), "F-15.2",
        "who leads the first trick (an announced chelem always lets its announcer lead, F-6.8)",
    )  # fmt: skip
    ecart_forbidden: str = option(
        "fft", ("fft", "no_trumps_kings_shown"), "F-15.4",
        "écart: no kings or oudlers, trumps only when forced and shown (fft); or no trumps "
        "and no oudlers at all, kings allowed when shown",
    )  # fmt: skip
    excuse_last_trick: str = option(
        "to_opponents", ("to_opponents", "to_trick_winner"), "F-16",
        "an Excuse played to the last trick goes to the other side (F-16 default) or to the "
        "winner of the last trick (F-15.5)",
    )  # fmt: skip
    excuse_wins_last_trick: str = option(
        "all_previous_won", ("all_previous_won", "only_announced_slam"), "F-15.6",
        "when the Excuse led to the last trick wins it (F-9.5)",
    )  # fmt: skip
    excuse_sweeps_last_trick: str = option(
        "led_only", ("led_only", "played"), "F-16",
        "the Excuse wins the last trick only when led (FFT) or also when merely played",
    )  # fmt: skip
    excuse_unexchanged_value: str = option(
        "4", ("4", "4.5"), "F-15.7",
        "value of an Excuse kept by a side that never won a trick (F-9.6)",
    )  # fmt: skip
    half_point_rounding: str = option(
        "winner_favour", ("winner_favour", "keep", "taker_favour", "defence_favour"), "F-16",
        "4 players: a half point left when the Excuse changed sides (3 and 5 players always "
        "use F-10.6, the half point to the side that wins); keep cannot be written in whole "
        "scores and leaves such a deal unscored",
    )  # fmt: skip
    difference_rounding: str = option(
        "exact", ("exact", "to_5", "to_10"), "F-15.8", "rounding of the difference Δ (clubs)"
    )
    poignee_thresholds_5p: str = option(
        "8/10/13", ("8/10/13", "8/10/15"), "F-15.9", "trumps for a single/double/triple "
        "poignée with 5 players",
    )  # fmt: skip
    poignee_values: str = option(
        "20/30/40", ("20/30/40", "20/40/60"), "F-15.10", "bonus of a single/double/triple poignée"
    )
    poignee_counts_discarded_trumps: str = option(
        "fft_special_case", ("fft_special_case", "never", "always"), "F-15.11",
        "whether a trump put in the écart may be shown again in the taker's poignée (F-6.6)",
    )  # fmt: skip
    defence_slam_bonus: str = option(
        "fft", ("fft", "cumulative"), "F-15.12",
        "defence wins every trick after an announced chelem: −200 once (fft) or −400",
    )  # fmt: skip
    petit_sec_annuls: bool = option(
        True, (), "F-15.13", "a dealt petit sec (the Petit as only trump, no Excuse) voids the deal"
    )
    misere: bool = option(
        False, (), "F-15.14", "non-FFT misère (no trump, no Excuse): 20 from each other player"
    )
    petit_chelem: bool = option(
        False, (), "F-15.14", "non-FFT petit chelem (every trick but one): +300 made / −150 failed"
    )
    five_player_mode: str = option(
        "true_five_hand", ("true_five_hand", "dealer_sits_out"), "F-15.15",
        "french-5: the five-hand game; with the dealer sitting out record the deal as french-4",
    )  # fmt: skip
    token_fool: str = option(
        "FOOL", ("FOOL", "T22", "EXC"), "F-15.16", "metadata only: the reader accepts all of them"
    )
    knight_rank_letter: str = option(
        "N", ("N", "C"), "F-15.17", "metadata only: the reader accepts both"
    )


FFT: Final = FrenchOptions()
"""Fédération Française de Tarot, official rules (2012/2014)."""
