"""Indexing files: chunking, idempotence, replacement, bad deals, interruption."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from helpers.archive_fakes import deal_text, write_archive
from test_archive_store import count, dump

from tarokpgn.archive import store
from tarokpgn.archive.ingest import (
    WORKER_NICENESS,
    find_inputs,
    index_paths,
    ordered_map,
    pack_tables,
    plan_file,
    unpack_tables,
)
from tarokpgn.archive.rows import Rows
from tarokpgn.archive.store import Archive
from tarokpgn.errors import NotationError
from tarokpgn.notation import iter_records
from tarokpgn.replay import verify

EXAMPLES = Path(__file__).parents[1] / "examples"

FAKE = "helpers.archive_fakes:fake_verify"
TESTS = Path(__file__).parent


def test_plan_cuts_at_record_boundaries(tmp_path: Path) -> None:
    [path] = write_archive(tmp_path, 1, 60)
    data = path.read_bytes()
    plan = plan_file(path, chunk_bytes=2000)
    assert len(plan.chunks) > 5
    assert plan.chunks[0][0] == 0 and plan.chunks[-1][1] == len(data)
    for (_, stop, _), (start, _, line) in zip(plan.chunks, plan.chunks[1:], strict=False):
        assert stop == start
        assert data[start:].startswith(b"[") or data[start:].lstrip(b"\n").startswith(b"[")
        assert data[:start].count(b"\n") + 1 == line
    assert plan.size == len(data) and len(plan.sha256) == 64


def test_plan_small_and_empty_files(tmp_path: Path) -> None:
    empty = tmp_path / "e.tpgn"
    empty.write_bytes(b"")
    assert plan_file(empty).chunks == ()
    [path] = write_archive(tmp_path / "s", 1, 3)
    assert plan_file(path).chunks == ((0, path.stat().st_size, 1),)


def test_packed_tables_are_the_tables() -> None:
    """What a worker sends is unpacked to the very tables :meth:`Rows.to_arrow` gave, schemas
    included."""
    rows = Rows()
    for path in sorted((TESTS.parent / "examples").glob("*.tpgn")):
        for item in iter_records(path.read_text("utf-8"), str(path)):
            if isinstance(item, NotationError):
                rows.add_error(str(path), 1, item.line or 1, item.code, item.message)
            else:
                rows.add_deal(item, verify(item))
                rows.add_deal(item, verify(item))  # a second occurrence of the same deal
    full, empty = rows.to_arrow(), Rows().to_arrow()
    assert full["deal_rows"].num_rows > 10 and empty["deal_rows"].num_rows == 0
    assert full["occurrence_rows"].num_rows == 2 * full["deal_rows"].num_rows
    for tables in (full, empty):
        back = unpack_tables(pack_tables(tables))
        assert list(back) == list(tables)
        for name, table in tables.items():
            assert back[name].schema == table.schema, name
            assert back[name].equals(table), name


def test_find_inputs(tmp_path: Path) -> None:
    files = write_archive(tmp_path / "d", 2, 1)
    (tmp_path / "d" / "notes.txt").write_text("x")
    found, datasets = find_inputs([tmp_path / "d", files[0]])
    assert found == [f.resolve() for f in files] and datasets == []
    with pytest.raises(FileNotFoundError):
        find_inputs([tmp_path / "nope"])


@pytest.mark.parametrize("workers", [1, 2])
def test_chunked_index_equals_whole_file_index(tmp_path: Path, workers: int) -> None:
    write_archive(tmp_path / "d", 2, 150)
    with Archive(tmp_path / "whole.duckdb") as whole:
        index_paths(whole, [tmp_path / "d"], workers=1, verify=FAKE)
        expected = dump(whole)
    with Archive(tmp_path / "chunks.duckdb") as chunked:
        report = index_paths(
            chunked, [tmp_path / "d"], workers=workers, verify=FAKE, chunk_bytes=5000,
            batch_deals=70,
        )  # fmt: skip
        assert report.deals == 300 and report.errors == 0
        assert dump(chunked) == expected
    assert len(expected["deals"]) == 300
    idx = sorted(r[1] for r in expected["occurrences"] if r[0].endswith("part000.tpgn"))
    assert idx == list(range(1, 151))


def test_chunked_index_keeps_every_problem_at_its_line_in_the_file(tmp_path: Path) -> None:
    """Problems on movetext lines of a record after the file's first chunk were stored at
    their line in the chunk, not in the file (the real verifier; the fake one finds none)."""
    text = (EXAMPLES / "renons.tpgn").read_text(encoding="utf-8")
    deals = [text.replace("Club evening", f"Club evening {n}") for n in range(20)]
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "deals.tpgn").write_text("\n".join(deals), encoding="utf-8")
    lines = []
    for chunk_bytes in (1 << 20, 3000):
        with Archive(tmp_path / f"{chunk_bytes}.duckdb") as archive:
            index_paths(archive, [tmp_path / "d"], workers=1, chunk_bytes=chunk_bytes)
            rows = archive.query("SELECT line, code FROM problems ORDER BY line").rows
            lines.append(rows)
    step = text.count("\n") + 1
    first = text.split("\n").index(next(x for x in text.split("\n") if x.startswith("7. "))) + 1
    assert lines[0] == [(first + n * step, "follow-suit") for n in range(20)]
    assert lines[1] == lines[0]


def test_reindex_is_idempotent_and_changes_replace(tmp_path: Path) -> None:
    files = write_archive(tmp_path / "d", 3, 20)
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        first = dump(archive)
        again = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert again.skipped == 3 and again.indexed == 0
        assert dump(archive) == first
        # file 0 now holds file 1's deals: its own deals go, file 1's are not doubled
        files[0].write_bytes(files[1].read_bytes())
        changed = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert changed.indexed == 1 and changed.skipped == 2
        assert count(archive, "deals") == 40
        assert count(archive, "occurrences") == 60
        assert count(archive, "seats") == 160


def test_bad_records_are_recorded_and_skipped(tmp_path: Path) -> None:
    import random

    rng = random.Random(3)
    good = [deal_text(rng, n) for n in range(1, 13)]
    broken = good[1].replace("hand N", "hand N ZZ9", 1)
    path = tmp_path / "mixed.tpgn"
    path.write_text("\n".join([good[0], broken, *good[2:]]) + '\n[Event "cut')
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(
            archive, [path], workers=1, verify="helpers.archive_fakes:crashing_verify"
        )
        assert report.records == 13
        rows = archive.query(
            "SELECT origin, record, code FROM problems WHERE origin <> 'verify' ORDER BY record"
        ).rows
        assert [r[:2] for r in rows] == [("parse", 2), ("index", 7), ("parse", 13)]
        assert count(archive, "deals") == 10
        assert archive.query("SELECT records, errors FROM sources").rows == [(13, 3)]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_a_worker_killed_costs_only_its_chunk(tmp_path: Path) -> None:
    """A worker that dies on a chunk every time (killed on deal 17) breaks the pool: the run
    goes on, that chunk is reported as one internal-error problem naming its lines, and every
    other deal is indexed as in a clean run."""
    write_archive(tmp_path / "d", 1, 60)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [tmp_path / "d"], workers=2, verify=FAKE, chunk_bytes=5000)
        every = {r[0] for r in clean.query("SELECT deal_id FROM deals").rows}
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(
            archive, [tmp_path / "d"], workers=2, verify="helpers.archive_fakes:killing_verify",
            chunk_bytes=5000,
        )  # fmt: skip
        kept = {r[0] for r in archive.query("SELECT deal_id FROM deals").rows}
        (problem,) = archive.query(
            "SELECT line, code, message FROM problems WHERE origin = 'index'"
        ).rows
    assert kept < every and 0 < len(every - kept) < 10  # one chunk of a few deals
    assert report.deals == len(kept) and report.failed == 1 and not report.unfinished
    line, code, message = problem
    assert code == "internal-error" and f"lines {line}-" in message
    assert "died twice" in message and "not indexed" in message


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_a_worker_killed_once_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed once (its chunk runs again alone, then the rest on a new pool): the
    archive equals a clean run's, with no problem."""
    monkeypatch.setenv("TAROKPGN_TEST_MARKS", str(tmp_path))
    write_archive(tmp_path / "d", 1, 60)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [tmp_path / "d"], workers=2, verify=FAKE, chunk_bytes=5000)
        every = sorted(clean.query("SELECT * FROM deals").rows)
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(
            archive, [tmp_path / "d"], workers=2,
            verify="helpers.archive_fakes:killed_once_verify", chunk_bytes=5000,
        )  # fmt: skip
        assert (tmp_path / "killed").exists()
        assert sorted(archive.query("SELECT * FROM deals").rows) == every
        assert archive.query("SELECT count(*) FROM problems WHERE origin = 'index'").rows == [(0,)]
    assert report.deals == 60 and report.failed == 0


