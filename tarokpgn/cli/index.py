"""``tarokpgn index``: read, verify and load deal files into the DuckDB archive."""

from __future__ import annotations

import argparse
import errno
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tarokpgn.archive import DEFAULT_DB, ArchiveError
from tarokpgn.archive.ingest import ForeignFiles, Report, index_paths
from tarokpgn.archive.store import Archive
from tarokpgn.cli._style import console
from tarokpgn.cli.query import add_db_option

Progress = Callable[[Report, int, int], None]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "index",
        help="load deal files into the archive database",
        description="Read and verify every deal of the given files (directories are searched "
        "for *.tpgn; an exported Parquet dataset is merged) and load them into the archive. "
        "Unchanged files are skipped, changed files replace their deals, files gone from a "
        "directory given are forgotten; rerunning after an interruption completes the job.",
    )
    add_db_option(parser)
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    parser.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                        help="worker processes (default: one per core)")  # fmt: skip
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")
    parser.add_argument("--prune", action=argparse.BooleanOptionalAction, default=True,
                        help="remove from the archive the files it holds under a directory"
                        " given that no longer exist (default; --no-prune keeps them)")  # fmt: skip
    cluster = parser.add_argument_group(
        'on a Dask cluster (pip install "tarokpgn[dask]"; docs/distributed.rst)'
    )
    cluster.add_argument("--scheduler", metavar="ADDRESS",
                         help="verify and index on the Dask cluster of this scheduler "
                         "(tcp://host:8786) into the Parquet dataset --dataset; with --db, the "
                         "dataset is then merged into that database")  # fmt: skip
    cluster.add_argument("--dataset", metavar="DIR",
                         help="with --scheduler: the Parquet dataset to write (a folder every "
                         "worker can write; an existing dataset there is replaced)")  # fmt: skip
    parser.set_defaults(func=run, db=None)  # db None: not given (DEFAULT_DB, but see --scheduler)


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
    with Progress(*columns, transient=True, console=console(sys.stdout)) as bar:
        task = bar.add_task("index", total=None, deals=0, rate=0.0)

        def update(report: Report, done: int, total: int) -> None:
            elapsed = bar.tasks[0].elapsed or 1e-9
            bar.update(task, completed=done, total=total, deals=report.records,
                       rate=report.records / elapsed)  # fmt: skip

        yield update


