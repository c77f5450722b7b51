"""The commands against the library in instructions executed, not seconds (issue 21, target 1).

    python bench/instructions.py CORPUS

:mod:`cli_modes` times each command and the library doing the same work in CPU seconds, which
on a shared VM move by a third from one minute to the next, more than the target's margin.
Here each side runs once under valgrind's ``callgrind``, which counts the instructions the
process executes: the same count for the same work whatever else the host is doing (the same
child processes as :mod:`cli_modes`, with ``PYTHONHASHSEED=0`` so that string hashing, and
with it every dict probe, is the same from run to run). The share is the library's count over
the command's, against the same target of 90 %. An instruction is not a fixed time (a cache
miss costs more than an add), so this is the work done, not the speed; but for the same work
on the same interpreter the two agree closely.

The last line is what one deal costs the library's read + verify (``verify_all`` over
``iter_file``): its count less that of the same script on the corpus's first deal alone
(start-up, imports and what the first deal loads once, such as the rules plug-ins), over the
other deals.

callgrind runs about 50 times slower than the machine: two processes at a time (one a core),
about 15 minutes for the benchmark's 40,000 deals.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cli_modes import CLI_SHARE, LIBRARY, MODES, child_env

from tarokpgn.notation.fastreader import split_records

Counted = tuple[int, str]
"""Instructions a process executed, and its standard output."""


def count(argv: list[str]) -> Counted:
    """Run ``argv`` under callgrind: the instructions it executed and its standard output (the
    library's one line; a command's output goes to ``/dev/null``)."""
    env = {**child_env(), "PYTHONHASHSEED": "0"}
    capture = argv[1] == "-c"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *argv],
            stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
            stderr=subprocess.PIPE, env=env, text=True, check=False,
        )  # fmt: skip
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode not in (0, 1) or found is None:  # 1: some deal has a problem
        raise RuntimeError(f"{' '.join(argv)} under callgrind failed (exit {proc.returncode})")
    return int(found.group(1)), proc.stdout or ""


Row = tuple[str, int, int]
"""A command's name, its instructions and the library's for the same work."""


def instructions(corpus: Path) -> tuple[list[Row], int, float]:
    """The rows of :data:`cli_modes.MODES`, the deals of ``corpus`` and the library's
    instructions a deal of read + verify (what the first deal costs left out)."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        first = Path(tmp) / "first.tpgn"
        data = corpus.read_bytes()
        start, end, _line = next(iter(split_records(data)))
        first.write_bytes(data[start:end] + b"\n")
        runs = {f"tarokpgn {name}": [python, "-m", "tarokpgn", *args, str(corpus)]
                for name, args, _work in MODES}  # fmt: skip
        for work in sorted({work for _name, _args, work in MODES}):
            runs[f"library {work}"] = [python, "-c", LIBRARY, work, str(corpus)]
        runs["library verify, one deal"] = [python, "-c", LIBRARY, "verify", str(first)]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            counted = dict(zip(runs, pool.map(count, runs.values()), strict=True))
    rows = [(name, counted[f"tarokpgn {name}"][0], counted[f"library {work}"][0])
            for name, _args, work in MODES]  # fmt: skip
    library, out = counted["library verify"]
    deals = int(out.split()[0])
    one = counted["library verify, one deal"][0]
    per_deal = (library - one) / (deals - 1) if deals > 1 else 0.0
    return rows, deals, per_deal


def lines(corpus: Path) -> list[str]:
    """What :func:`instructions` found, one line a figure (for ``bench/run.py``)."""
    if shutil.which("valgrind") is None:
        return ["instructions: skipped (no valgrind on this machine)"]
    rows, deals, per_deal = instructions(corpus)
    out = []
    for name, command, library in rows:
        share = library / command
        met = "met" if share >= CLI_SHARE else "NOT met"
        out.append(f"tarokpgn {name:<14}{deals:>9} deals {command:>16,} instructions, library "
                   f"{library:>16,}: {share:6.1%} of it  ≥ {CLI_SHARE:.0%}: {met}")  # fmt: skip
    out.append(f"read + verify (library)   {deals:>9} deals {per_deal:>16,.0f} instructions a deal")
    return out


def main(argv: list[str]) -> int:
    corpus = Path(argv[0]) if argv else Path("examples/sample-archive/slovenian-4/2024-01.tpgn")
    print("\n".join(lines(corpus)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