def _start_indexer(db: Path, data: Path) -> subprocess.Popen[str]:
    # Ctrl-C's usual handler even if this test run ignores SIGINT (as a shell's background
    # job does), since a child process inherits that
    code = (
        "import signal, sys, time; from tarokpgn.archive.store import Archive; "
        "from tarokpgn.archive.ingest import index_paths\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "def tick(report, done, total):\n"
        "    print(report.records, flush=True)\n"
        "    if report.records >= 500:\n"
        "        time.sleep(60)  # wait for the signal, however late the test sends it\n"
        f"with Archive({str(db)!r}) as a:\n"
        f"    index_paths(a, [{str(data)!r}], workers=2, batch_deals=150, commit_deals=150,"
        " chunk_bytes=40000,"
        " verify='helpers.archive_fakes:slow_verify', progress=tick)\n"
        "print('done', flush=True)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS.parent), str(TESTS)]))
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_interrupted_index_completes_on_rerun(tmp_path: Path, sig: signal.Signals) -> None:
    data = tmp_path / "d"
    write_archive(data, 4, 300)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [data], workers=2, verify=FAKE)
        expected = dump(clean)
    db = tmp_path / "killed.duckdb"
    proc = _start_indexer(db, data)
    assert proc.stdout is not None
    for line in proc.stdout:  # wait until some batches are committed, then interrupt
        if line.strip() == "done" or int(line) >= 500:
            break
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    with Archive(db) as archive:
        partial = count(archive, "sources")
        assert 0 < partial < 4, "the interruption should land mid-run"
        complete = archive.query("SELECT count(*) FROM occurrences").rows[0][0]
        assert complete == 300 * partial  # whole files only
        index_paths(archive, [data], workers=2, verify=FAKE)
        assert dump(archive) == expected


