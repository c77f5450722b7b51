"""From a finished Czech deal to its :class:`~tarokpgn.rules.ruleset.Score` (CZ-10–12).

Gathers the facts — sides, piles (tricks plus own discards plus the opponents' talon share),
commitments made or lost, revealing hlášky held — and hands them to :mod:`.scoring`; Varšava
goes to :mod:`.payment` directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarokpgn.rules.core import count_points
from tarokpgn.rules.czech.checks import due_cards, judged_hand_counts
from tarokpgn.rules.czech.contracts import Game
from tarokpgn.rules.czech.hlasky import (
    REVEALING,
    payable_counts,
    price,
)
from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.czech.payment import warsaw_classic, warsaw_difference
from tarokpgn.rules.czech.scoring import (
    DECLARER,
    OPPONENTS,
    Commitment,
    DealFacts,
    commitment_value,
    settle,
)
from tarokpgn.rules.ruleset import Score
from tarokpgn.verdict import Bonus, ScoreLine

if TYPE_CHECKING:
    from tarokpgn.rules.czech.state import CzechDeal


def czech_score(deal: CzechDeal, opts: CzechOptions) -> Score:
    """The deal's score; raises ValueError when the record lacks what it needs."""
    if deal.contract is None:
        raise ValueError("the auction did not end in a game")
    if deal.is_warsaw:
        return _warsaw(deal, opts)
    game = deal.game
    if game is None or deal.declarer is None:
        raise ValueError("no declarer")
    if any(not 0 <= level <= opts.max_flek for level in deal.kontras.values()):
        # an illegal-kontra already (CZ-7.1): never a huge ``rate << flek``
        raise ValueError("a flek level beyond the highest (CZ-7.1) cannot be scored")
    if game.game is Game.PREFERANC and not game.level:
        raise ValueError("the preferanc level is unknown (record the talon and the exchange)")
    missing = [p for p in due_cards(deal, game) if p not in deal.discards]
    if missing:
        who = ", ".join(deal.label(p) for p in missing)
        raise ValueError(f"the talon exchange of {who} is not recorded, so oči cannot be counted")
    side = _declarer_side(deal)
    others = tuple([p for p in range(deal.players) if p not in side])
    points = _side_points(deal, side)
    commitments = _commitments(deal, side)
    labels = deal.labels
    hlasky = _hlasky(deal, opts)
    facts = DealFacts(
        contract=game,
        declarer_side=tuple([labels[p] for p in side]),
        opponents=tuple([labels[p] for p in others]),
        points=points,
        flek=deal.kontras.get("game", 0),
        commitments=commitments,
        hlasky=tuple([(labels[p], h) for p, h in hlasky]),
    )
    s = settle(facts, opts)
    pos = {label: p for p, label in enumerate(labels)}
    scores = {pos[k]: v for k, v in s.scores.items()}
    return Score(
        scores=scores,
        lines=tuple([ScoreLine(label, value, detail=detail) for label, value, detail in s.lines]),
        bonuses=tuple([_bonus(c, deal) for c in commitments])
        + _hlaska_bonuses(deal, facts, hlasky, opts),
        card_points={"declarer": points, "opponents": 70 - points},
        won=points > 35 if points != 35 else facts.flek >= 1,
        game_kontra=facts.flek,
    )


def _declarer_side(deal: CzechDeal) -> tuple[int, ...]:
    assert deal.declarer is not None
    if deal.partner is None or deal.partner == deal.declarer:
        return (deal.declarer,)
    return (deal.declarer, deal.partner)


def _side_points(deal: CzechDeal, side: tuple[int, ...]) -> int:
    """Oči of the declarer side: its tricks and its own discards, counted in threes (CZ-10.2)."""
    pile: list[int] = []
    for p in side:
        pile += deal.won[p]
        pile += deal.discards.get(p, ())
    if len(deal.tricks) < deal.total_tricks or any(t.winner is None for t in deal.tricks):
        raise ValueError("not every trick was played")
    return count_points(pile, deal.tables)


def _last_trick(deal: CzechDeal) -> tuple[int | None, int | None]:
    """(position that played the pagát to the last trick, winner of the last trick)."""
    last = deal.tricks[-1]
    pagat = deal.tables.card("T1")
    if pagat not in last.cards:
        return None, last.winner
    return last.player(last.cards.index(pagat), deal.players), last.winner


