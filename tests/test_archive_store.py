"""The DuckDB store: schema, batch inserts, per-file replacement, Parquet round trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_archive_rows import VERDICT, record

from tarokpgn.archive import ArchiveError, store
from tarokpgn.archive.rows import COLUMNS, Rows
from tarokpgn.archive.store import Archive, SourceInfo, is_parquet_dataset
from tarokpgn.cli import main

DUCK_TYPES = {
    "string": "VARCHAR", "int8": "TINYINT", "int16": "SMALLINT", "int32": "INTEGER",
    "int64": "BIGINT", "bool": "BOOLEAN",
}  # fmt: skip


def batch(file: str, *pairs: tuple[str, int]) -> dict[str, object]:
    """Rows for deals of ``file`` given as (hash letter, record number)."""
    rows = Rows()
    for letter, index in pairs:
        rows.add_deal(record(letter * 64, index, file), VERDICT, last_winner="E")
    return rows.to_arrow()  # type: ignore[return-value]


def load(archive: Archive, file: str, *pairs: tuple[str, int]) -> None:
    archive.begin_file(file)
    archive.insert([batch(file, *pairs)])  # type: ignore[list-item]
    archive.finish_file(SourceInfo(file, file * 2, 1, None, len(pairs), 0))
    archive.commit()


def count(archive: Archive, table: str) -> int:
    return int(archive.query(f"SELECT count(*) FROM {table}").rows[0][0])


@pytest.mark.parametrize("commit_between", [True, False])
def test_insert_holds_back_the_deals_past_a_row_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, commit_between: bool
) -> None:
    """``insert`` says when the transaction's new deals fill a row group, and holds back
    those past its end: they go in first thing after the commit (or on the next insert),
    with their keys, so keys follow the order deals came in."""
    monkeypatch.setattr(store, "ROW_GROUP_ROWS", 2)
    with Archive(tmp_path / "a.duckdb") as archive:
        archive.begin_file("f")
        assert archive.insert([batch("f", ("a", 1), ("b", 2), ("c", 3))])  # type: ignore[list-item]
        assert count(archive, "deal_rows") == 2
        if commit_between:
            archive.commit()
            assert count(archive, "deal_rows") == 3  # c, in the next transaction
        assert archive.insert([batch("f", ("a", 4), ("d", 5))])  # type: ignore[list-item]
        archive.finish_file(SourceInfo("f", "ff", 1, None, 5, 0))
        archive.commit()
        keys = archive.query("SELECT deal, hash FROM deal_rows ORDER BY deal").rows
        assert keys == [(i, bytes.fromhex(h * 64)) for i, h in enumerate("abcd")]
        assert count(archive, "occurrences") == 5


def test_schema_matches_row_columns(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        for table, cols in COLUMNS.items():
            described = archive.query(f"DESCRIBE {table}").rows
            assert [(r[0], r[1]) for r in described] == [
                (name, DUCK_TYPES[str(kind)]) for name, kind in cols
            ], table


def test_views_exist_and_run_on_an_empty_archive(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        for view in ("v_status", "v_contracts", "v_contract_scores", "v_seat_scores",
                     "v_player_scores", "v_player_contracts", "v_bonuses", "v_kontra",
                     "v_klop", "v_problems"):  # fmt: skip
            assert archive.query(f"SELECT * FROM {view}").rows == []


def test_duplicates_are_stored_once(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        load(archive, "f1", ("a", 1), ("b", 2), ("a", 3))
        load(archive, "f2", ("b", 1), ("c", 2))
        assert count(archive, "deals") == 3
        assert count(archive, "occurrences") == 5
        assert count(archive, "plays") == 3 * 7
        assert count(archive, "problems") == 3  # one verifier finding per distinct deal


def test_dedup_across_batches_of_one_insert(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        archive.begin_file("f")
        archive.insert([batch("f", ("a", 1)), batch("f", ("a", 2), ("b", 3))])  # type: ignore[list-item]
        archive.finish_file(SourceInfo("f", "h", 1, None, 3, 0))
        archive.commit()
        assert count(archive, "deals") == 2 and count(archive, "seats") == 8


def test_reloading_a_file_replaces_its_deals(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        load(archive, "f1", ("a", 1), ("b", 2))
        load(archive, "f2", ("b", 1))
        load(archive, "f1", ("c", 1))
        deals = {r[0][0] for r in archive.query("SELECT deal_id FROM deals").rows}
        assert deals == {"b", "c"}  # a is gone, b is kept for f2
        assert count(archive, "plays") == 2 * 7
        assert count(archive, "problems") == 2
        assert archive.sources() == {"f1": "f1f1", "f2": "f2f2"}


def test_rollback_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "a.duckdb"
    with Archive(path) as archive:
        load(archive, "f1", ("a", 1))
    with pytest.raises(RuntimeError), Archive(path) as archive:
        archive.begin_file("f1")
        archive.insert([batch("f1", ("b", 1))])  # type: ignore[list-item]
        raise RuntimeError("interrupted")
    with Archive(path, read_only=True) as archive:
        assert [r[0] for r in archive.query("SELECT deal_id FROM deals").rows] == ["a" * 64]
        assert archive.sources() == {"f1": "f1f1"}


def test_read_only(tmp_path: Path) -> None:
    with pytest.raises(ArchiveError, match="no archive"):
        Archive(tmp_path / "missing.duckdb", read_only=True)
    Archive(tmp_path / "a.duckdb").close()
    with Archive(tmp_path / "a.duckdb", read_only=True) as archive:
        with pytest.raises(ArchiveError):
            archive.query("DELETE FROM deals")
        with pytest.raises(ArchiveError, match="syntax"):
            archive.query("SELEC 1")


def dump(archive: Archive) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, sorted (sources without the indexing time)."""
    out = {t: sorted(archive.query(f"SELECT * FROM {t}").rows, key=repr) for t in COLUMNS}
    out["sources"] = archive.query("SELECT * EXCLUDE (indexed_at) FROM sources ORDER BY file").rows
    return out


