"""``tarokpgn query``: run SQL on the archive, read-only."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.archive import DEFAULT_DB, ArchiveError
from tarokpgn.archive.store import Archive
from tarokpgn.cli._table import print_result


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", default=DEFAULT_DB, metavar="PATH",
        help=f"archive database (default: {DEFAULT_DB} in the current folder)",
    )  # fmt: skip


def add_format_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--csv", dest="format", action="store_const", const="csv",
                       help="print CSV")  # fmt: skip
    group.add_argument("--json", dest="format", action="store_const", const="json",
                       help="print a JSON array of objects")  # fmt: skip
    parser.set_defaults(format="table")


def open_read_only(db: str) -> Archive:
    """Open ``db`` read-only, warning on stderr about files an interrupted index left half done
    (their rows are visible until the next ``tarokpgn index`` removes and reloads them)."""
    archive = Archive(db, read_only=True)
    unfinished = archive.unfinished()
    if unfinished:
        print(
            f"warning: {len(unfinished)} file(s) were interrupted while being indexed and are "
            f"incomplete ({unfinished[0]}, …); run `tarokpgn index` again to complete them",
            file=sys.stderr,
        )
    return archive


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "query",
        help="run SQL on the archive (read-only)",
        description="Run one SQL statement on the archive database opened read-only and print "
        "the result. Tables and views are described in docs/archive.rst.",
    )
    add_db_option(parser)
    add_format_options(parser)
    parser.add_argument("sql", metavar="SQL", help='e.g. "SELECT * FROM v_contracts"')
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with open_read_only(args.db) as archive:
            result = archive.query(args.sql)
    except ArchiveError as exc:
        print(f"ArchiveError: {exc}", file=sys.stderr)
        return 1
    print_result(result, args.format)
    return 0
