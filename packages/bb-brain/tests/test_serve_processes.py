"""``bb-brain serve --processes N``: worker processes on one TCP port answer like one process."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import psutil
import pytest
from bb_brain._workers import WorkerError, reserve_port
from bb_brain.cli import main
from bb_schema import convert
from bb_schema.rpc import bearer_metadata
from bb_schema.turn_context import (
    PublicTurn,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
)
from brainbench.v1 import turn_context_pb2_grpc

from .test_cli_serve import _notes

PROMPTS = (
    "How is Alice Example doing?",
    "Did Widget Co sign? Ask alice.",
    "Nothing to see here.",
)
#: Client connections opened against the workers: the kernel spreads them, so with this many
#: every one of two workers holds some (all on one worker: a chance of 2 in 2**16).
CONNECTIONS = 16


@contextmanager
def _serving(args: list[str], home: Path) -> Iterator[tuple[dict[str, Any], int]]:
    """A ``bb-brain serve`` process; yields its ready line and pid, SIGTERMs it after."""
    env = {**os.environ, "BB_BRAIN_HOME": str(home)}
    env.pop("BRAINBENCH_SECRET", None)
    cmd = [sys.executable, "-m", "bb_brain.cli", "serve", "--no-hook-config", *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.communicate(timeout=60)[1]
        yield json.loads(line), proc.pid
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err


def _request(brain_id: str, text: str) -> Any:
    request = TurnContextRequest(
        brain_id=brain_id,
        session_id="s",
        active_source="default",
        turn=PublicTurn(turn_id=1, role="user", text=text),
        settings=SeamSettings(pointer_budget=3, suppression="none", volunteer=True),
    )
    return convert.TURN_CONTEXT_REQUEST.to_proto(request)


def _channels(port: int, count: int) -> list[grpc.Channel]:
    """Channels with a connection each (no subchannel shared between them)."""
    options = [("grpc.use_local_subchannel_pool", 1)]
    return [grpc.insecure_channel(f"127.0.0.1:{port}", options=options) for _ in range(count)]


def _answers(port: int, secret: str, brain_id: str, connections: int) -> list[list[Any]]:
    """Every prompt over ``connections`` connections of their own; the decoded replies."""
    metadata = bearer_metadata(secret)
    channels = _channels(port, connections)
    try:
        replies: list[list[Any]] = []
        for channel in channels:
            stub = turn_context_pb2_grpc.TurnContextStub(channel)
            got: list[Any] = []
            for text in PROMPTS:
                reply = stub.GetTurnContext(_request(brain_id, text), metadata=metadata, timeout=30)
                got.append(convert.TURN_CONTEXT_RESPONSE.from_proto(reply))
            with pytest.raises(grpc.RpcError) as denied:
                stub.GetTurnContext(
                    _request(brain_id, PROMPTS[0]), metadata=bearer_metadata("w" * 40), timeout=30
                )
            assert denied.value.code() == grpc.StatusCode.UNAUTHENTICATED
            replies.append(got)
        return replies
    finally:
        for channel in channels:
            channel.close()


def _client_connections(pid: int, port: int) -> int:
    return sum(
        1
        for conn in psutil.Process(pid).net_connections(kind="tcp")
        if conn.status == psutil.CONN_ESTABLISHED and conn.laddr and conn.laddr.port == port
    )


def test_two_processes_answer_every_call_like_one_and_stop_on_sigterm(tmp_path: Path) -> None:
    notes = _notes(tmp_path)
    home = tmp_path / "home"
    with _serving(["--seed", str(notes), "--tcp", "0"], home) as (ready, _):
        secret = (home / "secret").read_text(encoding="utf-8").strip()
        (expected,) = _answers(ready["tcp_port"], secret, ready["brain_id"], 1)
    assert any(reply.pointers for reply in expected)  # the prompts do point at pages
    assert isinstance(expected[0], TurnContextResponse)
    with _serving(["--seed", str(notes), "--tcp", "0", "--processes", "2"], home) as (ready, pid):
        workers = ready["worker_pids"]
        assert ready["processes"] == 2 and len(set(workers)) == 2
        assert set(workers) <= {child.pid for child in psutil.Process(pid).children()}
        port = ready["tcp_port"]
        channels = _channels(port, CONNECTIONS)
        try:
            for channel in channels:  # every connection open at once, so both workers hold some
                turn_context_pb2_grpc.TurnContextStub(channel).GetTurnContext(
                    _request(ready["brain_id"], "hi"), metadata=bearer_metadata(secret), timeout=30
                )
            assert all(_client_connections(worker, port) > 0 for worker in workers)
        finally:
            for channel in channels:
                channel.close()
        for replies in _answers(port, secret, ready["brain_id"], CONNECTIONS):
            assert replies == expected
    # serve exited 0 on SIGTERM (checked by _serving); none of its workers is left
    deadline = time.monotonic() + 10
    while any(_alive(worker) for worker in workers):
        assert time.monotonic() < deadline, f"a worker of {workers} outlived serve"
        time.sleep(0.1)


def test_a_worker_that_dies_stops_serve_and_its_other_workers(tmp_path: Path) -> None:
    env = {**os.environ, "BB_BRAIN_HOME": str(tmp_path / "home")}
    env.pop("BRAINBENCH_SECRET", None)
    cmd = [sys.executable, "-m", "bb_brain.cli", "serve", "--no-hook-config", "--tcp", "0",
           "--processes", "2", "--workers", "1"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.communicate(timeout=60)[1]
        first, second = json.loads(line)["worker_pids"]
        os.kill(first, signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 1, err
    assert f"worker {first} exited with -9" in err
    assert not _alive(second)


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--processes", "2"], "needs --tcp"),
        (["--processes", "2", "--tcp", "0", "--socket", "/tmp/x.sock"], "needs --tcp"),
        (["--processes", "2", "--tcp", "0", "--trust"], "cannot serve --trust"),
        (["--processes", "0", "--tcp", "0"], "--processes 0 must be at least 1"),
        (["--workers", "0"], "--workers 0 must be at least 1"),
    ],
)
def test_unusable_process_counts_are_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    monkeypatch.setenv("BB_BRAIN_HOME", str(tmp_path / "home"))
    assert main(["serve", "--no-hook-config", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_port_another_server_listens_on_is_refused_even_one_it_would_share() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)  # would let us join it
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        with pytest.raises(WorkerError, match=f"127.0.0.1:{port}"):
            reserve_port(f"127.0.0.1:{port}")
    holder, address = reserve_port("127.0.0.1:0")
    with holder:
        assert address.startswith("127.0.0.1:") and int(address.rpartition(":")[2]) > 0
