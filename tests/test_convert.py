"""The converter core (issue 17): the format registry and its plug-ins (a real entry point), the
native formats, content and extension detection, and ``tarokpgn convert`` (report, summary,
strict mode, unreadable deals, --list-formats). The losses come from small fake formats
registered here, so these tests do not depend on the other formats."""

from __future__ import annotations

import importlib
import io
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest

import tarokpgn.convert as registry
from tarokpgn.cli import main
from tarokpgn.cli.convert import MAX_GROUPS, Tally, format_row
from tarokpgn.convert import (
    GUESSED,
    LOST,
    SKIPPED,
    Format,
    Note,
    Notes,
    all_formats,
    detect,
    find_format,
    load_problems,
    register_format,
    reload_formats,
    unregister_format,
)
from tarokpgn.convert.native import json_form, sniff_json, sniff_tpgn
from tarokpgn.errors import NotationError
from tarokpgn.model import Record, Trick
from tarokpgn.notation.reader import iter_file, iter_records

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden" / "convert" / "native"
GOOD = '[Variant "slovenian-4"]\n\nhand N HK ?\nend\n'
BAD = '[Variant "slovenian-4"]\n\nhand N HK H9\nend\n'
PLAYED = (EXAMPLES / "slovenian-4.tpgn").read_text(encoding="utf-8")
"""Four played deals, each with a Dealer and 12 tricks."""


# --- fake formats ------------------------------------------------------------------------------


def _tricks(record: Record) -> int:
    return sum(isinstance(item, Trick) for item in record.items)


