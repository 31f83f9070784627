"""The write path: conversation -> page -> segments -> extractor seam -> facts, atomically.

Order of work, and why:

1. Put the turns' texts in the form the engine reads (:mod:`bb_brain._read_form`), render the
   conversation page and segment the turns (pure, no database).
2. Check the brain and build the extractor (reads only: the entity index).
3. Extract every segment with no connection held, since the ``llm`` extractor waits on a
   remote model; a failure here (a BudgetExhausted, a malformed answer) stores nothing. The
   facts it returns are put in that form, their new entities' titles too.
4. One transaction: replace the conversation page, deduplicate against the conversation's
   stored facts and within the batch, create a page for every entity a fact names that the source
   has no page for yet (a person first met in this conversation: the extractor's
   ``entity_title``, else a title from the slug), insert the new facts with one
   ``executemany``, write one audit row. A per-session advisory lock serialises concurrent
   write-backs of the same session so dedup cannot race.

Provenance follows the contract (``bb_schema.turn_context``): a fact is stored once per
conversation, stamped with the conversation page as ``source_markdown_slug`` and the label of
the segment that first stated it (``<session_id>#<n>``) as ``source_session``; a restatement
later in the conversation, in the same segment or another, is counted as deduplicated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import psycopg
from bb_schema import FactKind
from bb_schema.turn_context import (
    ExtractedFact,
    WriteBackRequest,
    WriteBackResponse,
    segment_label,
)
from psycopg.types.json import Jsonb
from pydantic import BaseModel

from bb_brain._errors import UnknownBrainError
from bb_brain._read_form import read_form
from bb_brain.pages import PageRecord, store_pages, title_from_slug
from bb_brain.writeback._db import Connection, ConnectionSource
from bb_brain.writeback._extract import (
    ExtractionContext,
    ExtractorFactory,
    normalise_fact,
    resolve_extractor,
)
from bb_brain.writeback._render import PAGE_TYPE, ConversationPage, render_conversation
from bb_brain.writeback._segment import Segment, segment_turns

#: The kind stamped on a fact whose extractor gave none: the vocabulary's generic kind.
DEFAULT_KIND: FactKind = "fact"

_INSERT_FACT = (
    "INSERT INTO facts (brain_id, source, fact, entity_slug, kind, source_session,"
    " source_markdown_slug) VALUES (%s, %s, %s, %s, %s, %s, %s)"
)


#: The page type of an entity created from a conversation, by slug prefix.
ENTITY_TYPES = {"people/": "person", "companies/": "company", "projects/": "project"}


@dataclass(frozen=True)
class _Row:
    fact: str
    entity_slug: str | None
    kind: FactKind
    #: The session label of the segment that first stated the fact.
    session: str
    entity_title: str | None = None


def write_back(
    db: ConnectionSource,
    request: WriteBackRequest,
    *,
    extractors: Mapping[str, ExtractorFactory] | None = None,
) -> WriteBackResponse:
    """Store a conversation and the facts its extractor finds, with provenance.

    Args:
        db: The engine's database (anything lending connections).
        request: The conversation; ``request.extractor`` picks the extractor.
        extractors: Extra or overriding extractor factories by name; ``gold`` and ``rules``
            are always available, ``llm`` only when the caller configures it (see
            :func:`bb_brain.writeback.llm_extractors`).

    Returns:
        The conversation slug, the segment count, and how many facts were written and how many
        were dropped as duplicates (same normalised text and entity in the source's session).

    Raises:
        UnknownBrainError: ``request.brain_id`` is not open.
        ExtractorUnavailable: The requested extractor is not configured.
        BudgetExhausted: The llm budget ran out; nothing was stored.
        LlmError: The llm endpoint failed or answered badly; nothing was stored.
    """
    factory = resolve_extractor(request.extractor, extractors)
    request = _in_read_form(request)
    segments = segment_turns(request.turns)
    page = render_conversation(request, segments)
    with db.connection() as conn:
        _require_brain(conn, request.brain_id)
        extractor = factory(ExtractionContext(request, conn))
    extracted = [
        (segment, [_fact_in_read_form(fact) for fact in extractor.extract(segment)])
        for segment in segments
    ]
    try:
        with db.connection() as conn, conn.transaction():
            return _store(conn, request, page, segments, extracted)
    except psycopg.errors.ForeignKeyViolation:
        raise _unknown_brain(request.brain_id) from None


def _in_read_form(request: WriteBackRequest) -> WriteBackRequest:
    """``request`` with its turns' texts, and the turn texts the gold extractor keys on, read so."""
    turns = [_changed(turn, "text", read_form(turn.text)) for turn in request.turns]
    injected = [_changed(item, "turn_text", read_form(item.turn_text)) for item in request.injected]
    if all(new is old for new, old in zip(turns, request.turns, strict=True)) and all(
        new is old for new, old in zip(injected, request.injected, strict=True)
    ):
        return request
    return request.model_copy(update={"turns": turns, "injected": injected})


def _fact_in_read_form(fact: ExtractedFact) -> ExtractedFact:
    """An extractor's fact with its text and the title it gives a new entity in the read form."""
    title = fact.entity_title
    fact = _changed(fact, "fact", read_form(fact.fact))
    return fact if title is None else _changed(fact, "entity_title", read_form(title))


_Model = TypeVar("_Model", bound=BaseModel)


def _changed(model: _Model, field: str, value: str) -> _Model:
    """``model`` itself when its ``field`` already is ``value``, else a copy with it."""
    if getattr(model, field) is value:
        return model
    return model.model_copy(update={field: value})


def _require_brain(conn: Connection, brain_id: str) -> None:
    row = conn.execute("SELECT 1 FROM brains WHERE brain_id = %s", (brain_id,)).fetchone()
    if row is None:
        raise _unknown_brain(brain_id)


def _unknown_brain(brain_id: str) -> UnknownBrainError:
    return UnknownBrainError(
        f"brain_id {brain_id!r} is not open; call open_brain first and write back into the id "
        "it returns"
    )


def _store(
    conn: Connection,
    request: WriteBackRequest,
    page: ConversationPage,
    segments: Sequence[Segment],
    extracted: Sequence[tuple[Segment, list[ExtractedFact]]],
) -> WriteBackResponse:
    lock_key = "\x1f".join(("write-back", request.brain_id, request.source, request.session_id))
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (lock_key,))
    _replace_page(conn, request, page)
    rows, deduplicated = _dedupe(conn, request, page.slug, extracted)
    _create_entities(conn, request, page, rows)
    with conn.cursor() as cur:
        cur.executemany(
            _INSERT_FACT,
            [
                (
                    request.brain_id,
                    request.source,
                    row.fact,
                    row.entity_slug,
                    row.kind,
                    row.session,
                    page.slug,
                )
                for row in rows
            ],
        )
    conn.execute(
        "INSERT INTO write_back_audit (brain_id, source, session_id, segments, facts_written,"
        " facts_deduped, extractor, conversation_slug) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
        (
            request.brain_id,
            request.source,
            request.session_id,
            len(segments),
            len(rows),
            deduplicated,
            request.extractor,
            page.slug,
        ),
    )
    return WriteBackResponse(
        conversation_slug=page.slug,
        segments=len(segments),
        facts_written=len(rows),
        facts_deduplicated=deduplicated,
    )