def test_json_files_are_the_same_deals(tmp_path: Path) -> None:
    from tarokpgn.notation import iter_records, to_json

    [path] = write_archive(tmp_path / "d", 1, 5)
    records = [r for r in iter_records(path) if not isinstance(r, Exception)]
    jsonl = tmp_path / "deals.jsonl"
    jsonl.write_text("".join(json.dumps(to_json(r)) + "\n" for r in records))
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(archive, [path, jsonl], workers=1, verify=FAKE)
        assert report.deals == 10 and report.errors == 0
        assert count(archive, "deals") == 5 and count(archive, "occurrences") == 10
        lines = archive.query(
            "SELECT idx FROM occurrences WHERE file LIKE '%.jsonl' ORDER BY idx"
        ).rows
        assert [r[0] for r in lines] == [1, 2, 3, 4, 5]


class _CountingArchive(Archive):
    """Records the rows inserted since the last commit, and the most ever uncommitted."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.uncommitted = self.most_uncommitted = self.commits = self.inserts = 0

    def insert(self, batches):  # type: ignore[no-untyped-def]
        self.inserts += 1
        self.uncommitted += sum(b["occurrence_rows"].num_rows for b in batches)
        self.most_uncommitted = max(self.most_uncommitted, self.uncommitted)
        return super().insert(batches)

    def commit(self) -> None:
        self.uncommitted = 0
        self.commits += 1
        super().commit()


@pytest.mark.parametrize("commit_deals", [100, 300])
def test_large_file_is_committed_in_batches(tmp_path: Path, commit_deals: int) -> None:
    """Uncommitted rows stay in DuckDB's memory: a big file must not be one transaction.
    Batches are inserted every ``batch_deals`` and committed every ``commit_deals``."""
    write_archive(tmp_path / "d", 1, 600)
    with _CountingArchive(tmp_path / "a.duckdb") as archive:
        report = index_paths(
            archive, [tmp_path / "d"], workers=2, verify=FAKE, chunk_bytes=5000,
            batch_deals=100, commit_deals=commit_deals,
        )  # fmt: skip
        assert report.deals == 600
        assert archive.inserts >= 5
        assert 600 // commit_deals <= archive.commits <= 600 // commit_deals + 1
        # about commit_deals, plus at most one chunk
        assert commit_deals <= archive.most_uncommitted < commit_deals + 100
        assert count(archive, "sources") == 1 and count(archive, "occurrences") == 600


class _RowGroupArchive(Archive):
    """Records, at each commit, the deals the transaction holds and the deals of complete
    files (those with a ``sources`` row) that are not stored."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.held: list[int] = []
        self.missing = 0

    def commit(self) -> None:
        if self._in_tx:
            self.held.append(count(self, "deal_rows"))
            self.missing += count(
                self,
                "occurrence_rows o JOIN sources s USING (file) "
                "WHERE o.deal NOT IN (SELECT deal FROM deal_rows)",
            )
        super().commit()


