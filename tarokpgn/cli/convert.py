"""``tarokpgn convert``: convert deal files between TPGN text, JSON and JSON Lines."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from tarokpgn.cli._io import (
    Reporter,
    add_input_format,
    add_inputs,
    failure,
    open_output,
    read_inputs,
)
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation.jsonform import dumps, to_json
from tarokpgn.notation.writer import write_record, write_records


def register(subparsers: Any) -> None:
    """Add the ``convert`` subcommand."""
    parser = subparsers.add_parser(
        "convert",
        help="convert deal files between TPGN, JSON and JSON Lines",
        description="Read deals (TPGN text, a JSON array or JSON Lines, by file extension or "
        "--from) and write them all in one format: tpgn (export form), json (one array) or "
        "jsonl (one record per line). Deals that cannot be read are reported on stderr and "
        "left out.",
    )
    add_inputs(parser)
    add_input_format(parser)
    parser.add_argument("--to", required=True, choices=("tpgn", "json", "jsonl"),
                        help="output format")  # fmt: skip
    parser.add_argument("-o", "--output", metavar="OUT", help="output file (default: stdout)")
    parser.set_defaults(func=run)


def _good(args: argparse.Namespace, reporter: Reporter) -> Iterator[Record]:
    """The records that read and that convert: a record the writer fails on (a bug) is reported
    at its place and left out, as an unreadable one is."""
    render: Any = write_record if args.to == "tpgn" else to_json
    for _name, result in read_inputs(args.files, reporter, args.input_format):
        if isinstance(result, NotationError):
            reporter.deal([result])
            continue
        try:
            render(result)
        except Exception as exc:
            reporter.deal([failure(result, exc)])
            continue
        reporter.deal()
        yield result


def run(args: argparse.Namespace) -> int:
    """Convert every readable deal of the inputs to ``args.to``."""
    reporter = Reporter()
    records = _good(args, reporter)
    if args.to == "tpgn":
        pieces = write_records(records)
    else:
        pieces = dumps(records, lines=args.to == "jsonl")
    out = open_output(args.output)
    try:
        for piece in pieces:
            out.write(piece)
    finally:
        if args.output not in (None, "-"):
            out.close()
    return reporter.exit_code()
