"""Record + Verdict → compact rows, and the documented tables an archive decodes from them."""

from __future__ import annotations

from typing import Any

from tarokpgn.archive.rows import COLUMNS, Rows, trick_winners, year_of
from tarokpgn.archive.store import documented_tables
from tarokpgn.model import (
    Announce,
    Auction,
    Bid,
    Call,
    Exchange,
    Hand,
    Irregular,
    Kontra,
    Record,
    Renons,
    Source,
    Talon,
    Trick,
)
from tarokpgn.verdict import Bonus, Problem, ScoreLine, Status, Verdict

TAGS = (
    ("Date", "2025.03.01"), ("Variant", "slovenian-4"), ("Dealer", "W"),
    ("N", "Ana"), ("E", "Bojan"), ("S", "Cene"), ("W", "Darja"),
    ("Result", "N +20 E +20 S -20 W -20"),
)  # fmt: skip


def record(sha: str = "a" * 64, index: int = 1, file: str = "f.tpgn") -> Record:
    items = (
        Hand("N", ("FOOL", "T21")),
        Talon(("HK", "C7", "C8")),
        Auction((Bid("N", "three"), Bid("E", "pass"))),
        Call("N", "HK"),
        Exchange("N", ("HK",), ("C9",), ()),
        Announce("announce", "N", "trula"),
        Kontra("E", 1, "game"),
        Kontra("N", 2, "game"),
        Trick(1, "N", ("T21", "T19", "T13", "T1")),
        Trick(2, "S", ("HK", "HN", "H1")),
        Renons("E", "S", 2, "revoke", card="H1", kontra=1),
        Irregular("claim", "S", (("trick", "3"),)),
    )
    return Record(TAGS, items, Source(file, 10 * index, 3 * index, sha, index))


VERDICT = Verdict(
    status=Status.SCORE_MISMATCH,
    problems=(Problem("score-mismatch", "N wrote 20, computed 30", line=7, seat="N"),),
    contract="three", declarer="N", partner="E", won=True,
    card_points={"declarer": 40, "opponents": 30},
    scores={"N": 30, "E": 30, "S": -30, "W": -30},
    written={"N": 20, "E": 20, "S": -20, "W": -20},
    breakdown=(ScoreLine("three", 10), ScoreLine("difference", 5, detail="40-35")),
    bonuses=(Bonus("trula", "declarer", True, False, -20, kontra=0),),
    game_kontra=2,
)  # fmt: skip


def columns(rows: Rows) -> dict[str, dict[str, list[Any]]]:
    """Documented table → column → values, as an archive of ``rows`` decodes them."""
    return {t: data.to_pydict() for t, data in documented_tables(rows.to_arrow()).items()}


def test_year_of() -> None:
    assert year_of("2025.03.01") == 2025
    assert year_of("2025.??.??") == 2025
    assert year_of("????.??.??") is None
    assert year_of("") is None


def test_trick_winners_are_next_leaders() -> None:
    assert trick_winners(record()) == {1: "S"}


def test_every_column_has_one_value_per_row() -> None:
    rows = Rows()
    rows.add_deal(record(), VERDICT, last_winner="E")
    for table, cols in columns(rows).items():
        lengths = {len(v) for v in cols.values()}
        assert len(lengths) == 1, table
        assert list(cols) == [name for name, _ in COLUMNS[table]]


def test_deal_row() -> None:
    rows = Rows()
    rows.add_deal(record(), VERDICT)
    deal = {k: v[0] for k, v in columns(rows)["deals"].items()}
    assert deal["deal_id"] == "a" * 64
    assert deal["year"] == 2025 and deal["players"] == 4 and deal["ruleset"] == "semedela"
    assert deal["status"] == "score-mismatch" and deal["contract"] == "three"
    assert deal["called_card"] == "HK" and deal["called_in_talon"] is True
    assert deal["declarer_points"] == 40 and deal["game_kontra"] == 2
    assert deal["tricks"] == 2 and deal["problems"] == 1


def test_seats_scores_and_roles() -> None:
    rows = Rows()
    rows.add_deal(record(), VERDICT, last_winner="E")
    seats = columns(rows)["seats"]
    assert seats["seat"] == ["N", "E", "S", "W"]  # forehand first: dealer is W
    assert seats["player"] == ["Ana", "Bojan", "Cene", "Darja"]
    assert seats["role"] == ["declarer", "partner", "opponent", "opponent"]
    assert seats["tricks_won"] == [0, 1, 1, 0]
    scores = columns(rows)["scores"]
    assert scores["computed"] == [30, 30, -30, -30]
    assert scores["written"] == [20, 20, -20, -20]
    assert scores["agrees"] == [False] * 4


