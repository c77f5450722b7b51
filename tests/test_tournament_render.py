"""The tournament's outputs (:mod:`tarokpgn.tournament.render`) from hand-built standings: the
terminal view (what the judge sees first), CSV, JSON, the printable HTML page, the seating
view and the tables' score sheets."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from itertools import accumulate
from pathlib import Path

import pytest

from tarokpgn.cli import _tournament_view as view
from tarokpgn.cli._style import colour_choice
from tarokpgn.tournament import render
from tarokpgn.tournament.model import (
    ISSUE_KINDS,
    DealRow,
    Group,
    Issue,
    Player,
    Seating,
    Stage,
    StageStandings,
    Standing,
    Standings,
    Table,
    TableResult,
    Tournament,
)

DOCS = Path(__file__).parent.parent / "docs" / "tournament.rst"

ANA, BOJAN, CENE, DARJA = "Ana Novak", "Bojan Kranjc", "Cene Zupan", "Darja Kos"
EVA, FILIP, GAJA, HANA = "Eva Horvat", "Filip Mlakar", "Gaja <Vidmar>", "Hana Zorko"
PLAYERS = (ANA, BOJAN, CENE, DARJA, EVA, FILIP, GAJA, HANA)


def tournament() -> Tournament:
    return Tournament(
        name="Club Cup",
        folder="cup",
        players=tuple(Player(p, "Koper" if p in (ANA, BOJAN) else "") for p in PLAYERS),
        variant="slovenian-4",
        ruleset="semedela",
        stages=(
            Stage("qualifying", "Qualifying", 2, 2, "draw"),
            Stage(
                "finals",
                "Finals",
                1,
                2,
                "groups",
                source="qualifying",
                groups=("Final", "Small final"),
            ),
        ),  # fmt: skip
        dates=("2026-05-16", "2026-05-17"),
        site="Semedela",
        seed=7,
    )


def table_1() -> TableResult:
    """Qualifying round 1 table 1: two deals, the second scored by a ruling."""
    first = {ANA: 0, BOJAN: 40, CENE: 0, DARJA: 0}
    second = {ANA: -20, BOJAN: 10, CENE: 5, DARJA: 5}
    running = {p: first[p] + second[p] for p in first}
    deals = (
        DealRow(1, ANA, "three", BOJAN, "ok", first, dict(first), written=dict(first), line=1),
        DealRow(2, BOJAN, "klop", None, "ok", second, running, note="ruling: revoke", line=30),
    )
    return TableResult("qualifying", 1, 1, "qualifying/round-1/table-1.tpgn", "slovenian-4",
                       (ANA, BOJAN, CENE, DARJA), deals, running)  # fmt: skip


MISSING = TableResult("qualifying", 2, 1, "qualifying/round-2/table-1.tpgn", "slovenian-4",
                      (ANA, EVA, GAJA, HANA), (), {}, found=False)  # fmt: skip

TIED = (("later-rounds", (20, 5)), ("best-deal", (15,)), ("fewer-negative", (0,)))
"""The tie-break values of the two players tied at 25 (the default tie-breaks)."""
BOJAN_KEYS = (("later-rounds", (40, 50)), ("best-deal", (40,)), ("fewer-negative", (0,)))

QUALIFYING = (
    Standing(1, BOJAN, 90, (50, 40), 4, "Final", tiebreaks=BOJAN_KEYS),
    Standing(2, EVA, 60, (30, 30), 4, "Final"),
    Standing(3, CENE, 25, (5, 20), 4, "Final", tied=True, tiebreaks=TIED),
    Standing(3, DARJA, 25, (5, 20), 4, "Final", tied=True, tiebreaks=TIED),
    Standing(5, FILIP, 0, (0, 0), 2, "Small final", byes=(2,)),
    Standing(6, GAJA, -10, (-10, 0), 4, "Small final"),
    Standing(7, ANA, -20, (-20, 0), 4, "Small final"),
    Standing(None, HANA, 0, (), 0, "Small final"),
)
GROUPS = (
    Group(1, "Final", (BOJAN, EVA, CENE, DARJA)),
    Group(2, "Small final", (FILIP, GAJA, ANA, HANA)),
)
ISSUES = (
    Issue("unreadable-deal", "E201 unknown card 'XX'", "qualifying/round-2/table-2.tpgn", 17,
          "qualifying", 2, 2, 3),
    Issue("ruling", "deal 2 scored by the judge's ruling: revoke", "tournament.toml", 31,
          "qualifying", 1, 1, 2, blocking=False),
    Issue("tie", "Cene Zupan and Darja Kos tied after every tie-break", stage="qualifying",
          blocking=False),
    Issue("missing-file", "no such file", "qualifying/round-2/table-1.tpgn", 0, "qualifying", 2, 1),
)  # fmt: skip
"""In file order: a blocking issue after the notes, to be listed first."""


def provisional() -> Standings:
    """Qualifying with an unreadable deal and a missing table; finals not played."""
    stages = (
        StageStandings("qualifying", "Qualifying", QUALIFYING, GROUPS, complete=False),
        StageStandings("finals", "Finals", (), (), complete=False),
    )
    return Standings(tournament(), ISSUES, (table_1(), MISSING), stages, QUALIFYING)


def final() -> Standings:
    """Everything played: finals ranked, only notes left."""
    finals = (
        Standing(1, EVA, 70, (70,), 2, "Final"),
        Standing(2, BOJAN, 10, (10,), 2, "Final"),
        Standing(3, CENE, -30, (-30,), 2, "Final"),
        Standing(4, DARJA, -50, (-50,), 2, "Final"),
    )
    stages = (
        StageStandings("qualifying", "Qualifying", QUALIFYING[:4], GROUPS[:1], complete=True),
        StageStandings("finals", "Finals", finals, (), complete=True),
    )
    return Standings(tournament(), ISSUES[1:2], (table_1(),), stages, finals)


def text(write: object, *args: object) -> str:
    out = io.StringIO()
    write(*args, out)  # type: ignore[operator]
    return out.getvalue()


# --- terminal ------------------------------------------------------------------------------------

TERMINAL = """\
Club Cup — Semedela, 2026-05-16 to 2026-05-17
slovenian-4 (semedela), 8 players

