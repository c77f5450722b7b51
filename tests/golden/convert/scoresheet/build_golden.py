"""Write the expected output of every hand-written score sheet here: ``<name>.csv`` (the input)
→ ``<name>.tpgn`` (the records the reader must give, in export form) and ``<name>.notes`` (the
notes and located errors, one a line, in the order the reader gives them).

Run ``python tests/golden/convert/scoresheet/build_golden.py`` after a deliberate change of
the reader, then review every diff by hand: the expected files are the answers (each sheet's
scores were worked out by hand from the rules, and ``test_convert_scoresheet.py`` verifies
the records), not a mirror of the code.
"""

from __future__ import annotations

from pathlib import Path

from tarokpgn.convert.base import Note, Notes
from tarokpgn.convert.scoresheet import read
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import write_records

HERE = Path(__file__).parent


def convert(path: Path) -> tuple[str, str]:
    """The records (export form) and the notes and errors (one a line) read from ``path``."""
    lines: list[str] = []

    def sink(note: Note) -> None:
        lines.append(str(note))

    records: list[Record] = []
    with path.open("rb") as stream:
        for result in read(stream, path.name, Notes(sink)):
            if isinstance(result, NotationError):
                lines.append(str(result))
            else:
                records.append(result)
    return "".join(write_records(records)), "".join(f"{line}\n" for line in lines)


def main() -> None:
    for path in sorted(HERE.glob("*.csv")):
        text, notes = convert(path)
        path.with_suffix(".tpgn").write_text(text, encoding="utf-8")
        path.with_suffix(".notes").write_text(notes, encoding="utf-8")
        print(f"{path.name}: {text.count('[Contract ')} records, {notes.count(chr(10))} notes")


if __name__ == "__main__":
    main()
