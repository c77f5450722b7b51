"""The interactive recorder (:mod:`tarokpgn.record.ui`, ``tarokpgn record``) driven in-process
through prompt_toolkit's own pipe input: a real :class:`PromptSession` reads the keys typed
(Tab included), the real session checks them, the file is what the table would get.

The pseudo-terminal runs of the real command are ``tests/test_record_pty.py``."""

from __future__ import annotations

import datetime
import io
import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.shortcuts import CompleteStyle

from tarokpgn.cli import build_parser, main
from tarokpgn.cli.record import players, session_of
from tarokpgn.generate import generate
from tarokpgn.model import Announce, Auction, Call, Exchange, Hand, Kontra, Record, Talon, Trick
from tarokpgn.notation import iter_file
from tarokpgn.notation.localized import Localizer
from tarokpgn.notation.writer import write_item
from tarokpgn.record import Ask, Session
from tarokpgn.record.messages import language, text
from tarokpgn.record.ui import (
    Recorder,
    RecorderCompleter,
    command_of,
    language_words,
    localized_choice,
    parse_scores,
    plain_reader,
    prompt_reader,
    record,
    shown_choice,
)
from tarokpgn.replay import verify_all
from tarokpgn.verdict import Status
from tarokpgn.vocabulary import SL


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as inp:
        yield inp


def typed(pipe: PipeInput, completer: RecorderCompleter, keys: str) -> str:
    """What a real prompt_toolkit prompt returns after ``keys`` (Tab is ``\\t``)."""
    session: PromptSession[str] = PromptSession(
        completer=completer,
        complete_while_typing=False,
        complete_style=CompleteStyle.READLINE_LIKE,
        input=pipe,
        output=DummyOutput(),
    )
    pipe.send_text(keys)
    return session.prompt("> ")


def completer(
    choices: Sequence[str], variant: str = "slovenian-4", lang: str = "sl"
) -> RecorderCompleter:
    return RecorderCompleter(lambda: choices, language_words(variant, lang))


def offered(comp: RecorderCompleter, before: str) -> list[str]:
    event = CompleteEvent(completion_requested=True)
    return [c.text for c in comp.get_completions(Document(before), event)]


# --- completion --------------------------------------------------------------------------------


def test_tab_completes_a_partial_word_in_a_real_prompt(pipe: PipeInput) -> None:
    comp = completer(["three", "two", "pass"])
    assert typed(pipe, comp, "tro\t\r") == "trojka"  # the one word starting so
    assert typed(pipe, comp, "nap\t\r") == "naprej"
    assert typed(pipe, comp, "pal\t\r") == "palčka"  # with its diacritics
    assert typed(pipe, comp, "srce kra\t\r") == "srce kralj"  # the last word only
    assert typed(pipe, comp, "dev\t\r") == "devet"  # the common part of devetka, devetica


def test_legal_choices_come_first_and_alone_at_a_blank(pipe: PipeInput) -> None:
    comp = completer(["HK", "H9", "kralj srce", "devetka srce"])
    assert offered(comp, "")[:4] == ["HK", "H9", "kralj srce", "devetka srce"]
    assert offered(comp, "") == ["HK", "H9", "kralj srce", "devetka srce"]
    assert offered(comp, "kr")[0] == "kralj srce"
    assert offered(comp, "kralj s")[0] == "kralj srce"  # the two words typed
    assert "srce" in offered(comp, "kralj s")  # or the last one
    only = RecorderCompleter(lambda: ["kralj srce", "devetka srce"], [])
    assert typed(pipe, only, "devetka s\t\r") == "devetka srce"  # two words completed


def test_words_fold_case_and_diacritics() -> None:
    comp = completer([])
    assert "škis" in offered(comp, "SK")
    assert "štirica" in offered(comp, "stir")
    assert "križ" in offered(comp, "KRI")


@pytest.mark.parametrize(
    ("variant", "lang", "present", "absent"),
    [
        (
            "slovenian-4",
            "sl",
            ["trojka", "škis", "srce", "kontra", "T21", "three", "undo", "nazaj"],
            ["H"],
        ),
        (
            "slovenian-4",
            "en",
            ["hearts", "king", "three", "trula", "T21", "undo"],
            ["trojka", "nazaj"],
        ),
        ("czech-4", "sl", ["srce", "first-duty", "T21"], ["naprej", "T22"]),
        ("french-4", "en", ["garde", "guard", "handful-10", "single-handful"], []),
        ("ottocento", "en", ["angel", "gioco"], []),
    ],
)
def test_the_words_of_the_language_and_the_variant(
    variant: str, lang: str, present: list[str], absent: list[str]
) -> None:
    words = language_words(variant, lang)
    assert len(words) == len(set(words))
    for word in present:
        assert word in words, word
    for word in absent:
        assert word not in words, word


