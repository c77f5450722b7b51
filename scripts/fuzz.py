#!/usr/bin/env python3
"""The long fuzz run (hardening issue 13; docs/conformance.rst, "Fuzzing").

Runs the mutation fuzzer of ``tests/helpers/fuzz_util.py`` over ``--inputs`` inputs in ``--jobs``
worker processes, each with its own seed, a per-input time limit and an address-space limit.
Every failing input is written to ``--out`` (``<stage>-<n>.tpgn`` or ``.json``, with the
traceback in ``.txt``; at most three inputs per distinct failure). Prints the figures: inputs,
inputs/s, failures, hangs, the slowest input and the peak RSS. Exit status 1 when anything
failed. Every ``--progress`` inputs each worker also writes its figures so far to
``--out/job-SEED-JOB.json``, so a run cut short still tells how far it got. Runs with different
``--seed`` values draw different inputs, so a million can be reached in several runs.

    . .venv/bin/activate && python scripts/fuzz.py --inputs 1000000 --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.fuzz_util import (  # noqa: E402
    Case,
    Failure,
    Fuzzer,
    Hang,
    exercise,
    known,
    time_limit,
)


@dataclass
class Stats:
    inputs: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    known: Counter[str] = field(default_factory=Counter)
    slow: int = 0
    slowest: tuple[float, str] = (0.0, "")
    seconds: float = 0.0


def _save(out: Path, case: Case, failure: Failure, saved: Counter[str]) -> None:
    key = hashlib.sha1(failure.summary.encode()).hexdigest()[:10]
    saved[key] += 1
    if saved[key] > 3:
        return
    suffix = Path(case.name).suffix or ".tpgn"
    stem = f"{failure.stage}-{key}-{saved[key]}"
    (out / (stem + suffix)).write_bytes(case.data)
    about = f"seed {case.origin}, mutations {' '.join(case.mutations)}\n\n{failure.detail}"
    (out / (stem + ".txt")).write_text(about, encoding="utf-8", errors="replace")


def work(job: int, args: argparse.Namespace) -> Stats:
    """One worker: ``args.inputs // args.jobs`` inputs from ``Fuzzer(args.seed * 1000 + job)``."""
    limit = args.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    out = Path(args.out)
    fuzzer = Fuzzer(args.seed * 1000 + job)
    count = args.inputs // args.jobs + (job < args.inputs % args.jobs)
    stats, saved = Stats(), Counter[str]()
    start = time.perf_counter()
    stop = start + args.seconds if args.seconds else float("inf")
    for n in range(count):
        if time.perf_counter() > stop:
            break
        case = fuzzer.next_case()
        cli = args.cli_every > 0 and n % args.cli_every == 0
        try:
            with time_limit(args.hang):
                outcome = exercise(case.data, case.name, cli=cli)
        except Hang:
            failures = [Failure("hang", f"no answer within {args.hang} s")]
        except MemoryError:
            failures = [Failure("memory", f"more than {args.memory_mb} MB")]
        else:
            failures = outcome.failures
            stats.known.update(known(f) or "" for f in outcome.known)
            fuzzer.learn(case, outcome)
            stats.slow += outcome.seconds > args.slow
            if outcome.seconds > stats.slowest[0]:
                stats.slowest = (outcome.seconds, f"{case.origin} {' '.join(case.mutations)}")
                (out / f"slowest-{job}{Path(case.name).suffix}").write_bytes(case.data)
        for failure in failures:
            stats.failures[failure.summary] += 1
            _save(out, case, failure, saved)
        stats.inputs += 1
        if args.progress and stats.inputs % args.progress == 0:
            stats.seconds = time.perf_counter() - start
            _checkpoint(out, args.seed, job, stats)
            rate = stats.inputs / stats.seconds
            failed = sum(stats.failures.values())
            print(f"[job {job}] {stats.inputs} inputs, {rate:.0f}/s, {failed} failures",
                  file=sys.stderr, flush=True)  # fmt: skip
    stats.seconds = time.perf_counter() - start
    _checkpoint(out, args.seed, job, stats)
    return stats


def _checkpoint(out: Path, seed: int, job: int, stats: Stats) -> None:
    """The worker's figures so far in ``job-SEED-JOB.json``: a run cut short (a session that
    ends, a machine that goes down) still says how far it got and what it found."""
    figures = {
        "seed": seed, "job": job, "inputs": stats.inputs, "seconds": round(stats.seconds),
        "failures": sum(stats.failures.values()), "distinct_failures": len(stats.failures),
        "slow": stats.slow, "slowest_seconds": round(stats.slowest[0], 2),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }  # fmt: skip
    (out / f"job-{seed}-{job}.json").write_text(json.dumps(figures, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1_000_000, help="inputs in all")
    parser.add_argument("--seconds", type=float, default=0,
                        help="stop after this long, whatever the count (0: no limit)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hang", type=float, default=10.0,
                        help="seconds after which an input counts as a hang")  # fmt: skip
    parser.add_argument("--slow", type=float, default=2.0,
                        help="seconds above which an input is reported as slow")  # fmt: skip
    parser.add_argument("--memory-mb", type=int, default=2048, help="address space per worker")
    parser.add_argument("--cli-every", type=int, default=50,
                        help="run the CLI commands on every N-th input (0: never)")  # fmt: skip
    parser.add_argument("--progress", type=int, default=10_000, help="report every N inputs")
    parser.add_argument("--out", default="fuzz-failures", help="folder for failing inputs")
    args = parser.parse_args(argv)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = pool.starmap(work, [(job, args) for job in range(args.jobs)])
    seconds = time.perf_counter() - start
    inputs = sum(s.inputs for s in results)
    failures: Counter[str] = sum((s.failures for s in results), Counter())
    known_failures: Counter[str] = sum((s.known for s in results), Counter())
    slowest = max(s.slowest for s in results)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"inputs        {inputs}")
    print(f"seconds       {seconds:.0f}")
    print(f"inputs/s      {inputs / seconds:.0f} ({args.jobs} jobs)")
    print(f"failures      {sum(failures.values())} ({len(failures)} distinct)")
    print(f"slow (>{args.slow:g} s)  {sum(s.slow for s in results)}")
    print(f"slowest       {slowest[0]:.2f} s ({slowest[1] or '-'})")
    print(f"peak RSS      {peak:.0f} MB per worker")
    for summary, count in failures.most_common():
        print(f"  {count:7d}  {summary}")
    print(f"known         {sum(known_failures.values())} (fuzz_util.KNOWN: not fixed yet)")
    for why, count in known_failures.most_common():
        print(f"  {count:7d}  {why}")
    if failures:
        print(f"failing inputs and tracebacks: {args.out}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
