"""The Excuse's exchange card (issue 14, French part): ``excuse_exchange CARD`` names the
half-point card the Excuse's side gave for it (F-9.2, F-9.7).

Reading: both readers read it alike, the import form takes any card word and writes back the
one export form, the JSON form round-trips, and a record outside French Tarot or with two of
them is not well formed (E212). Verifying: a card the side could give scores exactly as a
record without it (F-9.7); each card it could not give is the problem ``excuse-exchange`` at the
element's line, with its rule (F-9.2–F-9.6); other variants refuse the element.
"""

from __future__ import annotations

import dataclasses
import functools
import json

import pytest
from helpers.french_util import POINTS, ExcuseFacts, excuse_facts
from helpers.registry import builtin_variants
from test_fastreader import lark_records

from tarokpgn.errors import NotationError
from tarokpgn.generate import generate
from tarokpgn.model import ExcuseExchange, Record, Source, Trick
from tarokpgn.notation import (
    check_record,
    from_json,
    parse_record,
    to_json,
    validate,
    write_record,
)
from tarokpgn.notation.fastreader import iter_export
from tarokpgn.replay import verify
from tarokpgn.replayer import Replay
from tarokpgn.verdict import Status, Verdict

CODE = "excuse-exchange"
OTHER_VARIANTS = [v for v in builtin_variants() if v not in builtin_variants("french")]
"""The variants without the Excuse exchange (F-9.2 is French Tarot's alone)."""

# --- deals -------------------------------------------------------------------------------------


def _plain(record: Record) -> Record:
    """A generated deal without its match tags (verified alone)."""
    tags = tuple((k, v) for k, v in record.tags if k not in ("Totals", "Match"))
    return dataclasses.replace(record, tags=tags)


@functools.cache
def _deals(variant: str) -> tuple[tuple[Record, ExcuseFacts | None], ...]:
    return tuple((_plain(r), excuse_facts(_plain(r))) for r in generate(variant, n=150, seed=3))


def _deal(variant: str, kind: str) -> tuple[Record, ExcuseFacts]:
    """The first generated deal of ``variant`` where the Excuse went as ``kind`` says (see
    :class:`~french_util.ExcuseFacts`); for ``exchange``, one whose side also won a card
    worth more than 0.5."""
    for record, facts in _deals(variant):
        if facts is None or facts.kind != kind:
            continue
        if kind != "exchange" or any(POINTS[c] > 1 for c in facts.own):
            return record, facts
    raise LookupError(f"no {variant} deal where the Excuse went as {kind!r}")


def _with(record: Record, *cards: str, at: int | None = None) -> Record:
    """``record`` with ``excuse_exchange`` items for ``cards``, after the tricks (or before
    item ``at``), read back from its export form (so items have their lines)."""
    items = list(record.items)
    k = len(items) if at is None else at
    items[k:k] = [ExcuseExchange(card) for card in cards]
    text = write_record(dataclasses.replace(record, items=tuple(items)))
    return parse_record(text)


def _lines(record: Record) -> list[int]:
    return [item.line for item in record.of_type(ExcuseExchange)]


def _after_trick(record: Record, number: int) -> int:
    """Index of the item after trick ``number``."""
    return next(i for i, it in enumerate(record.items) if isinstance(it, Trick) and
                it.number == number) + 1  # fmt: skip


def _same_score(a: Verdict, b: Verdict) -> None:
    assert (a.scores, a.card_points, a.won, a.bonuses) == (b.scores, b.card_points, b.won,
                                                           b.bonuses)  # fmt: skip


def _fault(v: Verdict) -> tuple[str, str, int]:
    """The one problem of ``v`` as (code, rule, line)."""
    assert v.status is Status.ILLEGAL, v.problems
    assert len(v.problems) == 1, [p.message for p in v.problems]
    p = v.problems[0]
    return p.code, p.rule, p.line


# --- reading -----------------------------------------------------------------------------------

