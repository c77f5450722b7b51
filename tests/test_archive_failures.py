"""Indexing when things go wrong: files gone from a folder, deals that cannot be stored, a
reader that fails, a full disk, Ctrl-C, a database in use."""

from __future__ import annotations

import dataclasses
import errno
import functools
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import duckdb
import pytest
from helpers.archive_fakes import deal_text, fake_verify, write_archive
from test_archive_store import count, dump

from tarokpgn.archive import ArchiveError, ingest
from tarokpgn.archive.ingest import index_paths
from tarokpgn.archive.store import INTERRUPTED, Archive, required_columns
from tarokpgn.cli import index as cli_index
from tarokpgn.cli import main
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.verdict import Status, Verdict

FAKE = "helpers.archive_fakes:fake_verify"
TESTS = Path(__file__).parent
_READ = ingest.read_chunk


def huge_score_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify`, but deal 7 gets a score no integer column holds."""
    verdict = fake_verify(record)
    if record.get("Deal") == "7":
        return dataclasses.replace(verdict, scores={s: 10**23 for s in record.seats})
    return verdict


def null_points_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify`, but deal 7 has card points of None (a NOT NULL column)."""
    verdict = fake_verify(record)
    if record.get("Deal") == "7":
        return dataclasses.replace(verdict, card_points=cast(Any, {"declarer": None}))
    return verdict


# --- files gone from a folder -------------------------------------------------------------------


def _folder_with_extra_file(folder: Path) -> Path:
    """Three files of 10 deals; a fourth shares a deal with the first and has a bad record."""
    files = write_archive(folder, 3, 10)
    first = files[0].read_text().split("\n\n")[0] + "\n"
    own = deal_text(random.Random(9), 99)
    extra = folder / "extra.tpgn"
    extra.write_text("\n".join([own, first, '[Variant "slovenian-4"]\n\nhand N ZZ\nend\n']))
    return extra


def test_prune_forgets_files_gone_from_the_folder(tmp_path: Path) -> None:
    """All the rows of a deleted file go (problems included; a deal another file holds
    stays): the database is the one a clean index of what is left gives."""
    extra = _folder_with_extra_file(tmp_path / "d")
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert count(archive, "sources") == 4 and count(archive, "deals") == 31
        assert count(archive, "problems WHERE origin = 'parse'") == 1
        extra.unlink()
        report = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert (report.gone, report.forgotten, report.indexed, report.skipped) == (1, 1, 0, 3)
        pruned = dump(archive)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [tmp_path / "d"], workers=1, verify=FAKE)
        assert pruned == dump(clean)
    assert len(pruned["deals"]) == 30 and len(pruned["problems"]) < 31


def test_no_prune_keeps_gone_files(tmp_path: Path) -> None:
    extra = _folder_with_extra_file(tmp_path / "d")
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        before = dump(archive)
        extra.unlink()
        report = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE, prune=False)
        assert (report.gone, report.forgotten) == (1, 0)
        assert dump(archive) == before


def test_prune_only_looks_under_the_folders_given(tmp_path: Path) -> None:
    """A gone file elsewhere, or a file under the folder that exists but is not a ``.tpgn``
    (it was named explicitly), is kept."""
    [kept] = write_archive(tmp_path / "a", 1, 3)
    write_archive(tmp_path / "b", 1, 3)
    named = tmp_path / "b" / "named.txt"
    named.write_text(deal_text(random.Random(4), 50))
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "a", tmp_path / "b", named], workers=1, verify=FAKE)
        kept.unlink()
        report = index_paths(archive, [tmp_path / "b"], workers=1, verify=FAKE)
        assert report.gone == 0 and count(archive, "sources") == 3


def test_prune_is_one_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forgetting fails half-way: nothing is forgotten; the next run forgets all."""
    files = write_archive(tmp_path / "d", 4, 5)
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        before = dump(archive)
        files[1].unlink()
        files[2].unlink()
        forgetting: list[str] = []
        begin = Archive.begin_file

        def failing_begin(self: Archive, file: str) -> None:
            forgetting.append(file)
            if len(forgetting) == 2:
                raise ArchiveError("the disk is on fire")
            begin(self, file)

        monkeypatch.setattr(Archive, "begin_file", failing_begin)
        with pytest.raises(ArchiveError):
            index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert dump(archive) == before
        monkeypatch.undo()
        report = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert report.forgotten == 2 and count(archive, "sources") == 2
        assert count(archive, "occurrences") == count(archive, "deals") == 10


