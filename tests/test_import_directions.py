"""The packages of tarokpgn import one another in one direction only: the engines know nothing of
the notation, the archive or the command line, the registry of variants knows nothing at all,
and only the command line's own modules import it.

Every ``import`` statement counts, read from the source with :mod:`ast`: at module level, inside
functions (a function-level import that hides a cycle is still a dependency) and under ``if
TYPE_CHECKING:`` (a type the engine names is a type the engine depends on). Imports written as
strings (``importlib.import_module``, ``"module:Class"``) are not seen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tarokpgn"

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "tarokpgn.rules": ("tarokpgn.notation", "tarokpgn.archive", "tarokpgn.renons", "tarokpgn.cli",
                       "tarokpgn.model", "tarokpgn.generate"),
    "tarokpgn.variants": ("tarokpgn",),
    "tarokpgn.notation": ("tarokpgn.rules", "tarokpgn.archive", "tarokpgn.renons", "tarokpgn.cli"),
    "tarokpgn.archive": ("tarokpgn.cli",),
    "tarokpgn": (),
}  # fmt: skip
"""Importing package or module → what it must never import (the most specific key applies);
besides, no module imports the command line but :data:`ALLOWED_CLI`."""

ALLOWED_CLI = ("tarokpgn.cli", "tarokpgn.__main__")
"""The only modules that may import the command line."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The tarokpgn modules (or packages) module ``name`` imports, anywhere in its source."""
    path = MODULES[name]
    return imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")


def imports_in(source: str, name: str, package: bool = False) -> set[str]:
    """The tarokpgn modules (or packages) ``source``, the text of module ``name``, imports: a
    name imported from a package counts as its submodule when one has that name."""
    anchor = name if package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = anchor.split(".")[: len(anchor.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES}
    return {m for m in found if _within(m, "tarokpgn")}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def rules_for(name: str) -> tuple[str, ...]:
    """What ``name`` must not import: its most specific entry of :data:`FORBIDDEN`, and the
    command line unless it is one of :data:`ALLOWED_CLI` or belongs to it."""
    forbidden = {*FORBIDDEN[max((k for k in FORBIDDEN if _within(name, k)), key=len)]}
    if name not in ALLOWED_CLI and not _within(name, "tarokpgn.cli"):
        forbidden.add("tarokpgn.cli")
    return tuple(sorted(forbidden))


def violations(name: str) -> list[str]:
    """The imports of ``name`` that go the wrong way."""
    forbidden = rules_for(name)
    return sorted(t for t in imports(name) if any(_within(t, f) for f in forbidden))


def test_the_walk_sees_every_kind_of_import() -> None:
    """Module-level, relative, function-level and TYPE_CHECKING imports all count."""
    source = """
import tarokpgn.cards
from typing import TYPE_CHECKING
from . import state
from ..model import Record
if TYPE_CHECKING:
    from tarokpgn.notation import reader
def late():
    from tarokpgn import cli
"""
    assert imports_in(source, "tarokpgn.rules.core") == {
        "tarokpgn.cards", "tarokpgn.rules", "tarokpgn.rules.state", "tarokpgn.model",
        "tarokpgn.notation", "tarokpgn.notation.reader", "tarokpgn", "tarokpgn.cli",
    }  # fmt: skip
    assert violations("tarokpgn.__main__") == [] and "tarokpgn.cli" in imports("tarokpgn.__main__")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_run_one_way(name: str) -> None:
    assert violations(name) == [], f"{name} imports {violations(name)} (see {rules_for(name)})"
