"""Deciding a claim from the record: proven, not proven, or not decidable.

Each kind of claim has one decider returning a :class:`Decision`; the rule checks themselves are
the engine's (:mod:`tarokpgn.renons.engine`).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from tarokpgn.model import Record, Renons
from tarokpgn.renons import engine
from tarokpgn.renons.judgement import Finding
from tarokpgn.renons.rules_text import KIND_WORDS, PLAY_KINDS, RULE_WORDS, UNRECORDABLE
from tarokpgn.replayer import PLAY_CODES
from tarokpgn.rules.core import TRUMP_SUIT, reveals_void
from tarokpgn.rules.ruleset import Fault


@dataclass(frozen=True, slots=True)
class Decision:
    """What the record shows about a claim (no penalty yet)."""

    finding: Finding
    reason: str
    _: KW_ONLY
    rule: str = ""
    rule_text: str = ""
    played: str | None = None
    should: tuple[str, ...] = ()
    evidence: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def decide(record: Record, claim: Renons) -> Decision:
    """Decide ``claim`` on ``record`` (seats already checked to be seats of the deal)."""
    if claim.kind in PLAY_KINDS:
        return _play(record, claim)
    if claim.kind == "out-of-turn":
        return _out_of_turn(record, claim)
    if claim.kind == "discard":
        return _discard(record, claim)
    what = KIND_WORDS.get(claim.kind, f"committed {claim.kind!r}")
    why = "leaves no trace in the record" if claim.kind in UNRECORDABLE else "is not a kind "
    if claim.kind not in UNRECORDABLE:
        why += "of renons the record can show"
    reason = (f"that {claim.accused} {what} {why}, so the claim cannot be decided from the "
              "record; under the tournament rule a claim the claimant cannot prove counts as "
              "not proven")  # fmt: skip
    return Decision(Finding.UNDECIDABLE, reason)


# --- plays --------------------------------------------------------------------------------------


def _not_shown(reason: str, **kw: object) -> Decision:
    return Decision(Finding.NOT_PROVEN, reason, **kw)  # type: ignore[arg-type]


def _play(record: Record, claim: Renons) -> Decision:
    m = engine.to_trick(record, claim.trick, claim.accused)
    if m is None:
        return _not_shown(f"the record does not show trick {claim.trick} being played")
    if m.card is None:
        return _not_shown(f"the record shows no card of {claim.accused} in trick {claim.trick}")
    played = m.deal.name(m.card)  # the claim's card, if it names one (ruling.check_claim)
    context = _trick_line(m)
    if m.deal.hands[m.pos] is not None:
        return _known(m, claim, played, context)
    return _inferred(record, m, claim, played, context)


def _trick_line(m: engine.Moment) -> str:
    deal = m.deal
    number = m.trick.number
    if not m.before:
        return f"{deal.label(m.pos)} led trick {number}"
    plays = ", ".join(f"{deal.label(p)} {deal.name(c)}" for p, c in m.before)
    return f"trick {number} before {deal.label(m.pos)}'s card: {plays}"


def _held(m: engine.Moment, cards: list[int] | set[int]) -> str:
    return " ".join(m.deal.tables.names(cards)) or "no cards"


def _rule_words(fault: Fault, m: engine.Moment) -> str:
    code = fault.code
    if code == "must-trump" and m.before and m.deal.tables.suit[m.before[0][1]] == TRUMP_SUIT:
        code = "tarok-led"
    return RULE_WORDS.get(code, fault.message)


def _proven(fault: Fault, m: engine.Moment, claim: Renons, evidence: list[str]) -> Decision:
    played, *should = fault.cards or (m.deal.name(m.card or 0),)
    notes: tuple[str, ...] = ()
    if fault.code not in _CODES.get(claim.kind, ()):
        notes = (f"the claim says {claim.kind}; the record shows a breach of another rule "
                 f"({fault.code}), which is a renons as well",)  # fmt: skip
    evidence.append(f"{claim.accused} should have played one of: {' '.join(should)}")
    reason = fault.message
    return Decision(Finding.PROVEN, reason, rule=fault.rule, rule_text=_rule_words(fault, m),
                    played=played, should=tuple(should), evidence=tuple(evidence),
                    notes=notes)  # fmt: skip


_CODES = {
    "revoke": frozenset({"follow-suit", "must-trump"}),
    "underplay": frozenset({"must-beat", "must-overtrump", "pagat-last"}),
}


def _known(m: engine.Moment, claim: Renons, played: str, context: str) -> Decision:
    hand = m.deal.hands[m.pos]
    assert hand is not None
    evidence = [
        context,
        f"{claim.accused}'s cards at that moment (hands recorded): {_held(m, hand)}",
    ]
    fault = engine.check_known(m)
    if fault is not None and fault.code in PLAY_CODES and fault.code != "not-held":
        return _proven(fault, m, claim, evidence)
    if fault is not None:
        return _not_shown(f"the record is inconsistent here: {fault.message}", played=played,
                          evidence=tuple(evidence))  # fmt: skip
    reason = f"{claim.accused}'s {played} in trick {claim.trick} was a legal play"
    return _not_shown(reason, played=played, evidence=tuple(evidence))


def _inferred(
    record: Record, m: engine.Moment, claim: Renons, played: str, context: str
) -> Decision:
    deal = m.deal
    later = list(engine.later_plays(record, deal.ruleset, claim.trick, claim.accused))
    used = deal.used
    own = {c for c, p in deal.owner.items() if p == m.pos and c not in used and c != m.card}
    holding = own | {deal.tables.index[c] for _, c in later}
    fault = engine.check_with(m, holding)
    evidence = [context, f"{claim.accused}'s hand is not recorded"]
    if fault is not None and fault.code in PLAY_CODES and fault.code != "not-held":
        where = {c: n for n, c in reversed(later)}
        cards = sorted(fault.cards[1:], key=lambda c: (where.get(c, 0), c))
        evidence += [_source(claim, c, where.get(c), claim.trick) for c in cards]
        return _proven(fault, m, claim, evidence)
    trick = [c for _, c in m.before]
    voids = reveals_void(m.card or 0, trick, deal.tables, deal.policy) if trick else set()
    if not voids and not deal.policy.must_beat and deal.policy.last_resort != m.card:
        how = "led" if not trick else "followed the suit led"
        reason = f"{claim.accused} {how} with {played}: a legal play whatever else he held"
        return _not_shown(reason, played=played, evidence=tuple(evidence))
    evidence.append(f"cards the record proves {claim.accused} still held: "
                    f"{_held(m, holding) if holding else 'none'}")  # fmt: skip
    reason = (
        f"the record cannot show that {claim.accused} held a card he was bound to play "
        f"in trick {claim.trick}: his hand is not recorded and no later trick proves it"
    )
    return _not_shown(reason, played=played, evidence=tuple(evidence))


def _source(claim: Renons, card: str, trick: int | None, at: int) -> str:
    if trick is not None:
        return (f"{claim.accused} played {card} in trick {trick}, so he still held it in "
                f"trick {at}")  # fmt: skip
    return f"{claim.accused} held {card} by the record (his recorded cards or the talon)"


# --- out of turn, discards ------------------------------------------------------------------------


def _out_of_turn(record: Record, claim: Renons) -> Decision:
    found = engine.expected_leader(record, claim.trick)
    if found is None:
        return _not_shown(f"the record does not show trick {claim.trick} being played")
    r, item, expected = found
    deal = r.deal
    should = deal.label(expected)
    if item.leader == should:
        reason = f"{item.leader} led trick {claim.trick} in turn"
        return _not_shown(reason)
    fault = engine.wrong_leader(deal, item, r.pos[item.leader], expected)
    if item.leader != claim.accused:
        why = (f"trick {claim.trick} was led out of turn by {item.leader}, not by "
               f"{claim.accused}")  # fmt: skip
        return _not_shown(why, evidence=(fault.message,))
    played = item.cards[0] if item.cards else None
    shown = f"the record has {item.leader} leading trick {claim.trick}: {' '.join(item.cards)}"
    words = RULE_WORDS.get(fault.code, RULE_WORDS["wrong-leader"])
    return Decision(Finding.PROVEN, fault.message, rule=fault.rule, rule_text=words,
                    played=played, evidence=(shown, fault.message))  # fmt: skip


def _discard(record: Record, claim: Renons) -> Decision:
    found = engine.exchange_faults(record, claim.accused)
    if found is None:
        return _not_shown(f"the record shows no talon exchange by {claim.accused}")
    item, faults = found
    laid = " ".join(item.discard)
    evidence = (f"{claim.accused} took {' '.join(item.take) or 'nothing'} and laid away {laid}",)
    if not faults:
        reason = f"{claim.accused}'s lay-away ({laid}) breaks no rule the record can check"
        return _not_shown(reason, evidence=evidence)
    first = faults[0]
    more = tuple(f.message for f in faults[1:])
    words = RULE_WORDS.get(first.code, RULE_WORDS["discard"])
    return Decision(Finding.PROVEN, first.message, rule=first.rule, rule_text=words,
                    played=laid, evidence=evidence + more)  # fmt: skip
