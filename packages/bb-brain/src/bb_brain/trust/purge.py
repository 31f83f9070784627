"""``forget --purge``: remove a claim from every store of one source and keep it gone.

Stores, each named in the receipt by its table (or ``canonical_files``) when it held the
claim: ``facts`` (rows deleted, history included), ``pages`` (title, summary, body, header,
frontmatter), ``chunks``, ``timeline_entries``, ``takes``, ``aliases``, ``search_index``,
``quarantine`` and the markdown files of the source's repository. Page text loses every line
holding the claim (a claim spread over lines loses its paragraph); a page whose title holds it
is deleted. The tombstone keeps only a hash, so the receipt and tombstone never hold the claim.
Git history is never rewritten: the receipt lists the commits that still contain the claim.
"""

from __future__ import annotations

import json
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

from psycopg.types.json import Jsonb

from bb_brain._errors import BrainUserError
from bb_brain._pg import Connection
from bb_brain.pages import PageRecord
from bb_brain.trust import gate
from bb_brain.trust.claims import Claim, Matcher, scrub, words
from bb_brain.trust.effects import page_file, repo_path, write_atomic
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.markdown import ParsedFile, parse_file, render_header
from bb_brain.trust.models import PurgeReceipt, StoreHit
from bb_brain.trust.store import NewChunk, delete_page, enqueue, load_page, write_page
from bb_brain.trust.sync import markdown_files
from bb_brain.trust.tiers import Principal

#: Page-side stores: table -> the text columns checked for the claim.
_PAGE_STORES: dict[str, tuple[str, ...]] = {
    "pages": ("title", "summary", "body", "header", "frontmatter::text"),
    "chunks": ("body",),
    "timeline_entries": ("body", "occurred"),
    "takes": ("body",),
    "aliases": ("alias_norm",),
    "search_index": ("title", "snippet"),
}


def require_owner(principal: Principal, action: str) -> None:
    """Only the owner at an interactive terminal may purge or confirm."""
    if principal.is_owner:
        return
    if principal.channel in ("mcp_agent", "connector"):
        raise TrustRefused(
            "not_owner",
            f"{action} refused: {principal.channel} {principal.actor!r} is not the owner; "
            f"the owner runs `bb-brain {action}` at a terminal",
        )
    raise TrustRefused(
        "not_interactive",
        f"{action} refused: it needs the owner at an interactive terminal (stdin and stdout "
        f"a TTY); run `bb-brain {action}` yourself in a terminal",
    )


def purge(
    conn: Connection, brain_id: str, principal: Principal, source: str, text: str
) -> PurgeReceipt:
    """Purge ``text`` from every store of ``source`` (inside the caller's transaction)."""
    require_owner(principal, "forget --purge")
    claim = Claim(text)
    if not words(text):
        raise BrainUserError(f"claim {text!r} has no words to purge; give the text to forget")
    gate.require_source(conn, brain_id, source)
    gate.lock_source(conn, brain_id, source)
    hits: dict[str, StoreHit] = {}
    _count(hits, "facts", _purge_facts(conn, brain_id, source, claim))
    _count(hits, "quarantine", _purge_quarantine(conn, brain_id, source, claim))
    for store, rows in _purge_pages(conn, brain_id, source, claim).items():
        _count(hits, store, rows)
    repo = repo_path(conn, brain_id, source)
    history: list[str] = []
    if repo is not None:
        files = _purge_files(repo, claim)
        if files:
            hits["canonical_files"] = StoreHit(store="canonical_files", rows=len(files),
                                               files=files)  # fmt: skip
        history = _git_history(repo, claim.text)
    stone = claim.tombstone
    stores = [hits[name] for name in sorted(hits)]
    row = conn.execute(
        "INSERT INTO trust_tombstones (brain_id, source, claim_sha256, token_count, stores)"
        " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (brain_id, source, claim_sha256)"
        " DO UPDATE SET stores = EXCLUDED.stores RETURNING tombstone_id",
        (brain_id, source, stone.sha256, stone.token_count,
         Jsonb([hit.model_dump() for hit in stores])),
    ).fetchone()  # fmt: skip
    assert row is not None
    gate.event(conn, brain_id, source, principal, "purge", f"tombstone:{row[0]}", "purged")
    return PurgeReceipt(
        source=source,
        claim_sha256=stone.sha256,
        tombstone_id=int(row[0]),
        stores=stores,
        git_history=history,
    )


