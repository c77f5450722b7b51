"""``tarokpgn renons`` and ``tarokpgn verify --renons``, driven in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tarokpgn.cli import main
from tarokpgn.model import Record, Renons
from tarokpgn.notation import iter_records

GOLDEN = Path(__file__).parent / "golden" / "renons"
HANDS = str(GOLDEN / "sl-proven-hands.tpgn")
Cap = pytest.CaptureFixture[str]


def test_claim_from_the_record(capsys: Cap) -> None:
    assert main(["renons", HANDS]) == 0
    out = capsys.readouterr().out
    assert "Finding: PROVEN." in out
    assert "Scores: N 0  E 0  S −95  W 0" in out


def test_claim_from_the_command_line_by_player_names(capsys: Cap) -> None:
    args = ["renons", HANDS, "--deal", "4", "--claimant", "ana", "--accused", "Cene"]
    assert main([*args, "--trick", "5", "--kontra", "re", "--card", "S9"]) == 0
    out = capsys.readouterr().out
    assert "Claim: N (Ana) says S (Cene)" in out
    assert "rekontra on the claim" in out
    assert "Penalty for S: −(20 + 35 + 40) × 4 = −380" in out


def test_json(capsys: Cap) -> None:
    assert main(["renons", str(GOLDEN / "sl-undecidable.tpgn"), "--json"]) == 0
    (data,) = json.loads(capsys.readouterr().out)
    assert data["finding"] == "undecidable"
    assert data["payer"] == "W"
    assert data["penalty"]["amount"] == -55
    assert data["scores"] == {"N": 0, "E": 0, "S": 0, "W": -55}


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--deal", "9"], 1, "no deal 9"),
        (["--claimant", "N", "--accused", "Z", "--trick", "5"], 1, "neither a seat"),
        (["--claimant", "N", "--accused", "S"], 2, "needs --claimant, --accused and --trick"),
        (["--claimant", "N", "--accused", "S", "--trick", "5", "--kontra", "x"], 2, "--kontra"),
        (["--in-place"], 2, "--in-place needs --annotate"),
        (["--option", "renons_nonsense=1"], 2, "unknown renons option"),
        (["--option", "renons_klop_value=x"], 2, "takes a number"),
    ],
)
def test_errors(args: list[str], code: int, message: str, capsys: Cap) -> None:
    assert main(["renons", HANDS, *args]) == code
    assert message in capsys.readouterr().err


def test_missing_file_and_deal_without_claims(tmp_path: Path, capsys: Cap) -> None:
    assert main(["renons", str(tmp_path / "nope.tpgn")]) == 1
    plain = tmp_path / "plain.tpgn"
    text = (GOLDEN / "sl-not-proven-legal.tpgn").read_text("utf-8")
    plain.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith("renons")))
    assert main(["renons", str(plain)]) == 1
    assert "no renons claim" in capsys.readouterr().err


def test_deal_by_place_in_a_file_without_deal_tags(tmp_path: Path, capsys: Cap) -> None:
    text = (GOLDEN / "sl-proven-hands.tpgn").read_text("utf-8")
    untagged = "\n".join(ln for ln in text.splitlines() if not ln.startswith("[Deal "))
    path = tmp_path / "two.tpgn"
    path.write_text(untagged + "\n\n" + untagged + "\n", encoding="utf-8")
    assert main(["renons", str(path), "--deal", "2"]) == 0
    assert "record 2" in capsys.readouterr().out
    assert main(["renons", str(path), "--claimant", "N", "--accused", "S", "--trick", "5"]) == 2


def test_annotate_in_place(tmp_path: Path) -> None:
    path = tmp_path / "deal.tpgn"
    shutil.copy(GOLDEN / "sl-not-proven-legal.tpgn", path)
    assert main(["renons", str(path), "--annotate", "--in-place"]) == 0
    (record,) = list(iter_records(path))
    assert isinstance(record, Record)
    (claim,) = list(record.of_type(Renons))
    assert ("ruling", "not-proven") in claim.options
    assert "W pays −(20 + 35 + 0) = −55" in path.read_text("utf-8")


def test_verify_renons_lists_every_violation(capsys: Cap) -> None:
    files = [str(GOLDEN / "sl-proven-no-hands.tpgn"), str(GOLDEN / "cz-proven-flek.tpgn")]
    main(["verify", "--renons", *files])
    out = capsys.readouterr().out
    assert "renons by S at trick 5 [SL-9.3]" in out
    assert "S pays −(20 + 35 + 40) = −95" in out
    assert "renons by W at trick 3 [CZ-8.2]" in out
    main(["verify", "--renons", "--json", *files])
    data = json.loads(capsys.readouterr().out)
    assert [len(d["renons"]) for d in data] == [1, 1]
    assert data[1]["renons"][0]["penalty"]["amount"] == -200
