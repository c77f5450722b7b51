"""Replay: a :class:`~tarokpgn.model.Record` fed to the rules engine, giving a
:class:`~tarokpgn.verdict.Verdict`. The only module that knows both the record and the rules.

Each movetext item becomes one engine operation: checked first (a fault becomes a located
:class:`~tarokpgn.verdict.Problem`), then applied anyway so the replay can go on and find
every problem of the deal. Hidden hands are checked as far as the cards played allow.
An ``irregular`` item (accepted at the table) or a proven ``renons`` claim turns the matching
fault into an accepted problem; a proven renons also changes the scores (SL-13).

:func:`verify` checks one record; :func:`verify_all` checks a stream and, for consecutive deals
of one match, the running ``Totals`` the table wrote.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    format_scores,
    parse_scores,
)
from tarokpgn.rules.ruleset import Fault, OptionError, Ruleset, Score, find_ruleset
from tarokpgn.rules.state import DealState, PlayedTrick
from tarokpgn.verdict import Problem, ScoreLine, Status, Verdict

PLAY_CODES = frozenset(
    {"follow-suit", "must-trump", "must-beat", "must-overtrump", "pagat-last", "not-held"}
)
"""Fault codes a ``revoke`` irregularity or renons claim covers."""
IRREGULAR_CODES = {
    "revoke": PLAY_CODES,
    "lead-out-of-turn": frozenset({"wrong-leader", "out-of-turn"}),
}
RENONS_CODES = {
    "revoke": PLAY_CODES,
    "underplay": frozenset({"must-beat", "must-overtrump", "pagat-last"}),
    "out-of-turn": frozenset({"wrong-leader", "out-of-turn"}),
    "discard": frozenset({"illegal-discard", "talon-group"}),
}


@dataclass
class _Found:
    """A fault with where it happened."""

    fault: Fault
    line: int
    trick: int | None = None
    accepted: bool = False


@dataclass
class _Replay:
    record: Record
    ruleset: Ruleset
    deal: DealState
    pos: dict[str, int]
    found: list[_Found] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)
    stopped: bool = False
    """Play can no longer be followed (unknown card, claim)."""

    def add(self, fault: Fault | None, line: int, trick: int | None = None) -> None:
        if fault is not None:
            self.found.append(_Found(fault, line, trick))

    def seat(self, label: str, line: int) -> int | None:
        p = self.pos.get(label)
        if p is None:
            self.add(Fault("bad-seat", f"{label!r} is not a seat of this deal"), line)
        return p

    def cards(self, tokens: Iterable[str], line: int) -> tuple[int, ...] | None:
        t = self.ruleset.tables
        out = []
        for tok in tokens:
            if tok not in t.index:
                if tok != "?":
                    self.add(Fault("unknown-card", f"{tok!r} is not a card of this pack"), line)
                return None
            out.append(t.index[tok])
        return tuple(out)


# --- setup -------------------------------------------------------------------------------------


def _ruleset(record: Record) -> Ruleset:
    return find_ruleset(record.variant, record.get("Ruleset") or None, record.options)


def _deal_number(record: Record) -> int:
    text = record.get("Deal")
    return int(text) if text.isdigit() else 0


_Dealt = tuple[list[tuple[int, ...] | None], list[tuple[int, ...]], tuple[int, ...] | None]


def _dealt(record: Record, rs: Ruleset, pos: dict[str, int]) -> tuple[_Dealt, list[Problem]]:
    """Known hands, partial known cards and talon from the record, with dealing problems."""
    t = rs.tables
    hands: list[tuple[int, ...] | None] = [None] * rs.players
    partial: list[tuple[int, ...]] = [()] * rs.players
    talon: list[tuple[int, ...] | None] = [None]
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for item in record.items:
        if isinstance(item, Hand | Talon):
            known = [c for c in item.cards if c in t.index]
            for c in item.cards:
                if c != "?" and c not in t.index:
                    msg = f"{c!r} is not a card of the {rs.deck.name}-card pack"
                    problems.append(Problem("unknown-card", msg, item.line, rule="SL-1.4"))
            for c in known:
                if c in seen:
                    rule = _rule(rs, "duplicate-card", "SL-2.6")
                    problems.append(Problem("duplicate-card", f"{c} is dealt twice", item.line,
                                            rule=rule))  # fmt: skip
                seen[c] = item.line
            full = len(item.cards) == (rs.hand_size if isinstance(item, Hand) else rs.talon_size)
            complete = full and len(known) == len(item.cards)
            cards = tuple(t.index[c] for c in known)
            if isinstance(item, Hand) and item.seat in pos:
                p = pos[item.seat]
                partial[p] = cards
                if complete:
                    hands[p] = cards
                elif len(item.cards) > rs.hand_size:  # fewer: a partial hand
                    problems.append(Problem("hand-size", f"{item.seat}'s hand has "
                        f"{len(item.cards)} cards, not {rs.hand_size}", item.line, seat=item.seat,
                        rule=_rule(rs, "hand-size", "SL-2.4")))  # fmt: skip
            elif isinstance(item, Talon) and complete:
                talon[0] = cards
    return (hands, partial, talon[0]), problems


def _start(record: Record) -> tuple[_Replay | None, list[Problem]]:
    try:
        rs = _ruleset(record)
    except OptionError as exc:
        text = str(exc)
        code = (
            "unknown-ruleset" if text.startswith(("unknown ruleset", "no rules")) else "bad-option"
        )
        return None, [Problem(code, text, record.source.line if record.source else 0)]
    order = record.play_order()
    pos = {label: i for i, label in enumerate(order)}
    (hands, partial, talon), problems = _dealt(record, rs, pos)
    deal = rs.new_deal(hands, talon, number=_deal_number(record), labels=order)
    for p, cards in enumerate(partial):
        for c in cards:
            deal.owner.setdefault(c, p)
    return _Replay(record, rs, deal, pos), problems


# --- items -------------------------------------------------------------------------------------


def _auction(r: _Replay, item: Auction) -> None:
    for bid in item.bids:
        p = r.seat(bid.seat, item.line)
        if p is None:
            continue
        r.add(r.deal.check_bid(p, bid.bid), item.line)
        r.deal.bid(p, bid.bid)


def _call(r: _Replay, item: Call) -> None:
    p = r.seat(item.seat, item.line)
    card = r.cards([item.card], item.line)
    if p is None or card is None:
        return
    r.add(r.deal.check_call(p, card[0]), item.line)
    r.deal.call(p, card[0])


def _exchange(r: _Replay, item: Exchange) -> None:
    p = r.seat(item.seat, item.line)
    take, discard = r.cards(item.take, item.line), r.cards(item.discard, item.line)
    show = r.cards(item.show, item.line) or ()
    if p is None or take is None or discard is None:
        return
    for fault in r.deal.check_exchange(p, take, discard, show):
        r.add(fault, item.line)
    r.deal.exchange(p, take, discard, show)


def _announce(r: _Replay, item: Announce) -> None:
    p = r.seat(item.seat, item.line)
    if p is None:
        return
    if item.kind != "announce" and item.name not in r.ruleset.declarations:
        msg = f"{item.kind} {item.name!r} does not exist in this variant"
        r.add(Fault("illegal-announcement", msg, "SL-7.3", p), item.line)
        return
    r.add(r.deal.check_announcement(p, item.name), item.line)
    r.deal.announce(p, item.name)


def _kontra(r: _Replay, item: Kontra) -> None:
    p = r.seat(item.seat, item.line)
    if p is None:
        return
    r.add(r.deal.check_kontra(p, item.level, item.target), item.line)
    r.deal.kontra(p, item.level, item.target)


def _trick(r: _Replay, item: Trick) -> None:
    deal = r.deal
    if r.stopped:
        return
    if deal.contract is None and not deal.auction.done:
        r.incomplete.append("the auction is not finished, so play cannot be checked")
        r.stopped = True
        return
    leader = r.seat(item.leader, item.line)
    if leader is None:
        r.stopped = True
        return
    _check_trick_start(r, item, leader)
    cards = r.cards(item.cards, item.line)
    if cards is None:
        r.incomplete.append(f"trick {item.number} has an unknown card: play is not followed")
        r.stopped = True
        return
    for i, card in enumerate(cards):
        p = (leader + i) % deal.players
        fault = deal.check_play(p, card)
        if fault is not None and fault.code == "out-of-turn":
            fault = None  # the trick's leader was already checked
        r.add(fault, item.line, item.number)
        deal.play(p, card)
    if len(cards) < deal.players:
        r.stopped = True


def _check_trick_start(r: _Replay, item: Trick, leader: int) -> None:
    deal = r.deal
    number = len([t for t in deal.tricks if t.winner is not None]) + 1
    if deal.current is not None:
        r.add(Fault("trick-order", "the previous trick is not complete"), item.line, item.number)
    if item.number != number:
        msg = f"trick numbered {item.number} but it is trick {number}"
        r.add(Fault("trick-order", msg), item.line, item.number)
    expected = deal.to_play
    if leader != expected:
        r.add(_wrong_leader(deal, item, leader, expected), item.line, item.number)
        deal.tricks.append(_empty_trick(deal, leader))


def _wrong_leader(deal: DealState, item: Trick, leader: int, expected: int) -> Fault:
    who, should = deal.label(leader), deal.label(expected)
    if deal.tricks:
        last = deal.tricks[-1]
        cards = " ".join(deal.name(c) for c in last.cards)
        msg = f"trick {last.number} ({cards}) was won by {should}, so {should} leads, not {who}"
        return Fault("wrong-leader", msg, _rule(deal.ruleset, "wrong-leader", "SL-10.3"), leader)
    msg = f"{should} leads the first trick, not {who}"
    return Fault("wrong-leader", msg, _rule(deal.ruleset, "first-leader", "SL-10.2"), leader)


def _rule(rs: Ruleset, code: str, default: str) -> str:
    """The ruleset's rule id for a fault the replay raises itself."""
    return rs.rule_ids.get(code, default)