def _count(hits: dict[str, StoreHit], store: str, rows: int) -> None:
    if rows:
        hits[store] = StoreHit(store=store, rows=rows)


def _candidates(
    conn: Connection,
    table: str,
    key: str,
    columns: tuple[str, ...],
    brain_id: str,
    source: str,
    claim: Claim,
) -> list[tuple[Any, ...]]:
    """(key, *columns) rows whose columns hold the claim (SQL prefilter, exact check here)."""
    wanted = " OR ".join(f"{col} ILIKE ALL(%s::text[])" for col in columns)
    patterns = claim.like_patterns()
    sql = (
        f"SELECT {key}, {', '.join(columns)} FROM {table}"  # table/columns are constants
        f" WHERE brain_id = %s AND source = %s AND ({wanted})"
    )
    rows = conn.execute(sql, (brain_id, source, *[patterns] * len(columns))).fetchall()
    return [row for row in rows if any(claim.held_by(value) for value in row[1:])]


def _purge_facts(conn: Connection, brain_id: str, source: str, claim: Claim) -> int:
    rows = _candidates(conn, "facts", "fact_id", ("fact", "fact_key"), brain_id, source, claim)
    ids = [int(row[0]) for row in rows]
    if ids:
        conn.execute("DELETE FROM facts WHERE fact_id = ANY(%s)", (ids,))
        conn.execute(
            "DELETE FROM trust_flags WHERE brain_id = %s AND source = %s AND ref = ANY(%s)",
            (brain_id, source, [f"fact:{i}" for i in ids]),
        )
    return len(ids)


def _purge_quarantine(conn: Connection, brain_id: str, source: str, claim: Claim) -> int:
    rows = _candidates(
        conn, "quarantine", "quarantine_id", ("payload::text",), brain_id, source, claim
    )
    held = [int(row[0]) for row in rows]
    # payload::text escapes quotes and newlines; check the decoded strings too
    for qid, payload in conn.execute(
        "SELECT quarantine_id, payload FROM quarantine WHERE brain_id = %s AND source = %s",
        (brain_id, source),
    ):
        if int(qid) not in held and any(claim.held_by(s) for s in _strings(payload)):
            held.append(int(qid))
    if held:
        conn.execute("DELETE FROM quarantine WHERE quarantine_id = ANY(%s)", (held,))
    return len(held)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _purge_pages(conn: Connection, brain_id: str, source: str, claim: Claim) -> dict[str, int]:
    """Scrub every page holding the claim in any page-side store; rows held, per store."""
    held: dict[str, int] = defaultdict(int)
    slugs: set[str] = set()
    for table, columns in _PAGE_STORES.items():
        rows = _candidates(conn, table, "slug", columns, brain_id, source, claim)
        held[table] += len(rows)
        slugs.update(str(row[0]) for row in rows)
    matcher = Matcher(claims=[claim])
    for slug in sorted(slugs):
        scrub_page(conn, brain_id, source, slug, matcher)
        conn.execute(  # the index is rebuilt by the page's effect; drop its copy right now
            "DELETE FROM search_index WHERE brain_id = %s AND source = %s AND slug = %s",
            (brain_id, source, slug),
        )
    return {table: rows for table, rows in held.items() if rows}


