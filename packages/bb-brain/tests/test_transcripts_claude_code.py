from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from bb_brain.transcripts import (
    HOOK_CONTEXT_TYPE,
    TranscriptError,
    parse_claude_transcript,
    read_claude_transcript,
    render_claude_transcript,
    write_claude_transcript,
)
from bb_schema import PublicTurn

TURNS = [
    PublicTurn(
        turn_id=1, role="user", text="Prep me for Alice Example.", ts="2026-03-02T17:00:00Z"
    ),
    PublicTurn(
        turn_id=2, role="assistant", text="Alice founded Widget Co.", ts="2026-03-02T17:00:05Z"
    ),
    PublicTurn(turn_id=3, role="user", text="And her pricing?", ts="2026-03-02T17:01:00Z"),
    PublicTurn(
        turn_id=4, role="assistant", text="Worried about margin.", ts="2026-03-02T17:01:05Z"
    ),
    PublicTurn(turn_id=5, role="user", text="Thanks.", ts="2026-03-02T17:02:00Z"),
]
CLAUDE_2_1_332 = "claude-code-2.1.332-transcript.jsonl"
POINTER_BLOCK = "Relevant memory:\n- people/alice-example (Alice Example)"

# A real session's transcript: snapshot and summary lines, a meta caveat, tool use and tool
# results, a reply split over two lines sharing message.id, a sidechain, a hook attachment.
REAL_SHAPED = [
    {"type": "summary", "summary": "Widget diligence", "leafUuid": "u0"},
    {"type": "file-history-snapshot", "messageId": "m0", "snapshot": {}},
    {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/dev",
        "sessionId": "9a8b7c6d",
        "version": "2.0.14",
        "type": "user",
        "isMeta": True,
        "message": {
            "role": "user",
            "content": "<local-command-caveat>ignore</local-command-caveat>",
        },
        "uuid": "u1",
        "timestamp": "2026-03-02T17:00:00.000Z",
    },
    {
        "parentUuid": "u1",
        "isSidechain": False,
        "cwd": "/home/dev",
        "sessionId": "9a8b7c6d",
        "type": "user",
        "message": {"role": "user", "content": [{"type": "text", "text": "Who is Alice?"}]},
        "uuid": "u2",
        "timestamp": "2026-03-02T17:00:01.000Z",
    },
    {
        "type": "attachment",
        "attachment": {
            "type": HOOK_CONTEXT_TYPE,
            "hookEvent": "UserPromptSubmit",
            "content": ["Relevant memory:", "- people/alice-example"],
        },
        "sessionId": "9a8b7c6d",
        "uuid": "u3",
    },
    {"type": "attachment", "attachment": {"type": "todo_list", "content": []}, "uuid": "u3b"},
    {
        "type": "assistant",
        "sessionId": "9a8b7c6d",
        "message": {
            "id": "msg_01",
            "role": "assistant",
            "model": "m",
            "content": [{"type": "thinking", "thinking": "hmm", "signature": "s"}],
        },
        "uuid": "u4",
        "timestamp": "2026-03-02T17:00:02.000Z",
    },
    {
        "type": "assistant",
        "sessionId": "9a8b7c6d",
        "message": {
            "id": "msg_01",
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "Read", "input": {}}],
        },
        "uuid": "u5",
    },
    {
        "type": "user",
        "sessionId": "9a8b7c6d",
        "message": {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "file text"}],
        },
        "toolUseResult": {"stdout": "file text"},
        "uuid": "u6",
    },
    {
        "type": "assistant",
        "sessionId": "9a8b7c6d",
        "message": {
            "id": "msg_02",
            "role": "assistant",
            "content": [{"type": "text", "text": "Alice"}],
        },
        "uuid": "u7",
        "timestamp": "2026-03-02T17:00:03.000Z",
    },
    {
        "type": "assistant",
        "sessionId": "9a8b7c6d",
        "message": {
            "id": "msg_02",
            "role": "assistant",
            "content": [{"type": "text", "text": "founded Widget Co."}],
        },
        "uuid": "u8",
        "timestamp": "2026-03-02T17:00:04.000Z",
    },
    {
        "type": "user",
        "isSidechain": True,
        "sessionId": "9a8b7c6d",
        "message": {"role": "user", "content": "subagent task"},
        "uuid": "u9",
    },
    {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted"},
]


def test_round_trip_with_injected_context() -> None:
    text = render_claude_transcript(TURNS, session_id="s-1", cwd="/w", injected={1: POINTER_BLOCK})
    parsed = parse_claude_transcript(text)
    assert parsed.turns == TURNS
    assert parsed.session_id == "s-1"
    assert parsed.injected_context == [POINTER_BLOCK]
    assert [turn.public() for turn in parsed.window(4)] == TURNS[1:]
    assert [turn.public() for turn in parsed.window(10)] == TURNS
    assert parsed.window(0) == []
    assert parsed.report.skipped_lines == 0