2 blocking issues:
  qualifying/round-2/table-2.tpgn:17: E201 unknown card 'XX' [unreadable-deal]
  qualifying/round-2/table-1.tpgn: no such file [missing-file]

2 notes:
  tournament.toml:31: deal 2 scored by the judge's ruling: revoke [ruling]
  qualifying: Cene Zupan and Darja Kos tied after every tie-break [tie]

PROVISIONAL standings (2 blocking issues; not complete: Qualifying, Finals)

Qualifying (not complete)
rank  player         club   R1   R2   total  deals  group
----  -------------  -----  ---  ---  -----  -----  -----------
1     Bojan Kranjc   Koper  50   40   90     4      Final
2     Eva Horvat            30   30   60     4      Final
3=    Cene Zupan            5    20   25     4      Final
3=    Darja Kos             5    20   25     4      Final
5     Filip Mlakar          0    bye  0      2      Small final
6     Gaja <Vidmar>         -10  0    -10    4      Small final
7     Ana Novak      Koper  -20  0    -20    4      Small final
      Hana Zorko                      0      0      Small final
Same totals, ordered by the tie-breaks:
  Cene Zupan 25: later-rounds 20 5, best-deal 15, fewer-negative 0
  Darja Kos 25: later-rounds 20 5, best-deal 15, fewer-negative 0
Groups formed:
  Final (table 1): Bojan Kranjc, Eva Horvat, Cene Zupan, Darja Kos
  Small final (table 2): Filip Mlakar, Gaja <Vidmar>, Ana Novak, Hana Zorko

Finals: not played yet

Final ranking (provisional)
rank  player         club   group        total
----  -------------  -----  -----------  -----
1     Bojan Kranjc   Koper  Final        90
2     Eva Horvat            Final        60
3=    Cene Zupan            Final        25
3=    Darja Kos             Final        25
5     Filip Mlakar          Small final  0
6     Gaja <Vidmar>         Small final  -10
7     Ana Novak      Koper  Small final  -20
      Hana Zorko            Small final  0
