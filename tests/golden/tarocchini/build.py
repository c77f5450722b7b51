"""Rebuild the Tarocchini golden corpus: ``python tests/golden/tarocchini/build.py`` (from the
repo root).

Each ``NAME.tpgn`` is one deal picked from generated deals (or a clean deal with one rule
broken by :mod:`helpers.tarocchini_mutations`, or a small edit); ``NAME.verdict.json`` is the
verdict ``tests/test_tarocchini_golden.py`` expects. The expected verdicts were reviewed by hand
when the corpus was built: rebuilding overwrites them, so review ``git diff`` before committing.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from helpers.golden_util import summary  # noqa: E402
from helpers.tarocchini_mutations import MUTATIONS  # noqa: E402

from tarokpgn.generate import generate  # noqa: E402
from tarokpgn.model import Announce, Auction, Bid, Exchange, Record, Trick  # noqa: E402
from tarokpgn.notation import parse_record, write_record  # noqa: E402
from tarokpgn.replay import verify  # noqa: E402
from tarokpgn.verdict import Verdict  # noqa: E402


def _pick(variant: str, test: Callable[[Record, Verdict], bool], **options: str) -> Record:
    for record in generate(variant, n=400, seed=3, options=options or None):
        if test(record, verify(record)):
            tags = tuple((k, v) for k, v in record.tags if k not in ("Match", "Totals"))
            return dataclasses.replace(record, tags=tags)
    raise LookupError(f"no {variant} deal passes the test")


def _declares(record: Record) -> int:
    return sum(1 for i in record.items if isinstance(i, Announce) and i.kind == "declare")


def _fool_lost(record: Record, v: Verdict) -> bool:
    """The Matto was played to a trick the other side won (T-8.1)."""
    order = record.play_order()
    for item, winner in zip(record.of_type(Trick), v.trick_winners, strict=False):
        if "FOOL" in item.cards:
            player = order[(order.index(item.leader) + item.cards.index("FOOL")) % len(order)]
            return (order.index(player) - order.index(winner)) % 2 == 1
    return False


CLEAN: dict[str, Callable[[], Record]] = {
    "ottocento-declarations": lambda: _pick(
        "ottocento", lambda r, v: v.contract == "ottocento" and _declares(r) >= 3
    ),  # fmt: skip
    "ottocento-monte": lambda: _pick("ottocento", lambda r, v: v.contract == "monte"),
    "ottocento-monte-round-played": lambda: _pick(
        "ottocento", lambda r, v: v.contract == "ottocento" and any(r.of_type(Auction))
    ),
    "ottocento-matto-exchange": lambda: _pick("ottocento", _fool_lost),
    "ottocento-before-scarto": lambda: _pick(
        "ottocento", lambda r, v: _declares(r) >= 2, declaration_order="before_scarto"
    ),
    "terziglio-gioco": lambda: _pick(
        "terziglio", lambda r, v: v.contract == "gioco" and bool(v.won)
    ),  # fmt: skip
    "terziglio-gioco-lost": lambda: _pick(
        "terziglio", lambda r, v: v.contract == "gioco" and v.won is False
    ),  # fmt: skip
    "terziglio-solo": lambda: _pick("terziglio", lambda r, v: v.contract == "solo"),
    "terziglio-all-pass": lambda: _pick("terziglio", lambda r, v: v.contract == "all-pass"),
    "terziglio-19-plus-5": lambda: _pick(
        "terziglio", lambda r, v: v.contract == "gioco", terziglio_deal="19_plus_5"
    ),
    "terziglio-groups-of-three": lambda: _pick(
        "terziglio", lambda r, v: v.contract == "gioco", terziglio_card_count="groups_of_three"
    ),
}


def _mutated(variant: str, name: str) -> Callable[[], Record]:
    def build() -> Record:
        record = _pick(variant, lambda r, v: MUTATIONS[name](r) is not None)
        found = MUTATIONS[name](record)
        assert found is not None
        return found[0]

    return build


def _matto_lead() -> Record:
    """The Matto led while other cards remain, under ``matto_cannot_lead`` (T-13.13)."""
    record = _pick("ottocento", lambda r, v: any(t.cards[0] == "FOOL" for t in r.of_type(Trick)))
    tags = (*record.tags, ("Options", "matto_led=matto_cannot_lead"))
    return dataclasses.replace(record, tags=tags)


def _play_after_monte() -> Record:
    """Four monte calls, then the deal is played anyway (T-4.2)."""
    record = _pick("ottocento", lambda r, v: v.contract == "ottocento" and _declares(r) == 0)
    order = record.play_order()
    monte = Auction(tuple(Bid(s, "monte") for s in order))
    items = [i for i in record.items if not isinstance(i, Auction)]
    at = next(n for n, i in enumerate(items) if isinstance(i, Exchange))
    items.insert(at, monte)
    return dataclasses.replace(record, items=tuple(items))


def _declaration_order() -> Record:
    """South declares before East (T-5.5: eldest first, after the scarto)."""
    record = _pick("ottocento", lambda r, v: len({i.seat for i in r.of_type(Announce)}) >= 2)
    items = list(record.items)
    decl = [n for n, i in enumerate(items) if isinstance(i, Announce)]
    first, last = decl[0], decl[-1]
    items[first], items[last] = items[last], items[first]
    return dataclasses.replace(record, items=tuple(items))


BAD: dict[str, Callable[[], Record]] = {
    "bad-follow-suit": _mutated("ottocento", "follow-suit"),
    "bad-must-trump": _mutated("terziglio", "must-trump"),
    "bad-moors-wrong-leader": _mutated("ottocento", "wrong-leader"),
    "bad-five-point-discard": _mutated("ottocento", "five-point-discard"),
    "bad-false-declaration": _mutated("ottocento", "false-declaration"),
    "bad-bid-out-of-turn": _mutated("terziglio", "bid-out-of-turn"),
    "bad-partial-stock": _mutated("terziglio", "partial-stock"),
    "bad-score-mismatch": _mutated("ottocento", "wrong-result"),
    "bad-matto-lead": _matto_lead,
    "bad-play-after-monte": _play_after_monte,
    "bad-declaration-order": _declaration_order,
}


def expected(v: Verdict) -> dict[str, object]:
    return summary(v, "tarocchini")


def main() -> None:
    for name, build in {**CLEAN, **BAD}.items():
        text = write_record(build())
        record = parse_record(text)
        (HERE / f"{name}.tpgn").write_text(text)
        want = expected(verify(record))
        (HERE / f"{name}.verdict.json").write_text(json.dumps(want, indent=1) + "\n")
        print(name, want["status"], [p[0] for p in want["problems"]])  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
