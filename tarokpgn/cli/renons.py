"""``tarokpgn renons``: judge renons claims from the record and say who pays.

The claim comes from the record's ``renons`` elements or from the command line
(``--claimant E --accused S --trick 7``). ``--deal N`` picks the record whose ``Deal`` tag is
``N`` (with ``--match`` among several matches); in a file without ``Deal`` tags it is the
record's 1-based place in the file.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from tarokpgn.cards import UnknownCardError, resolve_card
from tarokpgn.cli._io import Reporter, add_input_format, failure, read_inputs
from tarokpgn.cli._style import PLAIN, RENONS, UNDECIDED, Painter
from tarokpgn.errors import NotationError, TarokPgnError
from tarokpgn.model import Record, Renons, bounded_int, format_scores
from tarokpgn.notation.transformer import deck_for
from tarokpgn.notation.writer import write_record
from tarokpgn.renons import (
    DealRuling,
    Finding,
    Judgement,
    RecordError,
    annotate,
    audit,
    deal_name,
    judge_deal,
    text,
    to_json,
)
from tarokpgn.renons.render import HEADLINES
from tarokpgn.renons.rules_text import KIND_WORDS
from tarokpgn.rules.ruleset import OptionError
from tarokpgn.verdict import Verdict
from tarokpgn.vocabulary import KONTRA_LEVELS

if TYPE_CHECKING:
    from tarokpgn.show.html import DealView


class Failure(TarokPgnError):
    """A problem that ends the command: ``code`` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def register(subparsers: Any) -> None:
    """Add the ``renons`` subcommand."""
    parser = subparsers.add_parser(
        "renons",
        help="judge a renons (rule violation) claim from the record",
        description="Replay a deal and judge a renons claim: proven (the record shows the "
        "violation; the accused pays), not proven (the play was legal or the record cannot "
        "show it; the claimant pays), or not decidable from the record (showing cards, "
        "signalling: judged as not proven). Prints the rule, the evidence, the penalty step by "
        "step and every seat's score. Without --claimant/--accused/--trick, every renons "
        "element of the chosen deal(s) is judged; a deal with several claims ends with its "
        "total: each unproven claim charges its claimant, the earliest proven renons decides "
        "the deal, a later proven one costs nothing more. --deal N is the Deal tag's value; in "
        "a file without Deal tags, the record's 1-based place in the file. Exit status: 0 when "
        "every claim was judged, 1 when the deal cannot be found or read, or a claim names what "
        "the deal does not have (a seat, a trick, a card), 2 on usage errors.",
    )
    parser.add_argument("file", metavar="FILE", help="deal file (.tpgn, .json, .jsonl; - stdin)")
    add_input_format(parser)
    parser.add_argument("--deal", metavar="N", help="Deal tag value (or place in the file)")
    parser.add_argument("--match", metavar="NAME", help="Match tag, when deal numbers repeat")
    claim = parser.add_argument_group("a claim from the command line")
    claim.add_argument("--claimant", metavar="SEAT", help="seat label or player name")
    claim.add_argument("--accused", metavar="SEAT", help="seat label or player name")
    claim.add_argument("--trick", type=int, metavar="N", help="the trick in dispute (0: talon)")
    claim.add_argument(
        "--kind", default="revoke", choices=sorted(KIND_WORDS), help="default: revoke"
    )
    claim.add_argument("--card", help="the card in dispute (token or name)")
    claim.add_argument(
        "--kontra", default="0", metavar="LEVEL", help="kontra on the claim: 0-4 or kontra/re/…"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a renons option, e.g. renons_false_claim_basis=offender",
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print a JSON array of judgements")
    out.add_argument(
        "--annotate",
        action="store_true",
        help="write the file with each claim and its judgement ({comment}) into the record",
    )
    parser.add_argument(
        "-i", "--in-place", action="store_true", help="with --annotate: rewrite FILE"
    )
    parser.add_argument(
        "--html",
        metavar="OUT.html",
        help="also write the judge's sheet: the replay page stopped at the trick in question, "
        "the evidence highlighted, the judgement beside it and the deal's status and scores "
        "after the claims judged",
    )
    parser.set_defaults(func=run, failed=False)  # failed: set when a deal could not be judged


# --- reading and choosing ------------------------------------------------------------------------


def _read(args: argparse.Namespace) -> list[Record | NotationError]:
    reporter = Reporter()
    results = [r for _name, r in read_inputs([args.file], reporter, args.input_format)]
    if reporter.failed_inputs:
        raise Failure(f"cannot read {args.file}")
    return results


def select(
    results: Sequence[Record | NotationError], deal: str | None, match: str | None = None
) -> list[int]:
    """Indexes into ``results`` of the chosen deal(s); raises :class:`Failure`."""
    if deal is None:
        found = [
            i
            for i, r in enumerate(results)
            if match is None or (isinstance(r, Record) and r.get("Match") == match)
        ]
        if match is not None and not found:
            raise Failure(f"no deal of match {match} in the file")
        return found
    records = [(i, r) for i, r in enumerate(results) if isinstance(r, Record)]
    if any(r.get("Deal") for _, r in records):
        found = [
            i
            for i, r in records
            if r.get("Deal") == deal and (match is None or r.get("Match") == match)
        ]
    else:
        number = bounded_int(deal, len(results)) or 0
        found = [number - 1] if number else []
    if not found:
        raise Failure(f"no deal {deal}{f' of match {match}' if match else ''} in the file")
    if len(found) > 1:
        raise Failure(f"deal {deal} is in the file {len(found)} times: name one with --match")
    return found


def _kontra(word: str) -> int:
    level = int(word) if word in ("0", "1", "2", "3", "4") else KONTRA_LEVELS.get(word.lower())
    if level is None or not 0 <= level <= 4:
        raise Failure(f"--kontra takes 0-4 or kontra, rekontra, subkontra, mortkontra: {word!r}", 2)
    return level


def command_claim(args: argparse.Namespace, record: Record) -> Renons | None:
    """The claim given by options, resolved on ``record`` (None when no claim was given)."""
    given = [args.claimant, args.accused, args.trick]
    if all(v is None for v in given):
        return None
    if any(v is None for v in given):
        raise Failure("a claim needs --claimant, --accused and --trick", 2)
    seats = []
    for who in (args.claimant, args.accused):
        seat = record.find_seat(who)
        if seat is None:
            raise Failure(f"{who!r} is neither a seat nor a player of {deal_name(record)}")
        seats.append(seat)
    card = None
    if args.card:
        try:
            card = resolve_card(args.card, deck_for(record.variant))
        except UnknownCardError as exc:
            raise Failure(str(exc), 2) from None
    return Renons(seats[0], seats[1], args.trick, args.kind, card, _kontra(args.kontra))


def _options(args: argparse.Namespace) -> dict[str, str]:
    pairs = [o.split("=", 1) for o in args.option]
    if any(len(p) != 2 for p in pairs):
        raise Failure("--option takes KEY=VALUE", 2)
    return {k: v for k, v in pairs}


# --- judging and output --------------------------------------------------------------------------


def _judge_all(
    args: argparse.Namespace, results: list[Record | NotationError], chosen: list[int]
) -> list[tuple[int, DealRuling]]:
    """Every claim of the chosen deals judged, deal by deal. A claim that does not fit its
    record is reported and makes the exit status 1; the others are still judged."""
    if args.deal is None and len(chosen) > 1 and args.claimant is not None:
        raise Failure("the file holds several deals: choose one with --deal", 2)
    out: list[tuple[int, DealRuling]] = []
    options = _options(args)
    for i in chosen:
        record = results[i]
        if isinstance(record, NotationError):
            if args.deal is not None or len(chosen) == 1:
                raise Failure(str(record))
            print(record, file=sys.stderr)
            continue
        given = command_claim(args, record)
        try:
            ruling = judge_deal(record, None if given is None else [given], options)
        except RecordError as exc:
            raise Failure(f"{deal_name(record)}: {exc.message}") from None
        except OptionError as exc:
            raise Failure(str(exc), 2) from None
        except Exception as exc:  # a bug: reported at the deal's place, the others judged
            if len(chosen) == 1:
                raise Failure(str(failure(record, exc))) from None
            print(failure(record, exc), file=sys.stderr)
            args.failed = True
            continue
        for claim, why in ruling.errors:
            line = f" (line {claim.line})" if claim.line else ""
            print(f"tarokpgn renons: {deal_name(record)}: bad claim{line}: {why}", file=sys.stderr)
            args.failed = True
        if ruling.judgements:
            out.append((i, ruling))
    if not out and not args.failed:
        raise Failure("no renons claim to judge: give one with --claimant/--accused/--trick")
    return out


FINDING_STYLES = {Finding.PROVEN: RENONS, Finding.NOT_PROVEN: PLAIN, Finding.UNDECIDABLE: UNDECIDED}
"""Findings in the colours of ``verify``: a proven renons as the ``RENONS`` status, one the
record cannot decide as ``INCOMPLETE``."""


def painted_text(j: Judgement, paint: Painter) -> str:
    """:func:`tarokpgn.renons.text`, the finding in its colour on a terminal."""
    words = f"Finding: {HEADLINES[j.finding]}"
    painted = f"Finding: {paint(HEADLINES[j.finding], FINDING_STYLES[j.finding])}"
    return text(j).replace(words, painted, 1)


def deal_text(ruling: DealRuling) -> str:
    """The deal's total after several claims: what each claim costs, and the scores."""
    first = ruling.judgements[0]
    lines = [f"Deal total, {first.deal} ({len(ruling.judgements)} claims judged):"]
    for j, counted in zip(ruling.judgements, ruling.counted, strict=True):
        c, pen = j.claim, j.penalty
        head = f"  - {c.claimant}'s claim against {c.accused}, trick {c.trick} ({c.kind}): "
        head += HEADLINES[j.finding].split(" (")[0].lower()
        if not counted:
            head += ", but an earlier renons had already ended the deal: no further penalty"
        elif pen is not None:
            head += f"; {pen.payer} pays {pen.formula}"
            head += " (decides the deal)" if j is ruling.decisive else ""
        lines.append(head)
    if ruling.scores is None:
        lines.append("Scores: cannot be computed from the record.")
    else:
        lines.append("Scores: " + format_scores(ruling.scores))
    return "\n".join(lines) + "\n"


def deal_json(ruling: DealRuling) -> list[dict[str, Any]]:
    """The judgements of one deal as JSON, each with ``counted`` (its penalty enters the deal's
    scores) and ``deal_result`` (the deal's scores after all its claims)."""
    out = []
    for j, counted in zip(ruling.judgements, ruling.counted, strict=True):
        data = to_json(j)
        data.update(counted=counted, deal_result=ruling.scores)
        out.append(data)
    return out


def _write_annotated(
    args: argparse.Namespace,
    results: list[Record | NotationError],
    done: list[tuple[int, DealRuling]],
) -> None:
    records = list(results)
    for i, ruling in done:
        for j in ruling.judgements:
            rec = records[i]
            assert isinstance(rec, Record)
            records[i] = annotate(rec, j)
    if any(isinstance(r, NotationError) for r in records):
        raise Failure("the file has deals that cannot be read; not annotating it")
    text_out = "\n".join(write_record(r) for r in records if isinstance(r, Record))
    if args.in_place:
        Path(args.file).write_text(text_out, encoding="utf-8", newline="\n")
    else:
        sys.stdout.write(text_out)


def run(args: argparse.Namespace) -> int:
    """Judge the claims of ``args`` and print or write the judgements."""
    try:
        if args.in_place and (not args.annotate or args.file == "-"):
            raise Failure("--in-place needs --annotate and a file name", 2)
        results = _read(args)
        done = _judge_all(args, results, select(results, args.deal, args.match))
        if args.html:
            _write_sheet(args.html, results, done)
        if args.annotate:
            _write_annotated(args, results, done)
            paint = Painter(sys.stderr)
            for _, ruling in done:
                for j in ruling.judgements:
                    finding = paint(j.finding.value, FINDING_STYLES[j.finding])
                    print(f"{j.deal}: {finding}", file=sys.stderr)
        elif args.json:
            data = [d for _, ruling in done for d in deal_json(ruling)]
            json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
            sys.stdout.write("\n")
        else:
            parts = []
            paint = Painter(sys.stdout)
            for _, ruling in done:
                parts += [painted_text(j, paint) for j in ruling.judgements]
                if len(ruling.judgements) > 1:
                    parts.append(deal_text(ruling))
            sys.stdout.write("\n".join(parts))
    except Failure as exc:
        print(f"tarokpgn renons: {exc}", file=sys.stderr)
        return exc.code
    return 1 if args.failed else 0


def _write_sheet(
    path: str, results: list[Record | NotationError], done: list[tuple[int, DealRuling]]
) -> None:
    """``--html``: the judge's sheet (:mod:`tarokpgn.show.html`), each deal opened at the trick
    of its deciding judgement (else its first)."""
    from tarokpgn.show.html import write_page

    views = []
    for i, ruling in done:
        record = results[i]
        assert isinstance(record, Record)
        views.append(sheet_view(record, ruling))
    try:
        write_page(path, views, "Renons judgement")
    except OSError as exc:
        raise Failure(f"cannot write {path}: {exc.strerror}", 2) from None
    say_wrote("renons", path, len(views))


def say_wrote(command: str, path: str, deals: int) -> None:
    """The line on stderr that says a page was written (as ``tarokpgn plot`` says a chart was):
    ``tarokpgn renons: wrote OUT.html (1 deal)``."""
    print(f"tarokpgn {command}: wrote {path} ({deals} deal{'s' * (deals != 1)})", file=sys.stderr)


def judged_record(record: Record, ruling: DealRuling) -> Record:
    """``record`` with its own ``renons`` claims replaced by the claims ``ruling`` judged (those
    of the command line, when given): the deal as the verifier sees it after that judgement."""
    items = [item for item in record.items if not isinstance(item, Renons)]
    claims = [j.claim for j in ruling.judgements]
    return dataclasses.replace(record, items=(*items, *claims))


def sheet_view(record: Record, ruling: DealRuling) -> DealView:
    """One deal of the judge's sheet: the status and breakdown the verifier gives the deal with
    the judged claims, the scores of the judge (``--option`` included)."""
    from tarokpgn.replay import verify
    from tarokpgn.show.html import DealView

    judged = judged_record(record, ruling)
    verdict = dataclasses.replace(verify(judged), scores=ruling.scores)
    focus = ruling.judgements.index(ruling.decisive) if ruling.decisive else 0
    return DealView(judged, verdict, ruling, focus)


# --- verify --renons -----------------------------------------------------------------------------


def audit_lines(record: Record, verdict: Verdict, paint: Painter | None = None) -> list[str]:
    """``tarokpgn verify --renons``: one line per renons the record shows, with its penalty
    (with ``paint``, the word renons in the colour of the ``RENONS`` status)."""
    paint = paint or Painter(None)
    lines = []
    for j in audit(record, verdict):
        pen = j.penalty
        cost = f"; {pen.payer} pays {pen.formula}" if pen else ""
        where = f"trick {j.claim.trick}" if j.claim.trick else "the talon exchange"
        renons = paint("renons", RENONS)
        lines.append(f"    {renons} by {j.claim.accused} at {where} [{j.rule}]: {j.reason}{cost}")
    return lines


def audit_json(record: Record, verdict: Verdict) -> list[dict[str, Any]]:
    """The JSON form of :func:`audit_lines` (claimant dropped: nobody claimed it)."""
    out = []
    for j in audit(record, verdict):
        data = to_json(j)
        data["claim"]["claimant"] = None
        out.append(data)
    return out


def print_audit(
    record: Record, verdict: Verdict, out: IO[str], paint: Painter | None = None
) -> None:
    for line in audit_lines(record, verdict, paint):
        print(line, file=out)
