"""The Engine served over gRPC: TurnContext + BenchControl, unix socket and/or TCP, auth on.

The wire work (auth interceptor, socket binding at 0600, decoding, status mapping) lives in
:mod:`bb_schema.rpc`; this module adapts the Engine to it. The engine's user-mistake errors
become INVALID_ARGUMENT with the engine's own message (an unknown brain, bad frontmatter, a
blank keyword); anything else is INTERNAL and never takes the server down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import grpc
from bb_schema import SchemaUserError
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    SystemInfo,
)
from bb_schema.rpc import BoundServer, add_memory_services
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

from bb_brain._errors import BrainUserError
from bb_brain.engine import Engine
from bb_brain.reflex import preload_in_background as preload_lexicon

Q = TypeVar("Q")
R = TypeVar("R")


def _guard(call: Callable[[Q], R], request: Q) -> R:
    try:
        return call(request)
    except BrainUserError as exc:
        raise SchemaUserError(exc.message) from exc


class EngineService:
    """The engine in the shape ``bb_schema.rpc.add_memory_services`` serves."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def describe(self) -> SystemInfo:
        """Describe()."""
        return self.engine.describe()

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """OpenBrain()."""
        return _guard(self.engine.open_brain, request)

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed()."""
        return _guard(self.engine.seed, request)

    def list_facts(self, request: FactQuery) -> FactList:
        """ListFacts()."""
        return _guard(self.engine.list_facts, request)

    def probe_facts(self, request: FactQuery) -> FactList:
        """ProbeFacts()."""
        return _guard(self.engine.probe_facts, request)

    def recall(self, request: RecallRequest) -> FactList:
        """Recall()."""
        return _guard(self.engine.recall, request)

    def close_brain(self, request: CloseBrainRequest) -> None:
        """CloseBrain()."""
        _guard(self.engine.close_brain, request)

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """GetTurnContext()."""
        return _guard(self.engine.turn_context, request)

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """GetEntityIndex()."""
        return _guard(self.engine.entity_index, request)

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """WriteBack()."""
        return _guard(self.engine.write_back, request)


def build_server(
    engine: Engine,
    *,
    secret: str,
    socket_path: Path | None = None,
    tcp_address: str | None = None,
    max_workers: int = 8,
    interceptors: Sequence[grpc.ServerInterceptor[Any, Any]] = (),
) -> BoundServer:
    """A bound, not yet started server exposing both services of ``engine``.

    ``interceptors`` run after authentication (a test records every request with one).
    The reflex's English lexicon starts loading here, in the background, so start-up does not
    wait for it and no turn pays for it unless it arrives first (it then waits).

    Raises:
        SchemaUserError: No address, an unusable socket path or a busy address.
    """
    preload_lexicon()
    bound = BoundServer(
        secret=secret,
        unix_socket=socket_path,
        tcp_address=tcp_address,
        max_workers=max_workers,
        interceptors=interceptors,
    )
    add_memory_services(bound.server, EngineService(engine))
    return bound


class ServerHandle:
    """A running in-process server; :meth:`stop` ends it and removes its socket file."""

    def __init__(self, bound: BoundServer) -> None:
        self.bound = bound
        self._stopped = False

    @property
    def socket_path(self) -> Path | None:
        """The unix socket clients connect to (None for TCP only)."""
        return self.bound.unix_socket

    @property
    def tcp_port(self) -> int | None:
        """The bound TCP port (None for socket only)."""
        return self.bound.tcp_port

    @property
    def target(self) -> str:
        """A client target for this machine (the unix socket when there is one)."""
        return self.bound.local_targets[0]

    def stop(self, grace: float | None = None) -> None:
        """Stop serving (idempotent)."""
        if not self._stopped:
            self._stopped = True
            self.bound.stop(grace)

    def __enter__(self) -> ServerHandle:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def serve_in_thread(
    engine: Engine,
    socket_path: Path | str,
    secret: str,
    *,
    tcp_address: str | None = None,
    max_workers: int = 8,
    interceptors: Sequence[grpc.ServerInterceptor[Any, Any]] = (),
) -> ServerHandle:
    """Serve ``engine`` on a real unix socket from this process's gRPC worker threads.

    The runner uses this to measure the production seam over a real channel without a
    subprocess: calls still cross the socket, the auth interceptor and the wire codecs.
    """
    bound = build_server(
        engine,
        secret=secret,
        socket_path=Path(socket_path),
        tcp_address=tcp_address,
        max_workers=max_workers,
        interceptors=interceptors,
    )
    bound.start()
    return ServerHandle(bound)
