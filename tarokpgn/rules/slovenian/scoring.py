"""Counting and scoring (SL-11, SL-12), with the judge's line-by-line breakdown.

Point contracts: ``G = ±(V + |D|)`` × game kontra, plus announced and silent bonuses each with
its own kontra, or valat instead of all of it (SL-12.3–12.5). Flat contracts: ±V × game kontra
(SL-12.4). Klop: each player alone (SL-12.7). Mondfang (SL-12.8) and renons (SL-13) are
individual charges. A score-only record's :class:`~tarokpgn.rules.facts.Outcome` is scored
by :func:`score_outcome` with the same arithmetic (:func:`game_lines`, :func:`bonus_value`,
:func:`valat_value`, :func:`flat_game_line`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.core import count_points, group_count
from tarokpgn.rules.facts import Announcement, Contract, Outcome, OutcomeBonus, OutcomeError
from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.slovenian.contracts import ANNOUNCEMENTS, SOLO_WITHOUT
from tarokpgn.rules.slovenian.options import SlovenianOptions
from tarokpgn.rules.slovenian.talon import KINGS, TRULA
from tarokpgn.verdict import Bonus, ScoreLine

if TYPE_CHECKING:
    from tarokpgn.rules.slovenian import SlovenianRuleset
    from tarokpgn.rules.state import DealState

DECLARER: Final = "declarer"
OPPONENTS: Final = "opponents"
POINT_KINDS: Final = ("points",)
"""Contract kinds scored on the difference (SL-12.3); solo without is flat (SL-12.4)."""


@dataclass(init=False)
class Sheet:
    """A score sheet being filled in: lines, bonuses, and the declarer side's running total."""

    lines: list[ScoreLine]
    bonuses: list[Bonus]
    total: int

    def __init__(
        self,
        lines: list[ScoreLine] | None = None,
        bonuses: list[Bonus] | None = None,
        total: int = 0,
    ) -> None:
        self.lines = [] if lines is None else lines
        self.bonuses = [] if bonuses is None else bonuses
        self.total = total

    def line(self, label: str, value: int, detail: str = "") -> None:
        self.lines.append(ScoreLine(label, value, detail=detail))


def count_detail(cards: list[int], deal: DealState) -> tuple[int, str]:
    """Points of a pile in threes (SL-11.1) and how a judge writes the sum."""
    n = len(cards)
    points = deal.tables.points
    raw = 0
    for c in cards:  # no list of the points built and dropped
        raw += points[c]
    pts = group_count(raw, n)
    rest = " − 1" if n % 3 else ""
    return pts, f"{n} cards: raw {raw} − 2×{n // 3}{rest} = {pts}"


def remainder(deal: DealState) -> list[int]:
    """Talon cards not taken in the exchange (all of them when the talon was not used)."""
    if deal.talon is None:
        return []
    taken = set(deal.taken)
    return [c for c in deal.talon if c not in taken]


def brought_home(deal: DealState) -> bool:
    """The called king was taken from the talon and won by the declarer (SL-6.5)."""
    called = deal.called
    if called is None or called not in deal.taken or deal.declarer is None:
        return False
    return any(called in t.cards and t.winner == deal.declarer for t in deal.tricks)


def declarer_pile(deal: DealState) -> list[int]:
    """Cards owned by the declarer side (SL-11.3)."""
    pile = list(deal.laid_away)
    for pos in range(deal.players):
        if deal.side_of(pos) == DECLARER:
            pile += deal.won[pos]
    if brought_home(deal):
        if deal.talon is None:
            raise ValueError("the talon is unknown, and its remainder belongs to the declarer")
        pile += remainder(deal)
    return pile


def pile_detail(deal: DealState) -> str:
    """Where the declarer side's cards come from, as a judge lists them."""
    parts = [
        f"{deal.label(p)} {len(deal.won[p])} in tricks"
        for p in range(deal.players)
        if deal.side_of(p) == DECLARER
    ]
    if deal.laid_away:
        parts.append(f"{len(deal.laid_away)} laid away")
    if brought_home(deal):
        parts.append(f"talon remainder {len(remainder(deal))} (king brought home, SL-6.5)")
    return ", ".join(parts)


