"""Indexing: walk the inputs, read and verify deals on every core, load them in batches.

Each input file is hashed and cut into chunks of whole records (large files into several).
A pool of worker processes reads and verifies the chunks and returns pyarrow tables
(:mod:`tarokpgn.archive.rows`, packed by :func:`pack_tables`); the main process collects them
in order and hands them to :class:`~tarokpgn.archive.store.Archive` in batches of
``batch_deals``, committing every ``commit_deals`` (a large file is written in several
batches; its ``sources`` row comes with its last). The workers may run ahead of the main
process by :data:`WINDOW_BYTES` of input (about three batches), so they keep working while it
writes a batch to DuckDB and commits (which releases the GIL: the pool's thread keeps
receiving results meanwhile); and at most about ``commit_deals`` deals are buffered or
uncommitted, so memory stays bounded whatever the size of the archive. A file whose hash is
already in ``sources`` is skipped; a changed file replaces its deals; the files the archive
holds under a directory given that no longer exist are forgotten (``prune``). A deal that
cannot be read, verified or stored costs only itself (:func:`run_task`).

The reader and the verifier are reached through :func:`read_chunk` and :func:`verifier` only.
"""

from __future__ import annotations

import datetime as dt
import gc
import hashlib
import importlib
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final, cast

import pyarrow as pa
import pyarrow.compute as pc

from tarokpgn.archive.rows import ARROW_SCHEMAS, NON_NULL_ITEMS, Rows
from tarokpgn.archive.store import Archive, SourceInfo, is_parquet_dataset, required_columns
from tarokpgn.errors import NotationError, TarokPgnError, describe
from tarokpgn.model import Record, Source
from tarokpgn.verdict import Verdict

EXTENSIONS: Final = (".tpgn",)
"""File name endings indexed when a directory is given (files named explicitly are indexed
whatever their name; ``.json`` and ``.jsonl`` ones as the JSON form)."""
CHUNK_BYTES: Final = 1 << 20
"""Target size of a chunk of a large file handed to one worker."""
WINDOW_BYTES: Final = 24 << 20
"""Input bytes (about 30,000 deals) the workers may have read ahead of the main process, so
they keep working while it writes a batch to DuckDB and commits (see :func:`ordered_map`).
With 8 MiB, workers indexing 1,000,000 deals stood idle a fifth of the time once commits
had grown long."""
BATCH_DEALS: Final = 30_000
"""Deals inserted into DuckDB at once (one statement per table: each looks up the batch's
deals among those stored)."""
COMMIT_DEALS: Final = 250_000
"""Deals after which a commit comes at the latest; it comes sooner, whenever the new deals
fill a row group (:meth:`~tarokpgn.archive.store.Archive.insert`)."""
DEFAULT_VERIFIER: Final = "tarokpgn.replay:verify"
WORKER_NICENESS: Final = 5
"""Scheduling priority of the workers below the main process's. The main process writes every
deal to DuckDB, one at a time: with as many workers as cores, an even share of the cores would
make it the bottleneck while the workers wait for it (their window full)."""
PARENT_POLL: Final = 0.5
"""Seconds between a worker's checks that the main process still runs."""

Verifier = Callable[[Record], Verdict]

# --- integration points: the reader and the verifier ------------------------------------------


def read_chunk(data: bytes, file: str, line: int = 1) -> Iterator[Record | NotationError]:
    """The records (or located errors) of ``data``, a run of whole records of ``file`` that
    starts on its line ``line``: every line number given (records, items, errors) is the
    file's. The fast export-form reader (it hands other text to the Lark reader and gives the
    same results)."""
    from tarokpgn.notation.fastreader import iter_export

    yield from iter_export(data, file, line=line)


JSON_SUFFIXES: Final = (".json", ".jsonl")
"""Files named with these endings are read as the JSON form (whole, not in chunks)."""


