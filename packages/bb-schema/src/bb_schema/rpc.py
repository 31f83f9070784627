"""Typed gRPC edges of ``brainbench.v1``: servers and a client that speak pydantic.

Together with :mod:`bb_schema.convert` this is the only code that touches generated stubs.

Implementing a system in Python: subclass :class:`MemoryServicer` (or one service's base),
override what the system offers, and ``serve(servicer, secret=..., unix_socket=...)``.

Serving a pydantic-level implementation directly (the reference engine)::

    bound = BoundServer(secret=secret, unix_socket=path)   # bound, 0600, auth installed
    add_memory_services(bound.server, engine)              # pydantic-level callables
    bound.start()

Calling (the bench runner, hooks, adapters)::

    with MemoryClient(path, secret) as client:
        info = client.describe()

Authentication is ``authorization: Bearer <secret>`` call metadata, checked in constant time
by :class:`BearerAuthInterceptor`; anything else gets UNAUTHENTICATED. A failed call raises
:class:`RpcFailure` whose ``status`` is an :class:`RpcStatus`.
"""

from bb_schema._rpc._auth import AUTH_KEY, BearerAuthInterceptor, bearer_metadata
from bb_schema._rpc._client import MemoryClient, channel_target
from bb_schema._rpc._limits import DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_TIMEOUT_S, MIN_SECRET_BYTES
from bb_schema._rpc._server import BoundServer, clear_stale_socket
from bb_schema._rpc._servicer import (
    BenchControlServicer,
    MemoryServicer,
    MemoryTrustServicer,
    TurnContextServicer,
    add_servicer,
    serve,
)
from bb_schema._rpc._services import (
    BenchControlImpl,
    MemoryImpl,
    OpenSeededImpl,
    RecallImpl,
    RecallingMemory,
    TurnContextImpl,
    Unimplemented,
    add_bench_control_service,
    add_memory_services,
    add_memory_trust_service,
    add_turn_context_service,
    trust_method,
)
from bb_schema._rpc._status import RpcFailure, RpcStatus

__all__ = [
    "AUTH_KEY",
    "BenchControlServicer",
    "MemoryServicer",
    "MemoryTrustServicer",
    "TurnContextServicer",
    "Unimplemented",
    "add_memory_trust_service",
    "add_servicer",
    "serve",
    "trust_method",
    "DEFAULT_MAX_MESSAGE_BYTES",
    "DEFAULT_TIMEOUT_S",
    "MIN_SECRET_BYTES",
    "BearerAuthInterceptor",
    "BenchControlImpl",
    "BoundServer",
    "MemoryClient",
    "MemoryImpl",
    "OpenSeededImpl",
    "RecallImpl",
    "RecallingMemory",
    "RpcFailure",
    "RpcStatus",
    "TurnContextImpl",
    "add_bench_control_service",
    "add_memory_services",
    "add_turn_context_service",
    "bearer_metadata",
    "channel_target",
    "clear_stale_socket",
]
