"""Measurement records the runner produces beside turn rows; bb_score turns them into cells.

Records hold what a system under test did, never gold: scoring joins gold later. Session
ids inside them are the bench's own names (the fixture id), never the opaque per-run ids the
system saw; the runner translates back before a record leaves it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from bb_schema._base import Strict
from bb_schema.memory import StoredFact


class Provenance(Strict):
    """The provenance a write-back must stamp, computed by the bench, not the system.

    ``source_session`` is the conversation's session id; a fact first stated in segment
    ``n`` must carry ``bb_schema.turn_context.segment_label(source_session, n)``.
    """

    source: str
    source_session: str
    source_markdown_slug: str


class WriteBackRecord(Strict):
    """A fixture's conversation after write-back: the facts memory holds for the source.

    ``segments`` is the conversation's segmentation by the contract's rule (turn ids per
    segment, in order), so the expected session label of any turn's facts is known.
    """

    fixture_id: str
    expected: Provenance
    stored: list[StoredFact]
    extractor: str = "gold"
    segments: list[list[int]] = Field(default_factory=list)


class ReaderTurn(Strict):
    """One replayed reader turn: what was injected, and what an explicit recall answered."""

    turn_id: int
    injected_text: str = ""
    #: The recall answer (query: this turn's own text), cut to the bench's cap.
    recalled: list[StoredFact] = Field(default_factory=list)
    #: Facts the recall answered past the cap, cut and counted.
    recall_cuts: Annotated[int, Field(ge=0)] = 0


class ReaderRecord(Strict):
    """A continuity reader replayed by one harness row, after the writer's write-back."""

    pair_id: str
    reader_fixture_id: str
    harness: str
    #: The reader's active source: a recalled fact of any other source is a leak, never credit.
    active_source: str = "default"
    #: Whether the row has an explicit recall path (trivial rows and systems answering
    #: UNIMPLEMENTED have none; their decisions can only arrive by push).
    recall_available: bool
    turns: list[ReaderTurn] = Field(default_factory=list)
