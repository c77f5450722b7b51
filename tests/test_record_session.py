"""The recorder's session (tarokpgn.record.session), driven in-process as the terminal does.

The main check is two implementations agreeing: deals made by the generator are typed into a
session entry by entry (hands, each bid, call, talon and lay-away, announcements and kontras,
each card), in notation tokens and in Slovenian words, and the record the session appends
must equal the generated one (movetext, Result, Totals, deal number, dealer, match) and
verify. The tags that differ by design: Event, Date, Round and Generator.
"""

from __future__ import annotations

import collections
import os
import re
from pathlib import Path

import pytest

import tarokpgn
from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Exchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
)
from tarokpgn.notation.localized import Localizer
from tarokpgn.outcome import outcome_from_verdict
from tarokpgn.record import Ask, Session, SessionError
from tarokpgn.replay import verify, verify_all
from tarokpgn.replayer import Replay
from tarokpgn.rules.ruleset import rulesets
from tarokpgn.variants import all_variants
from tarokpgn.verdict import Status
from tarokpgn.vocabulary import LANGUAGES

DEALS = {"ottocento": 8}
"""Deals typed per ruleset preset (Ottocento: enough for its race to end a game)."""
DEFAULT_DEALS = 6
PRESETS = [(spec.id, name) for spec in all_variants() for name in rulesets(spec.id)]


# --- typing a generated deal --------------------------------------------------------------------


def _answers(record: Record, lang: str | None) -> dict[str, collections.deque[str]]:
    """What the scorekeeper types at each kind of question, in order, for ``record``."""
    words = Localizer(record.variant, LANGUAGES[lang]) if lang else None

    def cards(tokens: tuple[str, ...]) -> str:
        return " ".join(words.cards(tokens) if words else tokens)

    q: dict[str, collections.deque[str]] = collections.defaultdict(collections.deque)
    for item in record.items:
        if isinstance(item, Hand):
            q["hand"].append(cards(item.cards))
        elif isinstance(item, Talon):
            q["talon"].append(cards(item.cards))
        elif isinstance(item, Auction):
            q["bid"].extend(words.bid(b.bid) if words else b.bid for b in item.bids)
        elif isinstance(item, Call):
            q["call"].append(cards((item.card,)))
        elif isinstance(item, Exchange):
            q["talon-choice"].append(cards(item.take))
            shown = f" show {cards(item.show)}" if item.show else ""
            q["exchange"].append(cards(item.discard) + shown)
        elif isinstance(item, Announce):
            name = words.announcement(item.name) if words else item.name
            q["announce"].append(f"{item.kind} {item.seat} {name} {cards(item.cards)}".strip())
        elif isinstance(item, Kontra):
            text = f"kontra {item.seat} {item.level} {item.target}"
            q["announce"].append(words.kontra(item) if words else text)
        elif isinstance(item, Trick):
            q["card"].extend(cards((c,)) for c in item.cards)
    return q


def type_deal(
    session: Session, record: Record, lang: str | None = None, *, hands: bool = True
) -> list[str]:
    """Type ``record`` into ``session`` up to the score question; the answers typed."""
    q = _answers(record, lang)
    typed = ["play", "yes" if hands else "no"]
    for text in typed:
        assert session.answer(text).ok
    while (ask := session.ask()).kind != "score":
        kind = "bid" if ask.kind == "call" and q["bid"] else ask.kind  # Czech late Varšava
        text = q[kind].popleft() if q[kind] else ""
        reply = session.answer(text)
        assert reply.ok, (ask, text, reply)
        typed.append(text)
    return typed


def advance(session: Session, q: dict[str, collections.deque[str]], kind: str) -> Ask:
    """Answer from ``q`` up to the first question of ``kind``; that question."""
    while (ask := session.ask()).kind != kind:
        assert ask.kind != "score", f"no {kind} question in this deal"
        reply = session.answer(q[ask.kind].popleft() if q[ask.kind] else "")
        assert reply.ok, (ask, reply)
    return ask


def second_deal(path: Path, variant: str, seed: int) -> tuple[Session, Record]:
    """A session at the start of deal 2 (deal 1 of a Slovenian match is a compulsory klop)
    and the generated deal 2 to type."""
    first, second = dealt(variant, 2, seed=seed)
    session = open_like(path, first)
    type_deal(session, first)
    session.finish()
    return session, second


def recorded(record: Record) -> tuple[Item, ...]:
    """``record``'s items as the recorder writes them: an implied call (CZ-4.2, a generated
    Czech deal without its ``call``: Enter at the call) written as a ``call`` item after the
    auction, as the generator writes it nine times in ten."""
    r, _ = Replay.start(record)
    assert r is not None
    r.run()
    deal = r.deal
    if not deal.call_implied or deal.declarer is None or deal.called is None:
        return record.items
    call = Call(deal.label(deal.declarer), deal.name(deal.called))
    at = max(i for i, item in enumerate(record.items) if isinstance(item, Auction)) + 1
    return (*record.items[:at], call, *record.items[at:])


def without_hands(record: Record) -> Record:
    return Record(record.tags, tuple(i for i in record.items if not isinstance(i, Hand)))


