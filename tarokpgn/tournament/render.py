"""The tournament drawn for people and tools: the standings (CSV, JSON, a printable HTML page)
and the tables' score sheets (CSV, HTML), and the words and table cells the terminal view
(:mod:`tarokpgn.cli._tournament_view`) shares with them.

Every view puts first what the judge must see (the :class:`~.model.Issue` list, blocking ones
first), then ``PROVISIONAL`` when the standings may still change, then each stage's ranking
with the groups it forms (SL-14.3), then the final ranking. docs/tournament.rst shows each
output and documents the JSON keys (:func:`standings_data`, in this order).
"""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Iterable, Sequence
from typing import IO, Any

from tarokpgn.tournament.model import (
    DealRow,
    Group,
    Issue,
    StageStandings,
    Standing,
    Standings,
    TableResult,
    Tournament,
)
from tarokpgn.variants import SEATS

# --- words shared by every view ----------------------------------------------------------------

BYE = "bye"
"""A round's cell for a player who sat it out (``short_tables = "bye"``), not a real 0."""


def rank_text(row: Standing) -> str:
    """``3``, ``3=`` for a rank shared after every tie-break, empty for no rank."""
    if row.rank is None:
        return ""
    return f"{row.rank}=" if row.tied else str(row.rank)


def issue_where(issue: Issue) -> str:
    """``file:line``, else the stage, round and table the issue is about."""
    if issue.where:
        return issue.where
    parts = [issue.stage] if issue.stage else []
    parts += [f"round {issue.round}"] if issue.round else []
    parts += [f"table {issue.table}"] if issue.table else []
    return " ".join(parts)


def issue_line(issue: Issue) -> str:
    """``file:line: message [kind]``."""
    where = issue_where(issue)
    return f"{where + ': ' if where else ''}{issue.message} [{issue.kind}]"


def ordered_issues(issues: Iterable[Issue]) -> tuple[list[Issue], list[Issue]]:
    """The blocking issues and the others, each in file order."""
    issues = list(issues)
    return [i for i in issues if i.blocking], [i for i in issues if not i.blocking]


def provisional_reason(st: Standings) -> str:
    """Why the standings may change: ``2 blocking issues; finals not complete``."""
    blocking = sum(i.blocking for i in st.issues)
    reasons = [f"{blocking} blocking issue{'s' * (blocking != 1)}"] if blocking else []
    pending = [s.name for s in st.stages if not s.complete]
    reasons += [f"not complete: {', '.join(pending)}"] if pending else []
    return "; ".join(reasons)


def place_and_dates(t: Tournament) -> str:
    """``Semedela, 2026-05-16 to 2026-05-17`` (empty when the toml says neither)."""
    where = [t.site] if t.site else []
    if t.dates:
        where.append(t.dates[0] if len(t.dates) == 1 else f"{t.dates[0]} to {t.dates[-1]}")
    return ", ".join(where)


def headline(t: Tournament) -> str:
    """``Tarok Semedela Open 2026 — Semedela, 2026-05-16 to 2026-05-17``."""
    where = place_and_dates(t)
    return t.name + (f" — {where}" if where else "")


def _clubs(t: Tournament) -> dict[str, str]:
    return {p.name: p.club for p in t.players}


def _has_clubs(t: Tournament) -> bool:
    return any(p.club for p in t.players)


def _round_count(rows: Iterable[Standing]) -> int:
    return max((len(r.rounds) for r in rows), default=0)


def _rounds(row: Standing, count: int) -> list[str]:
    """Each round's score, ``bye`` for a round sat out, empty for a round not played."""
    shown = [BYE if n in row.byes else str(v) for n, v in enumerate(row.rounds, 1)]
    return shown + [""] * (count - len(row.rounds))


LISTED_TIEBREAKS = ("later-rounds",)
"""Tie-breaks whose value is a list (``later-rounds``: each round's score, the last first);
every other one is one number (:attr:`.model.Standing.tiebreaks`)."""

TiebreakValue = int | list[int] | None


def tiebreak_values(row: Standing) -> dict[str, TiebreakValue]:
    """Tie-break id → the row's value for it, one entry per configured tie-break, in their
    order: ``{"later-rounds": [40], "best-deal": 250, "fewer-negative": 1}``."""
    return {
        tid: list(values) if tid in LISTED_TIEBREAKS else (values[0] if values else None)
        for tid, values in row.tiebreaks
    }


