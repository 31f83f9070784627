from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from bb_brain._errors import BrainUserError
from bb_brain.transcripts import (
    TranscriptError,
    parse_codex_rollout,
    read_codex_rollout,
    render_codex_rollout,
    write_codex_rollout,
)
from bb_schema import PublicTurn

TURNS = [
    PublicTurn(turn_id=1, role="user", text="Met Alice Example today.", ts="2026-03-02T17:00:00Z"),
    PublicTurn(turn_id=2, role="assistant", text="How did it go?", ts="2026-03-02T17:00:30Z"),
    PublicTurn(
        turn_id=3,
        role="user",
        text='She said "ship it" — by Friday.\nSecond line.',
        ts="2026-03-02T17:01:00+00:00",
    ),
]

# The shape a real Codex CLI session writes: metadata, turn context, the environment context
# as a user response_item (NOT a typed turn), reasoning and token counts around the messages.
REAL_SHAPED = "\n".join(
    json.dumps(line)
    for line in [
        {
            "timestamp": "2026-03-02T17:00:00.000Z",
            "type": "session_meta",
            "payload": {
                "id": "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
                "timestamp": "2026-03-02T17:00:00.000Z",
                "cwd": "/home/dev/widget",
                "originator": "codex_cli_rs",
                "cli_version": "0.46.0",
                "instructions": None,
                "git": {"commit_hash": "abc123", "branch": "main"},
            },
        },
        {
            "timestamp": "2026-03-02T17:00:00.100Z",
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [
                    {
                        "type": "input_text",
                        "text": "<environment_context>\n  <cwd>/home/dev/widget</cwd>\n"
                        "</environment_context>",
                    }
                ],
            },
        },
        {
            "timestamp": "2026-03-02T17:00:01.000Z",
            "type": "turn_context",
            "payload": {"cwd": "/home/dev/widget", "approval_policy": "on-request"},
        },
        {
            "timestamp": "2026-03-02T17:00:01.500Z",
            "type": "event_msg",
            "payload": {
                "type": "user_message",
                "message": "What did Alice say about pricing?",
                "images": [],
                "kind": "plain",
            },
        },
        {
            "timestamp": "2026-03-02T17:00:01.500Z",
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "What did Alice say about pricing?"}],
            },
        },
        {
            "timestamp": "2026-03-02T17:00:03.000Z",
            "type": "response_item",
            "payload": {"type": "reasoning", "summary": [], "encrypted_content": "gAAA"},
        },
        {
            "timestamp": "2026-03-02T17:00:04.000Z",
            "type": "event_msg",
            "payload": {"type": "agent_message", "message": "She is worried about margin."},
        },
        {
            "timestamp": "2026-03-02T17:00:04.000Z",
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "assistant",
                "content": [
                    {"type": "output_text", "text": "She is worried"},
                    {"type": "output_text", "text": "about margin."},
                ],
            },
        },
        {
            "timestamp": "2026-03-02T17:00:05.000Z",
            "type": "event_msg",
            "payload": {"type": "token_count", "info": {"total_token_usage": {}}},
        },
    ]
)


def test_round_trip_preserves_turns_and_metadata() -> None:
    text = render_codex_rollout(TURNS, session_id="s-1", cwd="/work")
    rollout = parse_codex_rollout(text)
    assert rollout.turns == TURNS
    assert rollout.session_id == "s-1"
    assert rollout.cwd == "/work"
    assert rollout.started_at == "2026-03-02T17:00:00Z"
    assert rollout.report.skipped_lines == 0
    assert [turn.turn_id for turn in rollout.user_turns] == [1, 3]


def test_writer_line_shapes() -> None:
    lines = [
        json.loads(line)
        for line in render_codex_rollout(TURNS, session_id="s", cwd="/w").splitlines()
    ]
    assert lines[0]["type"] == "session_meta"
    assert lines[0]["payload"] == {
        "id": "s",
        "timestamp": "2026-03-02T17:00:00Z",
        "cwd": "/w",
        "originator": "bb_brain",
    }
    assert all("timestamp" in line for line in lines)
    assert lines[1] == {
        "timestamp": "2026-03-02T17:00:00Z",
        "type": "event_msg",
        "payload": {"type": "user_message", "message": "Met Alice Example today."},
    }
    assert lines[2]["payload"] == {
        "type": "message",
        "role": "user",
        "content": [{"type": "input_text", "text": "Met Alice Example today."}],
    }
    assert lines[3]["payload"]["content"] == [{"type": "output_text", "text": "How did it go?"}]
    assert len(lines) == 1 + 2 + 1 + 2


