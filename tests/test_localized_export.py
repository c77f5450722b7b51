"""``tarokpgn fmt --lang``: records written with the card names and words of a language read
back as the same records, for every variant and every language; the export form is unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.strategies import records as notation_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarokpgn import vocabulary
from tarokpgn.cards import DECKS
from tarokpgn.errors import NotationError
from tarokpgn.generate import generate
from tarokpgn.model import Announce, Auction, Bid, Kontra, Record, Renons
from tarokpgn.notation import iter_records, parse_record, write_record
from tarokpgn.notation.localized import LANGUAGE_CODES, card_name, write_localized
from tarokpgn.notation.reader import iter_chunks, read_chunk
from tarokpgn.variants import all_variants, variant_spec

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden/localized"
DEALS_PER_VARIANT = 4


def _deals(variant: str) -> list[Record]:
    """Generated deals of ``variant``: every card of its pack is dealt in each of them."""
    return list(generate(variant, n=DEALS_PER_VARIANT, seed=15))


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_generated_deals_read_back_the_same(variant: str, lang: str) -> None:
    deals = _deals(variant)
    for record in deals:
        text = write_localized(record, lang)
        assert parse_record(text) == record, text
        assert text != write_record(record)
    assert len(deals) == DEALS_PER_VARIANT  # 8 variants × 6 languages × 4 deals: 192 deals


def _every_word(variant: str) -> Record:
    """A record holding every canonical bid and announcement of the variant's family, every
    kontra level on the game and on an announcement, and a renons claim naming a card."""
    family = vocabulary.FAMILY[variant]
    bids = sorted({*vocabulary.BIDS[family].values(), *vocabulary.BIDS.get(variant, {}).values()})
    names = {*vocabulary.ANNOUNCEMENTS[family].values()}
    names |= set(vocabulary.ANNOUNCEMENTS.get(variant, {}).values())
    deck = DECKS[variant_spec(variant).deck]
    items: list[object] = [Auction(tuple(Bid("N", bid) for bid in bids))]
    items += [Announce("announce", "E", name, ()) for name in sorted(names)]
    items += [Kontra("S", level, target) for level in range(5) for target in ("game", "valat")]
    items += [Renons("N", "E", 1, "revoke", card) for card in deck.tokens]
    return Record((("Variant", variant),), tuple(items))  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_word_of_the_variant_reads_back_the_same(variant: str, lang: str) -> None:
    record = _every_word(variant)
    text = write_localized(record, lang)
    assert parse_record(text) == record, text


RANDOM_RECORDS = 150


@settings(max_examples=RANDOM_RECORDS, deadline=None, suppress_health_check=list(HealthCheck))
@given(notation_records(), st.sampled_from(LANGUAGE_CODES))
def test_random_records_read_back_the_same(record: Record, lang: str) -> None:
    """150 random records (random words, options, comments, partial hands) in a random
    language: each that the export form keeps reads back the same from the language too."""
    try:
        kept = parse_record(write_record(record)) == record
    except NotationError:
        kept = False
    if kept:
        assert parse_record(write_localized(record, lang)) == record


def test_the_words_are_the_languages() -> None:
    record = _every_word("czech-4")
    text = write_localized(record, "cs")
    assert "auction N první-povinnost N pas N preferanc N první-karty" in text
    assert "flek S hra" in text and "announce E pagát" in text and "card=srdcový_král" in text
    assert "mortkontra S igra" in write_localized(_every_word("slovenian-4"), "sl")
    assert "kontra S 3 jeu" in write_localized(_every_word("french-4"), "fr")  # no 3rd word
    assert "announce E simple-poignée" in write_localized(_every_word("french-4"), "fr")


@pytest.mark.parametrize(
    ("token", "pack", "lang", "name"),
    [
        ("CQ", "54", "cs", "křížová dáma"), ("DQ", "54", "cs", "kárová dáma"),
        ("H1", "54", "cs", "srdcové eso"), ("SK", "54", "cs", "pikový král"),
        ("HK", "54", "sl", "kralj srce"), ("D4", "54", "sl", "štirica karo"),
        ("T14", "54", "sl", "XIV"), ("FOOL", "54", "sl", "škis"), ("T1", "54", "cs", "pagát"),
        ("C4", "78", "fr", "quatre de trèfle"), ("T14", "78", "fr", "atout 14"),
        ("FOOL", "78", "fr", "excuse"), ("T1", "78", "fr", "petit"),
        ("HK", "62", "it", "re di coppe"), ("HK", "78", "it", "re di cuori"),
        ("T3", "62", "it", "moro 3"), ("T0", "62", "it", "bégato"), ("T20", "62", "it", "angelo"),
        ("HK", "54", "de", "Herz-König"), ("FOOL", "54", "de", "Sküs"),
        ("C10", "78", "en", "ten of clubs"), ("T20", "62", "en", "angel"),
        ("S7", "62", "en", "seven of swords"), ("T5", "54", "en", "trump 5"),
    ],
)  # fmt: skip
def test_card_names(token: str, pack: str, lang: str, name: str) -> None:
    assert card_name(token, DECKS[pack], vocabulary.LANGUAGES[lang]) == name


def test_every_card_name_of_every_language_reads_back() -> None:
    checked = 0
    for deck in DECKS.values():
        for lang in vocabulary.LANGUAGES.values():
            names = [card_name(token, deck, lang) for token in deck.tokens]
            text = f'[Variant "{_variant_of(deck.name)}"]\n\ntalon {" ".join(names)}\nend\n'
            assert parse_record(text).items[0].cards == deck.tokens  # type: ignore[attr-defined]
            checked += len(names)
    assert checked == 6 * (54 + 78 + 62)


def _variant_of(pack: str) -> str:
    return min(spec.id for spec in all_variants() if spec.deck == pack)


def test_both_readers_agree_on_localized_text() -> None:
    """The fast reader hands localized text to the Lark reader: the same records."""
    text = "\n".join(write_localized(r, lang) for r in _deals("czech-4") for lang in ("cs", "de"))
    chunks, name = iter_chunks(text)
    assert list(iter_records(text)) == [read_chunk(chunk, name) for chunk in chunks]


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_golden(lang: str) -> None:
    """One example deal per language as a player reads it (``tests/golden/localized/``)."""
    source = {"sl": "slovenian-4", "cs": "czech-4", "fr": "french-4", "it": "ottocento"}
    example = ROOT / "examples" / f"{source.get(lang, 'slovenian-4')}.tpgn"
    records = [r for r in iter_records(example) if isinstance(r, Record)]
    text = "\n".join(write_localized(r, lang) for r in records)
    path = GOLDEN / f"{example.stem}.{lang}.tpgn"
    if os.environ.get("TAROKPGN_REGOLD"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert [parse_record(t) for t in _split(text)] == records


def _split(text: str) -> list[str]:
    return [part + "end\n" for part in text.split("end\n") if part.strip()]


# --- the command, as a user runs it -----------------------------------------------------------


def _tarokpgn(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "tarokpgn", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        check=False,
    )


def test_fmt_lang_writes_the_language_and_reads_back_through_a_pipe() -> None:
    example = "examples/czech-4.tpgn"
    czech = _tarokpgn("fmt", "--lang", "cs", example)
    assert czech.returncode == 0, czech.stderr
    assert "srdcový král" in czech.stdout and "první-povinnost" in czech.stdout
    back = _tarokpgn("fmt", stdin=czech.stdout)
    assert back.returncode == 0, back.stderr
    assert back.stdout == (ROOT / example).read_text(encoding="utf-8")


def test_fmt_without_lang_is_the_export_form_byte_for_byte() -> None:
    examples = sorted((ROOT / "examples").glob("*.tpgn"))
    records = [r for path in examples for r in iter_records(path) if isinstance(r, Record)]
    result = _tarokpgn("fmt", *(str(path.relative_to(ROOT)) for path in examples))
    assert result.stdout == "\n".join(write_record(r) for r in records)
    assert (len(examples), len(records)) == (12, 18)


def test_fmt_lang_refuses_an_unknown_language() -> None:
    result = _tarokpgn("fmt", "--lang", "xx", "examples/czech-4.tpgn")
    assert result.returncode == 2
    assert "invalid choice: 'xx'" in result.stderr and "usage: tarokpgn fmt" in result.stderr