def test_legal_choices_are_offered_by_their_names_too() -> None:
    assert localized_choice("HK", "slovenian-4", "sl") == "kralj srce"
    assert localized_choice("HK", "slovenian-4", "en") == "king of hearts"
    assert localized_choice("T21", "slovenian-4", "sl") == "mond"
    assert localized_choice("three", "slovenian-4", "sl") == "trojka"
    assert localized_choice("pass", "slovenian-4", "sl") == "naprej"
    assert localized_choice("three", "slovenian-4", "en") == ""  # the token is the word
    assert localized_choice("garde", "french-4", "sl") == ""  # Slovenian has no French bids


@pytest.mark.parametrize(
    ("choice", "variant", "lang", "shown"),
    [
        ("HK", "slovenian-4", "sl", "kralj srce (HK)"),
        ("HK", "slovenian-4", "en", "king of hearts (HK)"),
        ("T21", "slovenian-4", "sl", "mond (T21)"),
        ("T8 S8", "slovenian-4", "sl", "VIII + osmica pik (T8 S8)"),  # a talon group
        ("three", "slovenian-4", "sl", "trojka"),
        ("three", "slovenian-4", "en", "three"),
        ("pass", "slovenian-4", "sl", "naprej"),
        ("kings", "slovenian-4", "sl", "kralji"),
        ("yes", "slovenian-4", "sl", "da"),
        ("outcome", "slovenian-4", "sl", "rezultat"),
        ("won", "slovenian-4", "sl", "dobil"),
        ("lost", "slovenian-4", "en", "lost"),
        ("garde", "french-4", "en", "guard"),
        ("garde", "french-4", "sl", "garde"),  # Slovenian has no French bids
    ],
)
def test_legal_choices_are_shown_in_the_language(
    choice: str, variant: str, lang: str, shown: str
) -> None:
    assert shown_choice(choice, variant, lang) == shown


def test_the_choices_shown_are_read_back(tmp_path: Path) -> None:
    session = Session.open(
        tmp_path / "club.tpgn", variant="slovenian-4", ruleset="pagat", players=PLAYERS
    )
    recorder = Recorder(session, "sl", "club.tpgn", io.StringIO())
    shown = recorder.choices(session.ask().choices).split(", ")
    assert shown == ["igrano", "rezultat"]
    assert session.answer("rezultat").ok
    contracts = session.ask().choices
    shown = recorder.choices(contracts).split(", ")
    assert shown[:4] == ["klop", "trojka", "dvojka", "enka"] and len(shown) == len(contracts)
    checked = 0
    for word, contract in zip(shown, contracts, strict=True):
        if not session.answer(contract).ok:  # offered, refused: test_record_session.py
            continue
        after = session.ask()  # what the contract asks next (declarer? partner? result?)
        assert session.undo().ok
        assert session.answer(word).ok, word
        assert session.ask() == after and after.kind != "contract"
        assert session.undo().ok
        checked += 1
    assert checked >= 12 and checked >= len(contracts) - 3  # pagat.com: 12 contracts
    assert recorder.choices(("N", "E")) == "N (Ana), E (Bojan)"


def test_a_slovenian_refusal_lists_slovenian_words(tmp_path: Path) -> None:
    path = tmp_path / "club.tpgn"
    session = Session.open(path, variant="slovenian-4", ruleset="pagat", players=PLAYERS)
    keys = ["rezultat", "?", "trojkaa", "berač", "Ana", "?", "dobil", "konec", "d"]
    status, shown = through_prompt(session, "\r".join(keys) + "\r")
    assert status == 0
    out = shown.splitlines()
    contracts = "Dovoljeno: klop, trojka, dvojka, enka, "
    assert out[out.index("Igra 1, deli N (Ana).") + 1].startswith(contracts)  # "?"
    refused = next(i for i, line in enumerate(out) if "'trojkaa'" in line)
    assert out[refused + 1].startswith(contracts)
    assert "Dovoljeno: dobil, izgubil" in out  # "?" at a contract won by tricks (berač)
    assert not [line for line in out if "three" in line or "won" in line]


