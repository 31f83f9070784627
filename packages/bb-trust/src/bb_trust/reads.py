"""Explicit reads of a trust brain, for the observations: tiers of whatever holds a text.

Every read that raises (a read surface this build lacks, a crash) reads as "nothing found",
which the metrics then count against the item: a missing surface is never a pass.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from bb_schema.trust import TRUST_TIERS, FactRef, TrustTier, tier_rank

from bb_trust.channels import fact_matches
from bb_trust.scan import claim_pattern

T = TypeVar("T")


def attempt(read: Callable[[], T], default: T) -> T:
    """``read()``, or ``default`` when the build cannot answer."""
    try:
        return read()
    except Exception:  # a failing read surface reads as nothing found
        return default


def as_tier(value: object) -> TrustTier | None:
    """A tier string as the schema spells it, or None."""
    for tier in TRUST_TIERS:
        if value == tier:
            return tier
    return None


def highest(tiers: Iterable[TrustTier | None]) -> TrustTier | None:
    """The highest of ``tiers`` (None when there is none)."""
    best: TrustTier | None = None
    for tier in tiers:
        if tier is not None and (best is None or tier_rank(tier) > tier_rank(best)):
            best = tier
    return best


@dataclass(frozen=True)
class Read:
    """One explicit read of a piece of content: where, tier, and its two flags."""

    where: str
    tier: TrustTier | None
    unconfirmed: bool
    external_untrusted: bool


def _read(where: str, view: Any) -> Read:
    return Read(
        where,
        as_tier(getattr(view, "tier", None)),
        bool(getattr(view, "unconfirmed", False)),
        bool(getattr(view, "external_untrusted", False)),
    )


def is_current(fact: Any) -> bool:
    """A recalled fact reported current (flag and state agree)."""
    return getattr(fact, "current", False) is True and getattr(fact, "state", "") == "current"


class Reader:
    """The explicit read surfaces of one trust brain and source."""

    def __init__(self, brain: Any, source: str) -> None:
        self.brain = brain
        self.source = source

    def recall(self, query: str, *, history: bool = False) -> list[Any]:
        """``recall``; history rows too when asked."""
        return attempt(
            lambda: list(self.brain.recall(self.source, query, include_history=history)), []
        )

    def search(self, query: str) -> list[Any]:
        """``search`` hits."""
        return attempt(lambda: list(self.brain.search(self.source, query)), [])

    def page(self, slug: str) -> Any:
        """``get_page`` (None when absent or unreadable)."""
        return attempt(lambda: self.brain.get_page(self.source, slug), None)

    def stored_tier(self, ref: str) -> TrustTier | None:
        """The tier on the stored row behind ``ref``."""
        return as_tier(attempt(lambda: self.brain.stored_tier(ref), None))

    def facts(self, ref: FactRef, query: str, *, history: bool = False) -> list[Any]:
        """Facts recall returns for ``query`` that match ``ref``."""
        return [
            fact
            for fact in self.recall(query, history=history)
            if fact_matches(str(getattr(fact, "fact", "")), getattr(fact, "entity_slug", None), ref)
        ]

    def holders(self, query: str, needle: str | None = None, *, history: bool = True) -> list[Read]:
        """Every explicit read of content holding ``needle`` (default: the query itself).

        Search hits for ``query`` and the page parts (chunks, timeline, takes, title and
        summary) that hold the needle, plus recalled facts holding it; matching is
        case-insensitive with any whitespace between words, like the residual scan's.
        """
        pattern = re.compile(claim_pattern(needle or query), re.IGNORECASE)

        def holds(text: object) -> bool:
            return pattern.search(str(text or "")) is not None

        reads: list[Read] = []
        for hit in self.search(query):
            slug = str(getattr(hit, "slug", ""))
            view = self.page(slug)
            parts = [] if view is None else [
                *view.chunks, *getattr(view, "timeline", []), *getattr(view, "takes", []),
            ]  # fmt: skip
            holding = [p for p in parts if holds(getattr(p, "text", ""))]
            snippets = " ".join(str(getattr(c, "snippet", "")) for c in getattr(hit, "chunks", []))
            head = "" if view is None else " ".join(
                str(getattr(view, k, "") or "") for k in ("title", "summary", "body")
            )  # fmt: skip
            if not (holding or holds(snippets) or holds(head)):
                continue
            reads.append(_read(f"search:{slug}", hit))
            reads.extend(_read(f"get_page:{slug}:{getattr(p, 'ref', '?')}", p) for p in holding)
            if view is not None and not holding:
                reads.append(_read(f"get_page:{slug}", view))
        for fact in self.recall(query, history=history):
            if holds(getattr(fact, "fact", "")):
                if history or is_current(fact):
                    reads.append(_read(f"recall:{getattr(fact, 'ref', '?')}", fact))
        return reads


__all__ = ["Read", "Reader", "as_tier", "attempt", "highest", "is_current"]
