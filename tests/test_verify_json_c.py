"""The element writer in C (``tarokpgn/_verdict_json.c``, issue 21) against the Python one it
stands in for (:func:`tarokpgn.verdict._deal`) and the standard encoder: the same bytes for
every deal it takes, and every deal it does not take (a float, a number beyond 64 bits, a key
that is no plain string, a lone surrogate, nesting deeper than it goes) left to the Python
writer, whose output is then the standard encoder's. The compiled build must have it (CI
requires the compiled build); the pure build runs these only when it was built by hand."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

import pytest
from helpers.json_elements import DEAL_TAGS, expected_element, with_deal
from helpers.registry import builtin_variants

from tarokpgn import compiled, verdict
from tarokpgn.cli import main
from tarokpgn.cli._json import indented
from tarokpgn.generate import generate
from tarokpgn.model import Record, Source
from tarokpgn.replay import verify_all
from tarokpgn.verdict import (
    C_ELEMENT,
    Bonus,
    Element,
    Problem,
    ScoreLine,
    Status,
    Verdict,
    deal_json,
)


def test_the_compiled_build_has_it() -> None:
    if not compiled():
        pytest.skip("a pure build: the C writer is built with the compiled one")
    assert C_ELEMENT is not None


@pytest.fixture
def element() -> Element:
    if C_ELEMENT is None:
        pytest.skip("tarokpgn._verdict_json was not built (a pure build)")
    return C_ELEMENT


def python(record: Record, v: Verdict) -> bytes:
    """The deal's element by the Python writer."""
    parts: list[bytes] = []
    verdict._deal(parts, verdict._text(verdict.ITEM), record, v, indented)
    return b"".join(parts)


def reference(record: Record, v: Verdict) -> bytes:
    """The deal's element as the standard encoder writes it, at ``verify --json``'s indent."""
    data = expected_element(record, v)
    return json.dumps(data, indent=1, ensure_ascii=False).replace("\n", "\n ").encode()


def c(element: Element, record: Record, v: Verdict) -> bytes | None:
    return verdict._c_deal(element, record, v)


def test_generated_deals_of_every_variant(element: Element) -> None:
    """40 deals of each of the 8 variants, each taken by the C writer: 320 compared."""
    compared = 0
    for name in builtin_variants():
        for record, v in verify_all(generate(name, n=40, seed=21)):
            got = c(element, record, v)
            assert got is not None, (name, record.get("Deal"))
            assert got == python(record, v) == reference(record, v)
            compared += 1
    assert compared == 40 * len(builtin_variants()) == 320


class Seat(StrEnum):
    NORTH = "N"


RECORD = next(iter(generate("slovenian-4", n=1, seed=3)))


def nested(depth: int) -> list[Any]:
    """``depth`` lists, one in another, around a 1: in a table of the verdict's, 29 are as
    deep as the C writer goes."""
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


CHARACTERS = "".join(map(chr, range(0x20))) + '"\\/ \x7f\x80\u07ff\u0800\u2028\uffff𐀀\U0010ffff'
"""Every control character, the two others the encoder escapes, and the edges of UTF-8's 1-,
2-, 3- and 4-byte forms."""

TAKEN = [
    Verdict(Status.OK),
    Verdict(Status.ILLEGAL, problems=(Problem("x", CHARACTERS, line=3, seat="N", judged=True),)),
    Verdict(Status.OK, breakdown=(ScoreLine(CHARACTERS, -(2**63), detail=CHARACTERS),)),
    Verdict(Status.OK, card_points={CHARACTERS: 2**63 - 1, "": 0}, scores={}, written=None),
    Verdict(Status.OK, bonuses=(Bonus("trula", "declarer", True, None, -10, kontra=4),)),
    Verdict(Status.OK, card_points={"deep": nested(29)}),  # type: ignore[dict-item]
    Verdict(Status.OK, card_points={"n": [None, True, False, (), [], {}, {"a": (1, "b")}]}),  # type: ignore[dict-item]
    Verdict(Status.OK, card_points={"lines": [ScoreLine("a", 1), Problem("c", "m")]}),  # type: ignore[dict-item]
    Verdict(Status.RENONS, contract="three", declarer="N", partner="S", won=False),
    Verdict(Status.OK, trick_winners=("N", CHARACTERS, "")),
]
"""Verdicts the C writer takes: every character to escape or encode, the 64-bit edges, nesting
up to its limit, each JSON kind and the verdict's own classes inside a table."""

LEFT = [
    Verdict(Status.OK, scores={"N": 1.5}),  # type: ignore[dict-item]
    Verdict(Status.OK, card_points={"N": 2**63}),
    Verdict(Status.OK, card_points={"N": -(2**63) - 1}),
    Verdict(Status.OK, written={Seat.NORTH: 1}),
    Verdict(Status.OK, written={1: 1}),  # type: ignore[dict-item]
    Verdict(Status.OK, declarer=Seat.NORTH),
    Verdict(Status.OK, trick_winners=("N", Seat.NORTH)),
    Verdict(Status.OK, breakdown=(ScoreLine("a", 1, detail="lone \udc80"),)),
    Verdict(Status.OK, card_points={"\ud800": 1}),
    Verdict(Status.OK, card_points={"deep": nested(30)}),  # type: ignore[dict-item]
    Verdict(Status.OK, card_points={"v": Verdict(Status.OK)}),  # type: ignore[dict-item]
]
"""Verdicts the C writer leaves to the Python one: a float, numbers beyond 64 bits, keys that
are no plain strings, a StrEnum that is not the status, lone surrogates, nesting one deeper
than it goes, a verdict inside a verdict."""


