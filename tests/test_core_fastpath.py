"""The quick tests in :func:`tarokpgn.rules.core.check_play` (:func:`quick_legal`, on the
follow/trump duty :func:`obliged`) never disagree with :func:`~tarokpgn.rules.core.legal_plays`,
under any policy. Each test counts the cases it really exercised and says how many at least."""

from __future__ import annotations

import dataclasses
from collections import Counter

from helpers.trick_strategies import Case, situations
from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn.rules.core import (
    FOLLOW_SUIT,
    MUST_TRUMP,
    NO_SUIT,
    QUICK_EXACT,
    QUICK_IF_WINS,
    QUICK_LEGAL,
    TRUMP_SUIT,
    QuickPlay,
    check_play,
    led_suit,
    legal_plays,
    obliged,
    quick_legal,
    quick_play,
)


def test_quick_legal_cards_are_legal() -> None:
    """A card the bit-set tests settle is legal, and :func:`check_play` says None exactly for
    the legal cards."""
    seen: Counter[str] = Counter()

    @settings(max_examples=1000, deadline=None, database=None, derandomize=True)
    @given(situations())
    def check(case: Case) -> None:
        card, hand, trick, t, policy = case
        legal = card in legal_plays(hand, trick, t, policy)
        q = QuickPlay.of(t, policy)
        if quick_legal(card, t.mask(hand), trick, led_suit(trick, t, policy), q):
            assert legal
            seen["settled"] += 1
        else:
            seen["legal, left to the lists" if legal else "illegal"] += 1
        assert (check_play(card, hand, trick, t, policy) is None) == legal

    check()
    assert seen["settled"] >= 400 and seen["illegal"] >= 50, seen
    assert seen["legal, left to the lists"] >= 10, seen


def _duty_by_lists(hand: list[int], led: int, case: Case) -> tuple[set[int], str]:
    """The follow/trump duty written out on lists, as the rule books say it."""
    _, _, _, t, policy = case
    if led != NO_SUIT:
        if policy.follow_suit and any(t.suit[c] == led for c in hand):
            return {c for c in hand if t.suit[c] == led}, FOLLOW_SUIT
        if policy.must_trump and any(t.suit[c] == TRUMP_SUIT for c in hand):
            return {c for c in hand if t.suit[c] == TRUMP_SUIT}, MUST_TRUMP
    return {c for c in hand if c != policy.excuse}, ""


def test_obliged_agrees_with_lists_and_quick_play_decides() -> None:
    """:func:`obliged` chooses the cards of the rule as written on lists; without a duty to
    beat :func:`quick_play` decides every card but the last-resort one, exactly as
    :func:`legal_plays` (``plain`` drops the duties to beat)."""
    seen: Counter[str] = Counter()

    @settings(max_examples=2000, deadline=None, database=None, derandomize=True)
    @given(situations(), st.booleans())
    def check(case: Case, plain: bool) -> None:
        card, hand, trick, t, policy = case
        if plain:
            policy = dataclasses.replace(policy, must_beat=False, must_overtrump=False)
        led = led_suit(trick, t, policy)
        allowed, duty = obliged(t.mask(hand), led, QuickPlay.of(t, policy))
        assert ({c for c in hand if allowed >> c & 1}, duty) == _duty_by_lists(hand, led, case)
        seen[duty or "any"] += 1
        verdict = quick_play(card, t.mask(hand), led, QuickPlay.of(t, policy))
        legal = card in legal_plays(hand, trick, t, policy)
        assert (check_play(card, set(hand), trick, t, policy) is None) == legal
        if verdict == QUICK_LEGAL:
            assert legal
        beat_duty = policy.must_beat or policy.must_overtrump
        if not beat_duty and card != policy.last_resort:
            assert verdict != QUICK_IF_WINS
            assert (verdict == QUICK_LEGAL) == legal
            seen["decided"] += 1
        elif verdict == QUICK_EXACT:
            seen["exact"] += 1

    check()
    assert min(seen[FOLLOW_SUIT], seen[MUST_TRUMP], seen["any"]) >= 100, seen
    assert seen["decided"] >= 500 and seen["exact"] >= 50, seen


def test_check_play_takes_any_hand_order() -> None:
    """The deal state passes its hand as a set: the verdict and the cards allowed do not
    depend on the order of the hand."""
    faults = 0

    @settings(max_examples=500, deadline=None, database=None, derandomize=True)
    @given(situations())
    def check(case: Case) -> None:
        nonlocal faults
        card, hand, trick, t, policy = case
        backwards = check_play(card, hand[::-1], trick, t, policy)
        assert check_play(card, set(hand), trick, t, policy) == backwards
        assert check_play(card, hand, trick, t, policy) == backwards
        faults += backwards is not None

    check()
    assert faults >= 20, faults  # about 50 of the 500 cases are refused plays (47 seen)