def test_the_totals_carry_the_sign_the_scores_have(tmp_path: Path) -> None:
    session = Session.open(
        tmp_path / "club.tpgn", variant="slovenian-4", ruleset="pagat", players=PLAYERS
    )
    for line in ["outcome", "three", "N", "S", "+10", "", ""]:
        assert session.answer(line).ok, line
    session.finish({"N": 20, "E": 0, "S": -20, "W": 0})
    out = io.StringIO()
    recorder = Recorder(session, "en", "club.tpgn", out)
    recorder.show_totals()
    assert out.getvalue().splitlines() == [
        "Match totals after 1 deal:",
        "  N (Ana)                 +20",
        "  E (Bojan)                 0",
        "  S (Cene)                -20",
        "  W (Darja)                 0",
    ]
    assert recorder.toolbar().endswith("N +20 E 0 S -20 W 0")


@pytest.mark.parametrize(
    ("lang", "count", "prompt"),
    [
        ("en", 1, "Deal 2 · E (Bojan) lays away (1 card)> "),
        ("en", 2, "Deal 2 · E (Bojan) lays away (2 cards)> "),
        ("sl", 1, "Igra 2 · E (Bojan) založi (1 karto)> "),
        ("sl", 2, "Igra 2 · E (Bojan) založi (2 karti)> "),
        ("sl", 3, "Igra 2 · E (Bojan) založi (3 karte)> "),
        ("sl", 6, "Igra 2 · E (Bojan) založi (6 kart)> "),
    ],
)
def test_the_number_of_cards_agrees(tmp_path: Path, lang: str, count: int, prompt: str) -> None:
    recorder = Recorder(opened(tmp_path / "club.tpgn"), lang, "club.tpgn")
    assert recorder.prompt(Ask("exchange", seat="E", deal=2, count=count)) == prompt


# --- commands and scores -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "lang", "expected"),
    [
        ("undo", "en", ("undo", [])),
        ("UNDO", "sl", ("undo", [])),
        ("nazaj", "sl", ("undo", [])),
        ("pomoc", "sl", ("help", [])),
        ("Pomoč", "sl", ("help", [])),
        ("?", "en", ("?", [])),
        ("insist renons E", "en", ("insist", ["renons", "E"])),
        ("konec", "en", None),  # the Slovenian word in an English session is an entry
        ("kralj srce", "sl", None),
        ("", "en", None),
    ],
)
def test_commands(line: str, lang: str, expected: tuple[str, list[str]] | None) -> None:
    assert command_of(line, lang) == expected


SEATS = ("N", "E", "S", "W")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("N=30 E=-30 S=0 W=0", {"N": 30, "E": -30, "S": 0, "W": 0}),
        ("n 30 e -30 s 0 w +0", {"N": 30, "E": -30, "S": 0, "W": 0}),
        ("W=1 S=2 E=3 N=4", {"W": 1, "S": 2, "E": 3, "N": 4}),
        ("30 -30 0 0", {"N": 30, "E": -30, "S": 0, "W": 0}),
        ("30, -30, 0, 0", {"N": 30, "E": -30, "S": 0, "W": 0}),
        ("30 -30 0", None),
        ("N=30 N=-30 S=0 W=0", None),
        ("N=30 E=x S=0 W=0", None),
        ("N=30 E=+-3 S=0 W=0", None),
        ("N=30 E=1 S=0 Z=0", None),
    ],
)
def test_the_tables_scores(line: str, expected: dict[str, int] | None) -> None:
    assert parse_scores(line, SEATS) == expected


def test_the_plain_reader_writes_the_prompt_and_ends_at_the_end_of_input() -> None:
    out = io.StringIO()
    read = plain_reader(io.StringIO("pass\r\nthree\n"), out)
    assert [read("a> "), read("b> ")] == ["pass", "three"]
    with pytest.raises(EOFError):
        read("c> ")
    assert out.getvalue() == "a> \nb> \nc> \n"


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (None, None),
        ("N=Ana E=Bojan", {"N": "Ana", "E": "Bojan"}),
        ("n=Ana", {"N": "Ana"}),
        ("N=Ana=Marija", {"N": "Ana=Marija"}),
        ("N=Ana Novak E=Bojan  Kranjc", {"N": "Ana Novak", "E": "Bojan  Kranjc"}),
    ],
)
def test_players_option(option: str | None, expected: dict[str, str] | None) -> None:
    assert players(option) == expected


@pytest.mark.parametrize("option", ["N Ana", "N=", "=Ana", "N=Ana n=Bojan"])
def test_bad_players_option(option: str) -> None:
    with pytest.raises(ValueError, match="--players"):
        players(option)


