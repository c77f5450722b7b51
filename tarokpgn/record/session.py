"""A match being recorded at the table: one entry at a time, each checked by the rules engine.

:class:`Session` is the recorder without a terminal: :meth:`Session.ask` says what is asked
next in the current deal (an :class:`Ask`), :meth:`Session.answer` takes one entry as the
scorekeeper types it (the import form's words: native card and bid names, abbreviations, any
case and diacritics; several cards at once for a hand, the talon, a lay-away or a trick) and
gives a :class:`Reply`; :meth:`Session.finish` appends the finished deal to the file in export
form. No rule is decided here: each entry is added to the deal's :class:`~tarokpgn.model.Record`
and the record is replayed (:class:`~tarokpgn.replayer.Replay`); a fault the replay finds at
the new entry refuses it, with the engine's own message and rule id, and the choices the
engine offers (:meth:`~tarokpgn.rules.state.DealState.legal`, ``auction.legal``,
``legal_calls``). With hidden hands the entry is accepted unless the cards disprove it (the
replayer's hidden-hand checks) and the choices are unknown (empty).

What is asked, in order (:attr:`Ask.kind`):

* ``mode``: ``play`` (a played deal) or ``outcome`` (a score-sheet-only deal);
* played deal: ``hands-known`` (``yes``/``no``), ``hand`` for each seat in seat order (N E S
  W Z) when known, ``talon`` (when all hands are known its choices are the cards left over;
  where the talon's dealt order decides nothing — the French dog, the Terziglio stock, taken
  whole — they are the default, Enter takes them; in the Slovenian and Czech rulesets the
  dealt order makes the talon groups, SL-6.2, klop's talon cards for the first tricks,
  SL-6.8, and the Czech purchases, CZ-5.1, so the talon must be typed as dealt; with hidden
  hands Enter leaves the talon unknown), ``bid`` (one bid at a time; Ottocento's optional
  monte round ends with Enter), ``call`` (a late bid is typed here too where the ruleset has
  one: the Czech forehand's Varšava, CZ-3.7, a final raise with ``final_raise``, SL-3.9; the
  contract held, re-stated, is refused as it changes nothing; Enter: the card the ruleset
  implies, Czech CZ-4.2, written as a ``call`` item as the generator writes it),
  ``talon-choice`` (the cards taken: a Slovenian group, the Czech cards due, the whole French
  dog or Terziglio stock) then ``exchange`` (the cards laid away, optionally followed by
  ``show`` and the cards shown; the Ottocento dealer's scarto, T-4.3; its choices are the
  cards the engine lets the seat lay away, each checked on its own) for each seat that
  exchanges, ``announce`` (announcements, declarations and kontras, one an entry, in the
  notation's words or the players', a name of several words as one — ``N trula``, ``S pagat
  ultimo``, ``declare E handful-10 T21 …``, ``kontra E 1 game``, ``rekontra N igra`` — Enter
  when done), ``card`` (one card, the rest of the trick, or a whole trick; ``SEAT CARD``
  names a leader who led out of turn; Enter once the deal is decided stops the play, before
  that it is refused, ``not-decided``), then ``score``. When several cards are typed at once
  and one of them is refused, the cards before it (legal, on the table) are recorded and the
  refusal is its player's: his legal choices, and the question is his card;
* score-sheet deal: ``contract`` (the ruleset's contracts; on the first deal of a Semedela
  round only ``klop``, SL-3.1, refused as the played deal's auction refuses a bid),
  ``declarer`` (not in klop), ``partner`` (when the contract calls one; Enter: none),
  ``result`` (the signed difference, or ``won``/``lost`` for a contract won by tricks; Enter:
  none where the ruleset cannot score the outcome), ``bonuses`` and ``kontras`` as the
  ``Bonuses`` and ``Kontras`` tags write them (Enter: none), then ``score``. A klop, and any
  outcome of the Czech and Tarocchini rulesets, cannot be scored from the sheet: ``score``
  then has no default and :meth:`Session.finish` needs the table's scores (the verifier
  calls the deal INCOMPLETE, ``outcome-not-scored``; the running totals go on).

A claim of the remaining tricks (``irregular claim SEAT trick=N``) is not offered: the
verifier accepts one but scores nothing after it (INCOMPLETE, no scores).

A refused card or lead (a play fault or a wrong leader) may be recorded all the same with
:meth:`Session.insist`: as an accepted irregularity (``irregular revoke S trick=5``,
``irregular lead-out-of-turn W trick=3``: the verifier then accepts the fault) or as a renons
claim (``renons CLAIMANT ACCUSED TRICK KIND card=C``, decided by the judge);
:attr:`Reply.insist_as` says which. With hidden hands a revoke is caught later, when the
player plays a suit he showed earlier to lack (``void-contradiction``, SL-9.2): no
irregularity accepts that, but a renons claim does — a revoke in the earlier trick where the
judge finds it proven (``renons E S 1 revoke``), which settles the later card as the verifier
reads it. A refused bid, call or exchange cannot be insisted on (the notation's
irregularities accept play faults only, so the record would not verify), nor a card played
out of turn inside a trick (a trick line holds its cards in turn from the leader): the
refusal and :meth:`Session.insist` say so.

Events (:class:`Event`, in :attr:`Reply.events`) say what the session worked out:

==============  ==============================================================================
kind            fields
==============  ==============================================================================
``contract``    ``word`` the contract, ``seat`` the declarer (None: no declarer)
``talon``       ``cards`` the talon the session filled in (every hand known)
``leader``      ``seat`` who leads, ``trick`` the trick (the first trick of the play)
``trick-won``   ``seat`` the winner, ``trick`` its number
``card-points`` ``scores`` the card points per side or seat, as the verdict gives them
``score``       ``scores`` the computed score per seat
==============  ==============================================================================

Running totals are the previous totals plus each deal's result (the written one, else the
computed one), as :func:`~tarokpgn.replay.verify_all` adds them; a correction made at
:meth:`Session.finish` is kept as the ``Result`` (the verifier flags it as a
``score-mismatch``) and the totals go on from it, so the rest of the file verifies. A match
rule that adjusts results (radelci, an ``Options`` tag the recorder never writes itself) is
not applied to the totals. When Ottocento's race decides the game (T-10.3), the next deal
starts a new game, ``MATCH game 2`` from deal 1, as the generator does.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from tarokpgn.errors import NotationError, TarokPgnError
from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Irregular,
    Item,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    format_scores,
    parse_scores,
)
from tarokpgn.notation import check_record, iter_file, parse_record, write_record
from tarokpgn.notation.tags import escape, export_order
from tarokpgn.outcome import format_outcome, outcome_problems, parse_outcome
from tarokpgn.renons import judge as judge_renons
from tarokpgn.renons.ruling import ClaimError
from tarokpgn.replay import (
    IRREGULAR_CODES,
    RENONS_CODES,
    Matches,
    outcome_contract_problem,
    verify,
)
from tarokpgn.replayer import Found, Replay, deal_number
from tarokpgn.rules.facts import Outcome
from tarokpgn.rules.ruleset import OptionError, Ruleset, find_ruleset
from tarokpgn.rules.state import DealState, Phase
from tarokpgn.variants import find_variant
from tarokpgn.verdict import Problem, Verdict
from tarokpgn.vocabulary import ANNOUNCEMENTS, KONTRA_LEVELS, TARGETS, fold, words_of

__all__ = ["Ask", "Event", "Reply", "Session", "SessionError"]

_YES: Final = frozenset({"yes", "y", "da", "d", "ja", "ano", "oui", "si"})
_NO: Final = frozenset({"no", "n", "ne", "nein", "non"})
_PLAY: Final = frozenset({"play", "p", "played", "igrano", "igra"})
_OUTCOME: Final = frozenset({"outcome", "o", "score", "sheet", "rezultat"})
_WON: Final = frozenset({"won", "win", "+", "dobil", "dobljeno"})
_LOST: Final = frozenset({"lost", "lose", "-", "izgubil", "izgubljeno"})
_KEYWORDS: Final = frozenset({"announce", "declare", "kontra", *KONTRA_LEVELS})
"""First words of an announce-step entry written as a notation element."""
_RENONS_KINDS: Final = ("underplay", "revoke", "out-of-turn")
"""Renons kinds for a refused card or lead, the most specific first (RENONS_CODES)."""
_GAME: Final = re.compile(r"^(.*) game (\d+)$")
_TALON_ORDER_FREE: Final = frozenset({"french", "tarocchini"})
"""Families whose talon order matters to no rule (:meth:`Session._order_free`)."""
_VOID: Final = "void-contradiction"
"""The fault of a card of a suit its player showed earlier to lack (SL-9.2, hidden hands)."""


class SessionError(TarokPgnError, ValueError):
    """The match cannot be opened or continued as asked (a message for the scorekeeper)."""


@dataclass(frozen=True)
class Ask:
    """What is asked next in the current deal (see the module docstring for the kinds)."""

    kind: str
    seat: str | None = None
    """Who bids, calls, exchanges or plays; whose hand (None: nobody in particular)."""
    deal: int = 0
    trick: int | None = None
    choices: tuple[str, ...] = ()
    """Notation tokens or words legal now; empty when the rules cannot narrow it."""
    default: str | None = None
    """What an empty answer means, when it means something to show."""
    count: int = 0
    """How many cards (or words) are expected; 0: any."""


@dataclass(frozen=True)
class Event:
    """Something the session worked out (module docstring: the kinds and their fields)."""

    kind: str
    seat: str | None = None
    trick: int | None = None
    cards: tuple[str, ...] = ()
    scores: Mapping[str, int] = field(default_factory=dict, hash=False)
    word: str = ""


@dataclass(frozen=True)
class Reply:
    """The answer to one entry or command."""

    ok: bool
    code: str
    """Stable message id: ``accepted``, ``illegal``, ``unknown-word``, ``wrong-count``,
    ``nothing-to-undo``, ``undone``, ``trick-won``, ``deal-scored``, ``not-now``,
    ``not-insistable``, ``insisted``, ``not-decided`` (Enter at a card before the deal is
    decided: a card or the whole trick is wanted); :attr:`Session.saved` after
    :meth:`Session.finish`: ``deal-saved``, ``deal-corrected``, ``scores-written``."""
    reason: str = ""
    """The engine's (or the reader's) explanation in English; empty when ok."""
    rule: str = ""
    legal: tuple[str, ...] = ()
    """The legal choices after a refusal (empty when unknown)."""
    events: tuple[Event, ...] = ()
    insistable: bool = False
    insist_as: tuple[str, ...] = ()
    """How the refused entry may be insisted on: ``irregular`` and/or ``renons`` (empty: it
    cannot be; :attr:`insistable` is whether it can)."""


@dataclass(frozen=True)
class _Deal:
    """The current deal as entered so far (immutable: undo keeps the earlier ones)."""

    mode: str = ""
    known: bool | None = None
    items: tuple[Item, ...] = ()
    take: tuple[str, ...] | None = None
    """The talon cards the exchanging seat took (asked before the lay-away)."""
    filled: bool = False
    """The session filled the talon in (where its order is free)."""
    closed: frozenset[str] = frozenset()
    """Steps ended by an empty answer: ``talon``, ``auction``, ``call``, ``announce``,
    ``play``."""
    outcome: tuple[tuple[str, str], ...] = ()
    """Score-sheet answers so far: (step, value); value empty for none."""


@dataclass(frozen=True)
class _Refusal:
    """The entry just refused, kept for :meth:`Session.insist`."""

    deal: _Deal
    faults: tuple[Found, ...]
    why_not: str = ""
    """Why it cannot be insisted on (empty: it can, as :func:`_ways` says)."""


class Session:
    """A match being recorded into a file (open one with :meth:`open`)."""

    def __init__(
        self,
        path: Path,
        rs: Ruleset[Any],
        variant: str,
        tags: dict[str, str],
        names: dict[str, str],
        dealer: str,
        number: int,
        totals: dict[str, int],
        finished: list[Record],
        matches: Matches,
    ) -> None:
        self.path = path
        self.rules = rs
        self.variant = variant
        self.ruleset = rs.name
        spec = find_variant(variant)
        assert spec is not None
        self.seats: tuple[str, ...] = spec.seats
        self.names = names
        self.match = tags["Match"]
        self._tags = tags
        """Event, Site, Round, Options, Match: carried from deal to deal."""
        self.deal_number = number
        self.dealer = dealer
        self.totals = totals
        self.finished = finished
        self._matches = matches
        self._deal = _Deal()
        self._history: list[_Deal] = []
        self._refused: _Refusal | None = None
        self.saved: Reply | None = None
        """How the last :meth:`finish` wrote its deal: ``deal-saved`` (the computed scores,
        or the table's equal to them), ``deal-corrected`` (the table's scores differ from the
        computed ones: the verifier flags a ``score-mismatch``), ``scores-written`` (the
        rules cannot compute this deal's score: the table's scores are its result, nothing is
        flagged as a mismatch)."""
        self._replays: dict[_Deal, tuple[Replay, list[Problem]]] = {}
        self._verdicts: dict[_Deal, Verdict] = {}

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        variant: str | None = None,
        ruleset: str | None = None,
        players: Mapping[str, str] | None = None,
        match: str | None = None,
        event: str | None = None,
        dealer: str | None = None,
    ) -> Session:
        """The session recording into ``path``: a new match when the file is new (or holds
        no record), else the match of its last record continued (the options given must
        agree with it). Raises :class:`SessionError` with a message for the scorekeeper."""
        file = Path(path)
        records = _read(file)
        if not records:
            return cls._new(file, variant, ruleset, players, match, event, dealer)
        return cls._resume(file, records, variant, ruleset, players, match, event, dealer)

    @classmethod
    def _new(
        cls,
        file: Path,
        variant: str | None,
        ruleset: str | None,
        players: Mapping[str, str] | None,
        match: str | None,
        event: str | None,
        dealer: str | None,
    ) -> Session:
        if not variant:
            raise SessionError(f"{file} is a new file: give the variant (--variant)")
        rs = _ruleset(variant, ruleset)
        seats = _seats(variant)
        names = {s: s for s in seats}
        names.update(_players(players, seats))
        first = _seat(dealer, seats, "dealer") if dealer else seats[0]
        name = match or f"Club evening {datetime.date.today().isoformat()}"
        tags = {"Match": name, "Event": event or name}
        totals = dict.fromkeys(seats, 0)
        return cls(file, rs, variant, tags, names, first, 1, totals, [], Matches())

    @classmethod
    def _resume(
        cls,
        file: Path,
        records: list[Record],
        variant: str | None,
        ruleset: str | None,
        players: Mapping[str, str] | None,
        match: str | None,
        event: str | None,
        dealer: str | None,
    ) -> Session:
        last = records[-1]
        where = f"{file} continues the match {last.get('Match')!r}"
        if variant and variant != last.variant:
            raise SessionError(f"{where} of {last.variant}, not {variant} (--variant)")
        if find_variant(last.variant) is None:
            raise SessionError(f"{file}: its last record's variant {last.variant!r} is unknown")
        rs = _ruleset(last.variant, last.get("Ruleset") or None, last.options or None)
        if ruleset and _ruleset(last.variant, ruleset).name != rs.name:
            raise SessionError(f"{where} under the {rs.name} ruleset, not {ruleset} (--ruleset)")
        seats = _seats(last.variant)
        names = {s: last.player(s) or s for s in seats}
        for seat, name in _players(players, seats).items():
            if names[seat] != name:
                raise SessionError(
                    f"{where}, where {seat} is {names[seat]}, not {name} (--players)"
                )
        if match and match != last.get("Match"):
            raise SessionError(f"{where}, not {match!r} (--match)")
        if event and event != last.get("Event"):
            raise SessionError(f"{where} of the event {last.get('Event')!r}, not {event!r}")
        matches = Matches()
        for record in records:
            matches.verify(record)
        name = last.get("Match")
        finished = [r for r in records if r.get("Match") == name]
        number = (deal_number(last) or len(finished)) + 1
        last_dealer = last.dealer if last.dealer in seats else seats[-1]
        after = seats[(seats.index(last_dealer) + 1) % len(seats)]
        if dealer and _seat(dealer, seats, "dealer") != after:
            raise SessionError(f"{where}, where {after} deals next, not {dealer} (--dealer)")
        totals = _totals(finished, seats)
        tags = {k: last.get(k) for k in ("Event", "Site", "Round", "Options") if last.get(k)}
        tags["Match"] = name
        session = cls(file, rs, last.variant, tags, names, after, number, totals, finished,
                      matches)  # fmt: skip
        if matches.decided(name):
            session._new_game()
        return session

    # --- asking -----------------------------------------------------------------------------

    def ask(self) -> Ask:
        """What is asked next in the current deal."""
        d = self._deal
        if not d.mode:
            return self._ask("mode", choices=("play", "outcome"), default="play")
        if d.mode == "outcome":
            return self._outcome_ask(d)
        if d.known is None:
            return self._ask("hands-known", choices=("yes", "no"))
        hands = [item for item in d.items if isinstance(item, Hand)]
        if d.known and len(hands) < len(self.seats):
            seat = self.seats[len(hands)]
            return self._ask("hand", seat=seat, count=self._dealt_size(seat))
        if self.rules.talon_size and not _has(d, Talon) and "talon" not in d.closed:
            rest = self._remaining(d) if d.known else ()
            default = " ".join(rest) if rest and self._order_free() else None
            return self._ask("talon", count=self.rules.talon_size, choices=rest,
                             default=default)  # fmt: skip
        return self._play_ask(d, self._replay(d)[0].deal)

    def _ask(self, kind: str, **fields: Any) -> Ask:
        return Ask(kind, deal=self.deal_number, **fields)

    def _play_ask(self, d: _Deal, deal: DealState) -> Ask:
        auction = deal.auction
        pos = auction.to_act
        if pos is not None and "auction" not in d.closed and _bidding(deal):
            choices = tuple(auction.legal(pos))
            return self._ask("bid", seat=deal.label(pos), choices=choices)
        if deal.phase is Phase.CALL and deal.declarer is not None:
            calls = tuple(deal.name(c) for c in self.rules.legal_calls(deal))
            calls += tuple(_late_bids(deal, self.rules))
            implied = self.rules.implied_call(deal)
            default = deal.name(implied) if implied is not None else None
            return self._ask("call", seat=deal.label(deal.declarer), choices=calls,
                             default=default)  # fmt: skip
        if deal.phase is Phase.TALON:
            return self._exchange_ask(d, deal)
        if not deal.tricks and "announce" not in d.closed and not deal.complete:
            names = (*self.rules.announcements, *sorted(self.rules.declarations))
            return self._ask("announce", choices=tuple(dict.fromkeys(names)))
        early = deal.stopped and deal.finished < deal.total_tricks  # decided: play may stop
        if (deal.complete and not early) or "play" in d.closed:
            return self._ask("score", default=self._score_text(d))
        pos = deal.to_play
        hand = deal.hands[pos]
        legal = tuple(deal.name(c) for c in deal.legal(pos)) if hand is not None else ()
        cur = deal.current
        left = deal.players - len(cur.cards) if cur is not None else deal.players
        return self._ask("card", seat=deal.label(pos), trick=deal.finished + 1, choices=legal,
                         count=left)  # fmt: skip

    def _exchange_ask(self, d: _Deal, deal: DealState) -> Ask:
        pos = _exchanger(deal)
        seat = deal.label(pos)
        size = _take_size(deal, pos)
        if d.take is None and size:
            choices = _take_choices(deal, pos)
            default = choices[0] if len(choices) == 1 else None
            return self._ask("talon-choice", seat=seat, choices=choices, default=default,
                             count=size)  # fmt: skip
        take = d.take or ()
        count = len(take) or self.rules.dealt_size(pos) - self.rules.hand_size
        return self._ask("exchange", seat=seat, count=count,
                         choices=_discards(deal, pos, take))  # fmt: skip

    def _outcome_ask(self, d: _Deal) -> Ask:
        given = dict(d.outcome)
        if "contract" not in given:
            return self._ask("contract", choices=self._contracts(d))
        contract = self.rules.contract(given["contract"])
        klop = contract is not None and contract.kind == "klop"
        if "declarer" not in given and not klop:
            return self._ask("declarer", choices=self.seats)
        if "partner" not in given and contract is not None and contract.calls:
            others = tuple(s for s in self.seats if s != given.get("declarer"))
            return self._ask("partner", choices=others)
        if "result" not in given and not klop:
            points = contract is not None and contract.kind == "points"
            return self._ask("result", choices=() if points else ("won", "lost"))
        for step in ("bonuses", "kontras"):
            if step not in given:
                return self._ask(step)
        return self._ask("score", default=self._score_text(d))

    def _contracts(self, d: _Deal) -> tuple[str, ...]:
        """The contracts a score sheet may give this deal: the ruleset's, or the one the
        rules fix (the compulsory first klop of a round, SL-3.1)."""
        r = self._replay(d)[0]
        playable = (c for c in self.rules.contracts if self.rules.contract(c) is not None)
        return tuple(c for c in playable if outcome_contract_problem(r, c) is None)

    def current_record(self) -> Record:
        """The current deal as entered so far (its items; the tags the engine reads)."""
        return self._record(self._deal)

    # --- answering --------------------------------------------------------------------------

    def answer(self, text: str) -> Reply:
        """One entry typed by the scorekeeper, checked at once; a refused entry changes
        nothing (it may then be insisted on, :meth:`insist`)."""
        self._refused = None
        text = " ".join(text.split())
        ask = self.ask()
        handler = self._handlers().get(ask.kind)
        if handler is None:
            return Reply(False, "not-now", f"nothing is typed at the {ask.kind} step")
        try:
            result = handler(ask, text)
        except NotationError as exc:
            return Reply(False, "unknown-word", exc.message, legal=ask.choices)
        if isinstance(result, Reply):
            return result
        return self._accept(result, "accepted")

    def _handlers(self) -> dict[str, Callable[[Ask, str], _Deal | Reply]]:
        return {
            "mode": self._mode, "hands-known": self._known, "hand": self._hand,
            "talon": self._talon, "bid": self._bid, "call": self._call,
            "talon-choice": self._talon_choice, "exchange": self._exchange,
            "announce": self._announce, "card": self._card, "score": self._score_answer,
            "contract": self._outcome_step, "declarer": self._outcome_step,
            "partner": self._outcome_step, "result": self._outcome_step,
            "bonuses": self._outcome_step, "kontras": self._outcome_step,
        }  # fmt: skip

    def _mode(self, ask: Ask, text: str) -> _Deal | Reply:
        word = fold(text) or "play"
        if word in _PLAY:
            return replace(self._deal, mode="play")
        if word in _OUTCOME:
            return replace(self._deal, mode="outcome")
        return Reply(False, "unknown-word", f"{text!r}: answer play or outcome", legal=ask.choices)

    def _known(self, ask: Ask, text: str) -> _Deal | Reply:
        word = fold(text)
        if word in _YES or word in _NO:
            return replace(self._deal, known=word in _YES)
        return Reply(False, "unknown-word", f"{text!r}: answer yes or no", legal=ask.choices)

    def _hand(self, ask: Ask, text: str) -> _Deal | Reply:
        assert ask.seat is not None
        cards = self._cards(text)
        if len(cards) != ask.count:
            return _count(ask.count, len(cards))
        return self._checked(self._add(Hand(ask.seat, cards)))

    def _talon(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        if not text:
            if not d.known:
                return replace(d, closed=d.closed | {"talon"})
            if ask.default is None:  # its dealt order counts (SL-6.2 groups, CZ-5.1)
                why = "type the talon's cards in the order they were dealt: the rules read it"
                return Reply(False, "wrong-count", why, legal=ask.choices)
            return replace(self._add(Talon(self._remaining(d))), filled=True)
        cards = self._cards(text)
        if len(cards) != ask.count:
            return _count(ask.count, len(cards))
        return self._checked(self._add(Talon(cards)))

    def _bid(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        deal = self._replay(d)[0].deal
        if not text:
            if deal.auction.done:  # an optional round (Ottocento's monte, T-4.2) ends here
                return replace(d, closed=d.closed | {"auction"})
            return Reply(False, "unknown-word", "a bid is needed (pass or a contract)",
                         legal=ask.choices)  # fmt: skip
        word = "-".join(text.split())
        parsed = self._parse(f"auction {ask.seat} {word}")
        auctions = [item for item in parsed.items if isinstance(item, Auction)]
        if len(auctions) != 1 or len(auctions[0].bids) != 1:
            return Reply(False, "unknown-word", f"{text!r} is not one bid", legal=ask.choices)
        bid = auctions[0].bids[0]
        items = list(d.items)
        at = _last_index(items, Auction)
        if at is None:
            items.append(Auction((bid,)))
        else:
            old = items[at]
            assert isinstance(old, Auction)
            items[at] = Auction((*old.bids, bid))
        result = self._checked(replace(d, items=tuple(items)), ask.choices)
        if isinstance(result, Reply) and bid.bid not in (*self.rules.contracts, "pass"):
            return replace(result, code="unknown-word")  # a word no contract of the ruleset
        return result

    def _call(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        if not text:
            if ask.default is None:
                return _count(1, 0)
            text = ask.default  # the implied card (CZ-4.2), written as the generator does
        late = self._late_bid(d, ask, text)
        if late is not None:
            return late
        cards = self._cards(text)
        if len(cards) != 1:
            return _count(1, len(cards))
        assert ask.seat is not None
        return self._checked(self._add(Call(ask.seat, cards[0])), ask.choices)

    def _late_bid(self, d: _Deal, ask: Ask, text: str) -> _Deal | Reply | None:
        """A bid still open once the auction is over (the Czech forehand's Varšava after his
        first duty was passed out, CZ-3.7), typed where the call is asked; None: no bid."""
        deal = self._replay(d)[0].deal
        late = _late_bids(deal, self.rules)
        held = deal.contract.id if deal.contract is not None else None
        try:
            parsed = self._parse(f"auction {ask.seat} {'-'.join(text.split())}")
        except NotationError:
            return None
        bids = [b for item in parsed.items if isinstance(item, Auction) for b in item.bids]
        if len(bids) == 1 and bids[0].bid == held and held not in late:
            rule = self.rules.rule_ids.get("auction-over", "SL-3.9")
            why = (
                f"the auction is over: {ask.seat} holds {held}, and saying it again changes nothing"
            )
            return Reply(False, "illegal", why, rule, legal=ask.choices)
        if len(bids) != 1 or bids[0].bid not in late:
            return None
        bid = replace(bids[0], seat=deal.label(late[bids[0].bid]))
        items = list(d.items)
        at = _last_index(items, Auction)
        assert at is not None  # the auction is over, so it was given
        old = items[at]
        assert isinstance(old, Auction)
        items[at] = Auction((*old.bids, bid))
        return self._checked(replace(d, items=tuple(items)), ask.choices)

    def _talon_choice(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        cards = self._cards(text) if text else tuple((ask.default or "").split())
        if len(cards) != ask.count:
            return _count(ask.count, len(cards))
        r, _ = self._replay(d)
        deal = r.deal
        pos = r.pos[ask.seat or ""]
        take = tuple(deal.tables.index[c] for c in cards if c in deal.tables.index)
        faults = [f for f in deal.check_exchange(pos, take, (), ()) if f.code == "talon-group"]
        if faults:
            f = faults[0]
            return Reply(False, "illegal", f.message, f.rule, legal=ask.choices)
        return replace(d, take=cards)

    def _exchange(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        take = " ".join(d.take or ())
        parsed = self._parse(f"exchange {ask.seat} take {take} discard {text}")
        item = next(i for i in parsed.items if isinstance(i, Exchange))
        if len(item.discard) != ask.count:
            return _count(ask.count, len(item.discard))
        return self._checked(replace(self._add(item), take=None))

    def _announce(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        if not text:
            return replace(d, closed=d.closed | {"announce"})
        text = self._joined(text)
        first = fold(text.split()[0])
        line = text if first in _KEYWORDS else f"announce {text}"
        items = [i for i in self._parse(line).items if isinstance(i, Announce | Kontra)]
        if len(items) != 1:
            return Reply(False, "unknown-word", f"{text!r} is not one announcement or kontra")
        item = items[0]
        shortcut = first not in _KEYWORDS  # "N trula": a declaration when it shows cards
        if shortcut and isinstance(item, Announce) and item.name in self.rules.declarations:
            item = Announce("declare", item.seat, item.name, item.cards, item.options)
        return self._checked(self._add(item), ask.choices)

    def _joined(self, text: str) -> str:
        """``text`` with each announcement or kontra target written in several words joined
        as the notation writes it (``S pagat ultimo`` → ``S pagat-ultimo``), as bids are: the
        longest run of words the vocabulary of any language knows as one name."""
        names = {*self.rules.announcements, *self.rules.declarations, *TARGETS}
        for scope in (self.variant, words_of(self.variant)):
            names.update(ANNOUNCEMENTS.get(scope, {}))
        words = text.split()
        out: list[str] = []
        i = 0
        while i < len(words):
            j = next((j for j in range(len(words), i + 1, -1)
                      if fold("-".join(words[i:j])) in names), i + 1)  # fmt: skip
            out.append("-".join(words[i:j]))
            i = j
        return " ".join(out)

    def _card(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        r, _ = self._replay(d)
        deal = r.deal
        if not text:
            if deal.stopped and deal.current is None:  # the outcome is decided: play stops
                return replace(d, closed=d.closed | {"play"})
            return Reply(False, "not-decided",
                         "the deal is not decided yet: type one card or the whole trick",
                         legal=ask.choices)  # fmt: skip
        words = text.split()
        seat = ask.seat or ""
        if len(words) > 1 and words[0] in self.seats:
            seat, text = words[0], " ".join(words[1:])
        cards = self._cards(text)
        if not cards or len(cards) > ask.count:
            return _count(ask.count, len(cards))
        result = self._played(ask, seat, cards)
        if isinstance(result, Reply) and len(cards) > 1:
            return self._partly(ask, seat, cards)
        return result

    def _partly(self, ask: Ask, seat: str, cards: tuple[str, ...]) -> _Deal | Reply:
        """Several cards typed at once, one of them refused: the cards before it, legal, are
        recorded (they lie on the table); the refused card and those after it are not, and
        the refusal is its player's (his legal choices, :meth:`insist`)."""
        good = 0
        while good + 1 < len(cards) and isinstance(
            self._played(ask, seat, cards[: good + 1]), _Deal
        ):
            good += 1
        self._refused = None
        if not good:  # the first card is refused: the whole entry, as typed (insist)
            return self._played(ask, seat, cards)
        before = self._played(ask, seat, cards[:good])
        assert isinstance(before, _Deal)
        events = self._accept(before, "accepted").events
        rest = self._card(self.ask(), " ".join(cards[good:]))
        if not isinstance(rest, Reply):
            return rest
        done = " ".join(cards[:good])
        return replace(rest, reason=f"{rest.reason} ({done} recorded before it)", events=events)

    def _played(self, ask: Ask, seat: str, cards: tuple[str, ...]) -> _Deal | Reply:
        """The deal with ``cards`` played from the card asked (``seat``: who leads or plays)."""
        d = self._deal
        r, _ = self._replay(d)
        deal = r.deal
        items = list(d.items)
        cur = deal.current
        if cur is None:
            items.append(Trick(deal.finished + 1, seat, cards))
        else:
            if seat != ask.seat:  # a card out of turn inside a trick: no notation holds it
                f = deal.check_play(r.pos[seat], deal.tables.index.get(cards[0], -1))
                reason = f.message if f is not None else f"it is {ask.seat}'s turn to play"
                refusal = Reply(False, "illegal", f"{reason}; a card played out of turn inside "
                                "a trick cannot be insisted on: a trick line holds its cards in "
                                "turn from the leader", f.rule if f else "",
                                legal=ask.choices)  # fmt: skip
                self._refused = _Refusal(d, (), refusal.reason)
                return refusal
            at = _last_index(items, Trick)
            assert at is not None
            old = items[at]
            assert isinstance(old, Trick)
            items[at] = Trick(old.number, old.leader, (*old.cards, *cards))
        return self._checked(replace(d, items=tuple(items)), ask.choices)

    def _score_answer(self, ask: Ask, text: str) -> Reply:
        return Reply(False, "not-now", "the deal is scored: finish it (confirm or correct)")

    # --- score sheet ------------------------------------------------------------------------

    def _outcome_step(self, ask: Ask, text: str) -> _Deal | Reply:
        d = self._deal
        step = ask.kind
        value = text
        if step == "contract" and not text:
            return Reply(False, "unknown-word", "the contract is needed", legal=ask.choices)
        if step in ("declarer", "partner") and text:
            seat = self._find_seat(text)
            if seat is None:
                return Reply(False, "unknown-word", f"{text!r} is not a seat", legal=ask.choices)
            value = seat
        if step == "declarer" and not value:
            return Reply(False, "unknown-word", "the declarer is needed", legal=ask.choices)
        if step == "result":
            value = self._result_value(ask, text) if text else ""
            if not value and (text or self._scored(d)):  # else Enter: none (not scored)
                why = "won or lost" if ask.choices else "the signed difference, such as +6"
                return Reply(False, "unknown-word", f"{text!r}: give {why}", legal=ask.choices)
        new = replace(d, outcome=(*d.outcome, (step, value)))
        record = self._outcome_record(new)
        bad = outcome_problems(record)
        if bad:  # at the contract step: a word no contract of the variant (with a hint)
            code = "unknown-word" if step == "contract" else "illegal"
            return Reply(False, code, bad[0].message, legal=ask.choices)
        if step == "contract":
            return self._contract(d, ask, text, record)
        if "result" in dict(new.outcome) or step == "result":
            try:
                self._outcome_score(new)
            except ValueError as exc:
                return Reply(False, "illegal", str(exc), legal=ask.choices)
        return new

    def _scored(self, d: _Deal) -> bool:
        """The ruleset scores this outcome once its result is given (Czech and Tarocchini
        rulesets score none: the table's scores are asked, and the result is optional)."""
        probe = replace(d, outcome=(*d.outcome, ("result", "won")))
        try:
            return self._outcome_score(probe) is not None
        except ValueError:  # wants a difference, not won/lost: it scores
            return True

    def _contract(self, d: _Deal, ask: Ask, text: str, record: Record) -> _Deal | Reply:
        """The score sheet's contract, kept canonical as the tag is read: one of the
        ruleset's, and on a deal whose contract the rules fix (the compulsory first klop of a
        round, SL-3.1) that one, refused as the played deal's auction refuses a bid."""
        outcome = parse_outcome(record)
        assert outcome is not None
        if self.rules.contract(outcome.contract) is None:
            return Reply(False, "illegal", f"{text!r} is no contract of {self.ruleset}",
                         legal=ask.choices)  # fmt: skip
        problem = outcome_contract_problem(self._replay(d)[0], outcome.contract)
        if problem is not None:
            return Reply(False, "illegal", problem.message, problem.rule, legal=ask.choices)
        return replace(d, outcome=(*d.outcome, ("contract", outcome.contract)))

    def _result_value(self, ask: Ask, text: str) -> str:
        word = fold(text)
        if ask.choices:
            if word in _WON or word.startswith("+"):
                return "won"
            return "lost" if word in _LOST or word.startswith("-") else ""
        m = re.fullmatch(r"([+-]?)(\d{1,3})", word)
        if m is None:
            return ""
        return f"{m.group(1) or '+'}{m.group(2)}" if m.group(2) != "0" else "0"

    def _outcome_record(self, d: _Deal, result: Mapping[str, int] | None = None) -> Record:
        given = dict(d.outcome)
        tags = [("Contract", given.get("contract", ""))]
        for step, tag in (("declarer", "Declarer"), ("partner", "Partner"),
                          ("bonuses", "Bonuses"), ("kontras", "Kontras")):  # fmt: skip
            if given.get(step):
                tags.append((tag, given[step]))
        if given.get("result") not in (None, "", "won", "lost"):
            tags.append(("Difference", given["result"]))
        if result is not None:
            tags.append(("Result", format_scores(result)))
        return Record(export_order([*self._deal_tags(), *tags]))

    def _outcome_outcome(self, d: _Deal) -> Outcome:
        outcome = parse_outcome(self._outcome_record(d))
        assert outcome is not None
        won = dict(d.outcome).get("result")
        if won in ("won", "lost"):
            outcome = replace(outcome, won=won == "won")
        return outcome

    def _outcome_score(self, d: _Deal) -> dict[str, int] | None:
        """The score of the outcome so far (ruleset's :meth:`score_outcome`); None when the
        ruleset cannot score it (klop); raises ValueError for an outcome the rules refuse."""
        order = self._record(d).play_order()
        score = self.rules.score_outcome(self._outcome_outcome(d), order)
        if score is None:
            return None
        return {s: score.scores.get(order.index(s), 0) for s in self.seats}

    # --- checking ---------------------------------------------------------------------------

    def _checked(self, new: _Deal, legal: tuple[str, ...] = ()) -> _Deal | Reply:
        """``new`` when its replay finds nothing the current deal's did not; else the refusal
        (the engine's first new fault), kept for :meth:`insist`."""
        old_r, old_problems = self._replay(self._deal)
        r, problems = self._replay(new)
        fresh = [p for p in problems if p not in old_problems]
        if fresh:
            p = fresh[0]
            self._refused = _Refusal(new, (), "the record could not carry it")
            return Reply(False, "illegal", p.message, p.rule, legal=legal)
        faults = tuple(r.found[len(old_r.found) :])
        if not faults:
            return new
        self._refused = _Refusal(new, faults)
        f = faults[0].fault
        ways = _ways(faults)
        return Reply(False, "illegal", f.message, f.rule, legal=legal, insistable=bool(ways),
                     insist_as=ways)  # fmt: skip

    def _replay(self, d: _Deal) -> tuple[Replay, list[Problem]]:
        cached = self._replays.get(d)
        if cached is not None:
            return cached
        r, problems = Replay.start(self._record(d))
        assert r is not None  # the ruleset was found when the session opened
        r.run()
        if len(self._replays) > 8:
            self._replays.clear()
        self._replays[d] = (r, problems)
        return r, problems

    # --- accepting --------------------------------------------------------------------------

    def _accept(self, new: _Deal, code: str) -> Reply:
        old = self._deal
        self._history.append(old)
        self._deal = new
        events = self._events(old, new)
        if code == "accepted":
            if any(e.kind == "trick-won" for e in events):
                code = "trick-won"
            if any(e.kind == "score" for e in events):
                code = "deal-scored"
        return Reply(True, code, events=tuple(events))

    def _events(self, old: _Deal, new: _Deal) -> list[Event]:
        out: list[Event] = []
        if new.filled and not old.filled:
            talon = next(i for i in new.items if isinstance(i, Talon))
            out.append(Event("talon", cards=talon.cards))
        ask = self.ask()
        if new.mode == "play" and new.known is not None:
            after = self._replay(new)[0].deal
            started = old.mode == "play" and old.known is not None
            before = self._replay(old)[0].deal if started else None
            if after.contract is not None and (before is None or before.contract is None):
                seat = after.label(after.declarer) if after.declarer is not None else None
                out.append(Event("contract", seat=seat, word=after.contract.id))
            for t in after.tricks[before.finished if before is not None else 0 :]:
                if t.winner is not None:
                    out.append(Event("trick-won", seat=after.label(t.winner), trick=t.number))
            if ask.kind == "card" and not after.tricks:
                out.append(Event("leader", seat=ask.seat, trick=1))
        if ask.kind == "score":
            out += self._score_events(new)
        return out

    def _score_events(self, d: _Deal) -> list[Event]:
        if d.mode == "outcome":
            scores = self._outcome_score(d)
            return [Event("score", scores=scores)] if scores is not None else []
        verdict = self._verdict(d)
        out = []
        if verdict.card_points:
            out.append(Event("card-points", scores=dict(verdict.card_points)))
        if verdict.scores is not None:
            out.append(Event("score", scores=dict(verdict.scores)))
        return out

    def _verdict(self, d: _Deal) -> Verdict:
        cached = self._verdicts.get(d)
        if cached is None:
            if len(self._verdicts) > 4:
                self._verdicts.clear()
            cached = self._verdicts[d] = verify(self._record(d))
        return cached

    def _score_text(self, d: _Deal) -> str | None:
        scores = self._computed(d)
        return format_scores(scores) if scores is not None else None

    def _computed(self, d: _Deal) -> dict[str, int] | None:
        if d.mode == "outcome":
            return self._outcome_score(d)
        return self._verdict(d).scores

    # --- insisting, undoing, finishing ------------------------------------------------------

    def insist(self, how: str, claimant: str | None = None) -> Reply:
        """Record the entry just refused anyway: ``how`` = ``irregular`` (an accepted
        irregularity) or ``renons`` (a renons claim by ``claimant``). Only right after a
        refused card or lead."""
        refused = self._refused
        if refused is None:
            return Reply(False, "not-now", "nothing was just refused")
        ways = _ways(refused.faults)
        if refused.why_not or not ways:
            why = refused.why_not or "only a refused card or lead can be insisted on"
            return Reply(False, "not-insistable", why)
        if how not in ("irregular", "renons"):
            return Reply(False, "unknown-word", f"{how!r}: insist irregular or insist renons",
                         insistable=True, insist_as=ways)  # fmt: skip
        if how not in ways:  # a void contradiction (SL-9.2): no irregularity accepts it
            return Reply(False, "not-insistable", "no irregularity accepts this fault: insist "
                         "renons CLAIMANT", insistable=True, insist_as=ways)  # fmt: skip
        r = self._replay(refused.deal)[0]
        items = list(refused.deal.items)
        if how == "irregular":
            for f in refused.faults:
                irregular = _kind_of(f.fault.code)[0]
                assert irregular is not None  # _ways
                seat = r.deal.label(f.fault.pos)
                items.append(Irregular(irregular, seat, (("trick", str(f.trick)),)))
        else:
            who = self._find_seat(claimant or "")
            if who is None:
                return Reply(False, "unknown-word", "insist renons needs the claimant's seat",
                             legal=self.seats, insistable=True, insist_as=ways)  # fmt: skip
            items.append(self._claim(refused, who))
        self._refused = None
        return self._accept(replace(refused.deal, items=tuple(items)), "insisted")

    def _claim(self, refused: _Refusal, claimant: str) -> Renons:
        """The renons claim for the refused entry's first fault: at its trick, with the card
        played; for a void contradiction (SL-9.2: the suit he showed earlier to lack), a revoke
        in the earlier trick where the judge finds it proven, as the verifier accepts it."""
        r = self._replay(refused.deal)[0]
        f = refused.faults[0]
        accused = r.deal.label(f.fault.pos)
        card = f.fault.cards[0] if f.fault.cards else None
        kind = _kind_of(f.fault.code)[1]
        assert kind is not None  # _ways
        claim = Renons(claimant, accused, f.trick or 0, kind, card=card)
        if f.fault.code != _VOID:
            return claim
        record = self._record(refused.deal)
        for t in r.deal.tricks[: (f.trick or 1) - 1]:
            earlier = replace(claim, trick=t.number, card=None)
            try:
                if judge_renons(record, earlier).proven:
                    return earlier
            except ClaimError:  # no card of his there
                continue
        return claim  # not proven anywhere: the judge will say so (renons-unproven)

    def undo(self) -> Reply:
        """Take back the last entry of the current deal."""
        self._refused = None
        if not self._history:
            return Reply(False, "nothing-to-undo", "the deal has just started")
        self._deal = self._history.pop()
        return Reply(True, "undone")

    def abandon(self) -> None:
        """Drop the current deal (nothing is written)."""
        self._start_deal()

    def finish(self, written: Mapping[str, int] | None = None) -> Record:
        """Write the scored deal to the file and start the next one. ``written``: the scores
        the table corrects to (kept as the Result); None: the computed scores."""
        d = self._deal
        if self.ask().kind != "score":
            raise SessionError(f"deal {self.deal_number} is not finished yet")
        computed = self._computed(d)
        if written is not None:
            bad = [s for s in written if s not in self.seats]
            if bad:
                raise SessionError(f"{' '.join(bad)}: not a seat of {self.variant}")
            result = {s: int(written.get(s, 0)) for s in self.seats}
        elif computed is not None:
            result = computed
        else:
            raise SessionError("the scores cannot be computed: give the table's scores")
        if computed is None:
            self.saved = Reply(True, "scores-written")
        elif result != computed:
            self.saved = Reply(True, "deal-corrected")
        else:
            self.saved = Reply(True, "deal-saved")
        totals = {s: self.totals.get(s, 0) + result[s] for s in self.seats}
        tags = [
            *self._deal_tags(),
            ("Date", datetime.date.today().strftime("%Y.%m.%d")),
            *((s, self.names[s]) for s in self.seats),
            ("Result", format_scores(result)),
            *((k, v) for k, v in self._tags.items() if k != "Options"),
            ("Totals", format_scores(totals)),
        ]
        if d.mode == "outcome":
            tags += format_outcome(self._outcome_outcome(d))
            record = Record(export_order(tags))
        else:
            record = Record(export_order(tags), d.items)
        _append(self.path, write_record(record))
        self.finished.append(record)
        self.totals = totals
        self._matches.verify(record)
        self.dealer = self.seats[(self.seats.index(self.dealer) + 1) % len(self.seats)]
        self.deal_number += 1
        if self._matches.decided(self.match):
            self._new_game()
        self._start_deal()
        return record

    # --- helpers ----------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self._deal = _Deal()
        self._history = []
        self._refused = None
        self._replays = {}
        self._verdicts = {}

    def _new_game(self) -> None:
        """Ottocento's race decided the game (T-10.3): the next deal starts a new one."""
        m = _GAME.match(self.match)
        self.match = f"{m.group(1)} game {int(m.group(2)) + 1}" if m else f"{self.match} game 2"
        self._tags["Match"] = self.match
        self.deal_number = 1
        self.totals = dict.fromkeys(self.seats, 0)
        self.finished = []

    def _deal_tags(self) -> list[tuple[str, str]]:
        tags = [("Deal", str(self.deal_number)), ("Variant", self.variant),
                ("Ruleset", self.ruleset), ("Dealer", self.dealer)]  # fmt: skip
        options = self._tags.get("Options")
        return tags + [("Options", options)] if options else tags

    def _record(self, d: _Deal) -> Record:
        return Record(export_order(self._deal_tags()), d.items)

    def _add(self, item: Item) -> _Deal:
        return replace(self._deal, items=(*self._deal.items, item))

    def _parse(self, line: str) -> Record:
        """One movetext element in import form, read with this deal's pack and words."""
        header = "".join(f"[{k} {escape(v)}]\n" for k, v in self._deal_tags())
        return parse_record(f"{header}\n{line}\nend\n", "<entry>")

    def _cards(self, text: str) -> tuple[str, ...]:
        if not text:
            return ()
        talon = next(i for i in self._parse(f"talon {text}").items if isinstance(i, Talon))
        return talon.cards

    def _find_seat(self, text: str) -> str | None:
        record = Record(tuple([("Variant", self.variant), *self.names.items()]))
        return record.find_seat(text.strip()) if text.strip() else None

    def _dealt_size(self, seat: str) -> int:
        order = self._record(self._deal).play_order()
        return self.rules.dealt_size(order.index(seat))

    def _order_free(self) -> bool:
        """The talon's dealt order decides nothing: the French dog and the Terziglio stock
        are taken whole. (The Slovenian groups, SL-6.2, and klop's talon cards for the first
        tricks, SL-6.8, and the Czech purchases, CZ-5.1, read the dealt order.)"""
        return words_of(self.variant) in _TALON_ORDER_FREE

    def _remaining(self, d: _Deal) -> tuple[str, ...]:
        """The cards of the pack no hand holds, in the pack's order."""
        held = {c for item in d.items if isinstance(item, Hand) for c in item.cards}
        return tuple(c for c in self.rules.tables.tokens if c not in held)


