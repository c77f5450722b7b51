"""Replaying a record through the rules engine, item by item: the machinery the verifier
(:mod:`tarokpgn.replay`) and the renons judge (:mod:`tarokpgn.renons`) share.

Each movetext item becomes one engine operation: checked first (a fault is kept with where it
happened), then applied anyway so the replay can go on and find every problem of the deal.
Hidden hands are checked as far as the cards played allow. This module decides nothing about
claims or scores; it only drives the :class:`~tarokpgn.rules.state.DealState`.

>>> r, problems = Replay.start(record)  # doctest: +SKIP
>>> item = r.until(lambda i: isinstance(i, Trick) and i.number == 7)  # doctest: +SKIP
>>> r.deal.to_play, r.deal.hands  # doctest: +SKIP

* :meth:`Replay.start`: a fresh replay (the deal dealt, nothing played yet);
* :meth:`Replay.feed` / :meth:`Replay.run` / :meth:`Replay.until`: feed items as the verifier
  does, all of them or up to the first one a test picks (which is not fed);
* :meth:`Replay.begin_trick`: check who leads a trick (and its number) before its cards are
  played one by one with :meth:`DealState.play`, for a caller that stops inside a trick;
* :meth:`Replay.trick_winners`: the seat that won each complete trick so far.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tarokpgn.model import (
    MAX_DEAL_NUMBER,
    Announce,
    Auction,
    Call,
    Exchange,
    ExcuseExchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Talon,
    Trick,
    bounded_int,
    play_order_of,
    seats_of,
)
from tarokpgn.notation.wellformed import Misplaced, misplaced
from tarokpgn.rules.ruleset import Fault, OptionError, Ruleset, find_ruleset
from tarokpgn.rules.state import DealState, PlayedTrick
from tarokpgn.verdict import Problem
from tarokpgn.vocabulary import bid_hint

PLAY_CODES = frozenset(
    {"follow-suit", "must-trump", "must-beat", "must-overtrump", "pagat-last", "not-held"}
)
"""Fault codes of a card played against the rules (a revoke or underplay)."""

NO_ENGINE = "no rules engine"
"""How :func:`~tarokpgn.rules.ruleset.find_ruleset` starts its message for a variant that has
no rules engine (yet)."""


class Found:
    """A fault with where it happened."""

    def __init__(
        self,
        fault: Fault,
        line: int,
        trick: int | None = None,
        accepted: bool = False,
        judged: bool = False,
    ):
        self.fault = fault
        self.line = line
        self.trick = trick
        self.accepted = accepted
        """Set by the verifier when the record shows the table accepted it."""
        self.judged = judged
        """Set by the verifier when a proven renons claim covers it (SL-13)."""

    def __repr__(self) -> str:
        return (
            f"Found(fault={self.fault!r}, line={self.line!r}, trick={self.trick!r},"
            f" accepted={self.accepted!r}, judged={self.judged!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Found):
            return NotImplemented
        return (self.fault, self.line, self.trick, self.accepted, self.judged) == (
            other.fault,
            other.line,
            other.trick,
            other.accepted,
            other.judged,
        )


class Replay:
    """One record being replayed: its ruleset, the deal state and what was found so far.
    (Plain classes, not dataclasses: one is made per deal, and a compiled explicit
    ``__init__`` is much cheaper.)"""

    def __init__(
        self,
        record: Record,
        ruleset: Ruleset[Any],
        deal: DealState,
        pos: dict[str, int],
        found: list[Found] | None = None,
        incomplete: list[str] | None = None,
        stopped: bool = False,
        seats: tuple[str, ...] | None = None,
    ) -> None:
        self.record = record
        self.ruleset = ruleset
        self.deal = deal
        self.pos = pos
        """Seat label → position in order of play (0 = forehand)."""
        self.found: list[Found] = found if found is not None else []
        self.incomplete: list[str] = incomplete if incomplete is not None else []
        """Why the record cannot be followed to the end (notes for the verdict)."""
        self.stopped = stopped
        """Play can no longer be followed (unknown card, claim, unfinished auction)."""
        self.seats: tuple[str, ...] = seats if seats is not None else record.seats
        """The record's :attr:`~tarokpgn.model.Record.seats` (read once: the variant's
        registry is asked each time)."""

    # --- starting ---------------------------------------------------------------------------

    @staticmethod
    def start(record: Record) -> tuple[Replay | None, list[Problem]]:
        """A fresh replay of ``record`` (cards dealt, nothing else fed) and the problems of the
        deal itself (unknown or duplicate cards, hand sizes). None instead of a replay when the
        record's variant, ruleset or options cannot be played (the problem says why: code
        ``no-rules-engine``, ``unknown-ruleset`` or ``bad-option``)."""
        try:
            overrides = record.options if record.get("Options") else None
            variant = record.variant
            rs = find_ruleset(variant, record.get("Ruleset") or None, overrides)
        except OptionError as exc:  # reported at the tag that names what cannot be played
            text = str(exc)
            if text.startswith(NO_ENGINE):
                code, tag = "no-rules-engine", "Variant"
            elif text.startswith("unknown ruleset"):
                code, tag = "unknown-ruleset", "Ruleset"
            else:
                code, tag = "bad-option", "Options"
            return None, [Problem(code, text, line=record.tag_line(tag))]
        seats = seats_of(variant)  # record.seats, the Variant tag read once
        order = play_order_of(seats, record.dealer)  # record.play_order(), seats read once
        pos = {label: i for i, label in enumerate(order)}
        (hands, masks, partial, talon), problems = _dealt(record, rs, pos)
        number = deal_number(record)
        deal: DealState = rs.new_deal(hands, talon, number=number, labels=order, masks=masks)
        for p, cards in enumerate(partial):
            if hands[p] is None:  # a complete hand's cards are in deal.owner already
                for c in cards:
                    deal.set_owner(c, p, replace=False)
        return Replay(record, rs, deal, pos, seats=seats), problems

    # --- feeding items ----------------------------------------------------------------------

    def feed(self, item: Item) -> None:
        """Check and apply one movetext item (items the engine has no use for are ignored)."""
        if isinstance(item, Trick):  # most common first
            _trick(self, item)
        elif isinstance(item, Auction):
            _auction(self, item)
        elif isinstance(item, Exchange):
            _exchange(self, item)
        elif isinstance(item, Announce):
            _announce(self, item)
        elif isinstance(item, Kontra):
            _kontra(self, item)
        elif isinstance(item, Call):
            _call(self, item)
        elif isinstance(item, Irregular):
            _irregular(self, item)
        elif isinstance(item, ExcuseExchange):
            _excuse_exchange(self, item)

    def run(self, items: Iterable[Item] | None = None) -> Replay:
        """Feed ``items`` (default: every item of the record); returns self."""
        for item in self.record.items if items is None else items:
            self.feed(item)
        return self

    def until(self, test: Callable[[Item], bool]) -> Item | None:
        """Feed the record's items up to the first one for which ``test`` is true, and return
        that item without feeding it (None: no item passed, every item was fed)."""
        for item in self.record.items:
            if test(item):
                return item
            self.feed(item)
        return None

    def begin_trick(self, item: Trick) -> int | None:
        """Check the start of trick ``item`` (number, leader; a fault is kept in
        :attr:`found`) and return the position its cards are read from, without playing a
        card: its leader's, or the seat that had to lead when the record names the wrong
        leader but the cards fit that seat's lead (:func:`_check_trick_start`). None when the
        leader is not a seat of the deal."""
        leader = self.seat(item.leader, item.line)
        if leader is None:
            return None
        return _check_trick_start(self, item, leader)

    # --- asking -----------------------------------------------------------------------------

    def trick_winners(self) -> tuple[str, ...]:
        """Seat label of the winner of each complete trick so far, in order."""
        deal = self.deal
        return tuple([deal.label(t.winner) for t in deal.tricks if t.winner is not None])

    # --- helpers ----------------------------------------------------------------------------

    def add(self, fault: Fault | None, line: int, trick: int | None = None) -> None:
        """Keep ``fault`` (when there is one) with where it happened."""
        if fault is not None:
            self.found.append(Found(fault, line, trick))

    def seat(self, label: str, line: int) -> int | None:
        """Position of seat ``label`` (a ``bad-seat`` fault and None when there is none)."""
        p = self.pos.get(label)
        if p is None:
            self.add(Fault("bad-seat", f"{label!r} is not a seat of this deal"), line)
        return p

    def cards(self, tokens: Iterable[str], line: int) -> tuple[int, ...] | None:
        """Card numbers of ``tokens``; None when one is unknown (``?``, or not of the pack:
        then an ``unknown-card`` fault)."""
        t = self.ruleset.tables
        given = tuple(tokens)  # an item's cards as they are (a tuple), else read once
        try:
            return tuple(t.numbers(given))
        except KeyError:
            pass
        out = []
        for tok in given:
            if tok not in t.index:
                if tok != "?":
                    self.add(Fault("unknown-card", f"{tok!r} is not a card of this pack"), line)
                return None
            out.append(t.index[tok])
        return tuple(out)


# --- setup -------------------------------------------------------------------------------------


def deal_number(record: Record) -> int:
    """The record's ``Deal`` tag as a number (0 when absent or not a number 0 …
    :data:`~tarokpgn.model.MAX_DEAL_NUMBER` in ASCII digits: ``isdigit`` also takes ``²``,
    which ``int`` refuses)."""
    return bounded_int(record.get("Deal"), MAX_DEAL_NUMBER) or 0


def rule_id(rs: Ruleset[Any], code: str, default: str) -> str:
    """The ruleset's rule id for a fault the replay raises itself."""
    return rs.rule_ids.get(code, default)