TEXT = """\
[Variant "french-4"]
[Dealer "W"]

auction N pass E garde S pass W pass
1. N H5 FOOL H9 HK
excuse_exchange D2
end
"""


def _refuse(raw: bytes, source: Source) -> list[Record | NotationError]:
    raise AssertionError(f"the fast reader handed record {source.index} to Lark")


def test_export_form_is_read_fast_and_equal() -> None:
    data = TEXT.encode()
    (fast,) = iter_export(data, "f.tpgn", _refuse)
    (slow,) = lark_records(data, "f.tpgn")
    assert isinstance(fast, Record) and fast == slow and fast.source == slow.source
    assert fast.items[-1] == ExcuseExchange("D2") and fast.items[-1].line == 6
    assert isinstance(slow, Record) and slow.items[-1].line == 6


@pytest.mark.parametrize(
    "written",
    [
        "excuse_exchange D2",
        "EXCUSE_EXCHANGE d2",
        "Excuse_Exchange 2 de carreau",
        "excuse_exchange\n   carreau 2",
        "excuse_exchange D2 {the two of diamonds}",
        "excuse_exchange D2 end",
    ],
)
def test_import_forms_give_the_one_export_form(written: str) -> None:
    text = TEXT.replace("excuse_exchange D2\nend", written if "end" in written else written
                        + "\nend")  # fmt: skip
    data = text.encode()
    fast, slow = list(iter_export(data, "f.tpgn")), list(lark_records(data, "f.tpgn"))
    assert fast == slow and len(slow) == 1
    record = slow[0]
    assert isinstance(record, Record)
    assert ExcuseExchange("D2") in record.items
    export = write_record(record)
    assert "\nexcuse_exchange D2\n" in export
    assert write_record(parse_record(export)) == export  # byte-stable
    (again,) = iter_export(export.encode(), "f.tpgn", _refuse)
    assert again == record


def test_json_form_round_trips_and_validates() -> None:
    record = parse_record(TEXT)
    data = to_json(record)
    assert data["items"][-1] == {"type": "excuse_exchange", "card": "D2", "line": 6}
    validate(data)
    assert from_json(json.loads(json.dumps(data))) == record
    assert write_record(from_json(data)) == TEXT


@pytest.mark.parametrize(
    "item",
    [
        {"type": "excuse_exchange"},
        {"type": "excuse_exchange", "card": "D22"},
        {"type": "excuse_exchange", "card": "D2", "seat": "N"},
        {"type": "excuse_exchange", "card": ["D2"]},
    ],
)
def test_json_form_refuses_a_malformed_element(item: dict[str, object]) -> None:
    data = to_json(parse_record(TEXT))
    data["items"][-1] = item
    with pytest.raises(NotationError) as err:
        validate(data)
    assert err.value.code == "E110"


@pytest.mark.parametrize(
    ("movetext", "code", "column"),
    [
        ("excuse_exchange", "E101", 1),
        ("excuse_exchange D2 C3", "E101", 17),
        ("excuse_exchange deux", "E104", 17),
        ("kontra E 1 excuse_exchange", "E101", 12),
        ("auction N excuse_exchange", "E101", 11),
        ("irregular excuse_exchange", "E101", 11),
    ],
)
def test_reader_errors(movetext: str, code: str, column: int) -> None:
    text = f'[Variant "french-4"]\n\n{movetext}\nend\n'
    with pytest.raises(NotationError) as err:
        parse_record(text)
    assert (err.value.code, err.value.line, err.value.column) == (code, 3, column)
    fast, slow = list(iter_export(text.encode())), list(lark_records(text.encode()))
    assert [str(e) for e in fast] == [str(e) for e in slow]


# --- well-formedness ---------------------------------------------------------------------------


def test_one_exchange_in_a_french_deal_is_well_formed() -> None:
    for variant in builtin_variants("french"):
        record, facts = _deal(variant, "exchange")
        assert check_record(_with(record, facts.own_half())) == []


