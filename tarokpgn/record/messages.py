"""What the recorder (``tarokpgn record``) says, in English and Slovenian.

One catalog per language maps a message key to its text with ``{placeholders}``; both catalogs
have the same keys and the same placeholders (``tests/test_record_messages.py``). Keys:

* ``prompt.KIND``: the prompt for each :class:`~tarokpgn.record.session.Ask` kind, one line
  ending in ``> `` (``Deal 2 · E (Bojan) bids> ``); ``prompt.other`` for a kind this module
  does not know yet.
* ``reply.CODE``: the lead-in of each :class:`~tarokpgn.record.session.Reply` code. The
  rules engine's own reasons (``reason``) stay in English and follow the translated lead-in.
* ``reason.KEY``: the session's own reasons for a refusal (:data:`SESSION_REASONS`), said in
  the language; the engine's stay in English.
* ``event.KIND``: what the session filled in (who leads, who won a trick); the score is said
  once, by ``score.computed`` before its question.
* ``help``, ``cmd.*``, ``totals.*``, ``quit.*``, ``score.*``, ``toolbar``, ``start.*``:
  the commands, the tables and the dialogue around them.
* ``choice.yes``, ``choice.confirm``: the language's yes (and its one-letter form) at the
  question whether to quit; ``y`` and ``yes`` always do. The session itself reads the
  answers to its own yes/no and play/outcome questions in either language (``da``,
  ``igrano``, ``rezultat``).
* ``answer.CHOICE``: the language's word for the session's fixed choices (``play``,
  ``outcome``, ``yes``, ``no``, ``won``, ``lost``), as the legal choices are shown.

A number's noun agrees with it: the format spec ``plural:FORM|FORM…`` picks the language's
form (:func:`plural_form`; English singular and plural, Slovenian singular, dual, plural of
3–4 and of 5 and more: ``1 karta``, ``2 karti``, ``3 karte``, ``5 kart``), ``#`` standing for
the number.

:func:`language` picks the language from the ``--lang`` option or the locale, :func:`text`
looks a message up and fills it in.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping
from typing import Any, Final

LANGUAGES: Final = ("en", "sl")
"""The recorder's languages, by code (``--lang``)."""

