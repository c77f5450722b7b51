"""tarokpgn.tournament.standings: hand-worked tournaments of score-only records (every score
below is worked out by hand from the Semedela contract values, SL-4: three 10, two 20, one 30,
solo three 40, beggar 70, plus the difference, the declarer and his partner each writing it),
the verifier checking each one.

The base event: 8 players, qualifying 2 rounds x 2 deals drawn, finals 1 round x 2 deals in
groups (SL-14.2..14.4). Qualifying by hand:

===========  ========  ========  =====
player       round 1   round 2   total
===========  ========  ========  =====
Franc        +40       +30       +70
Cene         +15       +25       +40
Eva          +45       -15       +30
Gaja         0         +25       +25
Bojan        -30       +30       0     (later-rounds: +30 in round 2 beats Ana's -15)
Ana          +15       -15       0
Darja        -30       0         -30   (later-rounds: 0 in round 2 beats Hana's -70)
Hana         +40       -70       -30
===========  ========  ========  =====

Final (N Franc, E Cene, S Eva, W Gaja): Cene +15, Gaja +15, Franc 0, Eva -45; small final
(N Bojan, E Ana, S Darja, W Hana): Bojan +30, Darja +30, Ana -15, Hana -15. The ties there
are broken by ``source-rank`` (the qualifying rank).
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from tarokpgn.model import format_scores
from tarokpgn.tournament.model import Player, Ruling, Seating, Stage, Standings, Table, Tournament
from tarokpgn.tournament.standings import standings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEATS = ("N", "E", "S", "W")
NAMES = ("Ana", "Bojan", "Cene", "Darja", "Eva", "Franc", "Gaja", "Hana")
QUALIFYING = Stage("qualifying", "Qualifying", rounds=2, deals=2, seating="draw")
FINALS = Stage("finals", "Finals", rounds=1, deals=2, seating="groups", source="qualifying",
               groups=("Final", "Small final"))  # fmt: skip
TIEBREAKS = ("later-rounds", "best-deal", "fewer-negative", "source-rank")

# (deal, contract, declarer, partner, difference, written Result by seat)
Deal = tuple[int, str, str, str, str, dict[str, int]]

TABLES: dict[tuple[str, int, int], tuple[tuple[str, ...], list[Deal]]] = {
    ("qualifying", 1, 1): (("Ana", "Bojan", "Cene", "Darja"), [
        (1, "three", "N", "S", "+5", {"N": 15, "S": 15}),  # 10 + 5
        (2, "two", "E", "W", "-10", {"E": -30, "W": -30}),  # -(20 + 10)
    ]),
    ("qualifying", 1, 2): (("Eva", "Franc", "Gaja", "Hana"), [
        (1, "one", "W", "E", "+10", {"W": 40, "E": 40}),  # 30 + 10
        (2, "solo-three", "N", "", "+5", {"N": 45}),  # 40 + 5
    ]),
    ("qualifying", 2, 1): (("Ana", "Eva", "Bojan", "Franc"), [
        (1, "three", "N", "E", "-5", {"N": -15, "E": -15}),
        (2, "three", "S", "W", "+20", {"S": 30, "W": 30}),
    ]),
    ("qualifying", 2, 2): (("Cene", "Gaja", "Darja", "Hana"), [
        (1, "two", "E", "N", "+5", {"E": 25, "N": 25}),
        (2, "beggar", "W", "", "", {"W": -70}),  # beggar lost
    ]),
    ("finals", 1, 1): (("Franc", "Cene", "Eva", "Gaja"), [
        (1, "three", "E", "W", "+5", {"E": 15, "W": 15}),
        (2, "solo-three", "S", "", "-5", {"S": -45}),
    ]),
    ("finals", 1, 2): (("Bojan", "Ana", "Darja", "Hana"), [
        (1, "two", "N", "S", "+10", {"N": 30, "S": 30}),
        (2, "three", "W", "E", "-5", {"W": -15, "E": -15}),
    ]),
}  # fmt: skip


def record(names: tuple[str, ...], deal: Deal, totals: dict[str, int] | None = None) -> str:
    """A score-only record (docs/notation.rst) of one deal."""
    number, contract, declarer, partner, difference, result = deal
    tags = [("Deal", str(number)), ("Variant", "slovenian-4"), ("Ruleset", "semedela"),
            ("Dealer", SEATS[(number - 1) % 4])]  # fmt: skip
    tags += list(zip(SEATS, names, strict=True))
    tags.append(("Result", format_scores({s: result.get(s, 0) for s in SEATS})))
    tags += [("Contract", contract)]
    tags += [("Declarer", declarer)] if declarer else []
    tags += [("Partner", partner)] if partner else []
    tags += [("Difference", difference)] if difference else []
    tags += [("Totals", format_scores(totals))] if totals is not None else []
    return "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\nend\n"


def write_table(folder: Path, stage: str, rnd: int, table: int, text: str) -> Path:
    path = folder / stage / f"round-{rnd}" / f"table-{table}.tpgn"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def table_text(key: tuple[str, int, int], with_totals: bool = False) -> str:
    names, deals = TABLES[key]
    running = dict.fromkeys(SEATS, 0)
    out = []
    for deal in deals:
        for s, v in deal[5].items():
            running[s] += v
        out.append(record(names, deal, dict(running) if with_totals else None))
    return "\n".join(out)


def seating() -> Seating:
    tables = tuple(
        Table("qualifying", r, n, names, "slovenian-4")
        for (stage, r, n), (names, _) in TABLES.items()
        if stage == "qualifying"
    )
    return Seating(7, tables)


def tournament(folder: Path, **changes: object) -> Tournament:
    t = Tournament(
        name="Test Open",
        folder=str(folder),
        players=tuple(map(Player, NAMES)),
        variant="slovenian-4",
        ruleset="semedela",
        stages=(QUALIFYING, FINALS),
        tiebreaks=TIEBREAKS,
        seed=2026,
        path=str(folder / "tournament.toml"),
    )
    return dataclasses.replace(t, **changes)  # type: ignore[arg-type]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The base event: every table file written (with running Totals)."""
    for key in TABLES:
        write_table(tmp_path, *key, table_text(key, with_totals=True))
    return tmp_path


