"""The scorekeeper's words: one table per language, mapping what players write to the notation.

Each :class:`Language` lists, in natural spelling (diacritics, capitals), the words players of
that language write at the table for every card, contract (bid), announcement or declaration,
kontra (doubling) level and kontra target, in full and in the short forms in use. The reader
folds case and diacritics (:func:`fold`), so ``Škýz``, ``škýz`` and ``SKYZ`` are one word.

* Cards: the Fool's names, trump names per pack, the word for "trump" (``tarok 15``), suit
  words and rank words (combined in either order, with an optional filler: ``srce kralj``,
  ``křížová dáma``, ``quatre de trèfle``, ``Herz-König``; :mod:`tarokpgn.cards` reads them).
* Bids and announcements: per variant family (``slovenian``, ``czech``, ``french``,
  ``tarocchini``), or per variant where the meaning depends on it (a French *poignée simple*
  is ``handful-10`` with four players, ``handful-13`` with three). Canonical words are the
  notation's own (English for most, ``garde``, ``gioco`` …): the export form writes those.
* Kontra levels: doubling words → level; kontra targets: the words for "the game".

The first word listed for a card, rank, suit or canonical word is the one ``tarokpgn fmt
--lang`` writes. Words not listed are kept as written (lower-cased), so the rules engine can
report them as unknown with their location. :data:`BIDS`, :data:`ANNOUNCEMENTS`,
:data:`KONTRA_LEVELS` and :data:`TARGETS` are the tables of all languages merged (folded);
``docs/notation.rst`` shows every table, generated from this module. This module is data only.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from tarokpgn._views import VariantView
from tarokpgn.variants import find_variant


def fold(text: str) -> str:
    """Lower-case ``text`` and strip diacritics (``Škýz`` → ``skyz``, ``cœur`` → ``coeur``,
    ``König`` → ``konig``)."""
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


@dataclass(frozen=True)
class Language:
    """What the players of one language write. Every word in natural spelling; the first word
    for a meaning is the one the localized export writes."""

    code: str
    """``sl``, ``cs``, ``fr``, ``it``, ``de`` or ``en`` (what ``fmt --lang`` takes)."""
    name: str
    fool: tuple[str, ...]
    """Names of the Fool (škis, škýz, Excuse, Matto)."""
    trump_words: tuple[str, ...]
    """The word for "trump" before a number or Roman numeral: ``tarok 15``, ``atout 4``."""
    trumps: dict[str, int]
    """Named trumps of the 54- and 78-card packs → number (``pagat`` → 1, ``mond`` → 21)."""
    trumps_62: dict[str, int]
    """Named trumps of the 62-card Bolognese pack → number (``angelo`` → 20, ``bégato`` → 0)."""
    suits: dict[str, tuple[str, ...]]
    """Suit letter (``H D S C``) → suit words, every form (``srdce``, ``srdcová``, ``cœur``)."""
    ranks: dict[str, tuple[str, ...]]
    """Rank (``K Q N J`` or a pip number) → rank words (``kralj``, ``jezdec``, ``quatre``)."""
    bids: dict[str, dict[str, str]]
    """Family or variant → word → canonical bid."""
    announcements: dict[str, dict[str, str]]
    """Family or variant → word → canonical announcement or declaration name."""
    kontra: dict[str, int]
    """Doubling word → kontra level (the front words must be grammar keywords)."""
    targets: tuple[str, ...]
    """Words for the whole game as a kontra target (``igra``, ``hra``): canonical ``game``."""
    moors: tuple[str, ...] = ()
    """The word for one of the four equal Moors of the 62-card pack: ``moro 1`` … ``moro 4``."""
    pattern: str = "{rank} {suit}"
    """How the export writes a suit card: ``{rank} {suit}``, ``{rank} de {suit}`` …"""
    roman: bool = False
    """Whether the export writes the unnamed trumps of the 54- and 78-card packs as Roman
    numerals (``XIV``); otherwise as the trump word and the number (``atout 14``)."""
    suit_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Suit letter → the suit adjective by grammatical gender (Czech ``srdcový``, ``srdcová``,
    ``srdcové``), for the export; :attr:`genders` gives each rank's gender."""
    genders: dict[str, int] = field(default_factory=dict)
    """Rank → index into :attr:`suit_forms`."""
    suits_62: dict[str, str] = field(default_factory=dict)
    """Suit letter → the word the export writes for the 62-card pack, when it differs."""


