"""The interactive recorder: a thin loop around :class:`~tarokpgn.record.session.Session`.

Ask the session what comes next, prompt for it, hand the line to the session (or run a
command), print the reply and what the session filled in; repeat. All rules and all state are
the session's; all text is :mod:`tarokpgn.record.messages`'.

On a terminal the line is read with a prompt_toolkit :class:`PromptSession`: completion
(:class:`RecorderCompleter`: the legal choices first, then the card and bid words of the
chosen language and the notation's tokens), an in-memory history and a bottom toolbar with
the deal, the dealer and the match totals. When standard input is not a terminal (a script,
a pipe) lines are read plainly, the prompt still written. Ctrl-C at a prompt clears the line;
Ctrl-D (or the end of the input) quits, after asking when a deal is half entered (Ctrl-D
there answers yes, Ctrl-C cancels: the deal is kept).

Commands at any prompt (English, or the language's words from the catalog, such as
``nazaj``, ``vztrajam nepravilnost``): ``undo``, ``totals``, ``help``, ``?``,
``insist irregular``, ``insist renons CLAIMANT``, ``quit``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Final, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.shortcuts import CompleteStyle

from tarokpgn import vocabulary
from tarokpgn.model import format_scores
from tarokpgn.notation.localized import Localizer, card_name
from tarokpgn.notation.transformer import deck_for
from tarokpgn.record import messages
from tarokpgn.record.messages import text
from tarokpgn.record.session import Ask, Event, Reply, Session, SessionError
from tarokpgn.vocabulary import fold

Read = Callable[[str], str]
"""Reads one line after writing a prompt; :class:`EOFError` at the end, ``KeyboardInterrupt``
on Ctrl-C."""

COMMANDS = ("undo", "totals", "help", "?", "insist", "quit")
"""The recorder's commands by their English names (:func:`command_of` reads the others)."""

_INSIST_HOW = ("irregular", "renons")
_SPOKEN_BY_EVENTS = ("accepted", "trick-won", "deal-scored")
"""Reply codes said by their events alone (the trick's winner, the score)."""
_SAID_WHOLE = ("not-decided",)
"""Reply codes whose message says it all: the session's reason is not added."""
_SAVED: Final = {
    "deal-saved": "deal.saved",
    "deal-corrected": "deal.corrected",
    "scores-written": "deal.scores-written",
}
"""What the recorder says for each way :meth:`Session.finish` wrote a deal
(:attr:`Session.saved`)."""


# --- words -------------------------------------------------------------------------------------


def _language(lang: str) -> vocabulary.Language:
    return vocabulary.LANGUAGES.get(lang, vocabulary.EN)


def language_words(variant: str, lang: str) -> tuple[str, ...]:
    """The words the completer offers after the legal choices: the language's card, bid,
    announcement, kontra and target words for ``variant``, then the notation's own tokens and
    canonical words, then the commands; in that order, each once."""
    language = _language(lang)
    scope = vocabulary.words_of(variant)
    deck = deck_for(variant)
    trumps = language.trumps_62 if deck.name == "62" else language.trumps
    native: list[Iterable[str]] = [
        language.fool,
        trumps,
        *language.suits.values(),
        *language.ranks.values(),
        language.trump_words,
        language.bids.get(scope, {}),
        language.announcements.get(scope, {}),
        language.announcements.get(variant, {}),
        language.kontra,
        language.targets,
    ]
    notation: list[Iterable[str]] = [
        deck.tokens,
        dict.fromkeys(vocabulary.BIDS.get(scope, {}).values()),
        dict.fromkeys(vocabulary.ANNOUNCEMENTS.get(scope, {}).values()),
        ("game",),
    ]
    names = ("undo", "totals", "help", "quit", "insist", "irregular", "renons")
    commands = [text(lang, f"cmd.{name}") for name in names]
    out: dict[str, None] = {}
    for group in [*native, *notation, commands, COMMANDS, _INSIST_HOW]:
        for word in group:
            if len(word) > 1:  # no lone letters (H, K): they would crowd every completion
                out.setdefault(word, None)
    return tuple(out)


_ANSWERS: Final = ("play", "outcome", "yes", "no", "won", "lost")
"""The session's fixed choices: the catalogs say them in each language (``answer.*``)."""