def run(folder: Path, **changes: object) -> Standings:
    return standings(tournament(folder, **changes), seating())


def table(s: Standings, stage: str) -> list[tuple[int | None, str, int]]:
    rows = next(x for x in s.stages if x.stage == stage).rows
    return [(r.rank, r.player, r.total) for r in rows]


def kinds(s: Standings) -> list[str]:
    return [i.kind for i in s.issues]


# --- the whole event ---------------------------------------------------------------------------


def test_base_event_by_hand(folder: Path) -> None:
    s = run(folder)
    assert s.issues == ()
    assert not s.provisional
    assert table(s, "qualifying") == [
        (1, "Franc", 70), (2, "Cene", 40), (3, "Eva", 30), (4, "Gaja", 25),
        (5, "Bojan", 0), (6, "Ana", 0), (7, "Darja", -30), (8, "Hana", -30),
    ]  # fmt: skip
    q = s.stages[0]
    assert q.complete and s.stages[1].complete
    assert [(g.number, g.name, g.players) for g in q.groups] == [
        (1, "Final", ("Franc", "Cene", "Eva", "Gaja")),
        (2, "Small final", ("Bojan", "Ana", "Darja", "Hana")),
    ]
    franc = q.rows[0]
    assert (franc.rounds, franc.deals, franc.group) == ((40, 30), 4, "Final")
    # finals from zero (SL-14.4), group by group; ties broken by the qualifying rank
    assert table(s, "finals") == [
        (1, "Cene", 15), (2, "Gaja", 15), (3, "Franc", 0), (4, "Eva", -45),
        (5, "Bojan", 30), (6, "Darja", 30), (7, "Ana", -15), (8, "Hana", -15),
    ]  # fmt: skip
    assert [(r.rank, r.player, r.group) for r in s.final][:5] == [
        (1, "Cene", "Final"), (2, "Gaja", "Final"), (3, "Franc", "Final"), (4, "Eva", "Final"),
        (5, "Bojan", "Small final"),
    ]  # fmt: skip
    # one entry per configured tie-break, by id; later-rounds: the last round first
    assert q.rows[4].tiebreaks == (("later-rounds", (30, -30)), ("best-deal", (30,)),
                                   ("fewer-negative", (1,)), ("source-rank", (0,)))  # fmt: skip
    assert [v for _, v in q.rows[5].tiebreaks] == [(-15, 15), (15,), (1,), (0,)]
    # a one-round stage keeps its later-rounds entry (its one round)
    gaja = s.stages[1].rows[1].tiebreaks
    assert gaja == (("later-rounds", (15,)), ("best-deal", (15,)), ("fewer-negative", (0,)),
                    ("source-rank", (4,)))  # fmt: skip


def test_score_sheet_rows(folder: Path) -> None:
    s = run(folder)
    t = next(x for x in s.tables if (x.stage, x.round, x.table) == ("qualifying", 1, 1))
    assert t.players == ("Ana", "Bojan", "Cene", "Darja")
    assert t.file == "qualifying/round-1/table-1.tpgn" and t.found
    first, second = t.deals
    assert (first.number, first.dealer, first.contract, first.declarer, first.status) == (
        1, "Ana", "three", "Ana", "ok")  # fmt: skip
    assert first.scores == {"Ana": 15, "Bojan": 0, "Cene": 15, "Darja": 0}
    assert second.running == {"Ana": 15, "Bojan": -30, "Cene": 15, "Darja": -30}
    assert second.written == {"Ana": 0, "Bojan": -30, "Cene": 0, "Darja": -30}
    assert t.totals == second.running == t.written_totals
    assert first.line == 1


def test_seating_file_read_when_not_given(folder: Path) -> None:
    from tarokpgn.tournament.draw import SEATING_FILE, seating_toml

    t = tournament(folder)
    # finding 6: no seating file, a draw stage: a note says nobody is checked against the draw
    s = standings(t)
    assert [(i.kind, i.blocking, i.stage) for i in s.issues] == [
        ("no-seating", False, "qualifying")]  # fmt: skip
    assert s.issues[0].message == "no seating.toml: nobody can be checked against the draw"
    assert not s.provisional
    (folder / SEATING_FILE).write_text(seating_toml(seating(), t), encoding="utf-8")
    assert standings(t).issues == ()
    swap_players(folder)
    assert "wrong-table" in kinds(standings(t))
    (folder / SEATING_FILE).write_text("seed = \n", encoding="utf-8")
    s = standings(t)
    assert s.issues[0].kind == "config" and s.issues[0].where == f"{SEATING_FILE}:1"


