"""Rules engines: the shared trick-taking core, the ruleset plug-in interface, the deal state
and one plug-in package per variant family. Nothing here imports :mod:`tarokpgn.model`."""

from tarokpgn.rules.core import CardTables, Emperor, TrickPolicy
from tarokpgn.rules.ruleset import (
    Announcement,
    Auction,
    Contract,
    Fault,
    OptionError,
    Options,
    Ruleset,
    RuleViolation,
    Score,
    find_ruleset,
    register,
    rulesets,
)
from tarokpgn.rules.state import DealState, Phase, PlayedTrick

__all__ = [
    "Announcement",
    "Auction",
    "CardTables",
    "Contract",
    "DealState",
    "Emperor",
    "Fault",
    "OptionError",
    "Options",
    "Phase",
    "PlayedTrick",
    "RuleViolation",
    "Ruleset",
    "Score",
    "TrickPolicy",
    "find_ruleset",
    "register",
    "rulesets",
]
