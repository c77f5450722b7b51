"""Verifying and indexing on a Dask cluster, when one machine is not enough.

The work is the single-machine index's (:mod:`tarokpgn.archive.ingest`), spread by
`Dask <https://distributed.dask.org>`_ (``dask.distributed``, the optional extra
``tarokpgn[dask]``) over the workers of a cluster:

1. **plan** (one task per file, on the workers): hash the file and cut it into byte ranges on
   record boundaries (:func:`~tarokpgn.archive.ingest.plan_file`);
2. **map** (one task per range): read and verify the range
   (:func:`~tarokpgn.archive.ingest.run_task`, the same per-chunk work as ``tarokpgn index``)
   and write its rows, as Arrow IPC, to a file of the work folder named after the file's path,
   its hash and the range's offset (written under a temporary name, then renamed);
3. **merge** (one task): load the ranges in file order into a DuckDB archive with the
   single-machine :class:`~tarokpgn.archive.ingest.Loader` (which stores a deal found in
   several places once, with one ``occurrences`` row per place), and export it with
   :meth:`~tarokpgn.archive.store.Archive.export_parquet`: the Hive-partitioned Parquet
   dataset that DuckDB, Spark, Trino and Polars read, and that ``tarokpgn index DIR`` merges.

Every task's output has a name fixed by its input and appears whole or not at all, so a task
that Dask runs again (its worker died: Dask reschedules it, and the tasks whose results that
worker held) overwrites its output instead of adding to it: a run that loses workers gives the
dataset a run that loses none gives. The dataset itself is moved into place only when complete.

The client and every worker must see the input files and the dataset's folder at the same
paths (a shared filesystem), and run the same version of tarokpgn (checked first). One run at
a time per dataset. See ``docs/distributed.rst``.

:func:`verify_files` verifies on the cluster without indexing: the count of each status and the
problems found.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from tarokpgn.archive.ingest import (
    BATCH_DEALS,
    CHUNK_BYTES,
    COMMIT_DEALS,
    DEFAULT_VERIFIER,
    JSON_SUFFIXES,
    FilePlan,
    ForeignFiles,
    Loader,
    Result,
    Task,
    find_inputs,
    foreign_files,
    plan_file,
    read_chunk,
    read_json,
    run_task,
    verifier,
)
from tarokpgn.archive.store import Archive, is_parquet_dataset
from tarokpgn.errors import NotationError, TarokPgnError, describe

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "ClusterError",
    "DaskMissing",
    "IndexReport",
    "SchedulerUnreachable",
    "VerifyReport",
    "connect",
    "index_dataset",
    "verify_files",
]

INSTALL_HINT: Final = 'install it with: pip install "tarokpgn[dask]"'
CONNECT_TIMEOUT: Final = 10.0
"""Seconds :func:`connect` waits for the scheduler before giving up."""
WORK_SUFFIX: Final = ".work"
"""The work folder of a dataset ``DIR`` is ``DIR.work`` beside it (same filesystem, so that
the finished dataset is renamed into place); it is removed at the end of a run."""
RANGE_BYTES = CHUNK_BYTES
"""Largest target size of a byte range (a map task) when none is given: the single-machine
index's chunk (about 1,200 deals; a task's overhead on Dask is a few milliseconds). Smaller
inputs are cut finer, into :data:`RANGES_PER_WORKER` ranges a worker, down to
:data:`MIN_RANGE_BYTES` (:func:`range_bytes`)."""
RANGES_PER_WORKER: Final = 8
MIN_RANGE_BYTES: Final = 64 << 10
PROBLEMS_KEPT: Final = 1000
"""Problems :func:`verify_files` returns by default (all are counted)."""


class ClusterError(TarokPgnError, RuntimeError):
    """The cluster cannot do the run: the scheduler is unreachable, a worker cannot read an
    input or write the dataset, the dataset's folder is taken. One line, its cause first."""


class DaskMissing(ClusterError):
    """``dask.distributed`` is not installed (the optional extra ``tarokpgn[dask]``). (Not
    also an :exc:`ImportError`: with the compiled :class:`TarokPgnError` its instance lay-out
    conflicts, as :exc:`ConnectionError`'s does below.)"""


class SchedulerUnreachable(ClusterError):
    """The scheduler did not answer (:func:`connect`)."""


def _dask() -> Any:
    """The ``distributed`` module, or :class:`DaskMissing`."""
    try:
        import distributed
    except ImportError as exc:
        raise DaskMissing(f"dask.distributed is not installed: {INSTALL_HINT}") from exc
    return distributed


