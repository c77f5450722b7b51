"""Score-only records: a deal as a club score sheet knows it, and its tags.

A score-only record has no hands, talon, auction or tricks; its outcome is in tags::

    [Contract "three"]              the contract (a word the vocabulary or the ruleset knows)
    [Declarer "N"]                  the declarer's seat
    [Partner "S"]                   the called partner's seat (absent: none, or played alone)
    [Difference "+6"]               the declarer side's card-point difference as the variant
                                    counts it (SL-12.1: points − 35; F-10.7: points − needed)
    [Bonuses "+kings -pagat-ultimo! -mondfang@E"]
    [Kontras "game=1"]              target=level: ``game`` or a bonus, 1 kontra, 2 rekontra …
    [Result "N +92 E 0 S +92 W 0"]

A bonus item is ``[+|-]NAME[!][@SEAT]``: ``+`` counts for the declarer side, ``-`` against
it (made by the opponents, or an announcement that failed), ``!`` announced (else silent),
``@SEAT`` an individual charge (the Slovenian mondfang, the French misère).

:func:`parse_outcome` reads the tags into an :class:`~tarokpgn.rules.facts.Outcome` (E213
``bad-outcome`` for a malformed one, located at its tag; :func:`outcome_problems` also for an
outcome tag without ``Contract`` or on a played record), :func:`format_outcome` writes them,
and :func:`outcome_from_verdict` / :func:`score_only_record` turn a played deal's verdict into
its score sheet row. The verifier (:mod:`tarokpgn.replay`) scores an outcome with the
ruleset's :meth:`~tarokpgn.rules.ruleset.Ruleset.score_outcome`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Final

from tarokpgn.errors import RecordError, shorten
from tarokpgn.limits import MAX_KONTRA, MAX_SCORE, bounded_int
from tarokpgn.model import Comment, Record, Renons, format_scores
from tarokpgn.rules.facts import Outcome, OutcomeBonus
from tarokpgn.rules.ruleset import OptionError, Ruleset, find_ruleset
from tarokpgn.verdict import Verdict
from tarokpgn.vocabulary import ANNOUNCEMENTS, BIDS, bid_hint, canonical, fold, target, words_of

__all__ = [
    "CODE",
    "OUTCOME_TAGS",
    "Outcome",
    "OutcomeBonus",
    "format_outcome",
    "has_play",
    "is_score_only",
    "outcome_from_verdict",
    "outcome_problems",
    "parse_outcome",
    "score_only_record",
]

CODE: Final = "E213"
"""The well-formedness code of a malformed outcome tag (``bad-outcome``)."""
OUTCOME_TAGS: Final = ("Contract", "Declarer", "Partner", "Difference", "Bonuses", "Kontras")
"""The tags a score-only record states its outcome in."""
_OUTCOME_TAG_SET: Final = frozenset(OUTCOME_TAGS)
_ITEM: Final = re.compile(r"([+-])([a-z0-9][a-z0-9-]*)(!?)(?:@([A-Za-z0-9]+))?")
_MONDFANG_LINE: Final = re.compile(r"mondfang: (\S+) lost the mond")
"""The Slovenian play scoring's line of an individual mond charge (SL-12.8)."""


def is_score_only(record: Record) -> bool:
    """A record with a ``Contract`` tag and no movetext but comments (no hands, talon,
    auction, tricks …)."""
    return not has_play(record) and any(name == "Contract" for name, _ in record.tags)


def has_play(record: Record) -> bool:
    """Whether ``record``'s movetext holds more than comments: a played deal's."""
    return any(not isinstance(item, Comment) for item in record.items)


def _ruleset(record: Record) -> Ruleset[Any] | None:
    """The record's ruleset (``Ruleset`` and ``Options`` tags); None when it has none."""
    options = record.options if record.get("Options") else None
    try:
        return find_ruleset(record.variant, record.get("Ruleset") or None, options)
    except OptionError:
        return None


# --- reading -----------------------------------------------------------------------------------


