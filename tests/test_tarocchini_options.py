"""Every T-13 open choice is a named option with a documented default; rulesets, aliases and
the vocabulary of the Tarocchini plug-in."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tarokpgn.notation import parse_record
from tarokpgn.replay import verify
from tarokpgn.rules.ruleset import OptionError, find_ruleset, rulesets
from tarokpgn.rules.tarocchini import BOLOGNA, OttocentoRuleset, TarocchiniOptions
from tarokpgn.rules.tarocchini.combos import NAMES
from tarokpgn.vocabulary import ANNOUNCEMENTS, BIDS, canonical

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "variants" / "tarocchini.rst"
T13 = [
    "suit_letters",
    "trump_numbering",
    "moor_identity",
    "token_fool",
    "monte_points",
    "declaration_order",
    "declaration_doubling",
    "contatori_minimum",
    "grande_tail",
    "declaration_win_rule",
    "tie_at_800",
    "must_overtrump",
    "matto_led",
    "matto_last_trick",
    "matto_exchange_timing",
    "capot_bonus",
    "terziglio_deal",
    "terziglio_auction",
    "terziglio_card_count",
    "terziglio_rounding_edge",
    "terziglio_capot_solo_double",
    "terziglio_settlement",
    "terziglio_game_end",
    "signal_check",
    "pack78_mapping",
]


def _shown(value: object) -> str:
    return f"``{str(value).lower() if isinstance(value, bool) else value}``"


def test_every_t13_choice_is_an_option_citing_its_item() -> None:
    fields = {f.name: f for f in dataclasses.fields(TarocchiniOptions)}
    assert len(T13) == 25 and set(T13) <= set(fields)
    for n, name in enumerate(T13, 1):
        assert f"T-13.{n}" in fields[name].metadata["rule"].split(", "), name
    for f in fields.values():
        assert f.metadata["doc"] and f.metadata["rule"].startswith("T-")


def test_every_option_is_documented_with_its_default() -> None:
    text = DOC.read_text(encoding="utf-8")
    for f in dataclasses.fields(TarocchiniOptions):
        row = f"   * - ``{f.name}``\n"
        assert row in text, f.name
        block = text[text.index(row) :].split("\n")[1:3]
        values = [line.strip().removeprefix("- ") for line in block]
        assert values == [_shown(getattr(BOLOGNA, f.name)), f.metadata["rule"]], f.name


def test_rulesets_and_aliases() -> None:
    assert rulesets("ottocento") == ["ottocento"] and rulesets("terziglio") == ["terziglio"]
    assert isinstance(find_ruleset("ottocento", "bologna"), OttocentoRuleset)
    assert find_ruleset("terziglio", "bologna").players == 3
    assert find_ruleset("ottocento").dealt_size(3) == 17
    assert find_ruleset("ottocento").dealt_size(0) == 15


@pytest.mark.parametrize(
    "override",
    [
        {"suit_letters": "italian"},
        {"terziglio_deal": "20_plus_2"},
        {"no_such": "x"},
        {"signal_check": "true"},
    ],  # fmt: skip
)
def test_unsupported_values_are_rejected(override: dict[str, str]) -> None:
    with pytest.raises(OptionError):
        find_ruleset("ottocento", None, override)


def test_a_record_with_a_bad_option_reports_it() -> None:
    text = (ROOT / "examples" / "ottocento.tpgn").read_text()
    text = text.replace("[Result", '[Options "contatori_minimum=three"]\n[Result', 1)
    v = verify(parse_record(text))
    assert [p.code for p in v.problems] == ["bad-option"]


def test_vocabulary() -> None:
    assert set(ANNOUNCEMENTS["tarocchini"].values()) == NAMES
    assert set(BIDS["tarocchini"].values()) == {"pass", "monte", "gioco", "solo"}
    for word, want in [("mori", "moors"), ("assi", "aces"), ("re", "kings"),
                       ("sequenza-di-spade", "sequence-swords"), ("bastoni", "sequence-batons"),
                       ("regine", "queens")]:  # fmt: skip
        assert canonical(ANNOUNCEMENTS, "ottocento", word) == want
    assert canonical(BIDS, "terziglio", "faccio-di-mio") == "solo"
    assert canonical(BIDS, "terziglio", "vado-su") == "gioco"
    for words in (ANNOUNCEMENTS["tarocchini"], BIDS["tarocchini"]):
        for word in [*words, *words.values()]:
            assert word.isascii() and word == word.lower() and " " not in word


def test_italian_names_in_a_record() -> None:
    text = (ROOT / "examples" / "ottocento.tpgn").read_text()
    text = text.replace("declare S tarocchi T20 T19 FOOL", "declare S cricca-di-tarocchi angelo "
                        "mondo matto").replace("declare S aces", "declare S assi")  # fmt: skip
    v = verify(parse_record(text))
    assert v.ok, v.problems
