"""The command as a person meets it at a terminal and in pipes: a subcommand's usage on a bad
option, colour on a terminal only (``NO_COLOR``, ``--no-color``), standard input recognised as
JSON or TPGN however it starts, ``verify -q``/``-qq``.

Terminal runs use a real pseudo-terminal (:mod:`pty`) and pipes real processes; the in-process
tests cover the many inputs cheaply."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import shlex
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import pytest

from tarokpgn.archive.store import QueryResult
from tarokpgn.cli import COMMANDS, main
from tarokpgn.cli._io import json_form, sniff
from tarokpgn.cli._style import colour_choice
from tarokpgn.cli._table import print_result
from tarokpgn.model import Record
from tarokpgn.notation import iter_file, write_records
from tarokpgn.notation.jsonform import dumps

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden"
RENONS = EXAMPLES / "renons.tpgn"  # one deal: RENONS, a problem settled by the judgement
FOLLOW = GOLDEN / "slovenian" / "v-follow-suit.tpgn"  # one deal: ILLEGAL (follow-suit)
INCOMPLETE = EXAMPLES / "slovenian-3.tpgn"  # one deal: INCOMPLETE
OKAY = EXAMPLES / "czech-4.tpgn"  # one deal: OK
BAD = '[Variant "slovenian-4"]\n\nhand N HK H9\nend\n'  # E104 at 3:11
ANSI = re.compile(r"\x1b\[[0-9;]*m")
ESC = "\x1b["


def paint(text: str, sgr: str) -> str:
    """``text`` as a terminal gets it in the SGR attributes ``sgr`` (``1;32``: bold green)."""
    return f"\x1b[{sgr}m{text}\x1b[0m"


GREEN, RED, YELLOW, MAGENTA = "1;32", "1;31", "1;33", "1;35"


def clean_env(**extra: str) -> dict[str, str]:
    """The environment with the colour switches of the test runner's own terminal removed."""
    env = {k: v for k, v in os.environ.items() if k not in (
        "NO_COLOR", "FORCE_COLOR", "COLORTERM", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
        "CLICOLOR_FORCE", "COLUMNS", "LINES")}  # fmt: skip
    env.update({"TERM": "xterm-256color", "PYTHONIOENCODING": "utf-8", **extra})
    return env


def on_terminal(*argv: str, **env: str) -> tuple[int, str]:
    """Run ``python -m tarokpgn ARGV`` with standard output and error on a pseudo-terminal
    (its line discipline told not to turn LF into CR LF); the exit status and what it shows."""
    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[1] &= ~termios.ONLCR
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    with subprocess.Popen(
        [sys.executable, "-m", "tarokpgn", *argv], cwd=ROOT, env=clean_env(**env),
        stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
    ) as proc:  # fmt: skip
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        os.close(master)
    return proc.returncode, b"".join(chunks).decode("utf-8")


def piped(command: str) -> subprocess.CompletedProcess[bytes]:
    """A shell command line as a user types it (``tarokpgn`` is ``python -m tarokpgn``)."""
    tarokpgn = f"{shlex.quote(sys.executable)} -m tarokpgn"
    command = re.sub(r"(^|\| )tarokpgn ", lambda m: f"{m[1]}{tarokpgn} ", command)
    return subprocess.run(
        command, shell=True, cwd=ROOT, env=clean_env(),
        stdin=subprocess.DEVNULL, capture_output=True, check=False,
    )  # fmt: skip


# --- usage errors ------------------------------------------------------------------------------

REQUIRED = {
    "check": [], "fmt": [], "convert": ["--to", "json"], "verify": [],
    "generate": ["--variant", "slovenian-4"], "index": ["deals"], "query": ["SELECT 1"],
    "stats": [], "export": ["--parquet", "out"], "renons": ["deals.tpgn"],
    "plot": ["contracts", "--out", "c.svg"], "show": ["deals.tpgn"],
    "tournament": ["standings", "cup"],
    "record": ["match.tpgn"],
}  # fmt: skip
"""What each command needs before an unknown option can be its only mistake."""


def test_every_command_is_tried() -> None:
    assert set(REQUIRED) == set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("where", ["after", "before"])