def test_carry(folder: Path) -> None:
    s = run(folder, stages=(QUALIFYING, dataclasses.replace(FINALS, carry=True)))
    # finals + qualifying: Franc 0+70, Cene 15+40, Gaja 15+25, Eva -45+30 …
    assert table(s, "finals") == [
        (1, "Franc", 70), (2, "Cene", 55), (3, "Gaja", 40), (4, "Eva", -15),
        (5, "Bojan", 30), (6, "Darja", 0), (7, "Ana", -15), (8, "Hana", -45),
    ]  # fmt: skip


# --- tie-breaks --------------------------------------------------------------------------------


def test_later_rounds_and_best_deal_decide_differently(folder: Path) -> None:
    # Darja (-30, 0; best deal 0) and Hana (+40, -70; best deal +40) both -30
    later = table(run(folder, tiebreaks=("later-rounds",)), "qualifying")
    best = table(run(folder, tiebreaks=("best-deal",)), "qualifying")
    assert later[6:] == [(7, "Darja", -30), (8, "Hana", -30)]
    assert best[6:] == [(7, "Hana", -30), (8, "Darja", -30)]


def test_shared_rank_without_tiebreaks(folder: Path) -> None:
    s = run(folder, tiebreaks=())
    rows = s.stages[0].rows
    assert [(r.rank, r.player, r.tied) for r in rows[4:]] == [
        (5, "Ana", True), (5, "Bojan", True), (7, "Darja", True), (7, "Hana", True)]  # fmt: skip
    ties = [i for i in s.issues if i.kind == "tie" and i.stage == "qualifying"]
    # both ties inside the small final: nothing decided by them, not blocking
    assert len(ties) == 2 and not any(i.blocking for i in ties)
    assert "Ana and Bojan tie for rank 5 of Qualifying" in ties[0].message


def test_fewer_negative_best_deal_and_lot(tmp_path: Path) -> None:
    # one table, one round: N +15 then -15 (one negative deal, best +15), W 0 and 0
    deals: list[Deal] = [(1, "three", "N", "S", "+5", {"N": 15, "S": 15}),
                         (2, "three", "N", "E", "-5", {"N": -15, "E": -15})]  # fmt: skip
    names = NAMES[:4]
    write_table(tmp_path, "q", 1, 1, "\n".join(record(names, d) for d in deals))
    stage = Stage("q", "Q", rounds=1, deals=2, seating="draw")
    t = Tournament("T", str(tmp_path), tuple(map(Player, names)), "slovenian-4", "semedela",
                   (stage,), seed=1)  # fmt: skip

    def ranked(*tiebreaks: str, seed: int = 1) -> list[tuple[int | None, str]]:
        rows = standings(dataclasses.replace(t, tiebreaks=tiebreaks, seed=seed)).stages[0].rows
        return [(r.rank, r.player) for r in rows]

    # Cene (S) +15; Ana (N) and Darja (W) 0; Bojan (E) -15
    assert ranked("fewer-negative") == [(1, "Cene"), (2, "Darja"), (3, "Ana"), (4, "Bojan")]
    assert ranked("best-deal") == [(1, "Cene"), (2, "Ana"), (3, "Darja"), (4, "Bojan")]
    assert ranked() == [(1, "Cene"), (2, "Ana"), (2, "Darja"), (4, "Bojan")]
    # the lot: reproducible, and it breaks the tie both ways over seeds 0..19
    orders = {tuple(ranked("lot", seed=seed)) for seed in range(20)}
    assert orders == {((1, "Cene"), (2, "Ana"), (3, "Darja"), (4, "Bojan")),
                      ((1, "Cene"), (2, "Darja"), (3, "Ana"), (4, "Bojan"))}  # fmt: skip
    assert ranked("lot", seed=5) == ranked("lot", seed=5)


def test_source_rank_breaks_finals_ties(folder: Path) -> None:
    s = run(folder, tiebreaks=("later-rounds", "best-deal", "fewer-negative"))
    assert table(s, "finals")[:2] == [(1, "Cene", 15), (1, "Gaja", 15)]
    tie = next(i for i in s.issues if i.kind == "tie" and i.stage == "finals")
    assert not tie.blocking and "Cene and Gaja" in tie.message


def test_tie_at_group_boundary_is_blocking(folder: Path) -> None:
    # Bojan +25 by the judge: Gaja (0, +25) and Bojan (-30, +30 +25) both 25, no tie-break
    ruling = Ruling("late arrival compensated", stage="qualifying", player="Bojan", points=25,
                    line=9)  # fmt: skip
    s = run(folder, tiebreaks=(), rulings=(ruling,))
    assert table(s, "qualifying")[3:5] == [(4, "Bojan", 25), (4, "Gaja", 25)]
    tie = next(i for i in s.issues if i.kind == "tie")
    assert tie.blocking and "Final and who in Small final" in tie.message
    assert s.provisional
    adjust = next(i for i in s.issues if i.kind == "ruling")
    assert (adjust.where, adjust.blocking) == ("tournament.toml:9", False)


