"""Throughput benchmark: read, verify and index generated deals; compare against plain Lark.

Run from the repository root::

    .venv/bin/python bench/run.py                 # 20,000 Slovenian + 20,000 Czech deals
    .venv/bin/python bench/run.py --deals 2000    # a quick run
    .venv/bin/python bench/run.py --million       # also index 1,000,000 deals (minutes)
    .venv/bin/python bench/run.py --no-cli --no-archive --no-dask   # the modes' table only

The corpus is generated once with a fixed seed (on all cores) and kept in ``--cache`` (the
system's temporary directory by default). Every mode runs in a fresh child process, so its
peak memory is its own. The baseline is a plain Lark LALR parse of each record, building the
tree, with the project's grammar (``grammar/tarok.lark``), measured in the same run. Times are
wall-clock (``time.perf_counter``), and of the one-core modes the least of ``--repeat`` runs
(5 by default: on a shared VM the same work varies by a third between runs seconds apart, and
the least is the run least disturbed; the line shows the slowest and the fastest run), and of
the index the fastest of ``--index-repeat`` runs (3 by default); peak memory is the largest
resident set of the process (``ru_maxrss``), or for the index the largest sum over the whole
process tree, sampled, the largest of its runs.

After the table come the commands against the library (``bench/cli_modes.py``; with
``--instructions`` also in instructions executed, ``bench/instructions.py``), the archive's
size and ``tarokpgn stats`` (``bench/archive_modes.py``, on the 1,000,000 deals with
``--million``) and the index on a local Dask cluster of 1 and 2 workers
(``bench/dask_modes.py``), each with its target and whether it is met.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # the modes in bench/*_modes.py

from tarokpgn._build import build  # noqa: E402
from tarokpgn.notation.fastreader import iter_export, scan_headers, split_records  # noqa: E402

VARIANTS = ("slovenian-4", "czech-4")
GENERATE_CHUNK = 500
"""Deals per generator task: task ``k`` of a variant uses seed ``seed * 100_000 + k``."""
WORK_CHUNK = 1 << 20
"""Bytes of whole records handed to one worker in the all-cores modes."""
BASELINE_SAMPLE = 3_000
"""Records parsed by the (slow) baseline and the full Lark reader."""


# --- corpus -----------------------------------------------------------------------------------


def _generate_part(args: tuple[str, int, int]) -> str:
    from tarokpgn.generate import generate
    from tarokpgn.notation import write_records

    variant, n, seed = args
    return "".join(write_records(generate(variant, n=n, seed=seed))) + "\n"


def _corpus_tasks(deals: int, seed: int) -> list[tuple[str, int, int]]:
    tasks = []
    for variant in VARIANTS:
        for k, start in enumerate(range(0, deals, GENERATE_CHUNK)):
            tasks.append((variant, min(GENERATE_CHUNK, deals - start), seed * 100_000 + k))
    return tasks


def corpus(deals: int, seed: int, cache: Path, jobs: int) -> Path:
    """The corpus file of ``deals`` deals per variant, generated on first use."""
    path = cache / f"corpus-{deals}-{seed}.tpgn"
    if path.exists():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    print(f"generating {deals} deals of each of {', '.join(VARIANTS)} into {path} …", flush=True)
    started = time.perf_counter()
    partial = path.with_suffix(".part")
    with mp.get_context("fork").Pool(jobs) as pool, partial.open("w", encoding="utf-8") as out:
        for text in pool.imap(_generate_part, _corpus_tasks(deals, seed)):
            out.write(text)
    partial.replace(path)
    print(f"generated in {time.perf_counter() - started:.1f} s", flush=True)
    return path


# --- the modes (each runs in a child process) -------------------------------------------------


def _records_text(data: bytes, limit: int) -> list[str]:
    """The text of ``limit`` records spread evenly over the corpus (both variants)."""
    spans = list(split_records(data))
    step = max(1, len(spans) // limit)
    return [data[a:b].decode() for a, b, _line in spans[::step][:limit]]


def mode_baseline(path: Path) -> int:
    """Plain Lark LALR parse with tree building, per record (on a sample)."""
    from lark import Lark

    from tarokpgn.notation.parser import grammar_text

    parser = Lark(grammar_text(), parser="lalr", start="record")
    texts = _records_text(path.read_bytes(), BASELINE_SAMPLE)
    return _timed(lambda: sum(1 for text in texts if parser.parse(text)), texts)


def _lark_records(data: bytes) -> int:
    from tarokpgn.errors import NotationError
    from tarokpgn.notation.reader import iter_chunks, read_chunk

    chunks, file = iter_chunks(data, "corpus")
    n = 0
    for chunk in chunks:
        with contextlib.suppress(NotationError):
            read_chunk(chunk, file)
        n += 1
    return n


def mode_lark_reader(path: Path) -> int:
    """The Lark reader (split, parse, build the record, hash) on a sample; every record goes
    through the grammar (``iter_records`` itself now takes the fast path)."""
    data = "".join(t + "\n" for t in _records_text(path.read_bytes(), BASELINE_SAMPLE)).encode()
    return _timed(lambda: _lark_records(data), data)


def mode_read(path: Path) -> int:
    data = path.read_bytes()
    return _timed(lambda: sum(1 for _ in iter_export(data, "corpus")), data)


def mode_headers(path: Path) -> int:
    data = path.read_bytes()
    return _timed(lambda: sum(1 for _ in scan_headers(data, "corpus")), data)


def _read_and_verify(data: bytes) -> int:
    from tarokpgn.replay import verify

    n = 0
    for result in iter_export(data, "corpus"):
        verify(result)  # type: ignore[arg-type]
        n += 1
    return n


def mode_verify(path: Path) -> int:
    data = path.read_bytes()
    return _timed(lambda: _read_and_verify(data), data)


_TIMING: dict[str, float] = {}


def _timed(work: Callable[[], int], sized: bytes | list[str]) -> int:
    """Run ``work`` and note its time and the bytes it covered; returns the deal count."""
    nbytes = len(sized) if isinstance(sized, bytes) else sum(len(t.encode()) + 1 for t in sized)
    started, cpu = time.perf_counter(), time.process_time()
    deals = work()
    _TIMING["seconds"] = time.perf_counter() - started
    _TIMING["cpu"] = time.process_time() - cpu
    _TIMING["bytes"] = nbytes
    return deals


def _ranges(path: Path) -> list[tuple[int, int]]:
    """Byte ranges of whole records, about :data:`WORK_CHUNK` each."""
    out: list[tuple[int, int]] = []
    begin, last = -1, 0
    for start, stop, _line in split_records(path.read_bytes()):
        begin = start if begin < 0 else begin
        last = stop
        if stop - begin >= WORK_CHUNK:
            out.append((begin, stop))
            begin = -1
    if begin >= 0:
        out.append((begin, last))
    return out


def _chunk_worker(args: tuple[str, str, int, int]) -> int:
    mode, file, start, stop = args
    with open(file, "rb") as handle:
        handle.seek(start)
        data = handle.read(stop - start)
    if mode == "read":
        return sum(1 for _ in iter_export(data, file))
    return _read_and_verify(data)


def _all_cores(mode: str, path: Path, jobs: int) -> int:
    ranges = _ranges(path)
    tasks = [(mode, str(path), a, b) for a, b in ranges]
    with mp.get_context("fork").Pool(jobs) as pool:
        pool.map(abs, range(jobs))  # start the workers before the clock
        return _timed(lambda: sum(pool.imap_unordered(_chunk_worker, tasks)), path.read_bytes())


def mode_read_all(path: Path, jobs: int) -> int:
    return _all_cores("read", path, jobs)


def mode_verify_all(path: Path, jobs: int) -> int:
    return _all_cores("verify", path, jobs)


# --- running a mode in a child ----------------------------------------------------------------


@dataclass
class Measure:
    mode: str
    deals: int
    seconds: float
    """Wall-clock time."""
    nbytes: int
    peak_mb: float
    cpu: float = 0.0
    """CPU time of the one process (0 for the modes that use several)."""
    runs: tuple[float, ...] = ()
    """deals/s of each run of a one-core mode or the index, this one the fastest
    (:func:`run_all`, :func:`best_index`)."""

    @property
    def wall_rate(self) -> float:
        return self.deals / self.seconds if self.seconds else 0.0

    @property
    def rate(self) -> float:
        """Deals per second of CPU time for one-process modes, else per wall-clock second."""
        return self.deals / self.cpu if self.cpu else self.wall_rate

    @property
    def mb_per_s(self) -> float:
        return self.nbytes / self.seconds / 1e6 if self.seconds else 0.0


def _child(fn: Callable[..., int], args: tuple[object, ...], one_core: bool, conn: object) -> None:
    deals = fn(*args)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    timing = (_TIMING["seconds"], _TIMING["bytes"], peak, _TIMING["cpu"] if one_core else 0.0)
    conn.send((deals, *timing))  # type: ignore[attr-defined]


def measure(name: str, fn: Callable[..., int], *args: object) -> Measure:
    """Run ``fn(*args)`` in a fresh child process."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe()
    one_core = "all cores" not in name
    proc = ctx.Process(target=_child, args=(fn, args, one_core, child))
    proc.start()
    deals, seconds, nbytes, peak, cpu = parent.recv()
    proc.join()
    return Measure(name, deals, seconds, nbytes, peak, cpu)


