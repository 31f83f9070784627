"""The TurnContext service's messages: what a harness sends each turn, what memory pushes back.

Also the WriteBack messages: a conversation handed to memory, with an optional injected
extraction for deterministic mode (the extractor seam's output, never scoring gold).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Annotated, Final, Literal

from pydantic import Field

from bb_schema._base import Strict
from bb_schema._names import FactKind
from bb_schema.fixture import PublicTurn

Suppression = Literal["none", "prior-context", "slug-only"]
Render = Literal["markdown", "fragment"]
Extractor = Literal["gold", "rules", "llm"]

#: The conversation page a write-back creates is ``conversations/<session_id>``: part of the
#: contract, so the bench can check provenance without trusting the system under test.
CONVERSATION_SLUG_PREFIX = "conversations/"
_INT32_MAX = 2**31 - 1


def conversation_slug(session_id: str) -> str:
    """The slug every implementation must give the conversation page of ``session_id``."""
    return f"{CONVERSATION_SLUG_PREFIX}{session_id}"


#: A gap strictly longer than this between consecutive timestamped turns starts a segment.
SEGMENT_GAP: Final = timedelta(minutes=30)


def segment_label(session_id: str, number: int) -> str:
    """The ``source_session`` of a fact first stated in segment ``number`` (1-based)."""
    return f"{session_id}#{number}"


def conversation_segments(turns: Sequence[PublicTurn]) -> list[list[int]]:
    """The turn ids of each segment of a conversation, in order: the contract's segmentation.

    The bench's own statement of the rule every write path must follow (the engine keeps
    its own implementation, which is what gets measured): a turn starts a new segment when
    its timestamp is more than :data:`SEGMENT_GAP` after the previous timestamped turn's; a
    turn without ``ts`` never splits, and a timestamp earlier than the previous one (clock
    skew) does not split either.
    """
    segments: list[list[int]] = []
    previous: datetime | None = None
    for turn in turns:
        when = turn.when
        gap = when - previous if when is not None and previous is not None else None
        if not segments or (gap is not None and gap > SEGMENT_GAP):
            segments.append([])
        segments[-1].append(turn.turn_id)
        if when is not None:
            previous = when
    return segments


class SeamSettings(Strict):
    """The seam's declarative knobs, sent with every request."""

    pointer_budget: Annotated[int, Field(ge=0, le=64)]
    suppression: Suppression = "prior-context"
    volunteer: bool = False
    volunteer_window_turns: Annotated[int, Field(ge=0, le=64)] = 4
    volunteer_min_confidence: Annotated[float, Field(ge=0.0, le=1.0)] = 0.7
    volunteer_max_pages: Annotated[int, Field(ge=0, le=64)] = 3
    render: Render = "markdown"


class TurnContextRequest(Strict):
    """One turn as the harness presents it to memory."""

    brain_id: str
    session_id: str
    active_source: str
    turn: PublicTurn
    #: The most recent earlier turns of both roles, oldest first (the volunteer window).
    window: list[PublicTurn] = Field(default_factory=list)
    #: Everything already in the agent's context: earlier turns and earlier injected blocks.
    prior_context: str = ""
    settings: SeamSettings


class PointerEvidence(Strict):
    """Why memory pointed at (or declined) a page, so a failed item explains itself."""

    #: The words as written in the conversation.
    matched: str = ""
    #: Character offsets of ``matched`` in the text it came from.
    start: Annotated[int, Field(ge=0, le=_INT32_MAX)] = 0
    end: Annotated[int, Field(ge=0, le=_INT32_MAX)] = 0
    #: 0 is the turn itself, n the n-th earlier window turn.
    text_index: Annotated[int, Field(ge=0, le=_INT32_MAX)] = 0
    #: The page's surface form the words matched (normalised).
    surface: str = ""
    #: Similarity of the words to the surface: 1.0 exact, below 1.0 fuzzy.
    score: Annotated[float, Field(ge=0.0, le=1.0)] = 0.0
    #: The evidence weighed, e.g. "capitalised mid-sentence", "possessive".
    signals: list[str] = Field(default_factory=list)
    #: The decision in words, e.g. why an ordinary word was or was not taken as a name.
    decision: str = ""


class Pointer(Strict):
    """One page memory points the agent at."""

    slug: str
    source: str
    title: str = ""
    arm: str = ""
    confidence: float = 0.0
    trust_label: str = ""
    stage: Literal["reflex", "volunteer"] = "reflex"
    evidence: PointerEvidence | None = None


class TurnContextResponse(Strict):
    """What memory injects: the rendered text plus the structured pointers behind it.

    ``declined`` lists pages memory considered and left out, each with its evidence: a
    diagnostic, never an injection.
    """

    text: str = ""
    pointers: list[Pointer] = Field(default_factory=list)
    declined: list[Pointer] = Field(default_factory=list)


class ExtractedFact(Strict):
    """A fact an extractor produced from a conversation segment.

    ``entity_title`` names an entity memory has no page for yet, as written in the
    conversation; write-back creates the page with that title.
    """

    fact: Annotated[str, Field(min_length=1)]
    entity_slug: str | None = None
    kind: FactKind | None = None
    entity_title: str | None = None


class InjectedExtraction(Strict):
    """Deterministic-mode extractor output: the facts a turn's text yields."""

    turn_text: str
    facts: list[ExtractedFact]


class WriteBackRequest(Strict):
    """A conversation handed to memory's write path."""

    brain_id: str
    source: str
    session_id: str
    turns: Annotated[list[PublicTurn], Field(min_length=1)]
    extractor: Extractor = "gold"
    injected: list[InjectedExtraction] = Field(default_factory=list)


class WriteBackResponse(Strict):
    """What the write path did."""

    conversation_slug: str
    segments: int
    facts_written: int
    facts_deduplicated: int = 0


class EntityIndexRequest(Strict):
    """Ask for a static index of the pages a source holds (the codex preamble's input)."""

    brain_id: str
    active_source: str
    limit: Annotated[int, Field(ge=1, le=10_000)] = 50


class EntityIndexResponse(Strict):
    """Index entries, most useful first; slugs here are NOT injections."""

    entries: list[Pointer] = Field(default_factory=list)