def tiebreak_text(value: TiebreakValue) -> str:
    """A tie-break value in a cell: ``40 -5`` for a list, ``-`` for an empty one."""
    if isinstance(value, list):
        return " ".join(map(str, value)) or "-"
    return "" if value is None else str(value)


TIES = "Same totals, ordered by the tie-breaks:"
"""The heading of :func:`tie_lines` under a ranking."""


def tie_lines(rows: Sequence[Standing]) -> list[str]:
    """For each player whose total another ranked player shares: his tie-break values by id
    (``Cene Zupan 25: later-rounds 20 5, best-deal 40, fewer-negative 1``), best first."""
    totals = [r.total for r in rows if r.rank is not None]
    lines = []
    for r in rows:
        if r.rank is not None and totals.count(r.total) > 1:
            values = ", ".join(f"{k} {tiebreak_text(v)}" for k, v in tiebreak_values(r).items())
            lines.append(f"{r.player} {r.total}: {values or 'no tie-breaks'}")
    return lines


def _columns(rows: Sequence[Standing], clubs: bool, final: bool) -> list[str]:
    head = ["rank", "player"] + (["club"] if clubs else [])
    if final:
        return [*head, "group", "total"]
    rounds = [f"R{n}" for n in range(1, _round_count(rows) + 1)]
    return [*head, *rounds, "total", "deals", "group"]


def _cells(row: Standing, clubs: dict[str, str] | None, rounds: int, final: bool) -> list[str]:
    head = [rank_text(row), row.player] + ([clubs.get(row.player, "")] if clubs else [])
    if final:
        return [*head, row.group, str(row.total)]
    return [*head, *_rounds(row, rounds), str(row.total), str(row.deals), row.group]


def ranking_table(
    rows: Sequence[Standing], t: Tournament, final: bool = False
) -> tuple[list[str], list[list[str]]]:
    """Columns and cells of a ranking: a stage's (rank, player, club, R1 …, total, deals,
    group) or the final one (rank, player, club, group, total). The club column only when
    some player has a club."""
    clubs = _clubs(t) if _has_clubs(t) else None
    count = _round_count(rows)
    cells = [_cells(r, clubs, count, final) for r in rows]
    return _columns(rows, clubs is not None, final), cells


def group_line(group: Group) -> str:
    """``Final (table 1): Ana Novak, Bojan Kranjc, …``."""
    return f"{group.name} (table {group.number}): {', '.join(group.players)}"


def stage_title(stage: StageStandings) -> str:
    """``Qualifying`` or ``Qualifying (not complete)``."""
    return stage.name + ("" if stage.complete else " (not complete)")


def seat_labels(players: int) -> tuple[str, ...]:
    return SEATS.get(players, tuple(str(n) for n in range(1, players + 1)))


# --- CSV -----------------------------------------------------------------------------------------


def write_csv(st: Standings, out: IO[str]) -> None:
    """One row per player per ranking: ``ranking`` (a stage id, or ``final``), rank, player,
    club, ``round 1`` … (as many as the longest stage; ``bye`` for a round sat out), total,
    deals, group, tied, ``byes`` (the rounds sat out), then a column per configured tie-break,
    named by its id (a list's values separated by spaces)."""
    rankings = [(s.stage, s.rows) for s in st.stages] + [("final", st.final)]
    count = max((_round_count(rows) for _, rows in rankings), default=0)
    writer = csv.writer(out, lineterminator="\n")
    rounds = [f"round {n}" for n in range(1, count + 1)]
    tiebreaks = list(st.tournament.tiebreaks)
    writer.writerow(["ranking", "rank", "player", "club", *rounds, "total", "deals", "group",
                     "tied", "byes", *tiebreaks])  # fmt: skip
    clubs = _clubs(st.tournament)
    for ranking, rows in rankings:
        for r in rows:
            rank = "" if r.rank is None else str(r.rank)
            values = tiebreak_values(r)
            writer.writerow([ranking, rank, r.player, clubs.get(r.player, ""),
                             *_rounds(r, count), r.total, r.deals, r.group,
                             "yes" if r.tied else "", " ".join(map(str, r.byes)),
                             *[tiebreak_text(values.get(k)) for k in tiebreaks]])  # fmt: skip


