"""Czech Taroky (taroky.net, variant ``czech-4``): rulesets ``vysocina`` and ``mcr``.

The rules are numbered ``CZ-x.y`` after ``czech.md``. Small modules, one concern each:
:mod:`.options` (every named option and the two presets), :mod:`.contracts` (games, auction
ranks, rates), :mod:`.auction`, :mod:`.talon` (purchase, discards), :mod:`.hlasky`,
:mod:`.play` (legality on the shared core), :mod:`.payment` and :mod:`.scoring` (money),
:mod:`.state` (the Czech deal on the shared engine), :mod:`.checks`, :mod:`.score` and
:mod:`.ruleset` (the plug-in).
"""

from tarokpgn.rules.czech.options import MCR, VYSOCINA, CzechOptions
from tarokpgn.rules.czech.ruleset import CzechRuleset

__all__ = ["MCR", "VYSOCINA", "CzechOptions", "CzechRuleset"]
