"""The Claude Code ``UserPromptSubmit`` hook: memory pushed into the prompt, never blocking it.

Claude Code runs ``bb-brain hook user-prompt`` before each prompt reaches the model, with JSON
on stdin: ``{session_id, transcript_path, cwd, hook_event_name, prompt}`` (2.1.332 adds
``prompt_id`` and ``permission_mode``; unknown fields are ignored). The hook

1. parses the transcript JSONL at ``transcript_path`` (:mod:`bb_brain.transcripts.claude_code`)
   into the recent window (both roles) and the context hooks injected on earlier prompts. On
   the first prompt of a new session Claude Code has not written that file yet: a missing
   transcript is a session with no earlier turns;
2. asks the memory server's ``TurnContext`` over its unix socket, with the shared secret and
   what is left of the deadline as the call timeout; earlier turn texts and earlier injected
   context go in as ``prior_context``, so a page already pushed on an earlier prompt is not
   pushed again;
3. prints ``{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
   "additionalContext": TEXT}}`` when memory has something to add, and nothing otherwise.

On ANY failure (bad stdin, an unreadable transcript, the server down or slow, a refused
secret) or once the deadline has passed it prints nothing and exits 0: a memory outage must
never stand between a user and a prompt. The deadline (800 ms by default) counts from the
start of the process, so it is what the user waits at most: the console script arms a timer
(:mod:`bb_brain._deadline`) before it imports anything else, which ends the process silently
at the deadline, whatever it is doing then (even compiling modules that have no bytecode).

The user waits for every import too, so this module and everything it loads stay lean: no
pydantic, no models, no storage; the request is built by :mod:`bb_schema.turn_call` (grpc and
protobuf, imported by the call itself).

Configuration, first found wins: ``--config FILE`` (what ``bb-brain install claude-code``
writes into the hook command: a file written by ``bb-brain serve``, see
:mod:`bb_brain.hook_config`); else the environment when ``BRAINBENCH_SOCKET`` is set
(``BRAINBENCH_SOCKET``, ``BRAINBENCH_SECRET`` or ``BRAINBENCH_SECRET_FILE``,
``BRAINBENCH_BRAIN_ID``, ``BRAINBENCH_SOURCE`` (default ``default``),
``BRAINBENCH_HOOK_DEADLINE_MS`` (default 800), ``BRAINBENCH_HOOK_SETTINGS`` (a SeamSettings
JSON object)); else ``$BRAINBENCH_HOOK_CONFIG``, else the default ``hook.json``.
``BRAINBENCH_HOOK_DEBUG=1`` prints why the hook stayed silent on stderr.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final

from bb_brain import _deadline
from bb_brain.hook_config import config_source, read_hook_config
from bb_brain.transcripts._common import Turn
from bb_brain.transcripts.claude_code import ClaudeTranscript, read_claude_transcript

if TYPE_CHECKING:
    import argparse

    from bb_schema.turn_context import SeamSettings

EVENT_NAME: Final = "UserPromptSubmit"
DEFAULT_DEADLINE_MS: Final = _deadline.DEFAULT_DEADLINE_MS
#: The shipped settings (a SeamSettings dump): 2 pointers, prior-context suppression, volunteer.
HOOK_SETTING_VALUES: Final[Mapping[str, object]] = {
    "pointer_budget": 2,
    "suppression": "prior-context",
    "volunteer": True,
    "volunteer_window_turns": 4,
    "volunteer_min_confidence": 0.7,
    "volunteer_max_pages": 3,
    "render": "markdown",
}
#: prior_context is trimmed to its most recent characters, keeping requests bounded in size.
MAX_PRIOR_CONTEXT_CHARS: Final = 200_000
DEBUG_ENV: Final = "BRAINBENCH_HOOK_DEBUG"


def __getattr__(name: str) -> Any:
    """``HOOK_SETTINGS``: the shipped settings as a model, built only when someone asks."""
    if name == "HOOK_SETTINGS":
        from bb_schema.turn_context import SeamSettings

        return SeamSettings.model_validate(dict(HOOK_SETTING_VALUES))
    raise AttributeError(f"module 'bb_brain.hook' has no attribute {name!r}")


@dataclass(frozen=True)
class HookInput:
    """The stdin fields the hook uses (Claude Code sends more; they are ignored)."""

    session_id: str
    prompt: str
    transcript_path: str | None = None
    cwd: str | None = None
    hook_event_name: str = EVENT_NAME


def parse_hook_input(stdin_text: str) -> HookInput:
    """Check the stdin JSON by hand (this process has no time for a model library).

    Raises:
        ValueError: Not a JSON object, or a field the hook uses has the wrong type.
    """
    document = json.loads(stdin_text)
    if not isinstance(document, dict):
        raise ValueError("stdin is not a JSON object")
    values: dict[str, Any] = {}
    for name, required in (
        ("session_id", True),
        ("prompt", True),
        ("transcript_path", False),
        ("cwd", False),
        ("hook_event_name", False),
    ):
        value = document.get(name)
        if value is None and not required:
            continue
        if not isinstance(value, str):
            raise ValueError(f"stdin field {name} must be a string, got {value!r}")
        values[name] = value
    return HookInput(**values)


def build_request(
    hook_input: HookInput,
    transcript: ClaudeTranscript,
    *,
    brain_id: str,
    active_source: str,
    settings: Mapping[str, object],
) -> Any:
    """The wire TurnContextRequest for this prompt: window, prior context, the turn itself."""
    from bb_schema.turn_call import turn_context_message  # grpc: after the timer is armed

    earlier = list(transcript.entries)
    if earlier and earlier[-1].role == "user" and earlier[-1].text == hook_input.prompt:
        earlier.pop()  # the harness already recorded the prompt being submitted
    size = settings["volunteer_window_turns"]
    window = earlier[-size:] if isinstance(size, int) and size > 0 else []
    turn = Turn(turn_id=len(earlier) + 1, role="user", text=hook_input.prompt)
    return turn_context_message(
        brain_id=brain_id,
        session_id=hook_input.session_id,
        active_source=active_source,
        turn=turn,
        window=window,
        prior_context=prior_context(earlier, transcript.injected_context),
        settings=settings,
    )


def prior_context(turns: Sequence[Turn], injected: Sequence[str]) -> str:
    """Earlier turn texts, then earlier injected context, trimmed to the most recent part."""
    text = "\n\n".join([*(turn.text for turn in turns), *injected])
    return text[-MAX_PRIOR_CONTEXT_CHARS:]


def render_output(text: str) -> str:
    """The hook's stdout: the additionalContext envelope, or "" when there is nothing to add."""
    if not text.strip():
        return ""
    envelope = {"hookSpecificOutput": {"hookEventName": EVENT_NAME, "additionalContext": text}}
    return json.dumps(envelope, ensure_ascii=False)