def scores_of(record: Record) -> dict[str, int]:
    scores = record.written_scores()
    assert scores is not None
    return scores


def open_like(path: Path, record: Record) -> Session:
    """A session for ``record``'s match, with its players' names."""
    players = {s: record.get(s) for s in record.seats}
    return Session.open(path, variant=record.variant, ruleset=record.ruleset,
                        players=players, match=record.get("Match"))  # fmt: skip


def play_out(session: Session) -> None:
    """Finish the current deal with the first legal choice (hands known), empty otherwise."""
    while (ask := session.ask()).kind != "score":
        reply = session.answer(ask.choices[0] if ask.kind == "card" else "")
        assert reply.ok, (ask, reply)


def dealt(variant: str, n: int = 1, seed: int = 1, ruleset: str | None = None) -> list[Record]:
    return list(tarokpgn.generate(variant, ruleset, n=n, seed=seed))


def read(path: Path) -> list[Record]:
    """The file's records (every one readable)."""
    records = list(tarokpgn.iter_file(path))
    assert all(isinstance(r, Record) for r in records)
    return [r for r in records if isinstance(r, Record)]


def statuses(path: Path) -> list[Status]:
    return [v.status for _, v in verify_all(read(path))]


# --- two implementations agree ------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "preset"), PRESETS)
def test_typed_deals_equal_generated_ones(tmp_path: Path, variant: str, preset: str) -> None:
    """Every variant and preset: generated deals typed entry by entry (tokens and Slovenian
    words alternately) give the same records, appended to the file, which verify OK: 6 deals
    a preset, 8 in Ottocento (74 deals over the 12 presets)."""
    n = DEALS.get(variant, DEFAULT_DEALS)
    generated = dealt(variant, n, seed=20, ruleset=preset)
    path = tmp_path / "match.tpgn"
    session = open_like(path, generated[0])
    for i, record in enumerate(generated):
        assert (session.deal_number, session.dealer) == (int(record.get("Deal")), record.dealer)
        type_deal(session, record, "sl" if i % 2 else None)
        assert session.ask().default == record.get("Result")
        written = session.finish()
        assert written.items == recorded(record)
        for tag in ("Deal", "Dealer", "Variant", "Ruleset", "Match", "Result", "Totals"):
            assert written.get(tag) == record.get(tag), tag
        assert [written.get(s) for s in written.seats] == [record.get(s) for s in record.seats]
    assert [r.items for r in read(path)] == [recorded(r) for r in generated]
    assert statuses(path) == [Status.OK] * n


def test_events_follow_the_play(tmp_path: Path) -> None:
    """The session fills in the contract, who leads, each trick's winner and the score."""
    (record,) = dealt("slovenian-4", seed=4)
    session = open_like(tmp_path / "m.tpgn", record)
    seen = [e for text in ("play", "yes") for e in session.answer(text).events]
    q = _answers(record, None)
    while (ask := session.ask()).kind != "score":
        reply = session.answer(q[ask.kind].popleft() if q[ask.kind] else "")
        assert reply.ok, (ask, reply)
        seen += reply.events
    verdict = verify(record)
    kinds = [e.kind for e in seen]
    assert kinds.count("contract") == 1 and kinds.count("leader") == 1
    won = [(e.seat, e.trick) for e in seen if e.kind == "trick-won"]
    assert won == [(w, i + 1) for i, w in enumerate(verdict.trick_winners)]
    assert next(e for e in seen if e.kind == "score").scores == verdict.scores
    assert next(e for e in seen if e.kind == "card-points").scores == verdict.card_points


# --- hidden hands -------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["slovenian-4", "czech-4", "french-4", "terziglio"])
def test_hidden_hands_verify_as_the_verifier_says(tmp_path: Path, variant: str) -> None:
    """A deal typed without hands is accepted entry by entry; the appended record verifies
    OK or INCOMPLETE, exactly as the verifier says of the same record (4 deals a variant)."""
    generated = dealt(variant, 4, seed=9)
    path = tmp_path / "m.tpgn"
    session = open_like(path, generated[0])
    for record in generated:
        type_deal(session, record, "sl", hands=False)
        ask = session.ask()
        assert ask.kind == "score"
        written = session.finish(None if ask.default else scores_of(record))
        assert written.items == without_hands(record).items
    for (appended, verdict), record in zip(verify_all(read(path)), generated, strict=True):
        assert verdict.status in (Status.OK, Status.INCOMPLETE)
        assert verdict.status == verify(without_hands(record)).status
        assert appended.get("Result") == record.get("Result")


def test_hidden_hands_refuse_what_the_cards_disprove(tmp_path: Path) -> None:
    """With hidden hands a card played twice is still refused (the replayer's checks)."""
    (record,) = dealt("slovenian-4", seed=4)
    session = open_like(tmp_path / "m.tpgn", record)
    q = _answers(record, None)
    for text in ("play", "no"):
        session.answer(text)
    q["hand"].clear()
    ask = advance(session, q, "card")
    assert ask.choices == ()  # unknown hands: the rules cannot narrow it
    first = q["card"].popleft()
    assert session.answer(first).ok
    reply = session.answer(first)
    assert not reply.ok and reply.code == "illegal" and "already played" in reply.reason


