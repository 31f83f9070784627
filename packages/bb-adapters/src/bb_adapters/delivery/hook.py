"""The claude-code production row: the shipped UserPromptSubmit hook, end to end.

Per user turn the adapter writes the session transcript (earlier turns of both roles plus the
context the hook injected before, as attachments), hands the hook its stdin JSON, and reads
the pointers back from the ``additionalContext`` it printed: the wire output is what counts.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Literal

from bb_brain.hook import run_user_prompt_hook
from bb_brain.reflex import VOLUNTEER_HEADING
from bb_brain.transcripts import write_claude_transcript
from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import Pointer, TurnContextRequest

from bb_adapters.pipeline import Delivered, SessionState

#: The bench pins a generous deadline (production: 800 ms) so CI load cannot flake the row.
BENCH_DEADLINE_MS = 10_000
_LINK = re.compile(r"\(brain://(?P<source>[^/\s)]+)/(?P<slug>[^\s)]+)\)")
CWD = "/workspace"


def pointers_in(text: str) -> tuple[Pointer, ...]:
    """Pointers named by ``brain://source/slug`` links in injected text, in order.

    Links under the volunteer sub-heading are the volunteer stage; the seam budgets the two
    stages separately, so reading the stage back off the wire is what keeps the cut count
    honest.
    """
    found: list[Pointer] = []
    stage: Literal["reflex", "volunteer"] = "reflex"
    for line in text.splitlines():
        if line.strip() == VOLUNTEER_HEADING:
            stage = "volunteer"
            continue
        found += [
            Pointer(slug=m["slug"], source=m["source"], stage=stage) for m in _LINK.finditer(line)
        ]
    return tuple(found)


class HookDelivery:
    """Runs the hook code path in-process against the served unix socket."""

    def __init__(self, socket_path: str, secret: str) -> None:
        self._socket_path = socket_path
        self._secret = secret
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._injected: dict[int, str] = {}

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The fixture's own conversation."""
        return list(fixture.turns)

    def begin(self, state: SessionState) -> str:
        """A fresh transcript directory per session."""
        self._dir = tempfile.TemporaryDirectory(prefix="bb-hook-")
        self._injected = {}
        return ""

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Write the transcript so far, run the hook, parse what it printed."""
        assert self._dir is not None
        transcript = Path(self._dir.name) / "transcript.jsonl"
        write_claude_transcript(
            transcript,
            [*state.history, request.turn],
            session_id=state.session_id,
            cwd=CWD,
            injected=self._injected,
        )
        stdin = json.dumps(
            {
                "session_id": state.session_id,
                "transcript_path": str(transcript),
                "cwd": CWD,
                "hook_event_name": "UserPromptSubmit",
                "prompt": request.turn.text,
            }
        )
        stdout = run_user_prompt_hook(
            stdin,
            socket_path=self._socket_path,
            secret=self._secret,
            brain_id=state.brain_id,
            active_source=request.active_source,
            settings=request.settings,
            deadline_ms=BENCH_DEADLINE_MS,
        )
        if not stdout.strip():
            return Delivered(text="", pointers=())
        context = str(json.loads(stdout)["hookSpecificOutput"]["additionalContext"])
        self._injected[request.turn.turn_id] = context
        return Delivered(text=context, pointers=pointers_in(context))

    def end(self, state: SessionState) -> None:
        """Remove the transcript directory."""
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None
