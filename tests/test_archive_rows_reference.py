"""The archive's documented tables against a plain row builder, on deals of every variant and
odd records.

:mod:`tarokpgn.archive.rows` stores a deal compactly (one row with lists, cards as codes, values
left out where another column holds them) and the archive's views decode it;
:func:`reference` builds the documented rows one dict at a time, the obvious way, from the
schema's meaning. Both must give the same rows, table by table.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tarokpgn import generate
from tarokpgn.archive.rows import COLUMNS, Rows, trick_winners, year_of
from tarokpgn.archive.store import documented_tables
from tarokpgn.model import (
    VARIANTS,
    Announce,
    Auction,
    Call,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
    parse_scores,
)
from tarokpgn.notation import write_records
from tarokpgn.notation.fastreader import iter_export
from tarokpgn.replay import verify
from tarokpgn.verdict import Verdict

GOLDEN = Path(__file__).parent / "golden"

Row = dict[str, Any]


def _options(pairs: Any) -> str:
    return " ".join(f"{k}={v}" for k, v in pairs)


def reference(deals: list[tuple[Record, Verdict]]) -> dict[str, list[Row]]:
    """The rows of every table for ``deals``, in order (a repeated deal: an occurrence only)."""
    out: dict[str, list[Row]] = {table: [] for table in COLUMNS}
    seen: set[str] = set()
    for record, verdict in deals:
        src = record.source
        assert src is not None
        deal = src.sha256
        out["occurrences"].append(
            {"file": src.file, "idx": src.index, "deal_id": deal, "offset": src.offset,
             "line": src.line}
        )  # fmt: skip
        if deal in seen:
            continue
        seen.add(deal)
        items = record.items
        tricks = [item for item in items if isinstance(item, Trick)]
        calls = [item for item in items if isinstance(item, Call)]
        talons = [item for item in items if isinstance(item, Talon)]
        call = calls[0] if calls else None
        in_talon = None
        if call is not None and talons and "?" not in talons[0].cards:
            in_talon = call.card in talons[0].cards
        date = record.get("Date")
        out["deals"].append(
            {"deal_id": deal, "variant": record.variant or None,
             "ruleset": record.ruleset or None, "options": record.get("Options") or None,
             "event": record.get("Event") or None, "site": record.get("Site") or None,
             "date": date or None, "year": year_of(date), "round": record.get("Round") or None,
             "deal_no": record.get("Deal") or None, "match": record.get("Match") or None,
             "dealer": record.dealer or None, "players": record.players,
             "result": record.get("Result") or None, "status": str(verdict.status),
             "contract": verdict.contract, "declarer": verdict.declarer,
             "partner": verdict.partner, "called_card": call.card if call else None,
             "called_in_talon": in_talon, "won": verdict.won,
             "declarer_points": verdict.card_points.get("declarer"),
             "opponent_points": verdict.card_points.get("opponents"),
             "game_kontra": verdict.game_kontra, "tricks": len(tricks),
             "problems": len(verdict.problems)}
        )  # fmt: skip
        for pos, (name, value) in enumerate(record.tags, 1):
            out["tags"].append({"deal_id": deal, "pos": pos, "name": name, "value": value})
        winners = trick_winners(record, verdict)
        won = Counter(winners.values())
        written = verdict.written
        if written is None:
            try:
                written = parse_scores(record.get("Result"))
            except ValueError:
                written = None
        for position, seat in enumerate(record.play_order(), 1):
            role = None
            if verdict.declarer is not None:
                role = "declarer" if seat == verdict.declarer else "opponent"
                role = "partner" if seat == verdict.partner and role != "declarer" else role
            out["seats"].append(
                {"deal_id": deal, "seat": seat, "position": position,
                 "player": record.player(seat) or None, "role": role,
                 "tricks_won": won[seat] if len(winners) == len(tricks) else None}
            )  # fmt: skip
            computed = (verdict.scores or {}).get(seat)
            given = written.get(seat) if written else None
            agrees = None if computed is None or given is None else computed == given
            out["scores"].append(
                {"deal_id": deal, "seat": seat, "computed": computed, "written": given,
                 "agrees": agrees}
            )  # fmt: skip
        for holder, points in verdict.card_points.items():
            out["card_points"].append({"deal_id": deal, "holder": holder, "points": points})
        for pos, line in enumerate(verdict.breakdown, 1):
            out["breakdown"].append(
                {"deal_id": deal, "pos": pos, "label": line.label, "value": line.value,
                 "detail": line.detail}
            )  # fmt: skip
        for b in verdict.bonuses:
            out["bonuses"].append(
                {"deal_id": deal, "name": b.name, "side": b.side, "announced": b.announced,
                 "made": b.made, "value": b.value, "kontra": b.kontra}
            )  # fmt: skip
        _items(out, deal, items)
        for trick in tricks:
            n = len(trick.cards)
            winner = winners.get(trick.number)
            out["tricks"].append(
                {"deal_id": deal, "trick": trick.number, "leader": trick.leader,
                 "winner": winner, "cards": n}
            )  # fmt: skip
            seats = record.seats
            if trick.leader in seats:
                i = seats.index(trick.leader)
                seats = seats[i:] + seats[:i]
            seats = seats + ("?",) * max(0, n - len(seats))
            for pos, card in enumerate(trick.cards, 1):
                out["plays"].append(
                    {"deal_id": deal, "trick": trick.number, "pos": pos, "seat": seats[pos - 1],
                     "card": card, "winner": winner}
                )  # fmt: skip
        for p in verdict.problems:
            out["problems"].append(
                {"file": src.file, "deal_id": deal, "origin": "verify", "record": src.index,
                 "line": p.line, "column": p.column, "code": p.code, "message": p.message,
                 "trick": p.trick, "seat": p.seat, "rule": p.rule, "accepted": p.accepted,
                 "judged": p.judged}
            )  # fmt: skip
    return out


def _items(out: dict[str, list[Row]], deal: str, items: tuple[Any, ...]) -> None:
    bids = announcements = kontras = irregularities = 0
    for item in items:
        if isinstance(item, Hand):
            for pos, card in enumerate(item.cards, 1):
                out["hands"].append({"deal_id": deal, "seat": item.seat, "pos": pos, "card": card})
        elif isinstance(item, Talon):
            for pos, card in enumerate(item.cards, 1):
                out["talon"].append({"deal_id": deal, "pos": pos, "card": card})
        elif isinstance(item, Auction):
            for bid in item.bids:
                bids += 1
                out["auction"].append(
                    {"deal_id": deal, "pos": bids, "seat": bid.seat, "bid": bid.bid}
                )
        elif isinstance(item, Exchange):
            for action, cards in (
                ("take", item.take),
                ("discard", item.discard),
                ("show", item.show),
            ):
                for pos, card in enumerate(cards, 1):
                    out["exchanges"].append(
                        {"deal_id": deal, "seat": item.seat, "action": action, "pos": pos,
                         "card": card}
                    )  # fmt: skip
        elif isinstance(item, Announce):
            announcements += 1
            out["announcements"].append(
                {"deal_id": deal, "pos": announcements, "kind": item.kind, "seat": item.seat,
                 "name": item.name, "cards": " ".join(item.cards),
                 "options": _options(item.options)}
            )  # fmt: skip
        elif isinstance(item, Kontra):
            kontras += 1
            out["kontras"].append(
                {"deal_id": deal, "pos": kontras, "seat": item.seat, "level": item.level,
                 "target": item.target}
            )  # fmt: skip
        elif isinstance(item, Renons):
            irregularities += 1
            options = list(item.options)
            if item.kontra:
                options.insert(0, ("kontra", str(item.kontra)))
            if item.card:
                options.insert(0, ("card", item.card))
            out["irregularities"].append(
                {"deal_id": deal, "pos": irregularities, "kind": "renons", "what": item.kind,
                 "seat": item.accused, "claimant": item.claimant, "trick": item.trick,
                 "options": _options(options)}
            )  # fmt: skip
        elif isinstance(item, Irregular):
            irregularities += 1
            trick = dict(item.options).get("trick", "")
            out["irregularities"].append(
                {"deal_id": deal, "pos": irregularities, "kind": "irregular", "what": item.kind,
                 "seat": item.seat, "claimant": None,
                 "trick": int(trick) if trick.isdigit() and len(trick) < 5 else None,
                 "options": _options(item.options)}
            )  # fmt: skip


def _read(data: bytes, file: str) -> list[tuple[Record, Verdict]]:
    return [(r, verify(r)) for r in iter_export(data, file) if isinstance(r, Record)]


def _generated() -> list[tuple[Record, Verdict]]:
    deals: list[tuple[Record, Verdict]] = []
    for variant in VARIANTS:
        text = "".join(write_records(generate(variant, n=6, seed=11)))
        deals += _read(text.encode(), f"{variant}.tpgn")
    return deals


def _golden() -> list[tuple[Record, Verdict]]:
    deals: list[tuple[Record, Verdict]] = []
    for path in sorted(GOLDEN.glob("*/*.tpgn")):
        deals += _read(path.read_bytes(), path.name)
    return deals


def _sorted(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda row: repr(sorted(row.items())))


def _check(deals: list[tuple[Record, Verdict]]) -> None:
    rows = Rows()
    for record, verdict in deals:
        rows.add_deal(record, verdict)
    tables = documented_tables(rows.to_arrow())
    expected = reference(deals)
    for table in COLUMNS:
        assert tables[table].column_names == [name for name, _ in COLUMNS[table]], table
        assert _sorted(tables[table].to_pylist()) == _sorted(expected[table]), table


@pytest.mark.parametrize("source", ["generated", "golden"])
def test_rows_match_the_reference(source: str) -> None:
    deals = _generated() if source == "generated" else _golden()
    assert len({r.variant for r, _ in deals}) >= 5
    _check(deals)
    _check(deals[::-1] + deals[:7])  # another order, repeated deals (occurrences only)
    _check(deals[:1])
    _check([])


def test_failed_deals_leave_the_batch_as_without_them() -> None:
    """A deal that fails half-way (here: a breakdown line that is no ScoreLine) in the middle of
    a batch leaves rows equal to those of the batch without it."""
    import dataclasses

    deals = _generated()
    rows = Rows()
    for i, (record, verdict) in enumerate(deals):
        if i % 5 == 2:
            src = record.source
            assert src is not None
            bad = dataclasses.replace(
                record, source=dataclasses.replace(src, sha256=src.sha256[::-1])
            )
            broken = dataclasses.replace(verdict, breakdown=(*verdict.breakdown, None))  # type: ignore[arg-type]
            with pytest.raises((AttributeError, TypeError)):
                rows.add_deal(bad, broken)
        rows.add_deal(record, verdict)
    tables = documented_tables(rows.to_arrow())
    expected = reference(deals)
    for table in COLUMNS:
        assert _sorted(tables[table].to_pylist()) == _sorted(expected[table]), table


def _odd(deal: tuple[Record, Verdict], k: int) -> tuple[Record, Verdict]:
    """``deal`` changed so that each value the storage can leave out or pack must be kept
    as written: hands out of canonical order, tricks numbered from 3, a tag value with the
    tag text's separators, a Result in another form, an unknown card."""
    import dataclasses
    import hashlib

    record, verdict = deal
    items: list[Any] = []
    for item in record.items:
        if isinstance(item, Hand) and k % 2:
            item = dataclasses.replace(item, cards=item.cards[::-1])
        elif isinstance(item, Trick):
            item = dataclasses.replace(item, number=item.number + 2)
        elif isinstance(item, Talon) and k % 3 == 0:
            item = dataclasses.replace(item, cards=(*item.cards[:-1], "Z99"))
        items.append(item)
    tags = [(n, v.replace(" ", "  ") if n == "Result" else v) for n, v in record.tags]
    tags.append(("Note", "a\x1fb\x1ec"))
    src = record.source
    assert src is not None
    sha = hashlib.sha256(f"{src.sha256}{k}".encode()).hexdigest()
    odd = Record(tuple(tags), tuple(items), dataclasses.replace(src, sha256=sha))
    return odd, verdict


