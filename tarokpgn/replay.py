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
of one match, the running ``Totals`` the table wrote (with Slovenian radelci when enabled) and
Ottocento's race to 800 (:class:`Matches` does it one record at a time).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from tarokpgn.errors import describe
from tarokpgn.model import Irregular, Record, Renons, format_scores, parse_scores
from tarokpgn.notation.wellformed import check_record
from tarokpgn.renons import DealRuling, judge_deal
from tarokpgn.replayer import PLAY_CODES, Found, Replay, deal_number, rule_id
from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.state import DealState
from tarokpgn.verdict import Problem, ScoreLine, Status, Verdict

__all__ = [
    "INTERNAL_ERROR_CODE",
    "IRREGULAR_CODES",
    "NO_ENGINE_CODE",
    "Matches",
    "PLAY_CODES",
    "RENONS_CODES",
    "internal_error",
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
INTERNAL_ERROR_CODE: Final = "internal-error"
"""Problem code of a record the verifier failed on (status ERROR)."""


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


def _claims(r: Replay, claims: list[Renons]) -> tuple[DealRuling, list[Problem]]:
    """Judge every renons claim of the record (:func:`tarokpgn.renons.judge_deal`): a proven
    one settles the faults it covers, an unproven one is a judged ``renons-unproven`` problem,
    a claim that does not fit the record a ``bad-renons`` one."""
    ruling = judge_deal(r.record, claims)
    problems = [Problem("bad-renons", why, claim.line, trick=claim.trick or None)
                for claim, why in ruling.errors]  # fmt: skip
    for j in ruling.judgements:
        claim = j.claim
        if j.proven:
            _accept_renons(r, claim)
            continue
        msg = (f"{claim.claimant}'s renons claim against {claim.accused} ({claim.kind}, "
               f"trick {claim.trick}) is {_FINDING_WORDS[j.finding.value]}: {j.reason}; "
               "the claimant pays")  # fmt: skip
        problems.append(Problem("renons-unproven", msg, claim.line, 0, claim.trick or None,
                                claim.claimant, j.rule or "SL-13.4", judged=True))  # fmt: skip
    return ruling, problems


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
            f.judged = True


def _renons_lines(ruling: DealRuling, normal: Score | None) -> list[ScoreLine]:
    """The breakdown of a deal scored by its renons judgements: the deal's own lines when they
    stand, then each penalty that counts."""
    lines: list[ScoreLine] = []
    if ruling.judgements[0].other_scores_stand and normal is not None:
        lines += normal.lines
    for j, counted in zip(ruling.judgements, ruling.counted, strict=True):
        if not counted:
            continue
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
                   f.accepted, f.judged)  # fmt: skip


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
    return Problem("score-mismatch", f"the Result differs from the computed scores: {shown}",
                   r.record.tag_line("Result"),
                   rule=rule_id(r.ruleset, "score-mismatch", "SL-12"))  # fmt: skip


def _seat_scores(r: Replay, score: Score) -> dict[str, int]:
    pos, by_pos = r.pos, score.scores
    out: dict[str, int] = {}
    for s in r.record.seats:
        p = pos.get(s)
        if p is not None:
            out[s] = by_pos.get(p, 0)
    return out


def _status(problems: list[Problem], scores: dict[str, int] | None, proven: bool) -> Status:
    """ILLEGAL, SCORE-MISMATCH, RENONS (a proven claim settles the deal), INCOMPLETE, OK: the
    first that applies. Accepted irregularities and judged renons do not count as illegal."""
    mismatch = False
    for p in problems:
        if not (p.accepted or p.judged):
            if p.code != "score-mismatch":
                return Status.ILLEGAL
            mismatch = True
    if mismatch:
        return Status.SCORE_MISMATCH
    if proven:
        return Status.RENONS
    if scores is None:
        return Status.INCOMPLETE
    return Status.OK


def _written(record: Record, problems: list[Problem]) -> dict[str, int] | None:
    try:
        return record.written_scores()
    except ValueError:
        msg = f"Result {record.get('Result')!r} is malformed"
        problems.append(Problem("bad-result", msg, record.tag_line("Result")))
        return None


def verify(record: Record) -> Verdict:
    """Replay ``record`` under its ruleset and options and say what is wrong with it."""
    return _verify(record)[0]


