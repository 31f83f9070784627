"""TurnContext + BenchControl over mem0: the nine methods of ``bb_schema.rpc.MemoryImpl``.

Mapping onto mem0:

* A brain is a set of mem0 tenants: pages of one source live under ``user_id``
  ``<brain>:<source>``, facts of that source under ``run_id`` ``<brain>:<source>``, so no
  search, listing or probe ever crosses a source or a brain. CloseBrain deletes them all.
* Seed: every page is one memory (its whole markdown, verbatim) carrying slug and title in
  metadata; seed facts are memories under the facts tenant.
* GetTurnContext: mem0's similarity search on the turn text alone, gated by a declared
  threshold (below it, silence), minus pages the seam says are already in context, cut to the
  seam's pointer budget. There is no entity resolution, no keyword arm and no volunteer stage.
* WriteBack: with the ``gold`` extractor the injected facts of the conversation's turns are
  stored with provenance metadata; with ``rules`` mem0's own no-LLM behaviour applies (each
  user turn stored verbatim); ``llm`` is refused (no model here). As the contract asks, a
  fact is kept once per conversation (a restatement is dropped) and carries the session
  label of the segment that first stated it (``<session>#<n>``).
* ListFacts / ProbeFacts: mem0's ``get_all`` on the facts tenant; probes keep the rows that
  contain every keyword (case-insensitive substring).
"""

from __future__ import annotations

import itertools
import threading
import unicodedata
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, Final, Protocol
from urllib.parse import quote

from bb_schema import DEFAULT_SOURCE, FactKind, PublicTurn, SchemaUserError
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    ExtractedFact,
    Pointer,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_slug,
    segment_label,
)

from foreign_mem0 import __version__
from foreign_mem0.pages import page_memory
from foreign_mem0.render import already_in_context, render
from foreign_mem0.store import Hit, Row

SYSTEM_NAME: Final = "mem0"
#: The declared similarity gate: a page whose cosine similarity to the turn is below it is
#: never pointed at. Chosen before any scoring run, from the usual all-MiniLM-L6-v2 range
#: (unrelated sentences score about 0.0-0.2, a sentence about the page's subject 0.4+).
DEFAULT_THRESHOLD: Final = 0.35
#: How many hits to ask mem0 for: enough that suppression cannot starve the budget.
SEARCH_DEPTH: Final = 64
#: A pause longer than this between timestamped turns starts a new segment.
SEGMENT_GAP: Final = timedelta(minutes=30)
CAPABILITIES: Final = (
    "entity-index",
    "facts.list",
    "facts.probe",
    "render.fragment",
    "render.markdown",
    "sources",
    "suppression.none",
    "suppression.prior-context",
    "suppression.slug-only",
    "turn-context",
    "write-back",
)


class Store(Protocol):
    """What this module needs from mem0 (see :class:`foreign_mem0.store.Mem0Store`)."""

    def add(self, text: str, *, scope: dict[str, str], metadata: dict[str, Any]) -> None:
        """Store ``text`` verbatim."""
        ...

    def search(
        self, query: str, *, scope: dict[str, str], top_k: int, threshold: float
    ) -> list[Hit]:
        """Similarity search."""
        ...

    def list(self, *, scope: dict[str, str]) -> list[Row]:
        """Every memory in scope."""
        ...

    def delete(self, *, scope: dict[str, str]) -> None:
        """Forget every memory in scope."""
        ...


def _tenant(brain_id: str, source: str) -> str:
    # mem0 ids may not contain whitespace; quoting also keeps ':' unambiguous.
    return f"{quote(brain_id, safe='')}:{quote(source, safe='')}"


