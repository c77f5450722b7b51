"""The statistics reports as charts (matplotlib, drawn with its Agg and SVG canvases, no
display).

A chart draws the rows of one :mod:`~tarokpgn.archive.stats` report, run with the same
:class:`~tarokpgn.archive.stats.Filters`, so ``tarokpgn plot`` and ``tarokpgn stats`` show the
same numbers: nothing is counted here. Every bar, box and line carries a ``gid`` naming the
row it draws (``column/variant/contract``, ``running_score/player/variant``), kept as an ``id``
in the SVG. Scores are drawn per variant (one panel each) or per unit, with the unit on the
axis. matplotlib is imported when a chart is drawn (it takes a while), not with the command.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any

from tarokpgn.archive.stats import BY_NAME, Filters, run_reports
from tarokpgn.archive.store import Archive, QueryResult
from tarokpgn.errors import TarokPgnError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

Row = dict[str, Any]

FORMATS = ("svg", "png")
"""The file formats a chart is written in (the output file's extension)."""
MAX_LINES = 12
"""The most lines the running-totals chart draws (a legend stays readable)."""
WIDTH = 8.0
"""Figure width, inches."""


class ChartError(TarokPgnError, ValueError):
    """The report has nothing to draw, or too much (one line)."""


@dataclass(frozen=True, slots=True)
class Chart:
    """One chart: the report it draws and how."""

    report: str
    """The :data:`~tarokpgn.archive.stats.REPORTS` name."""
    about: str
    draw: Callable[[Figure, list[Row]], None]


def report_rows(archive: Archive, name: str, filters: Filters) -> QueryResult:
    """The rows of report ``name`` for ``filters``, exactly as ``tarokpgn stats`` gets them."""
    [(_, result)] = run_reports(archive, [name], filters)
    return result


def figure(name: str, result: QueryResult, filters: Filters | None = None) -> Figure:
    """Chart ``name`` of ``result`` (the report's rows), titled with the report and the
    filters; :class:`ChartError` when there is no row."""
    if not result.rows:
        raise ChartError(f"the {name} report has no rows for these filters: nothing to plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = [dict(zip(result.columns, row, strict=True)) for row in result.rows]
    fig = Figure(figsize=(WIDTH, 4.0), layout="constrained")
    FigureCanvasAgg(fig)
    CHARTS[name].draw(fig, rows)
    title = BY_NAME[name].title
    fig.suptitle(title if filters is None else f"{title}\n{describe(filters)}")
    return fig


def render(fig: Figure, fmt: str) -> bytes:
    """``fig`` as SVG (text drawn as paths, so it looks the same without the fonts; no date:
    the same chart gives the same file) or PNG."""
    import matplotlib

    if fmt not in FORMATS:
        raise ValueError(f"unknown chart format {fmt!r}")
    out = io.BytesIO()
    metadata: dict[str, str | None] = {"Date": None} if fmt == "svg" else {"Software": None}
    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "tarokpgn"}):
        fig.savefig(out, format=fmt, dpi=150, metadata=metadata)
    return out.getvalue()


def describe(filters: Filters) -> str:
    """The filters in words, for a chart's foot: ``slovenian-4 · player Ana · …``."""
    parts = [filters.variant or "every variant"]
    for label, value in (("player", filters.player), ("match", filters.match),
                         ("file", filters.file), ("since", filters.since),
                         ("until", filters.until)):  # fmt: skip
        if value is not None:
            parts.append(f"{label} {value}")
    generated = "generated deals included" if filters.include_generated else "generated left out"
    return " · ".join([*parts, generated])


