"""JSON text as ``json.dumps(value, indent=1, ensure_ascii=False)`` writes it, made faster for
``tarokpgn verify --json``, which writes one verdict at a time (its array streams).

A verdict itself is written by the compiled :func:`tarokpgn.verdict.verdict_json`, which knows
its classes; :func:`indented` here is the general writer it hands the values it does not know
(and ``verify --json`` the ``--renons`` findings and the unreadable records).

The standard library encodes indented JSON in pure Python (its C encoder is used only without
``indent``), one small generator step per token, and :func:`dataclasses.asdict`, which
:meth:`Verdict.to_json <tarokpgn.verdict.Verdict.to_json>` uses, copies every value first. Here a
dataclass instance is written straight from its fields, as ``asdict`` would give them (field
order, nested dataclasses as objects, tuples as arrays), and strings are escaped by the
standard library's own (C) escaper: the bytes are those of the standard encoder
(``tests/test_cli_verify_json.py`` checks them against it).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from json.encoder import encode_basestring
from operator import attrgetter
from typing import Any, Final

_Fields = tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]
"""A dataclass's JSON keys (``'"name": '``, in field order) and a getter of its fields'
values (a tuple, as :func:`operator.attrgetter` of several names gives it)."""

_FIELDS: Final[dict[type, _Fields | None]] = {}
"""What :func:`fields_of` found for each class met (None: not a dataclass)."""


def fields_of(cls: type) -> _Fields | None:
    """The JSON keys and the values' getter of the dataclass ``cls``, None for another
    class."""
    try:
        return _FIELDS[cls]
    except KeyError:
        pass
    known: _Fields | None = None
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        keys = tuple(encode_basestring(name) + ": " for name in names)
        get: Callable[[Any], tuple[Any, ...]]
        if len(names) == 1:
            one = attrgetter(names[0])
            get = lambda value: (one(value),)  # noqa: E731
        elif not names:
            get = lambda value: ()  # noqa: E731
        else:
            get = attrgetter(*names)
        known = (keys, get)
    _FIELDS[cls] = known
    return known


SCALARS: Final[dict[type, Callable[[Any], str]]] = {
    str: encode_basestring,
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): {None: "null"}.__getitem__,
}
"""How the standard encoder writes a value of each of these exact types (C functions all);
subclasses of ``str`` and ``int`` are added as they are met."""


def _float(value: float) -> str:
    """A float as the standard encoder writes it (``allow_nan``: ``NaN``, ``Infinity``)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _key(key: object) -> str:
    """A dict key as the standard encoder writes it (numbers and constants become strings)."""
    if isinstance(key, str):
        return encode_basestring(key)
    if isinstance(key, float):
        return encode_basestring(_float(key))
    if key is True:
        return '"true"'
    if key is False:
        return '"false"'
    if key is None:
        return '"null"'
    if isinstance(key, int):
        return encode_basestring(int.__repr__(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def indented(value: Any, pad: str = "\n") -> str:
    """``value`` as JSON with ``indent=1`` when it starts a line indented as ``pad`` says
    (``"\\n"`` plus one space per level): what ``json.dumps(value, indent=1,
    ensure_ascii=False)`` writes, shifted that far, for values the standard encoder takes, and
    for dataclass instances what it writes for ``dataclasses.asdict(value)``."""
    kind = type(value)
    scalar = SCALARS.get(kind)
    if scalar is not None:
        return scalar(value)
    if kind is tuple or kind is list:
        return _array(value, pad)
    if kind is dict:
        return _object(value, pad)
    if kind is float:
        return _float(value)
    if fields_of(kind) is not None:
        return dataclass_json(value, pad, [])
    return _other(value, pad)


def _array(value: list[Any] | tuple[Any, ...], pad: str) -> str:
    if not value:
        return "[]"
    inner = pad + " "
    get = SCALARS.get
    items = [s(v) if (s := get(type(v))) is not None else indented(v, inner) for v in value]
    return "[" + inner + ("," + inner).join(items) + pad + "]"


def _object(value: dict[Any, Any], pad: str) -> str:
    if not value:
        return "{}"
    inner = pad + " "
    get = SCALARS.get
    items = [
        (encode_basestring(k) if type(k) is str else _key(k))
        + ": "
        + (s(v) if (s := get(type(v))) is not None else indented(v, inner))
        for k, v in value.items()
    ]
    return "{" + inner + ("," + inner).join(items) + pad + "}"


def dataclass_json(value: Any, pad: str, more: list[str]) -> str:
    """The dataclass instance ``value`` as a JSON object, as ``dataclasses.asdict`` gives it,
    then the members ``more`` (each ``'"key": value'`` already written for this level)."""
    known = fields_of(type(value))
    if known is None:
        raise TypeError(f"{type(value).__name__} is not a dataclass")
    keys, fields = known
    inner = pad + " "
    get = SCALARS.get
    items = [
        key + (s(v) if (s := get(type(v))) is not None else indented(v, inner))
        for key, v in zip(keys, fields(value), strict=True)
    ]
    items += more
    if not items:
        return "{}"
    return "{" + inner + ("," + inner).join(items) + pad + "}"


def _other(value: Any, pad: str) -> str:
    """What :func:`indented` does not take by its exact type: subclasses (a ``StrEnum`` is its
    string, a ``bool`` subclass …), floats and other sequences and mappings the standard
    encoder takes, in its order of tests."""
    if isinstance(value, str):  # a StrEnum …: as the standard encoder, its string
        SCALARS[type(value)] = encode_basestring
        return encode_basestring(value)
    if isinstance(value, int):  # an IntEnum …: as the standard encoder, its number
        SCALARS[type(value)] = int.__repr__
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, (list, tuple)):
        return _array(value, pad)
    if isinstance(value, dict):
        return _object(value, pad)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
