"""The DuckDB archive: the only module that imports :mod:`duckdb`.

:class:`Archive` opens (and creates) a database with ``schema.sql``, loads batches of
columnar rows from :mod:`tarokpgn.archive.rows` one file at a time inside a transaction,
answers SQL, and exports/imports the Hive-partitioned Parquet layout.

Ingest protocol (see :mod:`tarokpgn.archive.ingest`)::

    archive.begin_file(path)        # forget what the file held before
    archive.insert([tables, …])     # any number of times, with commits in between
    archive.finish_file(SourceInfo) # the sources row: the file is complete
    archive.commit()
    archive.forget([path, …])       # files gone: begin_file for each, committed at once

A file is indexed when its ``sources`` row exists with the file's current hash. Rows of a
file that was begun but not finished (the run was interrupted after committing some of its
batches) are deleted when the database is next opened for writing
(:meth:`Archive.drop_unfinished`), so a rerun gives the database a clean run gives.

A writable connection is given a memory limit (:data:`MEMORY_LIMIT`): DuckDB writes its
buffers to disk beyond it, so loading any number of deals takes bounded memory.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, Final, TypeVar, cast

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.rows import COLUMNS, DEAL_TABLES

SCHEMA_VERSION: Final = "2"
"""2: ``problems.judged`` (added to a schema-1 archive when it is opened for writing)."""
PARTITION: Final = ("variant", "year")
"""Hive partition columns of the Parquet export."""
MEMORY_LIMIT: Final = "256MB"
"""DuckDB ``memory_limit`` of a writable archive (DuckDB's default is 80 % of the RAM, and its
buffer pool keeps loaded data cached up to that)."""


INTERRUPTED: Final = "Query interrupted"
"""The message of the RuntimeError DuckDB raises when Ctrl-C interrupts a statement."""

_F = TypeVar("_F", bound=Callable[..., Any])


def _archive_errors(method: _F) -> _F:
    """Let DuckDB's errors out as :class:`ArchiveError` (same message), and a statement that
    Ctrl-C interrupted as :class:`KeyboardInterrupt` (DuckDB takes the signal and raises
    ``RuntimeError("Query interrupted")``)."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except duckdb.Error as exc:
            raise ArchiveError(str(exc)) from exc
        except RuntimeError as exc:
            if str(exc) == INTERRUPTED:
                raise KeyboardInterrupt from exc
            raise

    return cast(_F, wrapper)


def schema_sql() -> str:
    """The text of ``schema.sql`` (package data)."""
    return resources.files("tarokpgn.archive").joinpath("schema.sql").read_text("utf-8")


@functools.cache
def required_columns() -> dict[str, tuple[str, ...]]:
    """Table → its columns that cannot be NULL (``NOT NULL`` or ``PRIMARY KEY`` in
    ``schema.sql``): a row with a NULL there would make DuckDB reject its whole batch."""
    out: dict[str, tuple[str, ...]] = {}
    sql = "\n".join(line.partition("--")[0] for line in schema_sql().splitlines())
    for table, body in re.findall(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\n\);", sql, re.S):
        out[table] = tuple(
            re.findall(r'^\s*"?(\w+)"?\s+\w+[^\n]*\b(?:NOT NULL|PRIMARY KEY)\b', body, re.M)
        )
    return out


@functools.cache
def schema_views() -> dict[str, str]:
    """View name → its SELECT as ``schema.sql`` writes it (without the final ``;``), in order."""
    views: dict[str, str] = {}
    for statement in _statements(schema_sql()):
        found = re.match(r"CREATE OR REPLACE VIEW (\w+) AS\s+(.*?);?\Z", statement, re.S)
        if found:
            views[found[1]] = found[2]
    return views


def _statements(sql: str) -> list[str]:
    lines = [ln for ln in sql.splitlines() if not ln.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";\n") if s.strip().rstrip(";")]


