"""The verdict classes keep their dataclass API (built with a hand-written ``__init__``)."""

from __future__ import annotations

import dataclasses

import pytest

from tarokpgn.model import Hand, Record, Source, Trick, format_scores, parse_scores
from tarokpgn.rules.ruleset import Score
from tarokpgn.verdict import Bonus, Problem, ScoreLine, Status, Verdict


def test_defaults_keywords_equality_and_hash() -> None:
    p = Problem("follow-suit", "must follow", 3, rule="SL-9.3")
    assert p == Problem("follow-suit", "must follow", 3, 0, None, None, "SL-9.3", False)
    assert hash(p) == hash(Problem("follow-suit", "must follow", 3, rule="SL-9.3"))
    assert ScoreLine("note", 0) == ScoreLine(label="note", value=0, detail="")
    assert Bonus("trula", "declarer", False, True, 10).kontra == 0
    assert repr(ScoreLine("a", 1, "b")) == "ScoreLine(label='a', value=1, detail='b')"
    v = Verdict(Status.OK)
    assert v.card_points == {} and v.problems == () and v.scores is None and v.ok
    assert v.card_points is not Verdict(Status.OK).card_points


def test_asdict_fields_replace_and_json() -> None:
    line = ScoreLine("result", 0, "N +5")
    bonus = Bonus("kings", "declarer", True, True, 20, 1)
    v = Verdict(Status.OK, (), "three", "N", None, True, {"declarer": 40}, {"N": 5}, None,
                (line,), (bonus,), 1, ("N", "E"))  # fmt: skip
    assert [f.name for f in dataclasses.fields(Verdict)][:3] == ["status", "problems", "contract"]
    data = v.to_json()
    assert data["status"] == "ok" and data["trick_winners"] == ["N", "E"]
    assert data["breakdown"] == ({"label": "result", "value": 0, "detail": "N +5"},)
    assert data["bonuses"][0] == dataclasses.asdict(v.bonuses[0])
    assert list(data) == [f.name for f in dataclasses.fields(Verdict)]
    w = dataclasses.replace(v, status=Status.SCORE_MISMATCH)
    assert w.status is Status.SCORE_MISMATCH and w.breakdown == v.breakdown and w != v


def test_format_scores_signs() -> None:
    scores = {"N": 59, "E": 0, "S": -20, "W": -1}
    assert format_scores(scores) == "N +59 E 0 S -20 W -1"
    assert parse_scores(format_scores(scores)) == scores


def test_score_keeps_its_dataclass_api() -> None:
    s = Score({0: 5, 1: -5})
    assert s.lines == () and s.bonuses == () and s.won is None and s.game_kontra == 0
    assert s.card_points == {} and s.card_points is not Score({0: 5, 1: -5}).card_points
    t = Score(scores={0: 5, 1: -5}, card_points={"declarer": 40}, won=True, game_kontra=1)
    assert t == Score({0: 5, 1: -5}, (), (), {"declarer": 40}, True, 1)
    assert dataclasses.replace(t, won=False).won is False
    assert [f.name for f in dataclasses.fields(Score)][3] == "card_points"
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.won = False  # type: ignore[misc]


def test_record_classes_stay_frozen() -> None:
    source = Source("f.tpgn", 0, 1, "00", 1)
    hand = Hand("N", ("T1", "T2"), 3)
    trick = Trick(1, "N", ("T1", "T2", "T3", "T4"), 9)
    record = Record((("Variant", "slovenian-4"),), (hand, trick), source)
    assert trick == Trick(1, "N", ("T1", "T2", "T3", "T4"), 10)  # ``line`` is not compared
    assert dataclasses.replace(record, items=()).source is source
    for obj, name in ((source, "line"), (hand, "cards"), (trick, "number"), (record, "tags")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, None)
