"""Taroky Notation (tarokpgn.convert.taroky): the MachTarok server's one-line Czech deal code.

Golden files (tests/golden/convert/taroky/, rebuilt by its build.py: review the diff), every
rejection of the server (research file section 6) and every leniency (sections 3–5), round
trips both ways, generated deals, the example deal, and robustness on bad bytes."""

from __future__ import annotations

import importlib.util
import io
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tarokpgn.cards import TAROK54
from tarokpgn.convert import taroky
from tarokpgn.convert.base import GUESSED, LOST, Note, Notes
from tarokpgn.errors import NotationError
from tarokpgn.generate import generate
from tarokpgn.model import Hand, Record, Talon
from tarokpgn.notation import (
    check_record,
    from_json,
    iter_file,
    parse_record,
    to_json,
    write_record,
)
from tarokpgn.replay import verify

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "convert" / "taroky"
READ = sorted((GOLDEN / "read").glob("*.taroky"))
WRITE = sorted((GOLDEN / "write").glob("*.tpgn"))

# the example deal (examples/czech-4.tpgn) as the writer writes it: HAND1 is N (Dealer W)
H = [
    "T22T21T08HKH4DQD2SJS4S3CKC4",
    "T16T15T13T12T11T10T05HRHJDRSRC2",
    "T20T18T17T14T04T02HQH1DJD1D3S1",
    "T19T07T06T03H2H3DKSQS2CJC3C1",
    "T01CRT09D4SKCQ",
]
SETTINGS = "lock=true;timeout=30000;botPlayTime=3000;botThinkTime=1000;difficulty=2"
SERVER_SETTINGS = (
    "lock=true;timeout=30000;aceHigh=false;botPlayTime=3000;botThinkTime=1000;difficulty=2"
)
CODE = "100/100/100/100/" + "/".join(H) + f"/{SETTINGS};pn=0"
NORTH = ("FOOL", "T21", "T8", "HK", "H4", "DQ", "D2", "SJ", "S10", "S9", "CK", "C10")


