"""Rebuild the Czech golden corpus: ``python tests/golden/czech/build.py`` (from the repo root).

Each ``NAME.tpgn`` is one deal picked from generated deals (or a clean deal with one rule
broken by :mod:`helpers.czech_mutations`, or a small hand edit); ``NAME.verdict.json`` is the
verdict ``tests/test_czech_golden.py`` expects. The expected verdicts were reviewed by hand when the
corpus was built: rebuilding overwrites them, so review ``git diff`` before committing.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from helpers.czech_mutations import MUTATIONS  # noqa: E402
from helpers.golden_util import summary  # noqa: E402

from tarokpgn.generate import generate  # noqa: E402
from tarokpgn.model import (  # noqa: E402
    Announce,
    Auction,
    Bid,
    Call,
    Exchange,
    Hand,
    Item,
    Kontra,
    Record,
    Talon,
    Trick,
    format_scores,
)
from tarokpgn.notation import parse_record, write_record  # noqa: E402
from tarokpgn.replay import verify  # noqa: E402
from tarokpgn.verdict import Verdict  # noqa: E402

Pick = Callable[[Record, Verdict], bool]


def expected(v: Verdict) -> dict[str, object]:
    return summary(v, "czech")


def pool() -> list[tuple[Record, Verdict]]:
    out = []
    for ruleset in ("vysocina", "mcr"):
        for record in generate("czech-4", ruleset, n=4000, seed=2026):
            out.append((record, verify(record)))
    return out


def items(r: Record, kind: type) -> list[Item]:
    return [i for i in r.items if isinstance(i, kind)]


def declared(name: str) -> Pick:
    return lambda r, v: any(a.name == name and a.kind == "declare" for a in items(r, Announce))


def bonus(name: str, announced: bool, made: bool) -> Pick:
    return lambda r, v: any(
        b.name == name and b.announced == announced and b.made == made for b in v.bonuses
    )


def flek(target: str, level: int) -> Pick:
    return lambda r, v: max((k.level for k in items(r, Kontra) if k.target == target),
                            default=0) == level  # fmt: skip


def game(contract: str, ruleset: str = "vysocina") -> Pick:
    return lambda r, v: v.contract == contract and r.get("Ruleset") == ruleset


def both(*picks: Pick) -> Pick:
    return lambda r, v: all(p(r, v) for p in picks)


def own_call(r: Record, v: Verdict) -> bool:
    calls = items(r, Call)
    hands = {h.seat: h.cards for h in items(r, Hand)}
    return bool(calls) and calls[0].card in hands[calls[0].seat]  # type: ignore[attr-defined]


def no_call(r: Record, v: Verdict) -> bool:
    return v.contract in ("first-duty", "second-duty") and not items(r, Call)


def bought_by(partner: bool) -> Pick:
    def pick(r: Record, v: Verdict) -> bool:
        calls = items(r, Call)
        called = calls[0].card if calls else "T19"  # type: ignore[attr-defined]
        for ex in items(r, Exchange):
            if called in ex.take:  # type: ignore[attr-defined]
                return (ex.seat != v.declarer) == partner  # type: ignore[attr-defined]
        return False

    return pick


def tie(r: Record, v: Verdict) -> bool:
    return v.card_points.get("declarer") == 35


CLEAN: dict[str, Pick] = {
    "first-duty-partner": both(game("first-duty"), lambda r, v: v.partner is not None),
    "first-duty-mcr-1-2-3": both(game("first-duty", "mcr"), lambda r, v: v.partner is not None),
    "first-duty-own-call-alone": both(game("first-duty"), own_call),
    "first-duty-call-implied": both(game("first-duty"), no_call),
    "first-duty-partner-buys-called": both(game("first-duty"), bought_by(True)),
    "first-duty-declarer-buys-called": both(game("first-duty"), bought_by(False)),
    "first-duty-tie": tie,
    "second-duty-pagat-made": both(game("second-duty"), bonus("pagat", True, True)),
    "second-duty-pagat-lost": both(game("second-duty"), bonus("pagat", True, False)),
    "second-duty-mcr": game("second-duty", "mcr"),
    "preferanc-1": game("preferanc-1"),
    "preferanc-2": game("preferanc-2"),
    "preferanc-3": game("preferanc-3"),
    "preferanc-1-mcr": game("preferanc-1", "mcr"),
    "preferanc-2-mcr": game("preferanc-2", "mcr"),
    "preferanc-3-mcr": game("preferanc-3", "mcr"),
    "solo": both(game("solo"), lambda r, v: not v.bonuses),
    "solo-silent-valat": both(game("solo"), bonus("valat", False, True)),
    "valat-announced-made": bonus("valat", True, True),
    "valat-announced-lost": bonus("valat", True, False),
    "warsaw-classic": game("warsaw"),
    "warsaw-mcr": game("warsaw", "mcr"),
    "pagat-announced-made": both(game("first-duty"), bonus("pagat", True, True)),
    "pagat-announced-lost": both(game("first-duty"), bonus("pagat", True, False)),
    "pagat-silent-made": bonus("pagat", False, True),
    "pagat-silent-lost": bonus("pagat", False, False),
    **{f"hlaska-{h}": declared(h) for h in (
        "trul", "honery", "tarocky", "barvicky", "taroky", "kralovske-honery", "trulhonery",
        "barvy")},
    "flek-game": flek("game", 1),
    "re-game": flek("game", 2),
    "tutti-game": flek("game", 3),
    "flek-pagat": flek("pagat", 1),
    "re-pagat": flek("pagat", 2),
    "flek-valat": flek("valat", 1),
    "tutti-valat": flek("valat", 3),
}  # fmt: skip


def replace_item(r: Record, kind: type, new: Callable[[Item], Item | None]) -> Record:
    """``r`` with the first item of ``kind`` replaced by ``new(item)`` (None: removed)."""
    out: list[Item] = []
    done = False
    for item in r.items:
        if isinstance(item, kind) and not done:
            done = True
            changed = new(item)
            if changed is not None:
                out.append(changed)
            continue
        out.append(item)
    return dataclasses.replace(r, items=tuple(out))


def insert_before_play(r: Record, *new: Item) -> Record:
    i = next(k for k, it in enumerate(r.items) if isinstance(it, Trick))
    return dataclasses.replace(r, items=(*r.items[:i], *new, *r.items[i:]))


def with_bids(*words: str) -> Callable[[Item], Item]:
    def new(item: Item) -> Item:
        assert isinstance(item, Auction)
        seats = [b.seat for b in item.bids]
        order = (seats * 2)[: len(words)]
        return Auction(tuple(Bid(s, w) for s, w in zip(order, words, strict=True)))

    return new


def hand_edits(base: Record, warsaw: Record, duty2: Record) -> dict[str, Record]:
    """Records broken by hand (each comment says what is wrong)."""
    first = next(i for i in base.items if isinstance(i, Exchange))
    talon = next(i for i in base.items if isinstance(i, Talon))
    seat = first.seat
    t = talon.cards
    return {
        "bad-bid-too-low": replace_item(base, Auction, with_bids(
            "first-duty", "first-duty", "pass", "pass")),
        "bad-bid-out-of-turn": replace_item(base, Auction, with_bids(
            "first-duty", "pass", "pass", "pass", "solo")),
        "bad-unknown-bid": replace_item(base, Auction, with_bids(
            "first-duty", "three", "pass", "pass")),
        "bad-warsaw-too-early": replace_item(base, Auction, with_bids(
            "first-duty", "warsaw", "pass", "pass")),
        "bad-second-duty-without-pagat": _second_duty_without_pagat(base),
        "bad-call-t15": replace_item(base, Call, lambda c: dataclasses.replace(c, card="T15")),
        "bad-talon-cards": replace_item(base, Talon, lambda _: Talon((*t[:3], t[4], t[3], t[5]))),
        "bad-call-lower-without-higher": _call_lower(base),
        "bad-discard-count": replace_item(base, Exchange, lambda e: dataclasses.replace(
            e, discard=e.discard[:-1])),  # type: ignore[attr-defined]
        "bad-missing-exchange": replace_item(base, Exchange, lambda e: None),
        "bad-hlaska-in-warsaw": insert_before_play(warsaw, Announce("declare", seat, "trul")),
        "bad-flek-in-warsaw": insert_before_play(warsaw, Kontra(seat, 1, "game")),
        "bad-flek-level-skipped": insert_before_play(base, Kontra(_opponent(base), 2, "game")),
        "bad-flek-pagat-game-only": _game_only(duty2),
        "bad-pagat-twice": insert_before_play(base, Announce("announce", seat, "pagat"),
                                              Announce("announce", seat, "pagat")),
    }  # fmt: skip


def _call_lower(r: Record) -> Record:
    hands = {h.seat: h.cards for h in r.of_type(Hand)}
    call = next(c for c in r.of_type(Call))
    low = next(f"T{n}" for n in (18, 17, 16) if f"T{n}" not in hands[call.seat])
    assert "T19" not in hands[call.seat]
    return replace_item(r, Call, lambda c: dataclasses.replace(c, card=low))


def _opponent(r: Record) -> str:
    v = verify(r)
    return next(s for s in r.play_order() if s not in (v.declarer, v.partner))


def _second_duty_without_pagat(r: Record) -> Record:
    hands = {h.seat: h.cards for h in r.of_type(Hand)}
    order = r.play_order()
    seat = next(s for s in order[1:] if "T1" not in hands[s])
    words = ["first-duty"] + ["second-duty" if s == seat else "pass" for s in order[1:]]
    return replace_item(r, Auction, with_bids(*words))


def _game_only(r: Record) -> Record:
    v = verify(r)
    opp = next(s for s in r.play_order() if s not in (v.declarer, v.partner))
    tags = (*r.tags, ("Options", "flek_targets=game_only"))
    r = dataclasses.replace(r, tags=tags, items=tuple(i for i in r.items
                                                      if not isinstance(i, Kontra)))  # fmt: skip
    return insert_before_play(r, Kontra(opp, 1, "pagat"))


def main() -> None:
    for old in HERE.glob("*.tpgn"):
        old.unlink()
    for old in HERE.glob("*.verdict.json"):
        old.unlink()
    deals = pool()
    chosen: dict[str, Record] = {}
    for name, pick in CLEAN.items():
        found = next((r for r, v in deals if v.ok and pick(r, v)), None)
        if found is None:
            print(f"no deal for {name}", file=sys.stderr)
            continue
        chosen[name] = found
    base = chosen["first-duty-partner"]
    for name, mutate in MUTATIONS.items():
        for r, _ in deals:
            got = mutate(r)
            if got is not None:
                chosen[f"bad-{name}"] = got[0]
                break
    chosen.update(hand_edits(base, chosen["warsaw-classic"], chosen["second-duty-pagat-made"]))
    for name, record in chosen.items():
        text = write_record(_retag(record, name))
        (HERE / f"{name}.tpgn").write_text(text)
        verdict = verify(parse_record(text, str(HERE / f"{name}.tpgn")))
        want = json.dumps(expected(verdict), indent=1, ensure_ascii=False) + "\n"
        (HERE / f"{name}.verdict.json").write_text(want)
        print(f"{name}: {verdict.status.value} {[p.code for p in verdict.problems]}")


def _retag(record: Record, name: str) -> Record:
    keep = {"Variant", "Ruleset", "Dealer", "N", "E", "S", "W", "Result", "Options"}
    tags = [("Event", f"golden {name}")] + [(k, v) for k, v in record.tags if k in keep]
    if not any(k == "Result" for k, _ in tags):
        tags.append(("Result", format_scores(verify(record).scores or {})))
    from tarokpgn.notation.tags import export_order

    return dataclasses.replace(record, tags=tuple(export_order(tags)))


if __name__ == "__main__":
    main()