# --- rulings -----------------------------------------------------------------------------------


def test_ruling_sets_a_deals_scores(folder: Path) -> None:
    ruling = Ruling("revoke after the deal", stage="qualifying", round=1, table=1, deal=2,
                    scores={"Bojan": -100}, line=12)  # fmt: skip
    s = run(folder, rulings=(ruling,))
    # Bojan: -100 instead of -30 in round 1; Darja 0 instead of -30
    rows = {r.player: r for r in s.stages[0].rows}
    assert (rows["Bojan"].total, rows["Darja"].total) == (-70, 0)
    t = next(x for x in s.tables if (x.stage, x.round, x.table) == ("qualifying", 1, 1))
    assert t.deals[1].scores == {"Ana": 0, "Bojan": -100, "Cene": 0, "Darja": 0}
    assert t.deals[1].note == "ruling: revoke after the deal"
    # the table's written Totals now differ: that is no issue, the ruling stands
    assert [i.kind for i in s.issues] == ["ruling"]


def test_ruling_naming_a_deal_or_player_not_there(folder: Path) -> None:
    far = Ruling("x", stage="qualifying", round=1, table=1, deal=2, scores={"Eva": 5}, line=3)
    s = run(folder, rulings=(far,))
    assert [(i.kind, i.where) for i in s.issues] == [("config", "tournament.toml:3")]
    assert "Eva" in s.issues[0].message


# --- renons: the recorded ruling stands --------------------------------------------------------


def renons_deal(ruling: str) -> str:
    """examples/renons.tpgn as deal 2 of qualifying round 1 table 1 (W revokes in trick 7, S
    claims: proven, W pays -(10 + 35) = -45, the deal otherwise 0 under renons_other_players =
    zero)."""
    text = (EXAMPLES / "renons.tpgn").read_text(encoding="utf-8")  # Ana, Bojan, Cene, Darja
    text = text.replace('[Deal "5"]', '[Deal "2"]')
    return text.replace("revoke card=CN", f"revoke card=CN{ruling}")


@pytest.mark.parametrize(
    ("ruling", "bojan_darja_cene", "kinds_", "status"),
    [
        ("", (0, -45, 0), [], "renons"),  # the judge: proven, W (Darja) pays
        (" ruling=proven", (0, -45, 0), [], "renons"),  # as recorded: nothing overridden
        # the claimant (S, Cene) pays; no renons proven, so the deal is "ok" (as the verifier
        # says of a claim not proven)
        (" ruling=not-proven", (0, 0, -45), ["ruling"], "ok"),
    ],
)
def test_recorded_renons_ruling_stands(
    folder: Path,
    ruling: str,
    bojan_darja_cene: tuple[int, int, int],
    kinds_: list[str],
    status: str,
) -> None:
    first = record(*_first(("qualifying", 1, 1)))
    write_table(folder, "qualifying", 1, 1, first + "\n" + renons_deal(ruling))
    s = run(folder)
    t = next(x for x in s.tables if (x.stage, x.round, x.table) == ("qualifying", 1, 1))
    row = t.deals[1]
    assert (row.scores["Bojan"], row.scores["Darja"], row.scores["Cene"]) == bojan_darja_cene
    assert row.note.startswith("renons S W 7 revoke: ")
    assert row.status == status
    # (the finals' groups change with it: only the qualifying is looked at)
    assert [i.kind for i in s.issues if i.stage == "qualifying"] == kinds_
    if kinds_:
        assert s.issues[0].where == "qualifying/round-1/table-1.tpgn:51"
        assert "not-proven" in row.note and "S pays" in row.note


@pytest.mark.parametrize(
    ("result", "differs"),
    [("N 0 E 0 S -45 W 0", False), ("N 0 E 0 S 0 W -45", True)],
    ids=["written-as-ruled", "written-as-judged"],
)
def test_written_result_is_checked_against_the_ruling(
    folder: Path, result: str, differs: bool
) -> None:
    """Finding 1: after a recorded ``ruling=`` the table's Result is compared with the scores
    as ruled (the claimant Cene pays −45), not with the automatic judgement (Darja pays)."""
    deal = renons_deal(" ruling=not-proven").replace('[Result "*"]', f'[Result "{result}"]')
    write_table(folder, "qualifying", 1, 1, record(*_first(("qualifying", 1, 1))) + "\n" + deal)
    s = run(folder)
    mine = [i for i in s.issues if i.stage == "qualifying"]
    row = next(x for x in s.tables if x.file == "qualifying/round-1/table-1.tpgn").deals[1]
    assert row.scores["Cene"] == -45 and row.scores["Darja"] == 0
    if not differs:
        assert [i.kind for i in mine] == ["ruling"] and row.status == "ok"
        return
    assert [(i.kind, i.blocking, i.where) for i in mine] == [
        ("ruling", False, "qualifying/round-1/table-1.tpgn:51"),
        ("totals-differ", True, "qualifying/round-1/table-1.tpgn:29"),
    ]
    assert mine[1].message == ("deal 2: the table wrote Ana 0, Bojan 0, Cene 0, Darja -45, the "
                               "scores as ruled are Ana 0, Bojan 0, Cene -45, Darja 0")  # fmt: skip
    assert row.status == "score-mismatch"
    assert row.note.startswith("the written Result differs: the scores as ruled count; renons")