MAX_KONTRA: Final = 4
"""Mortkontra, the highest level (SL-8.1)."""


def factor(level: int) -> int:
    """``2^level`` for a kontra level 0–4 (SL-8.1). A higher level in a record (already an
    illegal-kontra, SL-8.2) cannot be scored: ValueError, never a huge ``1 << level``."""
    if not 0 <= level <= MAX_KONTRA:
        raise ValueError("a kontra level beyond mortkontra (SL-8.1) cannot be scored")
    return 1 << level


def _rounded(d: int, opts: SlovenianOptions) -> int:
    if opts.difference_rounding == "nearest5":
        return (d + 2) // 5 * 5
    return d


def all_tricks(deal: DealState) -> str | None:
    """``declarer`` or ``opponents`` when that side won every trick (play complete). The
    winners are gathered as a bit set of positions, one pass, no set built per deal."""
    winners = count = 0
    for t in deal.tricks:
        if t.winner is not None:
            winners |= 1 << t.winner
            count += 1
    if count != deal.total_tricks:
        return None
    sweep: str | None = None
    for pos in range(deal.players):
        if winners >> pos & 1:
            side = deal.side_of(pos)
            if sweep is not None and side != sweep:
                return None
            sweep = side
    return sweep


def seat_scores(deal: DealState, total: int) -> dict[int, int]:
    """Each declarer-side member records ``total``, the others 0 (SL-12.6)."""
    return {p: (total if deal.side_of(p) == DECLARER else 0) for p in range(deal.players)}


def _members(deal: DealState) -> str:
    return "+".join([deal.label(p) for p in range(deal.players) if deal.side_of(p) == DECLARER])


# --- point contracts ---------------------------------------------------------------------------


def score_points(deal: DealState, opts: SlovenianOptions) -> Score:
    """Trojka … solo ena (SL-12.3, SL-12.5, SL-7)."""
    c = deal.contract
    assert c is not None
    sheet = Sheet()
    pile = declarer_pile(deal)
    p, detail = count_detail(pile, deal)
    sheet.line(f"card points {_members(deal)}", p, f"{pile_detail(deal)}; {detail}")
    sheet.line("card points opponents", 70 - p, f"70 − {p}")
    kg = deal.kontras.get("game", 0)
    valat = all_tricks(deal)
    announced_valat = deal.announced.get("valat")
    if valat is not None or announced_valat is not None:
        done = _valat(deal, opts, sheet, valat, announced_valat, kg)
        if done:
            return _finish(deal, opts, sheet, p, won=valat == DECLARER, kg=kg, valat=True)
    won = p >= 36
    _game_lines(deal, opts, sheet, p, kg)
    pile_bits = deal.tables.mask(pile)
    for name in ("trula", "kings"):
        _set_bonus(deal, sheet, name, pile_bits)
    _pagat_ultimo(deal, opts, sheet)
    if opts.king_ultimo and deal.players == 4:
        _king_ultimo(deal, sheet)
    if "solo" in deal.announced:
        how = "the declarer played alone" if deal.alone else "the declarer had a partner"
        _announced_bonus(deal, sheet, "solo", DECLARER if deal.alone else OPPONENTS, how)
    return _finish(deal, opts, sheet, p, won=won, kg=kg)


def _game_lines(deal: DealState, opts: SlovenianOptions, sheet: Sheet, p: int, kg: int) -> None:
    c = deal.contract
    assert c is not None
    game_lines(sheet, c.id, c.value, p - 35, opts, kg)


# --- the arithmetic shared by played deals and score-only outcomes -----------------------------


def game_value(value: int, d: int, opts: SlovenianOptions) -> tuple[int, int]:
    """``(|D| as counted, G)``: ``G = ±(V + |D|)``, + when ``D`` ≥ 1, i.e. the declarer side
    took 36 or more (SL-11.4, SL-12.3); ``|D|`` rounded as the options say (SL-12.2)."""
    ad = _rounded(abs(d), opts)
    return ad, (value + ad) * (1 if d > 0 else -1)


