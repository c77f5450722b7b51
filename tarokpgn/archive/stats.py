"""The ready-made statistics reports: each one a documented view, over the deals chosen.

The views live in ``schema.sql`` (created by ``tarokpgn index``), so every report can also be
run by hand: ``tarokpgn query "SELECT * FROM v_contracts"``. They count the deals of
``v_stat_deals`` (every deal but the generated ones); a report runs its view's SELECT, as
``schema.sql`` writes it, with ``v_stat_deals`` replaced by the deals its :class:`Filters`
keep (a common table expression of that name), so one definition serves both and every filter
applies to every report. The definitions of the figures are given in ``docs/archive.rst``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tarokpgn.archive.store import Archive, QueryResult, schema_views
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

    def sql(self, filters: Filters) -> tuple[str, list[Any]]:
        """The report's SELECT and its parameters for ``filters``."""
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
           "player, variant, deals DESC, contract", per_player=True, on_request=True),
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
           "player, variant, n", per_player=True, on_request=True),
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
    for report in chosen:
        sql, params = report.sql(filters)
        yield report, archive.query(sql, params)


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
