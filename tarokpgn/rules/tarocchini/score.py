"""From a finished Tarocchini deal to its :class:`~tarokpgn.rules.ruleset.Score`.

Each side's pile (T-10.1): the cards of the tricks it won; the Matto, which its player keeps
(T-7.4) and pays for with one low card when an opponent won its trick (T-8.1, an abstract
value-1 card, T-8.3) or loses when his side wins no trick (T-8.2); the discards (T-4.4,
T-11.4) or the Terziglio solo stock (T-11.5). A side scores the combinations of its pile
(T-6, doubled per T-6.10), its card points (T-2.2), 6 for the last trick (T-2.3) and its
players' declarations (T-5). Ottocento: each seat is credited its partnership's hand score
(both totals grow, T-10.2). Terziglio: game points and settlement (T-11.7–11.9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.tarocchini.combos import Combo, Rules, combination, evaluate, total
from tarokpgn.rules.tarocchini.counting import LAST_TRICK, half_points, show_half
from tarokpgn.rules.tarocchini.game import settle, terziglio_result
from tarokpgn.rules.tarocchini.state import TarocchiniDeal
from tarokpgn.verdict import ScoreLine


@dataclass(init=False)
class Pile:
    """One side's cards at the count, with the abstract low cards of the Matto exchange."""

    cards: list[int]
    low_cards: int
    """Net abstract value-1 cards received (+) or given (−) for the Matto (T-8.1, T-8.3)."""
    tricks: int
    last_trick: bool

    def __init__(
        self,
        cards: list[int] | None = None,
        low_cards: int = 0,
        tricks: int = 0,
        last_trick: bool = False,
    ) -> None:
        self.cards = [] if cards is None else cards
        self.low_cards = low_cards
        self.tricks = tricks
        self.last_trick = last_trick


def piles(deal: TarocchiniDeal) -> tuple[Pile, Pile]:
    """The two sides' piles at the count (see the module docstring)."""
    out = (Pile(), Pile())
    matto: tuple[int, int] | None = None  # (Matto's side, winner side of its trick)
    side = [deal.side(p) for p in range(deal.players)]
    fool, total_tricks = deal.fool, deal.total_tricks
    for number, trick in enumerate(deal.tricks, 1):
        if trick.winner is None:  # abandoned (trick-order): its cards are nobody's
            raise ValueError(f"trick {number} was never finished, so the cards cannot be "
                             "counted (T-10.1)")  # fmt: skip
        pile = out[side[trick.winner]]
        pile.tricks += 1
        last = number == total_tricks
        pile.last_trick = last
        if fool not in trick.cards:
            pile.cards += trick.cards
            continue
        wside = side[trick.winner]
        for i, card in enumerate(trick.cards):
            if card != fool:
                pile.cards.append(card)
                continue
            mside = side[trick.player(i, deal.players)]
            lost = last and deal.opts.matto_last_trick == "lost_like_french_excuse"
            if mside == wside or lost:
                out[wside].cards.append(card)
            else:
                matto = (mside, wside)
    if matto is not None:
        mside, wside = matto
        if out[mside].tricks == 0:  # T-8.2
            out[wside].cards.append(deal.fool)
        else:
            out[mside].cards.append(deal.fool)
            out[mside].low_cards -= 1
            out[wside].low_cards += 1
    _stock(deal, out)
    return out


def _stock(deal: TarocchiniDeal, out: tuple[Pile, Pile]) -> None:
    """Discards (T-4.4, T-11.4) and the unseen solo stock (T-11.5)."""
    if deal.laid_away:
        owner = 1 if deal.partnerships else 0  # the dealer's side / the declarer
        if out[owner].tricks == 0:
            owner = 1 - owner
        out[owner].cards.extend(deal.laid_away)
    elif deal.contract is not None and deal.contract.id == "solo":
        winners = [s for s in (0, 1) if out[s].last_trick]
        if not winners:
            raise ValueError("nobody won the last trick, so the stock has no owner (T-11.5)")
        out[winners[0]].cards.extend(_solo_stock(deal))


def _solo_stock(deal: TarocchiniDeal) -> tuple[int, ...]:
    """The unseen stock: the ``talon`` line, else every card no hand was dealt."""
    if deal.talon is not None:
        return deal.talon
    if any(h is None for h in deal.dealt):
        raise ValueError("the stock (talon) is not recorded, so the solo cannot be counted")
    dealt = {c for h in deal.dealt if h is not None for c in h}
    return tuple(c for c in range(len(deal.tables.tokens)) if c not in dealt)


@dataclass(slots=True, init=False, unsafe_hash=True)
class SideScore:
    """One side's hand score in half points, with its parts."""

    label: str
    combos: tuple[Combo, ...]
    cricche: int
    sequences: int
    card_half: int
    last_trick: int
    declared: int

    def __init__(
        self,
        label: str,
        combos: tuple[Combo, ...],
        cricche: int,
        sequences: int,
        card_half: int,
        last_trick: int,
        declared: int,
    ) -> None:
        self.label = label
        self.combos = combos
        self.cricche = cricche
        self.sequences = sequences
        self.card_half = card_half
        self.last_trick = last_trick
        self.declared = declared

    @property
    def half(self) -> int:
        return (
            2 * (self.cricche + self.sequences + self.last_trick + self.declared) + self.card_half
        )


