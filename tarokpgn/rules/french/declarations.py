"""Declarations (F-6): the poignée (handful) with its shown trumps, the chelem announcement,
and the optional non-FFT misère and petit chelem (F-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarokpgn.limits import bounded_int
from tarokpgn.rules.core import TRUMP_SUIT
from tarokpgn.rules.french.contracts import HANDFUL_LEVELS, HANDFUL_SIZES, KINGS
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Fault

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState


def sizes(players: int, opts: FrenchOptions) -> tuple[int, ...]:
    """Trumps of a single, double and triple poignée (F-6.1, option poignee_thresholds_5p)."""
    if players == 5 and opts.poignee_thresholds_5p == "8/10/15":
        return (8, 10, 15)
    return HANDFUL_SIZES[players]


def values(opts: FrenchOptions) -> tuple[int, ...]:
    """Bonus of a single, double and triple poignée (F-6.1, option poignee_values)."""
    return tuple(int(v) for v in opts.poignee_values.split("/"))


def handful_size(name: str) -> int | None:
    """``handful-10`` → 10; None for other names."""
    head, _, n = name.partition("-")
    return bounded_int(n, 999) if head == "handful" else None


def handful_level(players: int, name: str, opts: FrenchOptions) -> int | None:
    """0, 1, 2 for a single, double, triple poignée of this player count; None otherwise."""
    n = handful_size(name)
    levels = sizes(players, opts)
    return levels.index(n) if n in levels else None


def handful_bonus(players: int, name: str, opts: FrenchOptions) -> int:
    level = handful_level(players, name, opts)
    return values(opts)[level] if level is not None else 0


def check_name(deal: DealState, pos: int, name: str, opts: FrenchOptions) -> Fault | None:
    """Whether ``pos`` may declare or announce ``name`` now (F-6.1, F-6.4, F-6.7, F-12)."""
    c = deal.contract
    who = deal.label(pos)
    if c is None or c.kind == "passed":
        return Fault("illegal-announcement", "nothing is declared in a thrown-in deal", "F-3.5",
                     pos)  # fmt: skip
    if handful_size(name) is not None:
        return _check_handful_name(deal, pos, name, opts)
    if name in ("chelem", "petit-chelem"):
        if name == "petit-chelem" and not opts.petit_chelem:
            msg = "petit chelem is not an announcement of the fft ruleset"
            return Fault("illegal-announcement", msg, "F-12.2", pos)
        if pos != deal.declarer:
            msg = f"{who} is not the taker: only the taker announces a {name}"
            return Fault("illegal-announcement", msg, "F-6.7", pos)
        if name in deal.announced:
            return Fault("illegal-announcement", f"{name} was already announced", "F-6.7", pos)
        return None
    if name == "misere" and opts.misere:
        return _check_misere(deal, pos)
    msg = f"{name!r} is not a declaration or announcement of French Tarot"
    return Fault("illegal-announcement", msg, "F-6", pos)


def _check_handful_name(deal: DealState, pos: int, name: str, opts: FrenchOptions) -> Fault | None:
    levels = sizes(deal.players, opts)
    if handful_level(deal.players, name, opts) is None:
        allowed = "/".join(str(n) for n in levels)
        msg = f"{name}: a poignée with {deal.players} players shows {allowed} trumps"
        return Fault("illegal-declaration", msg, "F-6.1", pos)
    if any(p == pos and handful_size(n) for p, n, _ in deal.declared_cards):
        msg = f"{deal.label(pos)} has already declared a poignée"
        return Fault("illegal-declaration", msg, "F-6.4", pos)
    return None


def _check_misere(deal: DealState, pos: int) -> Fault | None:
    hand = deal.hands[pos]
    t = deal.tables
    if hand is not None and any(t.suit[c] == TRUMP_SUIT or t.tokens[c] == "FOOL" for c in hand):
        msg = f"{deal.label(pos)} declares misère while holding a trump or the Excuse"
        return Fault("illegal-declaration", msg, "F-12.1", pos)
    return None


def check_shown(
    deal: DealState, pos: int, name: str, cards: tuple[int, ...], opts: FrenchOptions
) -> Fault | None:
    """The trumps a poignée shows: exactly the level's number (F-6.1, F-6.2), all held at the
    first trick (F-6.6), the Excuse only by a player with no other trump (F-6.3)."""
    n = handful_size(name)
    if n is None:
        return None
    t = deal.tables
    who = deal.label(pos)
    fool = t.card("FOOL")
    hand = deal.hands[pos]
    if not cards:
        if hand is None:
            return None
        trumps = [c for c in hand if t.suit[c] == TRUMP_SUIT]
        usable = len(trumps) + (1 if fool in hand else 0)
        if usable < n:
            msg = f"{who} declares {name} holding {len(trumps)} trump(s)"
            return Fault("illegal-declaration", msg, "F-6.1", pos)
        return None
    names = " ".join(t.names(cards))
    if len(cards) != n or len(set(cards)) != n:
        msg = f"{who} declares {name} but shows {len(cards)} card(s): {names}"
        return Fault("illegal-declaration", msg, "F-6.2", pos)
    bad = [c for c in cards if t.suit[c] != TRUMP_SUIT and c != fool]
    if bad:
        msg = f"a poignée shows trumps only: {' '.join(t.names(bad))} is not one"
        return Fault("illegal-declaration", msg, "F-6.1", pos)
    if hand is not None:
        fault = _check_held(deal, pos, name, cards, hand, opts)
        if fault is not None:
            return fault
        if fool in cards:
            hidden = [c for c in hand if t.suit[c] == TRUMP_SUIT and c not in cards]
            if hidden:
                msg = f"{who} shows the Excuse in {name} while holding other trumps "
                msg += f"({' '.join(t.names(hidden))}): the Excuse stands in only for a missing"
                msg += " trump"
                return Fault("illegal-declaration", msg, "F-6.3", pos)
    return None


def _check_held(
    deal: DealState,
    pos: int,
    name: str,
    cards: tuple[int, ...],
    hand: set[int],
    opts: FrenchOptions,
) -> Fault | None:
    missing = [c for c in cards if c not in hand]
    discarded = [c for c in missing if c in deal.laid_away and pos == deal.declarer]
    if discarded and discarded == missing and _discard_counts(deal, pos, name, opts):
        return None
    if missing:
        t = deal.tables
        where = ": it was put in the écart (F-6.1)" if discarded else ""
        msg = f"{deal.label(pos)} shows {' '.join(t.names(missing))} in {name} without holding "
        msg += f"it{where}"
        return Fault("illegal-declaration", msg, "F-6.6" if discarded else "F-6.1", pos)
    return None


def _discard_counts(deal: DealState, pos: int, name: str, opts: FrenchOptions) -> bool:
    """A trump in the écart may be shown again: always, never, or (FFT) in the triple poignée
    of a taker who held the four Kings (F-6.6, F-15.11)."""
    rule = opts.poignee_counts_discarded_trumps
    if rule != "fft_special_case":
        return rule == "always"
    if handful_level(deal.players, name, opts) != len(HANDFUL_LEVELS) - 1:
        return False
    t = deal.tables
    dealt = deal.dealt[pos] or frozenset()
    held = set(dealt) | set(deal.taken)
    return all(t.card(k) in held for k in KINGS)
