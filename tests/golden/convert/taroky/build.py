"""Rebuild the expected outputs of the Taroky Notation golden corpus, then review the diff.

``read/NAME.taroky`` (hand-written codes) → ``read/NAME.tpgn`` (the records read) and
``read/NAME.report`` (every note and error, in order); ``write/NAME.tpgn`` (records) →
``write/NAME.taroky`` (the codes written) and ``write/NAME.report``.

Run: ``python tests/golden/convert/taroky/build.py``.
"""

from __future__ import annotations

import io
from pathlib import Path

from tarokpgn.convert.base import Note, Notes
from tarokpgn.convert.taroky import read, write
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import iter_records, write_records

HERE = Path(__file__).resolve().parent


def read_golden(path: Path) -> tuple[str, str]:
    """The records a code file reads to (export form) and its report lines."""
    report: list[str] = []
    notes = Notes(sink=lambda note: report.append(str(note)))
    records: list[Record] = []
    for result in read(io.BytesIO(path.read_bytes()), path.name, notes):
        if isinstance(result, NotationError):
            report.append(f"error: {result}")
        else:
            records.append(result)
    return "".join(write_records(records)), "".join(line + "\n" for line in report)


def write_golden(path: Path) -> tuple[str, str]:
    """The codes a TPGN file writes to and its report lines."""
    report: list[Note] = []
    records = [r for r in iter_records(path.read_text(), path.name) if isinstance(r, Record)]
    codes = "".join(write(records, Notes(sink=report.append)))
    return codes, "".join(f"{note}\n" for note in report)


def main() -> None:
    for path in sorted((HERE / "read").glob("*.taroky")):
        tpgn, report = read_golden(path)
        path.with_suffix(".tpgn").write_text(tpgn)
        path.with_suffix(".report").write_text(report)
    for path in sorted((HERE / "write").glob("*.tpgn")):
        codes, report = write_golden(path)
        path.with_suffix(".taroky").write_text(codes)
        path.with_suffix(".report").write_text(report)


if __name__ == "__main__":
    main()
