"""One deal as a compact diagram on a terminal (rich): ``tarokpgn show FILE --deal N``.

The diagram reads top to bottom: the deal's title and the verdict's status, the players (one
seat a row, with its role; the other tables name seats by their label only, so a long name
takes no card's room), the hands by seat (cards grouped by suit), the talon, what happened
before the play (auction, call, exchange, announcements, kontras), the tricks as a table with
the leader's card marked ``>`` and the winning card ``*`` (the winner also named in its own
column), each finding on its trick, then the score breakdown. Colour only repeats what the text
says, so it reads the same without it.

Nothing here knows the rules: the record gives the cards and who led, the verdict (the replay's
answer) gives the trick winners, the findings and the scores, and the renons judge
(:func:`tarokpgn.renons.judge_deal`) the judgement on a claim. The helpers that turn a record
and its verdict into rows (:func:`hand_rows`, :func:`trick_rows`, :func:`findings`) are shared
with the notebook view (:mod:`tarokpgn.show.notebook`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tarokpgn.cards import DECKS, SUITS, TRUMP, UNKNOWN, Deck
from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Comment,
    Exchange,
    ExcuseExchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    format_scores,
)
from tarokpgn.show import plays
from tarokpgn.variants import find_variant
from tarokpgn.verdict import Problem, Verdict

__all__ = [
    "GROUPS",
    "Finding",
    "HandRow",
    "TrickRow",
    "deck_of",
    "findings",
    "hand_rows",
    "played_by_seat",
    "problem_finding",
    "before_play",
    "deal_name",
    "render_terminal",
    "score_rows",
    "suit_groups",
    "title",
    "trick_rows",
]

GROUPS = {TRUMP: "Trumps", "H": "♥ H", "D": "♦ D", "S": "♠ S", "C": "♣ C", UNKNOWN: "?"}
"""Heading of each group of a hand: trumps (the Fool with them), the four suits (symbol and
letter, readable without colour), and the cards the record does not know."""
LEAD_MARK = ">"
"""Before the card that led the trick."""
WIN_MARK = "*"
"""After the card that won the trick."""
_STATUS_STYLES = {"ok": "bold green", "renons": "bold magenta", "incomplete": "bold yellow"}
_RED_SUITS = frozenset("HD")


# --- the diagram's data: shared with the notebook view -----------------------------------------


@dataclass(frozen=True)
class HandRow:
    """One seat of the hands table: its dealt cards grouped by suit (None: no hand written)."""

    seat: str
    player: str
    roles: tuple[str, ...]
    groups: dict[str, tuple[str, ...]] | None

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card of the hand, group by group (``?`` for each unknown card)."""
        return tuple(c for cards in (self.groups or {}).values() for c in cards)


@dataclass(frozen=True)
class Finding:
    """What the verdict or the renons judge says about the deal, at a trick or not."""

    trick: int | None
    seat: str | None
    label: str
    """Short: the problem code (or ``renons``) and how it stands."""
    text: str
    """The full explanation."""


@dataclass(frozen=True)
class TrickRow:
    """One trick: the card each seat played, who led and who won (None: not known)."""

    number: int
    leader: str
    played: dict[str, str]
    winner: str | None
    findings: tuple[Finding, ...] = field(default=())

    @property
    def winning_card(self) -> str | None:
        return self.played.get(self.winner) if self.winner is not None else None


def deck_of(record: Record) -> Deck | None:
    """The deck of the record's variant (None for a variant the registry does not know)."""
    spec = find_variant(record.variant)
    return DECKS.get(spec.deck) if spec is not None else None


def suit_groups(cards: Iterable[str], deck: Deck | None) -> dict[str, tuple[str, ...]]:
    """``cards`` in hand order, grouped by :data:`GROUPS` (every group present, maybe empty);
    without a deck, one group ``""`` in the order given."""
    if deck is None:
        return {"": tuple(cards)}
    groups: dict[str, list[str]] = {g: [] for g in (TRUMP, *SUITS)}
    for card in deck.sort(cards):
        suit = deck.suit_of.get(card)
        key = UNKNOWN if suit is None else suit if suit in SUITS else TRUMP
        groups.setdefault(key, []).append(card)
    return {g: tuple(cs) for g, cs in groups.items()}


