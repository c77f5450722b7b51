"""Slovenian ruleset options: every open choice of slovenian.md sections 17–18, with presets.

Each field is one named option; ``rule`` in its metadata is the rule it settles. Presets:
``semedela`` (Tarok Semedela Open, seeds first), ``pagat`` (pagat.com / OpenSpiel style) for
4 players, ``sl3`` (OpenSpiel 3-player procedure) for 3 players, and ``openspiel`` (the choices
of OpenSpiel's ``tarok`` game) for both. A record may override single options in its
``Options`` tag.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from tarokpgn.rules.ruleset import Options, option


@dataclass(frozen=True)
class SlovenianOptions(Options):
    """The options of Slovenian tarok; defaults are the ``semedela`` values."""

    direction: str = option(
        "anticlockwise", ("anticlockwise", "clockwise"), "SL-2.2", "metadata only"
    )
    deal_packets: str = option(
        "talon_first", ("talon_first", "talon_between_rounds"), "SL-2.4", "metadata only"
    )
    compulsory_first_klop: str = option(
        "per_round", ("per_round", "per_tournament", "off"), "SL-3.1",
        "the first deal of each round (or of the match) is a compulsory klop, no auction",
    )  # fmt: skip
    round_length: int = option(
        12, (), "SL-14.2", "deals per round for compulsory_first_klop", bounds=(1, None)
    )
    auction_first_speaker: str = option(
        "P1", ("P1", "P2"), "SL-3.4", "who speaks first (P2: forehand speaks last)"
    )
    forehand_opening: str = option(
        "compulsory_three", ("compulsory_three", "free", "three_only_after_all_pass"), "SL-3.5",
        "how forehand may open, and who may bid three",
    )  # fmt: skip
    priority_hold: str = option(
        "none", ("none", "by_seat", "forehand_only"), "SL-3.6",
        "who may 'hold' (bid equal to) the current highest bid",
    )  # fmt: skip
    all_pass: str = option(
        "klop", ("klop", "forehand_must_choose"), "SL-3.8", "what happens when the others pass"
    )
    final_raise: bool = option(False, (), "SL-3.9", "declarer may raise his own contract")
    ladder_order: str = option(
        "by_value", ("by_value", "prose"), "SL-3.2", "open solo without vs open beggar order"
    )
    valat_contract_value: int = option(250, (125, 250, 500), "SL-4.1", "valat contract value")
    colour_valat_value: int = option(125, (125, 250, 500), "SL-4.1", "colour valat value")
    colour_valat_named_suit: bool = option(
        True, (), "SL-4.5", "colour valat in one named suit (150), played like colour valat"
    )
    open_solo_brez: bool = option(True, (), "SL-4.1", "open solo without (100) exists")
    pikolo: bool = option(False, (), "SL-4.1", "piccolo (35, take exactly one trick) exists")
    solo_brez_leader: str = option(
        "P1", ("P1", "declarer"), "SL-10.2", "who leads trick 1 in solo without"
    )
    solo_brez_adds_difference: bool = option(
        False, (), "SL-12.4", "solo without scores value + difference instead of flat"
    )
    open_exposure_time: str = option(
        "after_first_trick", ("after_first_trick", "whole_play"), "SL-9.9", "metadata only"
    )
    layaway_forbidden: str = option(
        "kings_and_trula", ("kings_and_trula", "none"), "SL-6.6", "cards never laid away"
    )
    layaway_taroks: str = option(
        "face_up", ("face_up", "only_if_nothing_else"), "SL-6.6", "laying away taroks"
    )
    layaway_from_talon: str = option(
        "allowed", ("allowed", "forbidden"), "SL-6.6", "lay away a card just taken"
    )
    must_take_called_king_group: bool = option(
        True, (), "SL-6.4", "a called king in the talon must be taken (its group)"
    )
    call_queen_with_four_kings: bool = option(
        False, (), "SL-5.4", "holding four kings, the declarer may call a queen"
    )
    difference_rounding: str = option(
        "none", ("none", "nearest5"), "SL-12.2", "rounding of the difference"
    )
    klop_scoring: str = option(
        "semedela", ("semedela", "plain", "pagat"), "SL-12.7", "how klop is scored"
    )
    klop_talon: str = option(
        "first_six", ("first_six", "none"), "SL-6.8", "talon cards go to the first six tricks"
    )
    klop_kontra: bool = option(False, (), "SL-8.5", "klop may be kontra'd")
    negative_must_beat: bool = option(
        True, (), "SL-9.6", "must beat if able in klop and beggar contracts"
    )
    emperor_trick: str = option(
        "any_order", ("any_order", "ordered", "off"), "SL-10.3", "the pagat captures mond+škis"
    )
    colour_valat_must_trump: bool = option(
        True, (), "SL-9.8", "in colour valat a void player must still play a tarok"
    )
    king_ultimo: bool = option(False, (), "SL-7.3", "king ultimo (silent 10, announced 20)")
    solo_announcement: bool = option(
        False, (), "SL-7.9", "a declarer playing alone in three/two/one may announce solo (+10)"
    )
    announce_requires_holding: str = option(
        "as_stated", ("as_stated", "none"), "SL-7.5", "pagat ultimo only by the pagat's holder"
    )
    silent_pagat_failure: int = option(
        25, (0, 25), "SL-7.4", "charge for a pagat played to the last trick that loses it"
    )
    failed_valat_replaces_game: bool = option(
        True, (), "SL-12.5", "a failed announced valat replaces the game score"
    )
    mondfang: int = option(0, (0, 20, 21), "SL-12.8", "individual charge for a captured mond")
    mondfang_contracts: str = option(
        "point", ("point", "point_and_solo_brez"), "SL-12.8",
        "contracts with the mond charge: point (three … solo one), or also (open) solo without",
    )  # fmt: skip
    mond_in_talon_cancelled_by_king: bool = option(
        True, (), "SL-12.8", "no mond charge when the called king brings the talon home"
    )
    mondfang_after_valat: bool = option(True, (), "SL-12.8", "mond charge also in valat")
    stop_on_decided: str = option(
        "accept", ("accept", "play_out"), "SL-9.7",
        "a beggar/valat deal may end once decided (accept) or must be played out",
    )  # fmt: skip
    sl3_auction: str = option(
        "openspiel", ("openspiel", "pwinckles"), "SL-15.4",
        "3 players: OpenSpiel procedure, or P1 first, any contract, klop when all pass",
    )  # fmt: skip
    radelci: bool = option(
        False, (), "SL-12.9", "radelci double a declarer's next score; followed across a match"
    )
    renons_other_players: str = option(
        "zero", ("zero", "normal"), "SL-13.6", "other players' score in a renons game"
    )
    renons_klop_value: int = option(70, (0, 70), "SL-13.6", "V used for a renons in klop")
    renons_false_claim_basis: str = option(
        "claimant", ("claimant", "offender"), "SL-13.4", "whose V+35+A an unproven claim costs"
    )


SEMEDELA: Final = SlovenianOptions()
"""Tarok Semedela Open (seeds first)."""

PAGAT: Final = dataclasses.replace(
    SEMEDELA,
    compulsory_first_klop="off",
    auction_first_speaker="P2",
    forehand_opening="three_only_after_all_pass",
    priority_hold="by_seat",
    all_pass="forehand_must_choose",
    final_raise=True,
    valat_contract_value=500,
    colour_valat_named_suit=False,
    open_solo_brez=False,
    solo_brez_leader="declarer",
    must_take_called_king_group=False,
    klop_scoring="pagat",
    king_ultimo=True,
    mondfang=21,
)
"""pagat.com / OpenSpiel style, 4 players."""

SL3: Final = dataclasses.replace(PAGAT, king_ultimo=False)
"""3 players (OpenSpiel procedure, pagat values)."""

OPENSPIEL: Final = dataclasses.replace(
    PAGAT,
    mondfang=20,
    mondfang_contracts="point_and_solo_brez",
    layaway_taroks="only_if_nothing_else",
)
"""The rule choices of OpenSpiel's ``tarok`` game, 4 players: ``pagat`` with a mond charge of
20 also in solo without (SL-12.8) and taroks laid away only when nothing else can be (SL-6.6).
Where OpenSpiel departs from every written rule, this preset follows the rules (see the
"OpenSpiel's rules" section of docs/variants/slovenian.rst)."""

OPENSPIEL3: Final = dataclasses.replace(OPENSPIEL, king_ultimo=False)
"""OpenSpiel's ``tarok`` game, 3 players: :data:`OPENSPIEL` without king ultimo (SL-15.3)."""
