"""A mutation fuzzer for tarokpgn (hardening issue 13), shared by ``tests/test_fuzz.py`` (a
bounded run in the test suite) and ``scripts/fuzz.py`` (the long run).

Seeds are the conformance corpus, the examples, some records of the sample archive and their
JSON forms. A :class:`Fuzzer` draws a seed, applies one to four mutations (lines, tokens,
numbers, keywords, card words of other variants, tag values, odd characters, truncation, byte
flips, splices of another seed) and runs the result through every entry point with
:func:`exercise`: the reader (fast and Lark paths), ``check_record``, the round trips (text and
JSON), ``verify_all``, the renons judge and, with ``cli=True``, the ``check``, ``verify``,
``fmt``, ``convert`` and ``renons`` commands in-process. The oracle: nothing raises but the
library's own located errors where the API documents them; a record ``check_record`` accepts
writes back to an equal record; both readers agree. Inputs that reach a new outcome (error codes,
verdict statuses, problem codes) join the pool, so later mutations start from deeper records.

Everything is deterministic for a given seed: input ``n`` of ``Fuzzer(seed)`` is always the same.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from tarokpgn.cards import DECKS
from tarokpgn.convert import Notes, all_formats, find_format
from tarokpgn.errors import NotationError
from tarokpgn.model import SEATS, VARIANTS, Record, Renons
from tarokpgn.notation import (
    check_record,
    from_json,
    iter_records,
    larkreader,
    to_json,
    write_record,
)
from tarokpgn.notation.jsonform import iter_json_records
from tarokpgn.notation.reader import iter_chunks, parse_record
from tarokpgn.notation.splitter import Chunk
from tarokpgn.renons import ClaimError, judge, text
from tarokpgn.renons import RecordError as RenonsRecordError
from tarokpgn.renons import to_json as judgement_json
from tarokpgn.replay import verify_all
from tarokpgn.rules import find_ruleset, rulesets
from tarokpgn.vocabulary import ANNOUNCEMENTS, BIDS

ROOT = Path(__file__).resolve().parents[2]
INTERNAL = "internal-error"
"""The problem code of an exception the verifier or a command caught: a crash all the same."""
MAX_INPUT = 64 * 1024
"""Mutants are cut to this many bytes, so stacked duplications cannot grow without end."""

# --- seeds -------------------------------------------------------------------------------------


def _records_of(data: bytes) -> list[bytes]:
    """The records of a file in export form, cut at its ``end`` lines."""
    parts = re.split(rb"(?<=\nend\n)\n*", data)
    return [p for p in parts if p.strip()]


def seed_corpus(per_archive_dir: int = 6) -> list[tuple[str, bytes]]:
    """``(name, bytes)`` seeds: the conformance files, the examples, the first records of the
    first and last file of each sample-archive folder, JSON forms of the valid files and the
    examples, and other programs' logs (:func:`foreign_seeds`). Names end in ``.tpgn``,
    ``.json`` or another format's file ending (the input's format is picked by it)."""
    seeds: list[tuple[str, bytes]] = []
    for pattern in ("tests/conformance/valid/*.tpgn", "tests/conformance/invalid/*.tpgn",
                    "examples/*.tpgn"):  # fmt: skip
        seeds += [(p.name, p.read_bytes()) for p in sorted(ROOT.glob(pattern))]
    examples = len(seeds)
    for folder in sorted((ROOT / "examples/sample-archive").iterdir()):
        files = sorted(folder.glob("*.tpgn"))
        for path in sorted({files[0], files[-1]}) if files else ():
            parts = _records_of(path.read_bytes())[:per_archive_dir]
            seeds += [(f"{folder.name}-{path.stem}-{i}.tpgn", r) for i, r in enumerate(parts)]
    for name, data in list(seeds[:examples]):  # JSON forms: the valid files and the examples
        if not name.startswith("E"):
            records = [r for r in iter_records(data) if isinstance(r, Record)]
            if records:
                doc = [to_json(r) for r in records]
                seeds.append((name[:-5] + ".json", json.dumps(doc, ensure_ascii=False).encode()))
    return seeds + foreign_seeds()


NATIVE = ("tpgn", "json", "jsonl")
"""The project's own formats (:mod:`tarokpgn.convert.native`), read by the stages above."""
SHEETS = ("scoresheet", "scoresheet-sl", "scoresheet-cs", "scoresheet-fr", "scoresheet-it",
          "scoresheet-de")  # fmt: skip
