"""Sphinx configuration. Builds offline: no intersphinx, no downloads."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "tarokpgn"
author = "the tarokpgn developers"
copyright = "2026, the tarokpgn developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "vocabulary_tables"]
autodoc_member_order = "bysource"
autodoc_typehints = "none"
html_theme = "alabaster"
exclude_patterns = ["_build"]
suppress_warnings = ["ref.python"]