def read_json(data: bytes, file: str) -> Iterator[Record | NotationError]:
    """The records of a JSON or JSON Lines file, each given its place in ``file`` and the
    content hash of its export form (so the same deal in TPGN and JSON is one deal)."""
    from tarokpgn.notation import write_record
    from tarokpgn.notation.jsonform import iter_json_records

    text = data.decode("utf-8", errors="replace")
    items = iter_json_records(text, file, lines=file.endswith(".jsonl"))
    for number, item in enumerate(items, 1):
        if isinstance(item, NotationError):
            yield item
            continue
        line = item.source.line if item.source is not None else 0
        placed = item.source.tag_lines if item.source is not None else ()
        digest = hashlib.sha256(write_record(item).encode("utf-8")).hexdigest()
        yield replace(item, source=Source(file, 0, line or 1, digest, number, placed))


INTERNAL_ERROR: Final = "internal-error"
"""Problem code of a record the indexer failed on (``origin = 'index'``): the verifier raised,
the deal's rows cannot be stored, or the reader failed."""
READER_FAILED: Final = "E100"
"""Notation error code of a record the reader failed on (a bug, not the record's fault)."""
VERIFIER_FAILED: Final = "error"
"""Verdict status of a deal the verifier failed on (indexed, with its ``internal-error``)."""

_VERIFIERS: dict[str, Verifier] = {}


def verifier(spec: str = DEFAULT_VERIFIER) -> Verifier:
    """The verify function named ``"module:function"`` (cached per process)."""
    if spec not in _VERIFIERS:
        module, _, name = spec.partition(":")
        _VERIFIERS[spec] = getattr(importlib.import_module(module), name)
    return _VERIFIERS[spec]


# --- inputs and chunks ------------------------------------------------------------------------


def find_inputs(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path]]:
    """Deal files and Parquet datasets named by ``paths`` (directories are walked).

    Raises FileNotFoundError for a path that does not exist.
    """
    files: list[Path] = []
    datasets: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(f"no such file or directory: {str(raw)!r}")
        if is_parquet_dataset(path):
            datasets.append(path)
        elif path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in EXTENSIONS))
        else:
            files.append(path)
    unique = list(dict.fromkeys(p.resolve() for p in files))
    return unique, datasets


NATIVE_FORMATS: Final = ("tpgn", "json", "jsonl")
"""The formats of :mod:`tarokpgn.convert` that indexing reads (:func:`read_chunk`,
:func:`read_json`)."""


class ForeignFiles(TarokPgnError, ValueError):
    """Input files in another program's format: one line each (:func:`foreign_files`)."""


def foreign_files(files: Iterable[Path]) -> list[str]:
    """A line for each of ``files`` whose first bytes are in a format that indexing does not
    read (:func:`tarokpgn.convert.format_to_read`: an OpenSpiel log, a score sheet …), with
    the command that converts it. A cheap look at the first 4 KB of each file (a TPGN file is
    told without loading the other formats and the plug-ins)."""
    from tarokpgn.convert import HEAD_BYTES, format_to_read

    lines = []
    for path in files:
        with path.open("rb") as handle:
            fmt = format_to_read(path.name, handle.read(HEAD_BYTES))
        if fmt is not None and fmt.name not in NATIVE_FORMATS:
            tpgn = path.with_suffix(".tpgn")
            out = tpgn if tpgn != path else path.with_name(f"{path.stem}-converted.tpgn")
            command = f"tarokpgn convert --to tpgn {path} -o {out}"
            lines.append(f"{path} is in the {fmt.name} format, which index does not read: "
                         f"convert it first: {command}")  # fmt: skip
    return lines


@dataclass(frozen=True, slots=True)
class FilePlan:
    """One input file: its identity and its chunks ``(start, stop, first_line)``."""

    file: str
    sha256: str
    size: int
    mtime: dt.datetime
    chunks: tuple[tuple[int, int, int], ...]


_CUT: Final = b"\nend\n"


def _cut_after(buf: bytes, start: int) -> int:
    """Index of the first tag line that follows an ``end`` line (blank lines between) at or
    after ``start`` in ``buf``: a record boundary; -1 if there is none yet."""
    i = buf.find(_CUT, start)
    while i >= 0:
        j = i + len(_CUT)
        window = buf[j : j + 64]
        rest = window.lstrip(b"\r\n")
        if rest.startswith(b"["):
            return j + len(window) - len(rest)  # the next chunk starts at its first tag
        if len(rest) == 0 and j + 64 >= len(buf):
            return -1  # cannot tell yet: look again with the next block
        i = buf.find(_CUT, j - 1)
    return -1