def test_parquet_round_trip(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        load(archive, "f1", ("a", 1), ("b", 2))
        load(archive, "f2", ("b", 1), ("c", 2))
        counts = archive.export_parquet(tmp_path / "pq")
        assert counts == {t: count(archive, t) for t in (*COLUMNS, "sources")}
        assert counts["tricks"] == 6 and counts["plays"] == 21
        original = dump(archive)
    assert is_parquet_dataset(tmp_path / "pq")
    assert (tmp_path / "pq" / "deal_rows" / "variant=slovenian-4" / "year=2025").is_dir()
    with Archive(tmp_path / "b.duckdb") as copy:
        added = copy.import_parquet(tmp_path / "pq")
        assert added["deals"] == 3 and added["sources"] == 2
        assert dump(copy) == original
        again = copy.import_parquet(tmp_path / "pq")
        assert again["deals"] == 0 and dump(copy) == original


def test_an_archive_of_an_older_schema_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Schema 2 kept its rows in tables (``deals`` …): reading or writing it says to reindex."""
    import duckdb

    path = tmp_path / "old.duckdb"
    with duckdb.connect(str(path)) as con:
        for table in ("meta (key VARCHAR, value VARCHAR)", "sources (file VARCHAR)",
                      "occurrences (file VARCHAR)", "deals (deal_id VARCHAR)"):  # fmt: skip
            con.execute(f"CREATE TABLE {table}")
        con.execute("INSERT INTO meta VALUES ('schema_version', '2')")
    for read_only in (False, True):
        with pytest.raises(ArchiveError, match=r"older tarokpgn \(schema 2.*reindex"):
            Archive(path, read_only=read_only)
    assert main(["query", "--db", str(path), "SELECT count(*) FROM deals"]) == 1
    assert "older tarokpgn (schema 2" in capsys.readouterr().err


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.duckdb"
    path.write_text("not a database\n" * 100)
    with pytest.raises(ArchiveError, match="cannot open"):
        Archive(path)


def test_only_the_store_imports_duckdb() -> None:
    package = Path(__file__).parents[1] / "tarokpgn"
    importers = sorted(
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if any(
            line.strip().startswith(("import duckdb", "from duckdb"))
            for line in p.read_text().splitlines()
        )
    )
    assert importers == ["archive/store.py"]


def test_writable_archive_limits_memory(tmp_path: Path) -> None:
    """DuckDB's default limit (80 % of the RAM) lets its buffers grow with the archive."""
    with Archive(tmp_path / "a.duckdb") as archive:
        limit = archive.query("SELECT current_setting('memory_limit')").rows[0][0]
        assert limit.endswith(("MiB", "MB")) and float(limit.split()[0]) <= 256, limit
    with Archive(tmp_path / "b.duckdb", memory_limit="64MB") as archive:
        limit = archive.query("SELECT current_setting('memory_limit')").rows[0][0]
        assert float(limit.split()[0]) <= 64, limit


def test_unfinished_file_is_dropped_on_reopen(tmp_path: Path) -> None:
    """Committed batches of a file without its sources row (an interrupted run) go away."""
    path = tmp_path / "a.duckdb"
    with Archive(path) as archive:
        load(archive, "f1", ("a", 1), ("b", 2))
        archive.begin_file("f2")
        archive.insert([batch("f2", ("b", 1), ("c", 2))])  # type: ignore[list-item]
        archive.commit()  # the first part of f2 is committed, then the run dies
        assert archive.unfinished() == ["f2"]
    with Archive(path) as archive:
        assert archive.unfinished() == []
        assert archive.sources() == {"f1": "f1f1"}
        assert count(archive, "occurrences") == 2
        deals = {r[0][0] for r in archive.query("SELECT deal_id FROM deals").rows}
        assert deals == {"a", "b"}  # c, held by f2 only, is gone with all its rows
        assert count(archive, "plays") == 2 * 7


def test_query_warns_about_unfinished_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Between an interrupted index and the next one, readers are told the archive is partial."""
    path = tmp_path / "a.duckdb"
    with Archive(path) as archive:
        load(archive, "f1", ("a", 1))
        archive.begin_file("f2")
        archive.insert([batch("f2", ("c", 2))])  # type: ignore[list-item]
        archive.commit()
    assert main(["query", "--db", str(path), "--csv", "SELECT count(*) FROM deals"]) == 0
    out, err = capsys.readouterr()
    assert "1 file(s) were interrupted" in err and "f2" in err
    assert out.splitlines()[-1] == "2"
    with Archive(path):
        pass  # a writable open drops f2's rows
    assert main(["stats", "--db", str(path)]) == 0
    assert "interrupted" not in capsys.readouterr().err


def test_insert_skips_stored_deals_set_wise(tmp_path: Path) -> None:
    """A batch mixing stored and new deals (none twice in the batch): only the new deals'
    rows and verifier findings are added, every occurrence is."""
    with Archive(tmp_path / "a.duckdb") as archive:
        load(archive, "f1", ("a", 1), ("b", 2))
        load(archive, "f2", ("b", 1), ("c", 2), ("a", 3))
        assert count(archive, "deals") == 3 and count(archive, "occurrences") == 5
        assert count(archive, "plays") == 3 * 7 and count(archive, "seats") == 3 * 4
        assert count(archive, "problems") == 3
        rows = archive.query("SELECT file, record FROM problems ORDER BY deal_id").rows
        assert rows == [("f1", 1), ("f1", 2), ("f2", 2)]  # where each deal was first found


def test_duplicate_across_batches_keeps_the_first_batch_rows(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        archive.begin_file("f")
        first, second = batch("f", ("a", 1)), batch("f", ("b", 2), ("a", 3))
        archive.insert([first, second])  # type: ignore[list-item]
        archive.finish_file(SourceInfo("f", "h", 1, None, 3, 0))
        archive.commit()
        rows = archive.query("SELECT deal_id, record FROM problems ORDER BY deal_id").rows
        assert rows == [("a" * 64, 1), ("b" * 64, 2)]
        assert count(archive, "occurrences") == 3 and count(archive, "hands") == 2 * 2


def test_loading_restores_the_threads_setting(tmp_path: Path) -> None:
    with Archive(tmp_path / "a.duckdb") as archive:
        archive.query("SET threads = 3")
        with archive.loading():
            assert archive.query("SELECT current_setting('threads')").rows == [(1,)]
        assert archive.query("SELECT current_setting('threads')").rows == [(3,)]
