"""Read and check ``tournament.toml``: :func:`load` gives a :class:`~.model.Tournament` or
raises a :class:`~.model.TournamentError` located at the offending key (``file:line:
message``). The plan is data: a tournament without ``[[stage]]`` entries gets the Semedela Open
plan (SL-14.2..14.4), any other event writes its own stages.

TOML readers give no positions, so :class:`TomlLines` finds a key's line in the text (the
``[[stage]]`` and ``[[ruling]]`` entries by their position in the file); the seating file
(:mod:`.draw`) is located the same way.
"""

from __future__ import annotations

import datetime
import difflib
import functools
import json
import re
import string
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from tarokpgn.rules.ruleset import OptionError, find_ruleset, rulesets
from tarokpgn.tournament.model import TIEBREAKS, Player, Ruling, Stage, Tournament, TournamentError
from tarokpgn.variants import all_variants, find_variant, variant_ids, variant_spec

CONFIG_FILE = "tournament.toml"
"""The file :func:`load` looks for when given a folder."""

DEFAULT_FILES = "{stage}/round-{round}/table-{table}.tpgn"
"""Where a table's file is, unless a stage says otherwise."""

DEFAULT_TIEBREAKS: tuple[str, ...] = ("later-rounds", "best-deal", "fewer-negative")

SHORT_TABLES: tuple[str, ...] = ("three", "bye")
SEATINGS: tuple[str, ...] = ("draw", "groups")

TOP_KEYS: tuple[str, ...] = (
    "name",
    "dates",
    "site",
    "variant",
    "ruleset",
    "seed",
    "short_tables",
    "tiebreaks",
    "players",
    "stage",
    "ruling",
)
PLAYER_KEYS: tuple[str, ...] = ("name", "club")
STAGE_KEYS: tuple[str, ...] = (
    "id",
    "name",
    "rounds",
    "deals",
    "seating",
    "from",
    "groups",
    "carry",
    "files",
)
RULING_KEYS: tuple[str, ...] = (
    "stage",
    "round",
    "table",
    "deal",
    "scores",
    "player",
    "points",
    "reason",
)


def default_stages() -> tuple[Stage, ...]:
    """The Semedela Open plan: a qualifying stage of two rounds of 12 deals with the seating
    drawn (SL-14.1, SL-14.2), then finals of one round of 12 deals in groups formed from the
    qualifying ranking (SL-14.3), every player starting from zero (SL-14.4)."""
    return (
        Stage("qualifying", "Qualifying", rounds=2, deals=12, seating="draw"),
        Stage(
            "finals",
            "Finals",
            rounds=1,
            deals=12,
            seating="groups",
            source="qualifying",
            groups=("Final", "Small final"),
            carry=False,
        ),
    )


def table_file(stage: Stage, round: int, table: int) -> str:
    """The file of ``table`` in ``round`` of ``stage``, relative to the tournament's folder
    (``qualifying/round-1/table-2.tpgn`` by default)."""
    return stage.files.format(stage=stage.id, round=round, table=table)


def short_variant(variant: str) -> str | None:
    """The variant of ``variant``'s family for one player fewer (slovenian-4 → slovenian-3),
    or None when the family has none."""
    spec = variant_spec(variant)
    for other in all_variants():
        if other.family == spec.family and other.players == spec.players - 1:
            return other.id
    return None


