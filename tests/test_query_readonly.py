"""``tarokpgn query`` is read-only and bounded (issue 13): one SELECT, no files, no extensions,
time, memory and row limits, one-line errors. Driven through ``main`` like test_cli_archive."""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import pytest
from helpers.archive_fakes import write_archive

from tarokpgn.archive.readonly import Limits, one_line
from tarokpgn.cli import main


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A small archive of three synthetic deals, indexed through the CLI."""
    folder = tmp_path_factory.mktemp("ro")
    write_archive(folder / "d", 1, 3)
    path = str(folder / "a.duckdb")
    assert main(["index", "--db", path, "-q", "-j", "1", str(folder / "d")]) == 0
    return path


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    path = tmp_path / "secret.csv"
    path.write_text("a,b\n1,top-secret\n")
    return path


def query(db: str, *argv: str) -> list[str]:
    """``tarokpgn query --csv --db db *argv`` → its exit status is checked by the caller."""
    return ["query", "--db", db, "--csv", *argv]


def refused(capsys: pytest.CaptureFixture[str]) -> str:
    """Standard error of a failed query: exactly one line, no traceback."""
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("ArchiveError: ")
    return captured.err


# --- what still works -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "first"),
    [
        ("SELECT count(*) AS n FROM deals", "3"),
        ("FROM deals SELECT count(*) AS n", "3"),
        ("WITH d AS (SELECT * FROM occurrences) SELECT count(*) AS n FROM d", "3"),
        ("SELECT sum(deals) AS n FROM v_status", "3"),  # a view
        ("SELECT count(*) AS n FROM (SHOW TABLES) WHERE name = 'deals'", "1"),
    ],
)
def test_selects_on_tables_and_views_work(
    db: str, sql: str, first: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, sql)) == 0
    assert capsys.readouterr().out.splitlines() == ["n", first]


def test_configuration_is_locked_down(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    names = ("enable_external_access", "autoinstall_known_extensions",
             "autoload_known_extensions", "lock_configuration", "threads")  # fmt: skip
    sql = "SELECT " + ", ".join(f"current_setting('{n}') AS {n}" for n in names)
    assert main(query(db, "--threads", "1", sql)) == 0
    row = capsys.readouterr().out.splitlines()[1].split(",")
    assert dict(zip(names, row, strict=True)) == {
        "enable_external_access": "False", "autoinstall_known_extensions": "False",
        "autoload_known_extensions": "False", "lock_configuration": "True", "threads": "1",
    }  # fmt: skip


# --- only one SELECT ------------------------------------------------------------------------


@pytest.mark.parametrize("allow", [[], ["--allow-files"]])
def test_copy_is_refused_and_writes_nothing(
    db: str, tmp_path: Path, allow: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.csv"
    assert main(query(db, *allow, f"COPY deals TO '{target}'")) == 1
    assert (
        refused(capsys) == "ArchiveError: only a SELECT statement may run (read-only), not COPY\n"
    )
    assert not target.exists()


@pytest.mark.parametrize(
    ("sql", "kind"),
    [
        ("EXPORT DATABASE '{tmp}/export'", "EXPORT"),
        ("COPY (SELECT 1) TO '{tmp}/one.csv'", "COPY"),
        ("ATTACH '{tmp}/other.duckdb' AS other", "ATTACH"),
        ("INSTALL httpfs", "INSTALL or LOAD"),
        ("LOAD httpfs", "INSTALL or LOAD"),
        ("SET threads = 64", "SET"),
        ("RESET memory_limit", "SET"),
        ("PRAGMA disable_checkpoint_on_shutdown", "PRAGMA"),
        ("CALL pragma_version()", "CALL"),
        ("CREATE TEMP TABLE t AS SELECT * FROM deals", "CREATE"),
        ("CREATE MACRO m() AS 1", "CREATE"),
        ("DELETE FROM deals", "DELETE"),
        ("EXPLAIN ANALYZE SELECT 1", "EXPLAIN"),
        ("BEGIN TRANSACTION", "TRANSACTION"),
    ],
)
def test_other_statements_are_refused(
    db: str, tmp_path: Path, sql: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, "--allow-files", sql.format(tmp=tmp_path))) == 1
    assert refused(capsys).rstrip().endswith(f"may run (read-only), not {kind}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "sql", ["SELECT 1; SELECT 2", "SELECT 1; COPY deals TO '{tmp}/x.csv'", "SELECT 1;;SELECT 2"]
)
def test_several_statements_are_refused(
    db: str, tmp_path: Path, sql: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, sql.format(tmp=tmp_path))) == 1
    assert "only one statement may run, not 2" in refused(capsys)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sql", ["", "   ", "-- nothing", ";"])
def test_empty_sql_is_refused(db: str, sql: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(query(db, sql)) == 1
    assert "no SQL statement given" in refused(capsys)


def test_a_trailing_semicolon_is_one_statement(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(query(db, "SELECT 42 AS n; ")) == 0
    assert capsys.readouterr().out.splitlines() == ["n", "42"]


def test_query_function_cannot_smuggle_a_copy(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.csv"
    assert main(query(db, f"SELECT * FROM query('COPY deals TO ''{target}''')")) == 1
    refused(capsys)
    assert not target.exists()


# --- no files, no extensions ----------------------------------------------------------------

FILE_READS = (
    "SELECT * FROM read_csv('{path}')",
    "SELECT * FROM '{path}'",
    "SELECT content FROM read_text('{path}')",
    "SELECT content FROM read_blob('{path}')",
    "SELECT file FROM glob('{path}')",
)


@pytest.mark.parametrize("sql", FILE_READS)
def test_files_cannot_be_read(
    db: str, data_file: Path, sql: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, sql.format(path=data_file))) == 1
    err = refused(capsys)
    assert err.startswith('ArchiveError: file access is off: Cannot access file "/')
    assert err.rstrip().endswith("(--allow-files to let the query read files)")
    assert "top-secret" not in err


@pytest.mark.parametrize("sql", FILE_READS)
def test_files_can_be_read_with_allow_files(
    db: str, data_file: Path, sql: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, "--allow-files", sql.format(path=data_file))) == 0
    out = capsys.readouterr().out
    assert ("top-secret" if "glob" not in sql else "secret.csv") in out


def test_extensions_are_not_downloaded_or_loaded(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.monotonic()
    url = "https://example.invalid/deals.parquet"
    assert main(query(db, "--allow-files", f"SELECT * FROM read_parquet('{url}')")) == 1
    assert "httpfs" in refused(capsys)  # "requires the extension httpfs to be loaded"
    assert main(query(db, "SELECT * FROM sqlite_scan('x.db', 't')")) == 1
    assert "sqlite" in refused(capsys)
    assert time.monotonic() - start < 5  # no download attempted


# --- limits ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT count(*) FROM range(10000000000)",
        "SELECT count(*) FROM range(1000000) a, range(1000000) b",
    ],
)
def test_timeout_stops_the_query(db: str, sql: str, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    assert main(query(db, "--timeout", "0.3", sql)) == 1
    assert time.monotonic() - start < 10
    err = refused(capsys)
    assert err == "ArchiveError: query stopped after 0.3 s (--timeout to allow more)\n"


def test_the_connection_works_after_a_quick_query(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, "--timeout", "0.05", "SELECT 1 AS n")) == 0
    time.sleep(0.1)  # the timer must not fire after the query ended
    assert capsys.readouterr().out.splitlines() == ["n", "1"]


def test_memory_limit_stops_the_query(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    sql = (
        "SELECT count(*) FROM (SELECT range % 10000000 AS g, count(*) FROM range(100000000) "
        "GROUP BY g)"
    )
    assert main(query(db, "--memory-limit", "10MB", "--timeout", "30", sql)) == 1
    err = refused(capsys)
    assert err.startswith("ArchiveError: Out of Memory Error")
    assert err.rstrip().endswith("(the limit is 10MB: --memory-limit to allow more)")
    assert not Path(db + ".tmp").exists()  # nothing spilled to disk


def test_max_rows_cuts_the_output(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    sql = "SELECT range AS n FROM range(100000000)"
    assert main(query(db, "--max-rows", "3", sql)) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["n", "0", "1", "2"]
    assert captured.err == "warning: only the first 3 rows are printed (--max-rows to allow more)\n"
    assert main(query(db, "--max-rows", "3", "SELECT range AS n FROM range(3)")) == 0
    assert main(query(db, "--max-rows", "0", "SELECT range AS n FROM range(5)")) == 0
    assert capsys.readouterr().out.splitlines() == ["n", "0", "1", "2", "n", *"01234"]


@pytest.mark.parametrize(
    "flags",
    [
        ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "inf"], ["--timeout", "x"],
        ["--memory-limit", "-1GB"], ["--memory-limit", "lots"], ["--memory-limit", "1000"],
        ["--threads", "0"], ["--max-rows", "-1"], ["--max-rows", "²"],
    ],
)  # fmt: skip
def test_bad_limits_are_usage_errors(
    db: str, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, *flags, "SELECT 1")) == 2
    assert "Traceback" not in capsys.readouterr().err


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "start"),
    [
        ("SELEC 1", "ArchiveError: Parser Error: syntax error"),
        ("SELECT * FROM nope", "ArchiveError: Catalog Error: Table with name nope does not exist"),
        ("SELECT no_such_column FROM deals", "ArchiveError: Binder Error"),
        ("SELECT ?", "ArchiveError: Invalid Input Error"),
    ],
)
def test_duckdb_errors_are_one_line(
    db: str, sql: str, start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(query(db, sql)) == 1
    assert refused(capsys).startswith(start)


def test_a_huge_statement_is_not_echoed(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    huge = "x" * 2_000_000  # the binder's error quotes the column name
    assert main(query(db, f"SELECT {huge}")) == 1
    err = refused(capsys)
    assert err.startswith('ArchiveError: Binder Error: Referenced column "xxx')
    assert len(err) <= 120 and err.endswith("x…\n")


def test_one_line_drops_the_echo_and_cuts() -> None:
    message = 'Catalog Error: no table "t"!\nDid you mean "deals"?\n\nLINE 1: SELECT * FROM t\n  ^'
    assert one_line(message) == 'Catalog Error: no table "t"! Did you mean "deals"?'
    assert one_line("x" * 50_000_000, width=80) == "x" * 79 + "…"
    assert one_line("short", width=80) == "short"


# --- printing -------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_values_are_not_read_as_rich_markup(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["query", "--db", db, "SELECT '[/x]' AS \"[/a]\", '[bold]b[/bold]' AS c"]) == 0
    assert "[/x]" in terminal.getvalue() and "[bold]b[/bold]" in terminal.getvalue()


@pytest.mark.parametrize(
    "limits",
    [{"timeout": 0}, {"timeout": float("nan")}, {"memory_limit": "-1GB"}, {"threads": 0},
     {"max_rows": -1}],
)  # fmt: skip
def test_limits_are_checked(limits: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Limits(**limits)  # type: ignore[arg-type]
