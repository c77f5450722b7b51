"""Well-formedness: what a record must satisfy before any rules engine looks at it.

:func:`check_record` knows decks, seats and deal sizes, never the rules of play: it finds an
unknown variant, cards that do not exist or are dealt or played twice, hands and talons of the
wrong size, seat labels the variant does not use, tricks out of order, a ``Result`` that is not
seat/score pairs, elements the variant does not have (the Excuse's exchange card outside
French Tarot, or given twice), and outcome tags of the wrong form or out of place (without
``Contract``, on a played record; :mod:`tarokpgn.outcome`). Each problem is a
:class:`~tarokpgn.errors.RecordError` (codes E2xx), returned, not raised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Final, NamedTuple

from tarokpgn._views import VariantView
from tarokpgn.cards import DECKS, UNKNOWN
from tarokpgn.errors import RecordError, shorten
from tarokpgn.model import (
    Announce,
    Auction,
    Call,
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
    parse_scores,
)
from tarokpgn.outcome import outcome_problems
from tarokpgn.variants import DealSize as DealSize
from tarokpgn.variants import find_variant, variant_ids, variant_spec

DEAL_SIZES: Final[Mapping[str, tuple[DealSize, ...]]] = VariantView(lambda spec: spec.deals)
"""Variant id → the deal sizes it allows: a live read-only view of :mod:`tarokpgn.variants`."""


class _Checker:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.problems: list[RecordError] = []
        source = record.source
        self.file = source.file if source else "<record>"
        self.index = source.index if source else 0
        self.first_line = source.line if source else 0

    def add(self, code: str, message: str, line: int = 0) -> None:
        self.problems.append(
            RecordError(
                code,
                message,
                file=self.file,
                record=self.index,
                line=line or self.first_line,
            )
        )


def _item_seats(item: Item) -> Iterator[str]:
    if isinstance(item, Hand | Call | Exchange | Announce | Kontra):
        yield item.seat
    elif isinstance(item, Auction):
        yield from (bid.seat for bid in item.bids)
    elif isinstance(item, Trick):
        yield item.leader
    elif isinstance(item, Renons):
        yield from (item.claimant, item.accused)
    elif isinstance(item, Irregular) and item.seat is not None:
        yield item.seat


def _item_cards(item: Item) -> Iterator[str]:
    if isinstance(item, Hand | Talon | Trick | Announce):
        yield from item.cards
    elif isinstance(item, Call | ExcuseExchange):
        yield item.card
    elif isinstance(item, Exchange):
        yield from (*item.take, *item.discard, *item.show)
    elif isinstance(item, Renons) and item.card is not None:
        yield item.card


def _check_variant(c: _Checker) -> bool:
    variant = c.record.variant
    if find_variant(variant) is None:
        shown = repr(shorten(variant)) if variant else "missing"
        known = ", ".join(variant_ids())
        message = f"Variant tag {shown}: expected one of {known}"
        c.add("E204", message, c.record.tag_line("Variant"))
        return False
    return True


def _check_seats(c: _Checker) -> None:
    seats = c.record.seats
    dealer = c.record.dealer
    if dealer and dealer not in seats:
        shown = shorten(dealer)
        message = f"Dealer {shown!r} is not a seat of {c.record.variant} ({' '.join(seats)})"
        c.add("E207", message, c.record.tag_line("Dealer"))
    for item in c.record.items:
        for seat in _item_seats(item):
            if seat not in seats:
                shown, names = shorten(seat), " ".join(seats)
                message = f"seat {shown!r} is not used with {len(seats)} players ({names})"
                c.add("E206", message, item.line)


def _check_cards_exist(c: _Checker) -> None:
    deck = DECKS[variant_spec(c.record.variant).deck]
    for item in c.record.items:
        for card in _item_cards(item):
            if card != UNKNOWN and card not in deck:
                shown = shorten(card)
                c.add("E205", f"{shown!r} is not a card of the {deck.name}-card pack", item.line)


def _duplicates(cards: Iterable[str], seen: dict[str, int], line: int) -> Iterator[str]:
    for card in cards:
        if card == UNKNOWN:
            continue
        if card in seen:
            yield card
        else:
            seen[card] = line


def _check_dealt(c: _Checker) -> None:
    seen: dict[str, int] = {}
    for item in c.record.items:
        if isinstance(item, Hand | Talon):
            for card in _duplicates(item.cards, seen, item.line):
                c.add("E201", f"{card} is dealt twice (first on line {seen[card]})", item.line)


def _size_ok(cards: tuple[str, ...], allowed: set[int]) -> bool:
    if UNKNOWN in cards:
        return len(cards) <= max(allowed)
    return len(cards) in allowed


def _allowed(record: Record, hand: Hand) -> set[int]:
    """The sizes ``hand`` may have in ``record``'s variant (the dealer's may differ)."""
    sizes = variant_spec(record.variant).deals
    dealer = record.dealer
    if not dealer:
        return {s.hand for s in sizes} | {s.dealer for s in sizes}
    if hand.seat == dealer:
        return {s.dealer for s in sizes}
    return {s.hand for s in sizes}


def _one_size(record: Record, hand: Hand) -> int:
    """The one size ``hand`` may have, 0 when it may have several."""
    allowed = _allowed(record, hand)
    return next(iter(allowed)) if len(allowed) == 1 else 0


def _check_sizes(c: _Checker) -> None:
    sizes = variant_spec(c.record.variant).deals
    moved = misplaced(c.record, lambda hand: _one_size(c.record, hand))
    for item in c.record.items:
        if isinstance(item, Hand):
            allowed = _allowed(c.record, item)
            if moved is not None and item is moved.over:
                c.add("E202", _moved_message(c.record, moved), item.line)
            elif moved is not None and item is moved.under:
                continue  # one mistake, one error: reported with the other hand
            elif not _size_ok(item.cards, allowed):
                expected = " or ".join(map(str, sorted(allowed)))
                message = f"hand {item.seat} has {len(item.cards)} cards, expected {expected}"
                c.add("E202", message, item.line)
        elif isinstance(item, Talon) and not _size_ok(item.cards, {s.talon for s in sizes}):
            expected = " or ".join(str(s.talon) for s in sizes)
            c.add("E203", f"talon has {len(item.cards)} cards, expected {expected}", item.line)


def _moved_message(record: Record, moved: Misplaced) -> str:
    """E202 for a card typed into the wrong seat's hand: both hands' counts, and which card."""
    over, under = moved.over, moved.under
    a, b = _one_size(record, over), _one_size(record, under)
    expected = f"{a} each" if a == b else f"{a} and {b}"
    counts = f"hand {over.seat} has {len(over.cards)} cards and hand {under.seat} "
    return counts + f"{len(under.cards)}, expected {expected}: {moved.explain()}"


class Misplaced(NamedTuple):
    """A card typed into the wrong seat's hand: hand ``over`` has as many cards too many as
    hand ``under`` has too few (the hands' counts show it)."""

    over: Hand
    under: Hand
    extra: int
    """How many cards ``over`` has too many (and ``under`` too few)."""
    cards: tuple[str, ...]
    """The cards of ``over`` that the tricks show ``under``'s seat playing, when they show all
    of them (empty when they do not tell)."""
    tricks: tuple[int, ...]
    """The trick each of :attr:`cards` is played in."""

    def explain(self) -> str:
        """Which card went where, in a player's words."""
        over, under = self.over.seat, self.under.seat
        if not self.cards:
            what = "a card" if self.extra == 1 else f"{self.extra} cards"
            return f"{what} of {under}'s written in {over}'s hand?"
        played = " and ".join(
            f"{c} (trick {t})" for c, t in zip(self.cards, self.tricks, strict=True)
        )
        return f"{under} plays {played}, written in {over}'s hand"


def misplaced(record: Record, size: Callable[[Hand], int]) -> Misplaced | None:
    """The card (or cards) typed into the wrong seat's hand, when exactly one hand has ``k``
    cards more than ``size`` gives it and exactly one ``k`` fewer (no ``?`` in either); which
    cards they are when the tricks show the short hand's seat playing ``k`` cards of the long
    one (read in the record's order of play). None when the hands do not show that."""
    over: list[Hand] = []
    under: list[Hand] = []
    for hand in record.of_type(Hand):
        want = size(hand)
        if want <= 0 or UNKNOWN in hand.cards or len(hand.cards) == want:
            continue
        (over if len(hand.cards) > want else under).append(hand)
    if len(over) != 1 or len(under) != 1:
        return None
    long, short = over[0], under[0]
    extra = len(long.cards) - size(long)
    if extra != size(short) - len(short.cards):
        return None
    order = record.seats
    held = set(long.cards)
    found: list[tuple[str, int]] = []
    for trick in record.of_type(Trick):
        if trick.leader in order:
            first = order.index(trick.leader)
            for i, card in enumerate(trick.cards):
                if order[(first + i) % len(order)] == short.seat and card in held:
                    found.append((card, trick.number))
    if len(found) != extra:
        found = []
    return Misplaced(long, short, extra, tuple(c for c, _ in found), tuple(t for _, t in found))


def _tricks_of(variant: str) -> int:
    """How many tricks a deal of ``variant`` has: the most cards a hand plays (the Ottocento
    dealer's two extra cards are laid away); 0 when the variant is unknown."""
    spec = find_variant(variant)
    return max((size.hand for size in spec.deals), default=0) if spec is not None else 0


def _check_tricks(c: _Checker) -> None:
    players = c.record.players
    tricks = _tricks_of(c.record.variant)
    played: dict[str, int] = {}
    for expected, trick in enumerate(c.record.of_type(Trick), start=1):
        if trick.number != expected:
            c.add("E208", f"trick {trick.number} where trick {expected} was expected", trick.line)
        elif tricks and trick.number > tricks:
            message = f"trick {trick.number} is beyond the {tricks} tricks of {c.record.variant}"
            c.add("E208", message, trick.line)
        if len(trick.cards) > players:
            message = f"trick {trick.number} has {len(trick.cards)} cards for {players} players"
            c.add("E209", message, trick.line)
        for card in _duplicates(trick.cards, played, trick.line):
            message = f"{card} is played twice (first on line {played[card]})"
            c.add("E210", message, trick.line)


def _check_claims(c: _Checker) -> None:
    """A renons claim names a trick of the deal: 1 … its number of tricks (E208)."""
    tricks = _tricks_of(c.record.variant)
    for claim in c.record.of_type(Renons):
        if tricks and not 1 <= claim.trick <= tricks:
            variant = c.record.variant
            message = f"renons claim on trick {claim.trick}: {variant} has tricks 1–{tricks}"
            c.add("E208", message, claim.line)


def _check_excuse_exchange(c: _Checker) -> None:
    """``excuse_exchange`` is French Tarot's (F-9.7), at most once a deal (F-9.2): E212."""
    variant = c.record.variant
    spec = find_variant(variant)
    first: ExcuseExchange | None = None
    for item in c.record.of_type(ExcuseExchange):
        if spec is None or not spec.excuse_exchange:
            message = f"excuse_exchange is French Tarot's only (F-9.7), not an element of {variant}"
            c.add("E212", message, item.line)
        elif first is not None:
            where = f" (the first is on line {first.line})" if first.line else ""
            message = f"a second excuse_exchange{where}: the Excuse is exchanged once (F-9.2)"
            c.add("E212", message, item.line)
        else:
            first = item


def _check_scores(c: _Checker) -> None:
    seats = set(c.record.seats)
    for tag in ("Result", "Totals"):
        value = c.record.get(tag)
        shown = shorten(value)
        try:
            scores = parse_scores(value)
        except ValueError as err:
            example = '"N +59 E 0 …"'
            message = f"{tag} {shown!r}: {err}, such as {example}"
            c.add("E211", message, c.record.tag_line(tag))
            continue
        if scores is not None and set(scores) != seats:
            message = (
                f"{tag} {shown!r} must give a score for each seat ({' '.join(c.record.seats)})"
            )
            c.add("E211", message, c.record.tag_line(tag))


def check_record(record: Record) -> list[RecordError]:
    """Every well-formedness problem of ``record``, in a stable order (empty when none)."""
    c = _Checker(record)
    if _check_variant(c):
        _check_seats(c)
        _check_cards_exist(c)
        _check_sizes(c)
        _check_scores(c)
        _check_excuse_exchange(c)
        c.problems += outcome_problems(record)  # E213: a score-only record's outcome tags
    _check_dealt(c)
    _check_tricks(c)
    _check_claims(c)
    return c.problems
