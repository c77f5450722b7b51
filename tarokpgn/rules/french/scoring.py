"""Scoring one deal (F-8, F-11) with the judge's line-by-line breakdown.

``D = s·(25 + Δ)·M + P·M + s·H + C`` is what each defender pays (F-11.3); the taker receives
it two, three or four times, a partner once (F-11.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarokpgn.rules.french import declarations
from tarokpgn.rules.french.contracts import (
    BASE,
    CHELEM_FAILED,
    DEFENCE_SLAM,
    MISERE,
    NAMES,
    PETIT_AU_BOUT,
    PETIT_CHELEM_FAILED,
)
from tarokpgn.rules.french.counting import DEFENCE, TAKER, Count, count, side, sides
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Score
from tarokpgn.verdict import Bonus, ScoreLine

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState


def _half(halves: int) -> str:
    whole, half = divmod(halves, 2)
    return f"{whole}.5" if half else str(whole)


def rounded_difference(delta: int, opts: FrenchOptions) -> int:
    """Δ, or Δ rounded to the nearest 5 or 10 (F-15.8)."""
    step = {"to_5": 5, "to_10": 10}.get(opts.difference_rounding, 1)
    return (delta + step // 2) // step * step if step > 1 else delta


def petit_au_bout(deal: DealState) -> tuple[int, str]:
    """+1 / −1 when the taker's side / the defence earned the petit au bout, else 0 (F-8)."""
    t = deal.tables
    petit, fool = t.card("T1"), t.card("FOOL")
    done = [tr for tr in deal.tricks if tr.winner is not None]
    if not done:
        return 0, ""
    last = done[-1]
    if petit in last.cards and last.winner is not None:
        s = side(deal, last.winner)
        return (1 if s == TAKER else -1), f"the Petit in the last trick, won by {_who(s)} (F-8.1)"
    swept = fool in last.cards and last.winner == last.player(last.cards.index(fool), deal.players)
    if swept and len(done) > 1:
        prev = done[-2]
        if petit in prev.cards and prev.winner is not None:
            s = side(deal, prev.winner)
            if s == side(deal, last.winner or 0):
                return (
                    1 if s == TAKER else -1
                ), "the Petit in the trick before the Excuse's (F-8.2)"
    return 0, ""


def _who(s: str) -> str:
    return "the taker's side" if s == TAKER else "the defence"


def slam_side(deal: DealState) -> str | None:
    """The side that won every trick (F-6.7), if any."""
    side_of = sides(deal)
    won = {side_of[t.winner] for t in deal.tricks if t.winner is not None}
    return won.pop() if len(won) == 1 and len(deal.tricks) == deal.total_tricks else None


def score(deal: DealState, opts: FrenchOptions) -> Score:
    """The deal's score (F-10, F-11)."""
    c = deal.contract
    n = deal.players
    if c is None:
        raise ValueError("no contract: the auction is not finished")
    if c.kind == "passed":
        why = "every player passed: redeal, nothing is scored (F-3.5)"
        line = ScoreLine("thrown in", 0, detail=why)
        return Score(dict.fromkeys(range(n), 0), (line,))
    assert deal.declarer is not None
    cnt = count(deal, opts)
    lines = [ScoreLine("cards", 0, detail=note) for note in cnt.notes]
    made = cnt.points >= cnt.needed
    s = 1 if made else -1
    delta = rounded_difference(abs(cnt.points - cnt.needed), opts)
    m = c.value
    lines += _count_lines(cnt, delta, made)
    base = s * (BASE + delta) * m
    lines.append(ScoreLine(f"{NAMES[c.id]}: {'+' if made else '−'}(25 + {delta}) × {m}", base))
    unit = base
    bonuses: list[Bonus] = []
    p, why = petit_au_bout(deal)
    if p:
        value = p * PETIT_AU_BOUT * m
        unit += value
        lines.append(ScoreLine(f"petit au bout: {'+' if p > 0 else '−'}10 × {m}", value,
                               detail=why))  # fmt: skip
        bonuses.append(Bonus("petit-au-bout", TAKER if p > 0 else DEFENCE, False, True, value))
    unit += _handfuls(deal, opts, s, lines, bonuses)
    unit += _slam(deal, opts, lines, bonuses)
    unit += _petit_chelem(deal, opts, lines, bonuses)
    lines.append(ScoreLine("unit score D (each defender pays)", unit,
                           detail="s·(25 + Δ)·M + P·M + s·H + C (F-11.3)"))  # fmt: skip
    scores = _settle(deal, unit, lines)
    _misere(deal, opts, scores, lines)
    points = {TAKER: cnt.points, DEFENCE: 91 - cnt.points}
    return Score(scores, tuple(lines), tuple(bonuses), points, made)


