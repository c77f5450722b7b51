"""A judgement as plain language a judge reads to the table, and as JSON for tools."""

from __future__ import annotations

from typing import Any

from tarokpgn.model import format_scores
from tarokpgn.renons.judgement import Finding, Judgement, Penalty
from tarokpgn.renons.penalty import MINUS, kontra_word
from tarokpgn.renons.rules_text import KIND_WORDS

SETTLEMENT_WORDS = {
    "single": "Only {payer} writes the penalty.",
    "each_player": "{payer} pays it to each of the other players.",
    "deposit": "{payer} forfeits it to the organisers; no player receives it.",
}

HEADLINES = {
    Finding.PROVEN: "PROVEN",
    Finding.NOT_PROVEN: "NOT PROVEN",
    Finding.UNDECIDABLE: "CANNOT BE DECIDED FROM THE RECORD (judged as not proven)",
}


def who(j: Judgement, seat: str) -> str:
    """``S (Cene)`` or ``S``."""
    name = j.names.get(seat)
    return f"{seat} ({name})" if name else seat


def _signed(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else f"+{n}" if n else "0"


def claim_line(j: Judgement) -> str:
    c = j.claim
    what = KIND_WORDS.get(c.kind, c.kind)
    card = f" (card {c.card})" if c.card else ""
    kontra = f", {kontra_word(c.kontra)} on the claim" if c.kontra else ""
    where = "the talon exchange" if c.kind == "discard" or not c.trick else f"trick {c.trick}"
    return (f"Claim: {who(j, c.claimant)} says {who(j, c.accused)} {what} in {where}"
            f"{card}{kontra}.")  # fmt: skip


def text(j: Judgement) -> str:
    """The judgement in plain language, one fact per line."""
    lines = [f"Renons judgement, {j.deal} ({j.variant}, {j.ruleset})", claim_line(j), ""]
    lines.append(f"Finding: {HEADLINES[j.finding]}.")
    lines.append(_sentence(j.reason))
    if j.rule:
        lines.append(f"Rule {j.rule}: {j.rule_text}.")
    if j.evidence:
        lines.append("Evidence:")
        lines += [f"  - {e}" for e in j.evidence]
    lines += [f"Note: {_sentence(n)}" for n in j.notes]
    lines.append("")
    lines += _consequence(j)
    return "\n".join(lines) + "\n"


def _sentence(s: str) -> str:
    s = s[:1].upper() + s[1:]
    return s if s.endswith(".") else s + "."


def _consequence(j: Judgement) -> list[str]:
    pen = j.penalty
    if pen is None:
        return ["Consequence: the penalty cannot be computed from the record."]
    payer = who(j, pen.payer)
    if j.finding is Finding.PROVEN:
        lines = [f"Consequence: {payer} committed the renons and pays it."]
    else:
        lines = [f"Consequence: the claim is not proven, so the claimant {payer} pays."]
    width = max(len(s.label) for s in pen.steps) + 2
    for s in pen.steps:
        lines.append(f"  {s.label:<{width}}{s.total:>6}")
    lines.append(f"  Penalty for {pen.payer}: {pen.formula}")
    lines.append(SETTLEMENT_WORDS[pen.settlement].format(payer=pen.payer))
    if j.other_scores_stand:
        lines.append("The deal's own scores stand; the penalty is added to them.")
        if j.deal_scores is not None:
            shown = "  ".join(f"{s} {_signed(v)}" for s, v in j.deal_scores.items())
            lines.append(f"Deal scores: {shown}")
    else:
        lines.append("The deal itself is not scored (the others get nothing from its play).")
    if j.scores is not None:
        unit = "" if pen.unit == "points" else f" ({pen.unit})"
        shown = "  ".join(f"{s} {_signed(v)}" for s, v in j.scores.items())
        lines.append(f"Scores{unit}: {shown}")
    return lines


def short(j: Judgement) -> str:
    """One line for a ``{comment}`` or an audit listing."""
    c = j.claim
    head = f"renons {c.claimant or '-'} {c.accused} {c.trick} {c.kind}: {j.finding.value}"
    pen = j.penalty
    cost = f"; {pen.payer} pays {pen.formula}" if pen else ""
    scores = f"; scores {format_scores(j.scores)}" if j.scores is not None else ""
    rule = f" [{j.rule}]" if j.rule else ""
    return f"{head}{rule}: {j.reason}{cost}{scores}"


def penalty_json(pen: Penalty | None) -> dict[str, Any] | None:
    """The penalty as plain data."""
    if pen is None:
        return None
    steps = [{"label": s.label, "operand": s.operand, "total": s.total} for s in pen.steps]
    return {"payer": pen.payer, "basis": pen.basis, "amount": pen.amount, "unit": pen.unit,
            "settlement": pen.settlement, "formula": pen.formula, "steps": steps}  # fmt: skip


def to_json(j: Judgement) -> dict[str, Any]:
    """Plain JSON-ready data."""
    c = j.claim
    claim = {"claimant": c.claimant, "accused": c.accused, "trick": c.trick, "kind": c.kind,
             "card": c.card, "kontra": c.kontra}  # fmt: skip
    return {
        "deal": j.deal,
        "variant": j.variant,
        "ruleset": j.ruleset,
        "claim": claim,
        "finding": j.finding.value,
        "reason": j.reason,
        "rule": j.rule,
        "rule_text": j.rule_text,
        "played": j.played,
        "should": list(j.should),
        "evidence": list(j.evidence),
        "notes": list(j.notes),
        "payer": j.payer,
        "penalty": penalty_json(j.penalty),
        "scores": j.scores,
        "other_scores_stand": j.other_scores_stand,
        "deal_scores": j.deal_scores,
    }
