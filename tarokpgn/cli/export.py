"""``tarokpgn export``: the archive as a Hive-partitioned Parquet dataset, or as a score sheet
(CSV, one row a deal: :func:`tarokpgn.convert.scoresheet.write_archive`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.parquet import export_dataset
from tarokpgn.cli._io import Output, cannot_write
from tarokpgn.cli.query import add_db_option, open_read_only
from tarokpgn.convert.scoresheet import write_archive


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write the archive as a Parquet dataset or a score sheet",
        description="Write every table of the archive under DIR as Parquet files partitioned "
        "by variant and year (DIR/<table>/variant=…/year=…/). `tarokpgn index DIR` reads it "
        "back. Or write every deal as a row of a score sheet (CSV, as `tarokpgn convert --to "
        "scoresheet` writes the deals the archive was indexed from).",
    )
    add_db_option(parser)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--parquet", metavar="DIR", help="output folder")
    what.add_argument("--scoresheet", metavar="OUT.csv", help="score sheet file (- for stdout)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.scoresheet is not None:
        return _scoresheet(args)
    try:
        with open_read_only(args.db) as archive:
            counts = export_dataset(archive, args.parquet)
    except (ArchiveError, OSError) as exc:
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    total = sum(v for k, v in counts.items() if k not in ("sources",))
    print(f"exported {counts['deals']} deals ({total} rows) to {args.parquet}", file=sys.stderr)
    return 0


def _scoresheet(args: argparse.Namespace) -> int:
    """Write the archive as a score sheet to ``args.scoresheet`` (``-``: standard output),
    replacing the file at the end: exit status 0, 1 when the archive cannot be read, 2 when
    the file cannot be written. In a closed pipe it stops quietly (``tarokpgn.cli.main``)."""
    try:
        with open_read_only(args.db) as archive:
            try:
                output = Output(args.scoresheet)
            except OSError as exc:
                return cannot_write("tarokpgn export", exc)
            with output:
                for piece in write_archive(archive):
                    output.stream.write(piece)
                output.keep()
            deals = archive.query("SELECT count(*) FROM deals").rows[0][0]
    except ArchiveError as exc:
        print(f"ArchiveError: {exc}", file=sys.stderr)  # as query and stats say it
        return 1
    where = "standard output" if args.scoresheet == "-" else args.scoresheet
    print(f"exported {deals} deals as a score sheet to {where}", file=sys.stderr)
    return 0
