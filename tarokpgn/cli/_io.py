"""Shared plumbing of the subcommands that read deal files: open the inputs (files or standard
input, in any readable format of :mod:`tarokpgn.convert`), hand out records one at a time, and
report located problems on stderr.

The modules only writing an output file needs (``secrets``, which brings ``random``, and
``tempfile``: a few ms) are imported where an output is written, so that ``check`` and
``verify``, which write none, start without them (issue 21)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import shutil
import stat
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import IO, Any, Final, cast

from tarokpgn.cli._style import PROBLEM, Painter
from tarokpgn.convert import HEAD_BYTES, Format, Notes, all_formats, find_format, format_to_read
from tarokpgn.convert.native import json_form, sniff
from tarokpgn.errors import NotationError, internal_error
from tarokpgn.model import Record
from tarokpgn.notation.fastreader import BLOCK_SIZE

__all__ = ["json_form", "sniff"]  # the native sniffers, long imported from here

STDIN = "<stdin>"


def add_inputs(parser: argparse.ArgumentParser) -> None:
    """The ``FILE...`` argument: deal files, standard input when none (or ``-``) is given."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="deal files (TPGN, JSON, or any format tarokpgn convert --list-formats shows); "
        "standard input when none",
    )


def add_input_format(parser: argparse.ArgumentParser) -> None:
    """The ``--from`` option: the input format, recognised by content or file name by
    default."""
    parser.add_argument(
        "--from",
        dest="input_format",
        metavar="FORMAT",
        type=_from_option,
        default=None,
        help="input format: auto (the default: by content, else by file extension, else TPGN), "
        "tpgn, json, jsonl or another of tarokpgn convert --list-formats",
    )


def _from_option(name: str) -> Format | None:
    return None if name == "auto" else usable_format(name, "read")


@dataclass
class Reporter:
    """Counts deals and deals with problems, and prints problems to stderr (their codes in
    colour on a terminal)."""

    stream: IO[str] = field(default_factory=lambda: sys.stderr)
    command: str = "tarokpgn"
    """What the command's own messages start with (``tarokpgn convert``)."""
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
        print(f"{self.command}: cannot read {name}: {err.strerror or err}", file=self.stream)

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


