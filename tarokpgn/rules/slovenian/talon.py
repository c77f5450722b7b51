"""King calling (SL-5) and the talon exchange (SL-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tarokpgn.rules.core import TRUMP_SUIT
from tarokpgn.rules.ruleset import Fault
from tarokpgn.rules.slovenian.options import SlovenianOptions

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState

KINGS: Final = ("HK", "DK", "SK", "CK")
QUEENS: Final = ("HQ", "DQ", "SQ", "CQ")
TRULA: Final = ("FOOL", "T21", "T1")


def legal_calls(deal: DealState, opts: SlovenianOptions) -> list[int]:
    """Any king (SL-5.1, also one the declarer holds or one in the talon, SL-5.3); a queen
    only when the declarer holds all four kings and ``call_queen_with_four_kings`` (SL-5.4)."""
    t = deal.tables
    kings = [t.card(k) for k in KINGS]
    calls = list(kings)
    p = deal.declarer
    if opts.call_queen_with_four_kings and p is not None and all(deal.holds(p, k) for k in kings):
        calls += [t.card(q) for q in QUEENS]
    return calls


def check_call(deal: DealState, pos: int, card: int, opts: SlovenianOptions) -> Fault | None:
    if card in legal_calls(deal, opts):
        return None
    name = deal.name(card)
    if name in QUEENS and opts.call_queen_with_four_kings:
        return Fault("illegal-call", f"{name}: a queen may be called only by a player holding "
                     "all four kings", "SL-5.4", pos)  # fmt: skip
    return Fault("illegal-call", f"{name} is not a king: only a king may be called",
                 "SL-5.1", pos)  # fmt: skip


def forbidden_layaway(deal: DealState, opts: SlovenianOptions) -> frozenset[int]:
    """Cards that may never be laid away: kings and trula (SL-6.6, option layaway_forbidden)."""
    if opts.layaway_forbidden == "none":
        return frozenset()
    tables = deal.tables
    never = _NEVER.get(tables.deck.name)
    if never is None:
        never = _NEVER[tables.deck.name] = frozenset(tables.card(c) for c in (*KINGS, *TRULA))
    return never


_NEVER: dict[str, frozenset[int]] = {}
"""Deck name → its kings and trula as card numbers (made once)."""


def check_exchange(
    deal: DealState,
    pos: int,
    take: tuple[int, ...],
    discard: tuple[int, ...],
    show: tuple[int, ...],
    opts: SlovenianOptions,
) -> list[Fault]:
    """The declarer takes one whole group (SL-6.2–6.4) and lays away as many cards (SL-6.3,
    SL-6.6)."""
    faults: list[Fault] = []
    if pos != deal.declarer:
        who = deal.label(pos)
        return [Fault("talon-group", f"{who} is not the declarer and may not exchange", "SL-6.3",
                      pos)]  # fmt: skip
    faults += _check_take(deal, pos, take, opts)
    faults += _check_discard(deal, pos, take, discard, show, opts)
    return faults


def _same_cards(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """``set(a) == set(b)`` for the few cards of a talon group, without building the sets."""
    return all(c in b for c in a) and all(c in a for c in b)


def _names(deal: DealState, cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(deal.name(c) for c in cards)


def _check_take(
    deal: DealState, pos: int, take: tuple[int, ...], opts: SlovenianOptions
) -> list[Fault]:
    assert deal.contract is not None
    k = deal.contract.talon
    groups = deal.talon_groups()
    if deal.talon is None:
        if len(take) != k:
            msg = f"{deal.contract.id} takes {k} talon card(s), not {len(take)}"
            return [Fault("talon-group", msg, "SL-6.2", pos)]
        return []
    if not any(_same_cards(g, take) for g in groups):
        shown = " | ".join(_names(deal, g) for g in groups)
        msg = f"{_names(deal, take) or 'nothing'} is not one whole talon group ({shown})"
        return [Fault("talon-group", msg, "SL-6.2", pos)]
    called = deal.called
    if called is None or not opts.must_take_called_king_group:
        return []
    if called in deal.talon and called not in take:
        group = _names(deal, next(g for g in groups if called in g))
        msg = f"the called {deal.name(called)} is in the talon: the group {group} must be taken"
        return [Fault("talon-group", msg, "SL-6.4", pos)]
    return []


def _check_discard(
    deal: DealState,
    pos: int,
    take: tuple[int, ...],
    discard: tuple[int, ...],
    show: tuple[int, ...],
    opts: SlovenianOptions,
) -> list[Fault]:
    faults: list[Fault] = []
    if len(discard) != len(take):
        msg = f"{len(take)} card(s) taken but {len(discard)} laid away"
        faults.append(Fault("illegal-discard", msg, "SL-6.3", pos))
    if deal.known(pos):  # held after taking
        missing = [c for c in discard if not deal.holds(pos, c) and c not in take]
        if missing:
            msg = f"{deal.label(pos)} lays away {_names(deal, missing)} without holding it"
            faults.append(Fault("not-held", msg, "SL-6.3", pos))
    never = forbidden_layaway(deal, opts)
    bad = [c for c in discard if c in never]
    if bad:
        msg = f"{_names(deal, bad)} may not be laid away (kings and trula never)"
        faults.append(Fault("illegal-discard", msg, "SL-6.6", pos))
    if opts.layaway_from_talon == "forbidden" and any(c in take for c in discard):
        msg = "a card just taken from the talon may not be laid away"
        faults.append(Fault("illegal-discard", msg, "SL-6.6", pos))
    faults += _check_taroks(deal, pos, take, discard, show, opts)
    return faults


def _check_taroks(
    deal: DealState,
    pos: int,
    take: tuple[int, ...],
    discard: tuple[int, ...],
    show: tuple[int, ...],
    opts: SlovenianOptions,
) -> list[Fault]:
    """Laid-away taroks are shown face up (SL-6.6, both values of ``layaway_taroks``); under
    ``only_if_nothing_else`` they may go only with every other card that may be laid away
    (ruling 2026-12: each plain card ``layaway_forbidden`` does not keep back, and not one
    just taken when ``layaway_from_talon=forbidden``)."""
    suit = deal.tables.suit
    taroks = [c for c in discard if suit[c] == TRUMP_SUIT]
    if not taroks:
        return []
    faults: list[Fault] = []
    hidden = [c for c in taroks if c not in show]
    if hidden:
        msg = f"laid-away tarok(s) {_names(deal, hidden)} must be shown face up"
        faults.append(Fault("illegal-discard", msg, "SL-6.6", pos))
    if opts.layaway_taroks == "face_up" or not deal.known(pos):
        return faults
    forbidden = forbidden_layaway(deal, opts)
    from_talon = opts.layaway_from_talon == "forbidden"
    held = deal.hand_bits[pos] | deal.tables.mask(take)  # the hand after taking
    kept = sorted(
        c
        for c in deal.tables.unmask(held)
        if suit[c] != TRUMP_SUIT
        and c not in forbidden
        and c not in discard
        and not (from_talon and c in take)
    )
    if kept:
        msg = f"taroks {_names(deal, taroks)} laid away while {_names(deal, kept)} could be"
        faults.append(Fault("illegal-discard", msg, "SL-6.6", pos))
    return faults
