"""Czech options: presets, ``Options`` overrides, and the docs page listing every option."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tarokpgn.rules import OptionError, find_ruleset
from tarokpgn.rules.czech import MCR, VYSOCINA, CzechOptions, CzechRuleset

DOCS = Path(__file__).resolve().parents[1] / "docs" / "variants" / "czech.rst"


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_presets_differ_only_where_the_sources_say() -> None:
    """CZ-0.2: first-duty purchase, preferanc rates and Varšava scoring."""
    differ = {f.name for f in dataclasses.fields(CzechOptions)
              if getattr(VYSOCINA, f.name) != getattr(MCR, f.name)}  # fmt: skip
    assert differ == {"duty1_talon", "pref_rate_1", "pref_rate_3", "warsaw_scoring"}


def test_find_ruleset_and_overrides() -> None:
    rs = find_ruleset("czech-4")
    assert isinstance(rs, CzechRuleset) and rs.name == "vysocina"
    mcr = find_ruleset("czech-4", "MCR", {"cap_scope": "whole_deal", "lone_multiplier": "1"})
    assert isinstance(mcr, CzechRuleset)
    assert (mcr.czech.cap_scope, mcr.czech.lone_multiplier, mcr.czech.duty1_talon) == (
        "whole_deal", 1, "1+2+3",
    )  # fmt: skip
    with pytest.raises(OptionError):
        find_ruleset("czech-4", None, {"cap_scope": "sometimes"})
    with pytest.raises(OptionError):
        find_ruleset("czech-4", None, {"no_such_option": "1"})


@pytest.mark.parametrize("field", dataclasses.fields(CzechOptions), ids=lambda f: f.name)
def test_docs_list_every_option_with_its_defaults(field: dataclasses.Field[object]) -> None:
    row = (f"   * - ``{field.name}``\n     - ``{_text(getattr(VYSOCINA, field.name))}``\n"
           f"     - ``{_text(getattr(MCR, field.name))}``\n")  # fmt: skip
    assert row in DOCS.read_text()
    assert field.metadata["rule"].startswith("CZ-")
