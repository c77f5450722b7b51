"""A family added from outside: the miniature family of ``docs/examples/minitarok.py`` (the
example docs/extending.rst shows) registers itself through the public interface only, and
tarokpgn then reads, checks, verifies, generates and indexes its deals, and its command line
runs on them, while no file under tarokpgn/ knows the family exists.

The command line is driven in this process (``tarokpgn.cli.main``): the ``tarokpgn`` program
loads no plug-ins of its own, so a plug-in's program imports it and calls ``install()`` first.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tarokpgn import check_record, generate, parse_record, verify, verify_all
from tarokpgn.archive.ingest import index_paths
from tarokpgn.archive.stats import Filters, run_reports
from tarokpgn.archive.store import Archive
from tarokpgn.cards import DECKS
from tarokpgn.cli import main
from tarokpgn.errors import NotationError
from tarokpgn.model import Hand, Record, Trick
from tarokpgn.notation import write_records
from tarokpgn.rules.ruleset import find_ruleset
from tarokpgn.variants import BUILTIN_FAMILIES, families, find_variant
from tarokpgn.verdict import Status

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "minitarok.py"


def _load(path: Path) -> ModuleType:
    """The plug-in module at ``path``, imported as a program would import it."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


minitarok = _load(EXAMPLE)
VARIANT: str = minitarok.VARIANT.id
FAMILY: str = minitarok.VARIANT.family


@pytest.fixture
def installed(registry: None) -> Iterator[None]:
    """The family installed for one test; the registries (and the deck) restored after it."""
    minitarok.install()
    try:
        yield
    finally:
        DECKS.pop(minitarok.DECK.name, None)


RECORD = """\
[Event "hand-written"]
[Deal "1"]
[Variant "minitarok-2"]
[Dealer "S"]
[N "Ana"]
[S "Bor"]
[Result "N +10 S -10"]

hand N IV T2 HK HQ SJ S10
hand S T3 pagat HJ H10 SK SQ
auction N game S pass
1. N HK H10
2. N HQ HJ
3. N T4 T1
4. N T2 T3
5. S SK SJ
6. S SQ S10
end
"""
"""One deal by hand: N declares game and takes 13 of the 20 card points (MT-5.1). Cards are
tokens, or names the notation knows (``IV`` is T4, ``pagat`` T1)."""


def _changed(*edits: tuple[str, str]) -> Record:
    """:data:`RECORD` with each (old, new) text replaced once, read."""
    text = RECORD
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    return parse_record(text)


def _line(record_text: str, start: str) -> int:
    """The line number of the line of ``record_text`` that starts with ``start``."""
    lines = record_text.splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(start))


# --- (e) tarokpgn does not know the family -----------------------------------------------------


def test_nothing_in_the_package_names_the_family() -> None:
    named = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tarokpgn").rglob("*"))
        if path.is_file() and path.suffix in (".py", ".sql", ".lark", ".json", ".pyi")
        for word in (VARIANT, FAMILY, minitarok.DECK.name)
        if word in path.read_text(encoding="utf-8")
    ]
    assert named == []
    assert find_variant(VARIANT) is None and FAMILY not in families()
    assert FAMILY not in BUILTIN_FAMILIES and minitarok.DECK.name not in DECKS


def test_installing_registers_the_variant_the_deck_and_the_ruleset(installed: None) -> None:
    assert find_variant(VARIANT) == minitarok.VARIANT
    assert DECKS[minitarok.DECK.name] is minitarok.DECK
    assert FAMILY in families()
    rules = find_ruleset(VARIANT)
    assert isinstance(rules, minitarok.MiniRuleset)
    assert (rules.name, rules.family, rules.players) == ("standard", FAMILY, 2)
    assert find_ruleset(VARIANT, "simple", {"beggar": "yes"}).contract("beggar") is not None


# --- (a) read and check ------------------------------------------------------------------------


def test_a_hand_written_record_is_read_and_well_formed(installed: None) -> None:
    record = parse_record(RECORD)
    assert record.players == 2 and record.seats == ("N", "S")
    assert [hand.cards for hand in record.of_type(Hand)] == [
        ("T4", "T2", "HK", "HQ", "SJ", "S10"),
        ("T3", "T1", "HJ", "H10", "SK", "SQ"),
    ]
    assert len(list(record.of_type(Trick))) == 6
    assert check_record(record) == []
    again = "".join(write_records([record]))
    assert parse_record(again).items == record.items


def test_a_card_the_pack_lacks_is_a_notation_error(installed: None) -> None:
    with pytest.raises(NotationError, match="HN"):
        _changed(("SQ\n", "HN\n"))


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("hand S T3", "hand S T4", "E201"),  # a card dealt twice
        ("HK HQ SJ S10", "HK HQ SJ", "E202"),  # a hand of 5 cards, not 6 (MT-2.1)
        ('[Dealer "S"]', '[Dealer "W"]', "E207"),  # no seat W with two players
    ],
)
def test_a_malformed_record_is_reported(installed: None, old: str, new: str, code: str) -> None:
    assert code in [problem.code for problem in check_record(_changed((old, new)))]


