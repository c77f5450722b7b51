"""Czech checks of the talon exchange, hlášky and fleky against a deal (CZ-5, CZ-6, CZ-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarokpgn.rules.czech.contracts import Contract, Game
from tarokpgn.rules.czech.hlasky import (
    COMMITTING,
    REVEALING,
    held_mask_counts,
    judged_mask_counts,
    qualifying_counts,
)
from tarokpgn.rules.czech.talon import discard_fault_mask, preferanc_level
from tarokpgn.rules.ruleset import Fault

if TYPE_CHECKING:
    from tarokpgn.rules.czech.state import CzechDeal

DECLARER = "declarer"
OPPONENTS = "opponents"


def _names(deal: CzechDeal, cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(deal.name(c) for c in cards)


# --- talon (CZ-5) ----------------------------------------------------------------------------


def exchange_faults(
    deal: CzechDeal, pos: int, take: tuple[int, ...], discard: tuple[int, ...]
) -> list[Fault]:
    """Right seat, right talon cards, as many discards, none forbidden (CZ-5.1–5.6)."""
    who, game = deal.label(pos), deal.game
    due = due_cards(deal, game)
    if game is None or pos not in due:
        what = game.word if game else "this game"
        return [Fault("talon-group", f"{who} takes no talon cards in {what}", "CZ-5.1", pos)]
    if pos in deal.takes:
        return [Fault("talon-group", f"{who} exchanges a second time", "CZ-5.1", pos)]
    faults = _take_faults(deal, pos, take, game, due[pos])
    if len(discard) != len(take):
        msg = f"{who} takes {len(take)} talon cards but discards {len(discard)}"
        faults.append(Fault("discard-count", msg, "CZ-5.3", pos))
    if deal.known(pos):
        held = deal.hand_bits[pos] | deal.tables.mask(take)
        why = discard_fault_mask(held, discard, deal.opts, deal.tables.tokens)
        if why:
            faults.append(Fault("illegal-discard", f"{who} {why}", "CZ-5.4", pos))
    return faults


def due_cards(deal: CzechDeal, game: Contract | None) -> dict[int, tuple[int, ...]]:
    """Position → the talon cards it must take (as :meth:`CzechDeal.expected_takes`, which
    counts them; stand-in cards −6…−1 when the talon is unknown)."""
    return deal.due(game)


def _take_faults(
    deal: CzechDeal, pos: int, take: tuple[int, ...], game: Contract, due: tuple[int, ...]
) -> list[Fault]:
    who, talon, count = deal.label(pos), deal.talon, len(due)
    assert deal.declarer is not None
    if talon is None:
        if len(take) == count:
            return []
        return [Fault("talon-group", f"{who} must take {count} talon cards", "CZ-5.1", pos)]
    if game.game is Game.PREFERANC:
        if preferanc_level(talon, take, game.level) is not None:
            return []
        level = f" at level {game.level}" if game.level else ""
        msg = (f"{who} must keep talon cards 1–3 ({_names(deal, talon[:3])}) or 4–6 "
               f"({_names(deal, talon[3:])}) as the preferanc level says{level}")  # fmt: skip
        return [Fault("talon-group", msg, "CZ-17.1", pos)]
    if all(c in due for c in take) and all(c in take for c in due):  # the same cards
        return []
    rule = "CZ-5.1" if game.game is Game.FIRST_DUTY else "CZ-5.5"
    msg = f"{who} must take {_names(deal, due)} from the talon, not {_names(deal, take)}"
    return [Fault("talon-group", msg, rule, pos)]


# --- sides ---------------------------------------------------------------------------------------


def side_of(deal: CzechDeal, pos: int) -> str | None:
    """``declarer`` or ``opponents``; None while the partner is still unknown."""
    if pos == deal.declarer or (deal.partner is not None and pos == deal.partner):
        return DECLARER
    if deal.partner is not None or deal.partner_known or not deal.contract:
        return OPPONENTS
    return OPPONENTS if not deal.contract.calls else None


def judged_hand(deal: CzechDeal, pos: int) -> frozenset[int] | None:
    """The hand revealing hlášky are judged on (CZ-6.6, option ``hlasky_timing``)."""
    dealt = deal.dealt[pos]
    if dealt is None:
        return None
    if deal.opts.hlasky_timing == "dealt":
        return dealt
    return dealt.union(deal.takes.get(pos, ())).difference(deal.discards.get(pos, ()))


def judged_hand_counts(deal: CzechDeal, pos: int) -> tuple[int, int, int] | None:
    """(taroks, kings, trul cards) of :func:`judged_hand`, all its revealing hlášky depend on,
    from the dealt hand's bit set: no hand built for every announcement and every score."""
    dealt = deal.dealt_bits[pos]
    if dealt is None:
        return None
    if deal.opts.hlasky_timing == "dealt":
        return held_mask_counts(dealt)
    return judged_mask_counts(dealt, deal.takes.get(pos, ()), deal.discards.get(pos, ()))


