"""Colour for a person at a terminal: statuses and problem codes, styled with rich.

Colour is used only when the stream written to is a terminal, ``NO_COLOR`` is unset or empty
(https://no-color.org) and ``--no-color`` was not given; rich then picks the colour system the
terminal has (none for ``TERM=dumb``). Anywhere else (pipes, files) the text is exactly the
plain text: painting only ever wraps words in escape codes, it never changes them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:  # rich is imported when colour is used: ~0.1 s before a command's first deal
    from rich.console import Console

STATUS_STYLES = {
    "ok": "bold green",
    "illegal": "bold red",
    "score-mismatch": "bold red",
    "error": "bold red",
    "unreadable": "bold red",
    "incomplete": "bold yellow",
    "renons": "bold magenta",
}
"""The style of each verdict status (:class:`tarokpgn.verdict.Status`), by its value."""

OK = STATUS_STYLES["ok"]
"""A deal found right."""
PROBLEM = "bold red"
"""A problem code (``E104``, ``follow-suit``) and a count of deals with problems."""
ACCEPTED = "yellow"
"""A problem the table accepted (the deal stands as played)."""
RENONS = STATUS_STYLES["renons"]
"""Everything a proven renons settles: the ``RENONS`` status, a problem "settled by the renons
judgement", a ``verify --renons`` finding and the ``PROVEN`` finding of ``tarokpgn renons``."""
UNDECIDED = STATUS_STYLES["incomplete"]
"""What the record cannot show: ``INCOMPLETE``, a renons claim that cannot be decided."""
PLAIN = "bold"
"""A finding that is neither (``NOT PROVEN``)."""

_settings = {"no_color": False}


@contextmanager
def colour_choice(no_color: bool) -> Iterator[None]:
    """Within the block, ``no_color`` (the ``--no-color`` flag) turns colour off everywhere."""
    before = _settings["no_color"]
    _settings["no_color"] = no_color
    try:
        yield
    finally:
        _settings["no_color"] = before


def colour_off() -> bool:
    """True when ``--no-color`` or ``NO_COLOR`` (any non-empty value) turns colour off."""
    return _settings["no_color"] or bool(os.environ.get("NO_COLOR"))


def console(stream: IO[str]) -> Console:
    """A rich console writing to ``stream`` that honours ``--no-color`` as well as
    ``NO_COLOR`` (for the rich tables and progress bars)."""
    from rich.console import Console

    return Console(file=stream, no_color=True if colour_off() else None)


class Painter:
    """Paints words for ``stream``: in their style on a colour terminal, else (and for no
    stream) unchanged."""

    def __init__(self, stream: IO[str] | None) -> None:
        self._system = None
        if stream is not None and isatty(stream) and not colour_off():
            from rich.console import COLOR_SYSTEMS

            system = console(stream).color_system
            self._system = COLOR_SYSTEMS[system] if system else None

    def __call__(self, text: str, style: str) -> str:
        """``text`` in ``style`` (a rich style such as ``bold red``); ``text`` when colour is off
        or ``style`` is empty."""
        if self._system is None or not style or not text:
            return text
        from rich.style import Style

        return Style.parse(style).render(text, color_system=self._system)

    def status(self, text: str, status: str) -> str:
        """``text`` (a status word) in the style of the verdict status ``status``."""
        return self(text, STATUS_STYLES.get(status, ""))


def isatty(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal (False for a stream without ``isatty`` or closed)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