# --- module helpers ----------------------------------------------------------------------------


def _read(file: Path) -> list[Record]:
    """The records of ``file`` (none when it does not exist); one that cannot be read or is
    not well formed (:func:`~tarokpgn.notation.check_record`) is a :class:`SessionError`
    located ``file:line: CODE message``: nothing is appended after it."""
    if not file.exists():
        return []
    records: list[Record] = []
    try:
        for result in iter_file(file):
            if isinstance(result, NotationError):
                raise _located(result)
            problems = check_record(result)
            if problems:
                raise _located(problems[0])
            records.append(result)
    except OSError as exc:
        raise SessionError(f"{file}: {exc.strerror or exc}") from None
    return records


def _located(error: NotationError) -> SessionError:
    return SessionError(f"{error.file}:{error.line}: {error.code} {error.message}")


def _append(file: Path, text: str) -> None:
    """Append one record's text: one write, flushed and synced to the disk."""
    with file.open("a+b") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell():
            text = "\n" + text
        handle.write(text.encode("utf-8"))
        handle.flush()
        os.fsync(handle.fileno())


def _ruleset(
    variant: str, name: str | None, overrides: Mapping[str, str] | None = None
) -> Ruleset[Any]:
    try:
        return find_ruleset(variant, name, overrides)
    except OptionError as exc:
        raise SessionError(str(exc)) from None


