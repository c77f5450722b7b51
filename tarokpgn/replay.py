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
of one match, the running ``Totals`` the table wrote and the match rule of the deal's ruleset
(:class:`~tarokpgn.rules.match.MatchRule`: a bonus carried from deal to deal, a race to a
target); :class:`Matches` does it one record at a time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Final

from tarokpgn.errors import describe
from tarokpgn.model import Hand, Irregular, Record, Renons, format_scores, parse_scores
from tarokpgn.notation.wellformed import check_record
from tarokpgn.outcome import OUTCOME_TAGS, is_score_only, outcome_problems, parse_outcome
from tarokpgn.renons import DealRuling, judge_deal
from tarokpgn.replayer import PLAY_CODES, Found, Replay, deal_number, rule_id
from tarokpgn.rules.facts import OutcomeError
from tarokpgn.rules.match import MatchDeal, MatchRule
from tarokpgn.rules.ruleset import Outcome, Score
from tarokpgn.rules.state import DealState
from tarokpgn.verdict import Problem, ScoreLine, Status, Verdict

__all__ = [
    "INTERNAL_ERROR_CODE",
    "IRREGULAR_CODES",
    "NO_ENGINE_CODE",
    "NOT_SCORED_CODE",
    "Matches",
    "PLAY_CODES",
    "RENONS_CODES",
    "fixed_contract",
    "internal_error",
    "outcome_contract_problem",
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
NOT_SCORED_CODE: Final = "outcome-not-scored"
"""Problem code of a score-only record whose scores the ruleset cannot compute from its
outcome alone (klop, a ruleset without :meth:`~tarokpgn.rules.ruleset.Ruleset.score_outcome`):
status INCOMPLETE."""
_OUTCOME_TAG_SET: Final = frozenset(OUTCOME_TAGS)
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
    problems = [Problem("bad-renons", why, line=claim.line, trick=claim.trick or None)
                for claim, why in ruling.errors]  # fmt: skip
    for j in ruling.judgements:
        claim = j.claim
        if j.proven:
            _accept_renons(r, claim)
            continue
        msg = (f"{claim.claimant}'s renons claim against {claim.accused} ({claim.kind}, "
               f"trick {claim.trick}) is {_FINDING_WORDS[j.finding.value]}: {j.reason}; "
               "the claimant pays")  # fmt: skip
        problems.append(Problem("renons-unproven", msg, line=claim.line,
                                trick=claim.trick or None, seat=claim.claimant,
                                rule=j.rule or "SL-13.4", judged=True))  # fmt: skip
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
            lines.append(ScoreLine(label, 0, detail=j.claim.kind))
        pen = j.penalty
        if pen is not None:
            lines.append(ScoreLine(f"renons: {pen.payer} pays", pen.amount, detail=pen.formula))
    return lines


# --- the verdict -------------------------------------------------------------------------------


def _problem(r: Replay, f: Found) -> Problem:
    seat = r.deal.label(f.fault.pos) if f.fault.pos is not None else None
    return Problem(f.fault.code, f.fault.message, line=f.line, trick=f.trick, seat=seat,
                   rule=f.fault.rule, accepted=f.accepted, judged=f.judged)  # fmt: skip


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
                   line=r.record.tag_line("Result"),
                   rule=rule_id(r.ruleset, "score-mismatch", "SL-12"))  # fmt: skip


def _seat_scores(r: Replay, score: Score) -> dict[str, int]:
    pos, by_pos = r.pos, score.scores
    out: dict[str, int] = {}
    for s in r.seats:
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
        problems.append(Problem("bad-result", msg, line=record.tag_line("Result")))
        return None


def verify(record: Record) -> Verdict:
    """Replay ``record`` under its ruleset and options and say what is wrong with it."""
    return _verify(record)[0]