def table_sizes(count: int, size: int, mode: str) -> tuple[tuple[int, ...], int] | None:
    """How ``count`` players sit in one round at tables of ``size``: the table sizes (full
    tables first) and how many players sit out. ``three``: ``count = size·a + (size-1)·b`` with
    ``a`` as large as possible, nobody out; ``bye``: ``count // size`` full tables, the rest
    out. None when no table can be formed (or ``three`` cannot split ``count``)."""
    if count < size:
        return None
    if mode == "bye":
        full = count // size
        return (size,) * full, count - full * size
    for full in range(count // size, -1, -1):
        rest = count - full * size
        if rest % (size - 1) == 0:
            return (size,) * full + (size - 1,) * (rest // (size - 1)), 0
    return None


def load(path: str | Path) -> Tournament:
    """Read and check a ``tournament.toml`` (``path``: the file, or a folder holding one).

    Raises :class:`TournamentError` (``file:line: message``) for anything that cannot be used:
    a TOML syntax error, an unknown key (with "did you mean"), a missing key, a value of the
    wrong type or out of range, an unknown variant, ruleset, stage, player or tie-break."""
    file = Path(path)
    if file.is_dir():
        file = file / CONFIG_FILE
    name = str(file)
    data, lines = read_toml(file)
    return Reader(name, lines).tournament(data, str(file.parent))


def read_toml(file: Path) -> tuple[dict[str, Any], TomlLines]:
    """The parsed TOML of ``file`` and its :class:`TomlLines`; a :class:`TournamentError` when
    it cannot be read or parsed (syntax errors at tomllib's line)."""
    name = str(file)
    try:
        text = file.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise TournamentError("no such file", name) from None
    except UnicodeDecodeError as err:
        raise TournamentError(f"not UTF-8 text ({err.reason})", name) from None
    except OSError as err:
        raise TournamentError(f"cannot read: {err.strerror or err}", name) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        found = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
        if found is None:
            raise TournamentError(f"not valid TOML: {message}", name) from None
        message = message[: found.start()]
        raise TournamentError(
            f"not valid TOML: {message} (column {found[2]})", name, int(found[1])
        ) from None
    return data, TomlLines(text)


def suggest(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a close match of ``word`` among ``known``, else ``""``."""
    choices = list(known)
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in choices}
        close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
        close = [lowered[c] for c in close]
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- where a key is in the text ----------------------------------------------------------------

_HEADER = re.compile(r"\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")


class TomlLines:
    """Line numbers of keys and values in a TOML text: tomllib gives none.

    A *section* is ``None`` (the top level, before any table header) or a table name; with
    ``[[name]]`` headers, ``index`` picks the entry (0: the first ``[[name]]``)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.sections: list[tuple[str | None, int, int]] = []
        """(section name, index among its ``[[name]]`` headers, first line) in file order."""
        counts: dict[str, int] = {}
        self.sections.append((None, 0, 1))
        depth = 0
        for number, line in enumerate(self.lines, 1):
            header = _HEADER.match(line) if depth == 0 else None
            if header is not None:
                section = header[2].strip("\"' ")
                index = counts.get(section, 0)
                counts[section] = index + 1
                self.sections.append((section, index, number))
            else:
                depth = max(0, depth + _bracket_depth(line))
        self.counts = counts

    def _span(self, section: str | None, index: int) -> tuple[int, int] | None:
        """First and last line of a section entry (the header's line first)."""
        for position, (name, at, first) in enumerate(self.sections):
            if name == section and at == index:
                following = self.sections[position + 1 :]
                last = following[0][2] - 1 if following else len(self.lines)
                return first, last
        return None

    def header(self, section: str | None, index: int = 0) -> int:
        """The line of the ``index``-th ``[[section]]`` header (0 when there is none)."""
        span = self._span(section, index) if section is not None else None
        return span[0] if span else 0

    def key(self, section: str | None, index: int, key: str) -> int:
        """The line where ``key`` is set in the entry, else the entry's header line, else the
        line of the key holding the section (``stage = [...]``), else 0."""
        span = self._span(section, index)
        if span is not None:
            pattern = re.compile(rf"\s*([\"']?){re.escape(key)}\1\s*=")
            for number in range(span[0], span[1] + 1):
                if pattern.match(self.lines[number - 1]):
                    return number
            if section is not None:
                return span[0]
        if section is not None:
            return self.key(None, 0, section)
        return 0

    def value(self, section: str | None, index: int, key: str, value: str, nth: int = 1) -> int:
        """The line of the ``nth`` time the string ``value`` is written (quoted) in or after the
        line of ``key``, within the entry; else the key's line."""
        start = self.key(section, index, key)
        if not start:
            return 0
        span = self._span(section, index)
        last = span[1] if span and section is not None else len(self.lines)
        quoted = (json.dumps(value, ensure_ascii=False), f"'{value}'")
        seen = 0
        for number in range(start, last + 1):
            line = self.lines[number - 1]
            seen += sum(line.count(q) for q in quoted)
            if seen >= nth:
                return number
        return start


def _bracket_depth(line: str) -> int:
    """How much ``line`` opens (``[``) or closes (``]``) outside strings and comments."""
    depth, quote = 0, ""
    escaped = False
    for char in line:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            break
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
    return depth


# --- checking the values -----------------------------------------------------------------------


class Reader:
    """Turns parsed TOML into a :class:`Tournament` (and, for :mod:`.draw`, checks a seating
    file's values), raising errors located in ``file``."""

    def __init__(self, file: str, lines: TomlLines) -> None:
        self.file = file
        self.lines = lines

    def fail(self, message: str, line: int) -> TournamentError:
        return TournamentError(message, self.file, line)

    def locator(self, section: str | None, index: int) -> Callable[[str], int]:
        """key → its line in the ``index``-th ``[[section]]`` entry (:meth:`TomlLines.key`)."""
        return functools.partial(self.lines.key, section, index)

    # generic checks; ``where`` gives the line of a key of the current entry

    def keys(
        self,
        table: Mapping[str, Any],
        known: tuple[str, ...],
        where: Callable[[str], int],
        what: str,
    ) -> None:
        for key in table:
            if key not in known:
                raise self.fail(
                    f"unknown key {key!r} in {what}{suggest(key, known)}; "
                    f"known keys: {', '.join(known)}",
                    where(key),
                )

    def required(self, table: Mapping[str, Any], key: str, line: int, what: str) -> Any:
        if key not in table:
            raise self.fail(f"{what} has no {key!r}", line)
        return table[key]

    def text(self, value: Any, key: str, line: int) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{key} must be a non-empty string, not {_shown(value)}", line)
        return value.strip()

    def integer(self, value: Any, key: str, line: int, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{key} must be an integer, not {_shown(value)}", line)
        if minimum is not None and value < minimum:
            raise self.fail(f"{key} must be at least {minimum}, not {value}", line)
        return value

    def choice(self, value: Any, key: str, line: int, known: Iterable[str]) -> str:
        choices = tuple(known)
        if not isinstance(value, str) or value not in choices:
            hint = suggest(value, choices) if isinstance(value, str) else ""
            raise self.fail(
                f"{key} must be one of {', '.join(choices)}, not {_shown(value)}{hint}", line
            )
        return value

    def strings(self, value: Any, key: str, line: int) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(f"{key} must be a list of non-empty strings, not {_shown(value)}", line)
        return tuple(v.strip() for v in value)

    # the tournament

    def tournament(self, data: dict[str, Any], folder: str) -> Tournament:
        top = self.locator(None, 0)
        self.keys(data, TOP_KEYS, top, "tournament.toml")
        name = self.text(self.required(data, "name", 0, "the tournament"), "name", top("name"))
        variant = self._variant(self.required(data, "variant", 0, "the tournament"))
        ruleset = self._ruleset(data.get("ruleset"), variant)
        players = self._players(data.get("players"))
        size = _table_size(variant)
        if len(players) < size:
            raise self.fail(
                f"{len(players)} player(s): a {variant} tournament needs at least {size}",
                top("players"),
            )
        short_tables = "three"
        if "short_tables" in data:
            short_tables = self.choice(
                data["short_tables"], "short_tables", top("short_tables"), SHORT_TABLES
            )
        self._check_short_tables(len(players), variant, short_tables)
        seed = None
        if "seed" in data:
            seed = self.integer(data["seed"], "seed", top("seed"), minimum=0)
        tiebreaks = self._tiebreaks(data.get("tiebreaks"), seed)
        stages = self._stages(data.get("stage"))
        rulings = self._rulings(data.get("ruling"), stages, players, size, short_tables)
        return Tournament(
            name=name,
            folder=folder,
            players=players,
            variant=variant,
            ruleset=ruleset,
            stages=stages,
            tiebreaks=tiebreaks,
            dates=self._dates(data.get("dates")),
            site=self.text(data["site"], "site", top("site")) if "site" in data else "",
            short_tables=short_tables,
            seed=seed,
            rulings=rulings,
            path=self.file,
        )

    def _variant(self, value: Any) -> str:
        line = self.lines.key(None, 0, "variant")
        variant = self.text(value, "variant", line)
        if find_variant(variant) is None:
            known = list(variant_ids())
            raise self.fail(
                f"unknown variant {variant!r}{suggest(variant, known)}; known: {', '.join(known)}",
                line,
            )
        return variant

    def _ruleset(self, value: Any, variant: str) -> str:
        spec = find_variant(variant)
        assert spec is not None
        if value is None:
            return spec.default_ruleset
        line = self.lines.key(None, 0, "ruleset")
        ruleset = self.text(value, "ruleset", line)
        try:
            find_ruleset(variant, ruleset)
        except OptionError:
            known = rulesets(variant)
            raise self.fail(
                f"unknown ruleset {ruleset!r} for {variant}{suggest(ruleset, known)}; "
                f"known: {', '.join(known) or 'none'}",
                line,
            ) from None
        return ruleset

    def _dates(self, value: Any) -> tuple[str, ...]:
        if value is None:
            return ()
        line = self.lines.key(None, 0, "dates")
        items = value if isinstance(value, list) else [value]
        dates = []
        for item in items:
            if isinstance(item, datetime.date) and not isinstance(item, datetime.datetime):
                dates.append(item.isoformat())
                continue
            try:
                dates.append(datetime.date.fromisoformat(item).isoformat())
            except (TypeError, ValueError):
                raise self.fail(
                    f"dates must be ISO dates (2026-05-16), not {_shown(item)}", line
                ) from None
        return tuple(dates)

    def _players(self, value: Any) -> tuple[Player, ...]:
        line = self.lines.key(None, 0, "players")
        if value is None:
            raise self.fail("the tournament has no 'players'", 0)
        if not isinstance(value, list) or not value:
            raise self.fail(
                f"players must be a non-empty list of names or [[players]] tables, "
                f"not {_shown(value)}",
                line,
            )
        players: list[Player] = []
        seen: dict[str, str] = {}
        for index, item in enumerate(value):
            player, where = self._player(item, index)
            key = player.name.casefold()
            if key in seen:
                nth = 2 if seen[key] == player.name else 1
                at = where if isinstance(item, dict) else self._name_line(index, player.name, nth)
                raise self.fail(
                    f"player {player.name!r} twice (as {seen[key]!r} before); "
                    "names must differ, also in case",
                    at,
                )
            seen[key] = player.name
            players.append(player)
        return tuple(players)

    def _player(self, item: Any, index: int) -> tuple[Player, int]:
        """One entry of ``players``: a name, or a table with ``name`` and ``club``."""
        if isinstance(item, dict):
            headers = self.lines.counts.get("players", 0) > index

            def where(key: str) -> int:
                if headers:
                    return self.lines.key("players", index, key)
                return self.lines.key(None, 0, "players")

            self.keys(item, PLAYER_KEYS, where, f"players entry {index + 1}")
            header = self.lines.header("players", index) if headers else where("name")
            name = self.text(
                self.required(item, "name", header, f"players entry {index + 1}"), "name", header
            )
            club = self.text(item["club"], "club", where("club")) if "club" in item else ""
            return Player(name, club), where("name")
        line = self.lines.key(None, 0, "players")
        if not isinstance(item, str) or not item.strip():
            raise self.fail(f"a player must be a non-empty name, not {_shown(item)}", line)
        return Player(item.strip()), self._name_line(index, item, 1)

    def _name_line(self, index: int, name: str, nth: int) -> int:
        return self.lines.value(None, 0, "players", name, nth)

    def _check_short_tables(self, count: int, variant: str, mode: str) -> None:
        """With ``three``, the players must split into full tables and tables one short, and
        the family must have a variant for one player fewer (a documented choice: the rules
        say nothing about player counts, SL-14.1)."""
        line = self.lines.key(None, 0, "short_tables") or self.lines.key(None, 0, "players")
        size = _table_size(variant)
        if mode != "three" or count % size == 0:
            return
        if short_variant(variant) is None:
            raise self.fail(
                f"{count} players do not fill tables of {size}, and {variant} has no variant "
                f'for {size - 1} players: set short_tables = "bye"',
                line,
            )
        if table_sizes(count, size, mode) is None:
            raise self.fail(
                f"{count} players cannot sit at tables of {size} and {size - 1}: "
                'set short_tables = "bye"',
                line,
            )

    def _tiebreaks(self, value: Any, seed: int | None) -> tuple[str, ...]:
        if value is None:
            return DEFAULT_TIEBREAKS
        line = self.lines.key(None, 0, "tiebreaks")
        given = self.strings(value, "tiebreaks", line) if value != [] else ()
        for tiebreak in given:
            self.choice(tiebreak, "a tie-break", line, TIEBREAKS)
        if len(set(given)) != len(given):
            raise self.fail("a tie-break is listed twice", line)
        if "lot" in given and seed is None:
            raise self.fail("the 'lot' tie-break needs a 'seed' in tournament.toml", line)
        return given

    # stages

    def _stages(self, value: Any) -> tuple[Stage, ...]:
        if value is None:
            return default_stages()
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            raise self.fail(
                "stage must be [[stage]] tables, one a stage", self.lines.key(None, 0, "stage")
            )
        stages: list[Stage] = []
        for index, entry in enumerate(value):
            stages.append(self._stage(entry, index, stages))
        self._check_files(stages)
        return tuple(stages)

    def _stage(self, entry: dict[str, Any], index: int, earlier: list[Stage]) -> Stage:
        where = self.locator("stage", index)
        header = self.lines.header("stage", index) or where("stage")
        self.keys(entry, STAGE_KEYS, where, f"stage {index + 1}")
        what = f"stage {index + 1}"
        stage_id = self.text(self.required(entry, "id", header, what), "id", where("id"))
        if not re.fullmatch(r"[A-Za-z0-9_\-]+", stage_id):
            raise self.fail(
                f"stage id {stage_id!r} must be letters, digits, - or _ (it names a folder)",
                where("id"),
            )
        if any(s.id == stage_id for s in earlier):
            raise self.fail(f"stage id {stage_id!r} twice", where("id"))
        what = f"stage {stage_id!r}"
        name = stage_id.replace("-", " ").replace("_", " ").capitalize()
        if "name" in entry:
            name = self.text(entry["name"], "name", where("name"))
        rounds = self.integer(
            self.required(entry, "rounds", header, what), "rounds", where("rounds"), 1
        )
        deals = self.integer(
            self.required(entry, "deals", header, what), "deals", where("deals"), 1
        )
        seating = "groups" if "from" in entry else "draw"
        if "seating" in entry:
            seating = self.choice(entry["seating"], "seating", where("seating"), SEATINGS)
        source = self._source(entry, seating, earlier, where, header)
        groups: tuple[str, ...] = ()
        if "groups" in entry:
            if seating != "groups":
                raise self.fail(
                    'groups is only for a stage with seating = "groups"', where("groups")
                )
            groups = self.strings(entry["groups"], "groups", where("groups"))
            if len({g.casefold() for g in groups}) != len(groups):
                raise self.fail("a group name is listed twice", where("groups"))
        elif seating == "groups":
            groups = ("Final", "Small final")
        carry = False
        if "carry" in entry:
            if not isinstance(entry["carry"], bool):
                raise self.fail(
                    f"carry must be true or false, not {_shown(entry['carry'])}", where("carry")
                )
            carry = entry["carry"]
        files = DEFAULT_FILES
        if "files" in entry:
            files = self._files(entry["files"], rounds, where("files"))
        return Stage(stage_id, name, rounds, deals, seating, source, groups, carry, files)

    def _source(
        self,
        entry: dict[str, Any],
        seating: str,
        earlier: list[Stage],
        where: Callable[[str], int],
        header: int,
    ) -> str:
        if seating == "draw":
            if "from" in entry:
                raise self.fail('from is only for a stage with seating = "groups"', where("from"))
            return ""
        if "from" not in entry:
            raise self.fail(
                "a stage with seating = \"groups\" needs 'from': the stage whose ranking forms "
                "the groups (SL-14.3)",
                header,
            )
        source = self.text(entry["from"], "from", where("from"))
        known = [s.id for s in earlier]
        if source not in known:
            raise self.fail(
                f"from = {source!r} names no earlier stage{suggest(source, known)}"
                + (f"; earlier stages: {', '.join(known)}" if known else ""),
                where("from"),
            )
        return source

    def _files(self, value: Any, rounds: int, line: int) -> str:
        """A ``files`` pattern: a relative path inside the folder, using only ``{stage}``,
        ``{round}`` and ``{table}``; ``{table}`` (and ``{round}`` with several rounds) needed so
        that every table has its own file."""
        pattern = self.text(value, "files", line)
        try:
            fields = [f for _, f, _, _ in string.Formatter().parse(pattern) if f is not None]
        except ValueError as err:
            raise self.fail(f"files pattern {pattern!r}: {err}", line) from None
        for name in fields:
            if name not in ("stage", "round", "table"):
                raise self.fail(
                    f"files pattern {pattern!r}: {{{name}}} is not one of {{stage}}, {{round}}, "
                    "{table}",
                    line,
                )
        try:
            pattern.format(stage="s", round=1, table=1)
        except (ValueError, IndexError, KeyError) as err:
            raise self.fail(f"files pattern {pattern!r}: {err}", line) from None
        if "table" not in fields or (rounds > 1 and "round" not in fields):
            needed = "{table} and {round}" if rounds > 1 else "{table}"
            raise self.fail(
                f"files pattern {pattern!r} must contain {needed}: every table its own file", line
            )
        path = PurePosixPath(pattern)
        if (
            "\\" in pattern
            or path.is_absolute()
            or ".." in path.parts
            or re.match(r"^[A-Za-z]:", pattern)
        ):
            raise self.fail(
                f"files pattern {pattern!r} must be a relative path inside the tournament "
                "folder (with /, no .., not absolute)",
                line,
            )
        return pattern

    def _check_files(self, stages: list[Stage]) -> None:
        """Two stages must not write to the same files."""
        seen: dict[str, str] = {}
        for index, stage in enumerate(stages):
            first = table_file(stage, 1, 1)
            if first in seen:
                raise self.fail(
                    f"stages {seen[first]!r} and {stage.id!r} use the same files ({first}): "
                    "put {stage} in the files pattern",
                    self.lines.key("stage", index, "files"),
                )
            seen[first] = stage.id

    # rulings

    def _rulings(
        self,
        value: Any,
        stages: tuple[Stage, ...],
        players: tuple[Player, ...],
        size: int,
        mode: str,
    ) -> tuple[Ruling, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(
                "ruling must be [[ruling]] tables, one a ruling", self.lines.key(None, 0, "ruling")
            )
        names = [p.name for p in players]
        plan = table_sizes(len(players), size, mode)
        tables = max(len(plan[0]) if plan else 0, -(-len(players) // size))  # draw or groups
        return tuple(
            self._ruling(entry, index, stages, names, tables) for index, entry in enumerate(value)
        )

    def _ruling(
        self,
        entry: dict[str, Any],
        index: int,
        stages: tuple[Stage, ...],
        names: list[str],
        tables: int,
    ) -> Ruling:
        where = self.locator("ruling", index)
        header = self.lines.header("ruling", index) or where("ruling")
        what = f"ruling {index + 1}"
        self.keys(entry, RULING_KEYS, where, what)
        reason = self.text(self.required(entry, "reason", header, what), "reason", where("reason"))
        stage_id = self.text(self.required(entry, "stage", header, what), "stage", where("stage"))
        known = [s.id for s in stages]
        if stage_id not in known:
            raise self.fail(
                f"stage {stage_id!r} is not a stage of the plan{suggest(stage_id, known)}; "
                f"stages: {', '.join(known)}",
                where("stage"),
            )
        stage = next(s for s in stages if s.id == stage_id)
        if "scores" in entry and ("player" in entry or "points" in entry):
            raise self.fail(
                f"{what} sets a deal's scores and adjusts a player: write two rulings", header
            )
        if "scores" in entry:
            return self._scores_ruling(entry, index, stage, names, tables, reason, header)
        if "points" not in entry and "player" not in entry:
            raise self.fail(
                f"{what} has neither 'scores' (with round, table, deal) nor 'player' and 'points'",
                header,
            )
        for key in ("round", "table", "deal"):
            if key in entry:
                raise self.fail(f"{key} is only for a ruling that sets a deal's scores", where(key))
        player = self._name(self.required(entry, "player", header, what), names, where("player"))
        points = self.integer(
            self.required(entry, "points", header, what), "points", where("points")
        )
        return Ruling(reason, stage=stage_id, player=player, points=points, line=header)

    def _scores_ruling(
        self,
        entry: dict[str, Any],
        index: int,
        stage: Stage,
        names: list[str],
        tables: int,
        reason: str,
        header: int,
    ) -> Ruling:
        where = self.locator("ruling", index)
        what = f"ruling {index + 1}"
        limits = {"round": stage.rounds, "table": tables, "deal": stage.deals}
        numbers = {}
        for key, limit in limits.items():
            number = self.integer(self.required(entry, key, header, what), key, where(key), 1)
            if number > limit:
                raise self.fail(
                    f"{key} {number}: stage {stage.id!r} has {limit} {key}s", where(key)
                )
            numbers[key] = number
        scores_value = entry["scores"]
        if not isinstance(scores_value, dict) or not scores_value:
            raise self.fail(
                f'scores must be a table of player = score ({{"Ana Novak" = -120, ...}}), '
                f"not {_shown(scores_value)}",
                where("scores"),
            )
        scores: dict[str, int] = {}
        for name, score in scores_value.items():
            line = self.lines.value("ruling", index, "scores", name)
            player = self._name(name, names, line)
            scores[player] = self.integer(score, f"the score of {player}", line)
        return Ruling(
            reason,
            stage=stage.id,
            round=numbers["round"],
            table=numbers["table"],
            deal=numbers["deal"],
            scores=scores,
            line=header,
        )

    def _name(self, value: Any, names: list[str], line: int) -> str:
        name = self.text(value, "player", line)
        if name not in names:
            raise self.fail(f"{name!r} is not a registered player{suggest(name, names)}", line)
        return name


def _table_size(variant: str) -> int:
    spec = find_variant(variant)
    assert spec is not None
    return spec.players


def _shown(value: Any) -> str:
    """A value as the error message shows it (TOML-ish, short)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