def run(args: argparse.Namespace) -> int:
    """Index; exit status 0, or 1 when tarokpgn failed on a record (:attr:`Report.failed`) or
    the run stopped (the database cannot be opened or written), 2 for a missing path or a
    file in another program's format (nothing is indexed), 130 when interrupted. A run that
    stops says why in one line, its cause first."""
    if args.scheduler is not None or args.dataset is not None:
        return _run_on_cluster(args)
    if args.db is None:
        args.db = DEFAULT_DB
    show = sys.stderr.isatty() and not args.quiet
    report = Report()
    try:
        with Archive(args.db) as archive, _progress_bar(show) as progress:
            index_paths(
                archive, args.paths, workers=args.jobs or None, progress=progress,
                prune=args.prune, report=report,
            )  # fmt: skip
    except (FileNotFoundError, ForeignFiles) as exc:
        for line in str(exc).splitlines():
            print(f"tarokpgn index: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_stopped("interrupted", report), file=sys.stderr)
        return 130
    except (ArchiveError, OSError) as exc:
        print(_failure(exc, args.db, report), file=sys.stderr)
        return 1
    if not args.quiet:
        print(_summary(report, args.db), file=sys.stderr)
    return 1 if report.failed else 0


def _failure(exc: ArchiveError | OSError, db: str, report: Report) -> str:
    """The one line for a run stopped by ``exc``: its cause, then what was kept."""
    text = " ".join(str(exc).split())  # DuckDB's messages may span lines
    if (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or _NO_SPACE in text:
        cause = f"no space left on device while writing {db}"
        return _stopped(cause, report, "free some space and rerun to complete")
    if not report.indexed:  # nothing was loaded (the database is locked, …)
        return f"tarokpgn index: {text}"
    return _stopped(text, report)


_NO_SPACE = "No space left on device"
"""How DuckDB words ENOSPC (``strerror``) in its messages."""


def _stopped(cause: str, report: Report, advice: str = "rerun to complete") -> str:
    """``tarokpgn index: CAUSE (what was kept; ADVICE)``."""
    return f"tarokpgn index: {cause} ({_kept(report)}; {advice})"


def _kept(report: Report) -> str:
    """What a run that stopped early kept, and the first file it did not."""
    left = report.unfinished
    kept = report.indexed - len(left)
    if not left:
        return f"all {kept} file(s) to index were kept" if kept else "nothing was indexed"
    after = f" and the {len(left) - 1} file(s) after it" if len(left) > 1 else ""
    return f"{kept} of {report.indexed} file(s) indexed and kept, nothing of {left[0]}{after}"


def _summary(r: Report, db: str) -> str:
    rate = r.records / r.seconds if r.seconds else 0.0
    parts = [
        f"{db}: {r.indexed} file(s) indexed, {r.skipped} unchanged",
        f"{r.deals} deal(s) loaded, {r.errors} record(s) not indexable (see table problems)",
        f"{r.seconds:.1f} s, {rate:.0f} deals/s",
    ]
    if r.failed:
        parts.insert(-1, f"tarokpgn failed on {r.failed} record(s) (internal-error in table "
                     "problems; please report it)")  # fmt: skip
    if r.datasets:
        parts.insert(1, f"{r.datasets} Parquet dataset(s) merged")
    if r.forgotten:
        parts.insert(1, f"{r.forgotten} file(s) gone, their deals removed")
    elif r.gone:
        parts.insert(1, f"{r.gone} file(s) no longer exist, kept (--no-prune)")
    return "; ".join(parts)


@contextmanager
def _ranges_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar of the byte ranges verified on the cluster; None if not ``enabled``."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("verifying on dask"), BarColumn(), MofNCompleteColumn(),
               TextColumn("ranges"), TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, transient=True, console=console(sys.stderr)) as bar:
        task = bar.add_task("ranges", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _run_on_cluster(args: argparse.Namespace) -> int:
    """``--scheduler ADDRESS --dataset DIR [--db PATH]``: index on the Dask cluster into the
    dataset, then merge it into the database if one is given (files it holds with another
    hash are replaced, as a local index replaces changed files). Exit status as :func:`run`;
    2 also when dask is not installed or the scheduler does not answer."""
    from tarokpgn.distributed import (
        ClusterError,
        DaskMissing,
        SchedulerUnreachable,
        index_dataset,
    )

    if args.scheduler is None or args.dataset is None:
        given, missing = ("--dataset", "--scheduler") if args.scheduler is None else (
            "--scheduler", "--dataset")  # fmt: skip
        print(f"tarokpgn index: {given} needs {missing} (docs/distributed.rst)", file=sys.stderr)
        return 2
    try:
        with _ranges_bar(sys.stderr.isatty() and not args.quiet) as progress:
            report = index_dataset(args.paths, args.dataset, args.scheduler, progress=progress)
    except (FileNotFoundError, ForeignFiles, SchedulerUnreachable, DaskMissing) as exc:
        for line in str(exc).splitlines():
            print(f"tarokpgn index: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tarokpgn index: interrupted (never a partial dataset at {args.dataset}; rerun "
              "to complete)", file=sys.stderr)  # fmt: skip
        return 130
    except (ClusterError, ArchiveError, OSError) as exc:
        print(f"tarokpgn index: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    if not args.quiet:
        rate = report.records / report.seconds if report.seconds else 0.0
        print(
            f"{report.dataset}: {report.files} file(s) indexed on {report.workers} Dask "
            f"worker(s) in {report.ranges} range(s); {report.deals} deal(s), {report.errors} "
            f"record(s) not indexable (see table problems); {report.seconds:.1f} s, "
            f"{rate:.0f} deals/s",
            file=sys.stderr,
        )
    if args.db is not None:
        started = time.perf_counter()
        try:
            with Archive(args.db) as archive:  # import_parquet keeps the files it holds
                known = archive.sources()
                archive.forget([f for f, sha in report.sha256.items() if known.get(f, sha) != sha])
                archive.import_parquet(report.dataset)
        except KeyboardInterrupt:
            print(f"tarokpgn index: interrupted while merging into {args.db}", file=sys.stderr)
            return 130
        except (ArchiveError, OSError) as exc:
            print(f"tarokpgn index: {' '.join(str(exc).split())}", file=sys.stderr)
            return 1
        if not args.quiet:
            seconds = time.perf_counter() - started
            print(f"{args.db}: {report.dataset} merged in {seconds:.1f} s", file=sys.stderr)
    return 1 if report.failed else 0
