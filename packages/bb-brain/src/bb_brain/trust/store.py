"""Pages as chunks: storing a page, its alias rows, timeline entries and takes, in one go.

The chunks are the page's content of record; ``pages.body`` is their canonical render (what
the file holds after the frontmatter). Every page write enqueues a post-commit effect in the
same transaction (see :mod:`bb_brain.trust.effects`) that rewrites the canonical file and
re-indexes the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, cast

from bb_schema.text import is_slug

from bb_brain._pg import Connection
from bb_brain.pages import PageRecord
from bb_brain.trust.markdown import join_body, render_fence
from bb_brain.trust.tiers import Tier

_HEADING: Final = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_ITEM: Final = re.compile(r"^\s*[-*+]\s+(.*\S)\s*$")
_DATED: Final = re.compile(
    r"^(?:\*\*)?(?P<date>\d{4}-\d{2}(?:-\d{2})?)(?:\*\*)?\s*(?:[:\u2014\u2013-]\s*)?(?P<text>.+)$"
)


@dataclass(frozen=True)
class ChunkRow:
    """A stored chunk."""

    chunk_id: int
    ord: int
    fenced: bool
    tier: Tier
    written_by: str
    body: str

    def render(self) -> str:
        """The chunk as the canonical file holds it."""
        if not self.fenced:
            return self.body
        return render_fence(self.chunk_id, self.tier, self.written_by, self.body)


@dataclass(frozen=True)
class NewChunk:
    """A chunk to store; ``chunk_id`` keeps a fence's id across a re-sync."""

    fenced: bool
    tier: Tier
    written_by: str
    body: str
    chunk_id: int | None = None


@dataclass(frozen=True)
class PageRow:
    """A stored page with its chunks in order."""

    source: str
    slug: str
    title: str
    page_type: str | None
    summary: str | None
    header: str | None
    body: str
    tier: Tier
    written_by: str
    chunks: list[ChunkRow]

    def canonical(self) -> str:
        """The canonical file's full text."""
        return (self.header or "") + self.body


def valid_slug(slug: str) -> bool:
    """A slug that maps to a file inside the repository (the grammar of bb_schema.text)."""
    return is_slug(slug)


