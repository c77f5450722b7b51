"""The seating draw (tarokpgn.tournament.draw, SL-14.1): reproducible byte for byte, every
player once a round, the fewest repeated table-mates (a property over 8..40 players), short
tables for 9, 10, 11 and 13 players, byes, and seating.toml written and read back, with
located errors for a bad one."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from dataclasses import replace
from math import comb
from pathlib import Path

import pytest

from tarokpgn.tournament.config import default_stages, load, table_sizes
from tarokpgn.tournament.draw import (
    SEATING_FILE,
    count_repeats,
    draw,
    read_seating,
    seating_toml,
    short_variant,
)
from tarokpgn.tournament.model import Player, Seating, Table, Tournament, TournamentError

NAMES = (
    "Ana Novak", "Bojan Kranjc", "Cene Zupan", "Darja Kos", "Eva Horvat", "Franc Golob",
    "Gaja Mlakar", "Hana Vidmar", "Igor Bizjak", "Jana Kavčič", "Klemen Zorko", "Lea Turk",
    "Matej Hribar", "Nina Kralj", "Oto Petek", "Petra Žagar",
)  # fmt: skip


def tournament(
    count: int, mode: str = "three", rounds: int = 2, variant: str = "slovenian-4"
) -> Tournament:
    """``count`` players (P01, P02, …), the Semedela plan with ``rounds`` qualifying rounds."""
    qualifying, finals = default_stages()
    return Tournament(
        "Test",
        ".",
        tuple(Player(f"P{i:02d}") for i in range(1, count + 1)),
        variant,
        "semedela",
        (replace(qualifying, rounds=rounds), finals),
        short_tables=mode,
        path="tournament.toml",
    )


def rounds_of(s: Seating) -> dict[tuple[str, int], list[Table]]:
    out: dict[tuple[str, int], list[Table]] = {}
    for table in s.tables:
        out.setdefault((table.stage, table.round), []).append(table)
    return out


def check_everyone_once(s: Seating, t: Tournament) -> None:
    """Each round seats every player exactly once (at a table or sitting out), tables are
    numbered 1..k, full tables first, each of its variant's size."""
    names = sorted(p.name for p in t.players)
    for key, tables in rounds_of(s).items():
        seated = [name for table in tables for name in table.players]
        assert sorted(seated + list(s.byes.get(key, ()))) == names, key
        assert [table.number for table in tables] == list(range(1, len(tables) + 1))
        sizes = tuple(len(table.players) for table in tables)
        plan = table_sizes(len(names), t.table_size, t.short_tables)
        assert plan is not None and sizes == plan[0]
        for table in tables:
            expected = t.variant if len(table.players) == t.table_size else short_variant(t.variant)
            assert table.variant == expected


def round_two_bound(sizes: tuple[int, ...]) -> int:
    """The fewest pairs of round-1 table-mates that can meet again in round 2: a round-2
    table of m players taken from k round-1 tables holds at least the pairs of m spread as
    evenly as possible over k."""
    k = len(sizes)
    total = 0
    for m in sizes:
        q, r = divmod(m, k)
        total += r * comb(q + 1, 2) + (k - r) * comb(q, 2)
    return total


# --- reproducibility ---------------------------------------------------------------------------

SEATING_8_SEED_1 = """\
# Seating of Test, drawn by tarokpgn:
# tarokpgn tournament draw tournament.toml --seed 1
seed = 1

# qualifying, round 1: 0 repeated table-mate pair(s)
[[table]]
stage = "qualifying"
round = 1
table = 1
variant = "slovenian-4"
players = ["P04", "P07", "P02", "P06"]  # N E S W
[[table]]
stage = "qualifying"
round = 1
table = 2
variant = "slovenian-4"
players = ["P05", "P03", "P08", "P01"]  # N E S W

# qualifying, round 2: 4 repeated table-mate pair(s)
[[table]]
stage = "qualifying"
round = 2
table = 1
variant = "slovenian-4"
players = ["P03", "P08", "P02", "P06"]  # N E S W
[[table]]
stage = "qualifying"
round = 2
table = 2
variant = "slovenian-4"
players = ["P04", "P07", "P05", "P01"]  # N E S W
"""


