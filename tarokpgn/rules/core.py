"""The trick-taking core shared by every tarok family: pure functions over small ints.

A card is its index in its deck's canonical order (:attr:`tarokpgn.cards.Deck.tokens`);
:class:`CardTables` holds the per-deck facts as tuples indexed by card, built once per deck.
A :class:`TrickPolicy` says how a contract plays: follow suit, must trump, must overtrump,
must beat (negative games, Varšava), an excuse card that is not a trump (French Excuse,
Bolognese Matto), a card that may only be played last (the Slovenian/Czech pagat in negative
games), the emperor's capture (trula trick) and equal-ranked trumps where the last one played
wins (the Bolognese Moors). Everything here is variant-neutral; the rulesets build policies.

* :func:`obliged` and :func:`beat_duty`: the duties, each stated once, on bit sets;
* :func:`legal_plays` / :func:`check_play`: what may be played to a trick, and why not;
* :func:`trick_winner`: the position in the trick of the card that wins it;
* :func:`count_points`: card points counted in groups (threes, pairs, or plain sums);
* :class:`QuickPlay`, :func:`quick_play`, :func:`quick_winner`: the same rules on hands held
  as bit sets (card ``c`` is bit ``1 << c``), for the replay's per-trick fast path. They settle
  the common plays and leave every other card to :func:`check_play` / :func:`trick_winner`;
  ``tests/test_core_quick.py`` holds them equal to the list-based functions.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import FunctionType
from typing import Final, cast

from mypy_extensions import i64

from tarokpgn.cards import SUITS, TRUMP, Deck

TRUMP_SUIT: Final = 4
"""Suit code of trumps (taroks) in :attr:`CardTables.suit`; plain suits are 0–3 (``H D S C``)."""
NO_SUIT: Final = 5
"""Suit code of a card that belongs to no suit and is not a trump (French Excuse, Matto)."""
NO_CARD: Final = -1
"""Sentinel for 'no such card' in policy fields."""

NOT_HELD: Final = "not-held"
FOLLOW_SUIT: Final = "follow-suit"
MUST_TRUMP: Final = "must-trump"
MUST_BEAT: Final = "must-beat"
MUST_OVERTRUMP: Final = "must-overtrump"
PAGAT_LAST: Final = "pagat-last"
"""The :attr:`PlayFault.code` values."""


@dataclass(frozen=True, slots=True)
class CardTables:
    """Per-deck facts as tuples indexed by card number (its position in ``deck.tokens``)."""

    deck: Deck
    tokens: tuple[str, ...]
    index: dict[str, int] = field(repr=False)
    """Token → card number."""
    suit: tuple[int, ...] = field(repr=False)
    """0–3 for ``H D S C``, :data:`TRUMP_SUIT`, or :data:`NO_SUIT`."""
    strength: tuple[int, ...] = field(repr=False)
    """Strength within the suit (higher beats lower)."""
    points: tuple[int, ...] = field(repr=False)
    """Card points in the deck's unit."""
    bit: tuple[int, ...] = field(repr=False)
    """``1 << card``: the card as a one-card bit set."""
    suit_mask: tuple[int, ...] = field(repr=False)
    """Suit code → bit set of the deck's cards of that suit (six entries, see :attr:`suit`)."""
    by_identity: tuple[object, ...] = field(default=(), repr=False, compare=False)
    """The token objects of :attr:`tokens`, each in slot ``(id(token) >> 4) % len(...)``
    (None in the other slots), for :meth:`numbers`; empty when interpreted (a dict look-up is
    cheaper there) or when no table small enough separates the tokens."""
    slot_number: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """The card number of the token in each slot of :attr:`by_identity`."""

    @staticmethod
    def of(deck: Deck) -> CardTables:
        """The tables of ``deck`` (built once per deck name, then cached)."""
        cached = _TABLES.get(deck.name)
        if cached is None or cached.deck is not deck:
            cached = _TABLES[deck.name] = CardTables._build(deck)
        return cached

    @staticmethod
    def _build(deck: Deck) -> CardTables:
        codes = {s: i for i, s in enumerate(SUITS)} | {TRUMP: TRUMP_SUIT, "": NO_SUIT}
        suit = tuple(codes[deck.suit_of[t]] for t in deck.tokens)
        masks = [0] * (NO_SUIT + 1)
        for c, s in enumerate(suit):
            masks[s] |= 1 << c
        by_identity, slot_number = _identity_table(deck.tokens) if _native() else ((), ())
        return CardTables(
            deck=deck,
            tokens=deck.tokens,
            index={t: i for i, t in enumerate(deck.tokens)},
            suit=suit,
            strength=tuple(deck.strength[t] for t in deck.tokens),
            points=tuple(deck.points[t] for t in deck.tokens),
            bit=tuple(1 << c for c in range(len(deck.tokens))),
            suit_mask=tuple(masks),
            by_identity=by_identity,
            slot_number=slot_number,
        )

    def card(self, token: str) -> int:
        """Card number of ``token``; raises KeyError when it is not in the deck."""
        return self.index[token]

    def cards(self, tokens: Iterable[str]) -> list[int]:
        return [self.index[t] for t in tokens]

    def numbers(self, tokens: tuple[str, ...]) -> list[int]:
        """``[index[token] for token in tokens]`` (KeyError for a token not of the deck), each
        found first by the identity of its object (:attr:`by_identity`): the readers give the
        deck's own token objects, and compiled, that costs two thirds of a dict look-up (the
        replay reads every card of a deal twice). Any other string is looked up in
        :attr:`index`."""
        if not self.by_identity:
            index = self.index
            return [index[token] for token in tokens]
        # the numbers as the table's objects, compiled: not unboxed and boxed again
        return cast(list[int], [self._number(token) for token in tokens])

    def _number(self, token: str) -> object:
        """The card number of ``token`` (:meth:`numbers`), as an object."""
        slots = self.by_identity
        size: i64 = len(slots)
        slot: i64 = (i64(id(token)) >> 4) % size
        if slots[slot] is token:
            numbers: tuple[object, ...] = self.slot_number
            return numbers[slot]
        known: Mapping[str, object] = self.index
        return known[token]

    def names(self, cards: Iterable[int]) -> list[str]:
        """Tokens of ``cards`` in canonical hand order."""
        return [self.tokens[c] for c in sorted(cards)]

    def mask(self, cards: Iterable[int]) -> int:
        """``cards`` as a bit set (bit ``c`` set for card ``c``)."""
        bit = self.bit
        m = 0
        for c in cards:
            m |= bit[c]
        return m

    def unmask(self, mask: int) -> list[int]:
        """The cards of bit set ``mask``, in canonical order."""
        return [c for c in range(len(self.tokens)) if mask >> c & 1]


