"""The renons penalty arithmetic, pure: numbers in, :class:`Penalty` with its steps out.

Semedela (SL-13.2, SL-13.3): the payer is charged ``V + 35 + A``, doubled for each kontra
level on the renons (kontra ×2, rekontra ×4, subkontra ×8, mortkontra ×16). ``V`` is the value
of the contract being played (``renons_klop_value`` in klop) and ``A`` the announced values of
the announcements the player whose basis is used had made himself.

Czech renonc (Vysočina price table): a fixed price doubled for each flek on the game, and for
each kontra on the claim.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from tarokpgn.renons.judgement import Penalty, Step

KONTRA_WORDS: Final = {1: "kontra", 2: "rekontra", 3: "subkontra", 4: "mortkontra"}
FLEK_WORDS: Final = {1: "flek", 2: "re", 3: "sup", 4: "tutti"}
MAX_LEVEL: Final = 4
"""The highest doubling level on a renons or a game: mortkontra (SL-8.1, SL-13.3), tutti."""
MINUS: Final = "\u2212"


def kontra_word(level: int) -> str:
    """``1`` → ``kontra`` … ``4`` → ``mortkontra`` (``kontra×5`` beyond)."""
    return KONTRA_WORDS.get(level, f"kontra×{level}")


def _doublings(words: Mapping[int, str], levels: int, what: str) -> list[str]:
    return [f"× 2 ({words.get(i, f'level {i}')}{what})" for i in range(1, levels + 1)]


def semedela(
    payer: str,
    contract: str,
    value: int,
    announcements: Sequence[tuple[str, int]],
    kontra: int = 0,
    *,
    basis: str | None = None,
) -> Penalty:
    """``−(V + 35 + A) × 2^kontra`` for ``payer`` (SL-13.2–13.3).

    ``announcements``: (name, announced value) of the announcements ``basis`` (default the
    payer) had made.

    >>> semedela("S", "two", 20, [("kings", 20), ("trula", 20)], 1).formula
    '−(20 + 35 + 40) × 2 = −190'
    """
    a = sum(v for _, v in announcements)
    total = value + 35 + a
    made = ", ".join(f"{n} {v}" for n, v in announcements) or "none"
    steps = [
        Step(f"V: value of {contract}", value, value),
        Step("+ 35", 35, value + 35),
        Step(f"+ A: announcements made by {basis or payer} ({made})", a, total),
    ]
    for label in _doublings(KONTRA_WORDS, kontra, " on the renons"):
        total *= 2
        steps.append(Step(label, 2, total))
    times = f" × {1 << kontra}" if kontra else ""
    formula = f"{MINUS}({value} + 35 + {a}){times} = {MINUS}{total}"
    return Penalty(payer, basis or payer, tuple(steps), -total, formula)


def price(payer: str, base: int, fleks: int = 0, kontra: int = 0, unit: str = "h") -> Penalty:
    """A fixed renonc price doubled per flek on the game and per kontra on the claim.

    >>> price("E", 100, fleks=1).formula
    '−100 h × 2 = −200 h'
    """
    total = base
    steps = [Step(f"renonc price ({base} {unit})", base, base)]
    labels = _doublings(FLEK_WORDS, fleks, " on the game")
    labels += _doublings(KONTRA_WORDS, kontra, " on the renonc")
    for label in labels:
        total *= 2
        steps.append(Step(label, 2, total))
    times = f" × {total // base}" if total != base else ""
    formula = f"{MINUS}{base} {unit}{times} = {MINUS}{total} {unit}"
    return Penalty(payer, payer, tuple(steps), -total, formula, unit=unit)


def deposit(payer: str, amount: int, unit: str = "h") -> Penalty:
    """A forfeited protest deposit (goes to the organisers, not to any seat)."""
    step = Step(f"protest deposit forfeited to the organisers ({amount} {unit})", amount, amount)
    formula = f"{MINUS}{amount} {unit}"
    return Penalty(payer, payer, (step,), -amount, formula, unit=unit, settlement="deposit")


def settle(
    penalty: Penalty, seats: Sequence[str], normal: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Every seat's score: ``normal`` (the deal's own scores, or all 0) plus the penalty.

    By ``penalty.settlement``: ``single`` and ``deposit`` charge the payer alone;
    ``each_player``: the payer pays ``|amount|`` to each other seat (zero-sum).
    """
    scores = {s: (normal or {}).get(s, 0) for s in seats}
    if penalty.settlement == "each_player":
        others = [s for s in seats if s != penalty.payer]
        for s in others:
            scores[s] -= penalty.amount
        scores[penalty.payer] += penalty.amount * len(others)
    else:
        scores[penalty.payer] += penalty.amount
    return scores
