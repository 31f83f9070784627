"""The trust gate on proactive context (turn-context pointers): labels and suppression.

One indexed query per turn with pointers: it finds the pointed-at pages below the owner
tier. For an owner-only brain it finds none and the pointers pass unchanged, so the reflex
output is byte-identical to an engine without trust.
"""

from __future__ import annotations

from collections.abc import Sequence

from bb_schema.turn_context import Pointer

from bb_brain._pg import Connection
from bb_brain.trust.tiers import LABEL, Tier


def gate_pointers(
    conn: Connection, brain_id: str, source: str, pointers: Sequence[Pointer]
) -> list[Pointer]:
    """Pointers with their trust label; agent-written pages dropped under ``suppress``."""
    if not pointers:
        return list(pointers)
    rows = conn.execute(
        "SELECT slug, trust_tier FROM pages WHERE brain_id = %s AND source = %s"
        " AND slug = ANY(%s) AND trust_tier <> 'owner'",
        (brain_id, source, [p.slug for p in pointers]),
    ).fetchall()
    if not rows:
        return list(pointers)
    tiers: dict[str, Tier] = {str(slug): tier for slug, tier in rows}
    setting = conn.execute(
        "SELECT agent_activation FROM trust_settings WHERE brain_id = %s", (brain_id,)
    ).fetchone()
    suppress = setting is not None and setting[0] == "suppress"
    out: list[Pointer] = []
    for pointer in pointers:
        tier = tiers.get(pointer.slug)
        if tier is None:
            out.append(pointer)
        elif not (suppress and tier == "agent_written"):
            out.append(pointer.model_copy(update={"trust_label": LABEL[tier]}))
    return out