_TABLES: dict[str, CardTables] = {}

_IDENTITY_LIMIT: Final = 1 << 16
"""Slots an identity table may have at most (:func:`_identity_table`)."""


def _identity_table(tokens: tuple[str, ...]) -> tuple[tuple[object, ...], tuple[int, ...]]:
    """:attr:`CardTables.by_identity` and :attr:`CardTables.slot_number` for ``tokens``: the
    fewest slots in which every token object's ``id(token) >> 4`` (objects are 16-byte
    aligned) modulo the number of slots differs; empty when none up to the limit does. The
    table holds the token objects, so their ids stay theirs."""
    keys = [id(token) >> 4 for token in tokens]
    size = len(keys)
    while size and len({key % size for key in keys}) < len(keys):
        size += 1
        if size > _IDENTITY_LIMIT:
            return (), ()
    slots: list[object] = [None] * size
    numbers = [0] * size
    for card, (key, token) in enumerate(zip(keys, tokens, strict=True)):
        slots[key % size], numbers[key % size] = token, card
    return tuple(slots), tuple(numbers)


def _native() -> bool:
    """Whether this module runs compiled: a compiled function is no Python function."""
    return not isinstance(_native, FunctionType)


@dataclass(frozen=True, slots=True)
class Emperor:
    """The emperor's (trula) capture: ``capturer`` wins a trick that also holds ``first`` and
    ``second``. Slovenian: pagat captures mond and škis. ``ordered`` requires ``first``,
    ``second``, ``capturer`` to have been played in that order (pagat.com's wording)."""

    capturer: int
    first: int
    second: int
    ordered: bool = False

    def applies(self, trick: Sequence[int]) -> bool:
        """True when the three cards are all in ``trick`` (in order, when ``ordered``)."""
        if self.first not in trick or self.second not in trick or self.capturer not in trick:
            return False
        if not self.ordered:
            return True
        return trick.index(self.first) < trick.index(self.second) < trick.index(self.capturer)

    def threatens(self, trick: Sequence[int]) -> bool:
        """True when the capturer, played now, would capture (``first`` and ``second`` are in
        ``trick``, in that order when ``ordered``)."""
        if self.first not in trick or self.second not in trick:
            return False
        return not self.ordered or trick.index(self.first) < trick.index(self.second)


