"""The DuckDB archive: index verified deals, query them with SQL, report statistics.

* :mod:`~tarokpgn.archive.rows`: records and verdicts as columnar rows (pure);
* :mod:`~tarokpgn.archive.store`: the database (the only module that imports DuckDB);
* :mod:`~tarokpgn.archive.readonly`: someone's SQL run safely: one SELECT, locked down, bounded;
* :mod:`~tarokpgn.archive.ingest`: files → worker pool → batches → store, with progress;
* :mod:`~tarokpgn.archive.stats`: the ready-made reports over the SQL views;
* :mod:`~tarokpgn.archive.parquet`: export and re-import as a Hive-partitioned Parquet dataset.

The tables and views are documented in ``schema.sql`` and ``docs/archive.rst``.
"""

from __future__ import annotations

from tarokpgn.errors import TarokPgnError

__all__ = ["ArchiveError", "DEFAULT_DB"]

DEFAULT_DB = "tarok.duckdb"
"""Database file used when ``--db`` is not given (in the current folder)."""


class ArchiveError(TarokPgnError):
    """The archive database could not be opened, written or queried (DuckDB's message)."""
