from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from bb_brain._errors import BrainUserError
from bb_brain.transcripts import (
    RolloutShape,
    TranscriptError,
    parse_codex_rollout,
    read_codex_rollout,
    render_codex_rollout,
    write_codex_rollout,
)
from bb_brain.transcripts.codex import NO_USER_TURN
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


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def test_current_writer_shape_is_what_codex_0_171_writes() -> None:
    lines = _lines(render_codex_rollout(TURNS, session_id="s", cwd="/w"))
    assert lines[0]["type"] == "session_meta"
    assert lines[0]["payload"] == {
        "id": "s",
        "timestamp": "2026-03-02T17:00:00Z",
        "cwd": "/w",
        "originator": "bb_brain",
    }
    assert all("timestamp" in line for line in lines)
    kinds = [
        (line["type"], line["payload"].get("type"), line["payload"].get("role")) for line in lines
    ]
    assert kinds == [
        ("session_meta", None, None),
        ("event_msg", "task_started", None),
        ("response_item", "message", "developer"),
        ("response_item", "message", "user"),  # Codex's environment context
        ("response_item", "message", "user"),  # the prompt
        ("event_msg", "item_completed", None),
        ("event_msg", "item_completed", None),
        ("response_item", "message", "assistant"),
        ("event_msg", "task_complete", None),
        ("event_msg", "task_started", None),
        ("response_item", "message", "user"),
        ("event_msg", "item_completed", None),
        ("event_msg", "task_complete", None),
    ]
    context, prompt, item = lines[3]["payload"], lines[4]["payload"], lines[5]["payload"]
    assert context["content"][0]["text"].startswith("<environment_context>")
    meta = context["internal_chat_message_metadata_passthrough"]
    assert meta["content_item_metadata"] == [{"provenance": {"type": "harness", "hook": False}}]
    assert prompt["id"].startswith("msg_")
    assert prompt["content"] == [{"type": "input_text", "text": "Met Alice Example today."}]
    user_meta = prompt["internal_chat_message_metadata_passthrough"]
    assert user_meta["content_item_metadata"] == [{"provenance": {"type": "user"}}]
    assert user_meta["turn_id"] == lines[1]["payload"]["turn_id"] == item["turn_id"]
    assert item["item"]["type"] == "UserMessage"
    assert item["item"]["content"] == [
        {"type": "text", "text": "Met Alice Example today.", "text_elements": []}
    ]
    assert not any(line["payload"].get("type") == "user_message" for line in lines)


def test_legacy_writer_shape_is_what_codex_0_130_writes() -> None:
    lines = _lines(render_codex_rollout(TURNS, session_id="s", cwd="/w", shape="legacy"))
    events = [line["payload"] for line in lines if line["type"] == "event_msg"]
    assert [e["type"] for e in events] == [
        "task_started", "user_message", "agent_message", "task_complete",
        "task_started", "user_message", "task_complete",
    ]  # fmt: skip
    assert events[1]["message"] == "Met Alice Example today."
    items = [line["payload"] for line in lines if line["type"] == "response_item"]
    assert all("id" not in item and "internal_chat_message_metadata_passthrough" not in item
               for item in items)  # fmt: skip


@pytest.mark.parametrize("shape", ["current", "legacy"])
def test_both_shapes_round_trip(shape: RolloutShape) -> None:
    rollout = parse_codex_rollout(
        render_codex_rollout(TURNS, session_id="s", cwd="/w", shape=shape)
    )
    assert rollout.turns == TURNS
    assert rollout.report.warnings == []


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


# --- rollouts the real Codex CLI wrote (two prompts: exec, then exec resume; trimmed) ---------

DATA = Path(__file__).with_name("data")


@pytest.mark.parametrize(
    ("name", "prompts"),
    [
        (
            "codex-0.171.0-rollout.jsonl",
            [
                "Alice Example prefers async standups.",
                "Carol Danvers signed off on the budget cut.",
            ],
        ),
        (
            "codex-0.130.0-rollout.jsonl",
            [
                "Alice Example prefers async standups.",
                "Widget Co prefers weekly demos over status emails.",
            ],
        ),
    ],
)
def test_real_rollouts_parse_to_the_typed_prompts(name: str, prompts: list[str]) -> None:
    rollout = read_codex_rollout(DATA / name)
    assert [turn.text for turn in rollout.user_turns] == prompts
    assert [(turn.role, turn.text) for turn in rollout.turns] == [
        ("user", prompts[0]),
        ("assistant", "Noted."),
        ("user", prompts[1]),
        ("assistant", "Noted."),
    ]
    assert (rollout.report.skipped_lines, rollout.report.warnings) == (0, [])
    assert rollout.session_id is not None and rollout.cwd == "/home/dev/project"