def _seats(variant: str) -> tuple[str, ...]:
    spec = find_variant(variant)
    assert spec is not None  # _ruleset found it
    return spec.seats


def _seat(text: str, seats: tuple[str, ...], what: str) -> str:
    seat = text.strip().upper()
    if seat not in seats:
        raise SessionError(f"{what} {text!r} is not a seat ({' '.join(seats)})")
    return seat


def _players(players: Mapping[str, str] | None, seats: tuple[str, ...]) -> dict[str, str]:
    return {_seat(seat, seats, "player seat"): name for seat, name in (players or {}).items()}


def _totals(records: list[Record], seats: tuple[str, ...]) -> dict[str, int]:
    """The running totals after ``records`` (one match): the last one's ``Totals`` as the
    table wrote them, else the sum of the results (written, else computed)."""
    totals = dict.fromkeys(seats, 0)
    if not records:
        return totals
    try:
        written = parse_scores(records[-1].get("Totals"))
    except ValueError:
        written = None
    if written is not None:
        return {s: written.get(s, 0) for s in seats}
    for record in records:
        try:
            result = record.written_scores()
        except ValueError:
            result = None
        if result is None:
            result = verify(record).scores or {}
        for s in seats:
            totals[s] += result.get(s, 0)
    return totals


def _has(d: _Deal, kind: type) -> bool:
    return any(isinstance(item, kind) for item in d.items)