# --- JSON ----------------------------------------------------------------------------------------


def standing_data(r: Standing, clubs: dict[str, str]) -> dict[str, Any]:
    return {
        "rank": r.rank,
        "player": r.player,
        "club": clubs.get(r.player, ""),
        "rounds": list(r.rounds),
        "total": r.total,
        "deals": r.deals,
        "group": r.group,
        "tied": r.tied,
        "byes": list(r.byes),
        "tiebreaks": tiebreak_values(r),
    }


def issue_data(i: Issue) -> dict[str, Any]:
    return {
        "kind": i.kind,
        "blocking": i.blocking,
        "file": i.file,
        "line": i.line,
        "stage": i.stage,
        "round": i.round,
        "table": i.table,
        "deal": i.deal,
        "player": i.player,
        "message": i.message,
    }


def _in_seat_order(scores: dict[str, int] | None, players: Sequence[str]) -> Any:
    if scores is None:
        return None
    order = [p for p in players if p in scores] + [p for p in scores if p not in players]
    return {p: scores[p] for p in order}


def table_data(x: TableResult) -> dict[str, Any]:
    deals = [
        {
            "deal": d.number,
            "line": d.line,
            "dealer": d.dealer,
            "contract": d.contract,
            "declarer": d.declarer,
            "status": d.status,
            "seats": list(d.seats),
            "scores": _in_seat_order(d.scores, deal_seats(d, x)),
            "running": _in_seat_order(d.running, x.players),
            "written": _in_seat_order(d.written, deal_seats(d, x)),
            "note": d.note,
        }
        for d in x.deals
    ]
    return {
        "stage": x.stage,
        "round": x.round,
        "table": x.table,
        "file": x.file,
        "found": x.found,
        "variant": x.variant,
        "players": list(x.players),
        "totals": _in_seat_order(x.totals, x.players),
        "written_totals": _in_seat_order(x.written_totals, x.players),
        "deals": deals,
    }


def standings_data(st: Standings) -> dict[str, Any]:
    """Everything the standings say, as JSON values in a stable key order (docs/tournament.rst
    lists the keys)."""
    t = st.tournament
    clubs = _clubs(t)
    stages = [
        {
            "id": s.stage,
            "name": s.name,
            "complete": s.complete,
            "rows": [standing_data(r, clubs) for r in s.rows],
            "groups": [
                {"number": g.number, "name": g.name, "players": list(g.players)} for g in s.groups
            ],
        }  # fmt: skip
        for s in st.stages
    ]
    return {
        "tournament": {
            "name": t.name,
            "dates": list(t.dates),
            "site": t.site,
            "variant": t.variant,
            "ruleset": t.ruleset,
            "tiebreaks": list(t.tiebreaks),
            "players": [{"name": p.name, "club": p.club} for p in t.players],
        },
        "provisional": st.provisional,
        "issues": [issue_data(i) for i in st.issues],
        "stages": stages,
        "final": [standing_data(r, clubs) for r in st.final],
        "tables": [table_data(x) for x in st.tables],
    }


def write_json(st: Standings, out: IO[str]) -> None:
    json.dump(standings_data(st), out, ensure_ascii=False, indent=1)
    out.write("\n")


