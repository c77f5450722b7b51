"""Tag pairs: escaping of values and the export order of tags."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tarokpgn.model import TAG_ORDER, seats_of

_UNESCAPE = re.compile(r"\\(.)")
_FIXED = {name: i for i, name in enumerate(TAG_ORDER)}


def unescape(quoted: str) -> str:
    """The value of a ``"..."`` tag string: quotes removed, ``\\"`` and ``\\\\`` undone."""
    body = quoted[1:-1]
    return _UNESCAPE.sub(r"\1", body) if "\\" in body else body


def escape(value: str) -> str:
    """``value`` as a quoted tag string."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def export_order(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Tags in export order: the fixed tags, the seat tags in seat order, ``Result``, then every
    other tag alphabetically. The sort is stable, so repeated names keep their order."""
    pairs = tuple(tags)
    variant = next((value for name, value in pairs if name == "Variant"), "")
    seats = seats_of(variant)
    return tuple(sorted(pairs, key=lambda pair: tag_rank(pair[0], seats)))


def tag_rank(name: str, seats: tuple[str, ...]) -> tuple[int, int, str]:
    """Sort key of tag ``name`` in the export order of a record with ``seats`` (in order of
    play): the fixed tags (:data:`~tarokpgn.model.TAG_ORDER`), the seat tags, ``Result``,
    then every other tag by name."""
    if name in _FIXED:
        return (0, _FIXED[name], "")
    if name in seats:
        return (1, seats.index(name), "")
    if name == "Result":
        return (2, 0, "")
    return (3, 0, name)
