"""Seed pages as mem0 sees them: the page text itself, with its slug and title beside it.

mem0 stores a page as one memory whose text is the page's markdown, frontmatter included (it
is plain text to an embedder). Only the title and summary are read out of the frontmatter,
for the pointer and its rendered line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml
from bb_schema import SchemaUserError
from bb_schema.fixture import SeedPage

_FRONTMATTER = re.compile(
    r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M
)


@dataclass(frozen=True)
class PageMemory:
    """One page ready to hand to mem0."""

    source: str
    slug: str
    title: str
    summary: str
    text: str


def title_from_slug(slug: str) -> str:
    """``people/alice-example`` -> ``Alice Example``, for a page without a title."""
    last = slug.rstrip("/").rsplit("/", 1)[-1].replace("-", " ").replace("_", " ")
    return " ".join(word[:1].upper() + word[1:] for word in last.split()) or slug


def _text_field(slug: str, meta: dict[str, Any], key: str) -> str:
    value = meta.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise SchemaUserError(f"page {slug!r}: frontmatter {key!r} must be text, got {value!r}")
    return " ".join(str(value).split())


def page_memory(page: SeedPage) -> PageMemory:
    """Read title and summary from the frontmatter; the memory text is the whole page.

    Raises:
        SchemaUserError: The frontmatter is not a YAML mapping (the message names the slug).
    """
    meta: dict[str, Any] = {}
    match = _FRONTMATTER.match(page.content)
    if match is not None:
        try:
            loaded = yaml.safe_load(match.group(1))
        except yaml.YAMLError as exc:
            raise SchemaUserError(f"page {page.slug!r}: frontmatter is not valid YAML") from exc
        if loaded is not None and not isinstance(loaded, dict):
            raise SchemaUserError(f"page {page.slug!r}: frontmatter must be a mapping of keys")
        meta = {str(key): value for key, value in (loaded or {}).items()}
    text = page.content.strip() or page.slug
    return PageMemory(
        source=page.source,
        slug=page.slug,
        title=_text_field(page.slug, meta, "title") or title_from_slug(page.slug),
        summary=_text_field(page.slug, meta, "summary"),
        text=text,
    )
