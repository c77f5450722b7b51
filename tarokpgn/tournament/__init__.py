"""Tournaments: a folder with a ``tournament.toml`` (players, stage plan,
tie-breaks, rulings) and one TPGN file per table and round.

* :func:`load` reads and checks ``tournament.toml`` (:mod:`.config`);
* :func:`draw` draws the seating of the rounds seated by draw (:mod:`.draw`, SL-14.1);
* :func:`standings` verifies every table's deals and ranks the players (:mod:`.standings`,
  SL-14.2..14.4);
* :mod:`.render` draws the standings, the seating and the score sheets (terminal, CSV, JSON,
  HTML); :mod:`.model` holds the data.

docs/tournament.rst walks an organiser through an event; ``tarokpgn tournament`` is the
command.
"""

from __future__ import annotations

from tarokpgn.tournament.config import load
from tarokpgn.tournament.draw import draw
from tarokpgn.tournament.model import Seating, Standings, Tournament, TournamentError
from tarokpgn.tournament.standings import standings

__all__ = [
    "Seating",
    "Standings",
    "Tournament",
    "TournamentError",
    "draw",
    "load",
    "standings",
]
