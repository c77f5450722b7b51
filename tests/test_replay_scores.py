"""Score words read through :func:`tarokpgn.model.parse_scores`'s memo, and the running
``Totals`` check whose message is made only on a mismatch (:mod:`tarokpgn.replay`)."""

from __future__ import annotations

import pytest

from tarokpgn.model import MAX_SCORE, Record, parse_scores
from tarokpgn.replay import verify_all
from tarokpgn.verdict import Status

MEMO_SIZE = 4096  # tarokpgn.model._SCORE_WORDS_MAX


def test_scores_read_again_are_the_same() -> None:
    text = "N +59 E -20 S 0 W -0"
    first = parse_scores(text)
    assert first == {"N": 59, "E": -20, "S": 0, "W": 0}
    again = parse_scores(text)
    assert again == first and again is not first  # each call its own dict
    assert again is not None
    again["N"] = 1
    assert parse_scores(text) == first


def test_more_words_than_the_memo_keeps() -> None:
    words = range(-MEMO_SIZE, MEMO_SIZE + 10)
    for _ in range(2):  # the second round reads what the memo let go
        for n in words:
            assert parse_scores(f"N {n:+d} E {n}") == {"N": n, "E": n}


@pytest.mark.parametrize("word", ["+1000001", "5x", "²", "+", "1_000", "٣"])
def test_a_malformed_word_is_refused_every_time(word: str) -> None:
    for _ in range(3):  # not remembered as a value
        with pytest.raises(ValueError, match="whole number"):
            parse_scores(f"N {word} E 0")
    assert parse_scores(f"N +{MAX_SCORE} E -{MAX_SCORE}") == {"N": MAX_SCORE, "E": -MAX_SCORE}


def _score_only(deal: int, result: str, totals: str) -> Record:
    tags = (("Deal", str(deal)), ("Variant", "slovenian-4"), ("Dealer", "N"),
            ("Result", result), ("Contract", "three"), ("Declarer", "E"), ("Difference", "10"),
            ("Match", "m"), ("Totals", totals))  # fmt: skip
    return Record(tags)


def _totals_messages(records: list[Record]) -> list[str]:
    out = []
    for _, verdict in verify_all(records):
        out += [p.message for p in verdict.problems if p.code == "totals-mismatch"]
    return out


def test_totals_mismatch_says_how_the_totals_before_were_found() -> None:
    r1, r2 = "N 0 E +40 S 0 W 0", "N 0 E +40 S 0 W 0"
    good = [_score_only(1, r1, "N 0 E +40 S 0 W 0"), _score_only(2, r2, "N 0 E +80 S 0 W 0")]
    assert _totals_messages(good) == []
    bad1 = _score_only(1, r1, "N 0 E +41 S 0 W 0")
    assert _totals_messages([bad1]) == [
        "Totals N 0 E +41 S 0 W 0, but deal 1's result plus this deal's result make "
        "N 0 E +40 S 0 W 0"
    ]
    bad2 = _score_only(2, r2, "N 0 E +81 S 0 W 0")
    assert _totals_messages([good[0], bad2]) == [
        "Totals N 0 E +81 S 0 W 0, but the result of deal 1 (N 0 E +40 S 0 W 0) plus this "
        "deal's result make N 0 E +80 S 0 W 0"
    ]


def test_totals_before_from_the_written_totals_when_not_summed() -> None:
    # deal 2 without deal 1: its written Totals are the base of deal 3's
    second = _score_only(2, "N 0 E +40 S 0 W 0", "N 0 E +80 S 0 W 0")
    third = _score_only(3, "N 0 E +40 S 0 W 0", "N 0 E +100 S 0 W 0")
    verdicts = [v for _, v in verify_all([second, third])]
    assert verdicts[1].status is Status.SCORE_MISMATCH
    assert _totals_messages([second, third]) == [
        "Totals N 0 E +100 S 0 W 0, but deal 2's Totals N 0 E +80 S 0 W 0 plus this deal's "
        "result make N 0 E +120 S 0 W 0"
    ]
