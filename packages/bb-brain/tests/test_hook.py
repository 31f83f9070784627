from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from bb_brain import Engine
from bb_brain._deadline import config_path_in
from bb_brain.hook import (
    HOOK_SETTING_VALUES,
    HOOK_SETTINGS,
    HookConfig,
    main,
    run_user_prompt_hook,
)
from bb_brain.hook_config import (
    HookConfigFile,
    configured_deadline_ms,
    default_hook_config,
    read_hook_config,
    write_private_file,
)
from bb_brain.transcripts import write_claude_transcript
from bb_schema import PublicTurn
from bb_schema.rpc import BoundServer, add_turn_context_service
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

SECRET = "s3cret-for-hook-tests-0123456789"
TS = "2026-03-02T17:0{}:00Z"


@dataclass
class FakeTurnContext:
    """Records requests; answers ``text``; blocks on ``gate`` when it is set up to."""

    text: str = "Relevant memory:\n- people/alice-example"
    requests: list[TurnContextRequest] = field(default_factory=list)
    gate: threading.Event | None = None

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        self.requests.append(request)
        if self.gate is not None:
            self.gate.wait(30)
        return TurnContextResponse(text=self.text)

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        raise NotImplementedError

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        raise NotImplementedError


@dataclass
class EngineTurns:
    """The engine's TurnContext method alone, served like `bb-brain serve` serves it."""

    engine: Engine

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        return self.engine.turn_context(request)

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        raise NotImplementedError

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        return self.engine.write_back(request)


@pytest.fixture
def sockdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="bbh-", dir="/tmp"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def serve(impl: object, sock: Path) -> BoundServer:
    bound = BoundServer(secret=SECRET, unix_socket=sock)
    add_turn_context_service(bound.server, impl)  # type: ignore[arg-type]
    bound.start()
    return bound


@pytest.fixture
def fake(sockdir: Path) -> Iterator[tuple[FakeTurnContext, Path]]:
    impl = FakeTurnContext()
    sock = sockdir / "memory.sock"
    bound = serve(impl, sock)
    try:
        yield impl, sock
    finally:
        if impl.gate is not None:
            impl.gate.set()
        bound.stop(0)


EARLIER = [
    PublicTurn(turn_id=1, role="user", text="Prep me for the Widget Co call.", ts=TS.format(0)),
    PublicTurn(turn_id=2, role="assistant", text="Widget Co is a marketplace.", ts=TS.format(1)),
    PublicTurn(turn_id=3, role="user", text="Who founded it?", ts=TS.format(2)),
    PublicTurn(turn_id=4, role="assistant", text="Alice Example did.", ts=TS.format(3)),
    PublicTurn(turn_id=5, role="user", text="Remind me of her concerns.", ts=TS.format(4)),
]
EARLIER_BLOCK = "Relevant memory:\n- companies/widget-co (Widget Co)"


def stdin(
    transcript: Path | None, prompt: str = "What did Alice Example say?", **extra: object
) -> str:
    doc: dict[str, object] = {
        "session_id": "sess-h",
        "transcript_path": None if transcript is None else str(transcript),
        "cwd": "/work",
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
        "permission_mode": "default",  # newer harness fields are ignored, not rejected
    }
    doc.update(extra)
    return json.dumps(doc)


def run(text: str, sock: Path, *, secret: str = SECRET, deadline_ms: int = 10_000) -> str:
    return run_user_prompt_hook(
        text,
        socket_path=str(sock),
        secret=secret,
        brain_id="brain-1",
        active_source="work",
        settings=HOOK_SETTINGS,
        deadline_ms=deadline_ms,
    )


def test_happy_path_sends_window_prior_context_and_prints_the_envelope(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    transcript = write_claude_transcript(
        tmp_path / "t.jsonl", EARLIER, session_id="sess-h", cwd="/work", injected={1: EARLIER_BLOCK}
    )
    out = run(stdin(transcript), sock)
    assert json.loads(out) == {
        "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": impl.text}
    }
    (request,) = impl.requests
    assert (request.brain_id, request.session_id, request.active_source) == (
        "brain-1",
        "sess-h",
        "work",
    )
    assert request.settings == HOOK_SETTINGS
    assert request.turn == PublicTurn(turn_id=6, role="user", text="What did Alice Example say?")
    assert request.window == EARLIER[-4:]
    for turn in EARLIER:
        assert turn.text in request.prior_context
    assert EARLIER_BLOCK in request.prior_context
    assert "What did Alice Example say?" not in request.prior_context


