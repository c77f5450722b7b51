"""Checks of an installed tarokpgn, run by the interpreter of the install under test.

It needs nothing but the standard library and tarokpgn, so it runs in a fresh virtual
environment, in a wheel's test environment (``[tool.cibuildwheel]`` in pyproject.toml) and in
the development one (tests/test_install.py, scripts/wheels.sh)::

    python tests/helpers/install_smoke.py smoke [--expect compiled|pure|any] [--examples DIR]
    python tests/helpers/install_smoke.py outputs [--root DIR]

``smoke`` runs the installed ``tarokpgn`` command (the console script next to the interpreter,
as pipx or uv would put on the PATH): ``--version``, ``check``, ``verify`` and ``index`` (then a
``query`` counting the deals indexed) on ``examples/slovenian-4.tpgn``, in a temporary folder;
it prints one line per step and exits 1 at the first that fails, naming it. ``--expect`` says
which build must run (``tarokpgn --version`` names it).

``outputs`` prints, as one JSON object, the exit status, standard output and standard error of
``check``, ``verify --json``, ``fmt`` and ``convert --to json`` over every ``.tpgn`` file under
``examples/`` and ``tests/golden/`` (paths relative to ``--root``, which it runs in): two
builds (pure and compiled) must print the same object, byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "slovenian-4.tpgn"
EXAMPLE_DEALS = 4
BUILDS = {"compiled": "compiled with mypyc", "pure": "pure Python"}
CORPORA = ("examples", "tests/golden")
COMMANDS = (("check",), ("verify", "--json"), ("fmt",), ("convert", "--to", "json"))


class SmokeFailure(Exception):
    """A step of the smoke test failed: the message says which and what it printed."""


def tarokpgn_command() -> str:
    """The ``tarokpgn`` console script of the running interpreter's environment."""
    name = "tarokpgn.exe" if os.name == "nt" else "tarokpgn"
    for folder in (sysconfig.get_path("scripts"), os.path.dirname(sys.executable)):
        if os.path.isfile(os.path.join(folder, name)):
            return os.path.join(folder, name)
    raise SmokeFailure(f"no {name} in {sysconfig.get_path('scripts')}: is tarokpgn installed?")


def _run(step: str, argv: list[str], cwd: str) -> str:
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SmokeFailure(
            f"{step}: exit status {done.returncode}\n{done.stdout}{done.stderr}".rstrip()
        )
    print(f"ok   {step}: {(done.stdout.strip().splitlines() or ['(no output)'])[-1]}")
    return done.stdout


def smoke(expect: str, examples: Path) -> None:
    """Run the installed command on the example; raise :class:`SmokeFailure` at a failed step."""
    command = tarokpgn_command()
    example = str((examples / EXAMPLE).resolve())
    with tempfile.TemporaryDirectory() as work:
        version = _run("tarokpgn --version", [command, "--version"], work).strip()
        found = re.fullmatch(r"tarokpgn \S+ \((.+)\)", version)
        if found is None or found.group(1) not in BUILDS.values():
            raise SmokeFailure(f"tarokpgn --version: unexpected {version!r}")
        if expect != "any" and found.group(1) != BUILDS[expect]:
            raise SmokeFailure(f"tarokpgn --version: {version!r}, expected {BUILDS[expect]}")
        _run("tarokpgn check", [command, "check", example], work)
        verified = _run("tarokpgn verify", [command, "verify", example], work)
        summary = f"{EXAMPLE_DEALS} deals verified: {EXAMPLE_DEALS} OK"
        if summary not in verified:
            raise SmokeFailure(f"tarokpgn verify: no {summary!r} in\n{verified}")
        db = os.path.join(work, "smoke.duckdb")
        _run("tarokpgn index", [command, "index", "-q", "-j", "1", "--db", db, example], work)
        sql = "SELECT count(*) AS deals FROM deals"
        counted = _run("tarokpgn query", [command, "query", "--db", db, "--csv", sql], work)
        if counted.split() != ["deals", str(EXAMPLE_DEALS)]:
            raise SmokeFailure(f"tarokpgn query: expected {EXAMPLE_DEALS} deals, got {counted!r}")


def corpus(root: Path) -> list[str]:
    """The deal files whose outputs the builds must agree on, relative to ``root``."""
    files = [p for name in CORPORA for p in (root / name).rglob("*.tpgn")]
    return sorted(p.relative_to(root).as_posix() for p in files)


def outputs(root: Path) -> dict[str, list[object]]:
    """``"command file"`` -> [exit status, stdout, stderr] of the CLI run in this process."""
    from tarokpgn.cli import main

    os.chdir(root)
    os.environ["NO_COLOR"] = "1"
    result: dict[str, list[object]] = {}
    for path in corpus(root):
        for command in COMMANDS:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status: object = main([*command, path])
                except SystemExit as exc:  # argparse's usage errors
                    status = exc.code
            result[" ".join([*command, path])] = [status, out.getvalue(), err.getvalue()]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    smoke_parser = sub.add_parser("smoke")
    smoke_parser.add_argument("--expect", choices=["any", *BUILDS], default="any")
    smoke_parser.add_argument("--examples", type=Path, default=ROOT / "examples")
    outputs_parser = sub.add_parser("outputs")
    outputs_parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    if args.what == "outputs":
        json.dump(outputs(args.root.resolve()), sys.stdout, sort_keys=True)
        return 0
    try:
        smoke(args.expect, args.examples)
    except SmokeFailure as exc:
        print(f"FAIL {exc}", file=sys.stderr)
        return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
