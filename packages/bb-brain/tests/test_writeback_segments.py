from __future__ import annotations

import yaml
from bb_brain.writeback import SEGMENT_GAP, render_conversation, segment_turns
from bb_schema import PublicTurn
from bb_schema.turn_context import WriteBackRequest


def turn(turn_id: int, ts: str | None, role: str = "user") -> PublicTurn:
    return PublicTurn.model_validate(
        {"turn_id": turn_id, "role": role, "text": f"turn {turn_id}", "ts": ts}
    )


def ids(turns: list[PublicTurn]) -> list[list[int]]:
    return [[t.turn_id for t in segment.turns] for segment in segment_turns(turns)]


def test_gap_of_exactly_thirty_minutes_does_not_split() -> None:
    assert SEGMENT_GAP.total_seconds() == 1800
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, "2026-03-02T17:30:00Z")]
    assert ids(turns) == [[1, 2]]


def test_gap_just_over_thirty_minutes_splits() -> None:
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, "2026-03-02T17:30:01Z")]
    assert ids(turns) == [[1], [2]]


def test_gap_is_measured_between_consecutive_turns_not_from_segment_start() -> None:
    turns = [
        turn(1, "2026-03-02T17:00:00Z"),
        turn(2, "2026-03-02T17:29:00Z"),
        turn(3, "2026-03-02T17:58:00Z"),
        turn(4, "2026-03-02T18:28:00.000001+00:00"),
        turn(5, "2026-03-02T20:00:00+01:00"),  # 19:00Z: 32 minutes after turn 4
    ]
    assert ids(turns) == [[1, 2, 3], [4], [5]]


def test_offsets_are_compared_as_instants() -> None:
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, "2026-03-02T18:20:00+01:00")]
    assert ids(turns) == [[1, 2]]


def test_turns_without_timestamps_never_split() -> None:
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, None), turn(3, "2026-03-02T17:20:00Z")]
    assert ids(turns) == [[1, 2, 3]]
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, None), turn(3, "2026-03-02T18:00:00Z")]
    assert ids(turns) == [[1, 2], [3]]
    assert ids([turn(1, None), turn(2, None)]) == [[1, 2]]


def test_segment_bounds_and_indexes() -> None:
    turns = [turn(1, "2026-03-02T17:00:00Z"), turn(2, None), turn(3, "2026-03-02T19:00:00Z")]
    first, second = segment_turns(turns)
    assert (first.index, first.start, first.end) == (
        0,
        "2026-03-02T17:00:00Z",
        "2026-03-02T17:00:00Z",
    )
    assert (second.index, second.start) == (1, "2026-03-02T19:00:00Z")
    assert first.texts == frozenset({"turn 1", "turn 2"})
    assert segment_turns([]) == []


def test_conversation_page_carries_turns_timestamps_and_segments() -> None:
    turns = [
        turn(1, "2026-03-02T17:00:00Z"),
        turn(2, "2026-03-02T17:00:30Z", role="assistant"),
        turn(3, "2026-03-02T18:00:00Z"),
    ]
    request = WriteBackRequest(brain_id="b", source="src", session_id="s-9", turns=turns)
    page = render_conversation(request, segment_turns(turns))
    assert page.slug == "conversations/s-9"
    assert page.title == "Conversation s-9"
    assert "type" not in page.frontmatter  # a column of its own
    assert page.frontmatter["segments"] == 2
    assert page.frontmatter["started_at"] == "2026-03-02T17:00:00Z"
    assert page.frontmatter["ended_at"] == "2026-03-02T18:00:00Z"
    for t in turns:
        assert f"(turn {t.turn_id}, {t.ts}):" in page.body
        assert t.text in page.body
    assert "## Segment 1 (2026-03-02T17:00:00Z to 2026-03-02T17:00:30Z)" in page.body
    assert "## Segment 2" in page.body
    assert "**assistant** (turn 2" in page.body
    head, body = page.markdown.split("\n---\n\n", 1)
    meta = yaml.safe_load(head.removeprefix("---\n"))
    assert meta == {
        "title": page.title,
        "type": "conversation",
        "summary": page.summary,
        **page.frontmatter,
    }
    assert body == page.body
    assert render_conversation(request, segment_turns(turns)) == page