# --- roman numerals and fillers: the same in every language -----------------------------------

_ROMAN_DIGITS: Final = (
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
    "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII",
)  # fmt: skip

ROMAN: Final[dict[str, int]] = {
    **{fold(r): n for n, r in enumerate(_ROMAN_DIGITS) if n},
    "iiii": 4, "viiii": 9, "xiiii": 14, "xviiii": 19,
}  # fmt: skip
"""Roman numerals, folded, in both spellings: subtractive (``IV``, ``XIX``) and the additive
one printed on many packs (``IIII``, ``XVIIII``). 22 is the Fool of the 54- and 78-card packs."""


def roman(number: int) -> str:
    """``number`` (1 … 22) as a Roman numeral in the usual subtractive spelling: ``XIV``."""
    return _ROMAN_DIGITS[number]


FILLERS: Final = ("de", "di", "of", "the", "le", "la", "du")
"""Words that may stand between the two words of a card name: ``roi de cœur``, ``king of
hearts``. Skipped when reading; the export writes its own (:attr:`Language.pattern`)."""


# --- the tables -------------------------------------------------------------------------------

# fmt: off
SL: Final = Language(
    code="sl",
    name="Slovenian",
    fool=("škis", "skis"),
    trump_words=("tarok",),
    trumps={"pagat": 1, "palčka": 1, "špica": 1, "mond": 21},
    trumps_62={},
    suits={
        "H": ("srce", "srca"),
        "D": ("karo", "kara"),
        "S": ("pik", "pika"),
        "C": ("križ", "križa", "križe"),
    },
    ranks={
        "K": ("kralj",), "Q": ("dama", "baba"), "N": ("kaval", "konj", "C"), "J": ("fant", "pob"),
        "1": ("as",), "2": ("dvojka",), "3": ("trojka",), "4": ("štirica", "štirka"),
        "5": ("petica",), "6": ("šestica",), "7": ("sedmica",), "8": ("osmica",),
        "9": ("devetka", "devetica"), "10": ("desetka", "desetica"),
    },
    bids={
        "slovenian": {
            "naprej": "pass", "dalje": "pass", "klop": "klop",
            "trojka": "three", "tri": "three", "dvojka": "two", "dva": "two",
            "enka": "one", "ena": "one",
            "solo-tri": "solo-three", "solo-dva": "solo-two", "solo-dve": "solo-two",
            "solo-ena": "solo-one", "berač": "beggar",
            "solo-brez": "solo-without", "solo-brez-talona": "solo-without",
            "odprti-berač": "open-beggar", "odprti-solo-brez": "open-solo-without",
            "barvni-valat": "colour-valat", "barvni-valat-v-eni-barvi": "colour-valat-suit",
            "valat": "valat", "pikolo": "piccolo",
        },
    },
    announcements={
        "slovenian": {
            "trula": "trula", "kralji": "kings", "pagat-ultimo": "pagat-ultimo",
            "ultimo": "pagat-ultimo", "kralj-ultimo": "king-ultimo", "valat": "valat",
            "barvni-valat": "colour-valat",
        },
    },
    kontra={"kontra": 1, "rekontra": 2, "subkontra": 3, "sub": 3, "mortkontra": 4, "mort": 4},
    targets=("igra",),
    roman=True,
)
"""Slovenian (SL-1.2, SL-1.3, SL-4.1): srce, karo, pik, križ; kralj, dama, kaval, fant."""

