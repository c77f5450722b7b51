"""``tarokpgn fmt``: rewrite deal files in the export form."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tarokpgn.cli._io import Reporter, add_inputs, failure, read_inputs
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation.localized import LANGUAGE_CODES, write_localized
from tarokpgn.notation.reader import parse_record
from tarokpgn.notation.writer import write_record


def register(subparsers: Any) -> None:
    """Add the ``fmt`` subcommand."""
    parser = subparsers.add_parser(
        "fmt",
        help="write deal files in the export form",
        description="Read deal files written in any layout (import form: localized card "
        "names, free spacing, keywords in any case) and write them in the byte-stable export "
        "form to standard output, or back into each file with --in-place. Deals that cannot be "
        "read are reported on stderr; with --in-place a file holding such a deal is left as it "
        "is.",
    )
    add_inputs(parser)
    parser.add_argument(
        "-i", "--in-place", action="store_true", help="rewrite each file instead of printing"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGE_CODES,
        help="write card names and words in this language (sl, cs, fr, it, de, en) instead "
        "of the export form's tokens: readable at the table, and read back as the same deals",
    )
    parser.set_defaults(func=run)


def _format_one(name: str, reporter: Reporter, lang: str | None) -> tuple[str, bool]:
    """The export-form text of one input and whether every deal of it could be read."""
    parts: list[str] = []
    ok = True
    for _name, result in read_inputs([name], reporter, "tpgn"):
        if isinstance(result, NotationError):
            reporter.deal([result])
            ok = False
            continue
        try:
            parts.append(_export(result, lang))
            reporter.deal()
        except Exception as exc:  # a bug costs only its own record, and no file is damaged
            reporter.deal([failure(result, exc)])
            ok = False
    return "\n".join(parts), ok


def _export(record: Record, lang: str | None = None) -> str:
    """The export form of ``record`` (in the language ``lang`` if given), checked to read back
    to the same record (so that ``--in-place`` never replaces a deal by a different one)."""
    text = write_record(record) if lang is None else write_localized(record, lang)
    try:
        same = parse_record(text) == record
    except NotationError:
        same = False
    if not same:
        raise ValueError("its export form does not read back to the same record")
    return text


def run(args: argparse.Namespace) -> int:
    """Format every input to stdout, or in place."""
    reporter = Reporter()
    if args.in_place and (not args.files or "-" in args.files):
        print("tarokpgn fmt: --in-place needs file names", file=sys.stderr)
        return 2
    first = True
    for name in args.files or ["-"]:
        text, ok = _format_one(name, reporter, args.lang)
        if args.in_place:
            path = Path(name)
            if ok and path.is_file() and path.read_bytes() != text.encode("utf-8"):
                path.write_bytes(text.encode("utf-8"))
        elif text:
            sys.stdout.write(("" if first else "\n") + text)
            first = False
    return reporter.exit_code()
