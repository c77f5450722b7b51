"""The archive commands: index, query, stats, export (in process, through ``main``)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from helpers.archive_fakes import write_archive

from tarokpgn.cli import main


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small archive of generated deals, indexed through the CLI."""
    generate = pytest.importorskip("tarokpgn.generate").generate
    from tarokpgn.notation import write_records

    folder = tmp_path_factory.mktemp("cli")
    (folder / "deals").mkdir()
    for variant in ("slovenian-4", "slovenian-3"):
        text = "".join(write_records(generate(variant, n=150, seed=5)))
        (folder / "deals" / f"{variant}.tpgn").write_text(text)
    db = folder / "a.duckdb"
    assert main(["index", "--db", str(db), "-q", str(folder / "deals")]) == 0
    return db


def test_index_reports_and_is_idempotent(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index", "--db", str(archive), str(archive.parent / "deals")]) == 0
    err = capsys.readouterr().err
    assert "0 file(s) indexed, 2 unchanged" in err and "0 deal(s) loaded" in err


def test_index_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index", "--db", str(tmp_path / "a.duckdb"), str(tmp_path / "nope")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_query_formats(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sql = "SELECT variant, count(*) AS n FROM deals GROUP BY variant ORDER BY variant"
    assert main(["query", "--db", str(archive), sql]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert plain[0].split() == ["variant", "n"] and plain[2].split() == ["slovenian-3", "150"]
    assert main(["query", "--db", str(archive), "--csv", sql]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows == [["variant", "n"], ["slovenian-3", "150"], ["slovenian-4", "150"]]
    assert main(["query", "--db", str(archive), "--json", sql]) == 0
    assert json.loads(capsys.readouterr().out)[1] == {"variant": "slovenian-4", "n": 150}


def test_query_is_read_only(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "--db", str(archive), "DELETE FROM deals"]) == 1
    assert "ArchiveError" in capsys.readouterr().err
    assert main(["query", "--db", str(archive), "--csv", "SELECT count(*) FROM deals"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "300"


def test_query_without_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "--db", str(tmp_path / "none.duckdb"), "SELECT 1"]) == 1
    assert "tarokpgn index" in capsys.readouterr().err
    assert not (tmp_path / "none.duckdb").exists()


def test_stats(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(archive), "--include-generated"]) == 0
    captured = capsys.readouterr()
    for view in ("v_status", "v_contracts", "v_seat_scores", "v_bonuses", "v_kontra", "v_klop",
                 "v_player_scores"):  # fmt: skip
        assert f"({view})" in captured.out
    assert "(v_player_contracts)" not in captured.out
    assert "slovenian-4  ok      150    100" in captured.out
    assert captured.err == ""


def test_stats_imports_only_the_archive(archive: Path) -> None:
    """``tarokpgn stats`` reads the rows the index kept, and imports neither the reader, the
    rules, pyarrow nor numpy (a second of start-up between them)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tarokpgn.archive.stats import cache_is_fresh\n"
        "from tarokpgn.archive.store import Archive\n"
        "from tarokpgn.cli import main\n"
        f"with Archive({str(archive)!r}, read_only=True) as a:\n"
        "    assert cache_is_fresh(a)\n"
        f"assert main(['stats', '--db', {str(archive)!r}, '--include-generated']) == 0\n"
        "loaded = {m.partition('.')[0] for m in sys.modules} | set(sys.modules)\n"
        "wrong = {'pyarrow', 'numpy', 'lark', 'tarokpgn.replay', 'tarokpgn.rules'} & loaded\n"
        "assert not wrong, wrong\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL)


def test_stats_leaves_generated_deals_out(
    archive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The archive holds only generated deals: the reports are empty and say why."""
    assert main(["stats", "--db", str(archive), "--report", "status", "--csv"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "# status\nvariant,status,deals,pct\n"
    assert captured.err == (
        "note: 300 generated deal(s) left out (written by `tarokpgn generate`); "
        "--include-generated counts them\n"
    )


def test_stats_filters(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["stats", "--db", str(archive), "--variant", "slovenian-3", "--player", "ana",
            "--include-generated"]  # fmt: skip
    assert main([*argv, "--report", "players", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["player"] == "Ana" and row["variant"] == "slovenian-3" and row["deals"] == 150
    assert row["unit"] == "points"
    assert main([*argv, "--csv"]) == 0
    out = capsys.readouterr().out
    assert "# player-contracts" in out and "slovenian-4" not in out


def test_stats_file_glob_from_the_current_folder(
    archive: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(archive.parent)
    argv = ["stats", "--db", "a.duckdb", "--include-generated", "--report", "status", "--csv"]
    for pattern in ("deals/slovenian-3.tpgn", "./deals/*-3.tpgn", "*/slovenian-3.tpgn",
                    str(archive.parent / "deals" / "slovenian-3.*")):  # fmt: skip
        assert main([*argv, "--file", pattern]) == 0
        assert capsys.readouterr().out.splitlines()[2:] == ["slovenian-3,ok,150,100"]


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--since", "2024-02-30"],
         "tarokpgn stats: --since '2024-02-30' is not a date: write YYYY-MM-DD or YYYY.MM.DD"),
        (["--until", "yesterday"],
         "tarokpgn stats: --until 'yesterday' is not a date: write YYYY-MM-DD or YYYY.MM.DD"),
        (["--since", "2025.01.01", "--until", "2024-12-31"],
         "tarokpgn stats: --since 2025-01-01 is after --until 2024-12-31"),
        (["--variant", "slovenian"], "tarokpgn stats: --variant 'slovenian': the archive holds "
         "no deal with this variant; did you mean 'slovenian-3' or 'slovenian-4'?"),
        (["--player", "Bojana"], "tarokpgn stats: --player 'Bojana': the archive holds no deal "
         "with this player; did you mean 'Bojan' or 'Ana'?"),
        (["--match", "generated-slovenian-4"], "tarokpgn stats: --match 'generated-slovenian-4': "
         "the archive holds no deal with this match; did you mean "
         "'generated-slovenian-4-semedela-5' or 'generated-slovenian-3-sl3-5'?"),
        (["--file", "*.pgn"], "tarokpgn stats: --file '*.pgn' matches no indexed file"),
    ],
)  # fmt: skip
def test_stats_bad_filter(
    archive: Path, capsys: pytest.CaptureFixture[str], option: list[str], message: str
) -> None:
    assert main(["stats", "--db", str(archive), *option]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message) and captured.err.count("\n") == 1


def test_export_and_index_the_dataset(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pq"
    assert main(["export", "--db", str(archive), "--parquet", str(out)]) == 0
    assert "exported 300 deals" in capsys.readouterr().err
    assert sorted(p.name for p in (out / "deal_rows").iterdir()) == [
        "variant=slovenian-3", "variant=slovenian-4",
    ]  # fmt: skip
    copy = tmp_path / "copy.duckdb"
    assert main(["index", "--db", str(copy), "-q", str(out)]) == 0
    sql = "SELECT count(*), sum(tricks) FROM deals"
    for db in (archive, copy):
        assert main(["query", "--db", str(db), "--csv", sql]) == 0
    first, second = capsys.readouterr().out.split("count_star()")[1:]
    assert first == second


class ClosedPipe(io.StringIO):
    """Standard output read by ``head -1``, which has exited."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_export_scoresheet_in_a_closed_pipe_is_quiet(
    archive: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["export", "--db", str(archive), "--scoresheet", "-"]) == 0
    assert capsys.readouterr().err == ""


def test_export_scoresheet_messages(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--db", str(archive), "--scoresheet", "-"]) == 0
    captured = capsys.readouterr()
    sheet = captured.out
    assert sheet.startswith("Match,Event,") and sheet.count("\n") > 300
    assert captured.err == "exported 300 deals as a score sheet to standard output\n"
    nowhere = str(tmp_path / "nonexist" / "x.csv")
    assert main(["export", "--db", str(archive), "--scoresheet", nowhere]) == 2
    assert capsys.readouterr().err == (
        f"tarokpgn export: cannot write {nowhere}: No such file or directory\n"
    )
    out = tmp_path / "club.csv"
    out.write_text("kept\n")
    missing = str(tmp_path / "none.duckdb")
    assert main(["export", "--db", missing, "--scoresheet", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"ArchiveError: no archive database at {missing!r} (run `tarokpgn index`)\n"
    )
    assert out.read_text() == "kept\n"
    assert main(["export", "--db", str(archive), "--scoresheet", str(out)]) == 0
    assert out.read_text() == sheet
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.csv"]


def test_index_refuses_other_programs_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding: index read a score sheet and an OpenSpiel log as TPGN, silently."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    sheet = examples / "convert" / "club-evening.csv"
    games = tmp_path / "games.tpgn"  # OpenSpiel's text, whatever the name
    games.write_bytes((examples / "convert" / "openspiel-games.openspiel").read_bytes())
    db = str(tmp_path / "a.duckdb")
    argv = ["index", "--db", db, "-q", str(examples / "czech-4.tpgn"), str(sheet), str(games)]
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"tarokpgn index: {sheet} is in the scoresheet format, which index does not read: "
        f"convert it first: tarokpgn convert --to tpgn {sheet} -o {sheet.with_suffix('.tpgn')}",
        f"tarokpgn index: {games} is in the openspiel format, which index does not read: "
        f"convert it first: tarokpgn convert --to tpgn {games} -o "
        f"{tmp_path / 'games-converted.tpgn'}",
    ]
    assert main(["query", "--db", db, "--csv", "SELECT count(*) FROM deals"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "0"


def test_index_mixed_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_archive(tmp_path / "d", 1, 3)
    (tmp_path / "d" / "bad.tpgn").write_text('[Variant "slovenian-4"]\n\nhand N ZZ\nend\n')
    db = str(tmp_path / "a.duckdb")
    assert main(["index", "--db", db, "-j", "1", str(tmp_path / "d")]) == 0
    assert "1 record(s) not indexable" in capsys.readouterr().err
    assert main(["query", "--db", db, "--csv", "SELECT origin, code FROM problems"]) == 0
    assert "parse,E104" in capsys.readouterr().out


def test_stats_on_a_terminal(archive: Path) -> None:
    """On a real terminal: rich tables with the unit of the scores, and the note on the
    generated deals left out after them."""
    from test_cli_terminal import ANSI, on_terminal

    argv = ["stats", "--db", str(archive), "--report", "players", "--player", "Ana"]
    code, shown = on_terminal(*argv, "--variant", "slovenian-3", "--include-generated",
                              COLUMNS="140")  # fmt: skip
    lines = ANSI.sub("", shown).splitlines()
    assert code == 0
    assert lines[0].rstrip() == "Players: score per deal and declarer record (v_player_scores)"
    assert [c.strip() for c in lines[2].split("┃")[1:7]] == [
        "player", "variant", "deals", "total_score", "avg_score", "unit",
    ]  # fmt: skip
    [row] = [line for line in lines if line.startswith("│")]
    cells = [c.strip() for c in row.split("│")[1:-1]]
    assert cells[:3] == ["Ana", "slovenian-3", "150"] and cells[5] == "points"
    code, shown = on_terminal(*argv, COLUMNS="140")
    lines = ANSI.sub("", shown).splitlines()
    assert code == 0 and not [line for line in lines if line.startswith("│")]
    assert lines[-1] == (
        "note: 300 generated deal(s) left out (written by `tarokpgn generate`); "
        "--include-generated counts them"
    )
