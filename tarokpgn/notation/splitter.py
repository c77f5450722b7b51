"""A cheap pre-pass that cuts a file into per-record chunks before the parser sees it.

The splitter reads lines as bytes, one at a time, so a file of any size streams through in
constant memory and a broken record costs only itself. It knows just enough of the syntax to
find boundaries: ``{...}`` comments (which may span lines), ``; ...`` comments and ``"..."``
tag values are skipped, so an ``end`` or a ``[`` inside them does not split. A new record
starts

* at the first non-blank line after a line whose last word is ``end``, or
* at a line starting with ``[`` after movetext lines when no ``end`` came (the record before
  it is then truncated, and the parser reports it).

Chunks holding nothing but blank lines and comments (say, a comment after the last ``end``)
are dropped. A chunk longer than :data:`~tarokpgn.model.MAX_RECORD_BYTES` keeps only its first
bytes (:data:`KEPT_BYTES`): the reader refuses it anyway (E111), so a 50 MB line is not copied.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from tarokpgn.model import MAX_RECORD_BYTES

BOM = b"\xef\xbb\xbf"
_SPECIAL = re.compile(rb'[{;"]')
_QUOTED_END = re.compile(rb'(?:[^"\\]|\\.)*"')
KEPT_BYTES: Final = MAX_RECORD_BYTES + 256
"""Bytes a chunk keeps at most: one past the limit and a little more, to show where it passes."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """The bytes of one record and where they start in the file."""

    data: bytes
    """The record's bytes (cut after :data:`KEPT_BYTES` when longer)."""
    offset: int
    """Byte offset of the chunk's first byte."""
    line: int
    """1-based line number of the chunk's first line."""
    index: int
    """1-based number of the record within the file."""


class _LineScanner:
    """Strips comments and tag strings from lines, remembering an open ``{`` across lines."""

    def __init__(self) -> None:
        self.in_comment = False

    def code(self, line: bytes) -> bytes:
        """The parts of ``line`` outside comments and quoted strings."""
        if self.in_comment:
            close = line.find(b"}")
            if close < 0:
                return b""
            self.in_comment = False
            line = line[close + 1 :]
        if _SPECIAL.search(line) is None:
            return line
        return self._slow(line)

    def _slow(self, line: bytes) -> bytes:
        out: list[bytes] = []
        pos = 0
        while True:
            m = _SPECIAL.search(line, pos)
            if m is None:
                out.append(line[pos:])
                break
            out.append(line[pos : m.start()])
            char = m.group()
            if char == b";":
                break
            if char == b'"':
                q = _QUOTED_END.match(line, m.end())
                out.append(b'""')
                if q is None:
                    break
                pos = q.end()
                continue
            close = line.find(b"}", m.end())
            if close < 0:
                self.in_comment = True
                break
            out.append(b" ")
            pos = close + 1
        return b"".join(out)


_NOT_BLANK = re.compile(rb"\S")
_END_WORD = re.compile(rb"(?:\A|\s)end\s*\Z", re.IGNORECASE)
# Searched, not stripped: ``line.strip()`` copies a line (50 MB for a 50 MB line).


def _ends_record(code: bytes) -> bool:
    """Whether the last word of ``code`` (a line without its comments and strings) is ``end``."""
    return _END_WORD.search(code) is not None


class _Builder:
    """Accumulates the lines of the current chunk."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []
        self.size = 0
        self.offset = 0
        self.line = 1
        self.index = 0
        self.has_code = False
        self.has_movetext = False
        self.after_end = False

    def start(self, offset: int, line: int) -> Chunk | None:
        done = self.finish()
        self.lines, self.size, self.offset, self.line = [], 0, offset, line
        self.has_code = self.has_movetext = self.after_end = False
        return done

    def add(self, line: bytes) -> None:
        """Keep ``line`` (or, past :data:`KEPT_BYTES`, only the part of it within them)."""
        room = KEPT_BYTES - self.size
        self.size += len(line)
        if room > 0:
            self.lines.append(line if len(line) <= room else line[:room])

    def finish(self) -> Chunk | None:
        if not self.has_code:
            return None
        self.index += 1
        return Chunk(b"".join(self.lines), self.offset, self.line, self.index)


def split_lines(lines: Iterable[bytes]) -> Iterator[Chunk]:
    """Cut an iterable of byte lines (each with its line end) into record chunks.

    A chunk is handed out as soon as its ``end`` line is read; blank lines between records
    belong to no chunk.
    """
    scanner = _LineScanner()
    chunk = _Builder()
    offset = 0
    for number, raw in enumerate(lines, start=1):
        line = raw
        if number == 1 and line.startswith(BOM):
            line, offset = line[3:], 3
            chunk.offset = 3
        code = scanner.code(line)
        first = _NOT_BLANK.search(code)
        opens_tag = first is not None and code[first.start()] == 0x5B  # "["
        if chunk.after_end or (opens_tag and chunk.has_movetext):
            if chunk.after_end and _NOT_BLANK.search(line) is None:
                offset += len(line)
                continue
            done = chunk.start(offset, number)
            if done is not None:
                yield done
        chunk.add(line)
        offset += len(line)
        if first is not None:
            chunk.has_code = True
            chunk.has_movetext = chunk.has_movetext or not opens_tag
            if _ends_record(code):
                done = chunk.start(offset, number + 1)
                if done is not None:
                    yield done
                chunk.after_end = True
    done = chunk.finish()
    if done is not None:
        yield done


def split(data: bytes) -> Iterator[Chunk]:
    """Cut a whole file given as bytes into record chunks."""
    return split_lines(io.BytesIO(data))


def split_part(data: bytes, offset: int, line: int, index: int) -> Iterator[Chunk]:
    """Cut ``data``, a part of a file, into record chunks located in the whole file: ``data``
    starts at byte ``offset`` on ``line`` and its first record is number ``index``.

    For readers that cut files themselves and hand a part on (the fast reader's fallbacks).
    """
    lines: Iterable[bytes] = io.BytesIO(data)
    # A byte-order mark only counts on a file's first line: elsewhere, put an empty line
    # (no bytes, one line number) before it so the splitter does not take it for one.
    phantom = offset > 0 and data.startswith(BOM)
    for part in split_lines(itertools.chain([b""], lines) if phantom else lines):
        first = part.line - 1 if phantom and part.line > 1 else part.line
        yield Chunk(part.data, offset + part.offset, line + first - 1, index + part.index - 1)