def _build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("taroky_golden_build", GOLDEN / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build()


def read_all(
    text: str | bytes, name: str = "t.taroky"
) -> tuple[list[Record | NotationError], list[Note]]:
    notes: list[Note] = []
    data = text.encode() if isinstance(text, str) else text
    results = list(taroky.read(io.BytesIO(data), name, Notes(sink=notes.append)))
    return results, notes


def read_one(code: str) -> tuple[Record, list[Note]]:
    results, notes = read_all(code)
    assert len(results) == 1
    record = results[0]
    assert isinstance(record, Record), record
    return record, notes


def read_error(code: str) -> NotationError:
    results, _ = read_all(code)
    assert len(results) == 1 and isinstance(results[0], NotationError), results
    return results[0]


def write_all(records: list[Record]) -> tuple[str, list[Note]]:
    notes: list[Note] = []
    return "".join(taroky.write(records, Notes(sink=notes.append))), notes


def code_with(
    *cards: str, chips: str = "100/100/100/100", settings: str = SETTINGS + ";pn=0"
) -> str:
    return f"{chips}/{'/'.join(cards)}/{settings}"


def deal_of(record: Record) -> list[tuple[str, ...]]:
    """The hands in order of play from povinnost (the seat after the dealer), then the talon."""
    hands = {hand.seat: hand.cards for hand in record.of_type(Hand)}
    talon = next(record.of_type(Talon)).cards
    return [hands[seat] for seat in record.play_order()] + [talon]


# --- golden files ---


@pytest.mark.parametrize("path", READ, ids=lambda p: p.stem)
def test_golden_read(path: Path) -> None:
    tpgn, report = BUILD.read_golden(path)
    assert tpgn == path.with_suffix(".tpgn").read_text()
    assert report == path.with_suffix(".report").read_text()


@pytest.mark.parametrize("path", WRITE, ids=lambda p: p.stem)
def test_golden_write(path: Path) -> None:
    codes, report = BUILD.write_golden(path)
    assert codes == path.with_suffix(".taroky").read_text()
    assert report == path.with_suffix(".report").read_text()


def test_golden_corpus_is_complete() -> None:
    assert {p.stem for p in READ} == {
        "ace-low", "challenge-form", "leniencies", "rejected", "server-form", "writer-form",
    }  # fmt: skip
    assert {p.stem for p in WRITE} == {"dealer-n", "example", "mixed"}
    rejected = (GOLDEN / "read" / "rejected.report").read_text().splitlines()
    assert sum(line.startswith("error: ") for line in rejected) == 16


def test_golden_server_form_rotates_red_pips_and_keeps_pn() -> None:
    """Hand-checked: the server's own aceHigh=false reads ace-high, so N's H4 (digit 4) is the
    ace H1 and D2 the three; the return-to-game copy adds pn=2 and nothing else."""
    results, _ = read_all((GOLDEN / "read" / "server-form.taroky").read_bytes())
    first, second = results
    assert isinstance(first, Record) and isinstance(second, Record)
    north = next(first.of_type(Hand)).cards
    assert north == ("FOOL", "T21", "T8", "HK", "H1", "DQ", "D3", "SJ", "S10", "S9", "CK", "C10")
    assert first.get("TarokyPn") == "" and second.get("TarokyPn") == "2"
    assert first.items == second.items


def test_golden_challenge_form() -> None:
    results, _ = read_all((GOLDEN / "read" / "challenge-form.taroky").read_bytes())
    (record,) = results
    assert isinstance(record, Record)
    assert record.get("TarokyChips") == "100 100 100 100"
    assert record.get("TarokyPn") == "2"
    assert record.get("TarokySettings") == (
        "lock=true;locked=true;timeout=0;aceHigh=true;botPlayTime=3000;botThinkTime=1000;"
        "difficulty=4"
    )


# --- seats and cards ---


def test_povinnost_is_north_forhont_after_dealer_west() -> None:
    record, notes = read_one(CODE)
    assert record.dealer == "W" and record.play_order() == ("N", "E", "S", "W")
    assert next(record.of_type(Hand)) == Hand("N", NORTH)
    assert deal_of(record)[4] == ("T1", "CN", "T9", "D4", "SK", "CQ")
    assert record.get("Variant") == "czech-4" and record.get("Result") == "*"
    assert [(n.kind, n.field) for n in notes] == [(GUESSED, "ruleset")]


def test_card_mapping_by_face() -> None:
    """Every card of the pack: black digits 1–4 are 7–10, red digits are the face, R the
    knight, T22 the Skyz; the writer's spelling reads back to the same card."""
    field = "".join(taroky.card_code(card) for card in TAROK54.tokens)
    part = taroky.read_cards(field, ace_high=False)
    assert part.cards == TAROK54.tokens and not part.lenient
    assert [taroky.card_code(c) for c in ("S7", "S10", "C8", "HN", "D1", "FOOL", "T1")] == [
        "S1", "S4", "C2", "HR", "D1", "T22", "T01",
    ]  # fmt: skip


def test_ace_high_rotation_of_red_pips() -> None:
    part = taroky.read_cards("H1H2H3H4D1D2D3D4S1C4HKDJ", ace_high=True)
    assert part.cards == ("H2", "H3", "H4", "H1", "D2", "D3", "D4", "D1", "S7", "C10", "HK", "DJ")


@pytest.mark.parametrize(
    ("value", "ace_high"),
    [("false", True), ("0", True), ("true", True), ("no", True), ("", False)],
)
def test_ace_high_is_the_truthiness_of_the_value(value: str, ace_high: bool) -> None:
    record, notes = read_one(code_with(*H, settings=f"aceHigh={value};pn=0"))
    north = next(record.of_type(Hand)).cards
    assert (north[4] == "H1") is ace_high  # N's written H4 is the ace when ace-high
    assert any("ace-high" in n.message for n in notes) is ace_high


# --- rejections (research section 6) ---


def _replace(k: int, old: str, new: str) -> str:
    cards = list(H)
    assert old in cards[k]
    cards[k] = cards[k].replace(old, new, 1)
    return code_with(*cards)


REJECTED = {
    "9 fields": ("100/100/100/100/" + "/".join(H), "9 fields", 0),
    "21 fields": (code_with(*H, *["x"] * 11), "21 fields", 0),
    "chips NaN": (code_with(*H, chips="100/1O0/100/100"), "'1O0' is not a number", 5),
    "chips Infinity": (code_with(*H, chips="Infinity/100/100/100"), "infinite", 1),
    "chips -Infinity": (code_with(*H, chips="100/100/100/-Infinity"), "infinite", 13),
    "chips 1e400": (code_with(*H, chips="1e400/100/100/100"), "infinite", 1),
    "hand 11": (_replace(0, "CKC4", "CK"), "field 5 (hand 1): 11 cards, a hand has 12", 17),
    "hand 13": (_replace(3, "C1", "C1C1"), "field 8 (hand 4): 13 cards, a hand has 12", 0),
    "lower case": (_replace(1, "SR", "sR"), "'s' is not a suit letter", 0),
    "letter X": (_replace(2, "S1", "X5"), "'X' is not a suit letter", 0),
    "rank A": (_replace(0, "SJ", "SA"), "card 'SA'", 0),
    "rank N": (_replace(1, "HR", "HN"), "card 'HN'", 0),
    "rank C": (_replace(1, "DR", "DC"), "card 'DC'", 0),
    "rank 5": (_replace(0, "S3", "S5"), "card 'S5'", 0),
    "T00": (_replace(0, "T08", "T00"), "card 'T00'", 0),
    "T23": (_replace(0, "T22", "T23"), "card 'T23'", 17),
    "T-1": (_replace(0, "T08", "T-1"), "card 'T-1'", 0),
    "T.5": (_replace(0, "T08", "T.5"), "card 'T.5'", 0),
    "one-digit trump inside": (_replace(3, "T07", "T7"), "card 'T7T'", 0),
    "talon 5": (code_with(*H[:4], "T01CRT09D4SK"), "field 9 (talon): 5 cards, the talon has 6", 0),
    "talon 7": (code_with(*H[:4], H[4] + "C1"), "field 9 (talon): 7 cards", 0),
    "duplicate": (
        _replace(2, "S1", "HK"),
        "'HK' (HK) is dealt twice, also in field 5 (hand 1); missing: S7",
        0,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(REJECTED), ids=list(REJECTED))
def test_rejected_like_the_server(case: str) -> None:
    code, message, column = REJECTED[case]
    error = read_error(code)
    assert error.code == "E301" and message in error.message
    assert (error.file, error.record, error.line) == ("t.taroky", 1, 1)
    if column:
        assert error.column == column
    if error.column:
        assert error.column <= len(code)


def test_bad_code_is_reported_and_the_next_one_read() -> None:
    text = "\n".join([REJECTED["rank A"][0], "", "# note", CODE, REJECTED["talon 7"][0]])
    results, _ = read_all(text)
    assert [type(r).__name__ for r in results] == ["NotationError", "Record", "NotationError"]
    assert [(r.record, r.line) for r in results if isinstance(r, NotationError)] == [(1, 1), (3, 5)]
    record = results[1]
    assert isinstance(record, Record) and record.source is not None
    assert (record.source.index, record.source.line) == (2, 4)
    assert record.source.offset == text.index(CODE)


def test_rejected_code_has_its_error_and_no_notes() -> None:
    odd = code_with(H[0] + "X", *H[1:4], "T01CRT09", chips="1e2/100/100/100", settings="foo=1")
    results, notes = read_all(odd)
    assert [type(r).__name__ for r in results] == ["NotationError"] and notes == []
    results, notes = read_all(odd.replace("T01CRT09", H[4]))
    assert [type(r).__name__ for r in results] == ["Record"] and len(notes) == 4


def test_blank_comment_and_empty_input_give_nothing() -> None:
    assert read_all("") == ([], [])
    assert read_all("\n   \n# a comment\n\t\n") == ([], [])


# --- leniencies (research sections 3–5) ---


@pytest.mark.parametrize(
    ("chips", "tag", "kinds"),
    [
        ("100/100/100/100", "100 100 100 100", []),
        ("-100/99.5/0/7", "-100 99.5 0 7", []),
        ("///100", "0 0 0 100", [GUESSED] * 3),
        ("1e2/0x64/ 100/+100", "100 100 100 100", [GUESSED] * 4),
        ("0b11/0o17/.5/5.", "3 15 0.5 5", [GUESSED] * 4),
    ],
)
def test_chips_read_as_number_does(chips: str, tag: str, kinds: list[str]) -> None:
    record, notes = read_one(code_with(*H, chips=chips))
    assert record.get("TarokyChips") == tag
    assert [n.kind for n in notes if n.field.startswith("field")] == kinds


def test_trailing_character_is_dropped_with_a_note() -> None:
    record, notes = read_one(code_with(H[0] + "X", *H[1:]))
    assert next(record.of_type(Hand)).cards == NORTH
    assert [(n.kind, n.field) for n in notes][0] == (LOST, "field 5 (hand 1)")


def test_one_digit_trump_at_the_end_and_blank_trump_digit() -> None:
    west = "T19T06T03H2H3DKSQS2CJC3C1T7"
    east = H[1].replace("T05", "T 5")
    record, notes = read_one(code_with(H[0], east, H[2], west, H[4]))
    assert deal_of(record)[3][-1] == "T7" and "T5" in deal_of(record)[1]
    assert [n.field for n in notes if n.kind == GUESSED][:2] == [
        "field 6 (hand 2)",
        "field 8 (hand 4)",
    ]


def test_ignored_fields_are_kept_and_written_back() -> None:
    code = code_with(*H, "prever", "", "x/y")
    record, _ = read_one(code)
    assert record.get("TarokyExtra") == "prever//x/y"
    assert write_all([record])[0] == code + "\n"


def test_record_equals_its_text_and_json_forms_read_back() -> None:
    """Its tags are in export order, as every record's (the model's): the Taroky tags came in
    the reader's own order, so the record read was not equal to its own TPGN or JSON form read
    back (found by fuzzing)."""
    for code in (CODE, code_with(*H, "prever", "", "x/y")):
        record, _ = read_one(code)
        assert parse_record(write_record(record)) == record
        assert from_json(to_json(record)) == record
    assert [name for name, _ in record.tags][-3:] == ["TarokyExtra", "TarokyPn", "TarokySettings"]


SLOW_BOTS = "lock=true;timeout=0;botPlayTime=3600000;botThinkTime=1000;difficulty=2"


@pytest.mark.parametrize(
    ("settings", "tag"),
    [
        ("", SETTINGS),
        (";;;", SETTINGS),
        ("lock=;timeout=0", "lock=;timeout=0;botPlayTime=3000;botThinkTime=1000;difficulty=2"),
        ("timeout=5;difficulty=5", SETTINGS.replace("30000", "20000").replace("y=2", "y=5")),
        ("timeout=-9;botPlayTime=1e9", SLOW_BOTS),
        ("difficulty=AI;difficulty=7;timeout=x;foo=1;bar", SETTINGS),
        ("locked=false;aceHigh=", SETTINGS.replace("lock=true", "lock=true;locked=true")),
    ],
)  # fmt: skip
def test_settings_normalised_as_the_server_applies_them(settings: str, tag: str) -> None:
    record, _ = read_one(code_with(*H, settings=settings))
    assert record.get("TarokySettings") == tag


@pytest.mark.parametrize(
    ("tail", "pn", "noted"),
    [
        ("pn=0", "0", False),
        ("pn=3", "3", False),
        ("difficulty=2", "", False),
        ("pn=4", "", True),
        ("pn=", "", True),
        ("pn=1;difficulty=2", "", True),
        ("pn=1;", "", True),
        ("pn=5", "", True),
    ],
)
def test_pn_only_as_the_last_item(tail: str, pn: str, noted: bool) -> None:
    record, notes = read_one(code_with(*H, settings=f"lock=true;{tail}"))
    assert record.get("TarokyPn") == pn
    assert any("pn" in n.message for n in notes) is noted


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", 0.0), ("  ", 0.0), (" 7\t", 7.0), ("1e2", 100.0), ("-1.5e1", -15.0), (".5", 0.5),
        ("5.", 5.0), ("0x1F", 31.0), ("0b101", 5.0), ("0o17", 15.0), ("Infinity", float("inf")),
        ("-Infinity", float("-inf")), ("abc", None), ("-0x10", None), ("1_000", None),
        ("0x", None), ("0x+1F", None), ("0x1_0", None), ("0o8", None), ("0b2", None),
        ("0x" + "f" * 300, float("inf")), ("1e", None), ("infinity", None), ("\u0665", None),
        ("+-1", None),
    ],
)  # fmt: skip
def test_js_number(text: str, value: float | None) -> None:
    assert taroky.js_number(text) == value