_Dealt = tuple[
    list[tuple[int, ...] | None], list[int], list[tuple[int, ...]], tuple[int, ...] | None
]


def _dealt(record: Record, rs: Ruleset[Any], pos: dict[str, int]) -> tuple[_Dealt, list[Problem]]:
    """Known hands (and each as a bit set), partial known cards and talon from the record,
    with dealing problems."""
    tables = rs.tables
    index, bit = tables.index, tables.bit
    hands: list[tuple[int, ...] | None] = [None] * rs.players
    masks = [0] * rs.players
    partial: list[tuple[int, ...]] = [()] * rs.players
    talon: list[tuple[int, ...] | None] = [None]
    problems: list[Problem] = []
    seen = 0  # the cards dealt so far, as a bit set
    dealing, sized = _dealing(record, rs, pos)
    moved = None if sized else _misplaced(record, rs, pos, problems)
    for item, p, size in dealing:
        tokens = item.cards
        if moved is not None and moved.cards and isinstance(item, Hand):
            if item is moved.over:
                tokens = tuple([c for c in tokens if c not in moved.cards])
            elif item is moved.under:
                tokens = tokens + moved.cards
        try:  # the common case: known cards, none dealt twice
            cards = tuple(tables.numbers(tokens))
            mask, clean = 0, True
            for card in cards:
                b = bit[card]
                if mask & b:
                    clean = False
                mask |= b
            clean = clean and not seen & mask
        except KeyError:
            clean = False
        if clean:
            seen |= mask
        else:
            known = [c for c in tokens if c in index]
            if len(known) < len(tokens):
                for c in tokens:
                    if c != "?" and c not in index:
                        msg = f"{c!r} is not a card of the {rs.deck.name}-card pack"
                        problems.append(Problem("unknown-card", msg, line=item.line, rule="SL-1.4"))
            for c in known:
                if seen & bit[index[c]]:
                    rule = rule_id(rs, "duplicate-card", "SL-2.6")
                    problems.append(Problem("duplicate-card", f"{c} is dealt twice",
                                            line=item.line, rule=rule))  # fmt: skip
                seen |= bit[index[c]]
            cards = tuple([index[c] for c in known])
            mask = tables.mask(cards)
        complete = len(tokens) == size and len(cards) == len(tokens)
        if isinstance(item, Talon):
            if complete:
                talon[0] = cards
        elif p >= 0:
            partial[p] = cards
            if complete:
                hands[p], masks[p] = cards, mask
            elif len(tokens) > size and (moved is None or item is not moved.over):
                problems.append(Problem("hand-size", f"{item.seat}'s hand has "
                    f"{len(tokens)} cards, not {size}", line=item.line, seat=item.seat,
                    rule=rule_id(rs, "hand-size", "SL-2.4")))  # fmt: skip
    return (hands, masks, partial, talon[0]), problems