def _settings_values(settings: SeamSettings | Mapping[str, object]) -> Mapping[str, object]:
    return settings if isinstance(settings, Mapping) else settings.model_dump()


def run_user_prompt_hook(
    stdin_text: str,
    *,
    socket_path: str,
    secret: str,
    brain_id: str,
    active_source: str,
    settings: SeamSettings | Mapping[str, object],
    deadline_ms: int = DEFAULT_DEADLINE_MS,
    started: float | None = None,
) -> str:
    """Run the hook on one stdin document; return its stdout text ("" on any failure).

    ``started`` is the ``time.monotonic()`` the deadline counts from: the process start for
    the console script, the call itself when omitted.
    """
    started = time.monotonic() if started is None else started
    try:
        hook_input = parse_hook_input(stdin_text)
        if hook_input.hook_event_name != EVENT_NAME or not hook_input.prompt.strip():
            return ""
        if hook_input.transcript_path:
            path = Path(hook_input.transcript_path)
            transcript = read_claude_transcript(path, missing_ok=True)
        else:
            transcript = ClaudeTranscript(None, [], [])
        message = build_request(
            hook_input,
            transcript,
            brain_id=brain_id,
            active_source=active_source,
            settings=_settings_values(settings),
        )
        remaining_s = _remaining_s(started, deadline_ms)
        if remaining_s <= 0:
            raise TimeoutError(f"deadline of {deadline_ms} ms spent before the call")
        from bb_schema.turn_call import get_turn_context_text

        text = get_turn_context_text(socket_path, secret, message, timeout_s=remaining_s)
        if _remaining_s(started, deadline_ms) <= 0:
            raise TimeoutError(f"deadline of {deadline_ms} ms spent by the call")
        return render_output(text)
    except Exception as exc:  # a hook must never block a prompt
        _debug(f"stayed silent: {type(exc).__name__}: {exc}")
        return ""


_remaining_s = _deadline.remaining_s


def _debug(message: str) -> None:
    if os.environ.get(DEBUG_ENV):
        sys.stderr.write(f"bb-brain hook user-prompt: {message}\n")


