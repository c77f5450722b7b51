"""The quick tests in :func:`tarokpgn.rules.core.check_play` (:func:`plainly_legal`,
:func:`duty_legal`) never disagree with :func:`~tarokpgn.rules.core.legal_plays`, under any
policy."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from trick_strategies import situations

from tarokpgn.rules.core import (
    CardTables,
    TrickPolicy,
    check_play,
    duty_legal,
    legal_plays,
    plainly_legal,
)


@settings(max_examples=1000, deadline=None)
@given(situations())
def test_plainly_legal_cards_are_legal(
    case: tuple[int, list[int], list[int], CardTables, TrickPolicy],
) -> None:
    card, hand, trick, t, policy = case
    legal = card in legal_plays(hand, trick, t, policy)
    if plainly_legal(card, trick, t, policy):
        assert legal
    assert (check_play(card, hand, trick, t, policy) is None) == legal


@settings(max_examples=2000, deadline=None)
@given(situations(), st.booleans())
def test_duty_legal_agrees_with_legal_plays(
    case: tuple[int, list[int], list[int], CardTables, TrickPolicy], plain: bool
) -> None:
    """The follow-suit-else-trump test decides exactly as :func:`legal_plays` whenever it
    decides, under every policy; without a duty to beat it always decides for cards other
    than the last-resort one (``plain`` drops the duties to beat)."""
    card, hand, trick, t, policy = case
    if plain:
        policy = dataclasses.replace(policy, must_beat=False, must_overtrump=False)
    quick = duty_legal(card, hand, trick, t, policy)
    legal = card in legal_plays(hand, trick, t, policy)
    assert (check_play(card, set(hand), trick, t, policy) is None) == legal
    if quick is not None:
        assert quick == legal
    beat_duty = policy.must_beat or policy.must_overtrump
    if not beat_duty and card != policy.last_resort:
        assert quick is not None


@settings(max_examples=500, deadline=None)
@given(situations())
def test_check_play_takes_any_hand_order(
    case: tuple[int, list[int], list[int], CardTables, TrickPolicy],
) -> None:
    """The deal state passes its hand as a set: the verdict and the cards allowed do not
    depend on the order of the hand."""
    card, hand, trick, t, policy = case
    assert check_play(card, set(hand), trick, t, policy) == check_play(
        card, hand[::-1], trick, t, policy
    )
    assert check_play(card, hand, trick, t, policy) == check_play(
        card, hand[::-1], trick, t, policy
    )
