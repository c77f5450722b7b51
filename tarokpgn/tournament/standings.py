"""The standings of a tournament worked out from its folder: :func:`standings`.

Every table file the plan expects (:func:`.config.table_file`) is read with the library's
reader and verified with :func:`tarokpgn.replay.verify_all` (renons judgements included). Each
deal that verifies counts with its computed score, mapped from seats to the players the seat
tags name; a judge's ruling replaces it: a ``[[ruling]]`` in ``tournament.toml`` or a renons
claim's recorded ``ruling=`` (:func:`tarokpgn.renons.judge_deal` with ``recorded``). A written
``Result`` that differs from that score (as ruled, after a recorded ruling) is a blocking
issue; so are running ``Totals`` that are not the table's totals before the deal plus its
score (:class:`_Totals`: each deal answers for its own mistakes only). A deal that fails
verification counts with its written ``Result`` (else 0) and makes the standings provisional.
Nothing is skipped in silence: whatever the judge must see is an :class:`~.model.Issue`,
located, and costs only its own deal (an unreadable deal keeps a row on the table's sheet).

Ranking (SL-14.2..14.4): a stage's total is the sum of its rounds (plus the points of earlier
stages when the stage carries them, plus the judge's adjustments, SL-13.5); ties are broken by
the tournament's tie-breaks in order (:data:`~.model.TIEBREAKS`); players still tied share a
rank. The best players form group 1 (the final), the next group 2 (the small final) … (SL-14.3);
a groups stage ranks group by group, each from zero unless it carries (SL-14.4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from tarokpgn.errors import NotationError, TarokPgnError
from tarokpgn.model import Record, Renons, format_scores, parse_scores
from tarokpgn.notation import iter_file
from tarokpgn.renons import DealRuling, Judgement, judge_deal, short
from tarokpgn.replay import verify_all
from tarokpgn.replayer import deal_number
from tarokpgn.tournament.config import suggest, table_file
from tarokpgn.tournament.draw import SEATING_FILE, read_seating, short_variant, table_sizes
from tarokpgn.tournament.model import (
    DealRow,
    Group,
    Issue,
    Ruling,
    Seating,
    Stage,
    StageStandings,
    Standing,
    Standings,
    TableResult,
    Tournament,
    TournamentError,
)
from tarokpgn.verdict import Status, Verdict

__all__ = ["standings"]

FILE_KINDS = frozenset(
    {
        "missing-file",
        "unreadable-deal",
        "deal-fails",
        "deal-incomplete",
        "missing-deal",
        "extra-deal",
    }
)
"""Issue kinds that leave a stage incomplete when they are blocking."""

HIGHER_BETTER = frozenset({"later-rounds", "best-deal"})
"""Tie-breaks whose higher values are better (the others: lower is better)."""


def standings(t: Tournament, seating: Seating | None = None) -> Standings:
    """The standings of ``t`` from the table files in its folder. ``seating``: the draw
    (default: ``seating.toml`` in the folder when there is one); with it, a player at a table
    the draw did not put him at is reported."""
    work = _Work(t, seating)
    for stage in t.stages:
        work.stage(stage)
    work.extra_files()
    return Standings(t, tuple(work.issues), tuple(work.tables), tuple(work.stages), work.final())


# --- what one table file gives -----------------------------------------------------------------


@dataclass
class _Read:
    """A table file read: its result, and where each name first appears (a seat tag's line)."""

    result: TableResult
    names: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, int] = field(default_factory=dict)
    """Names that are no registered player (with the line of their first seat tag)."""
    deal_scores: dict[str, list[int]] = field(default_factory=dict)
    """Player → each deal's counted score."""


@dataclass
class _Points:
    """One player's points in one stage."""

    rounds: list[int]
    deals: list[int] = field(default_factory=list)
    adjust: int = 0
    carried: int = 0

    @property
    def own(self) -> int:
        return sum(self.rounds) + self.adjust

    @property
    def total(self) -> int:
        return self.own + self.carried


@dataclass
class _Planned:
    """A table the plan expects in one round: its players (empty when unknown) and variant."""

    number: int
    players: tuple[str, ...]
    variant: str