def test_writer_line_shapes_and_determinism(tmp_path: Path) -> None:
    text = render_claude_transcript(TURNS[:2], session_id="s", cwd="/w", injected={1: "ctx"})
    assert text == render_claude_transcript(
        TURNS[:2], session_id="s", cwd="/w", injected={1: "ctx"}
    )
    lines = [json.loads(line) for line in text.splitlines()]
    assert [line["type"] for line in lines] == ["user", "attachment", "assistant"]
    assert lines[0]["message"] == {"role": "user", "content": "Prep me for Alice Example."}
    assert lines[0]["timestamp"] == "2026-03-02T17:00:00Z"
    assert lines[0]["sessionId"] == "s"
    assert lines[0]["parentUuid"] is None
    assert lines[1]["attachment"] == {
        "type": "hook_additional_context",
        "hookEvent": "UserPromptSubmit",
        "content": "ctx",
    }
    assert lines[1]["parentUuid"] == lines[0]["uuid"]
    assert lines[2]["message"]["content"] == [{"type": "text", "text": "Alice founded Widget Co."}]
    assert len({line["uuid"] for line in lines}) == 3
    path = write_claude_transcript(
        tmp_path / "t.jsonl", TURNS[:2], session_id="s", cwd="/w", injected={1: "ctx"}
    )
    assert read_claude_transcript(path).injected_context == ["ctx"]


def test_turn_without_timestamp_round_trips_without_one() -> None:
    turns = [PublicTurn(turn_id=1, role="user", text="no clock")]
    text = render_claude_transcript(turns, session_id="s", cwd="/w")
    assert "timestamp" not in json.loads(text)
    assert parse_claude_transcript(text).turns == turns


def test_real_shaped_transcript() -> None:
    text = "\n".join(json.dumps(line) for line in REAL_SHAPED)
    parsed = parse_claude_transcript(text)
    assert parsed.session_id == "9a8b7c6d"
    assert [(t.turn_id, t.role, t.text, t.ts) for t in parsed.turns] == [
        (1, "user", "Who is Alice?", "2026-03-02T17:00:01.000Z"),
        (2, "assistant", "Alice\nfounded Widget Co.", "2026-03-02T17:00:03.000Z"),
    ]
    assert parsed.injected_context == ["Relevant memory:\n- people/alice-example"]
    assert parsed.report.skipped_lines == 0


def test_malformed_lines_are_counted_never_turned_into_turns() -> None:
    good = render_claude_transcript(TURNS[:2], session_id="s", cwd="/w").splitlines()
    lines = [
        "garbage",
        json.dumps({"type": "user", "message": "not an object"}),
        json.dumps({"type": "attachment", "attachment": "x"}),
        json.dumps({"type": "attachment", "attachment": {"type": HOOK_CONTEXT_TYPE, "content": 3}}),
        json.dumps({"type": "user", "message": {"role": "user", "content": "   "}}),
        *good,
    ]
    parsed = parse_claude_transcript("\n".join(lines))
    assert parsed.turns == TURNS[:2]
    assert parsed.report.skipped_lines == 4
    assert parsed.injected_context == []


def test_missing_transcript_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError):
        read_claude_transcript(tmp_path / "nope.jsonl")


def test_missing_transcript_with_missing_ok_is_a_session_with_no_turns(tmp_path: Path) -> None:
    """Claude Code runs the hook on a new session's first prompt before writing the file."""
    parsed = read_claude_transcript(tmp_path / "not-yet.jsonl", missing_ok=True)
    assert (parsed.entries, parsed.injected_context, parsed.report.warnings) == ([], [], [])


def test_a_transcript_the_real_client_wrote() -> None:
    """Claude Code 2.1.332 with the hook installed: a new session, then two --resume prompts.

    Written by ``nox -s real-clients`` (trimmed): about twenty other line types (queue
    operations, api-request blobs, cost state, a dozen attachment kinds) sit around the turns.
    """
    parsed = read_claude_transcript(Path(__file__).with_name("data") / CLAUDE_2_1_332)
    assert [(t.turn_id, t.role, t.text) for t in parsed.entries] == [
        (1, "user", "Alice Example prefers async standups. What should I prepare for my call "
         "with her?"),
        (2, "assistant", "Noted."),
        (3, "user", "Alice Example is worried about the renewal terms."),
        (4, "assistant", "Noted."),
        (5, "user", "Bob Builder will own the database cutover next week."),
        (6, "assistant", "Noted."),
    ]  # fmt: skip
    # The hook's context on prompts 1 and 3 (prompt 2 was deduped): Claude Code records the
    # attachment's content as a list of strings, one per hook that answered.
    assert parsed.injected_context == [
        "## Memory\n- [Alice Example](brain://default/people/alice-example) — Founder of "
        "Widget Co.",
        "## Memory\n- [Bob Builder](brain://default/people/bob-builder) — Runs infrastructure at "
        "Widget Co.",
    ]
    assert parsed.session_id is not None and parsed.report.warnings == []
    assert all(turn.ts is not None for turn in parsed.entries)


#: bb_schema's modules that import nothing heavy: the package's own start-up (errors, names,
#: versions) and its loader of re-exports, which every package's __init__ uses.
LIGHT_SCHEMA_MODULES = [
    "bb_schema._errors",
    "bb_schema._lazy",
    "bb_schema._names",
    "bb_schema._versions",
]


def test_the_parser_imports_neither_pydantic_nor_the_models() -> None:
    probe = (
        "import sys; import bb_brain.transcripts.claude_code; "
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'bb_schema.'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = ast.literal_eval(done.stdout.strip())
    assert [module for module in loaded if module not in LIGHT_SCHEMA_MODULES] == []