class _Reader:
    """Reads the outcome tags of one record, keeping each problem as (tag, message)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.variant = record.variant
        self.seats = record.seats
        self.problems: list[tuple[str, str]] = []

    def bad(self, tag: str, message: str) -> None:
        self.problems.append((tag, message))

    def word(self, text: str) -> str:
        """A word as the vocabulary folds it, spaces as hyphens (``Solo dva`` → ``solo-dva``)."""
        return "-".join(fold(text).split())

    def contract(self) -> str:
        text = self.record.get("Contract")
        word = self.word(text)
        if not word:
            self.bad("Contract", "Contract is empty: give the contract word (three, garde …)")
            return ""
        known = BIDS.get(words_of(self.variant), {})
        if not known or word in known:
            return canonical(BIDS, self.variant, word)
        ruleset = _ruleset(self.record)
        played = ruleset.contract(word) if ruleset is not None else None
        if played is not None:  # a contract no vocabulary lists (Ottocento's ``ottocento``)
            return played.id
        hint = bid_hint(self.variant, word)
        self.bad("Contract", f"Contract {shorten(text)!r} is no contract word of "
                 f"{self.variant}{'; ' + hint if hint else ''}")  # fmt: skip
        return word

    def seat(self, tag: str) -> str:
        text = self.record.get(tag).strip()
        if text and text.upper() not in self.seats:
            names = " ".join(self.seats)
            self.bad(tag, f"{tag} {shorten(text)!r} is not a seat of {self.variant} ({names})")
            return ""
        return text.upper()

    def difference(self) -> int | None:
        text = self.record.get("Difference").strip()
        if not text:
            return None
        sign = -1 if text[0] == "-" else 1
        value = bounded_int(text[1:] if text[0] in "+-" else text, MAX_SCORE)
        if value is None:
            self.bad("Difference", f"Difference {shorten(text)!r} is not a whole number such "
                     'as "+6" or "-9"')  # fmt: skip
            return None
        return sign * value

    def bad_items(self, tag: str, bad: list[str], form: str) -> None:
        """One problem for a list tag's bad items, however many: the first, and a count."""
        if bad:
            more = f"; {len(bad) - 1} more items are not either" if len(bad) > 1 else ""
            self.bad(tag, f"{tag} item {shorten(bad[0])!r} is not {form}{more}")

    def bonuses(self) -> tuple[OutcomeBonus, ...]:
        out: list[OutcomeBonus] = []
        bad: list[str] = []
        for part in self.record.get("Bonuses").split():
            m = _ITEM.fullmatch(fold(part[:1]) + fold(part[1:]))
            seat = m.group(4).upper() if m is not None and m.group(4) else ""
            if m is None or (seat and seat not in self.seats):
                bad.append(part)
                continue
            name = canonical(ANNOUNCEMENTS, self.variant, m.group(2))
            out.append(OutcomeBonus(name, m.group(1) == "+", m.group(3) == "!", seat))
        form = '[+|-]NAME[!][@SEAT] (such as "+trula", "-kings!", "-mondfang@E")'
        self.bad_items("Bonuses", bad, form)
        return tuple(out)

    def kontras(self) -> tuple[tuple[str, int], ...]:
        out: list[tuple[str, int]] = []
        bad: list[str] = []
        for part in self.record.get("Kontras").split():
            name, _, level_text = part.partition("=")
            level = bounded_int(level_text, MAX_KONTRA)
            if not name or level is None or level < 1:
                bad.append(part)
                continue
            out.append((target(self.variant, fold(name)), level))
        form = f'TARGET=LEVEL with a level 1–{MAX_KONTRA} (such as "game=1")'
        self.bad_items("Kontras", bad, form)
        return tuple(out)

    def read(self) -> Outcome:
        return Outcome(
            contract=self.contract(),
            declarer=self.seat("Declarer"),
            partner=self.seat("Partner"),
            difference=self.difference(),
            won=None,
            bonuses=self.bonuses(),
            kontras=self.kontras(),
        )


def _read(record: Record) -> tuple[Outcome, list[RecordError]]:
    reader = _Reader(record)
    outcome = reader.read()
    if outcome.difference is not None and outcome.difference != 0:
        outcome = _with_won(outcome, outcome.difference > 0)
    return outcome, [_error(record, tag, message) for tag, message in reader.problems]


def _with_won(outcome: Outcome, won: bool) -> Outcome:
    return dataclasses.replace(outcome, won=won)


def _error(record: Record, tag: str, message: str) -> RecordError:
    source = record.source
    return RecordError(
        CODE,
        message,
        file=source.file if source else "<record>",
        record=source.index if source else 0,
        line=record.tag_line(tag),
    )


def outcome_problems(record: Record) -> list[RecordError]:
    """Every malformed or misplaced outcome tag of ``record`` (E213, at the tag's line): an
    outcome tag without ``Contract``, outcome tags on a played record (its outcome is what
    its cards show), a value of the wrong form. Empty for a record without outcome tags."""
    given = [name for name, _ in record.tags if name in _OUTCOME_TAG_SET]
    if not given:  # the common case, on every record verified: one pass over the tags
        return []
    given = [tag for tag in OUTCOME_TAGS if tag in given]
    if has_play(record):
        message = f"{' '.join(given)}: outcome tags on a played record, whose outcome is what "
        message += "its play shows (a score-only record has no movetext but comments)"
        return [_error(record, given[0], message)]
    if "Contract" not in given:
        tag = given[0]
        return [_error(record, tag, f"{tag} without a Contract tag: an outcome needs both")]
    return _read(record)[1]


