"""Rebuild the recorded outputs of ``tarokpgn verify`` and ``tarokpgn check``:
``python tests/golden/cli-verify/build.py`` (from the repo root).

Each ``CASE.out`` holds what one command printed (exit status, standard output, standard error)
for one group of inputs and one set of options; ``tests/test_cli_verify_golden.py`` runs the
same commands and expects the same bytes. The files were first written by the implementation
before the streaming ``verify --json`` and the block-wise reading of files (issue 21): they pin
the output of every option combination (``-q``, ``-qq``, ``-b``, ``--renons``, ``--json``,
several files, matches with ``Totals``, unreadable records, internal errors) so that speed work
cannot change a byte of it. Rebuilding overwrites them: review ``git diff`` before committing.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from tarokpgn.cli import main  # noqa: E402


def _tpgn(*folders: str) -> list[str]:
    """The ``.tpgn`` files of ``folders`` (relative to the repo root), sorted."""
    files: list[str] = []
    for folder in folders:
        files += sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.tpgn"))
    return files


INPUTS: dict[str, list[str]] = {
    # every example, several files in one run: matches with Totals, partial deals, renons
    "examples": sorted(f"examples/{p.name}" for p in (ROOT / "examples").glob("*.tpgn")),
    # one month of two variants of the sample archive (match series with Totals)
    "archive": [
        "examples/sample-archive/slovenian-4/2024-01.tpgn",
        "examples/sample-archive/czech-4/2024-01.tpgn",
    ],  # fmt: skip
    "slovenian": _tpgn("tests/golden/slovenian"),
    "czech": _tpgn("tests/golden/czech"),
    "french": _tpgn("tests/golden/french"),
    "tarocchini": _tpgn("tests/golden/tarocchini"),
    "renons": _tpgn("tests/golden/renons"),
    # unreadable records (every E1xx), old crashes, the conformance deals
    "conformance": _tpgn("tests/conformance"),
    # a file that cannot be opened among readable ones
    "missing": [
        "examples/slovenian-3.tpgn",
        "examples/no-such-file.tpgn",
        "examples/french-3.tpgn",
    ],  # fmt: skip
}

VERIFY_OPTIONS: dict[str, list[str]] = {
    "text": [],
    "q": ["-q"],
    "qq": ["-qq"],
    "b": ["-b"],
    "renons": ["--renons"],
    "q-b-renons": ["-q", "-b", "--renons"],
    "json": ["--json"],
    "json-renons": ["--json", "--renons"],
}

CHECK_OPTIONS: dict[str, list[str]] = {"check": [], "check-q": ["-q"]}


def cases() -> Iterator[tuple[str, list[str]]]:
    """``(case name, command line)`` of every recorded output."""
    for group, files in INPUTS.items():
        for name, options in VERIFY_OPTIONS.items():
            yield f"verify-{name}-{group}", ["verify", "--no-color", *options, *files]
        for name, options in CHECK_OPTIONS.items():
            yield f"{name}-{group}", ["check", "--no-color", *options, *files]


def output(argv: list[str]) -> str:
    """What ``tarokpgn ARGV`` does, run here from the repo root: its exit status, standard
    output and standard error, as one text."""
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(cwd)
    return f"exit {code}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"


if __name__ == "__main__":
    for case, argv in cases():
        (HERE / f"{case}.out").write_text(output(argv), encoding="utf-8", newline="\n")
        print(case)
