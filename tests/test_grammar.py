"""The grammar: LALR, conflict- and collision-free, shipped with the package, lenient on import."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from lark import Lark

from tarokpgn.notation.parser import get_parser, grammar_text, parse_tree

ROOT = Path(__file__).resolve().parents[1]


def test_grammar_builds_strict() -> None:
    Lark(grammar_text(), parser="lalr", start="record", strict=True)


def test_grammar_text_is_the_repository_file() -> None:
    assert grammar_text() == (ROOT / "grammar" / "tarok.lark").read_text(encoding="utf-8")


def test_parser_is_cached() -> None:
    assert get_parser() is get_parser()


def test_pyproject_ships_grammar_and_schema() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"grammar" = "tarokpgn/_data/grammar"' in pyproject
    assert '"schema" = "tarokpgn/_data/schema"' in pyproject


def test_loads_from_the_wheel_layout(tmp_path: Path) -> None:
    """Lay the package out as the wheel does (pyproject's force-include) away from the source
    tree, and read a record there: grammar and schema come from ``tarokpgn/_data``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    force = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    site = tmp_path / "site"
    # The sources only: a compiled build's modules would need their shared library too, and
    # this test is about the data files.
    skip = shutil.ignore_patterns("*.pyc", "*.so", "*.pyd")
    shutil.copytree(ROOT / "tarokpgn", site / "tarokpgn", ignore=skip)
    for source, target in force.items():
        shutil.copytree(ROOT / source, site / target)
    code = (
        "import os, sys; sys.path.insert(0, os.path.abspath('site'))\n"
        "import tarokpgn.notation as n, tarokpgn.notation.jsonform as j\n"
        "assert n.__file__.startswith(sys.path[0]), n.__file__\n"
        "r = n.parse_record('[Variant \"slovenian-4\"] hand N srce kralj ? end')\n"
        "n.validate(n.to_json(r)); print(r.items[0].cards, j.schema()['$id'])\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["('HK',", "'?')", "urn:tarokpgn:schema:record:1"]
    assert not (tmp_path / "grammar").exists()


def element_names(text: str) -> list[str]:
    tree = parse_tree(text)
    return [str(child.data) for child in tree.children if hasattr(child, "data")]


def test_keywords_are_case_insensitive() -> None:
    text = '[Variant "slovenian-4"]\nHAND N HK\nTaLoN T1\nAUCTION N three\nEnD\n'
    assert element_names(text) == ["tag", "hand", "talon", "auction"]


def test_free_layout() -> None:
    text = '[Variant "x"] hand N\nHK\n\n  HQ talon T1 T2 1. N HK HQ HJ H1 2.\tE T1 end'
    assert element_names(text) == ["tag", "hand", "talon", "trick", "trick"]


def test_comments_anywhere_between_elements_and_tags() -> None:
    text = '{a}[Event "e"]; b\n[Site "s"] {c\nd} hand N HK ; e\nend'
    assert element_names(text) == ["comment", "tag", "comment", "tag", "comment", "hand", "comment"]


def test_seat_is_one_uppercase_letter() -> None:
    tree = parse_tree("hand N I V X\nend")
    hand = tree.children[0]
    assert [str(t) for t in hand.children[1].children] == ["I", "V", "X"]


def test_kontra_word_forms() -> None:
    assert element_names("kontra E 1 game rekontra N game FLEK S trula end") == ["kontra"] * 3


def test_trick_number_is_not_a_card() -> None:
    tree = parse_tree("1. N S10 S9 2. E HK end")
    assert [str(t.children[0]) for t in tree.children[:-1]] == ["1.", "2."]


def test_reserved_words_are_the_grammars_keywords() -> None:
    """The reader refuses a keyword as a name (E101): its list is the grammar's literals."""
    from tarokpgn.notation.transformer import RESERVED

    literals = set(re.findall(r'"([a-z_]+)"i', grammar_text()))
    assert literals == set(RESERVED)
