"""What changed since the page was written: the latest conversation facts about a page.

A pointer says "memory has a page about X"; the page itself was seeded before any later
conversation, so on its own it cannot carry what a conversation decided about X. When the
reflex points at a page, its line may therefore carry the most recent facts the write path
stored about that entity from conversations (at most :data:`NOTES_PER_PAGE`, each cut to
:data:`NOTE_CHARS` characters): a reader asking about X gets the decision pushed, without an
explicit recall. Only facts of the active source, still current, at the owner's or a
confirmed tier, and written by the write path (their ``source_markdown_slug`` is a
conversation page) qualify: nothing from another source, nothing an agent or an external
payload wrote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bb_schema.turn_context import CONVERSATION_SLUG_PREFIX

from bb_brain._pg import Connection

#: Conversation facts a pointer line carries at most (the newest first).
NOTES_PER_PAGE: Final = 2
#: Characters a carried fact keeps at most (longer ones end with an ellipsis).
NOTE_CHARS: Final = 160

#: Every qualifying fact of the pages (brain, source, slugs, prefix length, prefix), ranked
#: newest first per page; shared with the trust gate's one-round-trip query.
LATEST_RANKED = (
    "SELECT entity_slug, fact,"
    " row_number() OVER (PARTITION BY entity_slug ORDER BY fact_id DESC) AS rank"
    " FROM facts WHERE brain_id = %s AND source = %s AND entity_slug = ANY(%s)"
    " AND status = 'active' AND (valid_until IS NULL OR valid_until > now())"
    " AND trust_tier IN ('owner', 'user_confirmed')"
    " AND left(source_markdown_slug, %s) = %s"
)
_LATEST = (
    f"SELECT entity_slug, fact FROM ({LATEST_RANKED}) AS latest WHERE rank <= %s"
    " ORDER BY entity_slug, rank"
)
#: A pointer link inside a carried fact would read as a pointer to a harness parsing the text.
_LINK = re.compile(r"brain://", re.IGNORECASE)


def clean_note(fact: str, limit: int = NOTE_CHARS) -> str:
    """One line, no pointer links, at most ``limit`` characters."""
    text = _LINK.sub("brain:", " ".join(fact.split()))
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def latest_notes(
    conn: Connection, brain_id: str, source: str, slugs: Sequence[str]
) -> dict[str, list[str]]:
    """Slug -> its newest conversation facts (cleaned), for the pages a turn points at."""
    if not slugs:
        return {}
    prefix = CONVERSATION_SLUG_PREFIX
    rows = conn.execute(
        _LATEST, (brain_id, source, list(slugs), len(prefix), prefix, NOTES_PER_PAGE)
    ).fetchall()
    notes: dict[str, list[str]] = {}
    for slug, fact in rows:
        notes.setdefault(str(slug), []).append(clean_note(str(fact)))
    return notes
