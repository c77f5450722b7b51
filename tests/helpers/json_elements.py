"""What ``verify --json`` writes for a deal, written out independently of the writers (the
standard encoder's view), and deals whose added members are not the usual ones: shared by
tests/test_verify_json_pieces.py and tests/test_verify_json_c.py."""

from __future__ import annotations

import dataclasses
from typing import Any

from tarokpgn.model import Record
from tarokpgn.verdict import Verdict


def expected_element(record: Record, verdict: Verdict) -> dict[str, Any]:
    """The deal's element as data: the verdict's JSON and the deal's five members."""
    src = record.source
    return verdict.to_json() | {
        "file": src.file if src else None,
        "index": src.index if src else None,
        "line": src.line if src else None,
        "match": record.get("Match") or None,
        "deal": record.get("Deal") or None,
    }


def with_deal(record: Record, value: str) -> Record:
    """``record`` with its Deal tag set to ``value``."""
    tags = tuple((k, value if k == "Deal" else v) for k, v in record.tags)
    return dataclasses.replace(record, tags=tags)


DEAL_TAGS = ("0012", "3a", "١٢", 'x"y', "")
"""Deal tags other than a plain number: leading zeros, digits outside ASCII, a letter, a
quote, none."""
