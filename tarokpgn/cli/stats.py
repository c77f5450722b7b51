"""``tarokpgn stats``: the ready-made statistics reports over the archive."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.stats import REPORTS, run_reports
from tarokpgn.cli._table import print_result
from tarokpgn.cli.query import add_db_option, add_format_options, open_read_only


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="print statistics reports from the archive",
        description="Print the ready-made reports, each a SELECT over a documented view "
        f"({', '.join(r.view for r in REPORTS)}).",
    )
    add_db_option(parser)
    parser.add_argument("--variant", metavar="V", help="only deals of this variant")
    parser.add_argument("--player", metavar="NAME", help="only this player in player tables")
    parser.add_argument(
        "--report", action="append", choices=[r.name for r in REPORTS], metavar="NAME",
        help="print only this report (repeatable): " + ", ".join(r.name for r in REPORTS),
    )  # fmt: skip
    add_format_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with open_read_only(args.db) as archive:
            results = list(
                run_reports(archive, args.report, variant=args.variant, player=args.player)
            )
    except ArchiveError as exc:
        print(f"ArchiveError: {exc}", file=sys.stderr)
        return 1
    for n, (report, result) in enumerate(results):
        if args.format == "table":
            if n:
                print()
            print_result(result, "table", f"{report.title} ({report.view})")
        else:
            if args.format == "csv":
                print(f"# {report.name}")
            print_result(result, args.format)
    return 0
