"""Text of one record → Lark parse tree, with Lark's errors turned into located
:class:`~tarokpgn.errors.NotationSyntaxError` messages in a player's words.

The LALR parser is built once and cached. The grammar is loaded from the installed package
(``tarokpgn/_data/grammar/tarok.lark``, where the wheel puts the repository's ``grammar/``);
an editable install falls back to ``grammar/`` next to the package directory.
"""

from __future__ import annotations

import difflib
import functools
import re
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from tarokpgn.errors import NotationError, NotationSyntaxError, caret_context, shorten
from tarokpgn.model import MAX_RECORD_BYTES
from tarokpgn.notation.tags import unescape
from tarokpgn.vocabulary import fold

GRAMMAR_FILE = "tarok.lark"
SEATS_ALL = frozenset("NESWZ")
"""Every seat label of the grammar (``SEAT``)."""


def read_data_file(folder: str, name: str) -> str:
    """A file shipped under ``tarokpgn/_data/<folder>/`` (or ``<repo>/<folder>/`` when the
    package runs from a source tree)."""
    packaged = resources.files("tarokpgn").joinpath("_data", folder, name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source_tree = Path(__file__).resolve().parents[2] / folder / name
    return source_tree.read_text(encoding="utf-8")


def grammar_text() -> str:
    """The normative grammar (``grammar/tarok.lark``)."""
    return read_data_file("grammar", GRAMMAR_FILE)


@functools.cache
def get_parser() -> Lark:
    """The record parser: Lark LALR with the contextual lexer, built once."""
    return Lark(
        grammar_text(),
        parser="lalr",
        start="record",
        propagate_positions=True,
        maybe_placeholders=True,
    )


_ELEMENT_STARTS = frozenset(
    {"HAND", "TALON", "AUCTION", "CALL", "EXCHANGE", "ANNOUNCE", "DECLARE", "KONTRA", "RENONS"}
    | {"IRREGULAR", "EXCUSE_EXCHANGE", "TRICK_NUMBER", "BRACE_COMMENT", "LINE_COMMENT", "LSQB"}
)
_KONTRA_WORDS = frozenset(
    {"CONTRA", "FLEK", "DOUBLE", "CONTRE", "REKONTRA", "SURCONTRE", "SUBKONTRA", "SUB", "TUTTI"}
    | {"MORTKONTRA", "MORT", "RETUTTI", "SUPKONTRA", "REDOUBLE"}
)
_WORDS = {
    "SEAT": "a seat (N, E, S, W or Z)",
    "CARD_WORD": "a card",
    "NAME": "a word such as a bid, an announcement or a kind",
    "INT": "a number",
    "TRICK_NUMBER": "a trick number such as '1.'",
    "OPTION": "a key=value pair",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a tag value in double quotes ("...")',
    "RSQB": "']' closing the tag pair",
    "LSQB": "'['",
    "END": "'end'",
    "TAKE": "'take'",
    "DISCARD": "'discard'",
    "_SHOW": "'show'",
    "$END": "nothing more after 'end'",
    "<END-OF-FILE>": "nothing more after 'end'",
}
_TAG_TERMINALS = frozenset({"TAG_NAME", "TAG_VALUE", "RSQB"})


def describe_expected(expected: set[str]) -> str:
    """Lark's expected terminal names in words: ``"a card or the next element"``."""
    phrases: list[str] = []
    rest = set(expected)
    phrases_tail = []
    if "HAND" in rest:
        rest -= _ELEMENT_STARTS | _KONTRA_WORDS | {"END"}
        phrases_tail = ["the next element (hand, talon, auction, … a trick) or 'end'"]
    for name in sorted(rest):
        phrases.append(_WORDS.get(name, f"'{name.lower()}'"))
    phrases.extend(phrases_tail)
    if not phrases:
        return "nothing more"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "the end of the text"
    return repr(shorten(str(token)))


class Located:
    """Builds errors located in the file from positions within one record's text."""

    def __init__(self, text: str, file: str, record: int, first_line: int) -> None:
        self.text = text
        self.file = file
        self.record = record
        self.first_line = first_line

    def error(
        self,
        code: str,
        message: str,
        line: int,
        column: int,
        cls: type[NotationError] = NotationSyntaxError,
    ) -> NotationError:
        """An error of class ``cls`` at ``line``:``column`` of the record's text."""
        return cls(
            code,
            message,
            file=self.file,
            record=self.record,
            line=self.first_line + line - 1,
            column=column,
            context=caret_context(self.text, line, column),
        )

    def end_position(self) -> tuple[int, int]:
        """Line and column just after the last non-blank character."""
        body = self.text.rstrip()
        line = body.count("\n") + 1
        return line, len(body) - (body.rfind("\n") + 1) + 1


def _from_characters(err: UnexpectedCharacters, at: Located) -> NotationError:
    pos: int = err.pos_in_stream or 0
    char = at.text[pos] if pos < len(at.text) else ""
    line, col = err.line, err.column
    if char == "{" and "}" not in at.text[pos:]:
        return at.error("E102", "comment '{' is never closed with '}'", line, col)
    expected = set(err.allowed or ())
    if char == '"':
        return at.error("E107", "bad tag pair: the value's '\"' is never closed", line, col)
    if expected and expected <= _TAG_TERMINALS:
        what = describe_expected(expected) if expected else "a tag pair"
        return at.error("E107", f"bad tag pair: expected {what}, found {char!r}", line, col)
    what = describe_expected(expected)
    return at.error("E106", f"unexpected character {char!r}: expected {what}", line, col)


def _acceptable(err: UnexpectedToken) -> set[str]:
    """The terminals the parser would really accept (LALR's own list over-approximates)."""
    try:
        accepted: set[str] = err.interactive_parser.accepts()  # type: ignore[no-untyped-call]
    except Exception:  # noqa: BLE001 - fall back to LALR's list
        return set(err.expected)
    return accepted or set(err.expected)


def _from_token(err: UnexpectedToken, at: Located) -> NotationError:
    token: Token = err.token
    expected = _acceptable(err)
    if token.type == "$END":
        line, col = at.end_position()
        return at.error("E103", "the record ends without 'end' (truncated?)", line, col)
    message = f"expected {describe_expected(expected)}, found {_describe_token(token)}"
    if "SEAT" in expected:
        message += seat_hint(str(token), at.text)
    code = "E107" if expected <= _TAG_TERMINALS else "E101"
    if code == "E107":
        message = "bad tag pair: " + message
    return at.error(code, message, err.line, err.column)


_NEXT_ELEMENT_WORDS = frozenset(
    {"end", "hand", "talon", "auction", "call", "exchange", "announce", "declare", "kontra"}
    | {"renons", "irregular", "excuse_exchange"}
)
"""Words that start the next element (or end the record): never a kontra's target."""


def _kontra_without_target(err: UnexpectedInput, at: Located) -> NotationError | None:
    """E101 for a kontra written without its target (``kontra E 1`` and then the next
    element), located on the kontra's line just after it, not at the next element that the
    parser took for the target or stumbled on; None when the error is something else."""
    parser = getattr(err, "interactive_parser", None)
    stack = list(parser.parser_state.value_stack) if parser is not None else []
    starts = [i for i, v in enumerate(stack) if isinstance(v, Tree) and v.data == "kontra_word"]
    if not starts:
        return None
    word, own = stack[starts[-1]], stack[starts[-1] + 1 :]
    if not own or not all(isinstance(t, Token) for t in own) or own[0].type != "SEAT":
        return None
    if own[-1].type == "NAME" and str(own[-1]).casefold() in _NEXT_ELEMENT_WORDS:
        own.pop()  # the next element's keyword, read as the target
    if own[-1].type == "INT" and at.text.startswith(".", own[-1].end_pos or 0):
        own.pop()  # the next trick's number
    if own[-1].type not in ("SEAT", "INT"):
        return None
    last = own[-1]
    shown = " ".join([str(word.children[0]), *map(str, own)])
    message = f"{shown!r} has no target: expected game or the announcement it doubles after it"
    return at.error("E101", message, last.end_line or 1, (last.end_column or 1) + 1)


_PLAYER_TAG = re.compile(r'\[\s*([NESWZ])\s*"((?:[^"\\\n]|\\.)*)"\s*\]')


def seat_hint(found: str, text: str) -> str:
    """``"; did you mean N (Ana)?"`` when ``found``, written where a seat belongs, is a seat
    in lower case or (nearly) the name of a player of the record's ``text``; else ``""``."""
    if len(found) > 40:
        return ""
    players = {seat: unescape(f'"{name}"') for seat, name in _PLAYER_TAG.findall(text)}
    if found.upper() in SEATS_ALL and found.upper() != found:
        seat = found.upper()
        return f"; did you mean {seat!r}?"
    by_name = {fold(name): seat for seat, name in players.items() if name}
    close = difflib.get_close_matches(fold(found), list(by_name), n=2, cutoff=0.75)
    if not close:
        return ""
    seats = [f"{by_name[c]!r} ({players[by_name[c]]}'s seat)" for c in close]
    return "; did you mean " + " or ".join(seats) + "?"


def to_syntax_error(err: UnexpectedInput, at: Located) -> NotationError:
    """Map a Lark exception to a located :class:`NotationSyntaxError`."""
    missing = _kontra_without_target(err, at)
    if missing is not None:
        return missing
    if isinstance(err, UnexpectedCharacters):
        return _from_characters(err, at)
    if isinstance(err, UnexpectedToken):
        return _from_token(err, at)
    if isinstance(err, UnexpectedEOF):
        line, col = at.end_position()
        return at.error("E103", "the record ends without 'end' (truncated?)", line, col)
    return at.error("E101", str(err).splitlines()[0], 1, 1)


def check_size(data: bytes, file: str, record: int, first_line: int) -> None:
    """Raise E111 (too-long) when a record's ``data`` passes :data:`MAX_RECORD_BYTES`, located
    at the first byte past the limit, before the text is decoded or parsed (the parser would
    take gigabytes on a 50 MB token or line)."""
    if len(data) <= MAX_RECORD_BYTES:
        return
    start = data.rfind(b"\n", 0, MAX_RECORD_BYTES) + 1
    line = data.count(b"\n", 0, start) + 1
    column = len(data[start:MAX_RECORD_BYTES].decode("utf-8", "replace")) + 1
    shown = data[start : MAX_RECORD_BYTES + 120].decode("utf-8", "replace")
    raise NotationSyntaxError(
        "E111",
        f"the record is longer than {MAX_RECORD_BYTES:,} bytes, the notation's limit",
        file=file,
        record=record,
        line=first_line + line - 1,
        column=column,
        context=caret_context(shown, 1, column),
    )


def parse_tree(
    text: str, *, file: str = "<string>", record: int = 0, first_line: int = 1
) -> Tree[Token]:
    """Parse one record's text; raise :class:`NotationSyntaxError` located in ``file``
    (``first_line`` is the file line where ``text`` starts)."""
    try:
        return get_parser().parse(text)
    except UnexpectedInput as err:
        raise to_syntax_error(err, Located(text, file, record, first_line)) from None
