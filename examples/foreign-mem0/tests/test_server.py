"""The server over a real unix socket: the bench's own client, the bearer secret enforced."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_schema.rpc import BoundServer, MemoryClient, RpcFailure, RpcStatus, add_memory_services
from foreign_mem0.memory import Mem0Memory
from foreign_mem0.server import main
from foreign_mem0.store import Mem0Store, library_version

#: The server's secret in these tests (a secret is at least 32 bytes).
SECRET = "s3cret-for-tests-0123456789abcdef"


@pytest.fixture
def socket(store: Mem0Store, tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "mem0.sock"
    with BoundServer(secret=SECRET, unix_socket=path) as bound:
        add_memory_services(bound.server, Mem0Memory(store, version=library_version()))
        yield path


def test_describe_over_the_wire_names_mem0_and_its_gate(socket: Path) -> None:
    with MemoryClient(socket, SECRET) as client:
        info = client.describe()
    assert info.name == "mem0"
    assert "similarity threshold 0.35" in info.version
    assert "volunteer" not in info.capabilities


def test_a_wrong_secret_is_refused(socket: Path) -> None:
    wrong = "w" * len(SECRET)  # long enough to send, and not the server's
    with MemoryClient(socket, wrong) as client, pytest.raises(RpcFailure) as info:
        client.describe()
    assert info.value.status is RpcStatus.UNAUTHENTICATED


def test_start_up_mistakes_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("BRAINBENCH_FOREIGN_SECRET", raising=False)
    assert main(["--socket", "/tmp/x.sock"]) == 2
    assert "BRAINBENCH_FOREIGN_SECRET is unset" in capsys.readouterr().err
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", "s" * 32)
    assert main([]) == 2