# --- round trips ---


def test_writer_form_round_trips_exactly() -> None:
    codes = [
        line
        for line in (GOLDEN / "read" / "writer-form.taroky").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(codes) == 2
    for code in codes:
        record, _ = read_one(code)
        text, notes = write_all([record])
        assert text == code + "\n" and notes == []


def test_server_form_writes_the_deal_the_server_dealt() -> None:
    """The server's own code reads ace-high; written back, the red pips are by face, with no
    aceHigh, so reading the written code gives the same deal."""
    record, _ = read_one(code_with(*H, settings=SERVER_SETTINGS + ";pn=1"))
    text, notes = write_all([record])
    assert "aceHigh" not in text and text.endswith(";pn=1\n")
    assert [n.message for n in notes] == [
        "aceHigh is not written (the server would read the red pips rotated)"
    ]
    again, _ = read_one(text)
    assert deal_of(again) == deal_of(record)


def test_example_deal_written_and_read_back() -> None:
    (example,) = [r for r in iter_file(ROOT / "examples" / "czech-4.tpgn") if isinstance(r, Record)]
    text, notes = write_all([example])
    assert text == CODE + "\n"
    assert [(n.kind, n.field) for n in notes] == [(GUESSED, "TarokyChips"), (LOST, "")]
    assert "play (12 tricks)" in notes[1].message and "auction" in notes[1].message
    again, _ = read_one(text)
    assert deal_of(again) == deal_of(example)
    assert [h.seat for h in again.of_type(Hand)] == [h.seat for h in example.of_type(Hand)]


def test_generated_deals_round_trip() -> None:
    """Random complete czech-4 deals of one match (the dealer rotating through every seat):
    record → code → record keeps the deal in order of play, one LOST note per record, and
    the code read back is a well-formed record the verifier finds nothing wrong with."""
    records = list(generate("czech-4", n=120, seed=17))
    text, notes = write_all(records)
    codes = text.splitlines()
    assert len(codes) == 120 and {r.dealer for r in records} == {"N", "E", "S", "W"}
    lost = [n for n in notes if n.kind == LOST and n.message.startswith("not carried")]
    assert len(lost) == 120 and all("play (12 tricks)" in n.message for n in lost)
    for record, code in zip(records, codes, strict=True):
        fields = code.split("/")
        assert len(fields) == 10 and fields[-1].endswith(";pn=0") and "aceHigh" not in code
        again, _ = read_one(code)
        assert deal_of(again) == deal_of(record)
        assert check_record(again) == [] and not verify(again).problems
        assert write_all([again])[0] == code + "\n"


def _random_deals(count: int, seed: int) -> Iterator[list[tuple[str, ...]]]:
    rng = random.Random(seed)
    for _ in range(count):
        pack = list(TAROK54.tokens)
        rng.shuffle(pack)
        yield [tuple(pack[12 * k : 12 * k + 12]) for k in range(4)] + [tuple(pack[48:])]


def test_random_packs_both_readings() -> None:
    """1,000 shuffled packs: by face they read back unchanged; with aceHigh on, exactly the red
    pips move, each one step of the ace-high rotation."""
    step = {"1": "2", "2": "3", "3": "4", "4": "1"}
    count = 0
    for deal in _random_deals(1000, seed=5):
        fields = ["".join(taroky.card_code(c) for c in cards) for cards in deal]
        low, _ = read_one(code_with(*fields))
        high, _ = read_one(code_with(*fields, settings="aceHigh=false;pn=0"))
        assert deal_of(low) == deal
        for cards, rotated in zip(deal, deal_of(high), strict=True):
            assert rotated == tuple(
                c[0] + step[c[1]] if c[0] in "HD" and c[1:] in step else c for c in cards
            )
        count += 1
    assert count == 1000


# --- the writer refuses what a code cannot hold ---


def test_writer_skips_other_variants_and_partial_deals() -> None:
    record, _ = read_one(CODE)
    slovenian = next(iter(generate("slovenian-4", n=1, seed=1)))
    partial = Record(record.tags, record.items[:3])
    twice = Record(record.tags, (Hand("N", ("HK",) + NORTH[1:]), *record.items[1:]))
    text, notes = write_all([slovenian, partial, record, twice])
    assert text == CODE + "\n"
    assert [n.message.split(";")[0] for n in notes] == [
        "record skipped: its variant is slovenian-4",
        "record skipped: no hand of W",
        "record skipped: HK dealt twice, FOOL missing",
    ]


# --- mutations the tests must catch ---


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("_RED_ACE_HIGH", dict(taroky._RED)),
        ("_BLACK", {"1": "10", "2": "9", "3": "8", "4": "7"}),
        ("_FACES", {"J": "J", "R": "Q", "Q": "N", "K": "K"}),
        ("DEALER", "N"),
    ],
)
def test_mutations_change_a_golden(
    monkeypatch: pytest.MonkeyPatch, name: str, value: object
) -> None:
    monkeypatch.setattr(taroky, name, value)
    changed = [
        p.stem for p in READ if BUILD.read_golden(p)[0] != p.with_suffix(".tpgn").read_text()
    ]
    assert changed


