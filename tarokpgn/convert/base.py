"""What a format plug-in provides, and how a conversion says what it lost.

A :class:`Format` is a name, a one-line summary and a reader and/or a writer:

* a **reader** takes a binary stream and the input's name and yields, for each record of the
  input in order, a :class:`~tarokpgn.model.Record` or a located
  :class:`~tarokpgn.errors.NotationError` (the input's other records are still read);
* a **writer** takes records and yields the output text in pieces.

Both get a :class:`Notes`: every field the conversion could not carry, every value it had to
guess, every part it left out and every record a writer left out whole is noted there, located
(input, record, field, line).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Final

from tarokpgn.errors import NotationError
from tarokpgn.model import Record

LOST: Final = "lost"
"""Something the source holds that the target cannot hold: it is left out."""
GUESSED: Final = "guessed"
"""A value the target needs that the source does not hold: the converter chose it."""
SKIPPED: Final = "skipped"
"""A record the target cannot hold at all: the writer leaves it out (noted once per record).
``tarokpgn convert`` counts it as not converted."""
KINDS: Final = (LOST, GUESSED, SKIPPED)


@dataclass(frozen=True, slots=True)
class Note:
    """One thing a conversion lost, guessed or left out, and where."""

    kind: str
    """:data:`LOST`, :data:`GUESSED` or :data:`SKIPPED`."""
    message: str
    """What, in words a player understands: ``"the play (12 tricks) is not carried"``."""
    format: str
    """The reader's or writer's format name."""
    file: str = ""
    record: int = 0
    """1-based number of the record within ``file`` (0 when unknown)."""
    field: str = ""
    """The source's field or element (``"talon"``, ``"column contract"``, ``"action 17"``)."""
    line: int = 0
    """1-based line in ``file`` (0 when unknown)."""

    def location(self) -> str:
        """``file:line`` or ``file record N`` (what is known)."""
        where = self.file or "<input>"
        if self.line:
            return f"{where}:{self.line}"
        return f"{where} record {self.record}" if self.record else where

    def __str__(self) -> str:
        what = f"{self.field}: " if self.field else ""
        return f"{self.location()}: {self.kind} ({self.format}): {what}{self.message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "format": self.format,
            "file": self.file,
            "record": self.record,
            "field": self.field,
            "line": self.line,
            "message": self.message,
        }


@dataclass
class Notes:
    """Collects a conversion's notes: counts them by kind and hands each to ``sink`` (the
    ``--report`` file), keeping none, so that a million records cost no memory here."""

    sink: Callable[[Note], None] | None = None
    counts: Counter[str] = field(default_factory=Counter)

    def add(
        self,
        kind: str,
        message: str,
        *,
        format: str,
        file: str = "",
        record: int = 0,
        field: str = "",
        line: int = 0,
    ) -> None:
        """Note one loss, guess or record left out."""
        self.note(Note(kind, message, format, file, record, field, line))

    def note(self, note: Note) -> None:
        self.counts[note.kind] += 1
        if self.sink is not None:
            self.sink(note)

    def about(self, record: Record, format: str) -> Callable[..., None]:
        """``add`` with ``format`` and the place of ``record`` filled in (for writers)."""
        src = record.source
        file, index, line = ("", 0, 0) if src is None else (src.file, src.index, src.line)

        def add(kind: str, message: str, field: str = "") -> None:
            self.add(kind, message, format=format, file=file, record=index, field=field, line=line)

        return add

    @property
    def total(self) -> int:
        return sum(self.counts.values())


Reader = Callable[[IO[bytes], str, Notes], Iterator[Record | NotationError]]
"""``read(stream, name, notes)``: every record of the input, or a located error in its place."""
Writer = Callable[[Iterable[Record], Notes], Iterator[str]]
"""``write(records, notes)``: the output text, in pieces."""
Sniffer = Callable[[bytes], bool]
"""``sniff(head)``: whether an input starting with ``head`` (its first 4096 bytes) is
unmistakably in this format."""


@dataclass(frozen=True)
class Format:
    """A file format ``tarokpgn convert`` reads and/or writes."""

    name: str
    """The ``--from``/``--to`` name (``openspiel``, ``taroky``, ``scoresheet`` …)."""
    summary: str
    """One line for ``--list-formats``."""
    read: Reader | None = None
    write: Writer | None = None
    extensions: tuple[str, ...] = ()
    """File name endings that mean this format (``".csv"``), lower case, with the dot."""
    sniff: Sniffer | None = None
    variants: tuple[str, ...] = ()
    """The variants it carries (empty: any)."""
    requires: str = ""
    """What must be installed for it to work, when not everything is (``tarokpgn[openspiel]``);
    its reader says so in a clear error when it is missing."""
