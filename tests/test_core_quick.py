"""The bit-set quick path (:class:`~tarokpgn.rules.core.QuickPlay`, :func:`quick_play`,
:func:`quick_beat`, :func:`quick_winner`) never disagrees with the list-based rules, and
:meth:`DealState.play_trick` replays exactly as :meth:`~DealState.check_play` then
:meth:`~DealState.play` card by card."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from helpers.trick_strategies import Case, situations
from hypothesis import given, settings

from tarokpgn.cards import DECKS
from tarokpgn.generate import generate
from tarokpgn.model import Hand, Record, Trick
from tarokpgn.replayer import Found, Replay
from tarokpgn.rules.core import (
    NO_SUIT,
    QUICK_EXACT,
    QUICK_IF_WINS,
    QUICK_LEGAL,
    CardTables,
    Emperor,
    QuickPlay,
    TrickPolicy,
    led_suit,
    legal_plays,
    quick_beat,
    quick_play,
    quick_winner,
    trick_winner,
)
from tarokpgn.rules.state import DealState


def test_tables_bits() -> None:
    for deck in DECKS.values():
        t = CardTables.of(deck)
        assert t.bit == tuple(1 << c for c in range(len(t.tokens)))
        for s, mask in enumerate(t.suit_mask):
            assert t.unmask(mask) == [c for c in range(len(t.tokens)) if t.suit[c] == s]
        hand = [3, 7, 11, 40]
        assert t.unmask(t.mask(hand)) == hand
        assert t.mask([]) == 0


def test_quick_play_agrees_with_legal_plays() -> None:
    seen: Counter[int] = Counter()

    @settings(max_examples=3000, deadline=None, database=None, derandomize=True)
    @given(situations())
    def check(case: Case) -> None:
        card, hand, trick, t, policy = case
        q = QuickPlay.of(t, policy)
        bits = t.mask(hand)
        verdict = quick_play(card, bits, led_suit(trick, t, policy), q)
        legal = card in legal_plays(hand, trick, t, policy)
        seen[verdict] += 1
        if verdict == QUICK_LEGAL:
            assert legal
        elif verdict == QUICK_IF_WINS:
            assert trick  # never for a lead
            if quick_beat(card, bits, trick, q) == QUICK_LEGAL:
                assert legal
                seen[-1] += 1  # settled by quick_beat
        else:
            assert verdict == QUICK_EXACT

    check()
    assert seen[QUICK_LEGAL] >= 1000 and seen[QUICK_EXACT] >= 300, seen
    assert seen[QUICK_IF_WINS] >= 200 and seen[-1] >= 100, seen


def test_quick_winner_agrees_with_trick_winner() -> None:
    named = 0

    @settings(max_examples=3000, deadline=None, database=None, derandomize=True)
    @given(situations())
    def check(case: Case) -> None:
        nonlocal named
        card, _, trick, t, policy = case
        full = [*trick, card]
        q = QuickPlay.of(t, policy)
        found = quick_winner(full, q)
        assert found in (-1, trick_winner(full, t, policy))
        if q.plain and (policy.emperor is None or q.emperor_mask & t.mask(full) != q.emperor_mask):
            assert found == trick_winner(full, t, policy)
        named += found >= 0

    check()
    assert named >= 1500, named


def test_quick_winner_plain_policies() -> None:
    t = CardTables.of(DECKS["54"])
    q = QuickPlay.of(t, TrickPolicy())
    c = t.cards
    assert quick_winner(c(["HK", "H1", "HQ", "S7"]), q) == 0
    assert quick_winner(c(["HK", "T2", "HQ", "T1"]), q) == 1
    assert quick_winner(c(["T2", "HK", "T21", "FOOL"]), q) == 3
    emp = TrickPolicy(emperor=Emperor(t.card("T1"), t.card("T21"), t.card("FOOL")))
    assert quick_winner(c(["T21", "T1", "FOOL", "T3"]), QuickPlay.of(t, emp)) == -1
    assert led_suit([], t, emp) == NO_SUIT


# --- play_trick against check_play + play, card by card -------------------------------------


def _per_card(r: Replay, item: Trick) -> None:
    """The replay's trick handler before play_trick: check_play then play, card by card."""
    deal = r.deal
    if r.stopped:
        return
    if deal.contract is None and not deal.auction.done:
        r.stopped = True
        return
    leader = r.begin_trick(item)
    cards = r.cards(item.cards, item.line)
    if leader is None or cards is None:
        r.stopped = True
        return
    for i, card in enumerate(cards):
        p = (leader + i) % deal.players
        fault = deal.check_play(p, card)
        if fault is not None and fault.code != "out-of-turn":
            r.found.append(Found(fault, item.line, item.number))
        deal.play(p, card)
    if len(cards) < deal.players:
        r.stopped = True