def _first(key: tuple[str, int, int]) -> tuple[tuple[str, ...], Deal]:
    names, deals = TABLES[key]
    return names, deals[0]


def test_judge_deal_default_ignores_recorded_ruling() -> None:
    from tarokpgn import iter_records
    from tarokpgn.renons import judge_deal

    rec = next(iter_records(renons_deal(" ruling=not-proven")))
    assert not isinstance(rec, Exception)
    assert judge_deal(rec).scores == {"N": 0, "E": 0, "S": 0, "W": -45}
    assert judge_deal(rec, recorded=True).scores == {"N": 0, "E": 0, "S": -45, "W": 0}
    bad = next(iter_records(renons_deal(" ruling=maybe")))
    assert not isinstance(bad, Exception)
    assert "ruling=maybe is not a finding" in judge_deal(bad, recorded=True).errors[0][1]
    assert judge_deal(bad).errors == ()


# --- what the judge must see -------------------------------------------------------------------


def swap_players(folder: Path) -> None:
    """Ana and Eva swap tables in round 1 (each file names the other)."""
    for n, (a, b) in ((1, ("Ana", "Eva")), (2, ("Eva", "Ana"))):
        path = folder / "qualifying" / "round-1" / f"table-{n}.tpgn"
        path.write_text(path.read_text().replace(f'"{a}"', f'"{b}"'), encoding="utf-8")


def test_wrong_table(folder: Path) -> None:
    swap_players(folder)
    s = run(folder)
    wrong = [(i.kind, i.player, i.table, i.where) for i in s.issues if i.stage == "qualifying"]
    assert wrong == [("wrong-table", "Eva", 1, "qualifying/round-1/table-1.tpgn:5"),
                     ("wrong-table", "Ana", 2, "qualifying/round-1/table-2.tpgn:5")]  # fmt: skip
    # the groups follow the ranking, so the finals' tables (as written) are wrong too
    assert [(i.player, i.message.split(" but ")[1]) for i in s.issues[2:]] == [
        ("Eva", "is in group 2"), ("Ana", "is in group 1")]  # fmt: skip
    # the scores still count for whoever played
    assert dict((p, t) for _, p, t in table(s, "qualifying"))["Ana"] == 45 - 15  # Eva's seat


def test_missing_file_and_stage_pending(folder: Path) -> None:
    (folder / "qualifying" / "round-2" / "table-2.tpgn").unlink()
    shutil.rmtree(folder / "finals")
    s = run(folder)
    assert [(i.kind, i.blocking) for i in s.issues] == [
        ("missing-file", True), ("stage-pending", False)]  # fmt: skip
    assert s.issues[0].where == "qualifying/round-2/table-2.tpgn"
    assert not s.stages[0].complete and not s.stages[1].complete and s.provisional
    # Cene, Gaja, Darja, Hana lose round 2: Cene 15, Gaja 0, Darja -30, Hana 40; at 0,
    # later-rounds: Bojan (+30), Gaja (0), Ana (-15)
    assert table(s, "qualifying") == [
        (1, "Franc", 70), (2, "Hana", 40), (3, "Eva", 30), (4, "Cene", 15),
        (5, "Bojan", 0), (6, "Gaja", 0), (7, "Ana", 0), (8, "Darja", -30),
    ]  # fmt: skip
    # the finals' groups are formed and shown; the final ranking is the qualifying one
    assert s.stages[0].groups[0].players == ("Franc", "Hana", "Eva", "Cene")
    assert [r.player for r in s.final][:2] == ["Franc", "Hana"]
    assert [r.rank for r in s.stages[1].rows] == [None] * 8
    assert [t.found for t in s.tables if t.stage == "finals"] == [False, False]


def test_extra_file(folder: Path) -> None:
    write_table(folder, "qualifying", 1, 3, table_text(("qualifying", 1, 1)))
    (folder / "old.tpgn").write_text("", encoding="utf-8")
    s = run(folder)
    assert [(i.kind, i.file) for i in s.issues] == [
        ("extra-file", "old.tpgn"), ("extra-file", "qualifying/round-1/table-3.tpgn")]  # fmt: skip
    assert s.provisional and table(s, "qualifying")[0] == (1, "Franc", 70)


