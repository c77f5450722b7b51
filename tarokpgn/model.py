"""The record: what a deal's text says, as frozen dataclasses.

A :class:`Record` is its tag pairs plus the movetext: an ordered tuple of items (hands, talon,
auction, call, exchange, announcements, kontras, tricks, claims, irregularities, the French
Excuse's exchange card, comments), in the order the text gives them. The record never knows
the rules; :mod:`tarokpgn.replay` asks the rules engine about it.

Cards are canonical token strings (:mod:`tarokpgn.cards`); ``"?"`` is a card the record does not
know. Seats are labels fixed for a match (:data:`SEATS`); the Dealer tag names one and the order
of play starts with the seat after it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from tarokpgn._views import VariantView
from tarokpgn.limits import (
    MAX_DEAL_NUMBER as MAX_DEAL_NUMBER,
)
from tarokpgn.limits import (
    MAX_KONTRA as MAX_KONTRA,
)
from tarokpgn.limits import (
    MAX_RECORD_BYTES as MAX_RECORD_BYTES,
)
from tarokpgn.limits import (
    MAX_SCORE as MAX_SCORE,
)
from tarokpgn.limits import (
    MAX_TRICK_NUMBER as MAX_TRICK_NUMBER,
)
from tarokpgn.limits import (
    bounded_int as bounded_int,
)
from tarokpgn.limits import (
    deal_number_ok as deal_number_ok,
)
from tarokpgn.variants import SEATS as SEATS
from tarokpgn.variants import VariantSpec, find_variant

_T = TypeVar("_T")


def _variant_facts(spec: VariantSpec) -> tuple[int, str, str]:
    return spec.players, spec.deck, spec.default_ruleset


VARIANTS: Final[Mapping[str, tuple[int, str, str]]] = VariantView(_variant_facts)
"""Variant id → (players, deck name, default ruleset): a live read-only view of
:mod:`tarokpgn.variants`, the registry the package itself reads."""


def seats_of(variant: str) -> tuple[str, ...]:
    """The seat labels of ``variant`` in order of play (four seats when it is unknown)."""
    spec = find_variant(variant)
    return spec.seats if spec is not None else SEATS[4]


def play_order_of(seats: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """``seats`` (in seat order) in order of play when ``dealer`` deals: the seat after the
    dealer first (``seats`` as they are when none is the dealer)."""
    for i, seat in enumerate(seats):
        if seat == dealer:
            return seats[i + 1 :] + seats[: i + 1]
    return seats


# The classes built for every deal read (items, records, sources) have a hand-written
# ``__init__`` setting their frozen fields with ``object.__setattr__(self, "name", value)``,
# spelt out so: mypyc compiles exactly that call into a direct store of the field (an alias of
# ``object.__setattr__`` would be a generic call, with an argument tuple per field). Fields,
# defaults, equality, hash, repr and ``dataclasses.replace`` are the dataclass's as usual.

TAG_ORDER: Final = ("Event", "Site", "Date", "Round", "Deal", "Variant", "Ruleset", "Dealer")
"""Export order of the fixed tags; then the seat tags in seat order, then ``Result``, then every
other tag in alphabetical order."""


@dataclass(frozen=True, slots=True, init=False)
class Source:
    """Where a record came from."""

    file: str
    """File name as given by the caller (``"<stdin>"`` for standard input)."""
    offset: int
    """Byte offset of the record's first byte in the file."""
    line: int
    """1-based line of the record's first line."""
    sha256: str
    """Hex SHA-256 of the record's export-form text (identical deals share it)."""
    index: int = 0
    """1-based number of the record within its file."""
    tag_lines: tuple[tuple[str, int], ...] = ()
    """Where each tag pair stands: ``(name, lines after the record's first line)`` for every
    tag, in the record's tag order; empty when the tags are as the export form lays them out,
    one a line from the record's first line in export order (what the fast reader reads).
    Relative, so moving a record moves its tags too. See :meth:`Record.tag_line`."""

    def __init__(
        self,
        file: str,
        offset: int,
        line: int,
        sha256: str,
        index: int = 0,
        tag_lines: tuple[tuple[str, int], ...] = (),
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "offset", offset)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "sha256", sha256)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "tag_lines", tag_lines)


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``{...}`` or ``; ...`` comment between elements, kept on round trip."""

    text: str
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """``hand N FOOL T21 …``: the cards dealt to a seat (possibly partial, ``?`` unknown)."""

    seat: str
    cards: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __init__(self, seat: str, cards: tuple[str, ...], line: int = 0) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Talon:
    """``talon T3 HK …``: the talon (dog, stock) in dealt order."""

    cards: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __init__(self, cards: tuple[str, ...], line: int = 0) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Bid:
    """One call of the auction: ``"pass"`` or a contract id of the variant (``"three"``)."""

    seat: str
    bid: str

    def __init__(self, seat: str, bid: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "bid", bid)


@dataclass(frozen=True, slots=True, init=False)
class Auction:
    """``auction N three E pass …``: the bids and passes in order."""

    bids: tuple[Bid, ...]
    line: int = field(default=0, compare=False)

    def __init__(self, bids: tuple[Bid, ...], line: int = 0) -> None:
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Call:
    """``call HK``: the called card (king, or the Czech called tarok). ``seat`` is the caller."""

    seat: str
    card: str
    line: int = field(default=0, compare=False)

    def __init__(self, seat: str, card: str, line: int = 0) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Exchange:
    """``exchange N take HK D2 discard S7 S8 show T5``: one seat's part of the talon exchange."""

    seat: str
    take: tuple[str, ...]
    discard: tuple[str, ...]
    show: tuple[str, ...] = ()
    """Discards laid face up (taroks in the Slovenian lay-away, trumps in the French écart)."""
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        seat: str,
        take: tuple[str, ...],
        discard: tuple[str, ...],
        show: tuple[str, ...] = (),
        line: int = 0,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "show", show)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Announce:
    """``announce N pagat-ultimo`` or ``declare E handful-10 T21 …`` with optional key=value.

    ``kind`` is ``"announce"`` for commitments (bonuses to be made) and ``"declare"`` for
    declarations that show or count something held (handfuls, Czech hlášky, combinations).
    """

    kind: str
    seat: str
    name: str
    cards: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        kind: str,
        seat: str,
        name: str,
        cards: tuple[str, ...] = (),
        options: tuple[tuple[str, str], ...] = (),
        line: int = 0,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Kontra:
    """``kontra E 1 game``: a doubling of level ``level`` (1 kontra/flek, 2 re, 3 sub, 4 mort…)
    by ``seat`` on ``target``: ``"game"`` or an announcement name."""

    seat: str
    level: int
    target: str
    line: int = field(default=0, compare=False)

    def __init__(self, seat: str, level: int, target: str, line: int = 0) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True, init=False)
