"""Reading: sources, streaming, sources and positions, canonical words and cards, headers."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from tarokpgn.errors import NotationError, RecordError
from tarokpgn.model import Announce, Auction, Comment, Hand, Kontra, Record, Renons, Trick
from tarokpgn.notation import iter_file, iter_records, parse_record, read_headers, write_record
from tarokpgn.notation.splitter import split

ROOT = Path(__file__).resolve().parents[1]
DEAL = '[Variant "slovenian-4"]\n[Event "e"]\n\nhand N HK HQ\n1. N HK T1 T2 T3\nend\n'


def test_parse_record_basic() -> None:
    record = parse_record(DEAL)
    assert record.tags == (("Event", "e"), ("Variant", "slovenian-4"))
    assert record.items == (Hand("N", ("HK", "HQ")), Trick(1, "N", ("HK", "T1", "T2", "T3")))
    assert [item.line for item in record.items] == [4, 5]


def test_source_fields() -> None:
    text = "; leading\n\n" + DEAL + "\n" + DEAL
    records = list(iter_records(text.encode(), "deals.tpgn"))
    second = records[1]
    assert isinstance(second, Record) and second.source is not None
    assert second.source.file == "deals.tpgn"
    assert second.source.index == 2
    assert second.source.line == 3 + DEAL.count("\n") + 1
    assert second.source.offset == len(("; leading\n\n" + DEAL + "\n").encode())
    expected = hashlib.sha256(write_record(second).encode()).hexdigest()
    assert second.source.sha256 == expected
    assert records[0].source.sha256 != expected  # type: ignore[union-attr]  # has a comment


@pytest.mark.parametrize(
    "make",
    [
        lambda t: t,
        lambda t: t.encode(),
        lambda t: io.StringIO(t),
        lambda t: io.BytesIO(t.encode()),
    ],
    ids=["str", "bytes", "text-stream", "binary-stream"],
)
def test_sources(make) -> None:  # type: ignore[no-untyped-def]
    results = list(iter_records(make(DEAL + "\n" + DEAL)))
    assert [type(r) for r in results] == [Record, Record]


def test_path_source(tmp_path: Path) -> None:
    path = tmp_path / "a.tpgn"
    path.write_text(DEAL, encoding="utf-8")
    for results in (iter_records(path), iter_file(path), iter_file(str(path))):
        (record,) = results
        assert isinstance(record, Record)
        assert record.source is not None and record.source.file == str(path)


def test_text_is_never_taken_for_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A str is text: a short one that names a file is not opened (nor echoed from the file),
    a long line raises no OSError."""
    secret = tmp_path / "secret.tpgn"
    secret.write_text('[Password "hunter2"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for text in ("secret.tpgn", str(secret), "x" * 100_000):
        results = list(iter_records(text))
        assert all(isinstance(r, NotationError) for r in results)
        assert "hunter2" not in "".join(str(r) for r in results)
        with pytest.raises(NotationError):
            parse_record(text)
    assert list(read_headers("secret.tpgn")) == [{}]


def test_iter_records_is_lazy() -> None:
    def lines():  # type: ignore[no-untyped-def]
        yield from io.BytesIO(DEAL.encode())
        raise AssertionError("read past the first record")

    first = next(iter_records(io.BufferedReader(io.BytesIO(DEAL.encode()))))
    assert isinstance(first, Record)
    stream = iter_records(lines())  # type: ignore[arg-type]
    assert isinstance(next(stream), Record)


def test_localized_words_and_cards() -> None:
    text = (
        '[Variant "slovenian-4"]\nhand N škis Mond pagát srce kralj\n'
        "auction N Trojka E naprej\nannounce N Kralji\nrekontra S game\nSUB E ultimo\n"
        "renons E S 7 revoke card=hc kontra=re\nend"
    )
    r = parse_record(text)
    assert r.items[0] == Hand("N", ("FOOL", "T21", "T1", "HK"))
    assert isinstance(r.items[1], Auction)
    assert [b.bid for b in r.items[1].bids] == ["three", "pass"]
    assert r.items[2] == Announce("announce", "N", "kings")
    assert r.items[3] == Kontra("S", 2, "game")
    assert r.items[4] == Kontra("E", 3, "pagat-ultimo")
    assert r.items[5] == Renons("E", "S", 7, "revoke", "HN", 2)


def test_unknown_variant_uses_54_card_pack() -> None:
    assert parse_record("hand N XXI end").items == (Hand("N", ("T21",)),)
    with pytest.raises(RecordError) as info:
        parse_record("hand N H9 end")
    assert info.value.code == "E104"


def test_variant_selects_pack() -> None:
    text = '[Variant "ottocento"]\nhand W re di coppe angelo\nend'
    assert parse_record(text).items == (Hand("W", ("HK", "T20")),)


def test_comments_between_tags_move_to_movetext() -> None:
    r = parse_record('{a}\n[Event "x"] ; b\n[Site "y"]\nhand N HK {c}\nend')
    assert r.items == (Comment("a"), Comment("b"), Hand("N", ("HK",)), Comment("c"))


def test_tag_escapes() -> None:
    r = parse_record(r'[Event "say \"hi\" \\o/"]' + "\nend")
    assert r.get("Event") == 'say "hi" \\o/'


def test_parse_record_rejects_two_records() -> None:
    with pytest.raises(NotationError):
        parse_record(DEAL + "\n" + DEAL)


def test_read_headers_fast_path() -> None:
    text = DEAL + '\n{x}\n[Site "s"] [Event "t"]\n\nhand N HK\nend\n'
    assert list(read_headers(text)) == [
        {"Event": "e", "Variant": "slovenian-4"},
        {"Event": "t", "Site": "s"},
    ]


def test_crlf_and_bom() -> None:
    data = b"\xef\xbb\xbf" + DEAL.replace("\n", "\r\n").encode()
    (record,) = iter_records(data)
    assert isinstance(record, Record)
    assert record == parse_record(DEAL)
    assert record.source is not None and record.source.offset == 3


def test_splitter_ignores_end_and_brackets_in_comments() -> None:
    text = (
        b'[Event "end"]\n{ a comment\nend\n[Event "no"] }\nhand N HK ; end\nend\n[Event "2"]\nend\n'
    )
    chunks = list(split(text))
    assert [c.line for c in chunks] == [1, 7]
    assert [c.index for c in chunks] == [1, 2]


def test_splitter_cuts_before_tags_after_unended_movetext() -> None:
    text = b'[Event "1"]\nhand N HK\n[Event "2"]\nhand N HQ\nend\n'
    assert [c.line for c in split(text)] == [1, 3]
