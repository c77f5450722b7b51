"""``tarokpgn tournament``'s terminal view: the standings and the seating draw as rich tables on
a terminal, aligned plain text elsewhere, with the cells and words of
:mod:`tarokpgn.tournament.render`."""

from __future__ import annotations

from typing import IO, TextIO, cast

from tarokpgn.cli._style import PROBLEM, UNDECIDED, Painter, colour_off, console, isatty
from tarokpgn.tournament.model import Seating, Standings, Tournament
from tarokpgn.tournament.render import (
    BYE,
    TIES,
    group_line,
    headline,
    issue_line,
    numeric,
    ordered_issues,
    provisional_reason,
    ranking_table,
    seat_labels,
    stage_title,
    tie_lines,
)

# --- terminal ------------------------------------------------------------------------------------


def _print_table(columns: list[str], cells: list[list[str]], title: str, out: IO[str]) -> None:
    """A rich table on a terminal, aligned plain text elsewhere (:mod:`tarokpgn.cli._table`)."""
    from tarokpgn.archive.store import QueryResult
    from tarokpgn.cli._table import print_result

    if isatty(out):
        _rich_table(columns, cells, title, out)
        return
    rows = [tuple(c) for c in cells]
    print_result(QueryResult(columns, rows), "table", title, cast(TextIO, out))


def _rich_table(columns: list[str], cells: list[list[str]], title: str, out: IO[str]) -> None:
    """A rich table with its number columns right-aligned; with colour off (``--no-color``,
    ``NO_COLOR``) not one escape code, bold and italic included."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    # Text, not str: rich would read "[b]" in a name as markup.
    table = Table(title=Text(title) if title else None, title_justify="left")
    for n, column in enumerate(columns):
        table.add_column(Text(column), justify="right" if _number_column(cells, n) else "left")
    for row in cells:
        table.add_row(*map(Text, row))
    shown = Console(file=out, color_system=None) if colour_off() else console(out)
    shown.print(table)


def _number_column(cells: list[list[str]], n: int) -> bool:
    """Whether column ``n`` holds numbers (ranks such as ``3=`` and ``bye`` included)."""
    values = [row[n] for row in cells if row[n] and row[n] != BYE]
    return bool(values) and all(numeric(v) for v in values)


def write_issues(st: Standings, out: IO[str]) -> None:
    """What the judge must see first: blocking issues, then the notes; then ``PROVISIONAL``."""
    paint = Painter(out)
    blocking, notes = ordered_issues(st.issues)
    for group, word, style in ((blocking, "blocking issue", PROBLEM), (notes, "note", "")):
        if group:
            heading = f"{len(group)} {word}{'s' * (len(group) != 1)}:"
            print(paint(heading, style), file=out)
            for issue in group:
                print(f"  {issue_line(issue)}", file=out)
            print(file=out)
    if st.provisional:
        word = paint("PROVISIONAL", UNDECIDED)
        print(f"{word} standings ({provisional_reason(st)})", file=out)
        print(file=out)


def write_terminal(st: Standings, out: IO[str]) -> None:
    """The standings for the judge at a terminal (plain aligned text when not one)."""
    t = st.tournament
    print(headline(t), file=out)
    print(f"{t.variant} ({t.ruleset}), {len(t.players)} players", file=out)
    print(file=out)
    write_issues(st, out)
    for stage in st.stages:
        if not stage.rows:
            print(f"{stage.name}: not played yet", file=out)
            print(file=out)
            continue
        columns, cells = ranking_table(stage.rows, t)
        _print_table(columns, cells, stage_title(stage), out)
        ties = tie_lines(stage.rows)
        if ties:
            print(TIES, file=out)
            for line in ties:
                print(f"  {line}", file=out)
        if stage.groups:
            print("Groups formed:", file=out)
            for g in stage.groups:
                print(f"  {group_line(g)}", file=out)
        print(file=out)
    if st.final:
        columns, cells = ranking_table(st.final, t, final=True)
        title = "Final ranking" + (" (provisional)" if st.provisional else "")
        _print_table(columns, cells, title, out)


def write_seating(seating: Seating, t: Tournament, out: IO[str]) -> None:
    """Each round of the draw: its tables (players in seat order), byes and the number of
    pairs of players who already shared a table."""
    for stage, rnd in _seating_rounds(seating):
        tables = [x for x in seating.tables if (x.stage, x.round) == (stage, rnd)]
        width = max(len(x.players) for x in tables)
        columns = ["table", "variant", *seat_labels(width)]
        cells = [
            [str(x.number), x.variant, *x.players, *[""] * (width - len(x.players))] for x in tables
        ]
        name = next((s.name for s in t.stages if s.id == stage), stage)
        repeats = seating.repeats.get((stage, rnd), 0)
        title = f"{name}, round {rnd} (seed {seating.seed}): {repeats} repeated table-mates"
        _print_table(columns, cells, title, out)
        byes = seating.byes.get((stage, rnd), ())
        if byes:
            print(f"Bye: {', '.join(byes)}", file=out)
        print(file=out)


def _seating_rounds(seating: Seating) -> list[tuple[str, int]]:
    seen = [(x.stage, x.round) for x in seating.tables] + list(seating.byes)
    return list(dict.fromkeys(seen))
