"""The trust gate on proactive context (turn-context pointers): labels and suppression.

One indexed query per turn with pointers: it finds the pointed-at pages below the owner
tier. For an owner-only brain it finds none and the pointers pass unchanged, so the reflex
output is byte-identical to an engine without trust. :func:`gate_with_notes` sends that
query, the brain's setting and the pages' carried-over notes as one statement: a turn's
round trips are a good part of its database time.
"""

from __future__ import annotations

from collections.abc import Sequence

from bb_schema.turn_context import CONVERSATION_SLUG_PREFIX, Pointer

from bb_brain._pg import Connection
from bb_brain.carryover import LATEST_RANKED, NOTES_PER_PAGE, clean_note
from bb_brain.trust.tiers import LABEL, Tier

#: Part 0: pointed-at pages below the owner tier; 1: the brain's agent activation setting;
#: 2: the pages' newest conversation facts (see :mod:`bb_brain.carryover`), in rank order.
_GATE_AND_NOTES = (
    "SELECT 0, slug, trust_tier, 0::bigint FROM pages WHERE brain_id = %s AND source = %s"
    " AND slug = ANY(%s) AND trust_tier <> 'owner'"
    " UNION ALL SELECT 1, NULL, agent_activation, 0 FROM trust_settings WHERE brain_id = %s"
    f" UNION ALL SELECT 2, entity_slug, fact, rank FROM ({LATEST_RANKED}) AS latest"
    " WHERE rank <= %s ORDER BY 1, 2, 4"
)


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
    return _gated(pointers, tiers, setting is not None and setting[0] == "suppress")


def gate_with_notes(
    conn: Connection, brain_id: str, source: str, pointers: Sequence[Pointer]
) -> tuple[list[Pointer], dict[str, list[str]]]:
    """:func:`gate_pointers` and the shown pages' :func:`~bb_brain.carryover.latest_notes`.

    One round trip instead of two: the notes are read for every pointed-at page and kept
    for the pages the gate lets through, which is what the two calls in turn return.
    """
    if not pointers:
        return list(pointers), {}
    slugs = [p.slug for p in pointers]
    prefix = CONVERSATION_SLUG_PREFIX
    rows = conn.execute(
        _GATE_AND_NOTES,
        (brain_id, source, slugs, brain_id,
         brain_id, source, slugs, len(prefix), prefix, NOTES_PER_PAGE),
    ).fetchall()  # fmt: skip
    tiers: dict[str, Tier] = {}
    suppress = False
    notes: dict[str, list[str]] = {}
    for part, slug, value, _rank in rows:
        if part == 0:
            tiers[str(slug)] = value
        elif part == 1:
            suppress = value == "suppress"
        else:
            notes.setdefault(str(slug), []).append(clean_note(str(value)))
    gated = _gated(pointers, tiers, suppress) if tiers else list(pointers)
    shown = {pointer.slug for pointer in gated}
    return gated, {slug: found for slug, found in notes.items() if slug in shown}


def _gated(pointers: Sequence[Pointer], tiers: dict[str, Tier], suppress: bool) -> list[Pointer]:
    """Label each pointer below the owner tier; drop agent-written ones under ``suppress``."""
    out: list[Pointer] = []
    for pointer in pointers:
        tier = tiers.get(pointer.slug)
        if tier is None:
            out.append(pointer)
        elif not (suppress and tier == "agent_written"):
            out.append(pointer.model_copy(update={"trust_label": LABEL[tier]}))
    return out
