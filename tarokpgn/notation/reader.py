"""Reading records: the public entry to the readers.

Records strictly in export form are read by the fast reader
(:mod:`~tarokpgn.notation.fastreader`), every other record by the Lark reader
(:mod:`~tarokpgn.notation.larkreader`: chunk → text → tree →
:class:`~tarokpgn.model.Record`). A bad record becomes a located
:class:`~tarokpgn.errors.NotationError` in the stream of results; the records around it are
still read. Imports run one way: this module uses the readers, they never use it.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from tarokpgn import model
from tarokpgn.errors import NotationError, NotationSyntaxError
from tarokpgn.model import Record
from tarokpgn.notation.fastreader import ExportSource, read_export, scan_headers
from tarokpgn.notation.larkreader import decode, read_chunk
from tarokpgn.notation.splitter import Chunk, split_lines, split_part
from tarokpgn.notation.tags import export_order, unescape

__all__ = [
    "Source",
    "decode",
    "iter_chunks",
    "iter_file",
    "iter_records",
    "parse_record",
    "read_chunk",
    "read_headers",
]

Source = ExportSource
"""What the readers accept: the text or bytes of a file, a path (``os.PathLike`` only: a ``str``
is always text, never a file name), or an open stream. :func:`iter_file` takes a path given as
a ``str``."""


def _byte_lines(source: Source) -> tuple[Iterable[bytes], str | None]:
    """Byte lines of ``source`` and the file name it implies (None when it has none)."""
    if isinstance(source, os.PathLike):
        return _file_lines(Path(source)), os.fspath(source)
    if isinstance(source, bytes):
        return io.BytesIO(source), None
    if isinstance(source, str):
        return (line.encode("utf-8", "surrogateescape") for line in io.StringIO(source)), None
    if isinstance(source, io.TextIOBase):
        return (line.encode("utf-8", "surrogateescape") for line in source), None
    return source, getattr(source, "name", None)  # type: ignore[return-value]


def _file_lines(path: Path) -> Iterator[bytes]:
    with path.open("rb") as handle:
        yield from handle


def iter_chunks(source: Source, filename: str | None = None) -> tuple[Iterator[Chunk], str]:
    """The chunks of ``source`` and the file name used in errors."""
    lines, implied = _byte_lines(source)
    return split_lines(lines), filename or implied or "<string>"


def iter_records(source: Source, filename: str | None = None) -> Iterator[Record | NotationError]:
    """Every record of ``source``, one at a time, or the located error that replaced it.

    ``source`` is the text (``str``) or bytes of a file, a path (``os.PathLike``, e.g.
    :class:`pathlib.Path`), or an open binary or text stream. A ``str`` is always read as
    text, never opened as a file: use :func:`iter_file` for a path held in a ``str``.
    ``filename`` names the source in errors and in
    :attr:`Record.source <tarokpgn.model.Record.source>`.

    Records strictly in export form are read by the fast reader
    (:func:`tarokpgn.notation.fastreader.read_export`), every other record by the Lark parser
    (:func:`~tarokpgn.notation.larkreader.read_chunk`); both give the same results
    (``tests/test_fastreader.py``).
    """
    # A generator of its own (also below): dropped part-read, it closes the reader it runs,
    # and so the file; a compiled generator dropped so is not closed.
    yield from read_export(source, filename)


def iter_file(
    path: str | os.PathLike[str], filename: str | None = None
) -> Iterator[Record | NotationError]:
    """Every record of the file at ``path`` (a ``str`` or ``os.PathLike``), as
    :func:`iter_records` gives them; the file is read in blocks, in bounded memory. An error
    opening it is the usual :class:`OSError`."""
    return iter_records(Path(path), filename or os.fspath(path))


def parse_record(text: str, filename: str = "<string>") -> Record:
    """The one record in ``text``; raises the first :class:`NotationError`.

    Text holding several records is an error (E101 at the second record).
    """
    results = iter_records(text, filename)
    first = next(results, None)
    if first is None:
        raise NotationSyntaxError("E103", "no record in the text", file=filename, line=1)
    if isinstance(first, NotationError):
        raise first
    second = next(results, None)
    if second is not None:
        line = second.line if isinstance(second, NotationError) else second.source.line  # type: ignore[union-attr]
        raise NotationSyntaxError(
            "E101", "expected one record, found a second one", file=filename, line=line
        )
    return first


def read_headers(source: Source, filename: str | None = None) -> Iterator[dict[str, str]]:
    """The tag pairs of every record, in export order, without parsing the movetext.

    A fast path for indexing (:func:`~tarokpgn.notation.fastreader.scan_headers`): a record
    whose tags cannot be read this way gives the tags read before the problem (its errors show
    when the record is read in full).
    """
    with contextlib.closing(scan_headers(source, filename, _tags_read)) as headers:
        for header in headers:
            yield dict(header.tags)


def _tags_read(raw: bytes, at: model.Source) -> Iterator[Record]:
    """The fallback of :func:`read_headers`, for records not in export form: a record holding
    only the tags read before the first problem, for each chunk of ``raw``."""
    for chunk in split_part(raw, at.offset, at.line, at.index):
        tags = export_order(_scan_tags(chunk.data.decode("utf-8", "replace")))
        yield Record(tags, (), model.Source(at.file, chunk.offset, chunk.line, "", chunk.index))


_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*("(?:[^"\\\n]|\\.)*")\s*\]')
_SKIP = re.compile(r"\s*(?:\{[^}]*\}|;[^\n]*)")


def _scan_tags(text: str) -> list[tuple[str, str]]:
    """The tag pairs at the start of ``text``, up to the first thing that is no tag pair."""
    tags: list[tuple[str, str]] = []
    pos = 1 if text.startswith("\ufeff") else 0
    while True:
        skip = _SKIP.match(text, pos)
        if skip:
            pos = skip.end()
            continue
        m = _TAG.match(text, pos)
        if m is None:
            return tags
        tags.append((m.group(1), unescape(m.group(2))))
        pos = m.end()
