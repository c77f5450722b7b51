"""``tarokpgn tournament`` (draw, standings, sheets) on the example tournament
(examples/tournament/) and on copies of it broken on purpose: exit statuses, what the judge
sees first, the outputs written, and a located one-line error for every bad input."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tarokpgn import iter_file
from tarokpgn.cli import main
from tarokpgn.model import Record, parse_scores

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "tournament"
QUALIFYING = sorted((EXAMPLE / "qualifying").glob("round-*/table-*.tpgn"))
FINALS = sorted((EXAMPLE / "finals").glob("round-*/table-*.tpgn"))


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """A copy of the example tournament, to change."""
    return Path(shutil.copytree(EXAMPLE, tmp_path / "cup"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["tournament", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def records(path: Path) -> list[Record]:
    found = [r for r in iter_file(str(path)) if isinstance(r, Record)]
    assert found, path
    return found


def player_sums(files: list[Path]) -> Counter[str]:
    """Each player's sum of the written ``Result`` over ``files``: the standings' totals worked
    out without them (every deal of the example verifies, so written = computed)."""
    sums: Counter[str] = Counter()
    for path in files:
        for record in records(path):
            for seat, score in parse_scores(record.get("Result") or "").items():
                sums[record.get(seat) or seat] += score
    return sums


def adjustments() -> Counter[str]:
    """The points the example's [[ruling]] entries add to players in the qualifying stage."""
    data = tomllib.loads((EXAMPLE / "tournament.toml").read_text(encoding="utf-8"))
    points: Counter[str] = Counter()
    for ruling in data.get("ruling", []):
        if "player" in ruling and ruling.get("stage") == "qualifying":
            points[ruling["player"]] += ruling["points"]
    return points


# --- standings -----------------------------------------------------------------------------------


def test_final_standings_of_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", EXAMPLE)
    assert (code, err) == (0, "")
    assert "PROVISIONAL" not in out and "blocking" not in out
    assert out.index("\nQualifying\n") < out.index("Groups formed:") < out.index("Final ranking")


