"""Fixtures shared by every test module: ``variant`` (each built-in variant of the registry in
turn) and ``registry`` (the variant and ruleset registries restored after the test). Loading
this file puts ``tests/`` on ``sys.path``, so tests import their helpers as ``helpers.<module>``
(tests/helpers/).

``TAROKPGN_REQUIRE_EXTRAS=openspiel`` (set by ``.ci/run``) makes a missing optional library a
failure of the whole run instead of skipped tests."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest
from helpers.registry import builtin_variants, saved_registries

EXTRAS = {"openspiel": "pyspiel"}
"""Optional extra → the module its tests import."""


def pytest_configure(config: pytest.Config) -> None:
    wanted = os.environ.get("TAROKPGN_REQUIRE_EXTRAS", "").split(",")
    missing = [x for x in wanted if x and importlib.util.find_spec(EXTRAS.get(x, x)) is None]
    if missing:
        raise pytest.UsageError(f"TAROKPGN_REQUIRE_EXTRAS: not installed: {', '.join(missing)}")


@pytest.fixture(params=builtin_variants())
def variant(request: pytest.FixtureRequest) -> str:
    """Each built-in variant id in turn: a test that takes it runs once per variant."""
    return str(request.param)


@pytest.fixture
def registry() -> Iterator[None]:
    """Let the test register variants and rulesets; both registries are restored after it."""
    with saved_registries():
        yield
