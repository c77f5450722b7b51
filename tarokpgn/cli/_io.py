"""Shared plumbing of the subcommands that read deal files: open the inputs (files or standard
input, TPGN or JSON), hand out records one at a time, and report located problems on stderr."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

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
    """Counts deals and deals with problems, and prints problems to stderr."""

    stream: IO[str] = field(default_factory=lambda: sys.stderr)
    deals: int = 0
    bad_deals: int = 0
    failed_inputs: int = 0

    def problem(self, err: NotationError | str) -> None:
        """Print one located problem (``file:line:col: CODE message`` + context)."""
        print(err, file=self.stream)

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

    def summary(self) -> str:
        return f"{self.deals} deals read, {self.bad_deals} with problems"

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


def _sniff(head: bytes) -> str:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        return "jsonl"
    if text.startswith(b"[") and text[1:].lstrip()[:1] in (b"{", b"]"):
        return "json"
    return "tpgn"


def _format_of(name: str, requested: str) -> str:
    if requested != "auto":
        return requested
    suffix = Path(name).suffix.lower()
    return {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}.get(suffix, "tpgn")


def _stdin() -> IO[bytes]:
    return sys.stdin.buffer


def _read_stream(stream: IO[bytes], name: str, fmt: str) -> Iterator[Record | NotationError]:
    if fmt == "auto":
        peek = getattr(stream, "peek", None)
        if peek is not None:
            head = peek(64)[:64]
        else:  # not buffered: read it all to look at its start
            data = stream.read()
            stream, head = io.BytesIO(data), data[:64]
        fmt = _sniff(head)
    if fmt == "tpgn":
        yield from iter_records(stream, name)
        return
    text = stream.read().decode("utf-8", "replace")
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