@dataclass(frozen=True, slots=True)
class TrickPolicy:
    """How one contract plays. Defaults give the plain Central European rule: follow suit,
    else trump, else anything; no duty to beat; highest trump, else highest of the suit led wins.
    """

    follow_suit: bool = True
    """A player holding the led suit must play it."""
    must_trump: bool = True
    """A player void in the led suit must play a trump if he holds one."""
    must_overtrump: bool = False
    """A player playing a trump to a trick must beat the winning trump if able (French)."""
    must_beat: bool = False
    """A player must play a card that would win the trick whenever his obliged category (led
    suit, else trumps) holds one (Slovenian negative contracts SL-9.6, Czech Varšava)."""
    beat_by_rank: bool = False
    """With :attr:`must_beat`: a card also beats when it would win but for the emperor's
    capture, i.e. a trump outranking every trump in the trick (SL-9.6 b: "higher" compares
    ranks, ruling 2026-12); the capturer still beats by its capture (SL-9.6 e)."""
    trumps_win: bool = True
    """False when trumps have no power over a suit lead (Slovenian colour valat, SL-10.4): a
    suit-led trick goes to the highest card of that suit."""
    excuse: int = NO_CARD
    """A card that may always be played instead of the obliged one and never wins a trick by
    itself (French Excuse, Bolognese Matto). A trick led by it takes the next card's suit."""
    last_resort: int = NO_CARD
    """A card that may be played only when it is the player's only legal card (pagat in
    Slovenian negative contracts, SL-9.6 d), except when the emperor's capture lets it win."""
    emperor: Emperor | None = None
    """The emperor's capture, when the contract has it (SL-10.3)."""
    ties_last_wins: bool = False
    """Cards of equal strength: the one played last beats the earlier ones (Bolognese Moors)."""
    strength: tuple[int, ...] | None = None
    """A per-card strength table overriding the deck's (e.g. equal-ranked Moors)."""


@dataclass(frozen=True, slots=True)
class PlayFault:
    """Why a card may not be played: a stable ``code`` and the cards the player should have
    played from (``should``, card numbers)."""

    code: str
    """``not-held``, ``follow-suit``, ``must-trump``, ``must-beat``, ``must-overtrump``,
    ``pagat-last``."""
    should: tuple[int, ...] = ()


def led_suit(trick: Sequence[int], t: CardTables, policy: TrickPolicy) -> int:
    """Suit code of the trick's led suit, or :data:`NO_SUIT` when nothing fixes it yet."""
    for c in trick:
        if c != policy.excuse:
            return t.suit[c]
    return NO_SUIT


def trick_winner(trick: Sequence[int], t: CardTables, policy: TrickPolicy) -> int:
    """Position (0 = leader) of the card that wins ``trick``.

    Highest trump wins when ``policy.trumps_win`` and a trump was played (or trumps were led);
    otherwise the highest card of the led suit. The emperor's capture applies among trumps.
    The excuse never wins unless it is the only card.
    """
    return _winner(trick, t, policy, True)


