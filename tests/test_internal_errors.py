"""A bug in tarokpgn costs only the record it happens on: it becomes a located ``internal-error``
(E100 while reading or checking), the run goes on, the summary counts it and the exit status
fails. The failures are injected into hooks that the compiled build also calls through the
module (the renons judge, the Lark reader's record builder, the checker)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import pytest

import tarokpgn.cli.check
import tarokpgn.cli.fmt
import tarokpgn.notation.transformer
import tarokpgn.replay
from tarokpgn.cli import main
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import iter_records
from tarokpgn.replay import INTERNAL_ERROR_CODE, verify_all
from tarokpgn.verdict import Status

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _stop(*_args: Any, **_kwargs: Any) -> NoReturn:
    # StopIteration is the hard case: escaping a compiled generator, it ended the run silently.
    raise StopIteration


@pytest.fixture
def deals(tmp_path: Path) -> Path:
    """Six deals: four of slovenian-4.tpgn, then the renons claim (line 1 of its own), then the
    slovenian-3 deal."""
    path = tmp_path / "deals.tpgn"
    texts = [(EXAMPLES / n).read_text("utf-8") for n in ("slovenian-4.tpgn", "renons.tpgn")]
    texts.append((EXAMPLES / "slovenian-3.tpgn").read_text("utf-8"))
    path.write_text("\n".join(t.rstrip("\n") + "\n" for t in texts), encoding="utf-8")
    return path


def _claim_line(path: Path) -> int:
    records = [r for r in iter_records(path) if isinstance(r, Record)]
    (src,) = [r.source for r in records if "renons" in [type(i).__name__.lower() for i in r.items]]
    assert src is not None
    return src.line


def test_verify_all_goes_on_after_a_failing_rule_hook(
    deals: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tarokpgn.replay, "judge_deal", _stop)
    results = list(verify_all(r for r in iter_records(deals) if isinstance(r, Record)))
    assert len(results) == 6
    statuses = [v.status for _, v in results]
    assert statuses.count(Status.ERROR) == 1 and statuses[4] is Status.ERROR
    (problem,) = results[4][1].problems
    assert problem.code == INTERNAL_ERROR_CODE and "StopIteration" in problem.message
    assert problem.line == _claim_line(deals)


def test_verify_command_counts_it_and_fails(
    deals: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(deals)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(tarokpgn.replay, "judge_deal", _stop)
    assert main(["verify", str(deals)]) == 1
    out = capsys.readouterr().out
    assert f"{deals}:{_claim_line(deals)}: internal-error" in out
    assert out.splitlines()[-1].endswith(", 1 not verified (internal error)")
    assert out.splitlines()[-1].startswith("6 deals verified: ")
    assert main(["verify", "-q", str(deals)]) == 1  # quiet still says it
    assert "1 not verified (internal error)" in capsys.readouterr().out


def test_verify_command_says_when_it_stops_early(
    deals: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(*_args: Any) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(tarokpgn.replay, "judge_deal", interrupt)
    assert main(["verify", str(deals)]) == 130
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1].startswith("4 deals verified: 4 OK")
    assert "stopped early (interrupted) after 4 deals" in captured.err


def test_reader_goes_on_after_a_failing_record_builder(
    deals: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = tarokpgn.notation.transformer.build_record

    def fragile(tree: Any, at: Any, offset: int = 0) -> Record:
        record = build(tree, at, offset=offset)
        if record.get("Variant") == "slovenian-3":
            raise IndexError("tuple index out of range")
        return record

    monkeypatch.setattr(tarokpgn.notation.transformer, "build_record", fragile)
    text = deals.read_text("utf-8").replace("hand N", "HAND N")  # every record by Lark
    results = list(iter_records(text, "f.tpgn"))
    assert [type(r) for r in results] == [Record] * 5 + [NotationError]
    err = results[5]
    assert isinstance(err, NotationError) and err.code == "E100" and err.name == "internal-error"
    assert str(err).startswith("f.tpgn:") and "IndexError: tuple index out of range" in str(err)
    assert err.line == text.count("\n", 0, text.index('[Event "Friday three-handed"]')) + 1


def test_check_command_counts_it_and_fails(
    deals: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    check = tarokpgn.cli.check.check_record

    def fragile(record: Record) -> list[Any]:
        if record.get("Variant") == "slovenian-3":
            raise RecursionError("maximum recursion depth exceeded")
        return check(record)

    monkeypatch.setattr(tarokpgn.cli.check, "check_record", fragile)
    assert main(["check", str(deals)]) == 1
    captured = capsys.readouterr()
    assert "E100 tarokpgn failed on this record (RecursionError" in captured.err
    assert captured.out.strip() == "6 deals read, 1 with problems"


def test_fmt_in_place_never_writes_what_does_not_read_back(
    deals: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer bug that loses something: the deal is reported at its place and the file is
    left as it was."""
    write = tarokpgn.cli.fmt.write_record

    def lossy(record: Record) -> str:
        return write(record).replace("kontra", "{kontra}")

    before = deals.read_bytes()
    monkeypatch.setattr(tarokpgn.cli.fmt, "write_record", lossy)
    assert main(["fmt", "-i", str(deals)]) == 1
    assert deals.read_bytes() == before
    assert "E100 tarokpgn failed on this record (ValueError: its export form does not read " in (
        capsys.readouterr().err
    )