def game_lines(sheet: Sheet, cid: str, value: int, d: int, opts: SlovenianOptions, kg: int) -> None:
    """A point contract's difference and game lines, kontra included (SL-12.1–12.3, SL-8.4);
    the game is added to the sheet's total."""
    ad, g = game_value(value, d, opts)
    rounding = f" (|{d}| rounded to {ad})" if ad != abs(d) else ""
    sheet.line("difference", d, f"{d + 35} − 35{rounding}")
    won = d > 0
    how = "won" if won else "lost"
    sheet.line(f"game {cid} {how}", g, f"{'+' if won else '−'}({value} + {ad})")
    sheet.total += game_kontra(sheet, g, kg)


def game_kontra(sheet: Sheet, g: int, kg: int) -> int:
    """The game ``g`` times the game kontra factor, with its line when there is a kontra
    (SL-8.4)."""
    if kg:
        g *= factor(kg)
        sheet.line(f"game kontra level {kg}", g, f"× {factor(kg)}")
    return g


def bonus_value(value: int, positive: bool, kontra: int) -> int:
    """A bonus worth ``value`` for (``positive``) or against the declarer side, times its own
    kontra factor (SL-7.4, SL-8.3, SL-8.4: the game kontra does not touch it)."""
    return value * factor(kontra) * (1 if positive else -1)


def valat_value(announced: bool, positive: bool, kg: int, kv: int) -> tuple[int, int, int]:
    """``(value, multiplier, score)`` of a valat that replaces the game (SL-12.5): 500
    announced, 250 silent (SL-7.3), + for the declarer side or −, times the game kontra and the
    valat's own kontra."""
    ann = ANNOUNCEMENTS["valat"]
    value = ann.announced if announced else ann.silent
    mult = factor(kg) * factor(kv)
    return value, mult, (value if positive else -value) * mult


def flat_game_line(sheet: Sheet, cid: str, value: int, won: bool) -> int:
    """A flat contract's ±V (SL-12.4), with its line."""
    g = value if won else -value
    sheet.line(f"game {cid} {'won' if won else 'lost'}", g, f"{'+' if won else '−'}{value}")
    return g


def difference_added(sheet: Sheet, g: int, d: int, won: bool, opts: SlovenianOptions) -> int:
    """Solo without with option ``solo_brez_adds_difference``: ``g`` plus ±|D| (SL-12.4)."""
    ad = _rounded(abs(d), opts)
    g += ad if won else -ad
    sheet.line("difference added", g, f"{d + 35} − 35")
    return g


def _valat(
    deal: DealState,
    opts: SlovenianOptions,
    sheet: Sheet,
    valat: str | None,
    announcer: int | None,
    kg: int,
) -> bool:
    """Valat replaces the game and the bonuses (SL-12.5); True when it does."""
    kv = deal.kontras.get("valat", 0)
    a_side = deal.side_of(announcer) if announcer is not None else None
    if valat is not None:
        value, mult, v = valat_value(a_side == valat, valat == DECLARER, kg, kv)
        how = "announced" if a_side == valat else "silent"
        sheet.line(f"valat by {valat} ({how}) replaces the game", v,
                   f"{'+' if v > 0 else '−'}{value} × {mult}")  # fmt: skip
        sheet.bonuses.append(Bonus("valat", valat, how == "announced", True, v, kontra=kv))
        sheet.total = v
        return True
    if a_side is None or not opts.failed_valat_replaces_game:
        return False
    value, mult, v = valat_value(True, a_side != DECLARER, kg, kv)
    sheet.line(f"announced valat by {a_side} failed: replaces the game", v,
               f"{'+' if v > 0 else '−'}{value} × {mult}")  # fmt: skip
    sheet.bonuses.append(Bonus("valat", a_side, True, False, v, kontra=kv))
    sheet.total = v
    return True


def _announced_bonus(
    deal: DealState, sheet: Sheet, name: str, made_by: str | None, detail: str
) -> None:
    """An announced bonus: + for the announcing side if it made it, − if not (SL-7.4)."""
    ann = ANNOUNCEMENTS[name]
    pos = deal.announced[name]
    side = deal.side_of(pos)
    made = made_by == side
    k = deal.kontras.get(name, 0)
    v = bonus_value(ann.announced, made == (side == DECLARER), k)
    kt = f" × {factor(k)}" if k else ""
    how = "made" if made else "failed"
    sheet.line(f"{name} announced by {deal.label(pos)} ({side}) {how}", v,
               f"{ann.announced}{kt}; {detail}")  # fmt: skip
    sheet.bonuses.append(Bonus(name, side, True, made, v, kontra=k))
    sheet.total += v


