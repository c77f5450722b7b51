"""Build hook (see pyproject.toml): compile the hot path with mypyc when this machine can, else
build pure Python and say so once; with mypyc, the one module in C (:data:`C_WRITER`), whose
failure alone leaves the build compiled without it (one warning).

The mypyc options live in ``[tool.hatch.build.targets.wheel.hooks.mypyc]``, whose
``enable-by-default = false`` keeps hatchling from running hatch-mypyc itself: this hook runs it
instead and, when it cannot compile (no C compiler, no Python headers, an interpreter mypyc does
not support, hatch-mypyc missing from the build environment, a compile error), removes what the
attempt left behind and lets the wheel be built from the sources alone, tagged
``py3-none-any``, with one warning in the build log. ``tarokpgn --version`` (and
:func:`tarokpgn.compiled`) tell afterwards which build was installed.

Switches (environment variables read by hatchling):

* ``HATCH_BUILD_NO_HOOKS=true``: no hooks at all, pure Python without trying to compile.
* ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true`` (or ``HATCH_BUILD_HOOKS_ENABLE=true``): hatchling runs
  hatch-mypyc itself, so a failed compile fails the build (release builds: scripts/wheels.sh,
  ``[tool.cibuildwheel]``); this hook then compiles :data:`C_WRITER`, failing the build when it
  cannot, and does the editable fix-up below.

For an editable install, hatch-mypyc compiles in place and would also copy the shared library
of the compiled modules (``<hash>__mypyc.*.so``) into site-packages. mypyc locates the package
directories from that library's path, so the copy would point ``tarokpgn.rules.__path__`` at a
site-packages folder that has no sources. Keep the library in the source tree only; regular
wheels are left as they are.
"""

from __future__ import annotations

import contextlib
import glob
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MYPYC = "mypyc"
"""The name of hatch-mypyc's hook, and of its table under ``hooks`` in pyproject.toml."""

WARNING_MARK = "tarokpgn: building pure Python"
"""How the one build-time warning of a fallback starts (tests/test_install.py counts it)."""

_ERROR = re.compile(r"\berror:", re.IGNORECASE)
"""A line that reports an error (``error: command 'gcc' failed``, ``x.c:1: fatal error: ...``)."""


def _reason(exc: BaseException) -> str:
    """The last lines of a failed compile: the compiler's or mypyc's own error, briefly."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    errors = [line for line in lines if _ERROR.search(line)]  # the compiler's, mypy's, setuptools'
    # A line that quotes the compiler's whole command keeps its start and its end (the verdict).
    brief = [x if len(x) <= 240 else f"{x[:100]} ... {x[-100:]}" for x in errors[-3:] or lines[-1:]]
    return " | ".join(brief) or type(exc).__name__


C_WRITER = "tarokpgn._verdict_json"
"""The module in C beside the mypyc build (``tarokpgn/_verdict_json.c``: ``verify --json``'s
element writer, issue 21), built with it; optional at run time (tarokpgn.verdict)."""

_SETUP = """
import sys
from setuptools import Extension, setup
setup(name="tarokpgn-c", ext_modules=[Extension(sys.argv[1], [sys.argv[2]])],
      script_args=["build_ext", "--build-lib", sys.argv[3], "--build-temp", sys.argv[4]])
"""
"""How :data:`C_WRITER` is compiled: setuptools' ``build_ext`` (as hatch-mypyc does), in a
folder of its own, where it does not meet this project's pyproject.toml."""


def build_c_writer(root: str) -> str:
    """Compile :data:`C_WRITER` next to its source in ``root``; returns the built file's path
    relative to ``root`` (``/``-separated). Raises :exc:`RuntimeError` with the compiler's
    output when it fails."""
    parts = C_WRITER.split(".")
    relative = "/".join(parts) + sysconfig.get_config_var("EXT_SUFFIX")
    target = os.path.join(root, *relative.split("/"))
    for old in glob.glob(os.path.join(root, *parts[:-1], parts[-1] + ".*")):
        if old.endswith((".so", ".pyd")):
            os.remove(old)  # another interpreter's, or a stale one
    with tempfile.TemporaryDirectory() as temp:
        source = os.path.join(temp, parts[-1] + ".c")
        shutil.copyfile(os.path.join(root, *parts) + ".c", source)
        lib, tmp = os.path.join(temp, "lib"), os.path.join(temp, "tmp")
        argv = [sys.executable, "-c", _SETUP, C_WRITER, source, lib, tmp]
        run = subprocess.run(argv, cwd=temp, capture_output=True, text=True, check=False)
        built = os.path.join(lib, *relative.split("/"))
        if run.returncode or not os.path.exists(built):
            raise RuntimeError(f"compiling {C_WRITER} failed:\n{run.stdout}{run.stderr}")
        shutil.copyfile(built, target)
    return relative


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]  # for any builder
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if MYPYC not in self.build_config.hook_config:  # else hatchling runs it, failing hard
            self._compile_or_fall_back(version, build_data)
        else:  # release builds: the C module too, and a failure fails the build
            build_data["artifacts"].append("/" + build_c_writer(self.root))
        if version == "editable":
            included = build_data["force_include"]
            for source in [s for s in included if "__mypyc." in os.path.basename(s)]:
                del included[source]

    def _compile_or_fall_back(self, version: str, build_data: dict[str, Any]) -> None:
        config = self.build_config.target_config.get("hooks", {}).get(MYPYC)
        if not isinstance(config, dict):
            return  # no mypyc table: nothing is meant to be compiled
        implementation = platform.python_implementation()
        if implementation != "CPython":
            self._fall_back(f"mypyc compiles for CPython only, not {implementation}")
            return
        try:
            from hatch_mypyc.plugin import MypycBuildHook  # type: ignore[import-untyped]
        except ImportError as exc:
            self._fall_back(f"hatch-mypyc is not installed in the build environment ({exc})")
            return
        hook = MypycBuildHook(
            self.root,
            config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        # hatch-mypyc changes build_data only after a successful compile, so a failed one
        # leaves the wheel pure; the artifacts a failed attempt may have left are removed.
        try:
            hook.initialize(version, build_data)
        except Exception as exc:  # any failure to compile means: pure Python
            with contextlib.suppress(OSError):
                hook.clean([version])
            self.app.display_debug(f"mypyc's output:\n{exc}")
            self._fall_back(_reason(exc))
            return
        try:
            build_data["artifacts"].append("/" + build_c_writer(self.root))
        except Exception as exc:  # the compiled build without it: verify --json a bit slower
            self.app.display_debug(str(exc))
            self.app.display_warning(
                f"tarokpgn: {C_WRITER} was not compiled ({_reason(exc)}): `verify --json` "
                "writes its output in Python instead, the same bytes a little slower."
            )

    def _fall_back(self, reason: str) -> None:
        self.app.display_warning(
            f"{WARNING_MARK}: mypyc could not compile the hot path ({reason}). The package "
            "works the same, only slower (about 2.5x for verifying); `tarokpgn --version` "
            "says which build runs. Install a C compiler and the Python headers and reinstall "
            "for the compiled build (docs/install.rst)."
        )
