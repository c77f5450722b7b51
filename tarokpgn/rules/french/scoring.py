"""Scoring one deal (F-8, F-11) with the judge's line-by-line breakdown.

``D = s·(25 + Δ)·M + P·M + s·H + C`` is what each defender pays (F-11.3); the taker receives
it two, three or four times, a partner once (F-11.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.facts import OutcomeError
from tarokpgn.rules.french import declarations
from tarokpgn.rules.french.contracts import (
    ANNOUNCEMENTS,
    BASE,
    CHELEM_FAILED,
    DEFENCE_SLAM,
    MISERE,
    NAMES,
    PETIT_AU_BOUT,
    PETIT_CHELEM_FAILED,
    REQUIRED,
)
from tarokpgn.rules.french.counting import (
    DEFENCE,
    TAKER,
    TOTAL_HALVES,
    Count,
    count,
    side,
    sides,
)
from tarokpgn.rules.french.options import FrenchOptions
from tarokpgn.rules.ruleset import Contract, Outcome, OutcomeBonus, Score
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
    base = base_value(made, delta, m)
    lines.append(ScoreLine(f"{NAMES[c.id]}: {'+' if made else '−'}(25 + {delta}) × {m}", base))
    unit = base
    bonuses: list[Bonus] = []
    p, why = petit_au_bout(deal)
    if p:
        value = petit_value(p, m)
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


def base_value(made: bool, delta: int, m: int) -> int:
    """``s·(25 + Δ)·M`` (F-11.3)."""
    return (1 if made else -1) * (BASE + delta) * m


def petit_value(p: int, m: int) -> int:
    """``P·M``: +1 / −1 for the petit au bout won by the taker's side / the defence (F-8.3)."""
    return p * PETIT_AU_BOUT * m


def petit_chelem_value(made: bool) -> int:
    """Non-FFT petit chelem (F-12.2): +300 made, −150 failed."""
    return 300 if made else PETIT_CHELEM_FAILED


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
    value, why = chelem_value(announced, won, opts)
    if value or announced:
        lines.append(ScoreLine("chelem", value, detail=f"{why} (F-6.9)"))
        bonuses.append(Bonus("chelem", TAKER if won != DEFENCE else DEFENCE, announced,
                             won == TAKER, value))  # fmt: skip
    return value


def chelem_value(announced: bool, won: str | None, opts: FrenchOptions) -> tuple[int, str]:
    """The chelem term C and why (F-6.9): ``won`` is the side that won every trick, if any."""
    if won == TAKER:
        why = "announced and made" if announced else "made without announcement"
        return (400 if announced else 200), why
    if won == DEFENCE:
        if announced and opts.defence_slam_bonus == "cumulative":
            return DEFENCE_SLAM + CHELEM_FAILED, (
                "the defence won every trick, after an announced chelem (cumulative)"
            )
        return DEFENCE_SLAM, "the defence won every trick"
    if announced:
        return CHELEM_FAILED, "announced and not made"
    return 0, ""


def _petit_chelem(
    deal: DealState, opts: FrenchOptions, lines: list[ScoreLine], bonuses: list[Bonus]
) -> int:
    """Non-FFT petit chelem (F-12.2): announced, +300 when the taker's side loses exactly one
    trick, else −150."""
    if not opts.petit_chelem or "petit-chelem" not in deal.announced:
        return 0
    side_of = sides(deal)
    lost = sum(1 for t in deal.tricks if t.winner is not None and side_of[t.winner] != TAKER)
    value = petit_chelem_value(lost == 1)
    lines.append(ScoreLine("petit chelem", value, detail=f"{lost} trick(s) lost (F-12.2)"))
    bonuses.append(Bonus("petit-chelem", TAKER, True, lost == 1, value))
    return value


def _settle(deal: DealState, unit: int, lines: list[ScoreLine]) -> dict[int, int]:
    """Zero-sum shares (F-11.4) of the played deal."""
    taker = deal.declarer
    assert taker is not None
    partner = None if deal.alone else deal.partner
    return settle(deal.labels, taker, partner, unit, lines)


