"""A real in-process server on a unix socket, a fake implementation, the typed client."""

from __future__ import annotations

import logging
import os
import socket
import stat
import threading
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from bb_schema import convert
from bb_schema._errors import SchemaUserError
from bb_schema._rpc._servicer import misnamed_methods
from bb_schema.fixture import PublicTurn, SeedFact, SeedPage
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)
from bb_schema.rpc import (
    BoundServer,
    MemoryClient,
    MemoryServicer,
    RpcFailure,
    RpcStatus,
    add_memory_services,
    add_servicer,
    bearer_metadata,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    Pointer,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_slug,
)
from brainbench.v1 import turn_context_pb2, turn_context_pb2_grpc

SECRET = "s3cret-for-tests-0123456789abcdef"
TURN = PublicTurn(turn_id=1, role="user", text="How is Alice Example doing?", ts=None)
POINTER = Pointer(slug="people/alice-example", source="default", arm="alias", confidence=0.9)


class FakeMemory:
    """Answers from its inputs so a wrong field on either side shows up in the result."""

    def __init__(self) -> None:
        self.closed: list[str] = []
        self.fail_with: Exception | None = None
        self.release = threading.Event()
        self.block = False

    def _maybe_fail(self) -> None:
        if self.block:
            self.release.wait(timeout=30)
        if self.fail_with is not None:
            raise self.fail_with

    def describe(self) -> SystemInfo:
        self._maybe_fail()
        return SystemInfo(name="fake", version="1.2.3", capabilities=["write-back"])

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        self._maybe_fail()
        return OpenBrainResponse(brain_id=f"brain-{request.fixture_id}")

    def seed(self, request: SeedRequest) -> SeedResponse:
        self._maybe_fail()
        return SeedResponse(pages=len(request.pages), facts=len(request.facts))

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        self._maybe_fail()
        budget = request.settings.pointer_budget
        return TurnContextResponse(text=f"{request.turn.text}|{budget}", pointers=[POINTER])

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        self._maybe_fail()
        return EntityIndexResponse(entries=[POINTER] * min(request.limit, 2))

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        self._maybe_fail()
        return WriteBackResponse(
            conversation_slug=conversation_slug(request.session_id),
            segments=1,
            facts_written=len(request.turns),
        )

    def list_facts(self, request: FactQuery) -> FactList:
        self._maybe_fail()
        return FactList(facts=[StoredFact(fact="Alice likes tea", source=request.source)])

    def probe_facts(self, request: FactQuery) -> FactList:
        self._maybe_fail()
        facts = [StoredFact(fact=" ".join(request.keywords), source=request.source, kind="fact")]
        return FactList(facts=facts)

    def close_brain(self, request: CloseBrainRequest) -> None:
        self._maybe_fail()
        self.closed.append(request.brain_id)


@pytest.fixture
def socket_path(tmp_path: Path) -> Path:
    path = tmp_path / "bb.sock"
    assert len(os.fsencode(path)) < 100
    return path


@pytest.fixture
def impl() -> FakeMemory:
    return FakeMemory()


@pytest.fixture
def server(socket_path: Path, impl: FakeMemory) -> Iterator[BoundServer]:
    bound = BoundServer(secret=SECRET, unix_socket=socket_path, max_message_bytes=64 * 1024)
    add_memory_services(bound.server, impl)
    with bound:
        yield bound
    impl.release.set()


@pytest.fixture
def client(server: BoundServer, socket_path: Path) -> Iterator[MemoryClient]:
    with MemoryClient(socket_path, SECRET, timeout=10) as memory:
        yield memory


def _request(text: str = TURN.text) -> TurnContextRequest:
    return TurnContextRequest(
        brain_id="b",
        session_id="s1",
        active_source="default",
        turn=TURN.model_copy(update={"text": text}),
        settings=SeamSettings(pointer_budget=3),
    )


def test_every_rpc_round_trips(client: MemoryClient, impl: FakeMemory) -> None:
    info = SystemInfo(name="fake", version="1.2.3", capabilities=["write-back"])
    assert client.describe() == info
    assert client.open_brain(OpenBrainRequest(fixture_id="kta-001")).brain_id == "brain-kta-001"
    seeded = client.seed(
        SeedRequest(
            brain_id="b",
            pages=[SeedPage(slug="people/alice-example", content="---\ntitle: Alice\n---\n")],
            facts=[SeedFact(fact="a"), SeedFact(fact="b", source_id="work")],
        )
    )
    assert seeded == SeedResponse(pages=1, facts=2)
    answer = client.turn_context(_request())
    assert answer == TurnContextResponse(text=f"{TURN.text}|3", pointers=[POINTER])
    index = client.entity_index(EntityIndexRequest(brain_id="b", active_source="default"))
    assert index.entries == [POINTER, POINTER]
    wrote = client.write_back(
        WriteBackRequest(brain_id="b", source="default", session_id="s1", turns=[TURN, TURN])
    )
    assert wrote == WriteBackResponse(
        conversation_slug="conversations/s1", segments=1, facts_written=2
    )
    query = FactQuery(brain_id="b", source="work", keywords=["pass", "widget-co"])
    assert client.list_facts(query).facts == [StoredFact(fact="Alice likes tea", source="work")]
    probed = client.probe_facts(query).facts
    assert probed == [StoredFact(fact="pass widget-co", source="work", kind="fact")]
    assert client.close_brain(CloseBrainRequest(brain_id="b")) is None
    assert impl.closed == ["b"]