@dataclass(frozen=True)
class HookConfig:
    """Where the memory server is and how this hook addresses it."""

    socket_path: str
    secret: str
    brain_id: str
    active_source: str = "default"
    settings: Mapping[str, object] = field(default_factory=lambda: dict(HOOK_SETTING_VALUES))
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
            secret = _read_secret(environ["BRAINBENCH_SECRET_FILE"])
        if not secret:
            raise ValueError("BRAINBENCH_SECRET or BRAINBENCH_SECRET_FILE must be set")
        raw_settings = environ.get("BRAINBENCH_HOOK_SETTINGS")
        deadline = environ.get("BRAINBENCH_HOOK_DEADLINE_MS")
        return cls(
            socket_path=socket_path,
            secret=secret,
            brain_id=brain_id,
            active_source=environ.get("BRAINBENCH_SOURCE") or "default",
            settings=_validated_settings(json.loads(raw_settings))
            if raw_settings
            else dict(HOOK_SETTING_VALUES),
            deadline_ms=int(deadline) if deadline else DEFAULT_DEADLINE_MS,
        )

    @classmethod
    def from_file(cls, path: Path) -> HookConfig:
        """Read a hook config written by ``bb-brain serve`` (:mod:`bb_brain.hook_config`).

        Raises:
            ValueError: The file or a field in it is malformed.
            OSError: The file or the secret file it names cannot be read.
        """
        config = read_hook_config(path)
        return cls(
            socket_path=config.socket,
            secret=_read_secret(config.secret_file),
            brain_id=config.brain_id,
            active_source=config.source,
            settings=_validated_settings(config.settings)
            if config.settings
            else dict(HOOK_SETTING_VALUES),
            deadline_ms=config.deadline_ms or DEFAULT_DEADLINE_MS,
        )

    @classmethod
    def load(cls, config_path: str | None, environ: Mapping[str, str]) -> HookConfig:
        """``--config``, else the environment, else ``$BRAINBENCH_HOOK_CONFIG`` / the default."""
        source = config_source(config_path, environ)
        return cls.from_env(environ) if source is None else cls.from_file(source)

    def run(self, stdin_text: str, started: float | None = None) -> str:
        """:func:`run_user_prompt_hook` with this configuration."""
        return run_user_prompt_hook(
            stdin_text,
            socket_path=self.socket_path,
            secret=self.secret,
            brain_id=self.brain_id,
            active_source=self.active_source,
            settings=self.settings,
            deadline_ms=self.deadline_ms,
            started=started,
        )


def _read_secret(path: str) -> str:
    return Path(path).read_text(encoding="utf-8").strip()


def _validated_settings(raw: object) -> Mapping[str, object]:
    """A settings override, validated by the model (slower: only when one is configured)."""
    from bb_schema.turn_context import SeamSettings

    return SeamSettings.model_validate(raw).model_dump()


# --- the process: CLI ------------------------------------------------------------------------


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``bb-brain hook``: the hook event and where its configuration is."""
    events = parser.add_subparsers(dest="event", metavar="EVENT", required=True)
    user_prompt = events.add_parser(
        "user-prompt",
        help="Claude Code UserPromptSubmit: stdin JSON in, additionalContext JSON out",
        description="Reads the hook's stdin JSON, prints additionalContext or nothing; always "
        "exits 0, within the deadline counted from process start. Configured by --config "
        "(written by `bb-brain serve`), else BRAINBENCH_SOCKET, BRAINBENCH_SECRET / "
        "BRAINBENCH_SECRET_FILE, BRAINBENCH_BRAIN_ID, BRAINBENCH_SOURCE, "
        "BRAINBENCH_HOOK_DEADLINE_MS, else $BRAINBENCH_HOOK_CONFIG or the default hook.json.",
    )
    user_prompt.add_argument(
        "--config", metavar="FILE", help="hook config written by `bb-brain serve --hook-config`"
    )


def execute(args: argparse.Namespace) -> int:
    """Run the chosen hook event as the console script: deadline from process start."""
    return main(config_path=args.config, started=_deadline.process_started(), watchdog=True)


def main(
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    config_path: str | None = None,
    started: float | None = None,
    watchdog: bool = False,
) -> int:
    """``bb-brain hook user-prompt``: read stdin, print the context (or nothing), return 0.

    With ``watchdog`` (the console script only: it owns the process) a timer ends the process
    silently at the deadline, even inside a blocking read or an import.
    """
    started = time.monotonic() if started is None else started
    env = os.environ if environ is None else environ
    try:
        config = HookConfig.load(config_path, env)
        if watchdog:  # the console script armed a first timer already (bb_brain._entry)
            _deadline.arm(started, config.deadline_ms)
        stdin_text = (stdin or sys.stdin).read()
        output = config.run(stdin_text, started)
        if watchdog:
            _deadline.disarm()
        if output and _remaining_s(started, config.deadline_ms) <= 0:
            output = ""  # too late: the user has waited long enough
    except Exception as exc:  # a hook must never block a prompt
        _debug(f"stayed silent: {type(exc).__name__}: {exc}")
        return 0
    if output:
        out = stdout or sys.stdout
        out.write(output + "\n")
        out.flush()
    return 0
