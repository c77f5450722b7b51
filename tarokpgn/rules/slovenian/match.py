"""Radelci (SL-12.9, option ``radelci``): the Slovenian match rule, followed by the verifier
across the deals of a match (:class:`~tarokpgn.rules.match.MatchRule`).

A radelc doubles its holder's next score as declarer and is used up only when that score is
positive; after klop, a game of beggar's value or higher, or a valat, every player receives
one; each unused radelc costs −40 at the end of the match.
"""

from __future__ import annotations

from typing import ClassVar, Final

from tarokpgn.rules.match import MatchDeal, MatchRule, Scores


class Radelci(MatchRule):
    """SL-12.9: what is carried is seat label → radelci held."""

    rule: ClassVar[str] = "SL-12.9"
    adjusted: ClassVar[str] = "radelci applied"

    def start(self) -> Scores | None:
        """Nobody holds a radelc at the start of a match."""
        return {}

    def adjust(
        self, deal: MatchDeal, result: Scores, carried: Scores, notes: list[str]
    ) -> tuple[Scores, Scores]:
        """SL-12.9: a radelc doubles its holder's score as declarer (his side's recorded total,
        SL-12.6) and is used up only when that score is positive; then the deal may give
        every player one (:func:`radelc_earned`)."""
        added, held = dict(result), carried
        declarer = deal.declarer
        if declarer is not None and held.get(declarer, 0) > 0:
            score = result.get(declarer, 0)
            for s in (declarer, deal.partner):
                if s is not None:
                    added[s] = 2 * result.get(s, 0)
            used = score > 0
            if used:
                held[declarer] -= 1
            kept = "used up" if used else "kept: the score is not positive"
            notes.append(f"radelc: {declarer}'s score as declarer doubled, {score:+d} → "
                         f"{2 * score:+d}; the radelc is {kept} (SL-12.9)")  # fmt: skip
        why = radelc_earned(deal)
        if why:
            for s in deal.seats:
                held[s] = held.get(s, 0) + 1
            notes.append(f"radelci: every player receives one after {why} (SL-12.9)")
        if any(held.values()):
            shown = " ".join(f"{s} {held.get(s, 0)}" for s in deal.seats)
            notes.append(f"radelci held: {shown}; each unused one costs −40 at the end of the "
                         "match (SL-12.9)")  # fmt: skip
        return added, held

    def close(
        self, running: Scores, written: Scores, carried: Scores, notes: list[str]
    ) -> tuple[Scores, Scores]:
        """SL-12.9: unused radelci cost −40 each at the end of the match. A record does not say
        which deal is the last, so ``Totals`` that charge them exactly are taken as the end."""
        if not any(carried.values()):
            return running, carried
        charged = {s: v - 40 * carried.get(s, 0) for s, v in running.items()}
        if any(written.get(s, 0) != v for s, v in charged.items()):
            return running, carried
        notes.append("the Totals close the match: each unused radelc costs −40 at the end "
                     "of the match (SL-12.9)")  # fmt: skip
        return charged, dict.fromkeys(carried, 0)


def radelc_earned(deal: MatchDeal) -> str:
    """Why the deal gives every player a radelc (SL-12.9), empty when it does not: klop, a
    game of beggar's value or higher, or a valat."""
    contract = deal.deal.contract
    if contract is None:
        return ""
    if contract.kind == "klop":
        return "klop"
    beggar = deal.deal.ruleset.contract("beggar")
    if beggar is not None and contract.value >= beggar.value:
        return f"{contract.id} (beggar's value or higher)"
    if any(b.name == "valat" and b.made for b in deal.bonuses):
        return "a valat"
    return ""


RADELCI: Final = Radelci()
"""The one instance :meth:`SlovenianRuleset.match_rule` returns when radelci are on."""