_EN: Final[dict[str, str]] = {
    # prompts: one line each, ending in "> "
    "prompt.mode": "Deal {deal} · played deal or score sheet only? [play/outcome]> ",
    "prompt.hands-known": "Deal {deal} · are the hands known? [yes/no]> ",
    "prompt.hand": "Deal {deal} · hand of {seat} ({count:plural:# card|# cards})> ",
    "prompt.talon": "Deal {deal} · talon ({count:plural:# card|# cards})> ",
    "prompt.bid": "Deal {deal} · {seat} bids> ",
    "prompt.call": "Deal {deal} · {seat} calls> ",
    "prompt.talon-choice": "Deal {deal} · {seat} takes from the talon> ",
    "prompt.exchange": "Deal {deal} · {seat} lays away ({count:plural:# card|# cards})> ",
    "prompt.announce": "Deal {deal} · announcements and kontras (Enter: no more)> ",
    "prompt.card": "Deal {deal} · trick {trick} · {seat} plays> ",
    "prompt.score": "Deal {deal} · Enter to confirm, or type the table's scores> ",
    "prompt.score-table": "Deal {deal} · the table's scores> ",
    "prompt.contract": "Deal {deal} · contract> ",
    "prompt.declarer": "Deal {deal} · declarer> ",
    "prompt.partner": "Deal {deal} · partner (Enter: none)> ",
    "prompt.result": "Deal {deal} · difference or won/lost> ",
    "prompt.bonuses": "Deal {deal} · bonuses (Enter: none)> ",
    "prompt.kontras": "Deal {deal} · kontras (Enter: none)> ",
    "prompt.other": "Deal {deal} · {what}> ",
    "prompt.seat": "{seat} ({name})",
    # replies: a lead-in; the engine's reason (English) follows
    "reply.accepted": "OK",
    "reply.illegal": "Refused",
    "reply.unknown-word": "Not understood",
    "reply.wrong-count": "Wrong number of cards",
    "reply.nothing-to-undo": "Nothing to undo",
    "reply.undone": "Taken back",
    "reply.undone-asked": "Taken back; asked again: {question}",
    "reply.trick-won": "Trick won",
    "reply.deal-scored": "The deal is scored",
    "reply.not-now": "Not now",
    "reply.not-decided": "The deal is not decided yet: type one card or the whole trick.",
    "reply.deal-saved": "Saved",
    "reply.deal-corrected": "Saved with the table's scores; the verifier will flag the difference",
    "reply.scores-written": "Saved with the table's scores (the rules cannot score this deal)",
    "reply.not-insistable": "This cannot be insisted on",
    "reply.insisted": "Recorded as the table insists",
    "reply.other": "Note",
    "reply.rule": "rule {rule}",
    "reply.legal": "Legal now: {choices}",
    "reply.insist": "To record it anyway: insist irregular, or insist renons CLAIMANT.",
    # the session's own reasons (SESSION_REASONS), said in the language
    "reason.count": "{given:plural:# card|# cards} given, {expected:plural:# card|# cards} "
    "expected",
    "reason.count-some": "{given:plural:# card|# cards} given, at least one card expected",
    "reason.mode": "{text!r}: answer play or outcome",
    "reason.yes-no": "{text!r}: answer yes or no",
    "reason.bid-needed": "a bid is needed (pass or a contract)",
    "reason.not-one-bid": "{text!r} is not one bid",
    "reason.not-one-announcement": "{text!r} is not one announcement or kontra",
    "reason.scored": "the deal is scored: confirm the score or type the table's",
    "reason.contract-needed": "the contract is needed",
    "reason.not-a-seat": "{text!r} is not a seat",
    "reason.declarer-needed": "the declarer is needed",
    "reason.won-lost": "{text!r}: give won or lost",
    "reason.difference": "{text!r}: give the signed difference, such as +6",
    "reason.no-contract": "{text!r} is no contract of {ruleset}",
    "reason.turn": "it is {seat}'s turn to play",
    "reason.nothing-refused": "nothing was just refused",
    "reason.not-insistable": "only a refused card or lead can be insisted on",
    "reason.claimant": "insist renons needs the claimant's seat",
    "reason.insist-how": "{text!r}: insist irregular or insist renons",
    "reason.deal-start": "the deal has just started",
    "reason.nothing-typed": "nothing is typed at this question",
    "reason.renons-only": "no irregularity accepts this fault: insist renons CLAIMANT",
    "reason.out-of-turn": "{reason}; a card played out of turn inside a trick cannot be insisted "
    "on: a trick line holds its cards in turn from the leader",
    "reason.restated": "the auction is over: {seat} holds {word}, and saying it again "
    "changes nothing",
    "reason.talon-order": "type the talon's cards in the order they were dealt: the rules read it",
    "reason.not-carried": "the record could not carry it",
    "reason.partly": "{reason} ({cards} recorded before it)",
    # events: what the session filled in
    "event.contract": "Contract: {word}, declarer {seat}.",
    "event.contract-alone": "Contract: {word}.",
    "event.leader": "{seat} leads.",
    "event.trick-won": "Trick {trick} was won by {seat}.",
    "event.card-points": "Card points: {points}.",
    "event.talon": "Talon: {cards}.",
    "event.other": "{what}",
    "side.declarer": "declarer",
    "side.opponents": "opponents",
    # commands
    "cmd.undo": "undo",
    "cmd.totals": "totals",
    "cmd.help": "help",
    "cmd.choices": "?",
    "cmd.insist": "insist",
    "cmd.irregular": "irregular",
    "cmd.renons": "renons",
    "cmd.quit": "quit",
    "help": (
        "Type what happens at the table, one entry at a time, in the notation or in the\n"
        "players' words (card names, bids, abbreviations; any case, with or without\n"
        "diacritics). Several cards at once are fine for a hand, the talon, a lay-away or a\n"
        "whole trick. Tab completes a word, the legal choices first.\n"
        "Commands, at any prompt:\n"
        "  undo                      take back the last entry of this deal\n"
        "  totals                    the running totals of the match\n"
        "  ?                         the legal choices now\n"
        "  insist irregular          record the entry just refused as an accepted irregularity\n"
        "  insist renons CLAIMANT    record it with a renons claim by CLAIMANT (seat or name)\n"
        "  help                      this text\n"
        "  quit                      stop (an unfinished deal is not saved)\n"
        "Ctrl-C clears the line, Ctrl-D quits. Each finished deal is saved to {file} at once."
    ),
    "choices.none": "The rules cannot narrow the choices down here.",
    "choices.list": "Legal now: {choices}",
    "insist.usage": "Type: insist irregular, or insist renons CLAIMANT (a seat: {seats}).",
    # the match
    "start.new": "New match {match!r} ({variant}, ruleset {ruleset}) in {file}.",
    "start.resumed": "Continuing match {match!r} ({variant}, ruleset {ruleset}) in {file}: "
    "{deals:plural:# deal|# deals} recorded.",
    "start.players": "Players: {players}. Type help for the commands.",
    "deal.start": "Deal {deal}, dealer {dealer}.",
    "deal.saved": "Deal {deal} saved to {file}.",
    "deal.corrected": "Deal {deal} saved to {file} with the table's scores; the verifier will "
    "flag the difference.",
    "deal.scores-written": "Deal {deal} saved to {file} with the table's scores (the rules "
    "cannot score it).",
    "totals.title": "Match totals after {deals:plural:# deal|# deals}:",
    "totals.row": "  {seat:<20} {total:>6}",
    "toolbar": "Deal {deal} · dealer {dealer} · {totals}",
    "score.computed": "Score of deal {deal}: {scores}",
    "score.not-computed": "The rules cannot score deal {deal}: type the table's scores, "
    "e.g. {example}.",
    "ask.default": "Enter: {default}",
    "score.bad": "Type the table's scores as SEAT=POINTS for every seat ({seats}), e.g. {example}.",
    "quit.confirm": "Deal {deal} is not finished. Quit and drop it? [y/N]> ",
    "quit.kept": "Carrying on with deal {deal}.",
    "quit.bye": "Bye. {deals:plural:# deal|# deals} in {file}.",
    "score.unsaved": "Not saved: {reason}",
    # the language's words for yes at the quit question
    "choice.yes": "yes",
    "choice.confirm": "y",
    # the words for the session's fixed choices, as the choices are shown
    "answer.play": "play",
    "answer.outcome": "outcome",
    "answer.yes": "yes",
    "answer.no": "no",
    "answer.won": "won",
    "answer.lost": "lost",
}