def _silent_bonus(
    deal: DealState, sheet: Sheet, name: str, side: str, value: int, detail: str, made: bool = True
) -> None:
    """A silent feat of ``side``: +value for it when made, −value when failed (SL-7.4)."""
    v = bonus_value(value, made == (side == DECLARER), 0)
    how = "made" if made else "failed"
    sheet.line(f"{name} silent ({side}, {how})", v, detail)
    sheet.bonuses.append(Bonus(name, side, False, made, v))
    sheet.total += v


def _set_bonus(deal: DealState, sheet: Sheet, name: str, pile: int) -> None:
    """Kings and trula: all cards of the set owned by one side (SL-7.3, SL-7.4). ``pile`` is
    the declarer side's cards as a bit set; the detail is written only for a line."""
    index = deal.tables.index
    tokens = KINGS if name == "kings" else TRULA
    mine = 0
    for t in tokens:
        mine += pile >> index[t] & 1
    owner = DECLARER if mine == len(tokens) else OPPONENTS if mine == 0 else None
    if name in deal.announced:
        detail = f"declarer side owns {mine} of {len(tokens)}"
        _announced_bonus(deal, sheet, name, owner, detail)
    elif owner is not None:
        detail = f"declarer side owns {mine} of {len(tokens)}"
        _silent_bonus(deal, sheet, name, owner, ANNOUNCEMENTS[name].silent, detail)


def _last_trick_with(deal: DealState, card: int) -> tuple[int, int] | None:
    """(player, winner) when ``card`` was played to the last trick."""
    if len(deal.tricks) != deal.total_tricks:
        return None
    last = deal.tricks[-1]
    if card not in last.cards or last.winner is None:
        return None
    return last.player(last.cards.index(card), deal.players), last.winner


def _pagat_ultimo(deal: DealState, opts: SlovenianOptions, sheet: Sheet) -> None:
    """The pagat wins the last trick (SL-7.3); silent failure costs 25 (SL-7.4, option)."""
    hit = _last_trick_with(deal, deal.tables.card("T1"))
    if "pagat-ultimo" in deal.announced:
        made_by = deal.side_of(hit[0]) if hit is not None and hit[0] == hit[1] else None
        detail = "pagat won the last trick" if made_by else "pagat did not win the last trick"
        _announced_bonus(deal, sheet, "pagat-ultimo", made_by, detail)
        return
    if hit is None:
        return
    player, winner = hit
    side = deal.side_of(player)
    if player == winner:
        _silent_bonus(deal, sheet, "pagat-ultimo", side, 25, "pagat won the last trick")
    elif opts.silent_pagat_failure:
        lost = f"{deal.label(player)}'s pagat lost the last trick"
        _silent_bonus(deal, sheet, "pagat-ultimo", side, opts.silent_pagat_failure, lost, False)


def _king_ultimo(deal: DealState, sheet: Sheet) -> None:
    """The called king, played to the last trick, is won by the declarer side (SL-7.3)."""
    if deal.called is None:
        return
    hit = _last_trick_with(deal, deal.called)
    made_by = deal.side_of(hit[1]) if hit is not None else None
    if "king-ultimo" in deal.announced:
        ok = made_by == DECLARER
        detail = "called king won in the last trick" if ok else "called king not home at the end"
        _announced_bonus(deal, sheet, "king-ultimo", DECLARER if ok else OPPONENTS, detail)
    elif made_by is not None:
        _silent_bonus(deal, sheet, "king-ultimo", made_by, 10, "called king in the last trick")


def _finish(
    deal: DealState,
    opts: SlovenianOptions,
    sheet: Sheet,
    p: int,
    *,
    won: bool,
    kg: int,
    valat: bool = False,
) -> Score:
    sheet.line(f"total for {_members(deal)}", sheet.total)
    scores = seat_scores(deal, sheet.total)
    if mondfang_charged(deal.contract, opts, valat):
        _mondfang(deal, opts, sheet, scores)
    return Score(scores, tuple(sheet.lines), tuple(sheet.bonuses),
                 {DECLARER: p, OPPONENTS: 70 - p}, won, kg)  # fmt: skip


