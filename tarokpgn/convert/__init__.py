"""Converters: the registry of file formats ``tarokpgn convert`` reads and writes.

A format is a :class:`Format` (see :mod:`tarokpgn.convert.base`): a name, a reader and/or a
writer, the file endings that mean it and a content sniffer. The built-in ones are the modules
:mod:`~tarokpgn.convert.native` (``tpgn``, ``json``, ``jsonl``), ``openspiel``, ``taroky`` and
``scoresheet``, each with a module attribute ``FORMATS``; third-party ones are entry points of
the group ``tarokpgn.formats``, each naming a :class:`Format` or a module (or object) with
``FORMATS``. All are loaded on first use. A module or plug-in that fails to load is remembered
with the reason (:func:`load_problems`) and the others work.

Loading goes in one order, the built-in modules and then the plug-ins, but only as far as an
answer needs (issue 21): :func:`find_format` stops at the module that has the name (a later one
cannot take a name already registered), and :func:`format_to_read` takes an input that is
unmistakably TPGN without the plug-ins. So ``tarokpgn verify deals.tpgn`` does not scan the
installed distributions for entry points, nor import the other formats' modules.
"""

from __future__ import annotations

import functools
import importlib
import io
from collections.abc import Callable, Iterable
from pathlib import PurePath
from typing import Final

from tarokpgn.convert.base import (
    GUESSED,
    KINDS,
    LOST,
    SKIPPED,
    Format,
    Note,
    Notes,
    Reader,
    Writer,
)
from tarokpgn.errors import NotationError, describe

__all__ = [
    "GUESSED",
    "KINDS",
    "LOST",
    "SKIPPED",
    "Format",
    "Note",
    "Notes",
    "Reader",
    "Writer",
    "all_formats",
    "availability",
    "detect",
    "find_format",
    "format_to_read",
    "load_problems",
    "register_format",
    "reload_formats",
    "unregister_format",
]

BUILTIN_MODULES: Final = (
    "tarokpgn.convert.native",
    "tarokpgn.convert.openspiel",
    "tarokpgn.convert.taroky",
    "tarokpgn.convert.scoresheet",
)
ENTRY_POINT_GROUP: Final = "tarokpgn.formats"
HEAD_BYTES: Final = 4096
"""How much of an input the sniffers see."""

_FORMATS: dict[str, Format] = {}
_PROBLEMS: dict[str, str] = {}
"""Module or plug-in that did not load → why."""
_builtins_loaded = 0
"""How many of :data:`BUILTIN_MODULES`, from the first, are loaded."""
_loaded = False
"""Whether every format source, built-in modules and plug-ins, is loaded."""


def register_format(fmt: Format, *, replace: bool = False) -> None:
    """Add ``fmt``. A name already registered (by another format) is a ValueError unless
    ``replace``."""
    _load()
    _add(fmt, replace)


def unregister_format(name: str) -> Format | None:
    """Remove the format ``name``; the format removed, None when there was none."""
    _load()
    return _FORMATS.pop(name, None)


def find_format(name: str) -> Format | None:
    """The format called ``name``, or None. The sources are loaded in order until one has it:
    a built-in format is found without the plug-ins."""
    for count in range(1, len(BUILTIN_MODULES) + 1):
        _load_builtins(count)
        if name in _FORMATS:
            return _FORMATS[name]
    _load()
    return _FORMATS.get(name)


def all_formats() -> tuple[Format, ...]:
    """Every registered format, sorted by name."""
    _load()
    return tuple(_FORMATS[name] for name in sorted(_FORMATS))


def load_problems() -> tuple[tuple[str, str], ...]:
    """``(module or plug-in, reason)`` for each format source that failed to load."""
    _load()
    return tuple(_PROBLEMS.items())


def reload_formats() -> None:
    """Forget every format and load the built-in ones and the plug-ins again (after a plug-in
    was installed in the running process)."""
    global _builtins_loaded, _loaded
    _FORMATS.clear()
    _PROBLEMS.clear()
    _builtins_loaded = 0
    _loaded = False
    _load()


def detect(name: str, head: bytes) -> Format | None:
    """The readable format of the input ``name`` whose first bytes are ``head`` (up to
    :data:`HEAD_BYTES`): the one whose sniffer claims ``head`` and whose extension ``name``
    has, else the only one claiming ``head``, else the only one ``name``'s extension means;
    None when neither content nor name tell."""
    readable = [fmt for fmt in all_formats() if fmt.read is not None]
    claims = [fmt for fmt in readable if _claims(fmt, head)]
    suffix = _suffix(name)
    named = [fmt for fmt in readable if suffix and suffix in fmt.extensions]
    both = [fmt for fmt in claims if fmt in named]
    for found in (both, claims, named):
        if len(found) == 1:
            return found[0]
    return None