# --- the index (a child `tarokpgn index`, memory of its whole process tree) --------------------


RSS_POLL = 0.5
"""Seconds between two readings of the index's memory. The index holds its peak for most of
the run; reading every 50 ms slowed the run being measured by ~4 % (1,000,000 deals: 117 s
against 112 s unobserved)."""


def _tree_rss_kb(root: int) -> int:
    """Sum of the resident sets of ``root`` and its descendants (Linux /proc; 0 elsewhere).

    Reads only the tree's own entries (``task/*/children``, ``statm``): a scan of all of /proc
    every poll cost ~3 ms of CPU, 6 % of a core taken from the run being measured.
    """
    page_kb = os.sysconf("SC_PAGE_SIZE") // 1024 if hasattr(os, "sysconf") else 4
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        proc = Path("/proc", str(pid))
        try:
            total += int((proc / "statm").read_text().split()[1]) * page_kb
            for tasks in (proc / "task").iterdir():
                todo.extend(int(child) for child in (tasks / "children").read_text().split())
        except (OSError, ValueError):
            continue  # gone meanwhile (or no /proc)
    return total


def measure_index(path: Path, jobs: int, deals: int) -> Measure:
    """``tarokpgn index`` of the corpus into a fresh DuckDB file."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        cmd = [sys.executable, "-m", "tarokpgn", "index", "--db", str(db), "-q", "-j", str(jobs)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        started = time.perf_counter()
        proc = subprocess.Popen([*cmd, str(path)], env=env)
        peak = 0
        while proc.poll() is None:
            peak = max(peak, _tree_rss_kb(proc.pid))
            time.sleep(RSS_POLL)
        seconds = time.perf_counter() - started
        if proc.returncode != 0:
            raise SystemExit(f"tarokpgn index failed with exit code {proc.returncode}")
        peak_kb = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return Measure("index (all cores)", deals, seconds, path.stat().st_size, peak_kb / 1024)


# --- report -----------------------------------------------------------------------------------


@dataclass
class Target:
    text: str
    met: bool


def _targets(m: dict[str, Measure], million: bool) -> dict[str, Target]:
    base = m["baseline"].rate
    out = {
        "read": Target("≥ 20× baseline", m["read"].rate >= 20 * base),
        "read + verify": Target("≥ 25,000 deals/s", m["read + verify"].rate >= 25_000),
        "header scan": Target("≥ 50,000 deals/s", m["header scan"].rate >= 50_000),
    }
    if "index (all cores)" in m:
        idx = m["index (all cores)"]
        projected = idx.seconds * 1_000_000 / idx.deals
        took = f"{idx.seconds:.1f} s" if million else f"projected {projected:.0f} s"
        label = f"1M deals < 60 s, < 1 GB ({took})"
        out["index (all cores)"] = Target(label, projected < 60 and idx.peak_mb < 1024)
    return out


def _cpu() -> str:
    """The processor's model as Linux names it (``AMD EPYC, family 25 model 17``): a VM can
    move to other hardware between two runs, and the same code then runs at another speed."""
    fields: dict[str, str] = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    if "model name" not in fields:
        return platform.processor() or platform.machine()
    return f"{fields['model name']}, family {fields.get('cpu family')} model {fields.get('model')}"


def report(m: dict[str, Measure], jobs: int, million: bool) -> None:
    base = m["baseline"].rate
    targets = _targets(m, million)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print()
    print(f"{platform.node()}: {_cpu()}, {jobs} cores, "
          f"Python {platform.python_version()}, tarokpgn {build()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}, load average {load}")  # fmt: skip
    head = (f"{'mode':<26}{'deals':>9}{'deals/s':>10}{'wall/s':>10}{'MB/s':>7}{'× base':>8}"
            f"{'peak MB':>8}")  # fmt: skip
    print(head + "  target")
    print("-" * (len(head) + 36))
    for name, x in m.items():
        target = targets.get(name)
        verdict = "" if target is None else f"  {target.text}: {'met' if target.met else 'NOT met'}"
        if len(x.runs) > 1:
            verdict += f" (runs {min(x.runs):,.0f}–{max(x.runs):,.0f})"
        print(f"{name:<26}{x.deals:>9}{x.rate:>10,.0f}{x.wall_rate:>10,.0f}{x.mb_per_s:>7.1f}"
              f"{x.rate / base:>8.1f}{x.peak_mb:>8.0f}{verdict}")  # fmt: skip
    print("deals/s: per second of CPU time for one-process modes (what one core does, even on a "
          "busy machine), per wall-clock second for the rest; MB/s: wall-clock.")  # fmt: skip


# --- the commands, the archive and the cluster (bench/cli_modes.py, archive_modes, dask_modes) --


def cli_lines(path: Path, repeat: int) -> list[str]:
    """One line per command of :mod:`cli_modes`: its speed against the library's."""
    from cli_modes import CLI_SHARE, cli_modes, spread

    out = []
    for name, deals, cpu, peak, lib, shares in cli_modes(path, repeat):
        share = lib / cpu if cpu else 0.0
        met = "met" if share >= CLI_SHARE else "NOT met"
        out.append(f"tarokpgn {name:<14}{deals:>9}{deals / cpu:>10,.0f} deals/s, library "
                   f"{deals / lib:>8,.0f}: {share:4.0%} of it, peak {peak:5.0f} MB  "
                   f"≥ {CLI_SHARE:.0%} of the library: {met} ({spread(shares)})")  # fmt: skip
    return out