def plan_file(path: Path, chunk_bytes: int = CHUNK_BYTES) -> FilePlan:
    """Hash ``path`` and cut it into chunks of whole records, reading it once in blocks."""
    digest = hashlib.sha256()
    cuts: list[tuple[int, int]] = [(0, 1)]  # (offset, line)
    buf, buf_start, buf_lines = b"", 0, 0  # buf_lines: newlines before buf_start
    with path.open("rb") as handle:
        while block := handle.read(max(chunk_bytes, 1 << 16)):
            digest.update(block)
            buf += block
            while True:
                want = cuts[-1][0] + chunk_bytes - buf_start
                cut = _cut_after(buf, max(want, 0))
                if cut < 0:
                    break
                line = buf_lines + buf.count(b"\n", 0, cut) + 1
                cuts.append((buf_start + cut, line))
            keep = max(len(buf) - 128, 0)
            buf_lines += buf.count(b"\n", 0, keep)
            buf, buf_start = buf[keep:], buf_start + keep
    size = path.stat().st_size
    if path.suffix in JSON_SUFFIXES:
        cuts = cuts[:1]
    bounds = [c[0] for c in cuts[1:] if c[0] < size] + [size]
    chunks = tuple((s, e, ln) for (s, ln), e in zip(cuts, bounds, strict=False) if e > s)
    mtime = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC).replace(tzinfo=None)
    return FilePlan(str(path), digest.hexdigest(), size, mtime, chunks)


# --- the worker -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Task:
    """One chunk for a worker."""

    file: str
    start: int
    stop: int
    line: int
    verifier: str


@dataclass(slots=True)
class Result:
    """A worker's rows for one chunk (:func:`pack_tables`); records are numbered from 1 within
    the chunk."""

    packed: bytes
    records: int
    deals: int
    errors: int
    nbytes: int
    failed: int = 0
    """Records tarokpgn failed on (:attr:`Report.failed`)."""

    def tables(self) -> dict[str, pa.Table]:
        return unpack_tables(self.packed)


def pack_tables(tables: dict[str, pa.Table]) -> bytes:
    """:meth:`Rows.to_arrow`'s tables as one run of Arrow IPC streams, to send to the main
    process (a fifth smaller than the tables pickled, and written four times faster)."""
    sink = pa.BufferOutputStream()
    for name in ARROW_SCHEMAS:
        table = tables[name]
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
    return cast(bytes, sink.getvalue().to_pybytes())


def unpack_tables(packed: bytes) -> dict[str, pa.Table]:
    """The tables of :func:`pack_tables` (Arrow reads them in place: no copy)."""
    reader = pa.BufferReader(pa.py_buffer(packed))
    return {name: pa.ipc.open_stream(reader).read_all() for name in ARROW_SCHEMAS}


def _located(record: Record, task: Task, number: int) -> Record:
    """``record`` placed in its file: its offset in the file and its record number (its lines
    are the file's already: :func:`read_chunk`)."""
    src = record.source
    assert src is not None
    # built directly: dataclasses.replace costs more than reading some records
    moved = Source(src.file, src.offset + task.start, src.line, src.sha256, number, src.tag_lines)
    return Record(record.tags, record.items, moved)


def run_task(task: Task) -> Result:
    """Read and verify one chunk (runs in a worker process).

    The chunk's rows are converted to Arrow all at once. Should that fail (a value that no
    column can hold, a NULL where the schema forbids it: DuckDB would reject the whole batch),
    the chunk is read again and each deal checked on its own first (:func:`_storable`), so
    that only the deals that cannot be stored are left out, reported in ``problems``.
    """
    with open(task.file, "rb") as handle:
        handle.seek(task.start)
        data = handle.read(task.stop - task.start)
    rows = Rows()
    records, errors, failed = _add_chunk(rows, data, task, careful=False)
    try:
        tables = _checked(rows.to_arrow())
    except Exception:  # some deal cannot be stored: find it (the slow path, rare)
        rows = Rows()
        records, errors, failed = _add_chunk(rows, data, task, careful=True)
        tables = _checked(rows.to_arrow())
    failed += _errored(tables["deal_rows"])
    return Result(pack_tables(tables), records, records - errors, errors, len(data), failed)