def _winner(trick: Sequence[int], t: CardTables, policy: TrickPolicy, capture: bool) -> int:
    """:func:`trick_winner`; ``capture=False`` leaves the emperor's capture out."""
    led = led_suit(trick, t, policy)
    suit = t.suit
    if led == TRUMP_SUIT or (policy.trumps_win and any(suit[c] == TRUMP_SUIT for c in trick)):
        contend = TRUMP_SUIT
    else:
        contend = led
    emperor = policy.emperor
    if capture and contend == TRUMP_SUIT and emperor is not None and emperor.applies(trick):
        return trick.index(emperor.capturer)
    strength = policy.strength or t.strength
    excuse, ties_last_wins = policy.excuse, policy.ties_last_wins
    best, best_pos = -1, 0
    for pos, c in enumerate(trick):
        if suit[c] != contend or c == excuse:
            continue
        s = strength[c]
        if s > best or (s == best and ties_last_wins):
            best, best_pos = s, pos
    return best_pos


def obliged(hand: int, led: int, q: QuickPlay) -> tuple[int, str]:
    """The follow/trump duty, the one statement of it that the list-based
    :func:`legal_plays` / :func:`check_play` and the bit-set :func:`quick_play` share.

    ``hand`` is the player's hand as a bit set, ``led`` the trick's :func:`led_suit`. Returns
    the bit set of the cards the duty lets him play (a duty to beat and the last-resort card
    aside) and the duty's name: follow suit (SL-9.2, CZ-8.2, F-7.5, T-7.2), a tarok when a tarok
    is led (SL-9.4, CZ-8.4); else trump (SL-9.3, CZ-8.3, F-7.5, T-7.2); else anything but the
    excuse (``""``; also for a lead). The excuse itself may always be played (F-7.4, T-7.4)."""
    if led != NO_SUIT:
        masks = q.suit_mask
        if q.follow_suit and hand & masks[led]:
            return masks[led], FOLLOW_SUIT
        if q.must_trump and hand & masks[TRUMP_SUIT]:
            return masks[TRUMP_SUIT], MUST_TRUMP
    return ~q.excuse_bit, ""


def beat_duty(policy: TrickPolicy, trumps: bool, trumped: bool) -> str:
    """The duty to beat that binds the cards a follow/trump duty chose (``""``: none):
    ``must-beat`` under either duty (SL-9.6 a–b, CZ-8.6 a); ``must-overtrump`` when those cards
    are trumps (``trumps``) and the trick already holds a trump (``trumped``): F-7.5, T-13.12.
    The card that beats is found by :func:`_beating` (lists) or :func:`quick_beat` (bit sets).
    """
    if policy.must_beat:
        return MUST_BEAT
    if policy.must_overtrump and trumps and trumped:
        return MUST_OVERTRUMP
    return ""


