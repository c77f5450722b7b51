"""Printing query results for the archive commands: rich table, plain text, CSV or JSON."""

from __future__ import annotations

import csv
import json
import sys
from typing import Any, TextIO

from tarokpgn.archive.store import QueryResult
from tarokpgn.cli._style import STATUS_STYLES, console


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return str(value)


def print_result(
    result: QueryResult, fmt: str = "table", title: str = "", out: TextIO | None = None
) -> None:
    """Write ``result`` to ``out`` (stdout) as ``table``, ``csv`` or ``json``.

    ``table`` is a rich table on a terminal and aligned plain text otherwise.
    """
    out = out or sys.stdout
    if fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(result.columns)
        writer.writerows([_text(v) for v in row] for row in result.rows)
    elif fmt == "json":
        rows = [dict(zip(result.columns, map(_jsonable, row), strict=True)) for row in result.rows]
        json.dump(rows, out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif out.isatty():
        _rich(result, title, out)
    else:
        _plain(result, title, out)


def _rich(result: QueryResult, title: str, out: TextIO) -> None:
    from rich.table import Table
    from rich.text import Text

    # Text, not str: rich would read "[b]" or "[/x]" in a value as markup (or fail on it).
    table = Table(title=Text(title) if title else None, title_justify="left")
    for column in result.columns:
        table.add_column(Text(column))
    styles = [_column_styles(c) for c in result.columns]
    for row in result.rows:
        cells = [_text(v) for v in row]
        table.add_row(*(Text(c, style.get(c, "")) for c, style in zip(cells, styles, strict=True)))
    console(out).print(table)


def _column_styles(column: str) -> dict[str, str]:
    """Verdict statuses in a ``status`` column in the colours of ``tarokpgn verify``."""
    return STATUS_STYLES if column == "status" else {}


def _plain(result: QueryResult, title: str, out: TextIO) -> None:
    cells = [result.columns, *([_text(v) for v in row] for row in result.rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(result.columns))]
    if title:
        out.write(f"{title}\n")
    for n, row in enumerate(cells):
        out.write("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() + "\n")
        if n == 0:
            out.write("  ".join("-" * w for w in widths) + "\n")
