"""The commands that read deals against the library doing the same work (issue 21, target 1).

Each mode runs ``tarokpgn …`` on the corpus in a child process, its output to ``/dev/null``,
and then, in another child, the library calls that do the same work, without output:

==================  =====================================  ======================================
mode                command                                library
==================  =====================================  ======================================
``check``           ``tarokpgn check -q CORPUS``           :func:`tarokpgn.notation.iter_file`,
                                                           then ``check_record`` on each record
``verify``          ``tarokpgn verify CORPUS``             ``verify_all`` over the records of
                                                           ``iter_file``
``verify --json``   ``tarokpgn verify --json CORPUS``      the same
==================  =====================================  ======================================

Both figures are the CPU time (user + system) of the whole child process, as the kernel counts
it for a child that has ended (``os.wait4``, the per-child form of ``RUSAGE_CHILDREN``): the
interpreter's start and the imports are in both, the command's own (argument parsing, its
modules, the output) only in its figure. Peak memory is the child's largest resident set
(``ru_maxrss``). A command at the library's speed takes no more CPU than the library; the target
is at least 90 % of its speed (``library seconds / command seconds >= 0.9``), each side the
least of its runs (``bench/run.py --repeat``, 5 by default). After it, the least and the
largest share of single turns (the command, then the library): how far the comparison spreads
on the machine at that time, often more than the margin to the target.

``python bench/cli_modes.py CORPUS`` prints the table alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LIBRARY = r"""
import sys, time
from tarokpgn.errors import NotationError
from tarokpgn.notation import iter_file
mode, path = sys.argv[1], sys.argv[2]
started = time.process_time()
if mode == "check":
    from tarokpgn.notation.wellformed import check_record
    deals = 0
    for result in iter_file(path):
        if not isinstance(result, NotationError):
            check_record(result)
        deals += 1
else:
    from tarokpgn.replay import verify_all
    records = (r for r in iter_file(path) if not isinstance(r, NotationError))
    deals = sum(1 for _ in verify_all(records))
print(deals, time.process_time() - started)
"""
"""The library's side of a mode, run as ``python -c LIBRARY MODE CORPUS``: prints the deals
and the CPU seconds of the work alone (imports left out)."""

UNSET = (
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONPROFILEIMPORTTIME",
    "PYTHONMALLOC",
    "PYTHONDEVMODE",
)
"""Environment variables the children run without: the commands are measured as a user runs
them, with Python's usual buffered output (with ``PYTHONUNBUFFERED`` set every write is a
system call: each deal's line or JSON element, about a fifth of the command's time on a busy
machine), with the byte-code cache an installed package has (with ``PYTHONDONTWRITEBYTECODE``
set and no cache written, every run compiles each pure-Python module it imports: 70 ms a run
here, 30 ms more for a command than for the library, 17 ms with the cache) and without
debugging aids."""


def child_env() -> dict[str, str]:
    """This process's environment without :data:`UNSET`: what a measured child runs with."""
    return {name: value for name, value in os.environ.items() if name not in UNSET}


CLI_SHARE = 0.9
"""A command that reads deals runs at no less than this share of the library's speed."""

MODES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("check", ("check", "-q"), "check"),
    ("verify", ("verify",), "verify"),
    ("verify --json", ("verify", "--json"), "verify"),
)
"""Mode name, the command's arguments before the corpus, the library's work."""


def _child(argv: list[str]) -> tuple[int, str, float, float]:
    """Run ``argv`` with its output to ``/dev/null`` (and captured, for the library's one
    line): exit status, standard output, CPU seconds, peak resident MB."""
    with subprocess.Popen(
        argv, stdout=subprocess.PIPE if argv[1] == "-c" else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, env=child_env(), text=True,
    ) as proc:  # fmt: skip
        out = proc.stdout.read() if proc.stdout is not None else ""
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return proc.returncode, out, cpu, usage.ru_maxrss / 1024


Row = tuple[str, int, float, float, float, tuple[float, ...]]
"""A mode's figures: see :func:`cli_modes`."""


def cli_modes(corpus: Path, repeat: int = 1) -> list[Row]:
    """``(mode, deals, command CPU seconds, command peak MB, library CPU seconds, shares)`` for
    each of :data:`MODES` on ``corpus``, one process at a time. With ``repeat``, the command and
    the library run that many times each, in turn, and the least CPU time of each is kept: the
    run least disturbed by the machine's neighbours (on a shared VM the same work varies by 10 %
    and more between runs a minute apart). ``shares`` is each turn's library seconds over its
    command seconds: how far the same comparison spreads from turn to turn."""
    rows: list[Row] = []
    for name, args, work in MODES:
        cpu = lib_cpu = float("inf")
        peak, deals = 0.0, 0
        shares: list[float] = []
        for _ in range(max(1, repeat)):
            code, _out, seconds, mb = _child([sys.executable, "-m", "tarokpgn", *args, str(corpus)])
            if code not in (0, 1):  # 1: some deal has a problem, still all read
                raise RuntimeError(f"tarokpgn {' '.join(args)} {corpus} failed (exit {code})")
            cpu, peak, command = min(cpu, seconds), max(peak, mb), seconds
            code, out, seconds, _mb = _child([sys.executable, "-c", LIBRARY, work, str(corpus)])
            if code != 0:
                raise RuntimeError(f"the library's {work} on {corpus} failed (exit {code})")
            lib_cpu, deals = min(lib_cpu, seconds), int(out.split()[0])
            shares.append(seconds / command if command else 0.0)
        rows.append((name, deals, cpu, peak, lib_cpu, tuple(shares)))
    return rows


def spread(shares: tuple[float, ...]) -> str:
    """``turns 84–97 %``: the least and the largest share of the turns."""
    return f"turns {min(shares) * 100:.0f}–{max(shares) * 100:.0f} %"


def main(argv: list[str]) -> int:
    corpus = Path(argv[0]) if argv else Path("examples/sample-archive/slovenian-4/2024-01.tpgn")
    print(f"{'mode':16} {'deals':>7} {'cmd s':>7} {'deals/s':>9} {'peak MB':>8} "
          f"{'lib s':>7} {'deals/s':>9} {'% of lib':>8}")  # fmt: skip
    for name, deals, cpu, peak, lib, shares in cli_modes(corpus, 3):
        print(f"{name:16} {deals:7d} {cpu:7.2f} {deals / cpu:9,.0f} {peak:8.0f} "
              f"{lib:7.2f} {deals / lib:9,.0f} {lib / cpu:8.0%}  {spread(shares)}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
