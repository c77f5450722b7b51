"""The verifier and its neighbours agree: examples verify clean, variants without an engine are
INCOMPLETE (not illegal), ``verify`` and the renons judge give the same decision and scores,
and verdicts carry every trick's winner."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from helpers.registry import builtin_variants

from tarokpgn.cli import main
from tarokpgn.generate import generate
from tarokpgn.model import Comment, Hand, Record, Renons, Trick
from tarokpgn.notation import iter_records, parse_record
from tarokpgn.renons import judge
from tarokpgn.replay import NO_ENGINE_CODE, verify, verify_all
from tarokpgn.replayer import Replay
from tarokpgn.rules import ruleset as ruleset_module
from tarokpgn.rules.ruleset import OptionError, find_ruleset, rulesets
from tarokpgn.verdict import Status

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SAMPLE = EXAMPLES / "sample-archive"
RENONS = ROOT / "tests" / "golden" / "renons"


def _has_engine(variant: str) -> bool:
    try:
        find_ruleset(variant)
    except OptionError:
        return False
    return True


ENGINE = sorted(v for v in builtin_variants() if _has_engine(v))
NO_ENGINE = sorted(v for v in builtin_variants() if not _has_engine(v))

EXPECTED_STATUS = {
    "slovenian-3.tpgn": Status.INCOMPLETE,
    "renons.tpgn": Status.RENONS,
}
"""Examples that are not OK on purpose: slovenian-3 shows an ``irregular claim`` (the declarer
claimed the last three tricks), after which play is not followed, so its scores are not
computed. It must still have no problem at all. renons.tpgn holds a proven renons: the
judgement scores it."""


def _records(path: Path) -> list[Record]:
    out = []
    for r in iter_records(path):
        assert isinstance(r, Record), r
        out.append(r)
    return out


def _examples() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.tpgn"))


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.name)
def test_example_verifies(path: Path) -> None:
    for record, verdict in verify_all(_records(path)):
        if record.variant in NO_ENGINE:
            assert verdict.status is Status.INCOMPLETE
            assert [p.code for p in verdict.problems] == [NO_ENGINE_CODE]
            continue
        want = EXPECTED_STATUS.get(path.name, Status.OK)
        assert verdict.status is want, [p.message for p in verdict.problems]
        assert all(p.accepted or p.judged for p in verdict.problems), verdict.problems
        if want is Status.OK:
            assert verdict.scores == verdict.written or verdict.written is None


def test_examples_cover_engines_and_notation() -> None:
    """Every variant with an engine has a verified example; the elements of the notation
    (comments, irregular, renons, partial hands, a match with Totals) all appear."""
    records = [r for p in _examples() for r in _records(p)]
    assert {r.variant for r in records} >= set(ENGINE)
    text = "\n".join(p.read_text(encoding="utf-8") for p in _examples())
    for word in ("{", "\n;", "\nirregular ", "\nrenons ", "\nannounce ", "\nkontra ",
                 "\ncall ", "\nexchange ", "[Totals ", " ? "):  # fmt: skip
        assert word in text, word
    match = _records(EXAMPLES / "slovenian-4.tpgn")
    assert len(match) >= 3 and all(r.get("Totals") for r in match)
    assert match[0].get("Deal") == "1" and next(match[0].of_type(Renons), None) is None


def test_examples_show_a_compulsory_klop_and_the_import_form_deal() -> None:
    """Under semedela deal 1 of a round is a compulsory klop; the import form is the hand-typed
    record of the same match's deal 2."""
    first, second, *_ = _records(EXAMPLES / "slovenian-4.tpgn")
    assert verify(first).contract == "klop"
    (typed,) = _records(EXAMPLES / "import-form.tpgn")

    def content(r: Record) -> list[object]:
        return [dataclasses.replace(it, line=0) for it in r.items if not isinstance(it, Comment)]

    assert content(typed) == content(second)
    assert typed.get("Deal") == "2" and typed.get("Totals") == second.get("Totals")


