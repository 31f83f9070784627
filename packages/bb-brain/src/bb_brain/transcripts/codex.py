"""Codex rollout JSONL: the writer the codex seam replays through, and the parser it trusts.

A rollout file is one JSON object per line, each with a top-level ``timestamp``, ``type`` and
``payload``. The shapes this module writes (and the only ones its parser turns into turns)::

    {"timestamp":T,"type":"session_meta","payload":{"id":S,"timestamp":T,"cwd":D,
        "originator":"bb_brain"}}
    {"timestamp":T,"type":"event_msg","payload":{"type":"user_message","message":TEXT}}
    {"timestamp":T,"type":"response_item","payload":{"type":"message","role":"user",
        "content":[{"type":"input_text","text":TEXT}]}}
    {"timestamp":T,"type":"response_item","payload":{"type":"message","role":"assistant",
        "content":[{"type":"output_text","text":TEXT}]}}

User turns are selected from ``event_msg``/``user_message`` only: Codex also records the user's
message as a ``response_item``, but that stream additionally carries harness-injected
material (environment context, instructions), so the event is what a replaying harness treats
as the turn the user typed. Every other line type (``turn_context``, ``reasoning``, token
counts, ...) is tolerated and ignored; malformed lines are skipped and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bb_schema import PublicTurn, Role

from bb_brain._errors import BrainUserError
from bb_brain.transcripts._common import (
    ParseReport,
    clean_ts,
    dumps_line,
    iter_objects,
    read_text,
)

ORIGINATOR = "bb_brain"


@dataclass
class CodexRollout:
    """A parsed rollout: session metadata and the conversation's turns in file order.

    Turn ids are the 1-based position of the turn in the conversation (a rollout has none of
    its own), so a fixture whose ids run 1..n round-trips exactly.
    """

    session_id: str | None
    cwd: str | None
    started_at: str | None
    turns: list[PublicTurn]
    report: ParseReport = field(default_factory=ParseReport)

    @property
    def user_turns(self) -> list[PublicTurn]:
        """The turns a harness replays."""
        return [turn for turn in self.turns if turn.role == "user"]


def render_codex_rollout(
    turns: Sequence[PublicTurn],
    *,
    session_id: str,
    cwd: str,
    started_at: str | None = None,
) -> str:
    """Render turns as a rollout file's text (newline-terminated JSONL).

    Args:
        turns: The conversation in order, both roles.
        session_id: Written as ``session_meta.payload.id``.
        cwd: The working directory the session ran in.
        started_at: The session's start; defaults to the first turn timestamp.

    Each line's ``timestamp`` is its turn's ``ts`` verbatim; a turn without one inherits the
    latest earlier timestamp (rollout lines always carry one), which is why a round trip of
    such a turn reports that inherited time.

    Raises:
        BrainUserError: When no timestamp is known for the session at all.
    """
    start = started_at or next((turn.ts for turn in turns if turn.ts is not None), None)
    if start is None:
        raise BrainUserError(
            f"session {session_id!r} has no timestamp: pass started_at or give the turns a ts"
        )
    meta = {"id": session_id, "timestamp": start, "cwd": cwd, "originator": ORIGINATOR}
    lines = [dumps_line({"timestamp": start, "type": "session_meta", "payload": meta})]
    current = start
    for turn in turns:
        current = turn.ts or current
        lines.extend(dumps_line(obj) for obj in _turn_lines(turn, current))
    return "\n".join(lines) + "\n"


def write_codex_rollout(
    path: Path,
    turns: Sequence[PublicTurn],
    *,
    session_id: str,
    cwd: str,
    started_at: str | None = None,
) -> Path:
    """Write :func:`render_codex_rollout`'s text to ``path`` and return the path."""
    text = render_codex_rollout(turns, session_id=session_id, cwd=cwd, started_at=started_at)
    path.write_text(text, encoding="utf-8")
    return path


def _turn_lines(turn: PublicTurn, ts: str) -> list[dict[str, Any]]:
    if turn.role == "user":
        event = {"type": "user_message", "message": turn.text}
        item = {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": turn.text}],
        }
        return [
            {"timestamp": ts, "type": "event_msg", "payload": event},
            {"timestamp": ts, "type": "response_item", "payload": item},
        ]
    item = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": turn.text}],
    }
    return [{"timestamp": ts, "type": "response_item", "payload": item}]


def parse_codex_rollout(text: str) -> CodexRollout:
    """Parse rollout text into its turns; never raises on content, never invents a turn.

    User turns come from ``event_msg``/``user_message``; assistant turns from
    ``response_item`` messages with role ``assistant`` (their ``output_text`` parts joined).
    A known line type with an unusable payload is skipped and counted in ``report``.
    """
    report = ParseReport()
    session_id: str | None = None
    cwd: str | None = None
    started_at: str | None = None
    turns: list[PublicTurn] = []
    for line_no, obj in iter_objects(text, report):
        kind = obj.get("type")
        payload = obj.get("payload")
        if not isinstance(payload, dict):
            if kind in ("session_meta", "event_msg", "response_item"):
                report.skip(line_no, f"{kind!r} line without an object payload")
            continue
        if kind == "session_meta":
            session_id = _str_or_none(payload.get("id"))
            cwd = _str_or_none(payload.get("cwd"))
            started_at = clean_ts(payload.get("timestamp", obj.get("timestamp")), line_no, report)
            continue
        found = _turn_of(kind, payload, line_no, report)
        if found is None:
            continue
        role, body = found
        ts = clean_ts(obj.get("timestamp"), line_no, report)
        turns.append(PublicTurn(turn_id=len(turns) + 1, role=role, text=body, ts=ts))
    return CodexRollout(session_id, cwd, started_at, turns, report)


def read_codex_rollout(path: Path) -> CodexRollout:
    """Read and parse a rollout file.

    Raises:
        TranscriptError: When the file is missing or unreadable.
    """
    return parse_codex_rollout(read_text(path))


def _turn_of(
    kind: object, payload: dict[str, Any], line_no: int, report: ParseReport
) -> tuple[Role, str] | None:
    """The (role, text) a line contributes, or None for lines that are not turns."""
    if kind == "event_msg" and payload.get("type") == "user_message":
        message = payload.get("message")
        if not isinstance(message, str) or not message.strip():
            report.skip(line_no, "user_message without a non-empty string message")
            return None
        return "user", message
    if (
        kind == "response_item"
        and payload.get("type") == "message"
        and payload.get("role") == "assistant"
    ):
        body = _output_text(payload.get("content"))
        if body is None:
            report.skip(line_no, "assistant message without output_text content")
            return None
        return "assistant", body
    return None


def _output_text(content: object) -> str | None:
    if isinstance(content, str):
        return content if content.strip() else None
    if not isinstance(content, list):
        return None
    parts = [
        part["text"]
        for part in content
        if isinstance(part, dict)
        and part.get("type") == "output_text"
        and isinstance(part.get("text"), str)
    ]
    body = "\n".join(parts)
    return body if body.strip() else None


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None