_SL: Final[dict[str, str]] = {
    "prompt.mode": "Igra {deal} · odigrana igra ali samo rezultat? [igrano/rezultat]> ",
    "prompt.hands-known": "Igra {deal} · so karte igralcev znane? [da/ne]> ",
    "prompt.hand": "Igra {deal} · karte {seat} ({count:plural:# karta|# karti|# karte|# kart})> ",
    "prompt.talon": "Igra {deal} · talon ({count:plural:# karta|# karti|# karte|# kart})> ",
    "prompt.bid": "Igra {deal} · licitira {seat}> ",
    "prompt.call": "Igra {deal} · {seat} kliče> ",
    "prompt.talon-choice": "Igra {deal} · {seat} vzame iz talona> ",
    "prompt.exchange": "Igra {deal} · {seat} založi "
    "({count:plural:# karto|# karti|# karte|# kart})> ",
    "prompt.announce": "Igra {deal} · napovedi in kontre (Enter: nič več)> ",
    "prompt.card": "Igra {deal} · štih {trick} · na vrsti je {seat}> ",
    "prompt.score": "Igra {deal} · Enter potrdi rezultat, ali vpiši rezultat mize> ",
    "prompt.score-table": "Igra {deal} · rezultat mize> ",
    "prompt.contract": "Igra {deal} · katera igra> ",
    "prompt.declarer": "Igra {deal} · kdo je igral> ",
    "prompt.partner": "Igra {deal} · partner (Enter: brez)> ",
    "prompt.result": "Igra {deal} · razlika ali dobil/izgubil> ",
    "prompt.bonuses": "Igra {deal} · bonusi (Enter: brez)> ",
    "prompt.kontras": "Igra {deal} · kontre (Enter: brez)> ",
    "prompt.other": "Igra {deal} · {what}> ",
    "prompt.seat": "{seat} ({name})",
    "reply.accepted": "V redu",
    "reply.illegal": "Ni dovoljeno",
    "reply.unknown-word": "Ne razumem",
    "reply.wrong-count": "Napačno število kart",
    "reply.nothing-to-undo": "Ni česa vrniti",
    "reply.undone": "Vrnjeno",
    "reply.undone-asked": "Vrnjeno; ponovno vprašanje: {question}",
    "reply.trick-won": "Štih pobran",
    "reply.deal-scored": "Rezultat igre je izračunan",
    "reply.not-now": "Ne zdaj",
    "reply.not-decided": "Igra še ni odločena: vpiši eno karto ali cel štih.",
    "reply.deal-saved": "Shranjeno",
    "reply.deal-corrected": "Shranjeno z rezultatom mize; preverjanje bo razliko označilo",
    "reply.scores-written": "Shranjeno z rezultatom mize (pravila te igre ne točkujejo)",
    "reply.not-insistable": "Tega ni mogoče vpisati mimo pravil",
    "reply.insisted": "Vpisano, ker miza vztraja",
    "reply.other": "Opomba",
    "reply.rule": "pravilo {rule}",
    "reply.legal": "Dovoljeno: {choices}",
    "reply.insist": "Za vpis kljub temu: vztrajam nepravilnost ali vztrajam renons PRIJAVITELJ.",
    "reason.count": "pričakovano: {expected:plural:# karta|# karti|# karte|# kart}, vpisano: "
    "{given:plural:# karta|# karti|# karte|# kart}",
    "reason.count-some": "vpiši vsaj eno karto (vpisano: "
    "{given:plural:# karta|# karti|# karte|# kart})",
    "reason.mode": "{text!r}: odgovori igrano ali rezultat",
    "reason.yes-no": "{text!r}: odgovori da ali ne",
    "reason.bid-needed": "vpiši licitacijo (naprej ali igro)",
    "reason.not-one-bid": "{text!r} ni ena licitacija",
    "reason.not-one-announcement": "{text!r} ni ena napoved ali kontra",
    "reason.scored": "rezultat igre je izračunan: potrdi ga ali vpiši rezultat mize",
    "reason.contract-needed": "vpiši igro",
    "reason.not-a-seat": "{text!r} ni sedež",
    "reason.declarer-needed": "vpiši, kdo je igral",
    "reason.won-lost": "{text!r}: vpiši dobil ali izgubil",
    "reason.difference": "{text!r}: vpiši razliko s predznakom, npr. +6",
    "reason.no-contract": "{text!r} ni igra pravil {ruleset}",
    "reason.turn": "na vrsti je {seat}",
    "reason.nothing-refused": "pravkar ni bilo nič zavrnjeno",
    "reason.not-insistable": "vztrajati je mogoče le pri zavrnjeni karti ali izigranju",
    "reason.claimant": "vztrajam renons: manjka sedež prijavitelja",
    "reason.insist-how": "{text!r}: vztrajam nepravilnost ali vztrajam renons",
    "reason.deal-start": "igra se je šele začela",
    "reason.nothing-typed": "pri tem vprašanju se nič ne vpisuje",
    "reason.renons-only": "te napake ne sprejme nobena nepravilnost: vztrajam renons PRIJAVITELJ",
    "reason.out-of-turn": "{reason}; pri karti, odigrani sredi štiha izven vrstnega reda, ni "
    "mogoče vztrajati: vrstica štiha ima karte po vrsti od prvega igralca",
    "reason.restated": "licitacija je končana: {seat} ima {word}, ponovitev ne spremeni ničesar",
    "reason.talon-order": "vpiši karte talona v vrstnem redu, kot so bile razdeljene: pravila "
    "ga upoštevajo",
    "reason.not-carried": "zapis tega ne more vsebovati",
    "reason.partly": "{reason} (karte pred njo so vpisane: {cards})",
    "event.contract": "Igra: {word}, igralec {seat}.",
    "event.contract-alone": "Igra: {word}.",
    "event.leader": "Prvi izigra {seat}.",
    "event.trick-won": "Štih {trick} je pobral {seat}.",
    "event.card-points": "Točke v kartah: {points}.",
    "event.talon": "Talon: {cards}.",
    "event.other": "{what}",
    "side.declarer": "igralec",
    "side.opponents": "nasprotniki",
    "cmd.undo": "nazaj",
    "cmd.totals": "stanje",
    "cmd.help": "pomoč",
    "cmd.choices": "?",
    "cmd.insist": "vztrajam",
    "cmd.irregular": "nepravilnost",
    "cmd.renons": "renons",
    "cmd.quit": "konec",
    "help": (
        "Vpisuj, kar se dogaja za mizo, vnos za vnosom: v notaciji ali z besedami igralcev\n"
        "(imena kart in iger, napovedi, okrajšave; velike ali male črke, s strešicami ali brez).\n"
        "Več kart naenkrat je v redu za karte igralca, talon, založene karte ali cel štih.\n"
        "Tab dopolni besedo, najprej z dovoljenimi možnostmi.\n"
        "Ukazi, pri vsakem vprašanju (angleški ali slovenski):\n"
        "  undo / nazaj                vrni zadnji vnos te igre\n"
        "  totals / stanje             tekoče stanje partije (seštevek rezultatov)\n"
        "  ?                           kaj je zdaj dovoljeno\n"
        "  insist irregular            zavrnjeni vnos vpiši kot sprejeto nepravilnost\n"
        "  insist renons PRIJAVITELJ   vpiši ga s prijavo renonsa (sedež ali ime prijavitelja)\n"
        "  help / pomoč                to besedilo\n"
        "  quit / konec                končaj (nedokončana igra se ne shrani)\n"
        "Namesto insist lahko vpišeš vztrajam, namesto irregular nepravilnost\n"
        "(vztrajam nepravilnost, vztrajam renons N).\n"
        "Ctrl-C počisti vrstico, Ctrl-D konča. Vsaka končana igra se takoj shrani v {file}."
    ),
    "choices.none": "Tu pravila izbire ne omejijo.",
    "choices.list": "Dovoljeno: {choices}",
    "insist.usage": "Vpiši: vztrajam nepravilnost ali vztrajam renons PRIJAVITELJ "
    "(sedež: {seats}).",
    "start.new": "Nova partija {match!r} ({variant}, pravila {ruleset}) v {file}.",
    "start.resumed": "Nadaljujem partijo {match!r} ({variant}, pravila {ruleset}) v {file}: "
    "{deals:plural:vpisana je # igra|vpisani sta # igri|vpisane so # igre|vpisanih je # iger}.",
    "start.players": "Igralci: {players}. Vpiši pomoč za ukaze.",
    "deal.start": "Igra {deal}, deli {dealer}.",
    "deal.saved": "Igra {deal} je shranjena v {file}.",
    "deal.corrected": "Igra {deal} je shranjena v {file} z rezultatom mize; preverjanje bo "
    "razliko označilo.",
    "deal.scores-written": "Igra {deal} je shranjena v {file} z rezultatom mize (pravila je "
    "ne točkujejo).",
    "totals.title": "Stanje partije po {deals:plural:# igri|# igrah|# igrah|# igrah}:",
    "totals.row": "  {seat:<20} {total:>6}",
    "toolbar": "Igra {deal} · deli {dealer} · {totals}",
    "score.computed": "Rezultat igre {deal}: {scores}",
    "score.not-computed": "Pravila igre {deal} ne točkujejo: vpiši rezultat mize, npr. {example}.",
    "ask.default": "Enter pomeni: {default}",
    "score.bad": "Vpiši rezultat mize kot SEDEŽ=TOČKE za vsak sedež ({seats}), npr. {example}.",
    "quit.confirm": "Igra {deal} ni končana. Končam in jo zavržem? [d/N]> ",
    "quit.kept": "Nadaljujemo z igro {deal}.",
    "quit.bye": "Adijo. V {file} {deals:plural:je # igra|sta # igri|so # igre|je # iger}.",
    "score.unsaved": "Ni shranjeno: {reason}",
    "choice.yes": "da",
    "choice.confirm": "d",
    "answer.play": "igrano",
    "answer.outcome": "rezultat",
    "answer.yes": "da",
    "answer.no": "ne",
    "answer.won": "dobil",
    "answer.lost": "izgubil",
}