def mondfang_charged(c: Contract | None, opts: SlovenianOptions, valat: bool = False) -> bool:
    """Whether a captured mond is charged in contract ``c`` (SL-12.8): option ``mondfang``
    not 0, in three … solo one (after a valat too with ``mondfang_after_valat``), and in solo
    without with ``mondfang_contracts=point_and_solo_brez``."""
    if not opts.mondfang or c is None:
        return False
    if c.id in SOLO_WITHOUT:
        return opts.mondfang_contracts == "point_and_solo_brez"
    return c.kind in POINT_KINDS and (not valat or opts.mondfang_after_valat)


def _mondfang(
    deal: DealState, opts: SlovenianOptions, sheet: Sheet, scores: dict[int, int]
) -> None:
    """A captured mond costs its player ``mondfang`` (SL-12.8). In solo without (option
    ``mondfang_contracts``) the talon is not taken, so only a capture in play is charged."""
    mond = deal.tables.card("T21")
    loser: int | None = None
    for t in deal.tricks:
        if mond in t.cards and t.winner is not None:
            player = t.player(t.cards.index(mond), deal.players)
            loser = player if t.winner != player else None
    c = deal.contract
    in_rest = mond in remainder(deal) and c is not None and c.talon > 0
    if in_rest and not (brought_home(deal) and opts.mond_in_talon_cancelled_by_king):
        loser = deal.declarer
    if loser is not None:
        scores[loser] -= opts.mondfang
        sheet.line(f"mondfang: {deal.label(loser)} lost the mond", -opts.mondfang, "individual")


# --- flat contracts ----------------------------------------------------------------------------


def flat_outcome(deal: DealState) -> bool | None:
    """Whether the declarer met a flat contract; None while undecided (SL-4.1, SL-12.4)."""
    c = deal.contract
    assert c is not None
    from tarokpgn.rules.slovenian.play import declarer_tricks

    mine, theirs = declarer_tricks(deal)
    complete = len([t for t in deal.tricks if t.winner is not None]) == deal.total_tricks
    if c.kind == "negative":
        wanted = c.tricks_wanted or 0
        if mine > wanted:
            return False
        return (mine == wanted) if complete else None
    if c.kind in ("valat", "colour-valat"):
        return False if theirs else (True if complete else None)
    if not complete:
        return None
    return count_points(declarer_pile(deal), deal.tables) >= 36


def score_flat(deal: DealState, opts: SlovenianOptions) -> Score | None:
    """Beggar, solo without, colour valat, valat…: ±V × game kontra (SL-12.4)."""
    c = deal.contract
    assert c is not None
    won = flat_outcome(deal)
    if won is None:
        return None
    sheet = Sheet()
    kg = deal.kontras.get("game", 0)
    from tarokpgn.rules.slovenian.play import declarer_tricks

    mine, _ = declarer_tricks(deal)
    sheet.line(f"tricks taken by {deal.label(deal.declarer)}", mine)
    p = count_points(declarer_pile(deal), deal.tables)
    g = flat_game_line(sheet, c.id, c.value, won)
    if c.id in SOLO_WITHOUT:
        sheet.line(f"card points {deal.label(deal.declarer)}", p, count_detail(
            declarer_pile(deal), deal)[1])  # fmt: skip
        if opts.solo_brez_adds_difference:
            g = difference_added(sheet, g, p - 35, won, opts)
    g = game_kontra(sheet, g, kg)
    sheet.total = g
    sheet.line(f"total for {deal.label(deal.declarer)}", g)
    scores = seat_scores(deal, g)
    if mondfang_charged(c, opts):
        _mondfang(deal, opts, sheet, scores)
    return Score(scores, tuple(sheet.lines), (), {DECLARER: p, OPPONENTS: 70 - p},
                 won, kg)  # fmt: skip


# --- klop --------------------------------------------------------------------------------------


