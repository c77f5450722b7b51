"""Tournaments end to end (issue 19): a hand-checked 8-player event (tests/golden/tournament/
club-8, worked out in its EXPECTED.md), a generated 16-player Semedela Open
(scripts/make_tournament.py) and damaged copies of it, the CLI, and the committed example
(examples/tournament/, which must be what the script makes)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

from tarokpgn import NotationError, iter_file, verify
from tarokpgn.cli import main
from tarokpgn.model import Record
from tarokpgn.tournament.config import load, table_file
from tarokpgn.tournament.draw import SEATING_FILE, read_seating
from tarokpgn.tournament.model import Issue, Standing, Standings, TournamentError
from tarokpgn.tournament.standings import standings

ROOT = Path(__file__).resolve().parents[1]
CLUB8 = ROOT / "tests" / "golden" / "tournament" / "club-8"
EXAMPLE = ROOT / "examples" / "tournament"
SEED = 19
SEATS = ("N", "E", "S", "W")


def _script() -> ModuleType:
    """scripts/make_tournament.py as a module (scripts/ is no package)."""
    spec = importlib.util.spec_from_file_location("make_tournament", ROOT / "scripts" /
                                                  "make_tournament.py")  # fmt: skip
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_tournament = _script()


def _standings(folder: Path) -> Standings:
    return standings(load(str(folder / "tournament.toml")))


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``tarokpgn tournament ARGV``: exit status, standard output, standard error."""
    capsys.readouterr()
    status = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _kinds(st: Standings) -> Counter[str]:
    return Counter(i.kind for i in st.issues)


def _blocking(st: Standings) -> list[Issue]:
    return [i for i in st.issues if i.blocking]


# --- the hand-checked club-8 ---------------------------------------------------------------------

