"""The conformance corpus (docs/conformance.rst): every valid file reads cleanly, every invalid
file gives exactly the error its first line names, every crash file found by fuzzing goes
through every entry point without one and gets the verdict its first line names, and every
verdict file gets exactly the verifier's problems its first lines name, each at its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.fuzz_util import exercise

from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import check_record, iter_records, parse_record, write_record

HERE = Path(__file__).resolve().parent
VALID = sorted((HERE / "valid").glob("*.tpgn"))
INVALID = sorted((HERE / "invalid").glob("*.tpgn"))
CRASHES = sorted((HERE / "crashes").glob("*.tpgn"))
VERDICTS = sorted((HERE / "verdicts").glob("*.tpgn"))
EXPECT = re.compile(rb"^; expect (E\d{3}) (\d+)(?::(\d+))?\r?$")
EXPECT_VERDICT = re.compile(r"^; expect-verdict ([a-z-]+)((?: [a-z-]+)*)$")
EXPECT_PROBLEM = re.compile(r"^; expect-problem ([a-z-]+) (\d+)$")


def problems(path: Path) -> list[NotationError]:
    found: list[NotationError] = []
    for result in iter_records(path):
        if isinstance(result, NotationError):
            found.append(result)
        else:
            found.extend(check_record(result))
    return found


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid(path: Path) -> None:
    assert problems(path) == []
    for record in iter_records(path):
        assert isinstance(record, Record)
        assert parse_record(write_record(record)) == record


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid(path: Path) -> None:
    first_line = path.read_bytes().split(b"\n", 1)[0]
    m = EXPECT.match(first_line)
    assert m, f"{path.name}: first line must be '; expect CODE LINE[:COL]'"
    code, line, column = m.group(1).decode(), int(m.group(2)), int(m.group(3) or 0)
    found = problems(path)
    assert found, f"{path.name}: no problem found"
    err = found[0]
    assert (err.code, err.line, err.column) == (code, line, column), str(err)
    assert err.file == str(path)
    assert str(err).startswith(f"{path}:{line}")


def test_corpus_covers_every_code() -> None:
    from tarokpgn.errors import CODES

    named = {p.name[:4] for p in INVALID}
    # E205 (card not in the pack) cannot come from text: the reader already rejects such a
    # word with E104. It is reached through JSON input (tests/test_malformed.py). E100
    # (internal-error) is a bug of tarokpgn, never a property of the text. E3xx are errors of
    # other programs' formats (tarokpgn convert): their corpora are tests/golden/convert/.
    converting = {code for code in CODES if code.startswith("E3")}
    assert named == set(CODES) - {"E100", "E205"} - converting


@pytest.mark.parametrize("path", CRASHES, ids=lambda p: p.name)
def test_crash(path: Path) -> None:
    from tarokpgn.replay import verify

    m = EXPECT_VERDICT.match(path.read_text(encoding="utf-8").split("\n", 1)[0])
    assert m, f"{path.name}: first line must be '; expect-verdict STATUS [CODE...]'"
    outcome = exercise(path.read_bytes(), path.name, cli=True)
    assert not outcome.failures, outcome.failures[0].detail
    (record,) = iter_records(path)
    assert isinstance(record, Record)
    verdict = verify(record)
    assert verdict.status == m.group(1)
    assert set(m.group(2).split()) <= {p.code for p in verdict.problems}


@pytest.mark.parametrize("path", VERDICTS, ids=lambda p: p.name)
def test_verdict_problems(path: Path) -> None:
    from tarokpgn.replay import verify_all

    lines = path.read_text(encoding="utf-8").split("\n")
    want = [(m[1], int(m[2])) for m in map(EXPECT_PROBLEM.match, lines) if m]
    assert want, f"{path.name}: first lines must be '; expect-problem CODE LINE'"
    records = list(iter_records(path))
    assert all(isinstance(r, Record) for r in records)
    got = [(p.code, p.line) for _, v in verify_all(records) for p in v.problems]  # type: ignore[arg-type]
    assert got == want
