"""The export form: tag order, element lines, comments, record separation."""

from __future__ import annotations

from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Comment,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Talon,
    Trick,
)
from tarokpgn.notation import write_record, write_records
from tarokpgn.notation.tags import export_order


def test_tag_order() -> None:
    tags = [("Zeta", "z"), ("Result", "*"), ("W", "d"), ("N", "a"), ("Alpha", "x"),
            ("Dealer", "W"), ("Variant", "slovenian-4"), ("Event", "e"), ("E", "b")]  # fmt: skip
    assert [name for name, _ in export_order(tags)] == [
        "Event", "Variant", "Dealer", "N", "E", "W", "Result", "Alpha", "Zeta",
    ]  # fmt: skip


def test_seat_tags_follow_the_variant() -> None:
    tags = [("W", "w"), ("Z", "z"), ("Variant", "french-5"), ("N", "n")]
    assert [n for n, _ in export_order(tags)] == ["Variant", "N", "W", "Z"]
    tags3 = [("W", "w"), ("Variant", "french-3"), ("N", "n"), ("Result", "*")]
    assert [n for n, _ in export_order(tags3)] == ["Variant", "N", "Result", "W"]


def test_every_element_line() -> None:
    record = Record(
        (("Variant", "slovenian-4"),),
        (
            Hand("N", ("FOOL", "T21")),
            Talon(("CN", "CJ")),
            Auction((Bid("N", "three"), Bid("E", "pass"))),
            Call("N", "CK"),
            Exchange("N", ("C10",), ("C9",)),
            Exchange("E", (), ("T5",), ("T5",)),
            Announce("announce", "N", "trula"),
            Announce("declare", "E", "handful-10", ("T1", "T2"), (("x", "1"),)),
            Kontra("E", 1, "game"),
            Comment("a comment"),
            Comment("with } brace"),
            Comment("two\nlines"),
            Trick(1, "N", ("HK", "HN", "H1", "H3")),
            Renons("E", "S", 7, "revoke", "HK", 1),
            Renons("E", "S", 8, "other", None, 0, (("note", "x"),)),
            Irregular("claim", None, (("trick", "9"),)),
            Irregular("revoke", "S"),
        ),
    )
    assert write_record(record) == (
        '[Variant "slovenian-4"]\n\n'
        "hand N FOOL T21\n"
        "talon CN CJ\n"
        "auction N three E pass\n"
        "call N CK\n"
        "exchange N take C10 discard C9\n"
        "exchange E take discard T5 show T5\n"
        "announce N trula\n"
        "declare E handful-10 T1 T2 x=1\n"
        "kontra E 1 game\n"
        "{a comment}\n"
        "; with } brace\n"
        "{two\nlines}\n"
        "1. N HK HN H1 H3\n"
        "renons E S 7 revoke card=HK kontra=1\n"
        "renons E S 8 other note=x\n"
        "irregular claim trick=9\n"
        "irregular revoke S\n"
        "end\n"
    )


def test_tag_values_are_escaped() -> None:
    record = Record((("Event", 'a "b" \\c'),))
    assert write_record(record) == '[Event "a \\"b\\" \\\\c"]\n\nend\n'


def test_records_are_separated_by_one_blank_line() -> None:
    record = Record((("Event", "e"),), (Hand("N", ("HK",)),))
    text = "".join(write_records([record, record]))
    assert text == '[Event "e"]\n\nhand N HK\nend\n\n[Event "e"]\n\nhand N HK\nend\n'