"""


def test_terminal_view_as_the_judge_reads_it() -> None:
    """Hand-written: blocking issues first (the missing file, last in file order, among
    them), then the notes, PROVISIONAL with its reasons, the rankings (a round sat out is
    ``bye``, not a 0), the tie-break values of the players with the same total, the groups
    formed."""
    assert text(view.write_terminal, provisional()) == TERMINAL


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A colour terminal 100 columns wide, whatever the tests run in."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")


class Tty(io.StringIO):
    """A terminal, for rich."""

    def isatty(self) -> bool:
        return True


def on_a_terminal(st: Standings) -> str:
    out = Tty()
    view.write_terminal(st, out)
    return out.getvalue()


@pytest.mark.usefixtures("terminal")
def test_rich_tables_right_align_numbers() -> None:
    """On a terminal: rank, rounds, total and deals right-aligned; names and groups left."""
    with colour_choice(True):
        shown = on_a_terminal(provisional())
    assert "│    1 │ Bojan Kranjc  │ Koper │  50 │  40 │    90 │     4 │ Final       │" in shown
    assert "│   3= │ Cene Zupan    │       │   5 │  20 │    25 │     4 │ Final       │" in shown
    assert "│    5 │ Filip Mlakar  │       │   0 │ bye │     0 │     2 │ Small final │" in shown
    assert "│      │ Hana Zorko    │       │     │     │     0 │     0 │ Small final │" in shown


@pytest.mark.usefixtures("terminal")
def test_no_escape_codes_with_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """--no-color and NO_COLOR: not one escape code, the tables' bold headers included;
    colour on, the headers are bold."""
    assert "\x1b[1m" in on_a_terminal(provisional())
    with colour_choice(True):
        assert "\x1b" not in on_a_terminal(provisional())
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b" not in on_a_terminal(provisional())


def test_final_standings_have_no_provisional_mark() -> None:
    shown = text(view.write_terminal, final())
    assert "PROVISIONAL" not in shown and "provisional" not in shown
    assert "blocking" not in shown
    assert shown.index("1 note:") < shown.index("Qualifying\n") < shown.index("Finals\n")
    lines = shown.splitlines()
    at = lines.index("Final ranking")
    assert [line.split()[:3] for line in lines[at + 3 :]] == [
        ["1", "Eva", "Horvat"], ["2", "Bojan", "Kranjc"], ["3", "Cene", "Zupan"],
        ["4", "Darja", "Kos"],
    ]  # fmt: skip


def test_no_club_column_without_clubs() -> None:
    t = tournament()
    bare = Tournament(t.name, t.folder, tuple(Player(p) for p in PLAYERS), t.variant,
                      t.ruleset, t.stages)  # fmt: skip
    columns, cells = render.ranking_table(QUALIFYING, bare)
    assert columns == ["rank", "player", "R1", "R2", "total", "deals", "group"]
    assert cells[7] == ["", HANA, "", "", "0", "0", "Small final"]


# --- CSV -----------------------------------------------------------------------------------------


def test_csv_one_row_per_player_per_ranking() -> None:
    rows = list(csv.DictReader(io.StringIO(text(render.write_csv, provisional()))))
    assert len(rows) == 2 * len(QUALIFYING)
    assert [r["ranking"] for r in rows] == ["qualifying"] * 8 + ["final"] * 8
    assert rows[0] == {
        "ranking": "qualifying", "rank": "1", "player": BOJAN, "club": "Koper",
        "round 1": "50", "round 2": "40", "total": "90", "deals": "4", "group": "Final",
        "tied": "", "byes": "", "later-rounds": "40 50", "best-deal": "40", "fewer-negative": "0",
    }  # fmt: skip
    assert rows[4]["round 2"] == "bye" and rows[4]["byes"] == "2"  # Filip sat round 2 out
    assert [r["tied"] for r in rows[:8]] == ["", "", "yes", "yes", "", "", "", ""]
    assert rows[7]["rank"] == "" and rows[7]["round 1"] == ""
    assert [r["player"] for r in rows[8:]] == [r.player for r in QUALIFYING]


def test_csv_round_columns_are_those_of_the_longest_stage() -> None:
    rows = list(csv.reader(io.StringIO(text(render.write_csv, final()))))
    assert rows[0][4:6] == ["round 1", "round 2"] and rows[0][6] == "total"
    finals = [r for r in rows if r[0] == "finals"]
    assert finals[0][2:7] == [EVA, "", "70", "", "70"]


# --- JSON ----------------------------------------------------------------------------------------

KEYS = {
    "": ["tournament", "provisional", "issues", "stages", "final", "tables"],
    "tournament": ["name", "dates", "site", "variant", "ruleset", "tiebreaks", "players"],
    "issues": ["kind", "blocking", "file", "line", "stage", "round", "table", "deal", "player",
               "message"],
    "stages": ["id", "name", "complete", "rows", "groups"],
    "rows": ["rank", "player", "club", "rounds", "total", "deals", "group", "tied", "byes",
             "tiebreaks"],
    "groups": ["number", "name", "players"],
    "tables": ["stage", "round", "table", "file", "found", "variant", "players", "totals",
               "written_totals", "deals"],
    "deals": ["deal", "line", "dealer", "contract", "declarer", "status", "seats", "scores",
              "running", "written", "note"],
}  # fmt: skip
"""The JSON keys, in the order written (docs/tournament.rst lists the same)."""


def test_json_keys_in_a_stable_order() -> None:
    data = json.loads(text(render.write_json, provisional()))
    assert list(data) == KEYS[""]
    assert list(data["tournament"]) == KEYS["tournament"]
    assert list(data["issues"][0]) == KEYS["issues"]
    assert list(data["stages"][0]) == KEYS["stages"]
    assert list(data["stages"][0]["rows"][0]) == KEYS["rows"]
    assert list(data["final"][0]) == KEYS["rows"]
    assert list(data["stages"][0]["groups"][0]) == KEYS["groups"]
    assert list(data["tables"][0]) == KEYS["tables"]
    assert list(data["tables"][0]["deals"][0]) == KEYS["deals"]


def test_json_content() -> None:
    data = json.loads(text(render.write_json, provisional()))
    assert data["provisional"] is True
    assert data["issues"][0] == {
        "kind": "unreadable-deal", "blocking": True, "file": "qualifying/round-2/table-2.tpgn",
        "line": 17, "stage": "qualifying", "round": 2, "table": 2, "deal": 3, "player": "",
        "message": "E201 unknown card 'XX'",
    }  # fmt: skip
    rows = data["stages"][0]["rows"]
    assert rows[2] == {"rank": 3, "player": CENE, "club": "", "rounds": [5, 20], "total": 25,
                       "deals": 4, "group": "Final", "tied": True, "byes": [],
                       "tiebreaks": {"later-rounds": [20, 5], "best-deal": 15,
                                     "fewer-negative": 0}}  # fmt: skip
    assert list(rows[2]["tiebreaks"]) == ["later-rounds", "best-deal", "fewer-negative"]
    assert rows[4]["rounds"] == [0, 0] and rows[4]["byes"] == [2]
    assert rows[7]["rank"] is None
    assert data["stages"][1] == {"id": "finals", "name": "Finals", "complete": False,
                                 "rows": [], "groups": []}  # fmt: skip
    first, second = data["tables"][0]["deals"]
    assert list(second["scores"]) == [ANA, BOJAN, CENE, DARJA]  # seat order
    assert second["running"] == {ANA: -20, BOJAN: 50, CENE: 5, DARJA: 5}
    assert first["written"] == first["scores"] and second["written"] is None
    assert second["declarer"] is None and second["note"] == "ruling: revoke"
    assert data["tables"][1]["found"] is False and data["tables"][1]["deals"] == []
    assert json.loads(text(render.write_json, final()))["provisional"] is False


def test_json_keys_are_documented() -> None:
    """docs/tournament.rst names every key, each group under its heading (``tables[].deals[]``)."""
    docs = DOCS.read_text(encoding="utf-8")
    for where, keys in KEYS.items():
        for key in keys:
            assert re.search(rf"``{re.escape(key)}``", docs), (where, key)


def test_issue_kinds_are_documented() -> None:
    """docs/tournament.rst's table of issue kinds has a row for every kind."""
    docs = DOCS.read_text(encoding="utf-8")
    for kind in ISSUE_KINDS:
        assert re.search(rf"^``{re.escape(kind)}`` +\S", docs, re.M), kind