def scrub_page(conn: Connection, brain_id: str, source: str, slug: str, matcher: Matcher) -> None:
    """Rewrite one page without anything the matcher recognises (delete it if its title does)."""
    page = load_page(conn, brain_id, source, slug)
    if page is None:
        return
    parsed = parse_file(slug, page.header or "", source)
    if not page.header:  # a page that never had a canonical header (seeded, write-back)
        frontmatter = _frontmatter(conn, brain_id, source, slug)
        parsed = ParsedFile(
            record=PageRecord(source, slug, page.title, page.page_type, page.summary, "",
                              parsed.record.aliases, frontmatter),
            header="", claimed=None, written_by=None, segments=[],
        )  # fmt: skip
    header, record, removed = scrub_header(parsed, matcher)
    if removed < 0 or matcher.holds(slug):
        delete_page(conn, brain_id, source, slug)
        return
    if not page.chunks:
        body, _ = scrub(page.body, matcher)
        conn.execute(
            "UPDATE pages SET title = %s, summary = %s, body = %s, frontmatter = %s::jsonb"
            " WHERE brain_id = %s AND source = %s AND slug = %s",
            (record.title, record.summary, body, json.dumps(dict(record.frontmatter)),
             brain_id, source, slug),
        )  # fmt: skip
        _drop_held_aliases(conn, brain_id, source, slug, matcher)
        enqueue(conn, brain_id, source, slug)
        return
    chunks = []
    for chunk in page.chunks:
        body, _ = scrub(chunk.body, matcher)
        if body.strip():
            chunks.append(NewChunk(chunk.fenced, chunk.tier, chunk.written_by, body,
                                   chunk.chunk_id))  # fmt: skip
    write_page(conn, brain_id, record, header=header if page.header else "", tier=page.tier,
               written_by=page.written_by, chunks=chunks)  # fmt: skip


def _drop_held_aliases(
    conn: Connection, brain_id: str, source: str, slug: str, matcher: Matcher
) -> None:
    rows = conn.execute(
        "SELECT alias_norm FROM aliases WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    ).fetchall()
    doomed = [str(r[0]) for r in rows if matcher.holds(str(r[0]))]
    if doomed:
        conn.execute(
            "DELETE FROM aliases WHERE brain_id = %s AND source = %s AND slug = %s"
            " AND alias_norm = ANY(%s)",
            (brain_id, source, slug, doomed),
        )


def _frontmatter(conn: Connection, brain_id: str, source: str, slug: str) -> dict[str, Any]:
    row = conn.execute(
        "SELECT frontmatter FROM pages WHERE brain_id = %s AND source = %s AND slug = %s",
        (brain_id, source, slug),
    ).fetchone()
    return dict(row[0]) if row is not None and isinstance(row[0], dict) else {}


def scrub_header(parsed: ParsedFile, matcher: Matcher) -> tuple[str, PageRecord, int]:
    """The header and record without fields the matcher recognises.

    Returns:
        (header, record, fields removed); -1 removed means the title holds the claim and the
        whole page must go.
    """
    rec = parsed.record
    texts = [parsed.header, rec.title, rec.summary or "", json.dumps(dict(rec.frontmatter)),
             *rec.aliases]  # fmt: skip
    if not matcher or not any(matcher.holds(t) for t in texts):
        return parsed.header, rec, 0
    if matcher.holds(rec.title):
        return "", rec, -1
    removed = 0
    summary = rec.summary
    if summary and matcher.holds(summary):
        summary, removed = None, removed + 1
    aliases = tuple(a for a in rec.aliases if not matcher.holds(a))
    removed += len(rec.aliases) - len(aliases)
    extras = {k: v for k, v in rec.frontmatter.items()
              if not matcher.holds(f"{k} {json.dumps(v)}")}  # fmt: skip
    removed += len(rec.frontmatter) - len(extras)
    record = PageRecord(rec.source, rec.slug, rec.title, rec.page_type, summary, rec.body,
                        aliases, extras)  # fmt: skip
    header = render_header(
        title=rec.title, page_type=rec.page_type, summary=summary, aliases=aliases,
        extras=extras, tier=parsed.claimed or "owner", written_by=parsed.written_by,
    )  # fmt: skip
    return header, record, max(removed, 1)


def _purge_files(repo: Path, claim: Claim) -> list[str]:
    """Scrub every markdown file of the repo holding the claim; their repo-relative paths."""
    matcher = Matcher(claims=[claim])
    touched: list[str] = []
    for slug, path in markdown_files(repo).items():
        text = path.read_text(encoding="utf-8")
        if not claim.held_by(text):
            continue
        touched.append(path.relative_to(repo).as_posix())
        cleaned, _ = scrub(text, matcher)
        write_atomic(page_file(repo, slug), cleaned)
    return touched


def _git_history(repo: Path, text: str) -> list[str]:
    done = subprocess.run(
        ["git", "-C", str(repo), "log", "--all", "--format=%H", "-i", "-S", text],
        capture_output=True,
        text=True,
        check=False,
    )
    return [line for line in done.stdout.split() if line] if done.returncode == 0 else []
