"""The ``tarokpgn`` command: one module per subcommand, each a thin adapter over the library.

Every subcommand module exposes ``register(subparsers)`` which adds its parser and sets
``func`` to a function ``(args) -> int``. Exit codes: 0 ok, 1 problems found, 2 usage error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tarokpgn import __version__
from tarokpgn._build import build

COMMANDS = (
    "check",
    "fmt",
    "convert",
    "verify",
    "generate",
    "index",
    "query",
    "stats",
    "export",
    "renons",
)
"""Subcommand modules under :mod:`tarokpgn.cli`, in ``--help`` order."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tarokpgn",
        description="Record, verify and study deals of the tarok family of card games.",
    )
    version = f"tarokpgn {__version__} ({build()})"
    parser.add_argument("--version", action="version", version=version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"tarokpgn.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help, 2 for usage errors
        return int(exc.code or 0)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