def test_prompt_already_in_the_transcript_is_not_its_own_prior_context(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    recorded = [
        *EARLIER,
        PublicTurn(turn_id=6, role="user", text="And the margin?", ts=TS.format(5)),
    ]
    transcript = write_claude_transcript(tmp_path / "t.jsonl", recorded, session_id="s", cwd="/")
    assert run(stdin(transcript, prompt="And the margin?"), sock)
    (request,) = impl.requests
    assert request.turn.turn_id == 6
    assert request.window == EARLIER[-4:]
    assert "And the margin?" not in request.prior_context


def test_empty_transcript_and_small_window(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    settings = SeamSettings(pointer_budget=1, volunteer_window_turns=0)
    out = run_user_prompt_hook(
        stdin(empty),
        socket_path=str(sock),
        secret=SECRET,
        brain_id="b",
        active_source="default",
        settings=settings,
    )
    assert out
    (request,) = impl.requests
    assert (request.window, request.prior_context, request.turn.turn_id) == ([], "", 1)


def test_no_context_prints_nothing(fake: tuple[FakeTurnContext, Path], tmp_path: Path) -> None:
    impl, sock = fake
    impl.text = "  \n"
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    assert run(stdin(transcript), sock) == ""
    assert len(impl.requests) == 1


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{not json",
        "[]",
        json.dumps({"session_id": "s", "hook_event_name": "UserPromptSubmit"}),  # no prompt
        json.dumps({"session_id": 7, "prompt": "x", "transcript_path": "/tmp/x"}),
        json.dumps({"session_id": "s", "prompt": "x", "transcript_path": 3}),
        stdin(Path("/tmp"), hook_event_name="PreToolUse"),
        stdin(Path("/tmp"), prompt="   "),
    ],
)
def test_bad_input_is_silent_and_never_calls_memory(
    fake: tuple[FakeTurnContext, Path], text: str
) -> None:
    impl, sock = fake
    assert run(text, sock) == ""
    assert impl.requests == []


@pytest.mark.parametrize("where", ["not-written-yet", "no-path"])
def test_a_missing_transcript_is_a_session_with_no_earlier_turns(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path, where: str
) -> None:
    """Claude Code runs the hook on a new session's first prompt before writing the file."""
    impl, sock = fake
    path = None if where == "no-path" else tmp_path / "projects" / "new-session.jsonl"
    out = run(stdin(path, prompt="Prep me for Alice Example."), sock)
    assert json.loads(out)["hookSpecificOutput"]["additionalContext"] == impl.text
    (request,) = impl.requests
    assert request.turn == PublicTurn(turn_id=1, role="user", text="Prep me for Alice Example.")
    assert (request.window, request.prior_context) == ([], "")


def test_an_unreadable_transcript_is_silent(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    directory = tmp_path / "a-directory.jsonl"
    directory.mkdir()
    assert run(stdin(directory), sock) == ""
    assert impl.requests == []


def test_the_deadline_counts_from_the_given_start(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    """A process that spent its budget on start-up does not call memory at all."""
    impl, sock = fake
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    spent = run_user_prompt_hook(
        stdin(transcript),
        socket_path=str(sock),
        secret=SECRET,
        brain_id="b",
        active_source="default",
        settings=HOOK_SETTINGS,
        deadline_ms=800,
        started=time.monotonic() - 0.9,
    )
    assert spent == ""
    assert impl.requests == []


def test_server_down_is_silent(sockdir: Path, tmp_path: Path) -> None:
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    assert run(stdin(transcript), sockdir / "nobody-listens.sock") == ""


def test_wrong_secret_is_silent(fake: tuple[FakeTurnContext, Path], tmp_path: Path) -> None:
    impl, sock = fake
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    assert run(stdin(transcript), sock, secret="not-the-secret-at-all-0123456789") == ""
    assert impl.requests == []


def test_deadline_is_the_call_timeout(fake: tuple[FakeTurnContext, Path], tmp_path: Path) -> None:
    impl, sock = fake
    impl.gate = threading.Event()  # the server holds the call until teardown
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    assert run(stdin(transcript), sock, deadline_ms=50) == ""
    assert run(stdin(transcript), sock, deadline_ms=0) == ""


# --- against the real engine -----------------------------------------------------------------


ALICE = "---\ntitle: Alice Example\ntype: person\naliases: [alice]\n---\nFounder of Widget Co.\n"


def test_real_engine_injects_then_dedupes_what_it_injected_before(
    engine: Engine, make_brain: object, sockdir: Path, tmp_path: Path
) -> None:
    brain_id = make_brain(("people/alice-example", ALICE))  # type: ignore[operator]
    sock = sockdir / "engine.sock"
    bound = serve(EngineTurns(engine), sock)
    try:
        first = [PublicTurn(turn_id=1, role="user", text="Morning.", ts=TS.format(0))]
        path = write_claude_transcript(tmp_path / "t.jsonl", first, session_id="s", cwd="/")

        def hook(text: str) -> str:
            return run_user_prompt_hook(
                text,
                socket_path=str(sock),
                secret=SECRET,
                brain_id=brain_id,
                active_source="default",
                settings=HOOK_SETTINGS,
                deadline_ms=10_000,
            )

        prompt = "What did Alice Example say about pricing?"
        out = hook(stdin(path, prompt=prompt))
        assert out, "the engine should point at Alice's page"
        context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
        assert "people/alice-example" in context
        # The harness records the prompt and the injected context; the next prompt that
        # mentions Alice again must not get her page pushed a second time. (The recorded turn
        # refers to her by pronoun only: a page named in an earlier turn is not pushed again
        # either, and this test isolates what the attachment dedupe does.)
        later = [
            *first,
            PublicTurn(
                turn_id=2, role="user", text="What did she say about pricing?", ts=TS.format(1)
            ),
            PublicTurn(
                turn_id=3, role="assistant", text="She worried about margin.", ts=TS.format(2)
            ),
        ]
        write_claude_transcript(path, later, session_id="s", cwd="/", injected={2: context})
        assert hook(stdin(path, prompt="Did Alice Example send the deck?")) == ""
        # Without the attachment the same prompt is pushed again: the dedupe is what stopped it.
        write_claude_transcript(path, later, session_id="s", cwd="/")
        assert "people/alice-example" in hook(
            stdin(path, prompt="Did Alice Example send the deck?")
        )
    finally:
        bound.stop(0)


# --- main and environment ------------------------------------------------------------------


def test_main_reads_env_and_stdin(fake: tuple[FakeTurnContext, Path], tmp_path: Path) -> None:
    impl, sock = fake
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    secret_file = tmp_path / "secret"
    secret_file.write_text(SECRET + "\n", encoding="utf-8")
    env = {
        "BRAINBENCH_SOCKET": str(sock),
        "BRAINBENCH_SECRET_FILE": str(secret_file),
        "BRAINBENCH_BRAIN_ID": "brain-9",
        "BRAINBENCH_SOURCE": "work",
        "BRAINBENCH_HOOK_DEADLINE_MS": "10000",
        "BRAINBENCH_HOOK_SETTINGS": json.dumps({"pointer_budget": 1, "volunteer": False}),
    }
    out = io.StringIO()
    assert main(io.StringIO(stdin(transcript)), out, env) == 0
    assert json.loads(out.getvalue())["hookSpecificOutput"]["additionalContext"] == impl.text
    (request,) = impl.requests
    assert (request.brain_id, request.active_source) == ("brain-9", "work")
    assert request.settings == SeamSettings(pointer_budget=1, volunteer=False)


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"BRAINBENCH_SOCKET": "/tmp/x.sock", "BRAINBENCH_BRAIN_ID": "b"},  # no secret
        {
            "BRAINBENCH_SOCKET": "/tmp/x.sock",
            "BRAINBENCH_BRAIN_ID": "b",
            "BRAINBENCH_SECRET_FILE": "/nonexistent",
        },
        {
            "BRAINBENCH_SOCKET": "/tmp/x.sock",
            "BRAINBENCH_BRAIN_ID": "b",
            "BRAINBENCH_SECRET": SECRET,
            "BRAINBENCH_HOOK_DEADLINE_MS": "soon",
        },
        {
            "BRAINBENCH_SOCKET": "/tmp/x.sock",
            "BRAINBENCH_BRAIN_ID": "b",
            "BRAINBENCH_SECRET": SECRET,
            "BRAINBENCH_HOOK_SETTINGS": '{"pointer_budget": -1}',
        },
    ],
)
def test_main_with_bad_config_is_silent_and_exits_zero(env: dict[str, str]) -> None:
    out = io.StringIO()
    assert main(io.StringIO(stdin(Path("/tmp"))), out, env) == 0
    assert out.getvalue() == ""


