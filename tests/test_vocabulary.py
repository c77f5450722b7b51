"""The per-language vocabulary (issue 15): every word read before is still read the same, the
words the issue names are read, no word has two meanings, and errors blame the wrong word."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import pytest

from tarokpgn import vocabulary
from tarokpgn.cards import (
    _FOOL_WORD,
    _RANK_WORD,
    _SUIT_WORD,
    _TRUMP_NAME,
    BOLOGNESE62,
    DECKS,
    FRENCH78,
    TAROK54,
    UnknownCardError,
    _meanings,
    fold,
    resolve_card,
    resolve_cards,
)
from tarokpgn.errors import NotationError
from tarokpgn.model import Kontra
from tarokpgn.notation import parse_record
from tarokpgn.replay import verify
from tarokpgn.vocabulary import ANNOUNCEMENTS, BIDS, FAMILY, KONTRA_LEVELS, LANGUAGES

BEFORE = json.loads(
    (Path(__file__).parent / "golden/vocabulary/before-issue-15.json").read_text("utf-8")
)
"""Every word the reader accepted before issue 15, as its tables held them then."""

VARIANT_OF = {family: next(v for v, f in FAMILY.items() if f == family) for family in BIDS}


# --- nothing accepted before is lost --------------------------------------------------------


def test_every_bid_and_announcement_read_before_reads_the_same() -> None:
    checked = 0
    for key, table in (("bids", BIDS), ("announcements", ANNOUNCEMENTS)):
        for family, words in BEFORE[key].items():
            for alias, word in words.items():
                assert vocabulary.canonical(table, VARIANT_OF[family], alias) == word, alias
                checked += 1
    assert checked == 186


def test_every_kontra_word_read_before_keeps_its_level() -> None:
    assert {w: KONTRA_LEVELS[w] for w in BEFORE["kontra_levels"]} == BEFORE["kontra_levels"]


def _old_pair_cases() -> list[tuple[list[str], str]]:
    """Every suit-and-rank phrase the old tables read, in both orders and with each filler."""
    cases: list[tuple[list[str], str]] = []
    ranks = {w: r for r, ws in BEFORE["ranks"].items() for w in ws}
    ranks |= {str(n): str(n) for n in range(1, 11)}
    for suit, suit_words in BEFORE["suits"].items():
        for suit_word, (rank_word, rank) in itertools.product(suit_words, ranks.items()):
            token = suit + rank
            cases += [([suit_word, rank_word], token), ([rank_word, suit_word], token)]
            cases += [([rank_word, filler, suit_word], token) for filler in BEFORE["fillers"]]
    return cases


def test_every_card_name_read_before_reads_the_same() -> None:
    checked = 0
    for deck in DECKS.values():
        for words, token in _old_pair_cases():
            if token in deck:
                assert resolve_cards(words, deck) == [token], words
                checked += 1
        for word in BEFORE["fool"]:
            assert resolve_cards([word], deck) == ["FOOL"]
            checked += 1
        for word, number in BEFORE["trump_names"][deck.name].items():
            assert resolve_cards([word], deck) == [f"T{number}"], word
            checked += 1
        for suit, (letter, rank) in itertools.product("HDSC", BEFORE["rank_letters"].items()):
            if suit + rank in deck:
                assert resolve_cards([suit + letter], deck) == [suit + rank]
                checked += 1
        if deck.name != "62":
            for word, number in BEFORE["roman"].items():
                expected = "FOOL" if number == 22 else f"T{number}"
                assert resolve_cards([word.upper()], deck) == [expected]
                for trump_word in BEFORE["trump_words"]:
                    assert resolve_cards([trump_word, word], deck) == [expected]
                checked += 6
    assert checked == 56_235


# --- the words the issue names --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "deck", "expected"),
    [
        ("křížová dáma kárová dáma srdcové eso piková sedmička", TAROK54, "CQ DQ H1 S7"),
        ("KRIZOVA DAMA karova dama", TAROK54, "CQ DQ"),  # diacritics optional, case free
        ("křížový jezdec jezdec srdce kárový kaval", TAROK54, "CN HN DN"),
        ("quatre de trèfle dix de cœur as de pique roi de carreau", FRENCH78, "C4 H10 S1 DK"),
        ("IIII IV VIIII IX XIIII XIV XVIIII XIX", TAROK54, "T4 T4 T9 T9 T14 T14 T19 T19"),
        ("tarok IIII atout XIV Tarock 21", FRENCH78, "T4 T14 T21"),
        ("C srce srce C C de cœur Herz C", TAROK54, "HN HN HN HN"),  # the knight as C
        ("Herz-König Herzkönig Pik-Dame Kreuzbube Karo-Ass Sküs Gstiess", TAROK54,
         "HK HK SQ CJ D1 FOOL FOOL"),
        ("re di coppe sei di denari moro 3 angelo bégato", BOLOGNESE62, "HK D6 T3 T20 T0"),
        ("king of hearts ten of clubs trump 12 fool", FRENCH78, "HK C10 T12 FOOL"),
        ("kralj srce dvojka karo štirica karo desetka pik škis pagat mond", TAROK54,
         "HK D2 D4 S10 FOOL T1 T21"),
    ],
)  # fmt: skip
def test_native_card_words(text: str, deck: object, expected: str) -> None:
    assert resolve_cards(text.split(), deck) == expected.split()  # type: ignore[arg-type]


def test_a_word_meaning_different_cards_is_resolved_by_the_pack() -> None:
    assert resolve_card("mondo", TAROK54) == "T21"
    assert resolve_card("mondo", BOLOGNESE62) == "T19"  # the World is the 19 of the 62
    assert resolve_card("bagatto", FRENCH78) == "T1"
    assert resolve_card("bagatto", BOLOGNESE62) == "T0"
    assert resolve_card("XV", BOLOGNESE62) == "T15"  # a printed number
    with pytest.raises(UnknownCardError, match="printed V … XVI: write T20"):
        resolve_card("XX", BOLOGNESE62)  # the Angel has no number: XX is the 78-card Judgement


def test_a_moor_without_its_number_is_refused() -> None:
    with pytest.raises(UnknownCardError, match="'moro' needs a number 1 … 4"):
        resolve_cards(["moro", "angelo"], BOLOGNESE62)
    with pytest.raises(UnknownCardError, match="62-card Bolognese pack only"):
        resolve_cards(["moro", "1"], TAROK54)


@pytest.mark.parametrize(
    ("variant", "word", "expected"),
    [
        ("french-3", "poignée-simple", "handful-13"),
        ("french-4", "Poignee-simple", "handful-10"),
        ("french-5", "simple-poignée", "handful-8"),
        ("french-4", "triple-handful", "handful-15"),
        ("french-4", "poignée-13", "handful-13"),
        ("czech-4", "sólo", "solo"),
        ("ottocento", "faccio-di-mio", "solo"),
        ("slovenian-4", "Rufer", "three"),
        ("slovenian-4", "berač", "beggar"),
        ("czech-4", "varšava", "warsaw"),
        ("french-4", "guard-against", "garde-contre"),
    ],
)
def test_words_are_resolved_by_the_variant(variant: str, word: str, expected: str) -> None:
    table = ANNOUNCEMENTS if "handful" in expected else BIDS
    assert vocabulary.canonical(table, variant, fold(word)) == expected


@pytest.mark.parametrize(
    ("variant", "line", "expected"),
    [
        ("slovenian-4", "kontra E 1 igra", Kontra("E", 1, "game")),
        ("slovenian-4", "Rekontra N Igra", Kontra("N", 2, "game")),
        ("czech-4", "flek E hra", Kontra("E", 1, "game")),
        ("czech-4", "supkontra E hra", Kontra("E", 3, "game")),
        ("slovenian-4", "Subkontra W Spiel", Kontra("W", 3, "game")),
        ("french-4", "surcontre N jeu", Kontra("N", 2, "game")),
        ("slovenian-4", "redouble S game", Kontra("S", 2, "game")),
        ("slovenian-4", "kontra E 1 kralji", Kontra("E", 1, "kings")),
    ],
)
def test_kontra_words_and_targets(variant: str, line: str, expected: Kontra) -> None:
    record = parse_record(f'[Variant "{variant}"]\n\n{line}\nend\n')
    assert record.items == (expected,)


# --- one meaning per word -------------------------------------------------------------------


def _conflicts(pairs: list[tuple[str, object]]) -> dict[str, set[object]]:
    seen: dict[str, set[object]] = {}
    for word, meaning in pairs:
        seen.setdefault(fold(word), set()).add(meaning)
    return {w: m for w, m in seen.items() if len(m) > 1}


def test_no_word_has_two_meanings_across_languages() -> None:
    langs = list(LANGUAGES.values())
    assert _conflicts([(w, s) for g in langs for s, ws in g.suits.items() for w in ws]) == {}
    assert _conflicts([(w, r) for g in langs for r, ws in g.ranks.items() for w in ws]) == {}
    assert _conflicts([(w, n) for g in langs for w, n in g.trumps.items()]) == {}
    assert _conflicts([(w, n) for g in langs for w, n in g.trumps_62.items()]) == {}
    assert _conflicts([(w, n) for g in langs for w, n in g.kontra.items()]) == {}
    for part in ("bids", "announcements"):
        scopes = {scope for g in langs for scope in getattr(g, part)}
        for scope in scopes:
            pairs = [(w, c) for g in langs for w, c in getattr(g, part).get(scope, {}).items()]
            assert _conflicts(pairs) == {}, (part, scope)


def test_variant_words_agree_with_their_family() -> None:
    """A variant's own word (a poignée level) never overrides a word of its family."""
    for table in (BIDS, ANNOUNCEMENTS):
        for variant, family in FAMILY.items():
            own, common = table.get(variant, {}), table.get(family, {})
            assert all(common[w] == c for w, c in own.items() if w in common)


