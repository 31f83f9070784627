"""The trivial reference rows that prove the metrics have teeth."""

from __future__ import annotations

from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import EntityIndexRequest, Pointer, TurnContextRequest

from bb_adapters.pipeline import Delivered, SessionState
from bb_adapters.protocol import MemorySystem


class SilentDelivery:
    """Never injects anything: know-to-ask failure must read 1.0."""

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The fixture's own conversation."""
        return list(fixture.turns)

    def begin(self, state: SessionState) -> str:
        """Nothing once per session."""
        return ""

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Stay silent."""
        return Delivered(text="", pointers=())

    def end(self, state: SessionState) -> None:
        """No per-session resources."""


class InjectAllDelivery:
    """Injects every page of the active source on every turn: false fires must show."""

    def __init__(self, system: MemorySystem) -> None:
        self._system = system
        self._pages: tuple[Pointer, ...] = ()

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The fixture's own conversation."""
        return list(fixture.turns)

    def begin(self, state: SessionState) -> str:
        """Read the whole page index once per session."""
        response = self._system.entity_index(
            EntityIndexRequest(
                brain_id=state.brain_id, active_source=state.fixture.active_source, limit=10_000
            )
        )
        self._pages = tuple(response.entries)
        return ""

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Everything, every turn."""
        text = "\n".join(f"- {page.title} ({page.slug})" for page in self._pages)
        return Delivered(text=text, pointers=self._pages)

    def end(self, state: SessionState) -> None:
        """Forget the index."""
        self._pages = ()
