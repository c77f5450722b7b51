"""Legality of plays and the trick winner in Czech Taroky, on the shared core (CZ-8, CZ-9).

Ordinary games use the core's default policy: follow suit without a duty to beat, else a
tarok, else anything (CZ-8.2–8.5). Varšava adds the duty to beat (CZ-8.6 a, the policy's) and
the Czech pagát rule — the pagát may be led or played only as the player's last tarok (CZ-8.6
b) — which is narrower than the core's "only legal card" rule, so :func:`warsaw_legal` applies
it (and the strict overtake) as a filter: the one statement :func:`czech_legal`,
:func:`czech_check` and the deal's ``check_play``/``exact_cards`` derive from.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import (
    MUST_BEAT,
    PAGAT_LAST,
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
from tarokpgn.rules.state import ALL_CARDS

TABLES: Final = CardTables.of(TAROK54)
PAGAT: Final = TABLES.card("T1")
MOND: Final = TABLES.card("T21")
SKYZ: Final = TABLES.card("FOOL")


@cache
def policy(warsaw: bool, emperor: bool) -> TrickPolicy:
    """The trick policy of a Czech game (CZ-8, CZ-9.3)."""
    emp = Emperor(capturer=PAGAT, first=MOND, second=SKYZ) if emperor else None
    return TrickPolicy(must_beat=warsaw, emperor=emp)


def _strict_beat(trick: Sequence[int], cands: list[int]) -> list[int]:
    """``warsaw_overtake = strict``: following a suit already trumped, still beat the highest
    card of that suit if able (CZ-8.6 a, item 23)."""
    led = led_suit(trick, TABLES, policy(True, False))
    if led == TRUMP_SUIT or not cands or TABLES.suit[cands[0]] != led:
        return cands
    top = max(TABLES.strength[c] for c in trick if TABLES.suit[c] == led)
    higher = [c for c in cands if TABLES.strength[c] > top]
    return higher or cands


def _other_tarok(hand: Sequence[int]) -> bool:
    suit = TABLES.suit
    return any(suit[c] == TRUMP_SUIT and c != PAGAT for c in hand)


def warsaw_legal(
    hand: Sequence[int], trick: Sequence[int], legal: list[int], opts: CzechOptions
) -> list[int]:
    """What Varšava adds to the core's ``legal`` cards (its must-beat is the policy's): with
    ``warsaw_overtake = strict`` the higher cards of a suit already trumped (CZ-8.6 a); the
    pagát only as the player's last tarok, led or played (CZ-8.6 b)."""
    if opts.warsaw_overtake == "strict":
        legal = _strict_beat(trick, legal)
    if PAGAT in legal and len(legal) > 1 and _other_tarok(hand):
        legal = [c for c in legal if c != PAGAT]
    return legal


def warsaw_exact(opts: CzechOptions) -> int:
    """Bit set of the cards :func:`warsaw_legal` may take away: the pagát, every card with
    ``warsaw_overtake = strict`` (:meth:`~tarokpgn.rules.state.DealState.exact_cards`)."""
    return ALL_CARDS if opts.warsaw_overtake == "strict" else TABLES.bit[PAGAT]


def czech_legal(
    hand: Sequence[int], trick: Sequence[int], warsaw: bool, opts: CzechOptions
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (CZ-8)."""
    legal = legal_plays(hand, trick, TABLES, policy(warsaw, opts.emperor_trick))
    return warsaw_legal(hand, trick, legal, opts) if warsaw else legal


def warsaw_fault(
    card: int, hand: Sequence[int], trick: Sequence[int], opts: CzechOptions
) -> PlayFault | None:
    """In Varšava, for a ``card`` the core's policy allows: None when :func:`warsaw_legal`
    keeps it too, else ``pagat-last`` (the pagát, CZ-8.6 b) or ``must-beat`` (strict, CZ-8.6
    a) with the cards allowed."""
    legal = czech_legal(hand, trick, True, opts)
    if card in legal:
        return None
    return PlayFault(PAGAT_LAST if card == PAGAT else MUST_BEAT, tuple(sorted(legal)))


def czech_check(
    card: int, hand: Sequence[int], trick: Sequence[int], warsaw: bool, opts: CzechOptions
) -> PlayFault | None:
    """None when ``card`` may be played, else the broken duty (CZ-8)."""
    fault = check_play(card, hand, trick, TABLES, policy(warsaw, opts.emperor_trick))
    if not warsaw:
        return fault
    if fault is None:
        return warsaw_fault(card, hand, trick, opts)
    return PlayFault(fault.code, tuple(sorted(czech_legal(hand, trick, True, opts))))


def winner(trick: Sequence[int], opts: CzechOptions) -> int:
    """Position in ``trick`` of the winning card: highest tarok, else highest of the suit
    led (CZ-9.2); the pagát captures mond and škýz only with ``emperor_trick`` (CZ-9.3)."""
    return trick_winner(trick, TABLES, policy(False, opts.emperor_trick))