# --- whole deals through a real prompt ---------------------------------------------------------

MATCH = list(generate("slovenian-4", "semedela", n=3, seed=5))
"""Three deals of one match: a compulsory klop, an open solo without, a one with a call, a
lay-away and a kontra (checked in the test that types them)."""
PLAYERS = {seat: MATCH[0].player(seat) or seat for seat in MATCH[0].seats}


def opened(path: Path) -> Session:
    return Session.open(path, variant="slovenian-4", ruleset="semedela", players=PLAYERS)


def typed_lines(record: Record, session: Session, native: bool = False) -> list[str]:
    """What a scorekeeper types for ``record`` (Slovenian card names when ``native``), found
    by typing it into ``session``, which finishes it; the score confirmed with Enter."""
    words = Localizer(record.variant, SL)

    def cards(tokens: tuple[str, ...]) -> str:
        return " ".join(words.cards(tokens) if native else tokens)

    items = record.items
    bids = [b.bid for i in items if isinstance(i, Auction) for b in i.bids]
    calls = [cards((i.card,)) for i in items if isinstance(i, Call)]
    takes = {i.seat: i for i in items if isinstance(i, Exchange)}
    said = [write_item(i) for i in items if isinstance(i, Announce | Kontra)]
    tricks = [cards(i.cards) for i in items if isinstance(i, Trick)]
    hands = {i.seat: cards(i.cards) for i in items if isinstance(i, Hand)}
    talon = next(cards(i.cards) for i in items if isinstance(i, Talon))
    lines = []
    while (ask := session.ask()).kind != "score":
        line = {
            "mode": lambda: "igrano" if native else "play",
            "hands-known": lambda: "da" if native else "yes",
            "hand": lambda: hands[ask.seat or ""],
            "talon": lambda: talon,
            "bid": lambda: localized_choice(bids[0], "slovenian-4", "sl") or bids[0],
            "call": lambda: calls.pop(0),
            "talon-choice": lambda: cards(takes[ask.seat or ""].take),
            "exchange": lambda: cards(takes[ask.seat or ""].discard),
            "announce": lambda: said.pop(0) if said else "",
            "card": lambda: tricks.pop(0),
        }[ask.kind]()
        if ask.kind == "bid":
            bids.pop(0)
        assert session.answer(line).ok, (ask, line)
        lines.append(line)
    session.finish()
    return [*lines, ""]


def script(tmp_path: Path, native: bool = False) -> list[str]:
    """The lines typing the three deals of :data:`MATCH`."""
    scratch = opened(tmp_path / "scratch.tpgn")
    return [line for record in MATCH for line in typed_lines(record, scratch, native)]


def through_prompt(session: Session, keys: str, lang: str = "sl") -> tuple[int, str]:
    """Run the recorder over ``session`` with ``keys`` typed into a real prompt_toolkit
    prompt; its exit status and what it printed."""
    out = io.StringIO()
    recorder = Recorder(session, lang, "club.tpgn", out)
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        status = recorder.run(prompt_reader(recorder, pipe, DummyOutput()))
    return status, out.getvalue()


def test_a_match_typed_through_a_real_prompt_is_the_file(tmp_path: Path) -> None:
    assert [type(i).__name__ for i in MATCH[2].items if not isinstance(i, Hand | Trick)] == [
        "Talon", "Auction", "Call", "Exchange", "Kontra",
    ]  # fmt: skip
    lines = script(tmp_path, native=True)
    assert "mond" in lines[2] and "trojka" in lines  # Slovenian words, not tokens
    path = tmp_path / "club.tpgn"
    status, shown = through_prompt(opened(path), "\r".join(lines) + "\rkonec\r")
    assert status == 0
    records = list(iter_file(path))
    assert [r.items for r in records] == [r.items for r in MATCH]  # type: ignore[union-attr]
    for mine, made in zip(records, MATCH, strict=True):
        assert isinstance(mine, Record)
        for tag in ("Deal", "Dealer", "Result", "Totals", "N", "E", "S", "W"):
            assert mine.get(tag) == made.get(tag), tag
    assert [v.status for _, v in verify_all(records)] == [Status.OK] * 3  # type: ignore[arg-type]
    for said in (
        "Igra 1, deli N (Ana).", "Igra 3, deli S (Cene).", "Igra: enka, igralec S (Cene).",
        "Igra: odprti-solo-brez, igralec E (Bojan).", "Igra: klop.",
        "Prvi izigra W (Darja).", "Štih 3 je pobral N (Ana).",
        "Točke v kartah: igralec 29 nasprotniki 41.",
        "Rezultat igre 3: N 0 E 0 S -72 W -72", "Igra 3 je shranjena v club.tpgn.",
        "  S (Cene)               -146", "Adijo. V club.tpgn so 3 igre.",
    ):  # fmt: skip
        assert said in shown, said


