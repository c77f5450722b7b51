"""The tournament's data: its plan (read from ``tournament.toml``), the seating draw, and the
standings worked out from the tables' files. Plain frozen dataclasses, no behaviour; the
modules beside this one fill them (:mod:`.config`, :mod:`.draw`, :mod:`.standings`) and draw
them (:mod:`.render`).

Names: a *stage* is a part of the event (``qualifying``, ``finals``); a stage has *rounds*; in
each round every *table* plays one match of ``deals`` deals, recorded in one TPGN file. In a
``groups`` stage the tables are the *groups* formed from an earlier stage's ranking (table 1 =
the final, table 2 = the small final, …: SL-14.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tarokpgn.errors import TarokPgnError

# --- errors and what the judge must see --------------------------------------------------------


class TournamentError(TarokPgnError, ValueError):
    """A ``tournament.toml`` (or seating file) that cannot be used: located at ``file`` and
    ``line`` (0: the file as a whole). ``str()`` is ``file:line: message``."""

    def __init__(self, message: str, file: str = "", line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.message}" if where else self.message


@dataclass(frozen=True)
class Issue:
    """Something the judge must see before any standing (``tarokpgn tournament standings``
    prints these first). ``blocking`` issues make the standings provisional.

    ``kind`` is one of :data:`ISSUE_KINDS`.
    """

    kind: str
    message: str
    file: str = ""
    line: int = 0
    stage: str = ""
    round: int = 0
    table: int = 0
    deal: int = 0
    player: str = ""
    blocking: bool = True

    @property
    def where(self) -> str:
        """``file:line`` (or ``file``, or empty)."""
        return f"{self.file}:{self.line}" if self.line else self.file


ISSUE_KINDS: tuple[str, ...] = (
    "config",  # tournament.toml or seating file problem (located)
    "missing-file",  # a table file the plan expects is not there
    "extra-file",  # a .tpgn file in the folder the plan does not know
    "unreadable-deal",  # a deal of a table file that cannot be read (its notation error)
    "deal-fails",  # a deal whose verification fails (illegal, error); problems in message
    "deal-incomplete",  # a deal that cannot be fully checked (incomplete), its score unsure
    "missing-deal",  # fewer deals than the plan, or a gap in deal numbers
    "extra-deal",  # more deals than the plan, or a deal number twice
    "unknown-player",  # a name in a table file that is not a registered player (typo)
    "two-tables",  # a player seated at two tables in one round
    "player-missing",  # a registered player at no table in a round (and no bye)
    "wrong-table",  # a player at a table the seating draw did not put him at
    "totals-differ",  # Totals/Result written by the table differ from the computed ones
    "ruling",  # a judge's ruling applied (not blocking: information)
    "tie",  # players still tied after every tie-break (not blocking)
    "stage-pending",  # a stage not played yet (not blocking)
    "no-seating",  # a draw stage and no seating.toml: nobody checked against the draw (note)
)


# --- the plan ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    name: str
    club: str = ""


@dataclass(frozen=True)
class Stage:
    """One stage of the plan (``[[stage]]`` in ``tournament.toml``)."""

    id: str
    name: str
    rounds: int
    deals: int
    """Deals per table per round (12 at the Semedela Open, SL-14.2)."""
    seating: str
    """``draw`` (the seating draw places everyone) or ``groups`` (groups of the ranking of
    stage ``source``: best four → group 1, SL-14.3)."""
    source: str = ""
    """For ``groups``: the stage whose ranking forms the groups."""
    groups: tuple[str, ...] = ()
    """Names of the first groups (``Final``, ``Small final``); later ones ``Group N``."""
    carry: bool = False
    """Scores of earlier stages carried into this stage's ranking (SL-14.4: not carried)."""
    files: str = "{stage}/round-{round}/table-{table}.tpgn"
    """Where each table's file is, relative to the folder (``{stage}``, ``{round}``,
    ``{table}`` filled in)."""


