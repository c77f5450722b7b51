"""The terminal diagram of a deal (tarokpgn.show.terminal): every example deal rendered to a
100-column console and read back as a person reads it, without colour: the cards of each seat,
who played what in each trick, the leader and the winner, the findings on their trick and the
score, checked against the record and the verifier's verdict. Then ``tarokpgn show`` in a real
pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from tarokpgn import iter_file, verify
from tarokpgn.cards import DECKS
from tarokpgn.model import Hand, Record, Trick, format_scores
from tarokpgn.show.terminal import render_terminal
from tarokpgn.variants import variant_spec
from tarokpgn.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.tpgn"))
DEALS = [(path, i) for path in EXAMPLES for i, _ in enumerate(iter_file(str(path)))]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _deal(path: Path, index: int) -> Record:
    record = list(iter_file(str(path)))[index]
    assert isinstance(record, Record), record
    return record


def _render(record: Record, verdict: Verdict) -> str:
    console = Console(record=True, width=100, file=io.StringIO())
    render_terminal(record, verdict, console)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def _section(text: str, title: str, is_row: Callable[[str], bool]) -> list[str]:
    """The lines under the heading ``title`` (its table's header, rule and rows) up to the
    first that is no row."""
    lines = [line.rstrip() for line in text.splitlines()]
    start = lines.index(title) + 1
    out = lines[start : start + 2] if title in ("Hands", "Tricks") else []
    for line in lines[start + len(out) :]:
        if not line or not is_row(line):
            break
        out.append(line)
    return out


def _finding_row(line: str) -> bool:
    return line.startswith(("trick ", "deal ", " "))


def _tokens(cell: str, deck: str) -> list[str]:
    return [w for w in cell.split() if w in DECKS[deck] or w == "?"]


def _hands_shown(text: str, record: Record) -> dict[str, Counter[str]]:
    """Seat → the cards the hands table shows it (a row is its first line, which starts with
    the seat label, and the indented lines after it)."""
    deck = variant_spec(record.variant).deck
    rows = _section(text, "Hands", lambda line: line[0] == " " or line.split()[0] in record.seats)
    rows = rows[2:]  # header and rule
    shown: dict[str, Counter[str]] = {}
    seat = None
    for line in rows:
        first = line.split(maxsplit=1)[0]
        if not line.startswith(" ") and first in record.seats:
            seat = first
            shown[seat] = Counter()
        assert seat is not None, line
        shown[seat].update(_tokens(line, deck))  # seat labels and names are no cards
    return shown


def _heading_at(header: str, heading: str) -> int:
    """Where the column ``heading`` (a seat label, or words) starts in the header line."""
    found = re.search(rf"(?<!\S){re.escape(heading)}(?!\S)", header)
    assert found, (heading, header)
    return found.start()


def _trick_table(text: str, record: Record) -> list[dict[str, str]]:
    """Each row of the tricks table as column heading → cell text, cut at the headings."""
    lines = _section(text, "Tricks", lambda line: line[:3].strip().isdigit() or line[0] == " ")
    header = lines[0]
    names = ["#", "Lead", *record.seats, "Won by"] + (["Findings"] if "Findings" in header else [])
    starts = [_heading_at(header, n) if n != "#" else 0 for n in names]
    rows = []
    for line in lines[2:]:
        if line[: starts[1]].strip():  # a trick's first line (a Findings cell may wrap)
            bounds = zip(starts, [*starts[1:], len(line)], strict=True)
            rows.append({n: line[a:b].strip() for n, (a, b) in zip(names, bounds, strict=True)})
        elif "Findings" in names:
            rows[-1]["Findings"] += " " + line[starts[-1] :].strip()
    return rows


@pytest.mark.parametrize(("path", "index"), DEALS, ids=[f"{p.stem}-{i + 1}" for p, i in DEALS])
def test_every_example_deal(path: Path, index: int) -> None:
    record = _deal(path, index)
    verdict = verify(record)
    text = _render(record, verdict)
    assert "\x1b" not in text
    assert text.splitlines()[0].endswith(verdict.status.value.upper())
    _check_hands(text, record)
    _check_tricks(text, record, verdict)
    if verdict.scores is not None:
        assert re.search(rf"^computed +{re.escape(format_scores(verdict.scores))}$", text, re.M)


def _check_hands(text: str, record: Record) -> None:
    hands = {h.seat: Counter(h.cards) for h in record.of_type(Hand)}
    if not hands:
        assert "No hands recorded." in text
        return
    shown = _hands_shown(text, record)
    assert list(shown) == list(record.seats)
    for seat in record.seats:
        assert shown[seat] == hands.get(seat, Counter()), seat


def _check_tricks(text: str, record: Record, verdict: Verdict) -> None:
    tricks = list(record.of_type(Trick))
    if not tricks:
        assert "No tricks recorded." in text
        return
    rows = _trick_table(text, record)
    assert [int(r["#"]) for r in rows] == [t.number for t in tricks]
    seats = record.seats
    for i, (trick, row) in enumerate(zip(tricks, rows, strict=True)):
        assert row["Lead"] == trick.leader
        first = seats.index(trick.leader)
        winner = verdict.trick_winners[i] if i < len(verdict.trick_winners) else "?"
        assert row["Won by"] == winner
        for k, card in enumerate(trick.cards):
            seat = seats[(first + k) % len(seats)]
            cell = row[seat]
            lead = ">" if seat == trick.leader else ""
            won = "*" if seat == winner else ""
            assert cell == f"{lead}{card}{won}", (trick.number, seat)


def test_findings_stand_on_their_trick() -> None:
    record = _deal(ROOT / "tests/golden/czech/bad-must-beat.tpgn", 0)
    verdict = verify(record)
    text = _render(record, verdict)
    assert text.splitlines()[0].endswith("ILLEGAL")
    rows = {int(r["#"]): r["Findings"] for r in _trick_table(text, record)}
    assert rows[1] == "must-beat S"
    assert rows[2] == "wrong-leader S"
    assert all(not notes for n, notes in rows.items() if n > 2)
    messages = {p.trick: p.message for p in verdict.problems}
    findings = "\n".join(_section(text, "Findings", _finding_row))
    assert re.search(r"^trick 1 +must-beat: ", findings, re.M)
    assert " ".join(messages[1].split()[:4]) in " ".join(findings.split())


def test_renons_judgement_on_the_claimed_trick() -> None:
    record = _deal(ROOT / "examples/renons.tpgn", 0)
    text = _render(record, verify(record))
    rows = {int(r["#"]): r["Findings"] for r in _trick_table(text, record)}
    assert rows[7] == "follow-suit W; renons S→W: proven"
    assert [n for n, notes in rows.items() if notes] == [7]
    findings = " ".join(" ".join(_section(text, "Findings", _finding_row)).split())
    assert "trick 7 renons S W 7 revoke: proven [SL-9.2]" in findings
    assert "W pays" in findings


def test_partial_record_shows_what_it_has() -> None:
    record = _deal(ROOT / "examples/partial.tpgn", 0)
    text = _render(record, verify(record))
    shown = _hands_shown(text, record)
    assert shown["W"]["?"] == 8
    assert not shown["E"] and not shown["S"]
    assert re.search(r"^E +no hand", text, re.M)
    assert re.search(r"^E +Bojan$", text, re.M)  # in the Players table
    assert "Exchange: W (Darja) takes H2 C7 SN, lays away D4 C8 H2" in text
    assert "Contract: three, declarer W (Darja), partner N (Ana)" in text


@pytest.mark.parametrize("name", ["[/bold]x", "[red]Cene[/red] [blink]x"])
def test_a_name_with_brackets_is_printed_as_written(name: str) -> None:
    """Player names are text, never rich markup: ``[/bold]`` used to crash the tricks table."""
    record = _deal(ROOT / "examples/partial.tpgn", 0)
    record = Record(tuple((k, name if k == "S" else v) for k, v in record.tags), record.items)
    text = _render(record, verify(record))
    assert re.search(rf"^S +{re.escape(name)}( |$)", text, re.M)


def test_before_play_lines() -> None:
    record = _deal(ROOT / "examples/slovenian-4.tpgn", 1)
    text = _render(record, verify(record))
    for line in (
        "Talon: CK T4 HN DJ D4 H3",
        "Auction: N three, E pass, S pass, W pass",
        "Call: N (Ana) calls HK",
        "Exchange: N (Ana) takes CK T4 HN, lays away D2 S8 C7",
        "Announce: N (Ana) announces trula",
        "Kontra: E (Bojan) level 1 on game",
        "Contract: three, declarer N (Ana), partner S (Cene)",
    ):
        assert line in text.splitlines()
    assert re.search(r"^total for N\+S +\+102$", text, re.M)


def _run_in_pty(argv: list[str], env: dict[str, str]) -> str:
    """Run ``argv`` with a pseudo-terminal as its standard output; everything it printed."""
    main, child = pty.openpty()
    proc = subprocess.Popen(argv, stdout=child, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    os.close(child)
    chunks = []
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError("tarokpgn show wrote nothing for 60 s")
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    out = b"".join(chunks).decode().replace("\r\n", "\n")
    assert proc.wait(timeout=60) == 0, out
    return out


def test_show_command_on_a_terminal() -> None:
    env = {**os.environ, "COLUMNS": "100", "LINES": "50", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    argv = [sys.executable, "-m", "tarokpgn", "show", "examples/slovenian-4.tpgn", "--deal", "1"]
    out = _run_in_pty(argv, env)
    assert ANSI.search(out), "a terminal gets colour"
    text = ANSI.sub("", out)
    record = _deal(ROOT / "examples/slovenian-4.tpgn", 0)
    assert text.splitlines()[0].startswith("Club evening · Koper · 2026.11.20 · deal 1")
    _check_hands(text, record)
    _check_tricks(text, record, verify(record))
    assert _colours(out)
    plain = _run_in_pty(argv, {**env, "NO_COLOR": "1"})
    assert not _colours(plain), "NO_COLOR: bold at most, no colour"
    assert ANSI.sub("", plain) == text


def _colours(out: str) -> set[int]:
    """The colour codes among the SGR escape sequences of ``out`` (foreground, background)."""
    codes = {int(c) for seq in re.findall(r"\x1b\[([0-9;]*)m", out) for c in seq.split(";") if c}
    return {c for c in codes if 30 <= c <= 49 or 90 <= c <= 107}


def test_match_chooses_the_deals_and_a_missing_file_is_said_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--match`` without ``--deal`` draws that match's deals only (it used to draw every deal);
    a file that cannot be opened is reported once."""
    from tarokpgn.cli import main

    assert main(["show", str(ROOT / "examples/slovenian-4.tpgn"), "--match", "nosuch"]) == 1
    assert capsys.readouterr().err == "tarokpgn show: no deal of match nosuch in the file\n"
    assert main(["show", "nosuch.tpgn"]) == 1
    assert capsys.readouterr().err.count("nosuch.tpgn") == 1


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path) -> None:
    """``tarokpgn show FILE | head -1`` exits 0 with nothing on stderr, as every command does
    (rich's console exited with status 1 on the broken pipe)."""
    many = tmp_path / "many.tpgn"
    many.write_text("\n".join([(ROOT / "examples/slovenian-4.tpgn").read_text()] * 30))
    argv = [sys.executable, "-m", "tarokpgn", "show", str(many)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"Club evening")
    proc.stdout.close()  # more than a pipe's buffer is still to come
    assert proc.wait(timeout=120) == 0
    with proc.stderr:
        assert proc.stderr.read() == b""


