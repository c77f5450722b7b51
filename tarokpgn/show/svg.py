"""Cards drawn as SVG: one small picture per card token, for every pack (54, 78, 62 cards).

A suit card shows its rank in the corner, its suit symbol (drawn as a path, so no font is
needed for it) large in the middle and the suit letter (``H D S C``) in the other corner, so it
reads without colour; a trump shows its number large and its Roman numeral above it; the Fool a
star. ``?`` (a card the record does not know) is drawn face down. Each picture carries its
token (``data-card``) and its name in words (``<title>`` and ``aria-label``).

>>> card_svg("HK").startswith("<svg")
True
>>> card_name("T21")
'trump 21 (XXI)'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Final

from tarokpgn.cards import DECKS, FOOL, SUITS, TAROK54, TRUMP, UNKNOWN, Deck
from tarokpgn.vocabulary import EN, roman

WIDTH: Final = 50
HEIGHT: Final = 74
"""The card's own coordinates (``viewBox``); it scales to whatever size the page gives it."""

SUIT_PATHS: Final = {
    "H": "M5 9.4C3.6 8.1 0 5.7 0 3.1A2.6 2.6 0 0 1 5 1.9 2.6 2.6 0 0 1 10 3.1C10 5.7 6.4 8.1 5 "
    "9.4Z",
    "D": "M5 0 9 5 5 10 1 5Z",
    "S": "M5 0C3.6 1.9 0 4 0 6.3A2.3 2.3 0 0 0 4.3 7.4L3.4 10H6.6L5.7 7.4A2.3 2.3 0 0 0 10 6.3C10 "
    "4 6.4 1.9 5 0Z",
    "C": "M5 .3A2.4 2.4 0 0 1 6.7 4.4 2.4 2.4 0 1 1 5.8 7.3L6.6 10H3.4L4.2 7.3A2.4 2.4 0 1 1 3.3 "
    "4.4 2.4 2.4 0 0 1 5 .3Z",
}
"""Suit symbols (hearts, diamonds, spades, clubs) in a 10×10 box."""

SUIT_COLOURS: Final = {"H": "#c0122c", "D": "#c0122c", "S": "#111", "C": "#111"}
_PAPER: Final = {"suit": "#fff", "trump": "#fff5d6", "fool": "#eef3ff"}


def deck_of(deck: Deck | str | None) -> Deck:
    """A deck given as itself or by name (``"54"``, ``"78"``, ``"62"``); the 54-card pack for
    None."""
    if isinstance(deck, Deck):
        return deck
    return DECKS.get(deck or "54", TAROK54)


def card_name(token: str, deck: Deck | str | None = None) -> str:
    """The card in English words: ``king of hearts``, ``trump 21 (XXI)``, ``angel (trump
    20)`` in the 62-card pack, ``Fool``, ``unknown card``."""
    pack = deck_of(deck)
    if token == UNKNOWN:
        return "unknown card"
    if token == FOOL:
        return "Fool"
    suit = pack.suit_of.get(token)
    if suit == TRUMP:
        return _trump_name(int(token[1:]), pack)
    if suit in SUITS:
        suits = EN.suits_62 if pack.name == "62" and EN.suits_62 else {}
        suit_word = suits.get(suit) or EN.suits[suit][0]
        rank = token[1:]
        return f"{EN.ranks.get(rank, (rank,))[0]} of {suit_word}"
    return token


def _trump_name(number: int, pack: Deck) -> str:
    if pack.name == "62":
        named = {n: word for word, n in EN.trumps_62.items()}.get(number)
        return f"{named} (trump {number})" if named else f"trump {number}"
    return f"trump {number} ({roman(number)})"


def card_svg(
    token: str, deck: Deck | str | None = None, *, width: int | None = None, css: str = ""
) -> str:
    """One card as an ``<svg>`` element (``width`` in CSS pixels, else as the page sizes it;
    ``css``: extra class names)."""
    pack = deck_of(deck)
    name = escape(card_name(token, pack))
    size = f' width="{width}" height="{round(width * HEIGHT / WIDTH)}"' if width else ""
    classes = escape(f"card {css}".strip())
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"{size} '
        f'class="{classes}" data-card="{escape(token)}" role="img" aria-label="{name}">'
        f"<title>{name}</title>"
    )
    return head + _face(token, pack) + "</svg>"


