"""The statistics' filters, units and generated deals, on a small club archive of real deals.

Each filter is checked against its meaning: the reports over the whole archive with the filter
equal the reports over an archive that holds only the deals the filter should keep (chosen
here from the records' tags and files), for every report.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarokpgn import __version__
from tarokpgn.archive.ingest import index_paths
from tarokpgn.archive.stats import (
    CACHE,
    REPORTS,
    FilterError,
    Filters,
    Report,
    cache_is_fresh,
    check_filters,
    generated_left_out,
    parse_date,
    path_glob,
    run_reports,
    view_sql,
)
from tarokpgn.archive.store import STATS_CACHE_KEY, Archive, schema_views
from tarokpgn.generate import GENERATOR_TAG, generate
from tarokpgn.model import SEATS, VARIANTS, Record
from tarokpgn.notation import write_records
from tarokpgn.replay import verify

MEMBERS = ("Ana", "Bojan", "Cene", "Darja", "Eva")
EVENINGS: tuple[tuple[str, str | None, bool], ...] = (
    ("slovenian-4", "2024.01.05", False),
    ("slovenian-4", "2024.02.07", True),
    ("slovenian-4", None, False),
    ("czech-4", "2024.01.05", False),
    ("czech-4", "2024.??.??", False),
    ("czech-4", "2024.03.09", True),
    ("slovenian-3", "2024.02.07", False),
)
"""(variant, Date tag or None, keeps the Generator tag) of each evening of the club archive:
the same players play Slovenian and Czech tarok; some deals are undated or partly dated."""
SITES = ("Maribor", "Koper")
UNITS = {"czech-4": "haléře"}
"""The unit of a variant's scores (CZ-11.1); every other variant counts points."""


@dataclasses.dataclass(frozen=True)
class Deal:
    record: Record
    file: str


def _evening(i: int, variant: str, date: str | None, generated: bool) -> list[Record]:
    seats = SEATS[VARIANTS[variant][0]]
    names = {s: MEMBERS[(i + k) % len(MEMBERS)] for k, s in enumerate(seats)}
    site = SITES[i % 2]
    out = []
    for record in generate(variant, n=8, seed=i, match=f"{site} {date or 'undated'}"):
        tags = [(k, names.get(k, v)) for k, v in record.tags]
        tags = [(k, v) for k, v in tags if generated or k != GENERATOR_TAG]
        tags += [("Date", date)] if date else []
        out.append(dataclasses.replace(record, tags=tuple(tags)))
    return out


def _write(folder: Path) -> list[Deal]:
    files: dict[Path, list[Record]] = defaultdict(list)
    for i, (variant, date, generated) in enumerate(EVENINGS):
        month = date[:7].replace(".", "-") if date else "undated"
        files[folder / variant / f"{month}.tpgn"].extend(_evening(i, variant, date, generated))
    deals = []
    for path, records in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(write_records(records)), encoding="utf-8")
        deals += [Deal(r, str(path.resolve())) for r in records]
    return deals


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Archive, list[Deal]]]:
    folder = tmp_path_factory.mktemp("club")
    deals = _write(folder / "deals")
    with Archive(folder / "a.duckdb") as archive:
        assert index_paths(archive, [folder / "deals"], workers=1).errors == 0
        yield archive, deals


def _day(record: Record) -> dt.date | None:
    found = re.fullmatch(r"(\d{4})\.(\d\d)\.(\d\d)", record.get("Date"))
    return dt.date(*map(int, found.groups())) if found else None


def _keeps(f: Filters, deal: Deal) -> bool:
    """Whether ``f`` keeps ``deal``: the filters' meaning, from the record itself."""
    r, day = deal.record, _day(deal.record)
    return all((
        f.include_generated or not r.get(GENERATOR_TAG),
        f.variant is None or r.variant == f.variant,
        f.match is None or r.get("Match").lower() == f.match.lower(),
        f.player is None or f.player.lower() in {r.player(s).lower() for s in r.seats},
        f.file is None or f.file.strip("*") in deal.file,
        f.since is None or (day is not None and day >= f.since),
        f.until is None or (day is not None and day <= f.until),
    ))  # fmt: skip


def _reports(archive: Archive, filters: Filters) -> dict[str, list[tuple[Any, ...]]]:
    names = [r.name for r in REPORTS]
    return {r.name: sorted(res.rows, key=repr) for r, res in run_reports(archive, names, filters)}


