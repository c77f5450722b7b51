"""tarokpgn: record, verify and study deals of the tarok family of card games.

The top level re-exports what most programs need: read and write records
(:func:`iter_records`, :func:`iter_file`, :func:`parse_record`, :func:`write_record`,
:func:`to_json`, :func:`from_json`), check and verify them (:func:`check_record`, :func:`verify`,
:func:`verify_all`, :func:`judge_renons`), generate random legal deals (:func:`generate`) and
the record and verdict types. :func:`compiled` tells whether the hot path runs compiled with
mypyc or as pure Python.
"""

__version__ = "0.1.0"

import os as _os  # noqa: E402

from tarokpgn._build import StaleBuildWarning, compiled  # noqa: E402
from tarokpgn._build import warn_if_stale as _warn_if_stale  # noqa: E402

# Before anything compiled is imported: warn if an edited source is shadowed by an older build.
_warn_if_stale(_os.path.dirname(__file__))

from tarokpgn.errors import NotationError, TarokPgnError  # noqa: E402
from tarokpgn.generate import generate  # noqa: E402
from tarokpgn.model import Record  # noqa: E402
from tarokpgn.notation import (  # noqa: E402
    check_record,
    from_json,
    iter_file,
    iter_records,
    parse_record,
    read_headers,
    to_json,
    write_record,
)
from tarokpgn.renons import judge as judge_renons  # noqa: E402
from tarokpgn.replay import verify, verify_all  # noqa: E402
from tarokpgn.rules import find_ruleset  # noqa: E402
from tarokpgn.verdict import Status, Verdict  # noqa: E402

__all__ = [
    "NotationError",
    "Record",
    "StaleBuildWarning",
    "Status",
    "TarokPgnError",
    "Verdict",
    "__version__",
    "check_record",
    "compiled",
    "find_ruleset",
    "from_json",
    "generate",
    "iter_file",
    "iter_records",
    "judge_renons",
    "parse_record",
    "read_headers",
    "to_json",
    "verify",
    "verify_all",
    "write_record",
]
