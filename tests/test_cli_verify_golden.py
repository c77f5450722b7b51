"""``tarokpgn verify`` and ``tarokpgn check`` print, byte for byte, what they printed before
the streaming ``--json`` and the block-wise reading of files (issue 21): every option
combination over the examples, the golden corpora and the conformance files (unreadable
records, several files, a file that cannot be opened). The recorded outputs and the command
lines are in ``tests/golden/cli-verify/`` (``build.py`` rebuilds them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "golden" / "cli-verify"
_spec = importlib.util.spec_from_file_location("cli_verify_golden", HERE / "build.py")
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
sys.modules["cli_verify_golden"] = build
_spec.loader.exec_module(build)

CASES = dict(build.cases())


def test_every_case_is_recorded() -> None:
    """Each case has its recorded output and no recorded output is left without its case;
    there are 90 (9 input groups, 8 sets of ``verify`` options and 2 of ``check``)."""
    recorded = {p.stem for p in HERE.glob("*.out")}
    assert recorded == set(CASES) and len(CASES) == 90


@pytest.mark.parametrize("case", sorted(CASES))
def test_output_is_unchanged(case: str) -> None:
    expected = (HERE / f"{case}.out").read_text(encoding="utf-8")
    got = build.output(CASES[case])
    assert got == expected, case
