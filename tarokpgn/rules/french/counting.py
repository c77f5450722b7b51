"""Counting (F-9, F-10): who owns which cards at the end, the Excuse and its exchange card, the
oudlers, the taker's points in half points and their rounding."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.french.contracts import OUDLERS, required
from tarokpgn.rules.french.options import FrenchOptions

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState

TAKER: Final = "declarer"
DEFENCE: Final = "opponents"
TOTAL_HALVES: Final = 182


@dataclass(init=False)
class Count:
    """The taker side's cards and points."""

    halves: int
    """Taker side's card points in half points (F-1.7)."""
    oudlers: list[str]
    notes: list[str]
    """How the piles were made up, as a judge says it."""
    points: int
    """Points after the half-point rule (F-10.6)."""
    needed: int

    def __init__(
        self,
        halves: int = 0,
        oudlers: list[str] | None = None,
        notes: list[str] | None = None,
        points: int = 0,
        needed: int = 56,
    ) -> None:
        self.halves = halves
        self.oudlers = [] if oudlers is None else oudlers
        self.notes = [] if notes is None else notes
        self.points = points
        self.needed = needed


def side(deal: DealState, pos: int) -> str:
    return TAKER if deal.side_of(pos) == "declarer" else DEFENCE


def sides(deal: DealState) -> list[str]:
    """:func:`side` of every position, by position."""
    return [side(deal, p) for p in range(deal.players)]


def _other(s: str) -> str:
    return DEFENCE if s == TAKER else TAKER


def _dog(deal: DealState) -> tuple[list[int], str | None]:
    """The cards set aside before play and the side they count for (F-5.1, F-5.4, F-5.5)."""
    c = deal.contract
    assert c is not None
    if c.talon > 0:
        return list(deal.laid_away), TAKER
    if deal.talon is None:
        raise ValueError("the dog is unknown, and its cards count at the end (F-5.4, F-5.5)")
    return list(deal.talon), TAKER if c.id == "garde-sans" else DEFENCE


def piles(deal: DealState, opts: FrenchOptions) -> tuple[dict[str, list[int]], int, list[str]]:
    """Each side's cards, the half points the taker side receives net from Excuse exchanges
    (negative: it gives), and notes (F-9.2–F-9.6, F-10.1)."""
    t = deal.tables
    fool = t.card("FOOL")
    out: dict[str, list[int]] = {TAKER: [], DEFENCE: []}
    notes: list[str] = []
    dog, owner = _dog(deal)
    if owner is not None and dog:
        out[owner] += dog
        what = "écart" if deal.contract and deal.contract.talon else "dog"
        notes.append(f"{what} ({len(dog)} cards) to the {_word(owner)}")
    owed: str | None = None
    last = deal.total_tricks
    side_of = sides(deal)
    for trick in deal.tricks:
        if trick.winner is None:
            continue
        winner = side_of[trick.winner]
        cards = list(trick.cards)
        if fool in cards:
            player = side_of[trick.player(cards.index(fool), deal.players)]
            cards.remove(fool)
            swept = trick.winner == trick.player(trick.cards.index(fool), deal.players)
            dest, note = _excuse(trick.number == last, swept, player, winner, opts)
            out[dest].append(fool)
            notes.append(f"trick {trick.number}: {note}")
            if dest == player and winner != player:
                owed = player
        out[winner] += cards
    exchange = 0
    if owed is not None:
        won_any = any(t.winner is not None and side_of[t.winner] == owed for t in deal.tricks)
        if won_any or opts.excuse_unexchanged_value == "4":
            exchange = -1 if owed == TAKER else 1
            how = "" if won_any else " (owed though its side won no trick: the Excuse counts 4)"
            notes.append(f"the {_word(owed)} gives a half-point card for the Excuse{how} (F-9.2)")
        else:
            notes.append(f"the {_word(owed)} won no trick: no exchange, the Excuse counts 4.5")
    return out, exchange, notes


def _word(s: str) -> str:
    return "taker's side" if s == TAKER else "defence"


def _excuse(
    last: bool, swept: bool, player: str, winner: str, opts: FrenchOptions
) -> tuple[str, str]:
    """Where the Excuse ends (F-9.2–F-9.5) and why."""
    if not last:
        return player, f"the Excuse stays with the {_word(player)} (F-9.2)"
    if swept:
        return player, f"the Excuse wins the last trick for the {_word(player)} (F-9.5)"
    if opts.excuse_last_trick == "to_opponents":
        dest = _other(player)
        return dest, f"the Excuse played to the last trick goes to the {_word(dest)} (F-9.4)"
    return winner, f"the Excuse played to the last trick goes to its winner, the {_word(winner)}"


def count(deal: DealState, opts: FrenchOptions) -> Count:
    """The taker side's points and oudlers, rounded by F-10.6 (F-16 for 4 players)."""
    out, exchange, notes = piles(deal, opts)
    t = deal.tables
    cards = out[TAKER]
    points = t.points
    halves = sum([points[c] for c in cards]) + exchange
    held = set(cards)
    oudlers = [o for o in OUDLERS if t.index[o] in held]
    res = Count(halves, oudlers, notes, needed=required(len(oudlers)))
    res.points = _round(halves, res.needed, deal.players, opts)
    return res


def _round(halves: int, needed: int, players: int, opts: FrenchOptions) -> int:
    whole, half = divmod(halves, 2)
    if not half:
        return whole
    rule = opts.half_point_rounding if players == 4 else "winner_favour"
    if rule == "keep":
        msg = f"the taker's side has {whole}.5 points and half_point_rounding=keep: the score "
        raise ValueError(msg + "cannot be written in whole numbers (F-16)")
    if rule == "taker_favour" or (rule == "winner_favour" and whole >= needed):
        return whole + 1
    return whole