def _dealing(
    record: Record, rs: Ruleset[Any], pos: dict[str, int]
) -> tuple[list[tuple[Hand | Talon, int, int]], bool]:
    """The record's hands and talon in order, each with its seat's position (-1: a talon, or
    a hand of no seat of the deal) and the cards it is dealt (the Ottocento dealer more:
    :meth:`~tarokpgn.rules.ruleset.Ruleset.dealt_size`); and whether every hand of a seat has
    that many cards (the usual case: then no card can be misplaced, :func:`_misplaced`). One
    pass, so each seat is looked up and sized once."""
    out: list[tuple[Hand | Talon, int, int]] = []
    sized = True
    for item in record.items:
        if isinstance(item, Hand):
            p = pos.get(item.seat, -1)
            size = rs.dealt_size(p) if p >= 0 else rs.hand_size
            if p >= 0 and len(item.cards) != size:
                sized = False
            out.append((item, p, size))
        elif isinstance(item, Talon):
            out.append((item, -1, rs.talon_size))
    return out, sized


def _misplaced(
    record: Record, rs: Ruleset[Any], pos: dict[str, int], problems: list[Problem]
) -> Misplaced | None:
    """A card typed into the wrong seat's hand (:func:`~tarokpgn.notation.wellformed.misplaced`):
    one ``hand-size`` problem showing both hands' counts. When the tricks show which card it
    is, the replay gives it to the hand it belongs to, so its play is no ``not-held`` fault.
    Asked only when a seat's hand is not its size (:func:`_dealing`)."""

    def size(hand: Hand) -> int:
        return rs.dealt_size(pos[hand.seat]) if hand.seat in pos else 0

    moved = misplaced(record, size)
    if moved is None:
        return None
    over, under = moved.over, moved.under
    a, b = size(over), size(under)
    expected = f"{a} each" if a == b else f"{a} and {b}"
    msg = f"{over.seat}'s hand has {len(over.cards)} cards and {under.seat}'s "
    msg += f"{len(under.cards)}, not {expected}: {moved.explain()}"
    msg += f"; read as {under.seat}'s" if moved.cards else ""
    rule = rule_id(rs, "hand-size", "SL-2.4")
    problems.append(Problem("hand-size", msg, line=over.line, seat=over.seat, rule=rule))
    return moved