CASES = (
    Filters(),
    Filters(include_generated=True),
    Filters(variant="czech-4", include_generated=True),
    Filters(player="ana"),
    Filters(match="MARIBOR 2024.01.05", include_generated=True),
    Filters(file="*/czech-4/*", include_generated=True),
    Filters(since=dt.date(2024, 2, 1), include_generated=True),
    Filters(until=dt.date(2024, 2, 7)),
    Filters(
        variant="slovenian-4",
        player="Bojan",
        since=dt.date(2024, 1, 5),
        until=dt.date(2024, 2, 7),
        include_generated=True,
    ),  # fmt: skip
)


@pytest.mark.parametrize("filters", CASES, ids=lambda f: repr(f)[8:-1])
def test_filter_keeps_exactly_its_deals_in_every_report(
    club: tuple[Archive, list[Deal]], filters: Filters, tmp_path: Path
) -> None:
    archive, deals = club
    kept = [d.record for d in deals if _keeps(filters, d)]
    assert kept
    (tmp_path / "kept.tpgn").write_text("".join(write_records(kept)), encoding="utf-8")
    with Archive(tmp_path / "kept.duckdb") as only:
        assert index_paths(only, [tmp_path / "kept.tpgn"], workers=1).deals == len(kept)
        everything = Filters(player=filters.player, include_generated=True)
        want = _reports(only, everything)
    got = _reports(archive, filters)
    assert got == want
    assert sum(n for _, _, n, _ in got["status"]) == len(kept)


def test_generated_deals_are_left_out_unless_asked(club: tuple[Archive, list[Deal]]) -> None:
    archive, deals = club
    generated = [d for d in deals if d.record.get(GENERATOR_TAG)]
    assert len(generated) == 16
    assert {d.record.get(GENERATOR_TAG) for d in generated} == {
        f"tarokpgn {__version__} seed 1", f"tarokpgn {__version__} seed 5",
    }  # fmt: skip
    counted = archive.query("SELECT sum(deals) FROM v_status").rows[0][0]
    assert counted == len(deals) - len(generated)
    flags = archive.query("SELECT count(*) FILTER (WHERE generated) FROM v_deals").rows
    assert flags == [(len(generated),)]
    assert generated_left_out(archive, Filters()) == 16
    assert generated_left_out(archive, Filters(variant="czech-4")) == 8
    assert generated_left_out(archive, Filters(include_generated=True)) == 0


def test_no_figure_mixes_units(club: tuple[Archive, list[Deal]]) -> None:
    """The same players play Czech (haléře) and Slovenian (points): every row of every
    report that holds scores is one variant's, in that variant's unit, and each player's
    total per variant is the sum of that variant's scores only."""
    archive, deals = club
    both = {d.record.player(s) for d in deals if d.record.variant == "czech-4"
            for s in d.record.seats}  # fmt: skip
    assert both & {d.record.player(s) for d in deals if d.record.variant == "slovenian-4"
                   for s in d.record.seats} == set(MEMBERS)  # fmt: skip
    every = Filters(include_generated=True)
    rows = 0
    for report, result in run_reports(archive, [r.name for r in REPORTS], every):
        if not any("score" in c for c in result.columns):
            continue
        variant, unit = result.columns.index("variant"), result.columns.index("unit")
        for row in result.rows:
            assert row[unit] == UNITS.get(row[variant], "points"), (report.name, row)
            rows += 1
    assert rows > 100
    totals: dict[tuple[str, str], int] = defaultdict(int)
    for d in deals:
        for seat, score in (verify(d.record).scores or {}).items():
            totals[d.record.player(seat), d.record.variant] += score
    sql, params = view_sql("v_player_scores", every)
    got = archive.query(f"SELECT player, variant, total_score, unit FROM ({sql})", params).rows
    assert {(p, v): t for p, v, t, _ in got} == totals
    assert {(p, v): u for p, v, _, u in got if p == "Ana"} == {
        ("Ana", "czech-4"): "haléře", ("Ana", "slovenian-4"): "points",
    }  # fmt: skip


def test_every_view_with_scores_has_a_unit_and_a_variant(club: tuple[Archive, list[Deal]]) -> None:
    archive, _ = club
    scored = 0
    for view in schema_views():
        columns = archive.query(f"SELECT * FROM {view} LIMIT 0").columns
        if view.startswith("v_") and any("score" in c for c in columns):
            assert {"variant", "unit"} <= set(columns), view
            scored += 1
    assert scored == 10  # contracts, contract and seat scores, players (two), klop,
    # score distribution, running totals; v_deal_facts and v_stat_deals (score_list)


