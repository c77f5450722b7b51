"""Issue 14 rulings on renons (SL-13): every claim of a deal is judged and scored, a claim that
does not fit the record is an error of the claim, the words say what happened, and an illegal
kontra is left out of the score.

The deal is examples/renons.tpgn (slovenian-4, three by E with N, hands recorded; W revokes in
trick 7) with S's C7 and S8 swapped between tricks 9 and 12: S now also revokes in trick 9
(he holds C7 on a club lead) and nothing else changes (same winners, same card points)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest

from tarokpgn.cli import main
from tarokpgn.model import Record
from tarokpgn.notation import parse_record
from tarokpgn.renons import judge_deal
from tarokpgn.replay import verify
from tarokpgn.verdict import Status

EXAMPLE = Path(__file__).parents[1] / "examples" / "renons.tpgn"
CLAIM_7 = "renons S W 7 revoke card=CN"
TWO_REVOKES = (
    EXAMPLE.read_text(encoding="utf-8")
    .replace("9. E C9 C7 D4 CQ", "9. E C9 S8 D4 CQ")
    .replace("12. E C8 S8 H1 CK", "12. E C8 C7 H1 CK")
)
Cap = pytest.CaptureFixture[str]


def deal(*claims: str, options: str = "") -> str:
    text = TWO_REVOKES.replace(CLAIM_7 + "\n", "".join(c + "\n" for c in claims))
    if options:
        text = text.replace('[Ruleset "semedela"]', f'[Ruleset "semedela"]\n[Options "{options}"]')
    assert text.count("\nrenons ") == len(claims)
    return text


def record(*claims: str, options: str = "") -> Record:
    return parse_record(deal(*claims, options=options))


def test_the_deal_has_two_revokes_and_nothing_else() -> None:
    v = verify(record())
    assert [(p.code, p.seat, p.trick) for p in v.problems] == [
        ("follow-suit", "W", 7),
        ("follow-suit", "S", 9),
    ]


def test_every_claim_is_judged_and_scored() -> None:
    """Before: only the first claim was scored (W −45). Now the unproven claim of W charges W
    as well, the earliest proven renons (trick 7) decides, the later proven one (trick 9)
    costs nothing more."""
    rec = record(CLAIM_7, "renons E S 9 revoke", "renons W N 3 revoke")
    v = verify(rec)
    assert v.status is Status.RENONS
    assert v.scores == {"N": 0, "E": 0, "S": 0, "W": -90}
    found = {(p.code, p.seat, p.trick): p for p in v.problems}
    assert set(found) == {("follow-suit", "W", 7), ("follow-suit", "S", 9),
                          ("renons-unproven", "W", 3)}  # fmt: skip
    assert all(p.judged and not p.accepted for p in v.problems)
    notes = [line.detail for line in v.breakdown if line.label == "note"]
    assert any("had already ended the deal" in n for n in notes), notes
    ruling = judge_deal(rec)
    assert ruling.counted == (True, False, True)
    assert ruling.decisive is not None and ruling.decisive.claim.trick == 7
    assert ruling.scores == v.scores


def test_the_earliest_proven_renons_decides_whatever_the_record_order() -> None:
    v = verify(record("renons E S 9 revoke", CLAIM_7))
    assert v.scores == {"N": 0, "E": 0, "S": 0, "W": -45}
    assert verify(record("renons E S 9 revoke")).scores == {"N": 0, "E": 0, "S": -45, "W": 0}


def test_each_unproven_claim_charges_its_own_claimant() -> None:
    v = verify(record("renons W N 3 revoke", "renons N E 11 revoke"))
    assert v.status is Status.ILLEGAL  # nothing proven: the two revokes stand unclaimed
    assert v.scores == {"N": -45, "E": 0, "S": 0, "W": -45}
    assert [p.seat for p in v.problems if p.code == "renons-unproven"] == ["W", "N"]


def test_with_normal_scores_the_penalties_are_added_to_the_deal() -> None:
    opts = "renons_other_players=normal"
    normal = verify(record()).scores
    assert normal is not None
    v = verify(record(CLAIM_7, "renons W N 3 revoke", options=opts))
    assert v.scores == {s: normal[s] - 90 * (s == "W") for s in normal}


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        ("renons S W 14 revoke", "trick 14, which the record does not have (its last trick is 12)"),
        ("renons S W 7 revoke card=C9", "names C9, but W played CN in trick 7"),
        ("renons S W 7 revoke card=DQ", "names DQ, but W played CN in trick 7"),  # S's card
        ("renons S W 0 revoke", "trick 0 is the talon"),
        ("renons S Z 7 revoke", "'Z' is not a seat of this deal"),
    ],
)
def test_a_claim_naming_what_the_deal_lacks_is_an_error(
    claim: str, why: str, tmp_path: Path, capsys: Cap
) -> None:
    """Before: not proven, and the claimant paid. Now: bad-renons in verify, exit 1 in
    renons, and no penalty for anyone."""
    v = verify(record(claim))
    (bad,) = [p for p in v.problems if p.code == "bad-renons"]
    assert why in bad.message and not bad.judged
    assert v.status is Status.ILLEGAL
    assert v.scores == verify(record()).scores  # the ordinary score, no penalty
    path = tmp_path / "deal.tpgn"
    path.write_text(deal(claim), encoding="utf-8")
    assert main(["renons", str(path)]) == 1
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err


def test_a_bad_claim_does_not_stop_the_other_claims(tmp_path: Path, capsys: Cap) -> None:
    path = tmp_path / "deal.tpgn"
    path.write_text(deal(CLAIM_7, "renons S W 14 revoke"), encoding="utf-8")
    assert main(["renons", str(path)]) == 1
    out = capsys.readouterr()
    assert "Finding: PROVEN." in out.out and "trick 14" in out.err


def test_verify_renons_and_the_archive_show_the_same_totals(tmp_path: Path, capsys: Cap) -> None:
    path = tmp_path / "deal.tpgn"
    path.write_text(deal(CLAIM_7, "renons E S 9 revoke", "renons W N 3 revoke"), encoding="utf-8")
    assert main(["verify", "--json", str(path)]) == 0
    (verdict,) = json.loads(capsys.readouterr().out)
    assert verdict["status"] == "renons"
    want = {"N": 0, "E": 0, "S": 0, "W": -90}
    assert verdict["scores"] == want
    assert main(["renons", str(path)]) == 0
    text = capsys.readouterr().out
    total = text[text.index("Deal total") :]
    assert "Scores: N 0 E 0 S 0 W -90" in total
    assert re.search(r"E's claim against S, trick 9 .*no further penalty", total)
    assert main(["renons", "--json", str(path)]) == 0
    judgements = json.loads(capsys.readouterr().out)
    assert [j["counted"] for j in judgements] == [True, False, True]
    assert all(j["deal_result"] == want for j in judgements)
    db = tmp_path / "a.duckdb"
    assert main(["index", "--db", str(db), "-q", str(path)]) == 0
    capsys.readouterr()
    con = duckdb.connect(str(db), read_only=True)
    assert dict(con.execute("SELECT seat, computed FROM scores").fetchall()) == want
    assert con.execute("SELECT status FROM deals").fetchall() == [("renons",)]
    judged = con.execute("SELECT code, judged, accepted FROM problems ORDER BY line").fetchall()
    assert judged == [("follow-suit", True, False), ("follow-suit", True, False),
                      ("renons-unproven", True, False)]  # fmt: skip


def test_words_proven_renons_is_not_plain_ok_nor_accepted_at_the_table(
    tmp_path: Path, capsys: Cap
) -> None:
    path = tmp_path / "deal.tpgn"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "accepted at the table" not in out
    assert "(settled by the renons judgement)" in out
    assert ": RENONS three by E with N;" in out and ": OK " not in out
    assert "1 settled by a proven renons" in out
    accepted = EXAMPLE.read_text(encoding="utf-8").replace(CLAIM_7, "irregular revoke W trick=7")
    path.write_text(accepted, encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(accepted at the table)" in out and "settled by" not in out and ": OK three" in out


def with_kontras(text: str, kontras: list[tuple[str, int]]) -> Record:
    said = "".join(f"kontra {seat} {level} game\n" for seat, level in kontras)
    return parse_record(text.replace("\n1. ", "\n" + said + "1. ", 1))


@pytest.mark.parametrize(
    ("kontras", "legal"),
    [
        ([("E", 1)], 0),  # the declarer's side cannot say kontra (SL-8.2)
        ([("S", 2)], 0),  # rekontra without a kontra
        ([("S", 1), ("W", 2)], 1),  # the rekontra must come from the declarer's side
    ],
)
def test_an_illegal_kontra_is_reported_and_left_out_of_the_score(
    kontras: list[tuple[str, int]], legal: int
) -> None:
    """Before: reported, but the score still doubled for it."""
    text = deal()
    v = verify(with_kontras(text, kontras))
    assert [p.code for p in v.problems].count("illegal-kontra") == 1
    assert v.game_kontra == legal
    assert v.scores == verify(with_kontras(text, kontras[:legal])).scores
    plain = verify(record()).scores
    assert (v.scores == plain) == (legal == 0)