def _verify(record: Record) -> tuple[Verdict, Replay | None]:
    """The verdict and the finished replay (None when the record could not be replayed): the
    match checks of :func:`verify_all` read the deal from it."""
    items = record.items
    if (not items or not isinstance(items[0], Hand)) and is_score_only(record):
        return _verify_outcome(record)
    r, problems = Replay.start(record)
    if r is None:
        if problems and problems[0].code == NO_ENGINE_CODE:
            return _unverifiable(record), None
        return Verdict(Status.ILLEGAL, problems=tuple(problems)), None
    problems += _outcome_tag_problems(record)
    r.run()
    return _conclude(r, problems), r


def _outcome_tag_problems(record: Record) -> list[Problem]:
    """E213 for each outcome tag of the wrong form or out of place (:func:`outcome_problems`):
    also a played record's, whose outcome is what its cards show."""
    if not any(name in _OUTCOME_TAG_SET for name, _ in record.tags):  # the usual record
        return []
    return [Problem(e.code, e.message, line=e.line) for e in outcome_problems(record)]


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


# --- score-only records: the outcome in tags, no cards -----------------------------------------


def _verify_outcome(record: Record) -> tuple[Verdict, Replay | None]:
    """A score-only record (:mod:`tarokpgn.outcome`): its outcome scored by the ruleset
    (:meth:`~tarokpgn.rules.ruleset.Ruleset.score_outcome`) and compared with the Result. The
    replay holds no cards; its deal carries the contract and the sides for the match rule."""
    r, problems = Replay.start(record)
    if r is None:
        if problems and problems[0].code == NO_ENGINE_CODE:
            return _unverifiable(record), None
        return Verdict(Status.ILLEGAL, problems=tuple(problems)), None
    bad = _outcome_tag_problems(record)
    if bad:
        return Verdict(Status.ILLEGAL, problems=tuple(problems + bad)), None
    outcome = parse_outcome(record)
    assert outcome is not None  # is_score_only: a Contract tag
    written = _written(record, problems)
    notes: list[str] = []
    if outcome.won is None and written is not None and outcome.declarer in written:
        # a contract won by tricks (a beggar) without a Difference: the Result says (the hook
        # that needs it says so in its breakdown)
        outcome = dataclasses.replace(outcome, won=written[outcome.declarer] > 0)
    _mark_deal(r, outcome)
    try:
        score = r.ruleset.score_outcome(outcome, r.deal.labels)
    except ValueError as exc:  # the ruleset's rules cannot hold this outcome
        tag = exc.tag if isinstance(exc, OutcomeError) else "Contract"
        problems.append(Problem("bad-outcome", str(exc), line=record.tag_line(tag)))
        return _verdict(r, None, None, None, written, problems, notes), r
    if score is None:
        problems.append(_not_scored(r))
        verdict = _verdict(r, None, None, None, written, problems, notes)
        return dataclasses.replace(verdict, status=Status.INCOMPLETE), r
    scores = _seat_scores(r, score)
    if written is not None and any(written.get(s, 0) != v for s, v in scores.items()):
        problems.append(_score_problem(r, scores, written))
    return _verdict(r, score, score, scores, written, problems, notes), r


def fixed_contract(r: Replay) -> str | None:
    """The contract the rules fix before anyone bids (the compulsory first klop of a round,
    SL-3.1; a variant with one contract), read from the replay's deal at its start; None
    when the auction decides it."""
    deal = r.deal
    contract = deal.contract
    if contract is None or not deal.auction.done:
        return None
    return contract.id