# --- robustness ---


def test_bad_bytes_and_long_lines_are_located_errors() -> None:
    data = b"\xef\xbb\xbf" + CODE.encode() + b"\n\xff\xfe\n" + b"x" * 40000 + b"\n" + CODE.encode()
    results, _ = read_all(data)
    kinds = [type(r).__name__ for r in results]
    assert kinds == ["Record", "NotationError", "NotationError", "Record"]
    assert [(r.line, r.message) for r in results if isinstance(r, NotationError)] == [
        (2, "the line is not UTF-8 text"),
        (3, "the line is longer than 16,384 bytes (the longest line read)"),
    ]


def test_internal_failure_is_e100_and_reading_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = iter([RuntimeError("boom"), None])

    real = taroky._record

    def flaky(*args: object) -> Record:
        exc = next(calls)
        if exc is not None:
            raise exc
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(taroky, "_record", flaky)
    results, _ = read_all(CODE + "\n" + CODE)
    assert isinstance(results[0], NotationError) and results[0].code == "E100"
    assert isinstance(results[1], Record)


def test_random_bytes_never_raise() -> None:
    rng = random.Random(11)
    alphabet = b"/;=TSCHD0123456789JRQKx \n\xff"
    count = 0
    for _ in range(400):
        data = bytes(rng.choice(alphabet) for _ in range(rng.randrange(300)))
        results, _ = read_all(data)
        assert all(isinstance(r, Record | NotationError) for r in results)
        count += 1
    assert count == 400