def parse_outcome(record: Record) -> Outcome | None:
    """The outcome ``record``'s tags state; None without a ``Contract`` tag. Raises
    :class:`~tarokpgn.errors.RecordError` (E213, at the tag's line) for a malformed tag.

    ``won`` is the sign of a non-zero ``Difference`` (None without one): what says whether a
    contract decided by tricks (a beggar) was won when the sheet gives no card points."""
    if "Contract" not in record.tag:
        return None
    outcome, problems = _read(record)
    if problems:
        raise problems[0]
    return outcome


# --- writing -----------------------------------------------------------------------------------


def format_outcome(outcome: Outcome) -> tuple[tuple[str, str], ...]:
    """The outcome's tag pairs (those with a value): the inverse of :func:`parse_outcome`."""
    tags = [("Contract", outcome.contract)]
    if outcome.declarer:
        tags.append(("Declarer", outcome.declarer))
    if outcome.partner:
        tags.append(("Partner", outcome.partner))
    if outcome.difference is not None:
        tags.append(("Difference", f"{outcome.difference:+d}" if outcome.difference else "0"))
    if outcome.bonuses:
        tags.append(("Bonuses", " ".join(_item(b) for b in outcome.bonuses)))
    if outcome.kontras:
        tags.append(("Kontras", " ".join(f"{t}={level}" for t, level in outcome.kontras)))
    return tuple(tags)


def _item(b: OutcomeBonus) -> str:
    seat = f"@{b.seat}" if b.seat else ""
    return f"{'+' if b.positive else '-'}{b.name}{'!' if b.announced else ''}{seat}"


def outcome_from_verdict(record: Record, verdict: Verdict) -> Outcome | None:
    """The outcome of a played deal as its verdict states it (a score sheet's row): contract,
    declarer, partner, difference, each bonus with a value, kontras, mond charges. None when
    the verdict has no contract or no declarer (klop), no scores, or scores a renons judgement
    gave (SL-13: a score sheet has no form for a claim)."""
    if verdict.contract is None or verdict.declarer is None or verdict.scores is None:
        return None
    if any(isinstance(item, Renons) for item in record.items):
        return None
    bonuses = [OutcomeBonus(b.name, b.value > 0, b.announced) for b in verdict.bonuses if b.value]
    kontras = [("game", verdict.game_kontra)] if verdict.game_kontra else []
    kontras += [(b.name, b.kontra) for b in verdict.bonuses if b.kontra and b.value]
    for line in verdict.breakdown:
        m = _MONDFANG_LINE.fullmatch(line.label)
        if m is not None:
            bonuses.append(OutcomeBonus("mondfang", False, False, m.group(1)))
    return Outcome(
        contract=verdict.contract,
        declarer=verdict.declarer,
        partner=verdict.partner or "",
        difference=_difference(record, verdict),
        won=verdict.won,
        bonuses=tuple(bonuses),
        kontras=tuple(kontras),
    )


def _difference(record: Record, verdict: Verdict) -> int | None:
    """The difference the verdict's breakdown shows (the Slovenian ``difference`` line, the
    French ``contract made/lost by`` line), else the declarer side's card points − 35 for a
    Slovenian contract won on points (solo without, a valat in a point contract, SL-12.1);
    None for a contract won by tricks (a beggar)."""
    for line in verdict.breakdown:
        if line.label == "difference" or line.label.startswith(("contract made by",
                                                                 "contract lost by")):  # fmt: skip
            return line.value
    points = verdict.card_points.get("declarer")
    if points is None or verdict.contract is None:
        return None
    ruleset = _ruleset(record)
    contract = ruleset.contract(verdict.contract) if ruleset is not None else None
    return points - 35 if contract is not None and contract.kind == "points" else None


def score_only_record(record: Record, verdict: Verdict) -> Record | None:
    """``record`` as a score sheet keeps it: its tags (names, match, totals …) with the outcome
    tags of :func:`outcome_from_verdict` and ``Result`` = the computed scores, no movetext.
    None when the verdict has no outcome to write (klop, an unfinished deal)."""
    outcome = outcome_from_verdict(record, verdict)
    if outcome is None or verdict.scores is None:
        return None
    dropped = {*OUTCOME_TAGS, "Result"}
    tags = [(k, v) for k, v in record.tags if k not in dropped]
    tags += [*format_outcome(outcome), ("Result", format_scores(verdict.scores))]
    from tarokpgn.notation.tags import export_order

    return Record(export_order(tags), (), record.source)
