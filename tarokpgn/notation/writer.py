"""Record → export-form text: byte-stable, one element per line, LF line ends.

The export form is the inverse of the reader on its own output: ``parse_record(write_record(r))
== r`` for every record whose cards exist in its pack, and writing a record read from
export-form text gives the same bytes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tarokpgn.model import (
    Announce,
    Auction,
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
    Talon,
    Trick,
)
from tarokpgn.notation.tags import escape, export_order


def _join(*parts: str | Iterable[str]) -> str:
    words: list[str] = []
    for part in parts:
        if isinstance(part, str):
            words.append(part)
        else:
            words.extend(part)
    return " ".join(words)


def _options(options: Iterable[tuple[str, str]]) -> list[str]:
    return [f"{key}={value}" for key, value in options]


def _comment(item: Comment) -> str:
    if "}" not in item.text:
        return "{" + item.text + "}"
    # A ``;`` comment runs to the end of the line: a text with both ``}`` and a line break
    # cannot be kept as it is, so its line breaks become spaces.
    return "; " + item.text.replace("\n", " ") if item.text else ";"


def _hand(item: Hand) -> str:
    return _join("hand", item.seat, item.cards)


def _talon(item: Talon) -> str:
    return _join("talon", item.cards)


def _auction(item: Auction) -> str:
    return _join("auction", [f"{bid.seat} {bid.bid}" for bid in item.bids])


def _call(item: Call) -> str:
    return f"call {item.seat} {item.card}"


def _exchange(item: Exchange) -> str:
    line = _join("exchange", item.seat, "take", item.take, "discard", item.discard)
    return _join(line, "show", item.show) if item.show else line


def _announce(item: Announce) -> str:
    return _join(item.kind, item.seat, item.name, item.cards, _options(item.options))


def _kontra(item: Kontra) -> str:
    return f"kontra {item.seat} {item.level} {item.target}"


def _trick(item: Trick) -> str:
    return _join(f"{item.number}.", item.leader, item.cards)


def _renons(item: Renons) -> str:
    extra = [f"card={item.card}"] if item.card is not None else []
    if item.kontra:
        extra.append(f"kontra={item.kontra}")
    head = f"renons {item.claimant} {item.accused} {item.trick} {item.kind}"
    return _join(head, extra, _options(item.options))


def _irregular(item: Irregular) -> str:
    seat = [item.seat] if item.seat else []
    return _join("irregular", item.kind, seat, _options(item.options))


def _excuse_exchange(item: ExcuseExchange) -> str:
    return f"excuse_exchange {item.card}"


_WRITERS: dict[type, Callable[[object], str]] = {
    Comment: _comment,  # type: ignore[dict-item]
    Hand: _hand,  # type: ignore[dict-item]
    Talon: _talon,  # type: ignore[dict-item]
    Auction: _auction,  # type: ignore[dict-item]
    Call: _call,  # type: ignore[dict-item]
    Exchange: _exchange,  # type: ignore[dict-item]
    Announce: _announce,  # type: ignore[dict-item]
    Kontra: _kontra,  # type: ignore[dict-item]
    Trick: _trick,  # type: ignore[dict-item]
    Renons: _renons,  # type: ignore[dict-item]
    Irregular: _irregular,  # type: ignore[dict-item]
    ExcuseExchange: _excuse_exchange,  # type: ignore[dict-item]
}


def write_item(item: Item) -> str:
    """One movetext element as its export-form line (without the line end)."""
    return _WRITERS[type(item)](item)


def write_tags(tags: Iterable[tuple[str, str]]) -> str:
    """The tag-pair section in export order, one ``[Name "value"]`` per line."""
    return "".join(f"[{name} {escape(value)}]\n" for name, value in export_order(tags))


def write_record(record: Record) -> str:
    """The record in export form: tags, a blank line, one element per line, ``end``.

    The text ends with ``end`` and a line feed; join records with ``"\\n"`` to get a file
    (records separated by one blank line), as :func:`write_records` does.
    """
    lines = [write_item(item) for item in record.items]
    lines.append("end\n")
    return write_tags(record.tags) + "\n" + "\n".join(lines)


def write_records(records: Iterable[Record]) -> Iterable[str]:
    """Export-form text of several records, one blank line between them."""
    for i, record in enumerate(records):
        yield ("\n" if i else "") + write_record(record)