def test_unknown_option_prints_the_commands_usage(
    command: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*REQUIRED[command], "--bogus"] if where == "after" else ["--bogus", *REQUIRED[command]]
    assert main([command, *args]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith(f"usage: tarokpgn {command} [-h]")
    assert out.err.endswith(f"tarokpgn {command}: error: unrecognized arguments: --bogus\n")


def test_unknown_option_before_the_command_is_the_top_level_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--bogus", "verify"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tarokpgn [-h]") and "unrecognized arguments: --bogus" in err


def test_unknown_option_as_a_user_sees_it() -> None:
    run = piped("tarokpgn verify examples/czech-4.tpgn --bogus")
    assert run.returncode == 2 and run.stdout == b""
    lines = run.stderr.decode().splitlines()
    assert lines[0].startswith("usage: tarokpgn verify [-h] [--from FORMAT]")
    assert lines[-1] == "tarokpgn verify: error: unrecognized arguments: --bogus"


# --- colour ------------------------------------------------------------------------------------


def plain_output(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``tarokpgn ARGV`` writes to a pipe (standard output and error), run in-process."""
    capsys.readouterr()
    main(list(argv))
    out = capsys.readouterr()
    return out.err + out.out


def test_colour_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """Statuses, problem codes and the summary's counts in colour; the words are those of a
    pipe. An empty ``NO_COLOR`` does not count (https://no-color.org)."""
    args = ["verify", "--renons", str(RENONS), str(INCOMPLETE), str(FOLLOW), str(OKAY)]
    code, shown = on_terminal(*args, NO_COLOR="")
    assert code == 1
    lines = shown.splitlines()
    assert lines[0].endswith(f"] {paint('(settled by the renons judgement)', MAGENTA)}")
    assert f": {paint('follow-suit', MAGENTA)} trick 7:" in lines[0]
    assert f"deal 5: {paint('RENONS', MAGENTA)} three by E with N;" in lines[1]
    assert lines[2].startswith(f"    {paint('renons', MAGENTA)} by W at trick 7 ")
    assert f"deal 7: {paint('INCOMPLETE', YELLOW)} two by E;" in lines[3]
    assert f":24: {paint('follow-suit', RED)} trick 2:" in lines[4]
    assert f"deal 4: {paint('ILLEGAL', RED)} three by N" in lines[5]
    assert f"deal 11: {paint('OK', GREEN)} first-duty" in lines[7]
    assert lines[8] == (
        f"4 deals verified: {paint('1 OK', GREEN)}, "
        f"{paint('1 settled by a proven renons', MAGENTA)}, {paint('1 incomplete', YELLOW)}, "
        f"{paint('1 with problems', RED)}"
    )
    plain = plain_output(capsys, *args)
    assert ESC not in plain and ANSI.sub("", shown) == plain


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["verify", str(RENONS), str(FOLLOW)], {"NO_COLOR": "1"}),
        (["--no-color", "verify", str(RENONS), str(FOLLOW)], {}),
        (["verify", "--no-color", str(RENONS), str(FOLLOW)], {}),
        (["verify", str(RENONS), str(FOLLOW)], {"TERM": "dumb"}),
    ],
    ids=["NO_COLOR", "--no-color", "verify --no-color", "TERM=dumb"],
)
def test_no_colour(
    argv: list[str], env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, shown = on_terminal(*argv, **env)
    assert code == 1 and ESC not in shown
    assert shown == plain_output(capsys, "verify", str(RENONS), str(FOLLOW))


def test_check_codes_in_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.tpgn"
    bad.write_text(BAD, encoding="utf-8")
    code, shown = on_terminal("check", str(bad))
    assert code == 1
    assert shown.startswith(f"{bad}:3:11: {paint('E104', RED)} ")
    assert shown.endswith(f"1 deals read, {paint('1 with problems', RED)}\n")
    plain = plain_output(capsys, "check", str(bad))
    assert ANSI.sub("", shown) == plain and ESC not in plain


def test_renons_findings_in_the_colour_of_verify(capsys: pytest.CaptureFixture[str]) -> None:
    code, shown = on_terminal("renons", str(RENONS))
    assert code == 0
    assert f"Finding: {paint('PROVEN', MAGENTA)}.\n" in shown
    plain = plain_output(capsys, "renons", str(RENONS))
    assert ANSI.sub("", shown) == plain and ESC not in plain


class Terminal(io.StringIO):
    """Standard output that says it is a terminal (for the in-process tests)."""

    def isatty(self) -> bool:
        return True


def test_every_golden_verdict_reads_the_same_in_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over every golden deal and example, the coloured report is the plain one with escape
    codes around words: every status and every problem code is painted."""
    for name in ("NO_COLOR", "FORCE_COLOR", "COLORTERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    files = sorted(map(str, [*GOLDEN.glob("*/*.tpgn"), *EXAMPLES.glob("*.tpgn")]))
    screen, pipe = Terminal(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    main(["verify", *files])
    monkeypatch.setattr(sys, "stdout", pipe)
    main(["verify", *files])
    shown, plain = screen.getvalue(), pipe.getvalue()
    assert ESC not in plain and ANSI.sub("", shown) == plain
    lines = shown.splitlines()
    assert len(files) > 150 and len(lines) == len(plain.splitlines()) > 200
    painted = [line for line in lines[:-1] if not line.startswith("    ")]  # not breakdowns
    status = re.compile(r"\x1b\[1;3[1235]m(OK|ILLEGAL|SCORE-MISMATCH|INCOMPLETE|RENONS)\x1b\[0m")
    code = re.compile(r": \x1b\[(1;31|1;35|33)m[a-z-]+\x1b\[0m[ ]")
    assert all(status.search(line) or code.search(line) for line in painted), painted[:3]
    assert len(painted) > 200


@pytest.mark.parametrize("no_color", [False, True])
def test_status_column_of_a_table(no_color: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``query`` and ``stats`` on a terminal: statuses in the colours of ``verify``."""
    for name in ("NO_COLOR", "FORCE_COLOR", "COLORTERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    screen = Terminal()
    result = QueryResult(["variant", "status"], [("slovenian-4", "renons"), ("czech-4", "ok")])
    with colour_choice(no_color):
        print_result(result, out=screen)
    shown = screen.getvalue()
    assert "│ slovenian-4 │ renons │" in ANSI.sub("", shown)
    assert (paint("renons", MAGENTA) in shown and paint("ok    ", GREEN) in shown) != no_color
    assert ("\x1b[1;3" in shown) != no_color  # no colour, though rich keeps the bold header


# --- standard input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("head", "at_end", "expected"),
    [
        (b"", True, "tpgn"),
        (b"", False, None),
        (b"\xef\xbb", False, None),
        (b"\xef\xbb", True, "tpgn"),
        (b'[Event "x"]', False, "tpgn"),
        (b"hand N HK", False, "tpgn"),
        (b"{ a comment } [Event", False, "tpgn"),
        (b"[", False, None),
        (b"[", True, "tpgn"),
        (b"[ \n\t", False, None),
        (b"[\n {", False, "json"),
        (b"[]", True, "json"),
        (b"\xef\xbb\xbf \r\n\t[ {", False, "json"),
        (b"{", False, None),
        (b'{"tpgn": 1', False, "json"),
        (b"{ }", True, "json"),
        (b"\n" * 500 + b"{\n", False, None),
        (b"\n" * 500 + b'{\n "tags"', False, "json"),
    ],
)
def test_sniff(head: bytes, at_end: bool, expected: str | None) -> None:
    assert sniff(head, at_end) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [('{"a": 1}\n{"a": 2}\n', "jsonl"), ('  \n{"a": 1}', "jsonl"), ('{\n "a": 1\n}\n', "json"),
     ("[\n{}\n]", "json")],
)  # fmt: skip
def test_json_form(text: str, expected: str) -> None:
    assert json_form(text) == expected