# --- items -------------------------------------------------------------------------------------


def _auction(r: Replay, item: Auction) -> None:
    for bid in item.bids:
        p = r.seat(bid.seat, item.line)
        if p is None:
            continue
        fault = r.deal.check_bid(p, bid.bid)
        if fault is not None and fault.code in ("illegal-bid", "unknown-bid"):
            hint = bid_hint(r.record.variant, bid.bid)  # an unknown word: the nearest bids
            if hint:
                fault = Fault(fault.code, f"{fault.message}; {hint}", fault.rule, fault.pos)
        r.add(fault, item.line)
        r.deal.bid(p, bid.bid)


def _call(r: Replay, item: Call) -> None:
    p = r.seat(item.seat, item.line)
    card = r.cards([item.card], item.line)
    if p is None or card is None:
        return
    r.add(r.deal.check_call(p, card[0]), item.line)
    r.deal.call(p, card[0])


def _exchange(r: Replay, item: Exchange) -> None:
    p = r.seat(item.seat, item.line)
    take, discard = r.cards(item.take, item.line), r.cards(item.discard, item.line)
    show = r.cards(item.show, item.line) or ()
    if p is None or take is None or discard is None:
        return
    for fault in r.deal.check_exchange(p, take, discard, show):
        r.add(fault, item.line)
    r.deal.exchange(p, take, discard, show)


def _announce(r: Replay, item: Announce) -> None:
    p = r.seat(item.seat, item.line)
    if p is None:
        return
    if item.kind != "announce" and item.name not in r.ruleset.declarations:
        msg = f"{item.kind} {item.name!r} does not exist in this variant"
        r.add(Fault("illegal-announcement", msg, "SL-7.3", p), item.line)
        return
    if item.kind == "declare":
        cards = r.cards(item.cards, item.line) or ()
        r.add(r.deal.check_declaration(p, item.name, cards), item.line)
        r.deal.declare(p, item.name, cards)
        return
    r.add(r.deal.check_announcement(p, item.name), item.line)
    r.deal.announce(p, item.name)


def _kontra(r: Replay, item: Kontra) -> None:
    p = r.seat(item.seat, item.line)
    if p is None:
        return
    fault = r.deal.check_kontra(p, item.level, item.target)
    if fault is not None:  # reported, and left out of the computed score (issue 14 ruling)
        r.add(fault, item.line)
        return
    r.deal.kontra(p, item.level, item.target)