def test_one_word_card_names_are_no_part_of_a_two_word_name() -> None:
    """Read first as a card of its own, such a word could never start a two-word name."""
    singles = set(_FOOL_WORD) | {w for names in _TRUMP_NAME.values() for w in names}
    singles |= set(vocabulary.ROMAN)
    assert singles & (set(_SUIT_WORD) | set(_RANK_WORD)) == set()


def test_no_two_word_name_reads_as_two_cards() -> None:
    """Every pair of card words, in either order, names at most one card of each pack."""
    words = sorted(set(_SUIT_WORD) | set(_RANK_WORD) | {str(n) for n in range(11)})
    checked = 0
    for deck in DECKS.values():
        for a, b in itertools.product(words, repeat=2):
            inside = [m for m in _meanings(a, b, deck) if m in deck]
            assert len(inside) <= 1, (a, b, inside)
            checked += 1
    assert checked == 3 * len(words) ** 2 > 100_000


def test_every_language_names_every_rank_and_suit() -> None:
    for lang in LANGUAGES.values():
        assert set(lang.suits) == set("HDSC"), lang.code
        assert set(lang.ranks) == {"K", "Q", "N", "J", *map(str, range(1, 11))}, lang.code
        assert lang.fool and lang.trump_words and lang.targets and lang.kontra, lang.code


