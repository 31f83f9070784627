"""The Claude Code ``UserPromptSubmit`` hook: memory pushed into the prompt, never blocking it.

Claude Code runs ``bb-brain hook user-prompt`` before each prompt reaches the model, with JSON
on stdin: ``{session_id, transcript_path, cwd, hook_event_name, prompt}``. The hook

1. parses the transcript JSONL at ``transcript_path`` (:mod:`bb_brain.transcripts.claude_code`)
   into the recent window (both roles) and the context hooks injected on earlier prompts;
2. asks the memory server's ``TurnContext`` over its unix socket, with the shared secret and
   the deadline as the call timeout; earlier turn texts and earlier injected context go in as
   ``prior_context``, so a page already pushed on an earlier prompt is not pushed again;
3. prints ``{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
   "additionalContext": TEXT}}`` when memory has something to add, and nothing otherwise.

On ANY failure (bad stdin, a missing transcript, the server down or slow, a refused secret)
it prints nothing and exits 0: a memory outage must never stand between a user and a prompt.

Configuration (environment): ``BRAINBENCH_SOCKET`` (unix socket path), ``BRAINBENCH_SECRET``
or ``BRAINBENCH_SECRET_FILE``, ``BRAINBENCH_BRAIN_ID``, ``BRAINBENCH_SOURCE`` (default
``default``), ``BRAINBENCH_HOOK_DEADLINE_MS`` (default 800), and optionally
``BRAINBENCH_HOOK_SETTINGS`` (a SeamSettings JSON object; default :data:`HOOK_SETTINGS`).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bb_schema import PublicTurn
from bb_schema.rpc import MemoryClient
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse
from pydantic import BaseModel, ConfigDict

from bb_brain.transcripts.claude_code import ClaudeTranscript, read_claude_transcript

log = logging.getLogger("bb_brain.hook")

EVENT_NAME = "UserPromptSubmit"
DEFAULT_DEADLINE_MS = 800
#: The shipped settings: 2 pointers, prior-context suppression, the volunteer arm.
HOOK_SETTINGS = SeamSettings(
    pointer_budget=2,
    suppression="prior-context",
    volunteer=True,
    volunteer_window_turns=4,
    volunteer_min_confidence=0.7,
    volunteer_max_pages=3,
    render="markdown",
)
#: prior_context is trimmed to its most recent characters, keeping requests bounded in size.
MAX_PRIOR_CONTEXT_CHARS = 200_000


class HookInput(BaseModel):
    """The stdin JSON Claude Code sends a ``UserPromptSubmit`` hook.

    Unknown keys are ignored rather than rejected: the harness adds fields between versions
    (``permission_mode``, ...), and a hook that rejected them would silently stop working.
    """

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)

    session_id: str
    transcript_path: str | None = None
    cwd: str | None = None
    hook_event_name: str = EVENT_NAME
    prompt: str


def build_request(
    hook_input: HookInput,
    transcript: ClaudeTranscript,
    *,
    brain_id: str,
    active_source: str,
    settings: SeamSettings,
) -> TurnContextRequest:
    """The TurnContext request for this prompt: window, prior context, the turn itself."""
    earlier = list(transcript.turns)
    if earlier and earlier[-1].role == "user" and earlier[-1].text == hook_input.prompt:
        earlier.pop()  # the harness already recorded the prompt being submitted
    window = earlier[-settings.volunteer_window_turns :] if settings.volunteer_window_turns else []
    turn = PublicTurn(turn_id=len(earlier) + 1, role="user", text=hook_input.prompt)
    return TurnContextRequest(
        brain_id=brain_id,
        session_id=hook_input.session_id,
        active_source=active_source,
        turn=turn,
        window=window,
        prior_context=prior_context(earlier, transcript.injected_context),
        settings=settings,
    )


def prior_context(turns: Sequence[PublicTurn], injected: Sequence[str]) -> str:
    """Earlier turn texts, then earlier injected context, trimmed to the most recent part."""
    text = "\n\n".join([*(turn.text for turn in turns), *injected])
    return text[-MAX_PRIOR_CONTEXT_CHARS:]


def render_output(response: TurnContextResponse) -> str:
    """The hook's stdout: the additionalContext envelope, or "" when there is nothing to add."""
    if not response.text.strip():
        return ""
    envelope = {
        "hookSpecificOutput": {"hookEventName": EVENT_NAME, "additionalContext": response.text}
    }
    return json.dumps(envelope, ensure_ascii=False)


