"""Seeing deals: cards as SVG (:mod:`~tarokpgn.show.svg`), the self-contained HTML replay page
(:mod:`~tarokpgn.show.html`) and the terminal diagram (:mod:`~tarokpgn.show.terminal`).

Every view draws what the record says and what the verifier decided (:class:`~tarokpgn.verdict.
Verdict`: trick winners, findings, scores); none of them applies a rule itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarokpgn.model import Trick


def plays(trick: Trick, seats: Sequence[str]) -> list[tuple[str | None, str]]:
    """(seat, card) for each card of ``trick`` in the order written: the notation lists them
    from the leader round the table (seat None for all when the leader is no seat)."""
    if trick.leader not in seats:
        return [(None, card) for card in trick.cards]
    first = seats.index(trick.leader)
    return [(seats[(first + i) % len(seats)], card) for i, card in enumerate(trick.cards)]
