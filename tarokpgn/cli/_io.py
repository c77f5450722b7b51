"""Shared plumbing of the subcommands that read deal files: open the inputs (files or standard
input, TPGN or JSON), hand out records one at a time, and report located problems on stderr."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from tarokpgn.cli._style import PROBLEM, Painter
from tarokpgn.errors import NotationError, internal_error
from tarokpgn.model import Record
from tarokpgn.notation.jsonform import iter_json_records
from tarokpgn.notation.reader import iter_records

STDIN = "<stdin>"
FORMATS = ("auto", "tpgn", "json", "jsonl")


def add_inputs(parser: argparse.ArgumentParser) -> None:
    """The ``FILE...`` argument: deal files, standard input when none (or ``-``) is given."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="deal files (.tpgn; .json and .jsonl are read too); standard input when none",
    )


def add_input_format(parser: argparse.ArgumentParser) -> None:
    """The ``--from`` option: the input format, guessed from the file name by default."""
    parser.add_argument(
        "--from",
        dest="input_format",
        choices=FORMATS,
        default="auto",
        help="input format (default: from the file extension; standard input is sniffed)",
    )


@dataclass
class Reporter:
    """Counts deals and deals with problems, and prints problems to stderr (their codes in
    colour on a terminal)."""

    stream: IO[str] = field(default_factory=lambda: sys.stderr)
    deals: int = 0
    bad_deals: int = 0
    failed_inputs: int = 0
    paint: Painter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.paint = Painter(self.stream)

    def problem(self, err: NotationError | str) -> None:
        """Print one located problem (``file:line:col: CODE message`` + context)."""
        text = str(err)
        if isinstance(err, NotationError):
            head = f"{err.location()}: "
            if text.startswith(head + err.code):
                text = head + self.paint(err.code, PROBLEM) + text[len(head) + len(err.code) :]
        print(text, file=self.stream)

    def deal(self, problems: Sequence[NotationError | str] = ()) -> None:
        """Count one deal and report its problems."""
        self.deals += 1
        if problems:
            self.bad_deals += 1
        for err in problems:
            self.problem(err)

    def cannot_open(self, name: str, err: OSError) -> None:
        self.failed_inputs += 1
        print(f"tarokpgn: cannot read {name}: {err.strerror or err}", file=self.stream)

    def summary(self, paint: Painter | None = None) -> str:
        """``12 deals read, 1 with problems`` (with ``paint``, a count not 0 in red)."""
        bad = f"{self.bad_deals} with problems"
        if paint is not None and self.bad_deals:
            bad = paint(bad, PROBLEM)
        return f"{self.deals} deals read, {bad}"

    def exit_code(self) -> int:
        """2 when an input could not be opened, 1 when a deal had problems, else 0."""
        if self.failed_inputs:
            return 2
        return 1 if self.bad_deals else 0


def failure(record: Record, exc: BaseException) -> NotationError:
    """E100 at ``record``'s place: tarokpgn's own code raised ``exc`` on it (a bug). The command
    reports it, counts the record as having a problem and goes on with the next one."""
    src = record.source
    if src is None:
        return internal_error(exc, file="<record>")
    return internal_error(exc, file=src.file, record=src.index, line=src.line)


_BOM = b"\xef\xbb\xbf"
_BLANK = b" \t\r\n\f\v"
_SNIFF_BLOCK = 4096
_JSON_AFTER = {b"[": b"{]", b"{": b'"}'}
"""What follows the opening bracket of a JSON document (blanks aside): a record or ``]`` in
an array, a key or ``}`` in an object. A TPGN record may start with ``[`` (a tag pair) or
``{`` (a comment), but never followed by these."""


def sniff(head: bytes, at_end: bool = True) -> str | None:
    """``tpgn`` or ``json`` (JSON text: an array of records, one record or JSON Lines, told
    apart by :func:`json_form`) for an input starting with ``head``; None when ``head`` is too
    short to tell and more input may come (``at_end`` false). Blanks and a UTF-8 BOM may come
    first."""
    if not at_end and len(head) < len(_BOM) and _BOM.startswith(head):
        return None
    text = head.removeprefix(_BOM).lstrip(_BLANK)
    first = text[:1]
    if first not in _JSON_AFTER:
        return "tpgn" if first or at_end else None
    after = text[1:].lstrip(_BLANK)[:1]
    if not after:
        return "tpgn" if at_end else None
    return "json" if after in _JSON_AFTER[first] else "tpgn"


