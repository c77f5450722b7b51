"""What ``tarokpgn verify`` and ``tarokpgn check`` import before their first deal (issue 21).

A TPGN file in export form needs neither Lark (the fallback reader of other text), nor the JSON
form and its schema, nor the plug-ins' entry points (``importlib.metadata``'s scan of every
installed distribution), nor the other formats' modules: each command runs in a fresh
interpreter and tells which modules it ended with. What does need them still gets them: a record
only the Lark reader reads, a JSON input, a file that TPGN does not claim, a plug-in format
named with ``--from``. And :func:`~tarokpgn.convert.format_to_read`, which takes TPGN without
the plug-ins, gives what detection over every format gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tarokpgn.cli import main
from tarokpgn.convert import (
    Format,
    Notes,
    detect,
    find_format,
    format_to_read,
    register_format,
    unregister_format,
)
from tarokpgn.errors import NotationError
from tarokpgn.model import Record

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SAMPLE = EXAMPLES / "sample-archive" / "czech-4" / "2024-01.tpgn"
"""40 deals in export form."""
IMPORT_FORM = EXAMPLES / "import-form.tpgn"
"""One record only the Lark reader reads."""

RUN = """
import json, runpy, sys
out = sys.argv.pop(1)
code = None
try:
    runpy.run_module("tarokpgn", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
with open(out, "w", encoding="utf-8") as f:
    json.dump({"code": code, "modules": sorted(sys.modules)}, f)
"""
"""``python -c RUN OUT ARGS…``: ``python -m tarokpgn ARGS…``, then its exit status and the
names of the modules it imported written to the file ``OUT``."""

NOT_FOR_TPGN = (
    "lark",
    "jsonschema",
    "importlib.metadata",
    "tarokpgn.notation.jsonform",
    "tarokpgn.notation.parser",
    "tarokpgn.convert.openspiel",
)
"""What reading a TPGN file in export form must not import."""


def run(
    tmp_path: Path, *args: str, stdin: Path | None = None, path: str = ""
) -> tuple[int, set[str], str, str]:
    """``python -m tarokpgn ARGS`` in a fresh interpreter (``path`` before ``sys.path``): its
    exit status, the modules it imported, its standard output and error."""
    out = tmp_path / "modules.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    if path:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [path, env.get("PYTHONPATH")]))
    with open(stdin or os.devnull, "rb") as given:
        proc = subprocess.run(
            [sys.executable, "-c", RUN, str(out), *args],
            stdin=given, capture_output=True, text=True, env=env, check=False,
        )  # fmt: skip
    found = json.loads(out.read_text(encoding="utf-8"))
    return found["code"], set(found["modules"]), proc.stdout, proc.stderr


@pytest.mark.parametrize("command", ["verify", "check"])
def test_a_tpgn_file_imports_only_the_fast_reader(tmp_path: Path, command: str) -> None:
    code, modules, out, err = run(tmp_path, command, str(SAMPLE))
    assert (code, err) == (0, "")
    assert "40 deals" in out
    assert "tarokpgn.notation.fastreader" in modules
    assert sorted(modules.intersection(NOT_FOR_TPGN)) == []


def test_standard_input_in_tpgn_imports_only_the_fast_reader(tmp_path: Path) -> None:
    code, modules, out, _ = run(tmp_path, "check", stdin=SAMPLE)
    assert (code, out) == (0, "40 deals read, 0 with problems\n")
    assert sorted(modules.intersection(NOT_FOR_TPGN)) == []


def test_index_reads_a_tpgn_file_without_lark(tmp_path: Path) -> None:
    """With one job the reading runs in the command's process (workers are forked from it)."""
    db = tmp_path / "a.duckdb"
    code, modules, _, err = run(tmp_path, "index", "--db", str(db), "-q", "-j", "1", str(SAMPLE))
    assert (code, err) == (0, "")
    assert "tarokpgn.notation.fastreader" in modules
    lark_or_json = {"lark", "jsonschema", "tarokpgn.notation.jsonform", "tarokpgn.notation.parser"}
    assert sorted(modules & lark_or_json) == []


def test_a_record_in_import_form_still_reads_with_lark(tmp_path: Path) -> None:
    code, modules, out, err = run(tmp_path, "check", str(IMPORT_FORM))
    assert (code, out, err) == (0, "1 deals read, 0 with problems\n", "")
    assert {"lark", "tarokpgn.notation.parser"} <= modules
    assert "importlib.metadata" not in modules  # it starts with a tag pair: TPGN for sure


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_json_input_still_reads(tmp_path: Path, suffix: str) -> None:
    converted = tmp_path / f"deals{suffix}"
    assert main(["convert", str(SAMPLE), "-o", str(converted)]) == 0
    code, modules, out, err = run(tmp_path, "verify", str(converted))
    assert (code, err) == (0, "")
    assert out.endswith("40 deals verified: 40 OK, 0 incomplete, 0 with problems\n")
    assert {"tarokpgn.notation.jsonform", "importlib.metadata"} <= modules


def test_an_empty_file_still_asks_the_plugins(tmp_path: Path) -> None:
    """TPGN does not claim an empty input: every format, plug-ins too, is asked."""
    empty = tmp_path / "empty.tpgn"
    empty.write_bytes(b"")
    code, modules, out, _ = run(tmp_path, "verify", str(empty))
    assert (code, out) == (0, "0 deals verified: 0 OK, 0 incomplete, 0 with problems\n")
    assert {"importlib.metadata", "tarokpgn.convert.openspiel"} <= modules
    assert "lark" not in modules


PLUGIN = """
from tarokpgn.convert import Format
from tarokpgn.errors import NotationError

def read(stream, name, notes):
    yield NotationError("E301", "read by the plug-in", file=name, record=1, line=1)

FORMATS = (Format("startup-fake", "FAKE1 files", read=read, extensions=(".fake",),
                  sniff=lambda head: head.startswith(b"FAKE1")),)
"""


@pytest.fixture
def plugin(tmp_path: Path) -> str:
    """A folder holding a distribution whose ``tarokpgn.formats`` entry point gives the format
    ``startup-fake``: for ``PYTHONPATH`` of a child process (this one is left alone)."""
    folder = tmp_path / "site"
    info = folder / "startup_fake-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: startup-fake\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tarokpgn.formats]\nfake = startup_fake\n")
    (folder / "startup_fake.py").write_text(PLUGIN)
    return str(folder)


