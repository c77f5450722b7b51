"""``tarokpgn plot``: a statistics report of the archive as a chart (SVG or PNG)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tarokpgn.archive import ArchiveError
from tarokpgn.archive.plots import CHARTS, FORMATS, ChartError, figure, render, report_rows
from tarokpgn.archive.stats import BY_NAME, FilterError, generated_left_out
from tarokpgn.cli._io import cannot_write
from tarokpgn.cli.query import add_db_option, open_read_only
from tarokpgn.cli.stats import add_filter_options, filters_from_args

COMMAND = "tarokpgn plot"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "plot",
        help="draw a statistics report as a chart (SVG or PNG)",
        description="Draw one report of `tarokpgn stats` as a chart: the same rows, for the "
        "same filters (generated deals are left out unless --include-generated). "
        "The output's extension chooses the format: .svg or .png.",
    )
    add_db_option(parser)
    parser.add_argument(
        "report", metavar="REPORT",
        help="the report: " + "; ".join(f"{c.report}: {c.about}" for c in CHARTS.values()),
    )  # fmt: skip
    parser.add_argument("--out", required=True, metavar="FILE", help="the chart (.svg or .png)")
    add_filter_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    problem = _check_usage(args.report, args.out)
    if problem:
        return _fail(problem, 2)
    try:
        return _plot(args)
    except FilterError as exc:
        return _fail(str(exc), 2)
    except ChartError as exc:
        return _fail(str(exc), 1)
    except ArchiveError as exc:
        print(f"ArchiveError: {exc}", file=sys.stderr)
        return 1


def _plot(args: argparse.Namespace) -> int:
    """Query, draw, write; the errors go to :func:`run`."""
    filters = filters_from_args(args)
    with open_read_only(args.db) as archive:
        result = report_rows(archive, args.report, filters)
        left_out = 0 if result.rows else generated_left_out(archive, filters)
    if left_out:
        raise ChartError(
            f"the {args.report} report has no rows for these filters: nothing to plot "
            f"({left_out:,} generated deal(s) left out; --include-generated counts them)"
        )
    data = render(figure(args.report, result, filters), Path(args.out).suffix[1:].lower())
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        return cannot_write(COMMAND, exc)
    print(f"{COMMAND}: wrote {args.out} ({len(result.rows)} rows)", file=sys.stderr)
    return 0


def _check_usage(report: str, out: str) -> str:
    """What is wrong with the report name or the output's extension, or ``""``."""
    names = ", ".join(CHARTS)
    if report not in CHARTS:
        what = "has no chart" if report in BY_NAME else "is no report"
        return f"{report!r} {what}: choose one of {names}"
    if Path(out).suffix[1:].lower() not in FORMATS:
        return f"--out {out!r}: the chart's file name must end in .svg or .png"
    return ""


def _fail(message: str, status: int) -> int:
    print(f"{COMMAND}: {message}", file=sys.stderr)
    return status
