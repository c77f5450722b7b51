"""The recorder's catalogs (:mod:`tarokpgn.record.messages`): English and Slovenian say the
same things with the same placeholders, every prompt is one line ending in ``> ``, every
question and reply the session can produce has a text, and the language follows the option,
then the locale."""

from __future__ import annotations

import ast
import inspect
import re
import string

import pytest

from tarokpgn.record import messages, session, ui
from tarokpgn.record.messages import CATALOGS, language, text

EN, SL = CATALOGS["en"], CATALOGS["sl"]
PARAMS = {
    "deal": 7, "seat": "E (Bojan)", "trick": 3, "count": 12, "what": "excuse",
    "reason": "must follow suit", "rule": "SL-9.3", "choices": "HK H9", "file": "club.tpgn",
    "seats": "N E S W", "example": "N=0 E=0 S=0 W=0", "word": "frobnicate",
    "match": "Club evening", "variant": "slovenian-4", "ruleset": "ljubljana", "deals": 2,
    "players": "N (Ana), E (Bojan)", "dealer": "W (Darja)", "totals": "N +10 E -10",
    "total": 10, "default": "T21 T1 DQ", "scores": "N +30 E 0", "points": "N 40 E 30",
    "cards": "HK H9", "name": "Ana", "given": 3, "expected": 4, "text": "xyz",
    "question": "Deal 7 · trick 3 · E (Bojan) plays",
}  # fmt: skip
"""A value for every placeholder any message has."""


def placeholders(message: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}


def test_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    assert set(EN) == set(SL)
    differ = {key for key in EN if placeholders(EN[key]) != placeholders(SL[key])}
    assert differ == set()
    assert len(EN) > 60  # prompts, replies, events, commands, help, dialogue


@pytest.mark.parametrize("lang", ["en", "sl"])
def test_every_message_fills_in(lang: str) -> None:
    for key in CATALOGS[lang]:
        filled = text(lang, key, **PARAMS)
        assert "{" not in filled and "}" not in filled, key


@pytest.mark.parametrize("lang", ["en", "sl"])
def test_prompts_are_one_line_ending_in_the_prompt_mark(lang: str) -> None:
    prompts = [key for key in CATALOGS[lang] if key.startswith("prompt.") and key != "prompt.seat"]
    assert len(prompts) >= 17
    for key in prompts:
        filled = text(lang, key, **PARAMS)
        assert filled.endswith("> ") and "\n" not in filled, key
        assert filled.count("> ") == 1 and "7" in filled, key  # the deal number
    assert text(lang, "quit.confirm", deal=3).endswith("> ")


def test_the_languages_really_differ() -> None:
    same = [
        key
        for key in EN
        if key.startswith(("prompt.", "reply.", "event.", "reason.")) and EN[key] == SL[key]
    ]
    # the same in both: a seat with its player's name, the word talon, an event as the
    # session spells it
    assert same == ["prompt.seat", "event.talon", "event.other"]
    assert text("sl", "prompt.bid", deal=2, seat="E (Bojan)") == "Igra 2 · licitira E (Bojan)> "
    assert text("en", "prompt.bid", deal=2, seat="E (Bojan)") == "Deal 2 · E (Bojan) bids> "
    assert text("sl", "event.trick-won", trick=3, seat="S") == "Štih 3 je pobral S."


def test_an_unknown_key_is_an_error_and_an_unknown_language_is_english() -> None:
    with pytest.raises(KeyError):
        text("en", "prompt.no-such-question")
    assert not messages.known("prompt.no-such-question") and messages.known("prompt.card")
    assert text("de", "reply.illegal") == "Refused"


@pytest.mark.parametrize(
    ("option", "env", "expected"),
    [
        ("sl", {"LANG": "en_GB.UTF-8"}, "sl"),
        ("en", {"LC_ALL": "sl_SI.UTF-8"}, "en"),
        (None, {"LANG": "sl_SI.UTF-8"}, "sl"),
        (None, {"LC_MESSAGES": "sl_SI", "LANG": "en_US.UTF-8"}, "sl"),
        (None, {"LC_ALL": "C", "LANG": "sl_SI.UTF-8"}, "en"),  # LC_ALL set: it decides
        (None, {"LC_ALL": "", "LANG": "SL"}, "sl"),  # an empty variable is not set
        (None, {"LANG": "slo"}, "sl"),
        (None, {"LANG": "de_AT.UTF-8"}, "en"),
        (None, {}, "en"),
        ("fr", {"LANG": "sl_SI.UTF-8"}, "sl"),  # no French catalog: the locale's
    ],
)
def test_the_language_comes_from_the_option_then_the_locale(
    option: str | None, env: dict[str, str], expected: str
) -> None:
    assert language(option, env) == expected


