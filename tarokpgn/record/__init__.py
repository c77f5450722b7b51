"""Recording a match at the table (``tarokpgn record``): every entry checked as it is typed.

:mod:`tarokpgn.record.session` holds all the logic (:class:`Session`, no terminal I/O, no
translated text); :mod:`tarokpgn.record.messages` the recorder's words in English and
Slovenian; :mod:`tarokpgn.record.ui` the interactive prompt around a session.
"""

from __future__ import annotations

from tarokpgn.record.session import Ask, Event, Reply, Session, SessionError

__all__ = ["Ask", "Event", "Reply", "Session", "SessionError"]
