"""``tarokpgn show``: see a deal: a self-contained HTML replay page, or a diagram on the terminal.

``--html OUT.html`` writes the page (:mod:`tarokpgn.show.html`): every deal of the file with a
list to choose from, or the one ``--deal N`` names. Without it the deal is drawn on the terminal
(:func:`tarokpgn.show.terminal.render_terminal`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from rich.console import Console

from tarokpgn.cli._io import Reporter, add_input_format, read_inputs
from tarokpgn.cli._style import colour_off
from tarokpgn.cli.renons import Failure, say_wrote, select
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.replay import verify_all
from tarokpgn.show.html import DealView, ruling_of, write_page
from tarokpgn.show.terminal import render_terminal
from tarokpgn.verdict import Verdict


def register(subparsers: Any) -> None:
    """Add the ``show`` subcommand."""
    parser = subparsers.add_parser(
        "show",
        help="draw a deal: an HTML replay page (--html) or a diagram on the terminal",
        description="Draw deals as the verifier sees them. With --html OUT.html, write one "
        "self-contained page (no network needed, opens from a file) that shows the table "
        "(players, hands, talon, auction, call, exchange, announcements, kontras) and replays "
        "the play trick by trick (buttons, arrow keys, a slider), each trick's winner marked, "
        "the verifier's findings and any renons judgement on their trick, and the score "
        "breakdown at the end; every deal of the file with a list to choose from, or the one "
        "--deal names. Without --html, draw the deal(s) on the terminal. --deal N is the Deal "
        "tag's value; in a file without Deal tags, the record's 1-based place in the file. "
        "Exit status: 0 when drawn, 1 when the deal cannot be found or read, 2 on usage "
        "errors or when OUT cannot be written.",
    )
    parser.add_argument("file", metavar="FILE", help="deal file (.tpgn, .json, .jsonl; - stdin)")
    add_input_format(parser)
    parser.add_argument("--deal", metavar="N", help="Deal tag value (or place in the file)")
    parser.add_argument("--match", metavar="NAME", help="Match tag, when deal numbers repeat")
    parser.add_argument("--html", metavar="OUT.html", help="write the replay page to this file")
    parser.add_argument("--title", help="the page's title (default: the deal's name)")
    parser.set_defaults(func=run)


class _Console(Console):
    """A rich console that lets a closed pipe end the command quietly with status 0, as every
    command does (:func:`tarokpgn.cli.main`); rich's own exits with status 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush
        raise BrokenPipeError


def _read(args: argparse.Namespace) -> list[Record | NotationError]:
    reporter = Reporter()
    results = [r for _name, r in read_inputs([args.file], reporter, args.input_format)]
    if reporter.failed_inputs:  # the reporter said why
        raise Failure("")
    if not results:
        raise Failure(f"no deal in {args.file}")
    return results


def chosen_deals(args: argparse.Namespace) -> list[tuple[Record, Verdict]]:
    """The chosen deals with their verdicts. Every readable deal of the file is verified in
    order (the running totals of a match need the deals before), the chosen ones kept; an
    unreadable deal is reported, and fails the command when it is the one asked for."""
    results = _read(args)
    chosen = set(select(results, args.deal, args.match))
    records = [r for r in results if isinstance(r, Record)]
    verdicts = dict(zip(map(id, records), (v for _r, v in verify_all(records)), strict=True))
    out = []
    for i, result in enumerate(results):
        if i not in chosen:
            continue
        if isinstance(result, NotationError):
            if args.deal is not None:
                raise Failure(str(result))
            print(result, file=sys.stderr)
            continue
        out.append((result, verdicts[id(result)]))
    if not out:
        raise Failure(f"no deal in {args.file} can be read")
    return out


def run(args: argparse.Namespace) -> int:
    """Draw the chosen deals as a page or on the terminal."""
    try:
        deals = chosen_deals(args)
        if args.html:
            views = [DealView(record, verdict, ruling_of(record)) for record, verdict in deals]
            try:
                write_page(args.html, views, args.title or "")
            except OSError as exc:
                print(f"tarokpgn show: cannot write {args.html}: {exc.strerror}", file=sys.stderr)
                return 2
            say_wrote("show", args.html, len(views))
            return 0
        out = _Console(file=sys.stdout, no_color=True if colour_off() else None)
        for record, verdict in deals:
            render_terminal(record, verdict, out)
    except Failure as exc:
        if str(exc):
            print(f"tarokpgn show: {exc}", file=sys.stderr)
        return exc.code
    return 0
