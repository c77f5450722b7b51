"""Helpers for the French Tarot tests: deals whose piles are built to order and scored
without play (the scoring reads only who won which trick)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tarokpgn.model import Record
from tarokpgn.replayer import Replay
from tarokpgn.rules import find_ruleset
from tarokpgn.rules.french.counting import sides
from tarokpgn.rules.ruleset import Ruleset
from tarokpgn.rules.state import DealState, PlayedTrick

TAKER = 1
"""The taker's position in these deals (position 0 leads; 5 players: the partner is 3)."""
PARTNER5 = 3


def pile_with(
    halves: int,
    include: Iterable[str],
    exclude: Iterable[str] = (),
    *,
    size_mod: tuple[int, int],
    seed: int = 0,
) -> list[str]:
    """A set of cards worth ``halves`` half points holding ``include`` and none of ``exclude``,
    with ``len % size_mod[1] == size_mod[0]``. Oudlers not included are excluded."""
    rs = find_ruleset("french-4")
    t = rs.tables
    must = list(include)
    banned = {*exclude, *(o for o in ("T1", "T21", "FOOL") if o not in must)}
    others = [c for c in t.tokens if c not in must and c not in banned]
    rng = random.Random(seed)
    for _ in range(5000):
        rng.shuffle(others)
        pile = list(must)
        total = sum(t.points[t.card(c)] for c in pile)
        for c in others:
            v = t.points[t.card(c)]
            if total + v <= halves:
                pile.append(c)
                total += v
            if total == halves and len(pile) % size_mod[1] == size_mod[0]:
                return pile
    raise AssertionError(f"no pile of {halves} half points")


def scored_deal(
    variant: str,
    contract: str,
    pile: Sequence[str],
    *,
    last: str = "defence",
    petit_last: bool = False,
    partner: bool = True,
    dog: Sequence[str] | None = None,
    announced: Iterable[str] = (),
    handfuls: Iterable[tuple[int, str]] = (),
    fool: str = "own",
    overrides: dict[str, str] | None = None,
) -> tuple[Ruleset, DealState]:
    """A finished deal where the taker's side owns ``pile`` (its écart or dog first) and the
    defence everything else. ``last``: who wins the last trick (``taker``, ``defence``), with
    the Petit in it when ``petit_last``. ``dog``: a Garde contre dog (defence's). ``fool``:
    ``own`` (the Excuse's side also won its trick), ``lost`` (it is played to a trick won by
    the other side), ``last-led`` (led to the last trick by the taker)."""
    rs = find_ruleset(variant, None, overrides)
    n = rs.players
    t = rs.tables
    mine = list(pile)
    rest = [c for c in t.tokens if c not in mine and c not in (dog or ())]
    talon_size = rs.talon_size
    if contract == "garde-contre":
        talon = list(dog or rest[:talon_size])
        rest = [c for c in rest if c not in talon]
    else:
        talon = [c for c in mine if c not in ("T1", "T21", "FOOL")][:talon_size]
    deal = rs.new_deal(None, t.cards(talon))
    for p in range(n):
        deal.bid(p, contract if p == TAKER else "pass")
    if n == 5:
        deal.call(TAKER, t.card("HK"))
        deal.partner, deal.partner_known = (PARTNER5 if partner else None), True
    if contract in ("petite", "garde"):
        deal.exchange(TAKER, tuple(t.cards(talon)), tuple(t.cards(talon)), ())
    for name in announced:
        deal.announce(TAKER, name)
    for pos, name in handfuls:
        deal.declare(pos, name, ())
    played_mine = [c for c in mine if c not in talon] if contract != "garde-contre" else mine
    _tricks(deal, played_mine, rest, last, petit_last, fool)
    return rs, deal


def _chunks(cards: list[str], n: int) -> list[list[str]]:
    return [cards[i : i + n] for i in range(0, len(cards), n)]