def test_the_language_reads_the_process_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sl_SI.UTF-8")
    assert language(None) == "sl"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert language(None) == "en"


SOURCE = inspect.getsource(session)
KINDS = {*re.findall(r'"([a-z-]+)": self\._', SOURCE), *re.findall(r'_ask\("([a-z-]+)"', SOURCE)}
"""Every question the session asks: its handlers' keys and the kinds it builds."""
CODES = {
    *re.findall(r'Reply\((?:True|False), "([a-z-]+)"', SOURCE),
    *re.findall(r'code = "([a-z-]+)"', SOURCE),
    *re.findall(r'_accept\([^"]*"([a-z-]+)"\)', SOURCE),
}
"""Every reply code the session's source gives."""
EVENTS = set(re.findall(r'Event\("([a-z-]+)"', SOURCE))
SAID_OTHERWISE = {"score"}
"""Events the recorder says by another message: the score once, before its question."""


def test_everything_the_session_says_has_a_text() -> None:
    # the patterns still find what the session says (17 kinds, 11 codes, 6 events today)
    assert len(KINDS) >= 17 and {"mode", "card", "score", "kontras"} <= KINDS
    assert len(CODES) >= 11 and {"accepted", "insisted", "trick-won"} <= CODES
    assert {"leader", "trick-won", "score"} <= EVENTS and len(EVENTS) >= 6
    missing = [
        key
        for key in (
            *(f"prompt.{kind}" for kind in KINDS),
            *(f"reply.{code}" for code in CODES),
            *(f"event.{kind}" for kind in EVENTS - SAID_OTHERWISE),
        )
        if not messages.known(key)
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        # 0 1 2 3 4 5 11 12 21 101 102 103 105
        ("en", [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
        ("sl", [3, 0, 1, 2, 2, 3, 3, 3, 3, 0, 1, 2, 3]),
    ],
)
def test_plural_forms(lang: str, forms: list[int]) -> None:
    numbers = [0, 1, 2, 3, 4, 5, 11, 12, 21, 101, 102, 103, 105]
    assert [messages.plural_form(lang, n) for n in numbers] == forms


@pytest.mark.parametrize(
    ("lang", "key", "params", "said"),
    [
        ("en", "prompt.hand", {"count": 1}, "Deal 7 · hand of E (Bojan) (1 card)> "),
        ("en", "prompt.talon", {"count": 6}, "Deal 7 · talon (6 cards)> "),
        ("en", "quit.bye", {"deals": 1}, "Bye. 1 deal in club.tpgn."),
        ("en", "totals.title", {"deals": 2}, "Match totals after 2 deals:"),
        ("sl", "prompt.hand", {"count": 1}, "Igra 7 · karte E (Bojan) (1 karta)> "),
        ("sl", "prompt.talon", {"count": 2}, "Igra 7 · talon (2 karti)> "),
        ("sl", "prompt.talon", {"count": 3}, "Igra 7 · talon (3 karte)> "),
        ("sl", "prompt.talon", {"count": 6}, "Igra 7 · talon (6 kart)> "),
        ("sl", "prompt.exchange", {"count": 1}, "Igra 7 · E (Bojan) založi (1 karto)> "),
        ("sl", "prompt.exchange", {"count": 4}, "Igra 7 · E (Bojan) založi (4 karte)> "),
        ("sl", "quit.bye", {"deals": 1}, "Adijo. V club.tpgn je 1 igra."),
        ("sl", "quit.bye", {"deals": 2}, "Adijo. V club.tpgn sta 2 igri."),
        ("sl", "quit.bye", {"deals": 3}, "Adijo. V club.tpgn so 3 igre."),
        ("sl", "quit.bye", {"deals": 5}, "Adijo. V club.tpgn je 5 iger."),
        ("sl", "totals.title", {"deals": 1}, "Stanje partije po 1 igri:"),
        ("sl", "totals.title", {"deals": 4}, "Stanje partije po 4 igrah:"),
    ],
)
def test_a_number_and_its_noun_agree(
    lang: str, key: str, params: dict[str, int], said: str
) -> None:
    assert text(lang, key, **{**PARAMS, **params}) == said


@pytest.mark.parametrize("lang", ["en", "sl"])
def test_no_message_leaves_the_plural_to_the_reader(lang: str) -> None:
    assert not [key for key, said in CATALOGS[lang].items() if "(s)" in said or "kart:" in said]


@pytest.mark.parametrize("lang", ["en", "sl"])
def test_the_help_lists_every_command(lang: str) -> None:
    helped = text(lang, "help", file="club.tpgn")
    lines = [line for line in helped.splitlines() if line.startswith("  ")]
    rows = [re.split(r"\s{2,}", line) for line in lines]  # "", the command, what it does
    columns = {len(line) - len(row[-1]) for line, row in zip(lines, rows, strict=True)}
    assert len(columns) == 1  # what each does starts in one column
    commands = [row[1].strip() for row in rows]  # the command (and its Slovenian word)
    said = [row[-1].strip() for row in rows]  # what it does
    assert [command.split()[0] for command in commands] == [
        "undo", "totals", "?", "insist", "insist", "help", "quit",
    ]  # fmt: skip
    assert {command.split()[0] for command in commands} == set(ui.COMMANDS)
    assert [command.split()[1] for command in commands if command.startswith("insist")] == [
        "irregular", "renons",
    ]  # fmt: skip
    assert all(len(what.split()) >= 2 for what in said), said
    for name in ("undo", "totals", "help", "quit", "insist", "irregular"):  # and the language's
        assert text(lang, f"cmd.{name}") in helped


UI_SOURCE = inspect.getsource(ui)
FAMILIES = ("prompt.", "reply.", "event.", "side.", "cmd.", "answer.", "reason.")
"""Keys the recorder builds from a question, a reply code, an event, a command or a choice."""


def test_every_message_is_said_somewhere() -> None:
    unused = [key for key in EN if not key.startswith(FAMILIES) and f'"{key}"' not in UI_SOURCE]
    assert unused == []
    assert "unknown.command" not in EN  # there is no unknown command: a word is an entry


def test_the_slovenian_words_are_the_club_players() -> None:
    said = " ".join(SL.values()).lower()
    for term in ("štih", "licitira", "talon", "založi", "napoved", "kontr", "rezultat"):
        assert term in said, term
    assert text("sl", "reply.illegal") == "Ni dovoljeno"  # as "Dovoljeno: …" then lists
    assert text("sl", "event.leader", seat="E") == "Prvi izigra E."


def session_reasons() -> list[str]:
    """Every reason the session's source writes itself (a string or an f-string given to
    ``Reply``, but for the codes whose message says it all), its placeholders filled in as
    the session fills them: a quoted entry, a word; the card counts from the session's own
    ``_count``, the result's two hints, the turn of a card out of turn."""
    tree = ast.parse(SOURCE)
    said = []
    for node in ast.walk(tree):
        call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        if not call or node.func.id != "Reply" or len(node.args) < 3:  # type: ignore[union-attr]
            continue
        code, reason = node.args[1:3]  # type: ignore[attr-defined]
        if isinstance(code, ast.Constant) and code.value in ui._SAID_WHOLE:  # noqa: SLF001
            continue  # its message says it all, without the reason
        if isinstance(reason, ast.Constant) and isinstance(reason.value, str):
            said.append(reason.value)
        elif isinstance(reason, ast.JoinedStr) and "card(s)" not in ast.unparse(reason):
            parts = []
            for part in reason.values:
                if isinstance(part, ast.Constant):
                    parts.append(str(part.value))
                else:
                    assert isinstance(part, ast.FormattedValue)
                    parts.append("'ab c'" if part.conversion == ord("r") else "word")
            said.append("".join(parts))
    counts = [session._count(12, 11), session._count(1, 0), session._count(0, 0)]  # noqa: SLF001
    why = [f"'ab c': give {w}" for w in ("won or lost", "the signed difference, such as +6")]
    assert "'ab c': give word" in said  # the result's hint: one of the two
    said.remove("'ab c': give word")
    return [*said, *why, *(reply.reason for reply in counts), "it is W's turn to play"]


def test_the_sessions_own_reasons_are_said_in_the_language() -> None:
    reasons = session_reasons()
    assert len(reasons) >= 20  # the patterns still find what the session says
    assert "the deal has just started" in reasons
    english = re.compile(r"\b(the|is|not|give|answer|needed|card|cards|expected|it|was)\b")
    for said in reasons:
        sl = messages.reason("sl", said)
        assert sl != said and not english.search(sl.replace("'ab c'", "")), (said, sl)
        assert messages.reason("en", said) != ""  # English says it too, maybe better
    assert messages.reason("en", "1 card(s) given, 12 card(s) expected") == (
        "1 card given, 12 cards expected"
    )
    assert messages.reason("sl", "0 card(s) given, 4 card(s) expected") == (
        "pričakovano: 4 karte, vpisano: 0 kart"
    )
    assert messages.reason("sl", "'trojkaa' is not a seat") == "'trojkaa' ni sedež"


def test_the_engines_reasons_stay_as_they_are() -> None:
    for said in (
        "E played T3 but had to follow CN: CK CQ",
        "'srcee' is not a card of the 54-card pack; did you mean 'srce'?",
        "the talon's group 2 is not T8 S8",
    ):
        assert messages.reason("sl", said) == said == messages.reason("en", said)
