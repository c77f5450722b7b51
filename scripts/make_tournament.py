"""Make a complete generated tournament folder: the plan, the seating draw, every table's deals.

Run from the repository root, in the project's environment::

    python scripts/make_tournament.py TARGET_DIR --seed 7
    python scripts/make_tournament.py examples/tournament --example   # the committed example

It writes ``tournament.toml`` (made-up Slovenian players, the Semedela Open plan: SL-14.2
qualifying rounds, SL-14.3 groups, SL-14.4 finals from zero), runs the seating draw
(:func:`tarokpgn.tournament.draw.draw`, written to ``seating.toml``), generates each
qualifying table's legal deals (:func:`tarokpgn.generate.generate`) with the players' names
in the seat tags, works out the qualifying standings, forms the groups and generates the
finals' tables the same way: the folder is a complete event. The same arguments always give
the same files, byte for byte (tests/test_tournament_e2e.py checks the committed
``examples/tournament/`` against it).

``--example`` makes the small committed example: 8 players, qualifying 2 × 4 deals, finals
1 × 4, one renons claim (not proven: the claimant pays, SL-13.4) and one judge's ruling
(SL-13.5).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tarokpgn import generate, verify, write_record
from tarokpgn.model import Record, Renons, format_scores
from tarokpgn.tournament.config import load, table_file
from tarokpgn.tournament.draw import SEATING_FILE, draw, seating_toml
from tarokpgn.tournament.model import Seating, Stage, Table, Tournament
from tarokpgn.tournament.standings import standings

PLAYERS = (
    "Ana Novak", "Bojan Kranjc", "Cene Zupan", "Darja Kos", "Eva Horvat", "Franc Potočnik",
    "Gaja Vidmar", "Hugo Mlakar", "Irena Kovač", "Jure Golob", "Katja Turk", "Luka Božič",
    "Maja Kralj", "Nejc Zorko", "Petra Oblak", "Rok Hribar", "Sara Jereb", "Tine Vovk",
    "Urša Kavčič", "Vid Sever",
)  # fmt: skip
"""Made-up players, the first ``--players`` of them take part."""
NAME = "Tarok Semedela Open 2026"
VARIANT, RULESET = "slovenian-4", "semedela"
DATES = ("2026-05-16", "2026-05-17")
SITE = "Semedela"
RULING = (
    "\n[[ruling]]\n"
    'stage = "qualifying"\n'
    'player = "{player}"\n'
    "points = -40\n"
    'reason = "intentional renons (signalling), SL-13.5"\n'
)
"""The example's judge's ruling: points taken from a player (SL-13.5)."""


def plan_toml(players: int, seed: int, deals: int, final_deals: int, example: bool) -> str:
    """``tournament.toml``: the Semedela plan with ``deals`` deals a qualifying round."""
    names = "".join(f'    "{p}",\n' for p in PLAYERS[:players])
    text = (
        f'name = "{NAME}"\n'
        f"dates = {json.dumps(list(DATES))}\n"
        f'site = "{SITE}"\n'
        f'variant = "{VARIANT}"\n'
        f'ruleset = "{RULESET}"\n'
        f"seed = {seed}\n"
        f"players = [\n{names}]\n"
        "\n[[stage]]\n"
        'id = "qualifying"\nname = "Qualifying"\n'
        f'rounds = 2\ndeals = {deals}\nseating = "draw"\n'
        "\n[[stage]]\n"
        'id = "finals"\nname = "Finals"\n'
        f'rounds = 1\ndeals = {final_deals}\nseating = "groups"\nfrom = "qualifying"\n'
        'groups = ["Final", "Small final"]\ncarry = false\n'
    )
    return text + (RULING.format(player=PLAYERS[5]) if example else "")


def table_seed(seed: int, stage: int, round_: int, table: int) -> int:
    """A table's own generator seed, from the tournament's."""
    return seed * 10_000 + stage * 1_000 + round_ * 100 + table


def named(record: Record, t: Tournament, table: Table, match: str, seed: int, day: int) -> Record:
    """The generated ``record`` as the table writes it: the event's tags and the players'
    names in the seat tags. The ``Generator`` tag keeps the seed and leaves out the version,
    so that the files do not change with it."""
    names = dict(zip(("N", "E", "S", "W"), table.players, strict=True))
    date = t.dates[min(day, len(t.dates) - 1)].replace("-", ".")
    own = {"Event": t.name, "Site": t.site, "Date": date,
           "Round": str(table.round), "Match": match,
           "Generator": f"scripts/make_tournament.py seed {seed}", **names}  # fmt: skip
    tags: list[tuple[str, str]] = []
    for k, v in record.tags:
        tags.append((k, own.get(k, v)))
        if k == "Event":  # the generator writes no Site nor Date
            tags += [("Site", own["Site"]), ("Date", own["Date"])]
    return Record(tuple(tags), record.items)


def with_claim(records: list[Record], deal: int) -> list[Record]:
    """Deal ``deal`` with a renons claim added (S says W revoked in trick 3): the deals are
    legal, so the claim is not proven and the claimant pays (SL-13.4). ``Result`` and the
    running ``Totals`` are written again from the verifier's scores."""
    out: list[Record] = []
    totals: dict[str, int] = {}
    for number, record in enumerate(records, 1):
        if number == deal:
            claim = Renons("S", "W", 3, "revoke")
            record = Record(record.tags, (*record.items, claim))
        scores = verify(record).scores or {}
        totals = {s: totals.get(s, 0) + v for s, v in scores.items()}
        fixed = {"Result": format_scores(scores), "Totals": format_scores(totals)}
        out.append(Record(tuple((k, fixed.get(k, v)) for k, v in record.tags), record.items))
    return out