# --- hlášky (CZ-6) ---------------------------------------------------------------------------


def announcement_fault(deal: CzechDeal, pos: int, name: str) -> Fault | None:
    """No hlášky in Varšava; a revealing one must be held; a commitment once (CZ-6)."""
    who = deal.label(pos)
    if deal.is_warsaw:
        return Fault("illegal-announcement", "there are no hlášky in Varšava", "CZ-6.9", pos)
    if name in COMMITTING:
        if name in deal.announced:
            msg = f"{name} was already announced by {deal.label(deal.announced[name])}"
            return Fault("illegal-announcement", msg, "CZ-6.3", pos)
        return None
    if name not in REVEALING:
        msg = f"{name!r} is no Czech hláška"
        return Fault("illegal-announcement", msg, "CZ-6.2", pos)
    if (pos, name) in deal.declared:
        return Fault("illegal-announcement", f"{who} declares {name} twice", "CZ-6.6", pos)
    counts = judged_hand_counts(deal, pos)
    if counts is not None and name not in qualifying_counts(counts):
        return Fault("false-hlaska", f"{who} declares {name} but does not hold it", "CZ-6.6", pos)
    return None


# --- fleky (CZ-7) ----------------------------------------------------------------------------


def _target_side(deal: CzechDeal, target: str) -> str | None:
    if target == "game":
        return DECLARER
    if target == "pagat" and deal.game is not None and deal.game.game is Game.SECOND_DUTY:
        return DECLARER
    if target in deal.announced:
        return side_of(deal, deal.announced[target])
    return None


def kontra_fault(deal: CzechDeal, pos: int, level: int, target: str) -> Fault | None:
    """Levels 1–3 in order, flek by the other side, re by the owner side, tutti by the other
    (CZ-7.1, 7.2, 7.5); on a commitment only with ``flek_targets`` (CZ-7.4)."""
    who = deal.label(pos)
    if deal.is_warsaw:
        return Fault("illegal-kontra", "there are no fleky in Varšava", "CZ-6.9", pos)
    if target != "game" and (target not in COMMITTING or deal.opts.flek_targets == "game_only"):
        msg = f"{who} fleks {target!r}: only the game may be flekked"
        if target in COMMITTING:
            msg = f"{who} fleks the {target}: this ruleset allows fleky on the game only"
        return Fault("illegal-kontra", msg, "CZ-7.4", pos)
    owner = _target_side(deal, target)
    if target != "game" and owner is None and target not in deal.announced:
        return Fault("illegal-kontra", f"{who} fleks the {target}, which nobody announced",
                     "CZ-7.4", pos)  # fmt: skip
    current = deal.kontras.get(target, 0)
    if level != current + 1 or level > deal.opts.max_flek:
        words = {1: "flek", 2: "re", 3: "tutti"}
        msg = f"{who} gives {words.get(level, f'level {level}')} on {target} after level {current}"
        return Fault("illegal-kontra", msg, "CZ-7.1", pos)
    mine = side_of(deal, pos)
    if owner is None or mine is None:
        return None
    if (mine == owner) == (level % 2 == 1):
        side = "the other side" if level % 2 else "the side that plays it"
        return Fault("illegal-kontra", f"{who} may not give this flek on {target}: level {level} "
                     f"belongs to {side}", "CZ-7.5" if level == 1 else "CZ-7.2", pos)  # fmt: skip
    return None
