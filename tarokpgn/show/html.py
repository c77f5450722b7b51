"""The replay page: one self-contained HTML file (inline CSS, JavaScript and SVG; no network)
that draws a deal's table and replays it trick by trick.

The Python side turns each record and its :class:`~tarokpgn.verdict.Verdict` (and the renons
judge's :class:`~tarokpgn.renons.DealRuling`, when the deal has claims) into plain data
(:func:`deal_data`): the seats, what was said before play, one *step* per moment of the replay
(the deal, after the exchange, after each trick) with the hands at that moment, each trick's
winner from :attr:`Verdict.trick_winners`, the verifier's findings and the judgements placed on
their step, and the score breakdown. :func:`page_html` writes that data into the page as one
JSON blob, with the card pictures of :mod:`tarokpgn.show.svg`; the page's script draws from it.

Nothing here applies a rule: who wins a trick, what is wrong and what it scores come from the
verifier and the judge. The hands at each step are the record's own cards: the hand as dealt,
the exchange taken in and laid away, then each card played removed from its player's hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

from tarokpgn import __version__
from tarokpgn.cards import DECKS, UNKNOWN, Deck
from tarokpgn.model import (
    Announce,
    Auction,
    Call,
    Comment,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
)
from tarokpgn.notation.transformer import deck_for
from tarokpgn.renons import DealRuling, Judgement, RecordError, deal_name, judge_deal, text
from tarokpgn.renons.render import HEADLINES
from tarokpgn.show import plays
from tarokpgn.show.svg import card_pictures
from tarokpgn.show.terminal import card_points_text
from tarokpgn.verdict import Problem, Verdict

Hands = dict[str, list[str] | None]
"""Seat → the cards it holds (``?`` for a card not known); None when the record has no hand
for the seat."""


@dataclass(frozen=True)
class DealView:
    """One deal for the page: the record, its verdict and the judge's ruling on its claims."""

    record: Record
    verdict: Verdict
    ruling: DealRuling | None = None
    focus: int | None = None
    """Index into ``ruling.judgements`` of the judgement the page opens at (the judge's
    sheet): the page stops at its trick with its evidence highlighted."""


def ruling_of(record: Record) -> DealRuling | None:
    """The judge's ruling on the record's own ``renons`` claims (None when it has none or they
    cannot be judged: the verdict then holds the problem)."""
    if not any(isinstance(item, Renons) for item in record.items):
        return None
    try:
        return judge_deal(record)
    except (RecordError, ValueError):
        return None


# --- the hands, step by step ---------------------------------------------------------------------


def _take_out(hand: list[str] | None, card: str) -> None:
    """Remove ``card`` from ``hand`` (a card the record did not know, when it is not there)."""
    if hand is None:
        return
    if card in hand:
        hand.remove(card)
    elif UNKNOWN in hand:
        hand.remove(UNKNOWN)


def dealt_hands(record: Record) -> Hands:
    """Seat → the hand the record deals it (None: not recorded)."""
    hands: Hands = dict.fromkeys(record.seats)
    for item in record.of_type(Hand):
        hands[item.seat] = list(item.cards)
    return hands


def exchanged(hands: Hands, exchanges: Iterable[Exchange], deck: Deck) -> Hands:
    """The hands after the exchanges: cards taken in added, cards laid away removed."""
    out = {seat: None if cards is None else list(cards) for seat, cards in hands.items()}
    for item in exchanges:
        hand = out.get(item.seat)
        if hand is None:
            continue
        hand.extend(item.take)
        for card in item.discard:
            _take_out(hand, card)
        out[item.seat] = deck.sort(hand)
    return out


# --- steps ---------------------------------------------------------------------------------------


def _snapshot(hands: Hands) -> Hands:
    return {seat: None if cards is None else list(cards) for seat, cards in hands.items()}


