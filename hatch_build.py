"""Build hook run after hatch-mypyc (see pyproject.toml).

For an editable install, hatch-mypyc compiles in place and would also copy the shared library
of the compiled modules (``<hash>__mypyc.*.so``) into site-packages. mypyc locates the package
directories from that library's path, so the copy would point ``tarokpgn.rules.__path__`` at a
site-packages folder that has no sources. Keep the library in the source tree only; regular
wheels are left as they are.
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "editable":
            return
        included = build_data["force_include"]
        for source in [s for s in included if "__mypyc." in os.path.basename(s)]:
            del included[source]