def _last_index(items: list[Item], kind: type) -> int | None:
    for i in range(len(items) - 1, -1, -1):
        if isinstance(items[i], kind):
            return i
    return None


def _count(expected: int, got: int) -> Reply:
    what = f"{expected} card(s)" if expected else "at least one card"
    return Reply(False, "wrong-count", f"{got} card(s) given, {what} expected")


def _bidding(deal: DealState) -> bool:
    """Bids may still be given: the auction runs, or an optional round (Ottocento's monte)
    before anything else happened."""
    if deal.phase is Phase.AUCTION:
        return True
    untouched = not deal.taken and not deal.laid_away and not deal.announced
    return untouched and not deal.kontras and not deal.tricks and deal.called is None


def _late_bids(deal: DealState, rs: Ruleset[Any]) -> dict[str, int]:
    """Bid word → the position that may still say it after the auction, before the call: the
    Czech forehand's Varšava (CZ-3.7), a final raise where the ruleset allows one (SL-3.9,
    ``final_raise``); empty in most deals. The contract held, re-stated (SL-3.9: accepted in
    every Slovenian ruleset, it changes nothing), is no late bid."""
    if deal.phase is not Phase.CALL or deal.called is not None or not deal.auction.done:
        return {}
    held = deal.contract.id if deal.contract is not None else None
    late: dict[str, int] = {}
    for word in rs.contracts:
        for pos in range(deal.players):
            if word not in late and word != held and deal.check_bid(pos, word) is None:
                late[word] = pos
    return late


