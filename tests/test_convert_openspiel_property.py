"""Property test: OpenSpiel ``tarok`` games, played here with random legal actions, convert and
verify under the ``openspiel`` ruleset with OpenSpiel's own returns, apart from the departures
documented in docs/variants/slovenian.rst ("OpenSpiel's rules").

Each departure is a small function that says, from the converted record and its verdict alone,
whether it applies and how much more (or less) OpenSpiel pays the declarer side then; the test
asserts that OpenSpiel's returns are exactly the verdict's scores plus those amounts, and counts
how many games exercised each case. Unfinished games (stopped at random points) verify
INCOMPLETE with nothing illegal found.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tarokpgn.cards import TAROK54
from tarokpgn.model import Call, Exchange, Hand, Record, Talon, Trick, parse_scores
from tarokpgn.replay import verify
from tarokpgn.verdict import Status, Verdict

pyspiel = pytest.importorskip("pyspiel")

GAMES = {4: 300, 3: 300}
"""Finished games per player count."""
UNFINISHED = {4: 60, 3: 60}
"""Games stopped at a random action, per player count."""
SEED = 20261217

TALON_CONTRACTS = ("three", "two", "one", "solo-three", "solo-two", "solo-one")
PAGAT, KING_PARTS = "T1", ("HK", "DK", "SK", "CK")
TRULA = ("T1", "T21", "FOOL")


# --- playing OpenSpiel -------------------------------------------------------------------------


def _phase(state: Any) -> str:
    return str(state.current_game_phase()).lower()


def _strength(action: int) -> tuple[bool, int]:
    """How strong a card is: taroks (OpenSpiel's numbers 0–21) above every suit card, then by
    its number (each suit runs lowest to highest)."""
    return action < 22, action


@dataclass
class Player:
    """Random legal actions, tilted so that every case turns up in a few hundred games: passes
    and low bids likelier than high ones (uniform bids end in valat almost always), the pagat
    kept back while another card is legal (so it reaches the last trick), and with ``strong``
    the declarer side plays its strongest legal card and the others their weakest (so the
    declarer side sometimes wins every trick)."""

    rng: random.Random
    strong: bool = False
    declarer: int = 0
    side: frozenset[int] = frozenset()
    best: list[int] | None = None
    """The dealt hand with most taroks."""

    def choose(self, state: Any) -> int:
        legal = list(state.legal_actions())
        phase = _phase(state)
        if "bidding" in phase:
            self.declarer = state.current_player()  # the last bid is the declarer's
            return self._bid(legal, list(state.player_cards(self.declarer)))
        if "tricks" not in phase:
            return self.rng.choice(legal)
        if self.strong and len(legal) > 1:
            mine = state.current_player() in self.side
            return (max if mine else min)(legal, key=_strength)
        if 0 in legal and len(legal) > 1 and self.rng.random() < 0.9:
            legal.remove(0)  # keep the pagat back
        return self.rng.choice(legal)

    def _bid(self, legal: list[int], hand: list[int]) -> int:
        bids = [a for a in legal if a != 0]
        if self.strong:  # forehand alone bids: the lowest talon contract (three)
            return 0 if 0 in legal else min(a for a in bids if a > 1)
        if 0 in legal and (not bids or self.rng.random() < 0.7):
            return 0
        return self.rng.choice(bids[:3] if self.rng.random() < 0.85 else bids)

    def sides(self, dealt: Any, king: int | None) -> None:
        """The declarer side: the declarer and the holder of the called king."""
        holders = [p for p in range(dealt.num_players()) if king in dealt.player_cards(p)]
        self.side = frozenset({self.declarer, *holders})


def play(players: int, rng: random.Random, stop: int | None = None, strong: bool = False) -> Any:
    """One game (its chance node included), stopped after ``stop`` player actions if given."""
    game = pyspiel.load_game("tarok", {"players": players, "rng_seed": rng.randrange(2**31)})
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    dealt = state.clone()
    hands = [list(dealt.player_cards(p)) for p in range(players)]
    player = Player(rng, strong, best=max(hands, key=lambda h: sum(a < 22 for a in h)))
    done = 0
    while not state.is_terminal() and (stop is None or done < stop):
        phase = _phase(state)
        action = player.choose(state)
        state.apply_action(action)
        if "king" in phase or ("bidding" in phase and "bidding" not in _phase(state)):
            player.sides(dealt, action if "king" in phase else None)
        done += 1
    return state


def convert(state: Any) -> Record:
    from tarokpgn.convert.openspiel import from_state

    return from_state(state)


# --- the facts of a converted deal -------------------------------------------------------------


@dataclass
class Deal:
    """What the departures need, read from the converted record and its verdict only."""

    record: Record
    verdict: Verdict
    players: int
    side: frozenset[str]
    """The declarer side's seats."""
    tricks: list[Trick]
    winners: tuple[str, ...]
    talon: tuple[str, ...]
    take: tuple[str, ...]
    discard: tuple[str, ...]
    called: str | None

    @classmethod
    def of(cls, record: Record, verdict: Verdict, players: int) -> Deal:
        items = record.items
        talon = next((i.cards for i in items if isinstance(i, Talon)), ())
        ex = next((i for i in items if isinstance(i, Exchange)), None)
        call = next((i.card for i in items if isinstance(i, Call)), None)
        side = frozenset(s for s in (verdict.declarer, verdict.partner) if s)
        tricks = [i for i in items if isinstance(i, Trick)]
        return cls(record, verdict, players, side, tricks, verdict.trick_winners, talon,
                   ex.take if ex else (), ex.discard if ex else (), call)  # fmt: skip

    @property
    def remainder(self) -> tuple[str, ...]:
        return tuple(c for c in self.talon if c not in self.take)

    def bonus(self, *names: str) -> int:
        """The rules' value of these silent bonuses for the declarer side (0 when none)."""
        return sum(b.value for b in self.verdict.bonuses if b.name in names)

    def rules_total(self) -> int:
        """The declarer side's total before the individual mond charge (the judge's line)."""
        return next(x.value for x in self.verdict.breakdown if x.label.startswith("total for"))

    def home_trick(self) -> int | None:
        """Index of the trick OpenSpiel hands the talon remainder over in: the one the called
        king, taken from the talon, wins (SL-6.5)."""
        if self.called is None or self.called not in self.take:
            return None
        for i, t in enumerate(self.tricks):
            if self.called in t.cards and self.winners[i] == self.verdict.declarer:
                return i
        return None

    def piles(self) -> dict[str, list[str]]:
        """Each seat's cards as OpenSpiel collects them, in order: laid-away cards first, each
        trick's cards as played, the talon remainder after the trick that brings the king home.
        Untaken talon cards belong to nobody."""
        out: dict[str, list[str]] = {t.leader: [] for t in self.tricks}
        out.update({s: [] for s in self.winners})
        if self.verdict.declarer:
            out.setdefault(self.verdict.declarer, []).extend(self.discard)
        home = self.home_trick()
        for i, (t, w) in enumerate(zip(self.tricks, self.winners, strict=True)):
            out.setdefault(w, []).extend(t.cards)
            if i == home:
                out[w].extend(self.remainder)
        return out

    def counts(self) -> tuple[int, int]:
        """Number of cards collected by the declarer side and by the opponents."""
        mine = theirs = 0
        for seat, pile in self.piles().items():
            if seat in self.side:
                mine += len(pile)
            else:
                theirs += len(pile)
        return mine, theirs

    def side_pile(self) -> list[str]:
        return [c for s, p in self.piles().items() if s in self.side for c in p]

    @property
    def value(self) -> int:
        return {"three": 10, "two": 20, "one": 30, "solo-three": 40, "solo-two": 50,
                "solo-one": 60}[self.verdict.contract or ""]  # fmt: skip


def openspiel_points(cards: list[str]) -> int:
    """OpenSpiel's count: the raw sum less 0.666 per card, rounded (not groups of three)."""
    raw = sum(TAROK54.points[c] for c in cards)
    return round(raw - len(cards) * 0.666)


def openspiel_kings(deal: Deal) -> int:
    """OpenSpiel's kings bonus: its test counts every collected card as a king, so a side
    "holds all four kings" when it collected exactly four cards."""
    mine, theirs = deal.counts()
    return 10 if mine == 4 else -10 if theirs == 4 else 0


def openspiel_ultimo(deal: Deal) -> int:
    """OpenSpiel's ultimo: the last ``players`` cards the last trick's winner collected hold the
    called king (10) or else the pagat (25), paid to the winner's side whoever played them."""
    winner = deal.winners[-1]
    last = deal.piles()[winner][-deal.players :]
    bonus = 10 if deal.called in last else 25 if PAGAT in last else 0
    return bonus if winner in deal.side else -bonus


def openspiel_total(deal: Deal) -> int:
    """What OpenSpiel pays the declarer side of a talon contract, mond charge apart."""
    mine, theirs = deal.counts()
    if mine == 48:
        return 250
    if theirs == 48:
        return -250
    p = openspiel_points(deal.side_pile())
    game = p - 35 + (deal.value if p > 35 else -deal.value)
    return game + openspiel_ultimo(deal) + openspiel_kings(deal)


# --- the departures ------------------------------------------------------------------------------
# Each returns None when it does not apply, else what OpenSpiel pays the declarer side minus
# what the rules pay (the verdict). All concern talon contracts (three … solo one) only.


def declarer_valat(deal: Deal) -> int | None:
    """SL-12.5: a side that wins every trick scores valat (250). OpenSpiel instead tests whether
    the declarer side *collected 48 cards*: laid-away cards count, so a declarer side that wins
    every trick is scored as an ordinary game (4 and 3 players), and with 3 players a declarer
    of three who loses just one trick is paid 250."""
    all_tricks = set(deal.winners) <= deal.side and len(deal.winners) == len(deal.tricks)
    if (deal.counts()[0] == 48) == all_tricks:
        return None
    return openspiel_total(deal) - deal.rules_total()


def silent_trula(deal: Deal) -> int | None:
    """SL-7.3/7.4: silent trula ±10 to the side owning pagat, mond and škis. OpenSpiel never
    pays it (its test counts every card as a king, so it never counts a trula card)."""
    value = deal.bonus("trula")
    return -value if value else None


def silent_kings(deal: Deal) -> int | None:
    """SL-7.3/7.4: silent kings ±10 to the side owning all four kings. OpenSpiel pays ±10 to a
    side that collected exactly four cards instead (:func:`openspiel_kings`)."""
    rules, ours = deal.bonus("kings"), openspiel_kings(deal)
    return ours - rules if ours != rules else None


def ultimos(deal: Deal) -> int | None:
    """SL-7.3/7.4: silent pagat ultimo ±25 to the pagat's side (won, or lost: −25), king ultimo
    ±10 by who wins the king's last trick, both counted. OpenSpiel pays one of them to the last
    trick's winner (:func:`openspiel_ultimo`)."""
    rules, ours = deal.bonus("pagat-ultimo", "king-ultimo"), openspiel_ultimo(deal)
    return ours - rules if ours != rules else None


def rounding(deal: Deal) -> int | None:
    """SL-11.1: cards count in groups of three. OpenSpiel takes 0.666 off per card and rounds;
    for a pile of at most 54 cards that gives the same number (the error n × 0.002 stays under
    0.11, the fraction ⅓ or ⅔ left before rounding is never near ½), so this never applies."""
    pile = deal.side_pile()
    rules = deal.verdict.card_points.get("declarer")
    ours = openspiel_points(pile)
    if rules is None or ours == rules:
        return None
    return ours - rules  # the difference moves one for one while the sign does not change


DEPARTURES: dict[str, Callable[[Deal], int | None]] = {
    "declarer-valat": declarer_valat,
    "silent-trula": silent_trula,
    "silent-kings": silent_kings,
    "ultimo": ultimos,
    "rounding": rounding,
}


def departures(deal: Deal) -> Iterator[tuple[str, int]]:
    """The departures that apply to ``deal`` and their amounts. A misjudged valat replaces the
    whole score, so it stands alone."""
    if deal.verdict.contract not in TALON_CONTRACTS:
        return
    valat = declarer_valat(deal)
    if valat is not None:
        yield "declarer-valat", valat
        return
    if deal.counts()[1] == 48:  # the opponents' valat: scored alike (−250, SL-12.5)
        return
    for name, rule in DEPARTURES.items():
        amount = rule(deal) if name != "declarer-valat" else None
        if amount is not None:
            yield name, amount


# --- the tests -----------------------------------------------------------------------------------

SUITS = ("H", "D", "S", "C")
RANKS = {"H": "4 3 2 1 J N Q K", "D": "4 3 2 1 J N Q K", "S": "7 8 9 10 J N Q K",
         "C": "7 8 9 10 J N Q K"}  # fmt: skip


def token(action: int) -> str:
    """OpenSpiel's card number → token: 0–20 the taroks I–XXI, 21 the škis, then eight cards
    per suit (hearts, diamonds, spades, clubs), lowest first."""
    if action < 22:
        return f"T{action + 1}" if action < 21 else "FOOL"
    suit, rank = divmod(action - 22, 8)
    return SUITS[suit] + RANKS[SUITS[suit]].split()[rank]


def seats_of(state: Any, record: Record) -> list[str]:
    """The record's seat of each OpenSpiel player, found by the hand dealt to him."""
    first = state.serialize().split("\n")[0]
    dealt = state.get_game().deserialize_state(first)
    hands = {frozenset(i.cards): i.seat for i in record.items if isinstance(i, Hand)}
    return [
        hands[frozenset(token(a) for a in dealt.player_cards(p))]
        for p in range(state.num_players())
    ]


def findings(verdict: Verdict) -> list[str]:
    """The verdict's problems other than a written score that differs (OpenSpiel's returns, if
    the converter writes them as the result, differ from the rules' scores by the departures)."""
    return [f"{p.code}: {p.message}" for p in verdict.problems if p.code != "score-mismatch"]


def kind(contract: str | None) -> str:
    if contract in TALON_CONTRACTS:
        return "talon"
    return "klop" if contract == "klop" else "flat"


def check_game(state: Any, record: Record, cases: Counter[str]) -> None:
    """Convert, verify and compare one finished game; count its cases in ``cases``."""
    players = state.num_players()
    verdict = verify(record)
    assert not findings(verdict), (findings(verdict), record)
    assert verdict.scores is not None, record
    seats = seats_of(state, record)
    returns = {seats[p]: round(r) for p, r in enumerate(state.returns())}
    assert parse_scores(dict(record.tags)["OpenSpielReturns"]) == returns
    deal = Deal.of(record, verdict, players)
    found = dict(departures(deal))
    expected = dict(verdict.scores)
    for seat in deal.side:
        expected[seat] += sum(found.values())
    assert returns == expected, (found, returns, verdict.scores, record)
    cases[kind(verdict.contract)] += 1
    cases.update(found.keys())
    if not found:
        cases["same as the rules"] += 1


REACHED = {
    4: ("same as the rules", "klop", "flat", "talon", "silent-trula", "silent-kings", "ultimo"),
    3: ("same as the rules", "klop", "flat", "talon", "silent-trula", "silent-kings"),
}
"""The cases the random games of each player count must exercise. Not among them: ``rounding``
never applies (see :func:`rounding`); with 3 players ``ultimo`` needs an opponent's pagat that
loses the last trick to the other opponent (no called king with 3), which these games reach too
rarely to count on; ``declarer-valat`` needs the declarer side to win every trick (4 players:
the strong games below reach it) or, with 3 players, a declarer of three to lose exactly one
trick of 16, which random play reaches too rarely for a test of a few seconds."""


@pytest.mark.parametrize("players", [4, 3])
def test_random_games_score_as_openspiel_apart_from_the_departures(players: int) -> None:
    rng = random.Random(SEED + players)
    cases: Counter[str] = Counter()
    for _ in range(GAMES[players]):
        state = play(players, rng)
        record = convert(state)
        check_game(state, record, cases)
    print(f"\n{players} players, {GAMES[players]} games: {dict(sorted(cases.items()))}")
    assert sum(cases[k] for k in ("klop", "flat", "talon")) == GAMES[players]
    assert cases["rounding"] == 0 and cases["declarer-valat"] == 0
    missing = [case for case in REACHED[players] if not cases[case]]
    assert not missing, (missing, cases)


STRONG_GAMES = 200


def test_a_declarer_side_that_wins_every_trick_is_not_paid_valat() -> None:
    """Forehand plays three; the declarer side plays its strongest cards, the others their
    weakest: some of these 4-player games end with the declarer side winning every trick,
    which OpenSpiel scores as an ordinary game (the ``declarer-valat`` departure)."""
    rng = random.Random(SEED)
    cases: Counter[str] = Counter()
    for _ in range(STRONG_GAMES):
        state = play(4, rng, strong=True)
        check_game(state, convert(state), cases)
    print(f"\n4 players, {STRONG_GAMES} strong games: {dict(sorted(cases.items()))}")
    assert cases["talon"] == STRONG_GAMES
    assert cases["declarer-valat"] >= 1, cases


@pytest.mark.parametrize("players", [4, 3])
def test_unfinished_games_verify_incomplete(players: int) -> None:
    """A game stopped after a random number of actions (auction, talon or play) converts to a
    partial record: INCOMPLETE, nothing illegal, and no OpenSpiel returns."""
    rng = random.Random(SEED - players)
    phases: Counter[str] = Counter()
    for n in range(UNFINISHED[players]):
        if n % 3:
            state = play(players, rng, stop=rng.randrange(0, 4 * 16))
        else:  # three by forehand after all passed, stopped in the king call or the talon
            state = play(players, rng, stop=players + rng.randrange(0, 5), strong=True)
        if state.is_terminal():
            phases["finished"] += 1
            continue
        record = convert(state)
        verdict = verify(record)
        assert verdict.status is Status.INCOMPLETE, (verdict.status, record)
        assert not findings(verdict), (findings(verdict), record)
        assert "OpenSpielReturns" not in dict(record.tags)
        phases[_phase(state).split(".")[-1]] += 1
    print(f"\n{players} players, unfinished games by phase: {dict(sorted(phases.items()))}")
    assert sum(phases.values()) == UNFINISHED[players]
    assert all(phases[p] for p in ("bidding", "talon_exchange", "tricks_playing")), phases
