"""The called tarok (CZ-4.1, CZ-4.3): ``call_any_lower`` is an open choice, both readings
documented in docs/variants/czech.rst (issue 14)."""

from __future__ import annotations

from pathlib import Path

from tarokpgn import verify
from tarokpgn.notation import parse_record as parse

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "czech-4.tpgn").read_text(encoding="utf-8")
DOCS = ROOT / "docs" / "variants" / "czech.rst"


def _codes(text: str) -> list[str]:
    return [p.code for p in verify(parse(text)).problems]


def test_default_reading_is_an_order() -> None:
    """N holds neither XIX nor XVIII: calling XVIII breaks the order of CZ-4.1."""
    text = EXAMPLE.replace("call N T19", "call N T18")
    assert "illegal-call" in _codes(text)
    assert "illegal-call" not in _codes(EXAMPLE)


def test_custom_reading_lets_any_lower_tarok_be_called() -> None:
    text = EXAMPLE.replace("call N T19", "call N T18").replace(
        '[Ruleset "vysocina"]', '[Ruleset "vysocina"]\n[Options "call_any_lower=true"]'
    )
    assert "illegal-call" not in _codes(text)


def test_docs_state_both_readings() -> None:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("Calling a lower tarok (CZ-4.1, CZ-4.3)")
    section = text[start : start + 2000]
    for words in ("``call_any_lower=false``", "``call_any_lower=true``", "default", "order",
                  "custom", "CZ-4.2", "open choice"):  # fmt: skip
        assert words in section, words
