"""The OpenSpiel reader (format ``openspiel``): golden samples made by OpenSpiel itself, the
Python API ``from_state``, located errors for broken containers, and life without OpenSpiel.

Samples and expected records: tests/golden/convert/openspiel/ (see its README.rst).
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarokpgn.convert import openspiel
from tarokpgn.convert.base import GUESSED, LOST, Note, Notes
from tarokpgn.errors import NotationError
from tarokpgn.model import Auction, Exchange, Hand, Record, Trick, format_scores
from tarokpgn.notation import check_record, parse_record, write_record, write_records
from tarokpgn.replay import verify
from tarokpgn.verdict import Status
from tarokpgn.vocabulary import ROMAN, fold

GOLDEN = Path(__file__).parent / "golden" / "convert" / "openspiel"
SAMPLES = sorted(GOLDEN.glob("*.openspiel"))


def read_all(text: str, notes: Notes | None = None) -> list[Record | NotationError]:
    stream = io.BytesIO(text.encode())
    return list(openspiel.read(stream, "sample.openspiel", notes or Notes()))


def split(results: list[Record | NotationError]) -> tuple[list[Record], list[NotationError]]:
    records = [r for r in results if isinstance(r, Record)]
    return records, [r for r in results if isinstance(r, NotationError)]


def random_games(pyspiel: Any, players: int, count: int, seed: int) -> Iterator[Any]:
    """``count`` games of random legal actions, the first stopped before the deal, each other at
    a random point or finished. (Which cards are dealt comes from an RNG inside OpenSpiel that
    every earlier deal in the process advances, so the later states depend on the tests run
    before: only the first game's stop is certain to be the dealing.)"""
    rng = random.Random(seed)
    game = pyspiel.load_game(f"tarok(players={players})")
    for k in range(count):
        state = game.new_initial_state()
        stop = 0 if k == 0 else rng.randrange(90)
        while not state.is_terminal() and len(state.history()) < stop:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


# --- without OpenSpiel ------------------------------------------------------------------------


def test_module_imports_and_reports_e302_without_openspiel() -> None:
    """A Python where ``import pyspiel`` fails: the module imports, reading gives one E302
    that says what to install."""
    code = (
        "import io, sys; sys.modules['pyspiel'] = None\n"
        "from tarokpgn.convert import openspiel\n"
        "from tarokpgn.convert.base import Notes\n"
        "out = list(openspiel.read(io.BytesIO(b'[Meta]\\n'), 'x.openspiel', Notes()))\n"
        "print(len(out), out[0].code, out[0].file, out[0].message)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    message = 'reading OpenSpiel games needs OpenSpiel: pip install "tarokpgn[openspiel]"'
    assert done.stdout.strip() == f"1 E302 x.openspiel {message}"


def test_read_container_without_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> Any:
        raise ImportError("No module named 'pyspiel'")

    monkeypatch.setattr(openspiel, "_pyspiel", missing)
    text = (GOLDEN / "sl4-klop.openspiel").read_text()
    with pytest.raises(NotationError) as info:
        openspiel.read_container(text, file="k.openspiel", index=3, line=40)
    assert (info.value.code, info.value.record, info.value.line) == ("E302", 3, 40)
    assert 'pip install "tarokpgn[openspiel]"' in info.value.message
    results = list(openspiel.read(io.BytesIO(text.encode() * 3), "k", Notes()))
    assert [r.code for r in results if isinstance(r, NotationError)] == ["E302"]
    assert len(results) == 1


def test_format_entry() -> None:
    (fmt,) = openspiel.FORMATS
    assert fmt.name == "openspiel"
    assert fmt.read is openspiel.read and fmt.write is None
    assert fmt.variants == ("slovenian-3", "slovenian-4")
    assert fmt.requires == "tarokpgn[openspiel]"
    assert fmt.extensions == (".openspiel",)


def test_sniff() -> None:
    assert fmt_sniff((GOLDEN / "sl3-two.openspiel").read_bytes()[:4096])
    assert fmt_sniff(b"\xef\xbb\xbf\n[Meta]\nVersion: 1\n\n[Game]\ntarok(players=4)\n")
    assert not fmt_sniff((GOLDEN / "sl3-two.tpgn").read_bytes()[:4096])
    assert not fmt_sniff(b"[Meta]\nVersion: 1\n\n[Game]\nkuhn_poker()\n[State]\n")
    assert not fmt_sniff(b"date,deal,dealer\n")


def fmt_sniff(head: bytes) -> bool:
    sniff = openspiel.FORMATS[0].sniff
    assert sniff is not None
    return sniff(head)


def test_card_and_bid_tables() -> None:
    """Written without OpenSpiel from its documented order: every card once, the knight is N."""
    assert len(openspiel.CARDS) == len(set(openspiel.CARDS)) == 54
    assert openspiel.CARDS[:3] == ("T1", "T2", "T3")
    assert openspiel.CARDS[20:30] == ("T21", "FOOL", "H4", "H3", "H2", "H1", "HJ", "HN", "HQ", "HK")
    assert openspiel.CARDS[38:46] == ("S7", "S8", "S9", "S10", "SJ", "SN", "SQ", "SK")
    assert openspiel.CARDS[-1] == "CK"
    assert len(openspiel.BIDS) == 13 and openspiel.BIDS[1] == "klop"


@pytest.mark.parametrize(
    ("game", "players"),
    [("tarok(players=4)", 4), ("tarok(players=3)", 3), ("tarok()", 3), ("tarok", 3),
     ("tarok(players=4,rng_seed=7)", 4), ("tarok(rng_seed=-1,players=4)", 4)],
)  # fmt: skip
def test_game_players(game: str, players: int) -> None:
    assert openspiel.game_players(game) == players


@pytest.mark.parametrize(
    "game", ["tarok(players=5)", "tarok(players=2)", "kuhn_poker()", "tarok(x=1)",
             "tarok(rng_seed=abc)", "tarok(players=4"],
)  # fmt: skip
def test_game_players_refused(game: str) -> None:
    with pytest.raises(ValueError):
        openspiel.game_players(game)


def test_parse_container_needs_no_openspiel() -> None:
    text = (GOLDEN / "sl4-two.openspiel").read_text()
    c = openspiel.parse_container(text, line=10)
    assert (c.game, c.players, c.line, c.game_line) == ("tarok(players=4)", 4, 10, 15)
    assert c.seed_line == 19 and c.action_lines[0] == 20  # header 10, [Meta] 11 … [State] 18
    assert str(c.seed) == text.split("[State]\n")[1].split("\n")[0]
    assert len(c.actions) == len(c.action_lines) == len(text.split("[State]\n")[1].split()) - 1


# --- with OpenSpiel ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    return pytest.importorskip("pyspiel")


def test_card_table_matches_openspiel(pyspiel: Any) -> None:
    """Every card id's name in OpenSpiel (``King of Hearts``, ``Pagat``) is our token."""
    names = {"King": "K", "Queen": "Q", "Knight": "N", "Jack": "J"}
    suits = {"Hearts": "H", "Diamonds": "D", "Spades": "S", "Clubs": "C"}
    trumps = {"Pagat": "T1", "Mond": "T21", "Skis": "FOOL", "IIII": "T4"}
    state = pyspiel.load_game("tarok(players=4)").new_initial_state()
    for card, token in enumerate(openspiel.CARDS):
        name = state.card_action_to_string(card)
        if " of " in name:
            rank, suit = name.split(" of ")
            expected = suits[suit] + names.get(rank, rank)
        elif name in trumps:
            expected = trumps[name]
        else:
            expected = f"T{ROMAN[fold(name)]}"
        assert token == expected, (card, name)


def test_bid_table_matches_openspiel(pyspiel: Any) -> None:
    state = pyspiel.load_game("tarok(players=4)").deserialize_state("1")
    said = [state.action_to_string(1, action) for action in range(13)]
    assert said[:3] == ["Pass", "Klop", "Three"]
    assert said[8:] == ["Beggar", "Solo without", "Open beggar", "Colour valat without",
                        "Valat without"]  # fmt: skip
    words = [word.lower().replace(" ", "-").replace("valat-without", "valat") for word in said]
    assert tuple(words) == openspiel.BIDS


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_golden(pyspiel: Any, sample: Path) -> None:
    """Each sample reads to its expected records and errors, byte for byte."""
    records, errors = split(read_all(sample.read_text()))
    assert "".join(write_records(records)) == sample.with_suffix(".tpgn").read_text()
    expected = sample.with_suffix(".errors")
    lines = [f"record {e.record} line {e.line}: {e.code} {e.message}\n" for e in errors]
    assert "".join(lines) == (expected.read_text() if expected.exists() else "")
    for e in errors:
        assert e.file == "sample.openspiel"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_golden_records_are_sound(pyspiel: Any, sample: Path) -> None:
    """Well formed, exported text reads back to the same record, and the verifier finds
    nothing wrong under the ``openspiel`` ruleset (scores are the ruleset's own matter)."""
    records, _errors = split(read_all(sample.read_text()))
    assert records
    for record in records:
        assert check_record(record) == []
        assert parse_record(write_record(record)) == record
        verdict = verify(record)
        assert not verdict.problems, (record.source, verdict.problems)
        finished = bool(record.get("OpenSpielReturns"))
        assert verdict.status == (Status.OK if finished else Status.INCOMPLETE)
        assert (verdict.scores is not None) == finished


def test_every_element_comes_across(pyspiel: Any) -> None:
    """sl4-two: hands as dealt, OpenSpiel's talon order, the closing bid, call, exchange
    (group and lay-away), every trick with its leader, checked against OpenSpiel's state."""
    text = (GOLDEN / "sl4-two.openspiel").read_text()
    (record,) = split(read_all(text))[0]
    game, state = pyspiel.deserialize_game_and_state(text)
    dealt = game.deserialize_state(text.split("[State]\n")[1].split("\n")[0])
    cards = openspiel.CARDS
    hands = {h.seat: set(h.cards) for h in record.of_type(Hand)}
    for p, seat in enumerate("NESW"):
        assert hands[seat] == {cards[c] for c in dealt.player_cards(p)}
    assert record.get("Dealer") == "W" and record.get("N") == "player 0"
    (talon,) = [i.cards for i in record.items if type(i).__name__ == "Talon"]
    assert talon == tuple(cards[c] for c in dealt.talon())
    (auction,) = record.of_type(Auction)
    assert [b.bid for b in auction.bids] == ["two", "pass", "pass", "pass", "two"]
    assert auction.bids[0].seat == "E"  # player 1 speaks first (auction_first_speaker=P2)
    (exchange,) = record.of_type(Exchange)
    assert exchange.take in {tuple(talon[:2]), tuple(talon[2:4]), tuple(talon[4:])}
    played = [c for t in record.of_type(Trick) for c in t.cards]
    history = [cards[a] for a in state.history()[-len(played) :]]
    assert played == history and len(played) == 48
    returns = dict(zip("NESW", (round(r) for r in state.returns()), strict=True))
    assert record.get("OpenSpielReturns") == format_scores(returns) == "N -44 E -44 S 0 W 0"


def test_game_tag_only_when_not_plain(pyspiel: Any) -> None:
    seeded = split(read_all((GOLDEN / "sl4-three-seeded.openspiel").read_text()))[0][0]
    plain = split(read_all((GOLDEN / "sl4-three.openspiel").read_text()))[0][0]
    assert seeded.get("Game") == "tarok(players=4,rng_seed=7)"
    assert plain.get("Game") == ""
    assert plain.get("OpenSpielSeed") and plain.get("Generator") == "OpenSpiel tarok"


def test_notes(pyspiel: Any) -> None:
    got: list[Note] = []
    notes = Notes(sink=got.append)
    text = (GOLDEN / "several.openspiel").read_text()
    records, _ = split(read_all(text, notes))
    assert [(n.kind, n.field, n.record, n.file) for n in got] == [
        (GUESSED, "players", i, "sample.openspiel") for i in (1, 2, 3)
    ]
    assert [n.line for n in got] == [r.source.line for r in records if r.source]
    assert "N E S W" in got[0].message and "N E S in" in got[1].message
    got.clear()
    read_all((GOLDEN / "sl4-open-exchange.openspiel").read_text(), notes)
    assert [(n.kind, n.field) for n in got] == [(GUESSED, "players"), (LOST, "exchange")]


def test_sources(pyspiel: Any) -> None:
    text = (GOLDEN / "several.openspiel").read_text()
    records, _ = split(read_all(text))
    lines = text.split("\n")
    for number, record in enumerate(records, start=1):
        assert record.source is not None
        assert record.source.index == number
        assert lines[record.source.line - 1] == openspiel.HEADER
        assert text.encode()[record.source.offset :].startswith(openspiel.HEADER.encode())
        assert len(record.source.sha256) == 64


def test_from_state_equals_container(pyspiel: Any) -> None:
    """from_state and the container reader give the same record, for random games stopped
    anywhere (before the deal, in the auction, the call, the exchange, the play, or finished)."""
    phases: set[str] = set()
    count = 0
    for players in (3, 4):
        game = pyspiel.load_game(f"tarok(players={players})")
        for state in random_games(pyspiel, players, 60, seed=players):
            phases.add(state.current_game_phase().name)
            direct = openspiel.from_state(state, file="f", index=2, line=5)
            assert direct.get("Result") == "*"
            assert check_record(direct) == []
            assert not verify(direct).problems
            text = pyspiel.serialize_game_and_state(game, state)
            assert openspiel.read_container(text, file="f", index=2, line=5) == direct
            assert direct.source is not None and direct.source.line == 5
            if state.is_chance_node():
                assert not direct.items and not direct.get("OpenSpielSeed")
                continue
            count += 1
    assert count >= 100
    assert phases >= {"CARD_DEALING", "BIDDING", "TRICKS_PLAYING", "FINISHED"}


def test_from_state_of_a_deserialized_state(pyspiel: Any) -> None:
    """OpenSpiel forgets the seed of a state it deserialized: from_state asks for it, and
    checks that the seed given deals the state's cards."""
    text = (GOLDEN / "sl4-solo-two.openspiel").read_text()
    _game, state = pyspiel.deserialize_game_and_state(text)
    with pytest.raises(NotationError, match="seed: this state was rebuilt") as info:
        openspiel.from_state(state, file="f", index=4)
    assert (info.value.code, info.value.record) == ("E301", 4)
    seed = int(text.split("[State]\n")[1].split("\n")[0])
    assert openspiel.from_state(state, seed=seed) == openspiel.read_container(text)
    with pytest.raises(NotationError, match=f"seed: the seed {seed + 1} does not deal"):
        openspiel.from_state(state, seed=seed + 1)


def test_from_state_generator_and_notes(pyspiel: Any) -> None:
    state = pyspiel.load_game("tarok(players=3)").deserialize_state("5\n0\n0\n1")
    got: list[Note] = []
    record = openspiel.from_state(state, notes=Notes(sink=got.append), generator=None, seed=5)
    assert record.get("Generator") == ""
    assert record.get("Variant") == "slovenian-3" and record.get("Dealer") == "S"
    assert [n.kind for n in got] == [GUESSED]


# --- bad input --------------------------------------------------------------------------------


def test_bad_file_keeps_the_good_records(pyspiel: Any) -> None:
    records, errors = split(read_all((GOLDEN / "bad.openspiel").read_text()))
    assert [r.source.index for r in records if r.source] == [1, 9]
    assert [e.record for e in errors] == [2, 3, 4, 5, 6, 7, 8]
    assert {e.code for e in errors} == {"E301"}
    fields = [e.message.split(":")[0] for e in errors]
    assert fields == ["state", "action 3", "action 2", "action 5", "game", "seed", "action 57"]


def test_error_lines_point_at_the_action(pyspiel: Any) -> None:
    text = (GOLDEN / "sl4-one.openspiel").read_text()
    lines = text.split("\n")
    state_at = lines.index("[State]") + 1  # 0-based index of the seed line
    for k in (1, 6, 9, len(lines) - state_at - 2):
        broken = lines.copy()
        broken[state_at + k] = "53" if broken[state_at + k] != "53" else "52"
        (result,) = read_all("\n".join(broken))
        if isinstance(result, NotationError):
            assert result.line == state_at + k + 1
            assert result.message.startswith(f"action {k}:")


def test_every_truncation_is_read_or_reported(pyspiel: Any) -> None:
    """A container cut after any character is a record (a shorter game) or a located E301;
    never an exception, and the container after it is still read."""
    text = (GOLDEN / "sl3-two.openspiel").read_text()
    tail = (GOLDEN / "sl4-klop.openspiel").read_text()
    kinds = {"record": 0, "error": 0}
    for cut in range(0, len(text), 7):
        results = read_all(text[:cut] + "\n" + tail)
        assert isinstance(results[-1], Record) and results[-1].get("Variant") == "slovenian-4"
        for result in results[:-1]:
            if isinstance(result, NotationError):
                assert result.code == "E301" and result.record == 1 and result.line >= 1
                kinds["error"] += 1
            else:
                kinds["record"] += 1
    assert kinds["error"] > 900 and kinds["record"] > 10, kinds


def test_random_action_ids_never_crash(pyspiel: Any) -> None:
    """Any action id in any place: a record or a located E301 (OpenSpiel itself would stop)."""
    rng = random.Random(17)
    text = (GOLDEN / "sl4-solo-two.openspiel").read_text()
    head, state = text.split("[State]\n")
    rows = state.rstrip("\n").split("\n")
    errors = 0
    for _ in range(300):
        broken = rows.copy()
        k = rng.randrange(1, len(rows))
        broken[k] = str(rng.choice([rng.randrange(54), rng.randrange(13), 54, 10**9]))
        (result,) = read_all(head + "[State]\n" + "\n".join(broken) + "\n")
        if isinstance(result, NotationError):
            errors += 1
            assert result.code == "E301" and result.message.startswith("action ")
    assert errors > 250


def test_oversized_container(pyspiel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openspiel, "MAX_RECORD_BYTES", 20_000)
    good = (GOLDEN / "sl3-klop.openspiel").read_text()
    huge = good.replace("[State]\n", "[State]\n" + "1\n" * 30_000)
    records, errors = split(read_all(good + huge + good))
    assert len(records) == 2
    (error,) = errors
    assert error.record == 2 and "larger than 20,000 bytes" in error.message


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        (lambda t: t.replace("Version: 1", "Version: 2"), "version"),
        (lambda t: t.replace("[Game]\n", "[Gam]\n"), "game"),
        (lambda t: t.replace("[State]\n", "[State]\n12x\n"), "seed"),
        (lambda t: t.replace("\n0\n", "\n\n0\n", 1), "action"),
        (lambda t: "hello\n" + t.split("\n", 1)[1], "container"),
    ],
)
def test_damaged_parts(pyspiel: Any, damage: Any, field: str) -> None:
    text = (GOLDEN / "sl4-klop.openspiel").read_text()
    results = read_all(damage(text))
    error = results[0]
    assert isinstance(error, NotationError) and error.code == "E301"
    assert error.message.startswith(field), error.message


