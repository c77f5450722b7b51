"""Read-only views of the variant registry under the names older code imports.

``model.VARIANTS``, ``vocabulary.FAMILY`` and ``notation.wellformed.DEAL_SIZES`` were tables of
their own; each is now a :class:`VariantView`: a live mapping variant id → one fact of its
:class:`~tarokpgn.variants.VariantSpec`, so a variant registered at run time shows in all of
them. Code inside the package asks :mod:`tarokpgn.variants` directly. (A plain Python module:
the compiled modules cannot subclass :class:`~collections.abc.Mapping`.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from tarokpgn.variants import VariantSpec, all_variants, find_variant, variant_ids

_V = TypeVar("_V")


class VariantView(Mapping[str, _V]):
    """Variant id → ``fact(spec)`` for every registered variant, in order of registration."""

    def __init__(self, fact: Callable[[VariantSpec], _V]) -> None:
        self._fact = fact

    def __getitem__(self, variant: str) -> _V:
        spec = find_variant(variant)
        if spec is None:
            raise KeyError(variant)
        return self._fact(spec)

    def __iter__(self) -> Iterator[str]:
        return variant_ids()

    def __len__(self) -> int:
        return len(all_variants())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self)!r})"
