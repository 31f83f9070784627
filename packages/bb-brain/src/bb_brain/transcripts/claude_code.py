"""Claude Code transcript JSONL: what a ``UserPromptSubmit`` hook reads at ``transcript_path``.

One JSON object per line. The shapes this module writes, and turns into a window::

    {"type":"user","message":{"role":"user","content":TEXT},"timestamp":T,
        "sessionId":S,"cwd":D,"uuid":U,"parentUuid":P}
    {"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":TEXT}]},
        "timestamp":T,"sessionId":S,"cwd":D,"uuid":U,"parentUuid":P}
    {"type":"attachment","attachment":{"type":"hook_additional_context",
        "hookEvent":"UserPromptSubmit","content":TEXT},"timestamp":T,"sessionId":S,...}

An attachment records context a hook injected earlier; it directly follows the user line of
the prompt it was injected for. Its ``content`` is a string (a list of strings is accepted and
joined with newlines). ``timestamp`` is omitted on a line whose turn has none; ``uuid`` values
are derived from the session id and line position, so the same turns give the same file.

The parser also accepts what a real Claude Code session writes around those lines: user
``content`` as a list of blocks (text blocks are the prompt; a line of only ``tool_result``
blocks is tool output, not a turn), assistant lines without text (tool use, thinking), one
assistant reply split over consecutive lines sharing ``message.id`` (merged), ``isMeta`` and
``isSidechain`` lines (not the main conversation), and other line types (ignored). Checked
against Claude Code 2.1.332: it also writes ``queue-operation``, ``api-request*``,
``last-prompt``, ``cost-state`` and a dozen ``attachment`` kinds (environment, date, skill
listings), none of them a turn; user ``content`` is a string for a typed prompt.

A missing file is a session Claude Code has not written yet: on the first prompt of a new
session it runs the ``UserPromptSubmit`` hook before the transcript exists, so
``read_claude_transcript(path, missing_ok=True)`` reads that as no earlier turns.

This module imports neither pydantic nor the models (the hook runs it once per prompt): turns
are :class:`~bb_brain.transcripts._common.Turn` values, ``ClaudeTranscript.turns`` gives them
as :class:`~bb_schema.PublicTurn`.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from bb_brain.transcripts._common import (
    ParseReport,
    Turn,
    TurnLike,
    clean_ts,
    dumps_line,
    iter_objects,
    read_text,
)

if TYPE_CHECKING:
    from bb_schema import PublicTurn

HOOK_CONTEXT_TYPE = "hook_additional_context"
_UUID_NAMESPACE = uuid.UUID("6f1d3c52-8a4e-4b7f-9c2d-0e5a7b9c1d3f")


@dataclass
class ClaudeTranscript:
    """A parsed transcript: the main conversation's turns and the context hooks injected.

    Turn ids are the 1-based position of the turn in the conversation.
    """

    session_id: str | None
    #: The conversation, both roles, as plain values.
    entries: list[Turn]
    #: Every ``hook_additional_context`` attachment's text, oldest first (cross-turn dedupe).
    injected_context: list[str]
    report: ParseReport = field(default_factory=ParseReport)

    @property
    def turns(self) -> list[PublicTurn]:
        """The conversation as models."""
        return [turn.public() for turn in self.entries]

    @property
    def user_turns(self) -> list[Turn]:
        """The prompts the user typed."""
        return [turn for turn in self.entries if turn.role == "user"]

    def window(self, last: int) -> list[Turn]:
        """The most recent ``last`` turns of both roles, oldest first."""
        return self.entries[-last:] if last > 0 else []


def render_claude_transcript(
    turns: Sequence[TurnLike],
    *,
    session_id: str,
    cwd: str,
    injected: Mapping[int, str] | None = None,
) -> str:
    """Render turns (and earlier injected context) as transcript text (newline-terminated).

    Args:
        turns: The conversation in order, both roles.
        session_id: Written as every line's ``sessionId``.
        cwd: The working directory the session ran in.
        injected: Context a hook injected, keyed by the ``turn_id`` of the user turn it was
            injected for; each becomes an attachment line right after that turn's line.
    """
    extra = dict(injected or {})
    lines: list[str] = []
    parent: str | None = None
    for turn in turns:
        parent = _append(lines, _turn_line(turn), turn.ts, session_id, cwd, parent)
        if turn.role == "user" and turn.turn_id in extra:
            attachment = {
                "type": "attachment",
                "attachment": {
                    "type": HOOK_CONTEXT_TYPE,
                    "hookEvent": "UserPromptSubmit",
                    "content": extra[turn.turn_id],
                },
            }
            parent = _append(lines, attachment, turn.ts, session_id, cwd, parent)
    return "".join(line + "\n" for line in lines)


def write_claude_transcript(
    path: Path,
    turns: Sequence[TurnLike],
    *,
    session_id: str,
    cwd: str,
    injected: Mapping[int, str] | None = None,
) -> Path:
    """Write :func:`render_claude_transcript`'s text to ``path`` and return the path."""
    text = render_claude_transcript(turns, session_id=session_id, cwd=cwd, injected=injected)
    path.write_text(text, encoding="utf-8")
    return path


