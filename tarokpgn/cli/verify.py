"""``tarokpgn verify``: replay every deal under its rules and report problems and scores."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import IO, Any

from tarokpgn.cli._io import Reporter, add_input_format, add_inputs, read_inputs
from tarokpgn.cli._json import dataclass_json, indented
from tarokpgn.cli._style import ACCEPTED, OK, PROBLEM, RENONS, UNDECIDED, Painter
from tarokpgn.errors import NotationError
from tarokpgn.model import Record
from tarokpgn.replay import verify_all
from tarokpgn.verdict import (
    ITEM,
    JsonArray,
    Problem,
    ScoreLine,
    Status,
    Verdict,
    deal_json,
    deal_line,
    deal_values,
    report_deals,
    verdict_json,
)


def register(subparsers: Any) -> None:
    """Add the ``verify`` subcommand."""
    parser = subparsers.add_parser(
        "verify",
        help="replay deals and check every bid, call, exchange, card and score",
        description="Replay every deal of the given files under its variant, ruleset and "
        "options, and report per deal either OK with the computed scores or each problem "
        "(file:line: CODE message [rule]). A written score that differs is shown with the "
        "judge's line-by-line breakdown. Deals of one match (same Match tag, consecutive "
        "Deal numbers) also have their running Totals checked. A deal is RENONS when a renons "
        "claim in it was proven: the judgement scores it. A deal is INCOMPLETE when "
        "nothing wrong was found but not everything could be checked: hidden cards, a claim, "
        "no Result, or a variant whose rules engine is missing (only syntax and "
        "well-formedness are checked). Exit status: 0 when no deal "
        "is ILLEGAL or SCORE-MISMATCH (INCOMPLETE deals alone do not fail; the summary line "
        "counts them), 1 when some deal is or a file cannot be read as deals, 2 on usage "
        "errors.",
    )
    add_inputs(parser)
    add_input_format(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON array of verdicts")
    parser.add_argument(
        "-b", "--breakdown", action="store_true", help="show the score breakdown of every deal"
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="count",
        default=0,
        help="print problems and the summary line only; -qq: problems only",
    )
    parser.add_argument(
        "--renons",
        action="store_true",
        help="list every illegal play, lead or lay-away as a renons with its penalty",
    )
    parser.set_defaults(func=run)


def _records(args: argparse.Namespace, reporter: Reporter, errors: list[NotationError]) -> Any:
    for _name, result in read_inputs(args.files, reporter, args.input_format):
        if isinstance(result, NotationError):
            errors.append(result)
            reporter.deal([result])
            continue
        yield result


def where(record: Record, line: int = 0) -> str:
    """``file:line`` of a record (or of one of its lines)."""
    src = record.source
    file = src.file if src else "<record>"
    return f"{file}:{line or (src.line if src else 0)}"


class HumanText:
    """The plain-text report of ``verify``, one text a deal (one write a deal: the output may be
    unbuffered), statuses and problem codes in colour on a terminal.

    Made once a run, it holds what every deal's text shares: the options and each status's word,
    painted once (``Status.value`` is a property written in Python, slow for once a deal)."""

    def __init__(self, paint: Painter, breakdown: bool, quiet: bool) -> None:
        self.paint = paint
        self.breakdown = breakdown
        self.quiet = quiet
        self.words = {s: paint.status(s.value.upper(), s.value) for s in Status}

    def __call__(self, record: Record, verdict: Verdict) -> str:
        """The report of one deal: its problems, its line (not with ``quiet``, unless a score
        differs) and its score breakdown (with ``breakdown``, or when a score differs); ``""``
        when there is nothing to say."""
        problems = verdict.problems
        if not problems and not self.breakdown:  # most deals: their line alone
            return "" if self.quiet else self.deal_line(record, verdict) + "\n"
        lines = [problem_line(record, p, self.paint) for p in problems]
        mismatch = any(p.code == "score-mismatch" for p in problems)
        if not self.quiet or mismatch:
            lines.append(self.deal_line(record, verdict))
        if self.breakdown or mismatch:
            lines += [breakdown_line(line) for line in verdict.breakdown]
        if not lines:
            return ""
        lines.append("")
        return "\n".join(lines)

    def deal_line(self, record: Record, verdict: Verdict) -> str:
        """``file:line: title: STATUS contract by declarer with partner; scores N +10 …``
        (:func:`tarokpgn.verdict.deal_line`)."""
        return deal_line(record, verdict, self.words[verdict.status])


def breakdown_line(line: ScoreLine) -> str:
    """One line of the score breakdown: label, value and the judge's working."""
    detail = f"   ({line.detail})" if line.detail else ""
    value = _value(line.label, line.value)
    return f"    {line.label:<48} {value:>6}{detail}"


