"""``tarokpgn plot``: every chart draws exactly the numbers ``tarokpgn stats`` prints, renders
as SVG and PNG, and bad input gets one line and the archive commands' exit status."""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from matplotlib.dates import num2date

from tarokpgn.archive.plots import CHARTS, figure, report_rows
from tarokpgn.archive.store import Archive
from tarokpgn.cli import main
from tarokpgn.cli.stats import add_filter_options, filters_from_args

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SAMPLE = EXAMPLES / "sample-archive"
SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

FILTERS = (
    ["--include-generated"],
    ["--include-generated", "--variant", "slovenian-4"],
    ["--include-generated", "--player", "Eva", "--since", "2024-01-01"],
    ["--include-generated", "--match", "Jihlava 2024.01.01"],
    [],  # the examples' own deals only
)
"""Filter options the charts are compared under (running-totals is always given a player or
a match: the whole archive has more lines than a chart draws)."""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive of the examples (club deals) and three months of the generated sample
    archive, indexed through the CLI."""
    path = tmp_path_factory.mktemp("plot") / "a.duckdb"
    sample = [SAMPLE / v / "2024-01.tpgn" for v in ("slovenian-4", "czech-4", "french-4")]
    files = [*sorted(EXAMPLES.glob("*.tpgn")), *sample]
    assert main(["index", "--db", str(path), "-q", *map(str, files)]) == 0
    return path


def stats_rows(
    db: Path, report: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> list[dict[str, Any]]:
    """The rows ``tarokpgn stats --json`` prints for ``report``."""
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--report", report, "--json", *options]) == 0
    return list(json.loads(capsys.readouterr().out))


def drawn(db: Path, report: str, options: list[str]) -> dict[str, Any]:
    """gid → artist of the chart of ``report`` under the filter ``options`` (parsed as
    ``plot`` parses them)."""
    parser = argparse.ArgumentParser()
    add_filter_options(parser)
    filters = filters_from_args(parser.parse_args(options))
    with Archive(db, read_only=True) as archive:
        fig = figure(report, report_rows(archive, report, filters), filters)
    return {a.get_gid(): a for a in fig.findobj() if a.get_gid()}


def expected_gids(report: str, rows: list[dict[str, Any]]) -> set[str]:
    """The gids the chart of ``rows`` must hold: one per bar, box part or line."""
    if report == "running-totals":
        return {f"running_score/{r['player']}/{r['variant']}" for r in rows}
    if report in ("contracts", "kontra"):
        columns = ["freq_pct", "success_pct"] if report == "contracts" else ["kontra_pct"]
        return {f"{c}/{r['variant']}/{r['contract']}" for r in rows for c in columns
                if r[c] is not None}  # fmt: skip
    stat = "score" if report == "score-distribution" else "points"
    parts = ("box", "median", "mean", "low", "high")
    return {f"{stat}/{r['variant']}/{r['contract']}/{p}" for r in rows for p in parts}


def options_for(report: str) -> list[list[str]]:
    if report == "running-totals":
        return [f for f in FILTERS if "--player" in f or "--match" in f]
    return list(FILTERS)


CASES = [(report, options) for report in CHARTS for options in options_for(report)]


@pytest.mark.parametrize(("report", "options"), CASES, ids=lambda x: str(x))
def test_the_chart_draws_the_stats_numbers(
    db: Path, report: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    rows = stats_rows(db, report, options, capsys)
    assert rows, "every case has something to draw"
    artists = drawn(db, report, options)
    assert set(artists) == expected_gids(report, rows)
    for row in rows:
        check_row(report, row, artists)


def check_row(report: str, row: dict[str, Any], artists: dict[str, Any]) -> None:
    """The artists of ``row`` show its numbers."""
    key = f"{row['variant']}/{row.get('contract')}"
    if report in ("contracts", "kontra"):
        for column in ("freq_pct", "success_pct", "kontra_pct"):
            if row.get(column) is not None:
                assert artists[f"{column}/{key}"].get_width() == pytest.approx(row[column])
    elif report == "running-totals":
        line = artists[f"running_score/{row['player']}/{row['variant']}"]
        x, y = line.get_xdata()[row["n"] - 1], line.get_ydata()[row["n"] - 1]
        assert y == row["running_score"]
        dated = ax_dated(line.axes)
        assert num2date(x).date().isoformat() == row["played_on"] if dated else x == row["n"]
    else:
        stat = "score" if report == "score-distribution" else "points"
        box = {p: artists[f"{stat}/{key}/{p}"] for p in ("box", "median", "mean", "low", "high")}
        xs = box["box"].get_path().vertices[:, 0]
        assert (min(xs), max(xs)) == pytest.approx((row[f"q1_{stat}"], row[f"q3_{stat}"]))
        assert list(box["median"].get_xdata()) == pytest.approx([row[f"median_{stat}"]] * 2)
        assert list(box["mean"].get_xdata()) == pytest.approx([row[f"avg_{stat}"]])
        assert list(box["low"].get_xdata()) == pytest.approx(
            [row[f"q1_{stat}"], row[f"min_{stat}"]]
        )
        assert list(box["high"].get_xdata()) == pytest.approx(
            [row[f"q3_{stat}"], row[f"max_{stat}"]]
        )


def test_a_running_total_ends_at_the_players_total(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cross-check of the new view against ``players``: the last point is the total score."""
    options = ["--include-generated", "--player", "Eva"]
    totals = {r["variant"]: r["total_score"] for r in stats_rows(db, "players", options, capsys)}
    lines = {gid.split("/")[2]: a for gid, a in drawn(db, "running-totals", options).items()}
    assert {v: int(line.get_ydata()[-1]) for v, line in lines.items()} == totals
    assert len(totals) >= 2