def steps(record: Record, verdict: Verdict) -> list[dict[str, Any]]:
    """The moments of the replay: the deal, after the exchange (when there is one), after each
    trick; each with the hands at that moment, the trick on the table and its winner."""
    deck = deck_for(record.variant)
    hands = dealt_hands(record)
    out: list[dict[str, Any]] = [{"kind": "deal", "label": "The deal", "hands": _snapshot(hands)}]
    exchanges = list(record.of_type(Exchange))
    if exchanges:
        hands = exchanged(hands, exchanges, deck)
        out.append({"kind": "exchange", "label": "After the exchange", "hands": _snapshot(hands)})
    won = dict.fromkeys(record.seats, 0)
    tricks = list(record.of_type(Trick))
    for i, trick in enumerate(tricks):
        played = plays(trick, record.seats)
        for seat, card in played:
            _take_out(hands.get(seat) if seat else None, card)
        winner = verdict.trick_winners[i] if i < len(verdict.trick_winners) else None
        if winner in won:
            won[winner] += 1
        out.append(
            {
                "kind": "trick",
                "label": f"Trick {trick.number}",
                "hands": _snapshot(hands),
                "trick": {
                    "number": trick.number,
                    "leader": trick.leader,
                    "plays": [[seat, card] for seat, card in played],
                    "winner": winner,
                    "complete": len(trick.cards) >= record.players,
                },
                "won": dict(won),
            }
        )
    return out


def _step_of_line(record: Record, line: int, table: list[dict[str, Any]]) -> int | None:
    """The step at which the movetext item on ``line`` happens (None: no item there)."""
    if not line:
        return None
    for item in record.items:
        if getattr(item, "line", 0) != line or isinstance(item, Comment):
            continue
        if isinstance(item, Trick):
            return _step_of_trick(item.number, table)
        if isinstance(item, Exchange):
            return _exchange_step(table)
        return 0
    return None


def _step_of_trick(number: int | None, table: list[dict[str, Any]]) -> int | None:
    for i, step in enumerate(table):
        if step["kind"] == "trick" and step["trick"]["number"] == number:
            return i
    return None


def _exchange_step(table: list[dict[str, Any]]) -> int:
    return 1 if len(table) > 1 and table[1]["kind"] == "exchange" else 0


def finding_data(record: Record, p: Problem, table: list[dict[str, Any]]) -> dict[str, Any]:
    """One verifier finding, placed on its step (None: it is about the whole deal)."""
    step = _step_of_trick(p.trick, table) if p.trick else None
    if step is None:
        step = _step_of_line(record, p.line, table)
    return {
        "code": p.code,
        "message": p.message,
        "rule": p.rule,
        "trick": p.trick,
        "seat": p.seat,
        "line": p.line,
        "accepted": p.accepted,
        "judged": p.judged,
        "step": step,
    }


def judgement_data(j: Judgement, counted: bool, table: list[dict[str, Any]]) -> dict[str, Any]:
    """One renons judgement, placed on the step of its trick (the exchange's for trick 0)."""
    c = j.claim
    step = _step_of_trick(c.trick, table) if c.trick else _exchange_step(table)
    pen = j.penalty
    return {
        "claim": {
            "claimant": c.claimant,
            "accused": c.accused,
            "trick": c.trick,
            "kind": c.kind,
            "card": c.card,
        },  # fmt: skip
        "finding": j.finding.value,
        "headline": HEADLINES[j.finding],
        "reason": j.reason,
        "rule": j.rule,
        "played": j.played,
        "should": list(j.should),
        "evidence": list(j.evidence),
        "payer": j.payer,
        "formula": pen.formula if pen else None,
        "counted": counted,
        "text": text(j),
        "step": step if step is not None else 0,
    }


def verdict_data(verdict: Verdict) -> dict[str, Any]:
    """The verdict's outcome: status, contract, scores and the breakdown lines."""
    return {
        "status": verdict.status.value,
        "contract": verdict.contract,
        "declarer": verdict.declarer,
        "partner": verdict.partner,
        "won": verdict.won,
        "scores": verdict.scores,
        "written": verdict.written,
        "card_points": verdict.card_points,
        "card_points_text": card_points_text(verdict) if verdict.card_points else "",
        "breakdown": [[b.label, b.value, b.detail] for b in verdict.breakdown],
        "bonuses": [
            {
                "name": b.name,
                "side": b.side,
                "announced": b.announced,
                "made": b.made,
                "value": b.value,
                "kontra": b.kontra,
            }  # fmt: skip
            for b in verdict.bonuses
        ],
        "game_kontra": verdict.game_kontra,
    }


