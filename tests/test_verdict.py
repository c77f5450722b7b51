"""The verdict classes keep their dataclass API (built with a hand-written ``__init__``)."""

from __future__ import annotations

import dataclasses

from tarokpgn.model import format_scores, parse_scores
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