def _verify(record: Record) -> tuple[Verdict, Replay | None]:
    """The verdict and the finished replay (None when the record could not be replayed): the
    match checks of :func:`verify_all` read the deal from it."""
    r, problems = Replay.start(record)
    if r is None:
        if problems and problems[0].code == NO_ENGINE_CODE:
            return _unverifiable(record), None
        return Verdict(Status.ILLEGAL, tuple(problems)), None
    r.run()
    return _conclude(r, problems), r


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
    ruling, claim_problems = _claims(r, claims) if claims else (None, [])
    normal, notes = _compute(r)
    score: Score | None = normal
    scores = _seat_scores(r, normal) if normal is not None else None
    judged = ruling is not None and bool(ruling.judgements)
    if ruling is not None and judged:
        notes = [n for n in notes if ruling.scores is None]
        for j in ruling.judgements:
            notes += [n for n in j.notes if n not in notes]
        notes += ruling.notes
        scores = ruling.scores
        lines = _renons_lines(ruling, normal)
        score = Score(dict.fromkeys(range(r.deal.players), 0), tuple(lines))
    if r.found:
        problems += [_problem(r, f) for f in r.found]
    problems += claim_problems
    written = _written(record, problems)
    if (
        scores is not None
        and written is not None
        and any(written.get(s, 0) != v for s, v in scores.items())
    ):
        problems.append(_score_problem(r, scores, written))
    proven = ruling is not None and ruling.decisive is not None
    return _verdict(r, None if judged else score, score, scores, written, problems, notes, proven)


