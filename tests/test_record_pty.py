"""``tarokpgn record`` driven as a scorekeeper drives it: the real command in a pseudo-terminal
(:mod:`pexpect`, ``TERM=xterm``, a fixed window size, ``NO_COLOR``), answered line by line.

Each session is mirrored by a *shadow*: a :class:`~tarokpgn.record.session.Session` in this
process, opened with the same options and given the same entries. The shadow says what the
recorder must ask next and what it must answer (rendered by the recorder's own
:class:`~tarokpgn.record.ui.Recorder` into a buffer); the terminal has to show exactly that, and
at the end the file the command wrote must equal the shadow's. Played deals are typed from
deals of :func:`tarokpgn.generate.generate` (hands, talon, bids, call, exchanges,
announcements, tricks), so the recorded deal must come out as the generated one.

The terminal answers prompt_toolkit's cursor position request as a terminal would (the prompt
on the last line); each expectation has a timeout and fails with what the terminal showed."""

from __future__ import annotations

import datetime
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tarokpgn import vocabulary
from tarokpgn.cli.record import DEFAULT_MATCH
from tarokpgn.generate import generate
from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    seats_of,
)
from tarokpgn.notation import iter_file, write_record
from tarokpgn.notation.localized import card_name
from tarokpgn.notation.transformer import deck_for
from tarokpgn.notation.writer import write_item
from tarokpgn.record.messages import text
from tarokpgn.record.session import Ask, Reply, Session
from tarokpgn.record.ui import Recorder, parse_scores

ROWS, COLUMNS = 40, 300
"""The window: wide enough that no typed line (a hand in native names) wraps."""
TIMEOUT = 20.0
"""Seconds any one expected text may take to appear."""
QUIET = 0.12
"""A prompt is ready once the terminal has been quiet this long after it."""
FILE = "club.tpgn"
PLAYERS = "N=Ana E=Bojan S=Cene W=Darja"
ESCAPES = re.compile(
    r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)
"""Terminal control sequences (CSI, OSC, charset and keypad switches)."""


def record_file(tmp: Path) -> list[Record]:
    """The records of the session's file (every one must read)."""
    out = []
    for result in iter_file(tmp / FILE):
        assert isinstance(result, Record), result
        out.append(result)
    return out


