"""The seam's side of a turn: suppression against prior context and the pointer render.

Both follow the contract's declared knobs, not anything mem0 does: the seam asks that pages
already in the agent's context be left out (``suppression``), and that pointers come back
rendered (``render``). The line format matches the reference row's, so injected-token counts
compare the number of pointers, not two writing styles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bb_schema.turn_context import Pointer, Render, Suppression

MEMORY_HEADING = "## Memory"
_SLUG_CHARS = r"A-Za-z0-9_\-"


def pointer_uri(pointer: Pointer) -> str:
    """The link a rendered pointer carries; later turns find the slug in it."""
    return f"brain://{pointer.source}/{pointer.slug}"


def already_in_context(slug: str, prior_context: str, mode: Suppression) -> bool:
    """True when the seam's suppression mode says the page is already in context.

    ``prior-context``: the slug as a whole token anywhere, case-insensitively; ``slug-only``:
    the same, case-sensitively; ``none``: never.
    """
    if mode == "none" or not prior_context:
        return False
    haystack, needle = (
        (prior_context.casefold(), slug.casefold())
        if mode == "prior-context"
        else (prior_context, slug)
    )
    if needle not in haystack:
        return False
    pattern = rf"(?<![{_SLUG_CHARS}]){re.escape(needle)}(?![{_SLUG_CHARS}/])"
    return re.search(pattern, haystack) is not None


def _clean(text: str) -> str:
    return " ".join(text.split())


def render(pointers: Sequence[Pointer], summaries: dict[str, str], style: Render) -> str:
    """The injected text for ``pointers``; empty when there are none."""
    if not pointers:
        return ""
    if style == "fragment":
        items = [f"{_clean(p.title)} <{pointer_uri(p)}>" for p in pointers]
        return "Memory: " + "; ".join(items)
    lines = [MEMORY_HEADING]
    for pointer in pointers:
        title = _clean(pointer.title).replace("[", "\\[").replace("]", "\\]")
        line = f"- [{title}]({pointer_uri(pointer)})"
        summary = _clean(summaries.get(pointer.slug, ""))
        lines.append(f"{line} — {summary}" if summary else line)
    return "\n".join(lines)