def format_to_read(name: str, head: bytes) -> Format | None:
    """The format the commands read the input ``name`` in: :func:`detect`'s, else TPGN (None
    only when no format is called ``tpgn``).

    An input that TPGN's sniffer claims, named with its ending or with none (standard input),
    is TPGN whatever else is installed: another format that claims it too, and has the same
    name or no ending at all, leaves :func:`detect` undecided, which is TPGN again. Such an
    input is taken without loading the other formats and the plug-ins."""
    tpgn = find_format("tpgn")
    if tpgn is not None and _decides(tpgn, name, head):
        return tpgn
    return detect(name, head) or tpgn


def availability(fmt: Format) -> str:
    """``yes``, or what to install: a format that ``requires`` something has its reader tried
    on an empty input, and one that answers E302 (missing-dependency) is not available."""
    if not fmt.requires or fmt.read is None:
        return "yes"
    needs = f"needs: pip install '{fmt.requires}'"
    try:
        results = list(fmt.read(io.BytesIO(b""), "<probe>", Notes()))
    except Exception as exc:
        return f"{needs} (its reader failed: {describe(exc)})"
    missing = any(isinstance(r, NotationError) and r.code == "E302" for r in results)
    return needs if missing else "yes"


def _suffix(name: str) -> str:
    """The file ending of ``name``, lower case with the dot (``.csv``)."""
    return PurePath(name).suffix.lower()


def _decides(fmt: Format, name: str, head: bytes) -> bool:
    """Whether ``detect(name, head)`` is ``fmt`` or None whatever other formats are registered:
    ``fmt`` can read, claims ``head``, and ``name`` has one of its endings or none. Then
    ``fmt`` is in the first list :func:`detect` tries that is not empty (the formats claiming
    ``head`` and so named; with no ending, those claiming ``head``): alone there, it is the
    answer; with others, the later lists hold them too (or are empty) and nothing is."""
    suffix = _suffix(name)
    named = not suffix or suffix in fmt.extensions
    return fmt.read is not None and named and _claims(fmt, head)


def _claims(fmt: Format, head: bytes) -> bool:
    """Whether ``fmt``'s sniffer claims ``head`` (a sniffer that fails claims nothing)."""
    if fmt.sniff is None:
        return False
    try:
        return bool(fmt.sniff(head))
    except Exception:
        return False


def _add(fmt: Format, replace: bool = False) -> None:
    if not isinstance(fmt, Format):
        raise TypeError(f"not a Format: {fmt!r}")
    if not fmt.name or (fmt.read is None and fmt.write is None):
        raise ValueError(f"format {fmt.name!r} has no name, or neither a reader nor a writer")
    known = _FORMATS.get(fmt.name)
    if known is not None and known is not fmt and not replace:
        raise ValueError(f"format {fmt.name!r} is already registered ({known.summary})")
    _FORMATS[fmt.name] = fmt


def _load() -> None:
    """Load the built-in format modules and the plug-ins, once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    _load_builtins(len(BUILTIN_MODULES))
    import importlib.metadata  # ~20 ms: only when the plug-ins are needed

    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        _load_source(f"plug-in {entry.name} ({entry.value})", entry.load)


def _load_builtins(count: int) -> None:
    """Load the first ``count`` built-in format modules, each once, in order."""
    global _builtins_loaded
    while _builtins_loaded < count:
        module = BUILTIN_MODULES[_builtins_loaded]
        _builtins_loaded += 1
        _load_source(module, functools.partial(importlib.import_module, module))


def _load_source(source: str, load: Callable[[], object]) -> None:
    """Register the formats ``load()`` gives; on any failure remember ``source`` and why."""
    try:
        for fmt in _formats_of(load()):
            _add(fmt)
    except Exception as exc:  # a broken module or plug-in costs only itself
        _PROBLEMS[source] = describe(exc)


def _formats_of(found: object) -> Iterable[Format]:
    """The formats an entry point or module gives: a Format, or an object with ``FORMATS``."""
    if isinstance(found, Format):
        return (found,)
    formats = getattr(found, "FORMATS", None)
    if not isinstance(formats, tuple | list):
        what = getattr(found, "__name__", type(found).__name__)
        raise TypeError(f"{what} is not a Format and has no FORMATS (a tuple of Format)")
    return tuple(formats)
