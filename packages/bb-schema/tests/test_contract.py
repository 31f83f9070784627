"""The write-back contract's own statements: conversation page, segmentation, session labels."""

from __future__ import annotations

from bb_schema import PublicTurn, conversation_segments, conversation_slug, segment_label


def _turn(turn_id: int, ts: str | None, role: str = "user") -> PublicTurn:
    return PublicTurn.model_validate(
        {"turn_id": turn_id, "role": role, "text": f"turn {turn_id}", "ts": ts}
    )


def test_a_gap_of_more_than_thirty_minutes_starts_a_segment() -> None:
    turns = [
        _turn(1, "2026-03-02T17:00:00Z"),
        _turn(2, "2026-03-02T17:29:59Z", "assistant"),
        _turn(3, "2026-03-02T17:59:59Z"),  # exactly 30 minutes later: same segment
        _turn(4, "2026-03-02T18:30:00Z"),  # 30 min 1 s later: a new segment
        _turn(5, "2026-03-03T09:00:00Z"),
    ]
    assert conversation_segments(turns) == [[1, 2, 3], [4], [5]]


def test_turns_without_ts_and_clock_skew_never_split() -> None:
    turns = [
        _turn(1, "2026-03-02T17:00:00Z"),
        _turn(2, None),
        _turn(3, "2026-03-02T16:00:00Z"),  # earlier than its predecessor: no split
        _turn(4, "2026-03-02T16:20:00Z"),  # compared with the previous stamp (16:00)
        _turn(5, "2026-03-02T17:00:00Z"),  # 40 minutes after 16:20
    ]
    assert conversation_segments(turns) == [[1, 2, 3, 4], [5]]
    assert conversation_segments([_turn(7, None)]) == [[7]]
    assert conversation_segments([]) == []


def test_labels_and_pages_are_named_from_the_session() -> None:
    assert segment_label("s-1", 2) == "s-1#2"
    assert conversation_slug("s-1") == "conversations/s-1"
