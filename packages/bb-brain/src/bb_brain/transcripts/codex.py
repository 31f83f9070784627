"""Codex rollout JSONL: the writer the codex seam replays through, and the parser it trusts.

A rollout file is one JSON object per line, each with a top-level ``timestamp``, ``type`` and
``payload``. Codex records a typed prompt in more than one form, and which forms changed over
its versions (checked against the real CLI, 0.130.0 and 0.171.0):

* ``response_item`` ``message`` with role ``user`` and ``input_text`` parts: every version.
  Codex also writes its own context this way (``<environment_context>``, instructions), before
  the first prompt and after some changes; since about 0.160 each item carries an ``id`` and
  ``internal_chat_message_metadata_passthrough`` whose ``content_item_metadata`` gives each
  part's provenance (``user`` for a typed prompt, ``harness`` / ``skills`` for Codex's own).
* ``event_msg`` ``user_message`` (``message`` string, optional ``kind``): up to about 0.159.
* ``event_msg`` ``item_completed`` whose ``item`` has type ``UserMessage`` (content parts of
  type ``text``): since about 0.160, replacing ``user_message``.

The parser reads all three, skips client-injected context (by provenance when the item carries
it, else by shape: a part that is one ``<snake_case_tag>...</snake_case_tag>`` block or an
``AGENTS.md`` preamble), and keeps a turn once when it is seen in several forms: a user text
that repeats the previous turn's text in a form that turn has not been seen in yet is the same
turn (``task_started`` starts a new Codex turn, so a prompt typed twice is two turns). Assistant
turns come from ``response_item`` messages with role ``assistant``. Every other line type
(``turn_context``, ``world_state``, reasoning, token counts, ...) is ignored; malformed lines
are skipped and counted, and a rollout with no user turn the parser can read carries one
warning saying so (a format drift must not look like an empty session).

The writer emits the ``current`` shape by default (what Codex 0.171 writes: ids, provenance,
``item_completed`` events, its own developer and environment items before the first prompt) or
the ``legacy`` one (``user_message`` events, no ids), so both stay exercised.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

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
RolloutShape = Literal["current", "legacy"]
_UUID_NAMESPACE = uuid.UUID("0b6c3a8e-5d2f-4e71-9a4c-7f1e2d3c4b5a")
#: A part that is one client context block: ``<environment_context>...</environment_context>``.
_CONTEXT_BLOCK = re.compile(r"\A\s*<([a-z][a-z0-9]*(?:[_ ][a-z0-9]+)+)>.*</\1>\s*\Z", re.DOTALL)
_CONTEXT_PREFIXES = ("# AGENTS.md instructions for ",)
_SANDBOX = "Filesystem sandboxing: sandbox_mode is read-only."
_TURN_START = frozenset({"task_started", "turn_started"})
NO_USER_TURN = (
    "no user turn readable in this rollout: it is not a Codex rollout, or Codex changed how it "
    "records prompts (check the file's event_msg and response_item lines)"
)


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


# --- writing --------------------------------------------------------------------------------


def render_codex_rollout(
    turns: Sequence[PublicTurn],
    *,
    session_id: str,
    cwd: str,
    started_at: str | None = None,
    shape: RolloutShape = "current",
) -> str:
    """Render turns as a rollout file's text (newline-terminated JSONL).

    Args:
        turns: The conversation in order, both roles.
        session_id: Written as ``session_meta.payload.id``.
        cwd: The working directory the session ran in.
        started_at: The session's start; defaults to the first turn timestamp.
        shape: ``current`` (Codex 0.160 and later) or ``legacy`` (before).

    Each line's ``timestamp`` is its turn's ``ts`` verbatim; a turn without one inherits the
    latest earlier timestamp (rollout lines always carry one), which is why a round trip of
    such a turn reports that inherited time. Ids are derived from the session id and the
    position, so the same turns give the same file.

    Raises:
        BrainUserError: When no timestamp is known for the session at all.
    """
    start = started_at or next((turn.ts for turn in turns if turn.ts is not None), None)
    if start is None:
        raise BrainUserError(
            f"session {session_id!r} has no timestamp: pass started_at or give the turns a ts"
        )
    writer = _Writer(session_id, cwd, shape)
    meta = {"id": session_id, "timestamp": start, "cwd": cwd, "originator": ORIGINATOR}
    writer.line(start, "session_meta", meta)
    current = start
    for turn in turns:
        current = turn.ts or current
        if turn.role == "user":
            writer.user(turn.text, current)
        else:
            writer.assistant(turn.text, current)
    writer.finish(current)
    return "".join(line + "\n" for line in writer.lines)


def write_codex_rollout(
    path: Path,
    turns: Sequence[PublicTurn],
    *,
    session_id: str,
    cwd: str,
    started_at: str | None = None,
    shape: RolloutShape = "current",
) -> Path:
    """Write :func:`render_codex_rollout`'s text to ``path`` and return the path."""
    text = render_codex_rollout(
        turns, session_id=session_id, cwd=cwd, started_at=started_at, shape=shape
    )
    path.write_text(text, encoding="utf-8")
    return path


