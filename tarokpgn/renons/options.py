"""The renons options of each ruleset, in one place.

The defaults are the Semedela reading of slovenian.md §17 (options 37–41). A family whose
rules charge a renons otherwise says how in its ruleset's
:attr:`~tarokpgn.rules.ruleset.Ruleset.renons_penalty` (Czech: the Vysočina tournament price,
CZ-8.7); a ruleset that carries ``renons_*`` options (Slovenian) sets them per preset and per
record. This module never asks a ruleset's family.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from tarokpgn.rules.ruleset import OptionError, Ruleset


@dataclass(frozen=True, slots=True, kw_only=True)
class RenonsOptions:
    """How a renons is charged under one ruleset."""

    scheme: str = "semedela"
    """``semedela``: −(V + 35 + A) × 2 per kontra (SL-13.2–13.3); ``price``: a fixed price
    doubled per flek on the game and per kontra on the claim (Czech renonc)."""
    other_players: str = "zero"
    """``zero``: the others score 0 for the deal; ``normal``: the deal is scored as usual and
    the penalty is added (slovenian.md option 37 ``renons_other_players``)."""
    klop_value: int = 70
    """V for a renons in klop (option 38 ``renons_klop_value``)."""
    announcement_basis: str = "announced"
    """A = the announced values of the announcements the payer himself made (option 39)."""
    false_claim_basis: str = "claimant"
    """An unproven claim costs the claimant his own V + 35 + A (``claimant``) or the accused's
    (``offender``) (option 40 ``renons_false_claim_basis``)."""
    price: int = 0
    """``price`` scheme: the base price in the ruleset's unit (Czech: 100 h = 1 Kč)."""
    unit: str = "points"
    settlement: str = "single"
    """``single``: only the payer records the charge; ``each_player``: the payer pays the price
    to every other player (Czech money, CZ-11.8)."""
    false_claim: str = "renons"
    """``renons``: an unproven claim makes the claimant pay the renons (SL-13.4);
    ``deposit``: the claimant forfeits the protest deposit to the organisers (Vysočina)."""
    deposit: int = 0
    """``deposit``: the forfeited protest deposit (Vysočina: 20 Kč = 2000 h)."""


SLOVENIAN: Final = RenonsOptions()
"""Defaults of slovenian.md options 37–41 (the Semedela reading)."""

_ENGINE_NAMES: Final = {
    "other_players": "renons_other_players",
    "klop_value": "renons_klop_value",
    "announcement_basis": "renons_announcement_basis",
    "false_claim_basis": "renons_false_claim_basis",
}
"""Our field → the Slovenian engine's option name."""


def renons_options(ruleset: Ruleset[Any], overrides: dict[str, str] | None = None) -> RenonsOptions:
    """The renons options of ``ruleset``: the defaults with its family's
    :attr:`~tarokpgn.rules.ruleset.Ruleset.renons_penalty`, its own ``renons_*`` options where
    it has them, then ``overrides`` (``{"renons_false_claim": "deposit"}``). Raises
    :class:`OptionError` for a key that is not a renons option."""
    engine = ruleset.options.describe()
    changes = {ours: engine[theirs] for ours, theirs in _ENGINE_NAMES.items()
               if theirs in engine}  # fmt: skip
    base = replace(SLOVENIAN, **{**ruleset.renons_penalty, **changes})
    return _override(base, overrides or {})


def _override(base: RenonsOptions, overrides: dict[str, str]) -> RenonsOptions:
    known = {f.name: f for f in fields(base)}
    changes: dict[str, Any] = {}
    for key, text in overrides.items():
        name = key.removeprefix("renons_").replace("-", "_")
        if not key.startswith("renons_") or name not in known or name == "scheme":
            raise OptionError(f"unknown renons option {key!r}")
        current = getattr(base, name)
        if isinstance(current, int):
            try:
                changes[name] = int(text)
            except ValueError:
                raise OptionError(f"option {key} takes a number, not {text!r}") from None
        else:
            changes[name] = text
    return replace(base, **changes)
