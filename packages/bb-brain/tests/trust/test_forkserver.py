"""The fork server's children are real channel processes: their own stdio (a terminal or a
pipe), argv, environment, session and exit status; an interpreter it cannot reproduce (a
``PYTHONPATH`` with a ``sitecustomize``) is started fresh instead."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_brain import Database
from bb_brain.trust import TrustBrain, TrustRefused, TrustSettings
from bb_brain.trust.clients import McpAgent, run_cli
from bb_brain.trust.forkserver import ForkServer

from .conftest import ALICE, SOURCE, commit


@pytest.fixture(scope="module")
def launcher() -> Iterator[ForkServer]:
    server = ForkServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def brain(db: Database, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TrustBrain]:
    repo = tmp_path_factory.mktemp("forked") / "repo"
    made = TrustBrain.create(db, source=SOURCE, repo=repo, settings=TrustSettings())
    commit(repo, {"people/alice.md": ALICE})
    yield made
    made.close()


def test_forked_cli_sees_a_terminal_or_a_pipe(brain: TrustBrain, launcher: ForkServer) -> None:
    env = brain.env(SOURCE)
    synced = run_cli(["sync", "--json"], env, tty=True, launcher=launcher)
    assert synced.code == 0, synced.stderr
    assert synced.json["pages_written"] == ["people/alice"]
    piped = run_cli(["remember", "Alice likes CANARY-fork", "--json"], env, launcher=launcher)
    assert piped.code == 0 and piped.json["tier"] == "agent_written"
    refused = run_cli(["confirm", piped.json["ref"], "--yes", "--json"], env, launcher=launcher)
    assert refused.code == 2 and refused.json["error"]["reason"] == "not_interactive"
    typed = run_cli(["confirm", piped.json["ref"], "--json"], env, tty=True, stdin="y\n",
                    launcher=launcher)  # fmt: skip
    assert typed.code == 0, typed.stderr
    assert brain.stored_tier(typed.json["confirmed_ref"]) == "user_confirmed"
    owner = run_cli(["remember", "Alice's owner note", "--json"], env, tty=True, launcher=launcher)
    assert owner.json["tier"] == "owner"


def test_forked_cli_takes_the_request_environment(brain: TrustBrain, launcher: ForkServer) -> None:
    bad = run_cli(["remember", "x", "--json"], {**brain.env(SOURCE), "BB_BRAIN_ID": "nope-1"},
                  launcher=launcher)  # fmt: skip
    assert bad.code == 2 and "nope-1" in bad.json["error"]["message"]
    usage = run_cli(["remember", "--no-such-flag"], {}, launcher=launcher)
    assert usage.code == 2 and "usage: bb-brain remember" in usage.stderr


def test_forked_mcp_server(brain: TrustBrain, launcher: ForkServer) -> None:
    token = brain.issue_agent_token("forked", [SOURCE])
    with McpAgent(brain.env(SOURCE, token=token), launcher=launcher) as agent:
        assert "remember" in agent.tools()
        said = agent.call("remember", text="Alice wants CANARY-fmcp", content_origin="user_said")
        assert said["tier"] == "agent_written"
        with pytest.raises(TrustRefused):
            agent.call("confirm_memory", ref=said["ref"])


def test_a_killed_child_reports_its_signal(
    brain: TrustBrain, launcher: ForkServer, tmp_path: Path
) -> None:
    read_end, write_end = os.pipe()
    log = (tmp_path / "err").open("w")
    try:
        # a channel with its brain waits on its open stdin; without one it would exit (2) at
        # once, and a busy machine may let it before the kill lands
        env = {**os.environ, **brain.env(SOURCE)}
        proc = launcher.spawn(["mcp"], env, (read_end, log.fileno(), log.fileno()))
        assert proc.poll() is None
        proc.kill()
        assert proc.wait(30) == -signal.SIGKILL
    finally:
        os.close(read_end)
        os.close(write_end)
        log.close()


def test_an_interpreter_it_cannot_reproduce_is_not_forked(launcher: ForkServer) -> None:
    plain = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    assert launcher.accepts(plain)
    assert not launcher.accepts({**os.environ, "PYTHONPATH": "/elsewhere"})
    assert not launcher.accepts({**os.environ, "PYTHONSTARTUP": "/elsewhere/x.py"})


def test_where_bytecode_is_cached_does_not_matter(launcher: ForkServer) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP")}  # fmt: skip
    assert launcher.accepts({**env, "PYTHONPYCACHEPREFIX": "/tmp/elsewhere"})


class _Exited:
    """A child that has already exited, as a busy machine reports it before its output lands."""

    returncode = 0

    def poll(self) -> int:
        return 0

    def wait(self, timeout: float | None = None) -> int:
        return 0

    def kill(self) -> None:
        pass


def test_a_terminal_is_read_to_its_end_after_the_child_exits() -> None:
    import os
    import pty
    import threading
    import time

    from bb_brain.trust.clients import _drain

    master, slave = pty.openpty()

    def late_output() -> None:
        time.sleep(0.3)  # the kernel hands the last lines over after the child is gone
        os.write(slave, b"purged from: pages, chunks\n")
        os.close(slave)

    writer = threading.Thread(target=late_output)
    writer.start()
    out = _drain(master, _Exited(), 10.0)  # type: ignore[arg-type]
    writer.join()
    assert "purged from: pages, chunks" in out