def _empty_trick(deal: DealState, leader: int) -> PlayedTrick:
    return PlayedTrick(len([t for t in deal.tricks if t.winner is not None]) + 1, leader)


def _irregular(r: _Replay, item: Irregular) -> None:
    if item.kind in ("claim", "abandoned", "misdeal"):
        r.incomplete.append(f"irregular {item.kind}: the rest of the deal was not played")
        r.stopped = True


_HANDLERS = {
    Auction: _auction,
    Call: _call,
    Exchange: _exchange,
    Announce: _announce,
    Kontra: _kontra,
    Trick: _trick,
    Irregular: _irregular,
}


# --- acceptance: irregular items and renons claims ---------------------------------------------


def _opt(options: tuple[tuple[str, str], ...], key: str) -> str | None:
    return next((v for k, v in options if k == key), None)


def _accept_irregular(r: _Replay) -> None:
    for item in r.record.of_type(Irregular):
        codes = IRREGULAR_CODES.get(item.kind)
        if codes is None:
            continue
        seat = r.pos.get(item.seat or "")
        trick = _opt(item.options, "trick")
        for f in r.found:
            if f.fault.code not in codes or (seat is not None and f.fault.pos != seat):
                continue
            if trick is None or str(f.trick) == trick:
                f.accepted = True