def test_a_second_exchange_is_not_well_formed() -> None:
    text = TEXT.replace("excuse_exchange D2\n", "excuse_exchange D2\nexcuse_exchange C3\n")
    problems = check_record(parse_record(text))
    assert [(p.code, p.line) for p in problems] == [("E212", 7)]
    assert "line 6" in problems[0].message


@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_other_variants_do_not_have_the_element(variant: str) -> None:
    text = f'[Variant "{variant}"]\n\nexcuse_exchange T2\nend\n'
    assert [(p.code, p.line) for p in check_record(parse_record(text))] == [("E212", 3)]


def test_a_card_not_of_the_pack_is_e205() -> None:
    data = to_json(parse_record(TEXT))
    data["items"][-1]["card"] = "T0"  # a Bolognese trump: the schema takes it, the pack not
    validate(data)
    assert [p.code for p in check_record(from_json(data))] == ["E205"]


# --- verifying: a card the side could give -----------------------------------------------------


@pytest.mark.parametrize("variant", builtin_variants("french"))
def test_a_legal_exchange_scores_as_without_it(variant: str) -> None:
    record, facts = _deal(variant, "exchange")
    plain = verify(record)
    card = facts.own_half()
    v = verify(_with(record, card))
    assert v.ok and v.status is Status.OK and v.scores == v.written
    _same_score(v, plain)
    assert any(f"gives {card} for the Excuse (F-9.2, F-9.7)" in line.detail
               for line in v.breakdown)  # fmt: skip


def test_an_unknown_card_only_says_an_exchange_happened() -> None:
    record, _ = _deal("french-4", "exchange")
    v = verify(_with(record, "?"))
    assert v.status is Status.OK
    _same_score(v, verify(record))
    own, _ = _deal("french-4", "own")
    assert _fault(verify(_with(own, "?")))[:2] == (CODE, "F-9.3")


def test_written_after_the_excuse_s_trick_it_is_checked_there() -> None:
    """Written right after the Excuse's trick, the card must be one its side had won by then
    (F-9.2); written before that trick, no Excuse was played yet."""
    for record, facts in _deals("french-4"):
        if facts is None or facts.kind != "exchange":
            continue
        won = _won_until(record, facts.seat, facts.trick)
        before = [c for c in won if POINTS[c] == 1]
        later = [c for c in facts.own if POINTS[c] == 1 and c not in won]
        if before and later:
            break
    else:
        raise LookupError("no deal whose Excuse's side wins half-point cards before and after")
    at = _after_trick(record, facts.trick)
    assert verify(_with(record, before[0], at=at)).status is Status.OK
    too_soon = _with(record, later[0], at=at)
    v = verify(too_soon)
    assert _fault(v) == (CODE, "F-9.2", _lines(too_soon)[0])
    assert "does not own" in v.problems[0].message and "at this point" in v.problems[0].message
    assert verify(_with(record, later[0])).status is Status.OK  # after the tricks: it owns it
    early = _with(record, facts.own_half(), at=at - 1)
    v = verify(early)
    assert _fault(v) == (CODE, "F-9.2", _lines(early)[0])
    assert "was not played before this line" in v.problems[0].message


def _won_until(record: Record, seat: str, number: int) -> list[str]:
    """The cards of tricks 1 … ``number`` that the side of ``seat`` won (the Excuse left out)."""
    r, _ = Replay.start(record)
    assert r is not None
    r.until(lambda it: isinstance(it, Trick) and it.number == number + 1)
    deal = r.deal
    side = deal.side_of(r.pos[seat])
    return [deal.name(c) for trick in deal.tricks if trick.winner is not None
            and deal.side_of(trick.winner) == side for c in trick.cards
            if deal.name(c) != "FOOL"]  # fmt: skip


# --- verifying: each card the side could not give ----------------------------------------------


