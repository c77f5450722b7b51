"""The seating draw (SL-14.1: "seating is drawn before the tournament starts"): :func:`draw`
places every player at a table, and a seat, for each round of each ``draw`` stage;
:func:`seating_toml` writes the result as ``seating.toml`` and :func:`read_seating` reads it
back, checked against the tournament.

The draw is reproducible: the same ``tournament.toml`` and seed give the same seating, byte for
byte. Round 1 is a shuffle split into tables; each later round looks for the split with the
fewest players meeting again (random restarts, each improved by swapping two players of
different tables while that lowers the count of earlier meetings), all from the one seed.

Player counts the table size does not divide (the rules are silent: a documented choice):

- ``short_tables = "three"``: as many full tables as possible, the rest at tables one player
  short playing the family's variant for one player fewer (slovenian-4 → slovenian-3); the
  draw spreads the short tables over different players;
- ``short_tables = "bye"``: the players left over sit the round out (scoring 0 for it), a
  different player each round while there are players without a bye.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tarokpgn.tournament.config import (
    Reader,
    TomlLines,
    read_toml,
    short_variant,
    suggest,
    table_sizes,
)
from tarokpgn.tournament.model import Seating, Table, Tournament, TournamentError
from tarokpgn.variants import find_variant, variant_spec

__all__ = [
    "SEATING_FILE",
    "count_repeats",
    "draw",
    "read_seating",
    "seating_toml",
    "short_variant",  # config's (the plan's), used here
    "table_sizes",
]

SEATING_FILE = "seating.toml"
"""The seating file's name in the tournament's folder (read by the standings when present)."""

RESTARTS = 24
"""Random starting splits the search for a round after the first tries (it stops at the first
split with no repeated table-mates)."""

SEATING_KEYS: tuple[str, ...] = ("seed", "table", "bye")
TABLE_KEYS: tuple[str, ...] = ("stage", "round", "table", "variant", "players")
BYE_KEYS: tuple[str, ...] = ("stage", "round", "players")


# --- the draw ----------------------------------------------------------------------------------


class _History:
    """What earlier rounds did, by player index: who met whom, byes, short tables."""

    def __init__(self, count: int) -> None:
        self.met = [[0] * count for _ in range(count)]
        self.byes = [0] * count
        self.short = [0] * count

    def add(self, groups: Sequence[Sequence[int]], out: Sequence[int], size: int) -> None:
        for group in groups:
            for a in group:
                if len(group) < size:
                    self.short[a] += 1
                for b in group:
                    if a != b:
                        self.met[a][b] += 1
        for player in out:
            self.byes[player] += 1

    def repeats(self, groups: Sequence[Sequence[int]]) -> int:
        """Pairs of players in ``groups`` who have already shared a table."""
        return sum(
            1
            for group in groups
            for i, a in enumerate(group)
            for b in group[i + 1 :]
            if self.met[a][b]
        )

    def cost(self, groups: Sequence[Sequence[int]], size: int) -> tuple[int, int]:
        """(earlier meetings of the pairs at the same table, earlier short tables of the
        players at short tables): the draw makes both as small as it can, the first first."""
        meetings = sum(
            self.met[a][b] for group in groups for i, a in enumerate(group) for b in group[i + 1 :]
        )
        short = sum(self.short[a] for group in groups if len(group) < size for a in group)
        return meetings, short

    def swap_gain(
        self, groups: list[list[int]], g: int, i: int, h: int, j: int, size: int
    ) -> tuple[int, int]:
        """How much :meth:`cost` changes when ``groups[g][i]`` and ``groups[h][j]`` swap."""
        a, b = groups[g][i], groups[h][j]
        met_a, met_b = self.met[a], self.met[b]
        change = sum(met_b[x] - met_a[x] for x in groups[g] if x != a)
        change += sum(met_a[y] - met_b[y] for y in groups[h] if y != b)
        short = 0
        if len(groups[g]) != len(groups[h]):
            shorter_has_a = len(groups[g]) < size
            short = (self.short[b] - self.short[a]) * (1 if shorter_has_a else -1)
        return change, short


def draw(t: Tournament, seed: int) -> Seating:
    """Seat every player for each round of each ``draw`` stage of ``t`` (SL-14.1), from
    ``seed``: tables in order (full ones first), seats drawn within each table, later rounds
    with as few repeated table-mates as the search finds (counted in ``Seating.repeats``).

    Raises :class:`TournamentError` when the players cannot fill a table (or, with
    ``short_tables = "three"``, cannot be split into tables of the variant's size and one
    fewer)."""
    rng = random.Random(seed)
    names = [p.name for p in t.players]
    size = t.table_size
    plan = table_sizes(len(names), size, t.short_tables)
    short = short_variant(t.variant) if plan and any(s < size for s in plan[0]) else None
    if plan is None or (short is None and any(s < size for s in plan[0])):
        raise TournamentError(
            f"{len(names)} players cannot be seated at tables of {size} "
            f"(short_tables = {t.short_tables!r})",
            t.path,
        )
    sizes, out_count = plan
    history = _History(len(names))
    tables: list[Table] = []
    byes: dict[tuple[str, int], tuple[str, ...]] = {}
    repeats: dict[tuple[str, int], int] = {}
    for stage in t.stages:
        if stage.seating != "draw":
            continue
        for number in range(1, stage.rounds + 1):
            out = _byes(rng, history, out_count)
            playing = [p for p in range(len(names)) if p not in out]
            groups = _split(rng, playing, sizes, history, size)
            repeats[stage.id, number] = history.repeats(groups)
            history.add(groups, out, size)
            for index, group in enumerate(groups, 1):
                seats = list(group)
                rng.shuffle(seats)
                variant = t.variant if len(group) == size else short
                assert variant is not None
                tables.append(
                    Table(stage.id, number, index, tuple(names[p] for p in seats), variant)
                )
            if out:
                byes[stage.id, number] = tuple(names[p] for p in sorted(out))
    return Seating(seed, tuple(tables), byes, repeats)


def _byes(rng: random.Random, history: _History, count: int) -> list[int]:
    """``count`` players to sit out: those with the fewest byes so far, by lot among equals."""
    if not count:
        return []
    order = list(range(len(history.byes)))
    rng.shuffle(order)
    order.sort(key=lambda p: history.byes[p])  # stable: the lot decides among equals
    return order[:count]


def _split(
    rng: random.Random, players: list[int], sizes: tuple[int, ...], history: _History, size: int
) -> list[list[int]]:
    """The best of :data:`RESTARTS` shuffled splits of ``players`` into tables of ``sizes``,
    each improved by swaps (:func:`_improve`); the first with cost 0 ends the search."""
    best: list[list[int]] = []
    best_cost: tuple[int, int] | None = None
    for _ in range(RESTARTS):
        order = players[:]
        rng.shuffle(order)
        groups: list[list[int]] = []
        start = 0
        for table_size in sizes:
            groups.append(order[start : start + table_size])
            start += table_size
        _improve(groups, history, size)
        cost = history.cost(groups, size)
        if best_cost is None or cost < best_cost:
            best, best_cost = groups, cost
        if cost == (0, 0):
            break
    return best


def _improve(groups: list[list[int]], history: _History, size: int) -> None:
    """Swap two players of different tables while a swap lowers the cost (local search); each
    swap lowers a non-negative cost, so it ends."""
    improved = True
    while improved:
        improved = False
        for g in range(len(groups)):
            for h in range(g + 1, len(groups)):
                for i in range(len(groups[g])):
                    for j in range(len(groups[h])):
                        if history.swap_gain(groups, g, i, h, j, size) < (0, 0):
                            groups[g][i], groups[h][j] = groups[h][j], groups[g][i]
                            improved = True


# --- seating.toml ------------------------------------------------------------------------------


def seating_toml(s: Seating, t: Tournament) -> str:
    """``seating.toml`` for the seating ``s`` of ``t``: a comment saying how it was made, the
    seed, one ``[[table]]`` per table (players in seat order) and one ``[[bye]]`` per round
    with players sitting out."""
    config = Path(t.path).name if t.path else "tournament.toml"
    out = [
        f"# Seating of {t.name}, drawn by tarokpgn:",
        f"# tarokpgn tournament draw {config} --seed {s.seed}",
        f"seed = {s.seed}",
    ]
    for stage_id, number in _rounds(s, t):
        repeats = s.repeats.get((stage_id, number), 0)
        out += ["", f"# {stage_id}, round {number}: {repeats} repeated table-mate pair(s)"]
        for table in s.tables:
            if (table.stage, table.round) == (stage_id, number):
                seats = " ".join(variant_spec(table.variant).seats)
                out += [
                    "[[table]]",
                    f"stage = {_toml_string(table.stage)}",
                    f"round = {table.round}",
                    f"table = {table.number}",
                    f"variant = {_toml_string(table.variant)}",
                    f"players = [{', '.join(map(_toml_string, table.players))}]  # {seats}",
                ]
        if (stage_id, number) in s.byes:
            out += [
                "[[bye]]",
                f"stage = {_toml_string(stage_id)}",
                f"round = {number}",
                f"players = [{', '.join(map(_toml_string, s.byes[stage_id, number]))}]",
            ]
    return "\n".join(out) + "\n"


def _rounds(s: Seating, t: Tournament) -> list[tuple[str, int]]:
    """The (stage, round) pairs of the seating, in the plan's order."""
    present = {(table.stage, table.round) for table in s.tables} | set(s.byes)
    order = {stage.id: index for index, stage in enumerate(t.stages)}
    return sorted(present, key=lambda key: (order.get(key[0], len(order)), key[0], key[1]))