def connect(address: str, timeout: float | None = None) -> Client:
    """A client of the scheduler at ``address`` (``tcp://host:8786``).

    Raises :class:`DaskMissing` without dask, :class:`SchedulerUnreachable` when the scheduler
    does not answer within ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`).
    """
    distributed = _dask()
    try:
        wait = CONNECT_TIMEOUT if timeout is None else timeout
        client: Client = distributed.Client(address, timeout=wait)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        detail = " ".join(str(exc).split()) or type(exc).__name__
        message = f"cannot reach the Dask scheduler at {address}: {detail}"
        raise SchedulerUnreachable(message) from exc
    return client


# --- the tasks (run on the workers) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Part:
    """A map task's output: where its rows are, and the counts of its :class:`Result`."""

    path: str
    records: int
    deals: int
    errors: int
    nbytes: int
    failed: int


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` under a temporary name, then rename it: a reader sees the
    whole file or none (a task run again replaces it)."""
    temp = path.with_name(f"{path.name}.tmp-{uuid.uuid4().hex}")
    try:
        temp.write_bytes(data)
        temp.replace(path)
    finally:
        temp.unlink(missing_ok=True)


def _index_range(task: Task, out: str) -> _Part:
    """Read and verify one byte range (:func:`run_task`) and write its rows to ``out``."""
    result = run_task(task)
    _write_whole(Path(out), result.packed)
    return _Part(out, result.records, result.deals, result.errors, result.nbytes, result.failed)


def _part_name(file: str, sha256: str, start: int) -> str:
    """The output file of the range of ``file`` (content ``sha256``) at byte ``start``."""
    name = hashlib.sha256(file.encode("utf-8", "surrogateescape")).hexdigest()[:20]
    return f"{name}-{sha256[:20]}-{start}.arrow"


def _merge(
    plans: Sequence[FilePlan],
    parts: Sequence[Sequence[_Part]],
    datasets: Sequence[str],
    target: str,
    work: str,
    batch_deals: int,
    commit_deals: int,
) -> dict[str, int]:
    """Load the ranges in order into a new archive, as ``tarokpgn index`` would (Parquet
    datasets among the inputs first, then the files), export it, and move the export to
    ``target``; returns table → rows written. The database is a temporary file of the
    worker's own (local disk), gone with the task; only the export is written to ``work``,
    beside ``target``."""
    staged = Path(work) / f"dataset-{uuid.uuid4().hex}"
    local = tempfile.mkdtemp(prefix="tarokpgn-merge-")
    try:
        with Archive(Path(local) / "merge.duckdb") as archive:
            archive.query("SET enable_progress_bar = false")  # a worker has no terminal
            for dataset in datasets:
                archive.import_parquet(dataset)
            loader = Loader(archive, batch_deals, lambda _result: None, commit_deals)
            with archive.loading():
                for plan, file_parts in zip(plans, parts, strict=True):
                    loader.expect(plan)
                    if not file_parts:  # an empty file: nothing to read, still a source
                        loader.open[plan.file].chunks_left = 0
                    for p in file_parts:
                        packed = Path(p.path).read_bytes()
                        result = Result(packed, p.records, p.deals, p.errors, p.nbytes, p.failed)
                        loader.add(plan.file, result)
                loader.flush()
                loader.commit()
            counts = archive.export_parquet(staged)
        _publish(staged, Path(target), Path(work))
    finally:
        shutil.rmtree(local, ignore_errors=True)
        shutil.rmtree(staged, ignore_errors=True)
    return counts


def _publish(staged: Path, target: Path, work: Path) -> None:
    """Move the complete dataset ``staged`` to ``target``, replacing a dataset there."""
    old = work / f"old-{uuid.uuid4().hex}"
    if target.exists():
        target.replace(old)
    staged.replace(target)
    shutil.rmtree(old, ignore_errors=True)


# --- indexing -----------------------------------------------------------------------------


@dataclass(slots=True)
class IndexReport:
    """What :func:`index_dataset` did."""

    dataset: str
    files: int = 0
    """Deal files indexed."""
    datasets: int = 0
    """Parquet datasets among the inputs, merged."""
    ranges: int = 0
    """Byte ranges the files were cut into (map tasks)."""
    records: int = 0
    deals: int = 0
    """Records indexed (verified, whatever the verdict)."""
    errors: int = 0
    """Records that could not be indexed (in ``problems``)."""
    failed: int = 0
    """Records tarokpgn failed on (:attr:`tarokpgn.archive.ingest.Report.failed`)."""
    workers: int = 0
    """Workers of the cluster when the run started."""
    rows: dict[str, int] = field(default_factory=dict)
    """Table → rows in the dataset."""
    sha256: dict[str, str] = field(default_factory=dict)
    """File → the hash of the content indexed."""
    seconds: float = 0.0


def _client(client: Client | str) -> tuple[Any, bool]:
    """``client``, or a client of the scheduler at that address (to be closed: True); typed
    Any, as dask's methods are not all typed."""
    if isinstance(client, str):
        return connect(client), True
    return client, False


def range_bytes(files: Sequence[Path], workers: int) -> int:
    """The target size of a byte range for ``files`` on ``workers`` workers: the workers are
    kept evenly busy to the end (several ranges each) without tasks so small that Dask's
    overhead shows."""
    total = sum(f.stat().st_size for f in files)
    share = total // (RANGES_PER_WORKER * max(workers, 1))
    return max(MIN_RANGE_BYTES, min(RANGE_BYTES, share))


def _version() -> str:
    from tarokpgn import __version__

    return __version__


def _check_workers(client: Any) -> int:
    """The number of workers, once each is seen to run this version of tarokpgn; otherwise
    :class:`ClusterError` (no worker at all: the tasks would wait for one forever)."""
    try:
        versions: dict[str, str] = client.run(_version)
    except Exception as exc:  # a worker cannot even load tarokpgn (unpickling the function)
        raise ClusterError(
            f"a worker cannot run tarokpgn ({describe(exc, 200)}): every worker needs the same "
            f"version as this machine, {INSTALL_HINT}"
        ) from exc
    if not versions:
        raise ClusterError("the cluster has no worker: start some (dask worker ADDRESS)")
    for worker, version in sorted(versions.items()):
        if version != _version():
            raise ClusterError(
                f"worker {worker} runs tarokpgn {version}, this machine {_version()}: every "
                "worker needs the same version (the rows would differ)"
            )
    return len(versions)


def _check_target(target: Path) -> None:
    if target.exists() and not is_parquet_dataset(target):
        if not target.is_dir() or any(target.iterdir()):
            raise ClusterError(
                f"{target} exists and is not a tarokpgn Parquet dataset: give a new folder "
                "(an existing dataset is replaced)"
            )
        target.rmdir()


def _gather(client: Any, futures: Any, what: str) -> Any:
    """The results of ``futures``; an error of a task as one :class:`ClusterError` line."""
    try:
        return client.gather(futures)
    except ClusterError:
        raise
    except (OSError, TarokPgnError) as exc:  # a task's error, raised again here
        raise ClusterError(f"{what}: {describe(exc, 300)}") from exc
    except _dask().KilledWorker as exc:
        raise ClusterError(f"{what}: the workers running a task kept dying ({exc})") from exc


def index_dataset(
    paths: Iterable[str | Path],
    dataset: str | Path,
    client: Client | str,
    *,
    chunk_bytes: int | None = None,
    verify: str = DEFAULT_VERIFIER,
    batch_deals: int = BATCH_DEALS,
    commit_deals: int = COMMIT_DEALS,
    progress: Callable[[int, int], None] | None = None,
) -> IndexReport:
    """Index the deal files and Parquet datasets of ``paths`` on a Dask cluster into the
    Parquet dataset ``dataset`` (the layout of :meth:`Archive.export_parquet`).

    ``client`` is a :class:`distributed.Client` or the address of a scheduler. Directories are
    walked as ``tarokpgn index`` walks them; the result equals ``tarokpgn index`` of the same
    paths into a new archive, exported (the ``sources.indexed_at`` times aside). A dataset
    already at ``dataset`` is replaced at the end (it stays readable until then); any other
    non-empty folder there is refused. The files are cut into byte ranges of about
    ``chunk_bytes`` (default: :func:`range_bytes`). ``progress(ranges_done, ranges_total)`` is
    called as the byte ranges are verified.

    Raises FileNotFoundError for a missing path, :class:`~tarokpgn.archive.ingest.ForeignFiles`
    for a file in another program's format (nothing is done), :class:`ClusterError` when the
    cluster cannot do the run, :class:`DaskMissing` without dask.
    """
    started = time.perf_counter()
    target = Path(dataset).resolve()
    files, datasets = find_inputs(paths)
    foreign = foreign_files(files)
    if foreign:
        raise ForeignFiles("\n".join(foreign))
    if target in [d.resolve() for d in datasets]:
        raise ClusterError(f"{target} is both an input and the output")
    _check_target(target)
    dask_client, owned = _client(client)
    work = target.with_name(target.name + WORK_SUFFIX)
    try:
        work.mkdir(parents=True, exist_ok=True)
        report = IndexReport(str(target), files=len(files), datasets=len(datasets))
        report.workers = _check_workers(dask_client)
        plan_futures = dask_client.map(
            plan_file,
            files,
            chunk_bytes=chunk_bytes or range_bytes(files, report.workers),
            pure=False,
        )
        plans = _gather(dask_client, plan_futures, "a worker cannot read an input file")
        report.sha256 = {p.file: p.sha256 for p in plans}
        tasks = [
            (
                Task(p.file, start, stop, line, verify),
                str(work / _part_name(p.file, p.sha256, start)),
            )
            for p in plans
            for start, stop, line in p.chunks
        ]
        report.ranges = len(tasks)
        futures = dask_client.map(
            _index_range, [t for t, _ in tasks], [o for _, o in tasks], pure=False
        )
        _wait(dask_client, futures, progress)
        parts = iter(futures)
        by_file = [[next(parts) for _ in p.chunks] for p in plans]
        merge = dask_client.submit(
            _merge, plans, by_file, [str(d) for d in datasets], str(target), str(work),
            batch_deals, commit_deals, pure=False,
        )  # fmt: skip
        report.rows = _gather(dask_client, merge, "the merge of the ranges failed")
        for part in _gather(dask_client, futures, "a range could not be indexed"):
            report.records += part.records
            report.deals += part.deals
            report.errors += part.errors
            report.failed += part.failed
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if owned:
            dask_client.close()
    report.seconds = time.perf_counter() - started
    return report


def _wait(client: Any, futures: list[Any], progress: Callable[[int, int], None] | None) -> None:
    """Wait for the map tasks, reporting progress; a failed one is raised by the merge."""
    if progress is None:
        return
    distributed = _dask()
    for done, _future in enumerate(distributed.as_completed(futures), 1):
        progress(done, len(futures))


# --- verifying only -----------------------------------------------------------------------


@dataclass(slots=True)
class VerifyReport:
    """What :func:`verify_files` found."""

    records: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    """Verdict status (``ok``, ``illegal`` …; ``unreadable`` for a record that could not be
    read) → records."""
    problems: int = 0
    """Problems found (all of them)."""
    kept: list[tuple[str, int, str, str]] = field(default_factory=list)
    """The first problems in file order: ``(file, line, code, message)``."""
    seconds: float = 0.0


UNREADABLE: Final = "unreadable"
"""The status :class:`VerifyReport` counts a record under that could not be read as a deal."""


def _verify_range(task: Task, keep: int) -> VerifyReport:
    """Read and verify one byte range: counts, and its first ``keep`` problems."""
    from tarokpgn.replay import internal_error

    with open(task.file, "rb") as handle:
        handle.seek(task.start)
        data = handle.read(task.stop - task.start)
    verify = verifier(task.verifier)
    out = VerifyReport()

    def found(file: str, line: int, code: str, message: str) -> None:
        out.problems += 1
        if len(out.kept) < keep:
            out.kept.append((file, line, code, message))

    json = task.file.endswith(JSON_SUFFIXES)
    try:
        for item in read_json(data, task.file) if json else read_chunk(data, task.file, task.line):
            out.records += 1
            if isinstance(item, NotationError):
                out.statuses[UNREADABLE] += 1
                found(task.file, item.line or task.line, item.code, item.message)
                continue
            try:
                verdict = verify(item)
            except Exception as exc:  # a bug costs only its own record
                verdict = internal_error(item, exc)
            out.statuses[str(verdict.status)] += 1
            for problem in verdict.problems:
                found(task.file, problem.line, problem.code, problem.message)
    except Exception as exc:  # the reader failed: the rest of the range is lost, not the run
        out.records += 1
        out.statuses[UNREADABLE] += 1
        found(task.file, task.line, "internal-error", f"the reader stopped: {describe(exc, 300)}")
    return out


def verify_files(
    paths: Iterable[str | Path],
    client: Client | str,
    *,
    chunk_bytes: int | None = None,
    verify: str = DEFAULT_VERIFIER,
    keep: int = PROBLEMS_KEPT,
) -> VerifyReport:
    """Verify the deal files of ``paths`` on a Dask cluster without indexing them: the count
    of each verdict status, and the first ``keep`` problems in file order (all counted).

    Each deal is verified on its own, as ``tarokpgn index`` does: the running ``Totals`` of a
    match, which ``tarokpgn verify`` checks across consecutive deals, are not checked.
    """
    started = time.perf_counter()
    files, _datasets = find_inputs(paths)
    dask_client, owned = _client(client)
    try:
        workers = _check_workers(dask_client)
        size = chunk_bytes or range_bytes(files, workers)
        plans = _gather(
            dask_client,
            dask_client.map(plan_file, files, chunk_bytes=size, pure=False),
            "a worker cannot read an input file",
        )
        tasks = [Task(p.file, s, e, ln, verify) for p in plans for s, e, ln in p.chunks]
        futures = dask_client.map(_verify_range, tasks, keep=keep, pure=False)
        results = _gather(dask_client, futures, "a range could not be verified")
    finally:
        if owned:
            dask_client.close()
    report = VerifyReport()
    for part in results:
        report.records += part.records
        report.statuses.update(part.statuses)
        report.problems += part.problems
        report.kept.extend(part.kept[: max(keep - len(report.kept), 0)])
    report.seconds = time.perf_counter() - started
    return report