def _by(rows: Iterable[Row], key: str) -> list[tuple[str, list[Row]]]:
    """``rows`` grouped by column ``key``, in the report's order."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(str(row[key]), []).append(row)
    return list(groups.items())


def _panels(fig: Figure, sizes: Sequence[int], per_item: float) -> list[Axes]:
    """One panel per group, stacked, each as tall as its ``sizes`` items need."""
    heights = [0.9 + per_item * n for n in sizes]
    fig.set_size_inches(WIDTH, 1.0 + sum(heights))
    axes = fig.subplots(len(sizes), 1, squeeze=False, gridspec_kw={"height_ratios": heights})
    return [ax for [ax] in axes]


@dataclass(frozen=True, slots=True)
class _Series:
    column: str
    label: str
    hatch: str = ""


def _hbars(ax: Axes, rows: list[Row], series: Sequence[_Series], variant: str) -> None:
    """Horizontal bars, one group per row (its contract), one bar per series; a NULL value
    draws no bar."""
    width = 0.8 / len(series)
    for k, s in enumerate(series):
        kept = [(i, row) for i, row in enumerate(rows) if row[s.column] is not None]
        ys = [i - 0.4 + width * (k + 0.5) for i, _ in kept]
        values = [float(row[s.column]) for _, row in kept]
        bars = ax.barh(ys, values, height=width, label=s.label, color=f"C{k}",
                       hatch=s.hatch, edgecolor="black", linewidth=0.5)  # fmt: skip
        for bar, (_, row) in zip(bars, kept, strict=True):
            bar.set_gid(f"{s.column}/{variant}/{row['contract']}")
        ax.bar_label(bars, fmt="%g", padding=2, fontsize="x-small")
    ax.set_yticks(range(len(rows)), [str(row["contract"]) for row in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlim(0, 108)  # percentages: the same scale in every panel, room for the labels
    ax.set_xticks(range(0, 101, 10))
    ax.grid(axis="x", alpha=0.3)


def _draw_contracts(fig: Figure, rows: list[Row]) -> None:
    groups = _by(rows, "variant")
    series = (_Series("freq_pct", "frequency (% of the variant's deals)"),
              _Series("success_pct", "success (% of decided deals)", "//"))  # fmt: skip
    for ax, (variant, group) in zip(_panels(fig, [len(g) for _, g in groups], 0.4), groups,
                                    strict=True):  # fmt: skip
        _hbars(ax, group, series, variant)
        ax.set_title(f"{variant}: {sum(r['deals'] for r in group)} deals", loc="left")
        ax.set_xlabel("share of deals (%)")
    fig.legend(*fig.axes[0].get_legend_handles_labels(), loc="outside lower center", ncols=2)


def _draw_kontra(fig: Figure, rows: list[Row]) -> None:
    groups = _by(rows, "variant")
    series = (_Series("kontra_pct", "kontra on the game (% of the contract's deals)"),)
    for ax, (variant, group) in zip(_panels(fig, [len(g) for _, g in groups], 0.3), groups,
                                    strict=True):  # fmt: skip
        _hbars(ax, group, series, variant)
        ax.set_title(f"{variant}: {sum(r['kontra'] for r in group)} of "
                     f"{sum(r['deals'] for r in group)} deals with kontra", loc="left")  # fmt: skip
        ax.set_xlabel("deals with kontra on the game: share of the contract's deals (%)")


def _boxes(fig: Figure, rows: list[Row], stat: str, axis: Callable[[Row], str]) -> None:
    """One panel per variant, one box per contract: whiskers at the minimum and maximum, the
    box from the first to the third quartile, the median a line, the mean a marker; the
    columns are ``min_STAT``, ``q1_STAT`` … ``avg_STAT``. The parts' gids end in ``/box``,
    ``/median``, ``/mean``, ``/low`` and ``/high`` (the whiskers)."""
    groups = _by(rows, "variant")
    for ax, (variant, group) in zip(_panels(fig, [len(g) for _, g in groups], 0.32), groups,
                                    strict=True):  # fmt: skip
        drawn = ax.bxp([_box_stats(row, stat) for row in group], orientation="horizontal",
                       showmeans=True, showfliers=False, patch_artist=True,
                       boxprops={"facecolor": "C0", "alpha": 0.5})  # fmt: skip
        for i, row in enumerate(group):
            gid = f"{stat}/{variant}/{row['contract']}"
            for part, artist in (("box", drawn["boxes"][i]), ("median", drawn["medians"][i]),
                                 ("mean", drawn["means"][i]), ("low", drawn["whiskers"][2 * i]),
                                 ("high", drawn["whiskers"][2 * i + 1])):  # fmt: skip
                artist.set_gid(f"{gid}/{part}")
        ax.set_ylim(len(group) + 0.5, 0.5)
        ax.set_title(f"{variant}: {sum(r['deals'] for r in group)} deals", loc="left")
        ax.set_xlabel(axis(group[0]))
        ax.grid(axis="x", alpha=0.3)


def _box_stats(row: Row, stat: str) -> dict[str, Any]:
    """The box of one row, as :meth:`Axes.bxp` takes it."""
    return {"label": f"{row['contract']} (n={row['deals']})", "whislo": row[f"min_{stat}"],
            "q1": row[f"q1_{stat}"], "med": row[f"median_{stat}"], "q3": row[f"q3_{stat}"],
            "whishi": row[f"max_{stat}"], "mean": row[f"avg_{stat}"], "fliers": []}  # fmt: skip


def _draw_scores(fig: Figure, rows: list[Row]) -> None:
    _boxes(fig, rows, "score", lambda row: f"declarer's score per deal ({row['unit']})")


def _draw_card_points(fig: Figure, rows: list[Row]) -> None:
    _boxes(fig, rows, "points", lambda row: "declarer side's card points per deal (card points)")


def _draw_running(fig: Figure, rows: list[Row]) -> None:
    lines = _by(rows, "player")
    lines = [(f"{p} ({v})", g) for p, rows_p in lines for v, g in _by(rows_p, "variant")]
    if len(lines) > MAX_LINES:
        raise ChartError(f"the running-totals report has {len(lines)} players' lines (at most "
                         f"{MAX_LINES} are drawn): choose one with --player or a match with "
                         "--match")  # fmt: skip
    units = _by(rows, "unit")
    for ax, (unit, panel) in zip(_panels(fig, [8] * len(units), 0.5), units, strict=True):
        dated = _dated(panel)
        for name, line in lines:
            if line[0]["unit"] != unit:
                continue
            xs = _when(line) if dated else [r["n"] for r in line]
            (drawn,) = ax.plot(xs, [r["running_score"] for r in line],
                               marker="o" if len(line) <= 40 else "", markersize=3,
                               label=name)  # fmt: skip
            drawn.set_gid(f"running_score/{line[0]['player']}/{line[0]['variant']}")
        ax.axhline(0, color="black", linewidth=0.6)
        _time_axis(ax, dated)
        ax.set_ylabel(f"running total ({unit})")
        ax.grid(alpha=0.3)
        ax.legend(fontsize="x-small")


def _dated(rows: list[Row]) -> bool:
    """Whether every deal of ``rows`` has its date and they span several days: the running
    totals are then drawn over time (dates), else deal by deal."""
    days = {row["played_on"] for row in rows}
    return None not in days and len(days) > 1


def _when(line: list[Row]) -> list[float]:
    """Each deal of ``line`` at its date (matplotlib's day number), the deals of one day spread
    over it in the order they were played (a row's ``n``)."""
    from matplotlib.dates import date2num

    per_day = Counter(row["played_on"] for row in line)
    seen: Counter[date] = Counter()
    out = []
    for row in line:
        day = row["played_on"]
        start = float(date2num(datetime.combine(day, time())))  # type: ignore[no-untyped-call]
        out.append(start + seen[day] / per_day[day])
        seen[day] += 1
    return out


def _time_axis(ax: Axes, dated: bool) -> None:
    """The x-axis of the running totals: dates, or whole deals (no ticks between deals)."""
    if dated:
        ax.xaxis_date()
        ax.set_xlabel("date played (days; a day's deals in the order played)")
    else:
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.set_xlabel("deals played, in order of date, match and deal number (deals)")


CHARTS: dict[str, Chart] = {
    chart.report: chart
    for chart in (
        Chart("contracts", "contract frequencies and success rates by variant (bars)",
              _draw_contracts),
        Chart("score-distribution", "the declarer's score per deal by contract (boxes)",
              _draw_scores),
        Chart("card-points", "the declarer side's card points per deal by contract (boxes)",
              _draw_card_points),
        Chart("running-totals", "each player's running total over time or deal by deal "
              "(lines)",
              _draw_running),
        Chart("kontra", "how often the game is doubled, by contract (bars)", _draw_kontra),
    )
}  # fmt: skip
"""The charts by report name, in ``tarokpgn plot --help`` order."""