def outcome_contract_problem(r: Replay, contract: str, declarer: str = "") -> Problem | None:
    """The problem with a score-only record's ``contract`` (an id) on a deal whose contract
    the rules fix (:func:`fixed_contract`): the auction's own fault for bidding it, as the
    played deal's auction gets (``illegal-bid``, SL-3.1), at the ``Contract`` tag; None when
    the contract may stand. ``r``: the replay of the record before any item. The recorder
    applies it; :func:`verify` does not yet (the converted and tournament score sheets of the
    test suite give Semedela's first deals other contracts)."""
    fixed = fixed_contract(r)
    if fixed is None or fixed == contract:
        return None
    pos = r.pos.get(declarer, 0)
    fault = r.deal.auction.check(pos, contract)
    if fault is None:
        return None
    msg = f"{fault.message}, so the contract is {fixed}, not {contract}"
    seat = r.deal.label(pos) if declarer else None
    line = r.record.tag_line("Contract")
    return Problem(fault.code, msg, line=line, seat=seat, rule=fault.rule)


def _mark_deal(r: Replay, outcome: Outcome) -> None:
    """Put the outcome's contract, sides and kontras on the (cardless) deal, where the
    verdict and the match rule read them."""
    deal = r.deal
    deal.contract = r.ruleset.contract(outcome.contract)
    deal.declarer = r.pos.get(outcome.declarer)
    deal.partner = r.pos.get(outcome.partner)
    deal.partner_known = True
    deal.kontras = dict(outcome.kontras)


def _not_scored(r: Replay) -> Problem:
    """What could not be checked in a score-only record the ruleset cannot score."""
    contract = r.deal.contract
    if contract is not None and contract.kind == "klop":
        why = f"{contract.id} is scored from each player's own card points, which a score "
        why += "sheet does not hold"
    else:
        why = f"the {r.ruleset.name} ruleset cannot score a deal from its outcome alone"
    msg = f"{why}: the Result was not checked (the running Totals still are)"
    return Problem(NOT_SCORED_CODE, msg, line=r.record.tag_line("Contract"))