def test_sample_archive_verifies() -> None:
    files = sorted(SAMPLE.rglob("*.tpgn"))
    assert files
    statuses = {v.status for f in files for _, v in verify_all(_records(f))}
    assert statuses == {Status.OK}


# --- variants without a rules engine -------------------------------------------------------------

UNPLAYED = ("french-3", "french-4", "french-5", "ottocento", "terziglio")
"""Variants that had no rules engine when these tests were written; the fixture below keeps
them engine-less, so the tests hold when an engine for one of them arrives."""


@pytest.fixture
def without_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unregister the UNPLAYED variants' engines for one test. The registry's data is patched,
    not a function: the compiled (mypyc) replayer binds ``find_ruleset`` at build time."""
    for variant in UNPLAYED:
        rulesets(variant)  # load every family first, so none registers itself during the test
    for variant in UNPLAYED:
        if variant in ruleset_module._REGISTRY:
            monkeypatch.delitem(ruleset_module._REGISTRY, variant)
    for key in [k for k in ruleset_module._INSTANCES if k[0] in UNPLAYED]:
        monkeypatch.delitem(ruleset_module._INSTANCES, key)


@pytest.mark.usefixtures("without_engines")
@pytest.mark.parametrize("variant", UNPLAYED)
def test_no_engine_is_incomplete_not_illegal(variant: str) -> None:
    (record,) = _records(EXAMPLES / f"{variant}.tpgn")
    assert record.variant == variant
    verdict = verify(record)
    assert verdict.status is Status.INCOMPLETE
    (problem,) = verdict.problems
    assert problem.code == NO_ENGINE_CODE and not problem.accepted
    assert problem.message == (
        f"no rules engine for {variant} yet: only syntax and well-formedness were checked"
    )
    assert verdict.scores is None and verdict.trick_winners == ()
    assert verdict.written == record.written_scores()


@pytest.mark.usefixtures("without_engines")
def test_no_engine_still_runs_the_well_formedness_checks() -> None:
    (record,) = _records(EXAMPLES / "french-3.tpgn")
    items = list(record.items)
    hand = next(i for i, it in enumerate(items) if isinstance(it, Hand))
    first = items[hand]
    assert isinstance(first, Hand)
    items[hand] = dataclasses.replace(first, cards=(*first.cards[:-1], first.cards[0]))
    bad = dataclasses.replace(record, items=tuple(items))
    verdict = verify(bad)
    assert verdict.status is Status.ILLEGAL
    codes = [p.code for p in verdict.problems]
    assert codes[0] == NO_ENGINE_CODE and len(codes) > 1
    assert all(c.startswith("E2") for c in codes[1:])


@pytest.mark.usefixtures("without_engines")
def test_cli_incomplete_alone_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(EXAMPLES / f"{v}.tpgn") for v in UNPLAYED]
    assert main(["verify", *files]) == 0
    out = capsys.readouterr().out
    n = len(files)
    assert f"{n} deals verified: 0 OK, {n} incomplete, 0 with problems" in out
    assert "ILLEGAL" not in out and "no-rules-engine no rules engine for" in out
    assert main(["verify", str(EXAMPLES / "czech-4.tpgn"), *files]) == 0
    assert f"{n + 1} deals verified: 1 OK, {n} incomplete, 0 with problems" in (
        capsys.readouterr().out
    )
    assert main(["verify", "--help"]) == 0
    assert "INCOMPLETE deals alone do not fail" in " ".join(capsys.readouterr().out.split())


@pytest.mark.usefixtures("without_engines")
def test_archive_stores_no_engine_deals(tmp_path: Path) -> None:
    from tarokpgn.archive.ingest import index_paths
    from tarokpgn.archive.store import Archive

    with Archive(tmp_path / "a.duckdb") as archive:
        index_paths(archive, [EXAMPLES / "french-3.tpgn"], workers=1)
        deals = archive.query("SELECT status, contract, problems FROM deals").rows
        assert deals == [("incomplete", None, 1)]
        codes = archive.query("SELECT origin, code FROM problems").rows
        assert codes == [("verify", NO_ENGINE_CODE)]
        tricks = archive.query("SELECT count(*), count(winner) FROM tricks").rows[0]
        assert tricks[0] > 0 and tricks[1] == tricks[0] - 1  # next leaders; not the last


# --- renons: one decision ------------------------------------------------------------------


def _claimed() -> list[Record]:
    out = [r for p in sorted(RENONS.glob("*.tpgn")) for r in _records(p)]
    out += _records(EXAMPLES / "renons.tpgn")
    return out


@pytest.mark.parametrize("record", _claimed(), ids=lambda r: r.source.file if r.source else "?")
def test_verify_uses_the_judges_decision(record: Record) -> None:
    (claim,) = list(record.of_type(Renons))
    judgement = judge(record, claim)
    verdict = verify(record)
    assert verdict.scores == judgement.scores
    unproven = [p for p in verdict.problems if p.code == "renons-unproven"]
    assert bool(unproven) != judgement.proven
    assert all(p.judged and not p.accepted for p in unproven)


def test_revoke_proven_by_later_tricks_makes_the_accused_pay() -> None:
    """Hands unrecorded: the revoke shows only in S's later plays; the judge proves it, so the
    verifier accepts those faults and S pays (before: claimant paid, deal ILLEGAL)."""
    (record,) = _records(RENONS / "sl-proven-no-hands.tpgn")
    verdict = verify(record)
    assert verdict.status is Status.RENONS
    assert verdict.scores == {"N": 0, "E": 0, "S": -95, "W": 0}
    assert {p.code for p in verdict.problems} == {"void-contradiction"}
    assert all(p.judged and not p.accepted for p in verdict.problems)


def test_undecidable_claim_makes_the_claimant_pay() -> None:
    (record,) = _records(RENONS / "sl-undecidable.tpgn")
    verdict = verify(record)
    (unproven,) = [p for p in verdict.problems if p.code == "renons-unproven"]
    assert "not decidable" in unproven.message and unproven.seat == "W"
    assert verdict.scores == {"N": 0, "E": 0, "S": 0, "W": -55}


def test_renons_other_players_normal() -> None:
    (record,) = _records(EXAMPLES / "renons.tpgn")
    tags = tuple(t for t in record.tags if t[0] != "Options")
    normal = dataclasses.replace(record, tags=(*tags, ("Options", "renons_other_players=normal")))
    plain = dataclasses.replace(record, items=tuple(
        it for it in record.items if not isinstance(it, Renons)))  # fmt: skip
    game = verify(plain).scores
    assert game is not None
    verdict = verify(normal)
    judgement = judge(normal, next(normal.of_type(Renons)))
    assert verdict.scores == judgement.scores
    assert verdict.scores == {s: v - 45 * (s == "W") for s, v in game.items()}
    assert any(line.label.startswith("game") for line in verdict.breakdown)


# --- trick winners ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ENGINE)
def test_trick_winners(variant: str) -> None:
    for record in generate(variant, n=30, seed=11):
        verdict = verify(record)
        tricks = list(record.of_type(Trick))
        assert len(verdict.trick_winners) == len(tricks)
        for trick, after, winner in zip(tricks, tricks[1:], verdict.trick_winners, strict=False):
            assert after.leader == winner, (trick.number, winner)
        assert verdict.to_json()["trick_winners"] == list(verdict.trick_winners)
        json.dumps(verdict.to_json())


def test_trick_winners_stop_where_play_is_not_followed() -> None:
    (record,) = _records(EXAMPLES / "slovenian-3.tpgn")
    assert len(verify(record).trick_winners) == 13
    r, _ = Replay.start(record)
    assert r is not None
    item = r.until(lambda it: isinstance(it, Trick) and it.number == 5)
    assert isinstance(item, Trick)
    assert len(r.trick_winners()) == 4
    assert r.begin_trick(item) == r.deal.to_play
    text = '[Variant "slovenian-4"]\n\nhand N ?\n1. N T1 ? T3 T4\nend\n'
    assert verify(parse_record(text)).trick_winners == ()
