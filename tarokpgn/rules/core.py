"""The trick-taking core shared by every tarok family: pure functions over small ints.

A card is its index in its deck's canonical order (:attr:`tarokpgn.cards.Deck.tokens`);
:class:`CardTables` holds the per-deck facts as tuples indexed by card, built once per deck.
A :class:`TrickPolicy` says how a contract plays: follow suit, must trump, must overtrump,
must beat (negative games, Varšava), an excuse card that is not a trump (French Excuse,
Bolognese Matto), a card that may only be played last (the Slovenian/Czech pagat in negative
games), the emperor's capture (trula trick) and equal-ranked trumps where the last one played
wins (the Bolognese Moors). Everything here is variant-neutral; the rulesets build policies.

* :func:`legal_plays` / :func:`check_play`: what may be played to a trick, and why not;
* :func:`trick_winner`: the position in the trick of the card that wins it;
* :func:`count_points`: card points counted in groups (threes, pairs, or plain sums).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from tarokpgn.cards import SUITS, TRUMP, Deck

TRUMP_SUIT: Final = 4
"""Suit code of trumps (taroks) in :attr:`CardTables.suit`; plain suits are 0–3 (``H D S C``)."""
NO_SUIT: Final = 5
"""Suit code of a card that belongs to no suit and is not a trump (French Excuse, Matto)."""
NO_CARD: Final = -1
"""Sentinel for 'no such card' in policy fields."""


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
        return CardTables(
            deck=deck,
            tokens=deck.tokens,
            index={t: i for i, t in enumerate(deck.tokens)},
            suit=tuple(codes[deck.suit_of[t]] for t in deck.tokens),
            strength=tuple(deck.strength[t] for t in deck.tokens),
            points=tuple(deck.points[t] for t in deck.tokens),
        )

    def card(self, token: str) -> int:
        """Card number of ``token``; raises KeyError when it is not in the deck."""
        return self.index[token]

    def cards(self, tokens: Iterable[str]) -> list[int]:
        return [self.index[t] for t in tokens]

    def names(self, cards: Iterable[int]) -> list[str]:
        """Tokens of ``cards`` in canonical hand order."""
        return [self.tokens[c] for c in sorted(cards)]


_TABLES: dict[str, CardTables] = {}


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
    led = led_suit(trick, t, policy)
    suit = t.suit
    if led == TRUMP_SUIT or (policy.trumps_win and any(suit[c] == TRUMP_SUIT for c in trick)):
        contend = TRUMP_SUIT
    else:
        contend = led
    if contend == TRUMP_SUIT and policy.emperor is not None and policy.emperor.applies(trick):
        return trick.index(policy.emperor.capturer)
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


def _obliged(
    hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> tuple[list[int], str]:
    """The cards the follow/trump duty leaves, and the duty that chose them."""
    led = led_suit(trick, t, policy)
    if led == NO_SUIT:
        return [c for c in hand if c != policy.excuse], ""
    suit = t.suit
    if policy.follow_suit:
        follow = [c for c in hand if suit[c] == led]
        if follow:
            return follow, "follow-suit"
    if policy.must_trump:
        trumps = [c for c in hand if suit[c] == TRUMP_SUIT]
        if trumps:
            return trumps, "must-trump"
    return [c for c in hand if c != policy.excuse], ""


def _beating(
    cands: list[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> list[int]:
    """The candidates that would win the trick if played now."""
    pos = len(trick)
    out = []
    for c in cands:
        if trick_winner([*trick, c], t, policy) == pos:
            out.append(c)
    return out


def _beat_duty(duty: str, trick: Sequence[int], t: CardTables, policy: TrickPolicy) -> str:
    """Which beating duty applies to cards chosen by ``duty`` (``""`` for none)."""
    if not trick or not duty:
        return ""
    if policy.must_beat:
        return "must-beat"
    if (
        policy.must_overtrump
        and duty == "must-trump"
        or (
            policy.must_overtrump
            and duty == "follow-suit"
            and led_suit(trick, t, policy) == TRUMP_SUIT
        )
    ):
        has_trump = any(t.suit[c] == TRUMP_SUIT for c in trick)
        return "must-overtrump" if has_trump else ""
    return ""


def legal_plays(
    hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first)."""
    cands, duty = _obliged(hand, trick, t, policy)
    if _beat_duty(duty, trick, t, policy):
        beat = _beating(cands, trick, t, policy)
        if beat:
            cands = beat
    last = policy.last_resort
    if last != NO_CARD and last in cands and len(cands) > 1:
        emperor = policy.emperor
        if not (emperor is not None and emperor.capturer == last and emperor.threatens(trick)):
            cands = [c for c in cands if c != last]
    if policy.excuse in hand:
        cands = [*cands, policy.excuse] if policy.excuse not in cands else cands
    if not cands:  # only the excuse in hand, or nothing at all
        cands = list(hand)
    return cands