def json_form(text: str) -> str:
    """``jsonl`` for JSON text whose first line holds a whole object (JSON Lines), else
    ``json`` (an array, or one record spread over lines)."""
    start = text.lstrip()
    line = start.split("\n", 1)[0].rstrip()
    return "jsonl" if start.startswith("{") and line.endswith("}") else "json"


def _probe(data: bytes) -> bytes:
    """``data`` without what :func:`sniff` does not need, so that it stays a few bytes long:
    the blanks before the first character and after an opening bracket, and what follows."""
    bom = _BOM if data.startswith(_BOM) else b""
    text = data[len(bom) :].lstrip(_BLANK)
    return bom + text[:1] + text[1:].lstrip(_BLANK)[:1]


def _format_of(name: str, requested: str) -> str:
    if requested != "auto":
        return requested
    suffix = Path(name).suffix.lower()
    return {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}.get(suffix, "tpgn")


def _stdin() -> IO[bytes]:
    return sys.stdin.buffer


def _read_some(stream: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes, as soon as some are there (``read1``: a pipe is not waited on
    until it is full); empty at the end."""
    read1 = getattr(stream, "read1", None)
    return bytes(read1(size) if read1 is not None else stream.read(size))


class _Replayed(io.RawIOBase):
    """The bytes already read from ``stream`` to tell its format, then the rest of it."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            data, self._head = self._head[: len(view)], self._head[len(view) :]
        else:
            data = _read_some(self._stream, len(view))
        view[: len(data)] = data
        return len(data)


def _sniffed(stream: IO[bytes]) -> tuple[str, IO[bytes]]:
    """The format of ``stream`` (:func:`sniff`), read as far as needed to tell, and a stream of
    all its bytes. Standard input comes in pieces (a pipe hands over what was written so far:
    maybe just the ``[`` of a JSON array), so this reads until the format is certain."""
    chunks: list[bytes] = []
    probe = b""
    while True:
        chunk = _read_some(stream, _SNIFF_BLOCK)
        chunks.append(chunk)
        probe = _probe(probe + chunk)
        fmt = sniff(probe, at_end=not chunk)
        if fmt is not None:
            return fmt, io.BufferedReader(_Replayed(b"".join(chunks), stream))


def _read_stream(stream: IO[bytes], name: str, fmt: str) -> Iterator[Record | NotationError]:
    sniffed = fmt == "auto"
    if sniffed:
        fmt, stream = _sniffed(stream)
    if fmt == "tpgn":
        yield from iter_records(stream, name)
        return
    text = stream.read().decode("utf-8-sig", "replace")
    if sniffed:
        fmt = json_form(text)
    yield from iter_json_records(text, name, lines=fmt == "jsonl")


def read_inputs(
    files: Sequence[str], reporter: Reporter, input_format: str = "auto"
) -> Iterator[tuple[str, Record | NotationError]]:
    """``(input name, record or error)`` for every deal of every input, in order.

    Inputs that cannot be opened are reported through ``reporter`` and skipped.
    """
    for name in files or ["-"]:
        if name == "-":
            for result in _read_stream(_stdin(), STDIN, input_format):
                yield STDIN, result
            continue
        try:
            handle = open(name, "rb")  # noqa: SIM115 - closed below, after streaming
        except OSError as err:
            reporter.cannot_open(name, err)
            continue
        with handle:
            for result in _read_stream(handle, name, _format_of(name, input_format)):
                yield name, result


def open_output(path: str | None) -> IO[str]:
    """The file to write (UTF-8, LF line ends), or standard output for None or ``-``."""
    if path is None or path == "-":
        return sys.stdout
    return open(path, "w", encoding="utf-8", newline="\n")