LONG_NAMES = {
    "N": "Maximilian Oberhuber",
    "E": "Konstantina Petrović",
    "S": "Bartholomäus Schmidt",
    "W": "Jacqueline Dubrovnik",
}


def _long_names(tmp_path: Path) -> Path:
    """Deal 1 of slovenian-4.tpgn with 20-character player names, written to a file."""
    from tarokpgn.notation.writer import write_record

    record = _deal(ROOT / "examples/slovenian-4.tpgn", 0)
    record = Record(tuple((k, LONG_NAMES.get(k, v)) for k, v in record.tags), record.items)
    path = tmp_path / "long-names.tpgn"
    path.write_text(write_record(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("example", ["french-5", "long-names"])
def test_readable_at_80_columns(tmp_path: Path, example: str) -> None:
    """At 80 columns every name is whole (the tables named each seat's player in its column
    and cut them: ``E Joueur…``), every card of each hand is there, and no line is longer."""
    assert all(len(name) == 20 for name in LONG_NAMES.values())
    path = ROOT / "examples/french-5.tpgn" if example == "french-5" else _long_names(tmp_path)
    record = _deal(path, 0)
    env = {**os.environ, "COLUMNS": "80", "LINES": "50", "TERM": "xterm-256color"}
    out = ANSI.sub("", _run_in_pty([sys.executable, "-m", "tarokpgn", "show", str(path)], env))
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "…" not in out
    for seat in record.seats:
        assert re.search(rf"^{seat} +{re.escape(record.player(seat))}( |$)", out, re.M), seat
    _check_hands(out, record)
    _check_tricks(out, record, verify(record))


def test_card_points_say_what_they_are() -> None:
    """Ottocento: the card points won (49 and 44, the deal's 93) are not the breakdown's "card
    points" line (38), which leaves the last trick's 6 to a line of its own; the view says so
    (it printed "card points NS 49, EW 44" with nothing to reconcile them)."""
    record = _deal(ROOT / "examples/ottocento.tpgn", 0)
    text = " ".join(_render(record, verify(record)).split())
    assert "card points won NS 49, EW 44 of 93 (every card point of the deal" in text
    assert "EW card points +38 38 EW last trick +6" in text
