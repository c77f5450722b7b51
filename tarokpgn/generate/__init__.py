"""Random legal deals: the tests' and the benchmarks' data source.

>>> from tarokpgn.generate import generate
>>> records = list(generate("slovenian-4", n=3, seed=1))
>>> [r.get("Deal") for r in records]
['1', '2', '3']

Every deal is complete and legal under its ruleset, carries its computed scores in ``Result``
and the running ``Totals`` of its match. The same arguments always give the same records.
A variant plugs in a strategy with :func:`register_strategy` (see :mod:`.strategy`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from tarokpgn.generate.strategy import (
    EngineStrategy,
    GeneratedDeal,
    Strategy,
    register_strategy,
    strategy_for,
)
from tarokpgn.model import SEATS, VARIANTS, Record, format_scores
from tarokpgn.replay import Matches
from tarokpgn.rules.ruleset import find_ruleset

__all__ = [
    "EngineStrategy",
    "GeneratedDeal",
    "Strategy",
    "generate",
    "register_strategy",
]

_NAMES = ("Ana", "Bojan", "Cene", "Darja", "Eva")


def _load_strategies() -> None:
    import importlib

    for module in ("slovenian", "czech", "french", "tarocchini"):
        try:
            importlib.import_module(f"tarokpgn.generate.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"tarokpgn.generate.{module}":
                raise


def generate(
    variant: str,
    ruleset: str | None = None,
    n: int = 1,
    seed: int = 0,
    *,
    options: Mapping[str, str] | None = None,
    match: str | None = None,
) -> Iterator[Record]:
    """``n`` random complete legal deals of one match of ``variant`` under ``ruleset``
    (default: the variant's default) with option ``options`` overrides. Ottocento: once a
    side has won the race to 800 (T-10.3) the next deal starts a new game, match ``NAME game 2``
    from deal 1."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    rules = find_ruleset(variant, ruleset, options)
    _load_strategies()
    strategy = strategy_for(variant, rules)
    rng = random.Random(f"{variant}/{rules.name}/{seed}")
    seats = SEATS[rules.players]
    name = match or f"generated-{variant}-{rules.name}-{seed}"
    totals = dict.fromkeys(seats, 0)
    # Ottocento: once a side has won the race to the target (T-10.3) a new game starts, as
    # match "NAME game 2" from deal 1 and zero totals.
    follower = Matches() if variant == "ottocento" else None
    game, first, game_name = 1, 1, name
    option_text = " ".join(f"{k}={v}" for k, v in (options or {}).items())
    for number in range(1, n + 1):
        dealer = seats[(number - 1) % len(seats)]
        i = seats.index(dealer) + 1
        order = seats[i:] + seats[:i]
        deal = strategy.deal(rng, number, order)
        scores = {s: deal.scores.get(s, 0) for s in seats}
        totals = {s: totals[s] + scores[s] for s in seats}
        tags = [
            ("Event", "tarokpgn generate"),
            ("Round", "1"),
            ("Deal", str(number - first + 1)),
            ("Variant", variant),
            ("Ruleset", rules.name),
            ("Dealer", dealer),
            *((s, _NAMES[k]) for k, s in enumerate(seats)),
            ("Result", format_scores(scores)),
            ("Match", game_name),
            *((("Options", option_text),) if option_text else ()),
            ("Totals", format_scores(totals)),
        ]
        record = Record(tuple(tags), deal.items)
        yield record
        if follower is None:
            continue
        follower.verify(record)
        if follower.decided(game_name):
            game, first = game + 1, number + 1
            game_name = f"{name} game {game}"
            totals = dict.fromkeys(seats, 0)
