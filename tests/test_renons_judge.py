"""Judging claims on the golden deal: kinds, mismatches, options, annotation and audit."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tarokpgn import judge_renons, verify
from tarokpgn.model import Comment, Exchange, Record, Renons, Trick
from tarokpgn.notation import iter_records, parse_record, write_record
from tarokpgn.renons import ClaimError, Finding, annotate, audit, judge, renons_options
from tarokpgn.rules import find_ruleset

GOLDEN = Path(__file__).parent / "golden" / "renons"


def _record(name: str = "sl-proven-hands") -> Record:
    (record,) = list(iter_records(GOLDEN / f"{name}.tpgn"))
    assert isinstance(record, Record)
    return record


def _replace_item(record: Record, old: type, test: object, new: object) -> Record:
    items = [new if isinstance(i, old) and test(i) else i for i in record.items]  # type: ignore[operator]
    return dataclasses.replace(record, items=tuple(items))  # type: ignore[arg-type]


def test_library_export_is_judge() -> None:
    assert judge_renons is judge


def test_claim_on_a_card_not_played_is_an_error_of_the_claim() -> None:
    """Issue 14: a claim naming what the deal does not have is an error, never a penalty."""
    with pytest.raises(ClaimError, match="the claim names S8, but S played S9 in trick 5"):
        judge(_record(), Renons("N", "S", 5, "revoke", card="S8"))
    with pytest.raises(ClaimError, match="names HN, but S played S9"):  # W's card in trick 5
        judge(_record(), Renons("N", "S", 5, "revoke", card="HN"))


def test_claim_on_a_missing_trick_is_an_error_of_the_claim() -> None:
    with pytest.raises(ClaimError, match=r"trick 13, which the record does not have \(its last"):
        judge(_record(), Renons("N", "S", 13, "revoke"))
    with pytest.raises(ClaimError, match="trick 0 is the talon"):
        judge(_record(), Renons("N", "S", 0, "revoke"))
    with pytest.raises(ClaimError, match="trick 13"):
        judge(_record(), Renons("N", "S", 13, "out-of-turn"))


def test_claim_on_a_trick_the_accused_has_not_played_to_is_an_error() -> None:
    record = _record()
    last = [t for t in record.of_type(Trick) if t.number == 5][0]
    short = _replace_item(record, Trick, lambda t: t is last,
                          dataclasses.replace(last, cards=last.cards[:1]))  # fmt: skip
    trick = [t for t in short.of_type(Trick) if t.number == 5][0]
    accused = next(s for s in short.seats if s != trick.leader)
    claimant = next(s for s in short.seats if s not in (trick.leader, accused))
    with pytest.raises(ClaimError, match=f"no card of {accused} in trick 5"):
        judge(short, Renons(claimant, accused, 5, "revoke"))


def test_underplay_claim_on_a_revoke_is_proven_with_a_note() -> None:
    j = judge(_record(), Renons("N", "S", 5, "underplay"))
    assert j.proven
    assert j.rule == "SL-9.3"
    assert any("another rule" in n for n in j.notes)


def test_unknown_seats_and_self_claims_are_errors() -> None:
    with pytest.raises(ClaimError):
        judge(_record(), Renons("N", "Z", 5, "revoke"))
    with pytest.raises(ClaimError):
        judge(_record(), Renons("S", "S", 5, "revoke"))


def test_out_of_turn_lead() -> None:
    record = _replace_item(
        _record(), Trick, lambda t: t.number == 6, Trick(6, "E", ("HK", "T20", "T7", "T21"))
    )
    j = judge(record, Renons("N", "E", 6, "out-of-turn"))
    assert j.proven
    assert "won by N, so N leads, not E" in j.reason
    wrong = judge(record, Renons("E", "N", 6, "out-of-turn"))
    assert wrong.finding is Finding.NOT_PROVEN
    assert "led out of turn by E, not by N" in wrong.reason
    in_turn = judge(_record(), Renons("E", "N", 7, "out-of-turn"))
    assert in_turn.finding is Finding.NOT_PROVEN
    assert in_turn.reason == "N led trick 7 in turn"


def test_wrong_lay_away() -> None:
    bad = Exchange("S", ("S9", "CN"), ("D2", "T3"))
    record = _replace_item(_record(), Exchange, lambda e: e.seat == "S", bad)
    j = judge(record, Renons("E", "S", 0, "discard"))
    assert j.proven
    assert j.rule == "SL-6.6"
    assert judge(_record(), Renons("E", "S", 0, "discard")).finding is Finding.NOT_PROVEN


def test_options_false_claim_basis_and_other_players() -> None:
    record = _record()
    claim = Renons("E", "S", 5, "showing")
    assert judge(record, claim).penalty.amount == -55  # type: ignore[union-attr]
    offender = judge(record, claim, {"renons_false_claim_basis": "offender"})
    assert offender.payer == "E"
    assert offender.penalty is not None and offender.penalty.amount == -95
    normal = judge(record, Renons("N", "S", 5, "revoke"), {"renons_other_players": "normal"})
    assert normal.other_scores_stand
    assert normal.deal_scores is not None and normal.scores is not None
    assert normal.scores["S"] == normal.deal_scores["S"] - 95
    assert normal.scores["N"] == normal.deal_scores["N"]


def test_klop_value_option() -> None:
    rs = find_ruleset("slovenian-4", "semedela", {"renons_klop_value": "0"})
    assert renons_options(rs).klop_value == 0
    assert renons_options(find_ruleset("czech-4")).scheme == "price"


def test_annotate_writes_claim_with_ruling_and_comment() -> None:
    record = _record()
    j = judge(record, Renons("N", "S", 5, "revoke", card="S9"))
    out = annotate(record, j)
    claims = list(out.of_type(Renons))
    assert len(claims) == 1
    assert ("ruling", "proven") in claims[0].options
    assert isinstance(out.items[-1], Comment)
    assert "S pays −(20 + 35 + 40) = −95" in out.items[-1].text
    again = parse_record(write_record(out))
    assert list(again.of_type(Renons))[0].options == claims[0].options
    assert verify(again).scores == j.scores


def test_audit_finds_the_revoke_with_and_without_hands() -> None:
    for name in ("sl-proven-hands", "sl-proven-no-hands"):
        record = _record(name)
        found = audit(record, verify(record))
        assert [(j.claim.accused, j.claim.trick, j.rule) for j in found] == [("S", 5, "SL-9.3")]
        assert found[0].penalty is not None and found[0].penalty.amount == -95


def test_audit_of_a_clean_deal_is_empty() -> None:
    record = _record("sl-not-proven-legal")
    assert audit(record, verify(record)) == []


def test_following_suit_with_hidden_hands_is_legal() -> None:
    j = judge(_record("sl-proven-no-hands"), Renons("S", "W", 5, "revoke"))
    assert j.finding is Finding.NOT_PROVEN
    assert j.reason == "W followed the suit led with HN: a legal play whatever else he held"
    lead = judge(_record("sl-proven-no-hands"), Renons("S", "E", 5, "revoke"))
    assert lead.reason == "E led with H3: a legal play whatever else he held"