def run_user_prompt_hook(
    stdin_text: str,
    *,
    socket_path: str,
    secret: str,
    brain_id: str,
    active_source: str,
    settings: SeamSettings,
    deadline_ms: int = DEFAULT_DEADLINE_MS,
) -> str:
    """Run the hook on one stdin document; return its stdout text ("" on any failure).

    The deadline covers the whole hook: the TurnContext call gets what is left of it after
    the transcript is parsed.
    """
    started = time.monotonic()
    try:
        hook_input = HookInput.model_validate_json(stdin_text)
        if hook_input.hook_event_name != EVENT_NAME or not hook_input.prompt.strip():
            return ""
        if not hook_input.transcript_path:
            raise ValueError("stdin has no transcript_path")
        transcript = read_claude_transcript(Path(hook_input.transcript_path))
        request = build_request(
            hook_input,
            transcript,
            brain_id=brain_id,
            active_source=active_source,
            settings=settings,
        )
        remaining_s = deadline_ms / 1000.0 - (time.monotonic() - started)
        if remaining_s <= 0:
            raise TimeoutError(f"deadline of {deadline_ms} ms spent before the call")
        response = _call_turn_context(request, socket_path, secret, remaining_s)
        return render_output(response)
    except Exception as exc:  # a hook must never block a prompt
        log.debug("user-prompt hook stayed silent: %s: %s", type(exc).__name__, exc)
        return ""


def _call_turn_context(
    request: TurnContextRequest, socket_path: str, secret: str, timeout_s: float
) -> TurnContextResponse:
    with MemoryClient(socket_path, secret, timeout=timeout_s) as client:
        return client.turn_context(request, timeout=timeout_s)


@dataclass(frozen=True)
class HookConfig:
    """Where the memory server is and how this hook addresses it."""

    socket_path: str
    secret: str
    brain_id: str
    active_source: str = "default"
    settings: SeamSettings = HOOK_SETTINGS
    deadline_ms: int = DEFAULT_DEADLINE_MS

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> HookConfig:
        """Read the ``BRAINBENCH_*`` variables (module docs).

        Raises:
            ValueError: A required variable is missing or a value is malformed.
            OSError: ``BRAINBENCH_SECRET_FILE`` cannot be read.
        """
        socket_path = environ.get("BRAINBENCH_SOCKET")
        brain_id = environ.get("BRAINBENCH_BRAIN_ID")
        if not socket_path or not brain_id:
            raise ValueError("BRAINBENCH_SOCKET and BRAINBENCH_BRAIN_ID must be set")
        secret = environ.get("BRAINBENCH_SECRET")
        if not secret and environ.get("BRAINBENCH_SECRET_FILE"):
            secret = Path(environ["BRAINBENCH_SECRET_FILE"]).read_text(encoding="utf-8").strip()
        if not secret:
            raise ValueError("BRAINBENCH_SECRET or BRAINBENCH_SECRET_FILE must be set")
        raw_settings = environ.get("BRAINBENCH_HOOK_SETTINGS")
        settings = SeamSettings.model_validate_json(raw_settings) if raw_settings else HOOK_SETTINGS
        deadline = environ.get("BRAINBENCH_HOOK_DEADLINE_MS")
        return cls(
            socket_path=socket_path,
            secret=secret,
            brain_id=brain_id,
            active_source=environ.get("BRAINBENCH_SOURCE") or "default",
            settings=settings,
            deadline_ms=int(deadline) if deadline else DEFAULT_DEADLINE_MS,
        )

    def run(self, stdin_text: str) -> str:
        """:func:`run_user_prompt_hook` with this configuration."""
        return run_user_prompt_hook(
            stdin_text,
            socket_path=self.socket_path,
            secret=self.secret,
            brain_id=self.brain_id,
            active_source=self.active_source,
            settings=self.settings,
            deadline_ms=self.deadline_ms,
        )


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``bb-brain hook``: the hook event (configuration is in the environment)."""
    events = parser.add_subparsers(dest="event", metavar="EVENT", required=True)
    events.add_parser(
        "user-prompt",
        help="Claude Code UserPromptSubmit: stdin JSON in, additionalContext JSON out",
        description="Reads the hook's stdin JSON, prints additionalContext or nothing; always "
        "exits 0. Configured by BRAINBENCH_SOCKET, BRAINBENCH_SECRET / BRAINBENCH_SECRET_FILE, "
        "BRAINBENCH_BRAIN_ID, BRAINBENCH_SOURCE, BRAINBENCH_HOOK_DEADLINE_MS.",
    )


def execute(args: argparse.Namespace) -> int:
    """Run the chosen hook event; a hook always exits 0."""
    return main()


def main(
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """``bb-brain hook user-prompt``: read stdin, print the context (or nothing), return 0."""
    try:
        stdin_text = (stdin or sys.stdin).read()
        output = HookConfig.from_env(os.environ if environ is None else environ).run(stdin_text)
    except Exception as exc:  # a hook must never block a prompt
        log.debug("user-prompt hook stayed silent: %s: %s", type(exc).__name__, exc)
        return 0
    if output:
        out = stdout or sys.stdout
        out.write(output + "\n")
        out.flush()
    return 0
