"""Benchmark: index a 100,000-deal generated club archive and run every statistics report.

    python bench/archive_100k.py [--deals 100000] [--work DIR] [--jobs N] [--check]

Generates the archive under ``DIR/deals`` (kept between runs), indexes it with
``tarokpgn index`` in a subprocess while sampling the resident memory of the indexer and its
workers, reindexes (nothing should change), runs every report of ``tarokpgn stats`` and,
with ``--check``, recounts contracts, verdicts and player totals in Python from the files.
Prints one line per figure.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from archive_data import write_club_archive

from tarokpgn.archive.ingest import read_chunk
from tarokpgn.archive.stats import BY_NAME, REPORTS, Filters, run_reports
from tarokpgn.archive.store import Archive
from tarokpgn.model import Record
from tarokpgn.replay import verify

EVERY_DEAL = Filters(include_generated=True)
"""The reports' filters: the archive is generated data, which they leave out by default."""


def _tree_rss(pid: int) -> int:
    """Resident memory in bytes of ``pid`` and all its descendants (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        rss = [ln for ln in status.splitlines() if ln.startswith("VmRSS:")]
        total += int(rss[0].split()[1]) * 1024 if rss else 0
        stack.extend(int(k) for k in kids)
    return total


def run_index(db: Path, data: Path, jobs: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (indexer + workers) and peak resident memory of one run."""
    cmd = [sys.executable, "-m", "tarokpgn", "index", "--db", str(db), "-j", str(jobs), str(data)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.Popen(cmd)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.1)
    if proc.returncode:
        raise SystemExit(f"index failed with {proc.returncode}")
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, peak


def _count_file(path: Path) -> tuple[Counter[tuple[str, str, str]], Counter[tuple[str, str]]]:
    contracts: Counter[tuple[str, str, str]] = Counter()
    players: Counter[tuple[str, str]] = Counter()
    for record in read_chunk(path.read_bytes(), str(path)):
        assert isinstance(record, Record)
        v = verify(record)
        contracts[record.variant, str(v.contract), str(v.status)] += 1
        for seat, score in (v.scores or {}).items():
            players[record.player(seat), record.variant] += score
    return contracts, players


def check(archive: Archive, files: list[Path], jobs: int) -> None:
    """Recount contracts, verdicts and player totals from the files; compare with the views."""
    contracts: Counter[tuple[str, str, str]] = Counter()
    players: Counter[tuple[str, str]] = Counter()
    with Pool(jobs) as pool:
        for c, p in pool.imap_unordered(_count_file, files):
            contracts.update(c)
            players.update(p)
    got = archive.query(
        "SELECT variant, coalesce(contract, 'None'), status, count(*) FROM deals GROUP BY ALL"
    ).rows
    assert {r[:3]: r[3] for r in got} == dict(contracts), "contracts differ"
    got = archive.query(*BY_NAME["players"].sql(EVERY_DEAL)).rows
    assert {r[:2]: r[3] for r in got} == {k: v for k, v in players.items()}, "players differ"
    print(f"check: contracts and player totals of {sum(contracts.values())} deals agree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--work", type=Path, default=Path("build/bench-archive"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    data, db = args.work / "deals", args.work / "archive.duckdb"
    if not data.exists():
        started = time.perf_counter()
        write_club_archive(data, args.deals, seed=1)
        print(f"generated in {time.perf_counter() - started:.1f} s")
    files = sorted(data.rglob("*.tpgn"))
    size = sum(f.stat().st_size for f in files)
    print(f"archive: {len(files)} files, {size / 1e6:.1f} MB")
    db.unlink(missing_ok=True)
    seconds, cpu, peak = run_index(db, data, args.jobs)
    with Archive(db, read_only=True) as archive:
        deals = archive.query("SELECT count(*) FROM deals").rows[0][0]
        plays = archive.query("SELECT count(*) FROM plays").rows[0][0]
    print(f"index: {deals} deals ({plays} plays) in {seconds:.1f} s = {deals / seconds:.0f} deals/s"
          f" with {args.jobs} workers; {cpu:.0f} CPU s = {deals / cpu:.0f} deals per CPU second; "
          f"peak memory {peak / 2**20:.0f} MiB; database {db.stat().st_size / 2**20:.0f} MiB; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    again, _, _ = run_index(db, data, args.jobs)
    print(f"reindex (unchanged): {again:.1f} s")
    with Archive(db, read_only=True) as archive:
        for report in REPORTS:
            started = time.perf_counter()
            [(_, result)] = list(run_reports(archive, [report.name], EVERY_DEAL))
            took = time.perf_counter() - started
            print(f"stats {report.name}: {len(result.rows)} rows in {took * 1000:.0f} ms")
        if args.check:
            check(archive, files, args.jobs)


if __name__ == "__main__":
    main()
