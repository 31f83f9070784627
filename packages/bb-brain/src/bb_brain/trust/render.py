"""Trust labels on proactive surfaces: the compact per-item label and ``<external-data>``.

Owner content renders exactly as before (no label), so an owner-only brain's pointer blocks
are byte-identical to an engine without trust. Agent-written items carry
"(unconfirmed, agent-written)"; external items are wrapped in ``<external-data>`` (with any
closing tag inside them defused, so the content cannot end its own wrapper).
"""

from __future__ import annotations

import re

from bb_schema.turn_context import Pointer

from bb_brain.trust.tiers import LABEL, Tier

EXTERNAL_OPEN = "<external-data>"
EXTERNAL_CLOSE = "</external-data>"
_TAG = re.compile(r"<(/?)\s*external-data", re.I)


def defuse(text: str) -> str:
    """Make ``<external-data>`` / ``</external-data>`` inside content inert."""
    return _TAG.sub(lambda m: "&lt;" + m.group(1) + "external-data", text)


def label_for(tier: Tier) -> str:
    """The compact label a pointer carries (``""`` for the owner)."""
    return LABEL[tier]


def wrap(tier: Tier, text: str) -> str:
    """One item of proactive context with its tier envelope."""
    if tier == "external_untrusted":
        return f"{EXTERNAL_OPEN}{defuse(text)}{EXTERNAL_CLOSE}"
    if tier == "agent_written":  # every line: a reader of any one line must see the label
        label = f"({LABEL[tier]}) "
        return "\n".join(
            label + line if line.strip() else line for line in defuse(text).split("\n")
        )
    return defuse(text) if tier == "user_confirmed" else text


def decorate_pointer_line(pointer: Pointer, line: str, *, bullet: str = "- ") -> str:
    """A rendered pointer line with its trust envelope; unchanged for owner pointers."""
    label = pointer.trust_label
    if not label:
        return line
    if label == LABEL["external_untrusted"]:
        inner = line[len(bullet) :] if line.startswith(bullet) else line
        head = bullet if line.startswith(bullet) else ""
        return f"{head}{EXTERNAL_OPEN}{defuse(inner)}{EXTERNAL_CLOSE} ({label})"
    return f"{line} ({label})"
