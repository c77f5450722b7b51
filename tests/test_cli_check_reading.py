"""What ``check`` and ``verify`` do before and around the deals (issue 21): a regular file is
read in blocks and gives the records reading it line by line gives, and a command imports only
its own module (not the archive's pyarrow and DuckDB) yet parses and helps as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tarokpgn.cli import COMMANDS, build_parser, named_command
from tarokpgn.cli import _io as cli_io
from tarokpgn.cli._io import Reporter, read_inputs
from tarokpgn.generate import generate
from tarokpgn.notation import iter_records, write_records

ROOT = Path(__file__).resolve().parents[1]


def as_read(results: list[object]) -> list[tuple[str, object]]:
    """Records as themselves (with their Source), errors by their located message."""
    return [(type(r).__name__, str(r) if isinstance(r, Exception) else r) for r in results]


def mixed_file(tmp_path: Path) -> Path:
    """Generated deals in export form, one in import form (the Lark reader's), an unreadable
    one, a CRLF one, blank lines between and no line feed at the end."""
    deals = list(generate("czech-4", n=6, seed=5))
    text = "".join(write_records(deals))
    pieces = text.split("\n\n[")
    pieces[2] = pieces[2].replace("\n", "\r\n")
    text = "\n\n\n[".join(pieces)
    text += '\n[Variant "slovenian-4"]\n\nhand N ZZ\nend\n'
    text += (ROOT / "examples" / "import-form.tpgn").read_text(encoding="utf-8").rstrip("\n")
    path = tmp_path / "mixed.tpgn"
    path.write_bytes(text.encode())
    return path


def read_both(path: Path) -> tuple[list[tuple[str, object]], list[tuple[str, object]]]:
    """``path`` read by the commands (in blocks) and line by line, as before."""
    with path.open("rb") as handle:
        expected = as_read(list(iter_records(handle, str(path))))
    return as_read([r for _name, r in read_inputs([str(path)], Reporter())]), expected


@pytest.mark.parametrize("block", [64, 1000, 1 << 22])
def test_a_file_in_blocks_reads_as_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    """Blocks smaller than a record, about one, and the reader's own size: the same records
    (sources, line numbers, hashes) and the same errors as reading the open file line by
    line."""
    monkeypatch.setattr(cli_io, "BLOCK_SIZE", block)
    got, expected = read_both(mixed_file(tmp_path))
    assert got == expected
    kinds = [kind for kind, _r in got]
    assert kinds.count("Record") == 7 and len(kinds) == 8, kinds


@pytest.mark.parametrize("block", [3_000_017])
def test_a_large_file_in_blocks_reads_as_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    """A file over the reader's block size (4 MB): blocks end inside a record, which waits for
    the next block."""
    monkeypatch.setattr(cli_io, "BLOCK_SIZE", block)
    deals = "".join(write_records(generate("slovenian-4", n=20, seed=3))) + "\n"
    path = mixed_file(tmp_path)
    copies = (1 << 22) // len(deals.encode()) + 50
    path.write_bytes((deals * copies).encode() + path.read_bytes())
    got, expected = read_both(path)
    assert got == expected and len(got) == 20 * copies + 8, (len(got), copies)


def test_only_a_regular_file_is_read_in_blocks(tmp_path: Path) -> None:
    path = mixed_file(tmp_path)
    with path.open("rb") as handle:
        assert cli_io._regular(handle)
    with subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        assert not cli_io._regular(proc.stdout)
        proc.stdout.read()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_alone_parses_and_helps_as_among_all(command: str) -> None:
    def help_of(parser: object) -> str:
        sub = parser._subparsers._group_actions[0].choices[command]  # type: ignore[attr-defined]
        return str(sub.format_help())

    assert help_of(build_parser(command)) == help_of(build_parser())


def test_the_command_named_first() -> None:
    assert named_command(["verify", "x.tpgn"]) == "verify"
    assert named_command(["--no-color", "--no-color", "check"]) == "check"
    assert named_command(["--help"]) is None
    assert named_command(["--no-color", "--version"]) is None
    assert named_command(["verfy"]) is None
    assert named_command([]) is None


def test_check_and_verify_leave_the_archive_modules_unloaded() -> None:
    """``tarokpgn check`` and ``verify`` (output not to a terminal) import neither DuckDB nor
    pyarrow (about a second of CPU before the first deal when every command's module was
    imported) nor rich (a tenth of one)."""
    code = (
        "import sys\n"
        "from tarokpgn.cli import main\n"
        "for argv in (['check', '-q', 'examples/czech-4.tpgn'], ['verify', '--json', "
        "'examples/czech-4.tpgn']):\n"
        "    assert main(argv) == 0, argv\n"
        "print(sorted({'duckdb', 'pyarrow', 'rich', 'tarokpgn.archive'} & set(sys.modules)))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert run.stdout.splitlines()[-1] == "[]"