def write_table(t: Tournament, stage: Stage, table: Table, seed: int, claim: int = 0) -> None:
    """Generate one table's deals and write its file at the plan's path."""
    number = t.stages.index(stage)
    s = table_seed(seed, number, table.round, table.number)
    match = f"{t.name} {stage.name} round {table.round} table {table.number}"
    records = [
        named(r, t, table, match, s, day=number)  # the finals on the second day
        for r in generate(table.variant, t.ruleset, n=stage.deals, seed=s, match=match)
    ]
    if claim:
        records = with_claim(records, claim)
    path = Path(t.folder) / table_file(stage, table.round, table.number)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(write_record(r) for r in records), encoding="utf-8")


def finals_tables(t: Tournament, stage: Stage) -> list[Table]:
    """The groups stage's tables: the groups its source stage's ranking forms (SL-14.3), seat
    order by source rank."""
    result = standings(t, None)
    source = next(s for s in result.stages if s.stage == stage.source)
    return [
        Table(stage.id, round_, g.number, g.players, t.variant)
        for round_ in range(1, stage.rounds + 1)
        for g in source.groups
    ]


def make(target: Path, seed: int, players: int, deals: int, final_deals: int,
         example: bool) -> None:  # fmt: skip
    """Write the whole tournament folder ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    toml = target / "tournament.toml"
    toml.write_text(plan_toml(players, seed, deals, final_deals, example), encoding="utf-8")
    t = load(str(toml))
    seating: Seating = draw(t, seed)
    (target / SEATING_FILE).write_text(seating_toml(seating, t), encoding="utf-8")
    for stage in t.stages:
        if stage.seating == "draw":
            tables = [x for x in seating.tables if x.stage == stage.id]
        else:
            tables = finals_tables(t, stage)
        for k, table in enumerate(tables):
            claim = 2 if example and stage.seating == "draw" and k == 0 else 0
            write_table(t, stage, table, seed, claim)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="the tournament folder to write")
    parser.add_argument("--seed", type=int, default=2026, help="draw and deal seed")
    parser.add_argument("--players", type=int, default=16, help="how many players (4, 8 … 20)")
    parser.add_argument("--deals", type=int, default=12, help="deals a qualifying round")
    parser.add_argument("--final-deals", type=int, default=12, help="deals of the finals")
    parser.add_argument("--example", action="store_true",
                        help="the committed example: 8 players, 4 deals a round, a renons "
                        "claim and a ruling")  # fmt: skip
    args = parser.parse_args(argv)
    if args.example:
        args.players, args.deals, args.final_deals = 8, 4, 4
    if args.players not in range(4, len(PLAYERS) + 1, 4):
        parser.error(f"--players must be a multiple of 4 up to {len(PLAYERS)} (full tables)")
    make(Path(args.target), args.seed, args.players, args.deals, args.final_deals, args.example)
    return 0


if __name__ == "__main__":
    sys.exit(main())