def _unverifiable(record: Record) -> Verdict:
    """A record of a variant without a rules engine: well-formedness checked, INCOMPLETE unless
    the record is not well formed (then ILLEGAL, with each problem)."""
    variant = record.variant or "a record without a Variant tag"
    msg = f"{NO_ENGINE_CODE.replace('-', ' ')} for {variant} yet: only syntax and "
    msg += "well-formedness were checked"
    problems = [Problem(NO_ENGINE_CODE, msg, record.tag_line("Variant"))]
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
    proven: bool = False,
) -> Verdict:
    """``game``: the ordinary score the facts (won, card points, bonuses) come from (None with a
    judged renons claim); ``score``: the one whose lines explain ``scores``; ``proven``: a
    renons claim was proven."""
    deal = r.deal
    labels = deal.labels
    declarer, partner, contract = deal.declarer, deal.partner, deal.contract
    breakdown = list(score.lines) if score is not None else []
    if scores is not None:
        breakdown.append(ScoreLine("result", 0, format_scores(scores)))
    for n in notes:
        breakdown.append(ScoreLine("note", 0, n))
    return Verdict(
        status=_status(problems, scores, proven),
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
    results (written, else computed) so far, Ottocento's race to the target (T-10.3) and, with
    the Slovenian option ``radelci``, the radelci (SL-12.9)."""
    matches = Matches()
    for record in records:
        try:
            verdict = matches.verify(record)
        except Exception as exc:  # a bug costs only its own record (StopIteration included)
            verdict = internal_error(record, exc)
        yield record, verdict


class Matches:
    """The matches of a stream of records being followed: :meth:`verify` is :func:`verify`
    plus the match checks (``Totals``, Ottocento's race to the target, radelci)."""

    def __init__(self) -> None:
        self._runs: dict[str, _Run] = {}

    def verify(self, record: Record) -> Verdict:
        """The verdict on ``record``, with the checks of its match so far."""
        verdict, r = _verify(record)
        return _check_totals(record, verdict, self._runs, r)

    def decided(self, match: str) -> str:
        """How ``match`` was decided (Ottocento, T-10.3), empty while it goes on."""
        run = self._runs.get(match)
        return run.decided if run is not None else ""


def internal_error(record: Record, exc: BaseException) -> Verdict:
    """The verdict on ``record`` when verifying it raised ``exc`` (a bug in tarokpgn, not the
    record's fault): ERROR, with one ``internal-error`` problem at the record's place."""
    line = record.source.line if record.source else 0
    msg = f"the verifier failed on this deal ({describe(exc)}); it was not checked, please "
    msg += "report it"
    return Verdict(Status.ERROR, (Problem(INTERNAL_ERROR_CODE, msg, line),))


@dataclass
class _Run:
    """A match being followed: the last deal number and the running totals."""

    number: int
    totals: dict[str, int] | None
    """Sum of all results since deal 1; None when a deal was missing (chain broken)."""
    written: dict[str, int] | None
    decided: str = ""
    """How the match was decided (Ottocento's race, T-10.3), e.g. ``"deal 3 (NS reached
    800 …)"``; empty while it goes on."""
    radelci: dict[str, int] | None = None
    """Seat → radelci held after this deal (SL-12.9, option ``radelci``); None when not
    followed (another variant, the option off, or a deal missing)."""


@dataclass
class _Extra:
    """What the match checks add to a deal's verdict."""

    problems: list[Problem]
    notes: list[str]


def _check_totals(
    record: Record, verdict: Verdict, runs: dict[str, _Run], r: Replay | None = None
) -> Verdict:
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
    extra = _Extra([], [])
    # Radelci (SL-12.9) change what the deal adds to the totals: its declarer's score doubled.
    held: dict[str, int] | None = None
    if number == 1:
        held = {}
    elif prev is not None and prev.number == number - 1:
        held = prev.radelci
    added = result
    radelci = _radelci_on(r)
    if radelci and held is not None and result is not None and r is not None:
        added, held = _radelci(r, verdict, result, dict(held), extra)
    else:  # not followed: the option is off, or a deal without a result breaks the chain
        held = None
    running = None
    if base is not None and added is not None:
        running = {s: base.get(s, 0) + added.get(s, 0) for s in record.seats}
    if held and running is not None and written is not None and any(held.values()):
        running, held = _radelci_end(running, written, held, extra)
    decided = prev.decided if prev is not None and number > 1 and prev.number < number else ""
    if decided:  # T-10.3: the first side to reach the target has won the game
        msg = f"the game was already won at {decided}; this deal was recorded after it"
        extra.problems.append(Problem("match-over", msg, record.tag_line("Deal"), rule="T-10.3"))
    elif running is not None and base is not None and r is not None:
        decided = _race(r, number, base, running, extra)
    runs[match] = _Run(number, running, written, decided, held)
    if not (
        running is None
        or written is None
        or all(written.get(s, 0) == v for s, v in running.items())
    ):
        what = "this deal's result" if added is result else "this deal's result (radelci applied)"
        msg = f"Totals {format_scores(written)}, but {how} plus {what} make "
        msg += format_scores(running)
        rule = "SL-12.9" if added is not result else "SL-14.2"
        extra.problems.append(Problem("totals-mismatch", msg, record.tag_line("Totals"), rule=rule))
    if not extra.problems and not extra.notes:
        return verdict
    status = verdict.status
    for p in extra.problems:
        if p.code == "match-over":
            status = Status.ILLEGAL
        elif status is not Status.ILLEGAL and status is not Status.ERROR:
            status = Status.SCORE_MISMATCH
    notes = tuple([ScoreLine("note", 0, n) for n in extra.notes])
    return dataclasses.replace(
        verdict,
        problems=(*verdict.problems, *extra.problems),
        status=status,
        breakdown=(*verdict.breakdown, *notes),
    )


# --- Ottocento: the race to the target (T-10.3) -----------------------------------------------


def _race(
    r: Replay, number: int, base: dict[str, int], running: dict[str, int], extra: _Extra
) -> str:
    """Follow the partnerships' totals through one Ottocento hand (T-10.2, T-10.3): the hand's
    declarations count first (a side may win on them before a card is played), then the rest
    of the hand. Returns how the match was decided, empty while it goes on; says so in a note."""
    if r.record.variant != "ottocento":
        return ""
    from tarokpgn.rules.tarocchini.game import ottocento_game
    from tarokpgn.rules.tarocchini.score import side_declarations
    from tarokpgn.rules.tarocchini.state import TarocchiniDeal

    deal = r.deal
    if not isinstance(deal, TarocchiniDeal) or not deal.partnerships:
        return ""
    seat = {deal.side_label(s): deal.label(deal.members(s)[0]) for s in (0, 1)}
    declarations = side_declarations(deal)
    before = {side: base.get(s, 0) for side, s in seat.items()}
    hand = {side: running.get(s, 0) - before[side] for side, s in seat.items()}
    for side, value in declarations:
        hand[side] -= value
    opts = deal.opts
    out = ottocento_game(before, declarations, hand, opts)
    target = opts.game_target
    if out.winner is None:
        if len([v for v in out.totals.values() if v >= target]) == 2:
            shown = ", ".join(f"{s} {v}" for s, v in out.totals.items())
            extra.notes.append(f"both sides past {target} with equal totals ({shown}): another "
                               "hand is played (T-10.3, T-13.11)")  # fmt: skip
        return ""
    loser = next(s for s in out.totals if s != out.winner)
    won, lost = out.totals[out.winner], out.totals[loser]
    when = " on declarations, before a card was played" if out.on_declarations else ""
    both = lost >= target and not out.on_declarations
    why = f"; both past {target}, the higher total wins" if both else ""
    extra.notes.append(f"{out.winner} reach {target}{when} and win the game: {won} against "
                       f"{loser} {lost}{why} (T-10.3)")  # fmt: skip
    return f"deal {number} ({out.winner} reached {target}{when}, {won} against {lost})"


# --- Slovenian: radelci (SL-12.9) --------------------------------------------------------------


def _radelci_on(r: Replay | None) -> bool:
    if r is None or not r.record.variant.startswith("slovenian"):
        return False
    from tarokpgn.rules.slovenian.options import SlovenianOptions

    opts = r.deal.ruleset.options
    return isinstance(opts, SlovenianOptions) and opts.radelci


def _radelci(
    r: Replay, verdict: Verdict, result: dict[str, int], held: dict[str, int], extra: _Extra
) -> tuple[dict[str, int], dict[str, int]]:
    """SL-12.9: the deal's result as it enters the totals, and the radelci held after it. A
    radelc doubles its holder's next score as declarer (his side's recorded total, SL-12.6) and
    is used up only when that score is positive; after klop, a game of beggar's value or
    higher, or a valat, every player receives one."""
    added = dict(result)
    declarer = verdict.declarer
    if declarer is not None and held.get(declarer, 0) > 0:
        score = result.get(declarer, 0)
        for s in (declarer, verdict.partner):
            if s is not None:
                added[s] = 2 * result.get(s, 0)
        used = score > 0
        if used:
            held[declarer] -= 1
        kept = "used up" if used else "kept: the score is not positive"
        extra.notes.append(f"radelc: {declarer}'s score as declarer doubled, {score:+d} → "
                           f"{2 * score:+d}; the radelc is {kept} (SL-12.9)")  # fmt: skip
    why = _radelc_earned(r, verdict)
    if why:
        for s in r.record.seats:
            held[s] = held.get(s, 0) + 1
        extra.notes.append(f"radelci: every player receives one after {why} (SL-12.9)")
    if any(held.values()):
        shown = " ".join(f"{s} {held.get(s, 0)}" for s in r.record.seats)
        extra.notes.append(f"radelci held: {shown}; each unused one costs −40 at the end of the "
                           "match (SL-12.9)")  # fmt: skip
    return added, held


def _radelci_end(
    running: dict[str, int], written: dict[str, int], held: dict[str, int], extra: _Extra
) -> tuple[dict[str, int], dict[str, int]]:
    """SL-12.9: unused radelci cost −40 each at the end of the match. A record does not say
    which deal is the last, so ``Totals`` that charge them exactly are taken as the end."""
    charged = {s: v - 40 * held.get(s, 0) for s, v in running.items()}
    if any(written.get(s, 0) != v for s, v in charged.items()):
        return running, held
    extra.notes.append("the Totals close the match: each unused radelc costs −40 at the end "
                       "of the match (SL-12.9)")  # fmt: skip
    return charged, dict.fromkeys(held, 0)


def _radelc_earned(r: Replay, verdict: Verdict) -> str:
    """Why the deal gives every player a radelc (SL-12.9), empty when it does not."""
    contract = r.deal.contract
    if contract is None:
        return ""
    if contract.kind == "klop":
        return "klop"
    beggar = r.deal.ruleset.contract("beggar")
    if beggar is not None and contract.value >= beggar.value:
        return f"{contract.id} (beggar's value or higher)"
    if any(b.name == "valat" and b.made for b in verdict.bonuses):
        return "a valat"
    return ""
