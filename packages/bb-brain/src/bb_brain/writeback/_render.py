"""The conversation page: the write-back's durable, human-readable record of a session.

Every stored fact points at this page through ``source_markdown_slug``, so a reader can go
from a fact to the exact turns (with their timestamps) it was drawn from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml
from bb_schema import PublicTurn
from bb_schema.turn_context import WriteBackRequest, conversation_slug

from bb_brain.writeback._segment import Segment

PAGE_TYPE = "conversation"


@dataclass(frozen=True)
class ConversationPage:
    """A rendered conversation page, split the way the ``pages`` table stores a page."""

    slug: str
    title: str
    summary: str
    body: str
    #: The frontmatter keys the ``pages`` columns do not model (title, type and summary have
    #: their own columns), as stored in ``pages.frontmatter``.
    frontmatter: dict[str, Any]

    @property
    def markdown(self) -> str:
        """The page as one markdown document with YAML frontmatter (for export and reading)."""
        meta = {"title": self.title, "type": PAGE_TYPE, "summary": self.summary}
        head = yaml.safe_dump({**meta, **self.frontmatter}, sort_keys=False, allow_unicode=True)
        return f"---\n{head}---\n\n{self.body}"


def render_conversation(request: WriteBackRequest, segments: Sequence[Segment]) -> ConversationPage:
    """Render the request's conversation, segment by segment, with every turn's timestamp."""
    slug = conversation_slug(request.session_id)
    title = f"Conversation {request.session_id}"
    started = next((s.start for s in segments if s.start is not None), None)
    ended = next((s.end for s in reversed(segments) if s.end is not None), None)
    span = f", {started} to {ended}" if started is not None else ""
    summary = f"{len(request.turns)} turns in {len(segments)} segment(s){span}"
    frontmatter: dict[str, Any] = {
        "session_id": request.session_id,
        "source": request.source,
        "started_at": started,
        "ended_at": ended,
        "turns": len(request.turns),
        "segments": len(segments),
    }
    parts = [f"# {title}", "", f"Source `{request.source}`: {summary}."]
    for segment in segments:
        parts += ["", _segment_heading(segment)]
        for turn in segment.turns:
            parts += ["", _turn_heading(turn), "", turn.text]
    body = "\n".join(parts) + "\n"
    return ConversationPage(slug, title, summary, body, frontmatter)


def _segment_heading(segment: Segment) -> str:
    heading = f"## Segment {segment.index + 1}"
    if segment.start is not None:
        heading += f" ({segment.start} to {segment.end})"
    return heading


def _turn_heading(turn: PublicTurn) -> str:
    when = f", {turn.ts}" if turn.ts is not None else ""
    return f"**{turn.role}** (turn {turn.turn_id}{when}):"