def _exchanger(deal: DealState) -> int:
    """Who exchanges next: the Czech seat due talon cards that has not yet (CZ-5.1), the
    declarer, or with no declarer the dealer (Ottocento's scarto, T-4.1)."""
    due: Any = getattr(deal, "due", None)
    if callable(due):
        takes: Mapping[int, Any] = getattr(deal, "takes", {})
        left = [p for p in due(getattr(deal, "game", None)) if p not in takes]
        if left:
            return int(left[0])
    if deal.declarer is not None:
        return deal.declarer
    return deal.players - 1


def _discards(deal: DealState, pos: int, take: tuple[str, ...]) -> tuple[str, ...]:
    """The cards ``pos`` may lay away, each checked on its own by the engine (check_exchange,
    shown face up where taroks must be: no king, no trula card, no tarok while other cards
    may go, SL-6.6, FR-7, CZ-5.3), from his hand and the cards taken; empty when his hand is
    unknown. A fault about the whole lay-away (its count: ``discard-count``, or the
    Slovenian ``illegal-discard`` of the count, which names no card) does not count."""
    hand = deal.hands[pos]
    if hand is None:
        return ()
    taken = tuple(deal.tables.index[c] for c in take if c in deal.tables.index)
    out = []
    for card in sorted({*hand, *taken}):
        name = re.compile(rf"(?<![\w-]){re.escape(deal.name(card))}(?![\w-])")
        faults = deal.check_exchange(pos, taken, (card,), (card,))
        if not [f for f in faults if f.code != "discard-count" and name.search(f.message)]:
            out.append(deal.name(card))
    return tuple(out)