class _Writer:
    """The lines of one rollout, in the shape chosen."""

    def __init__(self, session_id: str, cwd: str, shape: RolloutShape) -> None:
        self.session_id = session_id
        self.cwd = cwd
        self.current = shape == "current"
        self.lines: list[str] = []
        self.turn_id: str | None = None
        self.prompts = 0

    def _id(self, what: str) -> str:
        return str(uuid.uuid5(_UUID_NAMESPACE, f"{self.session_id}:{what}:{len(self.lines)}"))

    def line(self, ts: str, kind: str, payload: dict[str, Any]) -> None:
        self.lines.append(dumps_line({"timestamp": ts, "type": kind, "payload": payload}))

    def _message(
        self, ts: str, role: str, parts: list[dict[str, Any]], kind: str, provenance: str | None
    ) -> None:
        """A response_item message; since Codex 0.160 with an id and per-part provenance."""
        payload: dict[str, Any] = {"type": "message"}
        if self.current:
            payload["id"] = f"msg_{self._id('msg')}"
        payload.update({"role": role, "content": parts})
        if self.current:
            meta: dict[str, Any] = {"turn_id": self.turn_id, "content_item_kinds": [kind]}
            if provenance is not None:
                origin: dict[str, Any] = {"type": provenance}
                if provenance == "harness":
                    origin["hook"] = False
                meta["content_item_metadata"] = [{"provenance": origin} for _ in parts]
            payload["internal_chat_message_metadata_passthrough"] = meta
        self.line(ts, "response_item", payload)

    def _event(self, ts: str, payload: dict[str, Any]) -> None:
        self.line(ts, "event_msg", payload)

    def user(self, text: str, ts: str) -> None:
        self.finish(ts)
        self.turn_id = self._id("turn")
        self._event(ts, {"type": "task_started", "turn_id": self.turn_id})
        if self.prompts == 0:  # what Codex adds before the first prompt of a session
            rules = f"<permissions instructions>\n{_SANDBOX}\n</permissions instructions>"
            block = f"<environment_context>\n  <cwd>{self.cwd}</cwd>\n</environment_context>"
            developer = [{"type": "input_text", "text": rules}]
            self._message(ts, "developer", developer, "permissions.instructions", "harness")
            context = [{"type": "input_text", "text": block}]
            self._message(ts, "user", context, "environments.environment_context", "harness")
        self.prompts += 1
        self._message(ts, "user", [{"type": "input_text", "text": text}], "user.text", "user")
        if self.current:
            item = {
                "type": "UserMessage",
                "id": self._id("item"),
                "content": [{"type": "text", "text": text, "text_elements": []}],
            }
            self._event(
                ts,
                {
                    "type": "item_completed",
                    "thread_id": self.session_id,
                    "turn_id": self.turn_id,
                    "item": item,
                },
            )
        else:
            event = {"type": "user_message", "message": text, "images": [], "local_images": []}
            self._event(ts, event)

    def assistant(self, text: str, ts: str) -> None:
        if self.current:
            content = [{"type": "Text", "text": text}]
            item = {"type": "AgentMessage", "id": self._id("item"), "content": content}
            self._event(
                ts,
                {
                    "type": "item_completed",
                    "thread_id": self.session_id,
                    "turn_id": self.turn_id,
                    "item": item,
                },
            )
        else:
            self._event(ts, {"type": "agent_message", "message": text})
        parts = [{"type": "output_text", "text": text, "annotations": []}]
        self._message(ts, "assistant", parts, "unknown", None)

    def finish(self, ts: str) -> None:
        if self.turn_id is not None:
            self._event(ts, {"type": "task_complete", "turn_id": self.turn_id})
            self.turn_id = None


# --- reading --------------------------------------------------------------------------------


