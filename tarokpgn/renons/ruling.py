"""``judge(record, claim)``: decide a renons claim and work out who pays what."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from tarokpgn.errors import TarokPgnError
from tarokpgn.model import Record, Renons, Trick
from tarokpgn.renons import engine, penalty
from tarokpgn.renons.decide import Decision, decide
from tarokpgn.renons.judgement import DealRuling, Finding, Judgement, Penalty
from tarokpgn.renons.options import RenonsOptions, renons_options
from tarokpgn.renons.rules_text import PLAY_KINDS
from tarokpgn.replayer import Replay
from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.state import DealState

PROOF_WORDS = "the claimant must prove a renons; if he cannot, he pays it himself"


class ClaimError(TarokPgnError, ValueError):
    """The claim does not fit the record: it names a seat that is not at the table, a trick the
    record does not have or a card the accused did not play in it, or a kontra level beyond
    mortkontra. An error of the claim, never a penalty."""


def judge(
    record: Record,
    claim: Renons,
    options: Mapping[str, str] | None = None,
    *,
    ruled: Finding | None = None,
) -> Judgement:
    """Decide ``claim`` on ``record`` and compute the penalty and every seat's score.

    ``options`` overrides renons options (``{"renons_false_claim_basis": "offender"}``); the
    record's own ruleset and ``Options`` tag apply first. ``ruled``: the finding a judge
    ruled (a tournament's recorded ruling), which stands over the record's; the penalty is
    worked out for it. Raises :class:`ClaimError` when the claim does not fit the record
    (:func:`check_claim`), :class:`~tarokpgn.errors.RecordError` when the record's ruleset
    is unknown.
    """
    check_claim(record, claim)
    decision = decide(record, claim)
    if ruled is not None and ruled is not decision.finding:
        reason = f"the judge ruled the claim {ruled.value} (the record alone: {decision.reason})"
        decision = dataclasses.replace(decision, finding=ruled, reason=reason)
    r, score = engine.full(record)
    ruleset = r.ruleset
    opts = renons_options(ruleset, dict(options or {}))
    if decision.finding is not Finding.PROVEN:
        note = ruleset.renons_proof_note
        words = f"{PROOF_WORDS} ({note})" if note else PROOF_WORDS
        decision = dataclasses.replace(decision, rule="SL-13.4", rule_text=words)
    pen, notes = _penalty(r.deal, claim, decision, opts)
    normal = _seat_scores(record, r, score) if opts.other_players == "normal" else None
    scores = None
    if pen is not None and (opts.other_players == "zero" or normal is not None):
        scores = penalty.settle(pen, record.seats, normal)
    if opts.other_players == "normal" and normal is None:
        notes.append("the deal's own scores cannot be computed from the record")
    return Judgement(
        claim=claim,
        finding=decision.finding,
        reason=decision.reason,
        rule=decision.rule,
        rule_text=decision.rule_text,
        played=decision.played,
        should=decision.should,
        evidence=decision.evidence,
        penalty=pen,
        scores=scores,
        other_scores_stand=opts.other_players == "normal",
        deal_scores=normal,
        notes=decision.notes + tuple(notes),
        variant=record.variant,
        ruleset=ruleset.name,
        deal=deal_name(record),
        names={s: record.player(s) for s in record.seats if record.player(s)},
    )


def judge_deal(
    record: Record,
    claims: Iterable[Renons] | None = None,
    options: Mapping[str, str] | None = None,
    *,
    recorded: bool = False,
) -> DealRuling:
    """Judge every claim of one deal (default: the record's ``renons`` elements) and score the
    deal after all of them (:class:`DealRuling`): each unproven claim charges its claimant, the
    earliest proven renons decides the deal, a later proven one costs nothing more.

    ``recorded``: a claim's ``ruling=proven|not-proven|undecidable`` (a judge's ruling written
    in the record, as :func:`annotate` writes it) stands over the record's finding (the
    tournament standings ask for this; ``verify`` does not)."""
    judged: list[Judgement] = []
    errors: list[tuple[Renons, str]] = []
    for claim in record.of_type(Renons) if claims is None else claims:
        try:
            ruled = recorded_ruling(claim) if recorded else None
            judged.append(judge(record, claim, options, ruled=ruled))
        except ClaimError as exc:
            errors.append((claim, str(exc)))
    proven = [i for i, j in enumerate(judged) if j.proven]
    first = min(proven, key=lambda i: judged[i].claim.trick, default=None)  # ties: record order
    counted = tuple(not j.proven or i == first for i, j in enumerate(judged))
    scores, notes = _deal_scores(record, judged, counted)
    errs = tuple(errors)
    return DealRuling(tuple(judged), counted, errors=errs, scores=scores, notes=tuple(notes))


def _deal_scores(
    record: Record, judged: list[Judgement], counted: tuple[bool, ...]
) -> tuple[dict[str, int] | None, list[str]]:
    """The deal's scores: its own (``renons_other_players=normal``) or 0, then every counted
    penalty settled on top (SL-13.2, SL-13.4)."""
    if not judged:
        return None, []
    decisive = DealRuling(tuple(judged), counted).decisive
    notes = [
        f"the renons claimed on line {j.claim.line} (trick {j.claim.trick}) is proven, but the "
        f"renons of trick {decisive.claim.trick} had already ended the deal: no further penalty"
        for j, c in zip(judged, counted, strict=True)
        if not c and decisive is not None
    ]
    own = judged[0].deal_scores if judged[0].other_scores_stand else {}
    if own is None:
        return None, notes
    scores: dict[str, int] = {s: own.get(s, 0) for s in record.seats}
    for j, c in zip(judged, counted, strict=True):
        if c:
            if j.penalty is None:
                return None, notes
            scores = penalty.settle(j.penalty, record.seats, scores)
    return scores, notes


def recorded_ruling(claim: Renons) -> Finding | None:
    """The finding a claim's ``ruling=`` option records (None without one); raises
    :class:`ClaimError` for a value that is no finding."""
    value = next((v for k, v in claim.options if k == "ruling"), None)
    if value is None:
        return None
    try:
        return Finding(value)
    except ValueError:
        words = " | ".join(f.value for f in Finding)
        raise ClaimError(f"ruling={value} is not a finding ({words})") from None


def check_claim(record: Record, claim: Renons) -> None:
    """Raise :class:`ClaimError` when ``claim`` names what the deal does not have: a seat not
    at the table, a trick past the record's tricks, a card the accused did not play in it."""
    for who in (claim.claimant, claim.accused):
        if who not in record.seats:
            raise ClaimError(f"{who!r} is not a seat of this deal ({' '.join(record.seats)})")
    if claim.claimant == claim.accused:
        raise ClaimError("a player cannot claim a renons against himself")
    if not 0 <= claim.kontra <= penalty.MAX_LEVEL:
        raise ClaimError(f"kontra level {claim.kontra} on the renons: the levels are 0 (none) "
                         f"to {penalty.MAX_LEVEL} (mortkontra) (SL-13.3)")  # fmt: skip
    in_trick = claim.kind in PLAY_KINDS or claim.kind == "out-of-turn"
    if claim.trick == 0:
        if in_trick:
            raise ClaimError(f"a claim of kind {claim.kind} names a trick: trick 0 is the talon")
        return
    tricks = list(record.of_type(Trick))
    trick = next((t for t in tricks if t.number == claim.trick), None)
    if trick is None:
        have = f"its last trick is {tricks[-1].number}" if tricks else "it has no tricks"
        raise ClaimError(f"the claim names trick {claim.trick}, which the record does not have "
                         f"({have})")  # fmt: skip
    if claim.kind not in PLAY_KINDS:
        return
    order = record.play_order()
    if trick.leader not in order:
        return  # the verifier reports the leader; the judgement says play cannot be followed
    i = (order.index(claim.accused) - order.index(trick.leader)) % len(order)
    played = trick.cards[i] if i < len(trick.cards) else None
    if played is None:
        raise ClaimError(f"the record shows no card of {claim.accused} in trick {claim.trick}")
    if claim.card is not None and played != "?" and claim.card != played:
        raise ClaimError(f"the claim names {claim.card}, but {claim.accused} played {played} "
                         f"in trick {claim.trick}")  # fmt: skip


