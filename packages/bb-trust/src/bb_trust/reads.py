"""Explicit reads of a trust brain, for the observations: tiers of whatever holds a text.

Every read is a MemoryTrust call over the ``observer`` channel (the bench reading as the
owner). What a read sends is taken from the fixture's own content (a marker, a canary, a
claim, a page slug), never an expected tier, state or item id.

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

from bb_schema import trust_seam as ts
from bb_schema.text import holds_keywords
from bb_schema.trust import TRUST_TIERS, FactRef, TrustTier, tier_rank

from bb_trust import scan
from bb_trust.session import TrustSession

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


def fact_matches(text: str, entity_slug: str | None, ref: FactRef) -> bool:
    """A stored fact holds every keyword and, when given, names the entity.

    Keywords match by the keyword rule of :mod:`bb_schema.text` (case folded, in NFC).
    """
    if ref.entity_slug is not None and entity_slug != ref.entity_slug:
        return False
    return holds_keywords(text, ref.match_keywords)


class Reader:
    """The explicit read surfaces of one trust brain and source, and the reads that failed.

    :meth:`dump` is the store dump (``DumpStores``); inside :meth:`frozen` one dump serves
    every read (nothing is written there), outside it every call takes a fresh one.
    """

    def __init__(self, session: TrustSession) -> None:
        self.session = session
        self.source = session.source
        self._watchers: list[list[str]] = []
        self._frozen: ts.StoreDump | None = None
        self._freezing = False

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

    def _base(self) -> dict[str, Any]:
        s = self.session
        return {"brain_id": s.brain_id, "source": s.source, "channel": "observer"}

    def recall(self, query: str, *, history: bool = False) -> list[Any]:
        """``RecallFacts``; history rows too when asked."""
        request = ts.RecallFactsRequest(**self._base(), query=query, include_history=history)
        s = self.session
        return self.attempt(
            "recall",
            lambda: list(s.call("RecallFacts", lambda: s.system.recall_facts(request)).facts),
            [],
        )

    def search(self, query: str) -> list[Any]:
        """``Search`` hits."""
        request = ts.SearchRequest(**self._base(), query=query)
        s = self.session
        return self.attempt(
            "search", lambda: list(s.call("Search", lambda: s.system.search(request)).hits), []
        )

    def page(self, slug: str) -> Any:
        """``GetPage`` (None when absent or unreadable)."""
        request = ts.GetPageRequest(**self._base(), slug=slug)
        s = self.session
        return self.attempt(
            "get_page", lambda: s.call("GetPage", lambda: s.system.get_page(request)).page, None
        )

    def _dump(self) -> ts.StoreDump:
        if self._frozen is not None:
            return self._frozen
        s = self.session
        request = ts.DumpStoresRequest(brain_id=s.brain_id)
        found: ts.StoreDump = s.call("DumpStores", lambda: s.system.dump_stores(request))
        if self._freezing:
            self._frozen = found
        return found

    def dump(self, surface: str, read: Callable[[ts.StoreDump], T], default: T) -> T:
        """``read(dump)`` of the store dump; a dump that fails is recorded and gives default."""
        return self.attempt(surface, lambda: read(self._dump()), default)

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """One store dump for every read inside the block (taken at its first use)."""
        self._freezing, self._frozen = True, None
        try:
            yield
        finally:
            self._freezing, self._frozen = False, None

    def stored_tier(self, ref: str) -> TrustTier | None:
        """The tier on the stored record behind ``ref`` (from the store dump)."""
        return self.dump("stored_tier", lambda d: scan.tier_of(d, ref), None)

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
        pattern = re.compile(scan.claim_pattern(needle or query), re.IGNORECASE)

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


__all__ = [
    "Read",
    "Reader",
    "as_tier",
    "describe_error",
    "fact_matches",
    "highest",
    "is_current",
]
