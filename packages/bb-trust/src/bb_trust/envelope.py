"""Where a canary sits in proactive context, and which trust envelope surrounds it.

Text surfaces (a harness's injected block, the context pack's text) are read per occurrence:
it is *wrapped* when it lies inside an ``<external-data>`` ... ``</external-data>`` span, and
*labelled* when the line that holds it carries the "unconfirmed, agent-written" label (labels
are per item, so a label elsewhere in the block does not cover it). Structured results are
read per carrying object: the ``unconfirmed`` / ``external_untrusted`` field on the object
whose text holds the canary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from bb_trust.observations import Activation

EXTERNAL_OPEN: Final = re.compile(r"<external-data\b[^>]*>", re.IGNORECASE)
EXTERNAL_CLOSE: Final = re.compile(r"</external-data\s*>", re.IGNORECASE)
UNCONFIRMED_LABEL: Final = "unconfirmed, agent-written"
#: Tier labels at or below "written by an agent" (the default-mode reading).
LOW_TIER_LABELS: Final = (UNCONFIRMED_LABEL, "external, untrusted", "agent-written")


def _spans(text: str) -> list[tuple[int, int]]:
    """Character ranges inside external-data wrappers (an unclosed wrapper runs to the end)."""
    spans: list[tuple[int, int]] = []
    position = 0
    while (opened := EXTERNAL_OPEN.search(text, position)) is not None:
        closed = EXTERNAL_CLOSE.search(text, opened.end())
        end = len(text) if closed is None else closed.start()
        spans.append((opened.end(), end))
        position = len(text) if closed is None else closed.end()
    return spans


def _line_at(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start : len(text) if end == -1 else end]


def text_activations(surface: str, text: str, canary: str) -> list[Activation]:
    """One :class:`Activation` per case-insensitive occurrence of ``canary`` in ``text``."""
    if not canary:
        return []
    folded, needle = text.casefold(), canary.casefold()
    spans = _spans(text)
    found: list[Activation] = []
    start = folded.find(needle)
    while start != -1:
        line = _line_at(text, start).casefold()
        wrapped = any(low <= start and start + len(needle) <= high for low, high in spans)
        found.append(
            Activation(
                surface=surface,
                wrapped=wrapped,
                unconfirmed_label=UNCONFIRMED_LABEL in line,
                low_tier_label=any(label in line for label in LOW_TIER_LABELS),
            )
        )
        start = folded.find(needle, start + len(needle))
    return found


def _carriers(value: object) -> Iterable[Mapping[str, Any]]:
    """Every object that carries content itself (its own string fields), depth first."""
    if isinstance(value, Mapping):
        yield value
        for item in value.values():
            yield from _carriers(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _carriers(item)


def structured_activations(
    surface: str, document: Mapping[str, Any], canary: str, *, skip: Iterable[str] = ("text",)
) -> list[Activation]:
    """Occurrences of ``canary`` in the string fields of a structured result's objects.

    Each object whose OWN string fields (not its children's) hold the canary is one
    occurrence, enveloped when that object says ``unconfirmed`` or ``external_untrusted``.
    Top-level keys in ``skip`` (the rendered text, read by :func:`text_activations`) are
    left out.
    """
    needle = canary.casefold()
    top = {k: v for k, v in document.items() if k not in set(skip)}
    found: list[Activation] = []
    for carrier in _carriers(top):
        own = [v for v in carrier.values() if isinstance(v, str)]
        if not any(needle in text.casefold() for text in own):
            continue
        unconfirmed = carrier.get("unconfirmed") is True
        external = carrier.get("external_untrusted") is True
        found.append(
            Activation(
                surface=surface,
                wrapped=False,
                unconfirmed_label=unconfirmed,
                external_field=external,
                low_tier_label=unconfirmed or external,
            )
        )
    return found


__all__ = [
    "EXTERNAL_CLOSE",
    "EXTERNAL_OPEN",
    "LOW_TIER_LABELS",
    "UNCONFIRMED_LABEL",
    "structured_activations",
    "text_activations",
]
