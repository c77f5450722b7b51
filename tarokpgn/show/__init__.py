"""Seeing deals: cards as SVG (:mod:`~tarokpgn.show.svg`), the self-contained HTML replay page
(:mod:`~tarokpgn.show.html`) and the terminal diagram (:mod:`~tarokpgn.show.terminal`).

Every view draws what the record says and what the verifier decided (:class:`~tarokpgn.verdict.
Verdict`: trick winners, findings, scores); none of them applies a rule itself.
"""

from __future__ import annotations
