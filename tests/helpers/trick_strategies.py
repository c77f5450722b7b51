"""A Hypothesis strategy for one play to a trick under any :class:`TrickPolicy`: the card, the
hand holding it, the trick so far, the deck's tables and the policy (every field drawn)."""

from __future__ import annotations

from hypothesis import strategies as st

from tarokpgn.cards import DECKS
from tarokpgn.rules.core import NO_CARD, TRUMP_SUIT, CardTables, Emperor, TrickPolicy

Case = tuple[int, list[int], list[int], CardTables, TrickPolicy]


@st.composite
def situations(draw: st.DrawFn) -> Case:
    t = CardTables.of(DECKS[draw(st.sampled_from(sorted(DECKS)))])
    cards = draw(st.permutations(range(len(t.tokens))))
    hand = sorted(cards[: draw(st.integers(1, 12))])
    trick = cards[20 : 20 + draw(st.integers(0, 4))]
    special = st.sampled_from([NO_CARD, *range(len(t.tokens))])
    trump = st.sampled_from([c for c in range(len(t.tokens)) if t.suit[c] == TRUMP_SUIT])
    emperor = draw(
        st.none()
        | st.builds(Emperor, special, special, special, st.booleans())
        | st.builds(Emperor, trump, trump, trump, st.booleans())
    )
    moors = draw(st.booleans())
    policy = TrickPolicy(
        follow_suit=draw(st.booleans()),
        must_trump=draw(st.booleans()),
        must_overtrump=draw(st.booleans()),
        must_beat=draw(st.booleans()),
        beat_by_rank=draw(st.booleans()),
        trumps_win=draw(st.booleans()),
        excuse=draw(special),
        last_resort=draw(special),
        emperor=emperor,
        ties_last_wins=draw(st.booleans()),
        strength=tuple(min(s, 3) for s in t.strength) if moors else None,
    )
    return draw(st.sampled_from(hand)), hand, trick, t, policy