CS: Final = Language(
    code="cs",
    name="Czech",
    fool=("škýz", "škys", "skys"),
    trump_words=("tarok", "taroky"),
    trumps={"pagát": 1, "mond": 21},
    trumps_62={},
    suits={
        "H": ("srdce", "herce", "srdcový", "srdcová", "srdcové", "srdcí"),
        "D": ("káry", "kára", "káro", "kárový", "kárová", "kárové"),
        "S": ("piky", "pikový", "piková", "pikové"),
        "C": ("kříže", "kříž", "křížový", "křížová", "křížové"),
    },
    ranks={
        "K": ("král", "honér"), "Q": ("dáma",), "N": ("kaval", "jezdec", "kavál"),
        "J": ("kluk",),
        "1": ("eso",), "2": ("dvojka",), "3": ("trojka",), "4": ("čtyřka",), "5": ("pětka",),
        "6": ("šestka",), "7": ("sedmička", "sedma"), "8": ("osmička", "osma"),
        "9": ("devítka",), "10": ("desítka",),
    },
    bids={
        "czech": {
            "pas": "pass", "dál": "pass",
            "první-povinnost": "first-duty", "základní-povinnost": "first-duty",
            "povinnost": "first-duty", "druhá-povinnost": "second-duty",
            "preferanc": "preferanc", "pref": "preferanc", "preference": "preferanc",
            "třetí-povinnost": "preferanc",
            "první-karty": "preferanc-1", "druhé-karty": "preferanc-2",
            "třetí-karty": "preferanc-3",
            "sólo": "solo", "čtvrtá-povinnost": "solo", "varšava": "warsaw",
        },
    },
    announcements={
        "czech": {
            "pagát": "pagat", "valát": "valat", "trul": "trul",
            "honéry": "honery", "honeři": "honery",
            "taročky": "tarocky", "barvičky": "barvicky", "taroky": "taroky", "barvy": "barvy",
            "královské-honéry": "kralovske-honery", "královské": "kralovske-honery",
            "trulhonéry": "trulhonery", "trul-honéry": "trulhonery",
            "hra": "game",
        },
    },
    kontra={"flek": 1, "kontra": 1, "re": 2, "rekontra": 2, "tutti": 3, "supkontra": 3,
            "retutti": 4},
    targets=("hra",),
    pattern="{suit} {rank}",
    roman=True,
    suit_forms={
        "H": ("srdcový", "srdcová", "srdcové"),
        "D": ("kárový", "kárová", "kárové"),
        "S": ("pikový", "piková", "pikové"),
        "C": ("křížový", "křížová", "křížové"),
    },
    genders={"K": 0, "N": 0, "J": 0, "1": 2, **{str(n): 1 for n in range(2, 11)}, "Q": 1},
)
"""Czech (CZ-0.5, CZ-1.1 … CZ-1.4, CZ-3.1): the suit as an adjective that agrees with the rank
(``srdcový král``, ``křížová dáma``, ``kárové eso``), or as a noun (``srdce``, ``káry``)."""

FR: Final = Language(
    code="fr",
    name="French",
    fool=("excuse", "l'excuse", "fou", "exc", "ex"),
    trump_words=("atout",),
    trumps={"petit": 1, "vingt-et-un": 21, "monde": 21},
    trumps_62={},
    suits={
        "H": ("cœur", "cœurs"),
        "D": ("carreau", "carreaux"),
        "S": ("pique", "piques"),
        "C": ("trèfle", "trèfles"),
    },
    ranks={
        "K": ("roi",), "Q": ("dame",), "N": ("cavalier", "cavaliers"), "J": ("valet",),
        "1": ("as",), "2": ("deux",), "3": ("trois",), "4": ("quatre",), "5": ("cinq",),
        "6": ("six",), "7": ("sept",), "8": ("huit",), "9": ("neuf",), "10": ("dix",),
    },
    bids={
        "french": {
            "passe": "pass", "je-passe": "pass",
            "petite": "petite", "prise": "petite", "p": "petite",
            "garde": "garde", "g": "garde",
            "garde-sans": "garde-sans", "garde-sans-le-chien": "garde-sans", "gs": "garde-sans",
            "garde-contre": "garde-contre", "garde-contre-le-chien": "garde-contre",
            "gc": "garde-contre",
        },
        "czech": {"passe": "pass"},
    },
    announcements={
        "french": {
            "chelem": "chelem", "grand-chelem": "chelem", "petit-chelem": "petit-chelem",
            "misère": "misere",
            **{f"poignée-{n}": f"handful-{n}" for n in (8, 10, 13, 15, 18)},
        },
        **{
            variant: {
                **{f"{word}-poignée": f"handful-{n}" for word, n in levels},
                **{f"poignée-{word}": f"handful-{n}" for word, n in levels},
            }
            for variant, levels in (
                ("french-3", (("simple", 13), ("double", 15), ("triple", 18))),
                ("french-4", (("simple", 10), ("double", 13), ("triple", 15))),
                ("french-5", (("simple", 8), ("double", 10), ("triple", 13))),
            )
        },
    },
    kontra={"contre": 1, "surcontre": 2},
    targets=("jeu", "partie"),
    pattern="{rank} de {suit}",
)
"""French (F-1, F-3.1, F-6.1): ``roi de cœur``, ``quatre de trèfle``, ``atout 14``, ``petit``,
``excuse``; a poignée by its level (``poignée-simple``) or by its number of trumps."""