def test_what_it_takes_and_what_it_leaves(element: Element) -> None:
    for v in TAKEN:
        assert c(element, RECORD, v) == python(RECORD, v) == reference(RECORD, v), v
    for v in LEFT:
        assert c(element, RECORD, v) is None, v
    assert element(RECORD, None, None, None, None, None) is None  # not a verdict


def test_the_deal_s_members(element: Element) -> None:
    """A file name to escape, one outside ASCII, one UTF-8 cannot write (left to Python), no
    source, no Match tag, Deal tags that are no plain number."""
    v = next(iter(verify_all([RECORD])))[1]
    no_match = dataclasses.replace(RECORD, tags=tuple(t for t in RECORD.tags if t[0] != "Match"))
    records = [
        dataclasses.replace(RECORD, source=Source('a "b"\\c\n.tpgn', 0, 9, "", index=4)),
        dataclasses.replace(RECORD, source=Source("Škis 🂡.tpgn", 0, 1, "", index=0)),
        dataclasses.replace(RECORD, source=None),
        no_match,
        *(with_deal(no_match, value) for value in DEAL_TAGS),
    ]
    for record in records:
        assert c(element, record, v) == python(record, v) == reference(record, v)
    odd = dataclasses.replace(RECORD, source=Source("b\udcffd", 0, 1, "", index=1))
    assert c(element, odd, v) is None


def random_text(rng: random.Random) -> str:
    pool = 'aZ09 -−×Š"\\\n\t\x00\x1f\x7f\u2028🂡'
    return "".join(rng.choice(pool) for _ in range(rng.randrange(0, 12)))


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A value the C writer takes: None, a truth value, a number within 64 bits, a string, a
    list, tuple or table of them, a score line."""
    kind = rng.randrange(8 if depth < 3 else 4)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, 1, -1, 2**63 - 1, -(2**63), rng.randrange(-(10**6), 10**6)])
    if kind in (2, 3):
        return random_text(rng)
    if kind in (4, 5):
        items = [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
        return items if kind == 4 else tuple(items)
    if kind == 6:
        return {random_text(rng): random_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    return ScoreLine(random_text(rng), rng.randrange(-200, 200), detail=random_text(rng))


SPOILERS: list[Any] = [
    1.5, float("nan"), -0.0, 2**63, -(2**63) - 1, 10**30, Seat.NORTH, {1: 2}, {Seat.NORTH: 1},
    "lone \ud800", {"\udfff": 1}, nested(30),
]  # fmt: skip
"""What the C writer leaves to Python: each in a verdict's table, or in a list in it."""


def random_verdicts(n: int, seed: int) -> Iterator[Verdict]:
    """``n`` verdicts of random values, about a third of them with one :data:`SPOILERS`."""
    rng = random.Random(seed)
    for _ in range(n):
        points = {random_text(rng): random_value(rng) for _ in range(rng.randrange(4))}
        if rng.random() < 0.35:
            spoiler = rng.choice(SPOILERS)
            points[random_text(rng)] = spoiler if rng.random() < 0.5 else [0, spoiler]
        yield Verdict(
            rng.choice(list(Status)),
            problems=tuple(
                Problem(random_text(rng), random_text(rng), line=rng.randrange(99), trick=None)
                for _ in range(rng.randrange(2))
            ),
            contract=rng.choice([None, random_text(rng)]),
            won=rng.choice([None, True, False]),
            card_points=points,
            scores=rng.choice([None, {random_text(rng): rng.randrange(-500, 500)}]),
            breakdown=tuple(random_value(rng, 1) for _ in range(rng.randrange(3))),
            bonuses=tuple(
                Bonus(random_text(rng), "declarer", rng.random() < 0.5, None, rng.randrange(99))
                for _ in range(rng.randrange(2))
            ),
            game_kontra=rng.choice([0, 1, -(2**63)]),
            trick_winners=tuple(random_text(rng) for _ in range(rng.randrange(5))),
        )


def test_random_verdicts(element: Element, monkeypatch: pytest.MonkeyPatch) -> None:
    """3,000 random verdicts (strings of characters to escape and outside ASCII, numbers at
    the edges of 64 bits, nesting, and in about a third one of :data:`SPOILERS`):
    ``deal_json`` with the C writer and without it give the same bytes, those of the standard
    encoder when the C writer takes the deal. Both kinds are met: at least 1,500 deals taken
    by C and 500 left to Python."""
    taken = left = 0
    with_c: list[bytes | None] = []
    verdicts = list(random_verdicts(3000, seed=17))
    for v in verdicts:
        piece = c(element, RECORD, v)
        taken += piece is not None
        left += piece is None
        try:
            with_c.append(deal_json(RECORD, v, b"", indented))
        except UnicodeEncodeError:
            with_c.append(None)
        if piece is not None:
            assert piece == reference(RECORD, v)
    monkeypatch.setattr(verdict, "C_ELEMENT", None)
    for v, got in zip(verdicts, with_c, strict=True):
        try:
            assert deal_json(RECORD, v, b"", indented) == got
        except UnicodeEncodeError:
            assert got is None
    assert taken >= 1500 and left >= 500, (taken, left)


def test_verify_json_the_same_with_and_without_it(
    element: Element, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """``tarokpgn verify --json`` on the examples: the same output both ways."""
    from pathlib import Path

    files = sorted(str(p) for p in Path(__file__).parents[1].glob("examples/**/*.tpgn"))
    assert len(files) >= 20
    outputs = []
    for writer in (element, None):
        monkeypatch.setattr(verdict, "C_ELEMENT", writer)
        main(["verify", "--json", *files])
        outputs.append(capsysbinary.readouterr().out)
    assert outputs[0] == outputs[1]
    assert len(json.loads(outputs[0])) >= 100