class _Work:
    """The standings being worked out, stage by stage."""

    def __init__(self, t: Tournament, seating: Seating | None) -> None:
        self.t = t
        self.folder = Path(t.folder)
        self.registered = [p.name for p in t.players]
        self.issues: list[Issue] = []
        self.tables: list[TableResult] = []
        self.stages: list[StageStandings] = []
        self.points: dict[str, dict[str, _Points]] = {}
        self.groups: dict[str, tuple[Group, ...]] = {}
        """Groups stage id → the groups its source stage's ranking forms."""
        self.out: dict[str, tuple[str, ...]] = {}
        """Groups stage id → players in no group (``short_tables = "bye"``)."""
        self.expected: set[str] = set()
        self.config = Path(t.path).name if t.path else "tournament.toml"
        self.seating = seating if seating is not None else self._read_seating()

    def issue(self, kind: str, message: str, **where: object) -> None:
        self.issues.append(Issue(kind, message, **where))  # type: ignore[arg-type]

    def _read_seating(self) -> Seating | None:
        path = self.folder / SEATING_FILE
        if not path.is_file():
            drawn = next((s for s in self.t.stages if s.seating == "draw"), None)
            if drawn is not None:
                self.issue("no-seating", f"no {SEATING_FILE}: nobody can be checked against "
                           "the draw", stage=drawn.id, blocking=False)  # fmt: skip
            return None
        try:
            return read_seating(path, self.t)
        except TournamentError as err:
            self.issue(
                "config",
                f"{err.message}; the seating is not checked",
                file=SEATING_FILE,
                line=err.line,
            )
            return None

    # --- a stage -------------------------------------------------------------------------------

    def stage(self, stage: Stage) -> None:
        """Read, check and rank one stage; form the groups of the stages drawn from it."""
        players = self._players(stage)
        points = {p: _Points([0] * stage.rounds) for p in players}
        pending = 0
        for rnd in range(1, stage.rounds + 1):
            plan = self._plan(stage, rnd)
            files = [table_file(stage, rnd, p.number) for p in plan]
            self.expected.update(files)
            if not any((self.folder / f).exists() for f in files):
                pending += 1  # not played yet: its tables (players known or not) not found
                self.tables += [self._unplayed(stage, rnd, p) for p in plan]
                continue
            reads = {p.number: self._table(stage, rnd, p) for p in plan}
            self._check_round(stage, rnd, plan, reads)
            self._add(points, rnd, reads)
        self._pending(stage, pending)
        self._adjust(stage, points)
        self.points[stage.id] = points
        rows = self._rank_stage(stage, points)
        complete = pending == 0 and not any(
            i.blocking and i.kind in FILE_KINDS and i.stage == stage.id for i in self.issues
        )
        groups = self._form_groups(stage, rows)
        self.stages.append(StageStandings(stage.id, stage.name, tuple(rows), groups, complete))

    def _players(self, stage: Stage) -> list[str]:
        """The players of a stage: everyone, or for a groups stage the groups' players."""
        if stage.seating == "groups":
            return [p for g in self.groups.get(stage.id, ()) for p in g.players]
        return list(self.registered)

    def _plan(self, stage: Stage, rnd: int) -> list[_Planned]:
        """The tables of one round: the groups (table k = group k), the seating draw's tables,
        or (no draw known) as many tables as the players fill, players unknown."""
        t = self.t
        if stage.seating == "groups":
            return [
                _Planned(g.number, g.players, self._variant(len(g.players)))
                for g in self.groups.get(stage.id, ())
            ]
        seated = self._seated(stage.id, rnd)
        if seated:
            return seated
        split = table_sizes(len(self.registered), t.table_size, t.short_tables)
        sizes = split[0] if split is not None else ()
        return [_Planned(n, (), self._variant(s)) for n, s in enumerate(sizes, 1)]

    def _seated(self, stage: str, rnd: int) -> list[_Planned]:
        if self.seating is None:
            return []
        return [
            _Planned(x.number, x.players, x.variant)
            for x in self.seating.tables
            if x.stage == stage and x.round == rnd
        ]

    def _variant(self, size: int) -> str:
        if size < self.t.table_size:
            return short_variant(self.t.variant) or self.t.variant
        return self.t.variant

    def _pending(self, stage: Stage, rounds: int) -> None:
        """A stage (or some of its rounds) not played yet: no table file at all."""
        if rounds == stage.rounds:
            self.issue(
                "stage-pending",
                f"{stage.name} not played yet: no table file",
                stage=stage.id,
                blocking=False,
            )
        elif rounds:
            self.issue(
                "stage-pending",
                f"{stage.name}: {rounds} round(s) not played yet (no table file)",
                stage=stage.id,
                blocking=False,
            )

    def _add(self, points: dict[str, _Points], rnd: int, reads: dict[int, _Read | None]) -> None:
        """A round's table totals and deal scores into the players' points."""
        for read in reads.values():
            if read is None:
                continue
            for name, scores in read.deal_scores.items():
                if name in points:
                    points[name].rounds[rnd - 1] += sum(scores)
                    points[name].deals += scores

    def _adjust(self, stage: Stage, points: dict[str, _Points]) -> None:
        """The judge's adjustments (SL-13.5) and, when the stage carries, earlier stages'
        points (SL-14.4: the Semedela finals do not)."""
        for ruling in self.t.rulings:
            if ruling.stage != stage.id or not ruling.player:
                continue
            if ruling.player in points:
                points[ruling.player].adjust += ruling.points
                self.issue(
                    "ruling",
                    f"{ruling.player} {ruling.points:+d} in {stage.name}: {ruling.reason}",
                    file=self.config,
                    line=ruling.line,
                    stage=stage.id,
                    player=ruling.player,
                    blocking=False,
                )
            else:
                self.issue(
                    "config",
                    f"the ruling on {ruling.player} names a player who is not in {stage.name}",
                    file=self.config,
                    line=ruling.line,
                    stage=stage.id,
                    player=ruling.player,
                )
        if not stage.carry:
            return
        for earlier in self.points.values():
            for name, p in points.items():
                p.carried += earlier[name].own if name in earlier else 0

    @staticmethod
    def _unplayed(stage: Stage, rnd: int, plan: _Planned) -> TableResult:
        rel = table_file(stage, rnd, plan.number)
        return TableResult(
            stage.id, rnd, plan.number, rel, plan.variant, plan.players, (), {}, found=False
        )

    # --- a table file --------------------------------------------------------------------------

    def _table(self, stage: Stage, rnd: int, plan: _Planned) -> _Read | None:
        """Read and verify one table file; None (and an issue) when it is missing."""
        rel = table_file(stage, rnd, plan.number)
        here = {"file": rel, "stage": stage.id, "round": rnd, "table": plan.number}
        path = self.folder / rel
        if not path.is_file():
            self.issue(
                "missing-file",
                f"{stage.name} round {rnd} table {plan.number}: no file {rel}",
                **here,
            )
            self.tables.append(self._unplayed(stage, rnd, plan))
            return None
        sheet = _Sheet(self, stage, rnd, plan, rel)
        errors: list[NotationError] = []
        try:
            for record, verdict in verify_all(_records(iter_file(path, rel), errors, rel)):
                sheet.deal(record, verdict)
        except OSError as exc:
            self.issue(
                "unreadable-deal",
                f"cannot read on: {exc.strerror or exc}; the deals "
                "after the last one read are not counted",
                **here,
            )
        for bad in errors:
            self.issue("unreadable-deal", f"{bad.code} {bad.message}", line=bad.line, **here)
        return sheet.finish(errors)

    # --- players in one round ------------------------------------------------------------------

    def _check_round(
        self, stage: Stage, rnd: int, plan: list[_Planned], reads: dict[int, _Read | None]
    ) -> None:
        """Two tables, a player missing, a player at the wrong table (SL-14.1: the draw
        seats everyone)."""
        seen: dict[str, int] = {}
        placed = {p: x.number for x in plan for p in x.players}
        byes = self.seating.byes.get((stage.id, rnd), ()) if self.seating else ()
        for number, read in reads.items():
            if read is None:
                continue
            here = {"file": read.result.file, "stage": stage.id, "round": rnd, "table": number}
            for name, line in read.names.items():
                if name in seen:
                    self.issue(
                        "two-tables",
                        f"{name} plays at tables {seen[name]} and {number} "
                        f"of {stage.name} round {rnd}",
                        line=line,
                        player=name,
                        **here,
                    )
                    continue
                seen[name] = number
                self._wrong_table(stage, rnd, name, number, placed, byes, line, here)
        missing = [n for n in self._players(stage) if n not in seen and n not in byes]
        if not placed and any(r is None for r in reads.values()):
            return  # no draw known and a file missing: its players are unknown
        split = table_sizes(len(self.registered), self.t.table_size, self.t.short_tables)
        byes_unknown = not placed and split is not None and len(missing) <= split[1]
        for name in missing:
            table = placed.get(name)
            if table is not None and reads.get(table) is None:
                continue  # his table's file is missing: said once, as missing-file
            self._missing(stage, rnd, name, reads, byes_unknown)

    def _wrong_table(
        self,
        stage: Stage,
        rnd: int,
        name: str,
        number: int,
        placed: dict[str, int],
        byes: tuple[str, ...],
        line: int,
        here: dict[str, object],
    ) -> None:
        if not placed or name not in self.registered or placed.get(name) == number:
            return
        if name in byes:
            where = "sits this round out in the seating draw"
        elif name in placed and stage.seating == "groups":
            where = f"is in group {placed[name]}"
        elif name in placed:
            where = f"is drawn to table {placed[name]}"
        else:
            where = f"is not in {stage.name}" if stage.seating == "groups" else "is not seated"
        self.issue(
            "wrong-table",
            f"{name} plays at table {number} of {stage.name} round {rnd} but {where}",
            line=line,
            player=name,
            **here,
        )

    def _missing(
        self, stage: Stage, rnd: int, name: str, reads: dict[int, _Read | None], bye: bool
    ) -> None:
        """A player at no table: blocking, unless he may sit out (``short_tables = "bye"``
        with no seating draw to say who does)."""
        hints = [
            f"{typo!r} at table {n}"
            for n, read in reads.items()
            if read is not None
            for typo in read.unknown
            if suggest(typo, [name])
        ]
        hint = f" (a typo: {', '.join(hints)}?)" if hints else ""
        hint += " (a bye? there is no seating draw to say)" if bye else ""
        self.issue("player-missing", f"{name} plays at no table in {stage.name} round {rnd}"
                   f"{hint}", stage=stage.id, round=rnd, player=name, blocking=not bye)  # fmt: skip

    # --- ranking -------------------------------------------------------------------------------

    def _rank_stage(self, stage: Stage, points: dict[str, _Points]) -> list[Standing]:
        """A draw stage ranks everyone; a groups stage ranks group by group (group 1 first),
        a group not played yet in the order of the ranking it came from."""
        if stage.seating != "groups":
            return self._rank(stage, list(points), points, 0)
        rows: list[Standing] = []
        for g in self.groups.get(stage.id, ()):
            rows += self._rank(stage, list(g.players), points, len(rows), g.name)
        return rows

    def _rank(
        self,
        stage: Stage,
        names: list[str],
        points: dict[str, _Points],
        offset: int,
        group: str = "",
    ) -> list[Standing]:
        """``names`` ranked best first from rank ``offset + 1``: total, then the tie-breaks;
        players without a deal last, unranked."""
        breaks = {n: self._tiebreaks(stage, n, points[n], names) for n in names}
        signed = {n: _signed(breaks[n]) for n in names}
        source = self._source_order(stage)
        played = [n for n in names if points[n].deals]
        played.sort(key=lambda n: (-points[n].total, signed[n], n))
        unplayed = sorted(
            (n for n in names if not points[n].deals), key=lambda n: (source.get(n, len(source)), n)
        )
        rows: list[Standing] = []
        for n in played:
            same = [
                m for m in played if points[m].total == points[n].total and signed[m] == signed[n]
            ]
            rank = offset + played.index(same[0]) + 1
            rows.append(self._row(stage, n, points[n], rank, len(same) > 1, breaks[n], group))
        rows += [self._row(stage, n, points[n], None, False, breaks[n], group) for n in unplayed]
        return rows

    def _row(
        self,
        stage: Stage,
        name: str,
        p: _Points,
        rank: int | None,
        tied: bool,
        tiebreaks: tuple[tuple[str, tuple[int, ...]], ...],
        group: str,
    ) -> Standing:
        sat_out = self.seating.byes if self.seating is not None else {}
        byes = tuple(
            r for r in range(1, stage.rounds + 1) if name in sat_out.get((stage.id, r), ())
        )
        return Standing(
            rank, name, p.total, tuple(p.rounds), len(p.deals), group, tied, tiebreaks, byes
        )

    def _tiebreaks(
        self, stage: Stage, name: str, p: _Points, names: list[str]
    ) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each configured tie-break's values for one player, by id
        (:attr:`.model.Standing.tiebreaks`)."""
        return tuple((tid, self._tiebreak(tid, stage, name, p, names)) for tid in self.t.tiebreaks)

    def _tiebreak(
        self, tiebreak: str, stage: Stage, name: str, p: _Points, names: list[str]
    ) -> tuple[int, ...]:
        """One tie-break's values (:data:`~.model.TIEBREAKS`): better first as
        :data:`HIGHER_BETTER` says."""
        if tiebreak == "later-rounds":  # the last round first
            return tuple(reversed(p.rounds))
        if tiebreak == "best-deal":
            return (max(p.deals, default=0),)
        if tiebreak == "fewer-negative":
            return (sum(1 for d in p.deals if d < 0),)
        if tiebreak == "source-rank":
            return (self._source_rank(stage, name),)
        return (self._lot(stage, names).index(name) + 1,)  # "lot"

    def _source_order(self, stage: Stage) -> dict[str, int]:
        """Player → place (0 = best) in the ranking of the stage the groups came from."""
        done = next((s for s in self.stages if s.stage == stage.source), None)
        return {r.player: i for i, r in enumerate(done.rows)} if done else {}

    def _source_rank(self, stage: Stage, name: str) -> int:
        """The player's rank in the stage the groups came from (players tied there stay tied;
        unranked: after everyone; 0 for a stage not formed from another)."""
        done = next((s for s in self.stages if s.stage == stage.source), None)
        if done is None:
            return 0
        row = next((r for r in done.rows if r.player == name), None)
        return row.rank if row is not None and row.rank is not None else len(done.rows) + 1

    def _lot(self, stage: Stage, names: list[str]) -> list[str]:
        """A reproducible lot among ``names``: shuffled by the tournament's seed (else the
        draw's) and the stage."""
        seed = (
            self.t.seed if self.t.seed is not None else (self.seating.seed if self.seating else 0)
        )
        order = sorted(names)
        random.Random(f"{seed}/{stage.id}").shuffle(order)
        return order

    # --- groups (SL-14.3) ----------------------------------------------------------------------

    def _form_groups(self, stage: Stage, rows: list[Standing]) -> tuple[Group, ...]:
        """The groups the ranking forms for each later ``groups`` stage drawn from it: the
        best ``table size`` players group 1, the next group 2, … Shown only once the stage has
        a deal played. Ties straddling a boundary are blocking issues."""
        shown: tuple[Group, ...] = ()
        played = any(r.deals for r in rows)
        for later in self.t.stages:
            if later.seating != "groups" or later.source != stage.id:
                continue
            groups, out = _groups(later, [r.player for r in rows], self.t)
            self.groups[later.id], self.out[later.id] = groups, out
            if played and not shown:
                shown = groups
                rows[:] = [_with_group(r, groups) for r in rows]
        self._ties(stage, rows, shown)
        return shown

    def _ties(self, stage: Stage, rows: list[Standing], groups: tuple[Group, ...]) -> None:
        """A ``tie`` issue for each set of players still tied: blocking when it decides who
        goes to which group."""
        bounds, at = set(), 0
        for g in groups:
            at += len(g.players)
            bounds.add(at)
        by_rank: dict[int, list[int]] = {}
        for i, r in enumerate(rows):
            if r.tied and r.rank is not None:
                by_rank.setdefault(r.rank, []).append(i)
        for rank, places in by_rank.items():
            names = [rows[i].player for i in places]
            split = [b for b in bounds if places[0] < b <= places[-1]]
            where = [rows[i].group for i in places] if split else []
            msg = f"{' and '.join(names)} tie for rank {rank} of {stage.name} after every "
            msg += f"tie-break ({', '.join(self.t.tiebreaks) or 'none'})"
            if split:
                msg += f": it decides who plays in {' and who in '.join(dict.fromkeys(where))}; "
                msg += "a judge's ruling or the 'lot' tie-break must settle it"
            self.issue("tie", msg, stage=stage.id, blocking=bool(split))

    # --- the end -------------------------------------------------------------------------------

    def final(self) -> tuple[Standing, ...]:
        """The ranking after the last stage with a deal played (the first stage when none is):
        a groups stage's rows group by group, then the players it left out by the earlier
        ranking."""
        last = self.stages[0] if self.stages else None
        for s in self.stages:
            if any(r.deals for r in s.rows):
                last = s
        if last is None:
            return ()
        rows = list(last.rows)
        out = self.out.get(last.stage, ())
        if out:
            earlier = next(x for x in self.stages if x.stage == self.t.stage(last.stage).source)
            rows += [r for r in earlier.rows if r.player in out]
        return tuple(rows)

    def extra_files(self) -> None:
        """``.tpgn`` files in the folder that no table of the plan is."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.rglob("*.tpgn")):
            rel = path.relative_to(self.folder).as_posix()
            if rel not in self.expected:
                self.issue(
                    "extra-file",
                    f"{rel} is no table file of the plan: its deals are not counted",
                    file=rel,
                )


def _signed(tiebreaks: tuple[tuple[str, tuple[int, ...]], ...]) -> tuple[int, ...]:
    """The tie-break values as one sort key, lower is better."""
    return tuple(-v if tid in HIGHER_BETTER else v for tid, values in tiebreaks for v in values)


def _records(
    items: Iterable[Record | NotationError], errors: list[NotationError], rel: str
) -> Iterator[Record]:
    """The records of a file (the errors put aside), each with a ``Match`` tag so that
    :func:`verify_all` follows the table's deals as one match (its match rule, if the ruleset
    has one). Its ``Totals`` check, which adds up the written ``Result`` s, is not used:
    :class:`_Totals` checks them against what counts."""
    for item in items:
        if isinstance(item, NotationError):
            errors.append(item)
        elif item.get("Match"):
            yield item
        else:
            yield Record((*item.tags, ("Match", rel)), item.items, item.source)


def _groups(
    later: Stage, order: list[str], t: Tournament
) -> tuple[tuple[Group, ...], tuple[str, ...]]:
    """The groups of ``later`` from the ranking ``order`` (SL-14.3), sized as the tables of a
    round are (:func:`.draw.table_sizes`), and the players left out (``bye``)."""
    split = table_sizes(len(order), t.table_size, t.short_tables)
    sizes = split[0] if split is not None else ()
    groups, at = [], 0
    for k, size in enumerate(sizes, 1):
        name = later.groups[k - 1] if k <= len(later.groups) else f"Group {k}"
        groups.append(Group(k, name, tuple(order[at : at + size])))
        at += size
    return tuple(groups), tuple(order[at:])


def _with_group(row: Standing, groups: tuple[Group, ...]) -> Standing:
    return replace(row, group=next((g.name for g in groups if row.player in g.players), ""))


# --- one table's deals -------------------------------------------------------------------------


@dataclass
class _Counted:
    """One deal as the table should have written it (before a ``[[ruling]]``): seat → the
    score that counts, its status (:attr:`.model.DealRow.status`) and the sheet's notes."""

    scores: dict[str, int]
    status: str
    notes: list[str] = field(default_factory=list)