def test_cli_prune_summary_and_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = write_archive(tmp_path / "d", 3, 2)
    db = str(tmp_path / "a.duckdb")
    assert main(["index", "--db", db, "-j", "1", "-q", str(tmp_path / "d")]) == 0
    files[0].unlink()
    # a file named explicitly that is missing is an error, and nothing is pruned
    assert main(["index", "--db", db, "-j", "1", str(tmp_path / "d"), str(files[0])]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["index", "--db", db, "-j", "1", "--no-prune", str(tmp_path / "d")]) == 0
    assert "; 1 file(s) no longer exist, kept (--no-prune);" in capsys.readouterr().err
    assert main(["index", "--db", db, "-j", "1", str(tmp_path / "d")]) == 0
    assert "; 1 file(s) gone, their deals removed;" in capsys.readouterr().err
    assert main(["query", "--db", db, "--csv", "SELECT count(*) FROM sources"]) == 0
    assert capsys.readouterr().out.split() == ["count_star()", "2"]


# --- one bad deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("verify", ["huge_score_verify", "null_points_verify"])
def test_a_deal_that_cannot_be_stored_is_a_problem(
    tmp_path: Path, verify: str, workers: int
) -> None:
    """The deal is reported in ``problems`` at its place; the other deals of its file and of
    the other files are loaded."""
    write_archive(tmp_path / "d", 2, 12)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [tmp_path / "d"], workers=1, verify=FAKE)
        [(file, line)] = clean.query(
            "SELECT file, line FROM occurrences JOIN deals USING (deal_id) WHERE deal_no = '7'"
        ).rows
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(
            archive, [tmp_path / "d"], workers=workers, verify=f"{__name__}:{verify}"
        )
        assert (report.records, report.deals, report.errors, report.failed) == (24, 23, 1, 1)
        [problem] = archive.query(
            "SELECT file, record, line, origin, code, message FROM problems "
            "WHERE origin <> 'verify'"
        ).rows
        assert problem[:5] == (file, 7, line, "index", "internal-error")
        assert "cannot be stored" in problem[5]
        assert count(archive, "deals WHERE deal_no = '7'") == 0
        assert count(archive, "deals") == count(archive, "occurrences") == 23
        assert archive.query("SELECT records, errors FROM sources ORDER BY file").rows == [
            (12, 1), (12, 0),
        ]  # fmt: skip


def test_a_failing_reader_costs_the_rest_of_its_chunk_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = write_archive(tmp_path / "d", 2, 6)
    read = ingest.read_chunk

    def failing_read(data: bytes, file: str, line: int = 1) -> Iterator[Record | NotationError]:
        for i, item in enumerate(read(data, file, line)):
            if i == 3 and file == str(files[0].resolve()):
                raise RuntimeError("the reader broke")
            yield item

    monkeypatch.setattr(ingest, "read_chunk", failing_read)
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(archive, [tmp_path / "d"], workers=1, verify=FAKE)
        assert (report.records, report.deals, report.failed) == (10, 9, 1)
        [(record, message)] = archive.query(
            "SELECT record, message FROM problems WHERE origin = 'index'"
        ).rows
        assert record == 4 and message.startswith("RuntimeError: the reader broke")
        assert count(archive, "sources") == 2


