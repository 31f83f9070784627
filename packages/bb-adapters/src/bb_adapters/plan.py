"""What the runner replays: public fixtures plus the bench-side inputs of each measurement.

The composition root builds a :class:`Plan` from a loaded corpus. Nothing here is scoring
gold: a unit carries the public fixture and, in deterministic write-back mode, the extractor
seam's output (what an extractor would have produced from each turn's text). Slugs, keywords
and decisions never enter a plan: continuity readers are replayed and recalled with their own
turn text, and scoring decides what arrived.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bb_schema import Fixture
from bb_schema.turn_context import InjectedExtraction


@dataclass(frozen=True)
class Unit:
    """One fixture to replay."""

    fixture: Fixture
    extraction: tuple[InjectedExtraction, ...] = ()


@dataclass(frozen=True)
class Pair:
    """A continuity pair: prepared once, read by every harness."""

    pair_id: str
    writer: Unit
    reader: Unit


@dataclass(frozen=True)
class Plan:
    """Every unit of a run, in a deterministic order."""

    singles: tuple[Unit, ...] = ()
    pairs: tuple[Pair, ...] = ()
    suites: tuple[str, ...] = field(default=())

    @property
    def fixture_count(self) -> int:
        """How many fixtures the plan touches."""
        return len(self.singles) + 2 * len(self.pairs)
