"""Every statistics report against an independent recount in Python of the same deals."""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.archive_fakes import deal_text, fake_verify, write_archive

from tarokpgn.archive.ingest import index_paths, read_chunk
from tarokpgn.archive.stats import REPORTS, Filters, run_reports, view_sql
from tarokpgn.archive.store import Archive
from tarokpgn.model import Call, Record, Talon
from tarokpgn.verdict import Verdict

Deal = tuple[Record, Verdict]


def read_deals(files: list[Path], verify: Callable[[Record], Verdict]) -> list[Deal]:
    """Every distinct deal of ``files`` with its verdict, read and verified here."""
    seen: dict[str, Deal] = {}
    for path in files:
        for record in read_chunk(path.read_bytes(), str(path)):
            assert isinstance(record, Record)
            assert record.source is not None
            seen.setdefault(record.source.sha256, (record, verify(record)))
    return list(seen.values())


EVERY_DEAL = Filters(include_generated=True)
"""The generated deals too (the views leave them out by default)."""


def rows(archive: Archive, view: str, keys: str, values: str) -> dict[Any, tuple[Any, ...]]:
    sql, params = view_sql(view, EVERY_DEAL)
    result = archive.query(f"SELECT {keys}, {values} FROM ({sql})", params).rows
    n = len(keys.split(","))
    return {r[:n] if n > 1 else r[0]: tuple(r[n:]) for r in result}


def role(verdict: Verdict, seat: str) -> str | None:
    if verdict.declarer is None:
        return None
    if seat == verdict.declarer:
        return "declarer"
    return "partner" if seat == verdict.partner else "opponent"


def check_all(archive: Archive, deals: list[Deal]) -> None:
    """Compare each view with a recount from ``deals``."""
    status: Counter[tuple[Any, ...]] = Counter()
    contracts: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0])
    seat_scores: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0])
    players: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    by_role: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0])
    bonuses: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    kontra: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0])
    klop: Counter[tuple[Any, ...]] = Counter()
    for record, v in deals:
        var = record.variant
        status[var, str(v.status)] += 1
        c = contracts[var, v.contract]
        c[0] += 1
        c[1] += v.won is True
        c[2] += v.won is not None
        k = kontra[var, v.contract]
        k[0] += 1
        k[1] += v.game_kontra >= 1
        k[2] += v.game_kontra >= 2
        if v.declarer is None and v.contract is not None:
            klop[var, v.contract] += 1
        for seat in record.seats:
            score = (v.scores or {}).get(seat)
            if score is not None:
                s = seat_scores[var, seat]
                s[0] += 1
                s[1] += score
                r = by_role[var, v.contract, role(v, seat)]
                r[0] += 1
                r[1] += score
            p = players[record.player(seat), var]
            p[0] += 1
            p[1] += score or 0
            p[2] += role(v, seat) == "declarer"
            p[3] += role(v, seat) == "declarer" and v.won is True
            p[4] += role(v, seat) == "partner"
        for b in v.bonuses:
            t = bonuses[var, b.name]
            t[0] += 1
            t[1] += b.announced
            t[2] += b.announced and b.made is True
            t[3] += not b.announced and b.made is True
    assert rows(archive, "v_status", "variant, status", "deals") == {
        k: (n,) for k, n in status.items()
    }
    assert rows(archive, "v_contracts", "variant, contract", "deals, won, decided") == {
        k: tuple(c) for k, c in contracts.items()
    }
    assert rows(archive, "v_seat_scores", "variant, seat", "deals, total_score") == {
        k: tuple(s) for k, s in seat_scores.items()
    }
    got = rows(archive, "v_player_scores", "player, variant",
               "deals, total_score, declarer, declarer_won, partner")  # fmt: skip
    assert got == {k: tuple(p) for k, p in players.items()}
    got = rows(archive, "v_contract_scores", "variant, contract, role", "seat_deals, avg_score")
    assert got.keys() == by_role.keys()
    for key, (n, total) in by_role.items():
        assert got[key][0] == n and got[key][1] == pytest.approx(total / n, abs=0.006)
    got = rows(archive, "v_bonuses", "variant, bonus",
               "occurrences, announced, announced_made, silent_made")  # fmt: skip
    assert got == {k: tuple(b) for k, b in bonuses.items()}
    assert rows(archive, "v_kontra", "variant, contract", "deals, kontra, rekontra") == {
        k: tuple(n) for k, n in kontra.items()
    }
    assert rows(archive, "v_klop", "variant, contract", "deals") == {
        k: (n,) for k, n in klop.items()
    }


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Archive, list[Deal]]]:
    folder = tmp_path_factory.mktemp("synthetic")
    files = write_archive(folder / "deals", 3, 400, seed=7)
    rng = random.Random(7)  # the first 10 deals of part000 again: duplicates across files
    again = "\n".join(deal_text(rng, n) for n in range(1, 11))
    files[2].write_text(files[2].read_text() + "\n" + again)
    with Archive(folder / "a.duckdb") as archive:
        index_paths(
            archive, [folder / "deals"], workers=2, verify="helpers.archive_fakes:fake_verify"
        )
        yield archive, read_deals(files, fake_verify)


def test_synthetic_archive_statistics(synthetic: tuple[Archive, list[Deal]]) -> None:
    archive, deals = synthetic
    assert archive.query("SELECT count(*) FROM deals").rows == [(len(deals),)]
    assert len(deals) == 1200
    check_all(archive, deals)