class _Totals:
    """The running ``Totals`` a table writes (SL-14.2), checked deal by deal against what
    counts. Not :func:`verify_all`'s check, which sums the written ``Result`` s: here the
    computed score counts, and each deal answers only for itself (an earlier deal's mistake,
    carried on, is not this deal's)."""

    def __init__(self) -> None:
        self.base: dict[str, int] = {}
        """Seat → the table's totals before the next deal: its last ``Totals``, plus the
        scores of the deals after it that wrote none."""
        self.said = ""
        """How :attr:`base` was found, for the message."""
        self.last = 0
        self.running: dict[str, int] = {}
        """Seat → the running total of what counts (a ``[[ruling]]`` included)."""

    def check(
        self, record: Record, number: int, table: dict[str, int], counted: dict[str, int]
    ) -> tuple[dict[str, int], dict[str, int], str] | None:
        """After deal ``number`` (``table``: its score as the table should have written it,
        ``counted``: as it counts): None when its ``Totals`` are right or absent, else the
        written ``Totals``, what they should be and how the totals before it were found.
        Right: the running total of what counts, or the table's totals before the deal plus
        its score or plus its own ``Result`` (that ``Result`` is then what is wrong)."""
        seats = record.seats
        self.running = {s: self.running.get(s, 0) + counted.get(s, 0) for s in seats}
        written, result = _totals(record), _written(record)
        base, said, gap = self.base, self.said, number != self.last + 1
        after = {s: base.get(s, 0) + table.get(s, 0) for s in seats}
        self.base = written if written is not None else after
        self.said = (
            f"deal {number}'s Totals" if written is not None else f"the totals after deal {number}"
        )
        self.last = number
        if written is None or gap:
            return None
        right = [self.running, after]
        right += [{s: base.get(s, 0) + result.get(s, 0) for s in seats}] if result else []
        if any(all(written.get(s, 0) == v for s, v in r.items()) for r in right):
            return None
        return {s: written.get(s, 0) for s in seats}, after, said


