"""Verifying and indexing on a Dask cluster (tarokpgn.distributed, ``index --scheduler``).

The cluster is a ``LocalCluster`` of two worker processes (loopback only). The inputs are
several files of generated deals of four variants, the bundled examples (more variants, score
sheets, a partial deal), a file that repeats deals of two others (duplicates across files)
around a record that cannot be read and a deal with a renons, and an empty file. Each is cut
into byte ranges of a few kilobytes, so every file but the smallest is verified in several
tasks.

What a cluster run writes, merged into DuckDB, must equal ``tarokpgn index`` of the same files
on one machine, table by table (every base table of the database, its rows sorted), with one
exception: ``sources.indexed_at``, the time each file was loaded. File paths are the same
absolute paths in both (the workers see the files where the client does).

The tests skip without dask (``pip install "tarokpgn[dask]"``); ``.ci/run`` requires it
(``TAROKPGN_REQUIRE_EXTRAS=dask``, tests/conftest.py).
"""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.dask_faults import MARKER, VICTIM

from tarokpgn.archive.ingest import read_chunk
from tarokpgn.archive.store import Archive, is_parquet_dataset
from tarokpgn.cli import main
from tarokpgn.errors import NotationError
from tarokpgn.replay import verify

HAS_DASK = importlib.util.find_spec("distributed") is not None
needs_dask = pytest.mark.skipif(not HAS_DASK, reason='needs pip install "tarokpgn[dask]"')

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CHUNK = 3000
"""Bytes per range: a few deals, so files are verified in several tasks."""
BROKEN = '[Event "Broken"]\n[Variant "slovenian-4"]\n\nhand N ZZ9 XX\nend\n'


def _deals(variant: str, n: int, seed: int) -> list[str]:
    from tarokpgn.generate import generate
    from tarokpgn.notation import write_records

    return list(write_records(generate(variant, n=n, seed=seed)))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dask") / "in"
    folder.mkdir()
    slovenian = _deals("slovenian-4", 24, 1)
    czech = _deals("czech-4", 16, 2)
    (folder / "a-slovenian.tpgn").write_text("".join(slovenian))
    (folder / "b-czech.tpgn").write_text("".join(czech))
    (folder / "c-french.tpgn").write_text("".join(_deals("french-4", 12, 3)))
    renons = (EXAMPLES / "renons.tpgn").read_text(encoding="utf-8")
    mixed = [*slovenian[:12], BROKEN, *czech[:6], renons, slovenian[3]]
    (folder / "d-mixed.tpgn").write_text("\n".join(mixed))
    (folder / "e-empty.tpgn").write_text("")
    (folder / "examples").mkdir()
    for name in ("czech-4", "french-5", "ottocento", "partial", "score-only", "slovenian-3"):
        shutil.copy(EXAMPLES / f"{name}.tpgn", folder / "examples" / f"{name}.tpgn")
    (folder / f"z-{VICTIM}").write_text("".join(_deals("slovenian-3", 20, 4)))
    return folder


DOCUMENTED = (
    "sources", "occurrences", "deals", "tags", "seats", "scores", "card_points", "breakdown",
    "hands", "talon", "auction", "exchanges", "announcements", "kontras", "bonuses", "tricks",
    "plays", "irregularities", "problems",
)  # fmt: skip
"""The archive's documented tables (docs/archive.rst): compared by their documented names, so
whatever the store keeps underneath (tables, or views that decode compact storage)."""


