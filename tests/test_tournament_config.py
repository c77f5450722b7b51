"""``tournament.toml`` read and checked (tarokpgn.tournament.config): a full file read into the
expected Tournament, the default Semedela Open plan (SL-14.2..14.4), ``table_file``, and a
table of malformed files, each giving a ``file:line: message`` error at the offending line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarokpgn.tournament.config import default_stages, load, table_file
from tarokpgn.tournament.model import Player, Ruling, Stage, TournamentError

PLAYERS = """players = [
    "Ana Novak", "Bojan Kranjc", "Cene Zupan", "Darja Kos",
    "Eva Horvat", "Franc Golob", "Gaja Mlakar", "Hana Vidmar",
]
"""
BASE = 'name = "Test Open"\nvariant = "slovenian-4"\nseed = 7\n' + PLAYERS
"""A valid file of 7 lines; the cases below add to it or change it."""

FULL = """# a full tournament.toml
name = "Tarok Semedela Open 2026"
dates = ["2026-05-16", 2026-05-17]
site = "Semedela"
variant = "slovenian-4"
ruleset = "pagat"
seed = 2026
short_tables = "bye"
tiebreaks = ["best-deal", "lot"]

[[players]]
name = "Ana Novak"
club = "TK Koper"
[[players]]
name = "Bojan Kranjc"
[[players]]
name = "Cene Zupan"
[[players]]
name = "Darja Kos"
club = "TK Piran"
[[players]]
name = "Eva Horvat"

[[stage]]
id = "heats"
rounds = 3
deals = 8
files = "heats/r{round}-t{table}.tpgn"

[[stage]]
id = "final"
name = "Grand final"
rounds = 1
deals = 16
from = "heats"
groups = ["Final"]
carry = true

[[ruling]]
stage = "heats"
round = 2
table = 1
deal = 5
scores = { "Ana Novak" = -120, "Bojan Kranjc" = 0, "Cene Zupan" = 0, "Darja Kos" = 40 }
reason = "renons proven"

[[ruling]]
stage = "final"
player = "Eva Horvat"
points = -100
reason = "intentional renons, SL-13.5"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tournament.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_full_file(tmp_path: Path) -> None:
    t = load(write(tmp_path, FULL))
    assert t.name == "Tarok Semedela Open 2026"
    assert t.dates == ("2026-05-16", "2026-05-17")
    assert (t.site, t.variant, t.ruleset, t.seed, t.short_tables) == (
        "Semedela",
        "slovenian-4",
        "pagat",
        2026,
        "bye",
    )
    assert t.tiebreaks == ("best-deal", "lot")
    assert t.players[0] == Player("Ana Novak", "TK Koper")
    assert [p.name for p in t.players][1:] == [
        "Bojan Kranjc",
        "Cene Zupan",
        "Darja Kos",
        "Eva Horvat",
    ]
    assert t.stages == (
        Stage("heats", "Heats", 3, 8, "draw", files="heats/r{round}-t{table}.tpgn"),
        Stage("final", "Grand final", 1, 16, "groups", "heats", ("Final",), True),
    )
    assert t.rulings == (
        Ruling(
            "renons proven",
            stage="heats",
            round=2,
            table=1,
            deal=5,
            scores={"Ana Novak": -120, "Bojan Kranjc": 0, "Cene Zupan": 0, "Darja Kos": 40},
            line=39,
        ),
        Ruling(
            "intentional renons, SL-13.5", stage="final", player="Eva Horvat", points=-100, line=47
        ),
    )
    assert t.folder == str(tmp_path)
    assert t.path == str(tmp_path / "tournament.toml")
    assert t.table_size == 4


def test_defaults_are_the_semedela_open(tmp_path: Path) -> None:
    """No [[stage]]: qualifying 2 rounds x 12 deals drawn (SL-14.1, SL-14.2), finals of 12
    deals in groups from the qualifying ranking (SL-14.3), from zero (SL-14.4)."""
    t = load(write(tmp_path, BASE))
    assert t.stages == default_stages()
    qualifying, finals = t.stages
    assert (qualifying.id, qualifying.rounds, qualifying.deals, qualifying.seating) == (
        "qualifying",
        2,
        12,
        "draw",
    )
    assert (finals.id, finals.rounds, finals.deals, finals.seating, finals.source) == (
        "finals",
        1,
        12,
        "groups",
        "qualifying",
    )
    assert finals.groups == ("Final", "Small final") and finals.carry is False
    assert t.ruleset == "semedela"  # slovenian-4's default
    assert t.tiebreaks == ("later-rounds", "best-deal", "fewer-negative")
    assert (t.short_tables, t.dates, t.site, t.rulings) == ("three", (), "", ())


def test_folder_or_file(tmp_path: Path) -> None:
    write(tmp_path, BASE)
    assert load(tmp_path) == load(tmp_path / "tournament.toml")


