"""The notation layer: read and write TPGN text and its JSON form.

>>> from tarokpgn.notation import parse_record, write_record
>>> record = parse_record('[Variant "slovenian-4"]\\n\\nhand N škis srce kralj\\nend\\n')
>>> record.items[0].cards
('FOOL', 'HK')
>>> print(write_record(record), end="")
[Variant "slovenian-4"]
<BLANKLINE>
hand N FOOL HK
end

The names are imported when first used, as the package ``tarokpgn`` does: reading TPGN needs
neither the JSON form (:mod:`~tarokpgn.notation.jsonform`) nor the writer, and a command that
only reads, such as ``tarokpgn verify``, does not pay for them (issue 21).
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from tarokpgn.notation.jsonform import from_json, to_json, validate
    from tarokpgn.notation.reader import iter_file, iter_records, parse_record, read_headers
    from tarokpgn.notation.wellformed import check_record
    from tarokpgn.notation.writer import write_record, write_records

_LAZY: _typing.Final = {
    "check_record": "tarokpgn.notation.wellformed",
    "from_json": "tarokpgn.notation.jsonform",
    "iter_file": "tarokpgn.notation.reader",
    "iter_records": "tarokpgn.notation.reader",
    "parse_record": "tarokpgn.notation.reader",
    "read_headers": "tarokpgn.notation.reader",
    "to_json": "tarokpgn.notation.jsonform",
    "validate": "tarokpgn.notation.jsonform",
    "write_record": "tarokpgn.notation.writer",
    "write_records": "tarokpgn.notation.writer",
}
"""Exported name → the module it is imported from when first used."""


def __getattr__(name: str) -> object:
    """A lazily exported name (:data:`_LAZY`), imported on first use and kept. Any other name
    is an AttributeError, so that ``from tarokpgn.notation import reader`` imports the
    submodule as usual."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "check_record",
    "from_json",
    "iter_file",
    "iter_records",
    "parse_record",
    "read_headers",
    "to_json",
    "validate",
    "write_record",
    "write_records",
]
