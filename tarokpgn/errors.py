"""The exception hierarchy of tarokpgn: every exception the library raises on purpose derives
from :class:`TarokPgnError` (those that take a wrong value derive from ``ValueError`` too).

::

    TarokPgnError
    ├── NotationError (ValueError)        a record's text could not be read, or is incoherent
    │   ├── NotationSyntaxError            the text does not follow the grammar (E1xx)
    │   └── RecordError                    it follows the grammar but says something impossible
    │                                      (unknown card, duplicate tag: E1xx; well-formedness
    │                                      problems found by ``check_record``: E2xx), or the
    │                                      rules engine cannot play it (renons: an unknown
    │                                      ruleset or option)
    ├── UnknownCardError (ValueError)     tarokpgn.cards: a word that names no card of the deck
    ├── RuleViolation (ValueError)        tarokpgn.rules: an illegal action given to the engine
    ├── OutcomeError (ValueError)         tarokpgn.rules: a score-only outcome the rules cannot
    │                                     hold (``Ruleset.score_outcome``)
    ├── OptionError (ValueError)          tarokpgn.rules: an unknown ruleset or a bad option
    ├── ClaimError (ValueError)           tarokpgn.renons: a renons claim that does not fit the
    │                                     record
    ├── ArchiveError                      tarokpgn.archive: the database could not be opened,
    │                                     written or queried (``Query*`` for a refused query)
    └── FilterError (ValueError)          tarokpgn.archive.stats: a malformed report filter

Every :class:`NotationError` carries where it happened (``file``, ``record``, ``line``,
``column``), a stable ``code`` such as ``E101`` with a short ``name`` such as
``unexpected-token``, a ``message`` in words a player understands, and ``context``: the
offending line with a caret under the column. ``str(err)`` is
``file:line:col: CODE message`` followed by the context lines.

Codes raised while reading a record (the record is rejected):

=====  ======================  =============================================================
E100   internal-error          tarokpgn itself failed on this record (a bug): the record is
                               reported and skipped, the others are read
E101   unexpected-token        a token the grammar does not allow here
E102   unterminated-comment    a ``{`` comment with no closing ``}``
E103   truncated-record        the text ends before the record's ``end``
E104   unknown-card            a word that names no card of the record's pack
E105   invalid-utf8            bytes that are not UTF-8
E106   unexpected-character    a character that starts no token
E107   tag-syntax              a tag pair not written ``[Name "value"]``
E108   duplicate-tag           the same tag twice in one record
E109   misplaced-tag           a tag pair after the movetext has started
E110   bad-value               a value of the wrong form or out of range (``kontra=lots``, a
                               kontra level above 4, a trick number of more than 3 digits)
E111   too-long                a record longer than 1,000,000 bytes (as read or as written)
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
E208   trick-order             trick numbers not 1, 2, 3 … in order or beyond the deal's
                               tricks; a renons claim on a trick the deal does not have
E209   trick-size              a trick with more cards than players
E210   card-played-twice       the same card played in two tricks, or twice in one
E211   bad-result              a ``Result`` or ``Totals`` tag that is not seat/score pairs
                               for the variant's seats, scores within ±1,000,000
E212   misplaced-element       an element the variant does not have, or one given more often
                               than it may be (``excuse_exchange`` outside French Tarot, or
                               twice)
E213   bad-outcome             a score-only record's outcome tag of the wrong form
                               (``Contract``, ``Declarer``, ``Partner``, ``Difference``,
                               ``Bonuses``, ``Kontras``; :mod:`tarokpgn.outcome`), one
                               without ``Contract``, or one on a played record
=====  ======================  =============================================================

Codes raised while converting another program's log (:mod:`tarokpgn.convert`; the record is
left out, the input's other records are converted):

=====  ======================  =============================================================
E301   bad-source              a record of the source format that cannot be read: a field of
                               the wrong form, a card or action the source cannot hold; the
                               message names the field
E302   missing-dependency      reading the format needs a library that is not installed (the
                               message says what to install)
=====  ======================  =============================================================
"""

from __future__ import annotations

from typing import Final

CODES: Final[dict[str, str]] = {
    "E100": "internal-error",
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
    "E111": "too-long",
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
    "E212": "misplaced-element",
    "E213": "bad-outcome",
    "E301": "bad-source",
    "E302": "missing-dependency",
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
    reading), or a well-formedness problem (E2xx, returned by ``check_record``). The renons
    judge raises it too when the record's variant, ruleset or options cannot be played (the
    verifier's codes ``no-rules-engine``, ``unknown-ruleset``, ``bad-option``)."""


def caret_context(text: str, line: int, column: int) -> str:
    """The ``line``-th line of ``text`` (1-based) and a caret under ``column``; a line longer
    than 120 characters is cut to the 120 around the column (found without copying ``text``)."""
    if line < 1:
        return ""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    stop = text.find("\n", start)
    stop = len(text) if stop < 0 else stop
    while stop > start and text[stop - 1] == "\r":
        stop -= 1
    if stop - start > 120:
        first = max(0, column - 60)
        start, stop, column = start + first, min(stop, start + first + 120), column - first
    source = text[start:stop].expandtabs(1)
    return f"    {source}\n    {' ' * max(column - 1, 0)}^"


def shorten(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, the last one ``…``, when longer: every token or
    value an error message echoes goes through it (a 50 MB token stays out of the message)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def internal_error(
    exc: BaseException, *, file: str = "<string>", record: int = 0, line: int = 0
) -> NotationError:
    """E100: ``exc``, raised by tarokpgn's own code while reading one record (a bug, not the
    record's fault), as a located error on that record, so that the records around it are still
    read and the run counts it."""
    return NotationError(
        "E100",
        f"tarokpgn failed on this record ({describe(exc)}); it was skipped, please report it",
        file=file,
        record=record,
        line=line,
    )


def describe(exc: BaseException, limit: int = 120) -> str:
    """``TypeName: message`` of an unexpected exception, on one line, cut to ``limit``."""
    return shorten(" ".join(f"{type(exc).__name__}: {str(exc)[: 2 * limit]}".split()), limit)
