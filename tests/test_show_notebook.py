"""Notebook display (tarokpgn.show.notebook): ``Record._repr_html_`` and ``Verdict._repr_html_``
read back as HTML, checked against the record and the verifier's verdict: the cards of each
seat, each trick's winner and winning card, the status, the findings on their trick and the
score."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from tarokpgn import iter_file, verify
from tarokpgn.cards import DECKS
from tarokpgn.model import Hand, Record, Talon, Trick, format_scores
from tarokpgn.show.svg import card_name
from tarokpgn.variants import variant_spec
from tarokpgn.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.tpgn"))
SVG = "{http://www.w3.org/2000/svg}"
DEALS = [(path, i) for path in EXAMPLES for i, _ in enumerate(iter_file(str(path)))]


def _deal(path: Path, index: int = 0) -> Record:
    record = list(iter_file(str(path)))[index]
    assert isinstance(record, Record), record
    return record


def _parse(fragment: str) -> ET.Element:
    """The fragment as a tree (it is well-formed: every element closed, text escaped)."""
    return ET.fromstring(fragment)


def _text(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _cards(element: ET.Element) -> list[str]:
    return [span.attrib["data-card"] for span in element.iter("span") if "data-card" in span.attrib]


@pytest.mark.parametrize(("path", "index"), DEALS, ids=[f"{p.stem}-{i + 1}" for p, i in DEALS])
def test_record_html_every_example(path: Path, index: int) -> None:
    record = _deal(path, index)
    verdict = verify(record)
    tree = _parse(record._repr_html_())
    assert "tarokpgn-deal" in tree.attrib["class"]
    status = tree.find(".//span[@data-status]")
    assert status is not None and status.attrib["data-status"] == verdict.status.value
    _check_hands(tree, record)
    _check_tricks(tree, record, verdict)
    if verdict.scores is not None:
        score = tree.find(".//table[@class='tp-score']")
        assert score is not None
        assert format_scores(verdict.scores) in _text(score)


def _check_hands(tree: ET.Element, record: Record) -> None:
    hands = {h.seat: Counter(h.cards) for h in record.of_type(Hand)}
    rows = tree.findall(".//tr[@data-seat]")
    if not hands:
        assert not rows and "No hands recorded." in _text(tree)
        return
    assert [r.attrib["data-seat"] for r in rows] == list(record.seats)
    for row in rows:
        assert Counter(_cards(row)) == hands.get(row.attrib["data-seat"], Counter())


def _check_tricks(tree: ET.Element, record: Record, verdict: Verdict) -> None:
    tricks = list(record.of_type(Trick))
    rows = tree.findall(".//tr[@data-trick]")
    assert [int(r.attrib["data-trick"]) for r in rows] == [t.number for t in tricks]
    seats = record.seats
    for i, (trick, row) in enumerate(zip(tricks, rows, strict=True)):
        winner = verdict.trick_winners[i] if i < len(verdict.trick_winners) else ""
        assert row.attrib["data-winner"] == winner
        cells = row.findall("td")
        assert _text(cells[1]) == trick.leader
        assert _text(cells[2 + len(seats)]) == (winner or "?")
        first = seats.index(trick.leader)
        by_seat = {seats[(first + k) % len(seats)]: c for k, c in enumerate(trick.cards)}
        for seat, cell in zip(seats, cells[2 : 2 + len(seats)], strict=True):
            card = by_seat.get(seat)
            lead = ">" if seat == trick.leader else ""
            won = "*" if seat == winner else ""
            assert _text(cell) == (f"{lead}{card}{won}" if card else "")
        marked = [s.attrib["data-card"] for s in row.iter("span") if "tp-win" in s.attrib["class"]]
        assert marked == ([by_seat[winner]] if winner else [])


def test_record_html_findings_on_their_trick() -> None:
    record = _deal(ROOT / "tests/golden/czech/bad-must-beat.tpgn")
    tree = _parse(record._repr_html_())
    notes = {int(r.attrib["data-trick"]): _text(r.findall("td")[-1])
             for r in tree.findall(".//tr[@data-trick]")}  # fmt: skip
    assert notes[1] == "must-beat S"
    assert notes[2] == "wrong-leader S"
    assert not any(text for n, text in notes.items() if n > 2)


def test_record_html_renons_judgement() -> None:
    record = _deal(ROOT / "examples/renons.tpgn")
    tree = _parse(record._repr_html_())
    row = tree.find(".//tr[@data-trick='7']")
    assert row is not None
    assert _text(row.findall("td")[-1]) == "follow-suit W; renons S→W: proven"
    items = [_text(li) for li in tree.findall(".//li[@data-trick='7']")]
    assert any(t.startswith("trick 7: renons S W 7 revoke: proven") for t in items)


def test_record_html_partial() -> None:
    record = _deal(ROOT / "examples/partial.tpgn")
    tree = _parse(record._repr_html_())
    rows = {r.attrib["data-seat"]: r for r in tree.findall(".//tr[@data-seat]")}
    assert Counter(_cards(rows["W"]))["?"] == 8
    assert "no hand" in _text(rows["E"])
    assert "Exchange: W (Darja) takes H2 C7 SN, lays away D4 C8 H2" in _text(tree)


def test_verdict_html() -> None:
    record = _deal(ROOT / "tests/golden/czech/bad-must-beat.tpgn")
    verdict = verify(record)
    tree = _parse(verdict._repr_html_())
    assert "tarokpgn-verdict" in tree.attrib["class"]
    status = tree.find(".//span[@data-status]")
    assert status is not None and _text(status) == "ILLEGAL"
    found = {(li.attrib.get("data-trick"), _text(li)) for li in tree.iter("li")}
    assert len(found) == len(verdict.problems)
    for p in verdict.problems:
        where = f"trick {p.trick}" if p.trick is not None else "deal"
        assert any(t.startswith(f"{where}: {p.code}: ") for _, t in found), p.code


def test_verdict_html_score_breakdown() -> None:
    record = _deal(ROOT / "examples/slovenian-4.tpgn", 1)
    verdict = verify(record)
    tree = _parse(verdict._repr_html_())
    assert _text(tree.find(".//span[@data-status]")) == "OK"  # type: ignore[arg-type]
    rows = tree.findall(".//table[@class='tp-score']/tbody/tr")
    cells = [[_text(td) for td in row.findall("td")] for row in rows]
    lines = [[s.label, f"{s.value:+d}" if s.value else "", s.detail] for s in verdict.breakdown]
    assert all(line in cells for line in lines)
    assert ["computed", "", "N +102 E 0 S +102 W 0"] in cells
    assert "contract three, declarer N, partner S" in _text(tree)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_record_svg_hands(path: Path) -> None:
    record = _deal(path)
    picture = record._repr_svg_()
    hands = {h.seat: h.cards for h in record.of_type(Hand)}
    if not hands:
        assert picture is None
        return
    assert picture is not None
    tree = ET.fromstring(picture)
    assert tree.tag == f"{SVG}svg"
    deck = DECKS[variant_spec(record.variant).deck]
    rows = {g.attrib["data-seat"]: g for g in tree.iter(f"{SVG}g") if "data-seat" in g.attrib}
    expected = [s for s in record.seats if s in hands] + (["talon"] if _talon(record) else [])
    assert list(rows) == expected
    for seat, row in rows.items():
        cards = hands[seat] if seat in hands else _talon(record)
        label = row.find(f"{SVG}text")
        assert label is not None and label.text == f"{seat} {record.player(seat)}".strip()
        drawn = row.find(f".//{SVG}svg")
        assert drawn is not None
        names = ", ".join(card_name(c, deck) for c in deck.sort(cards))
        assert drawn.attrib["aria-label"] == names


def _talon(record: Record) -> tuple[str, ...]:
    return next((t.cards for t in record.of_type(Talon)), ())


def test_ipython_display_formatter() -> None:
    """Jupyter's own formatter (IPython, in the ``dev`` extra: it runs in CI) finds the
    pictures: a record as HTML and SVG, a verdict as HTML only (it holds no cards to draw; its
    status, findings and breakdown are text, which HTML gives selectable and searchable)."""
    from IPython.core.formatters import DisplayFormatter

    record = _deal(ROOT / "examples/slovenian-4.tpgn", 1)
    data, _ = DisplayFormatter().format(record)
    assert data["text/html"] == record._repr_html_()
    assert data["image/svg+xml"] == record._repr_svg_()
    verdict_data, _ = DisplayFormatter().format(verify(record))
    assert "tarokpgn-verdict" in verdict_data["text/html"]
    assert "image/svg+xml" not in verdict_data
