"""The ready-made statistics reports: each one a SELECT over a documented view.

The views live in ``schema.sql`` (created by ``tarokpgn index``), so every report can also be
run by hand: ``tarokpgn query "SELECT * FROM v_contracts"``. The definitions of the figures
are given in ``docs/archive.rst``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tarokpgn.archive.store import Archive, QueryResult


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

    def sql(self, variant: str | None, player: str | None) -> tuple[str, list[str]]:
        """The report's SELECT and its parameters for the given filters."""
        where: list[str] = []
        params: list[str] = []
        if variant is not None:
            where.append("variant = ?")
            params.append(variant)
        if player is not None and self.per_player:
            where.append("lower(player) = lower(?)")
            params.append(player)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        return f"SELECT {self.columns} FROM {self.view}{clause} ORDER BY {self.order}", params


REPORTS: tuple[Report, ...] = (
    Report("status", "Verdicts", "v_status", "variant, status, deals, pct",
           "variant, deals DESC, status"),
    Report("contracts", "Contracts by frequency and success rate", "v_contracts",
           "variant, contract, deals, freq_pct, won, decided, success_pct, avg_declarer_score",
           "variant, deals DESC, contract"),
    Report("contract-scores", "Average score per deal by contract and role",
           "v_contract_scores", "variant, contract, role, deals, avg_score",
           "variant, contract, role"),
    Report("seat-scores", "Average score per deal by seat", "v_seat_scores",
           "variant, seat, deals, total_score, avg_score, declarer_deals", "variant, seat"),
    Report("bonuses", "Bonuses: announce and make rates", "v_bonuses",
           "variant, bonus, occurrences, announced, announce_pct, announced_made, "
           "made_pct_announced, silent_made, kontra", "variant, occurrences DESC, bonus"),
    Report("kontra", "Kontra on the game by contract", "v_kontra",
           "variant, contract, deals, kontra, rekontra, subkontra, mortkontra, kontra_pct, "
           "won_pct_kontra, bonus_kontras", "variant, deals DESC, contract"),
    Report("klop", "Klop outcomes (games without a declarer)", "v_klop",
           "variant, contract, deals, avg_max_points, over_half, over_half_pct, someone_no_trick, "
           "avg_best_score, avg_worst_score", "variant, contract"),
    Report("players", "Players: score per deal and declarer record", "v_player_scores",
           "player, variant, deals, total_score, avg_score, declarer, declarer_won, "
           "declarer_success_pct, partner", "variant, avg_score DESC, player", per_player=True),
    Report("player-contracts", "Players as declarer, by contract", "v_player_contracts",
           "player, variant, contract, deals, won, success_pct, avg_score",
           "player, variant, deals DESC, contract", per_player=True, on_request=True),
)  # fmt: skip
"""Every report, in the order ``tarokpgn stats`` prints them."""

BY_NAME = {r.name: r for r in REPORTS}


def run_reports(
    archive: Archive,
    names: list[str] | None = None,
    *,
    variant: str | None = None,
    player: str | None = None,
) -> Iterator[tuple[Report, QueryResult]]:
    """Each selected report with its rows; by default every report, except the on-request
    ones unless a player is given."""
    if names:
        chosen = [BY_NAME[n] for n in names]
    else:
        chosen = [r for r in REPORTS if player is not None or not r.on_request]
    for report in chosen:
        sql, params = report.sql(variant, player)
        yield report, archive.query(sql, params)