def test_golden_seating() -> None:
    """The draw of 8 players with seed 1, byte for byte: a change of the draw's algorithm
    changes every organiser's seating for a seed, and shows here."""
    assert seating_toml(draw(tournament(8), 1), tournament(8)) == SEATING_8_SEED_1


def test_same_toml_and_seed_same_seating(tmp_path: Path) -> None:
    """Loading the file twice and drawing twice gives the same text; another seed another."""
    (tmp_path / "tournament.toml").write_text(
        'name = "Open"\nvariant = "slovenian-4"\nplayers = [{}]\n'.format(
            ", ".join(f'"{n}"' for n in NAMES)
        ),
        encoding="utf-8",
    )
    first = seating_toml(draw(load(tmp_path), 7), load(tmp_path))
    assert first == seating_toml(draw(load(tmp_path), 7), load(tmp_path))
    assert first != seating_toml(draw(load(tmp_path), 8), load(tmp_path))
    assert "# tarokpgn tournament draw tournament.toml --seed 7\nseed = 7\n" in first


def test_same_seating_in_another_process() -> None:
    """No dependence on hash order: a process with another PYTHONHASHSEED draws the same."""
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from test_tournament_draw import tournament; "
        "from tarokpgn.tournament.draw import draw, seating_toml; "
        "t = tournament(13, rounds=3); print(seating_toml(draw(t, 99), t), end='')"
    )
    texts = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script, str(Path(__file__).parent)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        texts.add(done.stdout)
    t = tournament(13, rounds=3)
    assert texts == {seating_toml(draw(t, 99), t)}


# --- the draw's properties ---------------------------------------------------------------------


def test_sixteen_players_never_meet_again_in_round_two() -> None:
    """16 players at 4 tables: round 2 has no repeated table-mates, for 20 seeds."""
    t = tournament(16)
    for seed in range(20):
        s = draw(t, seed)
        check_everyone_once(s, t)
        assert s.repeats == {("qualifying", 1): 0, ("qualifying", 2): 0}
        assert count_repeats(s.tables) == s.repeats


def test_fewest_repeats_property() -> None:
    """8..40 players, seeds 0..2, both short-table modes where they differ: everyone once a
    round, and round 2 reaches the lower bound of repeated pairs (0 from 16 players on)."""
    cases = 0
    for count, seed in itertools.product(range(8, 41), range(3)):
        for mode in ("three", "bye") if count % 4 else ("three",):
            t = tournament(count, mode)
            s = draw(t, seed)
            check_everyone_once(s, t)
            assert count_repeats(s.tables) == s.repeats
            plan = table_sizes(count, 4, mode)
            assert plan is not None
            if mode == "three":
                assert s.repeats["qualifying", 2] == round_two_bound(plan[0]), (count, seed)
            if count >= 16:
                assert s.repeats["qualifying", 2] == 0, (count, seed, mode)
            cases += 1
    assert cases == 33 * 3 + 24 * 3  # 33 counts, 24 of them not divisible by 4


def test_more_rounds_keep_everyone_once() -> None:
    """Four rounds of 16 and of 40 players: seated correctly; 40 players never meet twice."""
    for count in (16, 40):
        t = tournament(count, rounds=4)
        s = draw(t, 5)
        check_everyone_once(s, t)
        if count == 40:
            assert set(s.repeats.values()) == {0}


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(9, (3, 3, 3)), (10, (4, 3, 3)), (11, (4, 4, 3)), (13, (4, 3, 3, 3))],
)
def test_short_tables(count: int, sizes: tuple[int, ...]) -> None:
    """n = 4a + 3b with a as large as possible; the short tables play slovenian-3."""
    t = tournament(count)
    s = draw(t, 3)
    check_everyone_once(s, t)
    for tables in rounds_of(s).values():
        assert tuple(len(table.players) for table in tables) == sizes
        assert [table.variant for table in tables] == [
            "slovenian-4" if size == 4 else "slovenian-3" for size in sizes
        ]
    assert s.byes == {}


