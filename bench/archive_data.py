"""Generated club archives for the archive demo, tests and benchmarks.

``python bench/archive_data.py OUT_DIR --deals N`` writes about N legal deals, spread over
the variants that have a generator, as a club would keep them: one folder per variant, one
file per month, several evenings (matches) per file, each with its date, site and a table
of four (three) players drawn from the club's members. The output depends only on the
arguments (and on the generator). Each deal keeps the generator's ``Generator`` tag, so
``tarokpgn stats`` counts these deals only with ``--include-generated``.

The bundled sample archive was made with ``python bench/archive_data.py
examples/sample-archive --deals 3000``; rerun that (after deleting the folder) when the
generator or the rules change, since ``scripts/demo.sh`` requires every sample deal to verify.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from tarokpgn.generate import generate
from tarokpgn.model import Record
from tarokpgn.notation import write_records
from tarokpgn.variants import variant_spec

MEMBERS = ("Ana", "Bojan", "Cene", "Darja", "Eva", "Fran", "Gaja", "Hana", "Igor", "Jure")
SITES = ("Koper", "Ljubljana", "Maribor", "Jihlava")
SHARES = {
    "slovenian-4": 0.35,
    "slovenian-3": 0.15,
    "czech-4": 0.2,
    "french-3": 0.05,
    "french-4": 0.1,
    "french-5": 0.05,
    "ottocento": 0.05,
    "terziglio": 0.05,
}
"""Share of the deals per variant."""
EVENING = 40
"""Deals per evening (one match)."""


def _evening(variant: str, seed: int, n: int, rng: random.Random, date: str) -> Iterator[Record]:
    seats = variant_spec(variant).seats
    names = dict(zip(seats, rng.sample(MEMBERS, len(seats)), strict=True))
    site = rng.choice(SITES)
    for record in generate(variant, n=n, seed=seed, match=f"{site} {date}"):
        tags = [(k, names.get(k, v)) for k, v in record.tags if k != "Event"]
        extra = [("Event", "Club evening"), ("Site", site), ("Date", date)]
        yield replace(record, tags=tuple(extra + tags))


def write_club_archive(out: Path, deals: int, seed: int = 0) -> list[Path]:
    """Write about ``deals`` deals under ``out``; returns the files written."""
    rng = random.Random(seed)
    files = []
    for variant, share in SHARES.items():
        evenings = max(1, round(deals * share / EVENING))
        months: dict[str, list[Record]] = {}
        for i in range(evenings):
            m = i * 24 // evenings  # two seasons: 2024 and 2025
            year, month = 2024 + m // 12, 1 + m % 12
            date = f"{year}.{month:02d}.{1 + i % 27:02d}"
            evening = _evening(variant, seed * 100_000 + i, EVENING, rng, date)
            months.setdefault(f"{year}-{month:02d}", []).extend(evening)
        for month, records in months.items():
            path = out / variant / f"{month}.tpgn"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(write_records(records)), encoding="utf-8")
            files.append(path)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    files = write_club_archive(args.out, args.deals, args.seed)
    print(f"{len(files)} files under {args.out}")


if __name__ == "__main__":
    main()