def _roles(record: Record, verdict: Verdict | None, seat: str) -> tuple[str, ...]:
    named: dict[str, str | None] = {"dealer": record.dealer}
    if verdict is not None:
        named |= {"declarer": verdict.declarer, "partner": verdict.partner}
    return tuple(role for role, who in named.items() if who == seat)


def hand_rows(record: Record, verdict: Verdict | None = None) -> list[HandRow]:
    """Every seat, in seat order, with the hand the record deals it (and its roles: dealer,
    and declarer or partner as the verdict has them)."""
    deck = deck_of(record)
    dealt = {h.seat: h.cards for h in record.of_type(Hand)}
    return [
        HandRow(
            seat,
            record.player(seat),
            _roles(record, verdict, seat),
            suit_groups(dealt[seat], deck) if seat in dealt else None,
        )  # fmt: skip
        for seat in record.seats
    ]


def played_by_seat(trick: Trick, seats: tuple[str, ...]) -> dict[str, str]:
    """Seat → card of one trick (:func:`tarokpgn.show.plays`)."""
    return {seat: card for seat, card in plays(trick, seats) if seat is not None}


def _judgements(record: Record, verdict: Verdict) -> list[Finding]:
    """The proven renons claims, as the judge rules them (an unproven one is a problem of the
    verdict already)."""
    claims = list(record.of_type(Renons))
    if not claims or verdict.status.value == "error":
        return []
    from tarokpgn.renons import judge_deal, short

    return [
        Finding(j.claim.trick or None, j.claim.accused,
                f"renons {j.claim.claimant}→{j.claim.accused}: {j.finding.value}", short(j))
        for j in judge_deal(record, claims).judgements
        if j.proven
    ]  # fmt: skip


def problem_finding(p: Problem) -> Finding:
    """One problem of the verdict as a finding (how the table or the judge settled it said)."""
    how = " (accepted at the table)" if p.accepted else ""
    how = " (settled by the renons judgement)" if p.judged else how
    rule = f" [{p.rule}]" if p.rule else ""
    label = f"{p.code} {p.seat}" if p.seat else p.code
    return Finding(p.trick, p.seat, label, f"{p.code}: {p.message}{rule}{how}")


def findings(record: Record, verdict: Verdict) -> list[Finding]:
    """The verdict's problems and the renons judgements, those on a trick first by trick."""
    found = [problem_finding(p) for p in verdict.problems] + _judgements(record, verdict)
    return sorted(found, key=lambda f: (f.trick is None, f.trick or 0))


def trick_rows(record: Record, verdict: Verdict) -> list[TrickRow]:
    """The tricks in record order, each with its winner (from the verdict) and findings."""
    found = findings(record, verdict)
    winners = verdict.trick_winners
    rows = []
    for i, trick in enumerate(record.of_type(Trick)):
        mine = tuple(f for f in found if f.trick == trick.number)
        winner = winners[i] if i < len(winners) else None
        rows.append(TrickRow(trick.number, trick.leader, played_by_seat(trick, record.seats),
                             winner, mine))  # fmt: skip
    return rows


# --- the rich rendering -----------------------------------------------------------------------


def render_terminal(record: Record, verdict: Verdict, console: Console) -> None:
    """Print ``record`` with its ``verdict`` on ``console`` as the deal's diagram."""
    deck = deck_of(record)
    console.print(title(record, verdict))
    console.print(_players_table(record, verdict))
    if any(True for _ in record.of_type(Hand)):
        console.print(_hands_table(record, verdict, deck))
    else:
        console.print(Text("No hands recorded.", style="dim"))
    for line in before_play(record, verdict):
        console.print(line)
    rows = trick_rows(record, verdict)
    if rows:
        console.print(_tricks_table(record, rows))
        console.print(Text(f"{LEAD_MARK} led the trick, {WIN_MARK} won it", style="dim"))
    else:
        console.print(Text("No tricks recorded.", style="dim"))
    _print_findings(console, findings(record, verdict))
    _print_score(console, verdict)


