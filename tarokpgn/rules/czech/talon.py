"""Talon purchase (dokup) and discards (CZ-5).

Who takes which talon cards depends on the game and the ruleset: 4+1+1 in the Vysočina duties,
1+2+3 in the MČR first duty, one trio in preferanc, none in sólo and Varšava. Discards are laid
face down and count for the discarder's side (CZ-5.3); kings and taroks may not be discarded
(CZ-5.4).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import Final, TypeVar

from tarokpgn.cards import TAROK54
from tarokpgn.rules.core import CardTables, bit_total
from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.options import CzechOptions, split

KINGS: Final = frozenset({"HK", "DK", "SK", "CK"})
"""The honéry (CZ-0.5)."""
TRUL: Final = frozenset({"T1", "T21", "FOOL"})
"""Pagát, mond and škýz (CZ-1.2)."""
TAROKS: Final = frozenset(t for t in TAROK54.tokens if TAROK54.is_trump(t))
"""The 22 taroks, škýz included (CZ-1.1)."""
_INDEX: Final = TAROK54.index
KING_CARDS: Final = frozenset(_INDEX[t] for t in KINGS)
""":data:`KINGS` as card numbers of the 54-card pack (its canonical order)."""
TRUL_CARDS: Final = frozenset(_INDEX[t] for t in TRUL)
TAROK_CARDS: Final = frozenset(_INDEX[t] for t in TAROKS)

S = TypeVar("S", bound=Hashable)
"""A seat: its label or its position."""
C = TypeVar("C", bound=Hashable)
"""A card: its token or its card number."""


def _split_from(
    first: S, order: Sequence[S], split: Sequence[int], talon: Sequence[C]
) -> dict[S, tuple[C, ...]]:
    start = order.index(first)
    out: dict[S, tuple[C, ...]] = {}
    pos = 0
    for k, n in enumerate(split):
        seat = order[(start + k) % len(order)]
        if n:
            out[seat] = tuple(talon[pos : pos + n])
        pos += n
    return out


def purchases(
    contract: Contract,
    declarer: S,
    order: Sequence[S],
    talon: Sequence[C],
    opts: CzechOptions,
) -> dict[S, tuple[C, ...]]:
    """Talon cards each seat must take, in talon order (CZ-5.1, 5.5, 5.6, 17.1, 17.4).

    The preferanc level must be known (1–3); a trio refused at level 2 or 3 is not taken.
    """
    game = contract.game
    if game is Game.FIRST_DUTY:
        return _split_from(order[0], order, _split(opts.duty1_talon), talon)
    if game is Game.SECOND_DUTY:
        return _split_from(declarer, order, _split(opts.duty2_talon), talon)
    if game is Game.PREFERANC:
        kept = talon[3:6] if contract.level == 2 else talon[0:3]
        return {declarer: tuple(kept)}
    return {}


def _split(text: str) -> tuple[int, ...]:
    """:func:`~tarokpgn.rules.czech.options.split`, parsed once per option text."""
    counts = _SPLITS.get(text)
    if counts is None:
        counts = _SPLITS[text] = split(text)
    return counts


_SPLITS: dict[str, tuple[int, ...]] = {}


def opponents_talon(contract: Contract, talon: Sequence[C]) -> tuple[C, ...]:
    """Talon cards that count for the opponents untouched (CZ-5.6, CZ-5.8, CZ-17.1)."""
    if contract.game is Game.SOLO:
        return tuple(talon)
    if contract.game is Game.PREFERANC:
        return tuple(talon[0:3] if contract.level == 2 else talon[3:6])
    return ()


def preferanc_level(talon: Sequence[C], taken: Collection[C], bid_level: int) -> int | None:
    """The preferanc level from the trio kept (CZ-17.1); None when the take fits no level.

    A take of cards 1–3 is level 1 unless the bid says 3; cards 4–6 are level 2.
    """
    kept = set(taken)
    if kept == set(talon[0:3]) and bid_level in (0, 1, 3):
        return bid_level or 1
    if kept == set(talon[3:6]) and bid_level in (0, 2):
        return 2
    return None


def discard_fault(hand: Collection[str], discard: Sequence[str], opts: CzechOptions) -> str | None:
    """Why laying ``discard`` away from ``hand`` (after taking) is illegal, or None (CZ-5.4).

    No king and no tarok, unless the hand holds too few other cards: then the shortfall is
    made up with taroks, trul cards last (``forced_discard_trul``), never with kings.
    Cards are tokens; :func:`discard_fault_mask` is the same rule on card numbers.
    """
    bad = [c for c in discard if c not in hand]
    if bad:
        return f"discards {' '.join(bad)}, which he does not hold"
    held = _MASKS.mask([_INDEX[c] for c in hand if c in _INDEX])
    return discard_fault_mask(held, [_INDEX[c] for c in discard], opts, TAROK54.tokens)


def discard_fault_mask(
    hand: int, discard: Sequence[int], opts: CzechOptions, tokens: Sequence[str]
) -> str | None:
    """:func:`discard_fault` on card numbers of the 54-card pack (``tokens`` name them), the
    hand as a bit set (bit ``c`` for card ``c``)."""
    for c in discard:
        if not (0 <= c < _PACK and hand >> c & 1):  # the list only when a card is not held
            bad = [tokens[c] for c in discard if not (0 <= c < _PACK and hand >> c & 1)]
            return f"discards {' '.join(bad)}, which he does not hold"
    return _discard_rule(
        bit_total(hand),
        bit_total(hand & _KING_MASK),
        bit_total(hand & _TAROK_MASK),
        bit_total(hand & _TRUL_MASK),
        discard,
        opts,
        tokens,
    )


def _discard_rule(
    held: int,
    kings: int,
    held_taroks: int,
    held_trul: int,
    discard: Sequence[int],
    opts: CzechOptions,
    tokens: Sequence[str],
) -> str | None:
    """CZ-5.4 on a hand of ``held`` cards, of which ``kings`` kings, ``held_taroks`` taroks
    and ``held_trul`` trul cards, that holds every card of ``discard``."""
    for c in discard:
        if c in KING_CARDS:
            return f"discards the king {tokens[c]}: kings may never be discarded"
    plain = held - kings - held_taroks
    taroks = [c for c in discard if c in TAROK_CARDS]
    forced = max(0, len(discard) - plain)
    if len(taroks) > forced:
        return (
            f"discards the tarok {tokens[taroks[0]]} while holding other cards: taroks may be "
            "discarded only when nothing but kings and taroks is left"
        )
    if opts.forced_discard_trul == "last_resort":
        plain_taroks = held_taroks - held_trul
        trul = [c for c in taroks if c in TRUL_CARDS]
        if len(trul) > max(0, forced - plain_taroks):
            return f"discards the trul card {tokens[trul[0]]} while holding other taroks"
    return None


_MASKS: Final = CardTables.of(TAROK54)
_PACK: Final = len(TAROK54.tokens)
_KING_MASK: Final = _MASKS.mask(KING_CARDS)
_TAROK_MASK: Final = _MASKS.mask(TAROK_CARDS)
_TRUL_MASK: Final = _MASKS.mask(TRUL_CARDS)