CATALOGS: Final[Mapping[str, Mapping[str, str]]] = {"en": _EN, "sl": _SL}

_QUOTED: Final = r"""(?P<text>'.*'|".*")"""
_NO_TRICK_LINE: Final = (
    r"a card played out of turn inside a trick cannot be insisted on: a trick line holds its "
    r"cards in turn from the leader"
)
SESSION_REASONS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"(?P<given>\d+) card\(s\) given, (?P<expected>\d+) card\(s\) expected", "count"),
        (r"(?P<given>\d+) card\(s\) given, at least one card expected", "count-some"),
        (_QUOTED + r": answer play or outcome", "mode"),
        (_QUOTED + r": answer yes or no", "yes-no"),
        (r"a bid is needed \(pass or a contract\)", "bid-needed"),
        (_QUOTED + r" is not one bid", "not-one-bid"),
        (_QUOTED + r" is not one announcement or kontra", "not-one-announcement"),
        (r"the deal is scored: finish it \(confirm or correct\)", "scored"),
        (r"the contract is needed", "contract-needed"),
        (_QUOTED + r" is not a seat", "not-a-seat"),
        (r"the declarer is needed", "declarer-needed"),
        (_QUOTED + r": give won or lost", "won-lost"),
        (_QUOTED + r": give the signed difference, such as \+6", "difference"),
        (_QUOTED + r" is no contract of (?P<ruleset>\S+)", "no-contract"),
        (r"it is (?P<seat>\S+)'s turn to play", "turn"),
        (r"nothing was just refused", "nothing-refused"),
        (r"only a refused card or lead can be insisted on", "not-insistable"),
        (r"insist renons needs the claimant's seat", "claimant"),
        (_QUOTED + r": insist irregular or insist renons", "insist-how"),
        (r"the deal has just started", "deal-start"),
        (r"nothing is typed at the \S+ step", "nothing-typed"),
        (r"no irregularity accepts this fault: insist renons CLAIMANT", "renons-only"),
        (r"(?P<reason>.+); " + _NO_TRICK_LINE, "out-of-turn"),
        (
            r"the auction is over: (?P<seat>\S+) holds (?P<word>\S+), and saying it again "
            r"changes nothing",
            "restated",
        ),
        (r"type the talon's cards in the order they were dealt: the rules read it", "talon-order"),
        (r"the record could not carry it", "not-carried"),
        (r"(?P<reason>.+) \((?P<cards>[^()]+) recorded before it\)", "partly"),
    )
)
"""The session's own reasons (:class:`~tarokpgn.record.session.Reply` ``reason``, English),
each with its message ``reason.KEY``; :func:`reason` says them in the recorder's language.
The rules engine's and the notation reader's reasons match none and stay in English."""
"""Language code → message key → text."""

_LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The recorder's language: ``option`` (``en`` or ``sl``) when given, else the locale's
    (the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``sl_SI.UTF-8`` → ``sl``), else
    English."""
    if option is not None and option in CATALOGS:
        return option
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:  # the first one set decides, as for the C library
            return "sl" if value.lower().startswith("sl") else "en"
    return "en"


def known(key: str) -> bool:
    """Whether the catalogs have a message ``key``."""
    return key in _EN


def plural_form(lang: str, number: int) -> int:
    """Which of the language's forms goes with ``number``: English singular (1) or plural;
    Slovenian singular (1, 101, …), dual (2, 102), plural of 3 and 4 (3, 4, 103), plural of 5
    and more (0, 5–100, …)."""
    if lang == "sl":
        last = abs(number) % 100
        return {1: 0, 2: 1, 3: 2, 4: 2}.get(last, 3)
    return 0 if abs(number) == 1 else 1


_PLURAL: Final = "plural:"


class _Formatter(string.Formatter):
    """``str.format`` plus the format spec ``plural:FORM|FORM…`` for a number: the form
    :func:`plural_form` picks, ``#`` in it replaced by the number (``{count:plural:# card|#
    cards}``: ``1 card``, ``12 cards``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if not format_spec.startswith(_PLURAL):
            return super().format_field(value, format_spec)
        forms = format_spec.removeprefix(_PLURAL).split("|")
        form = forms[min(plural_form(self.lang, int(value)), len(forms) - 1)]
        return form.replace("#", str(value))


def reason(lang: str, said: str) -> str:
    """A reply's ``reason`` as the recorder says it in ``lang``: one of the session's own
    (:data:`SESSION_REASONS`) in the language, any other (the engine's) as it is."""
    for pattern, key in SESSION_REASONS:
        m = pattern.fullmatch(said)
        if m is not None:
            params: dict[str, object] = dict(m.groupdict())
            if "text" in params:
                params["text"] = str(params["text"])[1:-1]  # repr'd again by the message
            for number in ("given", "expected"):
                if number in params:
                    params[number] = int(str(params[number]))
            return text(lang, f"reason.{key}", **params)
    return said


def text(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` (English for an unknown language) filled with
    ``params``. :class:`KeyError` for an unknown key."""
    if lang not in CATALOGS:
        lang = "en"
    return _Formatter(lang).format(CATALOGS[lang][key], **params)