def localized_choice(choice: str, variant: str, lang: str) -> str:
    """How ``lang`` writes the legal choice ``choice`` (a notation token or word): the card's
    name (``kralj srce``), the bid's or announcement's word (``trojka``), as the localized
    export writes them, the language's word for a fixed answer (``da``, ``rezultat``); empty
    when it has no other."""
    if choice in _ANSWERS:
        name = text(lang, f"answer.{choice}")
        return "" if name == choice else name
    words = Localizer(variant, _language(lang))
    if choice in words.deck:
        name = card_name(choice, words.deck, words.lang)
    else:
        name = words.bid(choice)
        name = words.announcement(choice) if name == choice else name
    return "" if name == choice else name


def shown_choice(choice: str, variant: str, lang: str) -> str:
    """A legal choice as the recorder shows it in ``lang``: a card by its name with its token
    (``kralj srce (HK)``), cards taken together joined (``VIII + osmica pik (T8 S8)``), a bid,
    an announcement or an answer by the language's word (``trojka``, ``da``), else as it
    is. The recorder reads back each word, name and token shown."""
    cards = choice.split()
    deck = deck_for(variant)
    if len(cards) > 1 and all(card in deck for card in cards):
        names = [localized_choice(card, variant, lang) or card for card in cards]
        return f"{' + '.join(names)} ({choice})"
    name = localized_choice(choice, variant, lang)
    if not name:
        return choice
    return f"{name} ({choice})" if choice in deck else name


class RecorderCompleter(Completer):
    """Completes the word (or the words of a card's name) before the cursor: the legal choices
    and their names in the language first, then :func:`language_words`. Case and diacritics
    do not matter (``SR`` finds ``srce``, ``sk`` finds ``škis``). At a blank, only the
    legal choices are offered."""

    def __init__(self, choices: Callable[[], Sequence[str]], words: Sequence[str]) -> None:
        self._choices = choices
        self._words = tuple(words)

    def candidates(self) -> list[str]:
        """Every word offered now, in order, each once."""
        return list(dict.fromkeys([*self._choices(), *self._words]))

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        before = document.text_before_cursor
        fragments = _fragments(before)
        if not fragments:
            for choice in dict.fromkeys(self._choices()):
                yield Completion(choice, start_position=0)
            return
        for candidate in self.candidates():
            folded = fold(candidate)
            for fragment in fragments:  # longest first: "kralj s" before "s"
                if folded.startswith(fold(fragment)) and folded != fold(fragment):
                    yield Completion(candidate, start_position=-len(fragment))
                    break


def _fragments(before: str, most: int = 3) -> list[str]:
    """The ends of ``before`` that start at one of its last ``most`` words, longest first;
    none when the cursor follows a blank."""
    if not before or before[-1].isspace():
        return []
    starts = [
        i for i, ch in enumerate(before) if not ch.isspace() and (i == 0 or before[i - 1].isspace())
    ]
    return [before[i:] for i in starts[-most:]]


def command_of(line: str, lang: str) -> tuple[str, list[str]] | None:
    """The command ``line`` is (its English name and its arguments), or None for an entry.
    A command is its English name or the language's word, in any case."""
    words = line.split()
    if not words:
        return None
    first = fold(words[0])
    for name in COMMANDS:
        spelled = messages.text(lang, f"cmd.{'choices' if name == '?' else name}")
        if first in (name, fold(spelled)):
            return name, words[1:]
    return None


def _insist_how(word: str, lang: str) -> str:
    """``irregular`` or ``renons`` for the word typed after ``insist`` (English or the
    language's, any case); else the word folded."""
    folded = fold(word)
    for how in _INSIST_HOW:
        if folded in (how, fold(text(lang, f"cmd.{how}"))):
            return how
    return folded


def parse_scores(line: str, seats: Sequence[str]) -> dict[str, int] | None:
    """The table's scores typed at the score prompt: ``N=30 E=-30 S=0 W=0``, ``N 30 E -30 …``
    or the numbers alone in seat order; None unless every seat gets one integer."""
    words = line.replace("=", " ").replace(",", " ").split()
    if len(words) == len(seats) and all(_is_int(w) for w in words):
        return {seat: int(w) for seat, w in zip(seats, words, strict=True)}
    if len(words) != 2 * len(seats):
        return None
    scores: dict[str, int] = {}
    for seat, number in zip(words[::2], words[1::2], strict=True):
        if seat.upper() not in seats or seat.upper() in scores or not _is_int(number):
            return None
        scores[seat.upper()] = int(number)
    return scores


