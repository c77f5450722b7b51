"""The Tarocchini deal: the shared :class:`~tarokpgn.rules.state.DealState` plus sides.

* Ottocento: fixed partnerships, partners opposite (T-3.1): eldest's side (positions 0, 2)
  against the dealer's side (1, 3); Terziglio: the declarer against the other two (T-11.1);
* a deal thrown in (four ``monte`` calls, T-4.2, or a Terziglio all-pass) is complete with no
  trick, and no card may be played;
* T-13.13 ``matto_cannot_lead``: the Matto may not lead while other cards remain.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarokpgn.rules.ruleset import Fault
from tarokpgn.rules.state import ALL_CARDS, DealState
from tarokpgn.rules.tarocchini.options import TarocchiniOptions

if TYPE_CHECKING:
    from tarokpgn.rules.tarocchini.ruleset import TarocchiniRuleset

_SEAT_ORDER = "NESWZ"


class TarocchiniDeal(DealState):
    """One Ottocento or Terziglio deal in progress."""

    def __init__(
        self,
        ruleset: TarocchiniRuleset,
        hands: Sequence[Sequence[int] | None] | None = None,
        talon: Sequence[int] | None = None,
        *,
        number: int = 0,
        labels: Sequence[str] | None = None,
    ) -> None:
        self.opts: TarocchiniOptions = ruleset.tarocchini
        self.partnerships = ruleset.players == 4
        self.fool = ruleset.tables.card("FOOL")
        super().__init__(ruleset, hands, talon, number=number, labels=labels)

    # --- sides ------------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self.players - 1

    @property
    def thrown_in(self) -> bool:
        """True when the cards were thrown in (monte, or nobody bid in Terziglio)."""
        return self.contract is not None and self.contract.kind == "thrown-in"

    def side(self, pos: int) -> int:
        """0 or 1. Ottocento: 0 eldest's partnership, 1 the dealer's; Terziglio: 0 the
        declarer, 1 the opponents."""
        if self.partnerships:
            return pos % 2
        return 0 if pos == self.declarer else 1

    def members(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if self.side(p) == side)

    def side_label(self, side: int) -> str:
        """``NS``, ``EW`` (Ottocento) or ``declarer`` / ``opponents`` (Terziglio)."""
        if not self.partnerships:
            return ("declarer", "opponents")[side]
        seats = sorted((self.label(p) for p in self.members(side)), key=_seat_rank)
        return "".join(seats)

    # --- phases -----------------------------------------------------------------------------

    def declare(self, pos: int, name: str, cards: tuple[int, ...] = ()) -> None:
        """Record a declaration (T-5) without closing the dealer's scarto or the exchange:
        under ``before_scarto`` (T-13.6) declarations come first."""
        self.announced.setdefault(name, pos)
        self.declared_cards.append((pos, name, tuple(cards)))
        for c in cards:  # shown cards are known to be his (checks records with hidden hands)
            self.set_owner(c, pos, replace=False)

    @property
    def complete(self) -> bool:
        return self.thrown_in or super().complete

    def legal(self, pos: int) -> list[int]:
        cards = super().legal(pos)
        if self._matto_lead_barred(pos):
            cards = [c for c in cards if c != self.fool]
        return cards

    def _matto_lead_barred(self, pos: int) -> bool:
        """T-13.13 ``matto_cannot_lead``: ``pos``, to lead, may not lead the Matto while he
        holds other cards (stated once, for :meth:`legal` and :meth:`check_play`)."""
        if self.opts.matto_led != "matto_cannot_lead" or self.current is not None:
            return False
        hand = self.hands[pos]
        return hand is not None and len(hand) > 1

    def exact_cards(self) -> int:
        """Every card of a deal thrown in (T-4.2); else the Matto, for its lead (T-13.13)."""
        if self.thrown_in:
            return ALL_CARDS
        return self.tables.bit[self.fool] if self.opts.matto_led == "matto_cannot_lead" else 0

    def check_play(self, pos: int, card: int) -> Fault | None:
        if self.thrown_in:
            if self.tricks:  # said once, at the first card
                return None
            word = "monte" if self.partnerships else "nobody bid"
            return Fault("no-play", f"the cards were thrown in ({word}): no card is played",
                         "T-4.2" if self.partnerships else "T-3.3", pos)  # fmt: skip
        fault = super().check_play(pos, card)
        if fault is None and card == self.fool and self._matto_lead_barred(pos):
            msg = f"{self.label(pos)} led the Matto while holding other cards"
            return Fault("matto-lead", msg, "T-13.13", pos, (self.name(card),))
        return fault


def _seat_rank(label: str) -> int:
    return _SEAT_ORDER.index(label) if label in _SEAT_ORDER else len(_SEAT_ORDER)