IT: Final = Language(
    code="it",
    name="Italian",
    fool=("matto", "mat", "scus"),
    trump_words=("trionfo", "trionfi"),
    trumps={"bagatto": 1, "mondo": 21},
    trumps_62={
        "angelo": 20, "anzol": 20, "mondo": 19, "mond": 19, "sole": 18, "luna": 17,
        "stella": 16, "saetta": 15, "torre": 15, "diavolo": 14, "morte": 13, "traditore": 12,
        "vecchio": 11, "eremita": 11, "ruota": 10, "roda": 10, "fortuna": 10, "forza": 9,
        "giustizia": 8, "temperanza": 7, "virtù": 7, "carro": 6, "amore": 5,
        "bégato": 0, "bagattino": 0, "bagatto": 0, "bégghet": 0,
    },
    suits={
        "H": ("cuori", "cuore", "coppe", "coppa"),
        "D": ("quadri", "quadro", "denari", "danari", "denaro"),
        "S": ("picche", "picca", "spade", "spada"),
        "C": ("fiori", "fiore", "bastoni", "bastone"),
    },
    ranks={
        "K": ("re",), "Q": ("regina", "donna"), "N": ("cavallo", "caval"),
        "J": ("fante", "fantesca"),
        "1": ("asso",), "2": ("due",), "3": ("tre",), "4": ("quattro",), "5": ("cinque",),
        "6": ("sei",), "7": ("sette",), "8": ("otto",), "9": ("nove",), "10": ("dieci",),
    },
    bids={
        "tarocchini": {
            "passo": "pass", "no": "pass", "va-bene": "pass", "vabene": "pass",
            "monte": "monte", "faccio-monte": "monte",
            "gioco": "gioco", "vado-su": "gioco", "andare-su": "gioco", "vado": "gioco",
            "solo": "solo", "faccio-di-mio": "solo", "di-mio": "solo",
        },
    },
    announcements={
        "tarocchini": {
            "tarocchi": "tarocchi", "cricca-tarocchi": "tarocchi",
            "cricca-di-tarocchi": "tarocchi",
            "re": "kings", "cricca-re": "kings", "cricca-di-re": "kings",
            "regine": "queens", "donne": "queens", "cricca-regine": "queens",
            "cricca-di-regine": "queens", "cricca-donne": "queens",
            "cavalli": "cavalli", "cricca-cavalli": "cavalli", "cricca-di-cavalli": "cavalli",
            "fanti": "fanti", "cricca-fanti": "fanti", "cricca-di-fanti": "fanti",
            "coppe": "sequence-cups", "sequenza-coppe": "sequence-cups",
            "sequenza-di-coppe": "sequence-cups",
            "denari": "sequence-coins", "danari": "sequence-coins",
            "sequenza-denari": "sequence-coins", "sequenza-di-denari": "sequence-coins",
            "spade": "sequence-swords", "sequenza-spade": "sequence-swords",
            "sequenza-di-spade": "sequence-swords",
            "bastoni": "sequence-batons", "sequenza-bastoni": "sequence-batons",
            "sequenza-di-bastoni": "sequence-batons",
            "grande": "grande", "sequenza-grande": "grande", "la-grande": "grande",
            "mori": "moors", "moretti": "moors", "sequenza-mori": "moors",
            "assi": "aces", "sequenza-assi": "aces",
        },
    },
    kontra={"contra": 1},
    targets=("gioco", "partita"),
    moors=("moro", "moretto"),
    pattern="{rank} di {suit}",
    suits_62={"H": "coppe", "D": "denari", "S": "spade", "C": "bastoni"},
)
"""Italian (Bolognese, T-1.2 … T-1.4, T-5): ``re di coppe``, ``angelo``, ``moro 3``; with
the French suits of the 54- and 78-card packs: ``re di cuori``."""