def _renons(r: _Replay) -> Score | None:
    """Apply renons claims (SL-13): the proven offender, or a false claimant, pays."""
    claims = list(r.record.of_type(Renons))
    if not claims:
        return None
    claim = claims[0]
    accused, claimant = r.pos.get(claim.accused), r.pos.get(claim.claimant)
    if accused is None or claimant is None:
        return None
    codes = RENONS_CODES.get(claim.kind)
    proven = codes is None  # showing, signalling, other: the table's ruling stands
    for f in r.found:
        match = codes and f.fault.code in codes and f.fault.pos == accused
        if match and f.trick in (None, claim.trick):
            f.accepted = proven = True
    payer = accused if proven else claimant
    score = r.ruleset.penalty_score(
        r.deal, payer, claim.kontra, accused=None if proven else accused
    )
    if not proven:
        msg = f"{claim.claimant}'s renons claim against {claim.accused} ({claim.kind}, trick "
        msg += f"{claim.trick}) is not borne out by the record: the claimant pays"
        fault = Fault("renons-unproven", msg, "SL-13.4", claimant)
        r.found.append(_Found(fault, claim.line, claim.trick, accepted=True))
    if score is not None and not proven:
        line = ScoreLine("renons claim not proven: the claimant pays", 0, claim.kind)
        score = dataclasses.replace(score, lines=(line, *score.lines))
    return score