# --- refusals and insisting ---------------------------------------------------------------------


def _to_revoke(tmp_path: Path) -> tuple[Session, Ask, str]:
    """A session at a card question where the player holds a card he may not play."""
    for seed in range(1, 40):
        (record,) = dealt("slovenian-4", seed=seed)
        session = open_like(tmp_path / f"m{seed}.tpgn", record)
        q = _answers(record, None)
        for text in ("play", "yes"):
            session.answer(text)
        while (ask := session.ask()).kind != "score":
            if ask.kind == "card" and ask.choices:
                hand = _hand_now(session, ask)
                wrong = [c for c in hand if c not in ask.choices]
                if wrong:
                    return session, ask, wrong[0]
            assert session.answer(q[ask.kind].popleft() if q[ask.kind] else "").ok
    raise AssertionError("no deal with a revoke to try")


def _hand_now(session: Session, ask: Ask) -> list[str]:
    """The cards ``ask.seat`` still holds, from the record so far (dealt, not yet played)."""
    record = session.current_record()
    dealt_cards = next(i.cards for i in record.items if isinstance(i, Hand) and i.seat == ask.seat)
    gone = {c for i in record.items if isinstance(i, Trick) for c in i.cards}
    gone |= {c for i in record.items if isinstance(i, Exchange) for c in i.discard}
    taken = [c for i in record.items if isinstance(i, Exchange) and i.seat == ask.seat
             for c in i.take]  # fmt: skip
    return [c for c in (*dealt_cards, *taken) if c not in gone]


def test_an_illegal_bid_is_refused_with_the_reason(tmp_path: Path) -> None:
    session, record = second_deal(tmp_path / "m.tpgn", "slovenian-4", 2)
    q = _answers(record, None)
    for text in ("play", "yes"):
        session.answer(text)
    ask = advance(session, q, "bid")
    illegal = next(w for w in session.rules.contracts if w not in ask.choices)
    before = session.current_record()
    reply = session.answer(illegal)
    assert (reply.ok, reply.code) == (False, "illegal")
    assert reply.reason and reply.rule.startswith("SL-")
    assert reply.legal == ask.choices and reply.legal
    assert not reply.insistable
    assert session.current_record() == before and session.ask() == ask  # nothing changed
    assert session.insist("irregular").code == "not-insistable"
    assert session.answer("trojkaa").code == "unknown-word"


def test_a_revoke_is_refused_then_insisted_as_irregular(tmp_path: Path) -> None:
    session, ask, wrong = _to_revoke(tmp_path)
    reply = session.answer(wrong)
    assert (reply.ok, reply.code, reply.insistable) == (False, "illegal", True)
    assert wrong in reply.reason and reply.rule.startswith("SL-9")
    assert reply.legal == ask.choices
    assert session.insist("irregular").code == "insisted"
    assert session.insist("irregular").code == "not-now"  # only right after a refusal
    play_out(session)
    record = session.finish()
    irregular = [i for i in record.items if isinstance(i, Irregular)]
    assert irregular == [Irregular("revoke", ask.seat, (("trick", str(ask.trick)),))]
    verdict = verify(record)
    assert verdict.status is not Status.ILLEGAL
    assert any(p.accepted and p.trick == ask.trick for p in verdict.problems)
    assert statuses(session.path) == [verdict.status]


def test_a_revoke_insisted_as_renons_is_proven(tmp_path: Path) -> None:
    session, ask, wrong = _to_revoke(tmp_path)
    assert not session.answer(wrong).ok
    claimant = next(s for s in session.seats if s != ask.seat)
    assert session.insist("renons").code == "unknown-word"  # the claimant is needed
    assert not session.answer(wrong).ok
    assert session.insist("renons", claimant).code == "insisted"
    play_out(session)
    record = session.finish()
    claims = [i for i in record.items if isinstance(i, Renons)]
    assert len(claims) == 1
    claim = claims[0]
    assert (claim.claimant, claim.accused, claim.trick, claim.card) == (
        claimant, ask.seat, ask.trick, wrong)  # fmt: skip
    assert tarokpgn.judge_renons(record, claim).finding.value == "proven"
    assert verify(record).status is Status.RENONS


def test_a_lead_out_of_turn_may_be_insisted(tmp_path: Path) -> None:
    (record,) = dealt("slovenian-4", seed=5)
    session = open_like(tmp_path / "m.tpgn", record)
    q = _answers(record, None)
    for text in ("play", "yes"):
        session.answer(text)
    ask = advance(session, q, "card")
    other = next(s for s in session.seats if s != ask.seat)
    card = _hand_now(session, Ask("card", seat=other))[0]
    reply = session.answer(f"{other} {card}")
    assert (reply.ok, reply.insistable) == (False, True) and reply.rule == "SL-10.2"
    assert session.insist("irregular").ok
    assert session.current_record().items[-1] == Irregular("lead-out-of-turn", other,
                                                           (("trick", "1"),))  # fmt: skip


