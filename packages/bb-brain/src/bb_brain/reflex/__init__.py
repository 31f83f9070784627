"""The reflex: deterministic turn context (no model, no embeddings).

One call per turn, one alias-index query per call:

1. extract candidate mentions from the user turn (and, for the volunteer stage, from the
   last ``volunteer_window_turns`` window turns of both roles);
2. resolve them against the active source's alias index (alias -> title -> slug suffix ->
   surname, ambiguity stays silent, longest mention wins);
3. drop pages already in the agent's context (the seam's suppression mode);
4. reflex: keep at most ``pointer_budget`` pointers from the turn itself;
5. volunteer: from window + turn, pages at or above ``volunteer_min_confidence`` that the
   reflex did not already point at, at most ``volunteer_max_pages``;
6. render both through the same wire render; a pointer's line carries the latest facts the
   write path stored about its page from conversations (:mod:`bb_brain.carryover`).
"""

from __future__ import annotations

from typing import Literal

from bb_schema.turn_context import Pointer, TurnContextRequest, TurnContextResponse

from bb_brain._errors import UnknownBrainError
from bb_brain._pg import Connection
from bb_brain.carryover import latest_notes
from bb_brain.reflex._extract import Candidate, extract
from bb_brain.reflex._render import (
    MEMORY_HEADING,
    VOLUNTEER_HEADING,
    Suppressor,
    pointer_uri,
    render,
)
from bb_brain.reflex._resolve import CONFIDENCE, Resolved, lookup, resolve
from bb_brain.trust.proactive import gate_pointers

__all__ = [
    "CONFIDENCE",
    "MEMORY_HEADING",
    "VOLUNTEER_HEADING",
    "Candidate",
    "extract",
    "pointer_uri",
    "render",
    "turn_context",
]


def turn_context(conn: Connection, request: TurnContextRequest) -> TurnContextResponse:
    """Compute the context to inject for one turn (the TurnContext service's core).

    Raises:
        UnknownBrainError: ``request.brain_id`` is not an open brain.
    """
    settings = request.settings
    turn_candidates = extract(request.turn.text, 0)
    window_candidates: list[Candidate] = []
    if settings.volunteer and settings.volunteer_window_turns and settings.volunteer_max_pages:
        recent = request.window[-settings.volunteer_window_turns :]
        for index, turn in enumerate(reversed(recent), start=1):
            window_candidates += extract(turn.text, index)
    hits = lookup(
        conn, request.brain_id, request.active_source, turn_candidates + window_candidates
    )
    if not hits:
        _require_brain(conn, request.brain_id)
        return TurnContextResponse()
    suppressor = Suppressor(settings.suppression, request.prior_context)
    reflex = [res for res in resolve(turn_candidates, hits) if not suppressor.seen(res.slug)]
    reflex = reflex[: settings.pointer_budget]
    volunteered: list[Resolved] = []
    if settings.volunteer and settings.volunteer_max_pages:
        taken = {res.slug for res in reflex}
        for res in resolve(turn_candidates + window_candidates, hits):
            if len(volunteered) >= settings.volunteer_max_pages:
                break
            if res.slug in taken or res.confidence < settings.volunteer_min_confidence:
                continue
            if suppressor.seen(res.slug):
                continue
            volunteered.append(res)
    pointers = [_pointer(res, request.active_source, "reflex") for res in reflex]
    pointers += [_pointer(res, request.active_source, "volunteer") for res in volunteered]
    pointers = gate_pointers(conn, request.brain_id, request.active_source, pointers)
    summaries = {res.slug: res.page.summary for res in (*reflex, *volunteered)}
    notes = latest_notes(conn, request.brain_id, request.active_source, [p.slug for p in pointers])
    text = render(pointers, summaries, settings.render, notes)
    return TurnContextResponse(text=text, pointers=pointers)


def _pointer(res: Resolved, source: str, stage: Literal["reflex", "volunteer"]) -> Pointer:
    return Pointer(
        slug=res.slug,
        source=source,
        title=res.page.title,
        arm=res.arm,
        confidence=res.confidence,
        stage=stage,
    )


def _require_brain(conn: Connection, brain_id: str) -> None:
    if conn.execute("SELECT 1 FROM brains WHERE brain_id = %s", (brain_id,)).fetchone() is None:
        raise UnknownBrainError(
            f"brain {brain_id!r} is not open; call OpenBrain first (or it was already closed)"
        )
