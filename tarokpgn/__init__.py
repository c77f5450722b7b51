"""tarokpgn: record, verify and study deals of the tarok family of card games.

The top level re-exports what most programs need: read and write records
(:func:`iter_records`, :func:`iter_file`, :func:`parse_record`, :func:`write_record`,
:func:`to_json`, :func:`from_json`), check and verify them (:func:`check_record`, :func:`verify`,
:func:`verify_all`, :func:`judge_renons`), generate random legal deals (:func:`generate`) and
the record and verdict types. :func:`compiled` tells whether the hot path runs compiled with
mypyc or as pure Python.

The names are imported when first used (``from tarokpgn import verify`` imports the replay
then), so a program that needs one part, such as ``tarokpgn stats`` the archive, does not pay
for the others (the generator brings numpy, the reader Lark).
"""

__version__ = "0.1.0"

import importlib as _importlib  # noqa: E402
import os as _os  # noqa: E402
import sys as _sys  # noqa: E402
import types as _types  # noqa: E402
import typing as _typing  # noqa: E402

from tarokpgn._build import StaleBuildWarning, compiled  # noqa: E402
from tarokpgn._build import warn_if_stale as _warn_if_stale  # noqa: E402

# Before anything compiled is imported: warn if an edited source is shadowed by an older build.
_warn_if_stale(_os.path.dirname(__file__))

from tarokpgn.errors import NotationError, TarokPgnError  # noqa: E402

if _typing.TYPE_CHECKING:
    from tarokpgn.generate import generate
    from tarokpgn.model import Record
    from tarokpgn.notation import (
        check_record,
        from_json,
        iter_file,
        iter_records,
        parse_record,
        read_headers,
        to_json,
        write_record,
    )
    from tarokpgn.renons import judge as judge_renons
    from tarokpgn.replay import verify, verify_all
    from tarokpgn.rules import find_ruleset
    from tarokpgn.verdict import Status, Verdict

_LAZY = {
    "Record": ("tarokpgn.model", "Record"),
    "Status": ("tarokpgn.verdict", "Status"),
    "Verdict": ("tarokpgn.verdict", "Verdict"),
    "check_record": ("tarokpgn.notation", "check_record"),
    "find_ruleset": ("tarokpgn.rules", "find_ruleset"),
    "from_json": ("tarokpgn.notation", "from_json"),
    "generate": ("tarokpgn.generate", "generate"),
    "iter_file": ("tarokpgn.notation", "iter_file"),
    "iter_records": ("tarokpgn.notation", "iter_records"),
    "judge_renons": ("tarokpgn.renons", "judge"),
    "parse_record": ("tarokpgn.notation", "parse_record"),
    "read_headers": ("tarokpgn.notation", "read_headers"),
    "to_json": ("tarokpgn.notation", "to_json"),
    "verify": ("tarokpgn.replay", "verify"),
    "verify_all": ("tarokpgn.replay", "verify_all"),
    "write_record": ("tarokpgn.notation", "write_record"),
}
"""Exported name → (module, name) it is imported from when first used."""


def __getattr__(name: str) -> object:
    """A lazily exported name (:data:`_LAZY`), imported on first use and kept."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = getattr(_importlib.import_module(module), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _Package(_types.ModuleType):
    """The class of this module: importing the subpackage ``tarokpgn.generate`` sets the
    attribute ``generate`` to it, which would hide the function exported under that name."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "generate" and isinstance(value, _types.ModuleType):
            value = value.generate
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package

__all__ = [
    "NotationError",
    "Record",
    "StaleBuildWarning",
    "Status",
    "TarokPgnError",
    "Verdict",
    "__version__",
    "check_record",
    "compiled",
    "find_ruleset",
    "from_json",
    "generate",
    "iter_file",
    "iter_records",
    "judge_renons",
    "parse_record",
    "read_headers",
    "to_json",
    "verify",
    "verify_all",
    "write_record",
]
