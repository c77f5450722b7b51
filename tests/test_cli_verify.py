"""``tarokpgn verify`` and ``tarokpgn generate`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarokpgn.cli import main

GOLDEN = Path(__file__).parent / "golden" / "slovenian"


def test_generate_then_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.tpgn"
    assert main(["generate", "--variant", "slovenian-4", "-n", "25", "--seed", "3", "-o",
                 str(out)]) == 0  # fmt: skip
    again = tmp_path / "h.tpgn"
    main(["generate", "--variant", "slovenian-4", "-n", "25", "--seed", "3", "-o", str(again)])
    assert out.read_bytes() == again.read_bytes()
    assert main(["verify", str(out)]) == 0
    text = capsys.readouterr().out
    assert "25 deals verified: 25 OK, 0 incomplete, 0 with problems" in text and ": OK " in text


def test_generate_to_stdout_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--variant", "slovenian-3", "-n", "2", "--options",
                 "klop_scoring=plain"]) == 0  # fmt: skip
    text = capsys.readouterr().out
    assert text.count("\nend\n") == 2 and '[Options "klop_scoring=plain"]' in text


def test_generate_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--variant", "slovenian-4", "--ruleset", "nope"]) == 2
    assert main(["generate", "--variant", "slovenian-4", "--options", "mondfang=7"]) == 2
    assert main(["generate"]) == 2


def test_verify_reports_problem_with_location(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "v-follow-suit.tpgn"
    assert main(["verify", str(path)]) == 1
    text = capsys.readouterr().out
    assert f"{path}:" in text and "follow-suit" in text and "[SL-9.2]" in text


def test_verify_score_mismatch_shows_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(GOLDEN / "v-score-mismatch.tpgn")]) == 1
    text = capsys.readouterr().out
    assert "written" in text and "computed" in text and "total for" in text


def test_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--json", str(GOLDEN / "accepted-revoke.tpgn"),
                 str(GOLDEN / "match-totals.tpgn")]) == 1  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert data[0]["status"] == "ok" and data[0]["problems"][0]["accepted"] is True
    assert [d["status"] for d in data[1:]] == ["ok", "ok", "score-mismatch", "ok"]
    assert data[3]["problems"][0]["code"] == "totals-mismatch"


def test_verify_usage_and_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["verify", "--nope"]) == 2
    assert main(["verify", str(tmp_path / "missing.tpgn")]) == 2


def test_verify_unreadable_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.tpgn"
    bad.write_text('[Variant "slovenian-4"]\n\nhand N ZZ\nend\n', encoding="utf-8")
    assert main(["verify", str(bad)]) == 1


def test_totals_message_after_one_deal() -> None:
    """The second deal's wrong Totals are measured against "the result of deal 1", not
    against "the results of deals 1–1"."""
    from tarokpgn import iter_records, verify_all

    text = Path("examples/slovenian-4.tpgn").read_text(encoding="utf-8")
    records = [r for r in iter_records(text) if not isinstance(r, Exception)][:2]
    second = records[1]
    totals = second.get("Totals")
    assert totals is not None
    wrong = text.replace(f'[Totals "{totals}"]', '[Totals "N 1 E 2 S 3 W 4"]', 1)
    recs = [r for r in iter_records(wrong) if not isinstance(r, Exception)][:2]
    _, verdict = list(verify_all(recs))[1]
    messages = [p.message for p in verdict.problems if p.code == "totals-mismatch"]
    assert messages and "the result of deal 1 (" in messages[0], messages
