"""The limits of the notation (docs/notation.rst, "Limits").

Every number read from a record's text is bounded here before it is converted: a kontra level
of 2**31 would make scoring compute 1 << level, a number of 5,000 digits makes int() raise.
Imports nothing from tarokpgn, so the model, the notation and the rules engines all use it.
"""

from __future__ import annotations

from typing import Final

MAX_KONTRA: Final = 4
"""Highest kontra level: mortkontra (SL-8.1). Czech fleky stop at tutti, 3 (CZ-7.1); French
Tarot and Tarocchini have none: the rules engine reports those (illegal-kontra)."""
MAX_TRICK_NUMBER: Final = 999
"""Trick numbers (``12.``, a renons claim's trick) have at most 3 digits; ``check_record``
also wants them within the deal's tricks (E208)."""
MAX_DEAL_NUMBER: Final = 999_999
"""A ``Deal`` or ``Round`` tag that is a number is 1 … 999,999 (at most 6 digits)."""
MAX_SCORE: Final = 1_000_000
"""Scores in ``Result`` and ``Totals`` are within ±1,000,000 per seat: the largest deal scores
about 16,000 (an announced Slovenian valat, 500, mortkontra'd, ×16, doubled by a radelc), so
the bound leaves room for the running totals of a long match and stays far inside 64 bits."""
MAX_RECORD_BYTES: Final = 1_000_000
"""A record (its text as read, and its export form) has at most 1,000,000 bytes (E111)."""


def bounded_int(text: str, maximum: int) -> int | None:
    """``text`` as a number when it is ASCII digits worth at most ``maximum``, else None.

    Read digit by digit, stopping at the first character that is no ASCII digit or as soon
    as the value passes ``maximum``: never ``int()`` of a long string (slow, then it raises),
    and no string built or stripped for the two or three numbers of every deal."""
    if not text:
        return None
    value = 0
    for i in range(len(text)):
        digit = ord(text[i]) - 48  # ord("0")
        if not 0 <= digit <= 9:
            return None
        value = value * 10 + digit
        if value > maximum:
            return None
    return value


def deal_number_ok(value: str) -> bool:
    """Whether a ``Deal`` or ``Round`` tag's value is fine: any text that is not all digits, or
    a number 1 … :data:`MAX_DEAL_NUMBER` in ASCII digits. ``str.isdigit`` also takes ``²`` and
    ``١``, which ``int()`` refuses or reads: those are refused here too."""
    if not value.isdigit():
        return True
    return len(value) <= 6 and bool(bounded_int(value, MAX_DEAL_NUMBER))
