"""Canonical words of the notation per variant family, with the aliases accepted on import.

Bids, announcement and declaration names, kontra levels and renons kinds are lower-case words
(hyphens join several). The reader folds case and diacritics and maps any alias listed here to
its canonical word; words not listed are kept as written (lower-cased), so the rules engine can
report them as unknown with their location. Rule plug-ins add their words here: this module
is data only.
"""

from __future__ import annotations

from typing import Final

BIDS: Final[dict[str, dict[str, str]]] = {
    "slovenian": {
        "pass": "pass", "naprej": "pass", "dalje": "pass",
        "klop": "klop",
        "three": "three", "trojka": "three", "tri": "three",
        "two": "two", "dvojka": "two", "dva": "two",
        "one": "one", "enka": "one", "ena": "one",
        "solo-three": "solo-three", "solo-tri": "solo-three",
        "solo-two": "solo-two", "solo-dva": "solo-two", "solo-dve": "solo-two",
        "solo-one": "solo-one", "solo-ena": "solo-one",
        "beggar": "beggar", "berac": "beggar",
        "solo-without": "solo-without", "solo-brez": "solo-without",
        "solo-brez-talona": "solo-without",
        "open-beggar": "open-beggar", "odprti-berac": "open-beggar",
        "open-solo-without": "open-solo-without", "odprti-solo-brez": "open-solo-without",
        "colour-valat": "colour-valat", "barvni-valat": "colour-valat",
        "colour-valat-suit": "colour-valat-suit",
        "barvni-valat-v-eni-barvi": "colour-valat-suit",
        "valat": "valat",
        "piccolo": "piccolo", "pikolo": "piccolo",
    },
    "czech": {
        "pass": "pass", "pas": "pass", "dal": "pass", "passe": "pass",
        "first-duty": "first-duty", "prvni-povinnost": "first-duty",
        "zakladni-povinnost": "first-duty", "povinnost": "first-duty", "duty": "first-duty",
        "second-duty": "second-duty", "druha-povinnost": "second-duty",
        "preferanc": "preferanc", "pref": "preferanc", "preference": "preferanc",
        "treti-povinnost": "preferanc", "third-duty": "preferanc",
        "preferanc-1": "preferanc-1", "prvni-karty": "preferanc-1",
        "preferanc-2": "preferanc-2", "druhe-karty": "preferanc-2",
        "preferanc-3": "preferanc-3", "treti-karty": "preferanc-3",
        "solo": "solo", "ctvrta-povinnost": "solo", "fourth-duty": "solo",
        "warsaw": "warsaw", "varsava": "warsaw",
    },
    "french": {
        "pass": "pass", "passe": "pass", "je-passe": "pass",
        "petite": "petite", "prise": "petite", "p": "petite",
        "garde": "garde", "g": "garde",
        "garde-sans": "garde-sans", "garde-sans-le-chien": "garde-sans", "gs": "garde-sans",
        "garde-contre": "garde-contre", "garde-contre-le-chien": "garde-contre",
        "gc": "garde-contre",
    },
    "tarocchini": {
        "pass": "pass", "passo": "pass", "no": "pass", "va-bene": "pass", "vabene": "pass",
        "monte": "monte", "faccio-monte": "monte",
        "gioco": "gioco", "game": "gioco", "vado-su": "gioco", "andare-su": "gioco",
        "vado": "gioco",
        "solo": "solo", "faccio-di-mio": "solo", "di-mio": "solo",
    },
}  # fmt: skip
"""Family → alias → canonical bid word. Families: slovenian, czech, french, tarocchini."""