def test_a_card_worth_more_than_half_a_point() -> None:
    record, facts = _deal("french-4", "exchange")
    full = next(c for c in facts.own if POINTS[c] > 1)
    with_it = _with(record, full)
    v = verify(with_it)
    assert _fault(v) == (CODE, "F-9.2", _lines(with_it)[0])
    assert "is worth 0.5" in v.problems[0].message and "(F-1.7)" in v.problems[0].message
    assert v.problems[0].seat == facts.seat
    _same_score(v, verify(record))


def test_a_card_the_side_does_not_own() -> None:
    record, facts = _deal("french-4", "exchange")
    other = next(c for c in facts.other if POINTS[c] == 1)
    with_it = _with(record, other)
    v = verify(with_it)
    assert _fault(v) == (CODE, "F-9.2", _lines(with_it)[0])
    assert "does not own" in v.problems[0].message and "at the end" in v.problems[0].message
    _same_score(v, verify(record))


def test_the_excuse_itself() -> None:
    record, _ = _deal("french-4", "exchange")
    with_it = _with(record, "FOOL")
    v = verify(with_it)
    assert _fault(v) == (CODE, "F-9.2", _lines(with_it)[0])
    assert "not the Excuse itself" in v.problems[0].message


def test_two_exchanges() -> None:
    record, facts = _deal("french-4", "exchange")
    card = facts.own_half()
    with_two = _with(record, card, card)
    v = verify(with_two)
    assert _fault(v) == (CODE, "F-9.2", _lines(with_two)[1])
    assert "a second excuse_exchange" in v.problems[0].message
    _same_score(v, verify(record))


@pytest.mark.parametrize(
    ("variant", "kind", "rules"),
    [
        ("french-4", "own", {"F-9.3"}),
        ("french-4", "last", {"F-9.4", "F-9.5"}),
        ("french-3", "last", {"F-9.4", "F-9.5"}),
        ("french-4", "no-trick", {"F-9.6"}),
    ],
)
def test_an_exchange_when_none_happens(variant: str, kind: str, rules: set[str]) -> None:
    record, facts = _deal(variant, kind)
    card = next(c for c in (*facts.own, *facts.other) if POINTS[c] == 1)
    with_it = _with(record, card)
    v = verify(with_it)
    code, rule, line = _fault(v)
    assert (code, line) == (CODE, _lines(with_it)[0]) and rule in rules
    assert "nothing is exchanged" in v.problems[0].message or "gives nothing" in (
        v.problems[0].message
    )
    _same_score(v, verify(record))


def test_the_excuse_in_the_dog_is_not_exchanged() -> None:
    for record, facts in _deals("french-4"):
        v = verify(record)
        if facts is None and v.contract in ("garde-sans", "garde-contre"):
            break
    else:
        raise LookupError("no garde sans or contre with the Excuse in the dog")
    with_it = _with(record, "C2")
    problem = verify(with_it).problems[0]
    assert (problem.code, problem.rule, problem.line) == (CODE, "F-9.2", _lines(with_it)[0])
    assert "the Excuse is in the dog" in problem.message


def test_a_thrown_in_deal_exchanges_nothing() -> None:
    text = '[Variant "french-4"]\n[Dealer "W"]\n\nauction N pass E pass S pass W pass\n'
    v = verify(parse_record(text + "excuse_exchange C2\nend\n"))
    assert _fault(v) == (CODE, "F-3.5", 5)


# --- other variants ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_other_variants_refuse_the_element(variant: str) -> None:
    record = next(r for r in generate(variant, n=5, seed=1) if verify(_plain(r)).ok)
    with_it = _with(_plain(record), "T2")
    v = verify(with_it)
    assert [(p.code, p.line) for p in v.problems] == [(CODE, _lines(with_it)[0])]
    assert v.status is Status.ILLEGAL
    assert "French Tarot only" in v.problems[0].message