def _beating(
    cands: list[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> list[int]:
    """The candidates that would win the trick if played now (with :attr:`~TrickPolicy.
    beat_by_rank`, also those that would but for the emperor's capture, SL-9.6 b)."""
    pos = len(trick)
    by_rank = policy.beat_by_rank and policy.emperor is not None
    out = []
    for c in cands:
        after = [*trick, c]
        wins = trick_winner(after, t, policy) == pos
        if wins or (by_rank and _winner(after, t, policy, False) == pos):
            out.append(c)
    return out


def _legal(
    hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> tuple[list[int], list[int], str, str]:
    """:func:`legal_plays`, with what :func:`check_play` explains a refusal by: the cards the
    follow/trump duty chose (:func:`obliged`), that duty and the duty to beat
    (:func:`beat_duty`)."""
    led = led_suit(trick, t, policy)
    allowed, duty = obliged(t.mask(hand), led, QuickPlay.of(t, policy))
    chosen = [c for c in hand if allowed >> c & 1]
    beat = ""
    if duty:
        trumped = any(t.suit[c] == TRUMP_SUIT for c in trick)
        beat = beat_duty(policy, duty == MUST_TRUMP or led == TRUMP_SUIT, trumped)
    cands = chosen
    if beat:
        cands = _beating(chosen, trick, t, policy) or chosen
    last = policy.last_resort
    if last != NO_CARD and last in cands and len(cands) > 1:  # SL-9.6 d, e
        emperor = policy.emperor
        if not (emperor is not None and emperor.capturer == last and emperor.threatens(trick)):
            cands = [c for c in cands if c != last]
    if policy.excuse in hand and policy.excuse not in cands:
        cands = [*cands, policy.excuse]
    if not cands:  # only the excuse in hand, or nothing at all
        cands = list(hand)
    return cands, chosen, duty, beat


def legal_plays(
    hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first)."""
    return _legal(hand, trick, t, policy)[0]


def check_play(
    card: int, hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> PlayFault | None:
    """None when ``card`` is a legal play, else the broken duty and the cards allowed.

    ``hand`` may be any collection (a set will do): the cards allowed come back sorted. The
    bit-set test (:func:`quick_legal`) settles the common plays; the lists decide the rest."""
    if card not in hand:
        return PlayFault(NOT_HELD)
    q = QuickPlay.of(t, policy)
    if quick_legal(card, t.mask(hand), trick, led_suit(trick, t, policy), q):
        return None
    legal, chosen, duty, beat = _legal(hand, trick, t, policy)
    if card in legal:
        return None
    code = duty if duty and card not in chosen else beat or PAGAT_LAST
    return PlayFault(code, tuple(sorted(legal)))


# --- the quick path: the same rules on bit sets ------------------------------------------------

QUICK_EXACT: Final = 0
""":func:`quick_play`: the quick test cannot settle this card: ask :func:`check_play`."""
QUICK_LEGAL: Final = 1
""":func:`quick_play`: the card is legal."""
QUICK_IF_WINS: Final = 2
""":func:`quick_play`: the card is legal if it wins the trick, or if no card of its suit in
the hand would (a duty to beat may apply): ask :func:`quick_beat`."""


@dataclass(frozen=True, slots=True)
class QuickPlay:
    """One policy's facts for :func:`quick_play` and :func:`quick_winner`, built once per deck
    and policy (:meth:`of`)."""

    policy: TrickPolicy
    tables: CardTables
    bit: tuple[int, ...]
    suit: tuple[int, ...]
    suit_mask: tuple[int, ...]
    excuse: int
    excuse_bit: int
    """The excuse as a bit set (0: no excuse)."""
    last_resort: int
    follow_suit: bool
    must_trump: bool
    beat: bool
    """A duty to beat may bind (:func:`beat_duty` of trumps on a trumped trick)."""
    free_follow: bool
    """A lead, or a card of the led suit, is always legal: follow suit, no duty to beat, no
    last-resort card (:func:`quick_play` says so too; callers may skip it for these: the one
    shortcut past :func:`obliged`)."""
    trumps_win: bool
    ties_last_wins: bool
    plain: bool
    """:func:`quick_winner` can name winners: the excuse, if any, is not a trump, and no
    strength is negative."""
    power: tuple[int, ...]
    """Strength, raised above every other card's for trumps when ``trumps_win``: the highest
    power among the cards of the led suit and (when they win) trumps takes the trick."""
    emperor_mask: int
    """The emperor's three cards as a bit set (0: no emperor's capture possible)."""

    @staticmethod
    def of(tables: CardTables, policy: TrickPolicy) -> QuickPlay:
        """The facts of ``policy`` on ``tables`` (cached: first by the policy object itself,
        which rulesets share between deals, then by its value)."""
        known = _QUICK_BY_ID.get(id(policy))
        if known is not None and known[0] is policy and known[1].tables is tables:
            return known[1]  # the entry keeps ``policy`` alive, so its id is not reused
        key = (tables.deck.name, policy)
        cached = _QUICK.get(key)
        if cached is None or cached.tables is not tables:
            cached = QuickPlay._build(tables, policy)
            if len(_QUICK) >= 256:
                _QUICK.clear()
            _QUICK[key] = cached
        if len(_QUICK_BY_ID) >= 256:
            _QUICK_BY_ID.clear()
        _QUICK_BY_ID[id(policy)] = (policy, cached)
        return cached

    @staticmethod
    def _build(t: CardTables, policy: TrickPolicy) -> QuickPlay:
        strength = policy.strength or t.strength
        lift = max(strength) - min(strength) + 1 if policy.trumps_win else 0
        power = tuple(s + lift if t.suit[c] == TRUMP_SUIT else s for c, s in enumerate(strength))
        emp = policy.emperor
        emperor_mask = 0
        if emp is not None and NO_CARD not in (emp.capturer, emp.first, emp.second):
            emperor_mask = t.bit[emp.capturer] | t.bit[emp.first] | t.bit[emp.second]
        excuse = policy.excuse
        beat = bool(beat_duty(policy, True, True))  # a duty to beat may bind
        return QuickPlay(
            policy=policy,
            tables=t,
            bit=t.bit,
            suit=t.suit,
            suit_mask=t.suit_mask,
            excuse=excuse,
            excuse_bit=t.bit[excuse] if excuse != NO_CARD else 0,
            last_resort=policy.last_resort,
            follow_suit=policy.follow_suit,
            must_trump=policy.must_trump,
            beat=beat,
            free_follow=policy.follow_suit and not beat and policy.last_resort == NO_CARD,
            trumps_win=policy.trumps_win,
            ties_last_wins=policy.ties_last_wins,
            plain=(excuse == NO_CARD or t.suit[excuse] != TRUMP_SUIT) and min(strength) >= 0,
            power=power,
            emperor_mask=emperor_mask,
        )


_QUICK: dict[tuple[str, TrickPolicy], QuickPlay] = {}
_QUICK_BY_ID: dict[int, tuple[TrickPolicy, QuickPlay]] = {}


def quick_play(card: int, hand: int, led: int, q: QuickPlay) -> int:
    """The follow/trump duty (:func:`obliged`) for a held ``card`` with the hand as a bit set
    ``hand`` (holding ``card``) and the trick's :func:`led_suit` ``led`` known:
    :data:`QUICK_LEGAL`, :data:`QUICK_IF_WINS` (the duty chose it, and a duty to beat may bind)
    or :data:`QUICK_EXACT` (refused, or the last-resort card)."""
    if card == q.excuse:  # the excuse may always be played (F-7.4, T-7.4)
        return QUICK_LEGAL
    allowed, duty = obliged(hand, led, q)
    if not allowed & q.bit[card] or card == q.last_resort:
        return QUICK_EXACT
    return QUICK_IF_WINS if duty and q.beat else QUICK_LEGAL


def quick_legal(card: int, hand: int, trick: Sequence[int], led: int, q: QuickPlay) -> bool:
    """True when the bit-set tests settle that a held ``card`` is legal (:func:`quick_play`,
    then :func:`quick_beat`); False: ask :func:`check_play`."""
    verdict = quick_play(card, hand, led, q)
    if verdict == QUICK_IF_WINS:
        verdict = quick_beat(card, hand, trick, q)
    return verdict == QUICK_LEGAL


def _contest(trick: Sequence[int], q: QuickPlay) -> tuple[int, int, int, int]:
    """The trick so far by :attr:`QuickPlay.power`: the best power among the cards that contend
    (of the suit led, and trumps when they win; never the excuse), its position, the suit led
    (-1: none yet) and the trick's cards as a bit set. A contending card of power ``p`` beats it
    when ``p > best``, or ``p == best`` with :attr:`~TrickPolicy.ties_last_wins`."""
    suit, power, bit = q.suit, q.power, q.bit
    excuse, trumps_win, ties = q.excuse, q.trumps_win, q.ties_last_wins
    led = -1  # not fixed yet
    best, best_pos, seen = -1, 0, 0
    # the trick as a list (the replay's is one): compiled, a list is read by index, a
    # Sequence through the iterator protocol
    cards: list[int] = trick if isinstance(trick, list) else list(trick)
    for pos, c in enumerate(cards):
        seen |= bit[c]
        if c == excuse:  # never wins by itself
            continue
        s = suit[c]
        if led < 0:
            led = s
        if s != led and not (trumps_win and s == TRUMP_SUIT):
            continue
        p = power[c]
        if p > best or (ties and p == best):
            best, best_pos = p, pos
    return best, best_pos, led, seen


def quick_beat(card: int, hand: int, trick: Sequence[int], q: QuickPlay) -> int:
    """After :data:`QUICK_IF_WINS`: :data:`QUICK_LEGAL` when ``card`` wins ``trick`` or when no
    card of its suit in ``hand`` would (then no duty to beat binds, SL-9.6), else
    :data:`QUICK_EXACT` (also when the emperor's capture could decide)."""
    if not q.plain:
        return QUICK_EXACT
    best, _, led, seen = _contest(trick, q)
    power, ties = q.power, q.ties_last_wins
    own = q.suit[card]
    same = hand & q.suit_mask[own] & ~q.excuse_bit  # the obliged cards that could win
    em = q.emperor_mask
    if em and (seen | same) & em == em:
        return QUICK_EXACT
    if own != led and not (q.trumps_win and own == TRUMP_SUIT):
        return QUICK_LEGAL  # no card of this suit can win
    p = power[card]
    if p > best or (ties and p == best):
        return QUICK_LEGAL  # it wins
    while same:  # does another card of the suit win?
        low = same & -same
        p = power[low.bit_length() - 1]
        if p > best or (ties and p == best):
            return QUICK_EXACT
        same ^= low
    return QUICK_LEGAL


def quick_winner(trick: Sequence[int], q: QuickPlay) -> int:
    """:func:`trick_winner` by :attr:`QuickPlay.power`, or -1 when it cannot tell (the
    emperor's three cards are all in the trick, or the policy is not ``plain``)."""
    if not q.plain:
        return -1
    _, best_pos, _, seen = _contest(trick, q)
    em = q.emperor_mask
    if em and seen & em == em:
        return -1
    return best_pos


_BYTE_BITS: Final = tuple(bin(b).count("1") for b in range(256))
"""``_BYTE_BITS[b]``: the set bits of byte ``b``."""


def bit_total(bits: int) -> int:
    """How many bits of ``bits`` (≥ 0) are set, a byte at a time from a table: compiled, native
    integer operations, where ``int.bit_count`` is a generic method call (the Czech CZ-5.4
    discard rule and the hlášky count a hand's kings, taroks and trul cards this way)."""
    n = 0
    while bits:
        n += _BYTE_BITS[bits & 255]
        bits >>= 8
    return n


def count_points(
    cards: Iterable[int], t: CardTables, group: int = 3, partial_deduction: int = 1
) -> int:
    """Card points of a pile counted in groups of ``group`` cards.

    Each full group scores its raw sum minus ``group - 1``; a last incomplete group scores its
    sum minus ``partial_deduction`` (Slovenian/Czech threes: SL-11.1; Bolognese pairs: T-2.2).
    ``group=1`` is the plain sum (French half points). The result does not depend on grouping.
    """
    pts = t.points
    raw = 0
    n = 0
    for c in cards:
        raw += pts[c]
        n += 1
    return group_count(raw, n, group, partial_deduction)


def group_count(raw: int, n: int, group: int = 3, partial_deduction: int = 1) -> int:
    """:func:`count_points` from a pile's raw point sum ``raw`` and size ``n``."""
    if group <= 1:
        return raw
    full, rest = divmod(n, group)
    return raw - (group - 1) * full - (partial_deduction if rest else 0)


def reveals_void(card: int, trick: Sequence[int], t: CardTables, policy: TrickPolicy) -> set[int]:
    """Suit codes a player is proven to lack by playing ``card`` to ``trick`` (cards before his).

    Not following the led suit proves a void in it; under ``must_trump``, playing neither the
    led suit nor a trump also proves he holds no trump. Used to check records with hidden hands.
    """
    led = led_suit(trick, t, policy)
    if led == NO_SUIT or card == policy.excuse or t.suit[card] == led:
        return set()
    if policy.must_trump and t.suit[card] != TRUMP_SUIT:
        return {led, TRUMP_SUIT}
    return {led}
