"""The Czech golden corpus (tests/golden/czech): every game type, hláška, flek level and kind
of violation, each with the verdict the verifier must give. Rebuild with
``tests/golden/czech/build.py`` and review the diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.golden_util import check_clean_results, check_golden

from tarokpgn.replay import verify

HERE = Path(__file__).resolve().parent / "golden" / "czech"
RECORDS = sorted(HERE.glob("*.tpgn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path, "czech")


def test_clean_golden_records_state_their_result() -> None:
    check_clean_results(RECORDS)


def test_corpus_covers_games_hlasky_fleky_and_violations() -> None:
    names = {p.stem for p in RECORDS}
    games = {
        "first-duty-partner",
        "first-duty-mcr-1-2-3",
        "second-duty-pagat-made",
        "preferanc-1",
        "preferanc-2",
        "preferanc-3",
        "solo",
        "warsaw-classic",
        "warsaw-mcr",
    }
    hlasky = {
        f"hlaska-{h}"
        for h in (
            "trul",
            "honery",
            "tarocky",
            "barvicky",
            "taroky",
            "kralovske-honery",
            "trulhonery",
            "barvy",
        )
    }
    fleky = {"flek-game", "re-game", "tutti-game", "flek-pagat", "flek-valat"}
    bad = {"bad-follow-suit", "bad-must-trump", "bad-must-beat", "bad-pagat-last",
           "bad-illegal-discard", "bad-talon-cards", "bad-call-t15", "bad-bid-too-low",
           "bad-flek-by-declarer", "bad-false-hlaska", "bad-score-mismatch"}  # fmt: skip
    assert games | hlasky | fleky | bad <= names
    statuses = {json.loads(p.with_suffix(".verdict.json").read_text())["status"] for p in RECORDS}
    assert statuses == {"ok", "illegal", "score-mismatch"}


def test_seed_example_through_the_verifier() -> None:
    """[S0] / CZ-EX1 on a whole deal: first duty, the declarer side takes 18 oči, no flek:
    17 × 5 = 85 → 90 h per player."""
    from tarokpgn.generate import generate

    for record in generate("czech-4", "vysocina", n=3000, seed=17):
        v = verify(record)
        if v.contract == "first-duty" and v.card_points.get("declarer") == 18 and not v.game_kontra:
            game = next(line for line in v.breakdown if line.label == "game")
            assert game.value == -90
            assert "difference 17 × 5 h" in game.detail
            return
    pytest.fail("no first duty with 18 oči in 3000 generated deals")
