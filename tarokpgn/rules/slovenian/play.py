"""Play: the trick policy per contract (SL-9), first lead (SL-10.2), klop talon cards
(SL-6.8) and when play may stop early (SL-9.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarokpgn.rules.core import Emperor, TrickPolicy
from tarokpgn.rules.slovenian.options import SlovenianOptions

if TYPE_CHECKING:
    from tarokpgn.rules.state import DealState


def emperor(deal: DealState, opts: SlovenianOptions) -> Emperor | None:
    """The pagat captures mond and škis in one trick (SL-10.3)."""
    if opts.emperor_trick == "off":
        return None
    t = deal.tables
    return Emperor(t.card("T1"), t.card("T21"), t.card("FOOL"), opts.emperor_trick == "ordered")


def trick_policy(deal: DealState, opts: SlovenianOptions) -> TrickPolicy:
    """Positive contracts: follow suit, else tarok, else any (SL-9.2–9.5). Klop, beggar and
    piccolo add must-beat (by rank: the škis must beat the mond even when the pagat then
    captures both, SL-9.6 b) and pagat-last (SL-9.6 d); colour valat takes the taroks' power away
    (SL-10.4) and may drop the duty to trump (SL-9.8)."""
    c = deal.contract
    emp = emperor(deal, opts)
    if c is None:
        return TrickPolicy(emperor=emp)
    if c.kind in ("klop", "negative"):
        return TrickPolicy(
            must_beat=opts.negative_must_beat,
            beat_by_rank=True,  # SL-9.6 b: a higher tarok by rank, the škis highest
            last_resort=deal.tables.card("T1"),
            emperor=emp,
        )
    if c.kind == "colour-valat":
        return TrickPolicy(trumps_win=False, must_trump=opts.colour_valat_must_trump, emperor=emp)
    return TrickPolicy(emperor=emp)


def first_leader(deal: DealState) -> int:
    """Forehand leads, except contracts the declarer leads (SL-10.2)."""
    c = deal.contract
    if c is not None and c.leader == "declarer" and deal.declarer is not None:
        return deal.declarer
    return 0


def trick_extra(deal: DealState, number: int, opts: SlovenianOptions) -> tuple[int, ...]:
    """In klop the talon cards go, one each in dealt order, to the first six tricks (SL-6.8)."""
    c = deal.contract
    if c is None or c.kind != "klop" or opts.klop_talon != "first_six" or deal.talon is None:
        return ()
    talon = deal.talon
    return (talon[number - 1],) if number <= len(talon) else ()


def declarer_tricks(deal: DealState) -> tuple[int, int]:
    """(tricks won by the declarer side, tricks won by the others) so far."""
    mine = theirs = 0
    for t in deal.tricks:
        if t.winner is None:
            continue
        if deal.side_of(t.winner) == "declarer":
            mine += 1
        else:
            theirs += 1
    return mine, theirs


def is_decided(deal: DealState, opts: SlovenianOptions) -> bool:
    """Beggar lost, piccolo lost, valat or colour valat broken: play may stop (SL-9.7)."""
    if opts.stop_on_decided == "play_out":
        return False
    c = deal.contract
    if c is None or deal.declarer is None or c.kind not in ("negative", "valat", "colour-valat"):
        return False
    mine, theirs = declarer_tricks(deal)
    if c.kind == "negative":
        return mine > (c.tricks_wanted or 0)
    if c.kind in ("valat", "colour-valat"):
        return theirs > 0
    return False
