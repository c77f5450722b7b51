"""The toolkit's own formats: TPGN text, the JSON form and JSON Lines.

They carry every part of a record, so their readers and writers never note a loss or a guess.
The content sniffing that tells them apart lives here too: :func:`sniff` (TPGN or JSON, from
the first bytes of an input) and :func:`json_form` (a JSON document or JSON Lines).

The JSON form (:mod:`~tarokpgn.notation.jsonform`, and through it the Lark parser) is imported
by the JSON readers and writers when they run: this module is loaded to read any input, and a
TPGN one needs none of it (issue 21).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO, Final

from tarokpgn.convert.base import Format, Notes
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation.reader import iter_records
from tarokpgn.notation.writer import write_records

BOM: Final = b"\xef\xbb\xbf"
BLANK: Final = b" \t\r\n\f\v"
_JSON_AFTER: Final = {b"[": b"{]", b"{": b'"}'}
"""What follows the opening bracket of a JSON document (blanks aside): a record or ``]`` in
an array, a key or ``}`` in an object. A TPGN record may start with ``[`` (a tag pair) or
``{`` (a comment), but never followed by these."""
_TAG_PAIR: Final = re.compile(rb'\[[A-Za-z][A-Za-z0-9_]*[ \t]*"')
"""The start of a TPGN tag pair, ``[Event "``."""


def sniff(head: bytes, at_end: bool = True) -> str | None:
    """``tpgn`` or ``json`` (JSON text: an array of records, one record or JSON Lines, told
    apart by :func:`json_form`) for an input starting with ``head``; None when ``head`` is too
    short to tell and more input may come (``at_end`` false). Blanks and a UTF-8 BOM may come
    first. Anything that is not JSON is ``tpgn``: this tells the two native forms apart, it
    does not recognise TPGN (:func:`sniff_tpgn` does)."""
    if not at_end and len(head) < len(BOM) and BOM.startswith(head):
        return None
    text = head.removeprefix(BOM).lstrip(BLANK)
    first = text[:1]
    if first not in _JSON_AFTER:
        return "tpgn" if first or at_end else None
    after = text[1:].lstrip(BLANK)[:1]
    if not after:
        return "tpgn" if at_end else None
    return "json" if after in _JSON_AFTER[first] else "tpgn"


def json_form(text: str) -> str:
    """``jsonl`` for JSON text whose first line holds a whole object, or whose second line
    starts another one (JSON Lines whose first record is broken), else ``json`` (an array, or
    one record spread over lines)."""
    start = text.lstrip()
    if not start.startswith("{"):
        return "json"
    end = start.find("\n")
    first = start if end < 0 else start[:end]
    if first.rstrip().endswith("}"):
        return "jsonl"
    second = "" if end < 0 else start[end : end + 4096].lstrip()
    return "jsonl" if second.startswith('{"') else "json"


def sniff_tpgn(head: bytes) -> bool:
    """Whether ``head`` unmistakably starts TPGN: a tag pair (``[Event "``) or a ``{comment}``
    first (blanks and a BOM aside). Text that starts otherwise may still be TPGN (an import
    form record starting with ``hand``): it is read as TPGN when no other format claims it."""
    text = head.removeprefix(BOM).lstrip(BLANK)
    if sniff(head, at_end=len(head) < 4096) != "tpgn":
        return False
    return text.startswith(b"{") or _TAG_PAIR.match(text) is not None


def sniff_json(head: bytes) -> bool:
    """Whether ``head`` starts a JSON array of records or a JSON object (:func:`sniff`)."""
    return sniff(head, at_end=len(head) < 4096) == "json"


def read_tpgn(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """Every record of TPGN text (any layout; see :func:`tarokpgn.notation.iter_records`)."""
    return iter_records(stream, name)


def read_json(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """Every record of JSON text: an array of records, one record, or JSON Lines
    (:func:`json_form` tells which)."""
    from tarokpgn.notation.jsonform import iter_json_records

    text = stream.read().decode("utf-8-sig", "replace")
    return iter_json_records(text, name, lines=json_form(text) == "jsonl")


def read_jsonl(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """Every record of JSON Lines text, one record per line (a bad line is its own error)."""
    from tarokpgn.notation.jsonform import iter_json_records

    text = stream.read().decode("utf-8-sig", "replace")
    return iter_json_records(text, name, lines=True)


def write_tpgn(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """TPGN text in export form, one blank line between records."""
    yield from write_records(records)


def write_json(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """One JSON array of records."""
    from tarokpgn.notation.jsonform import dumps

    yield from dumps(records)


def write_jsonl(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """JSON Lines: one record per line."""
    from tarokpgn.notation.jsonform import dumps

    yield from dumps(records, lines=True)


FORMATS: Final = (
    Format(
        "tpgn",
        "TPGN text (any layout in; export form out)",
        read=read_tpgn,
        write=write_tpgn,
        extensions=(".tpgn",),
        sniff=sniff_tpgn,
    ),
    Format(
        "json",
        "the JSON form: one array of records (a single record or JSON Lines are read too)",
        read=read_json,
        write=write_json,
        extensions=(".json",),
        sniff=sniff_json,
    ),
    Format(
        "jsonl",
        "JSON Lines: one JSON record per line",
        read=read_jsonl,
        write=write_jsonl,
        extensions=(".jsonl", ".ndjson"),
    ),
)
"""TPGN, JSON and JSON Lines: lossless both ways."""