def deal_name(record: Record) -> str:
    """Event, site, date, deal number, variant and ruleset: ``Club evening · … · slovenian-4
    (semedela)``."""
    where = [record.get(t) for t in ("Event", "Site", "Date") if record.get(t)]
    deal = record.get("Deal")
    if deal:
        where.append(f"deal {deal}")
    kind = record.variant or "unknown variant"
    if record.ruleset:
        kind += f" ({record.ruleset})"
    return " · ".join([*where, kind])


def title(record: Record, verdict: Verdict) -> Text:
    """The deal's name and the verdict's status."""
    text = Text(deal_name(record), style="bold")
    status = verdict.status.value
    text.append("   ")
    text.append(status.upper(), style=_STATUS_STYLES.get(status, "bold red"))
    return text


def _card(card: str, style: str = "") -> Text:
    red = card[:1] in _RED_SUITS and card != UNKNOWN
    return Text(card, style=style or ("red" if red else ""))


def _cards(cards: Iterable[str]) -> Text:
    return Text(" ").join(_card(c) for c in cards)


def _players_table(record: Record, verdict: Verdict) -> Table:
    """Who sits where, one seat a row: the other tables name seats by their label only, so a
    long name costs no card its room (a name too long for its column wraps at its spaces)."""
    table = _table("Players")
    table.add_column("Seat", no_wrap=True)
    table.add_column("Player")
    table.add_column("Role")
    for r in hand_rows(record, verdict):
        table.add_row(Text(r.seat, "bold"), Text(r.player), Text(", ".join(r.roles)))
    return table


def _hands_table(record: Record, verdict: Verdict, deck: Deck | None) -> Table:
    rows = hand_rows(record, verdict)
    groups = [g for g in GROUPS if g != UNKNOWN] if deck is not None else [""]
    if any(r.groups and r.groups.get(UNKNOWN) for r in rows):
        groups.append(UNKNOWN)
    table = _table("Hands")
    table.add_column("Seat", no_wrap=True)
    for g in groups:
        table.add_column(GROUPS.get(g, "Cards"))
    for r in rows:
        cells = [_cards(r.groups.get(g, ())) for g in groups] if r.groups else [Text("no hand")]
        table.add_row(Text(r.seat, "bold"), *cells)
    return table


def _table(heading: str) -> Table:
    return Table(title=heading, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                 show_edge=False, pad_edge=False)  # fmt: skip


def _seat(record: Record, seat: str) -> str:
    name = record.player(seat)
    return f"{seat} ({name})" if name else seat


def before_play(record: Record, verdict: Verdict) -> list[Text]:
    """A line for every item before and beside the play (talon, auction, call, exchange,
    announcements, kontras, irregularities, comments), then the contract."""
    lines = []
    for item in record.items:
        line = _item_line(record, item)
        if line is not None:
            lines.append(line)
    if verdict.contract is not None:
        text = f"Contract: {verdict.contract}"
        if verdict.declarer is not None:
            text += f", declarer {_seat(record, verdict.declarer)}"
        if verdict.partner is not None:
            text += f", partner {_seat(record, verdict.partner)}"
        lines.append(Text(text, style="bold"))
    return lines


def _labelled(label: str, body: Text | str) -> Text:
    return Text.assemble((f"{label}: ", "bold"), body)


def _item_line(record: Record, item: Item) -> Text | None:
    """One line for an item that is not a hand nor a trick (None for those)."""
    if isinstance(item, Talon):
        return _labelled("Talon", _cards(item.cards))
    if isinstance(item, Auction):
        return _labelled("Auction", ", ".join(f"{b.seat} {b.bid}" for b in item.bids))
    if isinstance(item, Call):
        return _labelled("Call", Text.assemble(f"{_seat(record, item.seat)} calls ",
                                               _card(item.card)))  # fmt: skip
    if isinstance(item, Exchange):
        return _labelled("Exchange", _exchange(record, item))
    if isinstance(item, Announce):
        what = "announces" if item.kind == "announce" else "declares"
        body = Text(f"{_seat(record, item.seat)} {what} {item.name}")
        if item.cards:
            body.append(" ").append_text(_cards(item.cards))
        return _labelled(item.kind.capitalize(), body)
    if isinstance(item, Kontra):
        return _labelled("Kontra", f"{_seat(record, item.seat)} level {item.level} on "
                                   f"{item.target}")  # fmt: skip
    if isinstance(item, Irregular):
        opts = " ".join(f"{k}={v}" for k, v in item.options)
        return _labelled("Irregular", " ".join(p for p in (item.kind, item.seat or "", opts) if p))
    if isinstance(item, ExcuseExchange):
        return _labelled("Excuse exchange", Text.assemble("gives ", _card(item.card)))
    if isinstance(item, Comment):
        return Text(f"{{{item.text.strip()}}}", style="dim italic")
    return None


