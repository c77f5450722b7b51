"""The ready-made statistics reports: each one a documented view, over the deals chosen.

The views live in ``schema.sql`` (created by ``tarokpgn index``), so every report can also be
run by hand: ``tarokpgn query "SELECT * FROM v_contracts"``. They count the deals of
``v_stat_deals`` (every deal but the generated ones); a report runs its view's SELECT, as
``schema.sql`` writes it, with ``v_stat_deals`` replaced by the deals its :class:`Filters`
keep (a common table expression of that name), so one definition serves both and every filter
applies to every report. The definitions of the figures are given in ``docs/archive.rst``.

The archive keeps the rows of the reports that do not grow with the deals, over every deal and
over the deals not generated (:func:`cache_statements`), made by the process that wrote the
deals at the end of its load or when it closes the archive: a report with no filter but
``--variant`` and ``--include-generated`` reads them (:func:`cache_is_fresh`), in milliseconds
at any size, and any other runs its view.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import hashlib
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from tarokpgn.archive.store import STATS_CACHE_KEY, Archive, QueryResult, schema_sql, schema_views
from tarokpgn.errors import TarokPgnError
from tarokpgn.variants import variant_ids


class FilterError(TarokPgnError, ValueError):
    """A filter value that is malformed or selects nothing the archive holds (one line, naming
    the option)."""


_DATE = re.compile(r"(\d{4})([-.])(\d{2})\2(\d{2})")


def parse_date(text: str, option: str = "date") -> dt.date:
    """``YYYY-MM-DD`` or ``YYYY.MM.DD`` (a record's ``Date``) as a date; :class:`FilterError`
    naming ``option`` otherwise."""
    found = _DATE.fullmatch(text.strip())
    with contextlib.suppress(ValueError):
        if found is not None:
            return dt.date(int(found[1]), int(found[3]), int(found[4]))
    raise FilterError(f"{option} {text!r} is not a date: write YYYY-MM-DD or YYYY.MM.DD")


@dataclass(frozen=True, slots=True)
class Filters:
    """Which deals the reports count. The default: every deal but the generated ones."""

    variant: str | None = None
    """``Variant`` tag."""
    player: str | None = None
    """A player name, any case: the deals where the player sat; the player tables keep only
    that player's rows."""
    match: str | None = None
    """``Match`` tag, any case."""
    file: str | None = None
    """A glob (``*``, ``?``, ``[…]``) on the path of a file the deal was found in, as indexed
    (absolute: see :func:`path_glob`)."""
    since: dt.date | None = None
    """First day (inclusive); deals without a full ``Date`` are left out once a date is given."""
    until: dt.date | None = None
    """Last day (inclusive), likewise."""
    include_generated: bool = False
    """Count the deals ``tarokpgn generate`` wrote (a ``Generator`` tag) too."""

    def conditions(self) -> tuple[list[str], list[Any]]:
        """SQL conditions on ``v_deals`` for every filter but the generated one, and their
        parameters."""
        conds: list[str] = []
        params: list[Any] = []
        for cond, value in (
            ("variant = ?", self.variant),
            ("lower(match) = lower(?)", self.match),
            ("deal_id IN (SELECT deal_id FROM seats WHERE lower(player) = lower(?))", self.player),
            ("deal_id IN (SELECT deal_id FROM occurrences WHERE file GLOB ?)", self.file),
            ("played_on >= ?", self.since),
            ("played_on <= ?", self.until),
        ):
            if value is not None:
                conds.append(cond)
                params.append(value)
        return conds, params

    @property
    def cached(self) -> bool:
        """The reports' rows kept in the archive serve these filters (none but ``variant``
        and ``include_generated``: each report's rows of a variant count only its deals)."""
        return (self.player, self.match, self.file, self.since, self.until) == (None,) * 5

    def deals_sql(self, *, generated: bool | None = None) -> tuple[str, list[Any]]:
        """The SELECT of the deals kept (the columns of ``v_deal_facts``: those of ``v_deals``
        and the lists the statistics views read) and its parameters; with
        ``generated`` True/False only the generated/other deals the other filters keep."""
        conds, params = self.conditions()
        if generated is None and not self.include_generated:
            generated = False
        if generated is not None:
            conds.insert(0, "generated" if generated else "NOT generated")
        where = " AND ".join(conds) or "true"
        return f"SELECT * FROM (\n{schema_views()['v_deal_facts']}\n) WHERE {where}", params


def path_glob(pattern: str, cwd: str) -> str:
    """``pattern`` as a glob on indexed paths (absolute): a pattern that starts with ``/`` or
    ``*`` is kept, any other is taken from ``cwd`` as the shell would (``deals/2024-*.tpgn``)."""
    if pattern.startswith(("/", "*")):
        return pattern
    return posixpath.normpath(posixpath.join(cwd, pattern))


@dataclass(frozen=True, slots=True)
class Report:
    """One report: a titled, ordered selection from a view."""

    name: str
    title: str
    view: str
    columns: str
    order: str
    per_player: bool = False
    """The view has a ``player`` column, filtered by ``--player``."""
    on_request: bool = False
    """Printed only when asked for by name or when a player is given (long tables)."""
    cached: bool = True
    """Its rows without filters are kept in the archive (:func:`cache_statements`): False for
    the reports whose rows grow with the deals or with players times contracts."""

    def sql(self, filters: Filters, *, cached: bool = False) -> tuple[str, list[Any]]:
        """The report's SELECT and its parameters for ``filters``; with ``cached`` (when
        :func:`cache_is_fresh` and the report and the filters allow it) over the rows the
        archive keeps."""
        if cached and self.cached and filters.cached:
            kept: list[Any] = [filters.include_generated]
            where = ""
            if filters.variant is not None:
                where = " WHERE variant = ?"
                kept.append(filters.variant)
            rows = f"SELECT unnest({self.view}) AS r FROM {CACHE} WHERE include_generated = ?"
            sql = f"SELECT {self.columns} FROM (SELECT unnest(r) FROM ({rows})){where}"
            return f"{sql} ORDER BY {self.order}", kept
        sql, params = view_sql(self.view, filters)
        where = ""
        if filters.player is not None and self.per_player:
            where = " WHERE lower(player) = lower(?)"
            params.append(filters.player)
        return f"SELECT {self.columns} FROM ({sql}){where} ORDER BY {self.order}", params


def view_sql(view: str, filters: Filters) -> tuple[str, list[Any]]:
    """``SELECT * FROM view`` over the deals ``filters`` keep, and its parameters: the view's
    SELECT as ``schema.sql`` writes it, with ``v_stat_deals`` defined as those deals."""
    deals, params = filters.deals_sql()
    body = schema_views()[view]
    return f"WITH v_stat_deals AS (\n{deals}\n)\nSELECT * FROM (\n{body}\n)", params


REPORTS: tuple[Report, ...] = (
    Report("status", "Verdicts", "v_status", "variant, status, deals, pct",
           "variant, deals DESC, status"),
    Report("contracts", "Contracts by frequency and success rate", "v_contracts",
           "variant, contract, deals, freq_pct, won, decided, success_pct, avg_declarer_score, "
           "unit", "variant, deals DESC, contract"),
    Report("contract-scores", "Average score per deal by contract and role",
           "v_contract_scores", "variant, contract, role, deals, avg_score, unit",
           "variant, contract, role"),
    Report("seat-scores", "Average score per deal by seat", "v_seat_scores",
           "variant, seat, deals, total_score, avg_score, unit, declarer_deals", "variant, seat"),
    Report("bonuses", "Bonuses: announce and make rates", "v_bonuses",
           "variant, bonus, occurrences, announced, announce_pct, announced_made, "
           "made_pct_announced, silent_made, kontra", "variant, occurrences DESC, bonus"),
    Report("kontra", "Kontra on the game by contract", "v_kontra",
           "variant, contract, deals, kontra, rekontra, subkontra, mortkontra, kontra_pct, "
           "won_pct_kontra, bonus_kontras", "variant, deals DESC, contract"),
    Report("klop", "Klop outcomes (games without a declarer)", "v_klop",
           "variant, contract, deals, avg_max_points, over_half, over_half_pct, someone_no_trick, "
           "avg_best_score, avg_worst_score, unit", "variant, contract"),
    Report("players", "Players: score per deal and declarer record", "v_player_scores",
           "player, variant, deals, total_score, avg_score, unit, declarer, declarer_won, "
           "declarer_success_pct, partner", "variant, avg_score DESC, player", per_player=True),
    Report("player-contracts", "Players as declarer, by contract", "v_player_contracts",
           "player, variant, contract, deals, won, success_pct, avg_score, unit",
           "player, variant, deals DESC, contract", per_player=True, on_request=True,
           cached=False),
    Report("score-distribution", "Declarer's score per deal by contract: quartiles and mean",
           "v_score_distribution", "variant, contract, deals, min_score, q1_score, median_score, "
           "q3_score, max_score, avg_score, unit", "variant, deals DESC, contract",
           on_request=True),
    Report("card-points", "Declarer side's card points per deal by contract: quartiles and mean",
           "v_card_point_distribution", "variant, contract, deals, min_points, q1_points, "
           "median_points, q3_points, max_points, avg_points", "variant, deals DESC, contract",
           on_request=True),
    Report("running-totals", "Players' running totals, deal by deal", "v_running_totals",
           "player, variant, n, played_on, match, deal_no, score, running_score, unit",
           "player, variant, n", per_player=True, on_request=True, cached=False),
)  # fmt: skip
"""Every report, in the order ``tarokpgn stats`` prints them."""

BY_NAME = {r.name: r for r in REPORTS}


def run_reports(
    archive: Archive, names: list[str] | None = None, filters: Filters | None = None
) -> Iterator[tuple[Report, QueryResult]]:
    """Each selected report with its rows; by default every report, except the on-request
    ones unless a player is given. The filters are checked first (:func:`check_filters`)."""
    filters = filters or Filters()
    check_filters(archive, filters)
    if names:
        chosen = [BY_NAME[n] for n in names]
    else:
        chosen = [r for r in REPORTS if filters.player is not None or not r.on_request]
    cached = filters.cached and cache_is_fresh(archive)
    for report in chosen:
        sql, params = report.sql(filters, cached=cached)
        yield report, archive.query(sql, params)


CACHE: Final = "stats_cache"
"""The table of the reports' kept rows: one row for every deal (``include_generated`` true)
and one for the deals not generated (false), with a column per view of a report with
:attr:`Report.cached`, named after the view: its rows as a list of structs (NULL: none)."""


def cache_key() -> str:
    """What the kept rows were computed with: a hash of ``schema.sql`` (the views) and of the
    views kept. Rows kept under another key (an older tarokpgn's views) are not read."""
    views = " ".join(r.view for r in REPORTS if r.cached)
    return hashlib.sha256(f"{schema_sql()}\n{views}".encode()).hexdigest()[:16]


def cache_value(archive: Archive) -> str:
    """The ``meta`` value (:data:`~tarokpgn.archive.store.STATS_CACHE_KEY`) of rows kept for
    the deals ``archive`` stores: :func:`cache_key`, the number of deals, and the number and a
    hash of the ``sources`` rows (every file indexed, forgotten or imported changes them)."""
    row = archive.query(
        "SELECT (SELECT count(*) FROM deal_rows), count(*), "
        "bit_xor(hash(file, sha256, indexed_at)) FROM sources"
    ).rows[0]
    return " ".join(map(str, (cache_key(), *row)))


def cache_is_fresh(archive: Archive) -> bool:
    """Whether ``archive`` keeps the reports' rows (:data:`CACHE`) for its deals as they are,
    computed with this version's views: the ``meta`` row
    :data:`~tarokpgn.archive.store.STATS_CACHE_KEY` (which every transaction that writes deals
    deletes) is :func:`cache_value` (which an older tarokpgn's writes change too)."""
    rows = archive.query("SELECT value FROM meta WHERE key = ?", [STATS_CACHE_KEY]).rows
    return bool(rows) and rows[0][0] == cache_value(archive)


def cache_statements(archive: Archive) -> list[tuple[str, list[Any]]]:
    """The statements that make the table :data:`CACHE` (each view's rows, as its SELECT
    gives them, over every deal, then over the deals not generated: a copy when no deal is
    generated). One table: DuckDB gives each table at least a block of 256 KiB."""
    generated = archive.query("SELECT count(*) FROM deal_rows WHERE generated").rows[0][0]
    out: list[tuple[str, list[Any]]] = []
    for every in (True, False):
        lists: list[str] = []
        params: list[Any] = []
        for report in REPORTS:
            if report.cached:
                sql, more = view_sql(report.view, Filters(include_generated=every))
                lists.append(f"(SELECT list(r) FROM ({sql}) r) AS {report.view}")
                params += more
        select = f"SELECT {str(every).lower()} AS include_generated, {', '.join(lists)}"
        if every:
            out.append((f"CREATE OR REPLACE TABLE {CACHE} AS {select}", params))
        elif generated:
            out.append((f"INSERT INTO {CACHE} {select}", params))
        else:
            select = f"SELECT false, * EXCLUDE (include_generated) FROM {CACHE}"
            out.append((f"INSERT INTO {CACHE} {select}", []))
    return out


def generated_left_out(archive: Archive, filters: Filters) -> int:
    """How many generated deals the other filters keep that the reports leave out (0 with
    ``include_generated``)."""
    if filters.include_generated:
        return 0
    sql, params = filters.deals_sql(generated=True)
    return int(archive.query(f"SELECT count(*) FROM ({sql})", params).rows[0][0])


def check_filters(archive: Archive, filters: Filters) -> None:
    """:class:`FilterError` for dates in the wrong order, and for a variant, player, match or
    file glob the archive does not hold (with the nearest names it does)."""
    if filters.since and filters.until and filters.since > filters.until:
        raise FilterError(f"--since {filters.since} is after --until {filters.until}")
    _check_name(archive, "--variant", filters.variant, "SELECT DISTINCT variant FROM deals",
                known=tuple(variant_ids()), fold=False)  # fmt: skip
    _check_name(archive, "--player", filters.player, "SELECT DISTINCT player FROM seats")
    _check_name(archive, "--match", filters.match, "SELECT DISTINCT match FROM deals")
    if filters.file is not None:
        _check_glob(archive, filters.file)


def _check_name(
    archive: Archive,
    option: str,
    value: str | None,
    sql: str,
    known: tuple[str, ...] = (),
    fold: bool = True,
) -> None:
    """``value`` is a known name or one the archive holds (any case when ``fold``)."""
    if value is None or value in known:
        return
    names = [str(r[0]) for r in archive.query(sql).rows if r[0] is not None]
    if value in names or (fold and value.lower() in {n.lower() for n in names}):
        return
    what = option.removeprefix("--")
    by_key = {(n.lower() if fold else n): n for n in sorted({*names, *known})}
    key = value.lower() if fold else value
    starting = [k for k in by_key if k.startswith(key)]
    close = difflib.get_close_matches(key, by_key, n=3, cutoff=0.6)
    near = [by_key[k] for k in dict.fromkeys(starting + close)][:3]
    hint = f"; did you mean {_either([repr(n) for n in near])}?" if near else ""
    raise FilterError(f"{option} {value!r}: the archive holds no deal with this {what}{hint}")


def _either(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _check_glob(archive: Archive, pattern: str) -> None:
    if archive.query("SELECT 1 FROM sources WHERE file GLOB ? LIMIT 1", [pattern]).rows:
        return
    some = archive.query("SELECT min(file) FROM sources").rows[0][0]
    example = f", such as {some!r}" if some else ""
    raise FilterError(
        f"--file {pattern!r} matches no indexed file (the archive holds absolute paths{example}; "
        "start the pattern with * to match anywhere)"
    )
