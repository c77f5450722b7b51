"""Build the OpenSpiel golden samples: real games played by OpenSpiel, written by its own
``pyspiel.serialize_game_and_state``, and the records ``tarokpgn`` must read from them.

Each sample is ``<name>.openspiel`` (the input) and ``<name>.tpgn`` (the expected records in
export form); a sample with unreadable containers also has ``<name>.errors`` (one located error
a line). Run ``python tests/golden/convert/openspiel/build_golden.py`` (needs ``open_spiel``)
after a deliberate change of the reader, then review every diff by hand: the expected files
are the answers, not a mirror of the code (README.rst says what was checked by hand).

The games are reproducible: a game's random generator is fixed by OpenSpiel's own ``rng_seed``
(the samples named ``*-seeded`` keep that parameter in their game string) or by loading the
plain ``tarok(players=N)`` game from a container carrying the generator state of a seeded one.
The actions are chosen by a seeded Python generator: the bids to reach a given contract, then
random legal actions (a greedy play where a sample needs a won beggar or valat).
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

from tarokpgn.convert.base import Notes
from tarokpgn.convert.openspiel import read
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.notation import write_records

HERE = Path(__file__).parent
BID = {name: i for i, name in enumerate(
    ("pass", "klop", "three", "two", "one", "solo-three", "solo-two", "solo-one", "beggar",
     "solo-without", "open-beggar", "colour-valat", "valat")
)}  # fmt: skip
"""OpenSpiel's bid ids, written out again here (not imported) so the samples check the reader."""

Policy = Callable[[Any, random.Random], int]


def new_game(players: int, rng_seed: int, *, seeded: bool) -> tuple[Any, Any]:
    """A fresh game and its initial state; ``seeded``: keep ``rng_seed`` in the game string,
    else the plain ``tarok(players=N)`` game with the generator state of the seeded one."""
    game = pyspiel.load_game(f"tarok(players={players},rng_seed={rng_seed})")
    if seeded:
        return game, game.new_initial_state()
    text = pyspiel.serialize_game_and_state(game, game.new_initial_state())
    plain = text.replace(
        f"tarok(players={players},rng_seed={rng_seed})", f"tarok(players={players})"
    )
    return pyspiel.deserialize_game_and_state(plain)


def auction(target: str, bidder: int) -> Policy:
    """Bids that make ``bidder`` the declarer of ``target``: he bids it (or re-states it), the
    others pass; klop and three are forehand's (player 0) after all others passed."""

    def choose(state: Any, rng: random.Random) -> int:
        legal = state.legal_actions()
        if state.current_player() == bidder and BID[target] in legal:
            return BID[target]
        return 0 if 0 in legal else legal[0]

    return choose