def _unverifiable(record: Record) -> Verdict:
    """A record of a variant without a rules engine: well-formedness checked, INCOMPLETE unless
    the record is not well formed (then ILLEGAL, with each problem)."""
    variant = record.variant or "a record without a Variant tag"
    msg = f"{NO_ENGINE_CODE.replace('-', ' ')} for {variant} yet: only syntax and "
    msg += "well-formedness were checked"
    problems = [Problem(NO_ENGINE_CODE, msg, line=record.tag_line("Variant"))]
    bad = [Problem(e.code, e.message, line=e.line, column=e.column) for e in check_record(record)]
    problems += bad
    written = _written(record, problems)
    status = Status.ILLEGAL if len(problems) > 1 else Status.INCOMPLETE
    note = ScoreLine("note", 0, detail=msg)
    return Verdict(status, problems=tuple(problems), written=written, breakdown=(note,))


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
        breakdown.append(ScoreLine("result", 0, detail=format_scores(scores)))
    for n in notes:
        breakdown.append(ScoreLine("note", 0, detail=n))
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
    results (written, else computed) so far, as the match rule of each deal's ruleset adjusts
    them, and whether that rule has decided the match
    (:class:`~tarokpgn.rules.match.MatchRule`)."""
    matches = Matches()
    for record in records:
        try:
            verdict = matches.verify(record)
        except Exception as exc:  # a bug costs only its own record (StopIteration included)
            verdict = internal_error(record, exc)
        yield record, verdict


class Matches:
    """The matches of a stream of records being followed: :meth:`verify` is :func:`verify`
    plus the match checks (``Totals`` and the match rule of the deal's ruleset)."""

    def __init__(self) -> None:
        self._runs: dict[str, _Run] = {}

    def verify(self, record: Record) -> Verdict:
        """The verdict on ``record``, with the checks of its match so far."""
        verdict, r = _verify(record)
        return _check_totals(record, verdict, self._runs, r)

    def decided(self, match: str) -> str:
        """How ``match`` was decided by its match rule, empty while it goes on."""
        run = self._runs.get(match)
        return run.decided if run is not None else ""


def internal_error(record: Record, exc: BaseException) -> Verdict:
    """The verdict on ``record`` when verifying it raised ``exc`` (a bug in tarokpgn, not the
    record's fault): ERROR, with one ``internal-error`` problem at the record's place."""
    line = record.source.line if record.source else 0
    msg = f"the verifier failed on this deal ({describe(exc)}); it was not checked, please "
    msg += "report it"
    return Verdict(Status.ERROR, problems=(Problem(INTERNAL_ERROR_CODE, msg, line=line),))


class _Run:
    """A match being followed: the last deal number, the running totals and the match rule's
    state. (Plain classes, not dataclasses: one is made per deal, and a compiled explicit
    ``__init__`` is much cheaper than the dataclass's interpreted one.)"""

    def __init__(self, number: int, written: dict[str, int] | None) -> None:
        self.number = number
        self.totals: dict[str, int] | None = None
        """Sum of all results since deal 1; None when a deal was missing (chain broken)."""
        self.written = written
        """The deal's ``Totals`` (None: absent or malformed)."""
        self.rule: MatchRule | None = None
        """The match rule of this deal's ruleset (``Ruleset.match_rule()``); None when it has
        none or the deal could not be replayed."""
        self.carried: dict[str, int] | None = None
        """What the rule carries to the next deal; None when it carries nothing or is not
        followed (a deal missing, or one without a result)."""
        self.decided = ""
        """How the match rule decided the match, e.g. ``"deal 3 (NS reached 800 …)"``; empty
        while it goes on."""
        self.decided_by = ""
        """The rule id it was decided under, cited by ``match-over``."""


class _Extra:
    """What the match checks add to a deal's verdict."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.notes: list[str] = []


def _check_totals(
    record: Record, verdict: Verdict, runs: dict[str, _Run], r: Replay | None = None
) -> Verdict:
    """The verdict with the checks of its match: the running totals against ``Totals`` and
    the match rule of the deal's ruleset (:class:`~tarokpgn.rules.match.MatchRule`)."""
    match = record.get("Match")
    number = r.deal.number if r is not None else deal_number(record)  # the replay read it
    if not match or number <= 0:
        return verdict
    try:
        written = parse_scores(record.get("Totals"))
    except ValueError:
        written = None
    result = verdict.written if verdict.written is not None else verdict.scores
    prev = runs.get(match)
    base = _base(prev, number)
    extra = _Extra()
    run = _Run(number, written)
    followed = _followed(r, verdict, number)
    added = _adjust(run, followed, prev, result, extra) if followed is not None else result
    if base is not None and added is not None:
        seats = r.seats if r is not None else record.seats
        run.totals = {s: base.get(s, 0) + added.get(s, 0) for s in seats}
        if followed is not None:
            _close(run, followed[0], extra)
    if prev is not None and number > 1 and prev.number < number and prev.decided:
        run.decided, run.decided_by = prev.decided, prev.decided_by
        msg = f"the game was already won at {run.decided}; this deal was recorded after it"
        line = record.tag_line("Deal")
        extra.problems.append(Problem("match-over", msg, line=line, rule=run.decided_by))
    elif followed is not None and base is not None and run.totals is not None:
        _decide(run, followed, base, run.totals, extra)
    runs[match] = run
    running = run.totals
    if (
        running is not None
        and written is not None
        and any(written.get(s, 0) != v for s, v in running.items())
    ):
        adjusted = followed[0] if followed is not None and added is not result else None
        how = _how(prev, number)
        extra.problems.append(_totals_problem(record, written, running, how, adjusted))
    return _with_extra(verdict, extra)


def _base(prev: _Run | None, number: int) -> dict[str, int] | None:
    """The totals before deal ``number``: none before deal 1, else the previous deal's running
    totals, else its written ``Totals`` (None when they are not known: a deal missing)."""
    if number == 1:
        return {}
    if prev is None or prev.number != number - 1:
        return None
    return prev.totals if prev.totals is not None else prev.written


def _how(prev: _Run | None, number: int) -> str:
    """How :func:`_base` found the totals before deal ``number``, for the ``totals-mismatch``
    message (made only for one: the text formats the scores)."""
    if number == 1:
        return "deal 1's result"
    assert prev is not None  # _base found totals: those of the deal before
    if prev.totals is not None:
        deals = "the result of deal 1" if number == 2 else f"the results of deals 1–{number - 1}"
        return f"{deals} ({format_scores(prev.totals)})"
    assert prev.written is not None  # else _base found none
    return f"deal {number - 1}'s Totals {format_scores(prev.written)}"


def _followed(
    r: Replay | None, verdict: Verdict, number: int
) -> tuple[MatchRule, MatchDeal] | None:
    """The match rule of the deal's ruleset and the deal as the rule sees it; None when the
    ruleset has none or the deal could not be replayed."""
    rule = r.ruleset.match_rule() if r is not None else None
    if r is None or rule is None:
        return None
    facts = MatchDeal(number, r.seats, r.deal, verdict.declarer, verdict.partner,
                      verdict.bonuses)  # fmt: skip
    return rule, facts


def _adjust(
    run: _Run,
    followed: tuple[MatchRule, MatchDeal],
    prev: _Run | None,
    result: dict[str, int] | None,
    extra: _Extra,
) -> dict[str, int] | None:
    """The deal's result as it enters the totals: the rule adjusts it while it carries
    something from deal 1 on, through consecutive deals that all have a result."""
    rule, deal = followed
    run.rule = rule
    carried: dict[str, int] | None = None
    if run.number == 1:
        carried = rule.start()
    elif prev is not None and prev.number == run.number - 1 and prev.rule is rule:
        carried = prev.carried
    if carried is None or result is None:
        return result
    added, run.carried = rule.adjust(deal, result, dict(carried), extra.notes)
    return added


def _close(run: _Run, rule: MatchRule, extra: _Extra) -> None:
    """Let the rule settle what it carries when the written ``Totals`` may end the match."""
    if run.carried is not None and run.totals is not None and run.written is not None:
        run.totals, run.carried = rule.close(run.totals, run.written, run.carried, extra.notes)


def _decide(
    run: _Run,
    followed: tuple[MatchRule, MatchDeal],
    before: dict[str, int],
    after: dict[str, int],
    extra: _Extra,
) -> None:
    """Ask the rule whether this deal decided the match (the totals before and after it)."""
    rule, deal = followed
    decided = rule.decide(deal, before, after, extra.notes)
    if decided:
        run.decided, run.decided_by = decided, rule.rule


def _totals_problem(
    record: Record,
    written: dict[str, int],
    running: dict[str, int],
    how: str,
    adjusted: MatchRule | None,
) -> Problem:
    """``Totals`` differ from the totals before this deal (found ``how``) plus its result (as
    the match rule ``adjusted`` it, if it did)."""
    what = "this deal's result"
    if adjusted is not None:
        what += f" ({adjusted.adjusted})"
    msg = f"Totals {format_scores(written)}, but {how} plus {what} make "
    msg += format_scores(running)
    rule = adjusted.rule if adjusted is not None else "SL-14.2"
    return Problem("totals-mismatch", msg, line=record.tag_line("Totals"), rule=rule)


def _with_extra(verdict: Verdict, extra: _Extra) -> Verdict:
    """``verdict`` with what the match checks found: a ``match-over`` deal is ILLEGAL, a
    ``totals-mismatch`` at least a SCORE-MISMATCH."""
    if not extra.problems and not extra.notes:
        return verdict
    status = verdict.status
    for p in extra.problems:
        if p.code == "match-over":
            status = Status.ILLEGAL
        elif status is not Status.ILLEGAL and status is not Status.ERROR:
            status = Status.SCORE_MISMATCH
    notes = tuple([ScoreLine("note", 0, detail=n) for n in extra.notes])
    return dataclasses.replace(
        verdict,
        problems=(*verdict.problems, *extra.problems),
        status=status,
        breakdown=(*verdict.breakdown, *notes),
    )
