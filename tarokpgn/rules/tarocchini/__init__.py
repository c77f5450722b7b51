"""Tarocchini (Tarocco Bolognese, variants ``ottocento`` and ``terziglio``): ruleset
``ottocento`` / ``terziglio`` (alias ``bologna``, the defaults of T-13).

The rules are numbered ``T-x.y`` after ``tarocchini.md``. Small modules, one concern each:
:mod:`.options` (every T-13 choice), :mod:`.combos` (cricche and sequences, T-6),
:mod:`.counting` (card points, T-2), :mod:`.auction` (monte, Terziglio bids), :mod:`.play`
(legality on the shared core, T-7), :mod:`.checks` (scarto, exchange, declarations),
:mod:`.state` (sides, thrown-in deals), :mod:`.score` (a hand's score, T-10, T-11),
:mod:`.game` (the race to 800, Terziglio game points) and :mod:`.ruleset` (the plug-ins).
"""

from tarokpgn.rules.tarocchini.options import BOLOGNA, TarocchiniOptions
from tarokpgn.rules.tarocchini.ruleset import OttocentoRuleset, TerziglioRuleset

__all__ = ["BOLOGNA", "OttocentoRuleset", "TarocchiniOptions", "TerziglioRuleset"]