def test_values_the_storage_cannot_pack_are_kept() -> None:
    """The fallbacks of the compact storage decode to the reference rows too; and the packed
    forms are used for the generated deals (every one of them has its hands in canonical
    order and the Result as the written scores)."""
    deals = _generated()
    odd = [_odd(deal, k) for k, deal in enumerate(deals)]
    _check(odd + deals)
    rows = Rows()
    for record, verdict in deals:
        rows.add_deal(record, verdict)
    stored = rows.to_arrow()["deal_rows"].to_pydict()
    packed = [len(layout) == 54 for layout in stored["hand_layout"]]
    pack54 = [r.variant.split("-")[0] in ("slovenian", "czech") for r, _ in deals]
    assert packed == pack54 and sum(packed) >= 12  # the 54-card variants
    assert all(stored["result_from_scores"]) and all(t is None for t in stored["trick_numbers"])
    rows = Rows()
    for record, verdict in odd:
        rows.add_deal(record, verdict)
    stored = rows.to_arrow()["deal_rows"].to_pydict()
    assert not any(stored["result_from_scores"])
    numbers = zip(stored["trick_numbers"], stored["tricks"], strict=True)
    assert all(t is not None for t, n in numbers if n)
    assert all(text is None for text in stored["tag_text"])
    assert sum(bool(cards) for cards in stored["odd_cards"]) >= 8  # deals with a talon