def _add_chunk(rows: Rows, data: bytes, task: Task, *, careful: bool) -> tuple[int, int, int]:
    """Read, verify and add the records of ``data`` (the chunk of ``task``) to ``rows``;
    returns the records read, those that could not be indexed, and those of them that the
    indexer failed on. With ``careful``, each deal is checked to be storable first."""
    verify = verifier(task.verifier)
    records = errors = failed = 0
    json = task.file.endswith(JSON_SUFFIXES)  # a JSON file is one task, from its line 1
    try:
        for item in read_json(data, task.file) if json else read_chunk(data, task.file, task.line):
            records += 1
            if isinstance(item, NotationError):
                errors += 1
                failed += item.code == READER_FAILED
                line = item.line or task.line
                rows.add_error(
                    task.file, records, line, item.code, item.message, column=item.column
                )
                continue
            bad = _add_verified(rows, _located(item, task, records), verify, careful)
            errors += bad
            failed += bad
    except Exception as exc:  # the reader failed: the rest of the chunk is lost, not the run
        records += 1
        last = task.line + data.count(b"\n")
        message = f"{describe(exc, 300)} (the reader stopped: the rest of lines "
        message += f"{task.line}-{last} skipped)"
        rows.add_error(task.file, records, task.line, INTERNAL_ERROR, message, origin="index")
        return records, errors + 1, failed + 1
    return records, errors, failed


def _add_verified(rows: Rows, record: Record, verify: Verifier, careful: bool = False) -> int:
    """Verify and add ``record``; 1 when it could not be indexed. With ``careful``, only if
    its rows can be stored (:func:`_storable`)."""
    src = record.source
    assert src is not None
    number = src.index
    try:
        verdict = verify(record)
        if careful:
            _storable(record, verdict)
        rows.add_deal(record, verdict)
    except Exception as exc:  # one bad deal must not stop the archive
        rows.add_error(
            src.file, number, src.line, INTERNAL_ERROR, describe(exc, 300),
            origin="index", deal_id=src.sha256 or None,
        )  # fmt: skip
        return 1
    return 0


class UnstorableError(TarokPgnError, ValueError):
    """A deal's rows cannot be stored in the archive (converted to Arrow, or a NULL where
    the schema forbids one)."""


def _storable(record: Record, verdict: Verdict) -> None:
    """Raise :class:`UnstorableError` unless the rows of ``record`` convert on their own."""
    alone = Rows()
    alone.add_deal(record, verdict)
    try:
        _checked(alone.to_arrow())
    except UnstorableError:
        raise
    except Exception as exc:
        raise UnstorableError(f"the deal cannot be stored ({type(exc).__name__}: {exc})") from exc


def _errored(deals: pa.Table) -> int:
    """Deals of ``deals`` whose verdict is that the verifier failed on them."""
    status = deals.column("status")
    return int(pc.sum(pc.equal(status, pa.scalar(VERIFIER_FAILED))).as_py() or 0)


