"""Canonical markdown files: a page as frontmatter plus an ordered run of chunks.

A chunk is either the page author's own text (unfenced) or a lower-tier addition, fenced so
the file itself says who wrote it::

    <!-- bb:chunk id=12 tier=agent_written by=mcp:helper -->
    The addition.
    <!-- /bb:chunk -->

Rendering and parsing round-trip byte for byte, so re-syncing a file the engine wrote changes
nothing. Fence markers are the only tier claims a file can make besides frontmatter
``trust_tier``, and both only ever lower a tier; content from anyone but the owner has its
fence markers neutralised so it cannot close its own fence and pose as the owner's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

import yaml

from bb_brain.pages import PageRecord, parse_page
from bb_brain.trust.tiers import Tier, parse_tier

TIER_KEY: Final = "trust_tier"
WRITTEN_BY_KEY: Final = "written_by"

_HEADER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)
_FENCE = re.compile(
    r"^<!-- bb:chunk(?P<attrs>[^\n>]*?)-->\n(?P<body>.*?)\n<!-- /bb:chunk -->[ \t]*(?:\n|\Z)",
    re.S | re.M,
)
_ATTR = re.compile(r"(\w+)=(\S+)")
_MARKER = re.compile(r"<!--(\s*/?\s*bb:chunk)", re.I)
_SAFE_ACTOR = re.compile(r"[^A-Za-z0-9_.:@/-]")


@dataclass(frozen=True)
class Segment:
    """One chunk as a file holds it (before the engine assigns tiers)."""

    body: str
    fenced: bool
    fence_id: int | None = None
    claimed: Tier | None = None
    written_by: str | None = None


@dataclass(frozen=True)
class ParsedFile:
    """A canonical file split into what the ``pages`` row and the chunks store."""

    record: PageRecord
    header: str
    claimed: Tier | None
    written_by: str | None
    segments: list[Segment]


def split_header(content: str) -> tuple[str, str]:
    """(frontmatter block including its ``---`` lines, body); the block is '' when absent."""
    match = _HEADER.match(content)
    if match is None:
        return "", content
    return content[: match.end()], content[match.end() :]


def neutralise(text: str) -> str:
    """Defuse fence markers in untrusted text (``<!-- bb:chunk`` -> ``<!-  bb:chunk``)."""
    return _MARKER.sub(lambda m: "<!- " + m.group(1), text)


def safe_actor(actor: str) -> str:
    """An actor name usable inside a fence marker."""
    return _SAFE_ACTOR.sub("_", actor)[:80] or "unknown"


def parse_file(slug: str, content: str, source: str) -> ParsedFile:
    """Parse a canonical file.

    Raises:
        BrainUserError: Invalid frontmatter (the message names the slug).
    """
    header, body = split_header(content)
    record = parse_page(slug, header, source)  # fields from the frontmatter only
    extras = dict(record.frontmatter)
    claimed = parse_tier(extras.pop(TIER_KEY, None))
    by = extras.pop(WRITTEN_BY_KEY, None)
    record = PageRecord(
        source=record.source,
        slug=record.slug,
        title=record.title,
        page_type=record.page_type,
        summary=record.summary,
        body=body,
        aliases=record.aliases,
        frontmatter=extras,
    )
    return ParsedFile(
        record=record,
        header=header,
        claimed=claimed,
        written_by=None if by is None else str(by),
        segments=split_segments(body),
    )


def split_segments(body: str) -> list[Segment]:
    """The body as unfenced runs and fenced chunks, in order; empty runs are dropped."""
    segments: list[Segment] = []
    position = 0
    for match in _FENCE.finditer(body):
        if match.start() > position:
            segments.append(Segment(body[position : match.start()], fenced=False))
        attrs = dict(_ATTR.findall(match.group("attrs")))
        fence_id = int(attrs["id"]) if attrs.get("id", "").isdigit() else None
        segments.append(
            Segment(
                match.group("body"),
                fenced=True,
                fence_id=fence_id,
                # A fence without a readable tier is still not the author's text.
                claimed=parse_tier(attrs.get("tier")) or "external_untrusted",
                written_by=attrs.get("by"),
            )
        )
        position = match.end()
    if position < len(body):
        segments.append(Segment(body[position:], fenced=False))
    return segments


def render_fence(chunk_id: int, tier: Tier, written_by: str, body: str) -> str:
    """A fenced chunk, one line per marker."""
    head = f"<!-- bb:chunk id={chunk_id} tier={tier} by={safe_actor(written_by)} -->"
    return f"{head}\n{body}\n<!-- /bb:chunk -->\n"


def render_header(
    *,
    title: str,
    page_type: str | None,
    summary: str | None,
    aliases: tuple[str, ...] | list[str],
    extras: dict[str, Any],
    tier: Tier,
    written_by: str | None,
) -> str:
    """A generated frontmatter block for pages the engine created (not owner files)."""
    meta: dict[str, Any] = {"title": title}
    if page_type:
        meta["type"] = page_type
    if aliases:
        meta["aliases"] = list(aliases)
    if summary:
        meta["summary"] = summary
    meta.update({key: value for key, value in extras.items() if key not in meta})
    if tier != "owner":
        meta[TIER_KEY] = tier
        if written_by:
            meta[WRITTEN_BY_KEY] = written_by
    dumped = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=10_000)
    return f"---\n{dumped}---\n"


def join_body(parts: list[str]) -> str:
    """Concatenate chunk renders, making sure every fence starts on its own line."""
    out = ""
    for part in parts:
        if part.startswith("<!-- bb:chunk") and out and not out.endswith("\n"):
            out += "\n"
        out += part
    return out