def _exchange(record: Record, item: Exchange) -> Text:
    body = Text(f"{_seat(record, item.seat)} takes ")
    body.append_text(_cards(item.take) if item.take else Text("nothing"))
    body.append(", lays away ").append_text(_cards(item.discard) if item.discard else Text("—"))
    if item.show:
        body.append(" (shown ").append_text(_cards(item.show)).append(")")
    return body


def _tricks_table(record: Record, rows: list[TrickRow]) -> Table:
    table = _table("Tricks")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Lead", no_wrap=True)
    for seat in record.seats:  # by seat label: the players are named above
        table.add_column(Text(seat), no_wrap=True)
    table.add_column("Won by", no_wrap=True)
    noted = any(row.findings for row in rows)
    if noted:
        table.add_column("Findings", style="bold red")
    for row in rows:
        cells = [_played(row, seat) for seat in record.seats]
        won = Text(row.winner, style="bold") if row.winner is not None else Text("?", "dim")
        notes = ["; ".join(f.label for f in row.findings)] if noted else []
        table.add_row(str(row.number), row.leader, *cells, won, *notes)
    return table


def _played(row: TrickRow, seat: str) -> Text:
    card = row.played.get(seat)
    if card is None:
        return Text("")
    won = seat == row.winner
    text = Text(LEAD_MARK if seat == row.leader else " ")
    text.append_text(_card(card, "bold green" if won else ""))
    text.append(WIN_MARK if won else "")
    return text


def _print_findings(console: Console, found: list[Finding]) -> None:
    if not found:
        return
    table = _table("Findings")
    table.show_header = False
    table.add_column("Where", no_wrap=True)
    table.add_column("Finding", style="red")
    for f in found:
        table.add_row(f"trick {f.trick}" if f.trick is not None else "deal", f.text)
    console.print(table)


CARD_POINTS_NOTE = (
    "every card point of the deal, as the verifier counts them; the lines below may score "
    "parts apart (Tarocchini's last trick)"
)
"""What the card points won are: the verdict's count per side includes what the variant
counts as card points (Tarocchini's 6 for the last trick, T-2.3), which its breakdown scores
on a line of its own."""


def card_points_text(verdict: Verdict) -> str:
    """``NS 49, EW 44 of 93 (…)``: :attr:`Verdict.card_points`, their sum and what they are."""
    points = verdict.card_points
    sides = ", ".join(f"{side} {n}" for side, n in points.items())
    return f"{sides} of {sum(points.values())} ({CARD_POINTS_NOTE})"


def score_rows(verdict: Verdict) -> list[tuple[str, str, str]]:
    """The score at the end as (label, signed value or ``""``, detail) rows: card points, won
    or lost, the verdict's breakdown, then the computed and the written scores."""
    rows = []
    if verdict.card_points:
        rows.append(("card points won", "", card_points_text(verdict)))
    if verdict.won is not None:
        rows.append(("contract", "", "won" if verdict.won else "lost"))
    for line in verdict.breakdown:
        rows.append((line.label, f"{line.value:+d}" if line.value else "", line.detail))
    if verdict.scores is not None:
        rows.append(("computed", "", format_scores(verdict.scores)))
    if verdict.written is not None:
        rows.append(("written", "", format_scores(verdict.written)))
    if verdict.scores is None and verdict.written is None:
        rows.append(("no score", "", "the record has no result and none could be computed"))
    return rows


def _print_score(console: Console, verdict: Verdict) -> None:
    table = _table("Score")
    table.show_header = False
    table.add_column("Line")
    table.add_column("Value", justify="right", no_wrap=True)
    table.add_column("Detail")
    for label, value, detail in score_rows(verdict):
        style = "bold" if label == "computed" else ""
        table.add_row(Text(label, style), value, Text(detail, style))
    console.print(table)
