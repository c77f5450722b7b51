"""``tarokpgn convert``: read deals in one format and write them in another, saying what the
conversion lost or guessed. The formats are those of :mod:`tarokpgn.convert`."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import IO, Any, Final

from tarokpgn.cli._io import (
    Output,
    Reporter,
    add_input_format,
    add_inputs,
    cannot_write,
    failure,
    read_inputs,
    same_file,
    usable_format,
)
from tarokpgn.convert import (
    SKIPPED,
    Format,
    Note,
    Notes,
    all_formats,
    availability,
    load_problems,
)
from tarokpgn.errors import NotationError, internal_error
from tarokpgn.model import Record

SHOWN_GROUPS: Final = 5
"""How many kinds of note the summary on stderr shows."""
MAX_GROUPS: Final = 1000
"""Kinds of note counted apart; more are counted together (memory stays bounded)."""


def register(subparsers: Any) -> None:
    """Add the ``convert`` subcommand."""
    parser = subparsers.add_parser(
        "convert",
        help="convert deal files between formats (TPGN, JSON, OpenSpiel, Taroky, score sheets …)",
        description="Read deals (each input's format recognised by content, else by file "
        "extension, else TPGN; or --from) and write them all in the format --to names (or the "
        "one -o's extension means). Deals that cannot be read are reported on stderr, located, "
        "and left out. What the conversion lost or guessed is summed up on stderr and, with "
        "--report, listed one JSON object per line. OUT is written at the end, as a whole (it "
        "may be an input too). Exit status: 0, or 1 when a deal could not be read or converted "
        "or was left out (or, with --strict, when anything was lost or guessed), 2 on usage "
        "errors (OUT is then left as it was). --list-formats shows the formats installed.",
    )
    add_inputs(parser)
    add_input_format(parser)
    parser.add_argument("--to", metavar="FORMAT", type=_output_format,
                        help="output format (default: from -o's extension)")  # fmt: skip
    parser.add_argument("-o", "--output", metavar="OUT", help="output file (default: stdout)")
    parser.add_argument("--report", metavar="FILE",
                        help="list each loss, guess, deal left out and unreadable deal "
                        "(JSON lines)")  # fmt: skip
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when anything was lost or guessed")  # fmt: skip
    parser.add_argument("--list-formats", action="store_true",
                        help="list the formats and exit")  # fmt: skip
    parser.set_defaults(func=run)


def _output_format(name: str) -> Format:
    return usable_format(name, "write")


def target_format(to: Format | None, output: str | None) -> Format | None:
    """``--to``, else the only writable format whose extension ``output`` has."""
    if to is not None or output in (None, "-"):
        return to
    suffix = PurePath(str(output)).suffix.lower()
    found = [f for f in all_formats() if f.write is not None and suffix in f.extensions]
    return found[0] if suffix and len(found) == 1 else None


@dataclass
class Tally:
    """The conversion's notes and unreadable deals: each written to the ``--report`` file as it
    comes, counted by kind and grouped by kind, format and field for the summary."""

    report: IO[str] | None = None
    groups: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    examples: dict[tuple[str, str, str], str] = field(default_factory=dict)
    varied: set[tuple[str, str, str]] = field(default_factory=set)
    errors: int = 0

    def note(self, note: Note) -> None:
        """A :class:`Notes` sink."""
        self._line(note.to_json())
        key = (note.kind, note.format, note.field)
        if key not in self.groups and len(self.groups) >= MAX_GROUPS:
            key = (note.kind, "", "")
        self.groups[key] += 1
        first = self.examples.setdefault(key, note.message)
        if first != note.message:
            self.varied.add(key)

    def error(self, err: NotationError) -> None:
        """An unreadable (or unwritable) deal."""
        self.errors += 1
        self._line({"kind": "error", "code": err.code, "file": err.file, "record": err.record,
                    "line": err.line, "message": err.message})  # fmt: skip

    def _line(self, data: dict[str, Any]) -> None:
        if self.report is not None:
            self.report.write(json.dumps(data, ensure_ascii=False) + "\n")

    def summary(self, notes: Notes, converted: int, target: str) -> list[str]:
        """A few lines: the deals converted, not converted (unreadable or unwritable) and left
        out (:data:`SKIPPED`), the count of each other kind of note, then the most frequent
        kinds of note."""
        counts = ", ".join(
            f"{notes.counts[k]} {k}" for k in sorted(notes.counts) if k != SKIPPED
        ) or ("nothing lost or guessed")
        unreadable = f", {self.errors} not converted" if self.errors else ""
        left_out = f", {notes.counts[SKIPPED]} left out" if notes.counts[SKIPPED] else ""
        lines = [f"tarokpgn convert: {converted} deals converted to {target}{unreadable}"
                 f"{left_out}; {counts}"]  # fmt: skip
        for key, count in self.groups.most_common(SHOWN_GROUPS):
            kind, fmt, where = key
            about = ", ".join(part for part in (fmt, where) if part) or "various"
            similar = " (and similar)" if key in self.varied else ""
            lines.append(f"  {count}× {kind} ({about}): {self.examples[key]}{similar}")
        more = len(self.groups) - SHOWN_GROUPS
        if more > 0:
            where = "in the report" if self.report is not None else "with --report FILE"
            lines.append(f"  … and {more} other kinds of note ({where})")
        return lines


def _records(
    args: argparse.Namespace, reporter: Reporter, tally: Tally, notes: Notes
) -> Iterator[Record]:
    """The records of the inputs that read; the others reported (stderr and report)."""
    for _name, result in read_inputs(args.files, reporter, args.input_format, notes):
        if isinstance(result, NotationError):
            reporter.deal([result])
            tally.error(result)
            continue
        reporter.deal()
        yield result


def _written(
    fmt: Format, records: Iterable[Record], notes: Notes, reporter: Reporter, tally: Tally
) -> Iterator[str]:
    """The writer's text. A writer that fails (a bug) is reported as E100 at the deal it was
    writing, and the conversion stops there: a half-written output cannot be taken up again."""
    assert fmt.write is not None
    current: list[Record] = []

    def fed() -> Iterator[Record]:
        for record in records:
            current[:] = [record]
            yield record

    try:
        yield from fmt.write(fed(), notes)
    except Exception as exc:
        err = failure(current[0], exc) if current else internal_error(exc, file="<output>")
        reporter.bad_deals += 1
        reporter.problem(err)
        tally.error(err)
        print("tarokpgn convert: stopped there; the deals after it were not converted",
              file=reporter.stream)  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Convert every readable deal of the inputs to the target format."""
    if args.list_formats:
        return list_formats(sys.stdout, sys.stderr)
    target = target_format(args.to, args.output)
    if target is None:
        print("tarokpgn convert: error: --to FORMAT is required (or -o OUT with the extension "
              "of one writable format; see --list-formats)", file=sys.stderr)  # fmt: skip
        return 2
    clash = output_clash(args.files, args.output, args.report)
    if clash:
        print(f"tarokpgn convert: cannot write {clash}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        try:
            out = stack.enter_context(Output(args.output))
            report = (
                stack.enter_context(Output(args.report, replace=False)) if args.report else None
            )
        except OSError as exc:
            return cannot_write("tarokpgn convert", exc)
        code = convert(args, target, out.stream, report.stream if report else None)
        if code != 2:  # an input could not be opened: OUT stays as it was
            out.keep()
    return code


def output_clash(files: list[str], output: str | None, report: str | None) -> str:
    """Why ``--report`` cannot be written (empty when it can): it is written as the conversion
    goes, so it may be neither an input nor OUT (which, written at the end, may be an input)."""
    if any(same_file(report, name) for name in files):
        return f"{report}: the report would overwrite an input"
    if same_file(report, output):
        return f"{report}: -o and --report name the same file"
    return ""


def convert(args: argparse.Namespace, target: Format, out: IO[str], report: IO[str] | None) -> int:
    """Write the deals of ``args.files`` to ``out`` in ``target``; the notes to ``report``
    and a summary to stderr. The exit status: see :func:`exit_code`."""
    reporter, tally = Reporter(command="tarokpgn convert"), Tally(report)
    notes = Notes(sink=tally.note)
    records = _records(args, reporter, tally, notes)
    for piece in _written(target, records, notes, reporter, tally):
        out.write(piece)
    if notes.total or tally.errors:
        converted = max(reporter.deals - reporter.bad_deals - notes.counts[SKIPPED], 0)
        print("\n".join(tally.summary(notes, converted, target.name)), file=sys.stderr)
    return exit_code(reporter, notes, args.strict)


def exit_code(reporter: Reporter, notes: Notes, strict: bool) -> int:
    """2 when an input could not be opened; 1 when a deal could not be read or written, a
    writer left one out, or (``strict``) anything was lost or guessed; else 0."""
    code = reporter.exit_code()
    if code == 0 and (notes.counts[SKIPPED] or (strict and notes.total)):
        return 1
    return code


COLUMNS: Final = ("format", "read", "write", "extensions", "variants", "requires", "available")


def format_row(fmt: Format) -> tuple[str, ...]:
    """One line of ``--list-formats`` (the summary comes last, unpadded)."""
    return (
        fmt.name,
        "yes" if fmt.read is not None else "-",
        "yes" if fmt.write is not None else "-",
        " ".join(fmt.extensions) or "-",
        " ".join(fmt.variants) or "any",
        fmt.requires or "-",
        availability(fmt),
        fmt.summary,
    )


def list_formats(out: IO[str], err: IO[str]) -> int:
    """``--list-formats``: a table of the formats on ``out``; the modules and plug-ins that did
    not load, and why, on ``err``."""
    rows = [(*COLUMNS, "summary"), *(format_row(fmt) for fmt in all_formats())]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        print("  ".join([*cells, row[-1]]), file=out)
    for source, reason in load_problems():
        print(f"tarokpgn convert: formats of {source} not loaded: {reason}", file=err)
    return 0