# --- errors at the word that is wrong -------------------------------------------------------


def _error(variant: str, body: str) -> NotationError:
    text = (
        f'[Variant "{variant}"]\n[N "Ana"]\n[E "Bojan"]\n[S "Cene"]\n[W "Darja"]\n\n{body}\nend\n'
    )
    with pytest.raises(NotationError) as info:
        parse_record(text)
    return info.value


@pytest.mark.parametrize(
    ("variant", "body", "word", "message"),
    [
        # A hand-typed Czech deal: the unknown word is the suit after a good rank word.
        ("czech-4", "hand N XIX pagát křížová dáma kárová dámma", "dámma",
         "'dámma' is not a card of the 54-card pack; did you mean 'dáma'"),
        ("czech-4", "hand N srdcová trojka kžížová dáma", "kžížová",
         "'kžížová' is not a card of the 54-card pack; did you mean 'křížová'"),
        ("slovenian-4", "hand N pagat kralj srcee", "srcee", "did you mean 'srce'"),
        ("slovenian-4", "hand N kralj dama srce", "kralj",
         "'kralj' needs a suit after it, not 'dama'"),
        ("slovenian-4", "call N kralj", "kralj", "'kralj' needs a suit after it to name a card"),
        ("slovenian-4", "hand N srce 9", "srce",
         "'srce 9' names H9, which is not a card of the 54"),
        # A hand-typed French deal.
        ("french-4", "hand N roi de coeur quatre de trèfel", "trèfel",
         "'trèfel' is not a card of the 78-card pack; did you mean 'trèfle'"),
        ("french-4", "hand N atout 25 excuse", "atout",
         "'atout 25' names T25, which is not a card"),
        ("french-4", "hand N roi de", "roi", "'roi' needs a suit after it to name a card"),
        ("french-4", "hand N exuse", "exuse", "did you mean 'excuse'"),
        ("slovenian-4", "hand N HK H9", "H9", "its hearts are HK HQ HN HJ H1 H2 H3 H4"),
        ("ottocento", "hand N T21", "T21", "its trumps are T0 … T20 and FOOL"),
        ("ottocento", "renons N E 1 revoke card=moro", "card=moro", "'moro' needs a number 1 … 4"),
    ],
)  # fmt: skip
def test_an_unknown_card_word_is_reported_at_that_word(
    variant: str, body: str, word: str, message: str
) -> None:
    column = f" {body} ".index(f" {word} ") + 1
    err = _error(variant, body)
    assert (err.code, err.line, err.column) == ("E104", 7, column), str(err)
    assert message in err.message
    assert str(err).endswith("\n    " + body + "\n    " + " " * (column - 1) + "^")


