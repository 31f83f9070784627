"""Explicit recall: the stored facts that answer a question asked in the user's own words.

Two arms, both scoped to (brain, source) and to facts still current:

1. **Entity**: the question's mentions are resolved exactly as the reflex resolves a turn
   (same extraction, same alias index, same ambiguity rules, no suppression); every fact
   attributed to a resolved page comes first, pages in mention order, newest fact first.
2. **Full text**: the remaining places go to facts sharing any content word with the
   question (English stemming, stop words dropped), best ``ts_rank`` first, newest on ties.

Nothing here echoes the question back: every answer is a stored row. The bench caps what it
reads, so answering with everything cannot help.
"""

from __future__ import annotations

from bb_schema.fixture import PublicTurn
from bb_schema.memory import RecallRequest, StoredFact
from bb_schema.turn_context import SeamSettings, TurnContextRequest

from bb_brain._pg import Connection
from bb_brain._read_form import read_form
from bb_brain.reflex import turn_context as reflex_turn_context

_COLUMNS = "fact, entity_slug, kind, source, source_session, source_markdown_slug, status"
_CURRENT = (
    "brain_id = %s AND source = %s AND status = 'active'"
    " AND (valid_until IS NULL OR valid_until > now())"
)
_BY_ENTITY = (
    f"SELECT {_COLUMNS} FROM facts WHERE {_CURRENT} AND entity_slug = ANY(%s)"
    " ORDER BY array_position(%s, entity_slug), fact_id DESC LIMIT %s"
)
# plainto_tsquery joins the question's lexemes with AND; any one of them should do here.
_QUERY = "SELECT replace(plainto_tsquery('english', %s)::text, ' & ', ' | ')::tsquery AS q"
_BY_TEXT = (
    f"SELECT {_COLUMNS} FROM facts, ({_QUERY}) AS question WHERE {_CURRENT}"
    " AND to_tsvector('english', fact) @@ q"
    " AND (entity_slug IS NULL OR NOT entity_slug = ANY(%s))"
    " ORDER BY ts_rank(to_tsvector('english', fact), q) DESC, fact_id DESC LIMIT %s"
)
#: Resolution settings for the entity arm: every page the question names, nothing hidden.
_RESOLVE_ALL = SeamSettings(pointer_budget=64, suppression="none", volunteer=False)


def mentioned_pages(conn: Connection, request: RecallRequest) -> list[str]:
    """Slugs of the pages the question names, as the reflex resolves them, in order."""
    if not request.query.strip():
        return []
    turn = PublicTurn(turn_id=0, role="user", text=request.query)
    context = reflex_turn_context(
        conn,
        TurnContextRequest(
            brain_id=request.brain_id,
            session_id="recall",
            active_source=request.source,
            turn=turn,
            settings=_RESOLVE_ALL,
        ),
    )
    return list(dict.fromkeys(pointer.slug for pointer in context.pointers))


def recall(conn: Connection, request: RecallRequest) -> list[StoredFact]:
    """At most ``request.limit`` current facts of the source answering the question."""
    slugs = mentioned_pages(conn, request)
    rows: list[tuple[object, ...]] = []
    if slugs:
        rows += conn.execute(
            _BY_ENTITY, (request.brain_id, request.source, slugs, slugs, request.limit)
        ).fetchall()
    remaining = request.limit - len(rows)
    if remaining > 0 and request.query.strip():
        rows += conn.execute(
            _BY_TEXT, (read_form(request.query), request.brain_id, request.source, slugs, remaining)
        ).fetchall()
    return [_stored(row) for row in rows]


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