class Trick:
    """``3. E SK S7 SQ T4``: trick number, leader, cards in order of play from the leader.

    A trick may hold fewer cards than players when the rest was claimed or play stopped.
    """

    number: int
    leader: str
    cards: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __init__(self, number: int, leader: str, cards: tuple[str, ...], line: int = 0) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "line", line)


@dataclass(frozen=True, slots=True)
class Renons:
    """``renons E S 7 revoke card=HK kontra=1``: ``claimant`` says ``accused`` broke a rule."""

    claimant: str
    accused: str
    trick: int
    kind: str
    """``revoke`` (failed to follow or to trump), ``underplay`` (did not beat when bound to),
    ``out-of-turn``, ``discard``, ``showing``, ``signalling``, ``other``."""
    card: str | None = None
    kontra: int = 0
    options: tuple[tuple[str, str], ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Irregular:
    """``irregular revoke S trick=5``: an irregularity accepted at the table.

    ``kind``: ``revoke``, ``lead-out-of-turn``, ``misdeal``, ``claim`` (rest claimed or conceded
    from ``trick``), ``abandoned``.
    """

    kind: str
    seat: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True, init=False)
class ExcuseExchange:
    """``excuse_exchange D2``: the half-point card the Excuse's side gave the other side for
    the Excuse (French Tarot, F-9.2). Optional: without it the count takes an abstract card
    worth 0.5, which scores the same (F-9.7)."""

    card: str
    line: int = field(default=0, compare=False)

    def __init__(self, card: str, line: int = 0) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "line", line)


Item = (
    Comment
    | Hand
    | Talon
    | Auction
    | Call
    | Exchange
    | Announce
    | Kontra
    | Trick
    | Renons
    | Irregular
    | ExcuseExchange
)


