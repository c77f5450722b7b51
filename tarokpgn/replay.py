"""Replay: a :class:`~tarokpgn.model.Record` fed to the rules engine, giving a
:class:`~tarokpgn.verdict.Verdict`.

The replay itself (each movetext item checked, then applied, so every problem of the deal is
found) is :class:`tarokpgn.replayer.Replay`, shared with the renons judge. This module turns
what it found into a verdict: an ``irregular`` item (accepted at the table) turns the matching
fault into an accepted problem; a ``renons`` claim is decided by the judge
(:func:`tarokpgn.renons.judge`), so ``verify`` and ``renons`` always agree, and the judgement's
scores are the deal's scores. A variant without a rules engine is checked for syntax and
well-formedness only and is INCOMPLETE.

:func:`verify` checks one record; :func:`verify_all` checks a stream and, for consecutive deals
of one match, the running ``Totals`` the table wrote.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from tarokpgn.model import Irregular, Record, Renons, format_scores, parse_scores
from tarokpgn.notation.wellformed import check_record
from tarokpgn.renons import ClaimError, Judgement, judge
from tarokpgn.replayer import PLAY_CODES, Found, Replay, deal_number, rule_id
from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.state import DealState
from tarokpgn.verdict import Problem, ScoreLine, Status, Verdict

__all__ = [
    "IRREGULAR_CODES",
    "NO_ENGINE_CODE",
    "PLAY_CODES",
    "RENONS_CODES",
    "verify",
    "verify_all",
]

IRREGULAR_CODES = {
    "revoke": PLAY_CODES,
    "lead-out-of-turn": frozenset({"wrong-leader", "out-of-turn"}),
}
"""Irregularity kind → the fault codes an ``irregular`` item accepts."""
RENONS_CODES = {
    "revoke": PLAY_CODES,
    "underplay": frozenset({"must-beat", "must-overtrump", "pagat-last"}),
    "out-of-turn": frozenset({"wrong-leader", "out-of-turn"}),
    "discard": frozenset({"illegal-discard", "talon-group", "discard-count"}),
}
"""Renons kind → the fault codes a proven claim of that kind accepts."""
_FINDING_WORDS: Final = {"proven": "proven", "not-proven": "not proven",
                  "undecidable": "not decidable from the record"}  # fmt: skip
NO_ENGINE_CODE: Final = "no-rules-engine"
"""Problem code of a record whose variant has no rules engine (status INCOMPLETE)."""


# --- acceptance: irregular items ---------------------------------------------------------------


def _opt(options: tuple[tuple[str, str], ...], key: str) -> str | None:
    return next((v for k, v in options if k == key), None)


def _accept_irregular(r: Replay, irregulars: list[Irregular]) -> None:
    for item in irregulars:
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


# --- renons claims: the judge decides (SL-13) ------------------------------------------------


@dataclass
class _Claim:
    """The judgement on the record's renons claim, as the verdict uses it."""

    judgement: Judgement | None
    problems: list[Problem]
    notes: list[str]


def _claim(r: Replay, claims: list[Renons]) -> _Claim | None:
    """Judge the record's renons claims (:func:`tarokpgn.renons.judge`): a proven one accepts
    the faults it covers, an unproven one is an accepted ``renons-unproven`` problem. The first
    claim decides the deal's scores (a renons ends the deal)."""
    if not claims:
        return None
    out = _Claim(None, [], [])
    for n, claim in enumerate(claims):
        try:
            j = judge(r.record, claim)
        except ClaimError as exc:
            out.problems.append(Problem("bad-renons", str(exc), claim.line, trick=claim.trick))
            continue
        if n == 0:
            out.judgement = j
        elif out.judgement is not None:
            note = f"only the first renons claim is scored; the claim of line {claim.line} is "
            out.notes.append(note + _FINDING_WORDS[j.finding.value])
        if j.proven:
            _accept_renons(r, claim)
        else:
            msg = (f"{claim.claimant}'s renons claim against {claim.accused} ({claim.kind}, "
                   f"trick {claim.trick}) is {_FINDING_WORDS[j.finding.value]}: {j.reason}; "
                   "the claimant pays")  # fmt: skip
            seat = claim.claimant
            out.problems.append(Problem("renons-unproven", msg, claim.line, 0, claim.trick, seat,
                                        j.rule or "SL-13.4", accepted=True))  # fmt: skip
    return out


