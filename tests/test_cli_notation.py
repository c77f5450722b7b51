"""``tarokpgn check``, ``fmt`` and ``convert``: through main(argv) and the installed script."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tarokpgn.cli import main
from tarokpgn.notation import read_headers

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "conformance" / "golden" / "import-form.tpgn"
GOOD = '[Variant "slovenian-4"]\n\nhand N HK ?\nend\n'
BAD = '[Variant "slovenian-4"]\n\nhand N HK H9\nend\n'


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_examples(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in EXAMPLES.glob("*.tpgn"))
    assert main(["check", *files]) == 0
    out = capsys.readouterr()
    deals = sum(len(list(read_headers(Path(f)))) for f in files)
    assert deals >= len(files)
    assert out.out.strip() == f"{deals} deals read, 0 with problems"
    assert out.err == ""


def test_check_reports_located_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "d.tpgn", GOOD + "\n" + BAD + "\n" + GOOD.replace("?", "HQ"))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out.strip() == "3 deals read, 2 with problems"
    assert f"{path}:8:11: E104 'H9' is not a card of the 54-card pack" in out.err
    assert f"{path}:13: E202 hand N has 2 cards, expected 12" in out.err
    assert "Traceback" not in out.err


def test_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "no/such/file.tpgn"]) == 2
    assert "cannot read no/such/file.tpgn" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--bogus"]) == 2


@pytest.mark.parametrize("command", ["check", "fmt", "convert"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    assert f"usage: tarokpgn {command}" in capsys.readouterr().out


def test_fmt_import_form_matches_golden(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(EXAMPLES / "import-form.tpgn")]) == 0
    assert capsys.readouterr().out == GOLDEN.read_text(encoding="utf-8")


def test_fmt_is_idempotent_on_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(EXAMPLES.glob("*.tpgn")):
        if path.stem == "import-form":
            continue
        assert main(["fmt", str(path)]) == 0
        assert capsys.readouterr().out == path.read_text(encoding="utf-8")


def test_fmt_in_place(tmp_path: Path) -> None:
    path = tmp_path / "messy.tpgn"
    shutil.copy(EXAMPLES / "import-form.tpgn", path)
    assert main(["fmt", "--in-place", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")


def test_fmt_in_place_leaves_a_broken_file_alone(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.tpgn", "hand   N HK ?\nend\n" + BAD)
    before = path.read_bytes()
    assert main(["fmt", "-i", str(path)]) == 1
    assert path.read_bytes() == before


def test_fmt_in_place_needs_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--in-place"]) == 2


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"hand  N hk ?  END")))
    assert main(["fmt"]) == 0
    assert capsys.readouterr().out == "\nhand N HK ?\nend\n"


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_convert_round_trip(fmt: str, tmp_path: Path) -> None:
    source = EXAMPLES / "slovenian-4.tpgn"
    out = tmp_path / f"deals.{fmt}"
    back = tmp_path / "back.tpgn"
    assert main(["convert", "--to", fmt, str(source), "-o", str(out)]) == 0
    if fmt == "json":
        assert len(json.loads(out.read_text(encoding="utf-8"))) == 4
    else:
        assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    assert main(["convert", "--to", "tpgn", str(out), "-o", str(back)]) == 0
    assert back.read_bytes() == source.read_bytes()


def test_convert_sniffs_json_on_stdin(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "d.jsonl"
    assert main(["convert", "--to", "jsonl", str(EXAMPLES / "czech-4.tpgn"), "-o", str(out)]) == 0
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(out.read_bytes())))
    assert main(["convert", "--to", "tpgn"]) == 0
    assert capsys.readouterr().out == (EXAMPLES / "czech-4.tpgn").read_text(encoding="utf-8")


def test_convert_skips_bad_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "d.tpgn", GOOD + "\n" + BAD)
    assert main(["convert", "--to", "jsonl", str(path)]) == 1
    out = capsys.readouterr()
    assert len(out.out.splitlines()) == 1
    assert "E104" in out.err


def test_installed_script_outside_the_source_tree(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "tarokpgn"
    if not script.exists():
        pytest.skip("tarokpgn console script not installed (pip install -e .)")
    shutil.copy(EXAMPLES / "import-form.tpgn", tmp_path / "in.tpgn")
    run = subprocess.run(
        [str(script), "fmt", "in.tpgn"], cwd=tmp_path, capture_output=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == GOLDEN.read_bytes()
    bad = write(tmp_path, "bad.tpgn", BAD)
    run = subprocess.run(
        [str(script), "check", bad.name], cwd=tmp_path, capture_output=True, check=False
    )
    assert run.returncode == 1
    assert run.stderr.decode().startswith("bad.tpgn:3:11: E104")
