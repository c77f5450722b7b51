"""Sphinx directive ``.. tarokpgn-vocabulary::``: the tables of :mod:`tarokpgn.vocabulary`,
rendered at build time (offline), so ``docs/notation.rst`` always shows the words the code
reads. :func:`vocabulary_rst` gives the reStructuredText (``tests/test_vocabulary.py`` checks
it lists every word)."""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from tarokpgn import vocabulary
from tarokpgn.cards import DECKS
from tarokpgn.notation.localized import card_name
from tarokpgn.vocabulary import Language

_RANKS = {"K": "king", "Q": "queen", "N": "knight", "J": "jack", "1": "1 (ace)"}
_SUITS = {"H": "hearts (H)", "D": "diamonds (D)", "S": "spades (S)", "C": "clubs (C)"}


def _words(words: Iterable[str]) -> str:
    return ", ".join(f"``{w}``" for w in words) or "—"


def _by_meaning(table: dict[str, object]) -> dict[object, list[str]]:
    grouped: dict[object, list[str]] = {}
    for word, meaning in table.items():
        grouped.setdefault(meaning, []).append(word)
    return grouped


def _table(title: str, rows: list[tuple[str, str]]) -> list[str]:
    out = [f".. list-table:: {title}", "   :header-rows: 1", "   :widths: 30 70", ""]
    out += ["   * - Meaning", "     - Words (the first is what ``fmt --lang`` writes)"]
    for meaning, words in rows:
        out += [f"   * - {meaning}", f"     - {words}"]
    return [*out, ""]


def _card_rows(lang: Language) -> list[tuple[str, str]]:
    rows = [("``FOOL``", _words(lang.fool)), ("trump (``tarok 15``)", _words(lang.trump_words))]
    for number, words in sorted(_by_meaning(lang.trumps).items()):  # type: ignore[type-var]
        rows.append((f"``T{number}`` (54, 78 cards)", _words(words)))
    for number, words in sorted(_by_meaning(lang.trumps_62).items()):  # type: ignore[type-var]
        rows.append((f"``T{number}`` (62 cards)", _words(words)))
    if lang.moors:
        rows.append(("Moor ``T1`` … ``T4`` (``moro 3``)", _words(lang.moors)))
    rows += [(_SUITS[s], _words(ws)) for s, ws in lang.suits.items()]
    rows += [(_RANKS.get(r, r), _words(ws)) for r, ws in lang.ranks.items()]
    return rows


def _word_rows(table: dict[str, dict[str, str]]) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for scope, words in table.items():
        for canonical, aliases in _by_meaning(words).items():  # type: ignore[arg-type]
            rows.append((f"``{canonical}`` ({scope})", _words(aliases)))
    return rows


def _examples(lang: Language) -> str:
    shown = [
        card_name(token, DECKS[pack], lang)
        for pack, token in (("54", "HK"), ("54", "CQ"), ("78", "C4"), ("54", "T14"), ("62", "S7"))
    ]
    return ", ".join(f"``{name}``" for name in shown)


def language_rst(lang: Language) -> list[str]:
    """The section of one language."""
    title = f"{lang.name} (``--lang {lang.code}``)"
    out = [title, "~" * len(title), ""]
    out += [f"Written by ``tarokpgn fmt --lang {lang.code}``: {_examples(lang)}.", ""]
    out += _table(f"{lang.name}: cards", _card_rows(lang))
    out += _table(f"{lang.name}: bids", _word_rows(lang.bids))
    out += _table(f"{lang.name}: announcements and declarations", _word_rows(lang.announcements))
    kontra = [(f"level {n}", _words(ws)) for n, ws in sorted(_by_meaning(lang.kontra).items())]  # type: ignore[type-var]
    kontra.append(("the game as kontra target", _words(lang.targets)))
    out += _table(f"{lang.name}: kontra", kontra)
    return out


def vocabulary_rst() -> str:
    """Every table of :mod:`tarokpgn.vocabulary` as reStructuredText."""
    numerals = sorted(vocabulary.ROMAN.items(), key=lambda item: (item[1], len(item[0])))
    out = [
        "In every language: the tokens themselves, ``T22`` for the Fool, Roman numerals in "
        "either spelling (" + _words(w.upper() for w, _ in numerals) + "; in the 62-card "
        "pack only the printed ``V`` … ``XVI``), the letters ``C`` (knight) and ``A`` or "
        "``AS`` (ace) after a suit letter (``HC``, ``DA``), and the fillers "
        + _words(vocabulary.FILLERS)
        + " inside a name.",
        "",
    ]
    for lang in vocabulary.LANGUAGES.values():
        out += language_rst(lang)
    return "\n".join(out) + "\n"


class VocabularyDirective(SphinxDirective):
    """``.. tarokpgn-vocabulary::``: the language tables, generated from the code."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        lines = StringList(vocabulary_rst().splitlines(), source="tarokpgn.vocabulary")
        nested_parse_with_titles(self.state, lines, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("tarokpgn-vocabulary", VocabularyDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
