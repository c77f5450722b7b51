"""Card tokens and localized names (cards.resolve_cards) as the reader uses them."""

from __future__ import annotations

import pytest

from tarokpgn.cards import BOLOGNESE62, FRENCH78, TAROK54, UnknownCardError, fold, resolve_cards


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("škis ŠKÝZ excuse t22 FOOL", ["FOOL"] * 5),
        ("pagat mond XXI i xix", ["T1", "T21", "T21", "T1", "T19"]),
        ("srce kralj", ["HK"]),
        ("kralj srce", ["HK"]),
        ("roi de cœur", ["HK"]),
        ("king of spades", ["SK"]),
        ("dama karo", ["DQ"]),
        ("HC DA SK", ["HN", "D1", "SK"]),
        ("tarok 15 ?", ["T15", "?"]),
    ],
)
def test_54_card_names(words: str, expected: list[str]) -> None:
    assert resolve_cards(words.split(), TAROK54) == expected


def test_sk_is_the_king_of_spades() -> None:
    assert resolve_cards(["SK"], TAROK54) == ["SK"]
    assert resolve_cards(["sk"], FRENCH78) == ["SK"]


def test_bolognese_names() -> None:
    assert resolve_cards(["re", "di", "coppe", "matto", "angelo", "mondo"], BOLOGNESE62) == [
        "HK", "FOOL", "T20", "T19",
    ]  # fmt: skip


def test_unknown_card_names_the_word() -> None:
    with pytest.raises(UnknownCardError) as info:
        resolve_cards(["HK", "H9"], TAROK54)
    assert info.value.index == 1
    assert info.value.word == "H9"


def test_pip_exists_only_in_its_pack() -> None:
    assert resolve_cards(["H9"], FRENCH78) == ["H9"]
    with pytest.raises(UnknownCardError):
        resolve_cards(["H5"], BOLOGNESE62)


def test_fold() -> None:
    assert fold("Škýz") == "skyz"
    assert fold("cœur") == "coeur"