class _Sheet:
    """The deals of one table file as they count, checked one by one."""

    def __init__(self, work: _Work, stage: Stage, rnd: int, plan: _Planned, rel: str) -> None:
        self.work, self.stage, self.round, self.plan, self.rel = work, stage, rnd, plan, rel
        self.here = {"file": rel, "stage": stage.id, "round": rnd, "table": plan.number}
        self.rows: list[DealRow] = []
        self.read = _Read(
            TableResult(stage.id, rnd, plan.number, rel, plan.variant, plan.players, (), {})
        )
        self.seats: dict[str, list[str]] = {}
        """Seat → the name each deal gives it."""
        self.variant = ""
        self.running: dict[str, int] = {}
        self.totals = _Totals()
        self.written_totals: dict[str, int] | None = None
        self.doubled: set[str] = set()
        self.numbers: list[tuple[int, int]] = []
        self.rulings = [
            r
            for r in work.t.rulings
            if r.scores and r.stage == stage.id and r.round == rnd and r.table == plan.number
        ]

    def issue(self, kind: str, message: str, line: int, deal: int = 0, **more: object) -> None:
        self.work.issue(kind, message, line=line, deal=deal, **self.here, **more)

    def deal(self, record: Record, verdict: Verdict) -> None:
        """One deal: its names, its counted scores (a ruling's when there is one), its
        problems, its sheet row."""
        line = record.source.line if record.source else 0
        number = deal_number(record) or len(self.numbers) + 1
        self.numbers.append((number, line))
        names = self._names(record)
        for seat in record.seats:
            self.seats.setdefault(seat, []).append(names[seat])
        self.variant = self.variant or record.variant
        ruling = next((r for r in self.rulings if r.deal == number), None)
        counted = self._counted(record, verdict, number, ruling is not None)
        scores = {names[s]: v for s, v in counted.scores.items()}
        if ruling is not None:
            scores, note = self._ruled(ruling, scores, number)
            counted.notes = [note] if note else counted.notes
        for name, v in scores.items():
            self.running[name] = self.running.get(name, 0) + v
            self.read.deal_scores.setdefault(name, []).append(v)
        self._check_totals(record, number, names, counted, scores)
        self.rows.append(self._row(record, verdict, number, names, counted, scores))

    def _row(
        self,
        record: Record,
        verdict: Verdict,
        number: int,
        names: dict[str, str],
        counted: _Counted,
        scores: dict[str, int],
    ) -> DealRow:
        """The deal's line on the table's score sheet."""
        result = _written(record)
        written = None if result is None else {names[s]: v for s, v in result.items()}
        return DealRow(
            number,
            names.get(record.dealer, record.dealer),
            verdict.contract or record.get("Contract") or None,
            names.get(verdict.declarer or "", verdict.declarer),
            counted.status,
            scores,
            dict(self.running),
            written,
            "; ".join(counted.notes),
            record.source.line if record.source else 0,
            tuple(names[s] for s in record.seats),
        )

    def _names(self, record: Record) -> dict[str, str]:
        """Seat → player name (the seat label when the tag is missing); unknown names are
        issues, once per file."""
        read, registered = self.read, self.work.registered
        names: dict[str, str] = {}
        for seat in record.seats:
            name = record.player(seat).strip()
            line = record.tag_line(seat)
            if not name:
                name = seat
                if seat not in read.unknown:
                    read.unknown[seat] = line
                    self.issue("unknown-player", f"seat {seat} names no player", line)
            elif name in names.values() and name not in self.doubled:
                self.doubled.add(name)
                self.issue("two-tables", f"{name} sits at two seats of this table: one seat's "
                           "scores are lost", line, player=name)  # fmt: skip
            elif name not in registered and name not in read.unknown:
                read.unknown[name] = line
                self.issue(
                    "unknown-player",
                    f"{name!r} is not a registered player"
                    f"{suggest(name, registered)}: its scores count for nobody",
                    line,
                    player=name,
                )
            if name in registered:
                read.names.setdefault(name, line)
            names[seat] = name
        return names

    def _counted(self, record: Record, verdict: Verdict, number: int, ruled: bool) -> _Counted:
        """Seat → the score that counts, with the deal's status and notes: the verified score
        (a recorded renons ruling's when it differs from the judge's: it stands); a deal that
        fails or cannot be fully checked counts with its written Result (else 0)."""
        written = _written(record)
        override, note, proven = self._renons(record, number)
        if verdict.status in (Status.ILLEGAL, Status.ERROR):
            counted = self._fails(record, verdict, number, ruled, written)
        elif override is None and verdict.scores is None:
            counted = self._unsure(record, verdict, number, ruled, written)
        else:
            made = override if override is not None else verdict.scores or {}
            counted = self._checked(record, number, ruled, made, override is not None)
            counted.status = "renons" if proven and counted.status == "ok" else counted.status
        if override is not None:
            counted.scores = dict(override)
        counted.notes += [note] if note else []
        return counted

    def _fails(
        self,
        record: Record,
        verdict: Verdict,
        number: int,
        ruled: bool,
        written: dict[str, int] | None,
    ) -> _Counted:
        """A deal that fails verification: its written Result counts (else 0), blocking."""
        line = record.source.line if record.source else 0
        own = [p for p in verdict.problems if not (p.accepted or p.judged)]
        at = next((p.line for p in own if p.line), line)
        own = [p for p in own if p.code not in ("score-mismatch", "totals-mismatch")]
        problems = "; ".join(f"{p.code} {p.message}" for p in own)
        how = _what_counts(written)
        self.issue("deal-fails", f"deal {number} fails verification: {problems}; {how}", at,
                   number, blocking=not ruled)  # fmt: skip
        scores = {s: (written or {}).get(s, 0) for s in record.seats}
        codes = ", ".join(dict.fromkeys(p.code for p in own))
        return _Counted(scores, verdict.status.value, [f"fails verification ({codes}): {how}"])

    def _unsure(
        self,
        record: Record,
        verdict: Verdict,
        number: int,
        ruled: bool,
        written: dict[str, int] | None,
    ) -> _Counted:
        """A deal that cannot be fully checked (a klop sheet): its written Result counts
        (else 0), blocking only without one."""
        line = record.source.line if record.source else 0
        own = [p for p in verdict.problems if p.code != "totals-mismatch"]
        why = "; ".join(p.message for p in own) or "; ".join(
            b.detail for b in verdict.breakdown if b.label == "note"
        )
        how = _what_counts(written)
        self.issue("deal-incomplete", f"deal {number} cannot be fully checked: {why}; {how}",
                   line, number, blocking=written is None and not ruled)  # fmt: skip
        scores = {s: (written or {}).get(s, 0) for s in record.seats}
        return _Counted(scores, "incomplete", [f"not fully checked: {how}"])

    def _checked(
        self, record: Record, number: int, ruled: bool, made: dict[str, int], by_ruling: bool
    ) -> _Counted:
        """A deal that verifies: ``made`` counts (the computed scores, or the scores as the
        recorded renons ruling has them); a written Result that differs is blocking."""
        written = _written(record)
        if written is None or all(written.get(s, 0) == v for s, v in made.items()):
            return _Counted(dict(made), "ok")
        names = {s: record.player(s) or s for s in record.seats}
        what = "the scores as ruled" if by_ruling else "the computed scores"
        wrote = _named({s: written.get(s, 0) for s in made}, names)
        self.issue("totals-differ", f"deal {number}: the table wrote {wrote}, {what} are "
                   f"{_named(made, names)}", record.tag_line("Result"), number,
                   blocking=not ruled)  # fmt: skip
        return _Counted(dict(made), "score-mismatch", [f"the written Result differs: {what} count"])

    def _check_totals(
        self,
        record: Record,
        number: int,
        names: dict[str, str],
        counted: _Counted,
        scores: dict[str, int],
    ) -> None:
        """The deal's running ``Totals`` (:class:`_Totals`): an issue, the status
        ``totals-differ`` and a note when they are wrong."""
        written = _totals(record)
        if written is not None:
            self.written_totals = {names.get(s, s): v for s, v in written.items()}
        by_seat = {s: scores.get(names[s], 0) for s in record.seats}
        wrong = self.totals.check(record, number, counted.scores, by_seat)
        if wrong is None:
            return
        wrote, made, before = wrong
        how = f"{before} plus this deal's score make" if before else "this deal's score makes"
        message = f"deal {number}: the table wrote Totals {_named(wrote, names)}, but {how} "
        self.issue(
            "totals-differ", message + _named(made, names), record.tag_line("Totals"), number
        )
        if counted.status in ("ok", "renons", "incomplete"):
            counted.status = "totals-differ"
        counted.notes.append("the written Totals differ")

    def _renons(self, record: Record, number: int) -> tuple[dict[str, int] | None, str, bool]:
        """The renons note of a deal with claims and whether a claim is proven; with a
        recorded ``ruling=`` that differs from the judge's finding, the ruled scores (the
        penalty worked out by the judge)."""
        claims = list(record.of_type(Renons))
        if not claims:
            return None, "", False
        try:
            auto = judge_deal(record)
            ruled = judge_deal(record, recorded=True) if _has_ruling(claims) else auto
        except TarokPgnError:
            return None, "", False
        for claim, why in ruled.errors:
            if (claim, why) not in auto.errors:
                self.issue("deal-fails", f"deal {number}: renons claim: {why}", claim.line, number)
        changed = _changed(auto, ruled)
        if changed and ruled.scores is not None:
            note = "; ".join(short(j) for j in changed)
            self.issue(
                "ruling",
                f"deal {number}: the judge's recorded ruling stands: {note}",
                changed[0].claim.line,
                number,
                blocking=False,
            )
            return dict(ruled.scores), note, ruled.decisive is not None
        shown = auto.decisive or (auto.judgements[0] if auto.judgements else None)
        return None, short(shown) if shown is not None else "", auto.decisive is not None

    def _ruled(
        self, ruling: Ruling, scores: dict[str, int], number: int
    ) -> tuple[dict[str, int], str]:
        """A ``[[ruling]]`` sets the deal's scores: names not at the table are an issue."""
        config = self.work.config
        strangers = [n for n in ruling.scores if n not in scores]
        if strangers:
            self.work.issue(
                "config",
                f"the ruling on {self.rel} deal {number} names "
                f"{', '.join(strangers)}, not at that table: the ruling is not "
                "applied",
                file=config,
                line=ruling.line,
                stage=self.stage.id,
                round=self.round,
                table=self.plan.number,
                deal=number,
            )
            return scores, ""
        ruled = {n: ruling.scores.get(n, 0) for n in scores}
        note = f"ruling: {ruling.reason}"
        self.work.issue(
            "ruling",
            f"{self.rel} deal {number}: scores set by the judge "
            f"{format_scores(ruled)}: {ruling.reason}",
            file=config,
            line=ruling.line,
            stage=self.stage.id,
            round=self.round,
            table=self.plan.number,
            deal=number,
            blocking=False,
        )
        return ruled, note

    def finish(self, errors: list[NotationError]) -> _Read:
        """The table's result, after the checks of its deal numbers against the plan; an
        unreadable deal (``errors``) is a row of its own, where the file has it."""
        self._numbering(len(errors))
        for ruling in self.rulings:
            if all(n != ruling.deal for n, _ in self.numbers):
                self.work.issue(
                    "config",
                    f"the ruling names deal {ruling.deal} of {self.rel}, "
                    "which the file does not have",
                    file=self.work.config,
                    line=ruling.line,
                    stage=self.stage.id,
                    round=self.round,
                    table=self.plan.number,
                    deal=ruling.deal,
                )
        plan = self.plan
        self.read.result = TableResult(
            self.stage.id,
            self.round,
            plan.number,
            self.rel,
            self.variant or plan.variant,
            self._seated() or plan.players,
            self._with_unreadable(errors),
            dict(self.running),
            self.written_totals,
        )
        self.work.tables.append(self.read.result)
        return self.read

    def _seated(self) -> tuple[str, ...]:
        """The player seated at each seat (:attr:`.model.TableResult.players`)."""
        planned = dict(zip(self.seats, self.plan.players, strict=False))
        registered = set(self.work.registered)
        return tuple(
            _seat_player(given, planned.get(seat, ""), registered)
            for seat, given in self.seats.items()
        )

    def _with_unreadable(self, errors: list[NotationError]) -> tuple[DealRow, ...]:
        """The deals read and a row for each unreadable one, in file order."""
        rows: list[DealRow] = []
        waiting = sorted(errors, key=lambda e: e.line)
        for row in self.rows:
            while waiting and waiting[0].line < row.line:
                rows.append(self._unreadable(waiting.pop(0), rows))
            rows.append(row)
        for bad in waiting:
            rows.append(self._unreadable(bad, rows))
        return tuple(rows)

    def _unreadable(self, bad: NotationError, before: list[DealRow]) -> DealRow:
        """An unreadable deal's row: nothing counts; its number the one after the deal before
        it when no deal read has that number, else 0 (unknown)."""
        after = before[-1].number + 1 if before else 1
        number = 0 if any(n == after for n, _ in self.numbers) else after
        running = dict(before[-1].running) if before else {}
        return DealRow(number, "", None, None, "unreadable", {}, running, None,
                       f"{bad.code} {bad.message}", bad.line)  # fmt: skip

    def _numbering(self, unreadable: int) -> None:
        """Deals 1 … ``deals`` once each (SL-14.2: 12 a round)."""
        planned = self.stage.deals
        seen: set[int] = set()
        for number, line in self.numbers:
            if number in seen or number > planned:
                why = "twice" if number in seen else f"beyond the plan's {planned}"
                self.issue(
                    "extra-deal",
                    f"deal {number} {why}: it counts; a judge should decide",
                    line,
                    number,
                )
            seen.add(number)
        missing = [n for n in range(1, planned + 1) if n not in seen]
        if missing:
            said = f" ({unreadable} unreadable, above)" if unreadable else ""
            words = ", ".join(map(str, missing))
            self.issue(
                "missing-deal", f"deal(s) {words} missing{said}: the plan has {planned} deals", 0
            )


