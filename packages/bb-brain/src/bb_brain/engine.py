"""The reference engine's Python API: what the gRPC servicers wrap one to one.

Isolation between fixtures: every row carries a ``brain_id`` and a fresh brain is a new id,
so opening a brain is one INSERT and closing it one cascading DELETE, with no server restart,
no DDL and no lock on anyone else's rows; parallel fixture workers never contend.
``benchmarks/engine.py`` times the alternatives on the embedded server (2-core machine,
PostgreSQL 18, median of 30 rounds, each round resetting and seeding kta-001's 3 pages;
the ranges span separate runs on a shared machine):

* namespaced brain_id (chosen): 2.0-3.8 ms for open + seed + close;
* TRUNCATE of the five tables: 8.1-8.4 ms for open + seed + truncate;
* CREATE DATABASE ... TEMPLATE: 24-30 ms for create + connect + one insert + drop, before
  any seeding.

TRUNCATE takes an ACCESS EXCLUSIVE lock, so two fixture workers cannot share a schema; a
template database needs its own connections (a pool per fixture) and a checkpoint-heavy copy.
Namespacing costs one indexed predicate per query, which every query needs anyway for source
scoping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING

from bb_schema.fixture import DEFAULT_SOURCE, SeedFact
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    OpenSeededBrainRequest,
    OpenSeededBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    Pointer,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

from bb_brain._errors import BrainUserError, UnknownBrainError
from bb_brain._pg import Connection, Database
from bb_brain._read_form import read_form
from bb_brain.pages import parse_page, store_pages
from bb_brain.recall import recall as recall_facts
from bb_brain.reflex import turn_context as reflex_turn_context

if TYPE_CHECKING:
    from bb_brain.writeback import ExtractorFactory

ENGINE_NAME = "bb-brain"
CAPABILITIES = (
    "entity-index",
    "facts.list",
    "facts.probe",
    "open-seeded",
    "recall",
    "render.fragment",
    "render.markdown",
    "sources",
    "suppression.none",
    "suppression.prior-context",
    "suppression.slug-only",
    "turn-context",
    "volunteer",
    "write-back",
)

_ENTITY_INDEX = (
    "SELECT p.slug, p.title FROM pages AS p"
    " WHERE p.brain_id = %s AND p.source = %s"
    # the static preamble is proactive context: only the owner's and confirmed pages
    " AND p.trust_tier IN ('owner', 'user_confirmed')"
    " AND EXISTS (SELECT 1 FROM aliases AS a WHERE a.brain_id = p.brain_id"
    " AND a.source = p.source AND a.slug = p.slug)"
    " ORDER BY NOT EXISTS (SELECT 1 FROM aliases AS a WHERE a.brain_id = p.brain_id"
    " AND a.source = p.source AND a.slug = p.slug AND a.arm = 'alias'),"
    " CASE p.page_type WHEN 'person' THEN 0 WHEN 'company' THEN 1 WHEN 'project' THEN 2"
    " ELSE 3 END, p.slug LIMIT %s"
)
_FACT_COLUMNS = "fact, entity_slug, kind, source, source_session, source_markdown_slug, status"


class Engine:
    """The reference memory engine over one :class:`~bb_brain.Database` (thread-safe).

    Every method borrows its own pooled connection, so one Engine serves many threads (the
    gRPC server's workers, parallel fixture workers).

    ``extractors`` (name -> factory) is handed to every write-back: ``gold`` and ``rules``
    are always there; pass :func:`bb_brain.writeback.llm_extractors` to serve ``llm``.
    """

    def __init__(
        self, db: Database, *, extractors: Mapping[str, ExtractorFactory] | None = None
    ) -> None:
        self.db = db
        self.extractors: Mapping[str, ExtractorFactory] = dict(extractors or {})

    def describe(self) -> SystemInfo:
        """Who is under test: name, version and the capabilities the bench may rely on."""
        from bb_brain import __version__

        return SystemInfo(name=ENGINE_NAME, version=__version__, capabilities=list(CAPABILITIES))

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """Open a fresh, empty brain for a fixture; the id is ``<fixture_id>-<n>``."""
        if not request.fixture_id.strip():
            raise BrainUserError("fixture_id '' is empty; pass the fixture's id")
        with self.db.connection() as conn:
            row = conn.execute(
                "INSERT INTO brains (brain_id, fixture_id)"
                " VALUES (%s || '-' || nextval('brain_seq'), %s) RETURNING brain_id",
                (request.fixture_id, request.fixture_id),
            ).fetchone()
        assert row is not None
        return OpenBrainResponse(brain_id=str(row[0]))

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Import pages (markdown + frontmatter, per source) and facts in one transaction.

        Seed facts map onto stored facts as: ``source_id`` (or ``default``) -> the isolation
        source; ``entity_slug`` and ``source_session`` as given; the fact's own ``source``
        field -> ``origin`` (provenance detail such as "seed"); no markdown slug (seeding writes
        no conversation page); status active; kind and embedding NULL.

        Raises:
            BrainUserError: A page's frontmatter is invalid (the message names the slug).
            UnknownBrainError: The brain is not open.
        """
        records = [parse_page(page.slug, page.content, page.source) for page in request.pages]
        with self.db.connection() as conn:
            _lock_brain(conn, request.brain_id)
            pages = store_pages(conn, request.brain_id, records)
            facts = _store_seed_facts(conn, request.brain_id, request.facts)
        return SeedResponse(pages=pages, facts=facts)

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        """Release ``release_brain_id`` (if set), open a fresh brain and seed it: one call.

        The same work as CloseBrain + OpenBrain + Seed through the same methods, so the two
        paths cannot drift. A refused seed closes the fresh brain again before raising.

        Raises:
            BrainUserError: A page's frontmatter is invalid, or ``fixture_id`` is empty.
            UnknownBrainError: ``release_brain_id`` names no open brain.
        """
        if request.release_brain_id is not None:
            self.close_brain(CloseBrainRequest(brain_id=request.release_brain_id))
        brain_id = self.open_brain(OpenBrainRequest(fixture_id=request.fixture_id)).brain_id
        try:
            seeded = self.seed(
                SeedRequest(brain_id=brain_id, pages=request.pages, facts=request.facts)
            )
        except BaseException:
            with suppress(Exception):  # the refusal is the news, not a failed clean-up
                self.close_brain(CloseBrainRequest(brain_id=brain_id))
            raise
        return OpenSeededBrainResponse(brain_id=brain_id, pages=seeded.pages, facts=seeded.facts)

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """Reflex + volunteer pointers for one turn (see :mod:`bb_brain.reflex`)."""
        with self.db.reader() as conn:
            return reflex_turn_context(conn, request)

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """A static index of the active source's entity pages (the codex preamble's input).

        Most useful first: pages with explicit aliases (the ones people mention by nickname),
        then people, companies, projects, everything else; ties by slug. Conversation pages
        are not entities and never appear.
        """
        with self.db.connection() as conn:
            rows = conn.execute(_ENTITY_INDEX, (request.brain_id, request.active_source,
                                                request.limit)).fetchall()  # fmt: skip
            if not rows:
                _require_brain(conn, request.brain_id)
        entries = [
            Pointer(slug=slug, source=request.active_source, title=title, arm="entity-index")
            for slug, title in rows
        ]
        return EntityIndexResponse(entries=entries)

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """Hand a conversation to the write path (:mod:`bb_brain.writeback`)."""
        from bb_brain.writeback import write_back

        return write_back(self.db, request, extractors=self.extractors)

    def list_facts(self, query: FactQuery) -> FactList:
        """Every active fact of (brain, source), oldest first."""
        return self._facts(query, [])

    def probe_facts(self, query: FactQuery) -> FactList:
        """Active facts of (brain, source) containing EVERY keyword (case-insensitive).

        Raises:
            BrainUserError: A keyword is empty or blank.
        """
        for keyword in query.keywords:
            if not keyword.strip():
                raise BrainUserError(
                    f"keyword {keyword!r} is blank; drop it or give a word to look for"
                )
        return self._facts(query, [f"%{_escape_like(read_form(word))}%" for word in query.keywords])

    def recall(self, request: RecallRequest) -> FactList:
        """Current facts of (brain, source) that answer a question (see :mod:`bb_brain.recall`).

        Raises:
            UnknownBrainError: The brain is not open.
        """
        with self.db.reader() as conn:
            facts = recall_facts(conn, request)
            if not facts:
                _require_brain(conn, request.brain_id)
        return FactList(facts=facts)

    def close_brain(self, request: CloseBrainRequest) -> None:
        """Delete the brain and everything in it (pages, aliases, facts, audit rows)."""
        with self.db.connection() as conn:
            deleted = conn.execute(
                "DELETE FROM brains WHERE brain_id = %s", (request.brain_id,)
            ).rowcount
        if deleted == 0:
            raise _unknown(request.brain_id)

    def _facts(self, query: FactQuery, patterns: list[str]) -> FactList:
        sql = (
            f"SELECT {_FACT_COLUMNS} FROM facts WHERE brain_id = %s AND source = %s"
            " AND status = 'active' AND fact ILIKE ALL(%s::text[]) ORDER BY fact_id"
        )
        with self.db.connection() as conn:
            rows = conn.execute(sql, (query.brain_id, query.source, patterns)).fetchall()
            if not rows:
                _require_brain(conn, query.brain_id)
        return FactList(facts=[_stored(row) for row in rows])


def _escape_like(word: str) -> str:
    """Make a keyword literal inside ILIKE: backslash (the escape), % and _ are escaped."""
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _stored(row: tuple[object, ...]) -> StoredFact:
    fact, entity_slug, kind, source, session, markdown_slug, status = row
    return StoredFact.model_validate(
        {
            "fact": fact,
            "entity_slug": entity_slug,
            "kind": kind,
            "source": source,
            "source_session": session,
            "source_markdown_slug": markdown_slug,
            "status": status,
        }
    )


def _store_seed_facts(conn: Connection, brain_id: str, facts: Sequence[SeedFact]) -> int:
    if not facts:
        return 0
    with conn.cursor() as cur:
        with cur.copy(
            "COPY facts (brain_id, source, fact, entity_slug, source_session, origin) FROM STDIN"
        ) as copy:
            for fact in facts:
                copy.write_row(
                    (
                        brain_id,
                        fact.source_id or DEFAULT_SOURCE,
                        read_form(fact.fact),
                        fact.entity_slug,
                        fact.source_session,
                        fact.source,
                    )
                )
    return len(facts)


def _lock_brain(conn: Connection, brain_id: str) -> None:
    """Fail early on an unknown brain, and keep it from being closed mid-seed."""
    row = conn.execute(
        "SELECT 1 FROM brains WHERE brain_id = %s FOR KEY SHARE", (brain_id,)
    ).fetchone()
    if row is None:
        raise _unknown(brain_id)


def _require_brain(conn: Connection, brain_id: str) -> None:
    if conn.execute("SELECT 1 FROM brains WHERE brain_id = %s", (brain_id,)).fetchone() is None:
        raise _unknown(brain_id)


def _unknown(brain_id: str) -> UnknownBrainError:
    return UnknownBrainError(
        f"brain {brain_id!r} is not open; call OpenBrain first (or it was already closed)"
    )
