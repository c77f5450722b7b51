"""The quick acceptance test in :func:`tarokpgn.rules.core.check_play` never accepts a card
that :func:`~tarokpgn.rules.core.legal_plays` refuses, under any policy."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn.cards import DECKS
from tarokpgn.rules.core import (
    NO_CARD,
    CardTables,
    Emperor,
    TrickPolicy,
    check_play,
    legal_plays,
    plainly_legal,
)


@st.composite
def situations(draw: st.DrawFn) -> tuple[int, list[int], list[int], CardTables, TrickPolicy]:
    t = CardTables.of(DECKS[draw(st.sampled_from(sorted(DECKS)))])
    cards = draw(st.permutations(range(len(t.tokens))))
    hand = sorted(cards[: draw(st.integers(1, 12))])
    trick = cards[20 : 20 + draw(st.integers(0, 4))]
    special = st.sampled_from([NO_CARD, *range(len(t.tokens))])
    emperor = draw(st.none() | st.builds(Emperor, special, special, special, st.booleans()))
    policy = TrickPolicy(
        follow_suit=draw(st.booleans()),
        must_trump=draw(st.booleans()),
        must_overtrump=draw(st.booleans()),
        must_beat=draw(st.booleans()),
        trumps_win=draw(st.booleans()),
        excuse=draw(special),
        last_resort=draw(special),
        emperor=emperor,
        ties_last_wins=draw(st.booleans()),
    )
    return draw(st.sampled_from(hand)), hand, trick, t, policy


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
