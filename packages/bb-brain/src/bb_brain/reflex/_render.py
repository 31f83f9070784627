"""Suppression against what the agent already has, and the wire render of pointers.

Both stages (reflex and volunteer) render through :func:`render` with the same line format;
volunteered pointers follow the reflex ones under their own sub-heading, so an agent (and a
harness reading the text back) can tell a direct answer from a recent-context association.
Every render carries the slug verbatim inside a ``brain://<source>/<slug>`` link: that is
what later turns' suppression looks for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bb_schema.turn_context import Pointer, Render, Suppression

from bb_brain.trust.render import decorate_pointer_line

MEMORY_HEADING = "## Memory"
VOLUNTEER_HEADING = "### Related to the recent conversation"
VOLUNTEER_FRAGMENT = "related: "
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


def render(
    pointers: Sequence[Pointer],
    summaries: Mapping[str, str],
    style: Render,
    notes: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The injected text for ``pointers``; empty when there are none.

    ``summaries`` and ``notes`` are keyed by slug: a page's summary, and the latest
    conversation facts about it (:mod:`bb_brain.carryover`), which its line carries after
    ``latest:``.
    """
    if not pointers:
        return ""
    notes = notes or {}
    reflex = [p for p in pointers if p.stage != "volunteer"]
    volunteered = [p for p in pointers if p.stage == "volunteer"]
    if style == "fragment":
        items = [_fragment_item(p, notes) for p in reflex]
        items += [VOLUNTEER_FRAGMENT + _fragment_item(p, notes) for p in volunteered]
        return "Memory: " + "; ".join(items)
    lines = [MEMORY_HEADING, *(_list_line(p, summaries, notes) for p in reflex)]
    if volunteered:
        lines.append(VOLUNTEER_HEADING)
        lines += [_list_line(p, summaries, notes) for p in volunteered]
    return "\n".join(lines)


def _latest(pointer: Pointer, notes: Mapping[str, Sequence[str]]) -> str:
    found = [_clean(note) for note in notes.get(pointer.slug, ()) if _clean(note)]
    return "latest: " + " | ".join(found) if found else ""


def _fragment_item(pointer: Pointer, notes: Mapping[str, Sequence[str]]) -> str:
    item = f"{_clean(pointer.title)} <{pointer_uri(pointer)}>"
    latest = _latest(pointer, notes)
    if latest:
        item += f" ({latest})"
    return decorate_pointer_line(pointer, item)


def _list_line(
    pointer: Pointer, summaries: Mapping[str, str], notes: Mapping[str, Sequence[str]]
) -> str:
    title = _clean(pointer.title).replace("[", "\\[").replace("]", "\\]")
    line = f"- [{title}]({pointer_uri(pointer)})"
    summary = _clean(summaries.get(pointer.slug, ""))
    if summary:
        line += f" — {summary}"
    latest = _latest(pointer, notes)
    if latest:
        line += f" — {latest}"
    return decorate_pointer_line(pointer, line)


def _clean(text: str) -> str:
    return " ".join(text.split())