def random_play(state: Any, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def greedy(declarer: int, *, beggar: bool) -> Policy:
    """Card play where the declarer plays his lowest (beggar) or highest (valat) legal card
    and the others the opposite: what makes a won beggar or valat most likely."""

    def choose(state: Any, rng: random.Random) -> int:
        legal = state.legal_actions()
        low = (state.current_player() == declarer) == beggar
        return min(legal, key=rank) if low else max(legal, key=rank)

    return choose


def rank(card: int) -> int:
    """A card's strength for the greedy play: taroks above suit cards, by OpenSpiel's id."""
    return card + 100 if card <= 21 else card % 8


def play(
    players: int, rng_seed: int, bids: Policy, cards: Policy = random_play, *,
    seeded: bool = False, stop: Callable[[Any], bool] = lambda s: False, choice_seed: int = 0,
    exchange: Policy = random_play,
) -> str:  # fmt: skip
    """One game played until the end (or ``stop``), as OpenSpiel serializes it."""
    game, state = new_game(players, rng_seed, seeded=seeded)
    rng = random.Random(choice_seed or rng_seed)
    state.apply_action(0)  # the deal: OpenSpiel's chance node
    while not state.is_terminal() and not stop(state):
        phase = state.current_game_phase().name
        policy = {"BIDDING": bids, "TRICKS_PLAYING": cards, "TALON_EXCHANGE": exchange}.get(
            phase, random_play
        )
        state.apply_action(policy(state, rng))
    text: str = pyspiel.serialize_game_and_state(game, state)
    return text


def undealt(players: int, rng_seed: int) -> str:
    """A game before the deal, as OpenSpiel serializes it (an empty ``[State]``)."""
    game, state = new_game(players, rng_seed, seeded=False)
    text: str = pyspiel.serialize_game_and_state(game, state)
    return text


def phase_is(name: str, *, actions: int = 0) -> Callable[[Any], bool]:
    """Stop in phase ``name`` once ``actions`` actions of it are done."""
    seen: list[int] = []

    def stop(state: Any) -> bool:
        if state.current_game_phase().name != name:
            return False
        seen.append(1)
        return len(seen) > actions

    return stop


def find(players: int, make: Callable[[int], str], want: Callable[[Any], bool]) -> str:
    """The first game ``make(rng_seed)`` (rng_seed 1, 2, …) whose final state ``want``s."""
    for rng_seed in range(1, 5000):
        text = make(rng_seed)
        _game, state = pyspiel.deserialize_game_and_state(text)
        if want(state):
            return text
    raise SystemExit(f"no game found for {players} players")


def plain_group(state: Any, rng: random.Random) -> int:
    """The talon group with the fewest plain cards (what leaves only taroks to lay away)."""
    if len(state.talon()) < 6:
        return random_play(state, rng)
    sets = state.talon_sets()
    return min(range(len(sets)), key=lambda i: sum(c > 21 and c % 8 != 7 for c in sets[i]))


def find_text(make: Callable[[int], str], want: Callable[[str], bool], tries: int) -> str:
    """The first game ``make(rng_seed)`` (rng_seed 1, 2, …) whose expected records ``want``."""
    for rng_seed in range(1, tries):
        text = make(rng_seed)
        if want(convert(text)[0]):
            return text
    raise SystemExit("no game found")


def declarer_won(state: Any) -> bool:
    return max(state.returns()) > 0


def samples() -> dict[str, str]:
    """Sample name → the text of its ``.openspiel`` file."""
    out: dict[str, str] = {}
    ladder4 = ("two", "one", "solo-three", "solo-two", "solo-one", "solo-without",
               "open-beggar", "colour-valat")  # fmt: skip
    out["sl4-klop"] = play(4, 11, auction("klop", 0))
    out["sl4-three"] = play(4, 12, auction("three", 0))
    for i, target in enumerate(ladder4):
        out[f"sl4-{target}"] = play(4, 20 + i, auction(target, 1 + i % 3))
    out["sl4-three-seeded"] = play(4, 7, auction("three", 0), seeded=True)
    out["sl4-beggar-won"] = find(
        4, lambda s: play(4, s, auction("beggar", 2), greedy(2, beggar=True)), declarer_won
    )
    out["sl4-beggar-lost"] = play(4, 31, auction("beggar", 2), greedy(2, beggar=True))
    out["sl4-valat-won"] = find(
        4, lambda s: play(4, s, auction("valat", 1), greedy(1, beggar=False)), declarer_won
    )
    out["sl4-layaway-tarok"] = find_text(
        lambda s: play(4, s, auction("three", 0), exchange=plain_group),
        lambda tpgn: " show " in tpgn,
        40_000,
    )
    out["sl4-valat-lost"] = play(4, 33, auction("valat", 3))
    out["sl4-open-auction"] = play(4, 40, auction("two", 2), stop=phase_is("BIDDING", actions=2))
    out["sl4-open-exchange"] = play(
        4, 41, auction("two", 1), stop=phase_is("TALON_EXCHANGE", actions=2)
    )
    out["sl4-open-play"] = play(
        4, 42, auction("one", 3), stop=phase_is("TRICKS_PLAYING", actions=7)
    )
    out["sl3-klop"] = play(3, 51, auction("klop", 0))
    out["sl3-three"] = play(3, 52, auction("three", 0))
    out["sl3-two"] = play(3, 53, auction("two", 1))
    out["sl3-one-seeded"] = play(3, 54, auction("one", 2), seeded=True)
    out["sl3-beggar-won"] = find(
        3, lambda s: play(3, s, auction("beggar", 1), greedy(1, beggar=True)), declarer_won
    )
    out["sl3-solo-without"] = play(3, 56, auction("solo-without", 2))
    out["sl3-valat-lost"] = play(3, 57, auction("valat", 1))
    out["sl3-open-play"] = play(
        3, 58, auction("two", 1), stop=phase_is("TRICKS_PLAYING", actions=5)
    )
    out["sl3-undealt"] = undealt(3, 59)
    out["several"] = "".join(
        (play(4, 61, auction("two", 1)), play(3, 62, auction("one", 2)), out["sl4-klop"])
    )
    out["bad"] = bad(play(4, 71, auction("one", 1)), play(3, 72, auction("two", 2)))
    return out


def bad(good4: str, good3: str) -> str:
    """A file of broken containers between good ones: each kind of damage once."""
    head, state = good4.split("[State]\n")
    rows = state.split("\n")
    damaged = {
        "truncated": good4[: good4.index("[GameRNGState]") + 40],
        "unknown-action": head + "[State]\n" + "\n".join([*rows[:3], "99", *rows[4:]]),
        "illegal-action": head + "[State]\n" + "\n".join([*rows[:2], "2", *rows[3:]]),
        "not-integer": head + "[State]\n" + "\n".join([*rows[:5], "x7", *rows[6:]]),
        "wrong-game": good4.replace("[Game]\ntarok(players=4)", "[Game]\nkuhn_poker()"),
        "bad-seed": head + "[State]\n" + "\n".join(["4294967296", *rows[1:]]),
        "too-many": good4.rstrip("\n") + "\n0\n",
    }
    return good3 + "".join(damaged.values()) + good4


def convert(text: str) -> tuple[str, str]:
    """The expected ``.tpgn`` and ``.errors`` of an input, as the reader gives them."""
    records: list[Record] = []
    errors: list[str] = []
    for item in read(io.BytesIO(text.encode()), "sample.openspiel", Notes()):
        if isinstance(item, NotationError):
            errors.append(f"record {item.record} line {item.line}: {item.code} {item.message}\n")
        else:
            records.append(item)
    return "".join(write_records(records)), "".join(errors)


def main() -> None:
    for name, text in samples().items():
        (HERE / f"{name}.openspiel").write_text(text, encoding="utf-8")
        tpgn, errors = convert(text)
        (HERE / f"{name}.tpgn").write_text(tpgn, encoding="utf-8")
        errors_file = HERE / f"{name}.errors"
        if errors:
            errors_file.write_text(errors, encoding="utf-8")
        else:
            errors_file.unlink(missing_ok=True)
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