# --- the format ---


def test_format_entry_and_sniff() -> None:
    (fmt,) = taroky.FORMATS
    assert (fmt.name, fmt.extensions, fmt.variants) == ("taroky", (".taroky",), ("czech-4",))
    assert fmt.read is taroky.read and fmt.write is taroky.write and fmt.sniff is not None
    assert fmt.sniff(b"# MachTarok codes\n\n" + CODE.encode())
    assert fmt.sniff(code_with(*H, settings=SERVER_SETTINGS).encode())
    assert not fmt.sniff((ROOT / "examples" / "czech-4.tpgn").read_bytes())
    assert not fmt.sniff(b"date,deal,dealer,contract\n2026-01-01,1,N,three\n")
    assert not fmt.sniff(b"1/2/3/4/5/6/7/8/9/10\n")
    assert not fmt.sniff(b"")


# --- review findings: the duplicate's column, a file that is not Taroky at all ---


def test_duplicate_is_located_at_its_second_occurrence() -> None:
    code = _replace(2, "S1", "HK")
    error = read_error("  " + code)
    assert error.column == 3 + code.rindex("HK")
    assert str(error).startswith(f"t.taroky:1:{error.column}: E301 field 7 (hand 3): 'HK'")


def test_random_bytes_are_one_error_for_the_file() -> None:
    """100 KB of random bytes: one error, not one per line."""
    rng = random.Random(17)
    data = bytes(rng.randrange(256) for _ in range(100_000))
    results, notes = read_all(data, "r.taroky")
    assert notes == []
    (error,) = results
    assert isinstance(error, NotationError) and (error.file, error.line) == ("r.taroky", 0)
    assert str(error) == (
        "r.taroky: E301 not Taroky Notation: no line of the first 20 looks like a deal code"
    )


