"""docs/variants/slovenian.rst lists every option with its value in each preset."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tarokpgn.rules.slovenian.options import PAGAT, SEMEDELA, SL3, SlovenianOptions

DOC = Path(__file__).parent.parent / "docs" / "variants" / "slovenian.rst"


def _shown(value: object) -> str:
    return f"``{str(value).lower() if isinstance(value, bool) else value}``"


def test_every_option_is_documented_with_its_presets() -> None:
    text = DOC.read_text(encoding="utf-8")
    for f in dataclasses.fields(SlovenianOptions):
        row = f"   * - ``{f.name}``\n"
        assert row in text, f.name
        block = text[text.index(row) :].split("\n")[1:6]
        values = [line.strip().removeprefix("- ") for line in block]
        assert values[:3] == [_shown(getattr(o, f.name)) for o in (SEMEDELA, PAGAT, SL3)]
        assert values[3] == f.metadata["rule"]
