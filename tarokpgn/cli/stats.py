"""``tarokpgn stats``: the ready-made statistics reports over the archive."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.stats import (
    REPORTS,
    FilterError,
    Filters,
    generated_left_out,
    parse_date,
    path_glob,
    run_reports,
)
from tarokpgn.cli._table import print_result
from tarokpgn.cli.query import add_db_option, add_format_options, open_read_only


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="print statistics reports from the archive",
        description="Print the ready-made reports, each a SELECT over a documented view "
        f"({', '.join(r.view for r in REPORTS)}). Every filter applies to every report; "
        "generated deals (a Generator tag) are left out unless --include-generated.",
    )
    add_db_option(parser)
    add_filter_options(parser)
    parser.add_argument(
        "--report", action="append", choices=[r.name for r in REPORTS], metavar="NAME",
        help="print only this report (repeatable): " + ", ".join(r.name for r in REPORTS),
    )  # fmt: skip
    add_format_options(parser)
    parser.set_defaults(func=run)


def add_filter_options(parser: argparse.ArgumentParser) -> None:
    """The filter options (``--variant`` … ``--include-generated``); :func:`filters_from_args`
    reads them."""
    filters = parser.add_argument_group("filters (each applies to every report)")
    filters.add_argument("--variant", metavar="V", help="only deals of this variant")
    filters.add_argument(
        "--player", metavar="NAME",
        help="only deals this player sat in, and only this player in the player tables",
    )  # fmt: skip
    filters.add_argument("--match", metavar="NAME", help="only deals of this Match tag")
    filters.add_argument(
        "--file", metavar="GLOB",
        help="only deals found in an indexed file matching GLOB (relative to the current "
        "folder, or absolute, or starting with * to match anywhere)",
    )  # fmt: skip
    filters.add_argument("--since", metavar="DATE", help="only deals dated DATE or later "
                         "(YYYY-MM-DD or YYYY.MM.DD; undated deals are left out)")  # fmt: skip
    filters.add_argument("--until", metavar="DATE", help="only deals dated DATE or earlier")
    filters.add_argument(
        "--include-generated", action="store_true",
        help="count the deals `tarokpgn generate` wrote (left out by default)",
    )  # fmt: skip


def filters_from_args(args: argparse.Namespace) -> Filters:
    """The filters the options give; :class:`FilterError` for a malformed date."""
    return Filters(
        variant=args.variant,
        player=args.player,
        match=args.match,
        file=None if args.file is None else path_glob(args.file, os.getcwd()),
        since=None if args.since is None else parse_date(args.since, "--since"),
        until=None if args.until is None else parse_date(args.until, "--until"),
        include_generated=args.include_generated,
    )


def run(args: argparse.Namespace) -> int:
    try:
        filters = filters_from_args(args)
        with open_read_only(args.db) as archive:
            results = list(run_reports(archive, args.report, filters))
            left_out = generated_left_out(archive, filters)
    except FilterError as exc:
        print(f"tarokpgn stats: {exc}", file=sys.stderr)
        return 2
    except ArchiveError as exc:
        print(f"ArchiveError: {exc}", file=sys.stderr)
        return 1
    _print(results, args.format)
    if left_out:
        print(
            f"note: {left_out:,} generated deal(s) left out (written by `tarokpgn generate`); "
            "--include-generated counts them",
            file=sys.stderr,
        )
    return 0


def _print(results: list[Any], fmt: str) -> None:
    for n, (report, result) in enumerate(results):
        if fmt == "table":
            if n:
                print()
            print_result(result, "table", f"{report.title} ({report.view})")
        else:
            if fmt == "csv":
                print(f"# {report.name}")
            print_result(result, fmt)