def test_unit_of_each_variant() -> None:
    from tarokpgn.archive.rows import Rows
    from tarokpgn.notation.fastreader import iter_export

    rows = Rows()
    for variant in VARIANTS:
        text = "".join(write_records(generate(variant, n=1, seed=3)))
        for record in iter_export(text.encode(), f"{variant}.tpgn"):
            assert isinstance(record, Record)
            rows.add_deal(record, verify(record))
    with Archive(":memory:") as archive:
        archive.insert([rows.to_arrow()])
        got = dict(archive.query("SELECT variant, unit FROM v_deals").rows)
    assert got == {v: UNITS.get(v, "points") for v in VARIANTS}
    assert len(got) == 8


@pytest.mark.parametrize(
    ("text", "day"),
    [("2024-02-29", dt.date(2024, 2, 29)), ("2024.02.29", dt.date(2024, 2, 29)),
     (" 2025-12-31 ", dt.date(2025, 12, 31))],
)  # fmt: skip
def test_parse_date(text: str, day: dt.date) -> None:
    assert parse_date(text) == day


@pytest.mark.parametrize(
    "text", ["2023-02-29", "2024-13-01", "24-01-01", "2024-1-5", "2024.01-05", "2024.??.??", ""]
)
def test_parse_date_refuses(text: str) -> None:
    with pytest.raises(FilterError, match=r"^--since .* is not a date: write YYYY-MM-DD or "):
        parse_date(text, "--since")


def test_path_glob() -> None:
    assert path_glob("*/czech-4/*", "/home/a") == "*/czech-4/*"
    assert path_glob("/data/*.tpgn", "/home/a") == "/data/*.tpgn"
    assert path_glob("deals/2024-*.tpgn", "/home/a") == "/home/a/deals/2024-*.tpgn"
    assert path_glob("./deals/../old/*", "/home/a/") == "/home/a/old/*"


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        (Filters(since=dt.date(2025, 1, 1), until=dt.date(2024, 12, 31)),
         "--since 2025-01-01 is after --until 2024-12-31"),
        (Filters(variant="slovenian4"), "--variant 'slovenian4': the archive holds no deal with "
         "this variant; did you mean 'slovenian-4' or 'slovenian-3'?"),
        (Filters(variant="Czech-4"), "did you mean 'czech-4'"),
        (Filters(player="Anna"), "--player 'Anna': the archive holds no deal with this player; "
         "did you mean 'Ana'?"),
        (Filters(player="Zoran"), "--player 'Zoran': the archive holds no deal with this player"),
        (Filters(match="maribor 2024.01.06"), "did you mean 'Maribor 2024.01.05'"),
        (Filters(file="/nowhere/*"), "--file '/nowhere/*' matches no indexed file (the archive "
         "holds absolute paths, such as '/"),
    ],
)  # fmt: skip
def test_bad_filters(club: tuple[Archive, list[Deal]], filters: Filters, message: str) -> None:
    archive, _ = club
    with pytest.raises(FilterError) as caught:
        check_filters(archive, filters)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(FilterError):
        next(run_reports(archive, filters=filters))


def test_known_variant_absent_from_the_archive_is_no_error(
    club: tuple[Archive, list[Deal]],
) -> None:
    archive, _ = club
    reports = dict(run_reports(archive, ["status"], Filters(variant="french-5")))
    assert [res.rows for res in reports.values()] == [[]]


def test_statistics_views_read_deals_only_through_v_stat_deals() -> None:
    """What lets a report's filters reach every figure (``v_problems`` lists every finding)."""
    views = schema_views()
    kept = ("v_deal_facts", "v_deals", "v_stat_deals", "v_problems")
    stats = [v for v in views if v.startswith("v_") and v not in kept]
    assert len(stats) == 12
    for view in stats:
        assert not re.search(r"\b(FROM|JOIN)\s+(deals|deal_rows|deal_data)\b", views[view]), view
        assert "v_stat_deals" in views[view], view


def test_reports_read_an_archive_whose_views_are_older(tmp_path: Path) -> None:
    """The reports run the package's view definitions, not the archive's: an archive indexed
    by an older tarokpgn (here: its statistics views dropped) gives the same reports."""
    (tmp_path / "d.tpgn").write_text("".join(write_records(generate("czech-4", n=4, seed=2))))
    every = Filters(include_generated=True)
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "d.tpgn"], workers=1)
        want = _reports(archive, every)
        for view in reversed(schema_views()):
            if view.startswith("v_"):
                archive.query(f"DROP VIEW {view}")
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        sql = "SELECT count(*) FROM duckdb_views() WHERE NOT internal AND view_name ^@ 'v_'"
        assert archive.query(sql).rows == [(0,)]
        assert _reports(archive, every) == want
        assert sum(n for _, _, n, _ in want["status"]) == 4