def deal_name(record: Record) -> str:
    """``Koper club deal 3`` (Match and Deal tags) or ``record 2`` (its place in the file)."""
    deal, match = record.get("Deal"), record.get("Match")
    if deal:
        return f"{match + ' ' if match else ''}deal {deal}"
    return f"record {record.source.index if record.source else 1}"


def _seat_scores(record: Record, r: Replay, score: Score | None) -> dict[str, int] | None:
    if score is None:
        return None
    return {s: score.scores.get(r.pos[s], 0) for s in record.seats if s in r.pos}


def _penalty(
    deal: DealState, claim: Renons, decision: Decision, opts: RenonsOptions
) -> tuple[Penalty | None, list[str]]:
    proven = decision.finding is Finding.PROVEN
    payer = claim.accused if proven else claim.claimant
    if opts.scheme == "price":
        if not proven and opts.false_claim == "deposit":
            return penalty.deposit(payer, opts.deposit, opts.unit), []
        fleks = deal.kontras.get("game", 0)
        if not 0 <= fleks <= penalty.MAX_LEVEL:  # an illegal-kontra already (CZ-7.1)
            return None, ["the flek level on the game is beyond tutti, so the price is unknown"]
        pen = penalty.price(payer, opts.price, fleks, claim.kontra, opts.unit)
        return dataclasses.replace(pen, settlement=opts.settlement), []
    c = deal.contract
    if c is None:
        return None, ["no contract is recorded, so the value of the game (V) is unknown"]
    value = opts.klop_value if c.kind == "klop" else c.value
    basis = payer if proven or opts.false_claim_basis == "claimant" else claim.accused
    pos = deal.labels.index(basis)
    made = [(name, deal.ruleset.announcements[name].announced)
            for name, who in deal.announced.items()
            if who == pos and name in deal.ruleset.announcements]  # fmt: skip
    return penalty.semedela(payer, c.id, value, made, claim.kontra, basis=basis), []
