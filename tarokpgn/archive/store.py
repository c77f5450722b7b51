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
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import duckdb

from tarokpgn.archive import ArchiveError

if TYPE_CHECKING:
    import pyarrow as pa

# pyarrow and the rows (which import it) are imported by the functions that write or decode
# rows: reading the archive (``tarokpgn query``, ``tarokpgn stats``) does without them.

SCHEMA_VERSION: Final = "4"
"""2: ``problems.judged``. 3: compact storage: one ``deal_rows`` row per deal with lists, the
documented tables as views (an older archive is refused, to be reindexed: :func:`_old_schema`).
4: the statistics reports' rows kept (``stats_cache``, :data:`STATS_CACHE_KEY`): an archive of
schema 3 is read as it is (its reports run their views) and gets them when next written."""
PARTITION: Final = ("variant", "year")
"""Hive partition columns of the Parquet export."""
MEMORY_LIMIT: Final = "256MB"
"""DuckDB ``memory_limit`` of a writable archive (DuckDB's default is 80 % of the RAM, and its
buffer pool keeps loaded data cached up to that)."""


STATS_CACHE_KEY: Final = "stats_cache"
"""The ``meta`` row that says the statistics reports' kept rows (the table ``stats_cache``) are
those of the deals stored: its value is :func:`tarokpgn.archive.stats.cache_value`. Every
transaction that writes deals deletes it (:meth:`Archive._begin`); :meth:`Archive.close`
makes the rows again and writes it."""

