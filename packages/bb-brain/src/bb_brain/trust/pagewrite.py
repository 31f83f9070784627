"""Page writes under the trust rules: put_page (any channel) and the merge it performs.

On an existing page a principal can replace only the chunks at or below its own level; the
chunks above it are kept verbatim, and what the new content adds (lines it does not merely
echo from the kept chunks) becomes a fenced chunk. Content from a non-owner channel keeps the
page's taint: an agent tidying up an external page writes external content.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bb_brain._errors import BrainUserError
from bb_brain._pg import Connection
from bb_brain.pages import PageRecord
from bb_brain.trust import gate
from bb_brain.trust.claims import Matcher, scrub
from bb_brain.trust.markdown import (
    ParsedFile,
    Segment,
    neutralise,
    parse_file,
    render_header,
    split_header,
)
from bb_brain.trust.models import WriteReceipt
from bb_brain.trust.store import ChunkRow, NewChunk, PageRow, load_page, valid_slug, write_page
from bb_brain.trust.tiers import ORIGIN_CLAIM, ContentOrigin, Principal, Tier, lowest, rank


def check_slug(slug: str) -> None:
    """Refuse slugs that do not map to a file inside the repository."""
    if not valid_slug(slug):
        raise BrainUserError(
            f"slug {slug!r} is not a page path; use letters, digits, '-' and '_' in "
            "'/'-separated segments, like 'people/alice-example'"
        )


def claimed_tier(parsed: ParsedFile, origin: ContentOrigin | None) -> Tier | None:
    """The lowest tier the content claims for itself (frontmatter and content_origin)."""
    claims = [tier for tier in (parsed.claimed, origin and ORIGIN_CLAIM[origin]) if tier]
    return lowest(*claims) if claims else None


def chunks_from_segments(
    segments: Iterable[Segment],
    *,
    base_tier: Tier,
    ceiling: Tier,
    base_by: str,
    previous: dict[int, ChunkRow],
) -> list[NewChunk]:
    """Chunks for parsed segments; a fence keeps its id and never rises above its old tier."""
    chunks: list[NewChunk] = []
    for seg in segments:
        if not seg.body.strip() and seg.fenced:
            continue
        if not seg.fenced:
            chunks.append(NewChunk(False, base_tier, base_by, seg.body))
            continue
        prev = previous.get(seg.fence_id) if seg.fence_id is not None else None
        tiers: list[Tier] = [ceiling, seg.claimed or "external_untrusted"]
        if prev is not None:
            tiers.append(prev.tier)
        by = prev.written_by if prev is not None else (seg.written_by or "unknown")
        chunks.append(
            NewChunk(True, lowest(*tiers), by, seg.body, None if prev is None else prev.chunk_id)
        )
    return _newline_before_fences(chunks)


def scrub_segments(segments: Sequence[Segment], matcher: Matcher) -> tuple[list[Segment], int]:
    """Drop tombstoned lines from every segment; empty segments disappear."""
    if not matcher:
        return list(segments), 0
    out: list[Segment] = []
    removed = 0
    for seg in segments:
        body, n = scrub(seg.body, matcher)
        removed += n
        if body:
            out.append(Segment(body, seg.fenced, seg.fence_id, seg.claimed, seg.written_by))
    return out, removed


def put_page(
    conn: Connection,
    brain_id: str,
    principal: Principal,
    source: str,
    slug: str,
    content: str,
    origin: ContentOrigin | None,
) -> WriteReceipt:
    """Create or edit a page; see the module docstring for the merge rule."""
    check_slug(slug)
    gate.require_source(conn, brain_id, source)
    gate.lock_source(conn, brain_id, source)
    parsed = parse_file(slug, content, source)
    claim = claimed_tier(parsed, origin)
    level = principal.tier_for(claim)
    existing = load_page(conn, brain_id, source, slug)
    trusted_writer = principal.ceiling == "owner"
    tier = level if trusted_writer or existing is None else lowest(level, existing.tier)
    if gate.quarantined(tier, gate.settings(conn, brain_id)):
        held = gate.hold(
            conn, brain_id, source, kind="page", slug=slug,
            payload={"slug": slug, "content": content}, principal=principal,
        )  # fmt: skip
        gate.event(conn, brain_id, source, principal, "put_page", f"quarantine:{held}", "held")
        return WriteReceipt(
            ref=f"quarantine:{held}", source=source, tier=tier, stored="quarantine", claimed=claim
        )
    stones = gate.tombstones(conn, brain_id, source)
    by = gate.written_by(principal)
    _, body = split_header(content)
    if trusted_writer:
        segments, scrubbed = scrub_segments(parsed.segments, stones)
    else:
        segments, scrubbed = scrub_segments([Segment(neutralise(body), fenced=False)], stones)
    if existing is None or (trusted_writer and rank(level) >= rank(existing.tier)):
        previous = {} if existing is None else {c.chunk_id: c for c in existing.chunks}
        chunks = chunks_from_segments(
            segments, base_tier=tier, ceiling=principal.ceiling, base_by=by, previous=previous
        )
        header = parsed.header if trusted_writer and parsed.header else _header(parsed, tier, by)
        write_page(conn, brain_id, parsed.record, header=header, tier=tier, written_by=by,
                   chunks=chunks)  # fmt: skip
        ref = f"page:{slug}"
    else:
        ref = _merge(conn, brain_id, principal, existing, parsed, segments, level, tier)
    receipt_flag = gate.flag(conn, brain_id, source, ref, tier, principal)
    gate.event(conn, brain_id, source, principal, "put_page", ref, "stored")
    return WriteReceipt(
        ref=ref, source=source, tier=tier, claimed=claim, flag=receipt_flag, scrubbed=scrubbed
    )


def _merge(
    conn: Connection,
    brain_id: str,
    principal: Principal,
    existing: PageRow,
    parsed: ParsedFile,
    segments: Sequence[Segment],
    level: Tier,
    tier: Tier,
) -> str:
    """Keep chunks above ``level``; append the new content at ``tier`` (fenced if below)."""
    kept = [c for c in existing.chunks if rank(c.tier) > rank(level)]
    echoed = {line.strip() for c in kept for line in c.body.splitlines() if line.strip()}
    added = "".join(
        line
        for seg in segments
        for line in seg.body.splitlines(keepends=True)
        if line.strip() not in echoed
    )
    by = gate.written_by(principal)
    takes_over = not kept and rank(level) >= rank(existing.tier)
    page_tier = tier if takes_over else existing.tier
    chunks = [NewChunk(c.fenced, c.tier, c.written_by, c.body, c.chunk_id) for c in kept]
    if added.strip():
        fenced = rank(tier) < rank(page_tier)
        chunks.append(NewChunk(fenced, tier, by, added.strip("\n") if fenced else added))
    chunks = _newline_before_fences(chunks)
    if takes_over:
        record, header, page_by = parsed.record, _header(parsed, page_tier, by), by
    else:
        record = _record_of(existing)
        header, page_by = existing.header or "", existing.written_by
    stored = write_page(conn, brain_id, record, header=header, tier=page_tier,
                        written_by=page_by, chunks=chunks)  # fmt: skip
    if takes_over or not added.strip():
        return f"page:{existing.slug}"
    return f"chunk:{stored[-1].chunk_id}" if stored[-1].fenced else f"page:{existing.slug}"


def _header(parsed: ParsedFile, tier: Tier, by: str) -> str:
    rec = parsed.record
    return render_header(
        title=rec.title,
        page_type=rec.page_type,
        summary=rec.summary,
        aliases=rec.aliases,
        extras=dict(rec.frontmatter),
        tier=tier,
        written_by=by,
    )


def _record_of(existing: PageRow) -> PageRecord:
    """The existing page's own fields (a lower writer cannot retitle it)."""
    old = parse_file(existing.slug, existing.header or "", existing.source).record
    return PageRecord(
        source=existing.source,
        slug=existing.slug,
        title=existing.title,
        page_type=existing.page_type,
        summary=existing.summary,
        body="",
        aliases=old.aliases,
        frontmatter=old.frontmatter,
    )


def _newline_before_fences(chunks: list[NewChunk]) -> list[NewChunk]:
    """An unfenced chunk followed by a fence must end with a newline (byte-exact round trip)."""
    out: list[NewChunk] = []
    for index, chunk in enumerate(chunks):
        follows_fence = index + 1 < len(chunks) and chunks[index + 1].fenced
        if not chunk.fenced and follows_fence and not chunk.body.endswith("\n"):
            chunk = NewChunk(False, chunk.tier, chunk.written_by, chunk.body + "\n", chunk.chunk_id)
        out.append(chunk)
    return out
