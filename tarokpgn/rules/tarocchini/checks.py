"""Checks of the steps before play: the dealer's scarto and the Terziglio exchange (T-4.3,
T-11.4) and the declarations from the hand (T-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tarokpgn.rules.ruleset import Fault
from tarokpgn.rules.tarocchini.combos import NAMES, Rules, combination

if TYPE_CHECKING:
    from tarokpgn.rules.tarocchini.state import TarocchiniDeal

FIVE_POINT: Final = frozenset({"T20", "T19", "T0", "FOOL", "HK", "DK", "SK", "CK"})
"""Cards that may never be discarded (T-4.3, T-11.4)."""
SCARTO: Final = 2
"""Cards the Ottocento dealer discards (T-4.1, T-4.3)."""


def exchange_faults(
    deal: TarocchiniDeal, pos: int, take: tuple[int, ...], discard: tuple[int, ...]
) -> list[Fault]:
    """Ottocento: the dealer discards two of his 17 cards and takes nothing; Terziglio gioco:
    the declarer takes the whole stock and discards as many. No five-point card (T-4.3)."""
    out: list[Fault] = []
    who: int | None
    if deal.partnerships:
        rule, who, size = "T-4.3", deal.dealer, SCARTO
        if take:
            names = " ".join(deal.name(c) for c in take)
            out.append(Fault("talon-group", f"the dealer takes nothing in Ottocento, not {names}",
                             "T-4.1", pos))  # fmt: skip
        if deal.declared_cards and deal.opts.declaration_order == "after_scarto_eldest_first":
            msg = "the dealer discards before anyone declares"
            out.append(Fault("declaration-order", msg, "T-5.5", pos))
    else:
        rule, who, size = "T-11.4", deal.declarer, deal.ruleset.talon_size
        stock = set(deal.talon) if deal.talon is not None else None
        if (stock is not None and set(take) != stock) or len(take) != size:
            msg = f"the declarer takes the whole stock ({size} cards) into his hand"
            out.append(Fault("talon-group", msg, rule, pos))
    if pos != who:
        role = "dealer" if deal.partnerships else "declarer"
        out.append(Fault("illegal-discard", f"only the {role} ({deal.label(who)}) discards",
                         rule, pos))  # fmt: skip
    if len(discard) != size:
        out.append(Fault("discard-count", f"{len(discard)} cards discarded, not {size}",
                         rule, pos))  # fmt: skip
    hand = deal.hands[pos]
    for c in discard:
        name = deal.name(c)
        if name in FIVE_POINT:
            msg = f"{name} may not be discarded: no King, Angel, World, Bégato or Matto"
            out.append(Fault("illegal-discard", msg, "T-4.3", pos, (name,)))
        elif hand is not None and c not in hand and c not in take:
            msg = f"{deal.label(pos)} discards {name}, which he does not hold"
            out.append(Fault("illegal-discard", msg, rule, pos, (name,)))
    return out


def declaration_fault(
    deal: TarocchiniDeal, pos: int, name: str, cards: tuple[int, ...]
) -> Fault | None:
    """A declared combination (T-5): a known name, before the first lead, in order, shown
    cards held by the declarer that form the combination exactly (T-5.3)."""
    if name not in NAMES:
        known = ", ".join(sorted(NAMES))
        return Fault("illegal-announcement", f"{name!r} is not a combination ({known})",
                     "T-6", pos)  # fmt: skip
    order = deal.opts.declaration_order
    if order == "before_scarto" and deal.partnerships and deal.laid_away:
        msg = "declarations come before the dealer's discard (ruleset option before_scarto)"
        return Fault("declaration-order", msg, "T-13.6", pos)
    if order == "after_scarto_eldest_first" and deal.declared_cards:
        last = deal.declared_cards[-1][0]
        if pos < last:
            msg = f"{deal.label(pos)} declares after {deal.label(last)}: eldest declares first"
            return Fault("declaration-order", msg, "T-5.5", pos)
    if not cards:
        msg = f"the cards of the declared {name} are not shown"
        return Fault("bad-declaration", msg, "T-5.3", pos)
    names = [deal.name(c) for c in cards]
    hand = deal.dealt[pos] if order == "before_scarto" else deal.hands[pos]
    for c, token in zip(cards, names, strict=True):
        owner = deal.owner_of(c)
        if (hand is not None and c not in hand) or (owner is not None and owner != pos):
            msg = f"{deal.label(pos)} declares {name} with {token}, which he does not hold"
            return Fault("bad-declaration", msg, "T-5.4", pos, (token,))
    rules = Rules(deal.opts.contatori_minimum, deal.opts.grande_tail)
    found = combination(name, frozenset(names), rules)
    if found is None:
        msg = f"{' '.join(names)} do not make a {name}"
        return Fault("bad-declaration", msg, "T-6", pos, tuple(names))
    extra = sorted(set(names) - set(found.cards))
    if extra:
        msg = f"{' '.join(extra)} shown with the {name} do not count in it"
        return Fault("bad-declaration", msg, "T-5.3", pos, tuple(extra))
    if any(p == pos and n == name for p, n, _ in deal.declared_cards):
        return Fault("bad-declaration", f"{deal.label(pos)} declares {name} twice", "T-5.2", pos)
    return None