def _is_int(word: str) -> bool:
    return word.lstrip("+-").isdigit() and word.count("+") + word.count("-") <= 1


# --- the loop ----------------------------------------------------------------------------------


class Recorder:
    """Records a match with ``session``, talking in ``lang`` and printing to ``out``."""

    def __init__(self, session: Session, lang: str, file: str, out: TextIO | None = None) -> None:
        self.session = session
        self.lang = lang
        self.file = file
        self.out = out if out is not None else sys.stdout
        self.completer = RecorderCompleter(self._choices, language_words(session.variant, lang))
        self.interactive = True
        """Whether Ctrl-C only clears the line (a terminal) or stops (a script)."""
        self._deal_shown: tuple[str, int] | None = None
        self._asked: Ask | None = None

    # output

    def say(self, key: str, **params: object) -> None:
        """Print message ``key``."""
        print(text(self.lang, key, **params), file=self.out, flush=True)

    def seat(self, seat: str | None) -> str:
        """``E (Bojan)``; the label alone when the name is the label."""
        if seat is None:
            return ""
        name = self.session.names.get(seat, seat)
        return seat if name == seat else text(self.lang, "prompt.seat", seat=seat, name=name)

    def side(self, key: str) -> str:
        """A seat as itself, a side of the card count (``declarer``) in the language."""
        return text(self.lang, f"side.{key}") if messages.known(f"side.{key}") else key

    def choices(self, choices: Sequence[str]) -> str:
        """Legal choices as the language says them (:func:`shown_choice`; a seat with its
        player's name), separated by commas."""
        seats = self.session.seats
        return ", ".join(
            self.seat(c) if c in seats else shown_choice(c, self.session.variant, self.lang)
            for c in choices
        )

    def scores(self, scores: Mapping[str, int]) -> str:
        """``N +30 E 0 …`` in seat order."""
        return format_scores({s: scores[s] for s in self.session.seats if s in scores})

    def prompt(self, ask: Ask) -> str:
        """The one-line prompt for ``ask``, ending in ``> ``. At the score of a deal the
        rules cannot score (nothing computed to confirm) it asks for the table's scores."""
        key = f"prompt.{ask.kind}"
        if ask.kind == "score" and not ask.default:
            key = "prompt.score-table"
        if not messages.known(key):
            key = "prompt.other"
        return text(
            self.lang, key, deal=ask.deal, seat=self.seat(ask.seat), trick=ask.trick,
            count=ask.count, what=ask.kind,
        )  # fmt: skip

    def toolbar(self) -> str:
        """The bottom toolbar: deal, dealer and the running totals."""
        return text(
            self.lang, "toolbar", deal=self.session.deal_number,
            dealer=self.seat(self.session.dealer), totals=self.scores(self.session.totals),
        )  # fmt: skip

    def show_totals(self) -> None:
        """The table of the match's running totals."""
        self.say("totals.title", deals=len(self.session.finished))
        for seat in self.session.seats:
            total = format_scores({seat: self.session.totals.get(seat, 0)}).split()[-1]
            self.say("totals.row", seat=self.seat(seat), total=total)  # +42, as the scores

    def show_reply(self, reply: Reply) -> None:
        """A reply: its lead-in, the engine's reason and rule, the legal choices, whether it
        can be insisted on; then its events."""
        if reply.ok and reply.code == "undone":  # what was taken back: the question again
            question = self.prompt(self.session.ask()).rstrip().removesuffix(">").rstrip()
            self.say("reply.undone-asked", question=question)
        elif not reply.ok or reply.code not in _SPOKEN_BY_EVENTS:
            key = f"reply.{reply.code}" if messages.known(f"reply.{reply.code}") else "reply.other"
            line = text(self.lang, key)
            if reply.reason and reply.code not in _SAID_WHOLE:
                line += f": {messages.reason(self.lang, reply.reason)}"
            if reply.rule:
                line += f" [{text(self.lang, 'reply.rule', rule=reply.rule)}]"
            print(line, file=self.out, flush=True)
        if not reply.ok and reply.legal:
            self.say("reply.legal", choices=self.choices(reply.legal))
        if not reply.ok and reply.insistable:
            self.say("reply.insist")
        for event in reply.events:
            self.show_event(event)

    def show_event(self, event: Event) -> None:
        """One thing the session worked out."""
        kind, seat = event.kind, self.seat(event.seat)
        if kind == "contract":
            key = "event.contract" if event.seat else "event.contract-alone"
            word = localized_choice(event.word, self.session.variant, self.lang) or event.word
            self.say(key, word=word, seat=seat)
        elif kind in ("leader", "trick-won"):
            self.say(f"event.{kind}", seat=seat, trick=event.trick)
        elif kind == "score":
            pass  # said once, before the score's question (introduce)
        elif kind == "card-points":
            points = " ".join(f"{self.side(k)} {v}" for k, v in event.scores.items())
            self.say("event.card-points", points=points)
        elif kind == "talon":
            self.say("event.talon", cards=" ".join(event.cards))
        else:
            self.say("event.other", what=kind)

    # input

    def _choices(self) -> Sequence[str]:
        ask = self.session.ask()
        choices = list(ask.choices)
        named = [localized_choice(c, self.session.variant, self.lang) for c in choices]
        return [*choices, *(n for n in named if n)]

    def greet(self) -> None:
        """Say which match this is and who plays."""
        s = self.session
        key = "start.resumed" if s.finished else "start.new"
        self.say(
            key, match=s.match, variant=s.variant, ruleset=s.ruleset, file=self.file,
            deals=len(s.finished),
        )  # fmt: skip
        self.say("start.players", players=", ".join(self.seat(seat) for seat in s.seats))
        if s.finished:
            self.show_totals()

    def run(self, read: Read) -> int:
        """The loop: until ``quit`` or the end of the input. Exit status 0."""
        self.greet()
        while True:
            ask = self.session.ask()
            self.introduce(ask)
            try:
                line = read(self.prompt(ask))
            except KeyboardInterrupt:  # Ctrl-C at a prompt: the line is dropped
                if self.interactive:
                    continue
                raise  # reading a script: stop (the command says "interrupted")
            except EOFError:  # Ctrl-D or the end of a script
                if self.confirm_quit(read):
                    return 0
                continue
            if not self.handle(ask, line.strip(), read):
                return 0

    def introduce(self, ask: Ask) -> None:
        """Before a new question: the deal and its dealer when a deal starts, and what Enter
        means (the computed score, the talon left over, the implied call) when it means
        something."""
        deal = (self.session.match, ask.deal)
        if self._deal_shown != deal:
            self._deal_shown = deal
            self.say("deal.start", deal=ask.deal, dealer=self.seat(self.session.dealer))
        if ask == self._asked:
            return
        self._asked = ask
        if ask.kind == "score":
            self.say_score(ask)
        elif ask.default and ask.kind != "mode":
            self.say("ask.default", default=ask.default)

    def handle(self, ask: Ask, line: str, read: Read) -> bool:
        """Act on one typed line; False to stop."""
        command = command_of(line, self.lang)
        if command is not None:
            return self.command(*command, read=read)
        if ask.kind == "score":
            self.score(ask, line)
        else:
            self.show_reply(self.session.answer(line))
        return True

    def command(self, name: str, args: list[str], read: Read) -> bool:
        """Run a command; False to stop."""
        if name == "quit":
            return not self.confirm_quit(read)
        if name == "undo":
            self.show_reply(self.session.undo())
        elif name == "totals":
            self.show_totals()
        elif name == "help":
            self.say("help", file=self.file)
        elif name == "?":
            self.show_choices()
        elif name == "insist":
            self.insist(args)
        return True

    def show_choices(self) -> None:
        """The legal choices now, or that the rules cannot narrow them."""
        ask = self.session.ask()
        if ask.kind == "score":
            self.say_score(ask)
        elif ask.choices:
            self.say("choices.list", choices=self.choices(ask.choices))
        else:
            self.say("choices.none")

    def insist(self, args: list[str]) -> None:
        """``insist irregular`` / ``insist renons CLAIMANT``."""
        how = _insist_how(args[0], self.lang) if args else ""
        claimant = args[1] if len(args) > 1 else None  # a seat or a player's name
        if how not in _INSIST_HOW or (how == "renons") != (claimant is not None) or len(args) > 2:
            self.say("insist.usage", seats=" ".join(self.session.seats))
            return
        self.show_reply(self.session.insist(how, claimant))

    def score(self, ask: Ask, line: str) -> None:
        """The score prompt: Enter confirms the computed scores, else the table's (the only
        answer when the rules cannot score the deal). What was saved is the session's word
        (:attr:`Session.saved`): the computed scores, the table's differing from them (the
        verifier flags it), or the table's where nothing was computed."""
        written = None
        if not line and not ask.default:  # nothing computed to confirm
            self.say_score(ask)
            return
        if line:
            written = parse_scores(line, self.session.seats)
            if written is None:
                example = " ".join(f"{seat}=0" for seat in self.session.seats)
                self.say("score.bad", seats=" ".join(self.session.seats), example=example)
                return
        try:
            self.session.finish(written)
        except (SessionError, OSError) as exc:  # the file went away
            self.say("score.unsaved", reason=exc)
            return
        saved = self.session.saved
        code = saved.code if saved is not None else "deal-saved"
        key = _SAVED.get(code, "deal.saved")
        self.say(key, deal=ask.deal, file=self.file)
        self.show_totals()

    def say_score(self, ask: Ask) -> None:
        """Before the score's question (and at ``?``): the computed score, or that the rules
        cannot score the deal and the table's scores are wanted."""
        if ask.default:
            self.say("score.computed", deal=ask.deal, scores=ask.default)
        else:
            example = " ".join(f"{seat}=0" for seat in self.session.seats)
            self.say("score.not-computed", deal=ask.deal, example=example)

    def confirm_quit(self, read: Read) -> bool:
        """Whether to stop: at once between deals, else after asking (the end of the input
        or Ctrl-D answers yes; Ctrl-C cancels, as No, the default)."""
        ask = self.session.ask()
        if ask.kind != "mode":
            try:
                answer = read(text(self.lang, "quit.confirm", deal=ask.deal))
            except EOFError:
                answer = text(self.lang, "choice.confirm")
            except KeyboardInterrupt:  # cancel: the deal is kept
                if not self.interactive:
                    raise  # reading a script: stop (the command says "interrupted")
                answer = ""
            yes = {fold(text(self.lang, "choice.confirm")), fold(text(self.lang, "choice.yes"))}
            if fold(answer.strip()) not in yes | {"y", "yes"}:
                self.say("quit.kept", deal=ask.deal)
                return False
            self.session.abandon()
        self.say("quit.bye", deals=len(self.session.finished), file=self.file)
        return True