def test_unreadable_deal_costs_only_itself(folder: Path) -> None:
    path = folder / "qualifying" / "round-1" / "table-1.tpgn"
    text = path.read_text().replace('[Deal "1"]', '[Deal "1"', 1)
    path.write_text(text, encoding="utf-8")
    s = run(folder)
    assert [(i.kind, i.where, i.blocking) for i in s.issues] == [
        ("unreadable-deal", "qualifying/round-1/table-1.tpgn:2", True),
        ("missing-deal", "qualifying/round-1/table-1.tpgn", True),
        ("tie", "", False),  # Cene and Gaja, both 25 now, both in the final
        ("tie", "", False),  # and again in it: source-rank cannot part them
    ]
    assert "E107 bad tag pair" in s.issues[0].message
    # finding 3: the unreadable deal keeps a row on the sheet, where the file has it
    bad, second = next(x for x in s.tables if x.file == "qualifying/round-1/table-1.tpgn").deals
    assert (bad.number, bad.status, bad.scores, bad.line, bad.seats) == (1, "unreadable", {}, 2, ())
    assert bad.note.startswith("E107 bad tag pair") and bad.running == {}
    assert (second.number, second.status, second.running["Bojan"]) == (2, "ok", -30)
    assert "deal(s) 1 missing (1 unreadable, above)" in s.issues[1].message
    # deal 2 (and everything else) still counts: Ana and Cene lose deal 1's +15
    totals = {p: t for _, p, t in table(s, "qualifying")}
    assert (totals["Ana"], totals["Cene"], totals["Bojan"], totals["Franc"]) == (-15, 25, 0, 70)
    assert s.provisional and not s.stages[0].complete


def test_failing_deal_counts_its_written_result(folder: Path) -> None:
    # a difference beyond ±35 (SL-11.2): illegal; the table wrote N +15 S +15, which counts
    path = folder / "qualifying" / "round-1" / "table-1.tpgn"
    path.write_text(path.read_text().replace('"+5"', '"+50"', 1), encoding="utf-8")
    s = run(folder)
    bad = s.issues[0]
    assert (bad.kind, bad.deal, bad.blocking) == ("deal-fails", 1, True)
    assert "bad-outcome" in bad.message and "its written Result counts" in bad.message
    row = next(x for x in s.tables if x.file == "qualifying/round-1/table-1.tpgn").deals[0]
    assert (row.status, row.scores["Ana"]) == ("illegal", 15)
    assert row.note == "fails verification (bad-outcome): its written Result counts"
    assert table(s, "qualifying")[1] == (2, "Cene", 40)


def test_incomplete_klop_counts_written(folder: Path) -> None:
    # klop: a sheet cannot say the card points, so the verifier cannot check the Result
    names, _ = TABLES[("qualifying", 1, 1)]
    klop: Deal = (2, "klop", "", "", "", {"N": -30})
    text = record(names, TABLES[("qualifying", 1, 1)][1][0]) + "\n" + record(names, klop)
    write_table(folder, "qualifying", 1, 1, text)
    s = run(folder)
    issue = s.issues[0]
    assert (issue.kind, issue.deal, issue.blocking) == ("deal-incomplete", 2, False)
    row = next(x for x in s.tables if x.file == "qualifying/round-1/table-1.tpgn").deals[1]
    assert (row.status, row.note) == ("incomplete", "not fully checked: its written Result counts")
    assert {p: t for _, p, t in table(s, "qualifying")}["Ana"] == 15 - 30 - 15


def test_missing_and_extra_deals(folder: Path) -> None:
    names, deals = TABLES[("qualifying", 1, 2)]
    write_table(folder, "qualifying", 1, 2, record(names, deals[0]))
    names, deals = TABLES[("qualifying", 2, 2)]
    text = "\n".join(record(names, d) for d in (deals[0], deals[1], deals[1]))
    write_table(folder, "qualifying", 2, 2, text)
    s = run(folder)
    issues = [(i.kind, i.table, i.round, i.deal) for i in s.issues if i.stage == "qualifying"]
    assert issues == [("missing-deal", 2, 1, 0), ("extra-deal", 2, 2, 2)]
    assert "deal 2 twice" in s.issues[1].message


def test_unknown_player_with_suggestion(folder: Path) -> None:
    path = folder / "qualifying" / "round-2" / "table-1.tpgn"
    path.write_text(path.read_text().replace('"Ana"', '"Anna"'), encoding="utf-8")
    s = run(folder)
    unknown, missing = s.issues
    assert (unknown.kind, unknown.where) == ("unknown-player", "qualifying/round-2/table-1.tpgn:5")
    assert "'Anna' is not a registered player (did you mean 'Ana'?)" in unknown.message
    assert (missing.kind, missing.player, missing.round) == ("player-missing", "Ana", 2)
    assert "'Anna' at table 1" in missing.message
    assert {p: t for _, p, t in table(s, "qualifying")}["Ana"] == 15


@pytest.mark.parametrize("with_seating", [True, False])
def test_sheet_seats_keep_their_player_through_a_typo(folder: Path, with_seating: bool) -> None:
    """Finding 2: Ana misspelt in deal 1 only of qualifying round 2 table 1: the seat is still
    Ana's (by the draw, or as most deals name it), the deal says what it wrote."""
    path = folder / "qualifying" / "round-2" / "table-1.tpgn"
    path.write_text(path.read_text().replace('"Ana"', '"Anna"', 1), encoding="utf-8")
    s = run(folder) if with_seating else standings(tournament(folder))
    x = next(x for x in s.tables if x.file == "qualifying/round-2/table-1.tpgn")
    assert x.players == ("Ana", "Eva", "Bojan", "Franc")
    first, second = x.deals
    assert first.seats == ("Anna", "Eva", "Bojan", "Franc") and first.scores["Anna"] == -15
    assert second.seats == x.players