def write_lossy(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """One line per deal (variant and dealer); the play is lost, a missing dealer guessed."""
    for record in records:
        note = notes.about(record, "lossy")
        if _tricks(record):
            note(LOST, f"the play ({_tricks(record)} tricks) is not carried", "tricks")
        if not record.dealer:
            note(GUESSED, "no dealer: N assumed", "Dealer")
        yield f"{record.variant} {record.dealer or 'N'}\n"


LOSSY = Format("lossy", "variant and dealer only", write=write_lossy, extensions=(".lossy",))
MAGIC = b"FAKE1"


def read_fake(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
    """``FAKE1`` on the first line, then TPGN (the magic line read as a blank one)."""
    data = stream.read()
    if not data.startswith(MAGIC):
        yield NotationError("E301", "first line: not FAKE1", file=name, record=1, line=1)
        return
    yield from iter_records(data[len(MAGIC) :], name)


FAKE = Format("fake", "TPGN after a FAKE1 line", read=read_fake, extensions=(".fake",),
              sniff=lambda head: head.startswith(MAGIC))  # fmt: skip


@contextmanager
def saved_formats() -> Iterator[None]:
    """The registry as it was on leaving the block (its dicts restored in place)."""
    all_formats()
    formats, problems, loaded = dict(registry._FORMATS), dict(registry._PROBLEMS), registry._loaded
    try:
        yield
    finally:
        registry._FORMATS.clear()
        registry._FORMATS.update(formats)
        registry._PROBLEMS.clear()
        registry._PROBLEMS.update(problems)
        registry._loaded = loaded


@pytest.fixture
def fakes() -> Iterator[None]:
    with saved_formats():
        register_format(LOSSY)
        register_format(FAKE)
        yield


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


# --- the registry ------------------------------------------------------------------------------


def test_native_formats_are_built_in() -> None:
    names = [fmt.name for fmt in all_formats()]
    assert names == sorted(names)
    assert {"tpgn", "json", "jsonl"} <= set(names)
    for name in ("tpgn", "json", "jsonl"):
        fmt = find_format(name)
        assert fmt is not None and fmt.read is not None and fmt.write is not None
    assert find_format("no-such-format") is None


def test_register_clash_replace_unregister() -> None:
    with saved_formats():
        register_format(LOSSY)
        assert find_format("lossy") is LOSSY
        register_format(LOSSY)  # the same format again is no clash
        other = Format("lossy", "another", write=write_lossy)
        with pytest.raises(ValueError, match="'lossy' is already registered"):
            register_format(other)
        with pytest.raises(ValueError, match="already registered"):
            register_format(Format("tpgn", "a second tpgn", write=write_lossy))
        register_format(other, replace=True)
        assert find_format("lossy") is other
        assert unregister_format("lossy") is other
        assert find_format("lossy") is None and unregister_format("lossy") is None
        with pytest.raises(ValueError, match="neither a reader nor a writer"):
            register_format(Format("idle", "does nothing"))
        with pytest.raises(TypeError):
            register_format("tpgn")  # type: ignore[arg-type]
    assert find_format("lossy") is None and find_format("tpgn") is not None


PLUGIN = """
from tarokpgn.convert import Format, Notes

def write(records, notes: Notes):
    for record in records:
        yield record.variant + "\\n"

FORMAT = Format("plugged", "one variant a line", write=write, extensions=(".plugged",))
FORMATS = (Format("plugged-too", "the same, listed in FORMATS", write=write),)
NOT_A_FORMAT = 42
"""
ENTRY_POINTS = """[tarokpgn.formats]
plugged = tarokfake_plugin:FORMAT
listed = tarokfake_plugin
broken = tarokfake_broken
wrong = tarokfake_plugin:NOT_A_FORMAT
"""


@pytest.fixture
def plugin_dist(tmp_path: Path) -> Iterator[Path]:
    """A distribution ``tarokfake`` on ``sys.path`` with four ``tarokpgn.formats`` entry
    points: a Format, a module with FORMATS, a module that fails to import and an object that
    is no format. Everything is put back afterwards."""
    info = tmp_path / "tarokfake-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tarokfake\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (tmp_path / "tarokfake_plugin.py").write_text(PLUGIN)
    (tmp_path / "tarokfake_broken.py").write_text('raise ImportError("needs the moon")\n')
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    try:
        with saved_formats():
            reload_formats()
            yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for module in ("tarokfake_plugin", "tarokfake_broken"):
            sys.modules.pop(module, None)
        importlib.invalidate_caches()


def test_plugin_through_a_real_entry_point(
    plugin_dist: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plugged, listed = find_format("plugged"), find_format("plugged-too")
    assert plugged is not None and listed is not None
    assert plugged.summary == "one variant a line" and listed.write is not None
    problems = dict(load_problems())
    assert problems["plug-in broken (tarokfake_broken)"] == "ImportError: needs the moon"
    wrong = problems["plug-in wrong (tarokfake_plugin:NOT_A_FORMAT)"]
    assert wrong == "TypeError: int is not a Format and has no FORMATS (a tuple of Format)"
    assert len(problems) == 2 or all("tarokpgn.convert." in p for p in list(problems)[2:])
    # the plug-in converts, and the broken ones cost nothing else
    out = plugin_dist / "deals.plugged"
    assert main(["convert", str(EXAMPLES / "slovenian-4.tpgn"), "-o", str(out)]) == 0
    assert out.read_text() == "slovenian-4\n" * 4
    assert main(["convert", "--to", "json", str(EXAMPLES / "czech-4.tpgn")]) == 0
    assert json.loads(capsys.readouterr().out)[0]["tags"]["Variant"] == "czech-4"
    assert main(["convert", "--list-formats"]) == 0
    shown = capsys.readouterr()
    assert any(line.startswith("plugged ") for line in shown.out.splitlines())
    assert (
        "tarokpgn convert: formats of plug-in broken (tarokfake_broken) not loaded: "
        "ImportError: needs the moon\n" in shown.err
    )
    assert "Traceback" not in shown.err


def test_a_builtin_module_that_fails_is_reported_once() -> None:
    with saved_formats():
        registry.BUILTIN_MODULES += ("tarokpgn.convert.not_written_yet",)  # type: ignore[misc]
        try:
            reload_formats()
            problems = dict(load_problems())
        finally:
            registry.BUILTIN_MODULES = registry.BUILTIN_MODULES[:-1]  # type: ignore[misc]
        assert problems["tarokpgn.convert.not_written_yet"] == (
            "ModuleNotFoundError: No module named 'tarokpgn.convert.not_written_yet'"
        )
        assert find_format("tpgn") is not None


# --- detection ---------------------------------------------------------------------------------


JSON_HEAD = b'[\n{"tpgn": 1, "tags": {}}'


@pytest.mark.parametrize(
    ("name", "head", "expected"),
    [
        ("d.tpgn", b'[Event "x"]\n', "tpgn"),
        ("d.txt", b'\xef\xbb\xbf\n [Variant "czech-4"]', "tpgn"),  # content, whatever the name
        ("d.json", b'[Variant "czech-4"]', "tpgn"),  # content wins over the name
        ("d.txt", b"{ a comment }\nhand N", "tpgn"),
        ("d.txt", JSON_HEAD, "json"),
        ("d.tpgn", JSON_HEAD, "json"),
        ("d.jsonl", b'{"tpgn": 1}\n', "json"),  # the json reader reads JSON Lines too
        ("d.jsonl", b"hand N HK ?", "jsonl"),  # nothing claims it: by the name
        ("d.fake", b"hand N HK ?", "fake"),
        ("d.txt", MAGIC + b"\n[Event", "fake"),  # the fake sniffer claims it (tpgn does not)
        ("d.txt", b"hand N HK ?", None),  # nothing tells: the commands read TPGN
        ("-", b"", None),
    ],
)
def test_detect(name: str, head: bytes, expected: str | None, fakes: None) -> None:
    found = detect(name, head)
    assert (found.name if found else None) == expected


def test_detect_ambiguous_content_is_decided_by_the_name(fakes: None) -> None:
    twin = Format("twin", "claims FAKE1 too", read=read_fake, extensions=(".twin",),
                  sniff=lambda head: head.startswith(MAGIC))  # fmt: skip
    register_format(twin)
    head = MAGIC + b"\n"
    assert [detect(name, head) for name in ("a.twin", "a.fake")] == [twin, FAKE]
    assert detect("a.txt", head) is None  # two claims, no name: undecided
    broken = Format("broken-sniffer", "its sniffer fails", read=read_fake,
                    sniff=lambda head: 1 // 0 == 0)  # fmt: skip
    register_format(broken)
    assert detect("a.fake", head) is FAKE  # a sniffer that raises claims nothing


@pytest.mark.parametrize(
    ("head", "tpgn", "json_"),
    [(b'[Event "x"]', True, False), (b"{ comment }", True, False), (b"[\n{", False, True),
     (b'{"tpgn": 1}', False, True), (b"hand N", False, False), (b"date,deal", False, False),
     (b"# Automatically generated by OpenSpiel\n[Meta]", False, False), (b"[", False, False)],
)  # fmt: skip
def test_native_sniffers(head: bytes, tpgn: bool, json_: bool) -> None:
    assert (sniff_tpgn(head), sniff_json(head)) == (tpgn, json_)


@pytest.mark.parametrize(
    ("text", "expected"),
    [('{"a": 1}\n{"a": 2}\n', "jsonl"), ('{"a": 1', "json"), ('{"a": \n{"a": 2}\n', "jsonl"),
     ('{\n "a": 1\n}\n', "json"), ("[\n{}\n]", "json"), ('{\n\n{"a": 2}', "jsonl")],
)  # fmt: skip
def test_json_form_with_a_broken_first_line(text: str, expected: str) -> None:
    assert json_form(text) == expected


def test_broken_first_line_of_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON Lines whose first record is cut short: that line is the one error, the next read."""
    lines = tmp_path / "d.jsonl"
    assert main(["convert", str(EXAMPLES / "slovenian-4.tpgn"), "-o", str(lines)]) == 0
    text = lines.read_text().splitlines()
    path = write(tmp_path, "cut.jsonl", text[0][:50] + "\n" + "\n".join(text[1:]) + "\n")
    assert main(["convert", "--to", "tpgn", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out.count("end\n") == 3
    assert out.err.startswith(f"{path}:1:47: E110 not JSON: Unterminated string")


# --- the command -------------------------------------------------------------------------------


def test_report_summary_and_exit_codes(
    tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four played deals, a deal that does not read and one without a dealer or play."""
    path = write(tmp_path, "club.tpgn", PLAYED + "\n" + BAD + "\n" + GOOD)
    report = tmp_path / "report.jsonl"
    argv = ["convert", "--to", "lossy", str(path), "--report", str(report)]
    assert main(argv) == 1  # the unreadable deal
    out = capsys.readouterr()
    assert out.out == "slovenian-4 S\nslovenian-4 W\nslovenian-4 N\nslovenian-4 E\nslovenian-4 N\n"
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 6
    assert lines[0] == {"kind": "lost", "format": "lossy", "file": str(path), "record": 1,
                        "field": "tricks", "line": 1,
                        "message": "the play (12 tricks) is not carried"}  # fmt: skip
    kinds = [(d["kind"], d["record"]) for d in lines]
    assert kinds == [("lost", 1), ("lost", 2), ("lost", 3), ("lost", 4), ("error", 5),
                     ("guessed", 6)]  # fmt: skip
    assert lines[4] == {"kind": "error", "code": "E104", "file": str(path), "record": 5,
                        "line": 158, "message": lines[4]["message"]}  # fmt: skip
    assert lines[4]["message"].startswith("'H9' is not a card of the 54-card pack")
    err = out.err.splitlines()
    assert err[0].startswith(f"{path}:158:11: E104 'H9' is not a card")
    assert err[-3:] == [
        "tarokpgn convert: 5 deals converted to lossy, 1 not converted; 1 guessed, 4 lost",
        "  4× lost (lossy, tricks): the play (12 tricks) is not carried",
        "  1× guessed (lossy, Dealer): no dealer: N assumed",
    ]


def test_strict(tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "d.tpgn", PLAYED)
    assert main(["convert", "--to", "lossy", str(path)]) == 0
    assert main(["convert", "--to", "lossy", "--strict", str(path)]) == 1
    assert main(["convert", "--to", "json", "--strict", str(path)]) == 0  # nothing lost
    lossless = write(tmp_path, "g.tpgn", GOOD.replace("[Variant", '[Dealer "N"]\n[Variant'))
    assert main(["convert", "--to", "lossy", "--strict", str(lossless)]) == 0
    err = capsys.readouterr().err
    assert err.count("4 deals converted to lossy; 4 lost") == 2
    assert "json" not in err and "1 deals" not in err  # nothing to say: no summary


def test_summary_groups_by_format_and_field(capsys: pytest.CaptureFixture[str]) -> None:
    """Messages that differ within one field are one group; more than five groups are
    counted, not listed; more than MAX_GROUPS are not kept apart (memory stays bounded)."""
    tally = Tally()
    notes = Notes(sink=tally.note)
    for i in range(3):
        notes.add(GUESSED, f"dealer of deal {i}", format="sheet", field="dealer")
    for i in range(MAX_GROUPS + 500):
        notes.add(LOST, f"column {i} is not understood", format="sheet", field=f"column {i}")
    assert len(tally.groups) == MAX_GROUPS + 1  # the last 501 columns counted together
    lines = tally.summary(notes, 7, "tpgn")
    assert lines[0] == "tarokpgn convert: 7 deals converted to tpgn; 3 guessed, 1500 lost"
    assert lines[1] == "  501× lost (various): column 999 is not understood (and similar)"
    assert lines[2] == "  3× guessed (sheet, dealer): dealer of deal 0 (and similar)"
    assert lines[3] == "  1× lost (sheet, column 0): column 0 is not understood"
    assert lines[-1] == f"  … and {MAX_GROUPS + 1 - 5} other kinds of note (with --report FILE)"
    assert len(lines) == 7


def test_unreadable_deals_among_good_ones_in_any_format(
    tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad deal in a fake-format file and a file the fake reader rejects: located, the good
    deals of every input converted."""
    fake = write(tmp_path, "a.fake", MAGIC + b"\n" + (GOOD + "\n" + BAD + "\n" + GOOD).encode())
    wrong = write(tmp_path, "b.fake", b"hand N HK ?\n")
    tpgn = write(tmp_path, "c.tpgn", GOOD)
    assert main(["convert", "--to", "jsonl", str(fake), str(wrong), str(tpgn)]) == 1
    out = capsys.readouterr()
    assert [json.loads(line)["source"]["file"] for line in out.out.splitlines()] == [
        str(fake), str(fake), str(tpgn)]  # fmt: skip
    err = [line for line in out.err.splitlines() if not line.startswith(" ")]  # no carets
    assert err[0].startswith(f"{fake}:9:11: E104 ")
    assert err[1] == f"{wrong}:1: E301 first line: not FAKE1"
    assert err[2] == "tarokpgn convert: 3 deals converted to jsonl, 2 not converted; " + (
        "nothing lost or guessed"
    )


def test_a_reader_that_fails_costs_the_rest_of_its_input_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def fragile(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
        yield from iter_records(GOOD, name)
        raise RuntimeError("reader bug")

    with saved_formats():
        register_format(Format("fragile", "fails after one deal", read=fragile,
                               sniff=lambda head: head.startswith(b"FRAGILE")))  # fmt: skip
        bad = write(tmp_path, "x.txt", "FRAGILE")
        assert main(["convert", "--to", "tpgn", str(bad), str(EXAMPLES / "czech-4.tpgn")]) == 1
    out = capsys.readouterr()
    assert out.out.count("end\n") == 2
    assert out.err.startswith(f"{bad}: E100 tarokpgn failed on this record (RuntimeError: reader")


def test_a_writer_that_fails_stops_at_its_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def fragile(records: Iterable[Record], notes: Notes) -> Iterator[str]:
        for record in records:
            if record.get("Deal") == "3":
                raise RuntimeError("writer bug")
            yield record.get("Deal") + "\n"

    with saved_formats():
        register_format(Format("fragile", "fails on deal 3", write=fragile))
        assert main(["convert", "--to", "fragile", str(EXAMPLES / "slovenian-4.tpgn")]) == 1
    out = capsys.readouterr()
    assert out.out == "1\n2\n"
    err = out.err.splitlines()
    assert err[0].startswith(f"{EXAMPLES / 'slovenian-4.tpgn'}:79: E100 tarokpgn failed")
    assert err[1] == "tarokpgn convert: stopped there; the deals after it were not converted"
    assert err[2].startswith("tarokpgn convert: 2 deals converted to fragile, 1 not converted")


def test_detection_in_the_command(
    tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """By content (JSON in a .txt file, FAKE1 in a .tpgn file), by name (.jsonl), TPGN else."""
    assert main(["convert", "--to", "json", str(EXAMPLES / "czech-4.tpgn")]) == 0
    as_json = capsys.readouterr().out
    paths = [
        write(tmp_path, "a.txt", as_json),
        write(tmp_path, "b.tpgn", MAGIC + b"\n" + (EXAMPLES / "czech-4.tpgn").read_bytes()),
        write(tmp_path, "c.lines", as_json),
        write(tmp_path, "d.unknown", (EXAMPLES / "czech-4.tpgn").read_bytes()),
    ]
    assert main(["convert", "--to", "tpgn", *map(str, paths)]) == 0
    expected = (EXAMPLES / "czech-4.tpgn").read_text()
    assert capsys.readouterr().out == "\n".join([expected] * 4)
    assert main(["convert", "--from", "jsonl", "--to", "tpgn", str(paths[0])]) == 1  # forced
    assert "E110" in capsys.readouterr().err


def test_verify_reads_any_registered_format(
    tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "club.txt", MAGIC + b"\n" + PLAYED.encode())
    assert main(["verify", "-q", str(path)]) == 0
    assert capsys.readouterr().out == "4 deals verified: 4 OK, 0 incomplete, 0 with problems\n"
    assert main(["check", "--from", "fake", str(path)]) == 0
    assert main(["check", "--from", "tpgn", str(path)]) == 1  # FAKE1 is no TPGN


def test_usage_errors(tmp_path: Path, fakes: None, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(EXAMPLES / "czech-4.tpgn")
    assert main(["convert", source]) == 2
    assert "--to FORMAT is required" in capsys.readouterr().err
    assert main(["convert", "--to", "nope", source]) == 2
    assert "unknown output format 'nope' (writable: json, jsonl, lossy" in capsys.readouterr().err
    assert main(["convert", "--to", "fake", source]) == 2  # fake reads only
    assert "format 'fake' can only be read, not written (writable: json, jsonl, lossy" in (
        capsys.readouterr().err
    )
    assert main(["convert", "--from", "lossy", "--to", "json", source]) == 2  # lossy writes only
    assert "format 'lossy' can only be written, not read (readable: auto, fake, json" in (
        capsys.readouterr().err
    )
    assert main(["convert", source, "-o", str(tmp_path / "out.unknown")]) == 2
    assert main(["convert", source, "-o", str(tmp_path / "out.lossy")]) == 0  # from -o
    assert (tmp_path / "out.lossy").read_text() == "czech-4 W\n"
    assert main(["convert", "--to", "json", source, "--report", str(tmp_path / "no/dir")]) == 2


def write_picky(records: Iterable[Record], notes: Notes) -> Iterator[str]:
    """Only deals with a dealer; the others are left out (SKIPPED)."""
    for record in records:
        if not record.dealer:
            notes.about(record, "picky")(SKIPPED, "record skipped: no dealer", "Dealer")
            continue
        yield f"{record.get('Deal')}\n"


def test_records_a_writer_leaves_out_are_not_converted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding: a writer's skipped records were counted as converted, exit 0."""
    path = write(tmp_path, "d.tpgn", PLAYED + "\n" + GOOD + "\n" + GOOD)
    report = tmp_path / "r.jsonl"
    with saved_formats():
        register_format(Format("picky", "deals with a dealer", write=write_picky))
        assert main(["convert", "--to", "picky", str(path), "--report", str(report)]) == 1
        out = capsys.readouterr()
        assert out.out == "1\n2\n3\n4\n"
        assert out.err.splitlines() == [
            "tarokpgn convert: 4 deals converted to picky, 2 left out; nothing lost or guessed",
            "  2× skipped (picky, Dealer): record skipped: no dealer",
        ]
        kinds = [json.loads(line)["kind"] for line in report.read_text().splitlines()]
        assert kinds == ["skipped", "skipped"]
        only = write(tmp_path, "g.tpgn", GOOD)
        assert main(["convert", "--to", "picky", str(only)]) == 1
        assert capsys.readouterr().err.startswith(
            "tarokpgn convert: 0 deals converted to picky, 1 left out;"
        )
    assert SKIPPED == "skipped" and SKIPPED in registry.KINDS


def test_taroky_counts_other_variants_as_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user's case: Slovenian deals to taroky write nothing, and say so."""
    assert main(["convert", "--to", "taroky", str(EXAMPLES / "slovenian-4.tpgn")]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("tarokpgn convert: 0 deals converted to taroky, 4 left out; ")


def test_output_replaced_at_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding: -o emptied OUT before any input was read. It may now be an input too, keeps
    its permissions, and stays as it was after a usage error or an interrupt."""
    keep = write(tmp_path, "keep.tpgn", PLAYED)
    keep.chmod(0o640)
    assert main(["convert", "--to", "tpgn", str(keep), "-o", str(keep)]) == 0
    assert keep.read_text() == PLAYED and keep.stat().st_mode & 0o777 == 0o640
    missing = str(tmp_path / "nonexist.csv")
    assert main(["convert", "--to", "json", missing, str(keep), "-o", str(keep)]) == 2
    assert capsys.readouterr().err == f"tarokpgn convert: cannot read {missing}: " + (
        "No such file or directory\n"
    )
    assert keep.read_text() == PLAYED

    def interrupted(records: Iterable[Record], notes: Notes) -> Iterator[str]:
        yield "half"
        raise KeyboardInterrupt

    with saved_formats():
        register_format(Format("interrupted", "stops", write=interrupted))
        assert main(["convert", "--to", "interrupted", str(keep), "-o", str(keep)]) == 130
    assert keep.read_text() == PLAYED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.tpgn"]  # no temporary file


def test_report_that_would_overwrite_an_input_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report is written as the conversion goes: it may be neither an input nor OUT."""
    keep = write(tmp_path, "keep.tpgn", PLAYED)
    other = str(tmp_path / "other.json")
    for argv, said in [
        (["--report", str(keep)], f"{keep}: the report would overwrite an input"),
        (["-o", other, "--report", other], f"{other}: -o and --report name the same file"),
    ]:
        assert main(["convert", "--to", "json", str(keep), *argv]) == 2
        assert capsys.readouterr().err == f"tarokpgn convert: cannot write {said}\n"
    assert keep.read_text() == PLAYED and not Path(other).exists()
    out = tmp_path / "out.json"
    assert main(["convert", "--to", "json", str(keep), "-o", str(out), "--report", "-"]) == 0
    assert json.loads(out.read_text())[0]["tags"]["Variant"] == "slovenian-4"


def test_output_that_cannot_be_replaced_is_written_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link (or a device) as OUT: the text is copied into it at the end, so it too may be an
    input and is untouched by a usage error; a folder is refused at once."""
    keep = write(tmp_path, "keep.tpgn", PLAYED)
    link = tmp_path / "link.tpgn"
    link.symlink_to(keep)
    assert main(["convert", "--to", "json", str(tmp_path / "new.tpgn"), "-o", str(link)]) == 2
    assert keep.read_text() == PLAYED
    assert main(["convert", "--to", "json", str(link), "-o", str(link)]) == 0
    assert link.is_symlink() and json.loads(keep.read_text())[3]["tags"]["Deal"] == "4"
    capsys.readouterr()
    assert main(["convert", "--to", "json", str(keep), "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"tarokpgn convert: cannot write {tmp_path}: Is a directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.tpgn", "link.tpgn"]


def test_list_formats(fakes: None, capsys: pytest.CaptureFixture[str]) -> None:
    def needs(stream: IO[bytes], name: str, notes: Notes) -> Iterator[Record | NotationError]:
        yield NotationError("E302", 'pip install "moon[dust]"', file=name)

    register_format(Format("moon", "moon logs", read=needs, requires="moon[dust]"))
    register_format(Format("sun", "sun logs", read=read_fake, requires="sun"))
    assert main(["convert", "--list-formats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["format", "read", "write", "extensions", "variants", "requires",
                                "available", "summary"]  # fmt: skip
    rows = {line.split()[0]: line.split(None, 6) for line in lines[1:]}
    assert rows["tpgn"][:6] == ["tpgn", "yes", "yes", ".tpgn", "any", "-"]
    assert rows["lossy"][:6] == ["lossy", "-", "yes", ".lossy", "any", "-"]
    assert rows["moon"][6].startswith("needs: pip install 'moon[dust]'  moon logs")
    assert rows["sun"][6].startswith("yes")
    assert len({line.index("summary") if "summary" in line else 0 for line in lines[:1]}) == 1


def test_the_documented_list_of_formats_is_the_real_one() -> None:
    """docs/convert.rst's --list-formats sample: every format, with its real columns (the
    availability aside: it depends on what is installed) and its summary, maybe cut at (…)."""
    text = (ROOT / "docs" / "convert.rst").read_text(encoding="utf-8")
    block = text.split("$ tarokpgn convert --list-formats\n", 1)[1].split("\n\n", 1)[0]
    shown = [line.strip().split("  ") for line in block.splitlines()[1:]]
    shown = [[cell.strip() for cell in row if cell.strip()] for row in shown]
    real = {fmt.name: format_row(fmt) for fmt in all_formats()}
    assert [row[0] for row in shown] == list(real)
    for row in shown:
        assert tuple(row[:6]) == real[row[0]][:6]
        assert real[row[0]][-1].startswith(row[-1].removesuffix("(…)"))


# --- the native formats ------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["json", "jsonl", "tpgn"])
def test_native_formats_lose_nothing(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every example through ``form`` and back: the same records, no note, no summary."""
    files = sorted(EXAMPLES.glob("*.tpgn"))
    out, back, report = tmp_path / f"all.{form}", tmp_path / "back.tpgn", tmp_path / "r.jsonl"
    assert main(["convert", *map(str, files), "-o", str(out), "--report", str(report)]) == 0
    assert main(["convert", "--strict", "--to", "tpgn", str(out), "-o", str(back)]) == 0
    assert report.read_text() == "" and capsys.readouterr().err == ""
    read = [r for f in files for r in iter_file(f) if isinstance(r, Record)]
    again = [r for r in iter_file(back) if isinstance(r, Record)]
    assert len(read) == len(again) >= 15
    assert [(r.tags, r.items) for r in read] == [(r.tags, r.items) for r in again]


def test_native_golden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import-form file with an unreadable deal: its JSON Lines, stderr and report."""
    monkeypatch.chdir(ROOT)
    source = (GOLDEN / "mixed.tpgn").relative_to(ROOT)
    report = tmp_path / "report.jsonl"
    code = main(["convert", "--to", "jsonl", str(source), "--report", str(report)])
    out = capsys.readouterr()
    assert code == 1
    assert out.out == (GOLDEN / "mixed.jsonl").read_text(encoding="utf-8")
    assert out.err == (GOLDEN / "mixed.stderr").read_text(encoding="utf-8")
    assert report.read_text() == (GOLDEN / "mixed.report.jsonl").read_text(encoding="utf-8")


def test_note_helpers() -> None:
    """What the report's lines are made of (base.py)."""
    note = Note(LOST, "the talon is not carried", "taroky", "a.txt", 3, "talon", 0)
    assert str(note) == "a.txt record 3: lost (taroky): talon: the talon is not carried"
    assert Note(GUESSED, "x", "f", "a.csv", 2, "", 7).location() == "a.csv:7"
    seen: list[Note] = []
    notes = Notes(sink=seen.append)
    record = next(r for r in iter_records(GOOD, "g.tpgn") if isinstance(r, Record))
    notes.about(record, "f")(GUESSED, "dealer", "Dealer")
    assert seen == [Note(GUESSED, "dealer", "f", "g.tpgn", 1, "Dealer", 1)]
    assert notes.total == 1 and notes.counts == {GUESSED: 1}


def test_stdin_in_a_registered_format(
    monkeypatch: pytest.MonkeyPatch, fakes: None, capsys: pytest.CaptureFixture[str]
) -> None:
    data = MAGIC + b"\n" + (EXAMPLES / "czech-4.tpgn").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["convert", "--to", "tpgn"]) == 0
    assert capsys.readouterr().out == (EXAMPLES / "czech-4.tpgn").read_text()


# --- the plug-in example of docs/convert.rst ---------------------------------------------------


def docs_example() -> str:
    """The ``tarok_hands.py`` block of docs/convert.rst, dedented."""
    text = (ROOT / "docs" / "convert.rst").read_text(encoding="utf-8")
    block = text.split(":caption: tarok_hands.py\n\n", 1)[1].split("\nand in its ``pyproject", 1)[0]
    return "\n".join(line[3:] for line in block.splitlines()) + "\n"


def test_the_documented_plugin_works(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    info = tmp_path / "tarok_hands-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tarok-hands\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tarokpgn.formats]\nhands = tarok_hands\n")
    (tmp_path / "tarok_hands.py").write_text(docs_example())
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    try:
        with saved_formats():
            reload_formats()
            assert "plug-in hands (tarok_hands)" not in dict(load_problems())
            out = tmp_path / "deals.hands"
            assert main(["convert", str(EXAMPLES / "slovenian-4.tpgn"), "-o", str(out)]) == 0
            lines = out.read_text().splitlines()
            assert len(lines) == 4 and lines[0].startswith("slovenian-4 N:T15,T13,T12,T1,H1,")
            assert capsys.readouterr().err.startswith(
                "tarokpgn convert: 4 deals converted to hands; 4 lost\n"
                "  4× lost (hands): only the variant and hands are kept\n"
            )
            out.write_text(lines[0] + "\n\nslovenian-4 N:HK,? E\n" + lines[1] + "\n")
            assert main(["check", "-q", str(out)]) == 1
            err = capsys.readouterr().err
            assert err == f"{out}:3: E301 hand 'E' is not SEAT:CARDS\n"
            assert main(["convert", "--to", "tpgn", str(out)]) == 1
            assert capsys.readouterr().out.count("\nhand S ") == 2
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("tarok_hands", None)
        importlib.invalidate_caches()


def test_the_bundled_logs_convert_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """examples/convert/ (the demo's input): every log converts, and the records verify with no
    finding but the score sheet's klop, which a sheet cannot score (outcome-not-scored)."""
    pytest.importorskip("pyspiel")
    from tarokpgn.replay import verify_all

    logs = sorted(str(p) for p in (ROOT / "examples" / "convert").iterdir())
    out = tmp_path / "converted.tpgn"
    assert main(["convert", "--to", "tpgn", *logs, "-o", str(out)]) == 0
    verdicts = [v for _, v in verify_all(r for r in iter_file(out) if isinstance(r, Record))]
    assert len(verdicts) == 9  # 3 OpenSpiel games, 1 deal code, 5 score sheet rows
    codes = [p.code for v in verdicts for p in v.problems]
    assert codes == ["outcome-not-scored"]
    assert [v.status.value for v in verdicts].count("ok") == 7  # the deal code has no play
