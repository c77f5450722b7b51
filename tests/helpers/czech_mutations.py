"""Mutations of clean Czech records that break exactly one rule, for the property tests and
the golden corpus (tests/golden/czech). Each returns the mutated record and the code, rule and
trick (None outside play) of the problem the verifier must report first, or None when the
record offers no place for that mutation. The walk and the edits are :mod:`helpers.mutations`'.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from helpers.mutations import (
    hands_before_play,
    insert_before_play,
    plays,
    swap_play,
    trick_at,
    with_cards,
    with_item,
    with_result,
)
from tarokpgn.cards import TAROK54
from tarokpgn.model import Announce, Auction, Bid, Exchange, Hand, Kontra, Record, Trick
from tarokpgn.rules.core import CardTables, led_suit
from tarokpgn.rules.czech.options import VYSOCINA
from tarokpgn.rules.czech.play import czech_check, policy
from tarokpgn.rules.czech.talon import KINGS, TAROKS

T: Final = CardTables.of(TAROK54)
Expect = tuple[str, str, int | None]
Mutation = Callable[[Record], tuple[Record, Expect] | None]


def _is_warsaw(record: Record) -> bool:
    return any(b.bid == "warsaw" for a in record.of_type(Auction) for b in a.bids)


RULES: Final = {"follow-suit": "CZ-8.2", "must-trump": "CZ-8.3", "must-beat": "CZ-8.6",
                "pagat-last": "CZ-8.6"}  # fmt: skip


def _play_fault(code: str, warsaw: bool) -> Mutation:
    def mutate(record: Record) -> tuple[Record, Expect] | None:
        if _is_warsaw(record) != warsaw:
            return None
        for play in plays(record):
            hand_i = sorted(T.cards(play.hand))
            trick_i = T.cards(play.before)
            trick = trick_at(record, play.index)
            for card in sorted(play.hand - {trick.cards[play.position]}):
                fault = czech_check(T.card(card), hand_i, trick_i, warsaw, VYSOCINA)
                if fault is None or fault.code != code:
                    continue
                if _tarok_led(trick_i) and not warsaw:
                    continue
                mutated = swap_play(record, play.index, play.position, card)
                return mutated, (code, RULES[code], trick.number)
        return None

    return mutate


def _tarok_led(trick: list[int]) -> bool:
    return bool(trick) and led_suit(trick, T, policy(False, False)) == 4


def _must_trump_led(record: Record) -> tuple[Record, Expect] | None:
    """A player keeps a suit card on a tarok lead while holding a tarok (CZ-8.4)."""
    if _is_warsaw(record):
        return None
    for play in plays(record):
        before, hand = play.before, play.hand
        if not before or before[0] not in TAROKS and before[0] != "FOOL":
            continue
        if not any(c in TAROKS for c in hand):
            continue
        plain = sorted(c for c in hand if c not in TAROKS)
        if plain:
            number = trick_at(record, play.index).number
            mutated = swap_play(record, play.index, play.position, plain[0])
            return mutated, ("follow-suit", "CZ-8.4", number)
    return None


def _not_held(record: Record) -> tuple[Record, Expect] | None:
    """A player plays a card another seat holds (CZ-2.4)."""
    for play in plays(record):
        trick = trick_at(record, play.index)
        later = [c for i in record.items[play.index + 1 :] if isinstance(i, Trick)
                 for c in i.cards]  # fmt: skip
        other = next((c for c in later if c not in play.hand), None)
        if other is None:
            continue
        cards = (other if k == play.position else c for k, c in enumerate(trick.cards))
        return with_cards(record, play.index, cards), ("not-held", "CZ-2.4", trick.number)
    return None


def _wrong_leader(record: Record) -> tuple[Record, Expect] | None:
    """Trick 2 led by a seat that did not win trick 1 (CZ-9.4)."""
    tricks = [(i, t) for i, t in enumerate(record.items) if isinstance(t, Trick)]
    if len(tricks) < 2:
        return None
    idx, second = tricks[1]
    order = record.play_order()
    wrong = order[(order.index(second.leader) + 1) % 4]
    mutated = with_item(record, idx, dataclasses.replace(second, leader=wrong))
    return mutated, ("wrong-leader", "CZ-9.4", 2)


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
            mutated = with_item(record, idx, dataclasses.replace(item, discard=discard))
            return mutated, ("illegal-discard", "CZ-5.4", None)
    return None


def _forehand_passes(record: Record) -> tuple[Record, Expect] | None:
    """Forehand passes instead of opening (CZ-3.2)."""
    for idx, item in enumerate(record.items):
        if isinstance(item, Auction) and item.bids:
            bids = (Bid(item.bids[0].seat, "pass"), *item.bids[1:])
            mutated = with_item(record, idx, dataclasses.replace(item, bids=bids))
            return mutated, ("forehand-must-bid", "CZ-3.2", None)
    return None


def _flek_by_declarer(record: Record) -> tuple[Record, Expect] | None:
    """The declarer fleks his own game (CZ-7.2, CZ-7.5)."""
    if _is_warsaw(record) or any(k.target == "game" for k in record.of_type(Kontra)):
        return None
    order = record.play_order()
    bids = [b for a in record.of_type(Auction) for b in a.bids if b.bid != "pass"]
    declarer = bids[-1].seat if bids else order[0]
    mutated = insert_before_play(record, Kontra(declarer, 1, "game"))
    return mutated, ("illegal-kontra", "CZ-7.5", None)


def _false_hlaska(record: Record) -> tuple[Record, Expect] | None:
    """A seat declares barvy (no tarok) while holding taroks (CZ-6.6)."""
    if _is_warsaw(record):
        return None
    hands = hands_before_play(record)
    seat = next((s for s in record.play_order() if hands[s] & TAROKS), None)
    if seat is None:
        return None
    mutated = insert_before_play(record, Announce("declare", seat, "barvy"))
    return mutated, ("false-hlaska", "CZ-6.6", None)


def _score_mismatch(record: Record) -> tuple[Record, Expect] | None:
    """The Result tag differs from the computed scores (CZ-11)."""
    result = record.get("Result").split()
    if len(result) != 8:
        return None
    result[1] = f"{int(result[1]) + 10:+d}"
    result[3] = f"{int(result[3]) - 10:+d}"
    return with_result(record, " ".join(result)), ("score-mismatch", "CZ-11", None)


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