# --- readers -----------------------------------------------------------------------------------


def prompt_reader(
    recorder: Recorder, input: Input | None = None, output: Output | None = None
) -> Read:
    """A prompt_toolkit reader for ``recorder`` (completion, history, toolbar); ``input`` and
    ``output`` for tests (``create_pipe_input``, ``DummyOutput``)."""
    session: PromptSession[str] = PromptSession(
        completer=recorder.completer,
        complete_while_typing=False,
        complete_style=CompleteStyle.READLINE_LIKE,  # Tab completes at once, lists above
        history=InMemoryHistory(),
        bottom_toolbar=recorder.toolbar,
        input=input,
        output=output,
    )
    return session.prompt


def plain_reader(stdin: TextIO, out: TextIO) -> Read:
    """Reads lines from a file or pipe: the prompt is written, the line read and ended."""

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            raise EOFError
        out.write("\n")
        return line.rstrip("\r\n")

    return read


def record(
    session: Session,
    lang: str,
    file: str,
    *,
    out: TextIO | None = None,
    read: Read | None = None,
) -> int:
    """Run the recorder over ``session``: a prompt_toolkit prompt on a terminal, plain lines
    from standard input otherwise (or ``read``). The exit status: 0."""
    recorder = Recorder(session, lang, file, out)
    if read is None:
        recorder.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        if recorder.interactive:
            read = prompt_reader(recorder)
        else:
            read = plain_reader(sys.stdin, recorder.out)
    return recorder.run(read)
