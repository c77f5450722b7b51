"""Auditing a record: every illegal play, lead or lay-away the verifier finds becomes a proven
renons with its penalty, as if the table had claimed it (``tarokpgn verify --renons``).

With hidden hands the verifier sees a revoke only later, when the player plays a suit he had
shown to lack (``void-contradiction``); the audit then judges his earlier tricks and reports the
one the record proves."""

from __future__ import annotations

from collections.abc import Iterator

from tarokpgn.model import Record, Renons
from tarokpgn.renons.judgement import Judgement
from tarokpgn.renons.rules_text import KIND_OF_CODE
from tarokpgn.renons.ruling import ClaimError, judge
from tarokpgn.verdict import Verdict


def _suspects(record: Record, verdict: Verdict) -> Iterator[tuple[str, int, str]]:
    """(seat, trick, kind) for every problem that may be a renons, in record order."""
    for p in verdict.problems:
        if p.seat is None or p.seat not in record.seats:
            continue
        if p.code == "void-contradiction" and p.trick:
            for earlier in range(1, p.trick):
                yield p.seat, earlier, "revoke"
        elif p.code in KIND_OF_CODE:
            yield p.seat, p.trick or 0, KIND_OF_CODE[p.code]


def audit(record: Record, verdict: Verdict) -> list[Judgement]:
    """One proven judgement per renons of ``record`` (``verdict`` is the verifier's result on
    it), accepted ones included. The claimant is the first other seat; the penalty does not
    depend on it."""
    out: list[Judgement] = []
    seen: set[tuple[str, int]] = set()
    for seat, trick, kind in _suspects(record, verdict):
        if (seat, trick) in seen:
            continue
        other = next(s for s in record.seats if s != seat)
        try:
            j = judge(record, Renons(other, seat, trick, kind))
        except ClaimError:  # e.g. no card of his in that trick: nothing to audit there
            continue
        if j.proven:
            seen.add((seat, trick))
            out.append(j)
    return out
