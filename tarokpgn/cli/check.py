"""``tarokpgn check``: read deal files and report syntax and well-formedness problems."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.cli._io import Reporter, add_input_format, add_inputs, failure, read_inputs
from tarokpgn.cli._style import Painter
from tarokpgn.errors import NotationError
from tarokpgn.notation.wellformed import check_record


def register(subparsers: Any) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="check the notation of deal files",
        description="Read every deal of the given files and report, as file:line:col: CODE "
        "message, each deal that breaks the notation (syntax) or is not well-formed (unknown "
        "variant or card, a card twice, wrong hand sizes, bad seats, tricks out of order, a "
        "bad Result tag). Exit status: 0 when all deals are fine, 1 when any has a problem.",
    )
    add_inputs(parser)
    add_input_format(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check every deal of ``args.files``; print problems to stderr and a summary."""
    reporter = Reporter()
    for _name, result in read_inputs(args.files, reporter, args.input_format):
        if isinstance(result, NotationError):
            reporter.deal([result])
            continue
        try:
            problems: list[NotationError] = list(check_record(result))
        except Exception as exc:  # a bug costs only its own record
            problems = [failure(result, exc)]
        reporter.deal(problems)
    if not args.quiet:
        print(reporter.summary(Painter(sys.stdout)))
    return reporter.exit_code()
