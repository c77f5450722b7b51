"""Mutations of clean Czech records that break exactly one rule, for the property tests and
the golden corpus (tests/golden/czech). Each returns the mutated record and the code, rule and
trick (None outside play) of the problem the verifier must report first, or None when the
record offers no place for that mutation."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Final

from tarokpgn.cards import TAROK54
from tarokpgn.model import Announce, Auction, Bid, Exchange, Hand, Item, Kontra, Record, Trick
from tarokpgn.rules.core import CardTables, led_suit
from tarokpgn.rules.czech.options import VYSOCINA
from tarokpgn.rules.czech.play import czech_check, policy
from tarokpgn.rules.czech.talon import KINGS, TAROKS

T: Final = CardTables.of(TAROK54)
Expect = tuple[str, str, int | None]
Mutation = Callable[[Record], tuple[Record, Expect] | None]


def _hands_after_exchange(record: Record) -> dict[str, set[str]]:
    hands = {h.seat: set(h.cards) for h in record.of_type(Hand)}
    for ex in record.of_type(Exchange):
        hands[ex.seat] |= set(ex.take)
        hands[ex.seat] -= set(ex.discard)
    return hands


def _walk(record: Record) -> Iterator[tuple[int, int, str, set[str], list[str]]]:
    """(trick index in items, position in trick, seat, hand before the play, trick so far)."""
    hands = _hands_after_exchange(record)
    order = record.play_order()
    for idx, item in enumerate(record.items):
        if not isinstance(item, Trick):
            continue
        start = order.index(item.leader)
        for i, card in enumerate(item.cards):
            seat = order[(start + i) % 4]
            yield idx, i, seat, set(hands[seat]), list(item.cards[:i])
            hands[seat].discard(card)


def _is_warsaw(record: Record) -> bool:
    return any(b.bid == "warsaw" for a in record.of_type(Auction) for b in a.bids)


def _swap_play(record: Record, idx: int, pos: int, new: str) -> Record:
    """Play ``new`` at trick ``idx`` position ``pos`` and the old card where ``new`` was."""
    items = list(record.items)
    trick = items[idx]
    assert isinstance(trick, Trick)
    old = trick.cards[pos]
    for j in range(idx + 1, len(items)):
        later = items[j]
        if isinstance(later, Trick) and new in later.cards:
            cards = tuple(old if c == new else c for c in later.cards)
            items[j] = dataclasses.replace(later, cards=cards)
            break
    cards = tuple(new if k == pos else c for k, c in enumerate(trick.cards))
    items[idx] = dataclasses.replace(trick, cards=cards)
    return dataclasses.replace(record, items=tuple(items))


RULES: Final = {"follow-suit": "CZ-8.2", "must-trump": "CZ-8.3", "must-beat": "CZ-8.6",
                "pagat-last": "CZ-8.6"}  # fmt: skip


def _play_fault(code: str, warsaw: bool) -> Mutation:
    def mutate(record: Record) -> tuple[Record, Expect] | None:
        if _is_warsaw(record) != warsaw:
            return None
        for idx, pos, _seat, hand, before in _walk(record):
            hand_i = sorted(T.cards(hand))
            trick_i = T.cards(before)
            for card in sorted(hand - {record.items[idx].cards[pos]}):  # type: ignore[union-attr]
                fault = czech_check(T.card(card), hand_i, trick_i, warsaw, VYSOCINA)
                if fault is None or fault.code != code:
                    continue
                if _tarok_led(trick_i) and not warsaw:
                    continue
                trick = record.items[idx]
                assert isinstance(trick, Trick)
                return _swap_play(record, idx, pos, card), (code, RULES[code], trick.number)
        return None

    return mutate


def _tarok_led(trick: list[int]) -> bool:
    return bool(trick) and led_suit(trick, T, policy(False, False)) == 4


def _must_trump_led(record: Record) -> tuple[Record, Expect] | None:
    """A player keeps a suit card on a tarok lead while holding a tarok (CZ-8.4)."""
    if _is_warsaw(record):
        return None
    for idx, pos, _seat, hand, before in _walk(record):
        if not before or before[0] not in TAROKS and before[0] != "FOOL":
            continue
        if not any(c in TAROKS for c in hand):
            continue
        plain = sorted(c for c in hand if c not in TAROKS)
        if plain:
            trick = record.items[idx]
            assert isinstance(trick, Trick)
            return _swap_play(record, idx, pos, plain[0]), ("follow-suit", "CZ-8.4", trick.number)
    return None


def _not_held(record: Record) -> tuple[Record, Expect] | None:
    """A player plays a card another seat holds (CZ-2.4)."""
    hands = _hands_after_exchange(record)
    for idx, pos, seat, _hand, _before in _walk(record):
        trick = record.items[idx]
        assert isinstance(trick, Trick)
        later = [c for i in record.items[idx + 1 :] if isinstance(i, Trick) for c in i.cards]
        other = next((c for c in later if c not in hands[seat]), None)
        if other is None:
            continue
        cards = tuple(other if k == pos else c for k, c in enumerate(trick.cards))
        items = list(record.items)
        items[idx] = dataclasses.replace(trick, cards=cards)
        return dataclasses.replace(record, items=tuple(items)), ("not-held", "CZ-2.4",
                                                                  trick.number)  # fmt: skip
    return None


def _wrong_leader(record: Record) -> tuple[Record, Expect] | None:
    """Trick 2 led by a seat that did not win trick 1 (CZ-9.4)."""
    tricks = [(i, t) for i, t in enumerate(record.items) if isinstance(t, Trick)]
    if len(tricks) < 2:
        return None
    idx, second = tricks[1]
    order = record.play_order()
    wrong = order[(order.index(second.leader) + 1) % 4]
    items = list(record.items)
    items[idx] = dataclasses.replace(second, leader=wrong)
    return dataclasses.replace(record, items=tuple(items)), ("wrong-leader", "CZ-9.4", 2)


def _illegal_discard(record: Record) -> tuple[Record, Expect] | None:
    """A king discarded instead of a plain card (CZ-5.4)."""
    hands = {h.seat: set(h.cards) for h in record.of_type(Hand)}
    for idx, item in enumerate(record.items):
        if not isinstance(item, Exchange):
            continue
        held = hands[item.seat] | set(item.take)
        plain = [c for c in item.discard if c not in KINGS and c not in TAROKS]
        kings = sorted((held & KINGS) - set(item.discard))
        if plain and kings:
            discard = tuple(kings[0] if c == plain[0] else c for c in item.discard)
            items = list(record.items)
            items[idx] = dataclasses.replace(item, discard=discard)
            return dataclasses.replace(record, items=tuple(items)), ("illegal-discard", "CZ-5.4",
                                                                      None)  # fmt: skip
    return None


def _forehand_passes(record: Record) -> tuple[Record, Expect] | None:
    """Forehand passes instead of opening (CZ-3.2)."""
    for idx, item in enumerate(record.items):
        if isinstance(item, Auction) and item.bids:
            bids = (Bid(item.bids[0].seat, "pass"), *item.bids[1:])
            items: list[Item] = list(record.items)
            items[idx] = dataclasses.replace(item, bids=bids)
            return dataclasses.replace(record, items=tuple(items)), ("forehand-must-bid",
                                                                      "CZ-3.2", None)  # fmt: skip
    return None


def _flek_by_declarer(record: Record) -> tuple[Record, Expect] | None:
    """The declarer fleks his own game (CZ-7.2, CZ-7.5)."""
    if _is_warsaw(record) or any(k.target == "game" for k in record.of_type(Kontra)):
        return None
    order = record.play_order()
    bids = [b for a in record.of_type(Auction) for b in a.bids if b.bid != "pass"]
    declarer = bids[-1].seat if bids else order[0]
    items = list(record.items)
    first = next(i for i, it in enumerate(items) if isinstance(it, Trick))
    items.insert(first, Kontra(declarer, 1, "game"))
    return dataclasses.replace(record, items=tuple(items)), ("illegal-kontra", "CZ-7.5", None)


def _false_hlaska(record: Record) -> tuple[Record, Expect] | None:
    """A seat declares barvy (no tarok) while holding taroks (CZ-6.6)."""
    if _is_warsaw(record):
        return None
    hands = _hands_after_exchange(record)
    seat = next((s for s in record.play_order() if hands[s] & TAROKS), None)
    if seat is None:
        return None
    items = list(record.items)
    first = next(i for i, it in enumerate(items) if isinstance(it, Trick))
    items.insert(first, Announce("declare", seat, "barvy"))
    return dataclasses.replace(record, items=tuple(items)), ("false-hlaska", "CZ-6.6", None)


def _score_mismatch(record: Record) -> tuple[Record, Expect] | None:
    """The Result tag differs from the computed scores (CZ-11)."""
    result = record.get("Result").split()
    if len(result) != 8:
        return None
    result[1] = f"{int(result[1]) + 10:+d}"
    result[3] = f"{int(result[3]) - 10:+d}"
    tags = tuple((k, " ".join(result) if k == "Result" else v) for k, v in record.tags)
    return dataclasses.replace(record, tags=tags), ("score-mismatch", "CZ-11", None)


MUTATIONS: Final[dict[str, Mutation]] = {
    "follow-suit": _play_fault("follow-suit", False),
    "must-trump": _play_fault("must-trump", False),
    "must-trump-tarok-led": _must_trump_led,
    "must-beat": _play_fault("must-beat", True),
    "pagat-last": _play_fault("pagat-last", True),
    "not-held": _not_held,
    "wrong-leader": _wrong_leader,
    "illegal-discard": _illegal_discard,
    "forehand-must-bid": _forehand_passes,
    "flek-by-declarer": _flek_by_declarer,
    "false-hlaska": _false_hlaska,
    "score-mismatch": _score_mismatch,
}
"""Mutation name → function."""