@dataclass(frozen=True, slots=True)
class SourceInfo:
    """The ``sources`` row of one indexed file."""

    file: str
    sha256: str
    size: int
    mtime: dt.datetime | None
    records: int
    errors: int


@dataclass(frozen=True, slots=True)
class QueryResult:
    """Column names and rows of a query."""

    columns: list[str] = field(hash=False)
    rows: list[tuple[Any, ...]] = field(hash=False)


def error_kind(error: BaseException) -> str:
    """What DuckDB error an :class:`ArchiveError` was raised from: ``"interrupt"``
    (:meth:`Archive.interrupt`), ``"memory"`` (over the memory limit), ``"permission"`` (a
    setting forbids it, such as file access), or ``""`` for any other."""
    cause = error.__cause__
    if isinstance(cause, duckdb.InterruptException):
        return "interrupt"
    if isinstance(cause, duckdb.OutOfMemoryException):
        return "memory"
    if isinstance(cause, duckdb.PermissionException):
        return "permission"
    return ""


class Archive:
    """A DuckDB archive database. Use as a context manager."""

    def __init__(
        self, path: str | Path, *, read_only: bool = False, memory_limit: str | None = MEMORY_LIMIT
    ) -> None:
        """Open (writable: create) the database at ``path``.

        ``memory_limit`` (DuckDB syntax, e.g. ``"1GB"``) applies to a writable database file;
        None keeps DuckDB's default.
        """
        self.path = str(path)
        self.read_only = read_only
        if read_only and self.path != ":memory:" and not Path(self.path).exists():
            raise ArchiveError(f"no archive database at {self.path!r} (run `tarokpgn index`)")
        self._in_tx = False
        self._pending_gc = False
        try:
            self.con = duckdb.connect(self.path, read_only=read_only)
            if not read_only:
                if memory_limit is not None and self.path != ":memory:":
                    self.con.execute(f"SET memory_limit = {_sql_str(memory_limit)}")
                self._create()
                self.drop_unfinished()
            else:
                self._require_tables()
        except duckdb.Error as exc:
            raise ArchiveError(_open_error(self.path, exc)) from exc

    _REQUIRED: Final = ("meta", "sources", "occurrences", "deals")
    """Tables every archive has: a database without them was not made by ``tarokpgn index``."""

    def _require_tables(self) -> None:
        """Refuse a database opened read-only that is not a tarokpgn archive (another program's
        DuckDB file): its queries would fail on missing tables one by one."""
        rows = self.con.execute("SELECT table_name FROM information_schema.tables").fetchall()
        missing = [t for t in self._REQUIRED if t not in {r[0] for r in rows}]
        if missing:
            self.con.close()
            raise ArchiveError(
                f"{self.path!r} is a DuckDB database but not a tarokpgn archive (it has no "
                f"{missing[0]!r} table): `tarokpgn index --db {self.path} FILE…` makes one"
            )

    def __enter__(self) -> Archive:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if kind is None:
            self.close()
            return
        with suppress(duckdb.Error, ArchiveError):  # do not hide what went wrong
            self.rollback()
            self.close()

    @_archive_errors
    def close(self) -> None:
        """Close the connection (DuckDB checkpoints its write-ahead log first)."""
        self.con.close()

    def _create(self) -> None:
        for statement in _statements(schema_sql()):
            self.con.execute(statement)
        # schema 1 → 2: the column CREATE TABLE IF NOT EXISTS does not add to an older archive
        self.con.execute(
            "ALTER TABLE problems ADD COLUMN IF NOT EXISTS judged BOOLEAN DEFAULT false"
        )
        self.con.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION]
        )
        self.con.execute("CREATE TEMP TABLE IF NOT EXISTS _old (deal_id VARCHAR)")

    # --- reading ------------------------------------------------------------------------------

    @_archive_errors
    def sources(self) -> dict[str, str]:
        """Indexed file → its hash."""
        return dict(self.con.execute("SELECT file, sha256 FROM sources").fetchall())

    @_archive_errors
    def query(
        self, sql: str, params: Sequence[Any] | None = None, *, max_rows: int | None = None
    ) -> QueryResult:
        """Run one SQL statement; raises :class:`ArchiveError` with DuckDB's message.

        With ``max_rows``, at most that many rows are fetched (DuckDB streams the result of a
        query: the rest is not computed).
        """
        cur = self.con.execute(sql, params or [])
        columns = [d[0] for d in cur.description or ()]
        if not cur.description:
            return QueryResult(columns, [])
        return QueryResult(columns, cur.fetchall() if max_rows is None else cur.fetchmany(max_rows))

    @_archive_errors
    def statement_types(self, sql: str) -> list[str]:
        """The kind of each statement in ``sql``, by DuckDB's own parser: the names of
        ``duckdb.StatementType`` (``"SELECT"``, ``"COPY"``, ``"SET"``, …)."""
        return [statement.type.name for statement in self.con.extract_statements(sql)]

    def interrupt(self) -> None:
        """Stop the statement running on this connection (from another thread): it raises
        :class:`ArchiveError` (see :func:`error_kind`)."""
        self.con.interrupt()

    def table(self, sql: str) -> pa.Table:
        """A query's result as a pyarrow table."""
        return self.con.execute(sql).to_arrow_table()

    # --- writing ------------------------------------------------------------------------------

    def _begin(self) -> None:
        if not self._in_tx:
            self.con.execute("BEGIN TRANSACTION")
            self._in_tx = True

    def unfinished(self) -> list[str]:
        """Files with rows but no ``sources`` row: begun by a run that did not finish them."""
        rows = self.con.execute(
            "SELECT DISTINCT file FROM occurrences WHERE file NOT IN (SELECT file FROM sources) "
            "UNION SELECT DISTINCT file FROM problems "
            "WHERE origin <> 'verify' AND file NOT IN (SELECT file FROM sources) ORDER BY file"
        ).fetchall()
        return [r[0] for r in rows]

    @_archive_errors
    def drop_unfinished(self) -> list[str]:
        """Delete the rows of unfinished files (and deals only they held); returns the files."""
        files = self.unfinished()
        self.forget(files)
        return files

    @_archive_errors
    def forget(self, files: Sequence[str]) -> None:
        """Delete ``files`` from the archive, in one transaction: all their rows in every table
        (as :meth:`begin_file` does for a changed file), and the deals only they held."""
        if files:
            with self.transaction():
                for file in files:
                    self.begin_file(file)

    @_archive_errors
    def begin_file(self, file: str) -> None:
        """Start (re)loading ``file``: forget its occurrences, parse problems and source row."""
        self._begin()
        self.con.execute("INSERT INTO _old SELECT deal_id FROM occurrences WHERE file = ?", [file])
        self.con.execute("DELETE FROM occurrences WHERE file = ?", [file])
        self.con.execute("DELETE FROM problems WHERE file = ? AND origin <> 'verify'", [file])
        self.con.execute("DELETE FROM sources WHERE file = ?", [file])
        self._pending_gc = True

    @_archive_errors
    def insert(self, batches: Sequence[dict[str, pa.Table]]) -> None:
        """Insert rows from :meth:`Rows.to_arrow` batches; deals already stored are skipped.

        A deal appearing in several batches (or already in the database) is stored once, with
        the rows of its first batch; every occurrence is kept.
        """
        if not batches:
            return
        self._begin()
        ids = pa.chunked_array([b["deals"]["deal_id"] for b in batches], pa.string())
        if pc.count_distinct(ids).as_py() < len(ids):  # a deal in two batches
            self._insert_with_duplicates(batches)
            return
        # Set-wise: the deals the database lacks are inserted (the primary key skips the
        # others), and only their rows go into the other tables.
        for table in COLUMNS:
            self.con.register(f"_b_{table}", pa.concat_tables([b[table] for b in batches]))
        try:
            cols = _cols("deals")
            new = self.con.execute(
                f"INSERT INTO deals ({cols}) SELECT {cols} FROM _b_deals "
                "ON CONFLICT DO NOTHING RETURNING deal_id"
            ).fetchall()
            known = len(new) < len(ids)  # some deals were there: leave out their rows
            self.con.register("_b_new", pa.table({"deal_id": pa.array([r[0] for r in new])}))
            only_new = " WHERE deal_id IN (SELECT deal_id FROM _b_new)" if known else ""
            for table in DEAL_TABLES[1:]:
                cols = _cols(table)
                self.con.execute(
                    f"INSERT INTO {table} ({cols}) SELECT {cols} FROM _b_{table}{only_new}"
                )
            self.con.execute(
                f"INSERT INTO occurrences SELECT {_cols('occurrences')} FROM _b_occurrences"
            )
            verify_of_new = (
                " WHERE origin <> 'verify' OR deal_id IN (SELECT deal_id FROM _b_new)"
                if known
                else ""
            )
            self.con.execute(
                f"INSERT INTO problems SELECT {_cols('problems')} FROM _b_problems{verify_of_new}"
            )
        finally:
            self._unregister((*COLUMNS, "new"))

    def _insert_with_duplicates(self, batches: Sequence[dict[str, pa.Table]]) -> None:
        """:meth:`insert` when a deal is in several batches: the first batch's rows win."""
        for table in COLUMNS:
            parts = [
                b[table].append_column(
                    "_chunk", pa.repeat(pa.scalar(i, pa.int32()), b[table].num_rows)
                )
                for i, b in enumerate(batches)
            ]
            self.con.register(f"_b_{table}", pa.concat_tables(parts))
        try:
            self._insert_registered()
        finally:
            self._unregister(COLUMNS)

    def _unregister(self, tables: Iterable[str]) -> None:
        """Drop the batch's registered tables (after a failed statement, DuckDB refuses until
        the rollback: the failure is what counts)."""
        with suppress(duckdb.Error):
            for table in tables:
                self.con.unregister(f"_b_{table}")

    def _insert_registered(self) -> None:
        self.con.execute(
            "CREATE OR REPLACE TEMP TABLE _new AS SELECT deal_id, min(_chunk) AS _chunk "
            "FROM _b_deals WHERE deal_id NOT IN (SELECT deal_id FROM deals) GROUP BY deal_id"
        )
        for table in DEAL_TABLES:
            cols = _cols(table)
            self.con.execute(
                f"INSERT INTO {table} ({cols}) SELECT {_cols(table, 'b.')} "
                f"FROM _b_{table} b JOIN _new n ON b.deal_id = n.deal_id AND b._chunk = n._chunk"
            )
        self.con.execute(
            f"INSERT INTO occurrences SELECT {_cols('occurrences')} FROM _b_occurrences"
        )
        self.con.execute(
            f"INSERT INTO problems SELECT {_cols('problems', 'b.')} FROM _b_problems b "
            "LEFT JOIN _new n ON b.deal_id = n.deal_id AND b._chunk = n._chunk "
            "WHERE b.origin <> 'verify' OR n.deal_id IS NOT NULL"
        )

    @_archive_errors
    def finish_file(self, info: SourceInfo) -> None:
        """Write the ``sources`` row that marks ``info.file`` complete."""
        self._begin()
        self.con.execute(
            "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                info.file, info.sha256, info.size, info.mtime,
                dt.datetime.now(dt.UTC).replace(tzinfo=None), info.records, info.errors,
            ],
        )  # fmt: skip

    def _collect_garbage(self) -> None:
        """Delete deals no occurrence refers to any more (among those files let go)."""
        if not self._pending_gc:
            return
        self._pending_gc = False
        if not self._count("_old"):
            return
        gone = (
            "deal_id IN (SELECT deal_id FROM _old) "
            "AND deal_id NOT IN (SELECT deal_id FROM occurrences)"
        )
        for table in DEAL_TABLES[::-1]:
            self.con.execute(f"DELETE FROM {table} WHERE {gone}")
        self.con.execute(f"DELETE FROM problems WHERE origin = 'verify' AND {gone}")
        self.con.execute("DELETE FROM _old")

    @_archive_errors
    def commit(self) -> None:
        """Commit the files finished since the last commit."""
        if self._in_tx:
            self._collect_garbage()
            try:
                self.con.execute("COMMIT")
            except duckdb.Error:  # DuckDB has ended the transaction (e.g. the disk is full)
                self._in_tx = False
                self.rollback()
                raise
            self._in_tx = False

    def rollback(self) -> None:
        """Roll back the transaction, if one is open (or was, until it failed)."""
        if self._in_tx:
            self._in_tx = False
            with suppress(duckdb.Error):  # DuckDB may have ended it already
                self.con.execute("ROLLBACK")
        if self._pending_gc:
            self._pending_gc = False
            self.con.execute("DELETE FROM _old")

    @contextmanager
    def loading(self) -> Iterator[None]:
        """Settings for a bulk load, restored afterwards: one DuckDB thread (the index's workers
        have the cores, and one thread appends with less overhead), and no automatic
        checkpoint (DuckDB's default is one per 16 MiB of write-ahead log, and they cost more
        the larger the archive: over a 200,000-deal load commits grew from ~60 to ~110 µs a
        deal with them, and stayed at ~30 without): the load's log is checkpointed once at the
        end."""
        threads, threshold = self.con.execute(
            "SELECT current_setting('threads'), current_setting('checkpoint_threshold')"
        ).fetchall()[0]
        self.con.execute("SET threads = 1")
        self.con.execute("SET checkpoint_threshold = '1TB'")
        try:
            yield
        finally:
            with suppress(duckdb.Error):  # do not hide what went wrong
                self.con.execute(f"SET threads = {int(threads)}")
                self.con.execute(f"SET checkpoint_threshold = {_sql_str(threshold)}")
        self._checkpoint()

    @_archive_errors
    def _checkpoint(self) -> None:
        self.con.execute("CHECKPOINT")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Commit on success, roll back on any exception."""
        self._begin()
        try:
            yield
        except BaseException:
            self.rollback()
            raise
        self.commit()

    # --- Parquet ------------------------------------------------------------------------------

    @_archive_errors
    def export_parquet(self, directory: str | Path) -> dict[str, int]:
        """Write every table under ``directory`` (Hive-partitioned by variant and year).

        Returns table → rows written.
        """
        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        counts: dict[str, int] = {}
        for table in ("deals", *DEAL_TABLES[1:], "occurrences", "problems"):
            select = _partitioned_select(table)
            target = _sql_str(str(out / table))
            self.con.execute(
                f"COPY ({select}) TO {target} (FORMAT parquet, PARTITION_BY (variant, year), "
                "OVERWRITE, FILENAME_PATTERN 'part_{i}')"
            )
            counts[table] = self._count(table)
        target = _sql_str(str(out / "sources.parquet"))
        self.con.execute(f"COPY (SELECT * FROM sources ORDER BY file) TO {target} (FORMAT parquet)")
        counts["sources"] = self._count("sources")
        return counts

    @_archive_errors
    def import_parquet(self, directory: str | Path) -> dict[str, int]:
        """Merge an exported dataset: files not yet indexed are added with their deals.

        Files already indexed keep what the database holds. Returns table → rows added.
        """
        root = Path(directory)
        src = _sql_str(str(root / "sources.parquet"))
        with self.transaction():
            self.con.execute(
                f"CREATE OR REPLACE TEMP TABLE _isrc AS SELECT * FROM read_parquet({src}) "
                "WHERE file NOT IN (SELECT file FROM sources)"
            )
            counts = {"sources": self._count("_isrc")}
            self._import_occurrences(root)
            for table in DEAL_TABLES:
                counts[table] = self._import_table(root, table)
            counts["problems"] = self._import_problems(root)
            counts["occurrences"] = self._import_insert("occurrences", "_iocc")
            self.con.execute("INSERT INTO sources SELECT * FROM _isrc")
        return counts

    def _count(self, table: str) -> int:
        rows = self.con.execute(f"SELECT count(*) FROM {table}").fetchall()
        return int(rows[0][0])

    def _import_occurrences(self, root: Path) -> None:
        self.con.execute("CREATE OR REPLACE TEMP TABLE _iocc AS FROM occurrences LIMIT 0")
        if _has_files(root, "occurrences"):
            self.con.execute(
                f"INSERT INTO _iocc SELECT {_cols('occurrences')} "
                f"FROM {_read(root, 'occurrences')} WHERE file IN (SELECT file FROM _isrc)"
            )
        self.con.execute(
            "CREATE OR REPLACE TEMP TABLE _inew AS SELECT DISTINCT deal_id FROM _iocc "
            "WHERE deal_id NOT IN (SELECT deal_id FROM deals)"
        )

    def _import_table(self, root: Path, table: str) -> int:
        if not _has_files(root, table):
            return 0
        before = self._count(table)
        self.con.execute(
            f"INSERT INTO {table} ({_cols(table)}) SELECT {_cols(table)} "
            f"FROM {_read(root, table)} WHERE deal_id IN (SELECT deal_id FROM _inew)"
        )
        return self._count(table) - before

    def _import_problems(self, root: Path) -> int:
        if not _has_files(root, "problems"):
            return 0
        before = self._count("problems")
        self.con.execute(
            f"INSERT INTO problems SELECT {_cols('problems')} FROM {_read(root, 'problems')} "
            "WHERE (origin = 'verify' AND deal_id IN (SELECT deal_id FROM _inew)) "
            "OR (origin <> 'verify' AND file IN (SELECT file FROM _isrc))"
        )
        return self._count("problems") - before

    def _import_insert(self, table: str, temp: str) -> int:
        self.con.execute(f"INSERT INTO {table} SELECT * FROM {temp}")
        return self._count(temp)


def _open_error(path: str, exc: duckdb.Error) -> str:
    """One line on why ``path`` cannot be opened: who holds it when it is locked."""
    text = str(exc)
    if "Could not set lock" not in text:
        return f"cannot open {path!r}: {text}"
    pid = re.search(r"\(PID (\d+)\)", text)
    who = f"another process (PID {pid.group(1)})" if pid else "another process"
    return (
        f"cannot open {path}: {who} is using it, such as another tarokpgn index or query; "
        "try again when it has finished"
    )


def is_parquet_dataset(path: str | Path) -> bool:
    """Whether ``path`` is a directory written by :meth:`Archive.export_parquet`."""
    p = Path(path)
    return p.is_dir() and (p / "sources.parquet").is_file() and (p / "deals").is_dir()


def _has_files(root: Path, table: str) -> bool:
    """Whether the dataset holds rows of ``table`` (an empty table leaves no file)."""
    return any((root / table).glob("**/*.parquet"))


def _cols(table: str, prefix: str = "") -> str:
    return ", ".join(f'{prefix}"{name}"' for name, _ in COLUMNS[table])


def _sql_str(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _read(root: Path, table: str) -> str:
    pattern = _sql_str(str(root / table / "**" / "*.parquet"))
    return (
        f"read_parquet({pattern}, hive_partitioning = true, "
        "hive_types = {'variant': 'VARCHAR', 'year': 'SMALLINT'})"
    )


def _partitioned_select(table: str) -> str:
    """SELECT of ``table`` with the partition columns (taken from ``deals``)."""
    if table == "deals":
        return "SELECT * FROM deals ORDER BY deal_id"
    cols = _cols(table, "t.")
    keys = ", ".join(f'"{name}"' for name, _ in COLUMNS[table][:3])
    return (
        f"SELECT {cols}, d.variant, d.year FROM {table} t "
        f"LEFT JOIN deals d ON d.deal_id = t.deal_id ORDER BY {keys}"
    )
