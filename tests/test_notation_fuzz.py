"""Fuzzed notation (hardening issue 13): mutants of the conformance corpus and the examples.

Each input is a seed file (or one record of it) with one to four token mutations: two tokens
swapped, one duplicated or deleted, a keyword, a number (up to 5,000 digits), a word with odd
characters or a card word inserted or put in a token's place. For every input:

* both readers give the same results (the fast export-form reader and the Lark reader);
* nothing escapes but located errors;
* every record that reads and that ``check_record`` accepts is written in export form, and that
  text reads back (by both readers) to an equal record, which writes the same text again;
* every record that reads has a JSON form that validates and reads back equal.

The run is deterministic (``derandomize``) and counts what it exercised.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_fastreader import lark_records

from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import check_record, write_record
from tarokpgn.notation.fastreader import iter_export
from tarokpgn.notation.jsonform import iter_json_records, to_json
from tarokpgn.notation.transformer import RESERVED

ROOT = Path(__file__).resolve().parents[1]
Result = Record | NotationError


def _seeds() -> list[str]:
    """Small seed texts: every corpus file and example, and each record of them on its own."""
    paths = sorted((ROOT / "tests" / "conformance").glob("*/*.tpgn"))
    paths += sorted((ROOT / "examples").glob("*.tpgn"))
    texts = [p.read_bytes().decode("utf-8", "surrogateescape") for p in paths]
    texts = [t for t in texts if len(t) < 20_000]  # not the 1 MB E111 case
    records = [r for t in texts for r in re.split(r"(?<=\nend\n)\n*", t) if r.strip()]
    return sorted(set(texts + records))


SEEDS = _seeds()
_INSERTS = [
    *sorted(RESERVED), "re", "END", "Hand", "game", "*", "?", "N", "Z", "X",
    "0", "00", "5", "999", "1000", "9" * 25, "9" * 5000, "12.", "0.", "1000.", "-3", "+7",
    "²", "٣", "kontra=9", "kontra=²", "card=HK", "trick=end", "x=", "=", ".", "{", "}", "[",
    "]", ";", '"', "\\", "{c}", "; c\n", "\n", "\r", "\t", "\x85", "\u2028", "\u00a0", "\ufeff",
    "a\u00a8b", "a\u2024b", "a\uff1db", "\u00bdx", "ǅ", "İ", "ß", "ﬁ", "\u3316",
    "HK", "T21", "FOOL", "škis", "srce", "kralj", "XXI", "T0", "T22", "trula", "trojka",
    "pass", "three", "revoke", "discard", "claim", '[Deal "0"]', '[Result "N +1 E 0"]',
]  # fmt: skip
"""What a mutation may insert: keywords, numbers, odd characters, card words and names."""

_TOKENS = re.compile(r"\s+|[^\s]+")


@st.composite
def mutants(draw: st.DrawFn) -> str:
    """A seed with one to four token mutations."""
    tokens = _TOKENS.findall(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(tokens) - 1, 0)))
        other = draw(st.integers(0, max(len(tokens) - 1, 0)))
        how = draw(st.sampled_from(["swap", "duplicate", "delete", "insert", "replace"]))
        if not tokens:
            tokens = [draw(st.sampled_from(_INSERTS))]
        elif how == "swap":
            tokens[at], tokens[other] = tokens[other], tokens[at]
        elif how == "duplicate":
            tokens.insert(other, tokens[at])
        elif how == "delete":
            del tokens[at]
        else:
            new = draw(st.sampled_from(_INSERTS))
            if how == "insert":
                tokens[at:at] = [new, " "]
            else:
                tokens[at] = new
    return "".join(tokens)


def _read(data: bytes) -> list[Result]:
    """The results of ``data`` by the Lark reader, after checking the fast reader's are equal."""
    slow = list(lark_records(data, "f.tpgn"))
    fast = list(iter_export(data, "f.tpgn"))
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        if isinstance(b, NotationError):
            assert type(a) is type(b) and str(a) == str(b)
        else:
            assert a == b and isinstance(a, Record) and a.source == b.source
    return slow


def _exercise(text: str, seen: Counter[str]) -> None:
    seen["inputs"] += 1
    for result in _read(text.encode("utf-8", "surrogateescape")):
        if isinstance(result, NotationError):
            seen[f"error {result.code}"] += 1
            continue
        seen["records"] += 1
        (back,) = iter_json_records(json.dumps(to_json(result)), "f.json")
        assert back == result, str(back)
        if check_record(result):
            continue
        seen["clean records"] += 1
        written = write_record(result)
        (again,) = _read(written.encode())
        assert isinstance(again, Record), f"{written!r} reads as {again}"
        assert again == result and write_record(again) == written


KNOWN = [
    '[Variant "slovenian-4"]\n\nkontra E 1 end end\n',
    '[Variant "slovenian-4"]\n\nkontra E 1 hand\nend\n',
    '[Variant "slovenian-4"]\n\nannounce N a\u00a8b\nend\n',
    '[Variant "slovenian-4"]\n\nirregular claim N trick=5\x85\nend\n',
    '[Variant "slovenian-4"]\n\nkontra E ' + "9" * 5000 + " game\nend\n",
    '[Variant "slovenian-4"]\n[Deal "²"]\n\nend\n',
    '[Variant "slovenian-4"]\n\nrenons E S 7 revoke kontra=²\nend\n',
    '[Variant "slovenian-4"]\n] N end {forgot to close\nhand E HQ\nend\n',
]
"""Inputs the mutation fuzzer found mis-read or crashing before the limits."""


def test_fuzzed_notation_reads_alike_and_writes_back() -> None:
    seen: Counter[str] = Counter()

    @settings(
        max_examples=600,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutants())
    @example(KNOWN[0])
    @example(KNOWN[1])
    @example(KNOWN[2])
    @example(KNOWN[3])
    @example(KNOWN[4])
    @example(KNOWN[5])
    @example(KNOWN[6])
    @example(KNOWN[7])
    def run(text: str) -> None:
        _exercise(text, seen)

    run()
    # What the run really exercised: 608 inputs (600 drawn, 8 examples), 175 records read
    # (112 of them clean, written back and read again) and 514 located errors of 9 codes.
    assert seen["inputs"] >= 600
    assert seen["clean records"] >= 60, seen
    assert seen["records"] - seen["clean records"] >= 30, seen
    assert sum(n for k, n in seen.items() if k.startswith("error")) >= 300, seen
    assert {"error E101", "error E104", "error E110"} <= set(seen), seen
