"""Every exception tarokpgn defines derives from ``TarokPgnError``, and there is one
``RecordError``."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import tarokpgn
from tarokpgn import renons
from tarokpgn.errors import NotationError, RecordError, TarokPgnError
from tarokpgn.notation import iter_records
from tarokpgn.renons import engine
from tarokpgn.renons.ruling import ClaimError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _exception_classes() -> list[type[BaseException]]:
    """The public exception classes (warnings aside) defined in any module of tarokpgn."""
    found: list[type[BaseException]] = []
    for info in pkgutil.walk_packages(tarokpgn.__path__, "tarokpgn."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if (
                inspect.isclass(cls)
                and issubclass(cls, BaseException)
                and not issubclass(cls, Warning)
                and cls.__module__ == info.name
                and not name.startswith("_")
            ):
                found.append(cls)
    return found


def test_every_exception_derives_from_tarokpgn_error() -> None:
    found = _exception_classes()
    names = {cls.__name__ for cls in found}
    assert {"NotationError", "UnknownCardError", "ClaimError", "RuleViolation"} <= names
    assert [cls.__qualname__ for cls in found if not issubclass(cls, TarokPgnError)] == []


def test_one_record_error() -> None:
    assert renons.RecordError is engine.RecordError is RecordError
    assert issubclass(ClaimError, ValueError)  # ``except ValueError`` callers keep working


def test_an_unplayable_record_raises_the_located_record_error() -> None:
    text = (EXAMPLES / "slovenian-4.tpgn").read_text(encoding="utf-8")
    text = text.replace('[Ruleset "', '[Ruleset "no-such-', 1)
    record = next(iter_records(text, "deals.tpgn"))
    assert not isinstance(record, NotationError)
    with pytest.raises(RecordError) as info:
        engine.start(record)
    err = info.value
    assert err.code == "unknown-ruleset" and err.file == "deals.tpgn" and err.record == 1
    assert err.line == record.tag_line("Ruleset") > 0
    assert err.message.startswith("unknown ruleset")