# --- the verdict -------------------------------------------------------------------------------


def _problem(r: _Replay, f: _Found) -> Problem:
    seat = r.deal.label(f.fault.pos) if f.fault.pos is not None else None
    return Problem(f.fault.code, f.fault.message, f.line, 0, f.trick, seat, f.fault.rule,
                   f.accepted)  # fmt: skip


def _compute(r: _Replay) -> tuple[Score | None, list[str]]:
    notes = list(r.incomplete)
    penalty = _renons(r)
    if penalty is not None:
        return penalty, notes
    deal = r.deal
    if deal.contract is None:
        notes.append("no contract: the auction is missing or unfinished")
        return None, notes
    if not deal.complete or r.stopped and not deal.stopped:
        notes.append("not every trick is known, so the scores cannot be computed")
        return None, notes
    missing = _missing_steps(deal)
    if missing:
        notes.append(f"the record does not say {missing}, so the scores cannot be computed")
        return None, notes
    try:
        return deal.score(), notes
    except ValueError as exc:
        notes.append(str(exc))
        return None, notes


def _missing_steps(deal: DealState) -> str:
    """A step the scores depend on that the record leaves out (call, exchange)."""
    if deal.ruleset.needs_call(deal) and deal.called is None:
        return "which card was called"
    if deal.ruleset.uses_talon(deal) and not deal.taken and not deal.laid_away:
        return "what was taken from the talon"
    return ""


def _score_problem(r: _Replay, computed: dict[str, int], written: dict[str, int]) -> Problem:
    diff = [s for s in computed if written.get(s, 0) != computed[s]]
    shown = ", ".join(f"{s} written {written.get(s, 0):+d}, computed {computed[s]:+d}"
                      for s in diff)  # fmt: skip
    line = r.record.source.line if r.record.source else 0
    return Problem("score-mismatch", f"the Result differs from the computed scores: {shown}",
                   line, rule=_rule(r.ruleset, "score-mismatch", "SL-12"))  # fmt: skip


def _seat_scores(r: _Replay, score: Score) -> dict[str, int]:
    order = r.record.seats
    return {s: score.scores.get(r.pos[s], 0) for s in order if s in r.pos}


def _status(problems: list[Problem], scores: dict[str, int] | None, written: object) -> Status:
    errors = [p for p in problems if not p.accepted]
    if any(p.code != "score-mismatch" for p in errors):
        return Status.ILLEGAL
    if errors:
        return Status.SCORE_MISMATCH
    if scores is None:
        return Status.INCOMPLETE
    return Status.OK


