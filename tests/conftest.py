"""Fixtures shared by every test module: ``variant`` (each built-in variant of the registry in
turn) and ``registry`` (the variant and ruleset registries restored after the test). Loading
this file puts ``tests/`` on ``sys.path``, so tests import their helpers as ``helpers.<module>``
(tests/helpers/).

``TAROKPGN_REQUIRE_EXTRAS=openspiel`` (set by ``.ci/run``) makes a missing optional library a
failure of the whole run instead of skipped tests; ``browser``: Playwright and Debian's chromium
for the replay page's tests; ``dask``: dask.distributed for the cluster's tests; ``compiled``:
the mypyc build, not the pure-Python fallback."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator

import pytest
from helpers.registry import builtin_variants, saved_registries

import tarokpgn

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium, the browser the replay page's tests drive (tests/test_show_page.py)."""


def _imports(module: str) -> Callable[[], bool]:
    return lambda: importlib.util.find_spec(module) is not None


EXTRAS: dict[str, Callable[[], bool]] = {
    "openspiel": _imports("pyspiel"),
    "browser": lambda: os.path.exists(CHROMIUM) and _imports("playwright")(),
    "dask": _imports("distributed"),
    # the mypyc build: hatch_build.py falls back to pure Python when it cannot compile, which
    # CI must not take for success (the compiled-only tests would be skipped)
    "compiled": tarokpgn.compiled,
}
"""Optional extra → whether what its tests need is installed (another name: that module)."""


def pytest_configure(config: pytest.Config) -> None:
    wanted = os.environ.get("TAROKPGN_REQUIRE_EXTRAS", "").split(",")
    missing = [x for x in wanted if x and not EXTRAS.get(x, _imports(x))()]
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