def test_axes_name_their_units(db: Path) -> None:
    options = ["--include-generated"]
    for report in ("score-distribution", "card-points", "contracts", "kontra"):
        axes = {a.axes for a in drawn(db, report, options).values()}
        for ax in axes:
            variant = ax.get_title(loc="left").split(":")[0]
            unit = {"score-distribution": "haléře" if variant == "czech-4" else "points",
                    "card-points": "card points"}.get(report, "%")  # fmt: skip
            assert ax.get_xlabel().endswith(f"({unit})"), (report, ax.get_xlabel())
    for ax in {a.axes for a in drawn(db, "running-totals", ["--player", "Eva", *options]).values()}:
        assert ax.get_ylabel() in ("running total (points)", "running total (haléře)")
        assert ax.get_xlabel().startswith("date played (days")


def ax_dated(ax: Any) -> bool:
    """Whether the x-axis of ``ax`` shows dates (else deals)."""
    return bool(ax.get_xlabel().startswith("date played"))


def test_running_totals_over_time_or_deal_by_deal(db: Path) -> None:
    """Deals of several days are drawn at their dates; the deals of one day (a match of one
    evening) deal by deal, on whole-deal ticks, also for a single deal."""
    over_days = drawn(db, "running-totals", ["--include-generated", "--player", "Eva"])
    assert all(ax_dated(a.axes) for a in over_days.values())
    one_day = ["--include-generated", "--match", "Jihlava 2024.01.01"]
    single = ["--player", "Darja", "--file", "*renons.tpgn"]  # one deal
    for options in (one_day, single):
        axes = {a.axes for a in drawn(db, "running-totals", options).values()}
        for ax in axes:
            assert ax.get_xlabel().endswith("(deals)")
            ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
            assert ticks and all(t == int(t) for t in ticks), ticks


