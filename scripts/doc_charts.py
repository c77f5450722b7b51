"""Write the documentation's charts, docs/_static/chart-*.svg, from the sample archive.

Run from the repository root, in the project's environment::

    python scripts/doc_charts.py

It indexes ``examples/sample-archive/slovenian-4`` into a temporary archive and draws
``tarokpgn plot`` charts from it (the sample deals are generated ones, hence
``--include-generated``). tests/test_plot.py checks the charts are there and hold the bars
and lines they should.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tarokpgn.cli import main

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "docs" / "_static"
CHARTS = {
    "chart-contracts.svg": ["contracts"],
    "chart-running-totals.svg": ["running-totals", "--match", "Jihlava 2024.01.01"],
}
"""Chart file → the ``plot`` arguments (besides the archive, the variant and the output)."""


def write_charts() -> int:
    """Index the sample archive and write every chart; the first failing status, else 0."""
    STATIC.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "sample.duckdb")
        sample = str(ROOT / "examples" / "sample-archive" / "slovenian-4")
        status = main(["index", "--db", db, "-q", sample])
        for name, argv in CHARTS.items():
            if status:
                break
            status = main(["plot", "--db", db, *argv, "--variant", "slovenian-4",
                           "--include-generated", "--out", str(STATIC / name)])  # fmt: skip
    return status


if __name__ == "__main__":
    sys.exit(write_charts())
