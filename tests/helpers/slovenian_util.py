"""Helpers for Slovenian tests: deal states with chosen piles, for scoring worked examples."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tarokpgn.rules import DealState, PlayedTrick, Ruleset, find_ruleset
from tarokpgn.rules.core import CardTables, count_points

T = CardTables.of(find_ruleset("slovenian-4").deck)
HONOURS = ("FOOL", "T21", "T1", "HK", "DK", "SK", "CK")


def pile_with(points: int, size: int, include: Sequence[str] = (), exclude: Sequence[str] = (),
              seed: int = 0) -> list[str]:  # fmt: skip
    """``size`` cards counting exactly ``points`` (SL-11.1), with and without the given cards."""
    rng = random.Random(seed)
    must = T.cards(include)
    pool = [c for c in range(54) if c not in must and T.tokens[c] not in exclude]
    pile = must + rng.sample(pool, size - len(must))
    for _ in range(20000):
        got = count_points(pile, T)
        if got == points:
            return [T.tokens[c] for c in pile]
        out_i = rng.randrange(len(must), size)
        inn = rng.choice([c for c in pool if c not in pile])
        trial = [*pile[:out_i], inn, *pile[out_i + 1 :]]
        if abs(count_points(trial, T) - points) <= abs(got - points):
            pile = trial
    raise AssertionError(f"no pile of {size} cards with {points} points")


def scored_deal(
    rs: Ruleset,
    contract: str,
    declarer: int | None,
    partner: int | None,
    declarer_cards: Sequence[str],
    *,
    last: tuple[int, Sequence[str]] | None = None,
    announced: dict[str, int] | None = None,
    kontras: dict[str, int] | None = None,
    called: str | None = None,
) -> DealState:
    """A finished deal whose declarer side owns exactly ``declarer_cards`` (tricks, then laid
    away). ``last`` = (leader, cards) fixes the last trick; its winner follows the rules."""
    deal = DealState(rs, None, None)
    deal.contract = rs.contract(contract)
    deal.declarer, deal.partner, deal.partner_known = declarer, partner, True
    deal.called = T.card(called) if called else None
    deal.announced = dict(announced or {})
    deal.kontras = dict(kontras or {})
    deal.policy = rs.trick_policy(deal)
    mine = T.cards(declarer_cards)
    theirs = [c for c in range(54) if c not in mine]
    opponent = next(p for p in range(rs.players) if p not in (declarer, partner))
    tricks: list[PlayedTrick] = []
    last_trick = None
    if last is not None:
        leader, cards = last
        lc = T.cards(cards)
        winner = (leader + rs.trick_winner(deal, tuple(lc))) % rs.players
        last_trick = PlayedTrick(rs.hand_size, leader, lc, winner)
        mine = [c for c in mine if c not in lc]
        theirs = [c for c in theirs if c not in lc]
    n_mine = min(len(mine) // rs.players, rs.hand_size - (1 if last_trick else 0))
    n_theirs = rs.hand_size - n_mine - (1 if last_trick else 0)
    k = rs.players
    for i in range(n_mine):
        tricks.append(PlayedTrick(0, declarer or 0, mine[i * k : (i + 1) * k], declarer))
    deal.laid_away = mine[n_mine * k :]
    for i in range(n_theirs):
        tricks.append(PlayedTrick(0, opponent, theirs[i * k : (i + 1) * k], opponent))
    rest = theirs[n_theirs * k :]
    assert 0 <= len(rest) <= 6, "piles do not fit the deal"
    deal.talon = tuple(rest)
    if last_trick is not None:
        tricks.append(last_trick)
    for i, t in enumerate(tricks, 1):
        t.number = i
        assert t.winner is not None
        deal.won[t.winner].extend(t.cards)
    deal.tricks = tricks
    deal.used = set(range(54))
    return deal
