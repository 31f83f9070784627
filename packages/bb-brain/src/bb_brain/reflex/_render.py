"""Suppression against what the agent already has, and the wire render of pointers.

Both stages (reflex and volunteer) render through :func:`render`, so a volunteered pointer is
indistinguishable on the wire from a reflex one. Every render carries the slug verbatim
inside a ``brain://<source>/<slug>`` link: that is what later turns' suppression looks for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bb_schema.turn_context import Pointer, Render, Suppression

MEMORY_HEADING = "## Memory"
_SLUG_CHARS = r"A-Za-z0-9_\-"


def pointer_uri(pointer: Pointer) -> str:
    """The link every render uses for a pointer."""
    return f"brain://{pointer.source}/{pointer.slug}"


class Suppressor:
    """Decides whether a slug is already in the agent's context.

    ``prior-context`` looks for the slug anywhere in the prior context, case-insensitively
    (earlier injected blocks, pasted links, a slug the user typed); ``slug-only`` accepts only
    an exact, case-sensitive slug occurrence; ``none`` never suppresses. A slug counts only as
    a whole token, so ``people/al`` is not suppressed by ``people/alice``.
    """

    def __init__(self, mode: Suppression, prior_context: str) -> None:
        self.mode = mode
        self._text = prior_context.casefold() if mode == "prior-context" else prior_context

    def seen(self, slug: str) -> bool:
        """True when the pointer to ``slug`` must be dropped."""
        if self.mode == "none" or not self._text:
            return False
        needle = slug.casefold() if self.mode == "prior-context" else slug
        if needle not in self._text:  # fast path: most slugs are simply absent
            return False
        pattern = rf"(?<![{_SLUG_CHARS}]){re.escape(needle)}(?![{_SLUG_CHARS}/])"
        return re.search(pattern, self._text) is not None


def render(pointers: Sequence[Pointer], summaries: Mapping[str, str], style: Render) -> str:
    """The injected text for ``pointers`` (summaries keyed by slug); empty when there are none."""
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
        if summary:
            line += f" — {summary}"
        lines.append(line)
    return "\n".join(lines)


def _clean(text: str) -> str:
    return " ".join(text.split())