def _toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def read_seating(path: str | Path, t: Tournament) -> Seating:
    """Read ``seating.toml`` (``path``: the file, or the tournament's folder holding one) and
    check it against ``t``: known stages, rounds, variants and players, tables of the right
    size numbered 1, 2, …, every player exactly once in each round it seats (at a table or
    sitting out), every round of each ``draw`` stage seated. Raises :class:`TournamentError`
    located at the offending line. ``repeats`` is counted from the tables."""
    file = Path(path)
    if file.is_dir():
        file = file / SEATING_FILE
    data, lines = read_toml(file)
    return _SeatingReader(str(file), lines, t).seating(data)


class _SeatingReader(Reader):
    def __init__(self, file: str, lines: TomlLines, t: Tournament) -> None:
        super().__init__(file, lines)
        self.t = t
        self.names = [p.name for p in t.players]
        self.variants = {t.variant}
        short = short_variant(t.variant)
        if short is not None:
            self.variants.add(short)
        self.seen: dict[tuple[str, int], dict[str, int]] = {}
        """(stage, round) → player → line where the player is seated."""
        self.first: dict[tuple[str, int], int] = {}
        """(stage, round) → line of its first entry."""

    def seating(self, data: dict[str, Any]) -> Seating:
        top = self.locator(None, 0)
        self.keys(data, SEATING_KEYS, top, SEATING_FILE)
        seed = self.integer(self.required(data, "seed", 0, SEATING_FILE), "seed", top("seed"))
        tables = [
            self._table(entry, index) for index, entry in enumerate(self._entries(data, "table"))
        ]
        byes = {}
        for index, entry in enumerate(self._entries(data, "bye")):
            key, players = self._bye(entry, index)
            if key in byes:
                raise self.fail(
                    f"a second [[bye]] for {key[0]} round {key[1]}", self.lines.header("bye", index)
                )
            byes[key] = players
        self._check_rounds(tables)
        order = {stage.id: index for index, stage in enumerate(self.t.stages)}
        tables.sort(key=lambda table: (order[table.stage], table.round, table.number))
        return Seating(seed, tuple(tables), byes, count_repeats(tables))

    def _entries(self, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(f"{key} must be [[{key}]] tables", self.lines.key(None, 0, key))
        return value

    def _round(
        self, entry: dict[str, Any], section: str, index: int
    ) -> tuple[tuple[str, int], int]:
        """The (stage, round) an entry is for, and the entry's header line."""
        where = self.locator(section, index)
        header = self.lines.header(section, index)
        what = f"[[{section}]] {index + 1}"
        stage_id = self.text(self.required(entry, "stage", header, what), "stage", where("stage"))
        known = [s.id for s in self.t.stages]
        if stage_id not in known:
            raise self.fail(
                f"stage {stage_id!r} is not a stage of the plan{suggest(stage_id, known)}",
                where("stage"),
            )
        rounds = self.t.stage(stage_id).rounds
        number = self.integer(
            self.required(entry, "round", header, what), "round", where("round"), 1
        )
        if number > rounds:
            raise self.fail(f"round {number}: stage {stage_id!r} has {rounds}", where("round"))
        key = (stage_id, number)
        self.first.setdefault(key, header)
        return key, header

    def _seated(
        self, entry: dict[str, Any], section: str, index: int, key: tuple[str, int], header: int
    ) -> tuple[str, ...]:
        line = self.lines.key(section, index, "players")
        value = self.required(entry, "players", header, f"[[{section}]] {index + 1}")
        names = self.strings(value, "players", line) if value != [] else ()
        seen = self.seen.setdefault(key, {})
        for name in names:
            at = self.lines.value(section, index, "players", name)
            if name not in self.names:
                raise self.fail(
                    f"{name!r} is not a registered player{suggest(name, self.names)}", at
                )
            if name in seen:
                raise self.fail(
                    f"{name} seated twice in {key[0]} round {key[1]} (also at line {seen[name]})",
                    at,
                )
            seen[name] = at
        return names

    def _table(self, entry: dict[str, Any], index: int) -> Table:
        where = self.locator("table", index)
        self.keys(entry, TABLE_KEYS, where, f"[[table]] {index + 1}")
        key, header = self._round(entry, "table", index)
        number = self.integer(
            self.required(entry, "table", header, f"[[table]] {index + 1}"),
            "table",
            where("table"),
            1,
        )
        variant = self.t.variant
        if "variant" in entry:
            variant = self.text(entry["variant"], "variant", where("variant"))
            if variant not in self.variants:
                raise self.fail(
                    f"variant {variant!r} is not played in this tournament "
                    f"({' or '.join(sorted(self.variants))})",
                    where("variant"),
                )
        players = self._seated(entry, "table", index, key, header)
        spec = find_variant(variant)
        assert spec is not None
        if len(players) != spec.players:
            raise self.fail(
                f"{len(players)} player(s) at a {variant} table: it seats {spec.players}",
                where("players"),
            )
        return Table(key[0], key[1], number, players, variant)

    def _bye(self, entry: dict[str, Any], index: int) -> tuple[tuple[str, int], tuple[str, ...]]:
        where = self.locator("bye", index)
        self.keys(entry, BYE_KEYS, where, f"[[bye]] {index + 1}")
        key, header = self._round(entry, "bye", index)
        return key, self._seated(entry, "bye", index, key, header)

    def _check_rounds(self, tables: list[Table]) -> None:
        """Table numbers 1..k in each round, every player seated in each round, every round
        of a draw stage present."""
        for key, line in self.first.items():
            numbers = sorted(table.number for table in tables if (table.stage, table.round) == key)
            if len(set(numbers)) != len(numbers):
                twice = next(n for n in numbers if numbers.count(n) > 1)
                raise self.fail(f"table {twice} twice in {key[0]} round {key[1]}", line)
            if numbers != list(range(1, len(numbers) + 1)):
                missing = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
                raise self.fail(f"{key[0]} round {key[1]} has no table {missing}", line)
            absent = [name for name in self.names if name not in self.seen.get(key, {})]
            if absent:
                raise self.fail(
                    f"{key[0]} round {key[1]} seats no {', '.join(absent)} "
                    "(every player at a table or in a [[bye]])",
                    line,
                )
        for stage in self.t.stages:
            if stage.seating != "draw":
                continue
            for number in range(1, stage.rounds + 1):
                if (stage.id, number) not in self.first:
                    raise self.fail(f"no tables for {stage.id} round {number}", 0)


def count_repeats(tables: Sequence[Table]) -> dict[tuple[str, int], int]:
    """(stage, round) → pairs of players at one table who already shared a table in an
    earlier round (the tables in order of play)."""
    met: set[frozenset[str]] = set()
    repeats: dict[tuple[str, int], int] = {}
    rounds: dict[tuple[str, int], list[Table]] = {}
    for table in tables:
        rounds.setdefault((table.stage, table.round), []).append(table)
    for key, round_tables in rounds.items():
        pairs = {
            frozenset((a, b))
            for table in round_tables
            for i, a in enumerate(table.players)
            for b in table.players[i + 1 :]
        }
        repeats[key] = len(pairs & met)
        met |= pairs
    return repeats