# --- undo ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["slovenian-4", "czech-4", "ottocento"])
def test_undo_to_the_start_and_again_gives_the_same_record(tmp_path: Path, variant: str) -> None:
    (record,) = dealt(variant, seed=6)
    session = open_like(tmp_path / "m.tpgn", record)
    assert session.undo().code == "nothing-to-undo"
    typed = type_deal(session, record, "sl")
    undone = 0
    while (reply := session.undo()).ok:
        assert reply.code == "undone"
        undone += 1
    assert reply.code == "nothing-to-undo" and undone == len(typed)
    assert session.ask().kind == "mode" and session.current_record().items == ()
    for text in typed:
        assert session.answer(text).ok
    assert session.finish().items == record.items


# --- score-sheet deals --------------------------------------------------------------------------


def test_a_score_sheet_deal(tmp_path: Path) -> None:
    """examples/score-only.tpgn's first deal, typed: E played three with W, +6, kontra."""
    path = tmp_path / "sheet.tpgn"
    session = Session.open(path, variant="slovenian-4", ruleset="pagat")
    answers = {"mode": "outcome", "contract": "Trojka", "declarer": "E", "partner": "w",
               "result": "+6", "bonuses": "+kings +pagat-ultimo!", "kontras": "game=1"}  # fmt: skip
    asked = []
    while (ask := session.ask()).kind != "score":
        asked.append(ask.kind)
        assert session.answer(answers[ask.kind]).ok
    assert asked == list(answers)
    assert ask.default == "N 0 E +92 S 0 W +92"
    record = session.finish()
    assert record.items == ()
    assert (record.get("Contract"), record.get("Partner"), record.get("Difference")) == (
        "three", "W", "+6")  # fmt: skip
    verdict = verify(record)
    assert verdict.status is Status.OK and verdict.scores == {"N": 0, "E": 92, "S": 0, "W": 92}


def test_a_score_sheet_refuses_what_the_rules_refuse(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "s.tpgn", variant="slovenian-4", ruleset="pagat")
    session.answer("outcome")
    choices = session.ask().choices
    assert "beggar" in choices and "piccolo" not in choices  # pagat's contracts only
    assert all(session.rules.contract(c) is not None for c in choices)
    typo = session.answer("trojkaa")
    assert (typo.code, typo.legal) == ("unknown-word", choices)
    assert "did you mean 'trojka'" in typo.reason
    assert session.answer("piccolo").code == "illegal"  # a word, but no contract of pagat
    assert session.answer("berač").ok
    assert session.ask().kind == "declarer"
    assert session.answer("X").code == "unknown-word"
    assert session.answer("S").ok
    ask = session.ask()
    assert (ask.kind, ask.choices) == ("result", ("won", "lost"))  # beggar: by tricks
    assert session.answer("lost").ok
    for _ in ("bonuses", "kontras"):
        assert session.answer("").ok
    record = session.finish()
    assert record.get("Difference") == "" and verify(record).status is Status.OK
    assert scores_of(record)["S"] < 0


@pytest.mark.parametrize("variant", ["slovenian-4", "slovenian-3", "french-4"])
def test_score_sheet_rows_of_played_deals_score_the_same(tmp_path: Path, variant: str) -> None:
    """Each played deal's outcome (as a score sheet writes it) typed as a score-sheet deal
    scores what the play scored (12 deals a variant; a klop, which a sheet cannot score, is
    typed with the table's scores; thrown-in deals are left out)."""
    path = tmp_path / "s.tpgn"
    session = Session.open(path, variant=variant)
    typed, expected = 0, []
    for record in dealt(variant, 12, seed=3):
        verdict = verify(record)
        outcome = outcome_from_verdict(record, verdict)
        if outcome is None and verdict.contract == "klop":
            for text in ("outcome", "klop", "", ""):
                assert session.answer(text).ok
            assert session.ask() == Ask("score", deal=session.deal_number)
            session.finish(scores_of(record))
            expected.append(Status.INCOMPLETE)
            continue
        if outcome is None:
            continue
        contract = session.rules.contract(outcome.contract)
        assert contract is not None
        answers = {
            "mode": "outcome", "contract": outcome.contract, "declarer": outcome.declarer,
            "partner": outcome.partner,
            "result": ("won" if outcome.won else "lost") if outcome.difference is None
            else f"{outcome.difference:+d}",
            "bonuses": " ".join(
                f"{'+' if b.positive else '-'}{b.name}{'!' if b.announced else ''}"
                f"{'@' + b.seat if b.seat else ''}" for b in outcome.bonuses),
            "kontras": " ".join(f"{t}={level}" for t, level in outcome.kontras),
        }  # fmt: skip
        while (ask := session.ask()).kind != "score":
            assert session.answer(answers[ask.kind]).ok, (ask, answers)
        assert ask.default == record.get("Result")
        session.finish()
        typed += 1
        expected.append(Status.OK)
    assert typed >= 6
    assert statuses(path) == expected


