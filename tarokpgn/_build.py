"""Which build of tarokpgn is running: the hot modules compiled with mypyc, or pure Python.

A normal install compiles the hot path (see ``[tool.hatch.build.targets.wheel.hooks.mypyc]`` in
``pyproject.toml``). An editable install compiles in place: each compiled module's ``.so`` file
sits next to its ``.py`` source and is imported instead of it, so an edited source does nothing
until it is rebuilt. :func:`warn_if_stale` catches that in a source checkout. This module stays
pure Python: it must run before any compiled module is imported.
"""

from __future__ import annotations

import importlib.util
import os
import warnings
from importlib.machinery import EXTENSION_SUFFIXES

_SHARED_LIBRARY_MARK = "__mypyc."
"""mypyc puts the code of all compiled modules in one ``<group>__mypyc.<suffix>`` library."""


class StaleBuildWarning(UserWarning):
    """A compiled module is older than its source: Python would run the old compiled code."""


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(EXTENSION_SUFFIXES))


def compiled() -> bool:
    """True if the hot modules run compiled with mypyc, False if they run as pure Python.

    The module that tells is found, not imported (importing it brings the rules and the
    reader: a quarter of a second before ``tarokpgn stats`` starts)."""
    spec = importlib.util.find_spec("tarokpgn.replayer")
    return _is_extension(None if spec is None else spec.origin)


def build() -> str:
    """Which build runs, in words: ``"compiled with mypyc"`` or ``"pure Python"``."""
    return "compiled with mypyc" if compiled() else "pure Python"


def stale_modules(package_dir: str) -> list[str]:
    """Sources under ``package_dir`` modified after the compiled build that shadows them.

    Only a source checkout (a ``pyproject.toml`` beside the package) is looked at, and only if
    it holds a compiled build: an installed wheel's files all get the install time. It costs a
    directory listing per package and one ``stat`` per compiled module (about a millisecond).
    """
    root = os.path.dirname(package_dir)
    if not os.path.exists(os.path.join(root, "pyproject.toml")):
        return []
    try:
        libraries = [n for n in os.listdir(root) if _SHARED_LIBRARY_MARK in n and _is_extension(n)]
        built = max(os.stat(os.path.join(root, n)).st_mtime for n in libraries)
    except (OSError, ValueError):  # no compiled build in this checkout
        return []
    suffix = EXTENSION_SUFFIXES[0]  # the one mypyc builds with, e.g. .cpython-311-*.so
    stale: list[str] = []
    pending = [package_dir]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.name.endswith(suffix):
                    stale += _newer(entry.path[: -len(suffix)], built)
                elif "." not in entry.name and entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
    return sorted(stale)


def _newer(module: str, built: float) -> list[str]:
    """The source of the compiled ``module`` (a path without suffix: its ``.py``, or its
    ``.c`` for the module in C) when it is newer than ``built``."""
    for source in (module + ".py", module + ".c"):
        try:
            return [source] if os.stat(source).st_mtime > built else []
        except OSError:  # not this one, or a compiled module whose source is gone
            continue
    return []


def warn_if_stale(package_dir: str) -> None:
    """Warn (:class:`StaleBuildWarning`) if edited sources are shadowed by an older build."""
    stale = stale_modules(package_dir)
    if not stale:
        return
    root = os.path.dirname(package_dir)
    shown = ", ".join(os.path.relpath(p, root) for p in stale[:5])
    more = f" and {len(stale) - 5} more" if len(stale) > 5 else ""
    warnings.warn(
        f"tarokpgn: {shown}{more} changed after the mypyc build, whose stale compiled code "
        f"Python runs instead. Rebuild with `bash scripts/venv.sh`, or delete the compiled "
        f"files (tarokpgn/**/*.so and *__mypyc*.so in {root}) to run pure Python.",
        StaleBuildWarning,
        stacklevel=2,
    )


__all__ = ["StaleBuildWarning", "build", "compiled", "stale_modules", "warn_if_stale"]