def _live(archive: Archive, filters: Filters) -> dict[str, list[tuple[Any, ...]]]:
    """Every report over its view (not over the rows the archive keeps), in its order."""
    out = {}
    for report in REPORTS:
        sql, params = report.sql(filters)
        out[report.name] = archive.query(sql, params).rows
    return out


def _run(archive: Archive, filters: Filters) -> dict[str, list[tuple[Any, ...]]]:
    names = [r.name for r in REPORTS]
    return {r.name: res.rows for r, res in run_reports(archive, names, filters)}


CACHED = (
    Filters(),
    Filters(include_generated=True),
    Filters(variant="czech-4"),
    Filters(variant="slovenian-3", include_generated=True),
    Filters(variant="french-5"),
)
"""Filters the kept rows serve."""


def test_kept_rows_are_the_reports(tmp_path: Path) -> None:
    """The rows an archive keeps for the reports (made at the end of a load, or when the
    writer closes the archive) are the reports' rows, in their order, with every filter they
    serve; they are read only while they are those of the deals stored."""
    deals = _write(tmp_path / "deals")
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "deals" / "czech-4"], workers=1)
        assert cache_is_fresh(archive)  # made at the end of the load
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert cache_is_fresh(archive)
        for filters in CACHED:
            assert _run(archive, filters) == _live(archive, filters), filters
            assert Report.sql(REPORTS[0], filters, cached=True)[0].find(CACHE) > 0
        assert _run(archive, Filters(include_generated=True))["status"]
    with Archive(tmp_path / "a.duckdb") as archive:
        assert cache_is_fresh(archive)  # opening to write changes no deal
        [file] = [f for f in archive.sources() if "2024-03" in f]
        archive.forget([file])
        assert not cache_is_fresh(archive)
        for filters in CACHED:
            assert _run(archive, filters) == _live(archive, filters), filters
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert cache_is_fresh(archive)  # made when the writer closed
        for filters in CACHED:
            assert _run(archive, filters) == _live(archive, filters), filters
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "deals"], workers=1)
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert cache_is_fresh(archive)
        for filters in CACHED:
            assert _run(archive, filters) == _live(archive, filters), filters
        every = _run(archive, Filters(include_generated=True))
        assert sum(n for _, _, n, _ in every["status"]) == len(deals)
        assert _run(archive, Filters()) != every


def test_kept_rows_of_an_interrupted_writer_are_not_read(tmp_path: Path) -> None:
    """A writer that stopped before closing (killed after committing deals) leaves the rows
    kept before, and so may an older tarokpgn: they are not read, the reports run their
    views."""
    (tmp_path / "a.tpgn").write_text("".join(write_records(generate("czech-4", n=4, seed=2))))
    (tmp_path / "b.tpgn").write_text("".join(write_records(generate("czech-4", n=3, seed=3))))
    every = Filters(include_generated=True)
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [tmp_path / "a.tpgn"], workers=1)
    archive = Archive(tmp_path / "a.duckdb")
    kept = archive.query("SELECT value FROM meta WHERE key = ?", [STATS_CACHE_KEY]).rows
    index_paths(archive, [tmp_path / "b.tpgn"], workers=1)
    # as a writer that knows nothing of the kept rows would leave it, killed before closing
    archive.query("INSERT OR REPLACE INTO meta VALUES (?, ?)", [STATS_CACHE_KEY, kept[0][0]])
    archive.con.close()
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert not cache_is_fresh(archive)
        [(_, status)] = run_reports(archive, ["status"], every)
        assert sum(n for _, _, n, _ in status.rows) == 7
    with Archive(tmp_path / "a.duckdb") as archive:
        assert not cache_is_fresh(archive)  # made again when closed
    archive = Archive(tmp_path / "a.duckdb")
    archive.query(f"UPDATE meta SET value = 'other' WHERE key = '{STATS_CACHE_KEY}'")
    archive.con.close()
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert not cache_is_fresh(archive)  # kept by another version's views
        assert _run(archive, every) == _live(archive, every)
    with Archive(tmp_path / "a.duckdb") as archive:
        assert archive.refresh_stats()
        assert not archive.refresh_stats()
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        assert cache_is_fresh(archive)
        assert _run(archive, every) == _live(archive, every)