def plainly_legal(card: int, trick: Sequence[int], t: CardTables, policy: TrickPolicy) -> bool:
    """A quick sufficient test for the common plays of a held card: a lead, or a card of the
    led suit when no duty to beat applies, and not the last-resort card. When it says True,
    ``card in legal_plays(hand, trick, t, policy)`` for every hand holding ``card``."""
    if card == policy.last_resort:
        return False
    led = led_suit(trick, t, policy)
    if led == NO_SUIT:
        return True
    return (
        policy.follow_suit
        and t.suit[card] == led
        and not policy.must_beat
        and not (policy.must_overtrump and led == TRUMP_SUIT)
    )


def duty_legal(
    card: int, hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> bool | None:
    """A quick test of a held ``card``, without building lists: follow suit, else trump, else
    anything (the excuse always). A card outside the obliged category is refused; one inside
    it is accepted unless a duty to beat applies and it would not win the trick, or it is the
    last-resort card: then the answer is None and only :func:`legal_plays` decides. When it
    says True or False, that is ``card in legal_plays(hand, trick, t, policy)``."""
    if card == policy.excuse:
        return True
    led = led_suit(trick, t, policy)
    if led == NO_SUIT:  # a lead
        return None if card == policy.last_resort else True
    suit = t.suit
    own = suit[card]
    if policy.follow_suit and (own == led or any(suit[c] == led for c in hand)):
        obliged, duty = own == led, True  # follow suit
    elif policy.must_trump and (own == TRUMP_SUIT or any(suit[c] == TRUMP_SUIT for c in hand)):
        obliged, duty = own == TRUMP_SUIT, True  # else trump
    else:
        obliged, duty = True, False  # else anything
    if not obliged:
        return False
    if card == policy.last_resort:
        return None
    if duty and (policy.must_beat or policy.must_overtrump):
        return True if trick_winner([*trick, card], t, policy) == len(trick) else None
    return True


def check_play(
    card: int, hand: Collection[int], trick: Sequence[int], t: CardTables, policy: TrickPolicy
) -> PlayFault | None:
    """None when ``card`` is a legal play, else the broken duty and the cards allowed.

    ``hand`` may be any collection (a set will do): the cards allowed come back sorted."""
    if card not in hand:
        return PlayFault("not-held")
    quick = duty_legal(card, hand, trick, t, policy)
    if quick or (quick is None and plainly_legal(card, trick, t, policy)):
        return None
    legal = legal_plays(hand, trick, t, policy)
    if card in legal:
        return None
    cands, duty = _obliged(hand, trick, t, policy)
    should = tuple(sorted(legal))
    if card not in cands and duty:
        return PlayFault(duty, should)
    beat = _beat_duty(duty, trick, t, policy)
    if card == policy.last_resort and card in cands and (not beat or card in legal):
        return PlayFault("pagat-last", should)
    if beat:
        return PlayFault(beat, should)
    return PlayFault("pagat-last", should)


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
