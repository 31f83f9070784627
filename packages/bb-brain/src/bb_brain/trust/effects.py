"""Post-commit effects: rewrite a page's canonical file and rebuild its search-index rows.

Each page change commits an outbox row (``trust_effects``) together with the change. After
commit, whoever made the change applies the pending effects; anyone else can apply them too
(``apply_pending``), and :func:`wait_settled` waits, bounded, until none is left. Effects are
idempotent: they render the page's current committed state, under a per-page advisory lock,
so two processes applying effects for one page cannot leave a stale file behind.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bb_brain._pg import Connection, Database
from bb_brain.trust.errors import EffectsTimeout
from bb_brain.trust.models import Settled
from bb_brain.trust.store import load_page

_BATCH = 50


def repo_path(conn: Connection, brain_id: str, source: str) -> Path | None:
    """The git repository backing ``source`` (None for a source without persistence)."""
    row = conn.execute(
        "SELECT repo_path FROM trust_sources WHERE brain_id = %s AND source = %s",
        (brain_id, source),
    ).fetchone()
    return None if row is None else Path(row[0])


def page_file(repo: Path, slug: str) -> Path:
    """Where a page's canonical file lives."""
    return repo / f"{slug}.md"


def apply_pending(db: Database, brain_id: str) -> int:
    """Apply every pending effect of the brain that nobody else is applying; return how many."""
    applied = 0
    while True:
        with db.connection() as conn:
            rows = conn.execute(
                "SELECT effect_id, source, slug FROM trust_effects WHERE brain_id = %s"
                " AND applied_at IS NULL ORDER BY effect_id LIMIT %s FOR UPDATE SKIP LOCKED",
                (brain_id, _BATCH),
            ).fetchall()
            if not rows:
                return applied
            pages = sorted({(str(source), str(slug)) for _, source, slug in rows})
            for source, slug in pages:
                apply_page(conn, brain_id, source, slug)
            conn.execute(
                "UPDATE trust_effects SET applied_at = now() WHERE effect_id = ANY(%s)",
                ([int(row[0]) for row in rows],),
            )
            applied += len(rows)


def apply_page(conn: Connection, brain_id: str, source: str, slug: str) -> None:
    """Bring the page's file and search-index rows in line with its committed state."""
    key = "\x1f".join(("trust-page", brain_id, source, slug))
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
    page = load_page(conn, brain_id, source, slug)
    reindex(conn, brain_id, source, slug)
    repo = repo_path(conn, brain_id, source)
    if repo is None:
        return
    target = page_file(repo, slug)
    if page is None:
        target.unlink(missing_ok=True)
        return
    write_atomic(target, page.canonical())


def reindex(conn: Connection, brain_id: str, source: str, slug: str) -> None:
    """Rebuild the page's search-index rows: one for its header, one per chunk."""
    conn.execute(
        "DELETE FROM search_index WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    )
    conn.execute(
        "INSERT INTO search_index (brain_id, source, slug, chunk_id, trust_tier, title, snippet,"
        " document) SELECT brain_id, source, slug, 0, trust_tier, title,"
        " concat_ws(' ', title, summary), to_tsvector('simple', concat_ws(' ', title, summary))"
        " FROM pages WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    )
    conn.execute(
        "INSERT INTO search_index (brain_id, source, slug, chunk_id, trust_tier, title, snippet,"
        " document) SELECT c.brain_id, c.source, c.slug, c.chunk_id, c.trust_tier, p.title,"
        " c.body, to_tsvector('simple', c.body) FROM chunks AS c JOIN pages AS p"
        " ON p.brain_id = c.brain_id AND p.source = c.source AND p.slug = c.slug"
        " WHERE c.brain_id = %s AND c.source = %s AND c.slug = %s",
        (brain_id, source, slug),
    )


def write_atomic(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` via a temp file and a rename (never a half-written file)."""
    if target.exists() and target.read_text(encoding="utf-8") == text:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".bb-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def pending(db: Database, brain_id: str) -> int:
    """How many effects of the brain are not applied yet."""
    with db.connection() as conn:
        row = conn.execute(
            "SELECT count(*) FROM trust_effects WHERE brain_id = %s AND applied_at IS NULL",
            (brain_id,),
        ).fetchone()
    return 0 if row is None else int(row[0])


def wait_settled(db: Database, brain_id: str, timeout: float = 10.0) -> Settled:
    """Apply pending effects until none is left, or raise after ``timeout`` seconds.

    Raises:
        EffectsTimeout: Effects are still pending (another process holds them) at the bound.
    """
    deadline = time.monotonic() + timeout
    applied = 0
    delay = 0.005
    while True:
        applied += apply_pending(db, brain_id)
        left = pending(db, brain_id)
        if left == 0:
            return Settled(applied=applied, pending=0)
        if time.monotonic() >= deadline:
            raise EffectsTimeout(
                f"brain {brain_id!r}: {left} post-commit effect(s) still pending after "
                f"{timeout:g}s; another process may be stuck applying them"
            )
        time.sleep(delay)
        delay = min(delay * 2, 0.1)