@pytest.mark.parametrize("report", list(CHARTS))
def test_each_chart_renders_as_svg_and_png(
    db: Path, tmp_path: Path, report: str, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ["--include-generated", *(["--player", "Eva"] if report == "running-totals" else [])]
    rows = stats_rows(db, report, options, capsys)
    for fmt in ("svg", "png"):
        out = tmp_path / f"chart.{fmt}"
        assert main(["plot", "--db", str(db), report, "--out", str(out), *options]) == 0
        assert capsys.readouterr().err == f"tarokpgn plot: wrote {out} ({len(rows)} rows)\n"
        data = out.read_bytes()
        if fmt == "png":
            assert data.startswith(PNG_SIGNATURE) and len(data) > 10_000
            continue
        root = ET.fromstring(data)
        assert root.tag == f"{SVG}svg"
        ids = {e.get("id") for e in root.iter(f"{SVG}g")}
        assert expected_gids(report, rows) <= ids
        assert b"<dc:date>" not in data  # the same chart, the same file


def test_same_chart_same_svg(db: Path, tmp_path: Path) -> None:
    outs = [tmp_path / "a.svg", tmp_path / "b.svg"]
    for out in outs:
        assert main(["plot", "--db", str(db), "kontra", "--out", str(out)]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()


BAD = [
    (["contract"], 2, "tarokpgn plot: 'contract' is no report: choose one of contracts, "
     "score-distribution, card-points, running-totals, kontra"),
    (["bonuses"], 2, "tarokpgn plot: 'bonuses' has no chart: choose one of contracts,"),
    (["kontra", "--variant", "slovenian"], 2, "tarokpgn plot: --variant 'slovenian': the "
     "archive holds no deal with this variant; did you mean"),
    (["kontra", "--since", "2024-13-01"], 2, "tarokpgn plot: --since '2024-13-01' is not a date"),
    (["kontra", "--since", "2099-01-01"], 1, "tarokpgn plot: the kontra report has no rows for "
     "these filters: nothing to plot"),
    (["contracts", "--file", "*/sample-archive/*"], 1, "tarokpgn plot: the contracts report has "
     "no rows for these filters: nothing to plot (160 generated deal(s) left out; "
     "--include-generated counts them)"),
    (["running-totals", "--include-generated"], 1, "tarokpgn plot: the running-totals report "
     "has "),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "status", "message"), BAD, ids=lambda x: str(x))
def test_bad_input_one_line(
    db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    status: int,
    message: str,
) -> None:
    out = tmp_path / "chart.svg"
    assert main(["plot", "--db", str(db), *argv, "--out", str(out)]) == status
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(message), captured.err
    assert captured.err.count("\n") == 1
    assert not out.exists()


def test_too_many_lines_names_the_filters_that_help(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.png"
    assert main(["plot", "--db", str(db), "running-totals", "--include-generated",
                 "--out", str(out)]) == 1  # fmt: skip
    assert "(at most 12 are drawn): choose one with --player or a match with --match\n" in (
        capsys.readouterr().err
    )


def test_no_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    none, out = tmp_path / "none.duckdb", tmp_path / "c.svg"
    assert main(["plot", "--db", str(none), "contracts", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ArchiveError: no archive database at") and "tarokpgn index" in err
    assert err.count("\n") == 1 and not none.exists() and not out.exists()


@pytest.mark.parametrize("out", ["missing/c.svg", "chart.pdf", "chart", "."])
def test_bad_output(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str) -> None:
    path = tmp_path / out
    assert main(["plot", "--db", str(db), "contracts", "--out", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tarokpgn plot: ")
    if out.endswith(".svg"):
        assert err == f"tarokpgn plot: cannot write {path}: No such file or directory\n"
    else:
        assert "must end in .svg or .png" in err
    assert not path.exists() or path.is_dir()


def test_unwritable_folder(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "c.png").mkdir()  # a folder where the file should go: refused even as root
    assert main(["plot", "--db", str(db), "kontra", "--out", str(folder / "c.png")]) == 2
    assert (
        capsys.readouterr().err
        == f"tarokpgn plot: cannot write {folder / 'c.png'}: Is a directory\n"
    )


def test_docs_charts_come_from_the_sample_archive() -> None:
    """docs/_static/chart-*.svg are written by scripts/doc_charts.py: SVG with the bars of
    every Slovenian contract and the lines of the match's players."""
    contracts = ET.parse(ROOT / "docs" / "_static" / "chart-contracts.svg").getroot()
    ids = {e.get("id") for e in contracts.iter(f"{SVG}g")}
    assert {"freq_pct/slovenian-4/three", "success_pct/slovenian-4/valat"} <= ids
    running = ET.parse(ROOT / "docs" / "_static" / "chart-running-totals.svg").getroot()
    ids = {e.get("id") for e in running.iter(f"{SVG}g")}
    assert {f"running_score/{p}/slovenian-4" for p in ("Ana", "Cene", "Gaja", "Jure")} <= ids