def test_short_binary_input_is_one_error() -> None:
    (error,) = read_all(b"# codes\n\x00\x01\x02\nabc\n\xff\xfe\n")[0]
    assert isinstance(error, NotationError)
    assert error.message == "not Taroky Notation: binary data, and no line looks like a deal code"


def test_text_without_codes_is_one_error_unless_short() -> None:
    """Twenty lines without a code: one error, even with a code after them; fewer lines of
    text each get their own error (a single broken code is reported as such)."""
    prose = "".join(f"line {n} of a letter/with/slashes\n" for n in range(20))
    (error,) = read_all(prose + CODE)[0]
    assert isinstance(error, NotationError) and "first 20" in error.message
    results, _ = read_all(prose.split("\n", 1)[1] + CODE)
    assert len(results) == 20 and isinstance(results[-1], Record)
    (error,) = read_all("100/100/100/100")[0]
    assert isinstance(error, NotationError) and "4 fields" in error.message


def test_file_with_codes_keeps_one_error_per_bad_line() -> None:
    junk = "".join(f"junk {n}\n" for n in range(30))
    results, _ = read_all(CODE + "\n" + junk)
    assert len(results) == 31 and isinstance(results[0], Record)
    assert all(isinstance(r, NotationError) and r.line == n + 2 for n, r in enumerate(results[1:]))


def test_nameless_input_errors_name_a_file() -> None:
    (error,) = read_all("junk", name="")[0]
    assert isinstance(error, NotationError) and str(error).startswith("<input>:1: E301")