def verify(tmp: Path) -> tuple[int, str]:
    """``tarokpgn verify FILE``: exit status and output."""
    done = subprocess.run(
        [sys.executable, "-m", "tarokpgn", "verify", "--no-color", FILE], cwd=tmp,
        capture_output=True, text=True, timeout=120, env=_environment(LANG="C.UTF-8"),
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


def _environment(**extra: str) -> dict[str, str]:
    drop = ("LANG", "LANGUAGE", "COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "COLORTERM")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("LC_")}
    env.update(TERM="xterm", NO_COLOR="1", COLUMNS=str(COLUMNS), LINES=str(ROWS))
    env.update(PYTHONIOENCODING="utf-8", **extra)
    return env


# --- the terminal ------------------------------------------------------------------------------


class Terminal:
    """``python -m tarokpgn ARGV`` in a pseudo-terminal, read as the screen's text stream."""

    def __init__(self, tmp: Path, *argv: str, **env: str) -> None:
        env.setdefault("LANG", "C.UTF-8")
        self.child = pexpect.spawn(
            sys.executable, ["-m", "tarokpgn", *argv], cwd=str(tmp), env=_environment(**env),
            encoding="utf-8", dimensions=(ROWS, COLUMNS), timeout=TIMEOUT,
        )  # fmt: skip
        self.child.delaybeforesend = None  # a person types after the prompt is shown
        self.raw = ""
        self._clean = ""
        self._cleaned = 0
        """How much of :attr:`raw` :attr:`text` holds."""
        self.seen = 0
        """How far :meth:`expect` has read :attr:`text`."""

    @property
    def text(self) -> str:
        """What the program wrote, without control sequences and carriage returns."""
        end = len(self.raw)
        cut = self.raw.rfind("\x1b", max(self._cleaned, end - 64))
        if cut >= 0 and not ESCAPES.match(self.raw, cut):  # cut off: cleaned when complete
            end = cut
        if end > self._cleaned:
            self._clean += ESCAPES.sub("", self.raw[self._cleaned : end]).replace("\r", "")
            self._cleaned = end
        return self._clean

    def pump(self, timeout: float) -> bool:
        """Read what arrives within ``timeout``; False at the end of the output."""
        try:
            data = self.child.read_nonblocking(65536, timeout)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        if "\x1b[6n" in data:  # where is the cursor? On the last line, as after scrolling.
            self.child.send(f"\x1b[{ROWS};1R")
        self.raw += data
        return True

    def expect(self, what: str | re.Pattern[str], timeout: float = TIMEOUT) -> re.Match[str]:
        """Wait for ``what`` (a literal text or a pattern) after what was already matched."""
        pattern = what if isinstance(what, re.Pattern) else re.compile(re.escape(what))
        end = time.monotonic() + timeout
        alive = True
        while True:
            found = pattern.search(self.text, self.seen)
            if found:
                self.seen = found.end()
                return found
            if not alive or time.monotonic() > end:
                tail = self.text[max(0, self.seen - 200) :]
                raise AssertionError(f"{what!r} was not shown; after it the terminal has:\n{tail}")
            alive = self.pump(0.1)

    def settle(self) -> None:
        """Wait until the terminal has been quiet for :data:`QUIET` seconds."""
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            size = len(self.raw)
            if not self.pump(QUIET) or len(self.raw) == size:
                return

    def line(self, typed: str) -> None:
        self.child.sendline(typed)

    def control(self, key: str) -> None:
        self.child.sendcontrol(key)

    def close(self) -> int:
        """Wait for the end; the exit status."""
        while self.pump(0.2):
            pass
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus is not None, self.child.signalstatus
        return int(self.child.exitstatus)

    def kill(self) -> None:
        """SIGKILL, as a crash or a closed laptop would stop it."""
        self.child.kill(signal.SIGKILL)
        while self.pump(0.2):
            pass
        self.child.close()
        assert self.child.signalstatus == signal.SIGKILL


# --- the table: the terminal and its shadow ----------------------------------------------------


class Table:
    """A recorder on a terminal, mirrored by a shadow session in this process."""

    def __init__(self, tmp: Path, *options: str, lang: str = "en", **env: str) -> None:
        self.tmp = tmp
        self.lang = lang
        shadow_file = tmp / "shadow.tpgn"
        if (tmp / FILE).exists():  # continuing: the shadow continues a copy
            shutil.copyfile(tmp / FILE, shadow_file)
        else:
            shadow_file.unlink(missing_ok=True)
        opened = _session_options(options)
        if "match" not in opened and not (tmp / FILE).exists():  # named as the command names it
            opened["match"] = DEFAULT_MATCH[lang].format(date=datetime.date.today().isoformat())
        self.shadow = Session.open(shadow_file, **opened)
        self.view = Recorder(self.shadow, lang, FILE, out=io.StringIO())
        self.term = Terminal(tmp, "record", FILE, *options, **env)
        self.prompted: Ask | None = None
        self.answered = ""
        """What the terminal showed for the last line typed (its echo and the reply)."""

    # what the terminal must show

    def said(self, render: Any) -> list[str]:
        """The lines the recorder prints for ``render(recorder)``, as the shadow has it."""
        out = io.StringIO()
        self.view.out = out
        render(self.view)
        return [line for line in out.getvalue().splitlines() if line.strip()]

    def show(self, lines: list[str]) -> None:
        for line in lines:
            self.term.expect(line)

    def prompt(self) -> Ask:
        """Wait for the prompt the shadow says comes next (unless it is shown); what it asks."""
        if self.prompted is not None:
            return self.prompted
        ask = self.shadow.ask()
        self.show(self.said(lambda view: view.introduce(ask)))  # a new deal, what Enter means
        self.term.expect(self.view.prompt(ask).rstrip())
        self.prompted = ask
        return ask

    def type(self, typed: str) -> None:
        """Type a line at the prompt the terminal shows; wait until it is taken."""
        ask = self.prompted
        assert ask is not None, "type() before prompt()"
        self.term.line(typed)
        if typed:  # the prompt is redrawn with the line when Enter is pressed
            echo = re.escape(self.view.prompt(ask).rstrip()) + " +" + re.escape(typed)
            self.term.expect(re.compile(echo))
        self.prompted = None

    # entries and commands

    def enter(self, typed: str) -> Reply:
        """Type an entry; the terminal must answer as the shadow does. The shadow's reply."""
        ask = self.prompt()
        mark = self.term.seen
        self.type(typed)
        if ask.kind == "score":
            reply = self._score(ask, typed)
        else:
            reply = self.shadow.answer(typed)
            self.show(self.said(lambda view: view.show_reply(reply)))
        self.answered = self.term.text[mark : self.term.seen]
        return reply

    def command(self, typed: str, run: Any = None, *, view: Any = None) -> Reply | None:
        """Type a command: ``run(shadow)`` does it to the shadow (its reply must be shown), or
        ``view(recorder)`` says what the terminal must show."""
        self.prompt()
        mark = self.term.seen
        self.type(typed)
        reply = run(self.shadow) if run is not None else None
        if reply is not None:
            self.show(self.said(lambda recorder: recorder.show_reply(reply)))
        if view is not None:
            self.show(self.said(view))
        self.answered = self.term.text[mark : self.term.seen]
        return reply

    def _score(self, ask: Ask, typed: str) -> Reply:
        written = parse_scores(typed, self.shadow.seats) if typed else None
        self.shadow.finish(written)
        key = "deal.corrected" if written else "deal.saved"
        self.term.expect(text(self.lang, key, deal=ask.deal, file=FILE))
        self.show(self.said(lambda view: view.show_totals()))
        return Reply(True, "saved")

    def play(self, script: Script, *, until: Any = None) -> None:
        """Answer the shadow's questions from ``script`` to the end of the deal (or until
        ``until(ask)`` holds: the question is then left on the screen)."""
        deal = self.shadow.deal_number
        while self.shadow.deal_number == deal:
            ask = self.prompt()
            if until is not None and until(ask):
                return
            reply = self.enter(script.answer(ask))
            assert reply.ok, (ask, reply)
            script.took(ask)

    def quit(self) -> int:
        """``quit`` between deals: the exit status."""
        self.prompt()
        self.type("quit")
        self.term.expect(text(self.lang, "quit.bye", deals=len(self.shadow.finished), file=FILE))
        return self.term.close()

    def same_file(self) -> None:
        """The file the command wrote is the shadow's, byte for byte (but the date)."""
        date = re.compile(r'^\[Date "[^"]*"\]$', re.M)
        real = date.sub("", (self.tmp / FILE).read_text(encoding="utf-8"))
        assert real == date.sub("", (self.tmp / "shadow.tpgn").read_text(encoding="utf-8"))


def _session_options(options: tuple[str, ...]) -> dict[str, Any]:
    """The command's options as :meth:`Session.open` takes them."""
    names = {"--variant": "variant", "--ruleset": "ruleset", "--players": "players",
             "--match": "match", "--dealer": "dealer"}  # fmt: skip
    out: dict[str, Any] = {}
    for option, value in zip(options[::2], options[1::2], strict=True):
        if option == "--players":
            out["players"] = dict(pair.split("=", 1) for pair in value.split())
        elif option in names:
            out[names[option]] = value
    return out


# --- what the scorekeeper types ----------------------------------------------------------------


class Script:
    """The answers for one generated deal. Cards are typed as tokens, or in ``names``'
    language for the hands of ``native`` seats. Once the table insisted on a card of its own,
    the rest of the play is the first legal card each time."""

    def __init__(
        self, record: Record, *, native: str = "", names: str = "sl", hidden: bool = False
    ) -> None:
        items = record.items
        self.hidden = hidden
        """The scorekeeper does not know the hands (nor the talon)."""
        self.variant = record.variant
        self.hands = {i.seat: i.cards for i in items if isinstance(i, Hand)}
        self.talon = next((i.cards for i in items if isinstance(i, Talon)), ())
        self.bids = deque(b for i in items if isinstance(i, Auction) for b in i.bids)
        self.calls = deque(i for i in items if isinstance(i, Call))
        self.exchanges = deque(i for i in items if isinstance(i, Exchange))
        self.announced = deque(write_item(i) for i in items if isinstance(i, Announce | Kontra))
        order = record.play_order()
        self.plays: deque[tuple[int, str, str]] = deque()
        """(trick, seat, card) in the order of play."""
        for trick in (i for i in items if isinstance(i, Trick)):
            first = order.index(trick.leader)
            for k, card in enumerate(trick.cards):
                self.plays.append((trick.number, order[(first + k) % len(order)], card))
        self.players = len(order)
        self.native = native
        self.language = vocabulary.LANGUAGES[names]
        self.deviated = False
        self.trick_whole = True
        """Type the next trick at once (alternating with card by card)."""
        self.before: list[tuple[Any, ...]] = []
        """The script's state before each entry taken (for undo)."""

    def cards(self, seat: str, cards: tuple[str, ...]) -> str:
        if seat not in self.native:
            return " ".join(cards)
        deck = deck_for(self.variant)
        return " ".join(card_name(c, deck, self.language) for c in cards)

    def answer(self, ask: Ask) -> str:
        """What to type at ``ask``."""
        kind, seat = ask.kind, ask.seat or ""
        if kind == "mode":
            return "play"
        if kind == "hands-known":
            return "no" if self.hidden else "yes"
        if kind == "hand":
            return self.cards(seat, self.hands[seat])
        if kind == "talon":
            return "" if self.hidden else " ".join(self.talon)
        if kind == "bid":
            if not self.bids:
                return ""  # an optional round (Ottocento's monte) ends with Enter
            assert self.bids[0].seat == seat, (ask, self.bids)
            return self.bids[0].bid
        if kind == "call":
            return self.calls[0].card if self.calls else ""
        if kind == "talon-choice":
            return " ".join(self.exchanges[0].take)
        if kind == "exchange":
            x = self.exchanges[0]
            assert x.seat == seat, (ask, x)
            shown = f" show {' '.join(x.show)}" if x.show else ""
            return " ".join(x.discard) + shown
        if kind == "announce":
            return self.announced[0] if self.announced else ""
        if kind == "card":
            return self.card(ask)
        if kind == "score":
            return ""
        raise AssertionError(f"the script has no answer for {ask}")

    def _state(self) -> tuple[Any, ...]:
        parts = (self.bids, self.calls, self.exchanges, self.announced, self.plays)
        return (*(deque(part) for part in parts), self.trick_whole)

    def undo(self) -> None:
        """The recorder took the last entry back: so does the script."""
        state = self.before.pop()
        self.bids, self.calls, self.exchanges, self.announced, self.plays = state[:5]
        self.trick_whole = state[5]

    def card(self, ask: Ask) -> str:
        if self.deviated:
            assert ask.choices, ask
            return ask.choices[0]
        if not self.plays:
            return ""  # the generated play stopped once the deal was decided
        number, seat, card = self.plays[0]
        assert seat == ask.seat, (ask, self.plays[0])
        if ask.count == self.players and self.trick_whole:
            return " ".join(c for n, _, c in self.plays if n == number)
        return card

    def took(self, ask: Ask) -> None:
        """The answer to ``ask`` was accepted: move on."""
        self.before.append(self._state())
        kind = ask.kind
        if kind == "bid" and self.bids:
            self.bids.popleft()
        elif kind == "call" and self.calls:
            self.calls.popleft()
        elif kind == "exchange":
            self.exchanges.popleft()
        elif kind == "announce" and self.announced:
            self.announced.popleft()
        elif kind == "card" and not self.deviated and self.plays:
            number = self.plays[0][0]
            whole = ask.count == self.players and self.trick_whole
            while self.plays and self.plays[0][0] == number:
                self.plays.popleft()
                if not whole:
                    break
            if whole or ask.count == 1:  # a trick ended: the next one the other way
                self.trick_whole = not self.trick_whole


def deals(variant: str, count: int = 1, seed: int = 0) -> list[Record]:
    """A generated match of ``count`` deals."""
    return list(generate(variant, n=count, seed=seed))


def first_seed(variant: str, wanted: Any, count: int = 1) -> int:
    """The first seed whose generated match's last deal has what ``wanted(record)`` says."""
    for seed in range(200):
        if wanted(deals(variant, count, seed)[-1]):
            return seed
    raise AssertionError(f"no generated {variant} deal as wanted")


def has(*kinds: type) -> Any:
    return lambda record: all(any(isinstance(i, k) for i in record.items) for k in kinds)


def no_traceback(table: Table) -> None:
    assert "Traceback" not in table.term.text, table.term.text[-2000:]


# --- sessions ----------------------------------------------------------------------------------


def test_slovenian_match_typo_illegal_card_renons_undo_outcome(tmp_path: Path) -> None:
    """A club evening of slovenian-4 (ruleset semedela): deal 1 the compulsory klop, typed
    from a generated match with a typo in a hand given in Slovenian card names; deal 2 with
    auction, call and talon, where an illegal card is refused with the engine's reason and the
    legal cards, then recorded as the table insists, as a renons claim; an undo at the start
    and in the play; deal 3 from the score sheet only. The file verifies."""
    match = deals("slovenian-4", 2, first_seed("slovenian-4", has(Call, Exchange), 2))
    table = Table(tmp_path, "--variant", "slovenian-4", "--players", PLAYERS)
    table.term.expect("New match 'Club evening ")
    table.term.expect("Players: N (Ana), E (Bojan), S (Cene), W (Darja).")
    table.term.seen = 0  # the prompt's introduction is checked next

    # deal 1: nothing to undo at the start; a typo in N's hand, typed in Slovenian names
    first = Script(match[0], native="N")
    assert table.command("undo", Session.undo) == Reply(False, "nothing-to-undo",
                                                        "the deal has just started")  # fmt: skip
    table.play(first, until=lambda ask: ask.kind == "hand")
    typed = first.answer(table.prompt())
    word = next(w for w in typed.split() if w in ("srce", "karo", "pik", "križ"))  # a suit
    wrong = word + word[-1]  # srcee
    refused = table.enter(typed.replace(word, wrong, 1))
    assert (refused.ok, refused.code) == (False, "unknown-word")
    assert f"Not understood: '{wrong}' is not a card" in table.answered
    assert f"did you mean '{word}'" in table.answered
    table.play(first, until=lambda ask: ask.kind == "card" and ask.trick == 2)
    table.command("undo", Session.undo)  # trick 1, typed at once, taken back
    assert "Taken back" in table.answered
    first.undo()
    assert table.prompt().trick == 1
    table.play(first)
    assert table.shadow.deal_number == 2

    # deal 2: an illegal card refused, then insisted on as a renons claim
    second = Script(match[1])
    table.play(second, until=lambda ask: ask.kind == "card" and _illegal(second, ask) is not None)
    ask = table.prompt()
    wrong_card = _illegal(second, ask)
    assert wrong_card is not None
    table.command("?", view=Recorder.show_choices)
    assert f"Legal now: {table.view.choices(ask.choices)}" in table.answered
    assert "(" in table.view.choices(ask.choices)  # cards by name, with their tokens
    refused = table.enter(wrong_card)
    assert (refused.ok, refused.code, refused.insistable) == (False, "illegal", True)
    assert refused.legal and wrong_card not in refused.legal
    assert f"Refused: {refused.reason}" in table.answered
    assert "Legal now: " + table.view.choices(refused.legal) in table.answered
    assert "insist renons CLAIMANT" in table.answered
    claimant = next(s for s in table.shadow.seats if s != ask.seat)
    insisted = table.command(f"insist renons {claimant}", lambda s: s.insist("renons", claimant))
    assert insisted is not None and insisted.ok and insisted.code == "insisted"
    assert "Recorded as the table insists" in table.answered
    second.deviated = True
    table.play(second)

    # deal 3: the score sheet only
    table.prompt()
    for typed in ("outcome", "three", "Bojan", "W", "+6", "+kings", "game=1"):
        assert table.enter(typed).ok, typed
    table.enter("")
    table.command("totals", view=Recorder.show_totals)
    assert table.quit() == 0
    no_traceback(table)

    table.same_file()
    records = record_file(tmp_path)
    assert [(r.get("Deal"), r.get("Dealer")) for r in records] == [("1", "N"), ("2", "E"),
                                                                    ("3", "S")]  # fmt: skip
    assert records[0].items == match[0].items  # the klop, as generated
    assert records[0].get("Result") == match[0].get("Result")
    claims = [i for i in records[1].items if isinstance(i, Renons)]
    assert [(c.claimant, c.accused, c.card) for c in claims] == [(claimant, ask.seat, wrong_card)]
    assert records[2].get("Contract") == "three" and records[2].get("Declarer") == "E"
    status, report = verify(tmp_path)
    assert status == 0, report
    assert "3 deals verified" in report


def _illegal(script: Script, ask: Ask) -> str | None:
    """A card ``ask.seat`` holds but may not play now (the script still followed)."""
    if script.deviated or ask.count == script.players or not ask.choices:
        return None
    held = [c for _, s, c in script.plays if s == ask.seat]
    return next((c for c in held if c not in ask.choices), None)


def test_slovenian_prompts_by_option_and_by_locale(tmp_path: Path) -> None:
    """``--lang sl``: the prompts and the lead-ins are Slovenian, the engine's reason stays
    English; the Slovenian words for the fixed choices and the commands work. Then the locale
    (``LANG=sl_SI.UTF-8``) alone makes the recorder Slovenian."""
    # pagat.com's rules: deal 1 is not a compulsory klop (Semedela's SL-3.1)
    table = Table(tmp_path, "--variant", "slovenian-4", "--ruleset", "pagat", "--players",
                  PLAYERS, "--lang", "sl", lang="sl")  # fmt: skip
    assert table.prompt().kind == "mode"
    assert "Nova partija 'Klubski večer " in table.term.text
    assert "Igra 1, deli N (Ana)." in table.term.text
    assert "Igra 1 · odigrana igra ali samo rezultat? [igrano/rezultat]>" in table.term.text
    table.enter("rezultat")
    refused = table.enter("trojkaa")
    assert not refused.ok
    lead_in = text("sl", f"reply.{refused.code}")  # Ne razumem
    assert f"{lead_in}: {refused.reason}" in table.answered  # the engine's reason: English
    assert "Dovoljeno: klop, trojka, dvojka, enka," in table.answered  # the words, Slovenian
    assert "did you mean 'trojka'" in refused.reason
    for typed in ("trojka", "Bojan", "Darja", "+6", "", ""):
        assert table.enter(typed).ok, typed
    mark = table.term.seen
    table.prompt()  # the score, said once, before its question: three won by 6: 10 + 6
    assert table.term.text[mark:].count("Rezultat") == 1
    assert "Rezultat igre 1: N 0 E +16 S 0 W +16\n" in table.term.text[mark:]
    assert "Enter potrdi rezultat, ali vpiši rezultat mize>" in table.term.text
    table.enter("")
    assert "Igra 1 je shranjena v club.tpgn.\nStanje partije po 1 igri:" in table.answered
    assert "  E (Bojan)               +16" in table.answered  # signed, as the scores
    table.prompt()
    table.type("konec")
    table.term.expect("Adijo. V club.tpgn je 1 igra.")
    assert table.term.close() == 0
    table.same_file()

    table = Table(tmp_path, lang="sl", LANG="sl_SI.UTF-8")
    table.prompt()
    assert "Nadaljujem partijo 'Klubski večer " in table.term.text
    assert "Igra 2, deli E (Bojan)." in table.term.text
    table.command("pomoč", view=lambda recorder: recorder.say("help", file=FILE))
    assert "undo / nazaj" in table.answered
    assert table.quit() == 0
    no_traceback(table)


def test_kill_mid_deal_then_continue_the_match(tmp_path: Path) -> None:
    """The recorder killed (SIGKILL) in the middle of deal 2 loses only that deal; run again
    on the file it continues the match: deal 2, dealer E, the totals of deal 1 in the
    toolbar and the totals table. The file then holds exactly the two finished deals, with
    running totals, and verifies."""
    match = deals("slovenian-4", 2, first_seed("slovenian-4", has(Call, Exchange), 2))
    table = Table(tmp_path, "--variant", "slovenian-4", "--players", PLAYERS)
    table.play(Script(match[0]))
    after_one = (tmp_path / FILE).read_bytes()
    second = Script(match[1])
    table.play(second, until=lambda ask: ask.kind == "card" and ask.trick == 3)
    table.term.kill()
    assert (tmp_path / FILE).read_bytes() == after_one
    assert len(record_file(tmp_path)) == 1

    table = Table(tmp_path)  # no options: all from the file
    totals = " ".join(f"{s} {v}" if v <= 0 else f"{s} +{v}" for s, v in
                      table.shadow.totals.items())  # fmt: skip
    assert any(table.shadow.totals.values())
    table.prompt()
    assert "Continuing match 'Club evening " in table.term.text
    assert "1 deal recorded." in table.term.text
    assert "Deal 2, dealer E (Bojan)." in table.term.text
    table.term.expect(f"Deal 2 · dealer E (Bojan) · {totals}")  # the toolbar
    table.command("totals", view=Recorder.show_totals)
    table.play(Script(match[1]))
    assert table.quit() == 0
    no_traceback(table)
    table.same_file()
    records = record_file(tmp_path)
    assert [r.get("Deal") for r in records] == ["1", "2"]
    assert records[1].items == match[1].items
    assert records[1].get("Result") == match[1].get("Result")
    status, report = verify(tmp_path)
    assert status == 0, report
    assert "2 deals verified: 2 OK" in report


def test_ctrl_c_clears_the_line_ctrl_d_asks_then_quits(tmp_path: Path) -> None:
    """Ctrl-C at a prompt drops the line typed so far; Ctrl-D in the middle of a deal asks
    before dropping it (no, or Ctrl-C at the question: carry on; Ctrl-D again at the question:
    yes). No traceback, and
    nothing written."""
    hand = deals("slovenian-4")[0].items[0]
    assert isinstance(hand, Hand)
    table = Table(tmp_path, "--variant", "slovenian-4")
    for typed in ("play", "yes"):
        table.enter(typed)
    table.prompt()
    table.term.settle()  # keys go to the prompt, not to the terminal's line editing
    table.term.child.send(" ".join(hand.cards[:5]))
    table.term.control("c")
    table.prompted = None
    assert table.prompt().kind == "hand"  # the same question again
    assert table.enter(" ".join(hand.cards)).ok  # the dropped cards are not in the line
    table.prompt()
    table.term.settle()
    table.term.control("d")
    table.term.expect("Deal 1 is not finished. Quit and drop it? [y/N]>")
    table.term.settle()
    table.term.line("n")
    table.term.expect("Carrying on with deal 1.")
    table.prompted = None
    table.prompt()
    table.term.settle()
    table.term.control("d")
    table.term.expect("Quit and drop it? [y/N]>")
    table.term.settle()
    table.term.control("c")  # cancel: No, the deal is kept
    table.term.expect("Carrying on with deal 1.")
    table.prompted = None
    table.prompt()
    table.term.settle()
    table.term.control("d")
    table.term.expect("Quit and drop it? [y/N]>")
    table.term.settle()
    table.term.control("d")
    table.term.expect("Bye. 0 deals in club.tpgn.")
    assert table.term.close() == 0
    no_traceback(table)
    assert not (tmp_path / FILE).exists() or not record_file(tmp_path)


def test_correction_is_kept_and_flagged(tmp_path: Path) -> None:
    """Scores typed at the score prompt are kept as the deal's Result (and go on in the
    totals); the verifier flags the difference from the computed ones."""
    table = Table(tmp_path, "--variant", "slovenian-4", "--ruleset", "pagat")  # no SL-3.1
    for typed in ("outcome", "two", "S", "N", "-10", "", ""):
        assert table.enter(typed).ok, typed
    mark = table.term.seen
    table.prompt()
    assert "Score of deal 1: N -30 E 0 S -30 W 0" in table.term.text[mark:]  # -(20 + 10)
    table.enter("N=-20 E=0 S=-20 W=0")
    assert "Deal 1 saved to club.tpgn with the table's scores" in table.answered
    assert table.quit() == 0
    table.same_file()
    (record,) = record_file(tmp_path)
    assert record.get("Result") == "N -20 E 0 S -20 W 0"
    assert record.get("Totals") == "N -20 E 0 S -20 W 0"
    status, report = verify(tmp_path)
    assert status == 1 and "score-mismatch" in report, report


FAMILIES = {
    "czech-4": has(Auction, Call, Exchange, Announce),
    "french-4": has(Auction, Exchange),
    "french-5": has(Auction, Call, Exchange),
    "ottocento": has(Exchange, Announce),
}
"""A variant of each other family → what its deal should have (the first seed that has it)."""


@pytest.mark.parametrize("variant", sorted(FAMILIES))
def test_a_whole_deal_of_each_family(tmp_path: Path, variant: str) -> None:
    """A generated deal of the variant typed in full (bids, call, talon, lay-away,
    declarations and kontras, tricks, alternately at once and card by card): the recorded
    deal is the generated one, scored the same, and verifies."""
    (generated,) = deals(variant, 1, first_seed(variant, FAMILIES[variant]))
    table = Table(tmp_path, "--variant", variant, "--players", _players(variant))
    table.play(Script(generated))
    assert table.quit() == 0
    no_traceback(table)
    table.same_file()
    (recorded,) = record_file(tmp_path)
    assert recorded.items == generated.items
    assert recorded.get("Result") == generated.get("Result")
    status, report = verify(tmp_path)
    assert status == 0 and "1 OK" in report, report


def test_hidden_hands(tmp_path: Path) -> None:
    """A french-4 deal whose hands nobody wrote down: the talon left unknown (Enter), the
    dog typed as the declarer takes it, every card accepted that the cards seen so far do not
    disprove, and ``?`` says the rules cannot narrow the choice. The deal verifies as far as
    the cards allow."""
    (generated,) = deals("french-4", 1, first_seed("french-4", FAMILIES["french-4"]))
    table = Table(tmp_path, "--variant", "french-4")
    script = Script(generated, hidden=True)
    table.play(script, until=lambda ask: ask.kind == "card")
    assert table.prompt().choices == ()
    table.command("?", view=Recorder.show_choices)
    assert "The rules cannot narrow" in table.answered
    table.play(script)
    assert table.quit() == 0
    table.same_file()
    (recorded,) = record_file(tmp_path)
    assert recorded.items == tuple(i for i in generated.items if not isinstance(i, Hand | Talon))
    status, report = verify(tmp_path)
    assert status == 0 and "0 with problems" in report, report


def _players(variant: str) -> str:
    names = ("Ana", "Bojan", "Cene", "Darja", "Eva")
    return " ".join(f"{s}={n}" for s, n in zip(seats_of(variant), names, strict=False))


def test_a_file_that_cannot_be_continued(tmp_path: Path) -> None:
    """Options that contradict the file, or a record that cannot be read: one line on the
    terminal, exit status 2, the file untouched."""
    (tmp_path / FILE).write_text(write_record(deals("czech-4")[0]), encoding="utf-8")
    before = (tmp_path / FILE).read_bytes()
    term = Terminal(tmp_path, "record", FILE, "--variant", "slovenian-4")
    term.expect(re.compile(r"tarokpgn record: club\.tpgn continues the match .* of czech-4, "
                           r"not slovenian-4 \(--variant\)"))  # fmt: skip
    assert term.close() == 2
    broken = '[Variant "czech-4"]\n\nhand N HK srcee\nend\n'  # a word that is no card
    (tmp_path / FILE).write_text(f"{before.decode()}\n{broken}", encoding="utf-8")
    term = Terminal(tmp_path, "record", FILE)
    term.expect(re.compile(r"tarokpgn record: club\.tpgn:\d+:\d*:? .*'srcee'"))
    assert term.close() == 2
    assert "Traceback" not in term.text
    assert (tmp_path / FILE).read_text(encoding="utf-8") == f"{before.decode()}\n{broken}"