def score_klop(deal: DealState, opts: SlovenianOptions) -> Score:
    """Everyone alone, fewest points best (SL-12.7)."""
    if deal.talon is None and opts.klop_talon == "first_six":
        raise ValueError("the talon is unknown, and its cards go to the first six tricks")
    sheet = Sheet()
    pts: dict[int, int] = {}
    tricks = {p: sum(1 for t in deal.tricks if t.winner == p) for p in range(deal.players)}
    for pos in range(deal.players):
        pts[pos], detail = count_detail(deal.won[pos], deal)
        sheet.line(f"card points {deal.label(pos)}", pts[pos], f"{tricks[pos]} tricks, {detail}")
    scores = _klop_scores(pts, tricks, opts, sheet, deal)
    kg = deal.kontras.get("game", 0)
    if kg:
        scores = {p: s * factor(kg) for p, s in scores.items()}
        sheet.line(f"klop kontra level {kg}", factor(kg), "every score ×")
    card_points = {deal.label(p): v for p, v in pts.items()}
    return Score(scores, tuple(sheet.lines), (), card_points, None, kg)


def _klop_scores(
    pts: dict[int, int],
    tricks: dict[int, int],
    opts: SlovenianOptions,
    sheet: Sheet,
    deal: DealState,
) -> dict[int, int]:
    rule = opts.klop_scoring
    if rule == "pagat":
        over = {p for p, v in pts.items() if v > 35}
        empty = {p for p, n in tricks.items() if n == 0}
        if over or empty:
            out = {p: (-70 if p in over else 70 if p in empty else 0) for p in pts}
            for p in sorted(over | empty):
                why = "more than 35 points" if p in over else "no trick"
                sheet.line(f"klop {deal.label(p)}: {why}", out[p])
            return out
    out = {}
    for p, v in pts.items():
        double = rule == "semedela" and v > 35
        out[p] = -2 * v if double else -v
        sheet.line(f"klop {deal.label(p)}", out[p], f"−2×{v} (over 35)" if double else f"−{v}")
    return out


# --- renons ------------------------------------------------------------------------------------


def renons_penalty(
    deal: DealState, pos: int, kontra: int, opts: SlovenianOptions
) -> tuple[int, str]:
    """``−(V + 35 + A) × 2^kontra`` for ``pos`` (SL-13.2, SL-13.3), and how it is reached."""
    c = deal.contract
    v = opts.renons_klop_value if c is None or c.kind == "klop" else c.value
    a = sum(ANNOUNCEMENTS[n].announced for n, who in deal.announced.items() if who == pos)
    pen = -(v + 35 + a) * factor(kontra)
    kt = f" × {factor(kontra)}" if kontra else ""
    return pen, f"−({v} + 35 + {a}){kt}"


def renons_score(
    deal: DealState, payer: int, basis: int, kontra: int, ruleset: SlovenianRuleset
) -> Score:
    """The deal's scores with a renons (SL-13.2): ``payer`` pays the penalty of ``basis``."""
    opts = ruleset.opts
    pen, how = renons_penalty(deal, basis, kontra, opts)
    lines = [ScoreLine(f"renons: {deal.label(payer)} pays", pen, detail=how)]
    scores = dict.fromkeys(range(deal.players), 0)
    if opts.renons_other_players == "normal":
        try:
            normal = ruleset.score(deal)
        except ValueError:
            lines.append(ScoreLine("note", 0, detail="the game itself cannot be scored"))
        else:
            scores = dict(normal.scores)
            lines = [*normal.lines, *lines]
    scores[payer] += pen
    return Score(scores, tuple(lines))


# --- score-only outcomes -----------------------------------------------------------------------

MONDFANG: Final = "mondfang"
"""The ``Bonuses`` item of an individual mond charge, ``-mondfang@SEAT`` (SL-12.8)."""
MAX_DIFFERENCE: Final = 35
"""The largest ``|Difference|``: a side's card points are 0–70 (SL-11.2), the difference is
points − 35 (SL-12.1); rounding to 5 (``difference_rounding``) keeps it within ±35."""


