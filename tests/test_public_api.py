"""The top-level API: exactly the documented names, and the quick-start loop works."""

from pathlib import Path

import tarokpgn
from tarokpgn import Status, iter_records, verify

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_all_is_sorted_and_complete() -> None:
    public = {name for name in vars(tarokpgn) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(tarokpgn, name)).__name__ == "module"}
    assert sorted(tarokpgn.__all__) == tarokpgn.__all__
    assert set(tarokpgn.__all__) - {"__version__"} == public - modules


def test_quickstart_loop() -> None:
    verdicts = [verify(r) for r in iter_records(EXAMPLES / "slovenian-4.tpgn")]
    assert [v.status for v in verdicts] == [Status.OK] * 4
    assert all(v.scores is not None for v in verdicts)