def _turn_line(turn: TurnLike) -> dict[str, Any]:
    if turn.role == "user":
        return {"type": "user", "message": {"role": "user", "content": turn.text}}
    content = [{"type": "text", "text": turn.text}]
    return {"type": "assistant", "message": {"role": "assistant", "content": content}}


def _append(
    lines: list[str],
    obj: dict[str, Any],
    ts: str | None,
    session_id: str,
    cwd: str,
    parent: str | None,
) -> str:
    line_id = str(uuid.uuid5(_UUID_NAMESPACE, f"{session_id}:{len(lines)}"))
    if ts is not None:
        obj["timestamp"] = ts
    obj.update({"sessionId": session_id, "cwd": cwd, "uuid": line_id, "parentUuid": parent})
    lines.append(dumps_line(obj))
    return line_id


def parse_claude_transcript(text: str) -> ClaudeTranscript:
    """Parse transcript text; never raises on content, never invents a turn."""
    report = ParseReport()
    session_id: str | None = None
    turns: list[Turn] = []
    injected: list[str] = []
    last_message_id: str | None = None
    for line_no, obj in iter_objects(text, report):
        if session_id is None and isinstance(obj.get("sessionId"), str):
            session_id = obj["sessionId"]
        if obj.get("isSidechain") is True or obj.get("isMeta") is True:
            continue
        kind = obj.get("type")
        if kind == "attachment":
            context = _attachment_text(obj.get("attachment"), line_no, report)
            if context is not None:
                injected.append(context)
            continue
        if kind not in ("user", "assistant"):
            continue
        message = obj.get("message")
        if not isinstance(message, dict):
            report.skip(line_no, f"{kind!r} line without a message object")
            continue
        body = _message_text(message.get("content"))
        if body is None:
            continue  # tool results, tool use, thinking: not conversation turns
        ts = clean_ts(obj.get("timestamp"), line_no, report)
        message_id = message.get("id") if isinstance(message.get("id"), str) else None
        previous = turns[-1] if turns else None
        if (
            kind == "assistant"
            and previous is not None
            and previous.role == "assistant"
            and message_id is not None
            and message_id == last_message_id
        ):
            turns[-1] = Turn(
                previous.turn_id, previous.role, f"{previous.text}\n{body}", previous.ts
            )
            continue
        role: Literal["user", "assistant"] = "user" if kind == "user" else "assistant"
        turns.append(Turn(turn_id=len(turns) + 1, role=role, text=body, ts=ts))
        last_message_id = message_id
    return ClaudeTranscript(session_id, turns, injected, report)


def read_claude_transcript(path: Path, *, missing_ok: bool = False) -> ClaudeTranscript:
    """Read and parse a transcript file; with ``missing_ok`` a missing file has no turns.

    Raises:
        TranscriptError: When the file is unreadable, or missing without ``missing_ok``.
    """
    if missing_ok and not path.exists():
        return ClaudeTranscript(None, [], [])
    return parse_claude_transcript(read_text(path))


def _message_text(content: object) -> str | None:
    """A message's text: a plain string, or its text blocks joined; None when it has none."""
    if isinstance(content, str):
        return content if content.strip() else None
    if not isinstance(content, list):
        return None
    parts = [
        block["text"]
        for block in content
        if isinstance(block, dict)
        and block.get("type") == "text"
        and isinstance(block.get("text"), str)
    ]
    body = "\n".join(parts)
    return body if body.strip() else None


def _attachment_text(attachment: object, line_no: int, report: ParseReport) -> str | None:
    if not isinstance(attachment, dict):
        report.skip(line_no, "attachment line without an attachment object")
        return None
    if attachment.get("type") != HOOK_CONTEXT_TYPE:
        return None
    content = attachment.get("content")
    if isinstance(content, list) and all(isinstance(item, str) for item in content):
        content = "\n".join(content)
    if not isinstance(content, str):
        report.skip(line_no, "hook_additional_context without string content")
        return None
    return content if content.strip() else None
