"""Installing tarokpgn from its sdist on a machine without a C compiler, offline, as a user would.

The sdist is built from this checkout, then installed with pip into a fresh virtual environment
with ``CC`` and ``CXX`` pointing to ``false``: the mypyc hook's compile fails and hatch_build.py
must fall back to pure Python, with one warning in the build log. Nothing is downloaded: pip runs
with ``--no-index --no-build-isolation``, and the fresh environment sees this (development)
environment's site-packages through a ``.pth`` file, for the runtime dependencies and the build
backend alike (hatchling, hatch-mypyc and mypy are in the ``dev`` extra). That .pth line adds
the folder to ``sys.path`` without processing its own ``.pth`` files, so the development install
of tarokpgn itself (an editable one) stays invisible: the fresh environment imports the copy
pip installed in it, which the test checks.

The one install (about a minute: mypyc type-checks and generates C before the compiler is
called) is shared by the tests of this module, across pytest-xdist workers too (a file lock).
When this environment runs the compiled build (``bash scripts/venv.sh`` compiles, as in CI), the
pure install also serves to check that both builds print the same outputs on the examples and
golden corpora.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from helpers import install_smoke

import tarokpgn

fcntl = pytest.importorskip("fcntl", reason="the shared install is locked with flock (POSIX)")

ROOT = Path(__file__).resolve().parents[1]
SMOKE = Path(install_smoke.__file__)
BUILD_TOOLS = ("hatchling", "hatch_mypyc", "mypy", "setuptools")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the test hides the compiler POSIX-wise")


@dataclass(frozen=True)
class PureInstall:
    sdist: Path
    python: Path
    log: str


def _require_build_tools() -> None:
    missing = [m for m in BUILD_TOOLS if importlib.util.find_spec(m) is None]
    if missing:
        pytest.fail(
            f"not installed: {', '.join(missing)} (the dev extra has them: bash scripts/venv.sh)"
        )


def _hatch_build() -> ModuleType:
    """The build hook (hatch_build.py at the top of the checkout, not a package module)."""
    _require_build_tools()
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(work: Path) -> PureInstall:
    _require_build_tools()
    dist = work / "dist"
    backend = "import sys; from hatchling.build import build_sdist as b; print(b(sys.argv[1]))"
    build = subprocess.run(
        [sys.executable, "-c", backend, str(dist)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    sdist = dist / build.stdout.strip().splitlines()[-1]
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib, "_tarokpgn_dev_env.pth").write_text("\n".join(sorted(ours)) + "\n", "utf-8")
    # No compiler, no index, none of this machine's pip configuration (e.g. find-links).
    false = shutil.which("false") or "/bin/false"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "HATCH_"))}
    env.update(CC=false, CXX=false, PIP_CONFIG_FILE=os.devnull)
    pip = [str(python), "-m", "pip", "install", "-v", "--no-index", "--no-build-isolation"]
    install = subprocess.run(
        [*pip, "--disable-pip-version-check", str(sdist)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    log = install.stdout + install.stderr
    assert install.returncode == 0, log[-4000:]
    return PureInstall(sdist, python, log)


@pytest.fixture(scope="session")
def pure_install(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PureInstall]:
    """The sdist, installed with the compiler hidden; built once for all xdist workers."""
    session = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # each worker has a folder in the session's
        session = session.parent
    shared = session / "tarokpgn-pure-install"
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "done.json"
        if not done.exists():
            for leftover in ("dist", "venv"):
                shutil.rmtree(shared / leftover, ignore_errors=True)
            built = _build(shared)
            done.write_text(json.dumps([str(built.sdist), str(built.python), built.log]))
        sdist, python, log = json.loads(done.read_text())
    yield PureInstall(Path(sdist), Path(python), log)


def _run(python: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python`` outside the checkout, whose ``tarokpgn/`` ``-c`` would otherwise import."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    cwd = python.parents[1]
    return subprocess.run(
        [str(python), *argv], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def test_the_sdist_holds_sources_only(pure_install: PureInstall) -> None:
    with tarfile.open(pure_install.sdist) as sdist:
        names = sdist.getnames()
    top = names[0].split("/")[0]
    assert f"{top}/hatch_build.py" in names
    assert f"{top}/tarokpgn/rules/__init__.py" in names
    assert f"{top}/examples/{install_smoke.EXAMPLE}" in names
    assert [n for n in names if n.endswith((".so", ".pyd")) or "__mypyc" in n] == []


def test_no_compiler_installs_pure_python_with_one_warning(pure_install: PureInstall) -> None:
    mark = _hatch_build().WARNING_MARK
    log = pure_install.log
    assert log.count(mark) == 1, log[-4000:]
    warning = log[log.index(mark) :].splitlines()[0]
    assert re.search(r"error: command \S*false\W.* failed with exit code 1\)", warning, re.I)
    assert re.search(r"tarokpgn-[\d.]+-py3-none-any\.whl", log), log[-4000:]
    where = _run(pure_install.python, "-c", "import tarokpgn; print(tarokpgn.__file__)")
    package = Path(where.stdout.strip()).parent
    assert package.is_relative_to(pure_install.python.parents[1]), where.stdout + where.stderr
    assert sorted(p.name for p in package.rglob("*") if p.suffix in (".so", ".pyd")) == []


def test_the_pure_install_passes_the_smoke_test(pure_install: PureInstall) -> None:
    smoke = _run(pure_install.python, str(SMOKE), "smoke", "--expect", "pure")
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    steps = [line.split(":")[0] for line in smoke.stdout.splitlines() if line.startswith("ok")]
    assert steps == [
        "ok   tarokpgn --version",
        "ok   tarokpgn check",
        "ok   tarokpgn verify",
        "ok   tarokpgn index",
        "ok   tarokpgn query",
    ]


@pytest.mark.skipif(
    not tarokpgn.compiled(),
    reason="this environment runs pure Python: no compiled build to compare the pure one with",
)
def test_pure_and_compiled_builds_print_the_same(pure_install: PureInstall) -> None:
    files = install_smoke.corpus(ROOT)
    assert len(files) >= 300  # the examples and golden corpora: 4 commands on each file
    outputs = {}
    for name, python in (("compiled", Path(sys.executable)), ("pure", pure_install.python)):
        run = _run(python, str(SMOKE), "outputs", "--root", str(ROOT))
        assert run.returncode == 0, run.stderr[-4000:]
        outputs[name] = json.loads(run.stdout)
    compiled, pure = outputs["compiled"], outputs["pure"]
    assert len(compiled) == len(files) * len(install_smoke.COMMANDS)
    differ = [key for key in compiled if compiled[key] != pure.get(key)]
    assert differ == [], f"{len(differ)} differ, first: {differ[0]}\n{compiled[differ[0]]}\n"
    assert compiled == pure


def test_the_warning_names_the_error() -> None:
    _reason = _hatch_build()._reason
    log = (
        "Error while invoking Mypyc:\nrunning build_ext\n"
        "gcc -O3 -Werror -c x.c -o x.o\nx.c:1:10: fatal error: Python.h: No such file\n"
        "error: command '/usr/bin/gcc' failed with exit code 1\n"
    )
    assert _reason(Exception(log)) == (
        "x.c:1:10: fatal error: Python.h: No such file | "
        "error: command '/usr/bin/gcc' failed with exit code 1"
    )
    assert _reason(Exception("Error while invoking Mypyc:\nsomething else\n")) == "something else"
    assert _reason(Exception("")) == "Exception"
    command = "error: Command '['false', " + "'-Wall', " * 50 + "'x.c']' failed with exit code 1"
    assert _reason(Exception(f"Error while invoking Mypyc:\n{command}\n")) == (
        f"{command[:100]} ... {command[-100:]}"
    )


@pytest.mark.skipif(not tarokpgn.compiled(), reason="a pure build: no C compiler known to work")
def test_the_hook_compiles_the_c_writer(tmp_path: Path) -> None:
    """hatch_build.py's second step alone: the C module compiled next to its source (and one
    left by another build replaced), importable; a source that does not compile raises with
    the compiler's words."""
    hatch_build = _hatch_build()
    (tmp_path / "tarokpgn").mkdir()
    shutil.copy(ROOT / "tarokpgn" / "_verdict_json.c", tmp_path / "tarokpgn")
    (tmp_path / "tarokpgn" / "_verdict_json.cpython-00-old.so").write_bytes(b"stale")
    built = hatch_build.build_c_writer(str(tmp_path))
    assert built == "tarokpgn/_verdict_json" + sysconfig.get_config_var("EXT_SUFFIX")
    assert sorted(p.name for p in (tmp_path / "tarokpgn").glob("*.so")) == [Path(built).name]
    probe = (
        "import importlib.util as u, sys\n"
        "spec = u.spec_from_file_location('tarokpgn._verdict_json', sys.argv[1])\n"
        "m = u.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "print(m.__file__ == sys.argv[1], m.element(None, 0, 0, 0, 0, 0))"
    )
    path = str(tmp_path / built)
    run = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True)
    assert (run.returncode, run.stdout) == (0, "True None\n"), run.stderr
    (tmp_path / "tarokpgn" / "_verdict_json.c").write_text("#include <Python.h>\nnot C;\n")
    with pytest.raises(RuntimeError, match=r"(?s)compiling tarokpgn\._verdict_json failed:.*error"):
        hatch_build.build_c_writer(str(tmp_path))