def _said(record: Record) -> dict[str, Any]:
    """What the record says before and beside the play: talon, auction, call, exchange,
    announcements, kontras, irregularities and comments."""
    talon = next(record.of_type(Talon), None)
    return {
        "talon": list(talon.cards) if talon else None,
        "auction": [[b.seat, b.bid] for a in record.of_type(Auction) for b in a.bids],
        "calls": [{"seat": c.seat, "card": c.card} for c in record.of_type(Call)],
        "exchanges": [
            {
                "seat": e.seat,
                "take": list(e.take),
                "discard": list(e.discard),
                "show": list(e.show),
            }  # fmt: skip
            for e in record.of_type(Exchange)
        ],
        "announcements": [
            {
                "kind": a.kind,
                "seat": a.seat,
                "name": a.name,
                "cards": list(a.cards),
                "options": [f"{k}={v}" for k, v in a.options],
            }  # fmt: skip
            for a in record.of_type(Announce)
        ],
        "kontras": [[k.seat, k.level, k.target] for k in record.of_type(Kontra)],
        "irregular": [
            " ".join([i.kind, i.seat or "", *(f"{k}={v}" for k, v in i.options)]).strip()
            for i in record.of_type(Irregular)
        ],
        "comments": [c.text for c in record.of_type(Comment)],
    }


def deal_data(view: DealView) -> dict[str, Any]:
    """Everything the page draws for one deal, as JSON-ready data."""
    record, verdict = view.record, view.verdict
    table = steps(record, verdict)
    ruling = view.ruling
    judged = list(zip(ruling.judgements, ruling.counted, strict=True)) if ruling else []
    judgements = [judgement_data(j, counted, table) for j, counted in judged]
    start = 0
    if view.focus is not None and 0 <= view.focus < len(judgements):
        start = judgements[view.focus]["step"]
    return {
        "name": deal_name(record),
        "tags": [list(pair) for pair in record.tags],
        "variant": record.variant,
        "ruleset": record.ruleset,
        "deck": deck_for(record.variant).name,
        "dealer": record.dealer,
        "seats": [{"seat": s, "name": record.player(s)} for s in record.seats],
        "said": _said(record),
        "steps": table,
        "findings": [finding_data(record, p, table) for p in verdict.problems],
        "judgements": judgements,
        "verdict": verdict_data(verdict),
        "start": start,
        "focus": view.focus,
    }


def _card_tables(deals: Sequence[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """Deck name → token → SVG, for every pack the page's deals use (every card, and ``?``)."""
    decks = dict.fromkeys(d["deck"] for d in deals)
    return {name: card_pictures([*DECKS[name].tokens, UNKNOWN], name) for name in decks}


def page_data(views: Sequence[DealView], title: str = "") -> dict[str, Any]:
    """The page's JSON blob: the deals and the card pictures."""
    deals = [deal_data(v) for v in views]
    return {
        "title": title or (deals[0]["name"] if len(deals) == 1 else "Deals"),
        "generator": f"tarokpgn {__version__}",
        "deals": deals,
        "cards": _card_tables(deals),
    }


def _blob(data: dict[str, Any]) -> str:
    """JSON safe inside a ``<script>`` element."""
    text_ = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text_.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(views: Sequence[DealView], title: str = "") -> str:
    """The whole page for ``views`` (one deal, or several with a list to choose from)."""
    data = page_data(views, title)
    return (
        _TEMPLATE.replace("__TITLE__", escape(data["title"]))
        .replace("__CSS__", _CSS)
        .replace("__JS__", _JS)
        .replace("__DATA__", _blob(data))
    )


def write_page(path: str | Path, views: Sequence[DealView], title: str = "") -> None:
    """Write the page for ``views`` to ``path`` (UTF-8)."""
    Path(path).write_text(page_html(views, title), encoding="utf-8", newline="\n")


def _asset(name: str) -> str:
    return (Path(__file__).with_name("assets") / name).read_text(encoding="utf-8")


_TEMPLATE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>__CSS__</style>
</head>
<body>
<header><h1 id="title">__TITLE__</h1></header>
<nav id="deal-list" aria-label="Deals" hidden></nav>
<main id="deal"></main>
<script type="application/json" id="tarokpgn-data">__DATA__</script>
<script>__JS__</script>
</body>
</html>
"""

_CSS: Final = _asset("page.css")
_JS: Final = _asset("page.js")
