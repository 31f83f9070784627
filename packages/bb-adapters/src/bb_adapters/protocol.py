"""What the runner needs from any memory system: the TurnContext + BenchControl surface.

The reference engine is reached through the same typed gRPC client as a foreign system, so
both are measured through one real channel.
"""

from __future__ import annotations

from typing import Protocol

from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    SeedRequest,
    SeedResponse,
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)


class MemorySystem(Protocol):
    """The nine calls of the two services, in pydantic terms."""

    def describe(self) -> SystemInfo:
        """Name, version and capabilities of the system."""
        ...

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """A fresh isolated brain for one fixture or pair."""
        ...

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed pages and facts."""
        ...

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """The context memory pushes into one turn."""
        ...

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """A static index of a source's pages (preambles, inject-all)."""
        ...

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """Hand a conversation to the write path."""
        ...

    def list_facts(self, request: FactQuery) -> FactList:
        """Active facts of a source."""
        ...

    def probe_facts(self, request: FactQuery) -> FactList:
        """Active facts of a source matching every keyword."""
        ...

    def close_brain(self, request: CloseBrainRequest) -> None:
        """Release a brain."""
        ...
