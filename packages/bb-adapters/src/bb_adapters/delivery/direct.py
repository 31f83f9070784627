"""Direct delivery: the TurnContext service over the system's gRPC channel (openclaw, foreign)."""

from __future__ import annotations

from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import TurnContextRequest

from bb_adapters.pipeline import Delivered, SessionState
from bb_adapters.protocol import MemorySystem


class DirectDelivery:
    """Each user turn is one GetTurnContext call."""

    def __init__(self, system: MemorySystem) -> None:
        self._system = system

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The fixture's own conversation."""
        return list(fixture.turns)

    def begin(self, state: SessionState) -> str:
        """Nothing is injected once per session on this seam."""
        return ""

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Ask memory for this turn's context."""
        response = self._system.turn_context(request)
        return Delivered(
            text=response.text,
            pointers=tuple(response.pointers),
            declined=tuple(response.declined),
        )

    def end(self, state: SessionState) -> None:
        """No per-session resources."""