def test_refused_insisted_undone_and_cancelled_entries(tmp_path: Path) -> None:
    lines = script(tmp_path)[:9]  # deal 1 up to its first trick
    first = lines[8].split()
    session = opened(tmp_path / "club.tpgn")
    for line in lines[:8]:
        assert session.answer(line).ok
    assert session.answer(first[0]).ok
    legal = session.ask().choices
    hand = next(i for i in MATCH[0].items if isinstance(i, Hand) and i.seat == "S").cards
    wrong = next(card for card in hand if card not in legal)
    keys = [
        wrong, "?", "insist", "insist renons", "vztrajam renons ana",  # refused, insisted
        "quit", "n",  # a deal is under way: asked, and kept
        "nazaj", *["undo"] * 9,  # back to the start of the deal
        "undo", "quit",  # nothing more to undo; nothing to lose: quit at once
    ]  # fmt: skip
    # Ctrl-C drops the line typed so far, the question stays
    status, shown = through_prompt(session, "xyz\x03" + "\r".join(keys) + "\r")
    assert status == 0
    out = shown.splitlines()
    refused = next(i for i, line in enumerate(out) if line.startswith("Ni dovoljeno: "))
    assert out[refused].endswith("]") and "[pravilo SL-" in out[refused]
    # the legal cards by their Slovenian names, each with its token
    names = ", ".join(f"{localized_choice(card, 'slovenian-4', 'sl')} ({card})" for card in legal)
    assert out[refused + 1] == "Dovoljeno: " + names
    assert out[refused + 2].startswith("Za vpis kljub temu: vztrajam nepravilnost")
    assert "Dovoljeno: " + names in out[refused + 3 :]  # "?"
    usage = "Vpiši: vztrajam nepravilnost ali vztrajam renons PRIJAVITELJ (sedež: N E S W)."
    assert out.count(usage) == 2
    assert "Vpisano, ker miza vztraja" in out
    taken_back = [line for line in out if line.startswith("Vrnjeno")]
    assert len(taken_back) == 10  # the insisted card, the first card, 7 lines, the mode
    # each names the question asked again: the last one the deal's first
    prefix = "Vrnjeno; ponovno vprašanje: "
    assert all(line.startswith(prefix) for line in taken_back), taken_back
    assert taken_back[-1] == prefix + "Igra 1 · odigrana igra ali samo rezultat? [igrano/rezultat]"
    assert taken_back[0] == f"{prefix}Igra 1 · štih 1 · na vrsti je S (Cene)"  # the renons
    assert "Ni česa vrniti: igra se je šele začela" in out  # the session's reason translated
    assert "Nadaljujemo z igro 1." in out and out[-1] == "Adijo. V club.tpgn je 0 iger."
    assert not [line for line in out if line.startswith(("Ne razumem", "Napačno"))]  # no xyz
    assert not (tmp_path / "club.tpgn").exists()


def test_the_tables_score_is_kept_and_flagged(tmp_path: Path) -> None:
    lines = script(tmp_path)[:21]  # deal 1: 8 lines before the play, 12 tricks, the score
    assert lines[-1] == ""
    path = tmp_path / "club.tpgn"
    keys = [*lines[:-1], "N=1", "N=-30 E=0 S=-70 W=-8", "totals", "quit"]
    status, shown = through_prompt(opened(path), "\r".join(keys) + "\r", lang="en")
    assert status == 0
    assert (
        "Type the table's scores as SEAT=POINTS for every seat (N E S W), e.g. N=0 E=0 S=0 W=0."
        in shown
    )
    assert (
        "Deal 1 saved to club.tpgn with the table's scores; the verifier will flag the difference."
        in shown
    )
    [record] = list(iter_file(path))
    assert isinstance(record, Record)
    assert record.get("Result") == "N -30 E 0 S -70 W -8" != MATCH[0].get("Result")
    [(_, verdict)] = list(verify_all([record]))
    assert verdict.status is Status.SCORE_MISMATCH
    assert "  N (Ana)                 -30" in shown.splitlines()
    toolbar = Recorder(Session.open(path), "en", "club.tpgn").toolbar()  # reopened
    assert toolbar == "Deal 2 · dealer E (Bojan) · N -30 E 0 S -70 W -8"


