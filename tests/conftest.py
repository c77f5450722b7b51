"""Fixtures shared by every test module: ``variant`` (each built-in variant of the registry in
turn) and ``registry`` (the variant and ruleset registries restored after the test). Loading
this file puts ``tests/`` on ``sys.path``, so tests import their helpers as ``helpers.<module>``
(tests/helpers/)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.registry import builtin_variants, saved_registries


@pytest.fixture(params=builtin_variants())
def variant(request: pytest.FixtureRequest) -> str:
    """Each built-in variant id in turn: a test that takes it runs once per variant."""
    return str(request.param)


@pytest.fixture
def registry() -> Iterator[None]:
    """Let the test register variants and rulesets; both registries are restored after it."""
    with saved_registries():
        yield