def side_scores(deal: TarocchiniDeal) -> tuple[SideScore, SideScore]:
    opts = deal.opts
    rules = Rules(opts.contatori_minimum, opts.grande_tail)
    method = "pairs" if deal.partnerships else opts.terziglio_card_count
    declared = declared_values(deal, rules)
    out = []
    names, points = deal.tables.tokens, deal.tables.points
    for side, pile in enumerate(piles(deal)):
        combos = evaluate(frozenset([names[c] for c in pile.cards]), rules)
        t = total(combos)
        raw = pile.low_cards
        for c in pile.cards:
            raw += points[c]
        card_half = half_points(raw, len(pile.cards) + pile.low_cards, method)
        decl = 0
        for p, v in declared.items():
            if deal.side(p) == side:
                decl += v
        last = LAST_TRICK if pile.last_trick else 0
        label = deal.side_label(side)
        out.append(SideScore(label, tuple(combos), t.cricche, t.sequences, card_half, last, decl))
    return out[0], out[1]


def declared_values(deal: TarocchiniDeal, rules: Rules) -> dict[int, int]:
    """Position → value of its declarations (T-5), doubled per player (T-5.6, T-13.7).
    A declaration whose shown cards make no combination counts nothing."""
    by_pos: dict[int, list[Combo]] = {}
    for pos, name, cards in deal.declared_cards:
        found = combination(name, frozenset([deal.name(c) for c in cards]), rules)
        if found is not None:
            by_pos.setdefault(pos, []).append(found)
    return {p: total(c, deal.opts.declaration_doubling).value for p, c in by_pos.items()}


def side_declarations(deal: TarocchiniDeal) -> list[tuple[str, int]]:
    """(side label, value) of each player's declarations (T-5) in call-out order, the dealer
    first, then eldest and round (T-10.3): what the match's race to the target needs
    (:func:`~tarokpgn.rules.tarocchini.game.ottocento_game`)."""
    values = declared_values(deal, Rules(deal.opts.contatori_minimum, deal.opts.grande_tail))
    order = [deal.dealer, *range(deal.dealer)]
    return [(deal.side_label(deal.side(p)), values[p]) for p in order if p in values]


def _detail(s: SideScore, cricca: bool) -> str:
    """The cricche (or the sequences) of a side, ``"kings 17, queens 14"``."""
    return ", ".join([f"{c.name} {c.value}" for c in s.combos if c.is_cricca == cricca])


_PARTS: Final = ("cricche", "sequences", "card points", "last trick", "declarations", "hand")
_LABELS: Final[dict[str, tuple[str, ...]]] = {}
"""Side label → the labels of its six lines (built once per side label)."""


def _lines(s: SideScore) -> list[ScoreLine]:
    labels = _LABELS.get(s.label)
    if labels is None:
        labels = _LABELS[s.label] = tuple([f"{s.label} {part}" for part in _PARTS])
    return [
        ScoreLine(labels[0], s.cricche, detail=_detail(s, True)),
        ScoreLine(labels[1], s.sequences, detail=_detail(s, False)),
        ScoreLine(labels[2], s.card_half // 2, detail=show_half(s.card_half)),
        ScoreLine(labels[3], s.last_trick),
        ScoreLine(labels[4], s.declared),
        ScoreLine(labels[5], s.half // 2, detail=show_half(s.half)),
    ]


def tarocchini_score(deal: TarocchiniDeal) -> Score:
    """The deal's score; raises ValueError when the record lacks what it needs."""
    if deal.contract is None:
        raise ValueError("the auction did not end")
    if deal.thrown_in:
        why = "monte: the cards are thrown in" if deal.partnerships else "everybody passed"
        rule = "T-4.2" if deal.partnerships else "T-3.3"
        line = ScoreLine(why + "; the next player deals", 0, detail=rule)
        return Score(dict.fromkeys(range(deal.players), 0), (line,))
    sides = side_scores(deal)
    cards = {s.label: s.card_half // 2 + s.last_trick for s in sides}
    if deal.partnerships:
        scores = {p: sides[deal.side(p)].half // 2 for p in range(deal.players)}
        lines = [*_lines(sides[0]), *_lines(sides[1])]
        return Score(scores, tuple(lines), card_points=cards)
    return _terziglio(deal, sides, cards)


def _terziglio(deal: TarocchiniDeal, sides: tuple[SideScore, SideScore],
               cards: dict[str, int]) -> Score:  # fmt: skip
    assert deal.declarer is not None and deal.contract is not None
    tricks = [t for t in deal.tricks if t.winner is not None]
    won = {deal.side(t.winner) for t in tricks if t.winner is not None}
    capot = ("declarer", "opponents")[won.pop()] if len(won) == 1 else None
    solo = deal.contract.id == "solo"
    result = terziglio_result(sides[0].half, sides[1].half, solo, deal.opts, capot)
    lines: list[ScoreLine] = []
    if capot is None:
        lines += [*_lines(sides[0]), *_lines(sides[1])]
        winner = sides[0] if result.declarer_wins else sides[1]
        text = (
            "declarer wins with strictly more points"
            if result.declarer_wins
            else "opponents win: the declarer needs strictly more points (T-11.7)"
        )
        lines.append(ScoreLine(text, winner.half // 2, detail=show_half(winner.half)))  # fmt: skip
    else:
        lines.append(ScoreLine(f"{capot} won every trick: no counting", 40, detail="T-11.8"))
    detail = "rounded to 50, ÷50" + (", ×2 solo" if solo else "")
    lines.append(ScoreLine("game points", result.game_points, detail=detail))
    scores = settle(deal.declarer, deal.players, result, deal.opts)
    return Score(scores, tuple(lines), card_points=cards, won=result.declarer_wins)