def test_sheet_seats_follow_the_file_when_the_table_sat_otherwise(folder: Path) -> None:
    """The draw says N Ana, E Eva; the table sat E Ana, N Eva in every deal: each seat's player
    is the one the deals name there (the draw's is named at no deal of that seat)."""
    path = folder / "qualifying" / "round-2" / "table-1.tpgn"
    text = path.read_text().replace('[N "Ana"]', '[N "X"]').replace('[E "Eva"]', '[E "Ana"]')
    path.write_text(text.replace('[N "X"]', '[N "Eva"]'), encoding="utf-8")
    x = next(x for x in run(folder).tables if x.file == "qualifying/round-2/table-1.tpgn")
    assert x.players == ("Eva", "Ana", "Bojan", "Franc")
    assert all(d.seats == x.players for d in x.deals)


def test_byes_are_said_by_round(tmp_path: Path) -> None:
    """Finding 8: a round sat out by the draw is a bye in the standing (its 0 is no score)."""
    stage = Stage("q", "Q", rounds=2, deals=1, seating="draw")
    deal: Deal = (1, "three", "N", "S", "+5", {"N": 15, "S": 15})
    rounds = {1: NAMES[:4], 2: NAMES[1:5]}  # Eva sits out round 1, Ana round 2
    for rnd, names in rounds.items():
        write_table(tmp_path, "q", rnd, 1, record(names, deal))
    tables = tuple(Table("q", r, 1, names, "slovenian-4") for r, names in rounds.items())
    sat_out = Seating(1, tables, byes={("q", 1): ("Eva",), ("q", 2): ("Ana",)})
    t = Tournament("T", str(tmp_path), tuple(map(Player, NAMES[:5])), "slovenian-4", "semedela",
                   (stage,), short_tables="bye")  # fmt: skip
    rows = {r.player: r for r in standings(t, sat_out).stages[0].rows}
    assert [(p, rows[p].rounds, rows[p].byes) for p in NAMES[:5]] == [
        ("Ana", (15, 0), (2,)), ("Bojan", (0, 15), ()), ("Cene", (15, 0), ()),
        ("Darja", (0, 15), ()), ("Eva", (0, 0), (1,))]  # fmt: skip


def test_player_at_two_tables(folder: Path) -> None:
    path = folder / "qualifying" / "round-1" / "table-2.tpgn"
    path.write_text(path.read_text().replace('"Gaja"', '"Ana"'), encoding="utf-8")
    s = run(folder)
    assert [(i.kind, i.player, i.where) for i in s.issues] == [
        ("two-tables", "Ana", "qualifying/round-1/table-2.tpgn:7"),
        ("player-missing", "Gaja", ""),
    ]


TABLE_2 = "qualifying/round-1/table-2.tpgn"


def edit_table_2(folder: Path, *changes: tuple[str, str]) -> None:
    """Qualifying round 1 table 2 (Eva, Franc, Gaja, Hana; deal 1: W Hana and E Franc +40,
    deal 2: N Eva +45) with tags replaced, each ``(old tag, new tag)`` once."""
    path = folder / TABLE_2
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def sheet_of_table_2(s: Standings) -> list[tuple[int, str, str]]:
    x = next(x for x in s.tables if x.file == TABLE_2)
    return [(d.number, d.status, d.note) for d in x.deals]


DEAL_1_RESULT = '[Result "N 0 E +40 S 0 W +40"]'
DEAL_1_TOTALS = '[Totals "N 0 E +40 S 0 W +40"]'
DEAL_2_TOTALS = '[Totals "N +45 E +40 S 0 W +40"]'


def test_a_wrong_result_whose_totals_are_right(folder: Path) -> None:
    """Finding 4: deal 1's Result says Hana +45 (computed +40), the Totals follow the computed
    score: the computed score counts; one issue, on deal 1's Result; deal 2 is ``ok``."""
    edit_table_2(folder, (DEAL_1_RESULT, '[Result "N 0 E +40 S 0 W +45"]'))
    s = run(folder)
    assert [(i.kind, i.deal, i.where, i.blocking) for i in s.issues] == [
        ("totals-differ", 1, f"{TABLE_2}:9", True)]  # fmt: skip
    assert s.issues[0].message == (
        "deal 1: the table wrote Eva 0, Franc +40, Gaja 0, Hana +45, the computed scores are "
        "Eva 0, Franc +40, Gaja 0, Hana +40")  # fmt: skip
    assert sheet_of_table_2(s) == [
        (1, "score-mismatch", "the written Result differs: the computed scores count"),
        (2, "ok", "")]  # fmt: skip
    assert {p: t for _, p, t in table(s, "qualifying")}["Hana"] == -30  # 40 - 70


def test_totals_following_a_wrong_result(folder: Path) -> None:
    """The Totals add up the table's own (wrong) Result and go on from there: only that
    Result is wrong, said once; the later deal is ``ok``."""
    edit_table_2(folder, (DEAL_1_RESULT, '[Result "N 0 E +40 S 0 W +45"]'),
                 (DEAL_1_TOTALS, '[Totals "N 0 E +40 S 0 W +45"]'),
                 (DEAL_2_TOTALS, '[Totals "N +45 E +40 S 0 W +45"]'))  # fmt: skip
    s = run(folder)
    assert [(i.kind, i.deal) for i in s.issues] == [("totals-differ", 1)]
    assert [status for _, status, _ in sheet_of_table_2(s)] == ["score-mismatch", "ok"]