def _take_size(deal: DealState, pos: int) -> int:
    due: Any = getattr(deal, "due", None)
    if callable(due):
        return len(due(getattr(deal, "game", None)).get(pos, ()))
    contract = deal.contract
    return contract.talon if contract is not None else 0


def _take_choices(deal: DealState, pos: int) -> tuple[str, ...]:
    """The takes the talon allows, as card words (empty when the talon is unknown)."""
    if deal.talon is None:
        return ()
    due: Any = getattr(deal, "due", None)
    if callable(due):
        cards = due(getattr(deal, "game", None)).get(pos, ())
        return (" ".join(deal.name(c) for c in cards),) if cards else ()
    return tuple(" ".join(deal.name(c) for c in g) for g in deal.talon_groups())


def _kind_of(code: str) -> tuple[str | None, str | None]:
    """(irregular kind, renons kind) a refused fault may be recorded as (None: not so), as the
    verifier accepts them (IRREGULAR_CODES, RENONS_CODES). A void contradiction (a suit shown
    earlier to be lacking, SL-9.2, hidden hands) is a revoke claimed in the earlier trick: the
    verifier settles it by that claim, and no irregularity accepts it."""
    if code == _VOID:
        return None, "revoke"
    irregular = next((k for k, codes in IRREGULAR_CODES.items() if code in codes), None)
    renons = next((k for k in _RENONS_KINDS if code in RENONS_CODES[k]), None)
    return irregular, renons


def _ways(faults: tuple[Found, ...]) -> tuple[str, ...]:
    """How refused ``faults`` may be insisted on: ``irregular`` when an irregularity accepts
    each, ``renons`` when a renons claim covers each (only the first is claimed)."""
    if not faults:
        return ()
    kinds = [_kind_of(f.fault.code) for f in faults]
    irregular = ("irregular",) if all(k[0] for k in kinds) else ()
    renons = ("renons",) if all(k[1] for k in kinds) else ()
    return irregular + renons