def test_config_defaults() -> None:
    config = HookConfig.from_env(
        {"BRAINBENCH_SOCKET": "/s", "BRAINBENCH_BRAIN_ID": "b", "BRAINBENCH_SECRET": "x"}
    )
    assert (config.active_source, config.deadline_ms, config.settings) == (
        "default",
        800,
        HOOK_SETTINGS.model_dump(),
    )
    assert HOOK_SETTINGS == SeamSettings.model_validate(dict(HOOK_SETTING_VALUES))


# --- the real console script ----------------------------------------------------------------


def console_script() -> str:
    script = Path(sys.executable).parent / "bb-brain"
    assert script.exists(), f"console script missing at {script}; run uv sync"
    return str(script)


def test_console_script_prints_context_and_stays_silent_when_the_server_is_down(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    transcript = write_claude_transcript(tmp_path / "t.jsonl", EARLIER, session_id="s", cwd="/")
    env = {
        **os.environ,
        "BRAINBENCH_SOCKET": str(sock),
        "BRAINBENCH_SECRET": SECRET,
        "BRAINBENCH_BRAIN_ID": "brain-sub",
        "BRAINBENCH_HOOK_DEADLINE_MS": "10000",
    }
    done = subprocess.run(
        [console_script(), "hook", "user-prompt"],
        input=stdin(transcript),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"] == impl.text
    assert impl.requests[0].brain_id == "brain-sub"
    down = subprocess.run(
        [console_script(), "hook", "user-prompt"],
        input=stdin(transcript),
        capture_output=True,
        text=True,
        env={**env, "BRAINBENCH_SOCKET": str(tmp_path / "gone.sock")},
        timeout=60,
        check=False,
    )
    assert (down.returncode, down.stdout, down.stderr) == (0, "", "")


# --- the hook config file and the process deadline ----------------------------------------


def _config_file(tmp_path: Path, sock: Path, **extra: object) -> Path:
    secret_file = tmp_path / "secret"
    write_private_file(secret_file, SECRET + "\n")
    path = tmp_path / "hook.json"
    config = HookConfigFile(
        socket=str(sock), secret_file=str(secret_file), brain_id="brain-f", source="work"
    )
    document = {**config.as_json(), **extra}
    write_private_file(path, json.dumps(document))
    return path


def test_a_config_file_configures_the_hook(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    impl, sock = fake
    path = _config_file(tmp_path, sock, deadline_ms=10_000)
    out = io.StringIO()
    assert main(io.StringIO(stdin(tmp_path / "none.jsonl")), out, {}, config_path=str(path)) == 0
    assert json.loads(out.getvalue())["hookSpecificOutput"]["additionalContext"] == impl.text
    (request,) = impl.requests
    assert (request.brain_id, request.active_source) == ("brain-f", "work")
    assert request.settings == HOOK_SETTINGS
    assert (path.stat().st_mode & 0o777, (tmp_path / "secret").stat().st_mode & 0o777) == (
        0o600,
        0o600,
    )


def test_where_the_configuration_comes_from(tmp_path: Path) -> None:
    sock = tmp_path / "s.sock"
    path = _config_file(tmp_path, sock)
    env = {"BRAINBENCH_SOCKET": "/env.sock", "BRAINBENCH_BRAIN_ID": "env", "BRAINBENCH_SECRET": "x"}
    assert HookConfig.load(str(path), env).brain_id == "brain-f"  # --config wins
    assert HookConfig.load(None, env).brain_id == "env"
    assert HookConfig.load(None, {"BRAINBENCH_HOOK_CONFIG": str(path)}).brain_id == "brain-f"
    home = tmp_path / "home"
    home.mkdir()
    (home / "hook.json").write_bytes(path.read_bytes())
    assert HookConfig.load(None, {"BB_BRAIN_HOME": str(home)}).brain_id == "brain-f"
    xdg = {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), "HOME": "/nonexistent"}
    assert default_hook_config(xdg) == tmp_path / "xdg" / "bb-brain" / "hook.json"
    assert default_hook_config({"HOME": "/h"}) == Path("/h/.config/bb-brain/hook.json")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"version": 2}, "version"),
        ({"brain_id": ""}, "brain_id"),
        ({"socket": 3}, "socket"),
        ({"deadline_ms": "soon"}, "deadline_ms"),
        ({"settings": [1]}, "settings"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_malformed_config_file_names_the_field_and_the_hook_stays_silent(
    tmp_path: Path, change: dict[str, object], field: str
) -> None:
    path = _config_file(tmp_path, tmp_path / "s.sock", **change)
    with pytest.raises(ValueError, match=field) as info:
        read_hook_config(path)
    assert str(path) in str(info.value)
    out = io.StringIO()
    assert main(io.StringIO(stdin(None)), out, {}, config_path=str(path)) == 0
    assert out.getvalue() == ""


def _spawn(config: Path, text: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [console_script(), "hook", "user-prompt", "--config", str(config)],
        input=text,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_the_console_script_deadline_counts_from_process_start(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    """1 ms is spent before the first line of the hook runs: memory is never asked."""
    impl, sock = fake
    done = _spawn(_config_file(tmp_path, sock, deadline_ms=1), stdin(None))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert impl.requests == []
    answered = _spawn(_config_file(tmp_path, sock, deadline_ms=10_000), stdin(None))
    assert json.loads(answered.stdout)["hookSpecificOutput"]["additionalContext"] == impl.text


def test_the_watchdog_ends_a_stuck_hook_silently_at_the_deadline(
    fake: tuple[FakeTurnContext, Path], tmp_path: Path
) -> None:
    """A transcript that never finishes reading (a FIFO nobody writes) cannot hold the prompt."""
    impl, sock = fake
    fifo = tmp_path / "stuck.jsonl"
    os.mkfifo(fifo)
    done = _spawn(_config_file(tmp_path, sock, deadline_ms=1500), stdin(fifo), timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert impl.requests == []


def test_the_hook_path_imports_no_model_library() -> None:
    """What the user waits for: the console script's modules, without pydantic or storage.

    grpc is loaded only by the call itself, after the watchdog is armed, so even a cold
    start (compiling every module) ends at the deadline.
    """
    probe = (
        "import sys, bb_brain.cli, bb_brain.hook; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'psycopg', 'yaml',"
        " 'grpc', 'google'}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_console_script_finds_the_configured_deadline_before_argparse(tmp_path: Path) -> None:
    path = _config_file(tmp_path, tmp_path / "s.sock", deadline_ms=1234)
    assert config_path_in(["--config", str(path)]) == str(path)
    assert config_path_in([f"--config={path}"]) == str(path)
    assert config_path_in([]) is None
    assert configured_deadline_ms(str(path), {}) == 1234
    assert configured_deadline_ms(None, {"BRAINBENCH_SOCKET": "/s"}) is None
    env = {"BRAINBENCH_SOCKET": "/s", "BRAINBENCH_HOOK_DEADLINE_MS": "5000"}
    assert configured_deadline_ms(None, env) == 5000
    assert configured_deadline_ms(str(tmp_path / "missing.json"), {}) is None  # reported later
    assert configured_deadline_ms(None, {"BRAINBENCH_HOOK_CONFIG": str(path)}) == 1234