EXPECTED = json.loads((CLUB8 / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def club8() -> Standings:
    return _standings(CLUB8)


def _rows(rows: Iterable[Standing]) -> list[list[object]]:
    """[rank, player, total] rows, players sharing a rank in name order."""
    return sorted(([r.rank, r.player, r.total] for r in rows), key=lambda r: (r[0], r[1]))


def test_club8_every_deal_verifies_as_worked_out_by_hand() -> None:
    """The table files are as EXPECTED.md says: 18 deals, 17 score-only ones OK, one played
    deal settled by a proven renons; the sum of every player's deal scores by stage."""
    statuses: Counter[str] = Counter()
    sums: dict[str, Counter[str]] = {"qualifying": Counter(), "finals": Counter()}
    for path in sorted(CLUB8.glob("*/*/*.tpgn")):
        for record in iter_file(str(path)):
            assert isinstance(record, Record), record
            verdict = verify(record)
            statuses[verdict.status.value] += 1
            assert verdict.scores is not None and verdict.scores == verdict.written, path
            for seat, score in verdict.scores.items():
                sums[path.parts[-3]][record.get(seat)] += score
    assert sum(statuses.values()) == 18 and statuses["ok"] == 17 and statuses["renons"] == 1
    rounds = EXPECTED["stages"]["qualifying"]["rounds"]
    # what the tables wrote: the judge's ruling (Ana −70 instead of +70) is not in the files
    played = {p: sum(r) for p, r in rounds.items()} | {"Ana Novak": sum(rounds["Ana Novak"]) + 140}
    assert dict(sums["qualifying"]) == played
    assert dict(sums["finals"]) == EXPECTED["stages"]["finals"]["totals"]


def test_club8_qualifying_ranking_ties_and_groups(club8: Standings) -> None:
    want = EXPECTED["stages"]["qualifying"]
    stage = next(s for s in club8.stages if s.stage == "qualifying")
    assert stage.complete
    assert _rows(stage.rows) == want["rows"]
    # Bojan/Cene (best-deal) and Darja/Eva (later-rounds, deciding the Final) are broken ties
    assert not any(r.tied for r in stage.rows)
    assert {r.player: list(r.rounds) for r in stage.rows} == want["rounds"]
    assert [[g.name, list(g.players)] for g in stage.groups] == want["groups"]
    assert [g.number for g in stage.groups] == [1, 2]


def test_club8_finals_and_final_ranking(club8: Standings) -> None:
    stage = next(s for s in club8.stages if s.stage == "finals")
    assert stage.complete
    assert {r.player: r.total for r in stage.rows} == EXPECTED["stages"]["finals"]["totals"]
    assert _rows(club8.final) == EXPECTED["final"]
    assert sorted(r.player for r in club8.final if r.tied) == EXPECTED["tied"]
    groups = {r.player: r.group for r in club8.final}
    assert [groups[row[1]] for row in EXPECTED["final"]] == ["Final"] * 4 + ["Small final"] * 4


def test_club8_issues_rulings_and_the_tie_none_blocking(club8: Standings) -> None:
    kinds = _kinds(club8)
    assert kinds["ruling"] == EXPECTED["issues"]["ruling"]
    assert kinds["tie"] >= EXPECTED["issues"]["tie"]
    assert set(kinds) == {"ruling", "tie"}, club8.issues
    tie = next(i for i in club8.issues if i.kind == "tie")
    assert "Ana Novak" in tie.message and "Franc Potočnik" in tie.message
    assert _blocking(club8) == [] and club8.provisional is EXPECTED["provisional"]


def test_club8_table_results_keep_the_renons_and_the_ruling(club8: Standings) -> None:
    tables = {(x.stage, x.round, x.table): x for x in club8.tables}
    assert len(tables) == 6 and all(x.found for x in tables.values())
    first = tables["qualifying", 1, 1]
    assert first.deals[1].status == "renons" and first.deals[1].scores["Ana Novak"] == -45
    assert first.totals == {"Ana Novak": -69, "Bojan Kranjc": 26, "Cene Zupan": 26,
                            "Darja Kos": -24}  # fmt: skip
    ruled = tables["qualifying", 2, 1].deals[1]
    assert ruled.scores["Ana Novak"] == -70 and ruled.written == {
        "Ana Novak": 70, "Eva Horvat": 0, "Cene Zupan": 0, "Gaja Vidmar": 0}  # fmt: skip


def test_club8_a_recorded_ruling_overrides_the_judgement(tmp_path: Path) -> None:
    """The claim carries the judge's ``ruling=not-proven`` (the record alone proves it): the
    ruling stands, the claimant Darja pays −(10 + 35 + 0) = −45 instead of Ana (SL-13.4).
    Qualifying: Ana −135 + 45 = −90, Darja 48 − 45 = 3; Eva (48) now reaches the Final, so the
    finals' files, played by the old groups, seat Darja and Eva at the wrong tables."""
    folder = tmp_path / "club-8"
    shutil.copytree(CLUB8, folder)
    line = _edit(folder / "qualifying/round-1/table-1.tpgn", "card=CN", "card=CN ruling=not-proven")
    st = _standings(folder)
    ruled = [i for i in st.issues if i.kind == "ruling" and i.file.endswith("table-1.tpgn")]
    assert len(ruled) == 1 and ruled[0].line == line and not ruled[0].blocking
    deal = st.tables[0].deals[1]
    assert deal.scores == {"Ana Novak": 0, "Bojan Kranjc": 0, "Cene Zupan": 0, "Darja Kos": -45}
    stage = next(s for s in st.stages if s.stage == "qualifying")
    assert [(r.rank, r.player, r.total) for r in stage.rows] == [
        (1, "Gaja Vidmar", 74), (2, "Bojan Kranjc", 54), (3, "Cene Zupan", 54),
        (4, "Eva Horvat", 48), (5, "Franc Potočnik", 23), (6, "Hugo Mlakar", 20),
        (7, "Darja Kos", 3), (8, "Ana Novak", -90),
    ]  # fmt: skip
    wrong = sorted((i.player, i.table) for i in st.issues if i.kind == "wrong-table")
    assert wrong == [("Darja Kos", 1), ("Eva Horvat", 2)] and st.provisional


def test_club8_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    status, text, err = _cli(capsys, "standings", str(CLUB8))
    assert status == 0, text + err
    assert "PROVISIONAL" not in text and "Traceback" not in err
    assert text.index("Gaja Vidmar") < text.index("Hugo Mlakar")
    status, text, _ = _cli(capsys, "standings", str(CLUB8), "--json")
    assert status == 0
    json.loads(text)


# --- the generated 16-player Semedela Open ------------------------------------------------------


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """16 players, qualifying 2 × 12, finals 1 × 12, by scripts/make_tournament.py."""
    folder = tmp_path_factory.mktemp("open") / "open"
    assert make_tournament.main([str(folder), "--seed", str(SEED)]) == 0
    return folder


@pytest.fixture(scope="module")
def event_standings(event: Path) -> Standings:
    return _standings(event)


def _deal_scores(path: Path) -> dict[str, int]:
    """Each player's sum of the verified scores of the file's deals (seat → name through the
    record's seat tags), worked out without the tournament package."""
    totals: Counter[str] = Counter()
    for record in iter_file(str(path)):
        assert isinstance(record, Record), record
        verdict = verify(record)
        assert verdict.ok and verdict.scores is not None, (path, verdict.problems)
        for seat, score in verdict.scores.items():
            totals[record.get(seat)] += score
    return dict(totals)


def _stage_sums(folder: Path, stage: str) -> dict[str, int]:
    sums: Counter[str] = Counter()
    files = sorted((folder / stage).glob("round-*/table-*.tpgn"))
    assert files
    for path in files:
        sums.update(_deal_scores(path))
    return dict(sums)


def test_generated_event_is_complete(event: Path, event_standings: Standings) -> None:
    st = event_standings
    assert _blocking(st) == [], st.issues
    assert not st.provisional and all(s.complete for s in st.stages)
    assert len(st.tables) == 8 + 4  # 4 tables × 2 qualifying rounds, 4 groups
    t = st.tournament
    for x in st.tables:
        assert x.found and len(x.deals) == 12
        stage = t.stage(x.stage)
        assert x.file == table_file(stage, x.round, x.table)
        assert (event / x.file).is_file()


def test_generated_qualifying_totals_are_the_deals_verified_scores(
    event: Path, event_standings: Standings
) -> None:
    sums = _stage_sums(event, "qualifying")
    rows = next(s for s in event_standings.stages if s.stage == "qualifying").rows
    assert len(rows) == 16 and len(sums) == 16
    assert {r.player: r.total for r in rows} == sums
    assert all(r.deals == 24 and len(r.rounds) == 2 for r in rows)
    assert [r.total for r in rows] == sorted(sums.values(), reverse=True)


def test_generated_groups_are_fours_of_the_ranking(event_standings: Standings) -> None:
    stage = next(s for s in event_standings.stages if s.stage == "qualifying")
    order = [r.player for r in stage.rows]
    names = ["Final", "Small final", "Group 3", "Group 4"]
    assert [(g.number, g.name) for g in stage.groups] == list(enumerate(names, 1))
    for k, group in enumerate(stage.groups):
        assert list(group.players) == order[4 * k : 4 * k + 4]


def test_generated_final_ranking(event: Path, event_standings: Standings) -> None:
    """Group 1's players first, by their finals score, then group 2's …; the finals' tables
    seat each group in qualifying order (N = best)."""
    stage = next(s for s in event_standings.stages if s.stage == "qualifying")
    finals = _stage_sums(event, "finals")
    final = event_standings.final
    assert len(final) == 16
    for k, group in enumerate(stage.groups):
        block = final[4 * k : 4 * k + 4]
        assert {r.player for r in block} == set(group.players)
        assert all(r.group == group.name for r in block)
        scores = [finals.get(r.player, 0) for r in block]
        assert [r.total for r in block] == scores == sorted(scores, reverse=True)
        path = event / table_file(event_standings.tournament.stage("finals"), 1, group.number)
        first = next(iter_file(str(path)))
        assert isinstance(first, Record)
        assert tuple(first.get(s) for s in SEATS) == group.players
    assert [r.rank for r in final if not r.tied] == [
        n for n, r in enumerate(final, 1) if not r.tied
    ]


def test_generated_seating(event: Path) -> None:
    """Every player once per round; round 2 repeats no table-mate of round 1 (16 players at 4
    tables allow it)."""
    t = load(str(event / "tournament.toml"))
    seating = read_seating(str(event / SEATING_FILE), t)
    players = {p.name for p in t.players}
    pairs: dict[int, set[frozenset[str]]] = {}
    for round_ in (1, 2):
        tables = [x for x in seating.tables if x.round == round_]
        seated = [p for x in tables for p in x.players]
        assert len(tables) == 4 and sorted(seated) == sorted(players)
        pairs[round_] = {frozenset(c) for x in tables for c in combinations(x.players, 2)}
    assert len(pairs[1]) == len(pairs[2]) == 24
    assert pairs[1].isdisjoint(pairs[2])
    assert seating.repeats.get(("qualifying", 2), 0) == 0


def test_the_script_is_reproducible(event: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert make_tournament.main([str(again), "--seed", str(SEED)]) == 0
    assert _tree(again) == _tree(event)


# --- damaged copies ------------------------------------------------------------------------------


@pytest.fixture
def copy(event: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "copy"
    shutil.copytree(event, folder)
    return folder


QUAL = "qualifying/round-1/table-1.tpgn"


def _totals(st: Standings, stage: str = "qualifying") -> dict[str, int]:
    return {r.player: r.total for r in next(s for s in st.stages if s.stage == stage).rows}


def _edit(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace ``old`` by ``new`` (the first ``count`` times); the 1-based line of the first."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return line


def _table_players(folder: Path, name: str) -> set[str]:
    record = next(iter_file(str(folder / name)))
    assert isinstance(record, Record)
    return {record.get(s) for s in SEATS}


def test_malformed_tournament_toml_is_located(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toml = copy / "tournament.toml"
    line = _edit(toml, "deals = 12", 'deals = "twelve"')
    with pytest.raises(TournamentError) as err:
        load(str(toml))
    assert err.value.line == line and f"tournament.toml:{line}:" in str(err.value)
    status, out, stderr = _cli(capsys, "standings", str(copy))
    assert status != 0 and f"tournament.toml:{line}" in out + stderr
    assert "Traceback" not in out + stderr
    _edit(toml, 'deals = "twelve"', "deals = 12")
    line = _edit(toml, 'site = "Semedela"', 'site = "Semedela')  # an unclosed string
    with pytest.raises(TournamentError) as err:
        load(str(toml))
    assert err.value.line == line, str(err.value)


def _break_deal_5(folder: Path) -> int:
    """Deal 5 of QUAL made unreadable (a tag left open); the line the reader reports."""
    edited = _edit(folder / QUAL, '[Deal "5"]', '[Deal "5"')
    (error,) = [e for e in iter_file(str(folder / QUAL)) if isinstance(e, NotationError)]
    assert edited <= error.line <= edited + 1, error  # where the reader finds it out
    assert len([r for r in iter_file(str(folder / QUAL)) if isinstance(r, Record)]) == 11
    return error.line


def test_unreadable_deal_costs_only_that_deal(
    copy: Path, event: Path, event_standings: Standings
) -> None:
    line = _break_deal_5(copy)
    st = _standings(copy)
    bad = [i for i in st.issues if i.kind == "unreadable-deal"]
    assert len(bad) == 1 and bad[0].blocking and st.provisional
    assert bad[0].file.endswith(QUAL) and bad[0].line == line, bad[0]
    # deal 5 of that table no longer counts; everything else does
    lost = _deal_scores(event / QUAL)
    fifth = [r for r in iter_file(str(event / QUAL)) if isinstance(r, Record)][4]
    scores = verify(fifth).scores or {}
    want = dict(_totals(event_standings))
    for seat, score in scores.items():
        want[fifth.get(seat)] -= score
    assert lost and _totals(st) == want


def test_player_name_typo_is_an_unknown_player_with_a_suggestion(copy: Path) -> None:
    name = sorted(_table_players(copy, QUAL))[0]
    typo = name[:-1] + ("x" if name[-1] != "x" else "y")
    line = _edit(copy / QUAL, f'"{name}"]', f'"{typo}"]', count=-1)
    st = _standings(copy)
    unknown = [i for i in st.issues if i.kind == "unknown-player"]
    assert unknown and st.provisional
    first = unknown[0]
    assert first.file.endswith(QUAL) and first.line == line, first
    assert typo in first.message and "did you mean" in first.message and name in first.message


def test_missing_table_file(copy: Path, event: Path, event_standings: Standings) -> None:
    name = "qualifying/round-2/table-3.tpgn"
    (copy / name).unlink()
    st = _standings(copy)
    missing = [i for i in st.issues if i.kind == "missing-file"]
    assert len(missing) == 1 and missing[0].blocking and st.provisional
    assert name in missing[0].message or missing[0].file.endswith(name)
    want = dict(_totals(event_standings))
    for player, score in _deal_scores(event / name).items():
        want[player] -= score
    assert _totals(st) == want


def test_a_deal_removed_is_a_missing_deal(copy: Path) -> None:
    path = copy / QUAL
    text = path.read_text(encoding="utf-8")
    cut = text.rindex("[Event", 0, text.index('[Deal "12"]'))
    path.write_text(text[:cut].rstrip("\n") + "\n", encoding="utf-8")
    assert '[Deal "12"]' not in path.read_text(encoding="utf-8")
    st = _standings(copy)
    missing = [i for i in st.issues if i.kind == "missing-deal"]
    assert missing and missing[0].blocking and st.provisional
    assert missing[0].file.endswith(QUAL) or missing[0].table == 1


def test_edited_totals_differ(copy: Path) -> None:
    path = copy / QUAL
    text = path.read_text(encoding="utf-8")
    last = text.rindex("[Totals ")
    end = text.index("]", last)
    line = text[:last].count("\n") + 1
    old = text[last : end + 1]
    first_score = re.search(r"N ([+-]?\d+)", old)
    assert first_score is not None
    changed = old.replace(first_score.group(0), f"N {int(first_score.group(1)) + 10:+d}", 1)
    path.write_text(text[:last] + changed + text[end + 1 :], encoding="utf-8")
    st = _standings(copy)
    differ = [i for i in st.issues if i.kind == "totals-differ"]
    assert len(differ) == 1 and differ[0].blocking and st.provisional
    assert differ[0].file.endswith(QUAL) and differ[0].line == line, differ[0]


def test_a_wrong_result_in_the_example_is_its_only_issue(tmp_path: Path) -> None:
    """The trial of docs/tournament.rst: table 2 of round 1 writes +135 for +125 in deal 2 (its
    Totals follow the computed +125). The computed score counts; one blocking issue, on that
    Result; deals 3 and 4, right, are ``ok`` (no Totals issue carried on from deal 2)."""
    folder = tmp_path / "tournament"
    shutil.copytree(EXAMPLE, folder)
    name = "qualifying/round-1/table-2.tpgn"
    line = _edit(folder / name, '[Result "N +125 E 0 S 0 W 0"]', '[Result "N +135 E 0 S 0 W 0"]')
    st = _standings(folder)
    assert [(i.kind, i.where) for i in _blocking(st)] == [("totals-differ", f"{name}:{line}")]
    assert "computed scores are Bojan Kranjc +125" in st.issues[0].message
    x = next(x for x in st.tables if x.file == name)
    assert [(d.number, d.status) for d in x.deals] == [
        (1, "ok"), (2, "score-mismatch"), (3, "ok"), (4, "ok")]  # fmt: skip
    assert x.deals[1].scores["Bojan Kranjc"] == 125 and x.deals[1].written == {
        "Bojan Kranjc": 135, "Cene Zupan": 0, "Franc Potočnik": 0, "Eva Horvat": 0}  # fmt: skip
    assert _totals(st)["Bojan Kranjc"] == _totals(_standings(EXAMPLE))["Bojan Kranjc"]


def test_damaged_event_through_the_cli(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1, the issue before any standing; ``--json`` still parseable, with the issue."""
    line = _break_deal_5(copy)
    status, text, err = _cli(capsys, "standings", str(copy))
    assert status == 1, text + err
    where = f"{QUAL}:{line}"
    assert where in text and "PROVISIONAL" in text
    first_row = min(text.index(p) for p in _table_players(copy, "qualifying/round-2/table-1.tpgn"))
    assert text.index(where) < text.index("PROVISIONAL") < first_row
    status, text, _ = _cli(capsys, "standings", str(copy), "--json")
    assert status == 1
    data = json.loads(text)
    assert "unreadable-deal" in json.dumps(data)


# --- the committed example -----------------------------------------------------------------------


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_committed_example_is_what_the_script_makes(tmp_path: Path) -> None:
    """examples/tournament/ is scripts/make_tournament.py --example, byte for byte: re-run
    ``python scripts/make_tournament.py examples/tournament --example`` after a change."""
    made = tmp_path / "tournament"
    assert make_tournament.main([str(made), "--example"]) == 0
    committed = {k: v for k, v in _tree(EXAMPLE).items() if not k.endswith(".md")}
    assert committed == _tree(made)


def test_example_standings_show_the_claim_and_the_ruling() -> None:
    st = _standings(EXAMPLE)
    assert _blocking(st) == [] and not st.provisional, st.issues
    assert _kinds(st)["ruling"] == 1
    first = next(x for x in st.tables if (x.stage, x.round, x.table) == ("qualifying", 1, 1))
    claim = first.deals[1]  # S claims W revoked; W's play was legal: S pays (SL-13.4)
    claimant = first.players[2]
    assert "not-proven" in claim.note and claim.scores[claimant] < 0
    assert [v for p, v in claim.scores.items() if p != claimant] == [0, 0, 0]
    assert len(st.final) == 8 and all(r.rank == n for n, r in enumerate(st.final, 1))