def test_plays_follow_the_leader() -> None:
    rows = Rows()
    rows.add_deal(record(), VERDICT)
    plays = columns(rows)["plays"]
    assert plays["seat"][:4] == ["N", "E", "S", "W"]
    assert plays["seat"][4:] == ["S", "W", "N"]
    assert plays["winner"] == ["S"] * 4 + [None] * 3  # last trick: unknown without a hint
    assert columns(rows)["tricks"]["cards"] == [4, 3]


def test_items() -> None:
    rows = Rows()
    rows.add_deal(record(), VERDICT)
    c = columns(rows)
    assert c["auction"]["bid"] == ["three", "pass"]
    assert c["exchanges"]["action"] == ["take", "discard"]
    assert c["kontras"]["level"] == [1, 2]
    assert c["announcements"]["name"] == ["trula"]
    assert c["irregularities"]["what"] == ["revoke", "claim"]
    assert c["irregularities"]["options"] == ["card=H1 kontra=1", "trick=3"]
    assert c["irregularities"]["trick"] == [2, 3]
    assert c["bonuses"]["made"] == [False]
    assert c["breakdown"]["detail"] == ["", "40-35"]
    assert c["problems"]["origin"] == ["verify"] and c["problems"]["line"] == [7]


def test_duplicate_adds_only_an_occurrence() -> None:
    rows = Rows()
    rows.add_deal(record(index=1), VERDICT)
    rows.add_deal(record(index=2), VERDICT)
    assert len(rows) == 1
    assert columns(rows)["occurrences"]["idx"] == [1, 2]
    assert len(columns(rows)["deals"]["deal_id"]) == 1
    assert len(columns(rows)["plays"]["card"]) == 7


def test_errors_and_arrow() -> None:
    rows = Rows()
    rows.add_error("f.tpgn", 3, 40, "E101", "unexpected token", column=5)
    tables = rows.to_arrow()
    assert set(tables) == {"deal_rows", "occurrence_rows", "problems"}
    problems = tables["problems"].to_pylist()
    assert problems[0]["deal_id"] is None and problems[0]["origin"] == "parse"
    assert problems[0]["column"] == 5 and tables["deal_rows"].num_rows == 0
    assert set(columns(rows)) == set(COLUMNS)


def test_out_of_range_deal_leaves_no_rows() -> None:
    import dataclasses

    import pytest

    rows = Rows()
    rows.add_deal(record("b" * 64), VERDICT)
    before = {t: len(c["deal_id" if "deal_id" in c else "file"]) for t, c in columns(rows).items()}
    bad = dataclasses.replace(record(), items=(*record().items, Kontra("W", 300, "game")))
    with pytest.raises(ValueError, match="out of range"):
        rows.add_deal(bad, VERDICT)
    after = {t: len(c["deal_id" if "deal_id" in c else "file"]) for t, c in columns(rows).items()}
    assert after == before and len(rows) == 1
    broken = dataclasses.replace(VERDICT, breakdown=(None,))  # type: ignore[arg-type]
    # pure Python fails on ``None.label``; the mypyc build checks the element's type first
    with pytest.raises((AttributeError, TypeError)):
        rows.add_deal(record(), broken)
    assert len(rows) == 1 and rows.to_arrow()["deal_rows"].num_rows == 1


def test_engine_trick_winners_win_over_next_leaders() -> None:
    """The verdict's winners (the rules engine) are used; the next trick's leader only where the
    verdict gives none, and ``last_winner`` only for a last trick it does not cover."""
    import dataclasses

    assert trick_winners(record(), dataclasses.replace(VERDICT, trick_winners=("N",))) == {1: "N"}
    rows = Rows()
    rows.add_deal(record(), dataclasses.replace(VERDICT, trick_winners=("N", "W")), "E")
    assert columns(rows)["tricks"]["winner"] == ["N", "W"]
    assert columns(rows)["seats"]["tricks_won"] == [1, 0, 0, 1]
    assert columns(rows)["plays"]["winner"] == ["N"] * 4 + ["W"] * 3
    rows = Rows()
    rows.add_deal(record(), dataclasses.replace(VERDICT, trick_winners=("N", "W", "S")), "E")
    assert columns(rows)["tricks"]["winner"] == ["S", "E"]  # more winners than tricks: not used


