"""Owner sync: import a source's git working tree as the owner's pages.

Every ``*.md`` file (outside dot-directories) is a page whose slug is its path without
``.md``. Unchanged files (byte-identical to the page's canonical render) are skipped; changed
ones are parsed and stored at the owner tier, lowered by any frontmatter ``trust_tier`` and by
the fence markers the engine wrote for lower-tier chunks; a page whose file is gone is
deleted. Purged claims (tombstones) are scrubbed from what is imported, and the file is
rewritten without them. Pending effects are applied first, so the files are the latest
canonical render before they are read.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from bb_brain._errors import BrainUserError
from bb_brain._pg import Connection
from bb_brain.trust import gate
from bb_brain.trust.claims import Matcher
from bb_brain.trust.effects import repo_path
from bb_brain.trust.markdown import parse_file
from bb_brain.trust.models import SyncReport
from bb_brain.trust.pagewrite import chunks_from_segments, scrub_segments
from bb_brain.trust.store import delete_page, load_page, page_slugs, valid_slug, write_page
from bb_brain.trust.tiers import Principal


def markdown_files(repo: Path) -> dict[str, Path]:
    """Slug -> file for every page file of the working tree, sorted by slug."""
    found: dict[str, Path] = {}
    for path in sorted(repo.rglob("*.md")):
        rel = path.relative_to(repo)
        if any(part.startswith(".") for part in rel.parts):
            continue
        found[rel.with_suffix("").as_posix()] = path
    return found


def git_head(repo: Path) -> str | None:
    """The commit the working tree is at (None before the first commit)."""
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--verify", "-q", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or None


def sync_source(conn: Connection, brain_id: str, principal: Principal, source: str) -> SyncReport:
    """Import the working tree of ``source``'s repository (inside the caller's transaction).

    Raises:
        BrainUserError: A file's frontmatter is invalid or its path is not a valid slug (the
            message names the file); nothing is imported.
    """
    gate.require_source(conn, brain_id, source)
    gate.lock_source(conn, brain_id, source)
    repo = repo_path(conn, brain_id, source)
    assert repo is not None
    files = markdown_files(repo)
    stones = gate.tombstones(conn, brain_id, source)
    written: list[str] = []
    unchanged = 0
    scrubbed = 0
    for slug, path in files.items():
        if not valid_slug(slug):
            raise BrainUserError(
                f"file {str(path)!r} does not name a page; rename it to letters, digits, '-' "
                "and '_' (its path without .md is the page's slug)"
            )
        text = path.read_text(encoding="utf-8")
        page = load_page(conn, brain_id, source, slug)
        if page is not None and page.canonical() == text and not stones.holds(text):
            unchanged += 1
            continue
        scrubbed += _import(conn, brain_id, principal, source, slug, text, stones, page)
        written.append(slug)
    deleted = [slug for slug in page_slugs(conn, brain_id, source) if slug not in files]
    for slug in deleted:
        delete_page(conn, brain_id, source, slug)
    gate.event(conn, brain_id, source, principal, "sync", None, "stored")
    return SyncReport(
        source=source,
        head=git_head(repo),
        pages_written=written,
        pages_deleted=deleted,
        unchanged=unchanged,
        scrubbed=scrubbed,
    )


def _import(
    conn: Connection,
    brain_id: str,
    principal: Principal,
    source: str,
    slug: str,
    text: str,
    stones: Matcher,
    page: object,
) -> int:
    from bb_brain.trust.purge import scrub_header

    parsed = parse_file(slug, text, source)
    tier = principal.tier_for(parsed.claimed)
    segments, scrubbed = scrub_segments(parsed.segments, stones)
    header, record, header_scrubbed = scrub_header(parsed, stones)
    if header_scrubbed < 0:  # the title itself holds a purged claim: the page stays gone
        delete_page(conn, brain_id, source, slug)
        return scrubbed + 1
    previous = {c.chunk_id: c for c in page.chunks} if hasattr(page, "chunks") else {}
    chunks = chunks_from_segments(
        segments,
        base_tier=tier,
        ceiling=principal.ceiling,
        base_by=parsed.written_by or gate.written_by(principal),
        previous=previous,
    )
    write_page(conn, brain_id, record, header=header, tier=tier,
               written_by=parsed.written_by or gate.written_by(principal),
               chunks=chunks)  # fmt: skip
    return scrubbed + header_scrubbed
