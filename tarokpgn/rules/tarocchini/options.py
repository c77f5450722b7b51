"""Named options of the Tarocchini engine (tarocchini.md T-13) and the two presets.

Every open choice of T-13 is a field of :class:`TarocchiniOptions`, made with
:func:`tarokpgn.rules.ruleset.option` (allowed values, source rule id, meaning). Choices that
the notation fixes (``TOKENS.md``: suit letters, trump numbering, Moor and Fool tokens) or that
the engine does not model yet allow only the value implemented, so a record asking for another
one is reported as a ``bad-option`` instead of being read wrongly. ``docs/variants/
tarocchini.rst`` lists them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tarokpgn.rules.ruleset import Options, option


@dataclass(frozen=True)
class TarocchiniOptions(Options):
    """Every rule option of Tarocchini (Ottocento and Terziglio). Defaults: T-13 ``bologna``."""

    suit_letters: Literal["french"] = option(
        "french",
        ("french",),
        "T-13.1, TOKENS.md",
        "Suit letters: fixed by TOKENS.md to H cups, D coins, S swords, C batons.",
    )
    trump_numbering: Literal["printed"] = option(
        "printed",
        ("printed",),
        "T-13.2, T-1.4",
        "Trump tokens: T0 Begato, T1-T4 Moors, T5-T16 as printed, T17 Moon ... T20 Angel.",
    )
    moor_identity: Literal["distinct_tokens"] = option(
        "distinct_tokens",
        ("distinct_tokens",),
        "T-13.3, T-1.5",
        "The four Moors are T1-T4; no rule ever tells them apart.",
    )
    token_fool: Literal["FOOL"] = option(
        "FOOL", ("FOOL",), "T-13.4", "The Matto is written FOOL (MATTO, MAT on import)."
    )
    monte_points: Literal["after_5", "after_5_or_10"] = option(
        "after_5",
        ("after_5", "after_5_or_10"),
        "T-13.5, T-4.2",
        "When monte may be called: after the first five cards, or also after ten (1754).",
    )
    declaration_order: Literal["after_scarto_eldest_first", "before_scarto"] = option(
        "after_scarto_eldest_first",
        ("after_scarto_eldest_first", "before_scarto"),
        "T-13.6, T-5.5",
        "Declarations after the dealer's discard, eldest first; or before the discard.",
    )
    declaration_doubling: bool = option(
        True,
        (True, False),
        "T-13.7, T-5.6",
        "Three or more cricche (sequences) declared by one player are doubled (T-6.10).",
    )
    contatori_minimum: Literal["one", "two"] = option(
        "one",
        ("one", "two"),
        "T-13.8, T-6.6",
        "Contatori that may help reach three cards: one (two naturals needed) or two.",
    )
    grande_tail: Literal["moors_then_begato_any", "moors_must_be_complete"] = option(
        "moors_then_begato_any",
        ("moors_then_begato_any", "moors_must_be_complete"),
        "T-13.9, T-6.8",
        "Past the 5 every Moor held and the Begato count; or the Begato only after four Moors.",
    )
    declaration_win_rule: Literal["checkpoint_highest", "call_out_priority"] = option(
        "checkpoint_highest",
        ("checkpoint_highest", "call_out_priority"),
        "T-13.10, T-10.3",
        "Reaching the target on declarations: checkpoint, higher total wins; or call-out order.",
    )
    tie_at_800: Literal["play_another_hand", "declaring_side_wins"] = option(
        "play_another_hand",
        ("play_another_hand", "declaring_side_wins"),
        "T-13.11, T-10.3",
        "Both sides past the target with equal totals: play on, or the declaring side wins.",
    )
    game_target: int = option(800, rule="T-10.3", doc="Points that win an Ottocento game.")
    must_overtrump: bool = option(
        False, (True, False), "T-13.12, T-7.3", "A player playing a trump must beat the trick."
    )
    matto_led: Literal["next_card_sets_suit", "matto_cannot_lead"] = option(
        "next_card_sets_suit",
        ("next_card_sets_suit", "matto_cannot_lead"),
        "T-13.13, T-7.4",
        "A led Matto: the next card fixes the suit; or the Matto may not lead (unless alone).",
    )
    matto_last_trick: Literal["no_special_rule", "lost_like_french_excuse"] = option(
        "no_special_rule",
        ("no_special_rule", "lost_like_french_excuse"),
        "T-13.14, T-7.6",
        "A Matto in the last trick is kept as always; or it goes to the trick's winner.",
    )
    matto_exchange_timing: Literal["end_of_hand", "immediately"] = option(
        "end_of_hand",
        ("end_of_hand", "immediately"),
        "T-13.15, T-8.1",
        "When the Matto's side hands over its low card; the score is the same either way.",
    )
    capot_bonus: Literal["none"] = option(
        "none", ("none",), "T-13.16, T-10.4", "Ottocento: no bonus for winning every trick."
    )
    terziglio_deal: Literal["18_plus_8", "19_plus_5"] = option(
        "18_plus_8",
        ("18_plus_8", "19_plus_5"),
        "T-13.17, T-11.2",
        "Terziglio deal: 18 cards each and 8 to the stock, or 19 each and 5.",
    )
    terziglio_auction: Literal["simple_ascending", "barilli_va_bene"] = option(
        "simple_ascending",
        ("simple_ascending", "barilli_va_bene"),
        "T-13.18, T-11.3",
        "One round from eldest, each bid higher; or only eldest proposes gioco (others: solo).",
    )
    terziglio_card_count: Literal["pairs", "groups_of_three"] = option(
        "pairs",
        ("pairs", "groups_of_three"),
        "T-13.19, T-2.2",
        "Terziglio card points counted in pairs (half points kept exact) or in threes.",
    )
    terziglio_rounding_edge: Literal["strict", "inclusive"] = option(
        "strict",
        ("strict", "inclusive"),
        "T-13.20, T-11.8",
        "'Less than 5 short' of a multiple of 50: strict (245 rounds down) or inclusive.",
    )
    terziglio_capot_solo_double: bool = option(
        False, (True, False), "T-13.21, T-11.8", "The 40 game points of a capot double in a solo."
    )
    terziglio_settlement: Literal["declarer_vs_each", "winner_only"] = option(
        "declarer_vs_each",
        ("declarer_vs_each", "winner_only"),
        "T-13.22, T-11.9",
        "Zero-sum: declarer against each opponent; or only the winners' game points recorded.",
    )
    terziglio_game_end: int = option(
        12,
        rule="T-13.23",
        doc="Hands in a Terziglio game (a multiple of 3; informational, not checked).",
    )
    signal_check: bool = option(
        False, (False,), "T-13.24, T-9.4", "Barilli's signal timing is not checked (no notation)."
    )
    pack78_mapping: Literal["bolognese_tokens"] = option(
        "bolognese_tokens",
        ("bolognese_tokens",),
        "T-13.25, T-1.1",
        "A game played with a 78-card pack is recorded with the Bolognese tokens.",
    )


BOLOGNA = TarocchiniOptions()
"""The default ruleset of both variants (T-13: ``bologna``)."""
