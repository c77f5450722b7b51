"""``tarokpgn query``: run SQL on the archive, read-only."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import Any

from tarokpgn.archive import DEFAULT_DB, ArchiveError
from tarokpgn.archive.readonly import (
    Limits,
    QueryFileAccess,
    QueryOutOfMemory,
    QueryTimeout,
    check_size,
    lock_down,
    run_select,
)
from tarokpgn.archive.store import Archive
from tarokpgn.cli._table import print_result

_DEFAULT = Limits()


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
        help="run one SELECT on the archive (read-only, bounded)",
        description="Run one SELECT statement on the archive database opened read-only and "
        "print the result. Tables and views are described in docs/archive.rst. The query "
        "cannot write, read files (unless --allow-files) or load extensions, and is stopped "
        "at the time and memory limits.",
    )
    add_db_option(parser)
    add_format_options(parser)
    add_limit_options(parser)
    parser.add_argument("sql", metavar="SQL", help='e.g. "SELECT * FROM v_contracts"')
    parser.set_defaults(func=run)


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("limits")
    group.add_argument(
        "--timeout", type=_seconds, default=_DEFAULT.timeout, metavar="SECONDS",
        help=f"stop the query after this long (default: {_DEFAULT.timeout:g})",
    )  # fmt: skip
    group.add_argument(
        "--memory-limit", type=_size, default=_DEFAULT.memory_limit, metavar="SIZE",
        help=f"DuckDB memory limit, e.g. 500MB or 4GB (default: {_DEFAULT.memory_limit})",
    )  # fmt: skip
    group.add_argument(
        "--threads", type=_count(1), default=_DEFAULT.threads, metavar="N",
        help=f"DuckDB threads (default: {_DEFAULT.threads})",
    )  # fmt: skip
    group.add_argument(
        "--max-rows", type=_count(0), default=_DEFAULT.max_rows, metavar="N",
        help=f"print at most N rows, 0 for all (default: {_DEFAULT.max_rows})",
    )  # fmt: skip
    group.add_argument(
        "--allow-files", action="store_true",
        help="let the query read files with DuckDB's file functions (read_csv, glob, …)",
    )  # fmt: skip


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return value


def _size(text: str) -> str:
    try:
        return check_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _count(least: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or int(text) < least:
            raise argparse.ArgumentTypeError(f"not a whole number ≥ {least}: {text!r}")
        return int(text)

    return parse


def _limits(args: argparse.Namespace) -> Limits:
    return Limits(
        timeout=args.timeout, memory_limit=args.memory_limit, threads=args.threads,
        max_rows=args.max_rows, allow_files=args.allow_files,
    )  # fmt: skip


def _message(exc: ArchiveError) -> str:
    """The error line, with the flag that lifts the limit the query ran into."""
    if isinstance(exc, QueryTimeout):
        return f"{exc} (--timeout to allow more)"
    if isinstance(exc, QueryOutOfMemory):
        return f"{exc} (the limit is {exc.memory_limit}: --memory-limit to allow more)"
    if isinstance(exc, QueryFileAccess):
        return f"{exc} (--allow-files to let the query read files)"
    return str(exc)


def run(args: argparse.Namespace) -> int:
    """Exit status 0, or 1 when the SQL is refused or fails, or the rows were cut."""
    limits = _limits(args)
    try:
        with open_read_only(args.db) as archive:
            lock_down(archive, limits)
            result = run_select(archive, args.sql, limits)
    except ArchiveError as exc:
        print(f"ArchiveError: {_message(exc)}", file=sys.stderr)
        return 1
    print_result(result, args.format)
    if result.cut:
        print(
            f"warning: only the first {limits.max_rows} rows are printed "
            "(--max-rows to allow more)",
            file=sys.stderr,
        )
        return 1
    return 0