# --- HTML ----------------------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; }
th { background: #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #444; }
.blocking { color: #b00; }
.provisional { border: 2px solid #b60; color: #b60; padding: 0.4em; font-weight: bold; }
.sheet { width: 100%; }
.sheet td { height: 1.6em; }
.sheet td:last-child { min-width: 10em; font-size: 0.85em; }
.page { break-before: page; page-break-before: always; }
@media print {
  body { margin: 0; font-size: 10pt; }
  th { background: none; }
  table { break-inside: auto; }
  tr { break-inside: avoid; }
}
"""


def _esc(value: object) -> str:
    return html.escape("" if value is None else str(value))


def _html_table(
    columns: Sequence[str], cells: Iterable[Sequence[object]], cls: str = "", head: str = ""
) -> str:
    """A table; a cell that is a number aligns right. ``head``: the header rows' HTML, when
    not one row of ``columns``."""
    head = head or "<tr>" + "".join(f"<th>{_esc(c)}</th>" for c in columns) + "</tr>"
    body = []
    for row in cells:
        tds = "".join(
            f'<td class="n">{_esc(c)}</td>' if numeric(c) else f"<td>{_esc(c)}</td>" for c in row
        )
        body.append(f"<tr>{tds}</tr>")
    attr = f' class="{cls}"' if cls else ""
    return f"<table{attr}><thead>{head}</thead><tbody>{''.join(body)}</tbody></table>"


def numeric(cell: object) -> bool:
    text = str(cell).rstrip("=")
    return text.lstrip("-").isdigit()


def _page(title: str, body: Sequence[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _issues_html(st: Standings) -> list[str]:
    blocking, notes = ordered_issues(st.issues)
    parts = []
    for group, word, cls in ((blocking, "Blocking issues", "blocking"), (notes, "Notes", "")):
        if group:
            items = "".join(f"<li>{_esc(issue_line(i))}</li>" for i in group)
            attr = f' class="{cls}"' if cls else ""
            parts.append(f"<h2{attr}>{word} ({len(group)})</h2><ul>{items}</ul>")
    if st.provisional:
        parts.append(
            f'<p class="provisional">PROVISIONAL standings ({_esc(provisional_reason(st))})</p>'
        )
    return parts


def standings_html(st: Standings) -> str:
    """A printable page, self-contained (inline CSS, no script): issues, ``PROVISIONAL``, the
    rankings with their groups, the final ranking, then every table's score sheet."""
    t = st.tournament
    body = [f"<h1>{_esc(t.name)}</h1>", f'<p class="meta">{_esc(place_and_dates(t))}<br>'
            f"{_esc(t.variant)} ({_esc(t.ruleset)}), {len(t.players)} players</p>"]  # fmt: skip
    body += _issues_html(st)
    for stage in st.stages:
        if not stage.rows:
            body.append(f"<h2>{_esc(stage.name)}</h2><p>Not played yet.</p>")
            continue
        body.append(f"<h2>{_esc(stage_title(stage))}</h2>")
        body.append(_html_table(*ranking_table(stage.rows, t)))
        ties = tie_lines(stage.rows)
        if ties:
            items = "".join(f"<li>{_esc(line)}</li>" for line in ties)
            body.append(f"<p>{TIES}</p><ul>{items}</ul>")
        if stage.groups:
            items = "".join(f"<li>{_esc(group_line(g))}</li>" for g in stage.groups)
            body.append(f"<p>Groups formed:</p><ul>{items}</ul>")
    if st.final:
        title = "Final ranking" + (" (provisional)" if st.provisional else "")
        body.append(f"<h2>{title}</h2>")
        body.append(_html_table(*ranking_table(st.final, t, final=True)))
    body += [_sheet_section(x, t, first=False) for x in st.tables]
    return _page(t.name, body)


def write_html(st: Standings, out: IO[str]) -> None:
    out.write(standings_html(st))


# --- score sheets --------------------------------------------------------------------------------


def sheet_name(x: TableResult) -> str:
    """The sheet's file name without ending: ``qualifying-r1-t2``."""
    return f"{x.stage}-r{x.round}-t{x.table}"


def sheet_rows(x: TableResult, t: Tournament) -> tuple[list[str], list[list[str]]]:
    """The score sheet a table writes by hand: a row per deal (number, dealer, contract,
    declarer, each seat's score and running total, note). The columns follow the seats, headed
    by the player seated there (``TableResult.players``): a deal whose record names another
    player at a seat still shows its score there, and its note says so. A deal that fails
    verification or cannot be read has a row too, its note saying why. A table with no deals
    yet gets the stage's number of empty rows, to fill in."""
    columns = ["Deal", "Dealer", "Contract", "Declarer"]
    for p in x.players:
        columns += [p, f"{p} total"]
    columns.append("Note")
    rows = []
    for d, scores, running in _sheet_lines(x):
        cells = [str(d.number or "?"), d.dealer, d.contract or "", d.declarer or ""]
        for score, total in zip(scores, running, strict=True):
            cells += [_num(score), _num(None if score is None else total)]
        rows.append([*cells, deal_note(d, x, t)])
    if not x.deals:
        deals = next((s.deals for s in t.stages if s.id == x.stage), 0)
        rows = [[str(n)] + [""] * (len(columns) - 1) for n in range(1, deals + 1)]
    return columns, rows


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


def deal_seats(d: DealRow, x: TableResult) -> tuple[str, ...]:
    """The names the deal's record gives the seats, in seat order (the seated players where
    the row does not say, as for an unreadable deal)."""
    return d.seats + x.players[len(d.seats) :]


def _sheet_lines(x: TableResult) -> list[tuple[DealRow, list[int | None], list[int]]]:
    """Each deal with its scores by seat (None: nothing counted, as for an unreadable deal)
    and the seats' running totals after it."""
    running = [0] * len(x.players)
    lines = []
    for d in x.deals:
        scores = [d.scores.get(name) for name in deal_seats(d, x)]
        running = [total + (score or 0) for total, score in zip(running, scores, strict=True)]
        lines.append((d, scores, running))
    return lines


STRANGER = ", not a registered player: counted for nobody"
"""Said of a name a deal gives a seat that no registered player has."""


def deal_note(d: DealRow, x: TableResult, t: Tournament) -> str:
    """The sheet's note on a deal: its own (a renons judgement, a ruling, why it fails or
    cannot be read, located), then each seat whose record names another player (a name that
    is no registered player's counts for nobody)."""
    parts = [f"unreadable: not counted ({x.file}:{d.line})"] if d.status == "unreadable" else []
    parts += [d.note] if d.note else []
    labels = seat_labels(len(x.players))
    for label, seated, name in zip(labels, x.players, deal_seats(d, x), strict=True):
        if name != seated:
            stranger = all(p.name != name for p in t.players)
            parts.append(f"{label} written {name!r}" + STRANGER * stranger)
    return "; ".join(parts)


def write_sheet_csv(x: TableResult, t: Tournament, out: IO[str]) -> None:
    """The score sheet as CSV (English headers: ``tarokpgn convert --from scoresheet`` knows
    them)."""
    writer = csv.writer(out, lineterminator="\n")
    columns, rows = sheet_rows(x, t)
    writer.writerow(columns)
    writer.writerows(rows)


def _sheet_section(x: TableResult, t: Tournament, first: bool) -> str:
    stage = next((s.name for s in t.stages if s.id == x.stage), x.stage)
    columns, rows = sheet_rows(x, t)
    seats = ", ".join(
        f"{s} {p}" for s, p in zip(seat_labels(len(x.players)), x.players, strict=False)
    )
    lines = _sheet_lines(x)
    last = lines[-1][2] if lines else []
    totals = ", ".join(f"{p} {v}" for p, v in zip(x.players, last, strict=False))
    cls = "" if first else ' class="page"'
    return (
        f"<section{cls}><h2>{_esc(t.name)}: {_esc(stage)}, round {x.round}, table {x.table}</h2>"
        f'<p class="meta">{_esc(x.variant)}; {_esc(seats)}; file {_esc(x.file)}'
        + ("" if x.found else " (not found)")
        + "</p>"
        + _html_table(columns, rows, "sheet", _sheet_head(x))
        + (f"<p>Totals: {_esc(totals)}</p>" if x.deals else "")
        + "</section>"
    )


def _sheet_head(x: TableResult) -> str:
    """Two header rows: each player's name over his score and running total columns."""
    fixed = "".join(f'<th rowspan="2">{c}</th>' for c in ("Deal", "Dealer", "Contract", "Declarer"))
    names = "".join(f'<th colspan="2">{_esc(p)}</th>' for p in x.players)
    under = "<th>score</th><th>total</th>" * len(x.players)
    return f'<tr>{fixed}{names}<th rowspan="2">Note</th></tr><tr>{under}</tr>'


def sheets_html(tables: Sequence[TableResult], t: Tournament) -> str:
    """The score sheets of ``tables`` as one printable page, each table on a page of its
    own."""
    body = [_sheet_section(x, t, first=n == 0) for n, x in enumerate(tables)]
    return _page(f"{t.name}: score sheets", body)


def write_sheets_html(tables: Sequence[TableResult], t: Tournament, out: IO[str]) -> None:
    out.write(sheets_html(tables, t))
