""":attr:`DealState.hands` is made from :attr:`DealState.hand_bits` on first use, then kept in
step by every change to a hand: a replay that makes it before the first item (so each change
goes to the sets as well) and one that reads only the bit sets (:meth:`DealState.known`,
:meth:`DealState.holds`) until the end agree after every item, on the golden and example
records of every variant (illegal deals included: their full checks read the sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarokpgn.errors import NotationError
from tarokpgn.notation import iter_file
from tarokpgn.replayer import Replay

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ["examples", *(f"tests/golden/{d}" for d in ("czech", "french", "renons",
                                                      "slovenian", "tarocchini"))]  # fmt: skip


def _agree(early: Replay, late: Replay) -> None:
    """``late`` answers each hand question as ``early``'s sets do, without making its own."""
    hands, deal = early.deal.hands, late.deal
    assert deal.hand_bits == early.deal.hand_bits
    for p, hand in enumerate(hands):
        assert deal.known(p) == (hand is not None)
        held = [c for c in range(len(deal.tables.tokens)) if deal.holds(p, c)]
        assert held == sorted(hand or ())


@pytest.mark.parametrize("corpus", CORPORA)
def test_hands_made_first_or_last_agree(corpus: str) -> None:
    checked = lazy = 0
    for path in sorted((ROOT / corpus).glob("*.tpgn")):
        for record in iter_file(str(path)):
            if isinstance(record, NotationError):
                continue
            early, _ = Replay.start(record)
            late, _ = Replay.start(record)
            if early is None or late is None:
                continue
            assert early.deal.hands is not None  # made now: every change goes to both
            for item in record.items:
                early.feed(item)
                late.feed(item)
                _agree(early, late)
            assert late.found == early.found
            lazy += late.deal._hands is None  # no full check made its sets
            assert late.deal.hands == early.deal.hands
            checked += 1
    assert checked >= 2
    assert lazy >= 1
