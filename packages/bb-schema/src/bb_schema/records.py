"""Measurement records the runner produces beside turn rows; bb_score turns them into cells."""

from __future__ import annotations

from pydantic import Field

from bb_schema._base import Strict
from bb_schema.memory import StoredFact


class Provenance(Strict):
    """The provenance a write-back must stamp, computed by the bench, not the system."""

    source: str
    source_session: str
    source_markdown_slug: str


class WriteBackRecord(Strict):
    """A fixture's conversation after write-back: the facts memory holds for the source."""

    fixture_id: str
    expected: Provenance
    stored: list[StoredFact]
    extractor: str = "gold"


class ProbeRecord(Strict):
    """One continuity decision probe as replayed by one reader harness."""

    pair_id: str
    reader_fixture_id: str
    decision_id: str
    harness: str
    injected_slugs: list[str] = Field(default_factory=list)
    fact_hit: bool = False
