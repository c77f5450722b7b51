"""The JSON form: :class:`~tarokpgn.model.Record` ⇄ JSON-ready dicts, and schema validation.

Each record is one JSON object with ``"tpgn": 1``, its ``tags`` as an object, its movetext
``items`` as a list of objects with a ``type``, and optionally its ``source``. The schema is
``schema/tarokpgn.schema.json`` (``$id`` ``urn:tarokpgn:schema:record:1``). Element lines are
kept as ``line`` when known, so tools reading JSON can still point at the text.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from tarokpgn.errors import NotationError, RecordError, describe, internal_error, shorten
from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Comment,
    Exchange,
    ExcuseExchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Source,
    Talon,
    Trick,
    deal_number_ok,
)
from tarokpgn.notation.parser import read_data_file
from tarokpgn.notation.tags import export_order
from tarokpgn.notation.transformer import (
    RENONS_KEYWORD_KINDS,
    Words,
    option_problem,
    word_problem,
)

VERSION = 1
SCHEMA_ID = "urn:tarokpgn:schema:record:1"
SCHEMA_FILE = "tarokpgn.schema.json"

JSON = dict[str, Any]


def _pairs(options: Iterable[tuple[str, str]]) -> list[list[str]]:
    return [[key, value] for key, value in options]


def _item_json(item: Item) -> JSON:
    if isinstance(item, Comment):
        out: JSON = {"type": "comment", "text": item.text}
    elif isinstance(item, Hand):
        out = {"type": "hand", "seat": item.seat, "cards": list(item.cards)}
    elif isinstance(item, Talon):
        out = {"type": "talon", "cards": list(item.cards)}
    elif isinstance(item, Auction):
        out = {"type": "auction", "bids": [{"seat": b.seat, "bid": b.bid} for b in item.bids]}
    elif isinstance(item, Call):
        out = {"type": "call", "seat": item.seat, "card": item.card}
    elif isinstance(item, Exchange):
        out = {"type": "exchange", "seat": item.seat, "take": list(item.take)}
        out |= {"discard": list(item.discard), "show": list(item.show)}
    elif isinstance(item, Announce):
        out = {"type": item.kind, "seat": item.seat, "name": item.name}
        out |= {"cards": list(item.cards), "options": _pairs(item.options)}
    elif isinstance(item, Kontra):
        out = {"type": "kontra", "seat": item.seat, "level": item.level, "target": item.target}
    elif isinstance(item, Trick):
        out = {"type": "trick", "number": item.number, "leader": item.leader}
        out["cards"] = list(item.cards)
    elif isinstance(item, ExcuseExchange):
        out = {"type": "excuse_exchange", "card": item.card}
    else:
        out = _claim_json(item)
    if item.line:
        out["line"] = item.line
    return out


def _claim_json(item: Renons | Irregular) -> JSON:
    if isinstance(item, Renons):
        out: JSON = {"type": "renons", "claimant": item.claimant, "accused": item.accused}
        out |= {"trick": item.trick, "kind": item.kind, "card": item.card}
        out |= {"kontra": item.kontra, "options": _pairs(item.options)}
        return out
    return {
        "type": "irregular",
        "kind": item.kind,
        "seat": item.seat,
        "options": _pairs(item.options),
    }


def to_json(record: Record) -> JSON:
    """The JSON object of ``record`` (valid against the schema)."""
    out: JSON = {"tpgn": VERSION, "tags": dict(record.tags)}
    out["items"] = [_item_json(item) for item in record.items]
    if record.source is not None:
        s = record.source
        out["source"] = {"file": s.file, "offset": s.offset, "line": s.line}
        out["source"] |= {"sha256": s.sha256, "index": s.index}
        if s.tag_lines:  # tags not laid out as in the export form: the line of each
            out["source"]["tag_lines"] = {name: s.line + after for name, after in s.tag_lines}
    return out


def _opts(data: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(key), str(value)) for key, value in data.get("options", ()))


def _cards(data: Mapping[str, Any], key: str = "cards") -> tuple[str, ...]:
    return tuple(data.get(key, ()))


_READERS: dict[str, Callable[[Mapping[str, Any], int], Item]] = {
    "comment": lambda d, n: Comment(d["text"], line=n),
    "hand": lambda d, n: Hand(d["seat"], _cards(d), line=n),
    "talon": lambda d, n: Talon(_cards(d), line=n),
    "auction": lambda d, n: Auction(
        tuple(Bid(b["seat"], b["bid"]) for b in d["bids"]), line=n
    ),
    "call": lambda d, n: Call(d["seat"], d["card"], line=n),
    "exchange": lambda d, n: Exchange(
        d["seat"], _cards(d, "take"), _cards(d, "discard"), _cards(d, "show"), line=n
    ),
    "announce": lambda d, n: Announce("announce", d["seat"], d["name"], _cards(d), _opts(d), n),
    "declare": lambda d, n: Announce("declare", d["seat"], d["name"], _cards(d), _opts(d), n),
    "kontra": lambda d, n: Kontra(d["seat"], int(d["level"]), d["target"], line=n),
    "trick": lambda d, n: Trick(int(d["number"]), d["leader"], _cards(d), line=n),
    "renons": lambda d, n: Renons(
        d["claimant"], d["accused"], int(d["trick"]), d["kind"], d.get("card"),
        int(d.get("kontra", 0)), _opts(d), line=n,
    ),
    "irregular": lambda d, n: Irregular(d["kind"], d.get("seat"), _opts(d), line=n),
    "excuse_exchange": lambda d, n: ExcuseExchange(d["card"], line=n),
}  # fmt: skip


def from_json(data: Mapping[str, Any]) -> Record:
    """The record of a JSON object made by :func:`to_json` (validate it first when it comes
    from outside: this function assumes the schema's shape)."""
    # int(): the schema's integers include 2.0, which the writer would write as "2.0"
    items = tuple(_READERS[item["type"]](item, int(item.get("line", 0))) for item in data["items"])
    source = None
    if "source" in data:
        s = data["source"]
        numbers = int(s["offset"]), int(s["line"]), int(s.get("index", 0))
        placed = tuple((str(k), int(v) - numbers[1]) for k, v in s.get("tag_lines", {}).items())
        source = Source(s["file"], numbers[0], numbers[1], s["sha256"], numbers[2], placed)
    tags = export_order((str(k), str(v)) for k, v in data.get("tags", {}).items())
    return Record(tags, items, source)


@functools.cache
def schema() -> JSON:
    """The JSON Schema of one record (draft 2020-12)."""
    loaded: JSON = json.loads(read_data_file("schema", SCHEMA_FILE))
    return loaded


@functools.cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


def schema_problems(data: object) -> list[str]:
    """Every way ``data`` breaks the schema, as ``"path: message"`` lines (empty when valid)."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(map(str, e.absolute_path)) or '(record)'}: {e.message}" for e in errors]


def value_problems(data: JSON) -> list[str]:
    """Every value of a record that meets the schema but that the text form would refuse (the
    same limits, docs/notation.rst "Limits"): a ``Deal`` or ``Round`` number out of range, a
    word that is a keyword or would not read back as itself, a renons option that the text
    would read as its ``card`` or ``kontra``."""
    problems = list(_tag_problems(data["tags"]))
    words = Words(data["tags"].get("Variant", ""))
    for n, item in enumerate(data["items"]):
        problems += [f"items/{n}/{where}" for where in _item_problems(item, words)]
    return problems


_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_OPTION_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_OPTION_VALUE = re.compile(r'[^\s{}\[\];"]*')
# The schema's patterns end in "$", which Python's re (and so jsonschema) also matches before
# a final line feed: "HK\n" passes them. The text form cannot hold that; fullmatch decides.


def _tag_problems(tags: JSON) -> Iterator[str]:
    for name, value in tags.items():
        if _TAG_NAME.fullmatch(name) is None or "\n" in value:
            yield f"tags/{shorten(name)!r}: a tag name or value that the text form cannot hold"
        elif name in ("Deal", "Round") and not deal_number_ok(value):
            yield f"tags/{name}: {shorten(value)!r} must be a number 1 … 999,999 in digits 0–9"


def _item_problems(item: JSON, words: Words) -> Iterator[str]:
    kind = item["type"]
    checks: list[tuple[str, str, Callable[[str], str], frozenset[str]]] = []
    if kind == "comment" and not _writable_comment(item["text"]):
        yield f"text: {shorten(item['text'])!r} is a comment the text form cannot hold"
    if kind == "auction":
        checks += [(f"bids/{i}/bid", b["bid"], words.bid, frozenset())
                   for i, b in enumerate(item["bids"])]  # fmt: skip
    elif kind in ("announce", "declare"):
        checks.append(("name", item["name"], words.announcement, frozenset()))
    elif kind == "kontra":
        checks.append(("target", item["target"], words.target, frozenset()))
    elif kind in ("renons", "irregular"):
        allowed = RENONS_KEYWORD_KINDS if kind == "renons" else frozenset()
        checks.append(("kind", item["kind"], Words.kind, allowed))
    for where, word, read, allowed in checks:
        problem = word_problem(word, read, allowed)
        if problem is not None:
            yield f"{where}: {shorten(word)!r} {problem[1]}"
    for i, (key, value) in enumerate(item.get("options", ())):
        if _OPTION_KEY.fullmatch(key) is None or _OPTION_VALUE.fullmatch(value) is None:
            yield f"options/{i}: {shorten(f'{key}={value}')!r} is not one key=value word"
        elif kind == "renons" and key in ("card", "kontra"):
            yield f"options/{i}: {key!r} is a field of its own (the text would read it so)"
        bad = option_problem(key, value)
        if bad is not None:
            yield f"options/{i}: {bad}"


def _writable_comment(text: str) -> bool:
    """Whether a comment's text reads back as itself once written: the text reader drops the
    outer blanks and CRs before line feeds (:func:`~tarokpgn.notation.transformer.comment_text`),
    and a text with both ``}`` and a line break fits neither ``{…}`` nor ``; …``."""
    return text == text.strip() and "\r" not in text and not ("}" in text and "\n" in text)


def validate(data: object, *, file: str = "<json>", record: int = 0, line: int = 0) -> None:
    """Raise :class:`~tarokpgn.errors.RecordError` (E110) if ``data`` breaks the schema, or
    holds a value that the text form refuses (:func:`value_problems`)."""
    problems = [shorten(problem, 200) for problem in schema_problems(data)]
    if not problems and isinstance(data, dict):
        problems = value_problems(data)
    if problems:
        message = "not a valid TPGN JSON record: " + "; ".join(problems[:3])
        raise RecordError("E110", message, file=file, record=record, line=line)


def dumps(records: Sequence[Record] | Iterable[Record], *, lines: bool = False) -> Iterable[str]:
    """JSON text of records: one array (``lines=False``) or one object per line (JSON Lines)."""
    if lines:
        for record in records:
            yield json.dumps(to_json(record), ensure_ascii=False) + "\n"
        return
    yield "["
    for i, record in enumerate(records):
        yield ("," if i else "") + "\n" + json.dumps(to_json(record), ensure_ascii=False)
    yield "\n]\n"


def _checked(data: object, file: str, index: int, line: int) -> Record | RecordError:
    try:
        validate(data, file=file, record=index, line=line)
    except RecordError as err:
        return err
    assert isinstance(data, dict)
    return from_json(data)


def iter_json_records(
    text: str, file: str = "<json>", *, lines: bool = False
) -> Iterator[Record | NotationError]:
    """Records of a JSON document (an array of records, or one record) or of JSON Lines text
    (``lines=True``), each validated; a bad record gives a located :class:`RecordError`."""
    if lines:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield _guarded(_parse_json, line, file, number, number)
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        yield RecordError("E110", f"not JSON: {err.msg}", file=file, line=err.lineno)
        return
    except (ValueError, RecursionError) as err:  # a number too long, nesting too deep
        yield RecordError("E110", f"not readable JSON: {describe(err)}", file=file, line=1)
        return
    for index, item in enumerate(data if isinstance(data, list) else [data], start=1):
        yield _guarded(_checked, item, file, index, 0)


def _guarded(
    read: Callable[[Any, str, int, int], Record | RecordError],
    data: Any,
    file: str,
    index: int,
    line: int,
) -> Record | NotationError:
    """``read(data, file, index, line)``; an exception of its own becomes a located error on
    this one record (E110 for JSON it cannot take, E100 for a bug)."""
    try:
        return read(data, file, index, line)
    except NotationError as err:
        return err
    except (ValueError, RecursionError) as err:  # json.loads: a number too long, too deep
        return RecordError("E110", f"not readable JSON: {describe(err)}", file=file,
                           record=index, line=line)  # fmt: skip
    except Exception as exc:
        return internal_error(exc, file=file, record=index, line=line)


def _parse_json(line: str, file: str, index: int, number: int) -> Record | RecordError:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        return RecordError(
            "E110", f"not JSON: {err.msg}", file=file, record=index, line=number, column=err.colno
        )
    return _checked(data, file, index, number)