def settle(
    labels: Sequence[str], taker: int, partner: int | None, unit: int, lines: list[ScoreLine]
) -> dict[int, int]:
    """Zero-sum shares (F-11.4): 3 players 2·D, 4 players 3·D, 5 players 2·D and 1·D with a
    partner, 4·D alone; each defender −D. ``labels``: the seats by position."""
    n = len(labels)
    defenders = [p for p in range(n) if p not in (taker, partner)]
    scores = dict.fromkeys(range(n), 0)
    share = len(defenders) - (1 if partner is not None else 0)
    scores[taker] = share * unit
    lines.append(ScoreLine(f"taker {labels[taker]}: {share} × D", share * unit,
                           detail="F-11.4"))  # fmt: skip
    if partner is not None:
        scores[partner] = unit
        lines.append(ScoreLine(f"partner {labels[partner]}: 1 × D", unit, detail="F-11.4"))
    for p in defenders:
        scores[p] = -unit
    names = " ".join(labels[p] for p in defenders)
    lines.append(ScoreLine(f"each defender ({names}): −D", -unit, detail="F-11.4"))
    return scores


def _misere(
    deal: DealState, opts: FrenchOptions, scores: dict[int, int], lines: list[ScoreLine]
) -> None:
    """Non-FFT misère (F-12.1): 20 from each other player to each player who declared it."""
    if not opts.misere:
        return
    for pos, name, _ in deal.declared_cards:
        if name == "misere":
            misere(scores, pos, deal.labels, lines)


def misere(scores: dict[int, int], pos: int, labels: Sequence[str], lines: list[ScoreLine]) -> None:
    """``pos`` declared a misère: 20 from each other player (F-12.1)."""
    n = len(labels)
    for p in scores:
        scores[p] += MISERE * (n - 1) if p == pos else -MISERE
    lines.append(ScoreLine(f"misère {labels[pos]}", MISERE * (n - 1),
                           detail=f"{MISERE} from each other player (F-12.1)"))  # fmt: skip


# --- score-only outcomes -----------------------------------------------------------------------

