"""Writing a judgement back into the record: the claim as a ``renons`` element (with
``ruling=…``) and the judgement as a ``{comment}`` after it."""

from __future__ import annotations

import dataclasses

from tarokpgn.model import Comment, Record, Renons
from tarokpgn.renons.judgement import Judgement
from tarokpgn.renons.render import short


def same_claim(a: Renons, b: Renons) -> bool:
    """Same claimant, accused, trick, kind, card and kontra (options and line ignored)."""
    keys = ("claimant", "accused", "trick", "kind", "card", "kontra")
    return all(getattr(a, k) == getattr(b, k) for k in keys)


def annotate(record: Record, judgement: Judgement) -> Record:
    """``record`` with the claim (replacing an identical one) and the judgement's comment.

    The claim carries ``ruling=proven|not-proven|undecidable``; a ``{…}`` comment cannot hold
    ``}``, which is replaced by ``)``.
    """
    claim = judgement.claim
    options = tuple((k, v) for k, v in claim.options if k != "ruling")
    ruled = dataclasses.replace(claim, options=(*options, ("ruling", judgement.finding.value)),
                                line=0)  # fmt: skip
    items = [i for i in record.items if not (isinstance(i, Renons) and same_claim(i, claim))]
    note = Comment(short(judgement).replace("}", ")").replace("{", "("))
    items += [ruled, note]
    return dataclasses.replace(record, items=tuple(items))
