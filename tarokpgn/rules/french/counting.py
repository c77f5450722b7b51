"""Counting (F-9, F-10): who owns which cards at the end, the Excuse and its exchange card, the
oudlers, the taker's points in half points and their rounding; the check of an exchange card
the record gives (``excuse_exchange``, F-9.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.french.contracts import OUDLERS, required
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.french.play import FrenchDealState
from tarokpgn.rules.ruleset import Fault

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState, PlayedTrick

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
            given = _given(deal) if won_any else None
            what = "a half-point card" if given is None else t.tokens[given]
            rules = "F-9.2" if given is None else "F-9.2, F-9.7"
            notes.append(f"the {_word(owed)} gives {what} for the Excuse{how} ({rules})")
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


def _given(deal: DealState) -> int | None:
    """The half-point card the record gives for the Excuse (``excuse_exchange``), None when it
    gives none, an unknown one or one not worth 0.5 (a fault of its own): the count takes an
    abstract half-point card, which counts the same (F-9.7)."""
    given = deal.excuse_given if isinstance(deal, FrenchDealState) else ()
    card = given[0] if given else None
    return card if card is not None and deal.tables.points[card] == 1 else None


def check_exchange_card(
    deal: DealState, card: int | None, followed: bool, opts: FrenchOptions
) -> Fault | None:
    """An ``excuse_exchange`` item (F-9.7) where it stands in the record: one per deal (F-9.2),
    a half-point card other than the Excuse (F-9.2, F-1.7), given for an Excuse that was
    played to a trick the other side won, not the last (F-9.3, F-9.4, F-9.5), by a side that
    has won a trick (F-9.6), from the cards that side owns there: its tricks, and the écart or
    dog when they count for it (F-9.2, F-10.1). After the tricks, that is what it owns at the
    end. ``card`` None: the record does not know the card; ``followed``: the play so far is
    known (else only the card itself is checked)."""
    t = deal.tables
    code = "excuse-exchange"
    c = deal.contract
    known = followed and c is not None
    found = _excuse_trick(deal, opts) if known else None
    pos = found[3] if found is not None else None  # the Excuse's player gives the card
    if isinstance(deal, FrenchDealState) and deal.excuse_given:
        msg = "a second excuse_exchange: the Excuse is exchanged once, for one card"
        return Fault(code, msg, "F-9.2", pos)
    name = t.tokens[card] if card is not None else "?"
    head = f"excuse_exchange {name}: "
    fool = t.card("FOOL")
    if card == fool:
        msg = head + "the Excuse's side gives another card for it, not the Excuse itself"
        return Fault(code, msg, "F-9.2", pos)
    if card is not None and t.points[card] != 1:
        worth = f"{t.points[card] // 2}.5" if t.points[card] % 2 else str(t.points[card] // 2)
        msg = head + f"the card given for the Excuse is worth 0.5, {name} is worth "
        return Fault(code, msg + f"{worth} (F-1.7)", "F-9.2", pos)
    if c is None or not known:
        return None
    if c.kind == "passed":
        return Fault(code, head + "the deal was thrown in: nothing was played", "F-3.5")
    if found is None:
        if c.talon == 0 and deal.talon is not None and fool in deal.talon:
            where = "is in the dog"
        elif fool in deal.laid_away:
            where = "is in the écart"
        else:
            where = "was not played before this line"
        msg = head + f"the Excuse {where}: nothing is exchanged for it"
        return Fault(code, msg, "F-9.2")
    trick, player, dest, pos = found
    winner = side(deal, trick.winner) if trick.winner is not None else player
    if dest != player:
        msg = f"the Excuse, played to the last trick, went to the {_word(dest)}: "
        return Fault(code, head + msg + "nothing is exchanged", "F-9.4", pos)
    if winner == player:
        if trick.number != deal.total_tricks:
            rule, msg = "F-9.3", f"the {_word(player)} won the Excuse's trick {trick.number}"
        elif trick.winner == pos:
            rule, msg = "F-9.5", f"the Excuse won the last trick for the {_word(player)}"
        else:
            rule, msg = "F-9.4", f"the {_word(player)} won the last trick, the Excuse's"
        return Fault(code, head + msg + " itself: nothing is exchanged", rule, pos)
    side_of = sides(deal)
    won = [tr for tr in deal.tricks if tr.winner is not None and side_of[tr.winner] == player]
    if not won:
        if deal.complete:
            msg = f"the {_word(player)} won no trick, so it gives nothing for the Excuse"
            return Fault(code, head + msg, "F-9.6", pos)
        msg = f"the {_word(player)} has won no trick before this line: it has no card to give"
        return Fault(code, head + msg + " yet", "F-9.2", pos)
    if card is None:
        return None
    dog, owner = _dog_if_known(deal)
    owned = {x for tr in won for x in tr.cards} | (set(dog) if owner == player else set())
    if card not in owned:
        msg = f"the {_word(player)} does not own {name} "
        msg += "at the end" if deal.complete else "at this point"
        msg += f" ({_whereabouts(deal, card, side_of)}): the card given comes from its won cards"
        return Fault(code, head + msg + " (F-10.1)", "F-9.2", pos)
    return None


def _excuse_trick(deal: DealState, opts: FrenchOptions) -> tuple[PlayedTrick, str, str, int] | None:
    """The finished trick the Excuse was played to, the side of its player, the side it ends
    with (F-9.2–F-9.5) and its player's position; None when it was not played so far."""
    fool = deal.tables.card("FOOL")
    for trick in deal.tricks:
        if trick.winner is None or fool not in trick.cards:
            continue
        pos = trick.player(trick.cards.index(fool), deal.players)
        player, winner = side(deal, pos), side(deal, trick.winner)
        last = trick.number == deal.total_tricks
        dest, _note = _excuse(last, trick.winner == pos, player, winner, opts)
        return trick, player, dest, pos
    return None


def _dog_if_known(deal: DealState) -> tuple[list[int], str | None]:
    """:func:`_dog`, or no cards when the dog is unknown."""
    try:
        return _dog(deal)
    except ValueError:
        return [], None


def _whereabouts(deal: DealState, card: int, side_of: list[str]) -> str:
    """Where ``card`` is in the deal so far, for a message."""
    for tr in deal.tricks:
        if card in tr.cards and tr.winner is not None:
            return f"the {_word(side_of[tr.winner])} won it in trick {tr.number}"
    if card in deal.laid_away:
        return "it is in the taker's écart"
    if deal.talon is not None and card in deal.talon:
        return "it is in the dog"
    return "it was not played before this line"


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