def _commitments(deal: CzechDeal, side: tuple[int, ...]) -> tuple[Commitment, ...]:
    """Pagát and valát, announced or silent (CZ-6.3–6.5, 6.11, 6.12)."""
    out: list[Commitment] = []
    game = deal.game
    player, winner = _last_trick(deal)
    duty2 = game is not None and game.game is Game.SECOND_DUTY
    if duty2:
        made = player is not None and player == deal.declarer and winner == player
        price = deal.opts.duty2_pagat_price
        flek = deal.kontras.get("pagat", 0)
        out.append(Commitment("pagat", DECLARER, True, made, flek, price))
    elif "pagat" in deal.announced:
        owner = _side_name(deal.announced["pagat"], side)
        made = player is not None and winner == player and _side_name(player, side) == owner
        out.append(Commitment("pagat", owner, True, made, deal.kontras.get("pagat", 0)))
    elif player is not None:
        out.append(Commitment("pagat", _side_name(player, side), False, winner == player))
    out += _valat(deal, side)
    return tuple(out)


def _side_name(pos: int, side: tuple[int, ...]) -> str:
    return DECLARER if pos in side else OPPONENTS


def _valat(deal: CzechDeal, side: tuple[int, ...]) -> list[Commitment]:
    sweep: str | None = None  # the side that won every trick, if one did
    seen = False
    for t in deal.tricks:
        if t.winner is None:
            continue
        name = _side_name(t.winner, side)
        if not seen:
            sweep, seen = name, True
        elif sweep != name:
            sweep = None
            break
    if "valat" in deal.announced:
        owner = _side_name(deal.announced["valat"], side)
        made = sweep == owner
        out = [Commitment("valat", owner, True, made, deal.kontras.get("valat", 0))]
        if sweep is not None and not made:
            out.append(Commitment("valat", sweep, False, True))
        return out
    return [Commitment("valat", sweep, False, True)] if sweep is not None else []


def _hlasky(deal: CzechDeal, opts: CzechOptions) -> list[tuple[int, str]]:
    """Revealing hlášky paid per position (CZ-6.6–6.8, 6.10)."""
    out: list[tuple[int, str]] = []
    automatic = opts.hlasky_automatic
    for pos in range(deal.players):
        declared = [n for p, n in deal.declared if p == pos and n in REVEALING]
        counts = judged_hand_counts(deal, pos)
        if counts is None:
            out += [(pos, n) for n in declared]
            continue
        for n in payable_counts(counts, opts):
            if automatic or n in declared:
                out.append((pos, n))
    return out


def _hlaska_bonuses(
    deal: CzechDeal, facts: DealFacts, hlasky: list[tuple[int, str]], opts: CzechOptions
) -> tuple[Bonus, ...]:
    """Revealing hlášky (``facts.hlasky``, by position ``hlasky``) as bonuses of their
    holder's side (CZ-6.6, 6.7)."""
    out = []
    seats = facts.hlasky  # made from ``hlasky``, pair by pair: an index loop, not
    # ``zip(strict=True)``, which compiled is a generic call costing a few thousand instructions
    for i, (pos, name) in enumerate(hlasky):
        mine = seats[i][0] in facts.declarer_side
        value = price(name, opts) if mine else -price(name, opts)
        declared = (pos, name) in deal.declared
        out.append(Bonus(name, DECLARER if mine else OPPONENTS, declared, True, value))
    return tuple(out)


def _bonus(c: Commitment, deal: CzechDeal) -> Bonus:
    value = commitment_value(c, deal.opts)
    return Bonus(c.name, c.side, c.announced, c.made, value if c.side == DECLARER else -value,
                 kontra=c.flek)  # fmt: skip


def _warsaw(deal: CzechDeal, opts: CzechOptions) -> Score:
    """Everyone for himself, fewest oči best (CZ-12)."""
    if len(deal.tricks) < deal.total_tricks:
        raise ValueError("not every trick was played")
    if deal.talon is None:
        raise ValueError("the talon is not recorded, so the Varšava piles cannot be counted")
    points = {str(p): count_points(deal.won[p], deal.tables) for p in range(deal.players)}
    tricks = {str(p): 0 for p in range(deal.players)}
    for t in deal.tricks:
        if t.winner is not None:
            tricks[str(t.winner)] += 1
    if opts.warsaw_scoring == "classic":
        money = warsaw_classic(points, tricks, "0", opts)
    else:
        money = warsaw_difference(points, opts)
    scores = {int(k): v for k, v in money.items()}
    detail = " ".join(f"{deal.label(int(p))} {v}" for p, v in points.items())
    line = ScoreLine("varsava", 0, detail=f"{opts.warsaw_scoring} scoring; oči {detail}")
    return Score(
        scores=scores,
        lines=(line,),
        card_points=points,
    )