def score_outcome(o: Outcome, seats: Sequence[str], rs: SlovenianRuleset) -> Score | None:
    """A deal known by its outcome only (a score sheet's row), scored as :meth:`score` scores
    a played one; None for klop, whose scores come from each player's own card points
    (SL-12.7), which a score sheet does not hold."""
    opts = rs.opts
    c = rs.contract(o.contract)
    if c is None:
        raise ValueError(f"{o.contract!r} is not a contract of the {rs.name} ruleset (SL-4.1)")
    if c.kind == "klop":
        return None
    _outcome_difference(o)
    members = _outcome_side(o, c, seats, rs)
    sheet = Sheet()
    kg = o.kontra("game")
    _outcome_kontras(o, c)
    valat = False
    if c.kind in POINT_KINDS and c.id not in SOLO_WITHOUT:
        won, valat = _outcome_points(o, c, rs, sheet, kg)
    else:
        won = _outcome_flat(o, c, opts, sheet, kg)
    sheet.line(f"total for {'+'.join([seats[p] for p in members])}", sheet.total)
    scores = {p: (sheet.total if p in members else 0) for p in range(len(seats))}
    _outcome_mondfang(o, c, opts, sheet, scores, seats, valat)
    return Score(scores, tuple(sheet.lines), tuple(sheet.bonuses), {}, won, kg)


def _outcome_difference(o: Outcome) -> None:
    """The Difference is points − 35 of 70 card points: within ±35 (SL-11.2, SL-12.1)."""
    d = o.difference
    if d is not None and abs(d) > MAX_DIFFERENCE:
        why = f"the card points are 0–70 (SL-11.2), so points − 35 is within ±{MAX_DIFFERENCE}"
        raise OutcomeError(f"Difference {d:+d} cannot be: {why} (SL-12.1)", "Difference")


def _outcome_side(o: Outcome, c: Contract, seats: Sequence[str], rs: SlovenianRuleset) -> list[int]:
    """The declarer side's positions: the declarer, and the called partner (SL-4.2, SL-5)."""
    if o.declarer not in seats:
        raise ValueError(f"{c.id} needs its declarer's seat ({' '.join(seats)})")
    side = [seats.index(o.declarer)]
    if o.partner:
        if not c.calls or rs.players != 4:
            raise ValueError(f"{c.id} is played alone: it has no partner (SL-4.2, SL-15.2)")
        if o.partner == o.declarer or o.partner not in seats:
            raise ValueError(f"Partner {o.partner!r}: leave it out when the declarer played "
                             "alone (SL-4.3)")  # fmt: skip
        side.append(seats.index(o.partner))
    return side


def _outcome_kontras(o: Outcome, c: Contract) -> None:
    """Each kontra names the game or an announced bonus (SL-8.3); levels 1–4 (SL-8.1)."""
    announced = {b.name for b in o.bonuses if b.announced}
    seen: set[str] = set()
    for target, level in o.kontras:
        factor(level)
        if target in seen:
            raise ValueError(f"kontra on {target} is given twice: one level per target (SL-8.3)")
        seen.add(target)
        if target != "game" and target not in announced:
            raise ValueError(f"kontra on {target}, which the record does not show announced "
                             "(SL-8.3)")  # fmt: skip


def _outcome_points(
    o: Outcome, c: Contract, rs: SlovenianRuleset, sheet: Sheet, kg: int
) -> tuple[bool, bool]:
    """Three … solo one (SL-12.3, SL-7): ``(won, valat)``; a valat item replaces the game
    and every other bonus (SL-12.5)."""
    items = [b for b in o.bonuses if b.name != MONDFANG]
    valat = next((b for b in items if b.name == "valat"), None)
    if valat is not None:
        if len(items) > 1:
            raise ValueError("valat replaces the game and every other bonus (SL-12.5)")
        value, mult, v = valat_value(valat.announced, valat.positive, kg, o.kontra("valat"))
        how = "announced" if valat.announced else "silent"
        sheet.line(f"valat ({how}) replaces the game", v,
                   f"{'+' if v > 0 else '−'}{value} × {mult}")  # fmt: skip
        sheet.bonuses.append(_bonus(valat, v, o.kontra("valat")))
        sheet.total = v
        return valat.positive, True
    if o.difference is None:
        raise ValueError(f"{c.id} is scored on its Difference (SL-12.1), which is missing")
    game_lines(sheet, c.id, c.value, o.difference, rs.opts, kg)
    allowed = rs.allowed_announcements()
    seen: set[str] = set()
    for b in items:
        if b.name in seen:  # SL-7.7: an announced value replaces the silent one
            raise ValueError(f"{b.name} is given twice (SL-7.7)")
        seen.add(b.name)
        _outcome_bonus(o, b, allowed.get(b.name), sheet)
    return o.difference > 0, False


