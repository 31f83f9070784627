"""Explicit reads of a trust brain, for the observations: tiers of whatever holds a text.

A read that raises (a read surface this build lacks, a crash) returns "nothing found" to its
caller AND is recorded, with its error, by every :meth:`Reader.watch` block around it: the
observer keeps those errors on the item the read was for, and the metrics count an item
with a failed read against their protection (a violation, a miss, "persisted"). Reading
nothing because the surface crashed is never mistaken for reading nothing because nothing
was there: a build cannot pass by crashing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from bb_schema.trust import TRUST_TIERS, FactRef, TrustTier, tier_rank

from bb_trust.channels import fact_matches
from bb_trust.scan import claim_pattern

T = TypeVar("T")


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


def describe_error(exc: BaseException) -> str:
    """``Type: message`` of an exception, on one line."""
    message = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


class Reader:
    """The explicit read surfaces of one trust brain and source, and the reads that failed."""

    def __init__(self, brain: Any, source: str) -> None:
        self.brain = brain
        self.source = source
        self._watchers: list[list[str]] = []

    @contextmanager
    def watch(self) -> Iterator[list[str]]:
        """Collect the failure of every read made inside the block (blocks may nest)."""
        errors: list[str] = []
        self._watchers.append(errors)
        try:
            yield errors
        finally:
            self._watchers.remove(errors)

    def attempt(self, surface: str, read: Callable[[], T], default: T) -> T:
        """``read()``; when it raises, ``default``, with the failure recorded for the watchers."""
        try:
            return read()
        except Exception as exc:  # recorded: the observer turns it into a failed item
            why = f"{surface} failed: {describe_error(exc)}"
            for errors in self._watchers:
                if why not in errors:
                    errors.append(why)
            return default

    def recall(self, query: str, *, history: bool = False) -> list[Any]:
        """``recall``; history rows too when asked."""
        return self.attempt(
            "recall",
            lambda: list(self.brain.recall(self.source, query, include_history=history)),
            [],
        )

    def search(self, query: str) -> list[Any]:
        """``search`` hits."""
        return self.attempt("search", lambda: list(self.brain.search(self.source, query)), [])

    def page(self, slug: str) -> Any:
        """``get_page`` (None when absent or unreadable)."""
        return self.attempt("get_page", lambda: self.brain.get_page(self.source, slug), None)

    def stored_tier(self, ref: str) -> TrustTier | None:
        """The tier on the stored row behind ``ref``."""
        return as_tier(self.attempt("stored_tier", lambda: self.brain.stored_tier(ref), None))

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
                *getattr(view, "chunks", []), *getattr(view, "timeline", []),
                *getattr(view, "takes", []),
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


__all__ = ["Read", "Reader", "as_tier", "describe_error", "highest", "is_current"]