# --- HTML ----------------------------------------------------------------------------------------


class Tags(HTMLParser):
    """Checks that every element opened is closed in order (void elements aside)."""

    VOID = {"meta", "br", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.seen: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack.pop() == tag


def well_formed(page: str) -> list[str]:
    parser = Tags()
    parser.feed(page)
    parser.close()
    assert parser.stack == []
    return parser.seen


def test_html_page_is_printable_and_self_contained() -> None:
    page = render.standings_html(provisional())
    seen = well_formed(page)
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "script" not in seen and "link" not in seen and "img" not in seen
    assert "http://" not in page and "https://" not in page
    assert "Gaja &lt;Vidmar&gt;" in page and GAJA not in page
    blocking = page.index("Blocking issues (2)")
    assert blocking < page.index("Notes (2)") < page.index("PROVISIONAL")
    assert page.index("PROVISIONAL") < page.index("<h2>Qualifying (not complete)</h2>")
    assert page.index("Final ranking (provisional)") < page.index('<section class="page">')
    assert page.count('<section class="page">') == 2  # a score sheet per table, on its page
    assert '<td class="n">3=</td>' in page
    assert 'class=""' not in page and "<h2>Notes (2)</h2>" in page
    assert "Final (table 1): Bojan Kranjc, Eva Horvat, Cene Zupan, Darja Kos" in page


def test_html_of_final_standings() -> None:
    page = render.standings_html(final())
    well_formed(page)
    assert "PROVISIONAL" not in page and "Blocking" not in page
    assert "<h2>Final ranking</h2>" in page


# --- seating -------------------------------------------------------------------------------------


def test_seating_view() -> None:
    """Tables in seat order (a table of three padded), byes, the repeat count of each round."""
    t = tournament()
    seating = Seating(
        seed=7,
        tables=(
            Table("qualifying", 1, 1, (ANA, BOJAN, CENE, DARJA), "slovenian-4"),
            Table("qualifying", 1, 2, (EVA, FILIP, GAJA), "slovenian-3"),
            Table("qualifying", 2, 1, (ANA, EVA, GAJA, HANA), "slovenian-4"),
        ),
        byes={("qualifying", 1): (HANA,)},
        repeats={("qualifying", 1): 0, ("qualifying", 2): 2},
    )
    assert (
        text(view.write_seating, seating, t)
        == """\
Qualifying, round 1 (seed 7): 0 repeated table-mates
table  variant      N           E             S              W
-----  -----------  ----------  ------------  -------------  ---------
1      slovenian-4  Ana Novak   Bojan Kranjc  Cene Zupan     Darja Kos
2      slovenian-3  Eva Horvat  Filip Mlakar  Gaja <Vidmar>
Bye: Hana Zorko

Qualifying, round 2 (seed 7): 2 repeated table-mates
table  variant      N          E           S              W
-----  -----------  ---------  ----------  -------------  ----------
1      slovenian-4  Ana Novak  Eva Horvat  Gaja <Vidmar>  Hana Zorko

"""
    )


# --- score sheets --------------------------------------------------------------------------------


def test_sheet_csv_running_totals() -> None:
    rows = list(csv.reader(io.StringIO(text(render.write_sheet_csv, table_1(), tournament()))))
    assert rows[0] == [
        "Deal",
        "Dealer",
        "Contract",
        "Declarer",
        ANA,
        f"{ANA} total",
        BOJAN,
        f"{BOJAN} total",
        CENE,
        f"{CENE} total",
        DARJA,
        f"{DARJA} total",
        "Note",
    ]
    assert rows[1] == ["1", ANA, "three", BOJAN, "0", "0", "40", "40", "0", "0", "0", "0", ""]
    assert rows[2] == ["2", BOJAN, "klop", "", "-20", "-20", "10", "50", "5", "5", "5", "5",
                       "ruling: revoke"]  # fmt: skip
    for column in (4, 6, 8, 10):  # each running total is the sum of the scores so far
        scores = [int(r[column]) for r in rows[1:]]
        assert [int(r[column + 1]) for r in rows[1:]] == list(accumulate(scores))
    assert render.sheet_name(table_1()) == "qualifying-r1-t1"


TYPO = "Bojan Krajnc"
SEATED = (CENE, BOJAN, EVA, FILIP)


def table_with_problems() -> TableResult:
    """Qualifying round 2 table 2: deal 2 names E ``Bojan Krajnc`` (his score counts for
    nobody); deal 3 fails verification (its written Result counts); deal 4 cannot be read."""
    first = {CENE: 10, BOJAN: -10, EVA: 0, FILIP: 0}
    second = {CENE: 0, TYPO: 30, EVA: -30, FILIP: 0}
    third = {CENE: -5, BOJAN: 5, EVA: 0, FILIP: 0}
    fails = "fails verification (follow-suit): its written Result counts"
    deals = (
        DealRow(1, CENE, "three", CENE, "ok", first, {}, first, line=1, seats=SEATED),
        DealRow(2, TYPO, "two", TYPO, "ok", second, {}, second, line=12,
                seats=(CENE, TYPO, EVA, FILIP)),
        DealRow(3, EVA, "one", BOJAN, "illegal", third, {}, third, fails, line=24, seats=SEATED),
        DealRow(4, FILIP, None, None, "unreadable", {}, {}, note="E104 'ZZ9' is not a card",
                line=40),
    )  # fmt: skip
    return TableResult("qualifying", 2, 2, "qualifying/round-2/table-2.tpgn", "slovenian-4",
                       SEATED, deals, {})  # fmt: skip


def test_sheet_columns_follow_the_seats() -> None:
    """Hand-worked: a name misspelt in one deal keeps that deal's score in the seat's column
    (its running total goes on) and the note says what the deal wrote; a failing deal says
    what counts; an unreadable deal keeps its row, located, with nothing counted."""
    sheet = text(render.write_sheet_csv, table_with_problems(), tournament())
    assert list(csv.reader(io.StringIO(sheet))) == [
        ["Deal", "Dealer", "Contract", "Declarer", CENE, f"{CENE} total", BOJAN,
         f"{BOJAN} total", EVA, f"{EVA} total", FILIP, f"{FILIP} total", "Note"],
        ["1", CENE, "three", CENE, "10", "10", "-10", "-10", "0", "0", "0", "0", ""],
        ["2", TYPO, "two", TYPO, "0", "10", "30", "20", "-30", "-30", "0", "0",
         "E written 'Bojan Krajnc', not a registered player: counted for nobody"],
        ["3", EVA, "one", BOJAN, "-5", "5", "5", "25", "0", "-30", "0", "0",
         "fails verification (follow-suit): its written Result counts"],
        ["4", FILIP, "", "", "", "", "", "", "", "", "", "",
         "unreadable: not counted (qualifying/round-2/table-2.tpgn:40); E104 'ZZ9' is not a card"],
    ]  # fmt: skip
    page = render.sheets_html([table_with_problems()], tournament())
    assert "Totals: Cene Zupan 5, Bojan Kranjc 25, Eva Horvat -30, Filip Mlakar 0" in page
    assert "E written &#x27;Bojan Krajnc&#x27;, not a registered player" in page
    deals = render.table_data(table_with_problems())["deals"]
    assert deals[1]["seats"] == list(deals[1]["scores"]) == [CENE, TYPO, EVA, FILIP]
    assert (deals[3]["status"], deals[3]["seats"], deals[3]["scores"]) == ("unreadable", [], {})


def test_blank_sheet_for_a_table_not_played() -> None:
    """The form to fill in: the stage's number of deals, numbered, the rest empty."""
    rows = list(csv.reader(io.StringIO(text(render.write_sheet_csv, MISSING, tournament()))))
    assert rows[0][4:6] == [ANA, f"{ANA} total"] and len(rows[0]) == 13
    assert rows[1:] == [["1"] + [""] * 12, ["2"] + [""] * 12]


def test_sheets_html_one_page_per_table() -> None:
    page = render.sheets_html([table_1(), MISSING], tournament())
    seen = well_formed(page)
    assert seen.count("section") == 2 and page.count('<section class="page">') == 1
    assert "Club Cup: Qualifying, round 1, table 1" in page
    assert "N Ana Novak, E Bojan Kranjc, S Cene Zupan, W Darja Kos" in page
    assert "Totals: Ana Novak -20, Bojan Kranjc 50, Cene Zupan 5, Darja Kos 5" in page
    assert "(not found)" in page and page.count("<tr>") == 2 * (
        2 + 2
    )  # two header rows, two deal rows


def test_rank_text() -> None:
    assert render.rank_text(Standing(3, ANA, 0, (), 0, tied=True)) == "3="
    assert render.rank_text(Standing(3, ANA, 0, (), 0)) == "3"
    assert render.rank_text(Standing(None, ANA, 0, (), 0)) == ""