"""The score sheet writers, one language each, used in turn for the examples' sheets."""


def _written(fmt: str, records: list[Record]) -> bytes:
    write = find_format(fmt).write
    assert write is not None
    return "".join(write(iter(records), Notes())).encode()


def foreign_seeds() -> list[tuple[str, bytes]]:
    """Other programs' logs: ``examples/convert``, the examples written as score sheets (a
    language each) and the Czech examples and sample archive as Taroky Notation codes."""
    seeds = [(p.name, p.read_bytes()) for p in sorted((ROOT / "examples/convert").iterdir())]
    for k, path in enumerate(sorted(ROOT.glob("examples/*.tpgn"))):
        records = [r for r in iter_records(path.read_bytes()) if isinstance(r, Record)]
        sheet = _written(SHEETS[k % len(SHEETS)], records)
        if sheet:  # a sheet holds only deals played out to a score
            seeds.append((f"{path.stem}.csv", sheet))
    czech = sorted(ROOT.glob("examples/czech-4.tpgn")) + sorted(
        ROOT.glob("examples/sample-archive/czech-4/*.tpgn"))[:2]  # fmt: skip
    for path in czech:
        records = [r for r in iter_records(path.read_bytes()) if isinstance(r, Record)]
        seeds.append((f"{path.stem}.taroky", _written("taroky", records[:6])))
    return seeds


# --- mutations ---------------------------------------------------------------------------------

KEYWORDS = ("end", "hand", "talon", "auction", "call", "exchange", "take", "discard", "show",
            "announce", "declare", "kontra", "renons", "irregular", "excuse_exchange", "pass", "?",
            "1.", "99.", "trick=3", "card=HK", "kontra=2", "kind=revoke")  # fmt: skip
BOUNDARY_NUMBERS = ("0", "-1", "1", "99", "100", "+0", "-0", "007", str(2**31), str(2**63),
                    str(2**64), "-" + str(2**64), "9" * 5000)  # fmt: skip
ODD = ("\x00", "\ufeff", "\r", "\r\n", "\t", "{", "}", "{ x", "}\n", '"', "\\", "[", "]", ";",
       "\n\n", "\x0b", "\x0c", "\x85", "\u2028", "\xa0", "é", "Š", "𝄞", "\ud800", "=", ".",
       "x" * 5000)  # fmt: skip
CARD_NAMES = ("škis", "Škis", "srce kralj", "pik as", "pagat", "mond", "XXI", "xxii", "angelo",
              "begato", "matto", "excuse", "petit", "coppe re", "T22", "T0", "EXC", "HC", "DA",
              "CK", "H10", "H11", "T23", "M1", "křížová dáma", "kárová dámma", "Herz-König",
              "Herzkönig", "quatre de trèfle", "moro 3", "moro", "IIII", "XVIIII", "C srce",
              "tarok XV", "atout 22", "roi de", "srce 9", "bagatto", "trump 0")  # fmt: skip
"""Card words the reader maps per pack: localized names, aliases and near-misses."""
SEAT_WORDS = ("N", "E", "S", "W", "Z", "n", "X")
VARIANT_NAMES = (*VARIANTS, "slovenian", "tarocchini", "")


def _vocabulary() -> tuple[str, ...]:
    """Card tokens of every pack, bid and announcement words of every family."""
    words = {t for deck in DECKS.values() for t in deck.tokens}
    for table in (BIDS, ANNOUNCEMENTS):
        for family in table.values():
            words |= set(family) | set(family.values())
    return tuple(sorted(words | set(CARD_NAMES)))


