"""What the runner replays: public fixtures plus the bench-side inputs of each measurement.

The composition root builds a :class:`Plan` from a loaded corpus. Nothing here is scoring
gold: a unit carries the public fixture, the extractor-seam output used in deterministic
write-back mode, and the keywords of continuity probes (which the bench itself sends as
BenchControl fact probes). Slug gold never enters a plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bb_schema import Fixture
from bb_schema.turn_context import InjectedExtraction


@dataclass(frozen=True)
class DecisionProbe:
    """A continuity decision probe: keywords the bench looks up in stored facts."""

    decision_id: str
    match_keywords: tuple[str, ...]


@dataclass(frozen=True)
class Unit:
    """One fixture to replay."""

    fixture: Fixture
    extraction: tuple[InjectedExtraction, ...] = ()
    probes: tuple[DecisionProbe, ...] = ()


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