def _outcome_bonus(o: Outcome, b: OutcomeBonus, ann: Announcement | None, sheet: Sheet) -> None:
    """One bonus item: its announced or silent value (SL-7.3), signed (SL-7.4), times its own
    kontra (SL-8.3)."""
    if ann is None or b.seat:
        raise ValueError(f"{b.name!r} is not a bonus of this ruleset (SL-7.3)")
    k = o.kontra(b.name)
    value = ann.announced if b.announced else ann.silent
    if not value:
        raise ValueError(f"{b.name} counts only when announced ({ann.rule})")
    v = bonus_value(value, b.positive, k)
    how = "announced" if b.announced else "silent"
    side = "for" if b.positive else "against"
    kt = f" × {factor(k)}" if k else ""
    sheet.line(f"{b.name} {how}, {side} the declarer side", v, f"{value}{kt} ({ann.rule})")
    sheet.bonuses.append(_bonus(b, v, k))
    sheet.total += v


def _bonus(b: OutcomeBonus, value: int, kontra: int) -> Bonus:
    """The verdict's :class:`Bonus` for an item. A silent one was made by the side it counts
    for; an announced one counted for a side may be that side's made or the other's failed,
    which a score sheet does not tell (``made`` None), except a valat, counted for the side
    that won every trick when made (SL-12.5)."""
    made = True if not b.announced or (b.positive and b.name == "valat") else None
    side = DECLARER if b.positive else OPPONENTS
    return Bonus(b.name, side, b.announced, made, value, kontra=kontra)


def _outcome_flat(o: Outcome, c: Contract, opts: SlovenianOptions, sheet: Sheet, kg: int) -> bool:
    """Beggar, solo without, colour valat, valat …: ±V × game kontra, no bonuses (SL-12.4,
    SL-7.2). Solo without is won on card points (SL-11.4), the others by tricks: the
    outcome's ``won``."""
    if any(b.name != MONDFANG for b in o.bonuses):
        raise ValueError(f"no bonuses are scored in {c.id} (SL-7.2)")
    d = o.difference
    won = d > 0 if c.id in SOLO_WITHOUT and d is not None else o.won
    if won is None:
        raise ValueError(f"whether {c.id} was won is not known: give the Difference's sign")
    if d is None:
        how = "won" if won else "lost"
        sheet.line(
            f"{c.id} {how}", 0, "as the declarer's Result says: the record has no Difference"
        )
    g = flat_game_line(sheet, c.id, c.value, won)
    if c.id in SOLO_WITHOUT and opts.solo_brez_adds_difference:
        if d is None:
            raise ValueError(f"{c.id} adds the Difference (SL-12.4), which is missing")
        g = difference_added(sheet, g, d, won, opts)
    sheet.total = game_kontra(sheet, g, kg)
    return won


def _outcome_mondfang(
    o: Outcome,
    c: Contract,
    opts: SlovenianOptions,
    sheet: Sheet,
    scores: dict[int, int],
    seats: Sequence[str],
    valat: bool,
) -> None:
    """``-mondfang@SEAT``: that player is charged ``mondfang`` individually (SL-12.8), in
    the contracts and cases the options charge it in; the one mond is captured once."""
    charges = [b for b in o.bonuses if b.name == MONDFANG]
    if len(charges) > 1:
        raise ValueError("there is one mond: one -mondfang@SEAT at most (SL-12.8)")
    for b in charges:
        if not mondfang_charged(c, opts, valat):
            raise ValueError(f"no mondfang is charged in {c.id} under these options (SL-12.8)")
        if b.positive or b.announced or b.seat not in seats:
            raise ValueError("a mondfang is written -mondfang@SEAT, the seat charged (SL-12.8)")
        scores[seats.index(b.seat)] -= opts.mondfang
        sheet.line(f"mondfang: {b.seat} lost the mond", -opts.mondfang, "individual")