@dataclass(frozen=True)
class Tiebreak:
    """A rule that orders players with the same total. Ids: see :data:`TIEBREAKS`."""

    id: str


TIEBREAKS: dict[str, str] = {
    "later-rounds": "higher score in the stage's last round, then the one before, …",
    "best-deal": "higher best single-deal score in the stage",
    "fewer-negative": "fewer deals with a negative score in the stage",
    "source-rank": "better rank in the stage the groups were formed from (groups stages)",
    "lot": "a reproducible lot drawn from the tournament's seed",
}
"""Tie-break id → what it compares (docs/tournament.rst)."""


@dataclass(frozen=True)
class Ruling:
    """A judge's decision written in ``tournament.toml`` (``[[ruling]]``): either a deal's
    scores set by the judge, or points added to (subtracted from) a player (SL-13.5)."""

    reason: str
    stage: str = ""
    round: int = 0
    table: int = 0
    deal: int = 0
    scores: dict[str, int] = field(default_factory=dict, hash=False)
    """Player name → score for that deal (replaces the computed scores)."""
    player: str = ""
    points: int = 0
    """For an adjustment: points added to ``player``'s total in ``stage``."""
    line: int = 0


@dataclass(frozen=True)
class Tournament:
    """``tournament.toml`` read and checked (:func:`tarokpgn.tournament.config.load`)."""

    name: str
    folder: str
    """The folder holding ``tournament.toml`` and the tables' files."""
    players: tuple[Player, ...]
    variant: str
    ruleset: str
    stages: tuple[Stage, ...]
    tiebreaks: tuple[str, ...] = ("later-rounds", "best-deal", "fewer-negative")
    dates: tuple[str, ...] = ()
    site: str = ""
    short_tables: str = "three"
    """When the players do not fill tables of the variant's size: ``three`` (some tables one
    player short, playing the family's variant for one fewer: slovenian-3) or ``bye`` (the
    players left over sit the round out, scoring 0)."""
    seed: int | None = None
    """Seed of the ``lot`` tie-break (and the default seed of the draw)."""
    rulings: tuple[Ruling, ...] = ()
    path: str = ""
    """The ``tournament.toml`` file itself."""

    @property
    def table_size(self) -> int:
        from tarokpgn.variants import variant_spec

        return variant_spec(self.variant).players

    def stage(self, stage_id: str) -> Stage:
        return next(s for s in self.stages if s.id == stage_id)


# --- the seating -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One table in one round: its players in seat order (N, E, S, W …) and its variant."""

    stage: str
    round: int
    number: int
    players: tuple[str, ...]
    variant: str


@dataclass(frozen=True)
class Seating:
    """The draw's result (``tarokpgn tournament draw``), also read back from ``seating.toml``."""

    seed: int
    tables: tuple[Table, ...]
    byes: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict, hash=False)
    """(stage, round) → players sitting that round out."""
    repeats: dict[tuple[str, int], int] = field(default_factory=dict, hash=False)
    """(stage, round) → pairs of players who already shared a table in an earlier round."""


# --- the standings -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """One deal of one table as it counts: a line of the table's score sheet."""

    number: int
    dealer: str
    contract: str | None
    declarer: str | None
    """Player name (None: no declarer, e.g. klop)."""
    status: str
    """What is wrong with this deal, and only with it (an earlier deal's mistakes are not
    carried): ``ok``; ``renons`` (a claim proven, by the judge or by the recorded ruling);
    ``incomplete`` (cannot be fully checked); ``score-mismatch`` (the written ``Result``
    differs from the score that counts); ``totals-differ`` (the ``Result`` is right, but the
    ``Totals`` written after it are not the table's totals before it plus this deal's score);
    ``illegal`` or ``error`` (fails verification: the written ``Result`` counts, else 0);
    ``unreadable`` (the deal cannot be read: nothing counts, ``scores`` empty)."""
    scores: dict[str, int] = field(hash=False)
    """Player name → the score that counts (computed; a judge's ruling when there is one)."""
    running: dict[str, int] = field(hash=False)
    """Player name → running total of the table after this deal."""
    written: dict[str, int] | None = field(default=None, hash=False)
    """Player name → the score the table wrote (``Result``), when it wrote one."""
    note: str = ""
    """What the sheet says of the deal, in one line: why it fails or is not fully checked and
    what counts then, what the table wrote wrong, the renons judgement, the judge's ruling; for
    an unreadable deal its notation error."""
    line: int = 0
    """Line of the deal's first tag in the table's file (of the error, for an unreadable
    deal)."""
    seats: tuple[str, ...] = ()
    """The names this deal's record gives the seats, in seat order (``scores`` uses them);
    where one differs from :attr:`TableResult.players`, the record names another player
    there (a typo, a swap). Empty for an unreadable deal."""


