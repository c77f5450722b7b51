"""The ``verify --json`` writer puts a score line together from remembered pieces (its label, its
value, and its detail when short; a long detail is a deal's own working and is escaped each
time), and tells written scores equal to the computed ones side by side (issue 21). Each must
give the bytes the standard encoder writes: details around the length remembered, to escape,
met again under other labels and values, and one UTF-8 cannot write, which must not be
remembered."""

from __future__ import annotations

import json

import pytest

from tarokpgn.cli._json import indented
from tarokpgn.verdict import ScoreLine, Status, Verdict, verdict_json

DETAILS = [
    "",
    "−31",
    "held by E",
    "x" * 15,
    "y" * 16,
    "z" * 17,
    "−" * 16,
    "−" * 17,
    'a "quoted" \\ one',
    "tab\there\nnewline",
    "2 tricks, 10 cards: raw 23 − 2×3 − 1 = 16",
    'a long "quoted" detail',
    "a long one ending in \\",
    "a long one with a\ttab and a\nnew line",
    "a long one with \x00 (NUL)",
    "a long one with \x1f (US), DEL \x7f (not escaped)",
    "astral \U0001f600, U+2028 \u2028, U+0085 \x85 × −",
]
"""Details short and long (either side of 16 characters), outside ASCII, and to escape (long
ones too, each with one kind: a quote, a backslash, the first and the last control)."""


def reference(verdict: Verdict) -> bytes:
    data = verdict.to_json() | {"k": 1}
    return json.dumps(data, indent=1, ensure_ascii=False).encode()


def written(verdict: Verdict) -> bytes:
    return verdict_json(verdict, "\n", [("k", 1)], indented)


def test_score_lines_as_the_standard_encoder_writes_them() -> None:
    """Each detail under two labels and two values, three rounds: the second and third meet
    every remembered piece."""
    lines = tuple(
        ScoreLine(label, value, detail=detail)
        for detail in DETAILS
        for label, value in (("card points N", 9), ("result", -2000))
    )
    verdicts = [Verdict(Status.OK, breakdown=lines), Verdict(Status.OK, breakdown=lines[::-1])]
    for _round in range(3):
        for verdict in verdicts:
            assert written(verdict) == reference(verdict)


@pytest.mark.parametrize("detail", ["\udcff", "a\udcffb" * 10])
def test_a_detail_utf8_cannot_write_is_not_remembered(detail: str) -> None:
    """A lone surrogate raises each time it is met (it is not remembered as written), and
    does not spoil the line's label or value for the lines after it."""
    bad = Verdict(Status.OK, breakdown=(ScoreLine("odd", 3, detail=detail),))
    good = Verdict(Status.OK, breakdown=(ScoreLine("odd", 3, detail="fine"),))
    for _round in range(2):
        with pytest.raises(UnicodeEncodeError):
            written(bad)
        assert written(good) == reference(good)


@pytest.mark.parametrize(
    "table",
    [
        {"N": 1, "E": -1, "S": 0},  # the same
        {"N": 1, "E": -1, "S": 1},  # the last value differs
        {"N": 1, "E": -1, "W": 0},  # the last key differs
        {"N": 1, "S": 0, "E": -1},  # the same in another order
        {"N": 1, "E": -1},  # shorter
        {"N": 1, "E": -1, "S": 0, "W": 0},  # longer
        {"N": 1, "E": -1, "S": False},  # an equal value of another type
        {},
    ],
)
def test_written_scores_beside_the_computed_ones(table: dict[str, int]) -> None:
    """Written scores are written once with the computed ones only when the two are the same
    table, in the same order and of the same types: else each as it is."""
    verdict = Verdict(Status.OK, scores={"N": 1, "E": -1, "S": 0}, written=table)
    assert written(verdict) == reference(verdict)
