"""Issue 15, "Errors": every problem carries its own line (a tag's problem at the tag, a kontra
without a target at the kontra), one mistake gives one error (a trick written with the wrong
leader, a card typed into the wrong seat's hand), and a message names its rule once (the
``rule`` field holds it; the printer adds it)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.czech_mutations import MUTATIONS as CZECH_MUTATIONS
from helpers.french_mutations import MUTATIONS as FRENCH_MUTATIONS
from helpers.tarocchini_mutations import MUTATIONS as TAROCCHINI_MUTATIONS

from tarokpgn.archive.ingest import index_paths
from tarokpgn.archive.store import Archive
from tarokpgn.errors import NotationError
from tarokpgn.model import Hand, Item, Record, Source, Trick
from tarokpgn.notation import (
    check_record,
    from_json,
    iter_records,
    parse_record,
    to_json,
    validate,
    write_record,
)
from tarokpgn.notation.fastreader import lark_fallback
from tarokpgn.replay import verify, verify_all
from tarokpgn.verdict import Problem, Verdict

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
CORPORA = sorted(
    [*ROOT.glob("examples/**/*.tpgn"), *GOLDEN.glob("*/*.tpgn"),
     *ROOT.glob("tests/conformance/*/*.tpgn")]
)  # fmt: skip
VERDICTS = ROOT / "tests" / "conformance" / "verdicts"


def _records(path: Path) -> list[Record]:
    return [r for r in iter_records(path) if isinstance(r, Record)]


def _clean(family: str) -> Iterator[Record]:
    """The golden records of ``family`` that verify OK (accepted irregularities aside), with
    every hand and a few tricks."""
    for path in sorted((GOLDEN / family).glob("*.tpgn")):
        for record in _records(path):
            hands = list(record.of_type(Hand))
            known = len(hands) == record.players and "?" not in {c for h in hands for c in h.cards}
            if known and len(list(record.of_type(Trick))) >= 4 and verify(record).ok:
                yield record


def _added(good: Verdict, bad: Verdict) -> list[Problem]:
    """The problems of ``bad`` that ``good`` does not have (``bad`` keeps the others)."""
    assert all(p in bad.problems for p in good.problems)
    return [p for p in bad.problems if p not in good.problems]


CLEAN = {family: list(_clean(family)) for family in ("slovenian", "czech", "french", "tarocchini")}


# --- the rule id once per message ----------------------------------------------------------------


def _names_rule(problem: Problem) -> bool:
    """Whether the message repeats the problem's own rule id (``SL-8`` is not ``SL-8.5``)."""
    rule = problem.rule
    pattern = rf"(?<![\w.-]){re.escape(rule)}(?!\.?\d)"
    return bool(rule) and re.search(pattern, problem.message) is not None


def test_no_corpus_problem_repeats_its_rule() -> None:
    problems = [p for path in CORPORA for _, v in verify_all(_records(path)) for p in v.problems]
    assert len(problems) > 200  # every problem of the examples, golden and conformance sets
    assert len({p.rule for p in problems if p.rule}) > 60
    assert [p.message for p in problems if _names_rule(p)] == []


def _mutated() -> Iterator[Record]:
    for family, mutations in (("czech", CZECH_MUTATIONS), ("tarocchini", TAROCCHINI_MUTATIONS),
                              ("french", FRENCH_MUTATIONS)):  # fmt: skip
        for mutate in mutations.values():
            for record in CLEAN[family][:6]:
                out = mutate(record)
                if out is not None:
                    yield out[0]


def test_no_mutation_problem_repeats_its_rule() -> None:
    problems = [p for record in _mutated() for p in verify(record).problems]
    assert len(problems) > 60  # the faults the families' mutation sets make
    assert [p.message for p in problems if _names_rule(p)] == []


def test_a_bid_message_keeps_the_rule_in_its_field() -> None:
    text = (VERDICTS / "bad-option-at-options.tpgn").read_text()
    opening = '[Options "forehand_opening=compulsory_three"]'
    text = text.replace('[Options "radelci=often"]', opening)
    text = text.replace("auction N three E pass", "auction N two E pass")
    (problem, *_) = verify(parse_record(text)).problems
    assert problem.code == "illegal-bid" and problem.rule == "SL-3.5"
    assert problem.message == "N may not bid two: forehand must open the auction with three"


# --- every problem at its own line ----------------------------------------------------------------

IMPORT_FORM = """{scorekeeper's sheet}
[Variant "slovenian-4"]
[Result "N +12 E 0 S 0 W 0"]

[Dealer "W"]
[Totals "N 1"]
end
"""


def test_tag_lines_of_the_import_form() -> None:
    record = parse_record(IMPORT_FORM)
    assert record.source is not None and record.source.tag_lines != ()
    lines = {name: record.tag_line(name) for name, _ in record.tags}
    assert lines == {"Variant": 2, "Dealer": 5, "Result": 3, "Totals": 6}
    assert record.tag_line("Event") == 1  # absent: the record's first line
    assert dataclasses.replace(record, source=None).tag_line("Result") == 0
    assert [(e.code, e.line) for e in check_record(record)] == [("E211", 6)]