def _accept_renons(r: Replay, claim: Renons) -> None:
    """Accept the faults a proven claim covers: the accused's faults of its kind in the trick
    claimed, and for a revoke his later plays of the suit he pretended to lack."""
    accused = r.pos.get(claim.accused)
    codes = RENONS_CODES.get(claim.kind, frozenset())
    if claim.kind in ("revoke", "underplay"):
        codes = codes | PLAY_CODES
    for f in r.found:
        if f.fault.pos != accused:
            continue
        here = f.trick in (None, claim.trick) and f.fault.code in codes
        later = (claim.kind == "revoke" and f.fault.code == "void-contradiction"
                 and f.trick is not None and f.trick > claim.trick)  # fmt: skip
        if here or later:
            f.accepted = True


def _renons_lines(j: Judgement, normal: Score | None) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    if j.other_scores_stand and normal is not None:
        lines += normal.lines
    if not j.proven:
        label = f"renons claim {_FINDING_WORDS[j.finding.value]}: the claimant pays"
        lines.append(ScoreLine(label, 0, j.claim.kind))
    pen = j.penalty
    if pen is not None:
        lines.append(ScoreLine(f"renons: {pen.payer} pays", pen.amount, pen.formula))
    return lines


# --- the verdict -------------------------------------------------------------------------------


def _problem(r: Replay, f: Found) -> Problem:
    seat = r.deal.label(f.fault.pos) if f.fault.pos is not None else None
    return Problem(f.fault.code, f.fault.message, f.line, 0, f.trick, seat, f.fault.rule,
                   f.accepted)  # fmt: skip


def _compute(r: Replay) -> tuple[Score | None, list[str]]:
    """The deal's ordinary score (None when it cannot be computed) and notes on why not."""
    notes = list(r.incomplete)
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


def _score_problem(r: Replay, computed: dict[str, int], written: dict[str, int]) -> Problem:
    diff = [s for s in computed if written.get(s, 0) != computed[s]]
    shown = ", ".join(f"{s} written {written.get(s, 0):+d}, computed {computed[s]:+d}"
                      for s in diff)  # fmt: skip
    line = r.record.source.line if r.record.source else 0
    return Problem("score-mismatch", f"the Result differs from the computed scores: {shown}",
                   line, rule=rule_id(r.ruleset, "score-mismatch", "SL-12"))  # fmt: skip


def _seat_scores(r: Replay, score: Score) -> dict[str, int]:
    pos, by_pos = r.pos, score.scores
    out: dict[str, int] = {}
    for s in r.record.seats:
        p = pos.get(s)
        if p is not None:
            out[s] = by_pos.get(p, 0)
    return out


def _status(problems: list[Problem], scores: dict[str, int] | None, written: object) -> Status:
    mismatch = False
    for p in problems:
        if not p.accepted:
            if p.code != "score-mismatch":
                return Status.ILLEGAL
            mismatch = True
    if mismatch:
        return Status.SCORE_MISMATCH
    if scores is None:
        return Status.INCOMPLETE
    return Status.OK


def _written(record: Record, problems: list[Problem]) -> dict[str, int] | None:
    try:
        return record.written_scores()
    except ValueError:
        problems.append(Problem("bad-result", f"Result {record.get('Result')!r} is malformed"))
        return None