def test_the_current_real_rollout_has_no_user_message_events() -> None:
    """Why the parser reads item_completed: Codex 0.171 writes no user_message at all."""
    text = (DATA / "codex-0.171.0-rollout.jsonl").read_text(encoding="utf-8")
    kinds = {(line["type"], line["payload"].get("type")) for line in _lines(text)}
    assert ("event_msg", "user_message") not in kinds
    assert ("event_msg", "item_completed") in kinds


def _only(lines: list[dict[str, Any]], keep: str) -> str:
    """The real 0.171 rollout with the user-turn forms other than ``keep`` removed."""
    kept = []
    for line in lines:
        payload = line["payload"]
        is_item = (
            line["type"] == "event_msg"
            and payload.get("type") == "item_completed"
            and (payload["item"]["type"] == "UserMessage")
        )
        is_response = line["type"] == "response_item" and payload.get("role") == "user"
        if (is_item and keep != "item") or (is_response and keep != "response"):
            continue
        kept.append(json.dumps(line))
    return "\n".join(kept)


@pytest.mark.parametrize("keep", ["item", "response"])
def test_each_form_alone_is_enough(keep: str) -> None:
    lines = _lines((DATA / "codex-0.171.0-rollout.jsonl").read_text(encoding="utf-8"))
    rollout = parse_codex_rollout(_only(lines, keep))
    assert [turn.text for turn in rollout.user_turns] == [
        "Alice Example prefers async standups.",
        "Carol Danvers signed off on the budget cut.",
    ]


def test_a_prompt_typed_twice_is_two_turns_in_both_shapes() -> None:
    again = [
        PublicTurn(turn_id=1, role="user", text="Ping Alice.", ts="2026-03-02T17:00:00Z"),
        PublicTurn(turn_id=2, role="user", text="Ping Alice.", ts="2026-03-02T17:01:00Z"),
        PublicTurn(turn_id=3, role="assistant", text="Done.", ts="2026-03-02T17:02:00Z"),
        PublicTurn(turn_id=4, role="user", text="Ping Alice.", ts="2026-03-02T17:03:00Z"),
    ]
    for shape in ("current", "legacy"):
        text = render_codex_rollout(again, session_id="s", cwd="/w", shape=shape)  # type: ignore[arg-type]
        assert parse_codex_rollout(text).turns == again


def test_client_context_is_skipped_by_provenance_and_by_shape() -> None:
    def user_item(text: str, provenance: str | None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": text}],
        }
        if provenance is not None:
            payload["internal_chat_message_metadata_passthrough"] = {
                "content_item_metadata": [{"provenance": {"type": provenance}}]
            }
        return {"timestamp": "2026-03-02T17:00:00Z", "type": "response_item", "payload": payload}

    lines = [
        user_item("Plain words the client wrote itself.", "harness"),
        user_item("<user_instructions>\nBe brief.\n</user_instructions>", None),
        user_item("# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>x</INSTRUCTIONS>", None),
        user_item("<b>bold</b> is a typed prompt", None),
        {
            "timestamp": "2026-03-02T17:00:00Z",
            "type": "event_msg",
            "payload": {"type": "user_message", "message": "ctx", "kind": "environment_context"},
        },
        user_item("What about Widget Co?", "user"),
    ]
    rollout = parse_codex_rollout("\n".join(json.dumps(line) for line in lines))
    assert [turn.text for turn in rollout.turns] == [
        "<b>bold</b> is a typed prompt",
        "What about Widget Co?",
    ]


def test_no_readable_user_turn_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    lines = _lines((DATA / "codex-0.171.0-rollout.jsonl").read_text(encoding="utf-8"))
    renamed = []
    for line in lines:  # a future Codex that renames both user forms
        payload = line["payload"]
        if line["type"] == "response_item" and payload.get("role") == "user":
            payload["role"] = "human"
        if payload.get("type") == "item_completed" and payload["item"]["type"] == "UserMessage":
            payload["item"]["type"] = "HumanMessage"
        renamed.append(json.dumps(line))
    with caplog.at_level(logging.WARNING, logger="bb_brain.transcripts"):
        rollout = parse_codex_rollout("\n".join(renamed))
    assert rollout.user_turns == []
    assert rollout.report.warnings == [NO_USER_TURN]
    assert [r.getMessage() for r in caplog.records].count(f"transcript {NO_USER_TURN}") == 1
