"""Tag pairs: escaping of values and the export order of tags."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tarokpgn.model import SEATS, TAG_ORDER, VARIANTS

_UNESCAPE = re.compile(r"\\(.)")
_FIXED = {name: i for i, name in enumerate(TAG_ORDER)}


def unescape(quoted: str) -> str:
    """The value of a ``"..."`` tag string: quotes removed, ``\\"`` and ``\\\\`` undone."""
    body = quoted[1:-1]
    return _UNESCAPE.sub(r"\1", body) if "\\" in body else body


def escape(value: str) -> str:
    """``value`` as a quoted tag string."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def seats_of(variant: str) -> tuple[str, ...]:
    """The seat labels of ``variant`` (four seats when the variant is unknown)."""
    return SEATS[VARIANTS[variant][0] if variant in VARIANTS else 4]


def export_order(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Tags in export order: the fixed tags, the seat tags in seat order, ``Result``, then every
    other tag alphabetically. The sort is stable, so repeated names keep their order."""
    pairs = tuple(tags)
    variant = next((value for name, value in pairs if name == "Variant"), "")
    seats = {seat: i for i, seat in enumerate(seats_of(variant))}

    def key(pair: tuple[str, str]) -> tuple[int, int, str]:
        name = pair[0]
        if name in _FIXED:
            return (0, _FIXED[name], "")
        if name in seats:
            return (1, seats[name], "")
        if name == "Result":
            return (2, 0, "")
        return (3, 0, name)

    return tuple(sorted(pairs, key=key))