def parse_codex_rollout(text: str) -> CodexRollout:
    """Parse rollout text into its turns; never raises on content, never invents a turn.

    See the module docs for the forms a user turn is read from and how they are merged.
    A known line type with an unusable payload is skipped and counted in ``report``.
    """
    report = ParseReport()
    session_id: str | None = None
    cwd: str | None = None
    started_at: str | None = None
    turns: list[PublicTurn] = []
    #: Forms the last turn was seen in while it may still be repeated (a user turn, no reply).
    forms: set[str] | None = None
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
        if kind == "event_msg" and payload.get("type") in _TURN_START:
            forms = None
            continue
        found = _turn_of(kind, payload, line_no, report)
        if found is None:
            continue
        role, body, form = found
        if role == "user" and forms is not None and form not in forms and turns[-1].text == body:
            forms.add(form)  # the same prompt, recorded in another form
            continue
        ts = clean_ts(obj.get("timestamp"), line_no, report)
        turns.append(PublicTurn(turn_id=len(turns) + 1, role=role, text=body, ts=ts))
        forms = {form} if role == "user" else None
    if not any(turn.role == "user" for turn in turns):
        report.warn(NO_USER_TURN)
    return CodexRollout(session_id, cwd, started_at, turns, report)


def read_codex_rollout(path: Path) -> CodexRollout:
    """Read and parse a rollout file.

    Raises:
        TranscriptError: When the file is missing or unreadable.
    """
    return parse_codex_rollout(read_text(path))


def _turn_of(
    kind: object, payload: dict[str, Any], line_no: int, report: ParseReport
) -> tuple[Role, str, str] | None:
    """The (role, text, form) a line contributes, or None for lines that are not turns."""
    if kind == "event_msg":
        return _event_turn(payload, line_no, report)
    if kind != "response_item" or payload.get("type") != "message":
        return None
    role = payload.get("role")
    if role == "assistant":
        body = _joined(payload.get("content"), "output_text")
        if body is None:
            report.skip(line_no, "assistant message without output_text content")
            return None
        return "assistant", body, "response"
    if role != "user":
        return None  # developer / system items: instructions, never a turn
    content = payload.get("content")
    if not isinstance(content, list):
        report.skip(line_no, "user message without a content list")
        return None
    body = _typed_text(content, _provenances(payload), "input_text")
    return None if body is None else ("user", body, "response")


def _event_turn(
    payload: dict[str, Any], line_no: int, report: ParseReport
) -> tuple[Role, str, str] | None:
    event = payload.get("type")
    if event == "user_message":
        message = payload.get("message")
        if not isinstance(message, str) or not message.strip():
            report.skip(line_no, "user_message without a non-empty string message")
            return None
        if payload.get("kind") not in (None, "plain") or _is_client_context(message):
            return None  # early Codex tagged its injected context as user_message kinds
        return "user", message, "event"
    if event == "item_completed":
        item = payload.get("item")
        if not isinstance(item, dict) or item.get("type") != "UserMessage":
            return None
        content = item.get("content")
        if not isinstance(content, list):
            report.skip(line_no, "UserMessage item without a content list")
            return None
        body = _typed_text(content, None, "text")
        return None if body is None else ("user", body, "event")
    return None


def _provenances(payload: dict[str, Any]) -> list[object] | None:
    """Each content part's provenance type, when the item says (Codex 0.160 and later)."""
    meta = payload.get("internal_chat_message_metadata_passthrough")
    if not isinstance(meta, dict) or not isinstance(meta.get("content_item_metadata"), list):
        return None
    found: list[object] = []
    for entry in meta["content_item_metadata"]:
        origin = entry.get("provenance") if isinstance(entry, dict) else None
        found.append(origin.get("type") if isinstance(origin, dict) else None)
    return found


def _typed_text(content: list[Any], provenances: list[object] | None, part_type: str) -> str | None:
    """The user-typed text parts joined: client context parts (by provenance or shape) left out."""
    aligned = provenances is not None and len(provenances) == len(content)
    parts: list[str] = []
    for index, part in enumerate(content):
        if not isinstance(part, dict) or part.get("type") != part_type:
            continue
        text = part.get("text")
        if not isinstance(text, str) or not text.strip():
            continue
        if aligned and provenances is not None and provenances[index] != "user":
            continue
        if not aligned and _is_client_context(text):
            continue
        parts.append(text)
    body = "\n".join(parts)
    return body if body.strip() else None


def _is_client_context(text: str) -> bool:
    """A block Codex writes itself (environment context, instructions), not a typed prompt."""
    return bool(_CONTEXT_BLOCK.match(text)) or text.lstrip().startswith(_CONTEXT_PREFIXES)


def _joined(content: object, part_type: str) -> str | None:
    if isinstance(content, str):
        return content if content.strip() else None
    if not isinstance(content, list):
        return None
    parts = [
        part["text"]
        for part in content
        if isinstance(part, dict)
        and part.get("type") == part_type
        and isinstance(part.get("text"), str)
    ]
    body = "\n".join(parts)
    return body if body.strip() else None


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None