def test_short_tables_spread() -> None:
    """15 players, and from 18 on: no one plays at a short table in both qualifying rounds
    (18 counts x 3 seeds). With 11, 14 or 17 players, avoiding repeated table-mates comes
    first and forces some to play short twice (the full tables of round 2 take one player of
    each round-1 table)."""
    cases = 0
    for count, seed in itertools.product(range(15, 41), range(3)):
        if count % 4 == 0 or count in (16, 17):
            continue
        s = draw(tournament(count), seed)
        short = [name for table in s.tables if len(table.players) == 3 for name in table.players]
        assert len(short) == len(set(short)), (count, seed)
        assert s.repeats["qualifying", 2] == 0
        cases += 1
    assert cases == 54


def test_french_short_table_is_french_3() -> None:
    t = tournament(7, variant="french-4")
    s = draw(t, 1)
    assert [table.variant for table in s.tables[:2]] == ["french-4", "french-3"]


def test_byes_go_to_different_players() -> None:
    """bye mode: 10 players, 2 sit out a round; over 5 rounds the 10 byes go to 10 players.
    9 players over 4 rounds: 4 different players sit out."""
    t = tournament(10, "bye", rounds=5)
    s = draw(t, 2)
    check_everyone_once(s, t)
    assert all(len(players) == 2 for players in s.byes.values())
    out = [name for players in s.byes.values() for name in players]
    assert len(out) == len(set(out)) == 10
    t = tournament(9, "bye", rounds=4)
    s = draw(t, 2)
    out = [name for players in s.byes.values() for name in players]
    assert len(out) == len(set(out)) == 4
    assert all(len(table.players) == 4 for table in s.tables)


def test_too_few_players() -> None:
    with pytest.raises(TournamentError, match="3 players cannot be seated at tables of 4"):
        draw(tournament(3), 1)
    with pytest.raises(TournamentError, match="5 players cannot be seated"):
        draw(tournament(5), 1)  # 5 = 4a + 3b has no answer
    with pytest.raises(TournamentError, match="9 players cannot be seated"):
        draw(tournament(9, variant="czech-4"), 1)  # no czech-3


def test_only_draw_stages_are_drawn() -> None:
    t = tournament(8)
    assert {table.stage for table in draw(t, 1).tables} == {"qualifying"}


def test_table_sizes() -> None:
    assert table_sizes(16, 4, "three") == ((4, 4, 4, 4), 0)
    assert table_sizes(6, 4, "three") == ((3, 3), 0)
    assert table_sizes(5, 4, "three") is None
    assert table_sizes(3, 4, "three") is None
    assert table_sizes(11, 4, "bye") == ((4, 4), 3)
    assert table_sizes(14, 3, "three") == ((3, 3, 3, 3, 2), 0)


# --- seating.toml ------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "mode"), [(8, "three"), (13, "three"), (11, "bye")])
def test_seating_toml_round_trip(tmp_path: Path, count: int, mode: str) -> None:
    t = tournament(count, mode, rounds=3)
    s = draw(t, 42)
    (tmp_path / SEATING_FILE).write_text(seating_toml(s, t), encoding="utf-8")
    assert read_seating(tmp_path, t) == s
    assert read_seating(tmp_path / SEATING_FILE, t) == s


def test_names_with_quotes_round_trip(tmp_path: Path) -> None:
    names = ('Ana "Ace" Novak', "Bojan \\ Kranjc", "Čene Žužek", "Darja\tKos")
    t = replace(tournament(4), players=tuple(Player(n) for n in names))
    s = draw(t, 1)
    (tmp_path / SEATING_FILE).write_text(seating_toml(s, t), encoding="utf-8")
    assert read_seating(tmp_path, t) == s


def test_reads_a_seating_written_by_hand(tmp_path: Path) -> None:
    """Variant optional (the tournament's), repeats counted from the tables."""
    t = tournament(8)
    rounds = [("P01 P02 P03 P04", "P05 P06 P07 P08"), ("P01 P05 P02 P06", "P03 P07 P04 P08")]
    text = "seed = 3\n" + "".join(
        f'[[table]]\nstage = "qualifying"\nround = {r}\ntable = {n}\nplayers = '
        + str(tables[n - 1].split()).replace("'", '"')
        + "\n"
        for r, tables in enumerate(rounds, 1)
        for n in (1, 2)
    )
    (tmp_path / SEATING_FILE).write_text(text, encoding="utf-8")
    s = read_seating(tmp_path, t)
    assert s.seed == 3 and len(s.tables) == 4
    assert s.tables[2] == Table("qualifying", 2, 1, ("P01", "P05", "P02", "P06"), "slovenian-4")
    assert s.repeats == {("qualifying", 1): 0, ("qualifying", 2): 4}