ROW_GROUP_ROWS: Final = 122_880
"""DuckDB's rows per row group (its default). A transaction that inserts a whole number of
row groups into a table has them compressed and written straight to the database file; a part
of a row group goes to the write-ahead log, to be written again by the next checkpoint, which
also merges the parts of earlier transactions (rewriting whole row groups, and leaving the old
blocks free in the file): :meth:`Archive.insert` cuts a batch at a row group's end."""

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
        self._tx_deals = 0
        """``deal_rows`` inserted in the open transaction."""
        self._rest = False
        """The last batch's new deals past a row group's end wait in ``_rest`` (:meth:`insert`)."""
        try:
            self.con = duckdb.connect(self.path, read_only=read_only)
            # DuckDB's progress bar (a query over 2 s) is printed on stdout, even into a file
            self.con.execute("SET enable_progress_bar = false")
            if not read_only:
                if memory_limit is not None and self.path != ":memory:":
                    self.con.execute(f"SET memory_limit = {_sql_str(memory_limit)}")
                self._refuse_old_schema()
                self._create()
                self.drop_unfinished()
            else:
                self._require_tables()
                self._refuse_old_schema()
        except duckdb.Error as exc:
            raise ArchiveError(_open_error(self.path, exc)) from exc

    def _refuse_old_schema(self) -> None:
        """Refuse an archive of an older schema (its tables hold the rows that schema 3 stores
        as lists, which the statistics views and the store read)."""
        version = _old_schema(self.con)
        if version is not None:
            self.con.close()
            raise ArchiveError(
                f"{self.path} is an archive of an older tarokpgn (schema {version}; this one "
                f"writes schema {SCHEMA_VERSION}, a smaller storage): reindex: delete it (or "
                f"index into a new file) and run `tarokpgn index --db {self.path} FILE…` again"
            )

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
            self.con.close()

    @_archive_errors
    def close(self) -> None:
        """Close the connection (DuckDB checkpoints its write-ahead log first). A writable
        archive file first makes the statistics reports' rows again if its deals changed
        (:meth:`refresh_stats`)."""
        if not self.read_only and self.path != ":memory:":
            self.refresh_stats()
        self.con.close()

    @_archive_errors
    def refresh_stats(self) -> bool:
        """Make the rows ``tarokpgn stats`` reads without filters (the table ``stats_cache``,
        :func:`tarokpgn.archive.stats.cache_statements`) unless they are those of the deals
        stored (the ``meta`` row :data:`STATS_CACHE_KEY`); whether it did. In one
        transaction, as the last of a writing session (:meth:`close` calls it)."""
        from tarokpgn.archive.stats import cache_is_fresh, cache_statements, cache_value

        if self._in_tx or cache_is_fresh(self):
            return False
        self.con.execute("BEGIN TRANSACTION")
        try:
            for sql, params in cache_statements(self):
                self.con.execute(sql, params)
            self.con.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)", [STATS_CACHE_KEY, cache_value(self)]
            )
            self.con.execute("COMMIT")
        except BaseException:
            with suppress(duckdb.Error):
                self.con.execute("ROLLBACK")
            raise
        return True

    def _create(self) -> None:
        for statement in _statements(schema_sql()):
            self.con.execute(statement)
        self.con.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION]
        )
        if not self._count("card_codes"):
            from tarokpgn.archive.rows import CARD_CODES

            self.con.executemany(
                "INSERT INTO card_codes VALUES (?, ?)", list(enumerate(CARD_CODES))
            )
        self.con.execute("CREATE TEMP TABLE IF NOT EXISTS _old (deal INTEGER)")

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
        """Begin a transaction that writes (the statistics' kept rows are no longer those of
        the deals: :data:`STATS_CACHE_KEY`)."""
        if not self._in_tx:
            self.con.execute("BEGIN TRANSACTION")
            self._in_tx = True
            self.con.execute("DELETE FROM meta WHERE key = ?", [STATS_CACHE_KEY])

    def unfinished(self) -> list[str]:
        """Files with rows but no ``sources`` row: begun by a run that did not finish them."""
        rows = self.con.execute(
            "SELECT DISTINCT file FROM occurrence_rows "
            "WHERE file NOT IN (SELECT file FROM sources) "
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
        self.con.execute("INSERT INTO _old SELECT deal FROM occurrence_rows WHERE file = ?", [file])
        self.con.execute("DELETE FROM occurrence_rows WHERE file = ?", [file])
        self.con.execute("DELETE FROM problems WHERE file = ? AND origin <> 'verify'", [file])
        self.con.execute("DELETE FROM sources WHERE file = ?", [file])
        self._pending_gc = True

    @_archive_errors
    def insert(self, batches: Sequence[dict[str, pa.Table]]) -> bool:
        """Insert rows from :meth:`Rows.to_arrow` batches; deals already stored are skipped.

        A deal appearing in several batches (or already in the database) is stored once, with
        the rows of its first batch; every occurrence is kept. Each new deal gets the next
        key (``deal_rows.deal``); the batches' own deal numbers are only theirs.

        Returns True when the transaction's new deals fill whole row groups
        (:data:`ROW_GROUP_ROWS`): then commit before writing anything more. The deals past the
        row group's end are held back for the next transaction, which :meth:`commit` begins
        with them (a file's ``sources`` row goes in after them, as it must).
        """
        if not batches:
            return False
        self._begin()
        self._insert_rest()  # first: the new deals' keys follow theirs
        deals, occurrences, problems = _numbered(batches)
        self.con.register("_b_deals", deals)
        self.con.register("_b_occ", occurrences)
        self.con.register("_b_problems", problems)
        try:
            return self._insert_registered()
        finally:
            self._unregister(("_b_deals", "_b_occ", "_b_problems"))

    def _unregister(self, views: Iterable[str]) -> None:
        """Drop the batch's registered tables (after a failed statement, DuckDB refuses until
        the rollback: the failure is what counts)."""
        with suppress(duckdb.Error):
            for view in views:
                self.con.unregister(view)

    def _insert_registered(self) -> bool:
        # Each batch deal → its key: a stored deal's (found by its hash), or a new one for the
        # first batch row of each new hash (the others are duplicates of it).
        self.con.execute(
            "CREATE OR REPLACE TEMP TABLE _map AS "
            "WITH known AS (SELECT b.deal AS num, r.deal FROM _b_deals b "
            "               JOIN deal_rows r ON r.hash = b.hash), "
            "fresh AS (SELECT hash, min(deal) AS num FROM _b_deals "
            "          WHERE deal NOT IN (SELECT num FROM known) GROUP BY hash), "
            "keyed AS (SELECT hash, num, (SELECT coalesce(max(deal), -1) FROM deal_rows) "
            "                 + CAST(row_number() OVER (ORDER BY num) AS INTEGER) AS deal "
            "          FROM fresh) "
            "SELECT b.deal AS num, coalesce(k.deal, f.deal) AS deal, "
            "       coalesce(f.num = b.deal, false) AS new, b._chunk "
            "FROM _b_deals b LEFT JOIN known k ON k.num = b.deal "
            "LEFT JOIN keyed f ON k.num IS NULL AND f.hash = b.hash"
        )
        full = self._insert_new_deals()
        self.con.execute(
            'INSERT INTO occurrence_rows SELECT o.file, o.idx, m.deal, o."offset", o.line '
            "FROM _b_occ o JOIN _map m ON m.num = o.deal"
        )
        # the verifier's findings of the deals stored now, those of the other records
        self.con.execute(
            f"INSERT INTO problems SELECT {_cols('problems', 'p.')} FROM _b_problems p "
            "WHERE p.origin <> 'verify' OR EXISTS (SELECT 1 FROM _b_deals b "
            "JOIN _map m ON m.num = b.deal WHERE m.new AND b._chunk = p._chunk "
            "AND lower(hex(b.hash)) = p.deal_id)"
        )
        return full

    def _insert_new_deals(self) -> bool:
        """Insert the batch's new deals up to the end of the transaction's row group; those
        past it wait in ``_rest``. True when the row group is full."""
        first, count = self.con.execute(
            "SELECT min(deal), count(*) FROM _map WHERE new"
        ).fetchall()[0]
        room = ROW_GROUP_ROWS - self._tx_deals % ROW_GROUP_ROWS
        insert = f"INSERT INTO deal_rows ({_cols('deal_rows')}) "
        select = (
            f"SELECT m.deal, {_cols('deal_rows', 'b.', skip=1)} "
            "FROM _b_deals b JOIN _map m ON m.num = b.deal WHERE m.new"
        )
        if count < room:
            self.con.execute(insert + select)
            self._tx_deals += count
            return False
        self.con.execute(f"{insert} {select} AND m.deal < ?", [first + room])
        if count > room:
            self.con.execute(
                f"CREATE OR REPLACE TEMP TABLE _rest AS {select} AND m.deal >= ?", [first + room]
            )
            self._rest = True
        self._tx_deals += room
        return True

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
        self.con.execute(
            "CREATE OR REPLACE TEMP TABLE _gone AS SELECT deal, lower(hex(hash)) AS deal_id "
            "FROM deal_rows WHERE deal IN (SELECT deal FROM _old) "
            "AND deal NOT IN (SELECT deal FROM occurrence_rows)"
        )
        self.con.execute("DELETE FROM deal_rows WHERE deal IN (SELECT deal FROM _gone)")
        self.con.execute(
            "DELETE FROM problems WHERE origin = 'verify' "
            "AND deal_id IN (SELECT deal_id FROM _gone)"
        )
        self.con.execute("DELETE FROM _old")

    @_archive_errors
    def commit(self) -> None:
        """Commit the files finished since the last commit; the deals :meth:`insert` held
        back then begin the next transaction."""
        if self._in_tx:
            self._collect_garbage()
            try:
                self.con.execute("COMMIT")
            except duckdb.Error:  # DuckDB has ended the transaction (e.g. the disk is full)
                self._in_tx = False
                self.rollback()
                raise
            self._in_tx = False
            self._tx_deals = 0
        self._insert_rest()

    def _insert_rest(self) -> None:
        """Insert the deals :meth:`insert` held back (they begin the next transaction)."""
        if self._rest:
            self._rest = False
            self._begin()
            self.con.execute(f"INSERT INTO deal_rows ({_cols('deal_rows')}) SELECT * FROM _rest")
            self._tx_deals += self._count("_rest")

    def rollback(self) -> None:
        """Roll back the transaction, if one is open (or was, until it failed)."""
        if self._in_tx:
            self._in_tx = False
            with suppress(duckdb.Error):  # DuckDB may have ended it already
                self.con.execute("ROLLBACK")
        self._tx_deals = 0
        self._rest = False
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
        self.refresh_stats()  # before the checkpoint, which then writes it with the load
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
        """Write the storage tables under ``directory`` (Hive-partitioned by variant and year).

        Returns table → rows, for the documented tables (as the archive's views count them).
        """
        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        for table in _EXPORTED:
            select = _partitioned_select(table)
            target = _sql_str(str(out / table))
            self.con.execute(
                f"COPY ({select}) TO {target} (FORMAT parquet, PARTITION_BY (variant, year), "
                "OVERWRITE, FILENAME_PATTERN 'part_{i}')"
            )
        for table, order in (("sources", "file"), ("card_codes", "code")):
            target = _sql_str(str(out / f"{table}.parquet"))
            self.con.execute(
                f"COPY (SELECT * FROM {table} ORDER BY {order}) TO {target} (FORMAT parquet)"
            )
        return self.row_counts()

    @_archive_errors
    def row_counts(self) -> dict[str, int]:
        """Documented table → its rows (counted from the storage: no list is decoded), and
        ``sources``."""
        sums = ", ".join(f"coalesce(sum({expr}), 0)" for expr in _ROW_COUNTS.values())
        row = self.con.execute(f"SELECT count(*), {sums} FROM deal_rows").fetchall()[0]
        counts = {"deals": int(row[0])}
        counts.update({t: int(n) for t, n in zip(_ROW_COUNTS, row[1:], strict=True)})
        counts["occurrences"] = self._count("occurrence_rows")
        counts["problems"] = self._count("problems")
        counts["sources"] = self._count("sources")
        return counts

    @_archive_errors
    def import_parquet(self, directory: str | Path) -> dict[str, int]:
        """Merge an exported dataset: files not yet indexed are added with their deals.

        Files already indexed keep what the database holds. Returns table → rows added
        (``deals``, ``occurrences``, ``problems``, ``sources``).
        """
        root = Path(directory)
        if not (root / "deal_rows").is_dir() and (root / "deals").is_dir():
            raise ArchiveError(
                f"{root} was exported by an older tarokpgn (a table per kind of row): index "
                "its deal files instead, or import it with that version and export again"
            )
        src = _sql_str(str(root / "sources.parquet"))
        codes = root / "card_codes.parquet"
        with self.transaction():
            if codes.is_file():
                self._check_card_codes(codes)
            self.con.execute(
                f"CREATE OR REPLACE TEMP TABLE _isrc AS SELECT * FROM read_parquet({src}) "
                "WHERE file NOT IN (SELECT file FROM sources)"
            )
            counts = {"sources": self._count("_isrc")}
            before = {t: self._count(t) for t in ("deal_rows", "occurrence_rows", "problems")}
            self._import_rows(root)
            self.con.execute("INSERT INTO sources SELECT * FROM _isrc")
            after = {t: self._count(t) for t in before}
        counts["deals"] = after["deal_rows"] - before["deal_rows"]
        counts["occurrences"] = after["occurrence_rows"] - before["occurrence_rows"]
        counts["problems"] = after["problems"] - before["problems"]
        return counts

    def _check_card_codes(self, path: Path) -> None:
        from tarokpgn.archive.rows import CARD_CODES

        theirs = self.con.execute(
            f"SELECT code, card FROM read_parquet({_sql_str(str(path))}) ORDER BY code"
        ).fetchall()
        if theirs != list(enumerate(CARD_CODES)):
            raise ArchiveError(f"{path.parent} was exported with other card codes: reindex it")

    def _count(self, table: str) -> int:
        rows = self.con.execute(f"SELECT count(*) FROM {table}").fetchall()
        return int(rows[0][0])

    def _import_rows(self, root: Path) -> None:
        """The dataset's occurrences of the new files, their deals (new ones given keys here,
        stored ones found by their hash), and the problems that go with them."""
        self.con.execute(
            'CREATE OR REPLACE TEMP TABLE _iocc AS SELECT file, idx, deal, "offset", line '
            "FROM occurrence_rows LIMIT 0"
        )
        if _has_files(root, "occurrence_rows"):
            self.con.execute(
                f"INSERT INTO _iocc SELECT {_cols('occurrence_rows')} "
                f"FROM {_read(root, 'occurrence_rows')} WHERE file IN (SELECT file FROM _isrc)"
            )
        self.con.execute(
            "CREATE OR REPLACE TEMP TABLE _imap (num INTEGER, deal INTEGER, new BOOLEAN)"
        )
        if _has_files(root, "deal_rows"):
            self.con.execute(
                "CREATE OR REPLACE TEMP TABLE _ideals AS "
                f"SELECT {_cols('deal_rows')} FROM {_read(root, 'deal_rows')} "
                "WHERE deal IN (SELECT deal FROM _iocc)"
            )
            self.con.execute(
                "INSERT INTO _imap "
                "WITH known AS (SELECT i.deal AS num, r.deal FROM _ideals i "
                "               JOIN deal_rows r ON r.hash = i.hash), "
                "fresh AS (SELECT deal AS num FROM _ideals "
                "          WHERE deal NOT IN (SELECT num FROM known)) "
                "SELECT num, deal, false FROM known UNION ALL "
                "SELECT num, (SELECT coalesce(max(deal), -1) FROM deal_rows) "
                "            + CAST(row_number() OVER (ORDER BY num) AS INTEGER), true "
                "FROM fresh"
            )
            self.con.execute(
                f"INSERT INTO deal_rows ({_cols('deal_rows')}) "
                f"SELECT m.deal, {_cols('deal_rows', 'i.', skip=1)} "
                "FROM _ideals i JOIN _imap m ON m.num = i.deal WHERE m.new"
            )
        self.con.execute(
            'INSERT INTO occurrence_rows SELECT o.file, o.idx, m.deal, o."offset", o.line '
            "FROM _iocc o JOIN _imap m ON m.num = o.deal"
        )
        if _has_files(root, "problems"):
            self.con.execute(
                f"INSERT INTO problems SELECT {_cols('problems', 'p.')} "
                f"FROM {_read(root, 'problems')} p "
                "WHERE (p.origin = 'verify' AND p.deal_id IN (SELECT lower(hex(r.hash)) "
                "      FROM deal_rows r JOIN _imap m ON m.deal = r.deal WHERE m.new)) "
                "OR (p.origin <> 'verify' AND p.file IN (SELECT file FROM _isrc))"
            )


def documented_tables(batch: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """The documented tables (:data:`~tarokpgn.archive.rows.COLUMNS`) of one batch of
    :meth:`Rows.to_arrow <tarokpgn.archive.rows.Rows.to_arrow>`, as an archive holding only it
    decodes them (in memory, on one thread: each table's rows in the order their deals were
    added, but ``occurrences`` in file and record order). For tests and inspection."""
    from tarokpgn.archive.rows import COLUMNS

    with Archive(":memory:") as archive:
        archive.con.execute("SET threads = 1")
        archive.insert([batch])
        order = {"occurrences": " ORDER BY file, idx"}
        return {
            t: archive.con.sql(f"SELECT * FROM {t}{order.get(t, '')}").to_arrow_table()
            for t in COLUMNS
        }


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
    tables = (p / "deal_rows").is_dir() or (p / "deals").is_dir()  # "deals": schema 2
    return p.is_dir() and (p / "sources.parquet").is_file() and tables


def _has_files(root: Path, table: str) -> bool:
    """Whether the dataset holds rows of ``table`` (an empty table leaves no file)."""
    return any((root / table).glob("**/*.parquet"))


def _cols(table: str, prefix: str = "", skip: int = 0) -> str:
    from tarokpgn.archive.rows import STORAGE

    return ", ".join(f'{prefix}"{name}"' for name, _ in STORAGE[table][skip:])


def _sql_str(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _read(root: Path, table: str) -> str:
    pattern = _sql_str(str(root / table / "**" / "*.parquet"))
    return (
        f"read_parquet({pattern}, hive_partitioning = true, "
        "hive_types = {'variant': 'VARCHAR', 'year': 'SMALLINT'})"
    )


_EXPORTED: Final = ("deal_rows", "occurrence_rows", "problems")
"""The tables of the Parquet export partitioned by variant and year (with ``sources.parquet``
and ``card_codes.parquet``)."""

_ROW_COUNTS: Final = {
    "tags": "coalesce(len(tag_value_list), len(string_split(tag_text, chr(31))))",
    "seats": "len(seats)",
    "scores": "len(seats)",
    "card_points": "len(card_holders)",
    "breakdown": "len(breakdown)",
    "hands": "len(flatten(hands)) + CASE WHEN len(hand_layout) > 0 THEN 54 - len(flatten(talon)) "
    "ELSE 0 END",
    "talon": "len(flatten(talon))",
    "auction": "len(auction)",
    "exchanges": "len(flatten(exchanges))",
    "announcements": "len(announcements)",
    "kontras": "len(kontras)",
    "bonuses": "len(bonuses)",
    "tricks": "len(plays)",
    "plays": "len(flatten(plays))",
    "irregularities": "len(irregularities)",
}
"""Documented table → its rows in a ``deal_rows`` row (summed by :meth:`Archive.row_counts`)."""


def _partitioned_select(table: str) -> str:
    """SELECT of ``table`` with the partition columns (taken from the deal's row)."""
    if table == "deal_rows":
        return "SELECT * FROM deal_rows ORDER BY deal"
    if table == "occurrence_rows":
        return (
            f"SELECT {_cols(table, 't.')}, d.variant, d.year FROM occurrence_rows t "
            "LEFT JOIN deal_rows d ON d.deal = t.deal ORDER BY t.file, t.idx"
        )
    return (
        f"SELECT {_cols(table, 't.')}, d.variant, d.year FROM problems t "
        "LEFT JOIN deal_rows d ON d.hash = unhex(t.deal_id) "
        "ORDER BY t.file, t.deal_id, t.origin, t.record, t.line, t.code"
    )


def _numbered(batches: Sequence[dict[str, pa.Table]]) -> tuple[pa.Table, pa.Table, pa.Table]:
    """The batches' ``deal_rows``, ``occurrence_rows`` and ``problems`` each in one table, the
    deal numbers made distinct (batch i's shifted by the deals of the batches before it) and
    each row given its batch's index (``_chunk``)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    deals: list[pa.Table] = []
    occurrences: list[pa.Table] = []
    problems: list[pa.Table] = []
    shift = 0
    for i, batch in enumerate(batches):
        chunk = pa.scalar(i, pa.int32())
        d, o, p = batch["deal_rows"], batch["occurrence_rows"], batch["problems"]
        if shift:
            by = pa.scalar(shift, pa.int32())
            d = d.set_column(0, "deal", pc.add(d["deal"], by))
            o = o.set_column(2, "deal", pc.add(o["deal"], by))
        deals.append(d.append_column("_chunk", pa.repeat(chunk, d.num_rows)))
        occurrences.append(o)
        problems.append(p.append_column("_chunk", pa.repeat(chunk, p.num_rows)))
        shift += d.num_rows
    return pa.concat_tables(deals), pa.concat_tables(occurrences), pa.concat_tables(problems)


def _old_schema(con: duckdb.DuckDBPyConnection) -> str | None:
    """The schema version of an archive written by an older tarokpgn (its ``deals`` is a
    table), or None (a new database, or one of this schema)."""
    rows = con.execute(
        "SELECT table_type FROM information_schema.tables "
        "WHERE table_name = 'deals' AND table_schema = 'main'"
    ).fetchall()
    if not rows or rows[0][0] != "BASE TABLE":
        return None
    version = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall()
    return str(version[0][0]) if version else "1"
