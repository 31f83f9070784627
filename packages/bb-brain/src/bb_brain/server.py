"""The Engine served over gRPC: TurnContext + BenchControl, unix socket and/or TCP, auth on.

The wire work (auth interceptor, socket binding at 0600, decoding, status mapping) lives in
:mod:`bb_schema.rpc`; this module adapts the Engine to it. The engine's user-mistake errors
become INVALID_ARGUMENT with the engine's own message (an unknown brain, bad frontmatter, a
blank keyword); a database that went away (closed, killed) is UNAVAILABLE; anything else is
INTERNAL and never takes the server down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
import psycopg
from bb_schema import SchemaUserError, Unavailable
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    OpenSeededBrainRequest,
    OpenSeededBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    SystemInfo,
)
from bb_schema.rpc import (
    DEFAULT_MAX_MESSAGE_BYTES,
    BoundServer,
    add_memory_services,
    add_memory_trust_service,
)
from bb_schema.trust_calls import TRUST_CALLS, TRUST_CAPABILITY, trust_capability
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

if TYPE_CHECKING:
    from bb_brain.trust.service import ReferenceTrust

#: What Describe adds when the MemoryTrust servicer is served beside the engine.
TRUST_CAPABILITIES = (TRUST_CAPABILITY, *(trust_capability(call) for call in TRUST_CALLS))

Q = TypeVar("Q")
R = TypeVar("R")


def reference_info(*, trust: bool) -> SystemInfo:
    """What the served reference engine says of itself (Describe), with or without trust."""
    from bb_brain import __version__
    from bb_brain.engine import CAPABILITIES, ENGINE_NAME

    capabilities = {*CAPABILITIES, *(TRUST_CAPABILITIES if trust else ())}
    return SystemInfo(name=ENGINE_NAME, version=__version__, capabilities=sorted(capabilities))


def _guard(call: Callable[[Q], R], request: Q) -> R:
    try:
        return call(request)
    except BrainUserError as exc:
        raise SchemaUserError(exc.message) from exc
    except psycopg.OperationalError as exc:  # the database went away under the call
        raise Unavailable(
            f"the engine's database is unavailable ({type(exc).__name__}: "
            f"{str(exc).strip().splitlines()[0] if str(exc).strip() else 'no detail'})"
        ) from exc


class EngineService:
    """The engine in the shape ``bb_schema.rpc.add_memory_services`` serves."""

    def __init__(self, engine: Engine, *, trust: bool = False) -> None:
        self.engine = engine
        self.trust = trust

    def describe(self) -> SystemInfo:
        """Describe(): the engine's capabilities, plus the trust seam's when it is served."""
        info = self.engine.describe()
        if not self.trust:
            return info
        extra = [c for c in TRUST_CAPABILITIES if c not in info.capabilities]
        return info.model_copy(update={"capabilities": sorted([*info.capabilities, *extra])})

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """OpenBrain()."""
        return _guard(self.engine.open_brain, request)

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed()."""
        return _guard(self.engine.seed, request)

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        """OpenSeededBrain()."""
        return _guard(self.engine.open_seeded_brain, request)

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
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    trust: ReferenceTrust | None = None,
    reuse_port: bool = False,
) -> BoundServer:
    """A bound, not yet started server exposing both services of ``engine``.

    ``interceptors`` run after authentication (a test records every request with one).
    ``trust``, when given, is served as ``brainbench.v1.MemoryTrust`` on the same server.
    ``reuse_port`` shares the TCP port with the other worker processes of one server.
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
        max_message_bytes=max_message_bytes,
        reuse_port=reuse_port,
    )
    add_memory_services(bound.server, EngineService(engine, trust=trust is not None))
    if trust is not None:
        add_memory_trust_service(bound.server, _TrustGuard(trust))
    return bound


class _TrustGuard:
    """The trust servicer with the engine's user mistakes answered INVALID_ARGUMENT."""

    def __init__(self, trust: ReferenceTrust) -> None:
        self._trust = trust

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._trust, name)

        def call(request: Any) -> Any:
            return _guard(method, request)

        return call


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
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    trust: ReferenceTrust | None = None,
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
        max_message_bytes=max_message_bytes,
        trust=trust,
    )
    bound.start()
    return ServerHandle(bound)
