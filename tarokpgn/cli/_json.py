"""JSON text as ``json.dumps(value, indent=1, ensure_ascii=False)`` writes it, made faster for
``tarokpgn verify --json``, which writes one verdict at a time (its array streams).

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

from tarokpgn.verdict import Bonus, ScoreLine, Verdict

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


# --- a verdict, the way verify --json writes thousands of them ---------------------------------
#
# The generic writer above costs about a Python call per value. A verdict is mostly score lines,
# bonuses, score tables and trick winners of known types, so each of those is written by one
# f-string here when its values have the usual exact types (what the generic writer writes for
# them); anything else goes to the generic writer. Each class's fields are checked against the
# names written here when this module is loaded: a field added, removed or renamed turns the
# shortcut off for that class (the generic writer follows the dataclass by itself).

_BOOL: Final = {True: "true", False: "false", None: "null"}


def _fields_are(cls: type, names: str) -> bool:
    return tuple(f.name for f in dataclasses.fields(cls)) == tuple(names.split())


_LINE_OK: Final = _fields_are(ScoreLine, "label value detail")
_BONUS_OK: Final = _fields_are(Bonus, "name side announced made value kontra")
_VERDICT_OK: Final = _fields_are(
    Verdict,
    "status problems contract declarer partner won card_points scores written breakdown "
    "bonuses game_kontra trick_winners",
)


def _score_line(line: ScoreLine, pad: str) -> str:
    if _LINE_OK and type(line) is ScoreLine:
        label, value, detail = line.label, line.value, line.detail
        if type(label) is str and type(value) is int and type(detail) is str:
            i = pad + " "
            return (
                f'{{{i}"label": {encode_basestring(label)},{i}"value": {value},'
                f'{i}"detail": {encode_basestring(detail)}{pad}}}'
            )
    return indented(line, pad)


def _bonus(bonus: Bonus, pad: str) -> str:
    if _BONUS_OK and type(bonus) is Bonus:
        name, side, announced, made = bonus.name, bonus.side, bonus.announced, bonus.made
        value, kontra = bonus.value, bonus.kontra
        if (
            type(name) is str
            and type(side) is str
            and type(announced) is bool
            and (made is None or type(made) is bool)
            and type(value) is int
            and type(kontra) is int
        ):
            i = pad + " "
            return (
                f'{{{i}"name": {encode_basestring(name)},{i}"side": {encode_basestring(side)},'
                f'{i}"announced": {_BOOL[announced]},{i}"made": {_BOOL[made]},'
                f'{i}"value": {value},{i}"kontra": {kontra}{pad}}}'
            )
    return indented(bonus, pad)


_STR: Final = frozenset({str})
_INT: Final = frozenset({int})


def _each(items: Any, pad: str, write: Callable[[Any, str], str]) -> str:
    """A tuple of dataclass instances, each written by ``write``."""
    if type(items) is not tuple or not items:
        return indented(items, pad)
    i = pad + " "
    return "[" + i + ("," + i).join([write(x, i) for x in items]) + pad + "]"


def _table(table: Any, pad: str) -> str:
    """A score table: strings to whole numbers."""
    if (
        type(table) is dict
        and table
        and _STR.issuperset(map(type, table))
        and _INT.issuperset(map(type, table.values()))
    ):
        i = pad + " "
        items = [f"{encode_basestring(k)}: {v}" for k, v in table.items()]
        return "{" + i + ("," + i).join(items) + pad + "}"
    return indented(table, pad)


def _strings(items: Any, pad: str) -> str:
    if type(items) is tuple and items and _STR.issuperset(map(type, items)):
        i = pad + " "
        return "[" + i + ("," + i).join(map(encode_basestring, items)) + pad + "]"
    return indented(items, pad)


def verdict_json(verdict: Verdict, pad: str, more: list[str]) -> str:
    """What ``dataclass_json(verdict, pad, more)`` writes (and so ``json.dumps`` for
    :meth:`Verdict.to_json <tarokpgn.verdict.Verdict.to_json>`, whose ``status`` string and
    ``trick_winners`` list are written alike), about twice as fast."""
    if not _VERDICT_OK:
        return dataclass_json(verdict, pad, more)
    i = pad + " "
    v = verdict
    scalars = [v.status, v.contract, v.declarer, v.partner, v.won, v.game_kontra]
    get = SCALARS.get
    status, contract, declarer, partner, won, kontra = [
        s(x) if (s := get(type(x))) is not None else indented(x, i) for x in scalars
    ]
    parts = [
        '"status": ' + status,
        '"problems": ' + _each(v.problems, i, indented),
        '"contract": ' + contract,
        '"declarer": ' + declarer,
        '"partner": ' + partner,
        '"won": ' + won,
        '"card_points": ' + _table(v.card_points, i),
        '"scores": ' + _table(v.scores, i),
        '"written": ' + _table(v.written, i),
        '"breakdown": ' + _each(v.breakdown, i, _score_line),
        '"bonuses": ' + _each(v.bonuses, i, _bonus),
        '"game_kontra": ' + kontra,
        '"trick_winners": ' + _strings(v.trick_winners, i),
        *more,
    ]
    return "{" + i + ("," + i).join(parts) + pad + "}"