# --- review findings: undealt games, error places, file names, input that is no container ----


def test_undealt_container_is_the_tags_only_record_of_from_state(pyspiel: Any) -> None:
    """What OpenSpiel writes before the deal (``[State]`` then a blank line) reads as
    from_state reads the same state: the tags only, a partial record, noted."""
    game = pyspiel.load_game("tarok(players=3)")
    state = game.new_initial_state()
    text = pyspiel.serialize_game_and_state(game, state)
    assert text.endswith("[State]\n\n")
    got: list[Note] = []
    record = openspiel.read_container(text, notes=Notes(sink=got.append))
    assert record.items == () and record.get("Variant") == "slovenian-3"
    assert not record.get("OpenSpielSeed") and verify(record).status == Status.INCOMPLETE
    assert record == openspiel.from_state(state, file="<string>", index=1, line=1)
    assert [(n.kind, n.field) for n in got] == [(GUESSED, "players"), (LOST, "state")]
    assert "not dealt yet" in got[1].message
    records, errors = split(read_all(text + text))
    assert len(records) == 2 and not errors


@pytest.mark.parametrize(
    ("damage", "line", "start"),
    [
        (lambda t: t.replace("[Game]\ntarok(players=4)\n", "[Game]\n\n"), 5, "game: the [Game]"),
        (lambda t: t.replace("[Game]\n", "[Gam]\n"), 1, "game: no [Game]"),
        (lambda t: t.replace("[State]\n", "[State]\n12x\n"), 10, "seed:"),
        (lambda t: t.replace("Version: 1", "Version: 2"), 3, "version:"),
        (lambda t: t.replace("[Meta]\nVersion: 1\n", "stray\n"), 2, "container: 'stray' st"),
    ],
)
def test_errors_are_at_the_line_they_concern(
    pyspiel: Any, damage: Any, line: int, start: str
) -> None:
    text = (GOLDEN / "sl4-klop.openspiel").read_text()
    (error,) = read_all(damage(text))
    assert isinstance(error, NotationError)
    assert error.line == line and error.message.startswith(start), (error.line, error.message)


