"""The registries as the tests see them: the built-in variants (:func:`builtin_variants`, what
the ``variant`` fixture of conftest.py runs over) and a snapshot of the two registries a plug-in
writes to, the variant facts (:mod:`tarokpgn.variants`) and the rulesets
(:mod:`tarokpgn.rules.ruleset`), for tests that register a family or a variant of their own and
must leave no trace for the next test (:func:`saved_registries`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tarokpgn import variants
from tarokpgn.rules import ruleset

_BUILTIN: tuple[variants.VariantSpec, ...] = tuple(
    spec for spec in variants.all_variants() if spec.family in variants.BUILTIN_FAMILIES
)


def builtin_variants(family: str | None = None) -> tuple[str, ...]:
    """The ids of the variants shipped with tarokpgn (of ``family`` only, when given), in the
    registry's order, as they were when the tests started: a plug-in registered later is not
    among them."""
    return tuple(spec.id for spec in _BUILTIN if family in (None, spec.family))


@contextmanager
def saved_registries() -> Iterator[None]:
    """Put both registries back as they were on leaving the block. The built-in families are
    loaded first, so none registers itself inside the block and is then forgotten. The dicts are
    restored in place: the compiled (mypyc) modules hold them by reference."""
    for spec in variants.all_variants():
        ruleset.rulesets(spec.id)
    specs = dict(variants._SPECS)
    classes = {variant: list(found) for variant, found in ruleset._REGISTRY.items()}
    instances = dict(ruleset._INSTANCES)
    try:
        yield
    finally:
        _restore(variants._SPECS, specs)
        _restore(ruleset._REGISTRY, classes)
        _restore(ruleset._INSTANCES, instances)


def _restore(target: dict[object, object], saved: dict[object, object]) -> None:
    target.clear()
    target.update(saved)
