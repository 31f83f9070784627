"""The claude-code production row: the shipped UserPromptSubmit hook, end to end.

Per user turn the adapter writes the session transcript as Claude Code has it when it runs the
hook (checked against Claude Code 2.1.332): the earlier turns of both roles plus the context
the hook injected before, as attachments, but not the prompt being submitted, and no file at
all on the first prompt of a session. It hands the hook its stdin JSON and reads the pointers
back from the ``additionalContext`` it printed: the wire output is what counts.

``in-process`` calls the hook's function directly (fast, the default); ``subprocess`` spawns
the installed ``bb-brain hook user-prompt`` console script per turn, configured through the
environment exactly as a Claude Code installation would be, so the shipped entry point itself
is what gets measured.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Literal

from bb_brain.hook import HOOK_SETTING_VALUES, run_user_prompt_hook
from bb_brain.reflex import VOLUNTEER_HEADING
from bb_brain.transcripts import write_claude_transcript
from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import Pointer, TurnContextRequest

from bb_adapters._errors import AdapterUserError, SystemUnderTestError
from bb_adapters._names import HookExec
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


def hook_command() -> list[str]:
    """The installed ``bb-brain`` console script (next to this interpreter, else on PATH).

    Raises:
        AdapterUserError: No ``bb-brain`` executable is installed.
    """
    beside = Path(sys.executable).with_name("bb-brain")
    found = str(beside) if beside.exists() else shutil.which("bb-brain")
    if found is None:
        raise AdapterUserError(
            "--hook-exec subprocess needs the bb-brain console script: install the bb-brain "
            "package into this environment (uv sync) or put bb-brain on PATH"
        )
    return [found, "hook", "user-prompt"]


class HookDelivery:
    """Runs the hook against the served unix socket, in-process or as its console script."""

    def __init__(self, socket_path: str, secret: str, exec_mode: HookExec = "in-process") -> None:
        self._socket_path = socket_path
        self._secret = secret
        self._exec_mode = exec_mode
        self._command = hook_command() if exec_mode == "subprocess" else []
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
        """Write the transcript as Claude Code has it at this point, run the hook, parse it.

        Claude Code runs the hook before it records the prompt: the file holds the earlier
        turns only, and on a session's first prompt it does not exist yet.
        """
        assert self._dir is not None
        transcript = Path(self._dir.name) / "transcript.jsonl"
        if state.history:
            write_claude_transcript(
                transcript,
                list(state.history),
                session_id=state.session_id,
                cwd=CWD,
                injected=self._injected,
            )
        else:
            transcript.unlink(missing_ok=True)
        stdin = json.dumps(
            {
                "session_id": state.session_id,
                "transcript_path": str(transcript),
                "cwd": CWD,
                "hook_event_name": "UserPromptSubmit",
                "prompt": request.turn.text,
            }
        )
        if self._exec_mode == "subprocess":
            stdout = self._spawn(stdin, state.brain_id, request)
        else:
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

    def _spawn(self, stdin: str, brain_id: str, request: TurnContextRequest) -> str:
        """One hook process, configured the way an installation configures it."""
        assert self._dir is not None
        secret_file = Path(self._dir.name) / "secret"
        if not secret_file.exists():
            fd = os.open(secret_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(self._secret)
        env = {
            **os.environ,
            "BRAINBENCH_SOCKET": self._socket_path,
            "BRAINBENCH_SECRET_FILE": str(secret_file),
            "BRAINBENCH_BRAIN_ID": brain_id,
            "BRAINBENCH_SOURCE": request.active_source,
            "BRAINBENCH_HOOK_DEADLINE_MS": str(BENCH_DEADLINE_MS),
        }
        env.pop("BRAINBENCH_SECRET", None)
        env.pop("BRAINBENCH_HOOK_SETTINGS", None)
        if request.settings.model_dump() != dict(HOOK_SETTING_VALUES):
            # Only a row whose settings differ from the shipped hook's needs the override
            # (which the hook validates with the models: a slower start than production's).
            env["BRAINBENCH_HOOK_SETTINGS"] = request.settings.model_dump_json()
        done = subprocess.run(
            self._command,
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=BENCH_DEADLINE_MS / 1000 + 30,
            check=False,
        )
        if done.returncode != 0:  # the hook contract is exit 0 always: anything else is a bug
            raise SystemUnderTestError(
                f"bb-brain hook exited {done.returncode} (the hook must always exit 0): "
                f"{done.stderr.strip()[-500:]}"
            )
        return done.stdout

    def end(self, state: SessionState) -> None:
        """Remove the transcript directory."""
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None