def test_export_form_needs_no_tag_lines_and_both_readers_agree() -> None:
    text = write_record(parse_record(IMPORT_FORM))
    (fast,) = iter_records(text)
    (slow,) = lark_fallback(text.encode(), Source("<string>", 0, 1, "", 1))
    assert isinstance(fast, Record) and isinstance(slow, Record)
    assert fast.source == slow.source and fast.source is not None
    assert fast.source.tag_lines == ()
    assert [fast.tag_line(name) for name, _ in fast.tags] == [1, 2, 3, 4]


def test_tag_lines_survive_json() -> None:
    record = parse_record(IMPORT_FORM, "sheet.tpgn")
    data = to_json(record)
    validate(data)
    assert data["source"]["tag_lines"] == {"Variant": 2, "Dealer": 5, "Result": 3, "Totals": 6}
    back = from_json(json.loads(json.dumps(data)))
    assert back.source == record.source
    plain = to_json(parse_record(write_record(record)))
    assert "tag_lines" not in plain["source"]


def test_tag_problems_of_the_verifier_are_at_their_tags(tmp_path: Path) -> None:
    deal = (VERDICTS / "score-mismatch-at-result.tpgn").read_text()
    record = parse_record(deal)
    assert [(p.code, p.line) for p in verify(record).problems] == [("score-mismatch", 8)]
    # a record in export form, then the deal as typed (its Result 4 lines down, not 7 as in
    # export order): indexed a chunk each, each at its Result's line
    typed = "".join(line for line in deal.splitlines(True) if not line.startswith(";"))
    path = tmp_path / "club.tpgn"
    other = parse_record(typed.replace('"Club evening"', '"Club night"'))
    path.write_text(write_record(other) + "\n" + typed)
    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [path], workers=1, chunk_bytes=200)
        rows = archive.query("SELECT record, line, code FROM problems ORDER BY record").rows
    first = len(write_record(other).splitlines())
    assert rows == [(1, 8, "score-mismatch"), (2, first + 1 + 5, "score-mismatch")]


def test_match_over_and_totals_are_at_their_tags() -> None:
    def deal(number: int, result: str, totals: str) -> str:
        return (f'[Variant "ottocento"]\n[Dealer "W"]\n[Match "Osteria"]\n[Result "{result}"]\n'
                f'[Totals "{totals}"]\n[Deal "{number}"]\n\nend\n')  # fmt: skip

    text = "\n".join([deal(1, "N +900 E 0 S +900 W 0", "N +900 E 0 S +900 W 0"),
                      deal(2, "N +10 E 0 S +10 W 0", "N +1 E 0 S +1 W 0")])  # fmt: skip
    records = [r for r in iter_records(text) if isinstance(r, Record)]
    verdicts = [v for _, v in verify_all(records)]
    assert [(p.code, p.line) for p in verdicts[1].problems] == [
        ("match-over", 15),
        ("totals-mismatch", 14),
    ]


@pytest.mark.parametrize(
    ("kontra", "column"),
    [("kontra E 1\nannounce N trula", 12), ("kontra E 1\n1. N SN S9 SQ S7", 12),
     ("kontra E\nend", 10), ("rekontra S\n1. N SN", 12), ("kontra E 1 {why}\n1. N SN", 12)],
)  # fmt: skip
def test_kontra_without_target_is_at_the_kontra(kontra: str, column: int) -> None:
    text = f'[Variant "slovenian-4"]\nauction N three E pass S pass W pass\n{kontra}\nend\n'
    with pytest.raises(NotationError) as caught:
        parse_record(text, "k.tpgn")
    err = caught.value
    said = " ".join(kontra.split("\n")[0].split()[:3]).removesuffix(" {why}")
    said = said if said[-1].isdigit() else " ".join(said.split()[:2])
    assert (err.code, err.line, err.column) == ("E101", 3, column)
    assert err.message.startswith(f"'{said}' has no target")


def test_a_kontra_with_its_target_reads() -> None:
    text = '[Variant "slovenian-4"]\nkontra E 1\ngame\nend\n'
    assert parse_record(text).items[0].target == "game"  # type: ignore[union-attr]


# --- one mistake, one error: the leader ----------------------------------------------------------


def _with_trick(record: Record, trick: Trick, new: Trick) -> Record:
    return dataclasses.replace(record, items=tuple(new if i is trick else i for i in record.items))