def dump(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every documented table of the database at ``db``, rows sorted; ``sources`` without the
    time each file was loaded."""
    out = {}
    with Archive(db, read_only=True) as archive:
        for table in DOCUMENTED:
            select = "* EXCLUDE (indexed_at)" if table == "sources" else "*"
            out[table] = sorted(archive.query(f"SELECT {select} FROM {table}").rows, key=repr)
    return out


@pytest.fixture(scope="module")
def local(inputs: Path) -> dict[str, list[tuple[object, ...]]]:
    """``tarokpgn index`` of the inputs on this machine."""
    db = inputs.parent / "local.duckdb"
    assert main(["index", "--db", str(db), "-q", "-j", "1", str(inputs)]) == 0
    tables = dump(db)
    assert len(tables["sources"]) == 12
    assert len(tables["deals"]) > 70
    return tables


def _distributed() -> Any:
    """The ``distributed`` module, typed Any (its constructors are not typed)."""
    return importlib.import_module("distributed")


@pytest.fixture(scope="module")
def cluster(inputs: Path) -> Iterator[Any]:
    """A client of a LocalCluster of two worker processes; a worker that runs
    ``helpers.dask_faults:killing_verify`` kills itself once (its marker file)."""
    dd = _distributed()
    os.environ[MARKER] = str(inputs.parent / "killed")  # the workers inherit it
    try:
        with (
            dd.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=":0",
            ) as lc,
            dd.Client(lc) as client,
        ):  # fmt: skip
            yield client
    finally:
        del os.environ[MARKER]


def _imported(dataset: Path, db: Path) -> dict[str, list[tuple[object, ...]]]:
    """The dataset merged into a new database by ``tarokpgn index DATASET``."""
    assert main(["index", "--db", str(db), "-q", str(dataset)]) == 0
    return dump(db)


@pytest.fixture(scope="module")
def cli_run(inputs: Path, cluster: Any) -> tuple[list[str], Path, Path, str]:
    """``tarokpgn index --scheduler … --dataset … --db …`` of the inputs: its arguments (the
    inputs last), the dataset, the database and what it wrote on stderr."""
    from tarokpgn import distributed

    dataset, db = inputs.parent / "cli-ds", inputs.parent / "cli.duckdb"
    cluster.wait_for_workers(2, timeout=60)  # the kill test's worker may still be restarting
    address = cluster.scheduler.address
    argv = ["index", "--scheduler", address, "--dataset", str(dataset), "--db", str(db)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(distributed, "range_bytes", lambda *_: CHUNK)  # several tasks a file
        capture = io.StringIO()
        patch.setattr(sys, "stderr", capture)
        assert main([*argv, str(inputs)]) == 0, capture.getvalue()
    return [*argv, str(inputs)], dataset, db, capture.getvalue()


@needs_dask
def test_cluster_index_equals_the_local_index(
    inputs: Path, local: dict[str, Any], cli_run: tuple[list[str], Path, Path, str]
) -> None:
    """The database the command fills equals the local index, as does the dataset imported
    anew; a second run replaces the dataset and adds nothing to the database."""
    argv, dataset, db, err = cli_run
    assert err.startswith(f"{dataset}: 12 file(s) indexed on 2 Dask worker(s) in "), err
    ranges = int(err.split(" in ")[1].split()[0])
    assert ranges > 24  # several ranges a file
    assert f"{db}: {dataset} merged" in err
    assert dump(db) == local
    assert is_parquet_dataset(dataset)
    assert not dataset.with_name(dataset.name + ".work").exists()
    assert [p for p in dataset.rglob("*") if ".tmp-" in p.name] == []
    assert _imported(dataset, inputs.parent / "cli-import.duckdb") == local
    assert main([*argv, "-q"]) == 0  # again: the dataset replaced, the database unchanged
    assert dump(db) == local
    assert _imported(dataset, inputs.parent / "cli-again.duckdb") == local


@needs_dask
def test_the_dataset_is_read_by_other_engines(
    local: dict[str, Any], cli_run: tuple[list[str], Path, Path, str]
) -> None:
    """The dataset is Hive-partitioned Parquet: pyarrow (as Polars, Spark or Trino would) reads
    every table's folder, partitioned by variant and year, without tarokpgn; one of them holds
    a row per distinct deal, one a row per occurrence (whatever the store's layout names
    them)."""
    import pyarrow.dataset as ds

    dataset = cli_run[1]
    counts, variants = [], set()
    folders = sorted(p for p in dataset.iterdir() if any(p.glob("**/*.parquet")))
    assert len(folders) >= 3
    for folder in folders:
        table = ds.dataset(folder, format="parquet", partitioning="hive").to_table()
        assert {"variant", "year"} <= set(table.column_names), folder.name
        counts.append(table.num_rows)
        variants |= set(table.column("variant").to_pylist())
    assert {"slovenian-4", "czech-4", "french-4", "slovenian-3", "ottocento"} <= variants
    assert len(local["deals"]) in counts
    assert len(local["occurrences"]) in counts
    assert len(local["occurrences"]) > len(local["deals"])  # duplicates: stored once


@needs_dask
def test_verify_on_the_cluster_counts_every_status(inputs: Path, cluster: Any) -> None:
    from tarokpgn.distributed import UNREADABLE, verify_files

    expected: Counter[str] = Counter()
    problems = 0
    for path in sorted(inputs.rglob("*.tpgn")):
        for item in read_chunk(path.read_bytes(), str(path)):
            if isinstance(item, NotationError):
                expected[UNREADABLE] += 1
                problems += 1
            else:
                verdict = verify(item)
                expected[str(verdict.status)] += 1
                problems += len(verdict.problems)
    report = verify_files([inputs], cluster, chunk_bytes=CHUNK, keep=1)
    assert report.statuses == expected
    assert report.records == sum(expected.values()) > 80
    assert len(expected) >= 3  # ok, unreadable and more: the check can tell them apart
    assert report.problems == problems == 2  # the unreadable record, the renons
    assert [p[2] for p in report.kept] == ["E104"]  # kept: the first in file order


def test_without_dask_the_command_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    path = tmp_path / "a.tpgn"
    path.write_text("")
    argv = ["index", "--scheduler", "tcp://127.0.0.1:8786", "--dataset", str(tmp_path / "ds")]
    code = main([*argv, str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "tarokpgn index: dask.distributed is not installed: install it with: "
        'pip install "tarokpgn[dask]"\n'
    )


def test_scheduler_and_dataset_go_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.tpgn"
    path.write_text("")
    assert main(["index", "--dataset", str(tmp_path / "ds"), str(path)]) == 2
    assert main(["index", "--scheduler", "tcp://127.0.0.1:1", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "tarokpgn index: --dataset needs --scheduler (docs/distributed.rst)",
        "tarokpgn index: --scheduler needs --dataset (docs/distributed.rst)",
    ]


@needs_dask
def test_unreachable_scheduler_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tarokpgn import distributed

    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT", 0.5)
    path = tmp_path / "a.tpgn"
    path.write_text("")
    argv = ["index", "--scheduler", "tcp://127.0.0.1:1", "--dataset", str(tmp_path / "ds")]
    assert main([*argv, str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("tarokpgn index: cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert not (tmp_path / "ds").exists()


@needs_dask
def test_a_folder_that_is_not_a_dataset_is_refused(inputs: Path, cluster: Any) -> None:
    from tarokpgn.distributed import ClusterError, index_dataset

    taken = inputs.parent / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    with pytest.raises(ClusterError, match="not a tarokpgn Parquet dataset"):
        index_dataset([inputs], taken, cluster)
    assert [p.name for p in taken.iterdir()] == ["notes.txt"]


@needs_dask
def test_workers_must_run_this_version(
    inputs: Path, cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tarokpgn
    from tarokpgn.distributed import ClusterError, index_dataset

    monkeypatch.setattr(tarokpgn, "__version__", "0.0.0-other")  # here, not on the workers
    with pytest.raises(ClusterError, match=r"runs tarokpgn .*, this machine 0\.0\.0-other"):
        index_dataset([inputs], inputs.parent / "other-ds", cluster)
    assert not (inputs.parent / "other-ds").exists()


@needs_dask
def test_a_cluster_without_workers_is_refused_not_waited_for(inputs: Path) -> None:
    from tarokpgn.distributed import ClusterError, verify_files

    dd = _distributed()
    with (
        dd.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=":0") as lc,
        dd.Client(lc) as client,
        pytest.raises(ClusterError, match="no worker"),
    ):
        verify_files([inputs], client)


@needs_dask
def test_a_worker_killed_mid_run_loses_and_doubles_nothing(
    inputs: Path, local: dict[str, Any], cluster: Any
) -> None:
    """A worker kills itself (SIGKILL) in the middle of the last file; its nanny starts a new
    one, and Dask runs again the task it was running and those whose results it held. The
    dataset equals the local index all the same."""
    from tarokpgn.distributed import index_dataset

    marker = Path(os.environ[MARKER])
    target = inputs.parent / "killed-ds"
    report = index_dataset(
        [inputs], target, cluster, chunk_bytes=CHUNK, verify="helpers.dask_faults:killing_verify"
    )
    assert marker.exists(), "no worker was killed: the test did not test anything"
    pid, offset = map(int, marker.read_text().split())
    assert pid not in cluster.run(os.getpid).values()  # that worker is gone
    assert 2 * offset >= (inputs / f"z-{VICTIM}").stat().st_size
    assert _imported(target, inputs.parent / "killed.duckdb") == local
    assert report.records == sum(r[4] for r in local["sources"])  # sources.records
    assert report.errors == 1 and report.failed == 0  # the broken record


def test_range_size_keeps_every_worker_busy(tmp_path: Path) -> None:
    from tarokpgn.distributed import MIN_RANGE_BYTES, RANGE_BYTES, range_bytes

    small, large = tmp_path / "small.tpgn", tmp_path / "large.tpgn"
    small.write_bytes(b"x" * 1000)
    large.write_bytes(b"")
    with large.open("r+b") as handle:
        handle.truncate(100 << 20)  # 100 MiB (sparse)
    assert range_bytes([small], 2) == MIN_RANGE_BYTES
    assert range_bytes([large], 2) == RANGE_BYTES
    assert range_bytes([large], 64) == (100 << 20) // (8 * 64)  # 8 ranges a worker
    assert range_bytes([large], 0) == RANGE_BYTES
