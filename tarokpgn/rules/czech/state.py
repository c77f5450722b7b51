"""The Czech deal: the shared :class:`~tarokpgn.rules.state.DealState` plus what Czech adds.

* several seats take talon cards (4+1+1, 1+2+3), and each discard counts for its own side
  (CZ-5.1, 5.3): the talon phase ends when every taker has exchanged;
* whoever buys the called tarok becomes the partner (CZ-4.4), the declarer alone when it is
  himself (with no ``call`` the nineteen is called, CZ-4.2: the ruleset's ``implied_call``);
* forehand may still choose Varšava after his first duty was passed out (CZ-3.7);
* Varšava's pagát rule and the CZ rule ids in the faults (CZ-8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarokpgn.rules.czech.auction import CzechAuction
from tarokpgn.rules.czech.contracts import Contract, Game, parse_bid
from tarokpgn.rules.czech.options import CzechOptions
from tarokpgn.rules.czech.play import czech_legal, warsaw_exact, warsaw_fault
from tarokpgn.rules.czech.talon import preferanc_level, purchases
from tarokpgn.rules.ruleset import Fault
from tarokpgn.rules.state import ALL_CARDS, DealState, Phase

if TYPE_CHECKING:
    from tarokpgn.rules.czech.ruleset import CzechRuleset

_UNKNOWN_TALON: Final = tuple(range(-6, 0))
"""Stand-in cards for an unknown talon."""
_ORDERS: Final = tuple(tuple(range(n)) for n in range(8))
"""``_ORDERS[n]``: positions 0…n−1."""


class CzechDeal(DealState):
    """One Czech deal in progress (see the module docstring for what it adds)."""

    def __init__(
        self,
        ruleset: CzechRuleset,
        hands: Sequence[Sequence[int] | None] | None = None,
        talon: Sequence[int] | None = None,
        *,
        number: int = 0,
        labels: Sequence[str] | None = None,
        masks: Sequence[int] | None = None,
    ) -> None:
        self.opts: CzechOptions = ruleset.czech
        self.discards: dict[int, tuple[int, ...]] = {}
        """Position → cards it laid away (counted for its side, CZ-5.3)."""
        self.takes: dict[int, tuple[int, ...]] = {}
        self.pref_level = 0
        """Preferanc level 1–3 once known (CZ-17.1)."""
        self.declared: list[tuple[int, str]] = []
        """Every ``announce``/``declare`` in order: (position, name)."""
        self._due: dict[int, tuple[int, ...]] = {}
        self._due_for: tuple[Contract | None, int | None] = (None, None)
        """The (game, declarer) :attr:`_due` was worked out for (see :meth:`due`)."""
        self._game: Contract | None = None
        self._game_for: tuple[object, int] = (None, 0)
        """The (contract, preferanc level) :attr:`_game` was worked out for (:attr:`game`)."""
        super().__init__(ruleset, hands, talon, number=number, labels=labels, masks=masks)

    # --- facts ------------------------------------------------------------------------------

    @property
    def game(self) -> Contract | None:
        """The Czech contract with its preferanc level (None before the auction ends). Worked
        out again only when the contract or the level changed: it is asked for at every bid,
        exchange, announcement and score, and one answer keeps :meth:`due` cached."""
        contract = self.contract
        if contract is None:
            return None
        seen, seen_level = self._game_for
        if contract is not seen or self.pref_level != seen_level:
            self._game = self._parse_game(contract.id)
            self._game_for = (contract, self.pref_level)
        return self._game

    def _parse_game(self, bid: str) -> Contract | None:
        c = parse_bid(bid)
        if c is None:
            return None
        level = self.pref_level or c.level
        return c if level == c.level else Contract(c.game, level)  # the shared one when it fits

    @property
    def is_warsaw(self) -> bool:
        return self.contract is not None and self.contract.id == "warsaw"

    def due(self, game: Contract | None) -> dict[int, tuple[int, ...]]:
        """Position → the talon cards it must take in ``game`` (CZ-5, :func:`purchases`;
        stand-in cards −6…−1 when the talon is unknown). Worked out once per game and
        declarer (the talon and options never change); do not change the answer."""
        declarer = self.declarer
        if game is None or declarer is None:
            return {}
        seen_game, seen_declarer = self._due_for
        if game is not seen_game or declarer != seen_declarer:
            talon = self.talon if self.talon is not None else _UNKNOWN_TALON
            self._due = purchases(game, declarer, _ORDERS[self.players], talon, self.opts)
            self._due_for = (game, declarer)
        return self._due

    def expected_takes(self) -> dict[int, int]:
        """Position → number of talon cards it takes in this game (CZ-5)."""
        return {p: len(c) for p, c in self.due(self.game).items()}

    # --- auction: forehand's late Varšava (CZ-3.7) -----------------------------------------

    def _warsaw_choice(self, pos: int, bid: str) -> bool:
        auction = self.auction
        return (
            bid == "warsaw"
            and self.phase is Phase.CALL
            and self.called is None
            and isinstance(auction, CzechAuction)
            and auction.may_choose_warsaw(pos)
        )

    def check_bid(self, pos: int, bid: str) -> Fault | None:
        if self._warsaw_choice(pos, bid):
            return None
        return super().check_bid(pos, bid)

    def bid(self, pos: int, bid: str) -> None:
        if not self._warsaw_choice(pos, bid):
            super().bid(pos, bid)
            return
        self.bids.append((pos, bid))
        self.auction.apply(pos, bid)
        self.contract = self.ruleset.contract("warsaw")
        self.declarer = None
        self.phase = Phase.CALL
        self._advance()

    # --- the called tarok (CZ-4) ------------------------------------------------------------

    def call(self, pos: int, card: int) -> None:
        super().call(pos, card)
        if self.partner == self.declarer:
            self.partner = None

    # --- talon (CZ-5) -----------------------------------------------------------------------

    def exchange(
        self, pos: int, take: tuple[int, ...], discard: tuple[int, ...], show: tuple[int, ...]
    ) -> None:
        self.imply_call()
        self.exchange_hand(pos, take, discard)
        for c in take:
            self.set_owner(c, pos)
        self.takes[pos] = take
        self.discards[pos] = discard
        self.taken = self.taken + take
        self.laid_away.extend(discard)
        self.used_bits |= self.tables.mask(discard)
        self.shown = self.shown + show
        self._bought(pos, take)
        if self.is_preferanc and self.talon is not None:
            game = self.game
            level = preferanc_level(self.talon, take, game.level if game else 0)
            self.pref_level = level or 0
            if level:
                self.contract = self.ruleset.contract(f"preferanc-{level}") or self.contract
        if all(p in self.takes for p in self.due(self.game)):  # every taker has exchanged
            self.phase = Phase.ANNOUNCE
            self._advance()

    @property
    def is_preferanc(self) -> bool:
        game = self.game
        return game is not None and game.game is Game.PREFERANC

    def _bought(self, pos: int, take: tuple[int, ...]) -> None:
        """Whoever buys the called tarok is the partner; the declarer plays alone (CZ-4.4)."""
        if self.called is None or self.called not in take:
            return
        other = pos != self.declarer and self.opts.called_tarok_bought_by_other == "partner"
        self.partner = pos if other else None
        self.partner_known = True

    # --- announcements and fleky ------------------------------------------------------------

    def announce(self, pos: int, name: str) -> None:
        super().announce(pos, name)
        self.declared.append((pos, name))

    # --- play (CZ-8) ------------------------------------------------------------------------

    def missing_exchanges(self) -> list[int]:
        """Positions that should have taken talon cards but have no exchange (CZ-5.1)."""
        if self.tricks or not self.known(0):
            return []
        return [p for p in self.due(self.game) if p not in self.takes]

    def check_play(self, pos: int, card: int) -> Fault | None:
        missing = self.missing_exchanges()
        if missing:
            who = ", ".join(self.label(p) for p in missing)
            msg = f"play starts before {who} took and discarded the talon cards due to them"
            return Fault("missing-exchange", msg, "CZ-5.1", missing[0])
        fault = super().check_play(pos, card)
        hand = self.hand_cards(pos) if fault is None and self.is_warsaw else None
        if hand is None:
            return fault
        cur = self.current
        pf = warsaw_fault(card, sorted(hand), cur.cards if cur else [], self.opts)
        return None if pf is None else self._explain(pos, card, pf.code, pf.should)

    def legal(self, pos: int) -> list[int]:
        hand = self.hand_cards(pos)
        if hand is None:
            return []
        cur = self.current
        return czech_legal(sorted(hand), cur.cards if cur else [], self.is_warsaw, self.opts)

    def exact_cards(self) -> int:
        """Every card while an exchange is missing (CZ-5.1, at the first card); in Varšava
        the pagát (CZ-8.6 b), and with ``warsaw_overtake = strict`` every card (CZ-8.6 a)."""
        if not self.tricks and self.missing_exchanges():
            return ALL_CARDS
        return warsaw_exact(self.opts) if self.is_warsaw else 0

    def _explain(self, pos: int, card: int, code: str, should: tuple[int, ...]) -> Fault:
        names = " ".join(self.tables.names(should))
        cur = self.current
        led = self.name(cur.cards[0]) if cur is not None and cur.cards else ""
        tarok_led = cur is not None and bool(cur.cards) and self.tables.suit[cur.cards[0]] == 4
        who, played = self.label(pos), self.name(card)
        texts = {
            "follow-suit": (f"{who} played {played} but had to cover the led tarok {led} with a "
                            f"tarok: {names}", "CZ-8.4") if tarok_led else
                           (f"{who} played {played} but had to follow {led} with {names}",
                            "CZ-8.2"),
            "must-trump": (f"{who} played {played} but had to play a tarok: {names}",
                           "CZ-8.4" if tarok_led else "CZ-8.3"),
            "must-beat": (f"{who} played {played} but in Varšava had to beat with {names}",
                          "CZ-8.6"),
            "pagat-last": (f"{who} played the pagát while still holding another tarok; "
                           f"allowed: {names}", "CZ-8.6"),
        }  # fmt: skip
        msg, rule = texts.get(code, (f"{who} may not play {played}", "CZ-8"))
        return Fault(code, msg, rule, pos, (played, *self.tables.names(should)))
