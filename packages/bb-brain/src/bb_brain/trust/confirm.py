"""Promotion: the owner at an interactive terminal confirms an item to user_confirmed.

No row's tier changes in place (the database refuses it): a confirmed fact, chunk or page is
written again at user_confirmed and the old row retired; a quarantined write is released into
the live stores at user_confirmed. Every other principal is refused before anything is read.
"""

from __future__ import annotations

from typing import Any

from bb_brain._pg import Connection
from bb_brain.trust import gate
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.facts import confirm_fact, parse_ref, remember
from bb_brain.trust.markdown import parse_file, render_header
from bb_brain.trust.models import ConfirmReceipt
from bb_brain.trust.pagewrite import put_page
from bb_brain.trust.purge import require_owner
from bb_brain.trust.store import NewChunk, PageRow, load_page, write_page
from bb_brain.trust.tiers import Principal, Tier, rank

CONFIRMED: Tier = "user_confirmed"


def confirm(
    conn: Connection, brain_id: str, principal: Principal, source: str, ref: str
) -> ConfirmReceipt:
    """Promote ``ref`` (fact, chunk, page or quarantine item) to user_confirmed."""
    require_owner(principal, "confirm")
    kind, ident = parse_ref(ref)
    gate.require_source(conn, brain_id, source)
    if kind == "fact":
        return confirm_fact(conn, brain_id, principal, source, ref)
    gate.lock_source(conn, brain_id, source)
    if kind == "quarantine":
        return _release(conn, brain_id, principal, source, int(ident), ref)
    if kind == "chunk":
        row = conn.execute(
            "SELECT slug, fenced FROM chunks WHERE brain_id = %s AND source = %s AND chunk_id = %s",
            (brain_id, source, int(ident)),
        ).fetchone()
        if row is None:
            raise TrustRefused("unknown_item", f"confirm: no chunk {ref!r} in source {source!r}")
        page = load_page(conn, brain_id, source, str(row[0]))
        assert page is not None
        if not row[1]:  # the author's own text: confirming it confirms the page
            return _confirm_page(conn, brain_id, principal, page, ref)
        return _confirm_chunk(conn, brain_id, principal, page, int(ident), ref)
    page = load_page(conn, brain_id, source, ident)
    if page is None:
        raise TrustRefused("unknown_item", f"confirm: no page {ref!r} in source {source!r}")
    return _confirm_page(conn, brain_id, principal, page, ref)


def _confirm_chunk(
    conn: Connection, brain_id: str, principal: Principal, page: PageRow, chunk_id: int, ref: str
) -> ConfirmReceipt:
    chunks: list[NewChunk] = []
    for c in page.chunks:
        if c.chunk_id == chunk_id and rank(c.tier) < rank(CONFIRMED):
            chunks.append(NewChunk(True, CONFIRMED, c.written_by, c.body))
        else:
            chunks.append(NewChunk(c.fenced, c.tier, c.written_by, c.body, c.chunk_id))
    record = parse_file(page.slug, page.header or "", page.source).record
    stored = write_page(conn, brain_id, record, header=page.header or "", tier=page.tier,
                        written_by=page.written_by, chunks=chunks)  # fmt: skip
    index = next(i for i, c in enumerate(page.chunks) if c.chunk_id == chunk_id)
    new_ref = f"chunk:{stored[index].chunk_id}"
    gate.event(conn, brain_id, page.source, principal, "confirm", ref, "confirmed")
    return ConfirmReceipt(ref=ref, confirmed_ref=new_ref, source=page.source,
                          tier=stored[index].tier)  # fmt: skip


def _confirm_page(
    conn: Connection, brain_id: str, principal: Principal, page: PageRow, ref: str
) -> ConfirmReceipt:
    if rank(page.tier) >= rank(CONFIRMED):
        return ConfirmReceipt(ref=ref, confirmed_ref=f"page:{page.slug}", source=page.source,
                              tier=page.tier)  # fmt: skip
    parsed = parse_file(page.slug, page.header or "", page.source)
    rec = parsed.record
    header = render_header(
        title=rec.title, page_type=rec.page_type, summary=rec.summary, aliases=rec.aliases,
        extras=dict(rec.frontmatter), tier=CONFIRMED, written_by=page.written_by,
    )  # fmt: skip
    chunks = [
        NewChunk(c.fenced, CONFIRMED if not c.fenced else c.tier, c.written_by, c.body,
                 c.chunk_id)
        for c in page.chunks
    ]  # fmt: skip
    write_page(conn, brain_id, rec, header=header, tier=CONFIRMED, written_by=page.written_by,
               chunks=chunks)  # fmt: skip
    gate.event(conn, brain_id, page.source, principal, "confirm", ref, "confirmed")
    return ConfirmReceipt(ref=ref, confirmed_ref=f"page:{page.slug}", source=page.source,
                          tier=CONFIRMED)  # fmt: skip


def _release(
    conn: Connection, brain_id: str, principal: Principal, source: str, qid: int, ref: str
) -> ConfirmReceipt:
    row = conn.execute(
        "DELETE FROM quarantine WHERE brain_id = %s AND source = %s AND quarantine_id = %s"
        " RETURNING kind, payload",
        (brain_id, source, qid),
    ).fetchone()
    if row is None:
        raise TrustRefused("unknown_item", f"confirm: nothing held as {ref!r} in {source!r}")
    kind, payload = str(row[0]), dict[str, Any](row[1])
    if kind == "fact":
        receipt = remember(
            conn, brain_id, principal, source, str(payload["fact"]),
            entity=payload.get("entity_slug"), kind=payload.get("kind"),
            key=payload.get("key"), supersedes=(), valid_until=None, origin="user_said",
        )  # fmt: skip
    else:
        receipt = put_page(conn, brain_id, principal, source, str(payload["slug"]),
                           str(payload["content"]), "user_said")  # fmt: skip
    gate.event(conn, brain_id, source, principal, "confirm", ref, "released")
    return ConfirmReceipt(ref=ref, confirmed_ref=receipt.ref, source=source, tier=receipt.tier)