def test_the_first_deal_of_a_semedela_round_is_a_klop_on_the_sheet_too(tmp_path: Path) -> None:
    """SL-3.1: deal 1 of a Semedela match is a compulsory klop, so a score sheet's ``three``
    is refused as the played deal's bid is (same rule), with klop the one choice."""
    path = tmp_path / "s.tpgn"
    session = Session.open(path, variant="slovenian-4", ruleset="semedela")
    session.answer("outcome")
    assert session.ask().choices == ("klop",)
    reply = session.answer("Trojka")
    assert (reply.ok, reply.code, reply.rule, reply.legal) == (
        False,
        "illegal",
        "SL-3.1",
        ("klop",),
    )
    assert "compulsory klop" in reply.reason and "contract is klop, not three" in reply.reason
    assert session.ask().kind == "contract"
    for text in ("klop", "", ""):
        assert session.answer(text).ok
    session.finish({"N": -20, "E": 0, "S": 0, "W": 0})
    session.answer("outcome")
    assert "three" in session.ask().choices  # deal 2: the auction decides
    for text in ("three", "E", "W", "+6", "", ""):
        assert session.answer(text).ok
    session.finish()
    assert statuses(path) == [Status.INCOMPLETE, Status.OK]


SHEETS = [
    ("czech-4", "vysocina", ["first-duty", "N", "", ""]),  # no partner, no result: Enter
    ("czech-4", "mcr", ["warsaw"]),
    ("ottocento", "ottocento", ["ottocento", "E", "won"]),
    ("terziglio", "terziglio", ["solo", "S", "+3"]),
    ("slovenian-3", "sl3", ["klop"]),
    ("slovenian-4", "pagat", ["klop"]),
]


@pytest.mark.parametrize(("variant", "preset", "answers"), SHEETS)
def test_a_sheet_the_ruleset_cannot_score_takes_the_tables_scores(
    tmp_path: Path, variant: str, preset: str, answers: list[str]
) -> None:
    """Czech, Tarocchini and klop outcomes are not scored by the rules: the score step asks
    the table's scores with no default; the record keeps them as its Result (the verifier:
    INCOMPLETE, outcome-not-scored) and the running totals go on, also after reopening."""
    path = tmp_path / "s.tpgn"
    session = Session.open(path, variant=variant, ruleset=preset)
    tables = [dict.fromkeys(session.seats, 0) for _ in range(2)]
    tables[0][session.seats[1]], tables[1][session.seats[0]] = 30, -12
    for n, table in enumerate(tables, 1):
        for text in ["outcome", *answers]:
            reply = session.answer(text)
            assert reply.ok, (session.ask(), text, reply)
        while session.ask().kind in ("bonuses", "kontras"):
            assert session.answer("").ok
        assert session.ask() == Ask("score", deal=n)
        with pytest.raises(SessionError, match="table's scores"):
            session.finish()
        record = session.finish(table)
        assert scores_of(record) == table and record.items == ()
        session = Session.open(path) if n == 1 else session
        assert session.deal_number == n + 1
    assert session.totals == {s: tables[0][s] + tables[1][s] for s in session.seats}
    verdicts = [v for _, v in verify_all(read(path))]
    assert [v.status for v in verdicts] == [Status.INCOMPLETE] * 2
    assert [[p.code for p in v.problems] for v in verdicts] == [["outcome-not-scored"]] * 2


# --- corrections, totals, resuming --------------------------------------------------------------


def test_a_correction_is_the_result_and_the_totals_go_on_from_it(tmp_path: Path) -> None:
    generated = dealt("slovenian-4", 3, seed=8)
    path = tmp_path / "m.tpgn"
    session = open_like(path, generated[0])
    type_deal(session, generated[0])
    type_deal_result = scores_of(generated[0])
    corrected = {s: v + 10 for s, v in type_deal_result.items()}
    record = session.finish(corrected)
    assert scores_of(record) == corrected and session.totals == corrected
    for later in generated[1:]:
        type_deal(session, later)
        session.finish()
    assert statuses(path) == [Status.SCORE_MISMATCH, Status.OK, Status.OK]
    problems = [p.code for p in next(verify_all(read(path)))[1].problems]
    assert problems == ["score-mismatch"]
    expected = {s: corrected[s] + sum(scores_of(r)[s] for r in generated[1:]) for s in corrected}
    assert session.totals == expected


def _three_deals(path: Path) -> list[Record]:
    generated = dealt("slovenian-4", 4, seed=12)
    session = open_like(path, generated[0])
    for record in generated[:3]:
        type_deal(session, record)
        session.finish()
    return generated


def test_reopening_continues_the_match(tmp_path: Path) -> None:
    path = tmp_path / "m.tpgn"
    generated = _three_deals(path)
    session = Session.open(path)
    assert (session.deal_number, session.dealer) == (4, "W")
    assert session.totals == tarokpgn.model.parse_scores(generated[2].get("Totals"))
    assert (session.variant, session.match, len(session.finished)) == (
        "slovenian-4", generated[0].get("Match"), 3)  # fmt: skip
    assert session.names == {s: generated[0].get(s) for s in session.seats}
    type_deal(session, generated[3])
    assert session.finish().get("Totals") == generated[3].get("Totals")
    assert statuses(path) == [Status.OK] * 4


def test_reopening_with_other_options_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.tpgn"
    generated = _three_deals(path)
    with pytest.raises(SessionError, match="french-4"):
        Session.open(path, variant="french-4")
    with pytest.raises(SessionError, match="E is Bojan, not Eva"):
        Session.open(path, players={"E": "Eva"})
    with pytest.raises(SessionError, match="--ruleset"):
        Session.open(path, ruleset="pagat")
    with pytest.raises(SessionError, match="--dealer"):
        Session.open(path, dealer="N")
    same = Session.open(path, variant="slovenian-4", players={"N": generated[0].get("N")})
    assert same.deal_number == 4