def load_page(conn: Connection, brain_id: str, source: str, slug: str) -> PageRow | None:
    """The page and its chunks, or None."""
    row = conn.execute(
        "SELECT title, page_type, summary, header, body, trust_tier, coalesce(written_by, '')"
        " FROM pages WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    ).fetchone()
    if row is None:
        return None
    chunks = [
        ChunkRow(int(c[0]), int(c[1]), bool(c[2]), cast(Tier, c[3]), str(c[4]), str(c[5]))
        for c in conn.execute(
            "SELECT chunk_id, ord, fenced, trust_tier, written_by, body FROM chunks"
            " WHERE brain_id = %s AND source = %s AND slug = %s ORDER BY ord",
            (brain_id, source, slug),
        )
    ]
    title, page_type, summary, header, body, tier, written_by = row
    return PageRow(source, slug, title, page_type, summary, header, body, tier, written_by, chunks)


def page_slugs(conn: Connection, brain_id: str, source: str) -> list[str]:
    """Every page slug of the source, sorted."""
    return [
        str(row[0])
        for row in conn.execute(
            "SELECT slug FROM pages WHERE brain_id = %s AND source = %s ORDER BY slug",
            (brain_id, source),
        )
    ]


def write_page(
    conn: Connection,
    brain_id: str,
    record: PageRecord,
    *,
    header: str,
    tier: Tier,
    written_by: str,
    chunks: Sequence[NewChunk],
) -> list[ChunkRow]:
    """Replace the page, its chunks and everything derived from them; enqueue its effect.

    A page whose tier changes is deleted and inserted again: a row's tier never changes in
    place (the database refuses it).
    """
    source, slug = record.source, record.slug
    old = conn.execute(
        "SELECT trust_tier FROM pages WHERE brain_id = %s AND source = %s AND slug = %s FOR UPDATE",
        (brain_id, source, slug),
    ).fetchone()
    if old is not None and old[0] != tier:
        delete_page(conn, brain_id, source, slug, notify=False)
    conn.execute(
        "INSERT INTO pages (brain_id, source, slug, title, page_type, summary, body, frontmatter,"
        " trust_tier, written_by, header) VALUES (%s, %s, %s, %s, %s, %s, '', %s::jsonb, %s, %s,"
        " %s) ON CONFLICT (brain_id, source, slug) DO UPDATE SET title = EXCLUDED.title,"
        " page_type = EXCLUDED.page_type, summary = EXCLUDED.summary,"
        " frontmatter = EXCLUDED.frontmatter, written_by = EXCLUDED.written_by,"
        " header = EXCLUDED.header",
        (
            brain_id,
            source,
            slug,
            record.title,
            record.page_type,
            record.summary,
            json.dumps(dict(record.frontmatter), sort_keys=True),
            tier,
            written_by,
            header,
        ),
    )
    conn.execute(
        "DELETE FROM chunks WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    )
    stored: list[ChunkRow] = []
    for ord_, chunk in enumerate(chunks):
        row = conn.execute(
            "INSERT INTO chunks (chunk_id, brain_id, source, slug, ord, fenced, trust_tier,"
            " written_by, body) VALUES (coalesce(%s, nextval(pg_get_serial_sequence('chunks',"
            " 'chunk_id'))), %s, %s, %s, %s, %s, %s, %s, %s) RETURNING chunk_id",
            (chunk.chunk_id, brain_id, source, slug, ord_, chunk.fenced, chunk.tier,
             chunk.written_by, chunk.body),
        ).fetchone()  # fmt: skip
        assert row is not None
        stored.append(
            ChunkRow(int(row[0]), ord_, chunk.fenced, chunk.tier, chunk.written_by, chunk.body)
        )
    conn.execute(
        "UPDATE pages SET body = %s WHERE brain_id = %s AND source = %s AND slug = %s",
        (join_body([c.render() for c in stored]), brain_id, source, slug),
    )
    _store_aliases(conn, brain_id, record)
    _store_derived(conn, brain_id, source, slug, stored)
    enqueue(conn, brain_id, source, slug)
    return stored


def delete_page(
    conn: Connection, brain_id: str, source: str, slug: str, *, notify: bool = True
) -> bool:
    """Delete a page (chunks, aliases, timeline, takes cascade); True if it existed."""
    deleted = conn.execute(
        "DELETE FROM pages WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    ).rowcount
    if notify:
        enqueue(conn, brain_id, source, slug)
    return deleted > 0


def enqueue(conn: Connection, brain_id: str, source: str, slug: str) -> None:
    """Record the page's post-commit effect (file rewrite + re-index) in this transaction."""
    conn.execute(
        "INSERT INTO trust_effects (brain_id, source, slug) VALUES (%s, %s, %s)",
        (brain_id, source, slug),
    )


def _store_aliases(conn: Connection, brain_id: str, record: PageRecord) -> None:
    conn.execute(
        "DELETE FROM aliases WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, record.source, record.slug),
    )
    rows = [(brain_id, record.source, norm, record.slug, arm) for norm, arm in record.alias_rows()]
    if rows:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO aliases (brain_id, source, alias_norm, slug, arm)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                rows,
            )


def _store_derived(
    conn: Connection, brain_id: str, source: str, slug: str, chunks: Sequence[ChunkRow]
) -> None:
    """Timeline entries and takes, each at the tier of the chunk its line sits in."""
    section = ""
    timeline: list[tuple[object, ...]] = []
    takes: list[tuple[object, ...]] = []
    for chunk in chunks:
        for line in chunk.body.splitlines():
            heading = _HEADING.match(line)
            if heading is not None:
                section = heading.group(1).strip().casefold()
                continue
            item = _ITEM.match(line)
            if item is None:
                continue
            text = item.group(1)
            if section.startswith("timeline"):
                dated = _DATED.match(text)
                if dated is not None:
                    timeline.append(
                        (brain_id, source, slug, chunk.chunk_id, dated.group("date"),
                         dated.group("text").strip(), chunk.tier)
                    )  # fmt: skip
            elif section.startswith("takes"):
                takes.append((brain_id, source, slug, chunk.chunk_id, text, chunk.tier))
    with conn.cursor() as cur:
        if timeline:
            cur.executemany(
                "INSERT INTO timeline_entries (brain_id, source, slug, chunk_id, occurred, body,"
                " trust_tier) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                timeline,
            )
        if takes:
            cur.executemany(
                "INSERT INTO takes (brain_id, source, slug, chunk_id, body, trust_tier)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                takes,
            )
