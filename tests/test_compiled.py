"""The mypyc build: the hot modules named in pyproject.toml run compiled when the install
compiled them, the rest stays pure Python, and an edited source is never silently shadowed by an
older compiled module."""

from __future__ import annotations

import importlib
import os
import tomllib
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import tarokpgn
from tarokpgn import StaleBuildWarning, compiled
from tarokpgn._build import stale_modules, warn_if_stale
from tarokpgn.cli import main

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = EXTENSION_SUFFIXES[0]

PURE = (
    "tarokpgn",
    "tarokpgn._build",
    "tarokpgn.cli",
    "tarokpgn.archive.store",
    "tarokpgn.archive.ingest",
    "tarokpgn.generate",
    "tarokpgn.notation.parser",
    "tarokpgn.notation.reader",
)
"""Modules that must stay pure Python in every build."""


def compiled_modules() -> list[str]:
    """The modules pyproject.toml's mypyc hook compiles."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    paths: list[Path] = []
    for pattern in patterns:
        path = ROOT / pattern.strip("/")
        paths.extend(sorted(path.rglob("*.py")) if pattern.endswith("/") else [path])
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths]
    return [n.removesuffix(".__init__") for n in names]


def is_extension(module: str) -> bool:
    return str(importlib.import_module(module).__file__).endswith(tuple(EXTENSION_SUFFIXES))


def test_the_hook_compiles_the_hot_path() -> None:
    names = compiled_modules()
    for hot in ("tarokpgn.replayer", "tarokpgn.notation.fastreader", "tarokpgn.rules.state"):
        assert hot in names
    assert not set(PURE) & set(names)


@pytest.mark.skipif(
    not compiled(),
    reason="tarokpgn is installed as pure Python (HATCH_BUILD_NO_HOOKS=true): nothing compiled",
)
def test_compiled_modules_are_in_use() -> None:
    assert [m for m in compiled_modules() if not is_extension(m)] == []
    assert [m for m in PURE if is_extension(m)] == []


def test_pure_build_runs_the_sources() -> None:
    if compiled():
        pytest.skip("tarokpgn is installed compiled with mypyc")
    assert [m for m in compiled_modules() if is_extension(m)] == []


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    build = "compiled with mypyc" if compiled() else "pure Python"
    assert capsys.readouterr().out == f"tarokpgn {tarokpgn.__version__} ({build})\n"


def _tree(tmp_path: Path) -> Path:
    """A checkout with a compiled build at time 1000: ``pkg/a`` and ``pkg/sub/b`` compiled,
    ``pkg/c`` pure."""
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    files = ["pkg/a.py", f"pkg/a{SUFFIX}", "pkg/sub/b.py", f"pkg/sub/b{SUFFIX}", "pkg/c.py"]
    for name in [f"0123abcd__mypyc{SUFFIX}", *files]:
        (tmp_path / name).write_text("", encoding="utf-8")
        os.utime(tmp_path / name, (1000, 1000))
    return tmp_path / "pkg"


def test_fresh_build_is_not_stale(tmp_path: Path) -> None:
    package = _tree(tmp_path)
    os.utime(package / "c.py", (2000, 2000))  # a pure module may change freely
    assert stale_modules(str(package)) == []


def test_edited_source_is_stale(tmp_path: Path) -> None:
    package = _tree(tmp_path)
    os.utime(package / "sub" / "b.py", (2000, 2000))
    assert stale_modules(str(package)) == [str(package / "sub" / "b.py")]
    with pytest.warns(StaleBuildWarning, match=r"pkg/sub/b\.py .*bash scripts/venv\.sh"):
        warn_if_stale(str(package))


def test_only_a_checkout_is_checked(tmp_path: Path) -> None:
    package = _tree(tmp_path)
    os.utime(package / "a.py", (2000, 2000))
    (tmp_path / "pyproject.toml").unlink()  # an installed wheel: every file has the install time
    assert stale_modules(str(package)) == []


def test_no_compiled_build_no_warning(tmp_path: Path) -> None:
    package = _tree(tmp_path)
    (tmp_path / f"0123abcd__mypyc{SUFFIX}").unlink()
    os.utime(package / "a.py", (2000, 2000))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_if_stale(str(package))


def test_this_checkout_is_current() -> None:
    assert stale_modules(os.path.dirname(tarokpgn.__file__)) == []