def test_errors_name_a_file(pyspiel: Any) -> None:
    """No error reads ``": E301 …"``: from_state's are of ``<pyspiel.State>``, a nameless
    stream's of ``<input>``."""
    state = pyspiel.load_game("kuhn_poker").new_initial_state()
    with pytest.raises(NotationError) as info:
        openspiel.from_state(state)
    assert str(info.value).startswith("<pyspiel.State>: E301 game: 'kuhn_poker()'")
    text = (GOLDEN / "sl4-solo-two.openspiel").read_text()
    _game, rebuilt = pyspiel.deserialize_game_and_state(text)
    with pytest.raises(NotationError, match="seed") as info:
        openspiel.from_state(rebuilt, file="")
    assert info.value.file == openspiel.STATE_FILE
    assert openspiel.from_state(rebuilt, seed=int(text.split("[State]\n")[1].split()[0]))
    (error,) = openspiel.read(io.BytesIO(b"junk\n"), "", Notes())
    assert isinstance(error, NotationError) and error.file == "<input>"
    with pytest.raises(NotationError) as info:
        openspiel.read_container("junk", file="")
    assert info.value.file == "<input>"


def test_input_that_is_no_container_is_one_error(pyspiel: Any) -> None:
    """100 KB of random bytes, or plain text: one error saying it is not a container, the
    binary data not quoted."""
    rng = random.Random(6)
    data = bytes(rng.randrange(256) for _ in range(100_000))
    (error,) = openspiel.read(io.BytesIO(data), "r.openspiel", Notes())
    assert isinstance(error, NotationError) and error.line == 1
    assert error.message == "container: not an OpenSpiel container: it starts with binary data"
    (error,) = read_all("hello\nworld\n" * 50)
    assert isinstance(error, NotationError)
    assert error.message == "container: not an OpenSpiel container: it starts with 'hello'"


def test_byte_order_mark_is_read(pyspiel: Any) -> None:
    text = (GOLDEN / "sl3-klop.openspiel").read_text()
    (record,) = read_all("\ufeff" + text)
    assert record == read_all(text)[0]
