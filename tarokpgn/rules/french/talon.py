"""The called king with five players (F-4) and the dog and écart (F-5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.core import TRUMP_SUIT
from tarokpgn.rules.french.contracts import KINGS, OUDLERS
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Fault

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState

RANKS: Final = ("K", "Q", "N", "J")
SUITS: Final = ("H", "D", "S", "C")


def _names(deal: DealState, cards: Iterable[int]) -> str:
    return " ".join(deal.name(c) for c in sorted(cards))


# --- the call (F-4) ----------------------------------------------------------------------------


def callable_rank(hand: set[int] | None, deal: DealState) -> int:
    """Index in :data:`RANKS` of the lowest rank the taker may call: a King; a Queen when he
    holds all four Kings; a Knight with all Kings and Queens; a Jack with all Kings, Queens and
    Knights (F-4.1). Unknown hand: Kings only."""
    if hand is None:
        return 0
    t = deal.tables
    level = 0
    for rank in RANKS[:-1]:
        if all(t.card(s + rank) in hand for s in SUITS):
            level += 1
        else:
            break
    return level


def legal_calls(deal: DealState) -> list[int]:
    """The cards the taker may call (F-4.1): the cards of the one rank he may call. A King or
    other card he holds himself is allowed (he then plays alone, F-4.3)."""
    hand = deal.hands[deal.declarer] if deal.declarer is not None else None
    rank = RANKS[callable_rank(hand, deal)]
    return [deal.tables.card(s + rank) for s in SUITS]


def check_call(deal: DealState, pos: int, card: int) -> Fault | None:
    if card in legal_calls(deal):
        return None
    name = deal.name(card)
    hand = deal.hands[deal.declarer] if deal.declarer is not None else None
    rank = RANKS[callable_rank(hand, deal)]
    words = {"K": "a King", "Q": "a Queen", "N": "a Knight", "J": "a Jack"}
    if rank == "K":
        why = "only a King may be called unless the taker holds all four Kings"
    else:
        why = f"holding the higher ranks, the taker must call {words[rank]}"
    return Fault("illegal-call", f"{name} may not be called: {why}", "F-4.1", pos)


# --- the écart (F-5) ---------------------------------------------------------------------------


def forbidden(deal: DealState, opts: FrenchOptions) -> set[int]:
    """Cards never put in the écart: Kings and oudlers (F-5.2); under
    ``ecart_forbidden=no_trumps_kings_shown`` oudlers and every trump (F-15.4)."""
    t = deal.tables
    if opts.ecart_forbidden == "fft":
        return {t.card(c) for c in (*KINGS, *OUDLERS)}
    return {t.card(c) for c in OUDLERS} | {c for c in range(len(t.tokens)) if t.suit[c] == 4}


def plain_count(cards: set[int], deal: DealState) -> int:
    """Cards that are neither trumps, nor Kings, nor the Excuse: what an écart is made of
    (the *k* of F-5.3)."""
    t = deal.tables
    kings = {t.card(k) for k in KINGS}
    return sum(1 for c in cards if t.suit[c] < TRUMP_SUIT and c not in kings)


def check_exchange(
    deal: DealState,
    pos: int,
    take: tuple[int, ...],
    discard: tuple[int, ...],
    show: tuple[int, ...],
    opts: FrenchOptions,
) -> list[Fault]:
    """Prise and Garde: the taker takes the whole dog and puts aside as many cards (F-5.1),
    never a King or an oudler (F-5.2), trumps only when forced and shown (F-5.3)."""
    who = deal.label(pos)
    if pos != deal.declarer:
        msg = f"{who} is not the taker: only the taker takes the dog"
        return [Fault("talon-group", msg, "F-5.1", pos)]
    size = deal.ruleset.talon_size
    faults: list[Fault] = []
    if deal.talon is not None and set(take) != set(deal.talon):
        msg = f"the taker takes the whole dog ({_names(deal, deal.talon)}), not "
        msg += f"{_names(deal, take) or 'nothing'}"
        faults.append(Fault("talon-group", msg, "F-5.1", pos))
    elif len(take) != size:
        msg = f"the dog has {size} cards (F-2.4), {len(take)} taken"
        faults.append(Fault("talon-group", msg, "F-5.1", pos))
    if len(discard) != size:
        msg = f"the écart has {size} cards, not {len(discard)}"
        faults.append(Fault("discard-count", msg, "F-5.1", pos))
    hand = deal.hands[pos]
    after = (hand | set(take)) if hand is not None else None
    if after is not None:
        missing = [c for c in discard if c not in after]
        if missing:
            msg = f"{who} puts {_names(deal, missing)} in the écart without holding it"
            faults.append(Fault("not-held", msg, "F-5.1", pos))
    faults += _check_cards(deal, pos, discard, show, after, opts)
    return faults


def _check_cards(
    deal: DealState,
    pos: int,
    discard: tuple[int, ...],
    show: tuple[int, ...],
    after: set[int] | None,
    opts: FrenchOptions,
) -> list[Fault]:
    t = deal.tables
    faults: list[Fault] = []
    never = forbidden(deal, opts)
    bad = [c for c in discard if c in never]
    if bad:
        what = "Kings and oudlers" if opts.ecart_forbidden == "fft" else "trumps and oudlers"
        msg = f"{_names(deal, bad)} may not be put in the écart ({what} never)"
        faults.append(Fault("illegal-discard", msg, "F-5.2", pos))
    trumps = [c for c in discard if t.suit[c] == TRUMP_SUIT and c not in bad]
    kings = [c for c in discard if deal.name(c) in KINGS and c not in bad]
    hidden = [c for c in (*trumps, *kings) if c not in show]
    if hidden:
        msg = f"{_names(deal, hidden)} put in the écart must be shown to the others"
        faults.append(Fault("illegal-discard", msg, "F-5.3", pos))
    if trumps and after is not None and opts.ecart_forbidden == "fft":
        k = plain_count(after, deal)
        n = len(discard)
        if k >= n or len(trumps) > n - k:
            msg = f"trump(s) {_names(deal, trumps)} put in the écart while {min(k, n)} other "
            msg += "card(s) could be (trumps only when the écart cannot be made otherwise)"
            faults.append(Fault("illegal-discard", msg, "F-5.3", pos))
    return faults
