"""Ottocento's race to the target (T-10.3): the Tarocchini match rule, followed by the
verifier across the deals of a match (:class:`~tarokpgn.rules.match.MatchRule`).

The partnerships keep scoring every hand (T-10.2); the first side to reach the target
(``game_target``, 800) wins the game, possibly on its declarations before a card is played;
past it together, the higher total wins, and equal totals play another hand (T-13.11).
"""

from __future__ import annotations

from typing import ClassVar, Final

from tarokpgn.rules.match import MatchDeal, MatchRule, Scores
from tarokpgn.rules.tarocchini.game import ottocento_game
from tarokpgn.rules.tarocchini.score import side_declarations
from tarokpgn.rules.tarocchini.state import TarocchiniDeal


class OttocentoRace(MatchRule):
    """T-10.3: the match is decided by the hand in which a side reaches the target."""

    rule: ClassVar[str] = "T-10.3"
    ends_match: ClassVar[bool] = True

    def decide(self, deal: MatchDeal, before: Scores, after: Scores, notes: list[str]) -> str:
        """Follow the partnerships' totals through one hand (T-10.2, T-10.3): the hand's
        declarations count first (a side may win on them before a card is played), then the
        rest of the hand. Returns how the match was decided, empty while it goes on; says so
        in a note."""
        hand = deal.deal
        if not isinstance(hand, TarocchiniDeal) or not hand.partnerships:
            return ""
        seat = {hand.side_label(s): hand.label(hand.members(s)[0]) for s in (0, 1)}
        declarations = side_declarations(hand)
        start = {side: before.get(s, 0) for side, s in seat.items()}
        played = {side: after.get(s, 0) - start[side] for side, s in seat.items()}
        for side, value in declarations:
            played[side] -= value
        opts = hand.opts
        out = ottocento_game(start, declarations, played, opts)
        target = opts.game_target
        if out.winner is None:
            if len([v for v in out.totals.values() if v >= target]) == 2:
                shown = ", ".join(f"{s} {v}" for s, v in out.totals.items())
                notes.append(f"both sides past {target} with equal totals ({shown}): another "
                             "hand is played (T-10.3, T-13.11)")  # fmt: skip
            return ""
        loser = next(s for s in out.totals if s != out.winner)
        won, lost = out.totals[out.winner], out.totals[loser]
        when = " on declarations, before a card was played" if out.on_declarations else ""
        both = lost >= target and not out.on_declarations
        why = f"; both past {target}, the higher total wins" if both else ""
        notes.append(f"{out.winner} reach {target}{when} and win the game: {won} against "
                     f"{loser} {lost}{why} (T-10.3)")  # fmt: skip
        return f"deal {deal.number} ({out.winner} reached {target}{when}, {won} against {lost})"


OTTOCENTO_RACE: Final = OttocentoRace()
"""The one instance :meth:`OttocentoRuleset.match_rule` returns."""
