"""The exception hierarchy of tarokpgn.

::

    TarokPgnError
    └── NotationError (ValueError)        a record's text could not be read, or is incoherent
        ├── NotationSyntaxError            the text does not follow the grammar (E1xx)
        └── RecordError                    it follows the grammar but says something impossible
                                           (unknown card, duplicate tag: E1xx; well-formedness
                                           problems found by ``check_record``: E2xx)

Every :class:`NotationError` carries where it happened (``file``, ``record``, ``line``,
``column``), a stable ``code`` such as ``E101`` with a short ``name`` such as
``unexpected-token``, a ``message`` in words a player understands, and ``context``: the
offending line with a caret under the column. ``str(err)`` is
``file:line:col: CODE message`` followed by the context lines.

Codes raised while reading a record (the record is rejected):

=====  ======================  =============================================================
E101   unexpected-token        a token the grammar does not allow here
E102   unterminated-comment    a ``{`` comment with no closing ``}``
E103   truncated-record        the text ends before the record's ``end``
E104   unknown-card            a word that names no card of the record's pack
E105   invalid-utf8            bytes that are not UTF-8
E106   unexpected-character    a character that starts no token
E107   tag-syntax              a tag pair not written ``[Name "value"]``
E108   duplicate-tag           the same tag twice in one record
E109   misplaced-tag           a tag pair after the movetext has started
E110   bad-value               a ``key=value`` whose value has the wrong form
=====  ======================  =============================================================

Codes reported by :func:`tarokpgn.notation.check_record` (the record was read):

=====  ======================  =============================================================
E201   duplicate-card          a card dealt twice (hands and talon together)
E202   hand-size               a hand with the wrong number of cards for the variant
E203   talon-size              a talon with the wrong number of cards for the variant
E204   unknown-variant         no ``Variant`` tag, or one that names no known variant
E205   card-not-in-deck        a card token that does not exist in the variant's pack
E206   bad-seat                a seat label not used with this number of players
E207   bad-dealer              a ``Dealer`` tag that names no seat of the variant
E208   trick-order             trick numbers not 1, 2, 3 … in order
E209   trick-size              a trick with more cards than players
E210   card-played-twice       the same card played in two tricks, or twice in one
E211   bad-result              a ``Result`` or ``Totals`` tag that is not seat/score pairs
                               for the variant's seats
=====  ======================  =============================================================
"""

from __future__ import annotations

from typing import Final

CODES: Final[dict[str, str]] = {
    "E101": "unexpected-token",
    "E102": "unterminated-comment",
    "E103": "truncated-record",
    "E104": "unknown-card",
    "E105": "invalid-utf8",
    "E106": "unexpected-character",
    "E107": "tag-syntax",
    "E108": "duplicate-tag",
    "E109": "misplaced-tag",
    "E110": "bad-value",
    "E201": "duplicate-card",
    "E202": "hand-size",
    "E203": "talon-size",
    "E204": "unknown-variant",
    "E205": "card-not-in-deck",
    "E206": "bad-seat",
    "E207": "bad-dealer",
    "E208": "trick-order",
    "E209": "trick-size",
    "E210": "card-played-twice",
    "E211": "bad-result",
}
"""Every error code → its stable short name."""


class TarokPgnError(Exception):
    """Base class of every error tarokpgn raises on purpose."""


class NotationError(TarokPgnError, ValueError):
    """A record's text could not be read, or what it says is incoherent.

    ``line`` and ``column`` are 1-based positions in ``file`` (0 when unknown); ``record`` is
    the 1-based number of the record within the file (0 when unknown).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        file: str = "<string>",
        record: int = 0,
        line: int = 0,
        column: int = 0,
        context: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.file = file
        self.record = record
        self.line = line
        self.column = column
        self.context = context

    @property
    def name(self) -> str:
        """The code's short name (``"unexpected-token"``)."""
        return CODES.get(self.code, "error")

    def location(self) -> str:
        """``file:line:col`` (parts that are unknown are left out)."""
        parts = [self.file]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        head = f"{self.location()}: {self.code} {self.message}"
        return f"{head}\n{self.context}" if self.context else head

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, line={self.line})"


class NotationSyntaxError(NotationError):
    """The text does not follow the grammar: raised by the parser (codes E101–E107)."""


class RecordError(NotationError):
    """The text parses but is incoherent: an unknown card, a duplicate tag (raised while
    reading), or a well-formedness problem (E2xx, returned by ``check_record``)."""


def caret_context(text: str, line: int, column: int) -> str:
    """The ``line``-th line of ``text`` (1-based) and a caret under ``column``."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return ""
    source = lines[line - 1].rstrip("\r").expandtabs(1)
    if len(source) > 120:
        start = max(0, column - 60)
        source, column = source[start : start + 120], column - start
    return f"    {source}\n    {' ' * max(column - 1, 0)}^"