def _head(stream: IO[bytes]) -> tuple[bytes, IO[bytes]]:
    """The first :data:`~tarokpgn.convert.HEAD_BYTES` of ``stream`` (fewer at its end) and a
    stream of all its bytes. Standard input comes in pieces (a pipe hands over what was written
    so far), so this reads until it has them or the input ends."""
    start = stream.tell() if stream.seekable() else -1
    chunks: list[bytes] = []
    size = 0
    while size < HEAD_BYTES:
        chunk = _read_some(stream, HEAD_BYTES - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    head = b"".join(chunks)
    if start >= 0:
        stream.seek(start)
        return head, stream
    return head, io.BufferedReader(_Replayed(head, stream))


_USES: Final = {"read": ("input", "readable: auto, ", "read", "written"),
                "write": ("output", "writable: ", "written", "read")}  # fmt: skip
"""``read`` or ``write`` → the option's words: its kind of format, the list's head, the use
done and the other one."""


def usable_format(name: str, use: str) -> Format:
    """The format called ``name`` if it can ``use`` (``read`` or ``write``): for ``--from``
    and ``--to`` (argparse ``type``). A format that can only be used the other way is said
    to be, and the formats that can are listed."""
    fmt = find_format(name)
    if fmt is not None and getattr(fmt, use) is not None:
        return fmt
    kind, head, done, other = _USES[use]
    usable = ", ".join(f.name for f in all_formats() if getattr(f, use) is not None)
    what = f"unknown {kind} format {name!r}"
    if fmt is not None:
        what = f"format {name!r} can only be {other}, not {done}"
    see = "see tarokpgn convert --list-formats"
    raise argparse.ArgumentTypeError(f"{what} ({head}{usable}; {see})")


def _regular(stream: IO[bytes]) -> bool:
    """Whether ``stream`` reads a regular file (not a pipe, a terminal or a device)."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False


class _Blockwise(io.BufferedIOBase):
    """A regular file whose iteration gives blocks of whole lines (about
    :data:`~tarokpgn.notation.fastreader.BLOCK_SIZE` bytes each) instead of single lines.

    The TPGN reader takes a stream line by line so that a record from a pipe is given as soon
    as its ``end`` line arrives; a file is all there, and reading it in blocks, as the reader
    reads a path (:func:`tarokpgn.notation.iter_file`), gives the same records at a fraction of
    the cost a line (issue 21: ``check`` and ``verify`` at the library's speed). Memory stays
    bounded by the block size."""

    def __init__(self, stream: IO[bytes]) -> None:
        super().__init__()
        self._stream = stream
        self.name = getattr(stream, "name", None)

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        return self._stream.read(-1 if size is None else size)

    def read1(self, size: int = -1) -> bytes:
        return self.read(size)

    def readline(self, size: int | None = -1) -> bytes:
        return self._stream.readline(-1 if size is None else size)

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        block = self._stream.read(BLOCK_SIZE)
        if not block:
            raise StopIteration
        if not block.endswith(b"\n"):
            block += self._stream.readline()
        return block


def _read_stream(
    stream: IO[bytes], name: str, fmt: Format | None, notes: Notes
) -> Iterator[Record | NotationError]:
    """The records of one input, in ``fmt`` or the format it is recognised as
    (:func:`~tarokpgn.convert.format_to_read`: by content, then by name, else TPGN). A reader
    that fails (a bug) ends its input with a located E100."""
    if fmt is None:
        head, stream = _head(stream)
        fmt = format_to_read(name, head)
    assert fmt is not None and fmt.read is not None
    if fmt.name == "tpgn" and _regular(stream):
        stream = cast(IO[bytes], _Blockwise(stream))
    count = 0
    try:
        for result in fmt.read(stream, name, notes):
            count += 1
            yield result
    except Exception as exc:  # the reader's bug costs the rest of this input only
        yield internal_error(exc, file=name, record=count + 1)


def read_inputs(
    files: Sequence[str],
    reporter: Reporter,
    input_format: Format | str | None = None,
    notes: Notes | None = None,
) -> Iterator[tuple[str, Record | NotationError]]:
    """``(input name, record or error)`` for every deal of every input, in order, read in
    ``input_format`` (a format or its name; each input recognised by content, then by file
    name, when None or ``auto``). What a reader lost or guessed goes to ``notes``.

    Inputs that cannot be opened are reported through ``reporter`` and skipped.
    """
    fmt = _from_option(input_format) if isinstance(input_format, str) else input_format
    notes = notes if notes is not None else Notes()
    for name in files or ["-"]:
        if name == "-":
            for result in _read_stream(_stdin(), STDIN, fmt, notes):
                yield STDIN, result
            continue
        try:
            handle = open(name, "rb")  # noqa: SIM115 - closed below, after streaming
        except OSError as err:
            reporter.cannot_open(name, err)
            continue
        with handle:
            for result in _read_stream(handle, name, fmt, notes):
                yield name, result


def open_output(path: str | None) -> IO[str]:
    """The file to write (UTF-8, LF line ends), or standard output for None or ``-``."""
    if path is None or path == "-":
        return sys.stdout
    return open(path, "w", encoding="utf-8", newline="\n")


def cannot_write(command: str, exc: OSError) -> int:
    """Say that ``command`` cannot write the file of ``exc`` (an :class:`Output` that did not
    open) and why; the exit status 2."""
    print(f"{command}: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
    return 2


def replaceable(path: str) -> bool:
    """Whether a new file may replace ``path``: it is a regular file (not a symbolic link, a
    device or a pipe) or does not exist yet."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def same_file(a: str | None, b: str | None) -> bool:
    """Whether the paths ``a`` and ``b`` name the same file (None and ``-`` name none)."""
    if a is None or b is None or "-" in (a, b):
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


class Output:
    """A command's output file (UTF-8, LF line ends) as a context manager, written only when the
    command calls :meth:`keep`: so the output may be one of the inputs, and it stays as it was
    when the command fails, is interrupted or does not keep it. :attr:`stream` is standard
    output for None or ``-``; for a :func:`replaceable` file, a temporary file in its folder
    that ``keep`` moves onto it (:func:`os.replace`, keeping its permissions); for anything
    else (a symbolic link, a device …), an unnamed temporary file that ``keep`` copies into
    it. With ``replace`` false, the file itself, written from the start. An OSError opening it
    names ``path``."""

    def __init__(self, path: str | None, replace: bool = True) -> None:
        self.path = path
        self.temporary = ""
        self.copied = False
        self.stream: IO[str] = sys.stdout
        if path is None or path == "-":
            return
        if not replace:
            self.stream = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        elif replaceable(path):
            self.temporary, self.stream = _new_beside(path)
        else:
            import tempfile

            _check_writable(path)
            self.copied = True
            self.stream = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115

    def __enter__(self) -> Output:
        return self

    def keep(self) -> None:
        """Write the output: the temporary file replaces it, or is copied into it."""
        if self.copied and self.path is not None:
            self.stream.seek(0)
            with open(self.path, "w", encoding="utf-8", newline="\n") as target:
                shutil.copyfileobj(self.stream, target)
            self.copied = False
        self._close()
        if self.temporary and self.path is not None:
            os.replace(self.temporary, self.path)
            self.temporary = ""

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Close the file; a temporary one not kept is removed."""
        self._close()
        if self.temporary:
            with contextlib.suppress(OSError):
                os.unlink(self.temporary)
            self.temporary = ""

    def _close(self) -> None:
        if self.stream is not sys.stdout:
            self.stream.close()


def _check_writable(path: str) -> None:
    """Raise the OSError that writing to ``path`` is sure to meet, without opening it (a pipe
    would wait for a reader)."""
    code = 0
    if os.path.isdir(path):
        code = errno.EISDIR
    elif os.path.exists(path) and not os.access(path, os.W_OK):
        code = errno.EACCES
    if code:
        raise OSError(code, os.strerror(code), path)


def _new_beside(path: str) -> tuple[str, IO[str]]:
    """A new file, hidden, in the folder of ``path`` and open for writing, with the permissions
    of ``path`` when it exists (else those of any new file)."""
    import secrets

    folder, name = os.path.split(os.path.abspath(path))
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, path) from exc
    stream = open(fd, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    with contextlib.suppress(OSError):  # a new output: the usual permissions
        os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))
    return temporary, stream
