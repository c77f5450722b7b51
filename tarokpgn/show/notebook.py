"""Records and verdicts in a notebook: the HTML that ``Record._repr_html_`` and
``Verdict._repr_html_`` return (Jupyter shows it as python-chess shows its boards).

A record is drawn as the terminal diagram is (:mod:`tarokpgn.show.terminal`, whose rows this
module shares): the hands by seat grouped by suit, the talon and what came before the play,
the tricks with the leader's card marked ``>`` and the winner's ``*`` and named, each finding on
its trick, then the verdict. The record is replayed with :func:`tarokpgn.replay.verify`; nothing
here knows the rules. The fragment is self-contained (inline CSS, no script, no network), and
every mark is a character as well as a colour.

A verdict has HTML only, no SVG: it holds no cards to draw (a record's ``_repr_svg_`` draws its
hands), and its status, findings and breakdown are text, kept selectable and searchable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from tarokpgn.cards import UNKNOWN
from tarokpgn.model import Record, Talon
from tarokpgn.show.terminal import (
    GROUPS,
    LEAD_MARK,
    WIN_MARK,
    Finding,
    TrickRow,
    before_play,
    deal_name,
    deck_of,
    findings,
    hand_rows,
    problem_finding,
    score_rows,
    trick_rows,
)
from tarokpgn.verdict import Verdict

__all__ = ["record_html", "record_svg", "verdict_html"]

_CSS = """<style>
.tarokpgn table{border-collapse:collapse;margin:.3em 0}
.tarokpgn th,.tarokpgn td{padding:.1em .5em;text-align:left;vertical-align:top}
.tarokpgn thead th{border-bottom:1px solid currentColor}
.tarokpgn .tp-red{color:#c0182b}
.tarokpgn .tp-win{font-weight:bold;text-decoration:underline}
.tarokpgn .tp-finding{color:#c0182b}
.tarokpgn .tp-status{font-weight:bold;padding:0 .3em;border:1px solid currentColor}
.tarokpgn caption{text-align:left;font-weight:bold}
</style>"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _card(card: str, extra: str = "") -> str:
    red = " tp-red" if card[:1] in ("H", "D") and card != UNKNOWN else ""
    return f'<span class="tp-card{red}{extra}" data-card="{_e(card)}">{_e(card)}</span>'


def _cards(cards: Iterable[str]) -> str:
    return " ".join(_card(c) for c in cards)


def _row(cells: Iterable[str], tag: str = "td", attrs: str = "") -> str:
    return f"<tr{attrs}>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"


def _table(cls: str, caption: str, head: list[str], body: list[str]) -> str:
    return (f'<table class="{cls}"><caption>{_e(caption)}</caption><thead>'
            f'{_row((_e(h) for h in head), "th")}</thead><tbody>{"".join(body)}</tbody>'
            "</table>")  # fmt: skip


def _status(verdict: Verdict) -> str:
    value = verdict.status.value
    return f'<span class="tp-status" data-status="{_e(value)}">{_e(value.upper())}</span>'


def _hands(record: Record, verdict: Verdict) -> str:
    rows = hand_rows(record, verdict)
    if not any(r.groups is not None for r in rows):
        return "<p>No hands recorded.</p>"
    groups = [g for g in GROUPS if g != UNKNOWN] if deck_of(record) is not None else [""]
    if any(r.groups and r.groups.get(UNKNOWN) for r in rows):
        groups.append(UNKNOWN)
    body = []
    for r in rows:
        seat = f"<b>{_e(r.seat)}</b> {_e(r.player)}"
        cells = [_cards(r.groups.get(g, ())) for g in groups] if r.groups else ["no hand"]
        body.append(
            _row([seat, _e(", ".join(r.roles)), *cells], attrs=f' data-seat="{_e(r.seat)}"')
        )
    head = ["Seat", "Role", *(GROUPS.get(g, "Cards") for g in groups)]
    return _table("tp-hands", "Hands", head, body)


def _played(row: TrickRow, seat: str) -> str:
    card = row.played.get(seat)
    if card is None:
        return ""
    won = seat == row.winner
    lead = _e(LEAD_MARK) if seat == row.leader else ""
    return lead + _card(card, " tp-win" if won else "") + (WIN_MARK if won else "")


def _tricks(record: Record, verdict: Verdict) -> str:
    rows = trick_rows(record, verdict)
    if not rows:
        return "<p>No tricks recorded.</p>"
    body = []
    for row in rows:
        cells = [_played(row, seat) for seat in record.seats]
        notes = "; ".join(_e(f.label) for f in row.findings)
        attrs = f' data-trick="{row.number}" data-winner="{_e(row.winner or "")}"'
        won = _e(row.winner) if row.winner is not None else "?"
        body.append(_row([str(row.number), _e(row.leader), *cells, f"<b>{won}</b>",
                          f'<span class="tp-finding">{notes}</span>'], attrs=attrs))  # fmt: skip
    seats = [f"{s} {record.player(s)}".strip() for s in record.seats]
    legend = f"Tricks ({LEAD_MARK} led the trick, {WIN_MARK} won it)"
    return _table("tp-tricks", legend, ["#", "Lead", *seats, "Won by", "Findings"], body)


def record_html(record: Record, verdict: Verdict | None = None) -> str:
    """``record`` as an HTML fragment: its diagram, then its verdict (replayed with
    :func:`tarokpgn.replay.verify` when not given)."""
    if verdict is None:
        from tarokpgn.replay import verify

        verdict = verify(record)
    head = f"<p><b>{_e(deal_name(record))}</b> {_status(verdict)}</p>"
    lines = "".join(f"<div>{_e(line.plain)}</div>" for line in before_play(record, verdict))
    parts = [head, _hands(record, verdict), lines, _tricks(record, verdict)]
    parts.append(_verdict_body(verdict, findings(record, verdict)))
    return f'<div class="tarokpgn tarokpgn-deal">{_CSS}{"".join(parts)}</div>'


def _findings(found: list[Finding]) -> str:
    if not found:
        return ""
    items = []
    for f in found:
        where = f"trick {f.trick}" if f.trick is not None else "deal"
        trick = f' data-trick="{f.trick}"' if f.trick is not None else ""
        items.append(f'<li class="tp-finding"{trick}>{_e(where)}: {_e(f.text)}</li>')
    return f'<ul class="tp-findings">{"".join(items)}</ul>'


def _verdict_body(verdict: Verdict, found: list[Finding]) -> str:
    facts = [f"contract {verdict.contract}"] if verdict.contract else []
    facts += [f"declarer {verdict.declarer}"] if verdict.declarer else []
    facts += [f"partner {verdict.partner}"] if verdict.partner else []
    summary = f"<p>Verdict: {_status(verdict)} {_e(', '.join(facts))}</p>"
    rows = [_row([_e(label), _e(value), _e(detail)]) for label, value, detail in
            score_rows(verdict)]  # fmt: skip
    score = _table("tp-score", "Score", ["", "Value", "Detail"], rows)
    return summary + _findings(found) + score


def verdict_html(verdict: Verdict) -> str:
    """``verdict`` as an HTML fragment: its status, the contract and sides, every problem (on
    its trick) and the score breakdown."""
    found = [problem_finding(p) for p in verdict.problems]
    body = _verdict_body(verdict, found)
    return f'<div class="tarokpgn tarokpgn-verdict">{_CSS}{body}</div>'


_CARD_WIDTH = 40
_LABEL_WIDTH = 110
_ROW_GAP = 8


def record_svg(record: Record) -> str | None:
    """The dealt hands (and the talon) as one SVG picture, a row of cards per seat drawn by
    :func:`tarokpgn.show.svg.hand_svg` with the seat and player at its left; None when the
    record deals no hand."""
    from tarokpgn.show.svg import HEIGHT as CARD_HEIGHT
    from tarokpgn.show.svg import WIDTH, hand_svg

    deck = deck_of(record)
    rows = [(f"{r.seat} {r.player}".strip(), r.seat, r.cards)
            for r in hand_rows(record) if r.groups is not None]  # fmt: skip
    if not rows:
        return None
    talon = [t.cards for t in record.of_type(Talon)]
    if talon:
        rows.append(("talon", "talon", tuple(deck.sort(talon[0]) if deck else talon[0])))
    height = round(_CARD_WIDTH * CARD_HEIGHT / WIDTH)
    parts, widest = [], 0
    for i, (label, key, cards) in enumerate(rows):
        y = i * (height + _ROW_GAP)
        picture = hand_svg(cards, deck, width=_CARD_WIDTH)
        size = re.search(r'width="(\d+)"', picture)
        widest = max(widest, int(size.group(1)) if size else 0)
        parts.append(f'<g data-seat="{_e(key)}" transform="translate(0 {y})">'
                     f'<text x="0" y="{height // 2 + 5}" font-family="sans-serif" '
                     f'font-size="14" font-weight="bold">{_e(label)}</text>'
                     f'<g transform="translate({_LABEL_WIDTH} 0)">{picture}</g></g>')  # fmt: skip
    total_w = _LABEL_WIDTH + widest
    total_h = len(rows) * (height + _ROW_GAP) - _ROW_GAP
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
            f'viewBox="0 0 {total_w} {total_h}" role="img" aria-label="the hands of '
            f'{_e(deal_name(record))}">{"".join(parts)}</svg>')  # fmt: skip