def _trick(r: Replay, item: Trick) -> None:
    deal = r.deal
    if r.stopped:
        return
    if deal.contract is None and not deal.auction.done:
        r.incomplete.append("the auction is not finished, so play cannot be checked")
        r.stopped = True
        return
    leader = r.begin_trick(item)
    if leader is None:
        r.stopped = True
        return
    try:  # the common case: every card known (else r.cards says which is not)
        cards: list[int] | tuple[int, ...] | None = r.ruleset.tables.numbers(item.cards)
    except KeyError:
        cards = r.cards(item.cards, item.line)
    if cards is None:
        r.incomplete.append(f"trick {item.number} has an unknown card: play is not followed")
        r.stopped = True
        return
    faults = deal.play_trick(leader, cards)  # the leader was checked already
    if faults:  # most tricks have none: no loop over an empty sequence
        for fault in faults:
            r.found.append(Found(fault, item.line, item.number))
    if len(cards) < deal.players:
        r.stopped = True


def _check_trick_start(r: Replay, item: Trick, leader: int) -> int:
    """Check trick ``item``'s number and leader; the position its cards are read from.

    A wrong leader is one fault, reported once (SL-10.3). When the cards fit the lead of the
    seat that had to lead better than the written leader's (fewer cards fall to a player whom
    the record shows not holding them), the record named the wrong seat and the cards are read
    from the right one: no cascade of ``not-held`` faults, and the next tricks follow on.
    Otherwise the trick was led out of turn as written, and is played as written."""
    deal = r.deal
    number = deal.finished + 1
    if deal.current is not None:
        r.add(Fault("trick-order", "the previous trick is not complete"), item.line, item.number)
    if item.number != number:
        msg = f"trick numbered {item.number} but it is trick {number}"
        r.add(Fault("trick-order", msg), item.line, item.number)
    expected = deal.to_play
    if leader == expected:
        return leader
    fault = wrong_leader(deal, item, leader, expected)
    if deal.current is None and _misfits(r, expected, item.cards) < _misfits(r, leader, item.cards):
        should = deal.label(expected)
        msg = f"{fault.message}; the cards are read from {should}'s lead, which their hands fit"
        r.add(Fault(fault.code, msg, fault.rule, fault.pos), item.line, item.number)
        return expected
    r.add(fault, item.line, item.number)
    deal.tricks.append(PlayedTrick(number, leader))
    return leader


def _misfits(r: Replay, start: int, tokens: tuple[str, ...]) -> int:
    """How many of a trick's cards, read from ``start``'s lead, fall to a player whom the
    record shows not holding them (dealt to another, or not in his known hand)."""
    deal, index = r.deal, r.ruleset.tables.index
    n = deal.players
    count = 0
    for i, token in enumerate(tokens):
        card = index.get(token, -1)
        if card < 0:
            continue
        p = (start + i) % n
        holder = deal.owner_of(card)
        if holder is None:
            holder = p
        if holder != p or (deal.known(p) and not deal.holds(p, card)):
            count += 1
    return count


def wrong_leader(deal: DealState, item: Trick, leader: int, expected: int) -> Fault:
    """The fault for trick ``item`` led by ``leader`` when ``expected`` had to lead it."""
    who, should = deal.label(leader), deal.label(expected)
    if deal.tricks:
        last = deal.tricks[-1]
        cards = " ".join(deal.name(c) for c in last.cards)
        msg = f"trick {last.number} ({cards}) was won by {should}, so {should} leads, not {who}"
        return Fault("wrong-leader", msg, rule_id(deal.ruleset, "wrong-leader", "SL-10.3"), leader)
    msg = f"{should} leads the first trick, not {who}"
    return Fault("wrong-leader", msg, rule_id(deal.ruleset, "first-leader", "SL-10.2"), leader)


def _irregular(r: Replay, item: Irregular) -> None:
    if item.kind in ("claim", "abandoned", "misdeal"):
        r.incomplete.append(f"irregular {item.kind}: the rest of the deal was not played")
        r.stopped = True


def _excuse_exchange(r: Replay, item: ExcuseExchange) -> None:
    """The card the Excuse's side gave for it (French Tarot, F-9.7): the ruleset checks it
    where the item stands in the record (a variant without the exchange refuses it), then
    keeps it. ``?`` (or a card not of the pack, an ``unknown-card`` fault) leaves the card
    unknown; the play counts as known unless the replay stopped before the end."""
    known = r.cards([item.card], item.line)
    card = known[0] if known is not None else None
    deal = r.deal
    followed = not r.stopped or deal.complete
    r.add(r.ruleset.check_excuse_exchange(deal, card, followed), item.line)
    r.ruleset.excuse_exchange(deal, card)
