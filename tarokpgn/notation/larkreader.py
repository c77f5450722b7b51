"""The Lark reader: one chunk of a file → text → tree → :class:`~tarokpgn.model.Record`.

It reads any record, in import or export form, and locates every error. The readers above it
(:mod:`~tarokpgn.notation.fastreader`, :mod:`~tarokpgn.notation.reader`) hand it what the
fast path is unsure of; it imports neither. The parser and the transformer (and with them
Lark) are imported when the first chunk is read, not with this module: the fast reader names
:func:`lark_fallback` as its default, and most files never need it (issue 21: ``tarokpgn
verify`` and ``check`` on a file in export form start without Lark).
"""

from __future__ import annotations

from collections.abc import Iterator

from tarokpgn.errors import NotationError, NotationSyntaxError, caret_context, internal_error
from tarokpgn.model import Record, Source
from tarokpgn.notation.splitter import Chunk, split_part


def decode(chunk: Chunk, file: str) -> str:
    """The chunk's text with LF line ends; :class:`NotationSyntaxError` E105 on bad UTF-8."""
    try:
        text = chunk.data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = chunk.data[: err.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        shown = chunk.data.decode("utf-8", "replace")
        raise NotationSyntaxError(
            "E105",
            f"byte 0x{chunk.data[err.start]:02x} is not valid UTF-8 text",
            file=file,
            record=chunk.index,
            line=chunk.line + line - 1,
            column=column,
            context=caret_context(shown, line, column),
        ) from None
    return text.replace("\r\n", "\n") if "\r" in text else text


def read_chunk(chunk: Chunk, file: str) -> Record:
    """Parse one chunk into a record; raise a located :class:`NotationError`."""
    from tarokpgn.notation.parser import Located, check_size, parse_tree
    from tarokpgn.notation.transformer import build_record

    check_size(chunk.data, file, chunk.index, chunk.line)  # E111 before decoding or parsing
    text = decode(chunk, file)
    at = Located(text, file, chunk.index, chunk.line)
    tree = parse_tree(text, file=file, record=chunk.index, first_line=chunk.line)
    return build_record(tree, at, offset=chunk.offset)


def lark_fallback(raw: bytes, source: Source) -> Iterator[Record | NotationError]:
    """The Lark reader as a :data:`~tarokpgn.notation.fastreader.Fallback`: split ``raw`` as
    it splits a file and read each part."""
    for chunk in split_part(raw, source.offset, source.line, source.index):
        try:
            yield read_chunk(chunk, source.file)
        except NotationError as err:
            yield err
        except Exception as exc:  # a bug costs only its own record, located (E100)
            yield internal_error(exc, file=source.file, record=chunk.index, line=chunk.line)
