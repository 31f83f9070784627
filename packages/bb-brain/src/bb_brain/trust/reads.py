"""The explicit read surfaces: get_page, search, recall, context_pack.

Every object carrying content reports its own tier. A search hit's tier is the highest tier
among the page's MATCHING index rows, never the page's own tier when only a lower-tier fence
matched. Reads are scoped to (brain, source); nothing from another source comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bb_brain._pg import Connection
from bb_brain.trust import gate
from bb_brain.trust.models import (
    ChunkHit,
    ChunkView,
    ContextPack,
    FactView,
    PackPage,
    PageView,
    SearchHit,
    TakeView,
    TimelineView,
)
from bb_brain.trust.render import wrap
from bb_brain.trust.store import load_page
from bb_brain.trust.tiers import Tier, highest

_STATE = (
    "CASE WHEN status = 'active' AND (valid_until IS NULL OR valid_until > now()) THEN 'current'"
    " WHEN status = 'superseded' THEN 'superseded' ELSE 'expired' END"
)
_FACT_SQL = (
    f"SELECT fact_id, source, fact, entity_slug, kind, fact_key, {_STATE}, coalesce(written_by,"
    " origin, ''), valid_until, superseded_by, trust_tier FROM facts"
    " WHERE brain_id = %s AND source = %s"
)
_SNIPPET = 240


def get_page(conn: Connection, brain_id: str, source: str, slug: str) -> PageView | None:
    """The page, its chunks, timeline entries and takes, each with its tier."""
    page = load_page(conn, brain_id, source, slug)
    if page is None:
        return None
    refs = [f"chunk:{c.chunk_id}" for c in page.chunks] + [f"page:{slug}"]
    flagged = gate.flagged_refs(conn, brain_id, source, refs)
    chunks = [
        ChunkView(ref=f"chunk:{c.chunk_id}", ord=c.ord, origin=c.written_by, text=c.body,
                  tier=c.tier, flagged=f"chunk:{c.chunk_id}" in flagged
                  or (not c.fenced and f"page:{slug}" in flagged))
        for c in page.chunks
    ]  # fmt: skip
    timeline = [
        TimelineView(ref=f"timeline:{r[0]}", occurred=r[1], text=r[2], tier=r[3])
        for r in conn.execute(
            "SELECT entry_id, occurred, body, trust_tier FROM timeline_entries WHERE"
            " brain_id = %s AND source = %s AND slug = %s ORDER BY entry_id",
            (brain_id, source, slug),
        )
    ]
    takes = [
        TakeView(ref=f"take:{r[0]}", text=r[1], tier=r[2])
        for r in conn.execute(
            "SELECT take_id, body, trust_tier FROM takes WHERE brain_id = %s AND source = %s"
            " AND slug = %s ORDER BY take_id",
            (brain_id, source, slug),
        )
    ]
    return PageView(
        source=source, slug=slug, title=page.title, summary=page.summary,
        origin=page.written_by, body=page.body, tier=page.tier, chunks=chunks,
        timeline=timeline, takes=takes,
    )  # fmt: skip


def search(
    conn: Connection, brain_id: str, source: str, query: str, limit: int = 10
) -> list[SearchHit]:
    """Pages whose index rows match every query word, best first (ties by slug)."""
    if not query.strip():
        return []
    rows = conn.execute(
        "SELECT slug, chunk_id, trust_tier, title, snippet,"
        " ts_rank(document, websearch_to_tsquery('simple', %s)) AS r FROM search_index"
        " WHERE brain_id = %s AND source = %s"
        " AND document @@ websearch_to_tsquery('simple', %s) ORDER BY slug, chunk_id",
        (query, brain_id, source, query),
    ).fetchall()
    by_page: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_page.setdefault(str(row[0]), []).append(row)
    hits: list[SearchHit] = []
    for slug, matches in by_page.items():
        tier: Tier = highest(*[gate.as_tier(m[2]) for m in matches])
        chunks = [
            ChunkHit(ref=f"chunk:{m[1]}" if m[1] else f"page:{slug}", tier=m[2],
                     snippet=" ".join(str(m[4]).split())[:_SNIPPET])
            for m in matches
        ]  # fmt: skip
        rank = round(max(float(m[5]) for m in matches), 6)
        hits.append(SearchHit(source=source, slug=slug, title=str(matches[0][3]), rank=rank,
                              tier=tier, chunks=chunks))  # fmt: skip
    hits.sort(key=lambda h: (-h.rank, h.slug))
    return hits[:limit]


def recall(
    conn: Connection,
    brain_id: str,
    source: str,
    query: str = "",
    *,
    include_history: bool = False,
    entities: Sequence[str] = (),
    limit: int = 50,
) -> list[FactView]:
    """Facts holding every query word; only current ones unless ``include_history``."""
    patterns = [f"%{_escape_like(word)}%" for word in query.split()]
    sql = _FACT_SQL + " AND fact ILIKE ALL(%s::text[])"
    params: list[Any] = [brain_id, source, patterns]
    if entities:
        sql += " AND entity_slug = ANY(%s)"
        params.append(list(entities))
    if not include_history:
        sql += f" AND {_STATE} = 'current'"
    sql += " ORDER BY fact_id LIMIT %s"
    params.append(limit)
    rows = conn.execute(sql, params).fetchall()
    flagged = gate.flagged_refs(conn, brain_id, source, [f"fact:{r[0]}" for r in rows])
    return [
        FactView(ref=f"fact:{r[0]}", source=r[1], fact=r[2], entity_slug=r[3], kind=r[4],
                 key=r[5], state=r[6], current=r[6] == "current", origin=r[7],
                 valid_until=r[8], superseded_by=None if r[9] is None else f"fact:{r[9]}",
                 tier=r[10], flagged=f"fact:{r[0]}" in flagged)
        for r in rows
    ]  # fmt: skip


def _escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def context_pack(
    conn: Connection, brain_id: str, source: str, people: Sequence[str]
) -> ContextPack:
    """Pages and current facts about ``people``, in their tier envelopes.

    With ``trust.agent_activation = suppress`` agent-written pages, chunks and facts are
    left out; external items are always wrapped in ``<external-data>``.
    """
    suppress = gate.settings(conn, brain_id).agent_activation == "suppress"
    pages: list[PackPage] = []
    lines: list[str] = []
    for slug in people:
        view = get_page(conn, brain_id, source, slug)
        if view is None or (suppress and view.tier == "agent_written"):
            continue
        chunks = [c for c in view.chunks if not (suppress and c.tier == "agent_written")]
        pages.append(PackPage(slug=slug, title=view.title, tier=view.tier, chunks=chunks))
        lines.append(f"## {wrap(view.tier, view.title)} <brain://{source}/{slug}>")
        lines += [wrap(c.tier, c.text.strip()) for c in chunks if c.text.strip()]
    facts = [
        f
        for f in recall(conn, brain_id, source, entities=list(people), limit=200)
        if not (suppress and f.tier == "agent_written")
    ]
    if facts:
        lines.append("## Facts")
        lines += [f"- {wrap(f.tier, f.fact)}" for f in facts]
    return ContextPack(source=source, people=list(people), text="\n".join(lines), pages=pages,
                       facts=facts)  # fmt: skip