@pytest.mark.parametrize("carried", [False, True])
def test_wrong_totals_are_the_deal_that_wrote_them(folder: Path, carried: bool) -> None:
    """Deal 1's Totals say Hana +50 (its Result, +40, is right); deal 2's Totals go on from
    the wrong ones (carried) or are right again: either way only deal 1 is wrong."""
    deal_2 = '[Totals "N +45 E +40 S 0 W +50"]' if carried else DEAL_2_TOTALS
    edit_table_2(folder, (DEAL_1_TOTALS, '[Totals "N 0 E +40 S 0 W +50"]'),
                 (DEAL_2_TOTALS, deal_2))  # fmt: skip
    s = run(folder)
    assert [(i.kind, i.deal, i.where, i.blocking) for i in s.issues] == [
        ("totals-differ", 1, f"{TABLE_2}:14", True)]  # fmt: skip
    assert s.issues[0].message == (
        "deal 1: the table wrote Totals Eva 0, Franc +40, Gaja 0, Hana +50, but this deal's "
        "score makes Eva 0, Franc +40, Gaja 0, Hana +40")  # fmt: skip
    assert sheet_of_table_2(s) == [(1, "totals-differ", "the written Totals differ"),
                                   (2, "ok", "")]  # fmt: skip


def test_totals_message_after_one_deal(folder: Path) -> None:
    """Deal 2's Totals wrong: "deal 1's Totals plus this deal's score", never "deals 1–1"."""
    edit_table_2(folder, (DEAL_2_TOTALS, '[Totals "N +55 E +40 S 0 W +40"]'))
    s = run(folder)
    assert [(i.kind, i.deal) for i in s.issues] == [("totals-differ", 2)]
    assert s.issues[0].message == (
        "deal 2: the table wrote Totals Eva +55, Franc +40, Gaja 0, Hana +40, but deal 1's "
        "Totals plus this deal's score make Eva +45, Franc +40, Gaja 0, Hana +40")  # fmt: skip
    assert [status for _, status, _ in sheet_of_table_2(s)] == ["ok", "totals-differ"]


def test_every_issue_kind_is_known(folder: Path) -> None:
    from tarokpgn.tournament.model import ISSUE_KINDS

    swap_players(folder)
    (folder / "old.tpgn").write_text("", encoding="utf-8")
    s = run(folder, tiebreaks=())
    assert set(kinds(s)) <= set(ISSUE_KINDS)
    assert {"wrong-table", "extra-file", "tie"} <= set(kinds(s))


def test_player_at_two_seats(folder: Path) -> None:
    path = folder / "qualifying" / "round-1" / "table-1.tpgn"
    path.write_text(path.read_text().replace('"Bojan"', '"Ana"'), encoding="utf-8")
    s = run(folder)
    issues = [(i.kind, i.player, i.where) for i in s.issues if i.stage == "qualifying"]
    assert issues[:2] == [
        ("two-tables", "Ana", "qualifying/round-1/table-1.tpgn:6"),
        ("player-missing", "Bojan", ""),
    ]
    assert "two seats of this table" in s.issues[0].message


def test_bye_without_seating(tmp_path: Path) -> None:
    # five players, tables of four, short_tables = "bye", no seating draw: Eva sits out
    deals: list[Deal] = [(1, "three", "N", "S", "+5", {"N": 15, "S": 15})]
    write_table(tmp_path, "q", 1, 1, record(NAMES[:4], deals[0]))
    stage = Stage("q", "Q", rounds=1, deals=1, seating="draw")
    t = Tournament("T", str(tmp_path), tuple(map(Player, NAMES[:5])), "slovenian-4", "semedela",
                   (stage,), short_tables="bye")  # fmt: skip
    s = standings(t)
    assert [(i.kind, i.player, i.blocking) for i in s.issues] == [
        ("no-seating", "", False), ("player-missing", "Eva", False), ("tie", "", False),
        ("tie", "", False)]  # fmt: skip
    assert "a bye?" in s.issues[1].message
    assert [(r.rank, r.player) for r in s.final] == [
        (1, "Ana"), (1, "Cene"), (3, "Bojan"), (3, "Darja"), (None, "Eva")]  # fmt: skip
    assert not s.provisional


def test_group_sizes_follow_the_table_sizes(tmp_path: Path) -> None:
    from tarokpgn.tournament.standings import _groups

    names = [f"P{i}" for i in range(1, 11)]
    t = tournament(tmp_path, players=tuple(map(Player, names[:7])))
    groups, out = _groups(FINALS, names[:7], t)  # 7 = 4 + 3: a small final of three
    assert [(g.name, len(g.players)) for g in groups] == [("Final", 4), ("Small final", 3)]
    assert out == ()
    t = tournament(tmp_path, short_tables="bye")
    groups, out = _groups(FINALS, names, t)  # 10 = 4 + 4, two players in no group
    assert [(g.name, g.players[0]) for g in groups] == [("Final", "P1"), ("Small final", "P5")]
    assert out == ("P9", "P10")
    groups, _ = _groups(FINALS, names[:4] * 3, tournament(tmp_path))  # a third: "Group 3"
    assert [g.name for g in groups] == ["Final", "Small final", "Group 3"]