def test_the_end_of_a_script_drops_the_unfinished_deal(tmp_path: Path) -> None:
    lines = script(tmp_path)[:26]  # deal 1 and deal 2 up to the last hand
    path = tmp_path / "club.tpgn"
    out = io.StringIO()
    recorder = Recorder(opened(path), "en", "club.tpgn", out)
    recorder.interactive = False
    status = recorder.run(plain_reader(io.StringIO("\n".join(lines) + "\n"), out))
    assert status == 0
    shown = out.getvalue()
    assert "Deal 2 is not finished. Quit and drop it? [y/N]> " in shown
    assert shown.endswith("Bye. 1 deal in club.tpgn.\n")
    assert len(list(iter_file(path))) == 1
    assert "Deal 2 · hand of W (Darja) (12 cards)> \nDeal 2 is not finished." in shown


def test_a_score_sheet_deal_through_the_prompt(tmp_path: Path) -> None:
    path = tmp_path / "club.tpgn"
    keys = ["outcome", "?", "trojka", "ana", "cene", "+10", "", "", "?", "", "quit"]
    # the pagat.com rules: no compulsory klop in deal 1 (Semedela's SL-3.1)
    session = Session.open(path, variant="slovenian-4", ruleset="pagat", players=PLAYERS)
    status, shown = through_prompt(session, "\r".join(keys) + "\r", lang="en")
    assert status == 0
    out = shown.splitlines()
    assert out[out.index("Deal 1, dealer N (Ana).") + 1].startswith(
        "Legal now: klop, three, two, one"
    )
    [record] = list(iter_file(path))
    assert isinstance(record, Record)
    assert (record.get("Contract"), record.get("Declarer"), record.get("Partner")) == (
        "three", "N", "S",
    )  # fmt: skip
    assert record.get("Difference") == "+10" and not record.items
    computed = f"Score of deal 1: {record.get('Result')}"
    assert out.count(computed) == 2  # when the score is asked, and at "?"
    [(_, verdict)] = list(verify_all([record]))
    assert verdict.status is Status.OK


def test_a_deal_the_rules_cannot_score_asks_for_the_tables_scores(tmp_path: Path) -> None:
    """A score-sheet klop has no computed score: the prompt asks for the table's scores (no
    "Enter to confirm"), Enter is not taken, and what is saved says so without a difference
    for the verifier to flag. The table's scores equal to the computed ones are a plain save."""
    path = tmp_path / "club.tpgn"
    keys = [
        "outcome", "klop", "", "", "", "?", "N=-70 E=-70 S=-70 W=-70",  # deal 1: a klop
        "outcome", "three", "N", "S", "+10", "", "", "N=+20 E=0 S=+20 W=0",  # deal 2 as computed
        "quit",
    ]  # fmt: skip
    session = Session.open(path, variant="slovenian-4", ruleset="pagat", players=PLAYERS)
    status, shown = through_prompt(session, "\r".join(keys) + "\r", lang="en")
    assert status == 0
    out = shown.splitlines()
    wanted = "The rules cannot score deal 1: type the table's scores, e.g. N=0 E=0 S=0 W=0."
    assert out.count(wanted) == 3  # when asked, at Enter, at "?"
    assert "Enter to confirm" not in shown.split("Deal 2, dealer")[0]
    assert "Deal 1 saved to club.tpgn with the table's scores (the rules cannot score it)." in out
    assert "Deal 2 saved to club.tpgn." in out
    assert "verifier" not in shown
    assert session.saved is not None and session.saved.code == "deal-saved"
    first, second = (r for r in iter_file(path) if isinstance(r, Record))
    assert first.get("Result") == "N -70 E -70 S -70 W -70"
    assert second.get("Result") == "N +20 E 0 S +20 W 0"


@pytest.mark.parametrize("lang", ["en", "sl"])
def test_the_score_prompt_without_a_computed_score(lang: str, tmp_path: Path) -> None:
    session = Session.open(tmp_path / "club.tpgn", variant="czech-4")
    recorder = Recorder(session, lang, "club.tpgn", io.StringIO())
    asked, computed = Ask("score", deal=3), Ask("score", deal=3, default="N +2 E -2")
    assert recorder.prompt(asked) == text(lang, "prompt.score-table", deal=3)
    assert recorder.prompt(computed) == text(lang, "prompt.score", deal=3)
    assert "Enter" not in recorder.prompt(asked)