def verify(record: Record) -> Verdict:
    """Replay ``record`` under its ruleset and options and say what is wrong with it."""
    r, problems = Replay.start(record)
    if r is None:
        if problems and problems[0].code == NO_ENGINE_CODE:
            return _unverifiable(record)
        return Verdict(Status.ILLEGAL, tuple(problems))
    r.run()
    return _conclude(r, problems)


def _conclude(r: Replay, problems: list[Problem]) -> Verdict:
    """The verdict on a replay that has been fed every item (``problems``: the deal's own)."""
    record = r.record
    irregulars: list[Irregular] = []
    claims: list[Renons] = []
    for item in record.items:
        if isinstance(item, Irregular):
            irregulars.append(item)
        elif isinstance(item, Renons):
            claims.append(item)
    if irregulars:
        _accept_irregular(r, irregulars)
    claim = _claim(r, claims)
    normal, notes = _compute(r)
    score: Score | None = normal
    scores = _seat_scores(r, normal) if normal is not None else None
    if claim is not None:
        j = claim.judgement
        notes = [*(n for n in notes if j is None or j.scores is None), *claim.notes]
        if j is not None:
            notes += list(j.notes)
            scores = dict(j.scores) if j.scores is not None else None
            lines = _renons_lines(j, normal)
            score = Score(dict.fromkeys(range(r.deal.players), 0), tuple(lines))
    if r.found:
        problems += [_problem(r, f) for f in r.found]
    if claim is not None:
        problems += claim.problems
    written = _written(record, problems)
    if (
        scores is not None
        and written is not None
        and any(written.get(s, 0) != v for s, v in scores.items())
    ):
        problems.append(_score_problem(r, scores, written))
    renons = claim is not None and claim.judgement is not None
    return _verdict(r, None if renons else score, score, scores, written, problems, notes)


def _unverifiable(record: Record) -> Verdict:
    """A record of a variant without a rules engine: well-formedness checked, INCOMPLETE unless
    the record is not well formed (then ILLEGAL, with each problem)."""
    line = record.source.line if record.source else 0
    msg = f"{NO_ENGINE_CODE.replace('-', ' ')} for {record.variant} yet: only syntax and "
    msg += "well-formedness were checked"
    problems = [Problem(NO_ENGINE_CODE, msg, line)]
    bad = [Problem(e.code, e.message, e.line, e.column) for e in check_record(record)]
    problems += bad
    written = _written(record, problems)
    status = Status.ILLEGAL if len(problems) > 1 else Status.INCOMPLETE
    return Verdict(status, tuple(problems), written=written, breakdown=(ScoreLine("note", 0, msg),))


def _verdict(
    r: Replay,
    game: Score | None,
    score: Score | None,
    scores: dict[str, int] | None,
    written: dict[str, int] | None,
    problems: list[Problem],
    notes: list[str],
) -> Verdict:
    """``game``: the ordinary score the facts (won, card points, bonuses) come from (None with a
    renons claim); ``score``: the one whose lines explain ``scores``."""
    deal = r.deal
    labels = deal.labels
    declarer, partner, contract = deal.declarer, deal.partner, deal.contract
    breakdown = list(score.lines) if score is not None else []
    if scores is not None:
        breakdown.append(ScoreLine("result", 0, format_scores(scores)))
    for n in notes:
        breakdown.append(ScoreLine("note", 0, n))
    return Verdict(
        status=_status(problems, scores, written),
        problems=tuple(problems),
        contract=contract.id if contract is not None else None,
        declarer=labels[declarer] if declarer is not None else None,
        partner=labels[partner] if partner is not None and partner != declarer else None,
        won=game.won if game is not None else None,
        card_points=dict(game.card_points) if game is not None else {},
        scores=scores,
        written=written,
        breakdown=tuple(breakdown),
        bonuses=game.bonuses if game is not None else (),
        game_kontra=deal.kontras.get("game", 0),
        trick_winners=r.trick_winners(),
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
    match, number = record.get("Match"), deal_number(record)
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