DIFFERENCE_RANGE: Final = (-max(REQUIRED), TOTAL_HALVES // 2 - min(REQUIRED))
"""The ``Difference`` a sheet can write, −56 … +55: the taker's points are 0–91 (F-1.7), the
points needed 56 … 36 by oudlers (F-10.4), and a sheet does not say how many oudlers."""


def score_outcome(o: Outcome, seats: Sequence[str], opts: FrenchOptions, c: Contract) -> Score:
    """A deal known by its outcome only (a score sheet's row), scored with the played deal's
    arithmetic (F-11.3, F-11.4): the ``Difference`` is the taker's points − the points needed
    (F-10.7, after the half point, F-10.6), made when ≥ 0."""
    n = len(seats)
    if o.kontras:
        raise ValueError("French Tarot has no kontra: the contract ladder replaces it (F-3.1)")
    if c.kind == "passed":
        line = ScoreLine("thrown in", 0, detail="every player passed: nothing is scored (F-3.5)")
        return Score(dict.fromkeys(range(n), 0), (line,))
    taker, partner = _outcome_sides(o, seats)
    made = _outcome_made(o, c)
    _outcome_repeats(o, n)
    delta = rounded_difference(abs(o.difference or 0), opts)
    m = c.value
    unit = base_value(made, delta, m)
    lines = [
        ScoreLine(f"contract {'made' if made else 'lost'} by {delta}", delta if made else -delta,
                  detail="the Difference (F-10.7)"),
        ScoreLine(f"{NAMES[c.id]}: {'+' if made else '−'}(25 + {delta}) × {m}", unit),
    ]  # fmt: skip
    bonuses: list[Bonus] = []
    personal: list[OutcomeBonus] = []
    for b in o.bonuses:
        if b.name == "misere":
            personal.append(b)
        else:
            unit += _outcome_term(b, made, m, n, opts, lines, bonuses)
    lines.append(ScoreLine("unit score D (each defender pays)", unit,
                           detail="s·(25 + Δ)·M + P·M + s·H + C (F-11.3)"))  # fmt: skip
    scores = settle(seats, taker, partner, unit, lines)
    for b in personal:
        if not opts.misere or b.seat not in seats or not b.positive:
            raise ValueError("a misère is written +misere@SEAT, under option misere (F-12.1)")
        misere(scores, seats.index(b.seat), seats, lines)
    return Score(scores, tuple(lines), tuple(bonuses), {}, made)


def _outcome_made(o: Outcome, c: Contract) -> bool:
    """Whether the contract was made: ``Difference`` = points − needed ≥ 0 (F-10.7), within
    :data:`DIFFERENCE_RANGE`."""
    d = o.difference
    if d is None:
        raise ValueError(f"{c.id} is scored on its Difference (F-10.7), which is missing")
    low, high = DIFFERENCE_RANGE
    if not low <= d <= high:
        raise OutcomeError(f"Difference {d:+d} cannot be: the taker's points are 0–91 (F-1.7), "
                           f"the points needed 36–56 (F-10.4), so points − needed is within "
                           f"{low:+d} … {high:+d} (F-10.7)", "Difference")  # fmt: skip
    return d >= 0


def _outcome_repeats(o: Outcome, n: int) -> None:
    """A poignée once per player (F-6.4), any other item once (a misère once per seat)."""
    counts: dict[str, int] = {}
    for b in o.bonuses:
        key = "poignée" if declarations.handful_size(b.name) else f"{b.name}@{b.seat}".strip("@")
        counts[key] = counts.get(key, 0) + 1
    for key, k in counts.items():
        if k > (n if key == "poignée" else 1):
            raise ValueError(f"{key} is given {k} times: a poignée once per player (F-6.4), any "
                             "other bonus once")  # fmt: skip


def _outcome_sides(o: Outcome, seats: Sequence[str]) -> tuple[int, int | None]:
    """The taker's position and the called partner's (5 players only, F-4)."""
    if o.declarer not in seats:
        raise ValueError(f"the taker's seat is needed ({' '.join(seats)})")
    if not o.partner:
        return seats.index(o.declarer), None
    if len(seats) != 5 or o.partner == o.declarer or o.partner not in seats:
        raise ValueError("only the 5-player taker has a partner, another seat (F-4); leave "
                         "Partner out when he played alone")  # fmt: skip
    return seats.index(o.declarer), seats.index(o.partner)


def _outcome_term(
    b: OutcomeBonus,
    made: bool,
    m: int,
    n: int,
    opts: FrenchOptions,
    lines: list[ScoreLine],
    bonuses: list[Bonus],
) -> int:
    """One bonus item's term of D: the petit au bout (F-8.3), a poignée (F-6.5), the chelem
    (F-6.9), the non-FFT petit chelem (F-12.2)."""
    sign = "+" if b.positive else "−"
    side = TAKER if b.positive else DEFENCE
    poignee = declarations.handful_level(n, b.name, opts) is not None
    announced = b.announced or poignee  # a poignée is declared and shown (F-6.1): ``!`` optional
    if b.seat:
        raise ValueError(f"{b.name} is not charged to one seat")
    if b.name == "petit-au-bout" and not b.announced:
        value = petit_value(1 if b.positive else -1, m)
        lines.append(ScoreLine(f"petit au bout: {sign}10 × {m}", value, detail="F-8.1"))
    elif poignee:
        if b.positive != made:
            raise ValueError(f"{b.name}: a poignée goes to the side that wins the deal (F-6.5)")
        value = (1 if made else -1) * declarations.handful_bonus(n, b.name, opts)
        lines.append(ScoreLine(f"poignée {b.name}", value, detail="to the side that wins (F-6.5)"))
    elif b.name == "chelem":
        won = TAKER if b.positive else None if b.announced else DEFENCE
        value, why = chelem_value(b.announced, won, opts)
        lines.append(ScoreLine("chelem", value, detail=f"{why} (F-6.9)"))
    elif b.name == "petit-chelem" and opts.petit_chelem and b.announced:
        value = petit_chelem_value(b.positive)
        lines.append(ScoreLine("petit chelem", value, detail="F-12.2"))
    else:
        raise ValueError(f"{sign}{b.name}{'!' if b.announced else ''} is not a bonus of this "
                         "ruleset (F-6, F-8)")  # fmt: skip
    made_it = b.positive or not b.announced or b.name not in ANNOUNCEMENTS  # F-6.7: the taker's
    bonuses.append(Bonus(b.name, side, announced, made_it, value))
    return value
