"""The replay page (``tarokpgn show --html``, ``tarokpgn renons --html``) in a real browser.

Debian's headless chromium, driven by Playwright, opens the page from a ``file://`` URL with
every other request refused (the page must need no network), steps through deals with the
buttons, the arrow keys and the slider as a person would, and checks what it shows against the
record (the cards per seat, each trick's cards) and the verifier's verdict (trick winners,
findings on their trick, scores). Screenshots are kept under ``build/test-artifacts/``.

Without Playwright or ``/usr/bin/chromium`` the tests are skipped, unless
``TAROKPGN_REQUIRE_EXTRAS`` names ``browser``: then they fail. ``python tests/test_show_page.py``
rewrites the docs' screenshot ``docs/_static/show-page.png``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarokpgn import iter_file, verify_all
from tarokpgn.cards import UNKNOWN
from tarokpgn.model import Exchange, Hand, Record, Trick
from tarokpgn.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ARTIFACTS = ROOT / "build" / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing_browser() -> str:
    """Why the browser cannot be driven here (``""`` when it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if not os.path.exists(CHROMIUM):
        return f"no browser at {CHROMIUM} (apt-get install chromium)"
    return ""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = _missing_browser()
    if why:
        if "browser" in os.environ.get("TAROKPGN_REQUIRE_EXTRAS", "").split(","):
            pytest.fail(f"TAROKPGN_REQUIRE_EXTRAS=browser: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield chromium
        chromium.close()


# --- the pages -------------------------------------------------------------------------------


def tarokpgn(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line as a user does."""
    return subprocess.run(
        [sys.executable, "-m", "tarokpgn", *args], capture_output=True, text=True, cwd=ROOT
    )


def make_page(tmp_path: Path, example: str, *extra: str) -> Path:
    out = tmp_path / (Path(example).stem + ".html")
    done = tarokpgn("show", str(EXAMPLES / example), "--html", str(out), *extra)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # the line saying so is on stderr, as renons --html and plot say it
    assert re.fullmatch(
        rf"tarokpgn show: wrote {re.escape(str(out))} \(\d+ deals?\)\n", done.stderr
    )
    return out


def deals(example: str) -> list[tuple[Record, Verdict]]:
    records = [r for r in iter_file(str(EXAMPLES / example)) if isinstance(r, Record)]
    return list(verify_all(records))


class Viewer:
    """A browser tab on one page, read and driven through what a person sees."""

    def __init__(self, browser: Any, path: Path, width: int = 1100) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else 0)
        self.page.route("**/*", self._only_files)
        self.page.goto(path.as_uri())

    def _only_files(self, route: Any) -> None:
        url = route.request.url
        if url.startswith("file:"):
            route.continue_()
        else:
            self.requests.append(url)
            route.abort()

    def cards(self, selector: str) -> list[str]:
        return list(self.page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)"))

    def hand(self, seat: str) -> list[str]:
        return self.cards(f'.seat[data-seat="{seat}"] .hand svg.card')

    def plays(self) -> list[tuple[str, str]]:
        seats = self.page.eval_on_selector_all(
            "#trick .play", "els => els.map(e => e.dataset.seat)"
        )
        return list(zip(seats, self.cards("#trick .play svg.card"), strict=True))

    def step(self) -> int:
        return int(self.page.eval_on_selector("body", "b => b.dataset.step"))

    def label(self) -> str:
        return str(self.page.inner_text("#step-label"))

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def key(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def visible(self, selector: str) -> bool:
        return bool(self.page.is_visible(selector))

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=True)
        print(f"screenshot: {path}")
        return path

    def close(self) -> None:
        assert self.errors == [], self.errors
        assert self.requests == [], f"the page asked the network for {self.requests}"
        self.page.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    viewers: list[Viewer] = []

    def opener(path: Path, width: int = 1100) -> Viewer:
        viewers.append(Viewer(browser, path, width))
        return viewers[-1]

    yield opener
    for v in viewers:
        v.close()


# --- what the record says each seat holds (the test's own reading of the record) ---------------


def seat_of_plays(record: Record, trick: Trick) -> list[tuple[str, str]]:
    seats = record.seats
    first = seats.index(trick.leader)
    return [(seats[(first + i) % len(seats)], c) for i, c in enumerate(trick.cards)]


def held(record: Record, tricks: int, exchanged: bool) -> dict[str, Counter[str]]:
    """Each recorded seat's cards after the exchange (if ``exchanged``) and ``tricks`` tricks."""
    hands = {h.seat: Counter(h.cards) for h in record.of_type(Hand)}
    if exchanged:
        for e in record.of_type(Exchange):
            hands[e.seat] += Counter(e.take)
            for card in e.discard:
                hands[e.seat][card if hands[e.seat][card] else UNKNOWN] -= 1
    for trick in list(record.of_type(Trick))[:tricks]:
        for seat, card in seat_of_plays(record, trick):
            if seat in hands:
                hands[seat][card if hands[seat][card] else UNKNOWN] -= 1
    return {seat: +cards for seat, cards in hands.items()}


def check_step(view: Viewer, record: Record, verdict: Verdict, step: int) -> None:
    """The page at ``step`` shows the hands and the trick the record and verdict say."""
    exchanges = any(True for _ in record.of_type(Exchange))
    tricks = list(record.of_type(Trick))
    done = max(0, step - (1 if exchanges else 0))
    assert view.step() == step
    expected = held(record, done, exchanges and step > 0)
    for seat in record.seats:
        shown = view.hand(seat)
        assert Counter(shown) == expected.get(seat, Counter()), (step, seat)
    if done and step > 0 and (step > 1 or not exchanges):
        trick = tricks[done - 1]
        assert view.label().startswith(f"Trick {trick.number}")
        assert view.plays() == seat_of_plays(record, trick)
        winner = view.page.eval_on_selector_all(
            ".play.winner", "els => els.map(e => e.dataset.seat)"
        )
        assert winner == [verdict.trick_winners[done - 1]]
        assert f"won by {verdict.trick_winners[done - 1]}" in view.page.inner_text("#trick-head")
        assert "★ wins" in view.page.inner_text(".play.winner")


# --- the tests -------------------------------------------------------------------------------


def test_step_through_a_deal_with_buttons_keys_and_slider(tmp_path: Path, open_page: Any) -> None:
    record, verdict = deals("slovenian-4.tpgn")[1]  # deal 2: an exchange, twelve tricks
    view = open_page(make_page(tmp_path, "slovenian-4.tpgn", "--deal", "2"))
    last = 1 + len(list(record.of_type(Trick)))
    hand = next(h for h in record.of_type(Hand) if h.seat == "N")
    assert view.hand("N") == list(hand.cards)  # as dealt, in the record's order
    assert view.page.inner_text("#title") == "Koper club 2026-11-20 deal 2"
    for step in range(last + 1):  # forward with the arrow key through every trick
        check_step(view, record, verdict, step)
        view.key("ArrowRight")
    check_step(view, record, verdict, last)  # stays at the end
    assert view.visible("#score")
    view.key("ArrowLeft", 3)
    check_step(view, record, verdict, last - 3)
    assert not view.visible("#score")
    view.click("#prev")
    check_step(view, record, verdict, last - 4)
    view.click("#next")
    view.click("#next")
    check_step(view, record, verdict, last - 2)
    view.click("#first")
    check_step(view, record, verdict, 0)
    assert view.page.is_disabled("#prev")
    view.page.focus("#step")  # the slider, by keyboard and by mouse
    view.key("ArrowRight", 5)
    check_step(view, record, verdict, 5)
    view.key("End")
    check_step(view, record, verdict, last)
    box = view.page.locator("#step").bounding_box()
    view.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    middle = view.step()
    assert 0 < middle < last
    assert view.page.input_value("#step") == str(middle)
    check_step(view, record, verdict, middle)
    view.shot("show-page-slovenian-4-deal-2.png")


def test_score_breakdown_at_the_end(tmp_path: Path, open_page: Any) -> None:
    record, verdict = deals("slovenian-4.tpgn")[1]
    view = open_page(make_page(tmp_path, "slovenian-4.tpgn", "--deal", "2"))
    view.key("End")
    assert verdict.scores is not None
    rows = view.page.eval_on_selector_all(
        "#scores tr[data-seat]", "rs => rs.map(r => [r.dataset.seat, r.cells[0].innerText])"
    )
    assert [seat for seat, _ in rows] == list(record.seats)
    for seat, score in verdict.scores.items():
        shown = view.page.inner_text(f'#scores tr[data-seat="{seat}"] td')
        assert shown == (f"+{score}" if score > 0 else str(score))
    labels = view.page.eval_on_selector_all(
        "#breakdown tr", "rs => rs.map(r => r.cells[0].innerText)"
    )
    assert labels == [line.label for line in verdict.breakdown]
    assert view.page.inner_text("#score .status") == verdict.status.value.upper()


def test_card_points_say_what_they_are(tmp_path: Path, open_page: Any) -> None:
    """The card points won are labelled as the deal's whole count, which the breakdown may
    split (Ottocento: EW's 44 are its "card points" 38 and "last trick" 6)."""
    view = open_page(make_page(tmp_path, "ottocento.tpgn"))
    view.key("End")
    shown = view.page.inner_text("#card-points")
    assert shown.startswith("card points won: NS 49, EW 44 of 93 (every card point of the deal")
    rows = view.page.eval_on_selector_all(
        "#breakdown tr", "rs => rs.map(r => [r.cells[0].innerText, r.cells[1].innerText])"
    )
    assert ["EW card points", "38"] in rows and ["EW last trick", "6"] in rows


def test_finding_shown_on_its_trick(tmp_path: Path, open_page: Any) -> None:
    golden = ROOT / "tests" / "golden" / "czech" / "bad-follow-suit"
    expected = json.loads(golden.with_suffix(".verdict.json").read_text())["problems"]
    out = tmp_path / "czech.html"
    assert tarokpgn("show", str(golden.with_suffix(".tpgn")), "--html", str(out)).returncode == 0
    view = open_page(out)
    assert view.page.inner_text("#status") == "ILLEGAL"
    on_tricks = [p for p in expected if p[3] is not None]
    assert len(on_tricks) >= 2
    for code, _rule, _line, trick, seat in on_tricks:
        view.key("Home")
        for _ in range(20):
            if view.label().startswith(f"Trick {trick} "):
                break
            view.key("ArrowRight")
        assert view.label().startswith(f"Trick {trick} ")
        here = view.page.eval_on_selector_all(
            "#here .finding", "els => els.map(e => e.dataset.code)"
        )
        assert code in here, (trick, here)
        faulty = view.page.eval_on_selector_all(
            "#trick .play:has(svg.fault)", "els => els.map(e => e.dataset.seat)"
        )
        assert faulty == [seat]
        view.key("ArrowLeft")  # not on the trick before it
        before = view.page.eval_on_selector_all(
            "#here .finding", "els => els.map(e => e.dataset.code)"
        )
        assert code not in before
    view.shot("show-page-finding.png")


def test_renons_judgement_on_its_trick(tmp_path: Path, open_page: Any) -> None:
    view = open_page(make_page(tmp_path, "renons.tpgn"))
    assert view.page.inner_text("#status") == "RENONS"
    assert not view.visible("#here")
    view.page.click('#findings .finding[data-judgement="0"] button')  # jump to its trick
    assert view.label().startswith("Trick 7 ")
    assert view.page.inner_text("#here .judgement .verdict-word") == "PROVEN"
    assert view.page.is_visible('#here .finding[data-code="follow-suit"]')


def test_judges_sheet_stops_at_the_trick(tmp_path: Path, open_page: Any) -> None:
    out = tmp_path / "sheet.html"
    done = tarokpgn("renons", str(EXAMPLES / "renons.tpgn"), "--html", str(out))
    assert done.returncode == 0, done.stderr
    assert "Finding: PROVEN" in done.stdout
    view = open_page(out)
    assert view.label().startswith("Trick 7 ")  # opened at the trick in question
    assert view.page.inner_text("#here .judgement .verdict-word") == "PROVEN"
    assert view.cards("#trick .play svg.evidence") == ["CN"]  # the card played
    marked = view.cards('.seat[data-seat="W"] .hand svg.evidence')
    assert marked == ["DN", "D1", "D4"]  # what W should have played from, still in his hand
    assert "W (Darja) pays" in view.page.inner_text("#here")
    view.shot("judges-sheet.png")


def test_judges_sheet_of_a_claim_from_the_command_line(tmp_path: Path, open_page: Any) -> None:
    """The sheet shows the judgement asked for and the deal after it, not the file's own claim
    (it showed the RENONS status and scores of the record's claim against W)."""
    out = tmp_path / "sheet.html"
    claim = ["--deal", "5", "--claimant", "S", "--accused", "E", "--trick", "3"]
    done = tarokpgn("renons", str(EXAMPLES / "renons.tpgn"), *claim, "--html", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"tarokpgn renons: wrote {out} (1 deal)\n"
    assert "Scores: N 0  E 0  S −45  W 0" in done.stdout
    view = open_page(out)
    assert view.label().startswith("Trick 3 ")
    assert view.page.inner_text("#here .judgement .verdict-word") == "NOT PROVEN"
    assert view.page.inner_text("#status") == "ILLEGAL"  # W's revoke of trick 7 is unsettled
    view.key("End")
    assert view.page.inner_text("#score .status") == "ILLEGAL"
    shown = {s: view.page.inner_text(f'#scores tr[data-seat="{s}"] td') for s in "NESW"}
    assert shown == {"N": "0", "E": "0", "S": "-45", "W": "0"}


def test_several_deals_with_a_list(tmp_path: Path, open_page: Any) -> None:
    played = deals("slovenian-4.tpgn")
    view = open_page(make_page(tmp_path, "slovenian-4.tpgn"))
    buttons = view.page.locator("#deal-list button")
    assert buttons.count() == len(played) == 4
    for i, (record, verdict) in enumerate(played):
        buttons.nth(i).click()
        assert buttons.nth(i).get_attribute("aria-current") == "true"
        assert view.page.inner_text("#head h2").startswith(f"Koper club 2026-11-20 deal {i + 1}")
        check_step(view, record, verdict, 0)
        view.key("End")
        check_step(view, record, verdict, view.step())
        assert view.page.inner_text("#score .status") == verdict.status.value.upper()


def test_partial_record_shows_what_it_has(tmp_path: Path, open_page: Any) -> None:
    [(record, verdict)] = deals("partial.tpgn")
    view = open_page(make_page(tmp_path, "partial.tpgn"), width=390)  # a phone
    for seat in ("E", "S"):
        assert "hand not recorded" in view.page.inner_text(f'.seat[data-seat="{seat}"]')
    assert view.hand("W").count(UNKNOWN) == 8
    for step in range(3):
        check_step(view, record, verdict, step)
        view.key("ArrowRight")
    view.shot("show-page-partial-phone.png")


@pytest.mark.parametrize(
    "example",
    sorted(p.name for p in EXAMPLES.glob("*.tpgn")),
)
def test_every_example_and_deck(tmp_path: Path, open_page: Any, example: str) -> None:
    """Every example (54-, 78- and 62-card packs) draws, first and last step, without errors."""
    played = deals(example)
    view = open_page(make_page(tmp_path, example))
    record, verdict = played[0]
    check_step(view, record, verdict, 0)
    view.key("End")
    check_step(view, record, verdict, view.step())
    assert view.visible("#score")
    names = view.page.eval_on_selector_all(
        ".seat svg.card", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(names), "every card has its name in words"


def test_cards_of_each_pack_have_words(tmp_path: Path, open_page: Any) -> None:
    view = open_page(make_page(tmp_path, "ottocento.tpgn"))  # the 62-card pack
    labels = view.page.eval_on_selector_all(
        "#said svg.card", "els => els.map(e => e.dataset.card + '=' + e.getAttribute('aria-label'))"
    )
    assert labels
    assert all(not label.endswith("=") for label in labels)


DOCS_SCREENSHOT = ROOT / "docs" / "_static" / "show-page.png"


def write_docs_screenshot(browser: Any, target: Path = DOCS_SCREENSHOT) -> Path:
    """Write the docs' screenshot to ``target``: the renons example opened at the trick of its
    judgement (``python tests/test_show_page.py`` rewrites ``docs/_static/show-page.png``)."""
    page_file = ROOT / "build" / "show-page-docs.html"
    page_file.parent.mkdir(exist_ok=True)
    made = tarokpgn("show", str(EXAMPLES / "renons.tpgn"), "--html", str(page_file))
    assert made.returncode == 0, made.stderr
    target.parent.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(page_file.as_uri())
    page.click('#findings .finding[data-judgement="0"] button')
    assert page.inner_text("#step-label").startswith("Trick 7 ")
    page.screenshot(path=str(target), full_page=True)
    page.close()
    return target


def test_docs_screenshot(browser: Any) -> None:
    """The docs' screenshot is made as the docs show it (here into build/test-artifacts/), and
    the docs have one."""
    made = write_docs_screenshot(browser, ARTIFACTS / "show-page.png")
    print(f"screenshot: {made}")
    assert made.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DOCS_SCREENSHOT.exists(), "run: python tests/test_show_page.py"


if __name__ == "__main__":
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        print(write_docs_screenshot(chromium))
        chromium.close()


def test_record_text_is_shown_as_text(tmp_path: Path, open_page: Any) -> None:
    """Names and comments from the record cannot break out of the page (no markup, no script)."""
    source = (EXAMPLES / "partial.tpgn").read_text(encoding="utf-8")
    hostile = "<script>document.title='x'</script><b>Ana"
    deal = tmp_path / "names.tpgn"
    deal.write_text(source.replace('[N "Ana"]', f'[N "{hostile}"]'), encoding="utf-8")
    out = tmp_path / "names.html"
    assert tarokpgn("show", str(deal), "--html", str(out)).returncode == 0
    view = open_page(out)
    assert view.page.inner_text('.seat[data-seat="N"] .seat-name') == f"N ({hostile})"
    assert view.page.locator("main b").count() == 0
    assert view.page.title() == "record 1"