@pytest.mark.parametrize(("lang", "name"), [("en", "Club evening"), ("sl", "Klubski večer")])
def test_a_new_files_match_is_named_in_the_recorders_language(
    lang: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(
        ["record", "club.tpgn", "--variant", "slovenian-4", "--lang", lang]
    )
    session = session_of(args)
    assert session.match == f"{name} {datetime.date.today().isoformat()}"
    named = build_parser().parse_args(["record", "club.tpgn", "--variant", "slovenian-4",
                                       "--lang", lang, "--match", "Koper"])  # fmt: skip
    assert session_of(named).match == "Koper"
    # a file with a match goes on with its name, whatever the language
    other = build_parser().parse_args(["record", "old.tpgn", "--lang", "sl"])
    (tmp_path / "old.tpgn").write_text(
        '[Variant "slovenian-4"]\n[Match "Club evening 2026-11-25"]\n[Deal "1"]\n'
        '[Contract "klop"]\n[Result "N -70 E -70 S -70 W -70"]\n\nend\n',
        encoding="utf-8",
    )
    assert session_of(other).match == "Club evening 2026-11-25"


def test_ctrl_c_at_the_quit_question_keeps_the_deal(tmp_path: Path) -> None:
    lines = script(tmp_path)[:3]  # deal 1 under way
    path = tmp_path / "club.tpgn"
    # Ctrl-C at "Quit and drop it?" cancels (No); the deal goes on; Ctrl-D there means yes
    keys = "\r".join([*lines, "quit"]) + "\r\x03" + "\x04\x04"
    status, shown = through_prompt(opened(path), keys, lang="en")
    assert status == 0
    out = shown.splitlines()
    assert out.count("Carrying on with deal 1.") == 1
    assert out[-1] == "Bye. 0 deals in club.tpgn."
    kept = out.index("Carrying on with deal 1.")
    assert "Bye." not in " ".join(out[:kept])  # not dropped at Ctrl-C


def test_a_scripts_interrupt_at_the_quit_question_stops(tmp_path: Path) -> None:
    session = opened(tmp_path / "club.tpgn")
    assert session.answer("play").ok
    recorder = Recorder(session, "en", "club.tpgn", io.StringIO())
    recorder.interactive = False

    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        recorder.confirm_quit(read)


def test_enter_before_the_deal_is_decided_says_so(tmp_path: Path) -> None:
    lines = script(tmp_path)[:8]  # deal 1 up to its first trick
    for lang, said in (
        ("en", "The deal is not decided yet: type one card or the whole trick."),
        ("sl", "Igra še ni odločena: vpiši eno karto ali cel štih."),
    ):
        session = opened(tmp_path / f"{lang}.tpgn")
        status, shown = through_prompt(session, "\r".join([*lines, "", "quit", "y"]) + "\r", lang)
        assert status == 0
        assert said in shown.splitlines()
        assert "card(s)" not in shown


def test_the_score_is_said_once(tmp_path: Path) -> None:
    lines = script(tmp_path)[:20]  # deal 1 up to the score's question
    status, shown = through_prompt(
        opened(tmp_path / "club.tpgn"), "\r".join([*lines, "", "quit"]) + "\r", lang="en"
    )
    assert status == 0
    said = [line for line in shown.splitlines() if "Score" in line]
    assert said == [f"Score of deal 1: {MATCH[0].get('Result')}"], said


def test_insisting_in_slovenian_words(tmp_path: Path) -> None:
    lines = script(tmp_path)[:9]
    first = lines[8].split()
    session = opened(tmp_path / "club.tpgn")
    for line in [*lines[:8], first[0]]:
        assert session.answer(line).ok
    hand = next(i for i in MATCH[0].items if isinstance(i, Hand) and i.seat == "S").cards
    wrong = next(card for card in hand if card not in session.ask().choices)
    keys = [wrong, "vztrajam nepravilnost", "konec", "d"]
    status, shown = through_prompt(session, "\r".join(keys) + "\r")
    assert status == 0
    assert "Vpisano, ker miza vztraja" in shown.splitlines()
    assert command_of("VZTRAJAM renons N", "sl") == ("insist", ["renons", "N"])


def test_ctrl_d_between_deals_quits_at_once(tmp_path: Path) -> None:
    status, shown = through_prompt(opened(tmp_path / "club.tpgn"), "\x04", lang="en")
    assert status == 0
    assert "Quit and drop it" not in shown and shown.endswith("Bye. 0 deals in club.tpgn.\n")


# --- the command -------------------------------------------------------------------------------


def test_the_command_reads_a_piped_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = script(tmp_path)[:21]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([*lines, "stanje", "konec"]) + "\n"))
    path = tmp_path / "club.tpgn"
    names = " ".join(f"{seat}={name}" for seat, name in PLAYERS.items())
    argv = ["record", str(path), "--variant", "slovenian-4", "--ruleset", "semedela"]
    assert main([*argv, "--players", names, "--lang", "sl", "--match", "Torek"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Nova partija 'Torek' (slovenian-4, pravila semedela) v {path}.\n")
    assert "Igra 1 · karte N (Ana) (12 kart)> " in out and "Stanje partije po 1 igri:" in out
    [record] = list(iter_file(path))
    assert isinstance(record, Record) and record.get("Match") == "Torek"
    # again: the match goes on, the language from the locale
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Continuing match 'Torek' (slovenian-4, ruleset semedela)" in out
    assert "Match totals after 1 deal:\n  N (Ana)                 -25\n" in out
    assert "Deal 2, dealer E (Bojan)." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give the variant (--variant)"),
        (
            ["--variant", "slovenian-4", "--players", "N Ana"],
            "--players: 'N Ana' is not SEAT=NAME pairs",
        ),
        (["--variant", "slovenian-4", "--players", "Q=Ana"], "player seat 'Q' is not a seat"),
        (["--variant", "slovenian-4", "--dealer", "Z"], "dealer 'Z' is not a seat"),
        (["--variant", "slovenian-4", "--ruleset", "nowhere"], "nowhere"),
    ],
)
def test_usage_errors_are_one_line(
    tmp_path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", str(tmp_path / "new.tpgn"), *argv]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("tarokpgn record: ") and out.err.count("\n") == 1
    assert message in out.err
    assert not (tmp_path / "new.tpgn").exists()


def test_a_file_that_cannot_be_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "torn.tpgn"
    path.write_text('[Variant "slovenian-4"]\n[Deal "1"]\n\nhand N srcee\nend\n', encoding="utf-8")
    assert main(["record", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tarokpgn record: {path}:4: ") and err.count("\n") == 1
    assert path.read_text(encoding="utf-8").endswith("end\n")


# --- the documentation's transcripts -----------------------------------------------------------

DOC = Path(__file__).resolve().parent.parent / "docs" / "record.rst"


def doc_blocks() -> list[list[str]]:
    """The ``.. code-block:: text`` blocks of docs/record.rst that start with a command or go
    on with the session before (their lines, unindented, trailing blanks dropped); a block
    going on from a session is joined to it."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    blocks: list[list[str]] = []
    for at, line in enumerate(lines):
        if line != ".. code-block:: text":
            continue
        body = []
        for later in lines[at + 2 :]:
            if later and not later.startswith("    "):
                break
            body.append(later[4:].rstrip())
        while body and not body[-1]:
            body.pop()
        if body[0].startswith("$ tarokpgn "):
            blocks.append(body)
        elif body[0].startswith(("Deal ", "Igra ")) and blocks:
            blocks[-1].extend(body)  # the same session goes on
    return blocks


def replayed(command: list[str], shown: list[str]) -> list[str]:
    """What ``tarokpgn record`` prints (each line typed echoed after its prompt, as a
    terminal shows it) when the entries of the transcript ``shown`` are typed."""
    args = build_parser().parse_args(command)
    out = io.StringIO()

    def read(prompt: str) -> str:
        at = out.getvalue().count("\n")
        if at >= len(shown):
            raise EOFError
        line = shown[at]
        assert line.startswith(prompt.rstrip()), (line, prompt)  # the prompt the doc shows
        typed = line[len(prompt) :]
        out.write(f"{prompt}{typed}\n")
        return typed

    record(session_of(args), language(args.lang), args.file, out=out, read=read)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_the_documented_transcripts_are_what_the_recorder_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each transcript of docs/record.rst, in the page's order in one directory: its entries
    typed, what the recorder prints must be the page's lines; the commands that stop with an
    error, and ``tarokpgn verify``, print what the page says."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    blocks = doc_blocks()
    assert len(blocks) == 5  # the evening, its verification, the next week, a clash, Slovenian
    lines = 0
    for block in blocks:
        command = shlex.split(block[0].removeprefix("$ "))[1:]
        shown = block[1:]
        if command[0] == "record" and not shown[0].startswith("tarokpgn record: "):
            assert replayed(command, shown) == shown
        else:  # the page shows what the command printed
            main(command)
            out = capsys.readouterr()
            assert (out.out + out.err).rstrip("\n").splitlines() == shown
        lines += len(shown)
    assert lines > 150
