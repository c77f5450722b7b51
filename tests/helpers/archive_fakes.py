"""Synthetic deals and a stand-in verifier for the archive tests.

The deals are written in export form (so any reader can read them) but are not played by
the rules: the stand-in verifier derives its verdict from the text alone, so the tests can
recount every statistic independently of the archive.
"""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

from tarokpgn.cards import TAROK54
from tarokpgn.model import Announce, Auction, Call, Hand, Kontra, Record, Trick
from tarokpgn.verdict import Bonus, Problem, ScoreLine, Status, Verdict

SEATS = ("N", "E", "S", "W")
PLAYERS = ("Ana", "Bojan", "Cene", "Darja", "Eva", "Fran")
CONTRACTS = ("three", "two", "one", "solo-three", "klop")


def deal_text(rng: random.Random, number: int) -> str:
    """One synthetic slovenian-4 deal in export form."""
    cards = list(TAROK54.tokens)
    rng.shuffle(cards)
    hands = {s: TAROK54.sort(cards[i * 12 : i * 12 + 12]) for i, s in enumerate(SEATS)}
    talon = cards[48:]
    dealer = rng.choice(SEATS)
    players = rng.sample(PLAYERS, 4)
    contract = rng.choice(CONTRACTS)
    declarer = rng.choice(SEATS)
    scores = {s: rng.randrange(-80, 81, 5) for s in SEATS}
    tags = [
        ("Event", "Synthetic"), ("Date", f"{rng.choice((2024, 2025))}.01.{number % 28 + 1:02d}"),
        ("Deal", str(number)), ("Variant", "slovenian-4"), ("Ruleset", "semedela"),
        ("Dealer", dealer),
        *zip(SEATS, players, strict=True),
        ("Result", " ".join(f"{s} {v:+d}" if v else f"{s} 0" for s, v in scores.items())),
    ]  # fmt: skip
    lines = [f'[{k} "{v}"]' for k, v in tags] + [""]
    lines += [f"hand {s} {' '.join(h)}" for s, h in hands.items()]
    lines.append(f"talon {' '.join(talon)}")
    if contract == "klop":
        lines.append("auction " + " ".join(f"{s} pass" for s in SEATS))
    else:
        others = [s for s in SEATS if s != declarer]
        lines.append(f"auction {' '.join(f'{s} pass' for s in others)} {declarer} {contract}")
        king = rng.choice(("HK", "DK", "SK", "CK"))
        lines.append(f"call {declarer} {king}")
        if rng.random() < 0.3:
            lines.append(f"announce {declarer} {rng.choice(('trula', 'kings', 'pagat-ultimo'))}")
        if rng.random() < 0.2:
            lines.append(f"kontra {others[0]} 1 game")
            if rng.random() < 0.5:
                lines.append(f"kontra {declarer} 2 game")
    leader = rng.choice(SEATS)
    for t in range(12):
        played = [hands[s][t] for s in SEATS]
        i = SEATS.index(leader)
        played = played[i:] + played[:i]
        lines.append(f"{t + 1}. {leader} {' '.join(played)}")
        leader = rng.choice(SEATS)
    lines.append("end")
    return "\n".join(lines) + "\n"


def write_archive(folder: Path, files: int, deals: int, seed: int = 1) -> list[Path]:
    """``files`` files of ``deals`` synthetic deals each under ``folder``."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for f in range(files):
        path = folder / f"part{f:03d}.tpgn"
        path.write_text("\n".join(deal_text(rng, f * deals + i + 1) for i in range(deals)))
        out.append(path)
    return out


def _hex(record: Record, i: int) -> int:
    assert record.source is not None
    return int(record.source.sha256[i], 16)


def fake_verify(record: Record) -> Verdict:
    """A verdict derived from the text alone (deterministic, no rules)."""
    auction = next(record.of_type(Auction))
    bids = [b for b in auction.bids if b.bid != "pass"]
    contract = bids[-1].bid if bids else "klop"
    declarer = bids[-1].seat if bids else None
    call = next(record.of_type(Call), None)
    partner = None
    if call is not None:
        partner = next((h.seat for h in record.of_type(Hand) if call.card in h.cards), None)
    won = None if declarer is None else _hex(record, 0) % 2 == 0
    written = record.written_scores()
    kontras = [k.level for k in record.of_type(Kontra) if k.target == "game"]
    bonuses = tuple(
        Bonus(a.name, "declarer", True, _hex(record, 1) % 3 != 0, 10)
        for a in record.of_type(Announce)
    )
    if declarer is not None and _hex(record, 2) == 0:
        bonuses += (Bonus("trula", "declarer", False, True, 10),)
    problems = ()
    if _hex(record, 3) == 0:
        problems = (Problem("follow-suit", "did not follow suit", line=1, trick=2, seat="E"),)
    points = {"declarer": 35, "opponents": 35} if declarer else {s: 10 for s in record.seats}
    tricks = list(record.of_type(Trick))
    return Verdict(
        status=Status.ILLEGAL if problems else Status.OK,
        problems=problems,
        contract=contract,
        declarer=declarer,
        partner=partner,
        won=won,
        card_points=points,
        scores=written,
        written=written,
        breakdown=(ScoreLine("game", 10, detail=f"{len(tricks)} tricks"),),
        bonuses=bonuses,
        game_kontra=max(kontras, default=0),
    )


def crashing_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify` but fails on deals numbered 7."""
    if record.get("Deal").endswith("7"):
        raise RuntimeError("boom")
    return fake_verify(record)


def killing_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify` but the process dies (SIGKILL, as the kernel's out-of-memory
    killer ends a process) on deal 17, every time."""
    if record.get("Deal") == "17":
        os.kill(os.getpid(), signal.SIGKILL)
    return fake_verify(record)


def killed_once_verify(record: Record) -> Verdict:
    """Like :func:`killing_verify`, but only the first time deal 17 is met (the directory in
    ``TAROKPGN_TEST_MARKS`` remembers it): a worker killed for a reason that passes."""
    mark = Path(os.environ["TAROKPGN_TEST_MARKS"]) / "killed"
    if record.get("Deal") == "17" and not mark.exists():
        mark.touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return fake_verify(record)


def slow_verify(record: Record) -> Verdict:
    """Like :func:`fake_verify`, 4 ms per deal (for the interruption test)."""
    import time

    time.sleep(0.004)
    return fake_verify(record)