def _face(token: str, pack: Deck) -> str:
    if token == UNKNOWN:
        return _back()
    if token == FOOL:
        return _frame(_PAPER["fool"]) + _fool()
    suit = pack.suit_of.get(token)
    if suit == TRUMP:
        return _frame(_PAPER["trump"]) + _trump(int(token[1:]), pack.name)
    if suit in SUITS:
        return _frame(_PAPER["suit"]) + _suit_card(suit or "", token[1:])
    return _frame("#fdd") + _text(25, 42, 12, escape(token), "#900")  # not a card of the pack


def _frame(fill: str) -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="5" fill="{fill}" '
        'stroke="#333" stroke-width="1.5"/>'
    )


def _text(x: float, y: float, size: float, body: str, fill: str = "#111", bold: bool = True) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="{fill}" '
        f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"{weight}>{body}</text>'
    )


def suit_symbol(suit: str, x: float, y: float, size: float) -> str:
    """The suit's symbol as a path, its 10×10 box scaled to ``size`` with its top left corner at
    ``(x, y)``."""
    scale = size / 10
    return (
        f'<path d="{SUIT_PATHS[suit]}" fill="{SUIT_COLOURS[suit]}" '
        f'transform="translate({x} {y}) scale({scale:g})"/>'
    )


def _suit_card(suit: str, rank: str) -> str:
    colour = SUIT_COLOURS[suit]
    return (
        _text(11, 17, 14, escape(rank), colour)
        + suit_symbol(suit, 5, 21, 12)
        + suit_symbol(suit, 14, 28, 22)
        + _text(WIDTH - 10, HEIGHT - 7, 12, suit, colour)
    )


TRUMP_WORDS: Final = {"54": "TAROK", "78": "ATOUT", "62": "TAROCCO"}
"""The word printed at the foot of a trump, by pack."""
PRINTED_62: Final = range(5, 17)
"""The Bolognese trumps that carry a printed Roman numeral (the others carry none)."""


def _trump(number: int, pack: str) -> str:
    numeral = roman(number) if number and (pack != "62" or number in PRINTED_62) else ""
    return (
        (_text(25, 17, 10 if len(numeral) > 4 else 12, numeral, "#5a3b00", bold=False))
        + _text(25, 50, 26, str(number), "#111")
        + _text(25, HEIGHT - 8, 7, TRUMP_WORDS.get(pack, "TRUMP"), "#5a3b00", bold=False)
    )


def _fool() -> str:
    star = "M25 14 29.4 27 43 27 32 35 36 48 25 40 14 48 18 35 7 27 20.6 27Z"
    return f'<path d="{star}" fill="#2b4ea2"/>' + _text(25, 64, 10, "FOOL", "#2b4ea2")


def _back() -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="5" fill="#3a5a8c" '
        'stroke="#333" stroke-width="1.5"/>'
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="3" fill="none" '
        'stroke="#cfd8ea" stroke-width="1" stroke-dasharray="2 2"/>'
        + _text(25, 46, 24, "?", "#fff")
    )


def hand_svg(cards: Iterable[str], deck: Deck | str | None = None, *, width: int = 40) -> str:
    """A row of cards as one ``<svg>`` (each card ``width`` pixels wide, overlapping a little),
    e.g. a hand for a notebook."""
    pack = deck_of(deck)
    tokens = list(cards)
    step = round(width * 0.72)
    height = round(width * HEIGHT / WIDTH)
    total = step * max(len(tokens) - 1, 0) + width if tokens else width
    scale = width / WIDTH
    parts = [
        f'<g transform="translate({i * step} 0) scale({scale:g})">{_card_group(t, pack)}</g>'
        for i, t in enumerate(tokens)
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
        f'viewBox="0 0 {total} {height}" role="img" '
        f'aria-label="{escape(", ".join(card_name(t, pack) for t in tokens) or "no cards")}">'
        + "".join(parts)
        + "</svg>"
    )


def _card_group(token: str, pack: Deck) -> str:
    """One card's drawing for :func:`hand_svg`, with its name as a tooltip."""
    return f"<title>{escape(card_name(token, pack))}</title>{_face(token, pack)}"


def card_pictures(tokens: Iterable[str], deck: Deck | str | None = None) -> dict[str, str]:
    """Token → :func:`card_svg` for each distinct token (the page's card table)."""
    pack = deck_of(deck)
    return {t: card_svg(t, pack) for t in dict.fromkeys(tokens)}
