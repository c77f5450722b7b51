"""Rebuild the French golden corpus: ``python tests/golden/french/build.py`` (repo root);
``build.py NAME…`` rebuilds only the records named (the others are left as they are).

Each ``NAME.tpgn`` is one deal picked from generated deals (clean records: every contract,
poignée, petit au bout, chelem), or a clean deal with one rule broken by
:mod:`helpers.french_mutations` or a small edit (``bad-*``); ``NAME.verdict.json`` is the verdict
``tests/test_french_golden.py`` expects. Rebuilding overwrites the expectations: review the
diff before committing.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from helpers.french_mutations import MUTATIONS  # noqa: E402
from helpers.french_util import POINTS, excuse_facts  # noqa: E402
from helpers.golden_util import summary  # noqa: E402

from tarokpgn.generate import generate  # noqa: E402
from tarokpgn.model import Announce, Auction, Bid, Call, Exchange, ExcuseExchange, Record  # noqa: E402
from tarokpgn.notation import parse_record, write_record  # noqa: E402
from tarokpgn.replay import verify  # noqa: E402
from tarokpgn.verdict import Verdict  # noqa: E402

Pick = Callable[[Record, Verdict], bool]


def expected(v: Verdict) -> dict[str, object]:
    return summary(v, "french")


def _bonus(name: str, made: bool | None = True, announced: bool | None = None) -> Pick:
    def pick(r: Record, v: Verdict) -> bool:
        return any(
            b.name.startswith(name)
            and (made is None or b.made == made)
            and (announced is None or b.announced == announced)
            for b in v.bonuses
        )

    return pick


def _contract(cid: str, won: bool | None = None) -> Pick:
    return lambda r, v: v.contract == cid and (won is None or v.won == won)


CLEAN: dict[str, tuple[str, Pick]] = {
    "petite-made": ("french-4", _contract("petite", True)),
    "petite-lost": ("french-4", _contract("petite", False)),
    "garde": ("french-4", _contract("garde")),
    "garde-sans": ("french-4", _contract("garde-sans")),
    "garde-contre": ("french-4", _contract("garde-contre")),
    "all-pass": ("french-4", _contract("pass")),
    "three-garde": ("french-3", _contract("garde")),
    "three-handful": ("french-3", _bonus("handful")),
    "five-partner": ("french-5", lambda r, v: v.partner is not None and v.contract == "garde"),
    "five-alone": ("french-5", lambda r, v: v.partner is None and v.contract != "pass"),
    "five-handful": ("french-5", _bonus("handful")),
    "handful-taker": (
        "french-4",
        lambda r, v: any(b.name.startswith("handful") and b.side == "declarer" for b in v.bonuses),
    ),
    "handful-defence": (
        "french-4",
        lambda r, v: any(b.name.startswith("handful") and b.side == "opponents" for b in v.bonuses),
    ),
    "petit-au-bout-taker": (
        "french-4",
        lambda r, v: any(b.name == "petit-au-bout" and b.side == "declarer" for b in v.bonuses),
    ),
    "petit-au-bout-defence": (
        "french-4",
        lambda r, v: any(b.name == "petit-au-bout" and b.side == "opponents" for b in v.bonuses),
    ),
    "chelem-announced": ("french-4", _bonus("chelem", True, True)),
    "chelem-silent": ("french-4", _bonus("chelem", True, False)),
}


def _first(variant: str, pick: Pick, seed: int = 5, n: int = 600) -> Record:
    for r in generate(variant, n=n, seed=seed):
        if pick(r, verify(r)):
            return dataclasses.replace(r, tags=tuple((k, v) for k, v in r.tags if k != "Totals"))
    raise LookupError(f"no generated {variant} deal fits")


def _replace(record: Record, old: type, new: Callable[[object], object]) -> Record:
    items = tuple(new(i) if isinstance(i, old) else i for i in record.items)
    return dataclasses.replace(record, items=items)


def _edits(garde4: Record, five: Record, three: Record) -> dict[str, Record]:
    out: dict[str, Record] = {}
    out["bad-unknown-bid"] = _replace(
        garde4,
        Auction,
        lambda a: dataclasses.replace(a, bids=(Bid(a.bids[0].seat, "pousse"), *a.bids[1:])),
    )  # type: ignore[attr-defined]
    out["bad-call-queen"] = _replace(five, Call, lambda c: dataclasses.replace(c, card="HQ"))
    out["bad-discard-count"] = _replace(
        garde4, Exchange, lambda e: dataclasses.replace(e, discard=e.discard[:-1])
    )  # type: ignore[attr-defined]
    out["bad-dog-not-taken"] = _replace(
        garde4, Exchange, lambda e: dataclasses.replace(e, take=e.take[:-1], discard=e.discard[:-1])
    )  # type: ignore[attr-defined]
    out["bad-handful-size"] = _declare(three, "handful-10", 10)
    out["bad-handful-count"] = _declare_fool(garde4)
    out["bad-kontra"] = _insert(garde4, "kontra")
    return out


def _declare(record: Record, name: str, k: int) -> Record:
    from tarokpgn.replayer import Replay

    r, _ = Replay.start(record)
    assert r is not None
    taker = verify(record).declarer or "N"
    hand = r.deal.hands[r.pos[taker]] or set()
    t = r.ruleset.tables
    trumps = [t.tokens[c] for c in sorted(hand) if t.suit[c] == 4][:k]
    return _insert(record, Announce("declare", taker, name, tuple(trumps)))


def _declare_fool(record: Record) -> Record:
    """The Excuse holder shows it with his trumps in a poignée he does not have (F-6.2)."""
    from tarokpgn.replayer import Replay

    r, _ = Replay.start(record)
    assert r is not None
    t = r.ruleset.tables
    for pos, hand in enumerate(r.deal.dealt):
        if hand and t.card("FOOL") in hand:
            trumps = [t.tokens[c] for c in sorted(hand) if t.suit[c] == 4]
            seat = r.deal.labels[pos]
            return _insert(record, Announce("declare", seat, "handful-10", ("FOOL", *trumps[:9])))
    raise LookupError("nobody holds the Excuse")


def _insert(record: Record, item: object) -> Record:
    from tarokpgn.model import Kontra, Trick

    if item == "kontra":
        item = Kontra(record.play_order()[0], 1, "game")
    items = list(record.items)
    k = next(i for i, it in enumerate(items) if isinstance(it, Trick))
    items.insert(k, item)  # type: ignore[arg-type]
    return dataclasses.replace(record, items=tuple(items))


def _with_result(record: Record) -> Record:
    from tarokpgn.model import format_scores

    v = verify(record)
    assert v.scores is not None, [p.message for p in v.problems]
    tags = tuple((k, format_scores(v.scores) if k == "Result" else x) for k, x in record.tags)
    return dataclasses.replace(record, tags=tags)


def _more(bases: list[Record]) -> dict[str, Record]:
    """A failed announced chelem (forehand's), the announcer not leading, a petit sec."""
    out: dict[str, Record] = {}
    for r in bases:
        v = verify(r)
        first = r.play_order()[0]
        key = "chelem-announced-failed" if v.declarer == first else "bad-chelem-leader"
        if key not in out and v.declarer:
            rec = _insert(r, Announce("announce", v.declarer, "chelem"))
            out[key] = _with_result(rec) if key.startswith("chelem") else rec
    for r in generate("french-4", n=300, seed=4, options={"petit_sec_annuls": "false"}):
        plain = dataclasses.replace(
            r, tags=tuple((k, x) for k, x in r.tags if k not in ("Options", "Totals", "Match"))
        )
        if any(p.code == "petit-sec" for p in verify(plain).problems):
            out["bad-petit-sec"] = plain
            break
    return out


def _excuse_exchange(bases: list[Record]) -> dict[str, Record]:
    """The Excuse's exchange card written after the tricks (F-9.7): a half-point card its side
    won (clean, the same score as without it), a King it won, a card the other side won, and
    one when no exchange is due (the Excuse played to the last trick, F-9.4)."""
    out: dict[str, Record] = {}
    for r in bases:
        plain = dataclasses.replace(
            r, tags=tuple((k, x) for k, x in r.tags if k not in ("Totals", "Match"))
        )
        facts = excuse_facts(plain)
        if facts is None:
            continue
        full = next((c for c in facts.own if POINTS[c] > 1), None)
        if facts.kind == "exchange" and full is not None and "excuse-exchange" not in out:
            other = next(c for c in facts.other if POINTS[c] == 1)
            out["excuse-exchange"] = _append(plain, facts.own_half())
            out["bad-excuse-exchange-value"] = _append(plain, full)
            out["bad-excuse-exchange-owner"] = _append(plain, other)
        elif facts.kind == "last" and "bad-excuse-exchange-none" not in out:
            out["bad-excuse-exchange-none"] = _append(plain, facts.own_half())
    return out


def _append(record: Record, card: str) -> Record:
    return dataclasses.replace(record, items=(*record.items, ExcuseExchange(card)))


def main(only: list[str]) -> None:
    if not only:
        for old in HERE.glob("*.tpgn"):
            old.unlink()
        for old in HERE.glob("*.verdict.json"):
            old.unlink()
    records: dict[str, Record] = {}
    for name, (variant, pick) in CLEAN.items():
        try:
            records[name] = _first(variant, pick)
        except LookupError:
            print("missing", name)
    bases = {
        v: [r for r in generate(v, n=80, seed=9) if verify(r).contract not in (None, "pass")]
        for v in ("french-4", "french-5")
    }
    for kind, mutate in MUTATIONS.items():
        variant = "french-5" if kind == "called-suit-lead" else "french-4"
        for base in bases[variant]:
            out = mutate(base)
            if out is not None:
                records[f"bad-{kind}"] = out[0]
                break
    records.update(_more(bases["french-4"]))
    garde4 = records["garde"]
    records.update(_edits(garde4, records["five-partner"], records["three-garde"]))
    records.update(_excuse_exchange(bases["french-4"]))
    for name, record in records.items():
        if only and name not in only:
            continue
        text = write_record(record)
        record = parse_record(text)
        (HERE / f"{name}.tpgn").write_text(text)
        data = json.dumps(expected(verify(record)), indent=1, ensure_ascii=False)
        (HERE / f"{name}.verdict.json").write_text(data + "\n")
        print(name, verify(record).status.value)


if __name__ == "__main__":
    main(sys.argv[1:])