def test_recall_is_unimplemented_when_the_implementation_has_none(client: MemoryClient) -> None:
    with pytest.raises(RpcFailure) as caught:
        client.recall(RecallRequest(brain_id="b", source="default", query="Where are we?"))
    assert caught.value.status is RpcStatus.UNIMPLEMENTED
    assert caught.value.method == "Recall"


class RecallingMemory(FakeMemory):
    """The fake with an explicit recall: answers with the query and the limit it got."""

    def recall(self, request: RecallRequest) -> FactList:
        self._maybe_fail()
        fact = StoredFact(fact=f"{request.query}|{request.limit}", source=request.source)
        return FactList(facts=[fact])


def test_recall_round_trips_when_implemented(socket_path: Path) -> None:
    bound = BoundServer(secret=SECRET, unix_socket=socket_path)
    add_memory_services(bound.server, RecallingMemory())
    with bound, MemoryClient(socket_path, SECRET, timeout=10) as memory:
        answer = memory.recall(RecallRequest(brain_id="b", source="work", query="Acme?"))
        assert answer.facts == [StoredFact(fact="Acme?|5", source="work")]
        answer = memory.recall(RecallRequest(brain_id="b", source="work", query="x", limit=9))
        assert answer.facts[0].fact == "x|9"


def test_the_socket_is_private(server: BoundServer, socket_path: Path) -> None:
    mode = os.stat(socket_path).st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) == 0o600
    assert server.local_targets == [f"unix:{socket_path}"]


def test_a_wrong_secret_is_unauthenticated(server: BoundServer, socket_path: Path) -> None:
    with MemoryClient(socket_path, "not-the-secret-but-long-enough-0123") as intruder:
        with pytest.raises(RpcFailure) as caught:
            intruder.describe()
    assert caught.value.status is RpcStatus.UNAUTHENTICATED
    assert caught.value.method == "Describe"
    assert SECRET not in caught.value.message


def _raw_channel(socket_path: Path) -> grpc.Channel:
    return grpc.insecure_channel(f"unix:{socket_path}")


def test_a_missing_or_malformed_header_is_unauthenticated(
    server: BoundServer, socket_path: Path
) -> None:
    message = convert.TURN_CONTEXT_REQUEST.to_proto(_request())
    with _raw_channel(socket_path) as channel:
        stub = turn_context_pb2_grpc.TurnContextStub(channel)
        for metadata in [
            None,
            (("authorization", SECRET),),
            (("authorization", f"bearer {SECRET}"),),
            (("authorization", f"Bearer {SECRET}x"),),
            bearer_metadata(SECRET) * 2,
        ]:
            with pytest.raises(grpc.RpcError) as caught:
                stub.GetTurnContext(message, metadata=metadata, timeout=10)
            assert caught.value.code() is grpc.StatusCode.UNAUTHENTICATED, metadata
        reply = stub.GetTurnContext(message, metadata=bearer_metadata(SECRET), timeout=10)
        assert reply.text.endswith("|3")


def test_an_oversized_request_is_resource_exhausted(client: MemoryClient) -> None:
    with pytest.raises(RpcFailure) as caught:
        client.turn_context(_request(text="x" * (80 * 1024)))
    assert caught.value.status is RpcStatus.RESOURCE_EXHAUSTED
    assert client.turn_context(_request()).pointers == [POINTER]


def test_an_implementation_crash_is_internal_and_short(
    client: MemoryClient, impl: FakeMemory, caplog: pytest.LogCaptureFixture
) -> None:
    impl.fail_with = RuntimeError("database exploded: password=hunter2")
    with pytest.raises(RpcFailure) as caught:
        client.list_facts(FactQuery(brain_id="b", source="s"))
    failure = caught.value
    assert failure.status is RpcStatus.INTERNAL
    assert failure.details == "ListFacts failed inside the server (RuntimeError); see its log"
    assert "hunter2" not in failure.message
    assert "database exploded" in caplog.text
    impl.fail_with = None
    assert client.describe().name == "fake"


def test_a_user_error_from_the_implementation_is_invalid_argument(
    client: MemoryClient, impl: FakeMemory
) -> None:
    impl.fail_with = SchemaUserError("brain 'b' is not open; call OpenBrain first")
    with pytest.raises(RpcFailure) as caught:
        client.close_brain(CloseBrainRequest(brain_id="b"))
    assert caught.value.status is RpcStatus.INVALID_ARGUMENT
    assert caught.value.details == "brain 'b' is not open; call OpenBrain first"


