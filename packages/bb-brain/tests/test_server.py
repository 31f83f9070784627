"""The engine over a real unix socket: round trips, auth, error mapping, the CLI."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_brain import Engine
from bb_brain.cli import main
from bb_brain.server import ServerHandle, serve_in_thread
from bb_schema.fixture import PublicTurn, SeedPage
from bb_schema.memory import (
    CloseBrainRequest,
    FactQuery,
    OpenBrainRequest,
    OpenSeededBrainRequest,
    RecallRequest,
    SeedRequest,
)
from bb_schema.rpc import MemoryClient, RpcFailure, RpcStatus
from bb_schema.turn_context import EntityIndexRequest, SeamSettings, TurnContextRequest

SECRET = "s3cret-for-tests-0123456789abcdef"
ALICE = SeedPage(
    slug="people/alice-example",
    content="---\ntitle: Alice Example\ntype: person\naliases: [alice]\nsummary: Founder.\n---\n",
)


@pytest.fixture(scope="module")
def socket_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="bbsock-") as path:  # short: sun_path is 108 bytes
        yield Path(path)


@pytest.fixture(scope="module")
def served(engine: Engine, socket_dir: Path) -> Iterator[ServerHandle]:
    handle = serve_in_thread(engine, socket_dir / "brain.sock", SECRET)
    yield handle
    handle.stop()
    assert not (socket_dir / "brain.sock").exists()


def test_open_seeded_brain_opens_seeds_and_releases_in_one_call(served: ServerHandle) -> None:
    with MemoryClient(served.target, SECRET) as client:
        assert "open-seeded" in client.describe().capabilities
        first = client.open_seeded_brain(OpenSeededBrainRequest(fixture_id="one", pages=[ALICE]))
        assert (first.pages, first.facts) == (1, 0)
        index = client.entity_index(
            EntityIndexRequest(brain_id=first.brain_id, active_source="default")
        )
        assert [e.slug for e in index.entries] == ["people/alice-example"]
        second = client.open_seeded_brain(
            OpenSeededBrainRequest(fixture_id="two", release_brain_id=first.brain_id)
        )
        assert second.brain_id != first.brain_id
        with pytest.raises(RpcFailure) as gone:  # released by the second call
            client.close_brain(CloseBrainRequest(brain_id=first.brain_id))
        assert gone.value.status is RpcStatus.INVALID_ARGUMENT
        client.close_brain(CloseBrainRequest(brain_id=second.brain_id))


def test_open_seeded_brain_refusals_name_what_is_wrong_and_leave_no_brain(
    served: ServerHandle, engine: Engine
) -> None:
    twin = SeedPage(slug=ALICE.slug, content="---\ntitle: Someone Else\n---\n")
    with MemoryClient(served.target, SECRET) as client:
        with pytest.raises(RpcFailure) as unknown:
            client.open_seeded_brain(
                OpenSeededBrainRequest(fixture_id="x", release_brain_id="no-such-brain")
            )
        assert unknown.value.status is RpcStatus.INVALID_ARGUMENT
        assert "'no-such-brain' is not open" in unknown.value.message
        with pytest.raises(RpcFailure) as empty:
            client.open_seeded_brain(OpenSeededBrainRequest(fixture_id=" "))
        assert empty.value.status is RpcStatus.INVALID_ARGUMENT
        assert "fixture_id" in empty.value.message
        with engine.db.connection() as conn:
            before = conn.execute("SELECT count(*) FROM brains").fetchone()
        with pytest.raises(RpcFailure) as refused:
            client.open_seeded_brain(OpenSeededBrainRequest(fixture_id="bad", pages=[ALICE, twin]))
        assert refused.value.status is RpcStatus.INVALID_ARGUMENT
        assert "'people/alice-example' appears twice" in refused.value.message
        with engine.db.connection() as conn:
            after = conn.execute("SELECT count(*) FROM brains").fetchone()
        assert after == before  # the refused seed's brain was closed again


def test_socket_is_private(served: ServerHandle) -> None:
    assert served.socket_path is not None
    assert stat.S_IMODE(os.stat(served.socket_path).st_mode) == 0o600


def test_round_trip_seed_and_turn_context(served: ServerHandle) -> None:
    with MemoryClient(served.target, SECRET) as client:
        assert client.describe().name == "bb-brain"
        brain = client.open_brain(OpenBrainRequest(fixture_id="rpc")).brain_id
        seeded = client.seed(SeedRequest(brain_id=brain, pages=[ALICE]))
        assert (seeded.pages, seeded.facts) == (1, 0)
        response = client.turn_context(
            TurnContextRequest(
                brain_id=brain,
                session_id="s",
                active_source="default",
                turn=PublicTurn(turn_id=1, role="user", text="What did alice say?"),
                settings=SeamSettings(pointer_budget=3),
            )
        )
        assert [p.slug for p in response.pointers] == ["people/alice-example"]
        assert "brain://default/people/alice-example" in response.text
        index = client.entity_index(EntityIndexRequest(brain_id=brain, active_source="default"))
        assert [e.slug for e in index.entries] == ["people/alice-example"]
        assert client.list_facts(FactQuery(brain_id=brain, source="default")).facts == []
        asked = RecallRequest(brain_id=brain, source="default", query="What did alice say?")
        assert client.recall(asked).facts == []  # served, and nothing stored yet
        client.close_brain(CloseBrainRequest(brain_id=brain))


def test_wrong_secret_is_unauthenticated(served: ServerHandle) -> None:
    with MemoryClient(served.target, "not-the-secret-but-long-enough-0123") as client:
        with pytest.raises(RpcFailure) as info:
            client.describe()
    assert info.value.status is RpcStatus.UNAUTHENTICATED


def test_tcp_listener_on_loopback(engine: Engine, socket_dir: Path) -> None:
    with serve_in_thread(engine, socket_dir / "tcp.sock", SECRET, tcp_address="127.0.0.1:0") as h:
        assert h.tcp_port
        with MemoryClient(f"127.0.0.1:{h.tcp_port}", SECRET) as client:
            assert client.describe().name == "bb-brain"


def test_engine_user_errors_are_invalid_argument(served: ServerHandle) -> None:
    with MemoryClient(served.target, SECRET) as client:
        with pytest.raises(RpcFailure) as info:
            client.close_brain(CloseBrainRequest(brain_id="no-such-brain"))
    assert info.value.status is RpcStatus.INVALID_ARGUMENT
    assert "no-such-brain" in info.value.details


def test_cli_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BB_BRAIN_HOME", str(tmp_path / "home"))
    assert main([]) == 2
    assert main(["serve", "--socket", "/tmp/x.sock", "--secret-file", "/nonexistent/s"]) == 2
    assert "/nonexistent/s" in capsys.readouterr().err
    assert main(["--help"]) == 0


def test_cli_serve_subprocess_round_trip_and_clean_stop(socket_dir: Path) -> None:
    secret_file = socket_dir / "secret"
    secret_file.write_text(SECRET + "\n", encoding="utf-8")
    sock = socket_dir / "cli.sock"
    cmd = [sys.executable, "-m", "bb_brain.cli", "serve", "--socket", str(sock),
           "--secret-file", str(secret_file)]  # fmt: skip
    env = {**os.environ, "BB_BRAIN_HOME": str(socket_dir / "home")}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline())
        assert ready["socket"] == str(sock)
        with MemoryClient(sock, SECRET) as client:
            assert client.describe().name == "bb-brain"
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert not sock.exists()