@pytest.mark.parametrize("batch_deals", [70, 1000])  # many cuts; one, files complete
def test_new_deals_are_committed_in_whole_row_groups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch_deals: int
) -> None:
    """DuckDB writes a transaction's whole row groups compressed, straight to the file; a
    part of one goes to its log and is written again (and merged) at the checkpoint. So a
    batch is cut at a row group's end: each commit but the last holds whole row groups of new
    deals, the deals past the cut and a file's ``sources`` row go in the next transaction,
    and the archive is the one indexed without cuts."""
    paths = write_archive(tmp_path / "d", 2, 150)
    (tmp_path / "d" / "part9.tpgn").write_text(paths[0].read_text())  # known deals: not new
    options: dict[str, Any] = {"workers": 1, "verify": FAKE, "chunk_bytes": 5000}

    def index(name: str, batch_deals: int) -> tuple[Any, list[int], int]:
        with _RowGroupArchive(tmp_path / name) as archive:
            index_paths(archive, [tmp_path / "d"], batch_deals=batch_deals, **options)
            keys = archive.query("SELECT deal, hash FROM deal_rows ORDER BY deal").rows
            return (dump(archive), keys), archive.held, archive.missing

    whole, _, _ = index("whole.duckdb", 1000)
    monkeypatch.setattr(store, "ROW_GROUP_ROWS", 40)
    cut, held, missing = index("cut.duckdb", batch_deals)
    assert cut == whole
    assert len(held) >= 2 and held[-1] == 300  # 300 distinct deals
    assert all(n % 40 == 0 for n in held[:-1])
    assert missing == 0


def _double(task: int) -> int:
    return 2 * task


def _niceness(_task: int) -> tuple[int, int]:
    return os.getpid(), os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_workers_run_below_the_main_process() -> None:
    """The main process alone writes to DuckDB: the workers yield a core to it."""
    results = list(ordered_map(cast(Any, _niceness), cast(Any, range(4)), 2, 4))
    assert {pid for pid, _ in results}.isdisjoint({os.getpid()})
    assert {nice for _, nice in results} == {os.nice(0) + WORKER_NICENESS}


def _killed_on_three(task: int) -> int:
    if task == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.005)
    return 2 * task


def _lost(task: int, exc: BaseException) -> int:
    return -1


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_ordered_map_goes_on_after_a_worker_dies() -> None:
    """A small window: tasks are still being submitted when the pool breaks (the submission
    itself fails then). Every task gets its result, in order; the one that kills its worker
    each time gets ``lost``'s."""
    func, lost = cast(Any, _killed_on_three), cast(Any, _lost)
    results = []
    for result in ordered_map(func, cast(Any, range(30)), 2, 4, lost=lost):
        results.append(result)
        time.sleep(0.02)  # the pool sees the worker die before the next task is submitted
    assert results == [-1 if i == 3 else 2 * i for i in range(30)]


@pytest.mark.parametrize("workers", [1, 2])
def test_ordered_map_keeps_order_within_its_window(workers: int) -> None:
    """Results come in task order; tasks are taken while their weights in flight fit the
    window (or fewer than two tasks per worker are in flight)."""
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for i in range(60):
            taken.append(i)
            yield i

    def weight(task: int) -> int:
        return task % 5 + 1

    results: list[int] = []
    most = 0
    func, window = cast(Any, _double), 24
    for result in ordered_map(func, cast(Any, tasks()), workers, window, weight=cast(Any, weight)):
        flight = taken[len(results) : -1]  # the newest task taken may not be submitted yet
        assert sum(map(weight, flight)) <= window or len(flight) <= 2 * workers
        most = max(most, len(flight))
        results.append(result)
    assert results == [2 * i for i in range(60)]
    if workers > 1:
        assert most > 2 * workers  # the window, not the number of workers, bounds it


@pytest.mark.parametrize("enabled", [True, False])
def test_index_leaves_the_garbage_collector_as_it_was(tmp_path: Path, enabled: bool) -> None:
    write_archive(tmp_path / "d", 1, 30)
    frozen = gc.get_freeze_count()
    with Archive(tmp_path / "a.duckdb") as archive:
        if not enabled:
            gc.disable()
        try:
            report = index_paths(
                archive, [tmp_path / "d"], workers=1, verify=FAKE, chunk_bytes=5000
            )
            assert gc.isenabled() == enabled and gc.get_freeze_count() == frozen
        finally:
            gc.enable()
        assert report.deals == 30 and count(archive, "deals") == 30