@dataclass(frozen=True)
class TableResult:
    """One table's file, verified."""

    stage: str
    round: int
    table: int
    file: str
    """Path relative to the tournament folder."""
    variant: str
    players: tuple[str, ...]
    """The player seated at each seat, in seat order: the seating's (draw or group) player
    when a deal names him there, else the registered name most deals give the seat, else the
    seating's, else the name most deals give (a misspelling in one deal does not move the
    seat's column: :attr:`DealRow.seats` says what each deal wrote)."""
    deals: tuple[DealRow, ...]
    totals: dict[str, int] = field(hash=False)
    """Player name → the table's total (sum of the deals' counted scores)."""
    written_totals: dict[str, int] | None = field(default=None, hash=False)
    """The last ``Totals`` the table wrote, by player name."""
    found: bool = True
    """False when the file is missing (deals empty)."""


@dataclass(frozen=True)
class Standing:
    """One player's line in a stage's ranking (or in the final ranking)."""

    rank: int | None
    """1, 2, …; players still tied share a rank; None: not ranked (no deals)."""
    player: str
    total: int
    rounds: tuple[int, ...]
    """Score in each round of the stage."""
    deals: int
    """Deals played in the stage."""
    group: str = ""
    """The group this ranking sends the player to (``Final``), or for a groups stage the group
    the player played in."""
    tied: bool = False
    """Tied with another player after every tie-break."""
    tiebreaks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """One entry per configured tie-break, in the order of ``Tournament.tiebreaks``: its id
    and the player's values for it. ``later-rounds``: the score of each round, the last first
    (one value per round of the stage); every other tie-break one value (``best-deal``: the
    best deal's score; ``fewer-negative``: the number of negative deals; ``source-rank``: the
    rank in the stage the groups came from, 0 for a stage not formed from another; ``lot``:
    the place drawn)."""
    byes: tuple[int, ...] = ()
    """The rounds (1, 2, …) the player sat out by the seating draw (``short_tables = "bye"``):
    their 0 in :attr:`rounds` is no score."""


@dataclass(frozen=True)
class Group:
    """A group formed from a ranking (SL-14.3): its number (= table), name and players."""

    number: int
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class StageStandings:
    stage: str
    name: str
    rows: tuple[Standing, ...]
    """Best first."""
    groups: tuple[Group, ...] = ()
    """The groups this stage's ranking forms for the next ``groups`` stage."""
    complete: bool = False
    """Every table of every round found, all deals present and verified."""


@dataclass(frozen=True)
class Standings:
    """Everything ``tarokpgn tournament standings`` reports."""

    tournament: Tournament
    issues: tuple[Issue, ...]
    """What the judge must see first, in file order."""
    tables: tuple[TableResult, ...]
    stages: tuple[StageStandings, ...]
    final: tuple[Standing, ...]
    """Everyone ranked after the last stage played: group 1's players first (by their score
    in it), then group 2's …; players of a group not played yet by the earlier ranking."""

    @property
    def provisional(self) -> bool:
        """True when any blocking issue exists or a stage is still to be played."""
        return any(i.blocking for i in self.issues) or not all(s.complete for s in self.stages)