def test_table_file() -> None:
    qualifying, finals = default_stages()
    assert table_file(qualifying, 2, 3) == "qualifying/round-2/table-3.tpgn"
    assert table_file(finals, 1, 1) == "finals/round-1/table-1.tpgn"
    custom = Stage("heats", "Heats", 3, 8, "draw", files="{stage}/r{round:02d}/t{table}.tpgn")
    assert table_file(custom, 3, 12) == "heats/r03/t12.tpgn"


def test_czech_event_is_data(tmp_path: Path) -> None:
    """Another event is another file: czech-4 under its mcr ruleset, one stage of 4 rounds."""
    text = BASE.replace("slovenian-4", "czech-4") + 'ruleset = "mcr"\n'
    text += '[[stage]]\nid = "league"\nrounds = 4\ndeals = 10\n'
    t = load(write(tmp_path, text))
    assert (t.variant, t.ruleset) == ("czech-4", "mcr")
    assert t.stages == (Stage("league", "League", 4, 10, "draw"),)


# --- malformed files: each a located error ------------------------------------------------------

STAGES = """
[[stage]]
id = "qualifying"
rounds = 2
deals = 12

[[stage]]
id = "finals"
rounds = 1
deals = 12
from = "qualifying"
"""

RULING = """
[[ruling]]
stage = "qualifying"
round = 1
table = 2
deal = 5
scores = { "Ana Novak" = -120, "Bojan Kranjc" = 0 }
reason = "judge"
"""

