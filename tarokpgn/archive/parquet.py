"""The archive as a Hive-partitioned Parquet dataset, readable by DuckDB, Spark or Polars.

Layout written by :func:`export_dataset` (and read back by ``tarokpgn index DIR``)::

    DIR/sources.parquet
    DIR/<table>/variant=<variant>/year=<year>/part_0.parquet    for every other table

``<table>`` is each table of ``schema.sql`` except ``meta``; child tables carry the
partition columns of their deal. A deal with no known year is under
``year=__HIVE_DEFAULT_PARTITION__`` (read back as NULL).
"""

from __future__ import annotations

from pathlib import Path

from tarokpgn.archive.store import Archive, is_parquet_dataset

__all__ = ["export_dataset", "import_dataset", "is_parquet_dataset"]


def export_dataset(archive: Archive, directory: str | Path) -> dict[str, int]:
    """Write ``archive`` under ``directory``; returns table → rows written."""
    return archive.export_parquet(directory)


def import_dataset(archive: Archive, directory: str | Path) -> dict[str, int]:
    """Merge an exported dataset into ``archive``; returns table → rows added.

    Source files the archive already holds are kept as they are, so importing twice adds
    nothing.
    """
    if not is_parquet_dataset(directory):
        raise FileNotFoundError(f"{str(directory)!r} is not an exported tarokpgn dataset")
    return archive.import_parquet(directory)
