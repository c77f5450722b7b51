"""Running someone's SQL on the archive safely: the engine of ``tarokpgn query``.

:func:`lock_down` configures an archive opened read-only, :func:`run_select` runs one
statement on it::

    with Archive(path, read_only=True) as archive:
        lock_down(archive, Limits(timeout=10))
        result = run_select(archive, "SELECT * FROM v_contracts", Limits(timeout=10))

The statement must be exactly one ``SELECT`` (DuckDB's own parser decides: ``FROM t``,
``WITH``, ``VALUES``, ``SHOW``, ``DESCRIBE`` and ``SUMMARIZE`` are selects too); anything else
(``COPY``, ``EXPORT``, ``SET``, ``PRAGMA``, ``CREATE``, ``INSTALL``, ``ATTACH``, ``CALL``, …) is
refused before it runs. A select still reaches further than the archive through table
functions (``read_csv``, ``read_text``, ``glob``, a file name in ``FROM``) and extensions, so
the connection is first locked down: no file or network access (unless
:attr:`Limits.allow_files`), no extension installed or loaded, no spill files, a memory limit
and a number of threads, then ``lock_configuration`` so the SQL cannot undo any of it. The
archive file is already open, so its tables and views stay readable. Time is bounded by
interrupting the query from a timer thread (DuckDB has no statement timeout), and the rows
fetched by :attr:`Limits.max_rows`.

Every error raised here is an :class:`~tarokpgn.archive.ArchiveError` whose message is one
line of at most :data:`MESSAGE_WIDTH` characters (a 50 MB statement is not echoed back).
DuckDB itself is reached through :class:`~tarokpgn.archive.store.Archive` only.
"""

from __future__ import annotations

import math
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.store import Archive, QueryResult, error_kind

MESSAGE_WIDTH: Final = 100
"""Longest error message, in characters (longer ones are cut with "…")."""


def _default_threads() -> int:
    return min(4, os.cpu_count() or 1)


_SIZE: Final = re.compile(
    r"\d+(\.\d+)?\s*(b|bytes?|[kmgt]i?b|[kmgt]|(kilo|mega|giga|tera)bytes?)", re.IGNORECASE
)


def check_size(text: str) -> str:
    """``text`` if it is a DuckDB memory size such as ``"500MB"`` or ``"2 GiB"``, else
    :class:`ValueError` (DuckDB takes ``"-1GB"`` for no limit at all)."""
    if not _SIZE.fullmatch(text.strip()):
        raise ValueError(f"not a memory size such as 500MB or 2GiB: {text!r}")
    return text.strip()


@dataclass(frozen=True, slots=True)
class Limits:
    """What a query may use. The defaults are those of ``tarokpgn query``."""

    timeout: float = 60.0
    """Seconds before the query is interrupted."""
    memory_limit: str = "1GB"
    """DuckDB ``memory_limit`` (a size such as ``"500MB"``); nothing spills to disk beyond it."""
    threads: int = _default_threads()
    """DuckDB ``threads``."""
    max_rows: int = 100_000
    """Rows fetched at most (0: all)."""
    allow_files: bool = False
    """Leave DuckDB's external access on: table functions may read local files."""

    def __post_init__(self) -> None:
        check_size(self.memory_limit)
        if not 0 < self.timeout < math.inf or self.threads < 1 or self.max_rows < 0:
            raise ValueError(f"limits out of range: {self}")


@dataclass(frozen=True, slots=True)
class SelectResult(QueryResult):
    """A query's result; ``cut`` when it had more than :attr:`Limits.max_rows` rows."""

    cut: bool = field(default=False, kw_only=True)


class QueryRefused(ArchiveError):
    """The SQL is not exactly one ``SELECT`` statement (nothing was run)."""


