"""Malformed input: each bad record gives a located error, the good ones around it are read,
and nothing ever escapes as a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn.errors import NotationError, NotationSyntaxError, RecordError
from tarokpgn.model import Hand, Record
from tarokpgn.notation import check_record, from_json, iter_records, read_headers

ROOT = Path(__file__).resolve().parents[1]
GOOD = '[Variant "slovenian-4"]\n[Deal "{n}"]\n\nhand N HK ?\n1. N HK HQ HN HJ\nend\n'


def good(n: int) -> str:
    return GOOD.replace("{n}", str(n))


def sandwich(bad: str) -> str:
    return good(1) + "\n" + bad + "\n" + good(3)


def kinds(text: str | bytes) -> list[str]:
    out = []
    for result in iter_records(text, "f.tpgn"):
        out.append(result.code if isinstance(result, NotationError) else "ok")
    return out


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ('[Variant "slovenian-4"]\nhand N HK H9\nend', "E104"),
        ("[Event Club]\nend", "E107"),
        ('[Event "x"\nend', "E107"),
        ("hand HK HQ\n1. N HK\nend", "E101"),
        ('[Event "a"]\n[Event "b"]\nend', "E108"),
    ],
)
def test_bad_record_between_good_ones(bad: str, code: str) -> None:
    assert kinds(sandwich(bad)) == ["ok", code, "ok"]


def test_truncated_record_before_the_next_one() -> None:
    text = good(1) + '\n[Variant "slovenian-4"]\nhand N HK\n1. N HK\n\n' + good(3)
    results = list(iter_records(text, "f.tpgn"))
    assert [type(r).__name__ for r in results] == ["Record", "NotationSyntaxError", "Record"]
    err = results[1]
    assert isinstance(err, NotationSyntaxError) and err.code == "E103"
    assert err.line == 10 and err.record == 2


def test_unterminated_comment_runs_to_the_end_of_the_file() -> None:
    # A { comment may span lines and hold '[' and 'end' lines, so it swallows what follows.
    results = list(iter_records(sandwich("hand N {oops\nend"), "f.tpgn"))
    assert [r.code if isinstance(r, NotationError) else "ok" for r in results] == ["ok", "E102"]
    assert (results[1].line, results[1].column) == (8, 8)  # type: ignore[union-attr]


def test_truncated_file() -> None:
    text = good(1) + "\n" + good(2)[:-5]
    assert kinds(text) == ["ok", "E103"]


def test_binary_junk_record() -> None:
    junk = b'[Event "\xff\xfe\x00junk"]\n\x89PNG\r\n\x1a\nend\n'
    data = good(1).encode() + b"\n" + junk + b"\n" + good(3).encode()
    results = list(iter_records(data, "f.tpgn"))
    assert [r.code if isinstance(r, NotationError) else "ok" for r in results] == [
        "ok", "E105", "ok",
    ]  # fmt: skip
    assert results[1].line == 8  # type: ignore[union-attr]


def test_raw_binary_never_raises() -> None:
    data = bytes(range(256)) * 50
    for result in iter_records(data):
        assert isinstance(result, NotationError)
        assert str(result).startswith("<string>:")


def test_empty_and_blank_inputs() -> None:
    assert kinds("") == []
    assert kinds(b"") == []
    assert kinds("\n\n   \n") == []
    assert kinds("; only a comment\n{ and another }\n") == []
    assert list(read_headers("")) == []


def test_card_twice_is_a_wellformedness_problem() -> None:
    (record,) = iter_records('[Variant "slovenian-4"]\nhand N HK ?\nhand E HK ?\nend\n')
    assert isinstance(record, Record)
    (problem,) = check_record(record)
    assert problem.code == "E201" and problem.line == 3


def test_card_not_in_deck_from_json() -> None:
    data = {"tpgn": 1, "tags": {"Variant": "french-4"}, "items": [
        {"type": "hand", "seat": "N", "cards": ["T0", "?"], "line": 4}]}  # fmt: skip
    record = from_json(data)
    assert record.items == (Hand("N", ("T0", "?")),)
    codes = [p.code for p in check_record(record)]
    assert codes == ["E205"]


def test_errors_carry_location_and_context() -> None:
    (err,) = iter_records('[Variant "slovenian-4"]\nhand N HK H9\nend', "deal.tpgn")
    assert isinstance(err, RecordError)
    assert (err.file, err.record, err.line, err.column) == ("deal.tpgn", 1, 2, 11)
    assert str(err) == (
        "deal.tpgn:2:11: E104 'H9' is not a card of the 54-card pack: its hearts are HK HQ HN HJ"
        " H1 H2 H3 H4\n"
        "    hand N HK H9\n"
        "              ^"
    )


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('[]{};"=.\n NESW HK T1 end hand 1. ?x\\ '))))
def test_any_text_gives_records_or_located_errors(text: str) -> None:
    for result in iter_records(text):
        if isinstance(result, NotationError):
            assert result.code and result.line >= 1
        else:
            assert isinstance(result, Record)
            check_record(result)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_records_or_located_errors(data: bytes) -> None:
    for result in iter_records(data):
        assert isinstance(result, Record | NotationError)


def test_large_file_streams(tmp_path: Path) -> None:
    """About 50 MB: split in a streaming pass; a sample of records fully read."""
    record = (ROOT / "examples" / "czech-4.tpgn").read_bytes()
    path = tmp_path / "big.tpgn"
    copies = 50_000_000 // len(record) + 1
    with path.open("wb") as handle:
        for i in range(copies):
            handle.write(record if i != copies // 2 else record.replace(b"end\n", b""))
            handle.write(b"\n")
    assert os.path.getsize(path) >= 50_000_000
    headers = sum(1 for _ in read_headers(path))
    assert headers == copies  # the truncated record swallows no other record
    results = iter_records(path)
    first = [next(results) for _ in range(200)]
    assert all(isinstance(r, Record) for r in first)
