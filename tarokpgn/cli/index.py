"""``tarokpgn index``: read, verify and load deal files into the DuckDB archive."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.ingest import Report, index_paths
from tarokpgn.archive.store import Archive
from tarokpgn.cli.query import add_db_option

Progress = Callable[[Report, int, int], None]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "index",
        help="load deal files into the archive database",
        description="Read and verify every deal of the given files (directories are searched "
        "for *.tpgn; an exported Parquet dataset is merged) and load them into the archive. "
        "Unchanged files are skipped, changed files replace their deals; rerunning after an "
        "interruption completes the job.",
    )
    add_db_option(parser)
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    parser.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                        help="worker processes (default: one per core)")  # fmt: skip
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")
    parser.set_defaults(func=run)


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Progress | None]:
    """A rich progress bar (bytes read, deals, deals/s) on a terminal; None otherwise."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("indexing"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
        TextColumn("{task.fields[deals]} deals, {task.fields[rate]:.0f} deals/s"),
        TimeElapsedColumn(),
    )  # fmt: skip
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("index", total=None, deals=0, rate=0.0)

        def update(report: Report, done: int, total: int) -> None:
            elapsed = bar.tasks[0].elapsed or 1e-9
            bar.update(task, completed=done, total=total, deals=report.records,
                       rate=report.records / elapsed)  # fmt: skip

        yield update


def run(args: argparse.Namespace) -> int:
    show = sys.stderr.isatty() and not args.quiet
    try:
        with Archive(args.db) as archive, _progress_bar(show) as progress:
            report = index_paths(archive, args.paths, workers=args.jobs or None, progress=progress)
    except FileNotFoundError as exc:
        print(f"tarokpgn index: {exc}", file=sys.stderr)
        return 2
    except (ArchiveError, OSError) as exc:
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(_summary(report, args.db), file=sys.stderr)
    return 0


def _summary(r: Report, db: str) -> str:
    rate = r.records / r.seconds if r.seconds else 0.0
    parts = [
        f"{db}: {r.indexed} file(s) indexed, {r.skipped} unchanged",
        f"{r.deals} deal(s) loaded, {r.errors} record(s) not indexable (see table problems)",
        f"{r.seconds:.1f} s, {rate:.0f} deals/s",
    ]
    if r.datasets:
        parts.insert(1, f"{r.datasets} Parquet dataset(s) merged")
    return "; ".join(parts)