def instruction_lines(path: Path) -> list[str]:
    """The commands against the library in instructions (:mod:`instructions`): noise-free."""
    from instructions import lines

    return lines(path)


def archive_lines(path: Path, deals: int, jobs: int) -> list[str]:
    """One line per figure of :mod:`archive_modes` (bytes a deal, stats time)."""
    from archive_modes import archive_modes

    return [f"{name:<40}{figure:>12,.2f}  {text}: {'met' if met else 'NOT met'}"
            for name, figure, text, met in archive_modes(path, deals, jobs)]  # fmt: skip


def dask_lines(path: Path, deals: int) -> list[str]:
    """Deals/s of the index on a local Dask cluster of 1 and 2 workers (no target: the
    figure shows how it scales; a real cluster is several machines)."""
    try:
        from dask_modes import dask_modes
    except ImportError as exc:  # pragma: no cover - dask is an optional extra
        return [f"dask: skipped ({exc}; pip install 'tarokpgn[dask]')"]
    return [f"{name:<40}{n:>9} deals {n / seconds:>10,.0f} deals/s ({seconds:.1f} s)"
            for name, n, seconds in dask_modes(path, deals)]  # fmt: skip


def _cost(x: Measure) -> float:
    """What :func:`run_all` keeps the least of among the runs of a mode: CPU time."""
    return x.cpu or x.seconds


