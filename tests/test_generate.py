"""The random generator: deterministic, legal, varied, fast enough."""

from __future__ import annotations

import collections

import pytest

from tarokpgn import generate, verify_all
from tarokpgn.model import parse_scores
from tarokpgn.notation import write_records
from tarokpgn.verdict import Status


def test_same_seed_same_bytes() -> None:
    a = "".join(write_records(generate("slovenian-4", n=30, seed=4)))
    b = "".join(write_records(generate("slovenian-4", n=30, seed=4)))
    c = "".join(write_records(generate("slovenian-4", n=30, seed=5)))
    assert a == b and a != c


@pytest.mark.parametrize(
    ("variant", "preset", "n"),
    [("slovenian-4", "semedela", 800), ("slovenian-4", "pagat", 600), ("slovenian-3", "sl3", 600)],
)
def test_thousands_of_deals_verify_clean(variant: str, preset: str, n: int) -> None:
    contracts: collections.Counter[str] = collections.Counter()
    for record, verdict in verify_all(generate(variant, preset, n=n, seed=99)):
        assert verdict.status is Status.OK, (verdict.problems, record)
        contracts[verdict.contract or ""] += 1
    assert len(contracts) >= 9


def test_every_contract_bonus_and_kontra_level_occurs() -> None:
    contracts: set[str] = set()
    bonuses: set[tuple[str, bool, bool]] = set()
    kontras: set[int] = set()
    for _, v in verify_all(generate("slovenian-4", "semedela", n=1500, seed=3,
                                    options={"pikolo": "true"})):  # fmt: skip
        contracts.add(v.contract or "")
        bonuses |= {(b.name, b.announced, bool(b.made)) for b in v.bonuses}
        kontras.add(v.game_kontra)
        kontras |= {b.kontra for b in v.bonuses}
    assert contracts >= {
        "klop",
        "three",
        "two",
        "one",
        "piccolo",
        "solo-three",
        "solo-two",
        "solo-one",
        "beggar",
        "solo-without",
        "open-beggar",
        "open-solo-without",
        "colour-valat",
        "colour-valat-suit",
        "valat",
    }
    for name in ("trula", "kings", "pagat-ultimo"):
        assert (name, True, True) in bonuses or (name, True, False) in bonuses
        assert (name, False, True) in bonuses
    assert ("valat", True, True) in bonuses and ("valat", False, True) in bonuses
    assert kontras >= {0, 1, 2, 3, 4}


def test_match_tags_rotate_dealer_and_sum_totals() -> None:
    records = list(generate("slovenian-3", n=5, seed=1))
    assert [r.dealer for r in records] == ["N", "E", "S", "N", "E"]
    assert [r.get("Deal") for r in records] == ["1", "2", "3", "4", "5"]
    total: collections.Counter[str] = collections.Counter()
    for r in records:
        total.update(r.written_scores() or {})
    assert parse_scores(records[-1].get("Totals")) == dict(total)


def test_unknown_variant_and_ruleset() -> None:
    with pytest.raises(ValueError):
        next(generate("slovenian-5"))
    with pytest.raises(ValueError):
        next(generate("slovenian-4", "nonsense"))
