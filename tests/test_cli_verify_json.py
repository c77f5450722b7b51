"""``tarokpgn verify --json`` writes its array as it goes, with the bytes ``json.dump`` wrote
when it held the whole array (issue 21): the fast writer of :mod:`tarokpgn.cli._json` against
the standard encoder, and the array read from a pipe before the input has ended."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import os
import selectors
import subprocess
import sys
from collections import namedtuple
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarokpgn import compiled
from tarokpgn.cli._json import dataclass_json, indented
from tarokpgn.cli.verify import JsonArray, json_element, json_text
from tarokpgn.errors import NotationError
from tarokpgn.generate import generate
from tarokpgn.model import Record, Source
from tarokpgn.notation import iter_file, write_records
from tarokpgn.replay import verify_all
from tarokpgn.variants import variant_ids
from tarokpgn.verdict import Bonus, Problem, ScoreLine, Status, Verdict, verdict_json

ROOT = Path(__file__).resolve().parents[1]


def reference(record: Record, verdict: Verdict, renons: bool = False) -> str:
    """An element of the array as the implementation before streaming wrote it: the dict of
    verdict's ``to_json`` with the deal's place through ``json.dump(…, indent=1)``, one level
    in."""
    src = record.source
    data = verdict.to_json()
    data.update(
        file=src.file if src else None,
        index=src.index if src else None,
        line=src.line if src else None,
        match=record.get("Match") or None,
        deal=record.get("Deal") or None,
    )
    if renons:
        from tarokpgn.cli.renons import audit_json

        data["renons"] = audit_json(record, verdict)
    return json.dumps(data, indent=1, ensure_ascii=False).replace("\n", "\n ")


def corpus() -> list[Record]:
    """Every deal of the examples and the golden corpora, and 8 generated deals of every
    variant."""
    records: list[Record] = []
    files = sorted((ROOT / "examples").rglob("*.tpgn")) + sorted(
        (ROOT / "tests" / "golden").rglob("*.tpgn")
    )
    for path in files:
        records += [r for r in iter_file(path) if not isinstance(r, NotationError)]
    for variant in sorted(variant_ids()):
        records += list(generate(variant, n=8, seed=7))
    return records


def test_every_verdict_as_the_standard_encoder_writes_it() -> None:
    """Every deal of :func:`corpus` (3,477 today); with ``--renons`` each tenth deal and those
    of the renons files (the audit replays the deal: slow)."""
    records = corpus()
    n = audited = 0
    for record, verdict in verify_all(records):
        assert json_text(record, verdict) == reference(record, verdict), record.source
        file = record.source.file if record.source else ""
        if n % 10 == 0 or "renons" in file:
            assert json_text(record, verdict, True) == reference(record, verdict, True)
            audited += 1
        n += 1
    assert n == len(records) and n > 3_000 and audited > 300, (n, audited)


class Colour(StrEnum):
    RED = "red"


@dataclasses.dataclass
class Inner:
    name: str
    tags: tuple[str, ...] = ()


@dataclasses.dataclass
class Outer:
    inner: Inner
    items: list[Inner]
    table: dict[str, Any]
    nothing: None = None


@dataclasses.dataclass
class Empty:
    pass


Pair = namedtuple("Pair", "a b")


def test_odd_values_as_the_standard_encoder_writes_them() -> None:
    """Values the verdict does not hold today but the writer must still get right: subclasses
    of str and int, floats that are not numbers, numbers and constants as keys, namedtuples,
    nested and empty dataclasses (as ``dataclasses.asdict`` gives them), control characters
    and characters outside ASCII."""
    values: list[Any] = [
        Colour.RED, True, False, None, 0, -7, 2**70, 1.5, -0.0, math.inf, -math.inf, math.nan,
        "", "a\"b\\c\n\t\x00\x1f\u2028 Škis é 🂡", [], {}, (), [[]], [{}], {"a": []},
        {1: "int key", 2.5: "float key", False: "bool key", None: "none key", "s": Colour.RED},
        Pair(1, "x"), [Pair([], {})], {"k": (1, (2, (3,)))},
    ]  # fmt: skip
    for value in values:
        assert indented(value) == json.dumps(value, indent=1, ensure_ascii=False), value
        assert indented(value, "\n  ") == json.dumps(value, indent=1, ensure_ascii=False).replace(
            "\n", "\n  "
        )
    outer = Outer(Inner("a", ("x", "y")), [Inner("b"), Inner("c")], {"n": 1, "e": Empty()})
    for obj in (outer, Inner("é"), Empty()):
        expected = json.dumps(dataclasses.asdict(obj), indent=1, ensure_ascii=False)
        assert indented(obj) == expected
        assert dataclass_json(obj, "\n", []) == expected
    with pytest.raises(TypeError):
        indented({"a": object()})
    with pytest.raises(TypeError):
        indented({(1, 2): "a tuple key"})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3) | st.integers() | st.booleans(), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values, st.integers(min_value=0, max_value=3))
def test_any_json_value_as_the_standard_encoder_writes_it(value: Any, level: int) -> None:
    """300 random values (nested lists, tuples and dicts of the scalars JSON has, keys of
    every kind the encoder takes), at four depths."""
    pad = "\n" + " " * level
    expected = json.dumps(value, indent=1, ensure_ascii=False).replace("\n", pad)
    assert indented(value, pad) == expected


def odd_verdicts() -> list[Verdict]:
    """Verdicts whose values are not of the types the fast path expects: each part is written
    by the generic writer, and must come out as the standard encoder writes it."""
    return [
        Verdict(Status.OK),
        Verdict(
            Status.ILLEGAL,
            problems=(Problem("x", 'm\n"q"', line=3, trick=2, seat="N", accepted=True),),
            card_points={"declarer": 41, "opponents": 29},
            scores={"N": 1.5, "E": -1},  # type: ignore[dict-item]
            written={1: 2},  # type: ignore[dict-item]
            breakdown=(
                ScoreLine("a", True),
                ScoreLine("b", 2, detail="d"),
                ScoreLine("c", -3),
                {"label": "not a ScoreLine"},  # type: ignore[arg-type]
            ),
            bonuses=(
                Bonus("trula", "declarer", True, None, 10, kontra=2),
                # an int for a bool (pure Python only: the compiled class checks the type)
                Bonus("kings", "opponents", True if compiled() else 1, True, 10),  # type: ignore[arg-type]
                ScoreLine("not a Bonus", 1),
            ),
            trick_winners=("N", Colour.RED),
        ),
        # a list for a tuple (pure Python only, as above)
        Verdict(Status.INCOMPLETE, scores={}, written={}, trick_winners=() if compiled() else []),  # type: ignore[arg-type]
    ]


def test_odd_verdicts_as_the_standard_encoder_writes_them() -> None:
    for verdict in odd_verdicts():
        data = verdict.to_json()
        data["extra"] = [1]
        expected = json.dumps(data, indent=1, ensure_ascii=False)
        assert verdict_json(verdict, "\n", [("extra", [1])], indented) == expected.encode()
        assert dataclass_json(verdict, "\n", ['"extra": [\n  1\n ]']) == expected


@pytest.mark.parametrize("size", [0, 1, 3])
def test_the_array_as_json_dump_writes_it(size: int) -> None:
    elements = [{"n": i, "s": ["a", {"b": None}]} for i in range(size)]
    out = io.StringIO()
    array = JsonArray(out)
    for element in elements:
        array.add(indented(element, "\n "))
    array.close()
    expected = io.StringIO()
    json.dump(elements, expected, indent=1, ensure_ascii=False)
    assert out.getvalue() == expected.getvalue() + "\n"


def test_the_array_streams_from_a_pipe(tmp_path: Path) -> None:
    """``verify --json -`` with its input a pipe that stays open: the first verdict comes out
    while the input has not ended (the command before streaming wrote nothing until the end),
    and the whole output is the same as for the file."""
    deals = list(generate("slovenian-4", n=40, seed=11))
    text = "".join(write_records(deals))
    path = tmp_path / "deals.tpgn"
    path.write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "tarokpgn", "verify", "--json", "--from", "tpgn"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    whole = subprocess.run([*command, str(path)], capture_output=True, env=env, check=False)
    assert whole.returncode == 0, whole.stderr
    first_two = "".join(write_records(deals[:2])).encode()
    with subprocess.Popen(
        [*command, "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=tmp_path
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(first_two)
        proc.stdin.flush()
        got = b""
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            # a guard against a hang, not a time limit: the element is there long before
            while b"\n }" not in got and selector.select(timeout=300):
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                got += chunk
        still_reading = proc.poll() is None
        proc.stdin.write(text.encode()[len(first_two) :])
        proc.stdin.close()
        got += proc.stdout.read()
    assert still_reading, "the command ended before its input did"
    head, _sep, _rest = got.partition(b"\n }")
    first = json.loads(head.removeprefix(b"[\n ") + b"}")
    assert first["deal"] == deals[0].get("Deal") and first["status"] == "ok"
    assert proc.returncode == 0
    assert got.replace(b'"<stdin>"', json.dumps(str(path)).encode()) == whole.stdout
    assert len(json.loads(got)) == 40


def test_a_file_name_utf8_cannot_encode() -> None:
    """A file name that is not UTF-8 (a lone surrogate, as Python decodes such a name) cannot be
    written as UTF-8 bytes: the element is then text, as the standard encoder writes it, and
    the array goes through the output's own encoding (here, as on a POSIX system's standard
    output, with ``surrogateescape``), as ``json.dump`` wrote it."""
    (record,) = generate("slovenian-4", n=1, seed=3)
    odd = dataclasses.replace(record, source=Source("b\udcffd", 0, 1, "", index=1))
    ((_, verdict),) = verify_all([odd])
    assert isinstance(json_element(odd, verdict), str)
    assert json_text(odd, verdict) == reference(odd, verdict)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline="\n")
    array = JsonArray(out)
    array.add(json_element(record, verdict))
    array.add(json_element(odd, verdict))
    array.close()
    out.flush()
    expected = io.BytesIO()
    with io.TextIOWrapper(expected, "utf-8", "surrogateescape", "\n", write_through=True) as text:
        json.dump(
            [json.loads(reference(r, verdict)) for r in (record, odd)],
            text,
            indent=1,
            ensure_ascii=False,
        )
        assert raw.getvalue() == expected.getvalue() + b"\n"


@pytest.mark.parametrize("line_buffering", [False, True])
def test_the_array_in_bytes_and_in_text(line_buffering: bool) -> None:
    """Elements in UTF-8 go to the byte stream under a UTF-8 text stream, elements as text
    (an unreadable record's) as the text stream encodes them; a stream of another encoding, or
    one without bytes under it, gets text. All three write the same."""
    deals = list(generate("czech-4", n=3, seed=5))
    pairs = list(verify_all(deals))
    elements: list[bytes | str] = [json_element(r, v) for r, v in pairs]
    elements.insert(1, indented({"status": "unreadable", "file": "é"}, "\n "))
    raw = io.BytesIO()
    utf8 = io.TextIOWrapper(raw, encoding="utf-8", line_buffering=line_buffering)
    latin = io.BytesIO()
    other = io.TextIOWrapper(latin, encoding="utf-16", line_buffering=line_buffering)
    text = io.StringIO()
    for out in (utf8, other, text):
        array = JsonArray(out)
        assert (array.binary is not None) == (out is utf8)
        for element in elements:
            array.add(element)
        array.close()
        out.flush()
    assert raw.getvalue().decode("utf-8") == latin.getvalue().decode("utf-16") == text.getvalue()
    assert json.loads(text.getvalue())[1] == {"status": "unreadable", "file": "é"}


def test_strings_past_what_the_writer_remembers() -> None:
    """The writer remembers the pieces it made for seats, labels and keys, up to a bound: a
    verdict holding more distinct ones than that (two rounds of them, the second met after the
    caches are full) is still written as the standard encoder writes it."""
    many = [f's{n} \u2212 "{n}"' for n in range(5000)]
    verdict = Verdict(
        Status.OK,
        scores={name: n for n, name in enumerate(many)},
        breakdown=tuple(ScoreLine(name, n, detail=name) for n, name in enumerate(many)),
        trick_winners=tuple(many),
    )
    expected = json.dumps(verdict.to_json() | {"k": 1}, indent=1, ensure_ascii=False)
    for _round in range(2):
        assert verdict_json(verdict, "\n", [("k", 1)], indented) == expected.encode()