@pytest.mark.parametrize(
    ("body", "column", "hint"),
    [
        ("1. Ana HK", 4, "did you mean 'N' (Ana's seat)?"),
        ("1. Darija HK", 4, "did you mean 'W' (Darja's seat)?"),
        ("hand n HK", 6, "did you mean 'N'?"),
        ("auction N trojka Bojan pass", 18, "did you mean 'E' (Bojan's seat)?"),
    ],
)
def test_a_player_name_or_small_letter_for_a_seat(body: str, column: int, hint: str) -> None:
    err = _error("slovenian-4", body)
    assert (err.code, err.column) == ("E101", column)
    assert err.message.endswith(hint)


def test_no_seat_hint_for_a_word_unlike_any_player() -> None:
    assert "did you mean" not in _error("slovenian-4", "1. Xaver HK").message


# --- the docs show the tables of the code ---------------------------------------------------


def test_the_docs_tables_list_every_word_of_the_code() -> None:
    """``docs/notation.rst`` renders :func:`vocabulary_rst` at build time; it lists them all."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs/_ext"))
    try:
        from vocabulary_tables import vocabulary_rst
    finally:
        sys.path.pop(0)
    text = vocabulary_rst()
    listed = 0
    for lang in LANGUAGES.values():
        groups: list[object] = [lang.fool, lang.trump_words, lang.trumps, lang.trumps_62]
        groups += [*lang.suits.values(), *lang.ranks.values(), lang.kontra, lang.targets]
        groups += [words for part in (lang.bids, lang.announcements) for words in part.values()]
        for group in groups:
            for word in group:  # type: ignore[attr-defined]
                assert f"``{word}``" in text, (lang.code, word)
                listed += 1
        assert f"({'``--lang'} {lang.code}``)" in text
    assert listed == 522


def test_a_trump_written_as_a_bare_number_says_how_to_write_it() -> None:
    err = _error("french-4", "hand E 21 excuse")
    assert (err.code, err.column) == ("E104", 8)
    assert err.message.startswith("'21' alone names no card: a trump is T21 or tarok 21")


@pytest.mark.parametrize(
    ("variant", "auction", "wanted"),
    [
        ("slovenian-4", "auction E trojkaa S pass W pass N pass", "did you mean 'trojka'"),
        ("french-4", "auction E gard S passe W passe N passe", "'garde'?"),
        ("czech-4", "auction E prvni-povinost S dal W dal N dal", "'prvni-povinnost'"),
    ],
)
def test_a_misspelled_bid_gets_the_nearest_bids(variant: str, auction: str, wanted: str) -> None:
    """Issue 15: an unknown word, here a bid, is answered with the nearest accepted words."""
    text = f'[Variant "{variant}"]\n[Dealer "N"]\n\n{auction}\nend\n'
    bids = ("illegal-bid", "unknown-bid")
    problems = [p for p in verify(parse_record(text)).problems if p.code in bids]
    assert problems and wanted in problems[0].message and problems[0].line == 4
    known = text.replace("trojkaa", "trojka").replace("gard ", "garde ")
    known = known.replace("prvni-povinost", "prvni-povinnost")
    assert all("did you mean" not in p.message for p in verify(parse_record(known)).problems)