def test_arrow_tables_match_the_archive_schemas() -> None:
    """``to_arrow`` gives the storage tables in ``ARROW_SCHEMAS`` (one ``deal_rows`` row per
    distinct deal, its cards as codes), which the archive decodes into the documented tables."""
    from tarokpgn.archive.rows import ARROW_SCHEMAS, CARD_CODES

    rows = Rows()
    rows.add_deal(record("a" * 64, 1), VERDICT, last_winner="E")
    rows.add_deal(record("b" * 64, 2), VERDICT)
    rows.add_deal(record("a" * 64, 3), VERDICT)
    rows.add_error("f.tpgn", 4, 50, "E101", "unexpected token")
    tables = rows.to_arrow()
    for table, data in tables.items():
        assert data.schema == ARROW_SCHEMAS[table], table
    deals = tables["deal_rows"].to_pydict()
    assert deals["deal"] == [0, 1] and deals["hash"] == [b"\xaa" * 32, b"\xbb" * 32]
    assert [[CARD_CODES[c] for c in trick] for trick in deals["plays"][0]] == [
        ["T21", "T19", "T13", "T1"],
        ["HK", "HN", "H1"],
    ]
    assert tables["occurrence_rows"].column("deal").to_pylist() == [0, 1, 0]
    c = columns(rows)
    assert c["plays"]["deal_id"] == ["a" * 64] * 7 + ["b" * 64] * 7
    assert c["plays"]["pos"] == [1, 2, 3, 4, 1, 2, 3] * 2
    assert c["plays"]["trick"] == [1, 1, 1, 1, 2, 2, 2] * 2
    assert c["hands"]["pos"] == [1, 2, 1, 2]
    assert len(c["tags"]["pos"]) == 2 * len(TAGS)
    assert c["occurrences"]["idx"] == [1, 2, 3]


def test_odd_cards_and_hash() -> None:
    """A card token outside the code table is kept by the deal (``odd_cards``) and decoded
    back; a content hash that is not 64 lower-case hex digits is refused, adding nothing."""
    import dataclasses

    import pytest

    odd = dataclasses.replace(record(), items=(Hand("E", ("X9", "T1", "X9")), *record().items))
    rows = Rows()
    rows.add_deal(odd, VERDICT)
    assert rows.to_arrow()["deal_rows"].column("odd_cards").to_pylist() == [["X9"]]
    assert columns(rows)["hands"]["card"] == ["X9", "T1", "X9", "FOOL", "T21"]
    for sha in ("A" * 64, "a" * 63, "g" * 64):
        with pytest.raises(ValueError, match="64 lower-case hex"):
            rows.add_deal(record(sha), VERDICT)
    assert len(rows) == 1


def test_empty_segments() -> None:
    """Items without cards (an empty hand or trick) give no rows but keep the others right."""
    import dataclasses

    empty = dataclasses.replace(record(), items=(Hand("E", ()), *record().items, Trick(3, "W", ())))
    rows = Rows()
    rows.add_deal(empty, VERDICT)
    c = columns(rows)
    assert c["hands"]["seat"] == ["N", "N"] and c["hands"]["pos"] == [1, 2]
    assert c["tricks"]["cards"] == [4, 3, 0]
    assert c["plays"]["trick"] == [1, 1, 1, 1, 2, 2, 2]
    assert Rows().to_arrow()["deal_rows"].num_rows == 0


def test_card_codes_cover_every_pack() -> None:
    """The on-disk codes (a literal on purpose: they never change) hold every card of the
    54-, 62- and 78-card packs and ``?``, once each, the 54-card pack first in its canonical
    order (its codes take 6 bits: ``hand_layout``)."""
    from tarokpgn.archive.rows import CARD_CODES, LAYOUT_CARDS, ODD_CODE
    from tarokpgn.cards import DECKS, TAROK54

    assert len(set(CARD_CODES)) == len(CARD_CODES) < ODD_CODE
    for deck in DECKS.values():
        assert set(deck.tokens) <= set(CARD_CODES), deck.name
    assert CARD_CODES[:LAYOUT_CARDS] == tuple(TAROK54.tokens) and "?" in CARD_CODES