def _tricks(
    deal: DealState,
    mine: list[str],
    theirs: list[str],
    last: str,
    petit_last: bool,
    fool: str,
) -> None:
    """Tricks won by the taker (his own lead) and by position 0, in an order that puts the
    Petit, the Excuse and the last trick where the caller wants them."""
    n = deal.players
    t = deal.tables
    fool_side = "taker" if "FOOL" in mine else "defence" if "FOOL" in theirs else None
    lists = {
        "taker": [c for c in mine if c != "FOOL"],
        "defence": [c for c in theirs if c != "FOOL"],
    }
    if fool_side is not None and fool != "lost":
        lists[fool_side].insert(0, "FOOL")
    tricks: list[tuple[str, list[str]]] = []
    for side, cards in lists.items():
        tricks += [(side, chunk) for chunk in _chunks(cards, n)]
    if fool == "lost":
        other = "defence" if fool_side == "taker" else "taker"
        i = next(i for i, (s, c) in enumerate(tricks) if s == other and len(c) < n)
        tricks[i][1].insert(1, "FOOL")

    if fool == "last-led":
        tricks.sort(key=lambda w: ("FOOL" in w[1], "T1" in w[1] and petit_last))
    else:
        tail = [w for w in tricks if w[0] == last and (("T1" in w[1]) == petit_last)]
        assert tail, "no trick fits the last trick asked for"
        tricks.remove(tail[0])
        tricks.append(tail[0])
    for number, (side, cards) in enumerate(tricks, start=1):
        winner = TAKER if side == "taker" else 0
        if "FOOL" in cards and fool != "lost":
            cards.remove("FOOL")
            cards.insert(0, "FOOL")
        trick = PlayedTrick(number, winner, t.cards(cards), winner)
        assert len(trick.cards) == n
        deal.tricks.append(trick)
        deal.won[winner].extend(trick.cards)
    assert len(deal.tricks) == deal.total_tricks, len(deal.tricks)


@dataclass(frozen=True)
class ExcuseFacts:
    """How the Excuse went in a French record that plays every trick (F-9.2–F-9.6), for the
    ``excuse_exchange`` tests: ``kind`` is ``exchange`` (an exchange is due), ``own`` (its own
    side won its trick, F-9.3), ``last`` (played to the last trick, F-9.4, F-9.5) or
    ``no-trick`` (its side won no trick, F-9.6); the cards (tokens, the Excuse left out) of
    the tricks its side won and of those the other side won, in order of play."""

    kind: str
    trick: int
    seat: str
    own: tuple[str, ...]
    other: tuple[str, ...]

    def own_half(self) -> str:
        """A half-point card the Excuse's side won: a legal exchange card."""
        return next(c for c in self.own if POINTS[c] == 1)


POINTS = {t: find_ruleset("french-4").tables.points[i]
          for i, t in enumerate(find_ruleset("french-4").tables.tokens)}  # fmt: skip
"""Card token → its value in half points (F-1.7)."""


def excuse_facts(record: Record) -> ExcuseFacts | None:
    """:class:`ExcuseFacts` of ``record``; None when the Excuse was not played."""
    r, _ = Replay.start(record)
    assert r is not None
    deal = r.run().deal
    t = deal.tables
    fool = t.card("FOOL")
    trick = next((x for x in deal.tricks if fool in x.cards and x.winner is not None), None)
    if trick is None or trick.winner is None:
        return None
    pos = trick.player(trick.cards.index(fool), deal.players)
    side_of = sides(deal)
    owner = side_of[pos]
    won = [x for x in deal.tricks if x.winner is not None]
    own = tuple(t.tokens[c] for x in won if side_of[x.winner or 0] == owner for c in x.cards)
    other = tuple(t.tokens[c] for x in won if side_of[x.winner or 0] != owner for c in x.cards)
    if trick.number == deal.total_tricks:
        kind = "last"
    elif side_of[trick.winner] == owner:
        kind = "own"
    else:
        kind = "exchange" if own else "no-trick"
    seat = deal.label(pos)
    return ExcuseFacts(kind, trick.number, seat, tuple(c for c in own if c != "FOOL"), other)