def _normalise_fact(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(folded.split()).strip(".!?;:,").strip()


def segment_numbers(turns: Sequence[PublicTurn]) -> dict[int, int]:
    """Turn id -> 1-based segment: a gap over 30 minutes since the previous timestamp splits."""
    numbers: dict[int, int] = {}
    segment, last = 1, None
    for turn in turns:
        when = turn.when
        if when is not None and last is not None and when - last > SEGMENT_GAP:
            segment += 1
        numbers[turn.turn_id] = segment
        last = when if when is not None else last
    return numbers


def count_segments(turns: Sequence[PublicTurn]) -> int:
    """Segments of a conversation."""
    return max(segment_numbers(turns).values(), default=1)


class Mem0Memory:
    """The nine service methods over one mem0 store; serialised by one lock."""

    def __init__(self, store: Store, *, threshold: float = DEFAULT_THRESHOLD, version: str) -> None:
        if not 0.0 <= threshold <= 1.0:
            raise SchemaUserError(f"threshold {threshold!r} must be within 0.0..1.0")
        self._store = store
        self._threshold = threshold
        self._version = version
        self._lock = threading.Lock()
        self._brains: dict[str, set[str]] = {}
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)

    # BenchControl

    def describe(self) -> SystemInfo:
        """Who is under test, and how it was configured."""
        return SystemInfo(
            name=SYSTEM_NAME,
            version=(
                f"mem0ai {self._version} (foreign-mem0 {__version__}; all-MiniLM-L6-v2; "
                f"infer=False; similarity threshold {self._threshold})"
            ),
            capabilities=list(CAPABILITIES),
        )

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """A fresh brain id; nothing is stored until Seed."""
        if not request.fixture_id.strip():
            raise SchemaUserError("fixture_id '' is empty; pass the fixture's id")
        with self._lock:
            brain_id = f"{request.fixture_id}-{next(self._ids)}"
            self._brains[brain_id] = set()
        return OpenBrainResponse(brain_id=brain_id)

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Pages as memories under their source's page tenant; facts under its fact tenant."""
        pages = [page_memory(page) for page in request.pages]
        with self._lock:
            sources = self._open(request.brain_id)
            for page in pages:
                sources.add(page.source)
                self._store.add(
                    page.text,
                    scope={"user_id": _tenant(request.brain_id, page.source)},
                    metadata={
                        "slug": page.slug,
                        "title": page.title,
                        "summary": page.summary,
                        "seq": next(self._seq),
                    },
                )
            for fact in request.facts:
                source = fact.source_id or DEFAULT_SOURCE
                sources.add(source)
                self._add_fact(
                    request.brain_id,
                    source,
                    fact.fact,
                    entity_slug=fact.entity_slug,
                    kind=None,
                    session=fact.source_session,
                    markdown_slug=None,
                    origin=fact.source or "seed",
                )
        return SeedResponse(pages=len(pages), facts=len(request.facts))

    def list_facts(self, request: FactQuery) -> FactList:
        """Every fact of (brain, source), in the order they were stored."""
        with self._lock:
            self._open(request.brain_id)
            return FactList(facts=self._facts(request.brain_id, request.source))

    def probe_facts(self, request: FactQuery) -> FactList:
        """Facts of (brain, source) containing every keyword, case-insensitively."""
        for keyword in request.keywords:
            if not keyword.strip():
                raise SchemaUserError(f"keyword {keyword!r} is blank; give a word to look for")
        words = [keyword.lower() for keyword in request.keywords]
        with self._lock:
            self._open(request.brain_id)
            facts = self._facts(request.brain_id, request.source)
        return FactList(facts=[f for f in facts if all(w in f.fact.lower() for w in words)])

    def close_brain(self, request: CloseBrainRequest) -> None:
        """Delete every tenant of the brain from mem0."""
        with self._lock:
            sources = self._brains.pop(request.brain_id, None)
            if sources is None:
                raise self._unknown(request.brain_id)
            for source in sorted(sources):
                tenant = _tenant(request.brain_id, source)
                self._store.delete(scope={"user_id": tenant})
                self._store.delete(scope={"run_id": tenant})

    # TurnContext

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """Similarity search on the turn text, gated, suppressed and cut to the budget."""
        settings = request.settings
        with self._lock:
            self._open(request.brain_id)
            if settings.pointer_budget == 0:
                return TurnContextResponse()
            hits = self._store.search(
                request.turn.text,
                scope={"user_id": _tenant(request.brain_id, request.active_source)},
                top_k=SEARCH_DEPTH,
                threshold=self._threshold,
            )
        # Highest similarity first; equal scores fall back to the slug, so ties are stable.
        hits.sort(key=lambda hit: (-hit.score, str(hit.metadata.get("slug", ""))))
        pointers: list[Pointer] = []
        summaries: dict[str, str] = {}
        for hit in hits:
            slug = str(hit.metadata.get("slug", ""))
            if not slug or slug in summaries:
                continue
            if already_in_context(slug, request.prior_context, settings.suppression):
                continue
            summaries[slug] = str(hit.metadata.get("summary", ""))
            pointers.append(
                Pointer(
                    slug=slug,
                    source=request.active_source,
                    title=str(hit.metadata.get("title", slug)),
                    arm="similarity",
                    confidence=round(hit.score, 6),
                    stage="reflex",
                )
            )
            if len(pointers) == settings.pointer_budget:
                break
        return TurnContextResponse(
            text=render(pointers, summaries, settings.render), pointers=pointers
        )

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """The source's pages by slug (mem0 has no notion of which entities matter most)."""
        with self._lock:
            self._open(request.brain_id)
            rows = self._store.list(
                scope={"user_id": _tenant(request.brain_id, request.active_source)}
            )
        pages = sorted(
            {str(row.metadata.get("slug", "")): row for row in rows}.items(),
            key=lambda item: item[0],
        )
        entries = [
            Pointer(
                slug=slug,
                source=request.active_source,
                title=str(row.metadata.get("title", slug)),
                arm="entity-index",
            )
            for slug, row in pages
            if slug
        ]
        return EntityIndexResponse(entries=entries[: request.limit])

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """Store what the extractor seam hands over, deduplicated, with provenance."""
        extracted = self._extract(request)
        slug = conversation_slug(request.session_id)
        written = deduplicated = 0
        with self._lock:
            sources = self._open(request.brain_id)
            sources.add(request.source)
            seen = {
                (_normalise_fact(f.fact), f.entity_slug or "")
                for f in self._facts(request.brain_id, request.source)
                if f.source_markdown_slug == slug
            }
            for fact, segment in extracted:
                text = " ".join(fact.fact.split())
                key = (_normalise_fact(text), fact.entity_slug or "")
                if not text or key in seen:
                    deduplicated += bool(text)
                    continue
                seen.add(key)
                self._add_fact(
                    request.brain_id,
                    request.source,
                    text,
                    entity_slug=fact.entity_slug,
                    kind=fact.kind or "fact",
                    session=segment_label(request.session_id, segment),
                    markdown_slug=slug,
                    origin=f"write-back:{request.extractor}",
                )
                written += 1
        return WriteBackResponse(
            conversation_slug=slug,
            segments=count_segments(request.turns),
            facts_written=written,
            facts_deduplicated=deduplicated,
        )

    # helpers (callers hold the lock where they touch state)

    def _extract(self, request: WriteBackRequest) -> list[tuple[ExtractedFact, int]]:
        """The conversation's facts in order, each with the segment of the turn stating it."""
        segments = segment_numbers(request.turns)
        if request.extractor == "gold":
            by_text: dict[str, list[ExtractedFact]] = {}
            for item in request.injected:
                by_text.setdefault(item.turn_text, []).extend(item.facts)
            facts: list[tuple[ExtractedFact, int]] = []
            first: dict[str, int] = {}
            for turn in request.turns:
                first.setdefault(turn.text, segments[turn.turn_id])
            for text, segment in first.items():
                facts.extend((fact, segment) for fact in by_text.get(text, []))
            return facts
        if request.extractor == "rules":
            # mem0 without an LLM keeps what it is given: each user message, verbatim.
            return [
                (ExtractedFact(fact=t.text), segments[t.turn_id])
                for t in request.turns
                if t.role == "user"
            ]
        raise SchemaUserError(
            f"extractor {request.extractor!r} needs an LLM, and this mem0 runs with infer=False; "
            "use the gold or rules extractor"
        )

    def _add_fact(
        self,
        brain_id: str,
        source: str,
        text: str,
        *,
        entity_slug: str | None,
        kind: FactKind | None,
        session: str | None,
        markdown_slug: str | None,
        origin: str,
    ) -> None:
        metadata: dict[str, Any] = {"origin": origin, "seq": next(self._seq)}
        optional = {
            "entity_slug": entity_slug,
            "kind": kind,
            "source_session": session,
            "source_markdown_slug": markdown_slug,
        }
        metadata.update({key: value for key, value in optional.items() if value is not None})
        self._store.add(text, scope={"run_id": _tenant(brain_id, source)}, metadata=metadata)

    def _facts(self, brain_id: str, source: str) -> list[StoredFact]:
        rows = self._store.list(scope={"run_id": _tenant(brain_id, source)})
        rows.sort(key=lambda row: int(row.metadata.get("seq", 0)))
        return [
            StoredFact.model_validate(
                {
                    "fact": row.text,
                    "entity_slug": row.metadata.get("entity_slug"),
                    "kind": row.metadata.get("kind"),
                    "source": source,
                    "source_session": row.metadata.get("source_session"),
                    "source_markdown_slug": row.metadata.get("source_markdown_slug"),
                }
            )
            for row in rows
        ]

    def _open(self, brain_id: str) -> set[str]:
        sources = self._brains.get(brain_id)
        if sources is None:
            raise self._unknown(brain_id)
        return sources

    @staticmethod
    def _unknown(brain_id: str) -> SchemaUserError:
        return SchemaUserError(
            f"brain {brain_id!r} is not open; call OpenBrain first (or it was already closed)"
        )
