"""A verifier that kills the Dask worker running it, once (tests/test_distributed.py).

Named to the indexer as ``"helpers.dask_faults:killing_verify"``: the first deal it is given
from the second half of a file whose name ends with :data:`VICTIM` (its later byte ranges)
makes it claim the marker file named by the environment variable :data:`MARKER` (created
exclusively: one kill per run, whichever worker gets there first) and kill its own process
with SIGKILL, mid-run. Every other call is the real verifier.
"""

from __future__ import annotations

import os
import signal

from tarokpgn.model import Record
from tarokpgn.replay import verify
from tarokpgn.verdict import Verdict

MARKER = "TAROKPGN_TEST_KILL_MARKER"
VICTIM = "victim.tpgn"


def killing_verify(record: Record) -> Verdict:
    src = record.source
    path = os.environ.get(MARKER)
    if path and src is not None and src.file.endswith(VICTIM):
        if 2 * src.offset < os.path.getsize(src.file):
            return verify(record)
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return verify(record)
        os.write(fd, f"{os.getpid()} {src.offset}".encode())
        os.close(fd)
        os.kill(os.getpid(), signal.SIGKILL)
    return verify(record)