ANNOUNCEMENTS: Final[dict[str, dict[str, str]]] = {
    "slovenian": {
        "trula": "trula",
        "kings": "kings", "kralji": "kings",
        "pagat-ultimo": "pagat-ultimo", "ultimo": "pagat-ultimo",
        "king-ultimo": "king-ultimo", "kralj-ultimo": "king-ultimo",
        "valat": "valat",
        "colour-valat": "colour-valat", "barvni-valat": "colour-valat",
    },
    "czech": {
        "pagat": "pagat", "valat": "valat",
        "trul": "trul",
        "honery": "honery", "honeri": "honery", "honers": "honery",
        "tarocky": "tarocky", "barvicky": "barvicky", "taroky": "taroky", "barvy": "barvy",
        "kralovske-honery": "kralovske-honery", "kralovske": "kralovske-honery",
        "trulhonery": "trulhonery", "trul-honery": "trulhonery",
        "hra": "game",
    },
    "french": {
        "chelem": "chelem", "slam": "chelem", "grand-chelem": "chelem",
        "petit-chelem": "petit-chelem",
        "misere": "misere",
        **{f"{w}-{n}": f"handful-{n}" for w in ("handful", "poignee") for n in (8, 10, 13, 15, 18)},
    },
    "tarocchini": {
        "tarocchi": "tarocchi", "cricca-tarocchi": "tarocchi", "cricca-di-tarocchi": "tarocchi",
        "kings": "kings", "re": "kings", "cricca-re": "kings", "cricca-di-re": "kings",
        "cricca-kings": "kings",
        "queens": "queens", "regine": "queens", "donne": "queens", "cricca-regine": "queens",
        "cricca-di-regine": "queens", "cricca-donne": "queens", "cricca-queens": "queens",
        "cavalli": "cavalli", "knights": "cavalli", "cricca-cavalli": "cavalli",
        "cricca-di-cavalli": "cavalli",
        "fanti": "fanti", "jacks": "fanti", "cricca-fanti": "fanti", "cricca-di-fanti": "fanti",
        "sequence-cups": "sequence-cups", "cups": "sequence-cups", "coppe": "sequence-cups",
        "sequenza-coppe": "sequence-cups", "sequenza-di-coppe": "sequence-cups",
        "sequence-coins": "sequence-coins", "coins": "sequence-coins",
        "denari": "sequence-coins", "danari": "sequence-coins",
        "sequenza-denari": "sequence-coins", "sequenza-di-denari": "sequence-coins",
        "sequence-swords": "sequence-swords", "swords": "sequence-swords",
        "spade": "sequence-swords", "sequenza-spade": "sequence-swords",
        "sequenza-di-spade": "sequence-swords",
        "sequence-batons": "sequence-batons", "batons": "sequence-batons",
        "bastoni": "sequence-batons", "sequenza-bastoni": "sequence-batons",
        "sequenza-di-bastoni": "sequence-batons",
        "grande": "grande", "sequenza-grande": "grande", "la-grande": "grande",
        "moors": "moors", "mori": "moors", "moretti": "moors", "sequenza-mori": "moors",
        "aces": "aces", "assi": "aces", "sequenza-assi": "aces",
    },
}  # fmt: skip

KONTRA_LEVELS: Final[dict[str, int]] = {
    "kontra": 1, "contra": 1, "flek": 1, "double": 1, "contre": 1,
    "rekontra": 2, "re": 2, "surcontre": 2,
    "subkontra": 3, "sub": 3, "tutti": 3,
    "mortkontra": 4, "mort": 4, "retutti": 4,
}  # fmt: skip
"""Spoken doubling words → level. Export writes ``kontra SEAT LEVEL TARGET``."""

FAMILY: Final[dict[str, str]] = {
    "slovenian-4": "slovenian", "slovenian-3": "slovenian", "czech-4": "czech",
    "french-3": "french", "french-4": "french", "french-5": "french",
    "ottocento": "tarocchini", "terziglio": "tarocchini",
}  # fmt: skip


def canonical(table: dict[str, dict[str, str]], variant: str, word: str) -> str:
    """The canonical form of ``word`` (already folded) for ``variant``'s family."""
    return table.get(FAMILY.get(variant, ""), {}).get(word, word)