def _count_lines(cnt: Count, delta: int, made: bool) -> list[ScoreLine]:
    rounded = "" if cnt.halves % 2 == 0 else f" → {cnt.points} (the half point, F-10.6)"
    bouts = " ".join(cnt.oudlers) or "none"
    word = "made" if made else "lost"
    exact = " (juste fait)" if made and delta == 0 else ""
    return [
        ScoreLine("taker's side card points", cnt.points,
                  detail=f"{_half(cnt.halves)}{rounded}"),
        ScoreLine("oudlers", len(cnt.oudlers), detail=f"{bouts}: {cnt.needed} needed (F-10.4)"),
        ScoreLine(f"contract {word} by {delta}{exact}", delta if made else -delta,
                  detail=f"{cnt.points} − {cnt.needed} (F-10.7)"),
    ]  # fmt: skip


def _handfuls(
    deal: DealState, opts: FrenchOptions, s: int, lines: list[ScoreLine], bonuses: list[Bonus]
) -> int:
    """Each poignée's bonus, unmultiplied, to the side that wins the deal (F-6.5)."""
    total = 0
    for pos, name, _ in deal.declared_cards:
        bonus = declarations.handful_bonus(deal.players, name, opts)
        if not bonus:
            continue
        total += s * bonus
        who = deal.label(pos)
        gets = "taker's side" if s > 0 else "defence"
        detail = f"{bonus} to the side that wins, the {gets} (F-6.5)"
        lines.append(ScoreLine(f"poignée {name} by {who}", s * bonus, detail=detail))
        bonuses.append(Bonus(name, side(deal, pos), True, True, s * bonus))
    return total


def _slam(
    deal: DealState, opts: FrenchOptions, lines: list[ScoreLine], bonuses: list[Bonus]
) -> int:
    """Chelem: +400 announced, +200 silent, −200 announced and failed, −200 for a defence
    slam (F-6.9; option defence_slam_bonus)."""
    announced = "chelem" in deal.announced
    won = slam_side(deal)
    value, why = 0, ""
    if won == TAKER:
        value = 400 if announced else 200
        why = "announced and made" if announced else "made without announcement"
    elif won == DEFENCE:
        value = DEFENCE_SLAM
        why = "the defence won every trick"
        if announced and opts.defence_slam_bonus == "cumulative":
            value += CHELEM_FAILED
            why += ", after an announced chelem (cumulative)"
    elif announced:
        value, why = CHELEM_FAILED, "announced and not made"
    if value or announced:
        lines.append(ScoreLine("chelem", value, detail=f"{why} (F-6.9)"))
        bonuses.append(Bonus("chelem", TAKER if won != DEFENCE else DEFENCE, announced,
                             won == TAKER, value))  # fmt: skip
    return value


def _petit_chelem(
    deal: DealState, opts: FrenchOptions, lines: list[ScoreLine], bonuses: list[Bonus]
) -> int:
    """Non-FFT petit chelem (F-12.2): announced, +300 when the taker's side loses exactly one
    trick, else −150."""
    if not opts.petit_chelem or "petit-chelem" not in deal.announced:
        return 0
    side_of = sides(deal)
    lost = sum(1 for t in deal.tricks if t.winner is not None and side_of[t.winner] != TAKER)
    value = 300 if lost == 1 else PETIT_CHELEM_FAILED
    lines.append(ScoreLine("petit chelem", value, detail=f"{lost} trick(s) lost (F-12.2)"))
    bonuses.append(Bonus("petit-chelem", TAKER, True, lost == 1, value))
    return value


def _settle(deal: DealState, unit: int, lines: list[ScoreLine]) -> dict[int, int]:
    """Zero-sum shares (F-11.4): 3 players 2·D, 4 players 3·D, 5 players 2·D and 1·D with a
    partner, 4·D alone; each defender −D."""
    n = deal.players
    taker = deal.declarer
    assert taker is not None
    partner = None if deal.alone else deal.partner
    defenders = [p for p in range(n) if p not in (taker, partner)]
    scores = dict.fromkeys(range(n), 0)
    share = len(defenders) - (1 if partner is not None else 0)
    scores[taker] = share * unit
    lines.append(ScoreLine(f"taker {deal.label(taker)}: {share} × D", share * unit,
                           detail="F-11.4"))  # fmt: skip
    if partner is not None:
        scores[partner] = unit
        lines.append(ScoreLine(f"partner {deal.label(partner)}: 1 × D", unit, detail="F-11.4"))
    for p in defenders:
        scores[p] = -unit
    names = " ".join(deal.label(p) for p in defenders)
    lines.append(ScoreLine(f"each defender ({names}): −D", -unit, detail="F-11.4"))
    return scores


def _misere(
    deal: DealState, opts: FrenchOptions, scores: dict[int, int], lines: list[ScoreLine]
) -> None:
    """Non-FFT misère (F-12.1): 20 from each other player to each player who declared it."""
    if not opts.misere:
        return
    for pos, name, _ in deal.declared_cards:
        if name != "misere":
            continue
        for p in scores:
            scores[p] += MISERE * (deal.players - 1) if p == pos else -MISERE
        lines.append(ScoreLine(f"misère {deal.label(pos)}", MISERE * (deal.players - 1),
                               detail=f"{MISERE} from each other player (F-12.1)"))  # fmt: skip
