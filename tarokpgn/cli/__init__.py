"""The ``tarokpgn`` command: one module per subcommand, each a thin adapter over the library.

Every subcommand module exposes ``register(subparsers)`` which adds its parser and sets
``func`` to a function ``(args) -> int``. Exit codes: 0 ok, 1 problems found, 2 usage error.

``--no-color`` is taken before the command and after it (every subcommand gets it); an
unknown option after the command prints that command's usage, not the top-level one.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from tarokpgn import __version__
from tarokpgn._build import build
from tarokpgn.cli._style import colour_choice

COMMANDS = (
    "check",
    "fmt",
    "convert",
    "verify",
    "show",
    "generate",
    "index",
    "query",
    "stats",
    "plot",
    "export",
    "renons",
    "tournament",
    "record",
)
"""Subcommand modules under :mod:`tarokpgn.cli`, in ``--help`` order."""


NO_COLOR_HELP = "no colour, also on a terminal (as the NO_COLOR environment variable does)"


class CommandParser(argparse.ArgumentParser):
    """A subcommand's parser. argparse leaves the arguments a subcommand does not know to the
    top-level parser, which then prints the top-level usage; this one reports them itself, with
    the subcommand's usage (``tarokpgn verify --bogus``)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or with ``only`` of that one alone: its module is
    then the only one imported (the others bring pyarrow, DuckDB …, about a second of CPU
    before ``check`` or ``verify`` reads a deal)."""
    parser = argparse.ArgumentParser(
        prog="tarokpgn",
        description="Record, verify and study deals of the tarok family of card games.",
    )
    version = f"tarokpgn {__version__} ({build()})"
    parser.add_argument("--version", action="version", version=version)
    parser.add_argument("--no-color", action="store_true", help=NO_COLOR_HELP)
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=CommandParser
    )
    for name in COMMANDS if only is None else (only,):
        importlib.import_module(f"tarokpgn.cli.{name}").register(sub)
    for command in sub.choices.values():  # SUPPRESS: a default would undo the global flag
        command.add_argument(
            "--no-color", action="store_true", default=argparse.SUPPRESS, help=NO_COLOR_HELP
        )
    return parser


def named_command(argv: Sequence[str] | None) -> str | None:
    """The subcommand ``argv`` starts with (after any ``--no-color``), None when it starts
    with anything else (``--help``, ``--version``, a wrong name)."""
    args = list(sys.argv[1:] if argv is None else argv)
    while args and args[0] == "--no-color":
        args.pop(0)
    return args[0] if args and args[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(named_command(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help, 2 for usage errors
        return int(exc.code or 0)
    try:
        with colour_choice(args.no_color):
            return int(args.func(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