def _mislabelled(family: str) -> Iterator[tuple[Record, Record, Trick, str]]:
    """(record, the record with one trick's leader written wrong, that trick, who leads)."""
    for record in CLEAN[family][:5]:
        tricks = list(record.of_type(Trick))
        for trick in tricks[:: max(1, len(tricks) // 4)]:
            wrong = next(s for s in record.seats if s != trick.leader)
            new = dataclasses.replace(trick, leader=wrong)
            yield record, _with_trick(record, trick, new), trick, trick.leader


@pytest.mark.parametrize("family", sorted(CLEAN))
def test_a_mislabelled_leader_is_one_error(family: str) -> None:
    cases = 0
    for record, bad, trick, should in _mislabelled(family):
        good, got = verify(record), verify(bad)
        (added,) = _added(good, got)
        assert (added.code, added.trick) == ("wrong-leader", trick.number)
        assert f"{should} lead" in added.message
        assert f"read from {should}'s lead" in added.message
        assert (got.scores, got.trick_winners) == (good.scores, good.trick_winners)
        cases += 1
    assert cases >= 10  # several tricks of several deals of the family


def _led_out_of_turn(record: Record) -> tuple[Record, Trick, str] | None:
    """The record with one trick really led by the next seat: the same card for each seat,
    played in turn from that seat."""
    seats = record.play_order()
    n = len(seats)
    for trick in list(record.of_type(Trick))[1:]:
        if len(trick.cards) != n:
            continue
        first = seats.index(trick.leader)
        by_seat = {seats[(first + i) % n]: c for i, c in enumerate(trick.cards)}
        leader = seats[(first + 1) % n]
        cards = tuple(by_seat[seats[(seats.index(leader) + i) % n]] for i in range(n))
        new = Trick(trick.number, leader, cards, trick.line)
        return _with_trick(record, trick, new), trick, leader
    return None


@pytest.mark.parametrize("family", sorted(CLEAN))
def test_a_lead_out_of_turn_is_played_as_written(family: str) -> None:
    cases = 0
    for record in CLEAN[family][:5]:
        found = _led_out_of_turn(record)
        assert found is not None
        bad, trick, leader = found
        first = verify(bad).problems[0]
        assert (first.code, first.trick, first.seat) == ("wrong-leader", trick.number, leader)
        assert "read from" not in first.message
        cases += 1
    assert cases >= 3


# --- one mistake, one error: a card in the wrong hand --------------------------------------------


def _moved(record: Record) -> tuple[Record, Hand, Hand, str, int] | None:
    """The record with one card that a seat plays written in the next seat's hand instead:
    (record, the hand it went to, the hand it left, the card, its trick)."""
    hands = {h.seat: h for h in record.of_type(Hand)}
    seats = record.play_order()
    for trick in list(record.of_type(Trick))[2:]:
        first = seats.index(trick.leader)
        for i, card in enumerate(trick.cards):
            owner = seats[(first + i) % len(seats)]
            if card not in hands[owner].cards:
                continue  # taken from the talon
            other = hands[seats[(seats.index(owner) + 1) % len(seats)]]
            mine = hands[owner]
            short = Hand(owner, tuple(c for c in mine.cards if c != card), mine.line)
            long = Hand(other.seat, (*other.cards, card), other.line)
            swap: dict[object, Item] = {mine: short, other: long}
            items = tuple(swap.get(i, i) for i in record.items)
            return dataclasses.replace(record, items=items), long, short, card, trick.number
    return None


@pytest.mark.parametrize("family", sorted(CLEAN))
def test_a_card_in_the_wrong_hand_is_one_error(family: str) -> None:
    cases = 0
    for record in CLEAN[family][:6]:
        found = _moved(record)
        assert found is not None
        bad, long, short, card, number = found
        good, got = verify(record), verify(bad)
        (added,) = _added(good, got)
        assert (added.code, added.line, added.seat) == ("hand-size", long.line, long.seat)
        message = added.message
        counts = f"{long.seat}'s hand has {len(long.cards)} cards and {short.seat}'s "
        assert message.startswith(counts + f"{len(short.cards)}, not ")
        assert f"{short.seat} plays {card} (trick {number}), written in {long.seat}'s" in message
        assert (got.scores, got.trick_winners) == (good.scores, good.trick_winners)
        if record.variant != "terziglio":  # two deal sizes: check_record cannot pair the hands
            errors = [(e.code, e.line) for e in check_record(bad)]
            assert errors == [("E202", long.line)]
        cases += 1
    assert cases >= 3


def test_the_verdict_files_say_one_problem_each() -> None:
    for path in sorted(VERDICTS.glob("*.tpgn")):
        verdicts: list[Verdict] = [v for _, v in verify_all(_records(path))]
        assert sum(len(v.problems) for v in verdicts) == 1, path.name


def test_messages_name_what_is_missing_once() -> None:
    """Review of issue 15: E211 said "seat/score pairs" twice; a record without a Variant tag
    was "no rules engine for  yet" (an empty name)."""
    bad = parse_record('[Variant "slovenian-4"]\n[Result "N +5 E"]\n\nend\n')
    (e211,) = [e for e in check_record(bad) if e.code == "E211"]
    assert e211.message.count("seat/score pairs") == 1
    (no_engine,) = [p for p in verify(parse_record('[Event "x"]\n\nend\n')).problems
                    if p.code == "no-rules-engine"]  # fmt: skip
    assert "for a record without a Variant tag yet" in no_engine.message
