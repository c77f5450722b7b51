"""The one place that drives the rules engine for a judgement.

It replays a record with the verifier's own machinery (:class:`tarokpgn.replayer.Replay`) up to
the disputed moment, then asks the deal state (:meth:`DealState.check_play`,
:meth:`DealState.check_exchange`) whether the accused's action was legal. Follow-suit and
trumping rules are never re-implemented here: when the accused's hand is not recorded, the
engine is asked the same question about the cards the record *proves* he held at that moment
(his recorded cards not yet played, and every card he plays in a later trick).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tarokpgn.errors import RecordError
from tarokpgn.model import Exchange, Hand, Item, Record, Trick
from tarokpgn.replayer import Replay
from tarokpgn.replayer import wrong_leader as _wrong_leader
from tarokpgn.rules.ruleset import Fault, Ruleset, Score
from tarokpgn.rules.state import DealState


def start(record: Record) -> Replay:
    """A fresh replay of ``record``. Raises :class:`~tarokpgn.errors.RecordError` when the
    record's variant, ruleset or options cannot be played, with the verifier's problem code
    (``no-rules-engine``, ``unknown-ruleset``, ``bad-option``) and the line of the tag."""
    r, problems = Replay.start(record)
    if r is None:
        first = problems[0]  # why the record cannot be replayed
        src = record.source
        file, index = (src.file, src.index) if src is not None else ("<string>", 0)
        raise RecordError(first.code, first.message, file=file, record=index, line=first.line)
    return r


def apply(r: Replay, item: Item) -> None:
    """Feed one movetext item to the replay, as the verifier does."""
    r.feed(item)


def full(record: Record) -> tuple[Replay, Score | None]:
    """The whole deal replayed, and its ordinary score (None when it cannot be computed)."""
    r = start(record).run()
    deal = r.deal
    if deal.contract is None or not deal.complete or (r.stopped and not deal.stopped):
        return r, None
    try:
        return r, deal.score()
    except ValueError:
        return r, None


@dataclass
class Moment:
    """The deal just before the accused's card in the disputed trick."""

    r: Replay
    trick: Trick
    pos: int
    """The accused's position."""
    card: int | None
    """The accused's card (None when the trick holds no card of his)."""
    before: list[tuple[int, int]] = field(default_factory=list)
    """(position, card) played to the trick before his card, leader first."""

    @property
    def deal(self) -> DealState:
        return self.r.deal


def to_trick(record: Record, number: int, accused: str) -> Moment | None:
    """Replay up to the accused's card in trick ``number`` (None: no such trick in the record,
    or play could not be followed up to it)."""
    r = start(record)
    item = r.until(lambda i: isinstance(i, Trick) and i.number == number)
    if not isinstance(item, Trick) or r.stopped or item.leader not in r.pos:
        return None
    deal = r.deal
    if deal.contract is None and not deal.auction.done:
        return None
    leader = r.begin_trick(item)
    assert leader is not None
    moment = Moment(r, item, r.pos[accused], None)
    for i, token in enumerate(item.cards):
        p = (leader + i) % deal.players
        cards = r.cards([token], item.line)
        if cards is None:
            return None
        if p == moment.pos:
            moment.card = cards[0]
            break
        moment.before.append((p, cards[0]))
        deal.play(p, cards[0])
    return moment


def expected_leader(record: Record, number: int) -> tuple[Replay, Trick, int] | None:
    """(replay, the record's trick ``number``, the position that should lead it)."""
    r = start(record)
    item = r.until(lambda i: isinstance(i, Trick) and i.number == number)
    if not isinstance(item, Trick) or r.stopped:
        return None
    return r, item, r.deal.to_play


def wrong_leader(deal: DealState, item: Trick, leader: int, expected: int) -> Fault:
    """The verifier's fault for trick ``item`` led by ``leader`` instead of ``expected``."""
    return _wrong_leader(deal, item, leader, expected)


def exchange_faults(record: Record, accused: str) -> tuple[Exchange, list[Fault]] | None:
    """The accused's exchange and what the engine finds wrong with it (None: no exchange)."""
    r = start(record)
    item = r.until(lambda i: isinstance(i, Exchange) and i.seat == accused)
    if not isinstance(item, Exchange) or accused not in r.pos:
        return None
    take, discard = r.cards(item.take, item.line), r.cards(item.discard, item.line)
    show = r.cards(item.show, item.line) or ()
    if take is None or discard is None:
        return item, []
    return item, r.deal.check_exchange(r.pos[accused], take, discard, show)


def check_known(m: Moment) -> Fault | None:
    """The engine's verdict on the accused's card with his full hand known."""
    assert m.card is not None
    fault = m.deal.check_play(m.pos, m.card)
    return None if fault is not None and fault.code == "out-of-turn" else fault


def check_with(m: Moment, holding: set[int]) -> Fault | None:
    """The engine's verdict on the accused's card as if ``holding`` were his whole hand.

    Holding only cards the record proves he had, any duty these cards impose binds him as well
    (a proven card of the led suit, a proven tarok): a fault found so is a proven violation.
    """
    assert m.card is not None
    deal = m.deal
    saved = deal.hands[m.pos]
    deal.hands[m.pos] = set(holding) | {m.card}
    try:
        fault = deal.check_play(m.pos, m.card)
    finally:
        deal.hands[m.pos] = saved
    return None if fault is not None and fault.code == "out-of-turn" else fault


def later_plays(
    record: Record, ruleset: Ruleset[Any], number: int, seat: str
) -> Iterator[tuple[int, str]]:
    """(trick number, card) for every card ``seat`` plays after trick ``number``."""
    order = record.play_order()
    if seat not in order:
        return
    n = ruleset.players
    for item in record.of_type(Trick):
        if item.number <= number or item.leader not in order:
            continue
        lead = order.index(item.leader)
        for i, card in enumerate(item.cards):
            if order[(lead + i) % n] == seat and card in ruleset.tables.index:
                yield item.number, card


def recorded_cards(record: Record, seat: str) -> tuple[str, ...]:
    """The cards the record's ``hand`` line gives ``seat`` (possibly partial)."""
    for item in record.of_type(Hand):
        if item.seat == seat:
            return tuple(c for c in item.cards if c != "?")
    return ()