def problem_line(record: Record, p: Problem, paint: Painter) -> str:
    """``file:line: CODE[ trick N:] message [rule]`` and how the deal settled it, if it did:
    the code red, yellow when the table accepted it, magenta when a renons judgement settled
    it (with the words saying so)."""
    style, tag = PROBLEM, ""
    if p.accepted:
        style, tag = ACCEPTED, "(accepted at the table)"
    if p.judged:
        style, tag = RENONS, "(settled by the renons judgement)"
    rule = f" [{p.rule}]" if p.rule else ""
    trick = f" trick {p.trick}:" if p.trick else ""
    tag = f" {paint(tag, style)}" if tag else ""
    return f"{where(record, p.line)}: {paint(p.code, style)}{trick} {p.message}{rule}{tag}"


def _value(label: str, value: int) -> str:
    """Scores with their sign; counts (card points, tricks) plain; nothing for notes."""
    if label in ("result", "note"):
        return ""
    if label.startswith(("card points", "tricks taken")):
        return str(value)
    return f"{value:+d}"


_ITEM = ITEM
"""Where an element of the verdict array starts: a line indented by one space."""
_MEMBER = _ITEM + " "
"""Where a member of an element starts."""


def json_element(record: Record, verdict: Verdict, renons: bool = False) -> bytes | str:
    """One deal's element of the array ``verify --json`` writes: :meth:`Verdict.to_json` with
    the deal's ``file``, ``index``, ``line``, ``match`` and ``deal`` (with ``renons``, the
    ``--renons`` findings too), as ``json.dump(…, indent=1, ensure_ascii=False)`` writes it,
    but straight from the verdict (:func:`tarokpgn.verdict.deal_json`, with ``renons``
    :func:`tarokpgn.verdict.verdict_json`), without building the dict and copying every
    value: in UTF-8, or as text when it holds a lone surrogate (a file name that is not
    UTF-8), which only the output knows how to write. ``tests/test_cli_verify_json.py`` holds
    the two equal."""
    findings: tuple[tuple[str, object], ...] = ()
    try:
        if not renons:
            return deal_json(record, verdict, b"", indented)
        from tarokpgn.cli.renons import audit_json

        findings = (("renons", audit_json(record, verdict)),)
        return verdict_json(verdict, _ITEM, deal_members(record) + findings, indented)
    except UnicodeEncodeError:
        extra = deal_members(record) + findings
        more = [f"{indented(key)}: {indented(value, _MEMBER)}" for key, value in extra]
        return dataclass_json(verdict, _ITEM, more)


_DEAL_KEYS = ("file", "index", "line", "match", "deal")
"""The keys of :func:`tarokpgn.verdict.deal_values`."""


def deal_members(record: Record) -> tuple[tuple[str, object], ...]:
    """The members :func:`json_element` adds to a verdict (:func:`~tarokpgn.verdict.deal_values`
    with their keys); made only where :func:`~tarokpgn.verdict.deal_json` does not write them
    itself."""
    return tuple(zip(_DEAL_KEYS, deal_values(record), strict=True))


def json_text(record: Record, verdict: Verdict, renons: bool = False) -> str:
    """:func:`json_element` as text."""
    element = json_element(record, verdict, renons)
    return element if isinstance(element, str) else element.decode()


