"""Ottocento's race to 800 (T-10.3) followed across the deals of one match (issue 14)."""

from __future__ import annotations

from pathlib import Path

from tarokpgn import verify_all
from tarokpgn.model import Record
from tarokpgn.notation import parse_record
from tarokpgn.rules.ruleset import find_ruleset
from tarokpgn.rules.tarocchini.match import OTTOCENTO_RACE
from tarokpgn.verdict import Status, Verdict

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "ottocento.tpgn").read_text(encoding="utf-8")
"""One played hand: NS +375 (28 of it declared), EW +115 (24 declared)."""


def _played(number: int, totals: str, match: str = "Osteria") -> Record:
    head = f'[Deal "{number}"]\n[Match "{match}"]\n[Totals "{totals}"]\n'
    return parse_record(EXAMPLE.replace('[Variant "ottocento"]', head + '[Variant "ottocento"]'))


def _written(number: int, result: str, totals: str, options: str = "") -> Record:
    """A hand known only by its written result (no cards)."""
    opts = f'[Options "{options}"]\n' if options else ""
    text = (f'[Variant "ottocento"]\n[Dealer "W"]\n[Deal "{number}"]\n[Match "Osteria"]\n'
            f'[Result "{result}"]\n[Totals "{totals}"]\n{opts}\nend\n')  # fmt: skip
    return parse_record(text)


def _verdicts(*records: Record) -> list[Verdict]:
    return [v for _, v in verify_all(records)]


def _notes(v: Verdict) -> list[str]:
    return [line.detail for line in v.breakdown if line.label == "note"]


def _codes(v: Verdict) -> list[str]:
    return [p.code for p in v.problems]


def test_a_side_reaching_800_wins_and_later_deals_are_flagged() -> None:
    vs = _verdicts(
        _played(1, "N +375 E +115 S +375 W +115"),
        _played(2, "N +750 E +230 S +750 W +230"),
        _played(3, "N +1125 E +345 S +1125 W +345"),
        _played(4, "N +1500 E +460 S +1500 W +460"),
    )
    assert [v.status for v in vs[:3]] == [Status.OK] * 3
    assert not any("800" in n for v in vs[:2] for n in _notes(v))
    decided = [n for n in _notes(vs[2]) if "800" in n]
    assert decided and "NS" in decided[0] and "1125" in decided[0], _notes(vs[2])
    assert _codes(vs[3]) == ["match-over"]
    over = vs[3].problems[0]
    assert over.rule == "T-10.3" and "deal 3" in over.message
    assert vs[3].status is Status.ILLEGAL


def test_both_past_800_at_once_the_higher_total_wins() -> None:
    vs = _verdicts(
        _written(1, "N +500 E +480 S +500 W +480", "N +500 E +480 S +500 W +480"),
        _written(2, "N +350 E +400 S +350 W +400", "N +850 E +880 S +850 W +880"),
    )
    decided = [n for n in _notes(vs[1]) if "800" in n]
    assert decided and decided[0].startswith("EW"), _notes(vs[1])
    assert "match-over" not in _codes(vs[1])


def test_equal_totals_past_800_play_another_hand() -> None:
    vs = _verdicts(
        _written(1, "N +500 E +480 S +500 W +480", "N +500 E +480 S +500 W +480"),
        _written(2, "N +350 E +370 S +350 W +370", "N +850 E +850 S +850 W +850"),
        _written(3, "N +10 E +20 S +10 W +20", "N +860 E +870 S +860 W +870"),
    )
    assert any("another hand" in n for n in _notes(vs[1])), _notes(vs[1])
    assert "match-over" not in _codes(vs[2])
    assert any(n.startswith("EW") and "800" in n for n in _notes(vs[2])), _notes(vs[2])


def test_declarations_win_before_play() -> None:
    """EW 780 + 24 declared = 804 before a card is played; NS end higher (1075) but too late."""
    vs = _verdicts(
        _written(1, "N +700 E +780 S +700 W +780", "N +700 E +780 S +700 W +780"),
        _played(2, "N +1075 E +895 S +1075 W +895"),
        _written(3, "N +0 E +0 S +0 W +0", "N +1075 E +895 S +1075 W +895"),
    )
    decided = [n for n in _notes(vs[1]) if "800" in n]
    assert decided and decided[0].startswith("EW") and "declarations" in decided[0], decided
    assert _codes(vs[2]) == ["match-over"]


def test_a_new_match_starts_again() -> None:
    vs = _verdicts(
        _written(1, "N +900 E +0 S +900 W +0", "N +900 E +0 S +900 W +0"),
        _written(1, "N +10 E +0 S +10 W +0", "N +10 E +0 S +10 W +0"),
    )
    assert "match-over" not in _codes(vs[1])


def test_generated_matches_start_a_new_game_after_a_win() -> None:
    from tarokpgn import generate

    records = list(generate("ottocento", n=12, seed=1))
    matches = [r.get("Match") for r in records]
    assert matches[4] == "generated-ottocento-ottocento-1 game 2" and records[4].get("Deal") == "1"
    verdicts = [v for _, v in verify_all(records)]
    assert all(v.status is Status.OK for v in verdicts), [v.problems for v in verdicts]


def test_only_ottocento_races() -> None:
    """The race is Ottocento's match rule (T-10.3); Terziglio's hands are settled one by one."""
    rule = find_ruleset("ottocento").match_rule()
    assert rule is OTTOCENTO_RACE and rule.rule == "T-10.3"
    assert find_ruleset("terziglio").match_rule() is None
