"""The deal engine: one mutable :class:`DealState` that moves through the phases of a deal.

``AUCTION → CALL → TALON → ANNOUNCE → PLAY → DONE``; a phase with nothing to do is skipped
(no king call in solo games or with three players, no talon in beggar…). Each operation comes
as ``check_x`` (returns a :class:`Fault` or None, no change), ``verify_x`` (raises
:class:`RuleViolation`) and ``x`` (applies the operation *without* checking, so a replay can
report a fault and carry on). The ruleset decides every rule; the state only keeps books.

Hands may be unknown (None): then plays are checked for consistency only (no card twice, no
card another seat is known to hold, no suit a player was shown to lack).

A replay plays a whole trick with :meth:`DealState.play_trick`: the same checks and book-keeping
as :meth:`~DealState.check_play` then :meth:`~DealState.play` per card, but the common card
is settled by a bit-set test (:func:`~tarokpgn.rules.core.quick_play`) on
:attr:`~DealState.hand_bits`; every other card takes the full check, so faults read the same.

A record that goes on past the call phase without a ``call`` item (to an exchange, an
announcement, a declaration, a kontra or the play) calls the card the ruleset implies
(:meth:`~tarokpgn.rules.ruleset.Ruleset.implied_call`; Czech: the nineteen, CZ-4.2), once:
:meth:`DealState.imply_call`, at the start of each of those operations and of its check.

A family whose deal needs more book-keeping subclasses :class:`DealState` (and names the
subclass in :attr:`~tarokpgn.rules.ruleset.Ruleset.deal_state`); this module imports the
ruleset module for type checking only, so the ruleset module can import it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from tarokpgn.rules.core import (
    NO_CARD,
    NO_SUIT,
    QUICK_EXACT,
    QUICK_IF_WINS,
    QUICK_LEGAL,
    TRUMP_SUIT,
    CardTables,
    QuickPlay,
    TrickPolicy,
    check_play,
    led_suit,
    legal_plays,
    quick_beat,
    quick_play,
    quick_winner,
    reveals_void,
    trick_winner,
)
from tarokpgn.rules.facts import Contract, Fault, RuleViolation, Score

if TYPE_CHECKING:
    from tarokpgn.rules.ruleset import Auction, Ruleset

ALL_CARDS: Final = -1
"""Every card, as a bit set (every bit set): see :meth:`DealState.exact_cards`."""
DEFAULT_POLICY: Final = TrickPolicy()
"""The policy before the contract is known (one object, shared by every deal)."""


class Phase(StrEnum):
    AUCTION = "auction"
    CALL = "call"
    TALON = "talon"
    ANNOUNCE = "announce"
    PLAY = "play"
    DONE = "done"


@mypyc_attr(allow_interpreted_subclasses=True)
class PlayedTrick:
    """A finished (or, for the current one, running) trick. (A plain class, not a dataclass:
    one is made per trick, and a compiled explicit ``__init__`` is much cheaper.)"""

    def __init__(
        self,
        number: int,
        leader: int,
        cards: list[int] | None = None,
        winner: int | None = None,
        extra: tuple[int, ...] = (),
    ) -> None:
        self.number = number
        self.leader = leader
        self.cards: list[int] = cards if cards is not None else []
        self.winner = winner
        """Position of the player who won it."""
        self.extra = extra
        """Cards added to the trick (klop talon cards)."""

    def __repr__(self) -> str:
        return (
            f"PlayedTrick(number={self.number!r}, leader={self.leader!r}, cards={self.cards!r},"
            f" winner={self.winner!r}, extra={self.extra!r})"
        )

    def player(self, i: int, players: int) -> int:
        """Position of the player who played ``cards[i]``."""
        return (self.leader + i) % players


_SUIT_WORDS = ("hearts", "diamonds", "spades", "clubs", "taroks", "")


@mypyc_attr(allow_interpreted_subclasses=True)
class DealState:
    """One deal in progress. Construct with the ruleset, then feed operations in order."""

    def __init__(
        self,
        ruleset: Ruleset[Any],
        hands: Sequence[Sequence[int] | None] | None = None,
        talon: Sequence[int] | None = None,
        *,
        number: int = 0,
        labels: Sequence[str] | None = None,
        masks: Sequence[int] | None = None,
    ) -> None:
        """``hands[pos]``: the dealt cards of position ``pos`` (None: unknown); ``talon`` in
        dealt order (None: unknown); ``number``: 1-based number of the deal in its match (0:
        unknown), used by rules such as the compulsory first klop; ``labels``: seat names for
        messages, in order of play; ``masks[pos]``: the cards of ``hands[pos]`` as a bit set,
        when the caller has made them already (the replay does, checking the deal)."""
        n = ruleset.players
        self.ruleset = ruleset
        self.tables: CardTables = ruleset.tables
        self._hand_size: int = ruleset.hand_size
        """The ruleset's :attr:`~tarokpgn.rules.ruleset.Ruleset.hand_size` (read per trick)."""
        self.players = n
        self.number = number
        self.labels = list(labels or [f"P{i + 1}" for i in range(n)])
        self._given: list[tuple[int, ...] | None] = []
        self._dealt: list[frozenset[int] | None] | None = None
        self.dealt_bits: list[int | None] = []
        """:attr:`dealt` as bit sets (None: unknown)."""
        self._hands: list[set[int] | None] | None = None
        """:attr:`hands` once made (None: not yet asked for)."""
        self.hand_bits: list[int] = []
        """Position → the cards it holds now, as a bit set (0 for an unknown hand): the
        deal's own record of the hands, changed by every method here that changes a hand
        (and :attr:`hands` with it, once made); code that changes :attr:`hands` from outside
        calls :meth:`sync_bits`."""
        self.shared_bits = 0
        """Cards in more than one known hand (a faulty deal or exchange), as a bit set."""
        self.talon: tuple[int, ...] | None = tuple(talon) if talon is not None else None
        self.owner_bits: list[int] = [0] * n
        """Position → the cards it is known to hold or have held (dealt, taken, shown), as a
        bit set; :attr:`owner` is the same as a dict, changed with :meth:`set_owner`."""
        self.owned = 0
        """Every card of :attr:`owner_bits` (the cards whose holder is known), as a bit set."""
        self._deal_hands(hands if hands else [None] * n, masks)
        self._voids: list[set[int]] | None = None
        self.bids: list[tuple[int, str]] = []
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.called: int | None = None
        self.partner: int | None = None
        """Holder of the called card (None: declarer alone, or not yet known)."""
        self.partner_known = False
        self.call_implied = False
        """True when no ``call`` was given and the ruleset's implied card was called
        (:meth:`imply_call`)."""
        self.taken: tuple[int, ...] = ()
        self.group: int | None = None
        """Index of the talon group taken."""
        self.laid_away: list[int] = []
        self.shown: tuple[int, ...] = ()
        self.announced: dict[str, int] = {}
        """Announcement name → position that announced it."""
        self.declared_cards: list[tuple[int, str, tuple[int, ...]]] = []
        """``declare`` items in order: (position, name, cards shown)."""
        self.kontras: dict[str, int] = {}
        """Target (``game`` or an announcement) → kontra level reached."""
        self.tricks: list[PlayedTrick] = []
        self.used_bits = 0
        """:attr:`used` as a bit set."""
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.finished = 0
        """Number of finished tricks."""
        self.policy: TrickPolicy = DEFAULT_POLICY
        self._quick: QuickPlay | None = None
        self._quick_policy: TrickPolicy | None = None
        """The :attr:`policy` object :attr:`_quick` was looked up for."""
        self.stopped = False
        self.auction: Auction = ruleset.new_auction(self)
        self.phase = Phase.AUCTION
        self._after_auction_if_done()

    def _deal_hands(
        self, hands: Sequence[Sequence[int] | None], masks: Sequence[int] | None
    ) -> None:
        """Fill :attr:`owner_bits` and the bit sets (the same as :meth:`sync_bits` would)
        from the dealt ``hands`` (and their bit sets ``masks``, when given); :attr:`dealt` and
        :attr:`hands` are made from them on first use. A card dealt twice belongs to the
        later hand."""
        bit = self.tables.bit
        given, bits, dealt = self._given, self.hand_bits, self.dealt_bits
        owners = self.owner_bits
        seen = shared = 0
        for p, h in enumerate(hands):
            if h is None:
                given.append(None)
                bits.append(0)
                dealt.append(None)
                continue
            cards = tuple(h)
            given.append(cards)
            if masks is not None:
                m = masks[p]
            else:
                m = 0
                for c in cards:
                    m |= bit[c]
            bits.append(m)
            dealt.append(m)
            if seen & m:  # a card dealt twice: the later hand owns it
                shared |= seen & m
                for q in range(p):
                    owners[q] &= ~m
            owners[p] = m
            seen |= m
        self.shared_bits = shared
        self.owned = seen

    @property
    def owner(self) -> Mapping[int, int]:
        """Card → position known to hold it or to have held it (dealt it, took it from the
        talon, showed it), read-only: made from :attr:`owner_bits` at each use
        (:meth:`owner_of` asks for one card, :meth:`set_owner` changes it)."""
        out: dict[int, int] = {}
        for p, m in enumerate(self.owner_bits):
            while m:
                low = m & -m
                out[low.bit_length() - 1] = p
                m ^= low
        return MappingProxyType(out)

    def owner_of(self, card: int) -> int | None:
        """``owner.get(card)``: the position known to hold ``card`` (None: not known)."""
        bit = self.tables.bit
        if not 0 <= card < len(bit) or not self.owned & bit[card]:
            return None
        b = bit[card]
        for p, m in enumerate(self.owner_bits):
            if m & b:
                return p
        return None

    def set_owner(self, card: int, pos: int, replace: bool = True) -> None:
        """``owner[card] = pos`` (``replace=False``: ``owner.setdefault(card, pos)``)."""
        bit = self.tables.bit
        if not 0 <= card < len(bit):
            return
        b = bit[card]
        owners = self.owner_bits
        if self.owned & b:
            if not replace:
                return
            for p, m in enumerate(owners):
                if m & b:
                    owners[p] = m & ~b
        owners[pos] |= b
        self.owned |= b

    @property
    def used(self) -> frozenset[int]:
        """Cards already played or laid away, read-only: made from :attr:`used_bits` at each
        use (assigning a set of cards sets :attr:`used_bits`)."""
        return frozenset(self.tables.unmask(self.used_bits))

    @used.setter
    def used(self, cards: Iterable[int]) -> None:
        self.used_bits = self.tables.mask(cards)

    def _is_used(self, card: int) -> bool:
        bit = self.tables.bit
        return 0 <= card < len(bit) and bool(self.used_bits & bit[card])

    @property
    def voids(self) -> list[set[int]]:
        """Position → suits it showed to lack (kept for unknown hands only; made on first
        use: a replay of known hands never asks)."""
        voids = self._voids
        if voids is None:
            voids = self._voids = [set() for _ in range(self.players)]
        return voids

    @property
    def hands(self) -> list[set[int] | None]:
        """Position → the cards it holds now (None: unknown), as sets: made from
        :attr:`hand_bits` on first use (a replay mostly asks :meth:`known` and :meth:`holds`
        instead), then changed with it by every method here that changes a hand. Code that
        changes a set from outside calls :meth:`sync_bits` (or puts it back)."""
        hands = self._hands
        if hands is None:
            t = self.tables
            hands = self._hands = [
                set(t.unmask(m)) if d is not None else None
                for m, d in zip(self.hand_bits, self.dealt_bits, strict=True)
            ]
        return hands

    def hand_cards(self, pos: int) -> Collection[int] | None:
        """The cards of ``pos`` now (None: unknown) for a rule that reads a whole hand:
        ``hands[pos]`` once :attr:`hands` is made (the renons judge puts a hand there to
        try), else made from :attr:`hand_bits` (in canonical order), leaving it unmade."""
        hands = self._hands
        if hands is not None:
            return hands[pos]
        if self.dealt_bits[pos] is None:
            return None
        return self.tables.unmask(self.hand_bits[pos])

    def known(self, pos: int) -> bool:
        """Whether the hand of ``pos`` is known (``hands[pos] is not None``)."""
        hands = self._hands
        return hands[pos] is not None if hands is not None else self.dealt_bits[pos] is not None

    def holds(self, pos: int, card: int) -> bool:
        """Whether the known hand of ``pos`` holds ``card`` now (``card in hands[pos]``;
        False for an unknown hand)."""
        hands = self._hands
        if hands is not None:
            hand = hands[pos]
            return hand is not None and card in hand
        bit = self.tables.bit
        return 0 <= card < len(bit) and bool(self.hand_bits[pos] & bit[card])

    @property
    def dealt(self) -> list[frozenset[int] | None]:
        """The dealt hands by position (None: unknown), as given to the constructor (made on
        first use: most replays never ask)."""
        dealt = self._dealt
        if dealt is None:
            dealt = self._dealt = [frozenset(h) if h is not None else None for h in self._given]
        return dealt

    # --- helpers ----------------------------------------------------------------------------

    def sync_bits(self) -> None:
        """Recompute :attr:`hand_bits` and :attr:`shared_bits` from :attr:`hands`."""
        mask = self.tables.mask
        self.hand_bits = [mask(h) if h is not None else 0 for h in self.hands]
        self._sync_shared()

    def exchange_hand(self, pos: int, take: Sequence[int], discard: Sequence[int]) -> None:
        """Add ``take`` to the hand of ``pos`` and remove ``discard`` from it (when it is
        known), in :attr:`hand_bits` and :attr:`shared_bits` (and :attr:`hands`, once made)."""
        if not self.known(pos):
            return
        hands, mask = self._hands, self.tables.mask
        if hands is not None:
            hand = hands[pos]
            if hand is not None:
                hand.update(take)
                hand.difference_update(discard)
        bits = self.hand_bits
        bits[pos] = (bits[pos] | mask(take)) & ~mask(discard)
        self._sync_shared()

    def _sync_shared(self) -> None:
        """Recompute :attr:`shared_bits` from :attr:`hand_bits`."""
        seen = shared = 0
        for m in self.hand_bits:
            shared |= seen & m
            seen |= m
        self.shared_bits = shared

    def name(self, card: int) -> str:
        return self.tables.tokens[card]

    def label(self, pos: int | None) -> str:
        return self.labels[pos] if pos is not None else "?"

    def fault(self, code: str, message: str, rule: str = "", pos: int | None = None) -> Fault:
        return Fault(code, message, rule, pos)

    @property
    def alone(self) -> bool:
        """True when the declarer plays without a partner."""
        return self.partner is None or self.partner == self.declarer

    def side_of(self, pos: int) -> str:
        """``declarer`` or ``opponents`` (``pos`` itself as text in klop-like games)."""
        if self.declarer is None:
            return str(pos)
        return "declarer" if pos == self.declarer or pos == self.partner else "opponents"

    # --- auction ----------------------------------------------------------------------------

    def _auction_open(self) -> bool:
        """True while bids are still possible: the auction, or a final raise before the call."""
        if self.phase is Phase.AUCTION:
            return True
        untouched = self.called is None and not self.taken and not self.announced
        return untouched and not self.kontras and not self.tricks

    def check_bid(self, pos: int, bid: str) -> Fault | None:
        if not self._auction_open():
            return self.fault(
                "illegal-bid",
                "the auction is already over",
                self._rule("auction-over", "SL-3.9"),
                pos,
            )
        return self.auction.check(pos, bid)

    def verify_bid(self, pos: int, bid: str) -> None:
        _raise(self.check_bid(pos, bid))

    def bid(self, pos: int, bid: str) -> None:
        if not self._auction_open():
            return
        self.bids.append((pos, bid))
        self.auction.apply(pos, bid)
        self._after_auction_if_done()

    def _after_auction_if_done(self) -> None:
        if not self.auction.done:
            return
        cid, declarer = self.auction.result()
        self.contract = self.ruleset.contract(cid)
        self.declarer = declarer
        self.policy = self.ruleset.trick_policy(self)
        self.phase = Phase.CALL
        self._advance()

    def _advance(self) -> None:
        """Skip the phases that have nothing to do."""
        if self.phase is Phase.CALL and not self.ruleset.needs_call(self):
            self.phase = Phase.TALON
        if self.phase is Phase.TALON and not self.ruleset.uses_talon(self):
            self.phase = Phase.ANNOUNCE
        if self.phase is Phase.ANNOUNCE:
            self.policy = self.ruleset.trick_policy(self)

    # --- call -------------------------------------------------------------------------------

    def check_call(self, pos: int, card: int) -> Fault | None:
        if self.phase is not Phase.CALL:
            return self.fault(
                "illegal-call", "no card may be called now", self._rule("call", "SL-5.1"), pos
            )
        if pos != self.declarer:
            return self.fault(
                "illegal-call", "only the declarer calls", self._rule("call", "SL-5.1"), pos
            )
        return self.ruleset.check_call(self, pos, card)

    def imply_call(self) -> None:
        """Call the ruleset's :meth:`~tarokpgn.rules.ruleset.Ruleset.implied_call` card for
        the declarer when the deal is still in the call phase without a ``call`` (the record
        goes on to something later); nothing when the ruleset implies no card (CZ-4.2)."""
        if self.phase is not Phase.CALL or self.called is not None or self.declarer is None:
            return
        card = self.ruleset.implied_call(self)
        if card is not None:
            self.call_implied = True
            self.call(self.declarer, card)

    def call(self, pos: int, card: int) -> None:
        self.called = card
        holder = self.owner_of(card)
        if holder is not None:
            self.partner, self.partner_known = holder, True
        elif self.talon is not None and card in self.talon:
            self.partner, self.partner_known = None, True
        self.phase = Phase.TALON
        self._advance()

    # --- talon exchange ---------------------------------------------------------------------

    def talon_groups(self) -> list[tuple[int, ...]]:
        """The talon split into groups of ``contract.talon`` cards, in dealt order."""
        if self.talon is None or self.contract is None or self.contract.talon <= 0:
            return []
        k = self.contract.talon
        return [self.talon[i : i + k] for i in range(0, len(self.talon), k)]

    def check_exchange(
        self, pos: int, take: tuple[int, ...], discard: tuple[int, ...], show: tuple[int, ...]
    ) -> list[Fault]:
        self.imply_call()
        if self.phase is not Phase.TALON:
            return [
                self.fault(
                    "talon-group",
                    "no talon exchange in this contract",
                    self._rule("no-talon", "SL-6.1"),
                    pos,
                )
            ]
        return self.ruleset.check_exchange(self, pos, take, discard, show)

    def exchange(
        self, pos: int, take: tuple[int, ...], discard: tuple[int, ...], show: tuple[int, ...]
    ) -> None:
        self.imply_call()
        groups, taken = self.talon_groups(), set(take)
        for i, g in enumerate(groups):
            if set(g) == taken:
                self.group = i
        self.taken = take
        self.exchange_hand(pos, take, discard)
        for c in take:
            self.set_owner(c, pos)
        if self.called is not None and self.called in take:
            self.partner, self.partner_known = None, True
        self.laid_away.extend(discard)
        self.used_bits |= self.tables.mask(discard)
        self.shown = show
        self.phase = Phase.ANNOUNCE
        self._advance()

    # --- announcements and kontra -----------------------------------------------------------

    def _to_announce(self) -> None:
        self.imply_call()
        if self.phase in (Phase.CALL, Phase.TALON):
            self.phase = Phase.ANNOUNCE
            self._advance()

    def check_announcement(self, pos: int, name: str) -> Fault | None:
        self.imply_call()
        if self.phase not in (Phase.ANNOUNCE, Phase.CALL, Phase.TALON):
            return self.fault(
                "illegal-announcement",
                "announcements come before the first lead",
                self._rule("announce-time", "SL-7.1"),
                pos,
            )
        return self.ruleset.check_announcement(self, pos, name)

    def announce(self, pos: int, name: str) -> None:
        self._to_announce()
        self.announced.setdefault(name, pos)

    def check_declaration(self, pos: int, name: str, cards: tuple[int, ...] = ()) -> Fault | None:
        """:meth:`check_announcement` on ``name``, then the ruleset's check of the cards a
        ``declare`` item shows."""
        fault = self.check_announcement(pos, name)
        return fault or self.ruleset.check_declaration(self, pos, name, cards)

    def declare(self, pos: int, name: str, cards: tuple[int, ...] = ()) -> None:
        """Record a declaration (also as an announcement of ``name``) and the cards shown."""
        self.announce(pos, name)
        self.declared_cards.append((pos, name, tuple(cards)))

    def check_kontra(self, pos: int, level: int, target: str) -> Fault | None:
        self.imply_call()
        if self.phase not in (Phase.ANNOUNCE, Phase.CALL, Phase.TALON):
            return self.fault(
                "illegal-kontra",
                "kontra comes before the first lead",
                self._rule("kontra-time", "SL-7.1"),
                pos,
            )
        return self.ruleset.check_kontra(self, pos, level, target)

    def kontra(self, pos: int, level: int, target: str) -> None:
        self._to_announce()
        self.kontras[target] = max(level, self.kontras.get(target, 0))

    # --- play -------------------------------------------------------------------------------

    @property
    def current(self) -> PlayedTrick | None:
        """The trick being played (None before the first card and between tricks)."""
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def to_play(self) -> int:
        """Position expected to play next."""
        cur = self.current
        if cur is not None:
            return cur.player(len(cur.cards), self.players)
        if self.tricks:
            winner = self.tricks[-1].winner
            return winner if winner is not None else 0
        return self.ruleset.first_leader(self)

    def start_play(self) -> None:
        """Close the announcements (implicit when the first card is played)."""
        if self.phase is Phase.AUCTION and not self.bids:
            return
        if self.phase is not Phase.PLAY:
            self.phase = Phase.PLAY
            self.policy = self.ruleset.trick_policy(self)

    def legal(self, pos: int) -> list[int]:
        """Legal cards for ``pos`` now (requires a known hand)."""
        hand = self.hand_cards(pos)
        if hand is None:
            return []
        cur = self.current
        trick = cur.cards if cur is not None else []
        return legal_plays(sorted(hand), trick, self.tables, self.policy)

    def check_play(self, pos: int, card: int) -> Fault | None:
        """Turn, holding, duplicates, voids, then the ruleset's trick policy."""
        self.imply_call()
        tricks = self.tricks
        cur = tricks[-1] if tricks and tricks[-1].winner is None else None  # self.current
        to_play = self.to_play if cur is None else (cur.leader + len(cur.cards)) % self.players
        if pos != to_play:
            who = self.label(to_play)
            msg = f"it was {who}'s turn to play"
            return self.fault("out-of-turn", msg, self._rule("play-out-of-turn", "SL-10.5"), pos)
        if self._is_used(card):
            msg = f"{self.name(card)} was already played or laid away"
            return self.fault("duplicate-card", msg, self._rule("duplicate-card", "SL-2.6"), pos)
        owner = self.owner_of(card)
        hand = self.hand_cards(pos)
        if (owner is not None and owner != pos) or (hand is not None and card not in hand):
            who = f" ({self.label(owner)} holds it)" if owner is not None and owner != pos else ""
            msg = f"{self.label(pos)} did not hold {self.name(card)}{who}"
            return self.fault("not-held", msg, self._rule("not-held", "SL-2.6"), pos)
        trick = cur.cards if cur is not None else []
        if hand is None:
            return self._check_void(pos, card, trick)
        pf = check_play(card, hand, trick, self.tables, self.policy)
        if pf is None:
            return None
        return self._explain(pos, card, pf.code, pf.should)

    def _check_void(self, pos: int, card: int, trick: list[int]) -> Fault | None:
        suit = self.tables.suit[card]
        if suit in self.voids[pos]:
            word = _SUIT_WORDS[suit]
            msg = f"{self.label(pos)} plays {self.name(card)} but showed earlier to have no {word}"
            return self.fault("void-contradiction", msg, self._rule("void", "SL-9.2"), pos)
        return None

    def _rule(self, key: str, default: str) -> str:
        """The ruleset's rule id for ``key`` (:attr:`Ruleset.rule_ids`), else ``default``."""
        return self.ruleset.rule_ids.get(key, default)

    def _explain(self, pos: int, card: int, code: str, should: tuple[int, ...]) -> Fault:
        names = " ".join(self.tables.names(should))
        cur = self.current
        led = cur.cards[0] if cur is not None and cur.cards else None
        who, played = self.label(pos), self.name(card)
        if code == "follow-suit" and led is not None and self.tables.suit[led] == TRUMP_SUIT:
            msg = f"{who} played {played} but had to play a tarok on {self.name(led)}: {names}"
            return Fault(code, msg, self._rule("follow-tarok", "SL-9.4"), pos,
                         (played, *self.tables.names(should)))  # fmt: skip
        lead = self.name(led) if led is not None else ""
        texts = {
            "follow-suit": (f"{who} played {played} but had to follow {lead}: {names}", "SL-9.2"),
            "must-trump": (f"{who} played {played} but had to play a tarok: {names}", "SL-9.3"),
            "must-beat": (f"{who} played {played} but had to beat with {names}", "SL-9.6"),
            "must-overtrump": (f"{who} played {played} but had to overtrump with {names}", ""),
            "pagat-last": (f"{who} played the pagat while holding other legal cards: {names}",
                           "SL-9.6"),
        }  # fmt: skip
        msg, rule = texts.get(code, (f"{who} may not play {played}", ""))
        return Fault(code, msg, self._rule(code, rule), pos, (played, *self.tables.names(should)))

    def play(self, pos: int, card: int) -> None:
        """Play ``card`` for ``pos`` (unchecked). Closes the trick when it is full."""
        if self.phase is not Phase.PLAY:
            self.imply_call()
            self.start_play()
        tricks = self.tricks
        cur = tricks[-1] if tricks and tricks[-1].winner is None else None  # self.current
        if cur is None:
            cur = PlayedTrick(len(tricks) + 1, pos)
            tricks.append(cur)
        cards = cur.cards
        if cards and not self.known(pos):
            self.voids[pos] |= reveals_void(card, cards, self.tables, self.policy)
        cards.append(card)
        self._discard_everywhere(card)  # a card played out of another hand leaves that hand too
        self.used_bits |= self.tables.bit[card]
        if card == self.called and self.declarer is not None and not self.partner_known:
            self.partner, self.partner_known = pos, True
        if len(cards) == self.players:
            self._close(cur)

    def play_trick(self, leader: int, cards: Sequence[int]) -> Sequence[Fault]:
        """Play ``cards`` to the trick ``leader`` leads, each checked first: the same as
        :meth:`check_play` then :meth:`play` for each card in turn, and the faults found, except
        ``out-of-turn`` (the caller checks the leader). A card :func:`quick_play` accepts
        (held, following or trumping as obliged) skips the full check."""
        self.imply_call()  # once per trick: it acts only before the first card
        n, tricks = self.players, self.tricks
        cur = tricks[-1] if tricks and tricks[-1].winner is None else None  # self.current
        # a new trick, or one a wrong leader opened (the replay's begin_trick), still empty
        regular = self._leads(leader) if cur is None else not cur.cards and cur.leader == leader
        if not regular or len(cards) > n:
            every: list[Fault] = []
            for i, card in enumerate(cards):
                self._check_and_play((leader + i) % n, card, every)
            return every
        found: list[Fault] | None = None  # made for the first fault: most tricks have none
        exact = self.exact_cards()
        trick: list[int] = cur.cards if cur is not None else []
        playing = self.phase is Phase.PLAY
        q = self._quick_play()
        bit, suit, excuse, free = q.bit, q.suit, q.excuse, q.free_follow
        bits, owners = self.hand_bits, self.owner_bits
        shared = self.shared_bits
        watch = self._called_to_watch()  # an int (NO_CARD: none): compiled, a native compare
        led, fixed = NO_SUIT, False  # led_suit(trick), and whether a card fixed it
        pos = leader
        # the cards as a list (the replay's are one): compiled, a list is read by index, a
        # Sequence through the iterator protocol
        played: list[int] = cards if isinstance(cards, list) else list(cards)
        for card in played:
            b = bit[card]
            hb = bits[pos]
            mine = not self.owned & b or bool(owners[pos] & b)  # his, or nobody's known
            if exact & b or not hb & b or self.used_bits & b or not mine:
                verdict = QUICK_EXACT  # not held, not his, or a plug-in's rule: the full check
            elif free and (led == NO_SUIT or suit[card] == led):
                verdict = QUICK_LEGAL  # a lead, or following suit (QuickPlay.free_follow)
            else:
                verdict = quick_play(card, hb, led, q)
                if verdict == QUICK_IF_WINS:
                    verdict = quick_beat(card, hb, trick, q)
            stale = False  # the state changed beyond this trick: read it again
            if verdict == QUICK_LEGAL:  # what play() does for a held card of a known hand
                if not playing:  # the first card starts the play (a new policy)
                    self.start_play()
                    playing = stale = self.phase is Phase.PLAY
                if cur is None:  # the first card opens the trick (not before: plug-ins look)
                    cur = PlayedTrick(len(tricks) + 1, pos)
                    tricks.append(cur)
                    trick = cur.cards
                trick.append(card)
                sets = self._hands  # made only when a plug-in or a full check asked
                if sets is not None:
                    hand = sets[pos]
                    if hand is not None:
                        hand.discard(card)
                bits[pos] = hb ^ b
                if shared & b:  # a card played out of another hand leaves that hand too
                    self._discard_everywhere(card)
                self.used_bits |= b
                if card == watch:  # the called card shows the partner (as play() does)
                    self.partner, self.partner_known = pos, True
                    watch = NO_CARD
                if not fixed and card != excuse:
                    led, fixed = suit[card], True
                if len(trick) == n:
                    self._close(cur, q)
            else:
                if found is None:
                    found = []
                self._check_and_play(pos, card, found)
                playing, stale = self.phase is Phase.PLAY, True
            if stale:
                cur = tricks[-1]
                trick = cur.cards
                exact = self.exact_cards()
                q = self._quick_play()
                bit, suit, excuse, free = q.bit, q.suit, q.excuse, q.free_follow
                shared = self.shared_bits
                watch = self._called_to_watch()
                led = led_suit(trick, self.tables, self.policy)
                fixed = any(c != excuse for c in trick)
            pos = pos + 1 if pos + 1 < n else 0
        return found if found is not None else ()

    def _leads(self, pos: int) -> bool:
        """Whether ``pos`` is :attr:`to_play` between tricks: the last trick's winner, read
        here without the property's generic compare of an optional winner (once a trick)."""
        tricks = self.tricks
        if not tricks:
            return self.to_play == pos
        winner = tricks[-1].winner
        return winner is not None and winner == pos

    def _called_to_watch(self) -> int:
        """The called card while its play would show the partner (:meth:`play`), else
        :data:`~tarokpgn.rules.core.NO_CARD`."""
        called = self.called
        if called is None or self.declarer is None or self.partner_known:
            return NO_CARD
        return called

    def _discard_everywhere(self, card: int) -> None:
        """Take ``card`` out of every known hand."""
        keep, bits = ~self.tables.bit[card], self.hand_bits
        for p in range(len(bits)):
            bits[p] &= keep  # an unknown hand's bits are 0
        sets = self._hands
        if sets is not None:
            for hand in sets:
                if hand is not None:
                    hand.discard(card)

    def _check_and_play(self, pos: int, card: int, found: list[Fault]) -> None:
        """:meth:`check_play` (keeping a fault other than ``out-of-turn``), then :meth:`play`."""
        fault = self.check_play(pos, card)
        if fault is not None and fault.code != "out-of-turn":
            found.append(fault)
        self.play(pos, card)

    def exact_cards(self) -> int:
        """Bit set of the cards the trick policy may allow but this deal's class may refuse
        now (:data:`ALL_CARDS`: any card): :meth:`play_trick` checks them with
        :meth:`check_play`, and skips that for the other cards the policy allows. A subclass
        whose :meth:`check_play` refuses more says which cards that may touch."""
        return 0

    def _quick_play(self) -> QuickPlay:
        """The bit-set facts of the current :attr:`policy`."""
        q = self._quick
        if q is None or self._quick_policy is not self.policy:
            q = self._quick = QuickPlay.of(self.tables, self.policy)
            self._quick_policy = self.policy
        return q

    def _close(self, trick: PlayedTrick, q: QuickPlay | None = None) -> None:
        """Settle a full trick: its winner, extra cards, and whether play stops. ``q``: the
        bit-set facts of the current policy, when the caller has them."""
        rs = self.ruleset
        if rs.own_trick_winner:
            i = rs.trick_winner(self, tuple(trick.cards))
        else:  # Ruleset.trick_winner: the core's, under the policy
            i = quick_winner(trick.cards, q if q is not None else self._quick_play())
            if i < 0:
                i = trick_winner(trick.cards, self.tables, self.policy)
        winner = trick.winner = (trick.leader + i) % self.players
        self.finished += 1
        won = self.won[winner]
        won.extend(trick.cards)
        if rs.own_trick_extra:
            extra = trick.extra = rs.trick_extra(self, trick.number)
            if extra:
                won.extend(extra)
        if (rs.own_is_decided and rs.is_decided(self)) or len(self.tricks) == self._hand_size:
            self.stopped = True

    @property
    def total_tricks(self) -> int:
        return self._hand_size

    @property
    def complete(self) -> bool:
        """True when every trick was played (or play stopped once the outcome was decided)."""
        done = 0  # counted, not listed: asked once per verified deal
        for t in self.tricks:
            if t.winner is not None:
                done += 1
        return done == self.total_tricks or (self.stopped and done > 0)

    def score(self) -> Score:
        """The ruleset's score for the finished deal."""
        self.phase = Phase.DONE
        return self.ruleset.score(self)


def _raise(fault: Fault | None) -> None:
    if fault is not None:
        raise RuleViolation(fault)
