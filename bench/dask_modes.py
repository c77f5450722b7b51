"""Benchmark modes: indexing on a Dask cluster (:mod:`tarokpgn.distributed`) with 1 and 2 workers.

Each mode starts a ``LocalCluster`` of worker processes (one thread each, Dask's statistical
profiler off, as docs/distributed.rst advises) on this machine, waits for its workers, and only
then starts the clock: the clock covers
:func:`tarokpgn.distributed.index_dataset` of the corpus into a new Parquet dataset (planning,
reading and verifying the byte ranges on the workers, the merge, the export), not the start of
the cluster. The same figure on several machines needs a real cluster (docs/distributed.rst).

Run alone from the repository root (``bench/run.py`` calls :func:`dask_modes`)::

    .venv/bin/python bench/dask_modes.py /tmp/tarokpgn-bench/corpus-3000-1.tpgn
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WORKERS = (1, 2)
"""The cluster sizes measured."""


def dask_mode(corpus: Path, workers: int) -> tuple[int, float]:
    """Index ``corpus`` on a LocalCluster of ``workers`` processes: (records indexed, wall
    seconds from the first task to the dataset in place)."""
    import dask

    from tarokpgn.distributed import index_dataset

    dd: Any = importlib.import_module("distributed")  # typed Any: its constructors are not typed
    with (
        tempfile.TemporaryDirectory(prefix="tarokpgn-dask-bench-") as tmp,
        dask.config.set({"distributed.worker.profile.enabled": False}),  # docs/distributed.rst
        dd.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=":0",
        ) as cluster,
        dd.Client(cluster) as client,
    ):  # fmt: skip
        client.wait_for_workers(workers)
        started = time.perf_counter()
        report = index_dataset([corpus], Path(tmp) / "dataset", client)
        seconds = time.perf_counter() - started
    return report.records, seconds


def dask_modes(corpus: Path, deals: int) -> list[tuple[str, int, float]]:
    """``(name, deals, wall seconds)`` for a LocalCluster of 1 and of 2 workers indexing
    ``corpus`` (``deals`` records) to a Parquet dataset. Raises RuntimeError when a run did
    not index every deal (the figure would mean nothing)."""
    out = []
    for n in WORKERS:
        records, seconds = dask_mode(corpus, n)
        if records != deals:
            raise RuntimeError(f"dask with {n} worker(s) indexed {records} of {deals} deals")
        out.append((f"index on dask, {n} worker{'s' if n > 1 else ''}", records, seconds))
    return out


def local_mode(corpus: Path, workers: int) -> tuple[int, float]:
    """The same output on this machine without Dask, for comparison: ``tarokpgn index`` of
    ``corpus`` with ``workers`` processes into a new database, then its Parquet export."""
    from tarokpgn.archive.ingest import index_paths
    from tarokpgn.archive.store import Archive

    with tempfile.TemporaryDirectory(prefix="tarokpgn-local-bench-") as tmp:
        started = time.perf_counter()
        with Archive(Path(tmp) / "a.duckdb") as archive:
            report = index_paths(archive, [corpus], workers=workers)
            archive.export_parquet(Path(tmp) / "dataset")
        return report.records, time.perf_counter() - started


def main(argv: list[str]) -> int:
    """Print the figures of :func:`dask_modes`; with ``--local``, also those of
    :func:`local_mode` with 1 and 2 processes, measured in the same run."""
    local = "--local" in argv
    argv = [a for a in argv if a != "--local"]
    if len(argv) != 1:
        print("usage: bench/dask_modes.py [--local] CORPUS.tpgn", file=sys.stderr)
        return 2
    from tarokpgn.notation.fastreader import split_records

    corpus = Path(argv[0])
    deals = sum(1 for _ in split_records(corpus.read_bytes()))
    rows = dask_modes(corpus, deals)
    if local:
        for n in WORKERS:
            records, seconds = local_mode(corpus, n)
            rows.append((f"index + export, {n} process{'es' if n > 1 else ''}", records, seconds))
    for name, n, seconds in rows:
        print(f"{name:<32} {n:>9,} deals {seconds:8.2f} s {n / seconds:10,.0f} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
