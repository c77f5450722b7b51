"""The top-level API: exactly the documented names, and the quick-start loop works."""

from pathlib import Path

import tarokpgn
from tarokpgn import Status, iter_records, verify

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_all_is_sorted_and_complete() -> None:
    public = {name for name in dir(tarokpgn) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(tarokpgn, name)).__name__ == "module"}
    assert sorted(tarokpgn.__all__) == tarokpgn.__all__
    assert set(tarokpgn.__all__) - {"__version__"} == public - modules


def test_quickstart_loop() -> None:
    verdicts = [verify(r) for r in iter_records(EXAMPLES / "slovenian-4.tpgn")]
    assert [v.status for v in verdicts] == [Status.OK] * 4
    assert all(v.scores is not None for v in verdicts)


def test_names_load_on_first_use() -> None:
    """The exported names are imported when first used, and keep their meaning when a
    subpackage of the same name is imported (``tarokpgn.generate``)."""
    import subprocess
    import sys

    code = (
        "import sys, tarokpgn\n"
        "assert 'numpy' not in sys.modules and 'tarokpgn.replay' not in sys.modules\n"
        "import tarokpgn.generate.generic\n"
        "from tarokpgn import generate, verify\n"
        "from tarokpgn.generate import generate as g\n"
        "assert generate is g and tarokpgn.generate is g, tarokpgn.generate\n"
        "assert verify.__module__ == 'tarokpgn.replay'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