@pytest.mark.parametrize("name", ["deals.txt", "deals.tpgn"])
def test_a_plugin_still_claims_what_tpgn_does_not(tmp_path: Path, plugin: str, name: str) -> None:
    """Content TPGN does not claim goes to the plug-in that does, even named ``.tpgn``."""
    deals = tmp_path / name
    deals.write_bytes(b"FAKE1\nhand N HK\n")
    code, modules, _, err = run(tmp_path, "check", "-q", str(deals), path=plugin)
    assert (code, err) == (1, f"{deals}:1: E301 read by the plug-in\n")
    assert "startup_fake" in modules


def test_a_plugin_is_found_by_name(tmp_path: Path, plugin: str) -> None:
    code, modules, _, err = run(tmp_path, "check", "-q", "--from", "startup-fake", str(SAMPLE),
                                path=plugin)  # fmt: skip
    assert (code, err) == (1, f"{SAMPLE}:1: E301 read by the plug-in\n")


def test_tpgn_is_read_without_the_installed_plugin(tmp_path: Path, plugin: str) -> None:
    code, modules, out, _ = run(tmp_path, "check", str(SAMPLE), path=plugin)
    assert (code, out) == (0, "40 deals read, 0 with problems\n")
    assert "startup_fake" not in modules and "importlib.metadata" not in modules


# --- format_to_read gives what detection over every format gives ---------------------------


def read_nothing(stream: object, name: str, notes: Notes) -> Iterator[Record | NotationError]:
    yield from ()


RIVALS = {
    "none": (),
    "tpgn-twin": (Format("twin", "claims tag pairs, named .tpgn", read=read_nothing,
                         extensions=(".tpgn",), sniff=lambda head: head.startswith(b"[")),),
    "greedy-txt": (Format("greedy", "claims anything, named .txt", read=read_nothing,
                          extensions=(".txt",), sniff=lambda head: True),),
    "two-nameless": tuple(Format(f"nameless{i}", "claims tag pairs, no name", read=read_nothing,
                                 sniff=lambda head: head.startswith(b"[")) for i in (1, 2)),
}  # fmt: skip
"""Formats that compete with TPGN for its own inputs, as plug-ins might."""
HEADS = (b'[Event "x"]\n', b"{ a comment }\nhand N", b"", b"hand N HK", b'[{"tags": {}}]')
NAMES = ("d.tpgn", "d.TPGN", "d.txt", "d.json", "<stdin>", "deals")


@pytest.mark.parametrize("rivals", sorted(RIVALS))
def test_format_to_read_is_detection_or_tpgn(rivals: str) -> None:
    tpgn = find_format("tpgn")
    for fmt in RIVALS[rivals]:
        register_format(fmt)
    try:
        got = {(n, h): format_to_read(n, h) for n in NAMES for h in HEADS}
        expected = {(n, h): detect(n, h) or tpgn for n in NAMES for h in HEADS}
        undecided = [(n, h) for n in NAMES for h in HEADS if detect(n, h) is None]
    finally:
        for fmt in RIVALS[rivals]:
            unregister_format(fmt.name)
    assert got == expected
    if rivals == "tpgn-twin":  # the case the shortcut must get right: detection undecided
        assert ("d.tpgn", HEADS[0]) in undecided and got["d.tpgn", HEADS[0]] is tpgn