def run(args: argparse.Namespace) -> int:
    """Verify every deal of ``args.files``."""
    reporter = Reporter()
    errors: list[NotationError] = []
    out = sys.stdout
    paint = Painter(out)
    array = JsonArray(out) if args.json else None
    counts = dict.fromkeys(Status, 0)
    stopped = ""
    try:
        pairs = verify_all(_records(args, reporter, errors))
        if array is not None:
            _json_deals(pairs, counts, array, args.renons)
        else:
            text = HumanText(paint, args.breakdown, args.quiet > 0)
            _text_deals(pairs, counts, text, out, paint if args.renons else None)
    except KeyboardInterrupt:
        stopped = "interrupted"
    except BrokenPipeError:  # the reader of the output went away: main() ends quietly
        raise
    except OSError as exc:  # an input that fails while being read
        stopped = f"cannot read on: {exc.strerror or exc}"
    deals = reporter.deals + sum(counts.values())  # the unreadable ones and the verified ones
    if array is not None:
        for e in errors:
            unreadable = {"file": e.file, "line": e.line, "status": "unreadable", "problems": [
                {"code": e.code, "message": e.message, "line": e.line}]}  # fmt: skip
            array.add(indented(unreadable, _ITEM))
        array.close()
    elif args.quiet < 2:  # -qq: problems only
        print(summary(deals, counts, len(errors), paint), file=out)
    if stopped:
        print(f"tarokpgn verify: stopped early ({stopped}) after {deals} deals: the "
              "deals after them were not verified", file=sys.stderr)  # fmt: skip
        return 130 if stopped == "interrupted" else 1
    if reporter.failed_inputs:
        return 2
    failed = counts[Status.ILLEGAL] + counts[Status.SCORE_MISMATCH] + counts[Status.ERROR]
    return 1 if failed or errors else 0


def _text_deals(
    pairs: Iterable[tuple[Record, Verdict]],
    counts: dict[Status, int],
    text: HumanText,
    out: IO[str],
    renons: Painter | None,
) -> None:
    """Count and report each deal as text (with ``renons``, the painter of ``--renons``, its
    renons findings after it); without ``renons``, ``-b`` and ``-q`` by the compiled loop of
    :func:`tarokpgn.verdict.report_deals` (a deal with problems by ``text``)."""
    if renons is None and not text.breakdown and not text.quiet:
        report_deals(pairs, counts, text.words, out.write, text)
        return
    for record, verdict in pairs:
        counts[verdict.status] += 1
        report = text(record, verdict)
        if report:
            out.write(report)
        if renons is not None:
            _renons(record, verdict, out, renons)


def _json_deals(
    pairs: Iterable[tuple[Record, Verdict]],
    counts: dict[Status, int],
    array: JsonArray,
    renons: bool,
) -> None:
    """Count each deal and add it to the JSON array (with ``renons``, its renons findings
    in it); without ``renons`` by the compiled loop of :meth:`JsonArray.add_deals`."""
    if not renons:
        array.add_deals(pairs, counts, indented, json_element)
        return
    for record, verdict in pairs:
        counts[verdict.status] += 1
        array.add(json_element(record, verdict, renons))


def summary(
    deals: int, counts: dict[Status, int], unreadable: int = 0, paint: Painter | None = None
) -> str:
    """The last line: ``12 deals verified: 9 OK, 3 incomplete, 0 with problems``, the deals a
    proven renons settled and those the verifier failed on (internal errors) when there are
    any. With ``paint``, each count that is not 0 in its status's colour."""
    paint = paint or Painter(None)

    def part(n: int, words: str, style: str) -> str:
        return paint(f"{n} {words}", style if n else "")

    bad = counts[Status.ILLEGAL] + counts[Status.SCORE_MISMATCH] + unreadable
    line = f"{deals} deal{'s' * (deals != 1)} verified: {part(counts[Status.OK], 'OK', OK)}, "
    if counts[Status.RENONS]:
        line += f"{part(counts[Status.RENONS], 'settled by a proven renons', RENONS)}, "
    line += f"{part(counts[Status.INCOMPLETE], 'incomplete', UNDECIDED)}, "
    line += part(bad, "with problems", PROBLEM)
    if counts[Status.ERROR]:
        line += ", " + part(counts[Status.ERROR], "not verified (internal error)", PROBLEM)
    return line


def _renons(record: Record, verdict: Verdict, out: IO[str], paint: Painter) -> None:
    """``--renons``: the renons findings of one deal (:mod:`tarokpgn.renons`)."""
    from tarokpgn.cli.renons import print_audit

    print_audit(record, verdict, out, paint)
