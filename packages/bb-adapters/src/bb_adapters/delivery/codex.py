"""The codex contract row: a static entity-index preamble plus at most one fragment per turn.

The conversation round-trips through the Codex rollout JSONL format and the project's own
parser selects the turns that get replayed, so a parser drift surfaces as missed retrievals.
"""

from __future__ import annotations

from bb_brain.transcripts import parse_codex_rollout, render_codex_rollout
from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import EntityIndexRequest, TurnContextRequest

from bb_adapters.pipeline import Delivered, SessionState
from bb_adapters.protocol import MemorySystem

CWD = "/workspace"
#: Rollouts need a session timestamp; fixtures without ts get a fixed one (deterministic).
FALLBACK_TS = "2026-01-01T00:00:00Z"


def align_turns(fixture: Fixture, parsed: list[PublicTurn]) -> list[PublicTurn]:
    """Give parsed turns the fixture's turn ids by matching (role, text) in order.

    A parsed turn that matches no remaining fixture turn is dropped (a parser that invents
    text replays nothing for it); a fixture turn the parser lost is simply absent.
    """
    aligned: list[PublicTurn] = []
    cursor = 0
    source = fixture.turns
    for turn in parsed:
        for index in range(cursor, len(source)):
            candidate = source[index]
            if candidate.role == turn.role and candidate.text == turn.text:
                aligned.append(turn.model_copy(update={"turn_id": candidate.turn_id}))
                cursor = index + 1
                break
    return aligned


class CodexDelivery:
    """Preamble once per session, then GetTurnContext with the fragment render per turn."""

    def __init__(self, system: MemorySystem, preamble_pages: int) -> None:
        self._system = system
        self._preamble_pages = preamble_pages

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """Write the rollout, parse it back, replay what the parser found."""
        rollout = render_codex_rollout(
            list(fixture.turns),
            session_id=fixture.fixture_id,
            cwd=CWD,
            started_at=fixture.turns[0].ts or FALLBACK_TS,
        )
        return align_turns(fixture, parse_codex_rollout(rollout).turns)

    def begin(self, state: SessionState) -> str:
        """The static entity index: computed once, its slugs are not injections."""
        if self._preamble_pages <= 0:
            return ""
        index = self._system.entity_index(
            EntityIndexRequest(
                brain_id=state.brain_id,
                active_source=state.fixture.active_source,
                limit=self._preamble_pages,
            )
        )
        if not index.entries:
            return ""
        lines = [f"- {entry.title or entry.slug}" for entry in index.entries]
        return "Known entities in memory:\n" + "\n".join(lines)

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """At most one fragment: the runner's budget enforcement cuts anything more."""
        response = self._system.turn_context(request)
        return Delivered(
            text=response.text,
            pointers=tuple(response.pointers),
            declined=tuple(response.declined),
        )

    def end(self, state: SessionState) -> None:
        """No per-session resources."""