def error_status_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify`, but the verifier reports its own failure on deal 7."""
    verdict = fake_verify(record)
    if record.get("Deal") == "7":
        return dataclasses.replace(verdict, status=Status.ERROR)
    return verdict


def _read_with_e100(data: bytes, file: str, line: int = 1) -> Iterator[Record | NotationError]:
    """The records of ``data``, the reader failing on deal 7 (as it reports a bug: E100)."""
    for item in _READ(data, file, line):
        if isinstance(item, Record) and item.get("Deal") == "7":
            yield NotationError("E100", "tarokpgn failed on this record", file=file, line=1)
        else:
            yield item


@pytest.mark.parametrize(
    ("verify", "reader", "indexed"),
    [
        ("helpers.archive_fakes:crashing_verify", False, 11),  # the verifier raised
        (f"{__name__}:error_status_verify", False, 12),  # indexed, status error
        (FAKE, True, 11),  # the reader's E100
    ],
)
def test_records_tarokpgn_failed_on_are_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verify: str, reader: bool, indexed: int
) -> None:
    write_archive(tmp_path / "d", 1, 12)
    if reader:
        monkeypatch.setattr(ingest, "read_chunk", _read_with_e100)
    with Archive(tmp_path / "a.duckdb") as archive:
        report = index_paths(archive, [tmp_path / "d"], workers=1, verify=verify)
        assert (report.records, report.deals, report.failed) == (12, indexed, 1)
        assert count(archive, "deals") == indexed


def test_cli_exit_status_when_a_deal_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Notation errors are data (exit 0); a deal the indexer failed on is not (exit 1)."""
    write_archive(tmp_path / "d", 1, 8)
    verify = f"{__name__}:huge_score_verify"
    monkeypatch.setattr(cli_index, "index_paths", functools.partial(index_paths, verify=verify))
    assert main(["index", "--db", str(tmp_path / "a.duckdb"), "-j", "1", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert "7 deal(s) loaded, 1 record(s) not indexable (see table problems); " in err
    assert "; tarokpgn failed on 1 record(s) (internal-error in table problems; " in err


def test_required_columns_are_duckdbs(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        rows = archive.query(
            "SELECT table_name, column_name FROM duckdb_columns() "
            "WHERE NOT is_nullable AND schema_name = 'main' ORDER BY table_name, column_index"
        ).rows
    expected: dict[str, list[str]] = {}
    for table, column in rows:
        expected.setdefault(table, []).append(column)
    assert {t: list(c) for t, c in required_columns().items() if c} == expected


# --- a full disk, Ctrl-C, a database in use -----------------------------------------------------


class _Connection:
    """A DuckDB connection whose ``execute`` fails as ``fail(con, sql)`` decides."""

    def __init__(self, con: Any, fail: Callable[[Any, str], None]) -> None:
        self._con = con
        self._fail = fail

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)

    def execute(self, sql: str, *args: Any) -> Any:
        self._fail(self._con, sql)
        return self._con.execute(sql, *args)


def _connect_failing(monkeypatch: pytest.MonkeyPatch, fail: Callable[[Any, str], None]) -> None:
    connect = duckdb.connect
    monkeypatch.setattr(duckdb, "connect", lambda *a, **k: _Connection(connect(*a, **k), fail))


def _disk_full_at_commit(con: Any, sql: str) -> None:
    if sql == "COMMIT":  # as DuckDB does: the transaction is over, the error says why
        con.execute("ROLLBACK")
        raise duckdb.TransactionException(
            'TransactionContext Error: Failed to commit: Could not write file "a.duckdb": '
            "No space left on device"
        )


def _interrupted_insert(con: Any, sql: str) -> None:
    if sql.startswith("INSERT INTO occurrence_rows"):  # as DuckDB does: the transaction is aborted
        with pytest.raises(duckdb.Error):
            con.execute("SELECT error('interrupted')")
        raise RuntimeError(INTERRUPTED)


def _run_index(db: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["index", "--db", str(db), "-j", "1", str(data)])
    return status, capsys.readouterr().err


def _clean_dump(tmp_path: Path, data: Path) -> dict[str, list[tuple[object, ...]]]:
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [data], workers=1)
        return dump(clean)


@pytest.mark.parametrize("how", ["duckdb-commit", "oserror-insert"])
def test_disk_full_is_one_line_and_a_rerun_completes(
    tmp_path: Path,
    how: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = write_archive(tmp_path / "d", 2, 3)
    db = tmp_path / "a.duckdb"
    with monkeypatch.context() as patch:
        if how == "duckdb-commit":
            _connect_failing(patch, _disk_full_at_commit)
        else:

            def full(self: Archive, batches: object) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            patch.setattr(Archive, "insert", full)
        status, err = _run_index(db, tmp_path / "d", capsys)
    assert status == 1
    assert err == (
        f"tarokpgn index: no space left on device while writing {db} (0 of 2 file(s) indexed "
        f"and kept, nothing of {files[0].resolve()} and the 1 file(s) after it; free some space "
        "and rerun to complete)\n"
    )
    assert _run_index(db, tmp_path / "d", capsys)[0] == 0
    with Archive(db) as archive:
        assert dump(archive) == _clean_dump(tmp_path, tmp_path / "d")


def test_interrupted_statement_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while DuckDB runs a statement: "interrupted", not the aborted transaction."""
    write_archive(tmp_path / "d", 1, 3)
    with monkeypatch.context() as patch:
        _connect_failing(patch, _interrupted_insert)
        status, err = _run_index(tmp_path / "a.duckdb", tmp_path / "d", capsys)
    assert status == 130
    assert err.startswith("tarokpgn index: interrupted (0 of 1 file(s) indexed and kept, ")
    assert err.endswith("; rerun to complete)\n") and err.count("\n") == 1


def test_ctrl_c_is_one_line_and_a_rerun_completes(tmp_path: Path) -> None:
    """A real SIGINT to ``tarokpgn index`` mid-run: exit 130, one line saying what was kept."""
    data = tmp_path / "d"
    files = write_archive(data, 4, 300)
    with Archive(tmp_path / "clean.duckdb") as clean:
        index_paths(clean, [data], workers=2, verify=FAKE)
        expected = dump(clean)
    db = tmp_path / "a.duckdb"
    code = (
        "import signal, sys, time\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from tarokpgn.archive import ingest\n"
        "from tarokpgn.cli import index, main\n"
        "def tick(report, done, total):\n"
        "    print(report.records, flush=True)\n"
        "    if report.records >= 500:\n"
        "        time.sleep(60)  # wait for the signal, however late the test sends it\n"
        "def slow(archive, paths, **options):\n"
        "    options.update(progress=tick, verify='helpers.archive_fakes:slow_verify',"
        " batch_deals=150, commit_deals=150, chunk_bytes=40000)\n"
        "    return ingest.index_paths(archive, paths, **options)\n"
        "index.index_paths = slow\n"
        f"sys.exit(main(['index', '--db', {str(db)!r}, '-j', '2', {str(data)!r}]))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS.parent), str(TESTS)]))
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:  # wait until some batches are committed, then interrupt
        if int(line) >= 500:
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    with Archive(db) as archive:
        kept = count(archive, "sources")
        assert 0 < kept < 4, "the interruption should land mid-run"
        first_lost = sorted(str(f.resolve()) for f in files)[kept]
        assert err == (
            f"tarokpgn index: interrupted ({kept} of 4 file(s) indexed and kept, nothing of "
            f"{first_lost}{_after(3 - kept)}; rerun to complete)\n"
        )
        index_paths(archive, [data], workers=2, verify=FAKE)
        assert dump(archive) == expected


def _after(n: int) -> str:
    return f" and the {n} file(s) after it" if n else ""


def test_database_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Another process holds the database: ``index`` and ``query`` say who, in one line."""
    db = tmp_path / "a.duckdb"
    with Archive(db):
        pass
    code = (
        "import duckdb, time\n"
        f"con = duckdb.connect({str(db)!r})\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        write_archive(tmp_path / "d", 1, 1)
        status, err = _run_index(db, tmp_path / "d", capsys)
        assert status == 1
        assert err == (
            f"tarokpgn index: cannot open {db}: another process (PID {holder.pid}) is using it, "
            "such as another tarokpgn index or query; try again when it has finished\n"
        )
        assert main(["query", "--db", str(db), "SELECT 1"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"(PID {holder.pid}) is using it" in err
    finally:
        holder.kill()
        holder.communicate()


@pytest.mark.parametrize(
    "command",
    [["stats"], ["query", "SELECT 1"], ["export", "--scoresheet", "-"]],
    ids=lambda c: c[0],
)
def test_another_programs_duckdb_file_is_one_line(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A DuckDB database that tarokpgn did not make: the commands that read an archive say so
    in one line (they used to fail on its first missing table with DuckDB's message)."""
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE x (a INTEGER)")
    assert main([command[0], "--db", str(db), *command[1:]]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a DuckDB database but not a tarokpgn archive" in err
