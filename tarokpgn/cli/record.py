"""``tarokpgn record``: record a match at the table, every entry checked as it is typed."""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from typing import TYPE_CHECKING, Any, Final

from tarokpgn.record.messages import LANGUAGES, language
from tarokpgn.variants import variant_ids

if TYPE_CHECKING:
    from tarokpgn.record.session import Session


def register(subparsers: Any) -> None:
    """Add the ``record`` subcommand."""
    parser = subparsers.add_parser(
        "record",
        help="record deals at the table, each entry checked against the rules as it is typed",
        description="Record a match into FILE interactively: the dealer rotates by itself; "
        "hands (if known), auction, call, talon and lay-away, announcements and kontras, then "
        "every card, or only the outcome for a score-sheet-only deal. Entries are the import "
        "form's words (native card and bid names, abbreviations) and are checked at once; an "
        "illegal entry is refused with the reason and the legal choices, and the table can "
        "insist on it as an accepted irregularity or a renons claim. Each finished deal is "
        "appended to FILE in export form and flushed; running it again on FILE continues the "
        "match (deal number, dealer, totals). Type help at any prompt for the commands (undo, "
        "totals, ?, insist, quit). Exit status: 0 on quit, 2 when FILE cannot be continued or "
        "the options do not fit it.",
    )
    parser.add_argument("file", metavar="FILE", help="the match's .tpgn file (created if new)")
    parser.add_argument(
        "--variant", choices=sorted(variant_ids()), help="the variant (required for a new file)"
    )
    parser.add_argument("--ruleset", help="ruleset preset (default: the variant's default)")
    parser.add_argument(
        "--players", help='seat=name pairs in order of play, e.g. "N=Ana E=Bojan S=Cene W=Darja"'
    )
    parser.add_argument(
        "--match",
        help="the Match tag of a new file (default: Club evening YYYY-MM-DD, today's date, "
        "in the recorder's language)",
    )
    parser.add_argument("--event", help="the Event tag")
    parser.add_argument("--dealer", metavar="SEAT", help="the first deal's dealer (a new file)")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the recorder's language (default: from the locale, LC_ALL/LC_MESSAGES/LANG)",
    )
    parser.set_defaults(func=run)


_SEAT = re.compile(r"(?:^|\s)([A-Za-z])=")
"""Where a ``SEAT=`` starts in ``--players``: a name runs to the next one, so it may have
spaces (``N=Ana Novak E=Bojan``)."""


def players(option: str | None) -> dict[str, str] | None:
    """``"N=Ana Novak E=Bojan"`` → ``{"N": "Ana Novak", "E": "Bojan"}``; :class:`ValueError`
    for text before the first ``SEAT=``, an empty name, or a seat given twice."""
    if option is None:
        return None
    parts = _SEAT.split(option.strip())
    if parts[0].strip() or len(parts) < 3:
        raise ValueError(f"--players: {option!r} is not SEAT=NAME pairs")
    names: dict[str, str] = {}
    for seat, name in zip(parts[1::2], parts[2::2], strict=True):
        seat, name = seat.upper(), name.strip()
        if not name:
            raise ValueError(f"--players: seat {seat} has no name")
        if seat in names:
            raise ValueError(f"--players: seat {seat} is given twice")
        names[seat] = name
    return names


DEFAULT_MATCH: Final = {"en": "Club evening {date}", "sl": "Klubski večer {date}"}
"""A new file's match name without ``--match``, in the recorder's language (today's date)."""


def session_of(args: argparse.Namespace, lang: str | None = None) -> Session:
    """The session the options open (:meth:`Session.open`'s errors, :class:`ValueError` for a
    bad ``--players``). A new file without ``--match`` is named in the recorder's language
    (``lang``, else ``--lang`` or the locale): :data:`DEFAULT_MATCH`."""
    from tarokpgn.record.session import Session

    options: dict[str, Any] = {
        "variant": args.variant,
        "ruleset": args.ruleset,
        "players": players(args.players),
        "event": args.event,
        "dealer": args.dealer.upper() if args.dealer else None,
    }
    session = Session.open(args.file, match=args.match, **options)
    if args.match is None and not session.finished:  # a new file: its name in the language
        said = DEFAULT_MATCH.get(lang or language(args.lang), DEFAULT_MATCH["en"])
        match = said.format(date=datetime.date.today().isoformat())
        session = Session.open(args.file, match=match, **options)
    return session


def run(args: argparse.Namespace) -> int:
    from tarokpgn.record.session import SessionError
    from tarokpgn.record.ui import record

    lang = language(args.lang)
    try:
        session = session_of(args, lang)
    except (SessionError, ValueError, OSError) as exc:
        print(f"tarokpgn record: {exc}", file=sys.stderr)
        return 2
    return record(session, lang, args.file)