BAD_SEATINGS: list[tuple[str, str, int, str]] = [
    # (case, change to the golden seating of 8 players "old->new" (no "->": the text cut
    # from there on), the line of the error (0: the file), message)
    ("syntax", "seed = 1\n->seed = = 1\n", 3, "not valid TOML: Invalid value (column 8)"),
    ("unknown-key", "seed = 1\n->seed = 1\nsede = 2\n", 4,
        "unknown key 'sede' in seating.toml (did you mean 'seed'?)"),
    ("no-seed", "seed = 1\n->", 0, "seating.toml has no 'seed'"),
    ("seed-text", "seed = 1\n->seed = \"1\"\n", 3, 'seed must be an integer, not "1"'),
    ("table-key", 'table = 2\nvariant->table = 2\nplayer = 1\nvariant', 16,
        "unknown key 'player' in [[table]] 2 (did you mean 'players'?)"),
    ("unknown-player", '"P05", "P03"->"P5", "P03"', 17,
        "'P5' is not a registered player (did you mean 'P05'?)"),
    ("twice", '"P05", "P03", "P08", "P01"->"P05", "P03", "P08", "P04"', 17,
        "P04 seated twice in qualifying round 1 (also at line 11)"),
    ("size", '"P05", "P03", "P08", "P01"->"P05", "P03", "P08"', 17,
        "3 player(s) at a slovenian-4 table: it seats 4"),
    ("missing-player", 'variant = "slovenian-4"\nplayers = ["P05", "P03", "P08", "P01"]->'
        'variant = "slovenian-3"\nplayers = ["P05", "P03", "P08"]', 6,
        "qualifying round 1 seats no P01 (every player at a table or in a [[bye]])"),
    ("variant", 'table = 2\nvariant = "slovenian-4"->table = 2\nvariant = "czech-4"', 16,
        "variant 'czech-4' is not played in this tournament (slovenian-3 or slovenian-4)"),
    ("stage-unknown", 'stage = "qualifying"\nround = 2\ntable = 2->'
        'stage = "qualifyng"\nround = 2\ntable = 2', 27,
        "stage 'qualifyng' is not a stage of the plan (did you mean 'qualifying'?)"),
    ("round", "round = 2\ntable = 2->round = 3\ntable = 2", 28,
        "round 3: stage 'qualifying' has 2"),
    ("table-gap", "round = 2\ntable = 2->round = 2\ntable = 3", 20,
        "qualifying round 2 has no table 2"),
    ("table-twice", "round = 2\ntable = 2->round = 2\ntable = 1", 20,
        "table 1 twice in qualifying round 2"),
    ("missing-round", "\n# qualifying, round 2:", 0, "no tables for qualifying round 2"),
    ("bye-twice", "\n# qualifying, round 2:->\n[[bye]]\nstage = \"qualifying\"\nround = 1\n"
        'players = ["P06"]\n# qualifying, round 2:', 22,
        "P06 seated twice in qualifying round 1 (also at line 11)"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "line", "message"), [c[1:] for c in BAD_SEATINGS],
                         ids=[c[0] for c in BAD_SEATINGS])  # fmt: skip
def test_bad_seating(tmp_path: Path, change: str, line: int, message: str) -> None:
    """Each bad seating.toml: a TournamentError ``seating.toml:line: message``."""
    if "->" in change:
        old, new = change.split("->")
        assert SEATING_8_SEED_1.count(old) >= 1
        text = SEATING_8_SEED_1.replace(old, new, 1)
    else:
        text = SEATING_8_SEED_1[: SEATING_8_SEED_1.index(change)] + "\n"
    path = tmp_path / SEATING_FILE
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TournamentError) as caught:
        read_seating(path, tournament(8))
    where = f"{path}:{line}" if line else str(path)
    assert str(caught.value).startswith(f"{where}: {message}"), str(caught.value)


def test_bad_seating_cases() -> None:
    assert len(BAD_SEATINGS) == len({c[0] for c in BAD_SEATINGS}) == 16
