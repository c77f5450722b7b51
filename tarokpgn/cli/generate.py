"""``tarokpgn generate``: write random complete legal deals with their scores."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tarokpgn.cli._io import open_output
from tarokpgn.generate import generate
from tarokpgn.model import VARIANTS
from tarokpgn.notation import write_records
from tarokpgn.rules.ruleset import OptionError


def register(subparsers: Any) -> None:
    """Add the ``generate`` subcommand."""
    parser = subparsers.add_parser(
        "generate",
        help="write random legal deals (test and benchmark data)",
        description="Write N random, complete and legal deals of one match in export form, "
        "with their computed scores (Result), Match, Deal, rotating Dealer and running Totals. "
        "The same arguments always write the same bytes.",
    )
    parser.add_argument("--variant", required=True, choices=sorted(VARIANTS))
    parser.add_argument("--ruleset", help="ruleset preset (default: the variant's default)")
    parser.add_argument("-n", type=int, default=1, help="number of deals (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--options", default="", help='option overrides, e.g. "klop_scoring=plain mondfang=21"'
    )
    parser.add_argument("--match", help="Match tag (default: derived from the arguments)")
    parser.add_argument("-o", "--output", help="output file (default: standard output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    options = dict(p.split("=", 1) for p in args.options.split() if "=" in p)
    if args.n < 0:
        print("tarokpgn generate: -n must not be negative", file=sys.stderr)
        return 2
    try:
        records = generate(
            args.variant, args.ruleset, n=args.n, seed=args.seed, options=options, match=args.match
        )
        first = next(records, None)
    except (OptionError, ValueError) as exc:
        print(f"tarokpgn generate: {exc}", file=sys.stderr)
        return 2
    out = open_output(args.output)
    try:
        if first is not None:
            for text in write_records(_chain(first, records)):
                out.write(text)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


def _chain(first: Any, rest: Any) -> Any:
    yield first
    yield from rest
