"""``tarokpgn export``: the archive as a Hive-partitioned Parquet dataset."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.parquet import export_dataset
from tarokpgn.cli.query import add_db_option, open_read_only


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write the archive as a Parquet dataset",
        description="Write every table of the archive under DIR as Parquet files partitioned "
        "by variant and year (DIR/<table>/variant=…/year=…/). `tarokpgn index DIR` reads it "
        "back.",
    )
    add_db_option(parser)
    parser.add_argument("--parquet", required=True, metavar="DIR", help="output folder")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with open_read_only(args.db) as archive:
            counts = export_dataset(archive, args.parquet)
    except (ArchiveError, OSError) as exc:
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    total = sum(v for k, v in counts.items() if k not in ("sources",))
    print(f"exported {counts['deals']} deals ({total} rows) to {args.parquet}", file=sys.stderr)
    return 0