def test_writer_is_deterministic_and_writes_files(tmp_path: Path) -> None:
    first = render_codex_rollout(TURNS, session_id="s", cwd="/w")
    assert first == render_codex_rollout(TURNS, session_id="s", cwd="/w")
    path = write_codex_rollout(tmp_path / "rollout.jsonl", TURNS, session_id="s", cwd="/w")
    assert path.read_bytes() == first.encode("utf-8")
    assert read_codex_rollout(path).turns == TURNS


def test_turn_without_ts_inherits_the_latest_timestamp() -> None:
    turns = [TURNS[0], PublicTurn(turn_id=2, role="assistant", text="ok")]
    parsed = parse_codex_rollout(render_codex_rollout(turns, session_id="s", cwd="/w"))
    assert parsed.turns[1].ts == TURNS[0].ts


def test_writer_needs_some_timestamp() -> None:
    with pytest.raises(BrainUserError, match="started_at"):
        render_codex_rollout(
            [PublicTurn(turn_id=1, role="user", text="hi")], session_id="s", cwd="/"
        )
    text = render_codex_rollout(
        [PublicTurn(turn_id=1, role="user", text="hi")],
        session_id="s",
        cwd="/",
        started_at="2026-01-01T00:00:00Z",
    )
    assert parse_codex_rollout(text).turns[0].ts == "2026-01-01T00:00:00Z"


def test_real_shaped_rollout_selects_typed_user_turns_only() -> None:
    rollout = parse_codex_rollout(REAL_SHAPED)
    assert rollout.session_id == "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
    assert rollout.cwd == "/home/dev/widget"
    assert [(t.turn_id, t.role, t.text, t.ts) for t in rollout.turns] == [
        (1, "user", "What did Alice say about pricing?", "2026-03-02T17:00:01.500Z"),
        (2, "assistant", "She is worried\nabout margin.", "2026-03-02T17:00:04.000Z"),
    ]
    assert rollout.report.skipped_lines == 0


def test_malformed_lines_are_skipped_counted_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    good = render_codex_rollout(TURNS, session_id="s", cwd="/w").splitlines()
    bad = [
        good[0],
        "{not json",
        "[1, 2]",
        json.dumps({"type": "event_msg", "payload": "nope"}),
        json.dumps({"type": "event_msg", "payload": {"type": "user_message", "message": ""}}),
        json.dumps({"type": "event_msg", "payload": {"type": "user_message", "message": 7}}),
        json.dumps(
            {
                "type": "response_item",
                "payload": {"type": "message", "role": "assistant", "content": []},
            }
        ),
        json.dumps({"type": "brand_new_type", "payload": {"x": 1}}),
        "",
        *good[1:],
        good[-1][: len(good[-1]) // 2],  # a torn final line
    ]
    with caplog.at_level(logging.WARNING, logger="bb_brain.transcripts"):
        rollout = parse_codex_rollout("\n".join(bad))
    assert rollout.turns == TURNS
    assert rollout.report.skipped_lines == 7
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 7
    assert any("line 2" in warning for warning in rollout.report.warnings)


def test_bad_timestamp_becomes_none_with_a_warning() -> None:
    line = {
        "timestamp": "yesterday",
        "type": "event_msg",
        "payload": {"type": "user_message", "message": "x"},
    }
    rollout = parse_codex_rollout(json.dumps(line))
    assert rollout.turns == [PublicTurn(turn_id=1, role="user", text="x")]
    assert rollout.report.skipped_lines == 0
    assert any("yesterday" in warning for warning in rollout.report.warnings)


def test_empty_input_yields_no_turns() -> None:
    rollout = parse_codex_rollout("")
    assert rollout.turns == []
    assert rollout.session_id is None


def test_missing_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="does not exist"):
        read_codex_rollout(tmp_path / "absent.jsonl")