def test_a_torn_file_is_refused_where_it_tears(tmp_path: Path) -> None:
    """A file cut off mid-record (the laptop closed mid-write) is located, never appended."""
    path = tmp_path / "m.tpgn"
    _three_deals(path)
    text = path.read_text(encoding="utf-8")
    third = text.index("[Event", text.index("[Event", 1) + 1)
    torn = text[: third + (len(text) - third) // 2]
    path.write_text(torn, encoding="utf-8")
    first = text[:third].count("\n") + 1
    with pytest.raises(SessionError, match=rf"^{re.escape(str(path))}:(\d+): .*truncated") as err:
        Session.open(path)
    line = int(str(err.value).split(":")[1])
    assert first <= line <= torn.count("\n") + 1  # within the torn record
    assert path.read_text(encoding="utf-8") == torn


def test_a_file_not_well_formed_is_refused_where_it_is_wrong(tmp_path: Path) -> None:
    """A record that reads but is not well formed (check_record) is located ``file:line:
    CODE message``; nothing is appended after it."""
    path = tmp_path / "m.tpgn"
    _three_deals(path)
    text = path.read_text(encoding="utf-8") + '\n[Variant "czech-4"]\nhand N HK\nend\n'
    path.write_text(text, encoding="utf-8")
    line = text.count("\n") - 1
    with pytest.raises(SessionError) as err:
        Session.open(path)
    assert str(err.value) == f"{path}:{line}: E202 hand N has 1 cards, expected 12"
    assert path.read_text(encoding="utf-8") == text


def test_a_new_file_needs_a_variant_and_a_known_ruleset(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="--variant"):
        Session.open(tmp_path / "new.tpgn")
    with pytest.raises(SessionError, match="ruleset"):
        Session.open(tmp_path / "new.tpgn", variant="slovenian-4", ruleset="nonesuch")
    with pytest.raises(SessionError, match="seat"):
        Session.open(tmp_path / "new.tpgn", variant="slovenian-3", players={"W": "Darja"})
    session = Session.open(tmp_path / "new.tpgn", variant="french-5", dealer="s")
    assert (session.dealer, session.deal_number, session.names["Z"]) == ("S", 1, "Z")
    assert not (tmp_path / "new.tpgn").exists()


def test_each_finished_deal_is_flushed_and_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    generated = dealt("slovenian-3", 2, seed=2)
    path = tmp_path / "m.tpgn"
    session = open_like(path, generated[0])
    finished: list[Record] = []
    with path.open("a+", encoding="utf-8") as other:  # another handle, open all along
        for n, record in enumerate(generated, 1):
            type_deal(session, record)
            finished.append(session.finish())
            other.seek(0)
            assert other.read() == "\n".join(tarokpgn.write_record(r) for r in finished)
            assert len(synced) == n
            assert finished[-1].items == record.items


def test_the_deal_in_progress_is_not_written(tmp_path: Path) -> None:
    generated = dealt("slovenian-4", 2, seed=2)
    path = tmp_path / "m.tpgn"
    session = open_like(path, generated[0])
    type_deal(session, generated[0])
    session.finish()
    before = path.read_bytes()
    for text in ("play", "yes"):
        session.answer(text)
    with pytest.raises(SessionError, match="not finished"):
        session.finish()
    session.abandon()
    assert path.read_bytes() == before and session.ask().kind == "mode"
    assert Session.open(path).deal_number == 2


# --- review findings: insisting, late bids, partial tricks, words, choices ------------------------


def _klop_no_hands(tmp_path: Path, *entries: str) -> Session:
    """Deal 1 of a new Semedela match (a compulsory klop), hands hidden, E leading: the
    talon and the announcements skipped, then ``entries`` typed (each accepted)."""
    session = Session.open(tmp_path / "m.tpgn", variant="slovenian-4")
    for text in ("play", "no", "", "", *entries):
        reply = session.answer(text)
        assert reply.ok, (session.ask(), text, reply)
    return session


def test_a_void_contradiction_is_insisted_as_a_renons_claim(tmp_path: Path) -> None:
    """Hidden hands: S showed no clubs in trick 1, then plays one. No irregularity accepts
    that fault; a revoke claim on trick 1 does, and the verifier settles it by the judge."""
    session = _klop_no_hands(tmp_path, "CQ HK C8 C7", "E C9")
    reply = session.answer("S C10")
    assert (reply.ok, reply.rule, reply.insistable, reply.insist_as) == (
        False, "SL-9.2", True, ("renons",))  # fmt: skip
    assert "showed earlier to have no clubs" in reply.reason
    refused = session.insist("irregular")
    assert (refused.code, refused.insist_as) == ("not-insistable", ("renons",))
    assert "insist renons" in refused.reason
    assert session.insist("renons", "E").code == "insisted"
    record = session.current_record()
    assert record.items[-1] == Renons("E", "S", 1, "revoke")
    assert record.items[-2] == Trick(2, "E", ("C9", "C10"))
    verdict = verify(record)
    assert verdict.status is Status.RENONS
    assert [(p.code, p.judged) for p in verdict.problems] == [("void-contradiction", True)]


def test_a_card_out_of_turn_inside_a_trick_says_it_cannot_be_insisted(tmp_path: Path) -> None:
    session = _klop_no_hands(tmp_path, "CQ HK C8 C7", "E C9")
    reply = session.answer("W D1")  # S is to play
    assert (reply.ok, reply.code, reply.insistable, reply.insist_as) == (
        False, "illegal", False, ())  # fmt: skip
    assert reply.reason.startswith("it was S's turn to play; ")
    assert "cannot be insisted on" in reply.reason
    insisted = session.insist("irregular")
    assert (insisted.code, insisted.reason) == ("not-insistable", reply.reason)
    assert session.current_record().items[-1] == Trick(2, "E", ("C9",))


def _deal_two(tmp_path: Path, ruleset: str) -> Session:
    """A session at deal 2 (deal 1 a score-sheet klop), hands hidden, the talon skipped."""
    session = Session.open(tmp_path / "m.tpgn", variant="slovenian-4", ruleset=ruleset)
    for text in ("outcome", "klop", "", ""):
        assert session.answer(text).ok
    session.finish(dict.fromkeys(session.seats, 0))
    for text in ("play", "no", ""):
        assert session.answer(text).ok
    return session


def test_the_contract_held_is_no_late_bid(tmp_path: Path) -> None:
    """Semedela (no final raise): once the auction is over the declarer's contract said again
    is neither offered nor recorded at the call (the engine accepts it, SL-3.9, ruling
    2026-12, but it changes nothing); pagat's final raise is a late bid typed there."""
    session = _deal_two(tmp_path, "semedela")
    for text in ("three", "pass", "two", "pass", "pass"):  # S W N E S: N holds two
        assert session.answer(text).ok
    ask = session.ask()
    assert (ask.kind, ask.seat, ask.choices) == ("call", "N", ("HK", "DK", "SK", "CK"))
    reply = session.answer("two")
    assert (reply.ok, reply.code, reply.rule, reply.legal) == (
        False, "illegal", "SL-3.9", ask.choices)  # fmt: skip
    assert reply.reason == "the auction is over: N holds two, and saying it again changes nothing"
    assert session.current_record().items[-1] == Auction(tuple(
        Bid(s, b) for s, b in zip("SWNES", ("three", "pass", "two", "pass", "pass"),
                                  strict=True)))  # fmt: skip
    (tmp_path / "pagat").mkdir()
    pagat = _deal_two(tmp_path / "pagat", "pagat")
    for text in ("pass", "pass", "two", "pass"):  # W N E S (pagat: P2 speaks first): E two
        assert pagat.answer(text).ok
    ask = pagat.ask()
    assert "one" in ask.choices and "two" not in ask.choices  # a final raise, SL-3.9
    assert pagat.answer("two").code == "illegal"
    assert pagat.answer("one").ok
    auction = pagat.current_record().items[-1]
    assert isinstance(auction, Auction) and auction.bids[-1] == Bid("E", "one")


def _trick_refused_at_its_third_card(tmp_path: Path) -> tuple[Session, Ask, list[str], Ask]:
    """A session at a trick's first card (hands known), the trick as typed with its third card
    replaced by one its player may not play, and the question of that third card."""
    for seed in range(1, 40):
        (record,) = dealt("slovenian-4", seed=seed)
        session = open_like(tmp_path / f"m{seed}.tpgn", record)
        q = _answers(record, None)
        for text in ("play", "yes"):
            session.answer(text)
        while (ask := session.ask()).kind != "score":
            if ask.kind == "card" and ask.count == 4:
                trick = [q["card"][i] for i in range(4)]
                for card in trick[:2]:
                    assert session.answer(card).ok
                third = session.ask()
                wrong = [c for c in _hand_now(session, third) if c not in third.choices]
                for _ in range(2):
                    assert session.undo().ok
                if wrong:
                    return session, ask, [*trick[:2], wrong[0], trick[3]], third
            assert session.answer(q[ask.kind].popleft() if q[ask.kind] else "").ok
    raise AssertionError("no trick to refuse at its third card")


def test_a_trick_refused_at_a_later_card_keeps_the_cards_before_it(tmp_path: Path) -> None:
    """A whole trick typed, its third card illegal: the two cards before it are recorded, the
    refusal is the third player's (his legal choices; his card is asked next), and insisting
    records the rest as typed."""
    session, ask, typed, third = _trick_refused_at_its_third_card(tmp_path)
    reply = session.answer(" ".join(typed))
    assert (reply.ok, reply.code, reply.legal) == (False, "illegal", third.choices)
    assert reply.reason.startswith(f"{third.seat} played {typed[2]}")
    assert reply.reason.endswith(f"({typed[0]} {typed[1]} recorded before it)")
    assert session.ask() == third
    trick = session.current_record().items[-1]
    assert isinstance(trick, Trick) and trick.cards == tuple(typed[:2])
    assert session.insist("irregular").code == "insisted"
    items = session.current_record().items
    assert isinstance(items[-2], Trick) and items[-2].cards == tuple(typed)
    assert items[-1] == Irregular("revoke", third.seat, (("trick", str(ask.trick)),))
    assert session.undo().ok and session.undo().ok  # the insisted entry, then the first two
    assert session.ask() == ask


def test_enter_at_a_card_before_the_deal_is_decided(tmp_path: Path) -> None:
    session = _klop_no_hands(tmp_path)
    reply = session.answer("")
    assert (reply.ok, reply.code) == (False, "not-decided")
    assert session.ask().kind == "card"


def test_announcements_may_be_written_in_several_words(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "m.tpgn", variant="slovenian-4", ruleset="pagat")
    for text in ("play", "no", "", "pass", "pass", "two", "pass", "CK", "HK H1", "C7 C8"):
        assert session.answer(text).ok, (session.ask(), text)
    for text in ("N pagat ultimo", "kontra E 1 Pagat Ultimo", "S kralj ultimo", "kontra W 1 igra"):
        assert session.answer(text).ok, text
    assert session.current_record().items[-4:] == (
        Announce("announce", "N", "pagat-ultimo"),
        Kontra("E", 1, "pagat-ultimo"),
        Announce("announce", "S", "king-ultimo"),
        Kontra("W", 1, "game"),
    )
    assert session.answer("N barvni valat").reason == (
        "'colour-valat' is not an announcement of this ruleset"
    )  # joined, then refused


@pytest.mark.parametrize("variant", ["slovenian-4", "french-4", "czech-4"])
def test_the_talon_and_the_lay_away_offer_their_choices(tmp_path: Path, variant: str) -> None:
    """Every hand known: the talon's choices are the cards left over (Enter takes them where
    their dealt order decides nothing, French; else the talon is typed as dealt); the
    lay-away's choices are the cards the engine lets that seat lay away, the cards laid away
    in the generated deal among them (3 deals a variant)."""
    generated = dealt(variant, 3, seed=11)
    session = open_like(tmp_path / "m.tpgn", generated[0])
    for record in generated:
        q = _answers(record, None)
        for text in ("play", "yes"):
            session.answer(text)
        ask = advance(session, q, "talon")
        talon = next(i.cards for i in record.items if isinstance(i, Talon))
        assert sorted(ask.choices) == sorted(talon)
        if variant.startswith("french"):
            assert ask.default == " ".join(ask.choices)
            assert session.answer("").ok
            q["talon"].clear()
        else:
            assert ask.default is None
            assert session.answer("").code == "wrong-count"
        exchanges = [i for i in record.items if isinstance(i, Exchange)]
        for exchange in exchanges:
            ask = advance(session, q, "exchange")
            assert ask.seat == exchange.seat
            assert set(exchange.discard) <= set(ask.choices)
            hand = _hand_now(session, ask)
            assert set(ask.choices) <= {*hand, *exchange.take}
            if not variant.startswith("czech"):  # no king laid away (SL-6.5, FR-7)
                assert not [c for c in ask.choices if c.endswith("K")]
            assert session.answer(q["exchange"].popleft()).ok
        while (ask := session.ask()).kind != "score":
            assert session.answer(q[ask.kind].popleft() if q[ask.kind] else "").ok
        written = session.finish().items
        if variant.startswith("french"):  # the dog filled in, in the pack's order
            assert [set(i.cards) if isinstance(i, Talon) else i for i in written] == [
                set(i.cards) if isinstance(i, Talon) else i for i in recorded(record)]  # fmt: skip
        else:
            assert written == recorded(record)


def test_enter_at_the_czech_call_writes_the_implied_call(tmp_path: Path) -> None:
    """CZ-4.2: Enter at the call takes the implied card (the nineteen), written as a ``call``
    item as the generator writes it; the record is the generated one."""
    records = [r for r in dealt("czech-4", 12, seed=4) if any(isinstance(i, Call) for i in r.items)]
    record = records[0]
    session = open_like(tmp_path / "m.tpgn", record)
    q = _answers(record, None)
    for text in ("play", "yes"):
        session.answer(text)
    ask = advance(session, q, "call")
    call = next(i for i in record.items if isinstance(i, Call))
    if ask.default != call.card:
        pytest.skip("this deal's call is not the implied card")
    assert session.answer("").ok
    assert session.current_record().items[-1] == Call(call.seat, call.card)


def test_finish_says_how_the_scores_were_written(tmp_path: Path) -> None:
    """``saved``: the computed scores, a correction the verifier flags, or the table's
    scores where the rules compute none (nothing to flag)."""
    generated = dealt("slovenian-4", 2, seed=8)
    session = open_like(tmp_path / "m.tpgn", generated[0])
    assert session.saved is None
    type_deal(session, generated[0])
    session.finish()
    assert session.saved is not None and session.saved.code == "deal-saved"
    type_deal(session, generated[1])
    session.finish({s: v + 10 for s, v in scores_of(generated[1]).items()})
    assert session.saved.code == "deal-corrected"
    for text in ("outcome", "klop", "", ""):
        assert session.answer(text).ok
    session.finish(dict.fromkeys(session.seats, 0))
    assert session.saved.code == "scores-written"
    assert statuses(session.path) == [Status.OK, Status.SCORE_MISMATCH, Status.INCOMPLETE]