class Trickle(io.RawIOBase):
    """A pipe whose writer is slow: the first bytes arrive one at a time, the rest at once."""

    def __init__(self, data: bytes, slow: int = 80) -> None:
        super().__init__()
        self.data, self.slow = data, slow

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = 1 if self.slow > 0 else len(buffer)
        self.slow -= 1
        piece, self.data = self.data[:size], self.data[size:]
        memoryview(buffer).cast("B")[: len(piece)] = piece
        return len(piece)


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Trickle(data))))


PREFIXES = {"none": b"", "blank lines": b"\n" * 300, "BOM": b"\xef\xbb\xbf",
            "BOM and blanks": b"\xef\xbb\xbf \t\r\n  \n"}  # fmt: skip
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.tpgn"))


def export_of(path: Path, form: str) -> str:
    """The records of ``path`` as ``convert --to FORM`` writes them."""
    records = [r for r in iter_file(path) if isinstance(r, Record)]
    return "".join(
        write_records(records) if form == "tpgn" else dumps(records, lines=form == "jsonl")
    )


@pytest.mark.parametrize("prefix", PREFIXES, ids=list(PREFIXES))
@pytest.mark.parametrize("form", ["json", "jsonl"])
def test_stdin_json_read_back_whatever_comes_first(
    prefix: str, form: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every example, converted, trickled into standard input after blanks or a BOM, reads
    back to the same records (len(EXAMPLE_FILES) cases per parameter pair)."""
    assert len(EXAMPLE_FILES) >= 10
    for path in EXAMPLE_FILES:
        stdin_of(monkeypatch, PREFIXES[prefix] + export_of(path, form).encode())
        assert main(["convert", "--to", "tpgn"]) == 0, path
        assert capsys.readouterr().out == export_of(path, "tpgn"), path


def test_stdin_one_record_spread_over_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", "--to", "json", str(OKAY)]) == 0
    record = json.loads(capsys.readouterr().out)[0]
    stdin_of(monkeypatch, json.dumps(record, indent=2, ensure_ascii=False).encode())
    assert main(["verify"]) == 0
    assert capsys.readouterr().out.endswith(
        "1 deal verified: 1 OK, 0 incomplete, 0 with problems\n"
    )


@pytest.mark.parametrize(
    "prefix", [b"", b"\xef\xbb\xbf", b"\n\n  \n" * 40, b"{ a comment before the tags }\n"]
)
def test_stdin_tpgn_whatever_comes_first(
    prefix: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_of(monkeypatch, prefix + (EXAMPLES / "slovenian-4.tpgn").read_bytes())
    assert main(["verify"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("4 deals verified: 4 OK, 0 incomplete, 0 with problems\n")


def test_stdin_lone_bracket_is_a_located_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_of(monkeypatch, b"\n[\n")
    assert main(["check"]) == 1
    assert capsys.readouterr().err.startswith("<stdin>:2:")


def test_pipe_json_back_to_tpgn() -> None:
    """``tarokpgn convert --to json f.tpgn | tarokpgn convert --to tpgn``, no ``--from``: the
    first piece through the pipe is the array's lone ``[``."""
    path = EXAMPLES / "french-5.tpgn"
    run = piped(f"tarokpgn convert --to json {path} | tarokpgn convert --to tpgn")
    assert run.returncode == 0 and run.stderr == b""
    assert run.stdout.decode() == export_of(path, "tpgn")


def test_pipe_json_to_verify(capsys: pytest.CaptureFixture[str]) -> None:
    """``tarokpgn convert --to json f.tpgn | tarokpgn verify``, no ``--from``."""
    files = [str(p) for p in EXAMPLE_FILES]
    run = piped(f"tarokpgn convert --to json {' '.join(files)} | tarokpgn verify")
    direct = plain_output(capsys, "verify", *files).splitlines()
    assert run.returncode == 0 and run.stderr == b""
    lines = run.stdout.decode().splitlines()
    assert lines[-1] == direct[-1] and lines[-1].endswith(" 0 with problems")
    assert [line.split(": ", 1)[1] for line in lines] == [line.split(": ", 1)[1] for line in direct]


# --- verify -q and -qq -------------------------------------------------------------------------


def test_verify_quiet_keeps_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "-q", str(OKAY), str(INCOMPLETE)]) == 0
    assert capsys.readouterr().out == "2 deals verified: 1 OK, 1 incomplete, 0 with problems\n"
    assert main(["verify", "-q", str(OKAY), str(FOLLOW)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in lines[:-1]] == ["follow-suit trick 2"]
    assert lines[-1] == "2 deals verified: 1 OK, 0 incomplete, 1 with problems"


def test_verify_qq_prints_problems_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "-qq", str(OKAY), str(INCOMPLETE)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["verify", "--quiet", "--quiet", str(OKAY), str(FOLLOW)]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{FOLLOW}:24: follow-suit trick 2: N played T20 ")


def test_verify_help_documents_qq(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "-q, --quiet print problems and the summary line only; -qq: problems only" in help_text
    assert "--no-color no colour" in help_text