def _checked(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """``tables``, unless a column that cannot be NULL has a NULL (:class:`UnstorableError`)."""
    required = required_columns()
    for name, table in tables.items():
        for column in required[name]:
            if table.column(column).null_count:
                raise UnstorableError(f"the deal cannot be stored: {name}.{column} is NULL")
    deals = tables["deal_rows"]
    for column, fields in NON_NULL_ITEMS.items():
        items = pc.list_flatten(deals.column(column).combine_chunks())
        for part in [items.field(f) for f in fields] if fields else [items]:
            if part.null_count:
                raise UnstorableError(f"the deal cannot be stored: a {column} item is NULL")
    return tables


def _quiet_worker(parent: int) -> None:
    """Set up a worker process: Ctrl-C is for the main process, the main process goes first
    when they compete for a core (:data:`WORKER_NICENESS`), and the worker ends when the main
    process is gone (killed: nothing else would tell it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    _freeze_garbage_collector()
    _keep_freed_memory()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


# mallopt option numbers (glibc's malloc.h)
_M_TRIM_THRESHOLD: Final = -1
_M_MMAP_THRESHOLD: Final = -3


def _keep_freed_memory() -> None:
    """Have glibc's allocator keep the memory a worker frees, for the next chunk to reuse.

    By default it hands large blocks (a chunk's text, its rows, its packed tables) back to the
    system when freed, and the next chunk's first touch of each page faults: ~3 faults a deal,
    5–10 % of a worker's time. A worker's peak is one chunk, so keeping it costs nothing more.
    A no-op where the C library has no ``mallopt``.
    """
    import ctypes
    import ctypes.util

    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c")).mallopt
    except (OSError, AttributeError, TypeError):
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)  # blocks up to 32 MiB from the heap, not mmap
    mallopt(_M_TRIM_THRESHOLD, 1 << 30)  # do not give the heap's free top back


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _freeze_garbage_collector() -> None:
    """Collect cyclic garbage only after every chunk (:func:`_run_chunk`), and never scan what
    exists now (in a worker: what it inherited).

    A chunk makes and drops hundreds of thousands of objects (freed by reference counting) and
    keeps tens of thousands (its rows) until it is done; with automatic collections the
    collector keeps rescanning those (up to a tenth of a worker's time in a profile).
    """
    gc.disable()
    gc.freeze()


def _collect_young_garbage() -> None:
    """Collect the cyclic garbage made since the last collection: the youngest generation
    only. What survived earlier chunks (the reader's memos: tens of thousands of objects,
    kept) is not scanned again after every chunk, as a full collection did."""
    gc.collect(0)


def _run_chunk(task: Task) -> Result:
    """:func:`run_task`, then a collection of what the chunk left."""
    result = run_task(task)
    _collect_young_garbage()
    return result


def ordered_map(
    func: Callable[[Task], Result],
    tasks: Iterable[Task],
    workers: int,
    window: int,
    weight: Callable[[Task], int] | None = None,
    lost: Callable[[Task, BaseException], Result] | None = None,
) -> Iterator[Result]:
    """``map(func, tasks)`` on ``workers`` processes, in order.

    At most ``window`` tasks are in flight (submitted and not yet yielded); with ``weight``,
    tasks whose weights add up to at most ``window``, or up to ``2 * workers`` tasks whatever
    their weights. The pool keeps receiving results while the caller is busy with the ones yielded,
    so the workers run ahead of the caller by up to the window.

    A worker that dies (killed for its memory, a crash) breaks the whole pool, and every task in
    flight with it. With ``lost``, the run goes on (:func:`_recover`): the first of them runs
    again alone, in a pool of its own; if that breaks too, its result is ``lost(task, error)``;
    the others run again on a new pool. Without ``lost`` the error is raised.
    """
    if workers <= 1:
        yield from map(func, tasks)
        return
    cost = weight or (lambda _task: 1)
    pool = _pool(workers)
    pending: _Pending = deque()
    try:
        load = 0
        for task in tasks:
            w = cost(task)
            while pending and load + w > window and len(pending) >= 2 * workers:
                load -= pending[0][2]
                result, pool = _next_result(func, pending, pool, workers, lost)
                yield result
            pending.append((_submit(pool, func, task), task, w))
            load += w
        while pending:
            result, pool = _next_result(func, pending, pool, workers, lost)
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _pool(workers: int) -> ProcessPoolExecutor:
    # Not multiprocessing.Pool: its worker-handler thread waits on the result pipe too, so it
    # spins while a large result is being received (a tenth of the main process's time here).
    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    return ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_quiet_worker, initargs=(os.getpid(),)
    )


_Pending = deque[tuple[Future[Result], Task, int]]


def _submit(
    pool: ProcessPoolExecutor, func: Callable[[Task], Result], task: Task
) -> Future[Result]:
    """``pool.submit(func, task)``; when the pool is broken already (a worker died), a future
    holding that error, for :func:`_next_result` to recover from in turn."""
    try:
        return pool.submit(func, task)
    except BrokenProcessPool as exc:
        future: Future[Result] = Future()
        future.set_exception(exc)
        return future


def _next_result(
    func: Callable[[Task], Result],
    pending: _Pending,
    pool: ProcessPoolExecutor,
    workers: int,
    lost: Callable[[Task, BaseException], Result] | None,
) -> tuple[Result, ProcessPoolExecutor]:
    """The result of the first task of ``pending`` (taken off it), and the pool to go on
    with: a new one when a worker died (:func:`_recover`)."""
    try:
        result = pending[0][0].result()
    except BrokenProcessPool:
        if lost is None:
            raise
        result, pool = _recover(func, pending, pool, workers, lost)
    pending.popleft()
    return result, pool


def _recover(
    func: Callable[[Task], Result],
    pending: _Pending,
    pool: ProcessPoolExecutor,
    workers: int,
    lost: Callable[[Task, BaseException], Result],
) -> tuple[Result, ProcessPoolExecutor]:
    """After a worker died: run the first pending task alone (so a task that kills its worker
    costs only itself: ``lost``), then submit the rest again to a new pool. Each break settles
    at least one task, so a run always ends."""
    pool.shutdown(wait=True, cancel_futures=True)
    task = pending[0][1]
    alone = _pool(1)
    try:
        result = alone.submit(func, task).result()
    except BrokenProcessPool as again:
        result = lost(task, again)
    finally:
        alone.shutdown(wait=True, cancel_futures=True)
    pool = _pool(workers)
    for i in range(1, len(pending)):
        _f, other, w = pending[i]
        pending[i] = (_submit(pool, func, other), other, w)
    return result, pool


def lost_task(task: Task, exc: BaseException) -> Result:
    """The result of a chunk whose worker died on it twice (:func:`ordered_map`): one
    ``internal-error`` problem naming its lines, which are not indexed; the run goes on."""
    with open(task.file, "rb") as handle:
        handle.seek(task.start)
        lines = handle.read(task.stop - task.start).count(b"\n")
    last = task.line + max(lines - 1, 0)
    message = (
        f"a worker process died twice reading lines {task.line}-{last} "
        f"({describe(exc, 200)}): they were not indexed; index the file again with more "
        "free memory, or report it"
    )
    rows = Rows()
    rows.add_error(task.file, 1, task.line, INTERNAL_ERROR, message, origin="index")
    return Result(pack_tables(rows.to_arrow()), 1, 0, 1, task.stop - task.start, 1)


# --- the main process -------------------------------------------------------------------------


@dataclass(slots=True)
class Report:
    """What an index run did."""

    files: int = 0
    """Deal files named by the inputs."""
    indexed: int = 0
    """Files (re)loaded."""
    skipped: int = 0
    """Files unchanged since they were indexed."""
    records: int = 0
    deals: int = 0
    """Records indexed (verified, whatever the verdict)."""
    errors: int = 0
    """Records that could not be indexed (in ``problems``)."""
    failed: int = 0
    """Records tarokpgn failed on (a bug, not the data's fault): not indexed (``origin =
    'index'``: the verifier raised, the deal cannot be stored, the reader failed; or a notation
    error E100), or indexed with status ``error`` (the verifier reported its own failure)."""
    datasets: int = 0
    gone: int = 0
    """Files the archive held under a directory given that no longer exist."""
    forgotten: int = 0
    """Files of ``gone`` removed from the archive (``prune``)."""
    unfinished: list[str] = field(default_factory=list)
    """Files of ``indexed`` not (yet) in the archive, in order: when the run stopped early
    (an error, Ctrl-C), those it had not finished; a rerun indexes them."""
    seconds: float = 0.0


@dataclass(slots=True)
class _Open:
    """A file whose chunks are being collected."""

    plan: FilePlan
    chunks_left: int
    received: int = 0
    begun: bool = False
    records: int = 0
    errors: int = 0
    batches: list[dict[str, pa.Table]] = field(default_factory=list)


def _renumber(tables: dict[str, pa.Table], offset: int) -> dict[str, pa.Table]:
    """Shift the record numbers of a chunk by the records of the file's earlier chunks."""
    if not offset:
        return tables
    out = dict(tables)
    for table, column in (("occurrence_rows", "idx"), ("problems", "record")):
        t = out[table]
        i = t.schema.get_field_index(column)
        out[table] = t.set_column(i, column, pc.add(t[column], pa.scalar(offset, pa.int32())))
    return out


class Loader:
    """Collects chunk results in order and writes them to the archive in batches."""

    def __init__(
        self,
        archive: Archive,
        batch_deals: int,
        on_chunk: Callable[[Result], None],
        commit_deals: int | None = None,
    ):
        self.archive = archive
        self.batch_deals = batch_deals
        self.commit_deals = max(commit_deals or batch_deals, batch_deals)
        self.on_chunk = on_chunk
        self.open: dict[str, _Open] = {}
        self.buffered = 0
        self.uncommitted = 0
        self.finished: list[str] = []
        """Files whose ``sources`` row is written but not committed yet."""
        self.committed: set[str] = set()
        """Files whose ``sources`` row is committed: they are in the archive."""

    def expect(self, plan: FilePlan) -> None:
        self.open[plan.file] = _Open(plan, len(plan.chunks))

    def add(self, file: str, result: Result) -> None:
        entry = self.open[file]
        entry.batches.append(_renumber(result.tables(), entry.records))
        entry.records += result.records
        entry.errors += result.errors
        entry.chunks_left -= 1
        entry.received += 1
        self.buffered += result.records
        self.on_chunk(result)
        # A large file is written in several batches, each committed (uncommitted rows are
        # held in memory by DuckDB); the file counts as indexed once its sources row is in.
        complete = entry.chunks_left == 0
        if self.buffered >= self.batch_deals or (complete and entry.begun):
            self.flush()

    def flush(self) -> None:
        """Write what is buffered, with the ``sources`` rows of completed files; commit when
        the transaction's new deals fill a row group (DuckDB then writes them compressed,
        straight to the database file, not to its log and again at the checkpoint:
        :meth:`~tarokpgn.archive.store.Archive.insert`), or once ``commit_deals`` deals are
        uncommitted (which bounds memory when most deals are stored already).

        Files whose chunks have not come back yet are not touched. A file left half-written
        by an interruption has no ``sources`` row, and its rows are dropped when the archive
        is next opened for writing (:meth:`~tarokpgn.archive.store.Archive.drop_unfinished`).
        """
        batches: list[dict[str, pa.Table]] = []
        for entry in self.open.values():
            if entry.received == 0 and entry.chunks_left > 0:
                continue
            if not entry.begun:
                self.archive.begin_file(entry.plan.file)
                entry.begun = True
            batches.extend(entry.batches)
            entry.batches = []
        if self.archive.insert(batches):
            self.commit()  # whole row groups (before any sources row: some deals wait)
        for file, entry in list(self.open.items()):
            if entry.chunks_left == 0:
                p = entry.plan
                info = SourceInfo(p.file, p.sha256, p.size, p.mtime, entry.records, entry.errors)
                self.archive.finish_file(info)
                self.finished.append(file)
                del self.open[file]
        self.uncommitted += self.buffered
        self.buffered = 0
        if self.uncommitted >= self.commit_deals:
            self.commit()

    def commit(self) -> None:
        self.archive.commit()
        self.uncommitted = 0
        self.committed.update(self.finished)
        self.finished.clear()


def index_paths(
    archive: Archive,
    paths: Iterable[str | Path],
    *,
    workers: int | None = None,
    batch_deals: int = BATCH_DEALS,
    commit_deals: int = COMMIT_DEALS,
    chunk_bytes: int = CHUNK_BYTES,
    verify: str = DEFAULT_VERIFIER,
    progress: Callable[[Report, int, int], None] | None = None,
    prune: bool = True,
    report: Report | None = None,
) -> Report:
    """Index deal files and Parquet datasets into ``archive``; returns what was done.

    Deals are inserted in batches of ``batch_deals`` and committed whenever the new deals fill
    a row group, and every ``commit_deals`` (at least every batch). ``progress(report,
    bytes_done, bytes_total)`` is called after every chunk. With ``prune``, the files the
    archive holds under a directory of ``paths`` that no longer exist are removed from it
    (:meth:`Archive.forget`), once the others are loaded.
    ``report``, if given, is filled in as the run goes: a caller still has it when the run
    stops early (:attr:`Report.unfinished`).
    """
    started = time.perf_counter()
    paths = list(paths)
    files, datasets = find_inputs(paths)
    foreign = foreign_files(files)
    if foreign:
        raise ForeignFiles("\n".join(foreign))
    report = report if report is not None else Report()
    report.files, report.datasets = len(files), len(datasets)
    for dataset in datasets:
        archive.import_parquet(dataset)
    known = archive.sources()
    gone = gone_files(known, paths, files)
    report.gone = len(gone)
    plans = [plan_file(f, chunk_bytes) for f in files]
    todo = [p for p in plans if known.get(p.file) != p.sha256]
    report.skipped = len(plans) - len(todo)
    report.indexed = len(todo)
    report.unfinished = [p.file for p in todo]
    total = sum(p.size for p in todo)
    done = 0

    def on_chunk(result: Result) -> None:
        nonlocal done
        done += result.nbytes
        report.records += result.records
        report.deals += result.deals
        report.errors += result.errors
        report.failed += result.failed
        if progress is not None:
            progress(report, done, total)

    loader = Loader(archive, batch_deals, on_chunk, commit_deals)
    n = workers or os.cpu_count() or 1
    collecting = gc.isenabled()
    _freeze_garbage_collector()  # the workers inherit it; here it serves when n is 1
    forget = gone if prune else []
    try:
        _load(archive, todo, loader, verify, n, chunk_bytes, forget)
    finally:
        gc.unfreeze()
        if collecting:
            gc.enable()
        report.unfinished = [p.file for p in todo if p.file not in loader.committed]
    report.forgotten = len(forget)
    report.seconds = time.perf_counter() - started
    return report


def gone_files(known: Iterable[str], paths: Iterable[str | Path], found: list[Path]) -> list[str]:
    """The files of ``known`` (indexed) that lie under a directory of ``paths`` (not a Parquet
    dataset) and no longer exist; ``found``: the files found there now."""
    dirs = [Path(p).resolve() for p in paths if Path(p).is_dir() and not is_parquet_dataset(p)]
    if not dirs:
        return []
    seen = {str(f) for f in found}
    return [
        f
        for f in sorted(known)
        if f not in seen and any(Path(f).is_relative_to(d) for d in dirs) and not Path(f).exists()
    ]


def _load(
    archive: Archive,
    todo: list[FilePlan],
    loader: Loader,
    verify: str,
    n: int,
    chunk_bytes: int,
    forget: list[str],
) -> None:
    tasks = _tasks(todo, loader, verify)
    with archive.loading():
        window = max(WINDOW_BYTES, 4 * n * chunk_bytes)
        results = ordered_map(_run_chunk, tasks, n, window, weight=_task_bytes, lost=lost_task)
        for file, result in zip(_task_files(todo), results, strict=True):
            loader.add(file, result)
            if n > 1:
                gc.collect()  # what handling the chunk left here (see _run_chunk)
        loader.flush()
        loader.commit()
        archive.forget(forget)  # as replacing a changed file would, in one transaction


def _tasks(plans: list[FilePlan], loader: Loader, verify: str) -> Iterator[Task]:
    for plan in plans:
        loader.expect(plan)
        for start, stop, line in plan.chunks:
            yield Task(plan.file, start, stop, line, verify)
        if not plan.chunks:  # an empty file: nothing to read, still a source
            loader.open[plan.file].chunks_left = 0


def _task_bytes(task: Task) -> int:
    return task.stop - task.start


def _task_files(plans: list[FilePlan]) -> Iterator[str]:
    for plan in plans:
        for _ in plan.chunks:
            yield plan.file