DE: Final = Language(
    code="de",
    name="German",
    fool=("Sküs", "Gstieß", "Gstiess", "Scüs", "Narr"),
    trump_words=("Tarock", "Trumpf"),
    trumps={"Pagat": 1, "Mond": 21},
    trumps_62={},
    suits={
        "H": ("Herz",), "D": ("Karo",), "S": ("Pik",), "C": ("Kreuz", "Treff"),
    },
    ranks={
        "K": ("König", "Koenig"), "Q": ("Dame",), "N": ("Reiter", "Kavall", "Cavall", "Ritter"),
        "J": ("Bube", "Bub"),
        "1": ("Ass", "As", "Eins"), "2": ("Zwei",), "3": ("Drei",), "4": ("Vier",),
        "5": ("Fünf",), "6": ("Sechs",), "7": ("Sieben",), "8": ("Acht",), "9": ("Neun",),
        "10": ("Zehn",),
    },
    bids={
        "slovenian": {
            "weiter": "pass", "Trischaken": "klop", "Rufer": "three", "Zweier": "two",
            "Einer": "one", "Dreier": "solo-three", "Solodreier": "solo-without",
            "Bettel": "beggar", "offener-Bettel": "open-beggar", "Piccolo": "piccolo",
            "Farbenvalat": "colour-valat", "Valat": "valat",
        },
    },
    announcements={
        "slovenian": {
            "Trull": "trula", "Könige": "kings", "vier-Könige": "kings",
            "Pagat-ultimo": "pagat-ultimo", "König-ultimo": "king-ultimo",
            "Valat": "valat", "Farbenvalat": "colour-valat",
        },
    },
    kontra={"Kontra": 1, "Rekontra": 2, "Subkontra": 3},
    targets=("Spiel",),
    pattern="{suit}-{rank}",
    roman=True,
)
"""German (Austrian Tarock words, used with the Slovenian game): ``Herz-König`` (also
``Herzkönig``, ``Herz König``), ``Sküs``, ``Pagat``, ``Mond``, ``XIV``."""

EN: Final = Language(
    code="en",
    name="English",
    fool=("fool", "excuse"),
    trump_words=("trump",),
    trumps={},
    trumps_62={
        "angel": 20, "world": 19, "sun": 18, "moon": 17, "star": 16, "lightning": 15,
        "tower": 15, "devil": 14, "death": 13, "traitor": 12, "hermit": 11, "wheel": 10,
        "strength": 9, "justice": 8, "temperance": 7, "chariot": 6, "love": 5, "magician": 0,
    },
    suits={
        "H": ("hearts", "heart", "cups", "cup", "H"),
        "D": ("diamonds", "diamond", "coins", "coin", "D"),
        "S": ("spades", "spade", "swords", "sword", "S"),
        "C": ("clubs", "club", "batons", "baton", "C"),
    },
    ranks={
        "K": ("king", "K"), "Q": ("queen", "Q"), "N": ("knight", "cavalier", "horse", "N"),
        "J": ("jack", "knave", "J"),
        "1": ("ace", "A"), "2": ("two",), "3": ("three",), "4": ("four",), "5": ("five",),
        "6": ("six",), "7": ("seven",), "8": ("eight",), "9": ("nine",), "10": ("ten",),
    },
    bids={
        "czech": {"first-duty": "first-duty", "duty": "first-duty", "third-duty": "preferanc",
                  "fourth-duty": "solo"},
        "french": {"small": "petite", "guard": "garde", "guard-without": "garde-sans",
                   "guard-against": "garde-contre"},
        "tarocchini": {"game": "gioco"},
    },
    announcements={
        "slovenian": {"color-valat": "colour-valat"},
        "czech": {"honers": "honery"},
        "french": {
            "slam": "chelem", "grand-slam": "chelem", "small-slam": "petit-chelem",
            **{f"handful-{n}": f"handful-{n}" for n in (8, 10, 13, 15, 18)},
        },
        **{
            variant: {f"{word}-handful": f"handful-{n}" for word, n in levels}
            for variant, levels in (
                ("french-3", (("single", 13), ("double", 15), ("triple", 18))),
                ("french-4", (("single", 10), ("double", 13), ("triple", 15))),
                ("french-5", (("single", 8), ("double", 10), ("triple", 13))),
            )
        },
        "tarocchini": {
            "cricca-tarocchi": "tarocchi", "kings": "kings", "cricca-kings": "kings",
            "queens": "queens", "cricca-queens": "queens", "knights": "cavalli",
            "jacks": "fanti", "cups": "sequence-cups", "coins": "sequence-coins",
            "swords": "sequence-swords", "batons": "sequence-batons", "moors": "moors",
            "aces": "aces",
        },
    },
    kontra={"double": 1, "redouble": 2},
    targets=("game",),
    moors=("moor",),
    pattern="{rank} of {suit}",
    suits_62={"H": "cups", "D": "coins", "S": "swords", "C": "batons"},
)
"""English: ``king of hearts``, ``ten of clubs``, ``trump 14``, the Bolognese trumps by their
English names (``angel``, ``world``). The notation's canonical words are English too."""
# fmt: on

