"""Hypothesis strategies for records in canonical (export) form.

Every record drawn here is one the writer can write and the reader reads back equal: cards
are tokens of the variant's pack, words are lower-case, comment texts are stripped, tag values
hold no line break.
"""

from __future__ import annotations

from hypothesis import strategies as st

from helpers.registry import builtin_variants
from tarokpgn import vocabulary
from tarokpgn.cards import DECKS, UNKNOWN
from tarokpgn.model import (
    MAX_KONTRA,
    Announce,
    Auction,
    Bid,
    Call,
    Comment,
    Exchange,
    ExcuseExchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    deal_number_ok,
)
from tarokpgn.notation.tags import export_order
from tarokpgn.variants import variant_spec

KEYWORDS = {
    "end", "hand", "talon", "auction", "call", "exchange", "take", "discard", "show",
    "announce", "declare", "kontra", "renons", "irregular", "excuse_exchange", "contra", "flek",
    "double", "contre", "rekontra", "surcontre", "subkontra", "sub", "tutti", "mortkontra",
    "mort", "retutti", "supkontra", "redouble",
}  # fmt: skip

ALIASES = {
    alias
    for table in (vocabulary.BIDS, vocabulary.ANNOUNCEMENTS)
    for family in table.values()
    for alias, word in family.items()
    if alias != word
} | {alias for alias in vocabulary.TARGETS if alias != "game"}
"""Words the reader replaces by their canonical word: never drawn, they would not round-trip."""

words = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True).filter(
    lambda w: w not in KEYWORDS and w not in ALIASES
)
option_keys = st.from_regex(r"[a-z_][a-z0-9_-]{0,8}", fullmatch=True).filter(
    lambda k: k not in ("card", "kontra")
)
option_values = st.from_regex(r"[A-Za-z0-9+,:/=-]{0,8}", fullmatch=True)
options = st.lists(st.tuples(option_keys, option_values), max_size=3).map(tuple)

tag_names = st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True)
tag_values = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=20
).filter(lambda v: "\ufeff" not in v)

comment_texts = (
    st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.just("\n"), max_size=30)
    .map(str.strip)
    .filter(lambda t: not ("}" in t and "\n" in t))
    .filter(lambda t: "\r" not in t and "\x85" not in t)
)


@st.composite
def records(draw: st.DrawFn) -> Record:
    """A random record: tags (some fixed, some free), then random movetext items."""
    spec = variant_spec(draw(st.sampled_from(sorted(builtin_variants()))))
    variant, deck = spec.id, DECKS[spec.deck]
    seat = st.sampled_from(spec.seats)
    card = st.sampled_from((*deck.tokens, UNKNOWN))
    cards = st.lists(card, max_size=6).map(tuple)
    tags = {"Variant": variant}
    for name in draw(st.lists(st.sampled_from(["Event", "Site", "Date", "Dealer", "Result"]))):
        tags[name] = draw(tag_values)
    for name, value in draw(st.lists(st.tuples(tag_names, tag_values), max_size=3)):
        if name not in ("Deal", "Round") or deal_number_ok(value):  # else E110 (bounded)
            tags.setdefault(name, value)
    item = st.one_of(
        st.builds(Comment, comment_texts),
        st.builds(Hand, seat, cards),
        st.builds(Talon, cards),
        st.builds(Auction, st.lists(st.builds(Bid, seat, words), max_size=4).map(tuple)),
        st.builds(Call, seat, card),
        st.builds(Exchange, seat, cards, cards, cards),
        st.builds(
            Announce, st.sampled_from(["announce", "declare"]), seat, words, cards, options
        ),  # fmt: skip
        st.builds(Kontra, seat, st.integers(0, MAX_KONTRA), words),
        st.builds(Trick, st.integers(0, 30), seat, cards),
        st.builds(
            Renons,
            seat,
            seat,
            st.integers(0, 30),
            words,
            st.none() | card,
            st.integers(0, MAX_KONTRA),
            options,
        ),  # fmt: skip
        st.builds(Irregular, words, st.none() | seat, options),
        st.builds(ExcuseExchange, card),
    )
    items: list[Item] = draw(st.lists(item, max_size=12))
    return Record(export_order(tags.items()), tuple(items))