class QueryTimeout(ArchiveError):
    """The query ran longer than :attr:`Limits.timeout` and was interrupted."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"query stopped after {seconds:g} s")
        self.seconds = seconds


class QueryOutOfMemory(ArchiveError):
    """The query needed more than :attr:`Limits.memory_limit`."""

    def __init__(self, message: str, memory_limit: str) -> None:
        super().__init__(message)
        self.memory_limit = memory_limit


class QueryFileAccess(ArchiveError):
    """The query tried to read a file (or to reach the network) without ``allow_files``."""


def one_line(message: str, width: int = MESSAGE_WIDTH) -> str:
    """``message`` as one line: DuckDB's echo of the SQL (``LINE 1: …``) is left out, the
    other lines are joined, and the result is cut to ``width`` characters with "…"."""
    kept: list[str] = []
    for line in message.splitlines():
        if line.startswith("LINE "):
            break
        kept.append(line.strip())
    text = " ".join(" ".join(kept).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def lock_down(archive: Archive, limits: Limits) -> None:
    """Configure the open (read-only) ``archive`` for :func:`run_select`, then lock the
    configuration: from here on no ``SET`` can change it."""
    settings: dict[str, Any] = {
        # Before external access is disabled (which forbids changing it): no spill files.
        "temp_directory": "",
        "threads": limits.threads,
        "autoinstall_known_extensions": False,
        "autoload_known_extensions": False,
        "allow_community_extensions": False,  # skipped by a DuckDB that does not know it
    }
    if not limits.allow_files:
        settings["enable_external_access"] = False
    # Last: a tiny limit can leave too little memory for the SET statements themselves.
    settings["memory_limit"] = limits.memory_limit
    settings["lock_configuration"] = True
    known = {row[0] for row in archive.query("SELECT name FROM duckdb_settings()").rows}
    for name, value in settings.items():
        if name in known:
            _set(archive, name, value)


def _set(archive: Archive, name: str, value: Any) -> None:
    try:
        archive.query(f"SET {name} = {_literal(value)}")
    except ArchiveError as exc:
        raise ArchiveError(one_line(f"cannot set {name} to {value!r}: {exc}")) from exc


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


_KIND: Final = {
    "LOAD": "INSTALL or LOAD",
    "MULTI": "multi-part (such as PIVOT)",
    "VARIABLE_SET": "SET VARIABLE",
    "COPY_DATABASE": "COPY FROM DATABASE",
}


def check_select(archive: Archive, sql: str) -> None:
    """Check that ``sql`` is exactly one ``SELECT`` statement, by DuckDB's own parser.

    Raises :class:`QueryRefused` when it holds none, several, or another kind of statement,
    and :class:`~tarokpgn.archive.ArchiveError` when it cannot be parsed.
    """
    try:
        types = archive.statement_types(sql)
    except ArchiveError as exc:
        raise ArchiveError(one_line(str(exc))) from exc
    if not types:
        raise QueryRefused("no SQL statement given")
    if len(types) > 1:
        raise QueryRefused(f"only one statement may run, not {len(types)}")
    if types[0] != "SELECT":
        kind = _KIND.get(types[0], types[0].replace("_", " "))
        raise QueryRefused(f"only a SELECT statement may run (read-only), not {kind}")


def run_select(archive: Archive, sql: str, limits: Limits) -> SelectResult:
    """Run ``sql`` (one ``SELECT``) on an archive set up by :func:`lock_down`.

    Raises :class:`QueryRefused`, :class:`QueryTimeout`, :class:`QueryOutOfMemory`,
    :class:`QueryFileAccess` or :class:`~tarokpgn.archive.ArchiveError` (DuckDB's message).
    """
    check_select(archive, sql)
    wanted = limits.max_rows + 1 if limits.max_rows else None
    with _deadline(archive, limits.timeout) as expired:
        try:
            result = archive.query(sql, max_rows=wanted)
        except ArchiveError as exc:
            raise _failure(exc, limits, expired.is_set()) from exc
    if wanted is None or len(result.rows) < wanted:
        return SelectResult(result.columns, result.rows)
    return SelectResult(result.columns, result.rows[: limits.max_rows], cut=True)


@contextmanager
def _deadline(archive: Archive, seconds: float) -> Iterator[threading.Event]:
    """Interrupt ``archive``'s statement after ``seconds``; the event tells whether it did."""
    expired = threading.Event()

    def stop() -> None:
        expired.set()
        archive.interrupt()

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    try:
        yield expired
    finally:
        timer.cancel()
        timer.join()


_DENIED: Final = re.compile(r'Cannot access (file|directory) "[^"\n]*"')
"""The part of DuckDB's permission error that names the file."""


def _failure(exc: ArchiveError, limits: Limits, expired: bool) -> ArchiveError:
    """The :class:`ArchiveError` to raise for DuckDB's error ``exc``."""
    kind = error_kind(exc)
    if expired and kind == "interrupt":
        return QueryTimeout(limits.timeout)
    if kind == "memory":  # its next lines are about spill files
        return QueryOutOfMemory(one_line(str(exc).partition("\n")[0]), limits.memory_limit)
    if kind == "permission" and not limits.allow_files:  # what the configuration forbids
        denied = _DENIED.search(str(exc))
        return QueryFileAccess(one_line(f"file access is off: {denied[0] if denied else exc}"))
    return ArchiveError(one_line(str(exc)))
