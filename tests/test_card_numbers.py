"""Card numbers found by the token object's identity (:meth:`CardTables.numbers`, used
compiled) are the numbers :attr:`CardTables.index` gives, for the deck's own token objects, for
equal strings that are other objects, and a KeyError for a token not of the deck; and a deal
given its hands' bit sets (``masks``, as the replay gives them) is the deal that works them
out itself."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tarokpgn.cards import DECKS
from tarokpgn.rules.core import CardTables, _identity_table, _native
from tarokpgn.rules.ruleset import find_ruleset


def _by_identity(deck_name: str) -> CardTables:
    """The deck's tables with an identity table, whether this runs compiled or not."""
    tables = CardTables.of(DECKS[deck_name])
    slots, numbers = _identity_table(tables.tokens)
    assert slots, "every deck's tokens fit a small identity table"
    return dataclasses.replace(tables, by_identity=slots, slot_number=numbers)


def _copy(token: str) -> str:
    """An equal string that is another object (a one-character string is shared by Python)."""
    copy = "".join([token, "!"])[:-1]
    assert copy == token
    return copy


@pytest.mark.parametrize("deck_name", sorted(DECKS))
def test_numbers_by_identity_are_the_index(deck_name: str) -> None:
    tables = _by_identity(deck_name)
    tokens = tables.tokens
    assert tables.numbers(tokens) == list(range(len(tokens)))
    shuffled = list(tokens)
    random.Random(7).shuffle(shuffled)
    assert tables.numbers(tuple(shuffled)) == [tables.index[t] for t in shuffled]
    copies = tuple(_copy(t) for t in shuffled)
    assert tables.numbers(copies) == [tables.index[t] for t in shuffled]
    with pytest.raises(KeyError):
        tables.numbers((tokens[0], "?"))
    with pytest.raises(KeyError):
        tables.numbers(("XX",))


def test_identity_table_only_compiled() -> None:
    """Interpreted, a dict look-up is cheaper: the tables then have no identity table."""
    for deck in DECKS.values():
        tables = CardTables.of(deck)
        assert bool(tables.by_identity) == _native()
        assert tables.numbers(tables.tokens) == list(range(len(tables.tokens)))


@pytest.mark.parametrize("variant", ["slovenian-4", "czech-4", "french-5"])
def test_deal_given_masks_is_the_same_deal(variant: str) -> None:
    rs = find_ruleset(variant)
    rng = random.Random(variant)
    cards = list(range(len(rs.tables.tokens)))
    for _ in range(20):
        rng.shuffle(cards)
        hands: list[tuple[int, ...] | None] = [
            tuple(cards[p * rs.hand_size : (p + 1) * rs.hand_size]) for p in range(rs.players)
        ]
        hands[rng.randrange(rs.players)] = None  # an unknown hand
        known = [p for p, h in enumerate(hands) if h is not None]
        donor, taker = known[0], known[-1]
        held = hands[donor]
        assert held is not None and hands[taker] is not None
        hands[taker] = (*hands[taker][1:], held[0])  # a card dealt twice
        masks = [rs.tables.mask(h) if h is not None else 0 for h in hands]
        given = rs.new_deal(hands, masks=masks)
        made = rs.new_deal(hands)
        assert given.shared_bits == made.shared_bits != 0
        for name in ("hand_bits", "dealt_bits", "owner_bits", "owned", "dealt"):
            assert getattr(given, name) == getattr(made, name), name
