"""Options that change single rules, set through the record's Options tag."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tarokpgn import generate, verify
from tarokpgn.model import Record, Trick
from tarokpgn.notation import parse_record
from tarokpgn.rules import DealState, find_ruleset
from tarokpgn.verdict import Status

GOLDEN = Path(__file__).parent / "golden" / "slovenian"


def with_options(record: Record, text: str) -> Record:
    tags = tuple((k, v) for k, v in record.tags if k != "Options") + (("Options", text),)
    return dataclasses.replace(record, tags=tags)


def golden(name: str) -> Record:
    return parse_record((GOLDEN / f"{name}.tpgn").read_text(encoding="utf-8"))


def test_stop_on_decided() -> None:
    lost = golden("beggar-lost")
    short = dataclasses.replace(lost, items=tuple(
        i for i in lost.items if not (isinstance(i, Trick) and i.number > 11)))  # fmt: skip
    assert verify(short).scores == verify(lost).scores  # decided: may stop (SL-9.7)
    strict = verify(with_options(short, "stop_on_decided=play_out"))
    assert strict.status is Status.INCOMPLETE and strict.scores is None


def test_renons_options() -> None:
    record = golden("renons-unproven")
    base = verify(record)
    assert base.ok and base.scores is not None
    normal = verify(with_options(record, "renons_other_players=normal"))
    assert normal.scores is not None and normal.scores != base.scores
    game = verify(golden("three-won")).scores
    assert game is not None
    payer = next(s for s, v in base.scores.items() if v)
    assert normal.scores[payer] == game[payer] + base.scores[payer]


def test_solo_announcement() -> None:
    for record in generate("slovenian-4", n=200, seed=5, options={"solo_announcement": "true"}):
        v = verify(record)
        assert v.ok
        solo = [b for b in v.bonuses if b.name == "solo"]
        if solo and not solo[0].kontra:
            assert solo[0].value == (10 if v.partner is None else -10)
    plain = golden("three-won")
    bad = "\n".join(
        line if not line.startswith("announce") else line + "\nannounce W solo"
        for line in (GOLDEN / "three-won.tpgn").read_text(encoding="utf-8").splitlines()
    )
    assert [p.code for p in verify(parse_record(bad)).problems][:1] == ["illegal-announcement"]
    assert plain.get("Variant") == "slovenian-4"


def test_sl3_auction_pwinckles() -> None:
    rs = find_ruleset("slovenian-3", "sl3", {"sl3_auction": "pwinckles"})
    deal = DealState(rs, number=2)
    assert deal.auction.to_act == 0
    for pos in range(3):
        assert deal.check_bid(pos, "pass") is None
        deal.bid(pos, "pass")
    assert deal.contract is not None and deal.contract.id == "klop"


def test_mondfang_and_emperor_options_change_the_verdict() -> None:
    record = golden("mondfang")  # pagat preset: mondfang 21
    base = verify(record)
    off = verify(with_options(record, "mondfang=0"))
    assert base.ok and off.status is Status.SCORE_MISMATCH
    assert off.scores is not None and base.scores is not None
    assert sum(off.scores.values()) - sum(base.scores.values()) == 21


def test_mondfang_contracts_solo_without() -> None:
    """SL-12.8, option ``mondfang_contracts`` (issue 14): ``point`` (default) charges a captured
    mond in three … solo one only; ``point_and_solo_brez`` (OpenSpiel) in solo without too."""
    record = golden("mondfang-solo-without")  # pagat preset: mondfang 21, N's mond captured
    assert record.get("Options") == "mondfang_contracts=point_and_solo_brez"
    charged = verify(record)
    assert charged.ok and charged.contract == "solo-without"
    assert charged.scores == {"N": -21, "E": 0, "S": 0, "W": -80}
    assert any(line.label == "mondfang: N lost the mond" for line in charged.breakdown)
    plain = verify(with_options(record, "mondfang_contracts=point"))
    assert plain.status is Status.SCORE_MISMATCH
    assert plain.scores == {"N": 0, "E": 0, "S": 0, "W": -80}
    no_option = dataclasses.replace(record, tags=tuple(
        (k, v) for k, v in record.tags if k != "Options"))  # fmt: skip
    assert verify(no_option).scores == plain.scores  # the default is as before
    zero = verify(with_options(record, "mondfang_contracts=point_and_solo_brez mondfang=0"))
    assert zero.scores == plain.scores


def test_mondfang_contracts_leaves_point_contracts_and_beggar_alone() -> None:
    record = golden("mondfang")  # one, pagat preset
    wide = verify(with_options(record, "mondfang_contracts=point_and_solo_brez"))
    assert wide.ok and wide.scores == verify(record).scores
    beggar = golden("beggar-lost")
    opts = "mondfang=21 mondfang_contracts=point_and_solo_brez"
    assert verify(with_options(beggar, opts)).scores == verify(beggar).scores


def test_openspiel_ruleset_is_pagat_with_the_documented_changes() -> None:
    """``openspiel`` = ``pagat`` (4 players) / ``sl3`` (3 players) with exactly the options the
    "OpenSpiel's rules" section of the docs lists, each with both values and its rule."""
    from tarokpgn.rules.slovenian.options import OPENSPIEL, OPENSPIEL3, PAGAT, SL3

    doc = (Path(__file__).parent.parent / "docs" / "variants" / "slovenian.rst").read_text("utf-8")
    section = doc[doc.index("OpenSpiel's rules\n---") : doc.index("Problem codes\n---")]
    rows = [line for line in section.splitlines() if line.startswith("   * - ``")]
    documented = {row.removeprefix("   * - ``").removesuffix("``") for row in rows}
    for variant, base, preset in (
        ("slovenian-4", PAGAT, OPENSPIEL),
        ("slovenian-3", SL3, OPENSPIEL3),
    ):
        assert find_ruleset(variant, "openspiel").options == preset
        changed = {
            f.name: f
            for f in dataclasses.fields(preset)
            if getattr(preset, f.name) != getattr(base, f.name)
        }
        assert set(changed) == documented == {"mondfang", "mondfang_contracts", "layaway_taroks"}
        for name, f in changed.items():
            block = section[section.index(f"   * - ``{name}``\n") :].split("\n")[1:4]
            cells = [line.strip().removeprefix("- ") for line in block]
            assert cells == [f"``{getattr(base, name)}``", f"``{getattr(preset, name)}``",
                             f.metadata["rule"]]  # fmt: skip


def test_openspiel_ruleset_lays_away_taroks_only_when_nothing_else_is_left() -> None:
    """SL-6.6 under ``openspiel``: the tarok laid away in a ``pagat`` deal is illegal while a
    plain card could go instead."""
    record = golden("auction-restated-pagat")
    exchange = next(i for i in record.items if type(i).__name__ == "Exchange")
    hand = next(i for i in record.items if type(i).__name__ == "Hand" and i.seat == exchange.seat)
    tarok = next(c for c in hand.cards if c.startswith("T") and c not in ("T1", "T21"))
    swapped = dataclasses.replace(exchange, discard=(tarok,), show=(tarok,))
    items = tuple(swapped if i is exchange else i for i in record.items)
    changed = dataclasses.replace(record, items=items)
    assert "illegal-discard" not in {p.code for p in verify(changed).problems}
    tags = tuple((k, "openspiel" if k == "Ruleset" else v) for k, v in changed.tags)
    codes = {p.code for p in verify(dataclasses.replace(changed, tags=tags)).problems}
    assert "illegal-discard" in codes
