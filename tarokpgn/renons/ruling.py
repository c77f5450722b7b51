"""``judge(record, claim)``: decide a renons claim and work out who pays what."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from tarokpgn.model import Record, Renons
from tarokpgn.renons import engine, penalty
from tarokpgn.renons.decide import Decision, decide
from tarokpgn.renons.judgement import Finding, Judgement, Penalty
from tarokpgn.renons.options import RenonsOptions, renons_options
from tarokpgn.replayer import Replay
from tarokpgn.rules.ruleset import Score
from tarokpgn.rules.state import DealState

PROOF_WORDS = "the claimant must prove a renons; if he cannot, he pays it himself"
PROOF_WORDS_BY_FAMILY = {
    "czech": PROOF_WORDS + " (the Czech rules are silent: the Semedela rule applies by analogy)"
}


class ClaimError(ValueError):
    """The claim does not fit the record (a seat that is not at the table, a kontra level on
    the claim beyond mortkontra)."""


def judge(record: Record, claim: Renons, options: Mapping[str, str] | None = None) -> Judgement:
    """Decide ``claim`` on ``record`` and compute the penalty and every seat's score.

    ``options`` overrides renons options (``{"renons_false_claim_basis": "offender"}``); the
    record's own ruleset and ``Options`` tag apply first. Raises :class:`ClaimError` for a
    claimant or accused who is not a seat of the deal or a kontra level beyond 4 on the claim,
    :class:`engine.RecordError` when the record's ruleset is unknown.
    """
    for who in (claim.claimant, claim.accused):
        if who not in record.seats:
            raise ClaimError(f"{who!r} is not a seat of this deal ({' '.join(record.seats)})")
    if claim.claimant == claim.accused:
        raise ClaimError("a player cannot claim a renons against himself")
    if not 0 <= claim.kontra <= penalty.MAX_LEVEL:
        raise ClaimError(f"kontra level {claim.kontra} on the renons: the levels are 0 (none) "
                         f"to {penalty.MAX_LEVEL} (mortkontra) (SL-13.3)")  # fmt: skip
    decision = decide(record, claim)
    r, score = engine.full(record)
    ruleset = r.ruleset
    opts = renons_options(ruleset, dict(options or {}))
    if decision.finding is not Finding.PROVEN:
        words = PROOF_WORDS_BY_FAMILY.get(ruleset.family, PROOF_WORDS)
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
