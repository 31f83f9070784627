"""The BenchControl service's messages: what the runner needs from any system under test."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field

from bb_schema._base import Strict
from bb_schema._names import FactKind
from bb_schema.fixture import SeedFact, SeedPage


class SystemInfo(Strict):
    """Describe(): who is under test."""

    name: str
    version: str
    capabilities: list[str] = Field(default_factory=list)


class OpenBrainRequest(Strict):
    """Open a fresh, isolated brain for one fixture (or continuity pair)."""

    fixture_id: str


class OpenBrainResponse(Strict):
    """The handle every later call names."""

    brain_id: str


class SeedRequest(Strict):
    """Seed pages and facts; pages carry their own source."""

    brain_id: str
    pages: list[SeedPage] = Field(default_factory=list)
    facts: list[SeedFact] = Field(default_factory=list)


class SeedResponse(Strict):
    """How much was seeded."""

    pages: int
    facts: int


#: The capability a system declares in Describe to offer OpenSeededBrain.
OPEN_SEEDED_CAPABILITY: Final = "open-seeded"


class OpenSeededBrainRequest(Strict):
    """OpenBrain + Seed in one call, optionally releasing an earlier brain first."""

    fixture_id: str
    pages: list[SeedPage] = Field(default_factory=list)
    facts: list[SeedFact] = Field(default_factory=list)
    #: A brain this caller opened earlier, released (as by CloseBrain) before the new one opens.
    release_brain_id: str | None = None


class OpenSeededBrainResponse(Strict):
    """The fresh brain's handle and how much was seeded."""

    brain_id: str
    pages: int
    facts: int


class StoredFact(Strict):
    """A fact as memory stored it, with its provenance."""

    fact: str
    entity_slug: str | None = None
    kind: FactKind | None = None
    source: str
    source_session: str | None = None
    source_markdown_slug: str | None = None
    status: str = "active"


class FactQuery(Strict):
    """List a source's facts, or keyword-probe them (every keyword must match)."""

    brain_id: str
    source: str
    keywords: list[str] = Field(default_factory=list)


class FactList(Strict):
    """Facts read back."""

    facts: list[StoredFact]


#: How many facts a recall answers when the request does not say.
DEFAULT_RECALL_LIMIT: Final = 5


class RecallRequest(Strict):
    """An explicit recall: a question in the user's own words, answered with stored facts."""

    brain_id: str
    source: str
    query: str
    limit: Annotated[int, Field(ge=1, le=100)] = DEFAULT_RECALL_LIMIT


class CloseBrainRequest(Strict):
    """Release a brain and everything in it."""

    brain_id: str