def test_malformed_requests_are_invalid_argument(server: BoundServer, socket_path: Path) -> None:
    auth = bearer_metadata(SECRET)
    with _raw_channel(socket_path) as channel:
        stub = turn_context_pb2_grpc.TurnContextStub(channel)
        no_turn = turn_context_pb2.TurnContextRequest(
            brain_id="b", settings=turn_context_pb2.SeamSettings(pointer_budget=1)
        )
        with pytest.raises(grpc.RpcError) as caught:
            stub.GetTurnContext(no_turn, metadata=auth, timeout=10)
        assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "TurnContextRequest.turn" in (caught.value.details() or "")
        bad_enum = turn_context_pb2.WriteBackRequest(
            brain_id="b", turns=[convert.FIXTURE.message().turns.add(turn_id=1, role=7, text="x")]
        )
        with pytest.raises(grpc.RpcError) as caught:
            stub.WriteBack(bad_enum, metadata=auth, timeout=10)
        assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "out of range" in (caught.value.details() or "")
        raw = channel.unary_unary("/brainbench.v1.TurnContext/GetTurnContext")
        with pytest.raises(grpc.RpcError) as caught:
            raw(b"\xff\xff\xff", metadata=auth, timeout=10)
        assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        raw = channel.unary_unary("/brainbench.v1.BenchControl/Describe")
        with pytest.raises(grpc.RpcError) as caught:
            raw(b"\xff\xff\xff", metadata=auth, timeout=10)
        assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_a_call_past_its_timeout_is_deadline_exceeded(
    client: MemoryClient, impl: FakeMemory
) -> None:
    impl.block = True
    with pytest.raises(RpcFailure) as caught:
        client.describe(timeout=0.05)
    impl.release.set()
    assert caught.value.status is RpcStatus.DEADLINE_EXCEEDED


def test_no_server_is_unavailable(tmp_path: Path) -> None:
    with MemoryClient(tmp_path / "nobody.sock", SECRET) as lonely:
        with pytest.raises(RpcFailure) as caught:
            lonely.describe()
    assert caught.value.status is RpcStatus.UNAVAILABLE
    assert "running" in caught.value.message


def test_tcp_listening(impl: FakeMemory) -> None:
    bound = BoundServer(secret=SECRET, tcp_address="127.0.0.1:0")
    add_memory_services(bound.server, impl)
    with bound, MemoryClient(bound.local_targets[0], SECRET) as tcp:
        assert bound.tcp_port and bound.tcp_port > 0
        assert tcp.describe().version == "1.2.3"


def test_a_stale_socket_file_is_replaced(socket_path: Path, impl: FakeMemory) -> None:
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(socket_path))
    dead.close()
    assert stat.S_ISSOCK(os.lstat(socket_path).st_mode)
    bound = BoundServer(secret=SECRET, unix_socket=socket_path)
    add_memory_services(bound.server, impl)
    with bound, MemoryClient(socket_path, SECRET) as fresh:
        assert fresh.describe().name == "fake"
    assert not socket_path.exists()


def test_a_live_socket_or_a_regular_file_is_never_replaced(
    server: BoundServer, socket_path: Path, tmp_path: Path
) -> None:
    with pytest.raises(SchemaUserError, match="already listening"):
        BoundServer(secret=SECRET, unix_socket=socket_path)
    regular = tmp_path / "notes.txt"
    regular.write_text("keep me", encoding="utf-8")
    with pytest.raises(SchemaUserError, match="not a socket"):
        BoundServer(secret=SECRET, unix_socket=regular)
    assert regular.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("secret", ["", " padded ", "abc", "x" * 31])
def test_unusable_secrets_are_refused(secret: str, tmp_path: Path) -> None:
    with pytest.raises(SchemaUserError, match="secret"):
        BoundServer(secret=secret, unix_socket=tmp_path / "x.sock")
    with pytest.raises(SchemaUserError, match="secret"):
        MemoryClient(tmp_path / "x.sock", secret)


def test_a_server_needs_an_address() -> None:
    with pytest.raises(SchemaUserError, match="somewhere to listen"):
        BoundServer(secret=SECRET)


def test_status_names_mirror_grpc() -> None:
    assert [status.value for status in RpcStatus] == [code.name for code in grpc.StatusCode]
    assert RpcStatus.from_grpc(grpc.StatusCode.NOT_FOUND) is RpcStatus.NOT_FOUND


def test_a_method_named_after_its_rpc_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    """``get_turn_context`` is never called (the RPC's method is ``turn_context``): said so."""

    class Misnamed(MemoryServicer):
        def get_turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
            return TurnContextResponse()

    class Both(Misnamed):
        def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
            return TurnContextResponse()

    assert misnamed_methods(Misnamed()) == {"get_turn_context": "turn_context"}
    assert misnamed_methods(Both()) == {}
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    with caplog.at_level(logging.WARNING, logger="bb_schema.rpc"):
        add_servicer(server, Misnamed())
    assert "Misnamed.get_turn_context is never called" in caplog.text
    assert "'turn_context'" in caplog.text
