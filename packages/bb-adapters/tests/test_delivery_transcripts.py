"""The codex and claude-code rows hand their harness files over the way the real clients do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_adapters.delivery import codex as codex_delivery
from bb_adapters.delivery.codex import CodexDelivery
from bb_adapters.delivery.hook import HookDelivery
from bb_adapters.pipeline import SessionState
from bb_brain.transcripts import CodexRollout, parse_codex_rollout
from bb_schema import Fixture
from bb_schema.turn_context import SeamSettings, TurnContextRequest

FIXTURE = Fixture.model_validate(
    {
        "schema_version": 1,
        "fixture_id": "fx-1",
        "suites": ["know-to-ask"],
        "turns": [
            {"turn_id": 1, "role": "user", "text": "Prep me for Alice Example.",
             "ts": "2026-03-02T17:00:00Z"},
            {"turn_id": 2, "role": "assistant", "text": "She founded Widget Co."},
            {"turn_id": 3, "role": "user", "text": "And Bob Builder?"},
        ],
    }
)  # fmt: skip


class _NoSystem:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"select_turns must not call memory ({name})")


def test_the_codex_row_replays_what_its_parser_reads_in_the_current_shape(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[str] = []

    def spy(text: str) -> CodexRollout:
        written.append(text)
        return parse_codex_rollout(text)

    monkeypatch.setattr(codex_delivery, "parse_codex_rollout", spy)
    delivery = CodexDelivery(_NoSystem(), 50)  # type: ignore[arg-type]
    assert delivery.select_turns(FIXTURE) == [
        turn.model_copy(update={"ts": turn.ts or "2026-03-02T17:00:00Z"}) for turn in FIXTURE.turns
    ]
    (text,) = written
    events = [json.loads(line)["payload"].get("type") for line in text.splitlines()]
    assert "item_completed" in events and "user_message" not in events


def test_a_parser_reading_only_the_old_events_would_lose_every_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Parser drift shows: a parser that knows only user_message finds no prompt here."""

    def legacy_only(text: str) -> CodexRollout:
        kept = [
            line
            for line in text.splitlines()
            if json.loads(line)["type"] != "response_item"
            and json.loads(line)["payload"].get("type") != "item_completed"
        ]
        return parse_codex_rollout("\n".join(kept))

    monkeypatch.setattr(codex_delivery, "parse_codex_rollout", legacy_only)
    assert CodexDelivery(_NoSystem(), 50).select_turns(FIXTURE) == []  # type: ignore[arg-type]


def test_the_hook_row_writes_no_transcript_before_a_sessions_first_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[bool, str]] = []

    def hook(stdin: str, **_: object) -> str:
        path = Path(json.loads(stdin)["transcript_path"])
        seen.append((path.exists(), path.read_text(encoding="utf-8") if path.exists() else ""))
        return ""

    monkeypatch.setattr("bb_adapters.delivery.hook.run_user_prompt_hook", hook)
    delivery = HookDelivery("/unused.sock", "secret-0123456789")
    state = SessionState(fixture=FIXTURE, brain_id="b", session_id="s")
    delivery.begin(state)
    try:
        for turn in FIXTURE.turns:
            if turn.role == "user":
                request = TurnContextRequest(
                    brain_id="b",
                    session_id="s",
                    active_source="default",
                    turn=turn,
                    settings=SeamSettings(pointer_budget=2),
                )
                delivery.deliver(state, request)
            state.history.append(turn)
    finally:
        delivery.end(state)
    assert seen[0] == (False, "")  # Claude Code runs the hook before writing the file
    exists, text = seen[1]
    assert exists and "Prep me for Alice Example." in text and "She founded Widget Co." in text
    assert "And Bob Builder?" not in text  # the prompt being submitted is recorded after
