"""Benchmark: the archive's size on disk and the speed of ``tarokpgn stats`` (issue 21).

    python bench/archive_modes.py CORPUS [--jobs N]

:func:`archive_modes` indexes a corpus into a fresh DuckDB archive (``tarokpgn index``, in a
subprocess), exports it as Parquet (``tarokpgn export --parquet``) and times ``tarokpgn stats``
with its default reports (``--include-generated``: the benchmark's deals are generated, which
the reports leave out by default, and would then count nothing). It returns one
``(name, figure, target, met)`` per figure, for ``bench/run.py`` to print:

- bytes a deal of the DuckDB file after the final checkpoint, and of the Parquet dataset
  (target: at most 200);
- the wall time of ``tarokpgn stats`` (target: under 1 s at 1,000,000 deals). On a smaller
  corpus the time is projected: the time of a run on an empty archive (start-up) plus the
  rest scaled to 1,000,000 deals; the target text says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

MILLION = 1_000_000
MAX_BYTES = 200
"""Target: bytes a deal on disk, DuckDB file and Parquet dataset."""
MAX_STATS_SECONDS = 1.0
"""Target: ``tarokpgn stats`` (default reports) on 1,000,000 deals."""
RUNS = 3
"""Runs of ``tarokpgn stats`` timed; the fastest counts."""


def _tarokpgn(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "tarokpgn", *args], check=True)


def _stats_seconds(db: Path) -> float:
    """Wall seconds of ``tarokpgn stats --include-generated`` (the fastest of :data:`RUNS`)."""
    best = float("inf")
    for _ in range(RUNS):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "tarokpgn", "stats", "--db", str(db), "--include-generated"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        best = min(best, time.perf_counter() - started)
    return best


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def archive_modes(corpus: Path, deals: int, jobs: int) -> list[tuple[str, float, str, bool]]:
    """Index ``corpus`` (``deals`` deals) with ``jobs`` workers; the archive's figures as
    ``(name, figure, target text, met)``."""
    with tempfile.TemporaryDirectory(prefix="tarokpgn-archive-") as tmp:
        db, empty, parquet = Path(tmp) / "a.duckdb", Path(tmp) / "empty.duckdb", Path(tmp) / "pq"
        _tarokpgn("index", "-q", "-j", str(jobs), "--db", str(db), str(corpus))
        with duckdb.connect(str(db), read_only=True) as con:
            row = con.execute("SELECT count(*) FROM deal_rows").fetchone()
        stored = int(row[0]) if row else deals
        per_deal = _size(db) / stored
        _tarokpgn("export", "--db", str(db), "--parquet", str(parquet))
        per_deal_parquet = _size(parquet) / stored
        seconds = _stats_seconds(db)
        (Path(tmp) / "nothing").mkdir()
        _tarokpgn("index", "-q", "--db", str(empty), str(Path(tmp) / "nothing"))
        start_up = _stats_seconds(empty)
    at = f"at {stored:,} deals"
    out = [
        ("archive bytes/deal", per_deal, f"≤ {MAX_BYTES} {at}", per_deal <= MAX_BYTES),
        ("Parquet bytes/deal", per_deal_parquet, f"≤ {MAX_BYTES} {at}",
         per_deal_parquet <= MAX_BYTES),
    ]  # fmt: skip
    if stored >= MILLION:
        out.append(("stats (s)", seconds, f"< {MAX_STATS_SECONDS:g} s at {stored:,} deals",
                    seconds < MAX_STATS_SECONDS))  # fmt: skip
    else:
        projected = start_up + max(seconds - start_up, 0.0) * MILLION / stored
        text = (f"< {MAX_STATS_SECONDS:g} s at 1M deals (projected from {seconds:.2f} s {at}, "
                f"{start_up:.2f} s of it start-up)")  # fmt: skip
        out.append(("stats (s, projected)", projected, text, projected < MAX_STATS_SECONDS))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    for name, figure, target, met in archive_modes(args.corpus, 0, args.jobs):
        print(f"{name:<24}{figure:>10.2f}  {target}: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