def run_all(
    path: Path, deals: int, jobs: int, index: bool, repeat: int = 1, index_repeat: int = 1
) -> dict[str, Measure]:
    modes: list[tuple[str, Callable[..., int], tuple[object, ...]]] = [
        ("baseline", mode_baseline, (path,)),
        ("Lark reader", mode_lark_reader, (path,)),
        ("read", mode_read, (path,)),
        ("header scan", mode_headers, (path,)),
        ("read + verify", mode_verify, (path,)),
        ("read (all cores)", mode_read_all, (path, jobs)),
        ("read + verify (all cores)", mode_verify_all, (path, jobs)),
    ]
    out: dict[str, Measure] = {}
    for name, fn, args in modes:
        print(f"measuring {name} …", flush=True)
        runs = [measure(name, fn, *args) for _ in range(repeat if "all cores" not in name else 1)]
        out[name] = min(runs, key=_cost)
        out[name].runs = tuple(x.rate for x in runs)
    if index:
        print("measuring index …", flush=True)
        out["index (all cores)"] = best_index(path, jobs, 2 * deals, index_repeat)
    return out


def best_index(path: Path, jobs: int, deals: int, repeat: int) -> Measure:
    """The fastest of ``repeat`` indexes of the corpus, with the largest peak memory of them:
    one index takes a minute or more at a million deals, and a noisy minute on the host slows
    it as a whole (the same reason as the one-core modes' least of ``--repeat``)."""
    runs = [measure_index(path, jobs, deals) for _ in range(repeat)]
    best = min(runs, key=lambda x: x.seconds)
    best.peak_mb = max(x.peak_mb for x in runs)
    best.runs = tuple(x.rate for x in runs)
    return best


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--deals", type=int, default=20_000, help="deals per variant (default 20000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="cores for all-core modes")
    p.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "tarokpgn-bench")
    p.add_argument("--no-index", action="store_true", help="skip the DuckDB index")
    p.add_argument("--million", action="store_true", help="index 1,000,000 deals (500k each)")
    p.add_argument("--no-cli", action="store_true", help="skip the commands against the library")
    p.add_argument("--no-archive", action="store_true", help="skip the archive's size and stats")
    p.add_argument("--no-dask", action="store_true", help="skip the index on a Dask cluster")
    p.add_argument(
        "--instructions",
        action="store_true",
        help="also count the commands' and the library's instructions (valgrind; ~15 minutes)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="runs of each one-core mode and command, the least CPU time kept (default 5)",
    )
    p.add_argument(
        "--index-repeat",
        type=int,
        default=3,
        help="runs of the index, the fastest kept (default 3)",
    )
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    path = corpus(args.deals, args.seed, args.cache, args.jobs)
    index = not args.no_index and not args.million  # with --million, only the million's
    results = run_all(path, args.deals, args.jobs, index, args.repeat, args.index_repeat)
    if args.million:
        big = corpus(500_000, args.seed, args.cache, args.jobs)
        print("measuring index of 1,000,000 deals …", flush=True)
        results["index (all cores)"] = best_index(big, args.jobs, 1_000_000, args.index_repeat)
    lines = []
    if not args.no_cli:
        print("measuring the commands …", flush=True)
        lines += cli_lines(path, args.repeat)
    if args.instructions:
        print("counting the commands' instructions (callgrind) …", flush=True)
        lines += instruction_lines(path)
    if not args.no_archive:
        print("measuring the archive …", flush=True)
        archive_corpus, archive_deals = (big, 1_000_000) if args.million else (path, 2 * args.deals)
        lines += archive_lines(archive_corpus, archive_deals, args.jobs)
    if not args.no_dask:
        print("measuring the index on Dask …", flush=True)
        lines += dask_lines(path, 2 * args.deals)
    report(results, args.jobs, args.million)
    if lines:
        print()
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
