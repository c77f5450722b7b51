"""The verdict classes keep their dataclass API (built with a hand-written ``__init__``), and
the result classes are frozen and hashable, their optional arguments keyword-only."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from tarokpgn.generate.strategy import GeneratedDeal
from tarokpgn.model import Hand, Record, Renons, Source, Trick, format_scores, parse_scores
from tarokpgn.renons import DealRuling, Finding, Judgement, Penalty, RenonsOptions, Step
from tarokpgn.renons.decide import Decision
from tarokpgn.rules.ruleset import Score
from tarokpgn.verdict import Bonus, Problem, ScoreLine, Status, Verdict


def test_defaults_keywords_equality_and_hash() -> None:
    p = Problem("follow-suit", "must follow", line=3, rule="SL-9.3")
    assert p == Problem("follow-suit", "must follow", line=3, column=0, rule="SL-9.3")
    assert hash(p) == hash(Problem("follow-suit", "must follow", line=3, rule="SL-9.3"))
    assert ScoreLine("note", 0) == ScoreLine(label="note", value=0, detail="")
    assert Bonus("trula", "declarer", False, True, 10).kontra == 0
    assert repr(ScoreLine("a", 1, detail="b")) == "ScoreLine(label='a', value=1, detail='b')"
    v = Verdict(Status.OK)
    assert v.card_points == {} and v.problems == () and v.scores is None and v.ok
    assert v.card_points is not Verdict(Status.OK).card_points


def test_asdict_fields_replace_and_json() -> None:
    line = ScoreLine("result", 0, detail="N +5")
    bonus = Bonus("kings", "declarer", True, True, 20, kontra=1)
    v = Verdict(Status.OK, contract="three", declarer="N", won=True,
                card_points={"declarer": 40}, scores={"N": 5}, breakdown=(line,),
                bonuses=(bonus,), game_kontra=1, trick_winners=("N", "E"))  # fmt: skip
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


def test_optional_arguments_are_keyword_only() -> None:
    calls = [
        lambda: Problem("follow-suit", "must follow", 3),
        lambda: ScoreLine("note", 0, "detail"),
        lambda: Bonus("kings", "declarer", True, True, 20, 1),
        lambda: Verdict(Status.OK, ()),
        lambda: Penalty("N", "N", (), -70, "-70", "points"),
        lambda: Decision(Finding.PROVEN, "why", "SL-9.3"),
        lambda: DealRuling((), (), ()),
        lambda: RenonsOptions("semedela"),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


def _result_makers() -> list[Callable[[], object]]:
    """Functions building a result object, each with every kind of field filled."""
    claim = Renons("E", "N", 3, "revoke")

    def judgement() -> Judgement:
        penalty = Penalty("N", "N", (Step("V", 70, 70),), -70, "-70", unit="points")
        return Judgement(claim, Finding.PROVEN, "why", rule="SL-9.3", penalty=penalty,
                         scores={"N": -70}, deal_scores={"N": 10}, names={"N": "Ana"})  # fmt: skip

    def verdict() -> Verdict:
        problem = Problem("follow-suit", "must follow", line=3, trick=2, seat="N")
        return Verdict(Status.ILLEGAL, problems=(problem,), card_points={"declarer": 40},
                       scores={"N": 5}, written={"N": 4},
                       breakdown=(ScoreLine("result", 0, detail="N +5"),),
                       bonuses=(Bonus("kings", "declarer", True, True, 20, kontra=1),))  # fmt: skip

    return [
        verdict,
        judgement,
        lambda: DealRuling((judgement(),), (True,), scores={"N": -70}),
        lambda: Decision(Finding.PROVEN, "why", rule="SL-9.3", should=("T21",)),
        lambda: RenonsOptions(scheme="price"),
        lambda: GeneratedDeal((), {"N": 1}),
    ]


def test_results_are_frozen_and_hashable() -> None:
    for make in _result_makers():
        a, b = make(), make()
        assert a == b and a is not b and hash(a) == hash(b), type(a).__name__
        assert {a, b} == {a}
        name = dataclasses.fields(a)[0].name  # type: ignore[arg-type]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, name, None)


def test_dict_fields_count_for_equality_not_for_the_hash() -> None:
    v = Verdict(Status.OK, card_points={"declarer": 40}, scores={"N": 5})
    w = dataclasses.replace(v, scores={"N": 6})
    assert v != w and hash(v) == hash(w)
    assert hash(dataclasses.replace(v, contract="three")) != hash(v)
