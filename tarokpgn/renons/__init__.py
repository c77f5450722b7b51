"""Renons (rule violation) claims: judge a claim from the record (SL-13, CZ-8.7).

>>> from tarokpgn.renons import judge, text
>>> judgement = judge(record, record_claim)  # doctest: +SKIP
>>> print(text(judgement))  # doctest: +SKIP

* :func:`judge`: the :class:`Judgement` on one claim (finding, evidence, penalty, scores);
* :func:`judge_deal`: every claim of a deal judged and the deal scored (:class:`DealRuling`);
* :func:`audit`: every illegal play, lead and lay-away of a record as a proven renons;
* :func:`annotate`: the record with the claim and the judgement written into it;
* :func:`text` / :func:`to_json`: the judgement for the table and for tools.
"""

from __future__ import annotations

from tarokpgn.errors import RecordError
from tarokpgn.renons.annotate import annotate
from tarokpgn.renons.audit import audit
from tarokpgn.renons.judgement import DealRuling, Finding, Judgement, Penalty, Step
from tarokpgn.renons.options import RenonsOptions, renons_options
from tarokpgn.renons.render import short, text, to_json
from tarokpgn.renons.ruling import ClaimError, check_claim, deal_name, judge, judge_deal

__all__ = [
    "ClaimError",
    "DealRuling",
    "Finding",
    "Judgement",
    "Penalty",
    "RecordError",
    "RenonsOptions",
    "Step",
    "annotate",
    "audit",
    "check_claim",
    "deal_name",
    "judge",
    "judge_deal",
    "renons_options",
    "short",
    "text",
    "to_json",
]
