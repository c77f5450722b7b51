"""What ``verify --json``'s writer costs against the verifier, in one process (issue 21).

``bench/cli_modes.py`` compares whole processes, which on a shared VM spread by more than the
margin to the target from one turn to the next. Here one process verifies the corpus once and
keeps the verdicts, then times, in turns, verifying the corpus again (the library's work,
:func:`tarokpgn.replay.verify_all` over :func:`tarokpgn.notation.iter_file`) and writing the
kept verdicts as ``verify --json`` does (:meth:`tarokpgn.verdict.JsonArray.add_deals` to
``/dev/null``), each the least CPU time of its turns. The share printed is what ``verify
--json`` would reach if nothing but the writer were added to the library's work (the command's
own start, 17 ms, is left out); with the element writer in C (a compiled build), once with it
and once with the Python writer it stands in for::

    .venv/bin/python bench/json_writer.py CORPUS [TURNS]
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tarokpgn import verdict  # noqa: E402
from tarokpgn.cli._json import indented  # noqa: E402
from tarokpgn.cli.verify import json_element  # noqa: E402
from tarokpgn.errors import NotationError  # noqa: E402
from tarokpgn.model import Record  # noqa: E402
from tarokpgn.notation import iter_file  # noqa: E402
from tarokpgn.replay import verify_all  # noqa: E402
from tarokpgn.verdict import JsonArray, Status  # noqa: E402


def _seconds(work: Callable[[], object]) -> float:
    """The CPU seconds of one run of ``work``."""
    gc.collect()
    started = time.process_time()
    work()
    return time.process_time() - started


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    corpus, turns = argv[0], int(argv[1]) if len(argv) > 1 else 5

    def records() -> Iterator[Record]:
        return (r for r in iter_file(corpus) if not isinstance(r, NotationError))

    pairs = list(verify_all(records()))

    def verify() -> None:
        for _pair in verify_all(records()):
            pass

    def write() -> None:
        with open(os.devnull, "w", encoding="utf-8") as out:
            array = JsonArray(out)
            array.add_deals(iter(pairs), dict.fromkeys(Status, 0), indented, json_element)
            array.close()

    writers = {"C": verdict.C_ELEMENT, "Python": None} if verdict.C_ELEMENT else {"Python": None}
    library = float("inf")
    cost = dict.fromkeys(writers, float("inf"))
    for _ in range(turns):  # in turns, so that all meet the same moments of the machine
        library = min(library, _seconds(verify))
        for name, element in writers.items():
            verdict.C_ELEMENT = element
            cost[name] = min(cost[name], _seconds(write))
    verdict.C_ELEMENT = writers.get("C")
    deals = len(pairs)
    print(f"{deals} deals: verifying {library / deals * 1e6:.1f} µs a deal")
    for name, writer in cost.items():
        print(f"  {name} writer: {writer / deals * 1e6:.1f} µs a deal: verify --json at "
              f"{library / (library + writer):.1%} of the library at best")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