def _seat_player(given: list[str], planned: str, registered: set[str]) -> str:
    """A seat's player from the names its deals give it (``given``) and the seating's player
    ``planned`` (empty: none): the planned one when a deal names him, else the registered name
    most deals give, else the planned one, else the name most deals give (ties: the earliest
    deal's). A misspelling in some deals does not move the seat."""
    counts = Counter(given)
    candidates = [*counts, planned] if planned else list(counts)
    return max(
        candidates,
        key=lambda n: (
            n == planned and n in counts,
            n in registered and n in counts,
            n == planned,
            counts[n],
        ),
    )


def _written(record: Record) -> dict[str, int] | None:
    try:
        return record.written_scores()
    except ValueError:
        return None


def _totals(record: Record) -> dict[str, int] | None:
    """The running ``Totals`` the table wrote after a deal (None: none, or malformed)."""
    try:
        return parse_scores(record.get("Totals"))
    except ValueError:
        return None


def _what_counts(written: dict[str, int] | None) -> str:
    return "its written Result counts" if written is not None else "it counts 0"


def _named(scores: dict[str, int], names: dict[str, str]) -> str:
    return ", ".join(
        f"{names.get(s, s)} {v:+d}" if v else f"{names.get(s, s)} 0" for s, v in scores.items()
    )


def _has_ruling(claims: list[Renons]) -> bool:
    return any(k == "ruling" for c in claims for k, _ in c.options)


def _changed(auto: DealRuling, ruled: DealRuling) -> list[Judgement]:
    """The ruled judgements whose finding differs from the judge's own."""
    found = {(j.claim.line, j.claim.trick): j.finding for j in auto.judgements}
    return [
        j
        for j in ruled.judgements
        if found.get((j.claim.line, j.claim.trick)) not in (None, j.finding)
    ]
