"""Legality of plays and the trick winner in Czech Taroky, on the shared core (CZ-8, CZ-9).

Ordinary games use the core's default policy: follow suit without a duty to beat, else a
tarok, else anything (CZ-8.2–8.5). Varšava adds the duty to beat (CZ-8.6 a) and the Czech
pagát rule — the pagát may be led or played only as the player's last tarok (CZ-8.6 b) — which
is narrower than the core's "only legal card" rule, so it is applied here as a filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import (
    TRUMP_SUIT,
    CardTables,
    Emperor,
    PlayFault,
    TrickPolicy,
    check_play,
    led_suit,
    legal_plays,
    trick_winner,
)
from tarokpgn.rules.czech.options import CzechOptions

TABLES: Final = CardTables.of(TAROK54)
PAGAT: Final = TABLES.card("T1")
MOND: Final = TABLES.card("T21")
SKYZ: Final = TABLES.card("FOOL")


@cache
def policy(warsaw: bool, emperor: bool) -> TrickPolicy:
    """The trick policy of a Czech game (CZ-8, CZ-9.3)."""
    emp = Emperor(capturer=PAGAT, first=MOND, second=SKYZ) if emperor else None
    return TrickPolicy(must_beat=warsaw, emperor=emp)


def _strict_beat(hand: Sequence[int], trick: Sequence[int], cands: list[int]) -> list[int]:
    """``warsaw_overtake = strict``: following a suit already trumped, still beat the highest
    card of that suit if able (CZ-8.6 a, item 23)."""
    led = led_suit(trick, TABLES, policy(True, False))
    if led == TRUMP_SUIT or not cands or TABLES.suit[cands[0]] != led:
        return cands
    top = max(TABLES.strength[c] for c in trick if TABLES.suit[c] == led)
    higher = [c for c in cands if TABLES.strength[c] > top]
    return higher or cands


def czech_legal(
    hand: Sequence[int], trick: Sequence[int], warsaw: bool, opts: CzechOptions
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (CZ-8)."""
    pol = policy(warsaw, opts.emperor_trick)
    legal = legal_plays(hand, trick, TABLES, pol)
    if not warsaw:
        return legal
    if opts.warsaw_overtake == "strict":
        legal = _strict_beat(hand, trick, legal)
    if PAGAT in legal and len(legal) > 1 and _other_tarok(hand):
        legal = [c for c in legal if c != PAGAT]
    return legal


def _other_tarok(hand: Sequence[int]) -> bool:
    suit = TABLES.suit
    return any(suit[c] == TRUMP_SUIT and c != PAGAT for c in hand)


def czech_check(
    card: int, hand: Sequence[int], trick: Sequence[int], warsaw: bool, opts: CzechOptions
) -> PlayFault | None:
    """None when ``card`` may be played, else the broken duty (CZ-8)."""
    pol = policy(warsaw, opts.emperor_trick)
    if not warsaw:
        return check_play(card, hand, trick, TABLES, pol)
    legal = czech_legal(hand, trick, warsaw, opts)
    if card in legal:
        return None
    fault = check_play(card, hand, trick, TABLES, pol)
    should = tuple(sorted(legal))
    if fault is None:
        code = "pagat-last" if card == PAGAT else "must-beat"
        return PlayFault(code, should)
    return PlayFault(fault.code, should)


def winner(trick: Sequence[int], opts: CzechOptions) -> int:
    """Position in ``trick`` of the winning card: highest tarok, else highest of the suit
    led (CZ-9.2); the pagát captures mond and škýz only with ``emperor_trick`` (CZ-9.3)."""
    return trick_winner(trick, TABLES, policy(False, opts.emperor_trick))
