"""Golden records: each file under tests/golden/slovenian/ verifies to its expected verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tarokpgn.notation import iter_records
from tarokpgn.replay import verify_all

GOLDEN = Path(__file__).parent / "golden" / "slovenian"
sys.path.insert(0, str(GOLDEN))
from build_golden import expected  # noqa: E402

FILES = sorted(GOLDEN.glob("*.tpgn"))


def test_golden_set_covers_every_contract_and_violation() -> None:
    names = {f.stem for f in FILES}
    for must in ("klop-compulsory", "three-won", "two-lost", "one", "solo-three", "solo-two",
                 "solo-one", "beggar-won", "beggar-lost", "solo-without", "open-beggar",
                 "open-solo-without", "colour-valat-won", "colour-valat-suit",
                 "valat-contract-won", "piccolo", "kontra-4-mortkontra", "accepted-revoke",
                 "v-follow-suit", "v-must-trump", "v-must-beat", "v-pagat-last",
                 "v-wrong-leader", "v-not-held", "v-illegal-bid", "v-out-of-turn",
                 "v-illegal-call", "v-talon-group", "v-illegal-discard", "v-illegal-kontra",
                 "v-illegal-announcement", "v-score-mismatch", "v-duplicate-card",
                 "v-void-contradiction", "match-totals"):  # fmt: skip
        assert must in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    want = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    got = [expected(v) for _, v in verify_all(iter_records(path))]
    if len(got) == 1 and isinstance(want, dict):
        got_one = got[0]
        assert got_one == want
        if path.stem.startswith("v-"):
            code = path.stem[2:]
            assert got_one["problems"][0]["code"] == code  # type: ignore[index]
    else:
        assert got == want


def test_accepted_irregularity_is_reported_as_accepted() -> None:
    ((_, verdict),) = verify_all(iter_records(GOLDEN / "accepted-revoke.tpgn"))
    assert verdict.ok
    assert [p.accepted for p in verdict.problems] == [True]