def test_every_report_runs_with_filters(synthetic: tuple[Archive, list[Deal]]) -> None:
    archive, _ = synthetic
    all_reports = dict(run_reports(archive, filters=Filters(player="Ana")))
    assert [r.name for r in all_reports] == [r.name for r in REPORTS]
    assert "player-contracts" not in [r.name for r, _ in run_reports(archive)]
    assert all(result.rows for result in all_reports.values())
    only = dict(run_reports(archive, ["players"], Filters(variant="slovenian-4", player="ana")))
    [result] = only.values()
    assert [r[0] for r in result.rows] == ["Ana"]
    none = dict(run_reports(archive, ["contracts"], Filters(variant="french-5")))
    assert list(none.values())[0].rows == []


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Archive, list[Deal]]]:
    generate = pytest.importorskip("tarokpgn.generate").generate
    notation = pytest.importorskip("tarokpgn.notation")
    from tarokpgn.replay import verify

    folder = tmp_path_factory.mktemp("generated")
    files = []
    for variant in ("slovenian-4", "slovenian-3", "czech-4"):
        for seed in (1, 2):
            path = folder / "deals" / f"{variant}-{seed}.tpgn"
            path.parent.mkdir(exist_ok=True)
            deals = generate(variant, n=400, seed=seed)
            path.write_text("".join(notation.write_records(deals)))
            files.append(path)
    with Archive(folder / "a.duckdb") as archive:
        report = index_paths(archive, [folder / "deals"], workers=2)
        assert report.errors == 0
        yield archive, read_deals(files, verify)


def test_generated_archive_statistics(generated: tuple[Archive, list[Deal]]) -> None:
    archive, deals = generated
    assert len(deals) == 2400
    assert {r.variant for r, _ in deals} == {"slovenian-4", "slovenian-3", "czech-4"}
    check_all(archive, deals)
    statuses = archive.query("SELECT DISTINCT status FROM deals").rows
    assert statuses == [("ok",)]
    # the called king in the talon: a question the archive should answer
    called = archive.query(
        "SELECT count(*) FROM deals WHERE contract = 'three' AND called_in_talon"
    ).rows[0][0]
    recount = 0
    for record, v in deals:
        call, talon = next(record.of_type(Call), None), next(record.of_type(Talon), None)
        in_talon = call is not None and talon is not None and call.card in talon.cards
        recount += v.contract == "three" and in_talon
    assert called == recount


def test_cookbook_queries_run(synthetic: tuple[Archive, list[Deal]]) -> None:
    archive, _ = synthetic
    text = (Path(__file__).parents[1] / "docs" / "archive.rst").read_text()
    blocks = re.findall(r"\.\. code-block:: sql\n\n((?:    .*\n|\n)+)", text)
    assert len(blocks) >= 6
    for block in blocks:
        archive.query("\n".join(line[4:] for line in block.splitlines()))


def _winner(cards: list[str], contract: str | None, czech: bool) -> int:
    """Index in ``cards`` (leader first) of the card that wins the trick, recounted here from
    the card facts alone: highest tarok (škis highest), else highest card of the suit led; in
    Slovenian colour valat a suit lead is won in that suit; in Slovenian games the pagat
    captures mond and škis when all three fall (the emperor's trick, SL-10.3)."""
    from tarokpgn.cards import TAROK54

    suit, strength = TAROK54.suit_of, TAROK54.strength
    if not czech and {"T1", "T21", "FOOL"} <= set(cards):
        return cards.index("T1")
    led = suit[cards[0]]
    taroks = [c for c in cards if suit[c] == suit["T1"]]
    colour_valat = (contract or "").startswith("colour-valat") and led != suit["T1"]
    pool = taroks if taroks and not colour_valat else [c for c in cards if suit[c] == led]
    return cards.index(max(pool, key=lambda c: strength[c]))


def test_generated_archive_tricks_won(generated: tuple[Archive, list[Deal]]) -> None:
    """``tricks.winner``, ``seats.tricks_won`` and ``v_klop.someone_no_trick`` against a recount
    of every trick's winner from the cards."""
    from tarokpgn.model import Trick

    archive, deals = generated
    got_won = {(d, s): n for d, s, n in archive.query(
        "SELECT deal_id, seat, tricks_won FROM seats").rows}  # fmt: skip
    got_winner = {(d, t): w for d, t, w in archive.query(
        "SELECT deal_id, trick, winner FROM tricks").rows}  # fmt: skip
    klop: Counter[tuple[Any, ...]] = Counter()
    for record, v in deals:
        assert record.source is not None
        deal_id = record.source.sha256
        order = record.seats
        won = dict.fromkeys(order, 0)
        tricks = list(record.of_type(Trick))
        assert len(v.trick_winners) == len(tricks)
        for trick in tricks:
            i = _winner(list(trick.cards), v.contract, record.variant == "czech-4")
            seat = order[(order.index(trick.leader) + i) % len(order)]
            won[seat] += 1
            assert got_winner[deal_id, trick.number] == seat
        assert {s: got_won[deal_id, s] for s in order} == won
        if v.declarer is None and v.contract is not None and 0 in won.values():
            klop[record.variant, v.contract] += 1
    got = rows(archive, "v_klop", "variant, contract", "someone_no_trick")
    assert {k: n for k, (n,) in got.items() if n} == dict(klop)
    assert sum(klop.values()) > 0