# --- (b) verify --------------------------------------------------------------------------------


def test_a_legal_deal_verifies_with_its_score(installed: None) -> None:
    verdict = verify(parse_record(RECORD))
    assert verdict.status is Status.OK, verdict.problems
    assert (verdict.contract, verdict.declarer, verdict.won) == ("game", "N", True)
    assert verdict.scores == verdict.written == {"N": 10, "S": -10}
    assert verdict.card_points == {"declarer": 13, "opponents": 7}
    assert verdict.trick_winners == ("N", "N", "N", "S", "S", "S")


def test_a_revoke_is_reported_where_it_was_played(installed: None) -> None:
    record = _changed(("1. N HK H10", "1. N HK SK"), ("5. S SK SJ", "5. S H10 SJ"))
    verdict = verify(record)
    assert verdict.status is Status.ILLEGAL
    [problem] = verdict.problems
    assert (problem.code, problem.rule, problem.seat, problem.trick) == (
        "follow-suit", "MT-4.1", "S", 1,
    )  # fmt: skip
    text = RECORD.replace("1. N HK H10", "1. N HK SK")
    assert problem.line == _line(text, "1. N HK SK")
    assert "HJ H10" in problem.message  # the cards S had to play from


def test_a_wrong_result_is_a_score_mismatch(installed: None) -> None:
    verdict = verify(_changed(('"N +10 S -10"', '"N +20 S -20"')))
    assert verdict.status is Status.SCORE_MISMATCH
    [problem] = verdict.problems
    assert (problem.code, problem.rule) == ("score-mismatch", "MT-5")
    assert problem.line == _line(RECORD, "[Result")
    assert verdict.scores == {"N": 10, "S": -10}


def test_the_auction_is_checked_by_the_family(installed: None) -> None:
    verdict = verify(_changed(("N game S pass", "N pass S pass")))  # the dealer must bid
    assert [(p.code, p.rule, p.seat) for p in verdict.problems][:1] == [
        ("illegal-bid", "MT-3.2", "S")
    ]
    simple = _changed(("[Dealer", '[Ruleset "simple"]\n[Dealer'), ("N game", "N beggar"))
    assert ("illegal-bid", "MT-3.2") in [(p.code, p.rule) for p in verify(simple).problems]
    options = _changed(("[Dealer", '[Options "beggar=false"]\n[Dealer'))
    assert verify(options).status is Status.OK


# --- (c) generate ------------------------------------------------------------------------------

DEALS = 40


def test_generated_deals_verify_and_repeat(installed: None) -> None:
    records = list(generate(VARIANT, n=DEALS, seed=5))
    assert len(records) == DEALS
    contracts = set()
    for record, verdict in verify_all(records):
        assert verdict.status is Status.OK, (verdict.problems, record)
        contracts.add(verdict.contract)
    assert contracts == {"game", "beggar"}
    again = list(generate(VARIANT, n=DEALS, seed=5))
    assert "".join(write_records(again)) == "".join(write_records(records))
    other = list(generate(VARIANT, n=DEALS, seed=6))
    assert "".join(write_records(other)) != "".join(write_records(records))


# --- (d) index ---------------------------------------------------------------------------------


def test_generated_deals_are_indexed_and_counted(installed: None, tmp_path: Path) -> None:
    path = tmp_path / "mini.tpgn"
    path.write_text("".join(write_records(generate(VARIANT, n=DEALS, seed=5))), "utf-8")
    with Archive(tmp_path / "mini.duckdb") as archive:
        report = index_paths(archive, [path], workers=1)  # in this process: the family is here
        assert report.records == DEALS
        sql = "SELECT variant, status, count(*) FROM deals GROUP BY ALL"
        assert archive.query(sql).rows == [(VARIANT, "ok", DEALS)]
        every = Filters(include_generated=True)
        [(_, status)] = run_reports(archive, ["status"], every)
        assert [(row[0], row[1], row[2]) for row in status.rows] == [(VARIANT, "ok", DEALS)]
        [(_, contracts)] = run_reports(archive, ["contracts"], every)
        assert sum(row[2] for row in contracts.rows) == DEALS
        assert {row[1] for row in contracts.rows} == {"game", "beggar"}


# --- the command line, in this process ---------------------------------------------------------


def test_the_command_line_runs_on_the_family(
    installed: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals, db = tmp_path / "mini.tpgn", tmp_path / "mini.duckdb"
    generate_args = ["--variant", VARIANT, "-n", "10", "--seed", "2", "-o", str(deals)]
    assert main(["generate", *generate_args]) == 0
    assert main(["check", str(deals)]) == 0
    assert main(["verify", "-q", str(deals)]) == 0
    assert main(["index", "--db", str(db), "-j", "1", "-q", str(deals)]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--variant", VARIANT, "--include-generated"]) == 0
    assert VARIANT in capsys.readouterr().out
