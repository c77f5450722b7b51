"""``tarokpgn fmt``: rewrite deal files in the export form."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tarokpgn.cli._io import Reporter, add_inputs, read_inputs
from tarokpgn.errors import NotationError
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
    parser.set_defaults(func=run)


def _format_one(name: str, reporter: Reporter) -> tuple[str, bool]:
    """The export-form text of one input and whether every deal of it could be read."""
    parts: list[str] = []
    ok = True
    for _name, result in read_inputs([name], reporter, "tpgn"):
        if isinstance(result, NotationError):
            reporter.deal([result])
            ok = False
        else:
            reporter.deal()
            parts.append(write_record(result))
    return "\n".join(parts), ok


def run(args: argparse.Namespace) -> int:
    """Format every input to stdout, or in place."""
    reporter = Reporter()
    if args.in_place and (not args.files or "-" in args.files):
        print("tarokpgn fmt: --in-place needs file names", file=sys.stderr)
        return 2
    first = True
    for name in args.files or ["-"]:
        text, ok = _format_one(name, reporter)
        if args.in_place:
            path = Path(name)
            if ok and path.is_file() and path.read_bytes() != text.encode("utf-8"):
                path.write_bytes(text.encode("utf-8"))
        elif text:
            sys.stdout.write(("" if first else "\n") + text)
            first = False
    return reporter.exit_code()