def _snapshot(deal: DealState) -> tuple[object, ...]:
    return (
        [(t.number, t.leader, list(t.cards), t.winner, t.extra) for t in deal.tricks],
        deal.hands,
        deal.hand_bits,
        [deal.tables.mask(h) if h is not None else 0 for h in deal.hands],
        deal.used,
        deal.won,
        deal.voids,
        deal.partner,
        deal.partner_known,
        deal.stopped,
        deal.phase,
    )


def _both_ways(record: Record) -> int:
    """Replay ``record`` both ways, item by item, and return the number of faults found."""
    fast, _ = Replay.start(record)
    slow, _ = Replay.start(record)
    assert fast is not None and slow is not None
    for item in record.items:
        fast.feed(item)
        if isinstance(item, Trick):
            _per_card(slow, item)
        else:
            slow.feed(item)
        assert [(f.fault, f.line, f.trick) for f in fast.found] == [
            (f.fault, f.line, f.trick) for f in slow.found
        ]
        assert _snapshot(fast.deal) == _snapshot(slow.deal)
        assert fast.stopped == slow.stopped
    if fast.deal.complete:
        assert fast.deal.score() == slow.deal.score()
    return len(fast.found)


def _mutate(record: Record, rng: random.Random) -> Record:
    """Swap two played cards (a revoke, a card of another hand…), or hide a hand."""
    items = list(record.items)
    tricks = [i for i, item in enumerate(items) if isinstance(item, Trick)]
    kind = rng.randrange(4)
    if kind == 3:
        hands = [i for i, item in enumerate(items) if isinstance(item, Hand)]
        if hands:
            i = rng.choice(hands)
            items[i] = dataclasses.replace(items[i], cards=("?",) * len(items[i].cards))
        return dataclasses.replace(record, items=tuple(items))
    for _ in range(kind + 1):
        if len(tricks) < 2:
            break
        a, b = rng.sample(tricks, 2)
        ta, tb = items[a], items[b]
        assert isinstance(ta, Trick) and isinstance(tb, Trick)
        if not ta.cards or not tb.cards:
            continue
        i, j = rng.randrange(len(ta.cards)), rng.randrange(len(tb.cards))
        ca, cb = list(ta.cards), list(tb.cards)
        ca[i], cb[j] = cb[j], ca[i]
        items[a] = dataclasses.replace(ta, cards=tuple(ca))
        items[b] = dataclasses.replace(tb, cards=tuple(cb))
    return dataclasses.replace(record, items=tuple(items))


def _replays_as_card_by_card(variant: str, options: dict[str, str]) -> None:
    rng = random.Random(variant)
    records = faulty = 0
    for record in generate(variant, n=25, seed=11, options=options):
        assert _both_ways(record) == 0
        for _ in range(3):
            faulty += _both_ways(_mutate(record, rng)) > 0
        records += 1
    assert records == 25 and faulty >= 25, (records, faulty)


def test_play_trick_replays_as_card_by_card(variant: str) -> None:
    _replays_as_card_by_card(variant, {})


FAMILY_RULES = {  # the family rules beyond the trick policy: Varšava's, the Matto lead bar
    "czech-4": {"warsaw_overtake": "strict", "emperor_trick": "true"},
    "ottocento": {"matto_led": "matto_cannot_lead", "must_overtrump": "true"},
}


@pytest.mark.parametrize("variant", sorted(FAMILY_RULES))
def test_play_trick_replays_as_card_by_card_under_family_rules(variant: str) -> None:
    _replays_as_card_by_card(variant, FAMILY_RULES[variant])