BAD: list[tuple[str, str, str]] = [
    # (case, text: the expected line marked with "#!", or no mark for the whole file, message)
    ("syntax", BASE + "site = = 2 #!\n", "not valid TOML: Invalid value (column 8)"),
    ("unclosed-string", 'name = "Test #!\n' + BASE[18:], "not valid TOML"),
    ("unknown-key", BASE + 'varient = "x" #!\n', "unknown key 'varient' in tournament.toml "
        "(did you mean 'variant'?); known keys: name, dates,"),
    ("no-name", BASE[18:], "the tournament has no 'name'"),
    ("empty-name", BASE.replace('"Test Open"', '"" #!'), "name must be a non-empty string"),
    ("variant-number", BASE.replace('"slovenian-4"', "4 #!"), "variant must be a non-empty string"),
    ("unknown-variant", BASE.replace('"slovenian-4"', '"slovenain-4" #!'),
        "unknown variant 'slovenain-4' (did you mean 'slovenian-4'?); known: slovenian-4,"),
    ("unknown-ruleset", BASE + 'ruleset = "semedla" #!\n',
        "unknown ruleset 'semedla' for slovenian-4 (did you mean 'semedela'?); known: semedela,"),
    ("no-players", BASE.replace(PLAYERS, ""), "the tournament has no 'players'"),
    ("empty-players", BASE.replace(PLAYERS, "players = [] #!\n"), "players must be a non-empty"),
    ("too-few", BASE.replace(PLAYERS, 'players = ["A", "B", "C"] #!\n'),
        "3 player(s): a slovenian-4 tournament needs at least 4"),
    ("duplicate", BASE.replace('"Hana Vidmar",', '"Hana Vidmar",\n    "ana novak", #!'),
        "player 'ana novak' twice (as 'Ana Novak' before); names must differ, also in case"),
    ("duplicate-exact", BASE.replace('"Hana Vidmar",', '"Hana Vidmar",\n    "Ana Novak", #!'),
        "player 'Ana Novak' twice"),
    ("duplicate-table", BASE.replace(PLAYERS, "".join(
        f'[[players]]\nname = "{n}"{" #!" if i == 4 else ""}\n'
        for i, n in enumerate(["A", "B", "C", "D", "b"]))),
        "player 'b' twice (as 'B' before)"),
    ("player-key", BASE.replace(PLAYERS, "".join(
        f'[[players]]\nname = "{n}"\n' for n in "ABCD") + 'clubb = "x" #!\n'),
        "unknown key 'clubb' in players entry 4 (did you mean 'club'?)"),
    ("player-no-name", BASE.replace(PLAYERS, "".join(
        f'[[players]]\nname = "{n}"\n' for n in "ABCD") + '[[players]] #!\nclub = "x"\n'),
        "players entry 5 has no 'name'"),
    ("short-tables", BASE + 'short_tables = "tree" #!\n',
        "short_tables must be one of three, bye, not \"tree\" (did you mean 'three'?)"),
    ("five-players", BASE.replace(PLAYERS, 'players = ["A", "B", "C", "D", "E"] #!\n'),
        '5 players cannot sit at tables of 4 and 3: set short_tables = "bye"'),
    ("no-short-variant", BASE.replace("slovenian-4", "czech-4").replace(
        '"Hana Vidmar",', '"Hana Vidmar", "Ivo Zorko",').replace("players = [", "players = [ #!"),
        "9 players do not fill tables of 4, and czech-4 has no variant for 3 players: "
        'set short_tables = "bye"'),
    ("seed-bool", BASE.replace("seed = 7", "seed = true #!"), "seed must be an integer, not true"),
    ("seed-negative", BASE.replace("seed = 7", "seed = -1 #!"), "seed must be at least 0, not -1"),
    ("dates", BASE + 'dates = ["2026-13-01"] #!\n',
        'dates must be ISO dates (2026-05-16), not "2026-13-01"'),
    ("tiebreak", BASE + 'tiebreaks = ["later-rounds", "best-deals"] #!\n',
        "a tie-break must be one of later-rounds, best-deal, fewer-negative, source-rank, lot, "
        "not \"best-deals\" (did you mean 'best-deal'?)"),
    ("tiebreak-twice", BASE + 'tiebreaks = ["lot", "lot"] #!\n', "a tie-break is listed twice"),
    ("lot-no-seed", BASE.replace("seed = 7\n", "") + 'tiebreaks = ["lot"] #!\n',
        "the 'lot' tie-break needs a 'seed' in tournament.toml"),
    ("stage-key", BASE + STAGES.replace("rounds = 1", "round = 1 #!"),
        "unknown key 'round' in stage 2 (did you mean 'rounds'?); known keys: id, name, rounds,"),
    ("stage-no-id", BASE + STAGES.replace('[[stage]]\nid = "finals"', "[[stage]] #!"),
        "stage 2 has no 'id'"),
    ("stage-id-twice", BASE + STAGES.replace('id = "finals"', 'id = "qualifying" #!'),
        "stage id 'qualifying' twice"),
    ("stage-id-path", BASE + STAGES.replace('id = "finals"', 'id = "../finals" #!'),
        "stage id '../finals' must be letters, digits, - or _"),
    ("rounds-zero", BASE + STAGES.replace("rounds = 1", "rounds = 0 #!"),
        "rounds must be at least 1, not 0"),
    ("deals-text", BASE + STAGES.replace("deals = 12\n\n", 'deals = "12" #!\n\n'),
        'deals must be an integer, not "12"'),
    ("no-deals", BASE + STAGES.replace("deals = 12\nfrom", "from").replace(
        '[[stage]]\nid = "finals"', '[[stage]] #!\nid = "finals"'),
        "stage 'finals' has no 'deals'"),
    ("seating", BASE + STAGES.replace('from = "qualifying"', 'seating = "group" #!'),
        "seating must be one of draw, groups, not \"group\" (did you mean 'groups'?)"),
    ("from-unknown", BASE + STAGES.replace('from = "qualifying"', 'from = "qualifyng" #!'),
        "from = 'qualifyng' names no earlier stage (did you mean 'qualifying'?); earlier "
        "stages: qualifying"),
    ("from-self", BASE + STAGES.replace('from = "qualifying"', 'from = "finals" #!'),
        "from = 'finals' names no earlier stage"),
    ("groups-no-from", BASE + STAGES.replace(
        '[[stage]]\nid = "finals"', '[[stage]] #!\nid = "finals"').replace(
        'from = "qualifying"', 'seating = "groups"'),
        "a stage with seating = \"groups\" needs 'from'"),
    ("from-on-draw", BASE + STAGES.replace('from = "qualifying"',
        'seating = "draw"\nfrom = "qualifying" #!'),
        'from is only for a stage with seating = "groups"'),
    ("groups-on-draw", BASE + STAGES.replace("deals = 12\n\n", 'deals = 12\ngroups = ["A"] #!\n\n'),
        'groups is only for a stage with seating = "groups"'),
    ("carry", BASE + STAGES + 'carry = "no" #!\n', 'carry must be true or false, not "no"'),
    ("files-up", BASE + STAGES + 'files = "../{stage}/{table}.tpgn" #!\n',
        "files pattern '../{stage}/{table}.tpgn' must be a relative path inside the tournament "
        "folder"),
    ("files-absolute", BASE + STAGES + 'files = "/srv/{stage}/{table}.tpgn" #!\n',
        "must be a relative path inside the tournament folder"),
    ("files-field", BASE + STAGES + 'files = "{stage}/{player}-{table}.tpgn" #!\n',
        "{player} is not one of {stage}, {round}, {table}"),
    ("files-no-table", BASE + STAGES.replace("deals = 12\n\n",
        'deals = 12\nfiles = "{stage}/{round}.tpgn" #!\n\n'),
        "must contain {table} and {round}: every table its own file"),
    ("files-brace", BASE + STAGES + 'files = "{stage}/{table" #!\n', "files pattern"),
    ("files-shared", BASE + STAGES + 'files = "qualifying/round-{round}/table-{table}.tpgn" #!\n',
        "stages 'qualifying' and 'finals' use the same files"),
    ("stage-not-table", BASE + 'stage = "qualifying" #!\n', "stage must be [[stage]] tables"),
    ("ruling-key", BASE + RULING + "dael = 5 #!\n", "unknown key 'dael' in ruling 1 "
        "(did you mean 'deal'?)"),
    ("ruling-no-reason", BASE + RULING.replace('reason = "judge"\n', "").replace(
        "[[ruling]]", "[[ruling]] #!"), "ruling 1 has no 'reason'"),
    ("ruling-stage", BASE + RULING.replace('stage = "qualifying"', 'stage = "qualify" #!'),
        "stage 'qualify' is not a stage of the plan (did you mean 'qualifying'?)"),
    ("ruling-player", BASE + RULING.replace('"Ana Novak" = -120, "Bojan Kranjc" = 0 }',
        '"Ana Nowak" = -120, "Bojan Kranjc" = 0 } #!'),
        "'Ana Nowak' is not a registered player (did you mean 'Ana Novak'?)"),
    ("ruling-player-line", BASE + RULING.replace(
        'scores = { "Ana Novak" = -120, "Bojan Kranjc" = 0 }',
        'scores."Ana Novak" = -120\nscores."Bojan Kranc" = 0 #!'),
        "'Bojan Kranc' is not a registered player (did you mean 'Bojan Kranjc'?)"),
    ("ruling-score", BASE + RULING.replace(
        '-120, "Bojan Kranjc" = 0 }', '"-120", "Bojan Kranjc" = 0 } #!'),
        'the score of Ana Novak must be an integer, not "-120"'),
    ("ruling-deal", BASE + RULING.replace("deal = 5", "deal = 13 #!"),
        "deal 13: stage 'qualifying' has 12 deals"),
    ("ruling-round", BASE + RULING.replace("round = 1", "round = 3 #!"),
        "round 3: stage 'qualifying' has 2 rounds"),
    ("ruling-table", BASE + RULING.replace("table = 2", "table = 3 #!"),
        "table 3: stage 'qualifying' has 2 tables"),
    ("ruling-no-table", BASE + RULING.replace("table = 2\n", "").replace(
        "[[ruling]]", "[[ruling]] #!"), "ruling 1 has no 'table'"),
    ("ruling-scores", BASE + RULING.replace(
        'scores = { "Ana Novak" = -120, "Bojan Kranjc" = 0 }', "scores = -120 #!"),
        "scores must be a table of player = score"),
    ("ruling-both", BASE + RULING.replace("[[ruling]]", "[[ruling]] #!") + "points = -5\n",
        "ruling 1 sets a deal's scores and adjusts a player: write two rulings"),
    ("ruling-neither", BASE + '[[ruling]] #!\nstage = "finals"\nreason = "?"\n',
        "ruling 1 has neither 'scores' (with round, table, deal) nor 'player' and 'points'"),
    ("adjust-no-points", BASE + RULING + '[[ruling]] #!\nstage = "finals"\nplayer = "Ana Novak"\n'
        'reason = "renons"\n', "ruling 2 has no 'points'"),
    ("adjust-player", BASE + RULING + '[[ruling]]\nstage = "finals"\nplayer = "Darja Koss" #!\n'
        'points = -100\nreason = "renons"\n',
        "'Darja Koss' is not a registered player (did you mean 'Darja Kos'?)"),
    ("adjust-round", BASE + '[[ruling]]\nstage = "finals"\nplayer = "Ana Novak"\nround = 1 #!\n'
        'points = -100\nreason = "renons"\n',
        "round is only for a ruling that sets a deal's scores"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_malformed(tmp_path: Path, text: str, message: str) -> None:
    """Each malformed file: a TournamentError at the marked line (``file:line: message``), or
    at the file as a whole (``file: message``) when no line is marked."""
    path = write(tmp_path, text)
    marked = [n for n, line in enumerate(text.splitlines(), 1) if "#!" in line]
    where = f"{path}:{marked[0]}" if marked else str(path)
    with pytest.raises(TournamentError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{where}: "), str(caught.value)
    assert message in str(caught.value)
    assert caught.value.line == (marked[0] if marked else 0)


def test_every_case_distinct() -> None:
    """The table holds 62 cases, each with its own name and text."""
    assert len(BAD) == 62
    assert len({c[0] for c in BAD}) == len({c[1] for c in BAD}) == len(BAD)


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match=r"tournament\.toml: no such file$"):
        load(tmp_path)
    (tmp_path / "tournament.toml").write_bytes(b'name = "\xff"\n')
    with pytest.raises(TournamentError, match=r"tournament\.toml: not UTF-8 text"):
        load(tmp_path)