def verify(record: Record) -> Verdict:
    """Replay ``record`` under its ruleset and options and say what is wrong with it."""
    r, problems = _start(record)
    if r is None:
        return Verdict(Status.ILLEGAL, tuple(problems))
    for item in record.items:
        handler = _HANDLERS.get(type(item))
        if handler is not None:
            handler(r, item)  # type: ignore[operator]
    _accept_irregular(r)
    score, notes = _compute(r)
    problems += [_problem(r, f) for f in r.found]
    try:
        written = record.written_scores()
    except ValueError:
        written = None
        problems.append(Problem("bad-result", f"Result {record.get('Result')!r} is malformed"))
    scores = _seat_scores(r, score) if score is not None else None
    differs = written is not None and any(written.get(s, 0) != v for s, v in (scores or {}).items())
    if scores is not None and written is not None and differs:
        problems.append(_score_problem(r, scores, written))
    return _verdict(r, score, scores, written, problems, notes)


def _verdict(
    r: _Replay,
    score: Score | None,
    scores: dict[str, int] | None,
    written: dict[str, int] | None,
    problems: list[Problem],
    notes: list[str],
) -> Verdict:
    deal = r.deal
    breakdown = list(score.lines) if score else []
    if scores is not None:
        breakdown.append(ScoreLine("result", 0, format_scores(scores)))
    breakdown += [ScoreLine("note", 0, n) for n in notes]
    return Verdict(
        status=_status(problems, scores, written),
        problems=tuple(problems),
        contract=deal.contract.id if deal.contract else None,
        declarer=deal.label(deal.declarer) if deal.declarer is not None else None,
        partner=deal.label(deal.partner) if not deal.alone and deal.partner is not None else None,
        won=score.won if score else None,
        card_points=dict(score.card_points) if score else {},
        scores=scores,
        written=written,
        breakdown=tuple(breakdown),
        bonuses=score.bonuses if score else (),
        game_kontra=deal.kontras.get("game", 0),
    )


# --- matches -----------------------------------------------------------------------------------


def verify_all(records: Iterable[Record]) -> Iterator[tuple[Record, Verdict]]:
    """Verify each record; for deals of one match (same ``Match`` tag, consecutive ``Deal``
    numbers) also check the running ``Totals`` the table wrote against the sum of the deals'
    results (written, else computed) so far."""
    runs: dict[str, _Run] = {}
    for record in records:
        verdict = verify(record)
        verdict = _check_totals(record, verdict, runs)
        yield record, verdict


@dataclass
class _Run:
    """A match being followed: the last deal number and the running totals."""

    number: int
    totals: dict[str, int] | None
    """Sum of all results since deal 1; None when a deal was missing (chain broken)."""
    written: dict[str, int] | None


def _check_totals(record: Record, verdict: Verdict, runs: dict[str, _Run]) -> Verdict:
    match, number = record.get("Match"), _deal_number(record)
    try:
        written = parse_scores(record.get("Totals"))
    except ValueError:
        written = None
    if not match or number <= 0:
        return verdict
    result = verdict.written if verdict.written is not None else verdict.scores
    prev = runs.get(match)
    base: dict[str, int] | None
    if number == 1:
        base, how = {}, "deal 1's result"
    elif prev is not None and prev.number == number - 1 and prev.totals is not None:
        base, how = (
            prev.totals,
            f"the results of deals 1–{number - 1} ({format_scores(prev.totals)})",
        )
    elif prev is not None and prev.number == number - 1 and prev.written is not None:
        base, how = prev.written, f"deal {number - 1}'s Totals {format_scores(prev.written)}"
    else:
        base, how = None, ""
    running = None
    if base is not None and result is not None:
        running = {s: base.get(s, 0) + result.get(s, 0) for s in record.seats}
    runs[match] = _Run(number, running, written)
    if (
        running is None
        or written is None
        or all(written.get(s, 0) == v for s, v in running.items())
    ):
        return verdict
    line = record.source.line if record.source else 0
    msg = f"Totals {format_scores(written)}, but {how} plus this deal's result make "
    msg += format_scores(running)
    problem = Problem("totals-mismatch", msg, line, rule="SL-14.2")
    status = verdict.status if verdict.status is Status.ILLEGAL else Status.SCORE_MISMATCH
    return dataclasses.replace(verdict, problems=(*verdict.problems, problem), status=status)