LANGUAGES: Final[dict[str, Language]] = {lang.code: lang for lang in (SL, CS, FR, IT, DE, EN)}
"""Every language by its code, in the order the docs and ``fmt --lang`` list them."""

FAMILY: Final[Mapping[str, str]] = VariantView(lambda spec: spec.family)
"""Variant id → family: a live read-only view of :mod:`tarokpgn.variants`."""


def words_of(variant: str) -> str:
    """The scope (family) ``variant``'s bid and announcement words come from; empty when the
    variant is unknown (:attr:`~tarokpgn.variants.VariantSpec.words`)."""
    spec = find_variant(variant)
    return spec.words if spec is not None else ""


EXTRA_FOOL: Final = ("FOOL", "T22")
"""Names of the Fool in no language: the token, and T22 (the 22nd tarok)."""


# --- merged, folded tables (what the reader looks up) -----------------------------------------


def _merge_words(part: str) -> dict[str, dict[str, str]]:
    """Family or variant → folded word → canonical, over every language; each canonical word
    is its own alias."""
    merged: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES.values():
        table: dict[str, dict[str, str]] = getattr(lang, part)
        for scope, words in table.items():
            into = merged.setdefault(scope, {})
            for word, canonical_word in words.items():
                into.setdefault(canonical_word, canonical_word)
                into.setdefault(fold(word), canonical_word)
    return merged


BIDS: Final[dict[str, dict[str, str]]] = _merge_words("bids")
"""Family (or variant) → folded alias → canonical bid word. Families: slovenian, czech,
french, tarocchini."""

ANNOUNCEMENTS: Final[dict[str, dict[str, str]]] = _merge_words("announcements")
"""Family or variant (``french-4``: the poignée levels) → folded alias → canonical name."""

KONTRA_LEVELS: Final[dict[str, int]] = {
    fold(word): level for lang in LANGUAGES.values() for word, level in lang.kontra.items()
}
"""Spoken doubling words → level. Export writes ``kontra SEAT LEVEL TARGET``."""

TARGETS: Final[dict[str, str]] = {
    fold(word): "game" for lang in LANGUAGES.values() for word in ("game", *lang.targets)
}
"""Folded words for the whole game as a kontra target → ``game``."""


def canonical(table: dict[str, dict[str, str]], variant: str, word: str) -> str:
    """The canonical form of ``word`` (already folded) for ``variant``: its own entry (the
    poignée levels), else its family's; ``word`` itself when neither lists it."""
    own = table.get(variant)
    if own is not None and word in own:
        return own[word]
    return table.get(words_of(variant), {}).get(word, word)


def bid_hint(variant: str, word: str) -> str:
    """``did you mean 'trojka' or 'tri'?`` for a bid word no language of ``variant``'s family
    names (the nearest bid words, any language); empty for a known word or when none is near."""
    words = BIDS.get(words_of(variant), {})
    if not words or fold(word) in words:
        return ""
    near = difflib.get_close_matches(fold(word), list(words), n=3, cutoff=0.6)
    return f"did you mean {did_you_mean(near)}?" if near else ""


def did_you_mean(words: Sequence[str]) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``: the words of a "did you mean" hint."""
    quoted = [repr(str(w)) for w in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def target(variant: str, word: str) -> str:
    """A kontra target (folded): ``game`` for a word meaning the game, else the announcement."""
    return TARGETS.get(word) or canonical(ANNOUNCEMENTS, variant, word)


def first_words(table: dict[str, dict[str, str]], scope: str) -> dict[str, str]:
    """Canonical word → the first word ``table`` lists for it in ``scope`` (what the localized
    export writes)."""
    out: dict[str, str] = {}
    for word, canonical_word in table.get(scope, {}).items():
        out.setdefault(canonical_word, word)
    return out