@dataclass(frozen=True, slots=True, init=False)
class Record:
    """One deal: tag pairs plus movetext items."""

    tags: tuple[tuple[str, str], ...]
    """Tag pairs in export order (see :data:`TAG_ORDER`); unknown tags are kept."""
    items: tuple[Item, ...] = ()
    source: Source | None = field(default=None, compare=False)

    def __init__(
        self,
        tags: tuple[tuple[str, str], ...],
        items: tuple[Item, ...] = (),
        source: Source | None = None,
    ) -> None:
        object.__setattr__(self, "tags", tags)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "source", source)

    @property
    def tag(self) -> Mapping[str, str]:
        return dict(self.tags)

    def get(self, name: str, default: str = "") -> str:
        """The value of tag ``name`` (``default`` when absent)."""
        # each pair read by index, not unpacked: compiled, the value is fetched only for the
        # tag asked for (a deal's verification asks about eight times)
        for pair in self.tags:
            if pair[0] == name:
                return pair[1]
        return default

    def tag_line(self, name: str) -> int:
        """The 1-based line of tag ``name`` in the record's file: where a problem with the tag
        is reported. The record's first line when the tag is absent; 0 without a source."""
        source = self.source
        if source is None:
            return 0
        placed = source.tag_lines
        if placed:
            for key, after in placed:
                if key == name:
                    return source.line + after
            return source.line
        for after, (key, _value) in enumerate(self.tags):
            if key == name:
                return source.line + after
        return source.line

    @property
    def variant(self) -> str:
        return self.get("Variant")

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def seats(self) -> tuple[str, ...]:
        return seats_of(self.variant)

    @property
    def ruleset(self) -> str:
        """The ``Ruleset`` tag, else the variant's default ruleset (empty when unknown)."""
        spec = find_variant(self.variant)
        return self.get("Ruleset") or (spec.default_ruleset if spec is not None else "")

    @property
    def options(self) -> dict[str, str]:
        """The ``Options`` tag (``"klop_scoring=plain mondfang=21"``) as a dict."""
        return dict(part.split("=", 1) for part in self.get("Options").split() if "=" in part)

    @property
    def dealer(self) -> str:
        return self.get("Dealer")

    def play_order(self) -> tuple[str, ...]:
        """Seats in order of play for this deal, forehand (the seat after the dealer) first."""
        return play_order_of(self.seats, self.dealer)

    def player(self, seat: str) -> str:
        """The player's name on ``seat`` (the seat tag), or ``""``."""
        return self.get(seat)

    def find_seat(self, label_or_name: str) -> str | None:
        """A seat given its label or its player's name (case-insensitive)."""
        if label_or_name.upper() in self.seats:
            return label_or_name.upper()
        for seat in self.seats:
            if self.get(seat).casefold() == label_or_name.casefold():
                return seat
        return None

    def of_type(self, kind: type[_T]) -> Iterator[_T]:
        """The items of one type, in order (``record.of_type(Trick)``)."""
        return (item for item in self.items if isinstance(item, kind))

    def written_scores(self) -> dict[str, int] | None:
        """The Result tag (``"N +59 E 0 S 0 W 0"``) as seat → score; None when ``*`` or absent."""
        return parse_scores(self.get("Result"))

    def _repr_html_(self) -> str:
        """The deal's diagram and verdict as HTML, for notebooks (:mod:`tarokpgn.show.notebook`,
        imported here so the record needs it only when a notebook asks)."""
        from tarokpgn.show.notebook import record_html

        return record_html(self)

    def _repr_svg_(self) -> str | None:
        """The dealt hands drawn as cards, one row a seat (None when no hand is dealt), for
        notebooks that prefer a picture (:mod:`tarokpgn.show.notebook`)."""
        from tarokpgn.show.notebook import record_svg

        return record_svg(self)


def parse_scores(text: str) -> dict[str, int] | None:
    """``"N +59 E -20 S 0 W 0"`` → ``{"N": 59, …}``; None for ``""`` or ``"*"``.

    Raises ValueError for a malformed value: not seat/score pairs, or a score that is not an
    optional sign and ASCII digits within ±:data:`MAX_SCORE`.
    """
    parts = text.split()
    if not parts or len(parts) == 1 and parts[0] == "*":  # no list made to compare with
        return None
    if len(parts) % 2:
        raise ValueError("scores must be seat/score pairs")
    return {parts[i]: _score(parts[i + 1]) for i in range(0, len(parts), 2)}


_SCORE_WORDS: Final[dict[str, int]] = {}
"""Score word → its value, for :func:`_score`: the ``Result`` and ``Totals`` of every deal
repeat the same few hundred words, and a look-up is several times cheaper than reading one."""
_SCORE_WORDS_MAX: Final = 4096
"""Words kept at most (then the memo starts again: a file of unusual scores stays small)."""


def _score(word: str) -> int:
    """One score of :func:`parse_scores` (:func:`_read_score`), remembered."""
    known = _SCORE_WORDS.get(word)
    if known is not None:
        return known
    value = _read_score(word)  # raises for a malformed word, which is not remembered
    if len(_SCORE_WORDS) >= _SCORE_WORDS_MAX:
        _SCORE_WORDS.clear()
    _SCORE_WORDS[word] = value
    return value


def _read_score(word: str) -> int:
    """One score word read: ``+59``, ``-20``, ``0``."""
    sign = -1 if word[:1] == "-" else 1
    digits = word[1:] if word[:1] in ("+", "-") else word
    # the usual score, up to 7 ASCII digits: read at once (bounded_int says the same of it)
    if 0 < len(digits) <= 7 and digits.isascii() and digits.isdigit():
        number = int(digits)
        if number <= MAX_SCORE:
            return sign * number
    value = bounded_int(digits, MAX_SCORE)
    if value is None:
        raise ValueError(f"a score must be a whole number within ±{MAX_SCORE:,}")
    return sign * value


def format_scores(scores: Mapping[str, int]) -> str:
    """Inverse of :func:`parse_scores`: ``{"N": 59, "E": 0}`` → ``"N +59 E 0"``."""
    # ``f"{score:+d}"`` spelt out: a format spec is slow where this runs once per deal
    return " ".join(
        [f"{seat} +{score}" if score > 0 else f"{seat} {score}" for seat, score in scores.items()]
    )
