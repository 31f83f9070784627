"""A huge turn costs what its examined prefix costs: what lies beyond the cap is not read."""

from __future__ import annotations

from typing import Any

from bb_brain import Engine
from bb_brain._examined import (
    TURN_EXAMINED_CHARS,
    WRITEBACK_EXAMINED_CHARS,
    examined,
)
from bb_brain.reflex._resolve import _clashes
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import (
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
)

ALICE = ("people/alice-example", "---\ntitle: Alice Example\ntype: person\n---\nbody\n")
WIDGET = ("companies/widget-co", "---\ntitle: Widget Co\ntype: company\n---\nbody\n")

FILLER = "the weather was mild and the coffee was fine. "


def ask(engine: Engine, brain: str, text: str) -> TurnContextResponse:
    return engine.turn_context(
        TurnContextRequest(
            brain_id=brain, session_id="s1", active_source="default",
            turn=PublicTurn(turn_id=1, role="user", text=text), window=[], prior_context="",
            settings=SeamSettings(pointer_budget=3),
        )
    )  # fmt: skip


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


def test_examined_cuts_at_a_word_boundary() -> None:
    assert examined("short text", 100) == "short text"
    assert examined("alpha beta gamma", 12) == "alpha beta"
    assert examined("x" * 50, 10) == "x" * 10  # no boundary in reach: a hard cut


def test_clashes_checks_sorted_disjoint_spans() -> None:
    spans = [(0, 5), (10, 15)]
    assert _clashes(spans, 4, 6) and _clashes(spans, 9, 11) and _clashes(spans, 0, 20)
    assert not _clashes(spans, 5, 10) and not _clashes(spans, 15, 30) and not _clashes([], 0, 1)


def test_a_mention_past_the_turn_cap_is_not_looked_for(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    padding = FILLER * (TURN_EXAMINED_CHARS // len(FILLER) + 1)
    inside = ask(engine, brain, "Alice Example called. " + padding + " Widget Co too.")
    assert slugs(inside) == ["people/alice-example"]
    # Thousands of mentions, a megabyte of text: answered from the prefix, all of it resolved.
    many = ask(engine, brain, "Alice Example met Widget Co. " * 40_000)
    assert set(slugs(many)) == {"people/alice-example", "companies/widget-co"}


def test_write_back_reads_a_bounded_prefix_of_each_turn(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    tail = "Alice Example prefers tea over coffee."

    def written(text: str, session: str) -> int:
        return engine.write_back(
            WriteBackRequest(
                brain_id=brain, source="default", session_id=session, extractor="rules",
                turns=[PublicTurn(turn_id=1, role="user", text=text)],
            )
        ).facts_written  # fmt: skip

    assert written(FILLER + tail, "short") >= 1  # within the cap the statement is found
    padding = FILLER * (WRITEBACK_EXAMINED_CHARS // len(FILLER) + 1)
    assert written(padding + tail, "long") == 0  # past the cap it is not read
