"""``tarokpgn tournament``: a tournament folder's seating draw, standings and score sheets
(:mod:`tarokpgn.tournament`; docs/tournament.rst walks an organiser through an event)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from functools import partial
from typing import IO, Any

from tarokpgn.cli import NO_COLOR_HELP
from tarokpgn.cli import _tournament_view as view
from tarokpgn.cli._io import Output, cannot_write
from tarokpgn.tournament import render
from tarokpgn.tournament.model import Standings, Tournament, TournamentError

COMMAND = "tarokpgn tournament"


def register(subparsers: Any) -> None:
    """Add the ``tournament`` subcommand and its ``draw``, ``standings`` and ``sheets``."""
    parser = subparsers.add_parser(
        "tournament",
        help="draw a tournament's seating, rank its players, print its score sheets",
        description="A tournament is a folder: tournament.toml (players, stage plan, "
        "tie-breaks, rulings) and one TPGN file per table and round. Exit status: 0 when the "
        "standings are final, 1 when they are provisional (a blocking issue, or a stage not "
        "complete; they are still printed), 2 when tournament.toml cannot be used or an "
        "output cannot be written. See docs/tournament.rst.",
    )
    # Plain parsers: an option an action does not know is reported by `tournament`'s parser,
    # with its usage, as for every command (tarokpgn.cli.CommandParser).
    sub = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=argparse.ArgumentParser
    )
    _register_draw(sub)
    _register_standings(sub)
    _register_sheets(sub)
    for action in sub.choices.values():  # as tarokpgn.cli.build_parser does for commands
        action.add_argument(
            "--no-color", action="store_true", default=argparse.SUPPRESS, help=NO_COLOR_HELP
        )


def _register_draw(sub: Any) -> None:
    draw = sub.add_parser(
        "draw",
        help="draw the seating of the rounds seated by draw (SL-14.1)",
        description="Draw the tables of every round of the stages seated by draw, reproducibly "
        "from the seed, avoiding players meeting again where possible, and write "
        "seating.toml beside tournament.toml (the standings read it from there). An existing "
        "seating.toml that differs is kept unless --force.",
    )
    draw.add_argument("toml", metavar="TOURNAMENT.toml", help="the tournament (or its folder)")
    draw.add_argument("--seed", type=int, help="the draw's seed (default: the toml's seed)")
    draw.add_argument("-o", "--output", metavar="FILE",
                      help="where to write the seating (default: seating.toml in the "
                      "tournament's folder; - for standard output)")  # fmt: skip
    draw.add_argument("--force", action="store_true", help="replace a different seating.toml")
    draw.set_defaults(func=run_draw)


def _register_standings(sub: Any) -> None:
    standings = sub.add_parser(
        "standings",
        help="verify every table's deals and rank the players",
        description="Verify every deal of every table's file, sum each player's scores per "
        "round and stage, rank with the tie-breaks, form the final groups and rank everyone. "
        "What the judge must see comes first (blocking issues, notes, PROVISIONAL). Without "
        "an output option the standings are printed on the terminal; they are also printed "
        "when every output goes to a file. FILE - is standard output.",
    )
    standings.add_argument("folder", metavar="FOLDER", help="the tournament folder or its toml")
    standings.add_argument("--csv", nargs="?", const="-", metavar="FILE",
                           help="one row per player per ranking")  # fmt: skip
    standings.add_argument("--json", nargs="?", const="-", metavar="FILE",
                           help="everything, tables and deals included")  # fmt: skip
    standings.add_argument("--html", metavar="FILE", help="a printable page")
    standings.set_defaults(func=run_standings)


def _register_sheets(sub: Any) -> None:
    sheets = sub.add_parser(
        "sheets",
        help="write each table's score sheet (CSV and HTML)",
        description="Write every table's score sheet, one row per deal with each seat's "
        "score and running total under the player seated there, and a note on what is wrong "
        "with the deal (empty rows for a table not played yet): "
        "DIR/<stage>-r<round>-t<table>.csv and .html. Exit status 0 whatever the standings' "
        "state, 2 when tournament.toml cannot be used or a sheet cannot be written.",
    )
    sheets.add_argument("folder", metavar="FOLDER", help="the tournament folder or its toml")
    sheets.add_argument("-o", "--output", metavar="DIR", help="default: FOLDER/sheets")
    sheets.set_defaults(func=run_sheets)


# --- running -----------------------------------------------------------------------------------


def _load(arg: str) -> Tournament:
    """The tournament of a FOLDER argument (the folder or its ``tournament.toml``);
    TournamentError when it cannot be used."""
    from tarokpgn.tournament import load

    return load(arg)


def _usage_error(command: str, exc: TournamentError) -> int:
    """``tarokpgn tournament ACTION: file:line: message`` on standard error; exit status 2."""
    print(f"{command}: {exc}", file=sys.stderr)
    return 2


def _write(path: str | None, write: Callable[[IO[str]], object]) -> None:
    """Write a file (or standard output) through a temporary file that replaces it when
    complete (:class:`~tarokpgn.cli._io.Output`); OSError when it cannot be written."""
    with Output(path) as out:
        write(out.stream)
        out.keep()


def run_draw(args: argparse.Namespace) -> int:
    from tarokpgn.tournament.draw import SEATING_FILE, draw, seating_toml

    command = f"{COMMAND} draw"
    try:
        t = _load(args.toml)
        seed = args.seed if args.seed is not None else t.seed
        if seed is None:
            print(f"{command}: no --seed and no seed in {t.path}", file=sys.stderr)
            return 2
        seating = draw(t, seed)
    except TournamentError as exc:
        return _usage_error(command, exc)
    text = seating_toml(seating, t)
    target = args.output or os.path.join(t.folder, SEATING_FILE)
    refusal = "" if target == "-" or args.force else _refusal(target, text, t)
    if refusal:
        print(f"{command}: {refusal}; --force replaces it", file=sys.stderr)
        return 2
    try:
        _write(target, lambda out: out.write(text))
    except BrokenPipeError:  # a pipe closed early (| head): stop quietly, as every command
        raise
    except OSError as exc:
        return cannot_write(command, exc)
    if target != "-":
        view.write_seating(seating, t, sys.stdout)
        print(f"seating written to {target}")
    return 0


def _refusal(path: str, text: str, t: Tournament) -> str:
    """Why ``path`` must not be replaced by ``text`` without ``--force`` (empty: it may be):
    it holds another seating, or it cannot be read as one (the located reason)."""
    from tarokpgn.tournament.draw import read_seating

    try:
        with open(path, encoding="utf-8") as handle:
            if handle.read() == text:
                return ""
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError):
        pass  # read_seating says why
    try:
        read_seating(path, t)
    except TournamentError as exc:
        return f"{path} exists but cannot be read as a seating: {exc}"
    return f"{path} exists with another seating"


def run_standings(args: argparse.Namespace) -> int:
    command = f"{COMMAND} standings"
    try:
        st = _standings(args.folder)
    except TournamentError as exc:
        return _usage_error(command, exc)
    outputs: list[tuple[str, Callable[[IO[str]], object]]] = []
    if args.csv:
        outputs.append((args.csv, partial(render.write_csv, st)))
    if args.json:
        outputs.append((args.json, partial(render.write_json, st)))
    if args.html:
        outputs.append((args.html, partial(render.write_html, st)))
    to_stdout = any(path == "-" for path, _ in outputs)
    if to_stdout:  # the judge still sees the issues first, on stderr
        view.write_issues(st, sys.stderr)
    else:
        view.write_terminal(st, sys.stdout)
    try:
        for path, write in outputs:
            _write(path, write)
    except BrokenPipeError:  # a pipe closed early (| head): stop quietly, as every command
        raise
    except OSError as exc:
        return cannot_write(command, exc)
    return 1 if st.provisional else 0


def _standings(folder: str) -> Standings:
    from tarokpgn.tournament import standings

    return standings(_load(folder))


def run_sheets(args: argparse.Namespace) -> int:
    command = f"{COMMAND} sheets"
    try:
        st = _standings(args.folder)
    except TournamentError as exc:
        return _usage_error(command, exc)
    t = st.tournament
    folder = args.output or os.path.join(t.folder, "sheets")
    try:
        os.makedirs(folder, exist_ok=True)
        for x in st.tables:
            base = os.path.join(folder, render.sheet_name(x))
            _write(base + ".csv", partial(render.write_sheet_csv, x, t))
            _write(base + ".html", partial(render.write_sheets_html, [x], t))
    except BrokenPipeError:  # a pipe closed early (| head): stop quietly, as every command
        raise
    except OSError as exc:
        return cannot_write(command, exc)
    print(f"{len(st.tables)} score sheets written to {folder} (CSV and HTML)")
    return 0