def test_totals_are_the_sums_of_the_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """Every qualifying total = the player's written scores + the ruling's points; every
    finals total = his scores in the finals alone (SL-14.4); the groups are the qualifying
    ranking in fours (SL-14.3) and the final ranking lists the final's players first."""
    code, out, _ = run(capsys, "standings", EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0 and data["provisional"] is False
    qualifying, finals = data["stages"]
    expected = player_sums(QUALIFYING)
    expected.update(adjustments())  # adds (Counter's + would drop totals <= 0)
    assert {r["player"]: r["total"] for r in qualifying["rows"]} == dict(expected)
    in_finals = player_sums(FINALS)
    assert {r["player"]: r["total"] for r in finals["rows"]} == dict(in_finals)
    ranked = [r["player"] for r in qualifying["rows"]]
    totals = [r["total"] for r in qualifying["rows"]]
    assert totals == sorted(totals, reverse=True)
    assert [g["players"] for g in qualifying["groups"]] == [ranked[:4], ranked[4:]]
    final = [r["player"] for r in data["final"]]
    assert set(final[:4]) == set(ranked[:4]) and set(final[4:]) == set(ranked[4:])
    for group in (final[:4], final[4:]):
        scores = [in_finals[p] for p in group]
        assert scores == sorted(scores, reverse=True)
    assert len(data["tables"]) == len(QUALIFYING) + len(FINALS)


def test_qualifying_only_is_provisional(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(cup / "finals")
    code, out, _ = run(capsys, "standings", cup)
    assert code == 1
    assert "PROVISIONAL" in out
    assert out.index("PROVISIONAL") < out.index("\nQualifying\n")
    assert "Groups formed:" in out and "Final (table 1):" in out


def test_an_unreadable_deal_costs_that_deal_only(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card no pack has in deal 2 of one file: the issue at its line, first; every other
    table (and the rest of that file) still counts, the standings provisional."""
    path = cup / "qualifying" / "round-1" / "table-1.tpgn"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    second = [n for n, line in enumerate(lines) if line.startswith("[Deal ")][1]
    hand = next(n for n in range(second, len(lines)) if lines[n].startswith("hand N "))
    lines[hand] = lines[hand].replace("hand N ", "hand N ZZ9 ", 1)
    path.write_text("".join(lines), encoding="utf-8")
    code, out, _ = run(capsys, "standings", cup, "--json", "-")
    data = json.loads(out)
    assert code == 1 and data["provisional"] is True
    unreadable = [i for i in data["issues"] if i["kind"] == "unreadable-deal"]
    assert len(unreadable) == 1 and unreadable[0]["blocking"]
    assert unreadable[0]["file"].endswith("qualifying/round-1/table-1.tpgn")
    assert second < unreadable[0]["line"] <= hand + 1
    table = next(t for t in data["tables"] if t["file"].endswith("round-1/table-1.tpgn"))
    assert [(d["deal"], d["status"]) for d in table["deals"]] == [
        (1, "ok"), (2, "unreadable"), (3, "ok"), (4, "ok")
    ]  # fmt: skip
    assert table["deals"][1]["scores"] == {} and table["deals"][1]["line"] == unreadable[0]["line"]
    assert data["final"] and len(data["stages"][0]["rows"]) == 8
    assert run(capsys, "sheets", cup)[0] == 0
    sheet = (cup / "sheets" / "qualifying-r1-t1.csv").read_text("utf-8").splitlines()
    rows = list(csv.reader(sheet))
    where = f"qualifying/round-1/table-1.tpgn:{unreadable[0]['line']}"
    assert rows[2][:4] == ["2", "", "", ""] and rows[2][4:12] == [""] * 8
    assert rows[2][12] == f"unreadable: not counted ({where}); {unreadable[0]['message']}"


def test_a_name_typo_is_located_with_a_suggestion(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = cup / "qualifying" / "round-2" / "table-2.tpgn"
    text = path.read_text(encoding="utf-8")
    name = re.search(r'^\[N "(.+)"\]$', text, re.M)
    assert name is not None
    typo = name[1][:-1] + "x"
    path.write_text(text.replace(f'[N "{name[1]}"]', f'[N "{typo}"]', 1), encoding="utf-8")
    line = text[: text.index(f'[N "{name[1]}"]')].count("\n") + 1
    code, out, _ = run(capsys, "standings", cup)
    assert code == 1
    shown = [s for s in out.splitlines() if "[unknown-player]" in s]
    assert shown and shown[0].lstrip().startswith(f"{path.relative_to(cup)}:{line}:")
    assert typo in shown[0] and name[1] in shown[0]  # did you mean …
    assert out.index("[unknown-player]") < out.index("\nQualifying\n")
    assert "Final ranking" in out
    assert run(capsys, "sheets", cup)[0] == 0  # the seat's column keeps the player seated
    rows = list(
        csv.reader((cup / "sheets" / "qualifying-r2-t2.csv").read_text("utf-8").splitlines())
    )
    assert rows[0][4] == name[1] and all(row[4] for row in rows[1:])
    assert rows[1][12] == f"N written {typo!r}, not a registered player: counted for nobody"
    assert [row[12] for row in rows[2:]] == ["", "", ""]


def test_a_malformed_toml_is_one_located_line(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toml = cup / "tournament.toml"
    lines = toml.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith("variant"))
    lines[at] = 'variant = "slovenian-44"\n'
    toml.write_text("".join(lines), encoding="utf-8")
    for action in ("standings", "sheets", "draw"):
        code, out, err = run(capsys, action, cup)
        assert (code, out) == (2, "")
        assert err.startswith(f"tarokpgn tournament {action}: {toml}:{at + 1}: ")
        assert err.count("\n") == 1 and "Traceback" not in err


def test_a_toml_syntax_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "tournament.toml"
    toml.write_text('name = "Cup"\nvariant = "slovenian-4\n', encoding="utf-8")
    code, out, err = run(capsys, "standings", tmp_path)
    assert (code, out) == (2, "")
    assert err.startswith(f"tarokpgn tournament standings: {toml}:2: ")


def test_no_such_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", tmp_path / "nowhere")
    assert (code, out) == (2, "") and err.startswith("tarokpgn tournament standings: ")
    assert err.count("\n") == 1


# --- outputs -------------------------------------------------------------------------------------


def test_outputs_to_files(cup: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_csv, out_json, out_html = tmp_path / "s.csv", tmp_path / "s.json", tmp_path / "s.html"
    code, out, err = run(
        capsys, "standings", cup, "--csv", out_csv, "--json", out_json, "--html", out_html
    )
    assert (code, err) == (0, "")
    assert "Final ranking" in out  # no output on stdout: the terminal view is printed too
    rows = list(csv.DictReader(out_csv.read_text(encoding="utf-8").splitlines()))
    assert Counter(r["ranking"] for r in rows) == {"qualifying": 8, "finals": 8, "final": 8}
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert list(data) == ["tournament", "provisional", "issues", "stages", "final", "tables"]
    page = out_html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert page.count('<section class="page">') == len(QUALIFYING) + len(FINALS)


def test_json_on_stdout_issues_on_stderr(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(cup / "finals")
    code, out, err = run(capsys, "standings", cup, "--json")
    assert code == 1
    assert json.loads(out)["provisional"] is True
    assert "PROVISIONAL" in err and "Final ranking" not in err


def test_csv_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", EXAMPLE, "--csv")
    assert code == 0
    assert err.startswith("1 note:\n") and "[ruling]" in err  # the judge still sees it
    assert out.startswith(
        "ranking,rank,player,club,round 1,round 2,total,deals,group,tied,byes,later-rounds,"
        "best-deal,fewer-negative\n"
    )


def test_an_output_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / "dir" / "s.html"
    code, _, err = run(capsys, "standings", EXAMPLE, "--html", target)
    assert code == 2
    assert err == (
        f"tarokpgn tournament standings: cannot write {target}: No such file or directory\n"
    )


# --- draw ----------------------------------------------------------------------------------------


def test_draw_is_reproducible(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The example's seating.toml is the draw with the toml's seed: drawing again keeps it
    byte for byte; another seed is refused unless --force."""
    seating = cup / "seating.toml"
    before = seating.read_bytes()
    code, out, err = run(capsys, "draw", cup / "tournament.toml")
    assert (code, err) == (0, "") and seating.read_bytes() == before
    assert "repeated table-mates" in out and out.endswith(f"seating written to {seating}\n")
    code, out, err = run(capsys, "draw", cup, "--seed", "5")
    assert (code, out) == (2, "") and seating.read_bytes() == before
    assert err == (
        f"tarokpgn tournament draw: {seating} exists with another seating; --force replaces it\n"
    )
    assert run(capsys, "draw", cup, "--seed", "5", "--force")[0] == 0
    assert seating.read_bytes() != before
    code, out, _ = run(capsys, "draw", cup, "--seed", "5", "-o", "-")
    assert code == 0 and out.encode() == seating.read_bytes()


def test_draw_refuses_a_seating_it_cannot_read(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A malformed seating.toml is said to be unreadable, with the located reason, not "another
    seating"; --force replaces it."""
    seating = cup / "seating.toml"
    seating.write_text("seed = 2026\n[[table]\n", encoding="utf-8")
    code, out, err = run(capsys, "draw", cup)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err == (
        f"tarokpgn tournament draw: {seating} exists but cannot be read as a seating: "
        f"{seating}:2: not valid TOML: Expected ']]' at the end of an array declaration "
        "(column 8); --force replaces it\n"
    )
    assert run(capsys, "draw", cup, "--force")[0] == 0
    assert run(capsys, "draw", cup)[0] == 0  # the draw again: the same seating, kept


def test_draw_needs_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "tournament.toml"
    names = ", ".join(f'"Player {n}"' for n in range(1, 9))
    toml.write_text(f'name = "Cup"\nvariant = "slovenian-4"\nplayers = [{names}]\n', "utf-8")
    code, out, err = run(capsys, "draw", toml)
    assert (code, out) == (2, "") and err.startswith("tarokpgn tournament draw: no --seed")
    code, out, _ = run(capsys, "draw", toml, "--seed", "3")
    assert code == 0 and (tmp_path / "seating.toml").exists()
    assert out.count("table  variant") == 2  # two qualifying rounds (SL-14.2)


# --- sheets --------------------------------------------------------------------------------------


def test_sheets(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sheets", cup)
    assert (code, err) == (0, "")
    folder = cup / "sheets"
    names = sorted(p.name for p in folder.iterdir())
    tables = len(QUALIFYING) + len(FINALS)
    assert len(names) == 2 * tables and "qualifying-r1-t1.csv" in names
    assert out == f"{tables} score sheets written to {folder} (CSV and HTML)\n"
    rows = list(csv.reader((folder / "qualifying-r1-t1.csv").read_text("utf-8").splitlines()))
    names_in_file = [records(QUALIFYING[0])[0].get(s) for s in "NESW"]
    assert rows[0][4::2][:4] == names_in_file
    sums = player_sums([QUALIFYING[0]])
    assert [int(v) for v in rows[-1][5:13:2]] == [sums[p] for p in names_in_file]


def test_sheets_elsewhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "sheets", EXAMPLE, "-o", tmp_path / "out")
    assert code == 0 and len(list((tmp_path / "out").glob("*.html"))) == 6
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "sheets", EXAMPLE, "-o", blocker)
    assert (code, out) == (2, "")
    assert err.startswith(f"tarokpgn tournament sheets: cannot write {blocker}")


# --- as a user runs it ---------------------------------------------------------------------------


def test_a_real_process(cup: Path) -> None:
    """``python -m tarokpgn``: the exit status and the view, the issues first."""
    shutil.rmtree(cup / "finals")
    done = subprocess.run(
        [sys.executable, "-m", "tarokpgn", "tournament", "standings", str(cup)],
        capture_output=True, text=True, check=False, env={"PATH": "", "NO_COLOR": "1"},
    )  # fmt: skip
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.startswith("Tarok Semedela Open 2026 — Semedela, 2026-05-16 to 2026-05-17\n")
    assert done.stdout.index("PROVISIONAL") < done.stdout.index("\nQualifying\n")


def test_blank_sheets_for_the_finals(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before the finals: their forms, the final's players in ranking order, deals to fill."""
    shutil.rmtree(cup / "finals")
    ranking = json.loads(run(capsys, "standings", cup, "--json")[1])["stages"][0]["rows"]
    assert run(capsys, "sheets", cup)[0] == 0
    rows = list(csv.reader((cup / "sheets" / "finals-r1-t1.csv").read_text("utf-8").splitlines()))
    assert rows[0][4:12:2] == [r["player"] for r in ranking[:4]]
    assert rows[1:] == [[str(n)] + [""] * 12 for n in range(1, 5)]  # the plan's 4 deals