def _replace_page(conn: Connection, request: WriteBackRequest, page: ConversationPage) -> None:
    """Delete-then-insert, so a re-run also drops anything indexed against the old page."""
    conn.execute(
        "DELETE FROM pages WHERE brain_id = %s AND source = %s AND slug = %s",
        (request.brain_id, request.source, page.slug),
    )
    conn.execute(
        "INSERT INTO pages (brain_id, source, slug, title, page_type, summary, body, frontmatter)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
        (
            request.brain_id,
            request.source,
            page.slug,
            page.title,
            PAGE_TYPE,
            page.summary,
            page.body,
            Jsonb(page.frontmatter),
        ),
    )


def _dedupe(
    conn: Connection,
    request: WriteBackRequest,
    page_slug: str,
    extracted: Sequence[tuple[Segment, list[ExtractedFact]]],
) -> tuple[list[_Row], int]:
    """New rows in extraction order, and how many facts were already stored or repeated.

    The scope is the whole conversation (every segment, and earlier write-backs of the same
    session, whose facts all name its conversation page), so a restated fact keeps the
    segment label of its first statement.
    """
    stored = conn.execute(
        "SELECT fact, entity_slug FROM facts WHERE brain_id = %s AND source = %s"
        " AND source_markdown_slug = %s AND status = 'active'",
        (request.brain_id, request.source, page_slug),
    ).fetchall()
    seen = {(normalise_fact(fact), entity or "") for fact, entity in stored}
    rows: list[_Row] = []
    deduplicated = 0
    for segment, facts in extracted:
        session = segment_label(request.session_id, segment.index + 1)
        for fact in facts:
            text = " ".join(fact.fact.split())
            if not text:
                continue  # whitespace only: nothing to remember
            key = (normalise_fact(text), fact.entity_slug or "")
            if key in seen:
                deduplicated += 1
                continue
            seen.add(key)
            rows.append(
                _Row(text, fact.entity_slug, fact.kind or DEFAULT_KIND, session, fact.entity_title)
            )
    return rows, deduplicated


def _create_entities(
    conn: Connection, request: WriteBackRequest, page: ConversationPage, rows: Sequence[_Row]
) -> int:
    """A page for every entity the facts name that the source has none for; how many."""
    titles: dict[str, str] = {}
    for row in rows:
        if row.entity_slug and row.entity_slug not in titles:
            titles[row.entity_slug] = (row.entity_title or "").strip()
    if not titles:
        return 0
    existing = {
        slug
        for (slug,) in conn.execute(
            "SELECT slug FROM pages WHERE brain_id = %s AND source = %s AND slug = ANY(%s)",
            (request.brain_id, request.source, sorted(titles)),
        ).fetchall()
    }
    records = [
        PageRecord(
            source=request.source,
            slug=slug,
            title=titles[slug] or title_from_slug(slug),
            page_type=next((t for p, t in ENTITY_TYPES.items() if slug.startswith(p)), None),
            summary=None,
            body=f"First named in the conversation {page.slug}.\n",
            frontmatter={"created_from": page.slug},
        )
        for slug in sorted(set(titles) - existing)
    ]
    return store_pages(conn, request.brain_id, records)