def _option_words() -> tuple[str, ...]:
    """``name=value`` overrides of every ruleset's options: each allowed choice, and boundary
    numbers for the numeric ones."""
    import dataclasses

    out: set[str] = set()
    for variant in VARIANTS:
        for preset in rulesets(variant):
            opts = find_ruleset(variant, preset).options
            for f in dataclasses.fields(opts):
                value = getattr(opts, f.name)
                choices = [str(c).lower() for c in f.metadata.get("choices", ())]
                if isinstance(value, bool):
                    choices += ["true", "false"]
                elif isinstance(value, int):
                    choices += [str(value), *BOUNDARY_NUMBERS[:11]]
                out.update(f"{f.name}={c}" for c in choices or [str(value), "x"])
    return tuple(sorted(out))


WORDS = _vocabulary()
OPTIONS = _option_words()
PRESETS = tuple(sorted({p for v in VARIANTS for p in rulesets(v)}))

Mutation = Callable[[random.Random, bytes, "Fuzzer"], bytes]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _pick_line(rng: random.Random, lines: list[bytes]) -> int:
    return rng.randrange(len(lines))


def delete_line(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    lines = _lines(data)
    del lines[_pick_line(rng, lines)]
    return b"\n".join(lines)


def duplicate_line(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    lines = _lines(data)
    i = _pick_line(rng, lines)
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    lines = _lines(data)
    i, j = _pick_line(rng, lines), _pick_line(rng, lines)
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _token_edit(rng: random.Random, data: bytes, edit: Callable[[list[bytes], int], None]) -> bytes:
    lines = _lines(data)
    i = _pick_line(rng, lines)
    tokens = lines[i].split(b" ")
    edit(tokens, rng.randrange(len(tokens)))
    lines[i] = b" ".join(tokens)
    return b"\n".join(lines)


def delete_token(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    return _token_edit(rng, data, lambda t, k: t.__delitem__(k))


def duplicate_token(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    return _token_edit(rng, data, lambda t, k: t.insert(rng.randrange(len(t) + 1), t[k]))


def swap_tokens(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Swap two tokens of the whole input (often cards between hands, or tricks)."""
    tokens = re.split(rb"( |\n)", data)
    i, j = rng.randrange(0, len(tokens), 2), rng.randrange(0, len(tokens), 2)
    tokens[i], tokens[j] = tokens[j], tokens[i]
    return b"".join(tokens)


def _put_token(rng: random.Random, data: bytes, word: str) -> bytes:
    """Replace a token by ``word``, or insert it before one."""
    new = word.encode("utf-8", "surrogatepass")
    if rng.random() < 0.5:
        return _token_edit(rng, data, lambda t, k: t.__setitem__(k, new))
    return _token_edit(rng, data, lambda t, k: t.insert(k, new))


def put_word(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    pool = rng.choice((KEYWORDS, WORDS, SEAT_WORDS, OPTIONS))
    return _put_token(rng, data, rng.choice(pool))


def put_odd(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    odd = rng.choice(ODD).encode("utf-8", "surrogatepass")
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + odd + data[pos:]


_NUMBER = re.compile(rb"[+-]?\d+")


def replace_number(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return _put_token(rng, data, rng.choice(BOUNDARY_NUMBERS))
    m = rng.choice(found)
    new = rng.choice((*BOUNDARY_NUMBERS, str(rng.randint(-30, 30)))).encode()
    if m.start() > 0 and data[m.start() - 1 : m.start()] in b"+-" and new[:1] in b"+-":
        new = new[1:]
    return data[: m.start()] + new + data[m.end() :]


_TAG = re.compile(rb'\[(\w+) "([^"\n]*)"\]')


def retag(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Set a tag that steers the engines: Variant, Ruleset, Options, Dealer, Result, Totals."""
    name = rng.choice(("Variant", "Ruleset", "Options", "Dealer", "Result", "Totals", "Deal"))
    seats = SEATS[rng.choice((3, 4, 5))]

    def num() -> str:
        return rng.choice((*BOUNDARY_NUMBERS[:12], str(rng.randint(-300, 300))))

    if name == "Variant":
        value = rng.choice(VARIANT_NAMES)
    elif name == "Ruleset":
        value = rng.choice((*PRESETS, ""))
    elif name == "Options":
        value = " ".join(rng.choice(OPTIONS) for _ in range(rng.randint(1, 3)))
    elif name == "Dealer":
        value = rng.choice(SEAT_WORDS)
    elif name in ("Result", "Totals"):
        value = " ".join(f"{s} {num()}" for s in seats)
    else:
        value = num()
    line = f'[{name} "{value}"]'.encode()
    for m in _TAG.finditer(data):
        if m.group(1) == name.encode():
            return data[: m.start()] + line + data[m.end() :]
    return line + b"\n" + data


def insert_element(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """A movetext line built from a keyword, seats, words and cards of this input."""
    tokens = [t for t in re.split(rb"\s+", data) if t and not t.startswith((b"[", b"{"))]
    words = [rng.choice(tokens) if tokens and rng.random() < 0.7 else rng.choice(WORDS).encode()
             for _ in range(rng.randint(0, 5))]  # fmt: skip
    head = rng.choice(("auction", "kontra", "renons", "irregular", "announce", "declare", "call",
                       "exchange", "hand", "talon", "show", "excuse_exchange",
                       f"{rng.randint(0, 20)}."))  # fmt: skip
    seats = [rng.choice(SEAT_WORDS).encode() for _ in range(2)]
    line = b" ".join([head.encode(), *seats[: rng.randint(0, 2)], *words])
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), line)
    return b"\n".join(lines)


def truncate(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def flip_byte(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    pos = rng.randrange(len(data))
    mutated = bytearray(data)
    flip = 1 << rng.randrange(8)
    mutated[pos] = rng.randrange(256) if rng.random() < 0.5 else mutated[pos] ^ flip
    return bytes(mutated)


def delete_bytes(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + data[pos + rng.randint(1, 16) :]


_CARD = re.compile(rb"(?<![^ \n])(?:FOOL|T\d{1,2}|[HDSC](?:[KQNJ]|\d{1,2}))(?![^ \n])")
_GAME_WORDS = tuple(sorted({w for table in (BIDS, ANNOUNCEMENTS) for family in table.values()
                            for w in family.values()}))  # fmt: skip


def swap_cards(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Swap two card tokens: the deal stays well formed, the play and the scores change."""
    found = list(_CARD.finditer(data))
    if len(found) < 2:
        return data
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start())
    return (data[: a.start()] + b.group() + data[a.end() : b.start()] + a.group()
            + data[b.end() :])  # fmt: skip


def game_word(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Put a bid or announcement word (of any family) in an auction, announce or declare line,
    or a kontra's target."""
    lines = _lines(data)
    heads = (b"auction", b"announce", b"declare", b"kontra", b"call")
    found = [i for i, line in enumerate(lines) if line.startswith(heads)]
    if not found:
        return insert_element(rng, data, fz)
    i = rng.choice(found)
    tokens = lines[i].split(b" ")
    words = [k for k, t in enumerate(tokens) if k and t.decode(errors="replace") not in SEAT_WORDS]
    tokens[rng.choice(words or [0])] = rng.choice(_GAME_WORDS).encode()
    lines[i] = b" ".join(tokens)
    return b"\n".join(lines)


def splice(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Lines of another input (another variant's auction, another deal's tricks) put in here."""
    other = _lines(fz.pick()[1])
    i = rng.randrange(len(other))
    piece = other[i : i + rng.randint(1, 4)]
    lines = _lines(data)
    at = rng.randrange(len(lines) + 1)
    return b"\n".join(lines[:at] + piece + lines[at:])


def swap_fields(rng: random.Random, data: bytes, fz: Fuzzer) -> bytes:
    """Two fields of a line swapped, at ``/`` (Taroky Notation), ``;`` or ``,`` (score sheets,
    settings)."""
    lines = _lines(data)
    i = _pick_line(rng, lines)
    sep = rng.choice((b"/", b";", b","))
    fields = lines[i].split(sep)
    j, k = rng.randrange(len(fields)), rng.randrange(len(fields))
    fields[j], fields[k] = fields[k], fields[j]
    lines[i] = sep.join(fields)
    return b"\n".join(lines)


MUTATIONS: tuple[Mutation, ...] = (
    delete_line, duplicate_line, swap_lines, delete_token, duplicate_token, swap_tokens,
    put_word, put_word, put_odd, replace_number, replace_number, retag, retag, insert_element,
    insert_element, truncate, flip_byte, delete_bytes, splice, swap_cards, swap_cards,
    swap_cards, game_word, game_word, swap_fields,
)  # fmt: skip


# --- the oracle --------------------------------------------------------------------------------


class Hang(BaseException):
    """Raised by the per-input alarm (a BaseException, so no ``except Exception`` hides it)."""


@dataclass
class Failure:
    """One broken expectation: the stage, and the traceback or what differed."""

    stage: str
    detail: str

    @property
    def summary(self) -> str:
        """The last line of the detail (the exception), for grouping."""
        lines = self.detail.strip().splitlines()
        return f"{self.stage}: {lines[-1] if lines else ''}"[:300]


KNOWN: tuple[tuple[str, str, str], ...] = ()
"""Failures found and reported but not fixed yet: (stage regex, detail regex, why). They are
counted apart, not as new failures; ``tests/test_fuzz.py`` pins each with an xfail test."""


def known(failure: Failure) -> str | None:
    """Why ``failure`` is a known one, or None."""
    for stage, detail, why in KNOWN:
        if re.fullmatch(stage, failure.stage) and re.search(detail, failure.detail):
            return why
    return None


@dataclass
class Outcome:
    """What one input did: the failures (empty: all well), the known failures and a signature
    of its behaviour."""

    failures: list[Failure] = field(default_factory=list)
    known: list[Failure] = field(default_factory=list)
    signature: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, failure: Failure) -> None:
        (self.failures if known(failure) is None else self.known).append(failure)


def _fail(out: Outcome, stage: str) -> None:
    out.add(Failure(stage, traceback.format_exc()))


def _key(result: Record | NotationError) -> object:
    if isinstance(result, NotationError):
        return str(result)
    return (result, result.source)


def _lark(data: bytes, name: str, parse: ChunkReader) -> Iterator[Record | NotationError]:
    """Every record through the Lark parser alone (the fast reader's reference)."""
    chunks, file = iter_chunks(data, name)
    for chunk in chunks:
        try:
            yield parse(chunk, file)
        except NotationError as err:
            yield err


ChunkReader = Callable[[Chunk, str], Record]


def _once(parse: ChunkReader) -> ChunkReader:
    """``parse`` (a pure function of the chunk) evaluated once per chunk: the fast reader hands
    every record that is not strictly export form to Lark, so the cross-check would otherwise
    parse those twice to compare Lark with itself. The key is the whole chunk, so the two
    splitters must still agree on every record's bytes, offset, line and number to share it."""
    done: dict[tuple[bytes, int, int, int, str], Record | NotationError] = {}

    def once(chunk: Chunk, file: str) -> Record:
        key = (chunk.data, chunk.offset, chunk.line, chunk.index, file)
        if key not in done:
            try:
                done[key] = parse(chunk, file)
            except NotationError as err:
                done[key] = err
        result = done[key]
        if isinstance(result, NotationError):
            raise result.with_traceback(None)
        return result

    return once


def _read(data: bytes, name: str, out: Outcome) -> list[Record]:
    """Read with iter_records (fast reader, Lark for the rest) and with Lark alone: they must
    give the same records and errors."""
    original = larkreader.read_chunk
    parse = _once(original)
    try:
        slow = list(_lark(data, name, parse))
    except Exception:
        _fail(out, "read-lark")
        slow = None
    try:
        larkreader.read_chunk = parse  # the fast reader's Lark fallback finds it here
        results = list(iter_records(data, name))
    except Exception:
        _fail(out, "read")
        return []
    finally:
        larkreader.read_chunk = original
    out.signature += [r.code if isinstance(r, NotationError) else "rec" for r in results]
    if slow is not None and [_key(r) for r in results] != [_key(r) for r in slow]:
        shown = [[r.code if isinstance(r, NotationError) else "rec" for r in rs]
                 for rs in (results, slow)]  # fmt: skip
        out.add(Failure("reader-mismatch", f"fast {shown[0]} lark {shown[1]}"))
    return [r for r in results if isinstance(r, Record)]


def _read_json(data: bytes, name: str, out: Outcome) -> list[Record]:
    try:
        results = list(iter_json_records(data.decode("utf-8", "replace"), name))
    except Exception:
        _fail(out, "read-json")
        return []
    out.signature += [f"json-{r.code}" if isinstance(r, NotationError) else "json" for r in results]
    return [r for r in results if isinstance(r, Record)]


def _foreign(name: str) -> str | None:
    """The other program's format whose file ending ``name`` has (``tarokpgn convert``'s
    registry), or None for the project's own: that format's reader then reads the input, and
    the records it reads go to the Taroky Notation and score sheet writers as well as through
    the round trips."""
    suffix = os.path.splitext(name)[1]
    for fmt in all_formats():
        if fmt.read is not None and suffix in fmt.extensions and fmt.name not in NATIVE:
            return fmt.name
    return None


def _read_foreign(data: bytes, name: str, fmt: str, out: Outcome) -> list[Record]:
    """Read with ``fmt``'s reader: it yields records and located errors, never raises nor
    fails on itself (E100)."""
    read = find_format(fmt).read
    assert read is not None
    try:
        results = list(read(io.BytesIO(data), name, Notes()))
    except Exception:
        _fail(out, "read-" + fmt)
        return []
    for r in results:
        if isinstance(r, NotationError) and r.code == "E100":
            out.add(Failure("read-" + fmt, str(r)))
    out.signature += [f"{fmt}-{r.code}" if isinstance(r, NotationError) else fmt for r in results]
    return [r for r in results if isinstance(r, Record)]


def _write_foreign(record: Record, out: Outcome) -> None:
    """Every other program's writer takes ``record``: it writes it or notes what it leaves out,
    never raises (``tarokpgn convert`` would stop there with E100)."""
    for fmt in ("taroky", "scoresheet"):
        try:
            _written(fmt, [record])
        except Exception:
            _fail(out, "write-" + fmt)


def _round_trip(record: Record, out: Outcome) -> None:
    try:
        problems = check_record(record)
    except Exception:
        _fail(out, "check")
        return
    out.signature += [p.code for p in problems]
    try:
        again = from_json(json.loads(json.dumps(to_json(record))))
        if again != record:
            out.add(Failure("json-round-trip", f"{record!r}\n!=\n{again!r}"))
    except Exception:
        _fail(out, "json-round-trip")
    if problems:
        return
    try:
        written = write_record(record)
    except Exception:
        _fail(out, "write")
        return
    try:
        back = parse_record(written)
    except NotationError as err:
        out.add(Failure("round-trip", f"{written}\ndoes not read back: {err}"))
        return
    except Exception:
        _fail(out, "round-trip")
        return
    if back != record:
        out.add(Failure("round-trip", f"{written}\nreads back as\n{back!r}"))


def _verify(records: list[Record], out: Outcome) -> None:
    try:
        for _record, verdict in verify_all(records):
            out.signature.append(str(verdict.status))
            out.signature += sorted({p.code for p in verdict.problems})
            for p in verdict.problems:
                if p.code == INTERNAL:  # a crash the verifier caught and reported
                    out.add(Failure("verify", f"{INTERNAL}: {p.message}"))
    except Exception:
        _fail(out, "verify")
    for record in records:
        for claim in record.of_type(Renons):
            try:
                judgement = judge(record, claim)
                text(judgement)
                json.dumps(judgement_json(judgement))
                out.signature.append("judged-" + judgement.finding.value)
            except (ClaimError, RenonsRecordError):
                out.signature.append("claim-error")
            except Exception:
                _fail(out, "renons")


def _cli(data: bytes, name: str, out: Outcome) -> None:
    from tarokpgn.cli import main

    with tempfile.TemporaryDirectory(prefix="tarokpgn-fuzz-") as tmp:
        path = os.path.join(tmp, name)
        Path(path).write_bytes(data)
        commands = (["check", path], ["verify", path], ["fmt", path],
                    ["convert", path, "--to", "jsonl"], ["renons", path])  # fmt: skip
        for argv in commands:
            sink = io.StringIO()
            try:
                with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                    code = main(argv)
            except Exception:
                _fail(out, "cli-" + argv[0])
                continue
            if code not in (0, 1, 2):
                out.add(Failure("cli-" + argv[0], f"exit code {code}"))
            shown = sink.getvalue()
            if "Traceback" in shown or INTERNAL in shown:
                out.add(Failure("cli-" + argv[0], shown[-3000:]))


def exercise(data: bytes, name: str = "fuzz.tpgn", *, cli: bool = False) -> Outcome:
    """Run ``data`` through every entry point and report what broke."""
    out = Outcome()
    start = time.perf_counter()
    foreign = _foreign(name)
    if foreign is not None:
        records = _read_foreign(data, name, foreign, out)
    else:
        records = (_read_json if name.endswith(".json") else _read)(data, name, out)
    for record in records:
        _round_trip(record, out)
        if foreign is not None:
            _write_foreign(record, out)
    _verify(records, out)
    if cli:
        _cli(data, name, out)
    out.seconds = time.perf_counter() - start
    return out


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread after ``seconds`` (no limit when 0)."""
    if not seconds:
        yield
        return

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- the fuzzer --------------------------------------------------------------------------------


@dataclass
class Case:
    """One fuzz input: its number, the seed it came from, the mutations and the bytes."""

    number: int
    name: str
    origin: str
    mutations: list[str]
    data: bytes


class Fuzzer:
    """Draws mutants of the seeds; inputs with a new outcome signature join the pool."""

    def __init__(self, seed: int = 0, seeds: list[tuple[str, bytes]] | None = None,
                 pool_size: int = 4000) -> None:  # fmt: skip
        self.rng = random.Random(seed)
        self.seeds = seeds if seeds is not None else seed_corpus()
        self.pool: list[tuple[str, bytes]] = list(self.seeds)
        self.pool_size = pool_size
        self.seen: set[tuple[str, ...]] = set()
        self.count = 0

    def pick(self) -> tuple[str, bytes]:
        """A seed (half the time) or an input of the pool."""
        source = self.seeds if self.rng.random() < 0.5 else self.pool
        return self.rng.choice(source)

    def next_case(self) -> Case:
        name, data = self.pick()
        applied = []
        for _ in range(self.rng.choice((1, 1, 1, 2, 2, 3, 4))):
            mutation = self.rng.choice(MUTATIONS)
            data = mutation(self.rng, data, self)[:MAX_INPUT]
            applied.append(mutation.__name__)
        self.count += 1
        return Case(self.count, name, name, applied, data)

    def learn(self, case: Case, outcome: Outcome) -> None:
        """Keep an input whose outcome has not been seen yet."""
        key = tuple(sorted(set(outcome.signature)))
        if key in self.seen:
            return
        self.seen.add(key)
        entry = (case.name, case.data)
        if len(self.pool) < self.pool_size:
            self.pool.append(entry)
        else:
            first = len(self.seeds)
            self.pool[first + self.rng.randrange(self.pool_size - first)] = entry
