"""Servicers over python callables: implementations speak pydantic, never protobuf.

Every method decodes the request bytes itself, so a malformed request (undecodable bytes,
a missing field, an enum out of range) is answered with INVALID_ARGUMENT; an implementation
raising :class:`SchemaUserError` is INVALID_ARGUMENT too; anything else it raises becomes
INTERNAL with a short message (the traceback goes to the server log). A call never takes
the server down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final, Protocol, TypeVar

import grpc
from brainbench.v1 import memory_pb2, turn_context_pb2
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import DecodeError

from bb_schema import convert
from bb_schema._errors import ConversionError, SchemaRuntimeError, SchemaUserError
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
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

_log = logging.getLogger("bb_schema.rpc")

Q = TypeVar("Q")
R = TypeVar("R")

TURN_CONTEXT_SERVICE: Final = turn_context_pb2.DESCRIPTOR.services_by_name["TurnContext"]
BENCH_CONTROL_SERVICE: Final = memory_pb2.DESCRIPTOR.services_by_name["BenchControl"]


class TurnContextImpl(Protocol):
    """What a TurnContext server supplies, in pydantic terms."""

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """The context memory pushes into one turn."""
        ...

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """A static index of a source's pages."""
        ...

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """Hand a conversation to the write path."""
        ...


class BenchControlImpl(Protocol):
    """What a BenchControl server supplies, in pydantic terms."""

    def describe(self) -> SystemInfo:
        """Name, version and capabilities."""
        ...

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """A fresh isolated brain."""
        ...

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed pages and facts."""
        ...

    def list_facts(self, request: FactQuery) -> FactList:
        """Active facts of a source."""
        ...

    def probe_facts(self, request: FactQuery) -> FactList:
        """Active facts of a source containing every keyword."""
        ...

    def close_brain(self, request: CloseBrainRequest) -> None:
        """Release a brain."""
        ...


class RecallImpl(Protocol):
    """The optional explicit recall of a BenchControl server."""

    def recall(self, request: RecallRequest) -> FactList:
        """Active facts of a source that answer the question, most relevant first."""
        ...


class MemoryImpl(TurnContextImpl, BenchControlImpl, Protocol):
    """Both services: the reference engine's API, 1:1 (``recall`` is optional: RecallImpl)."""


class RecallingMemory(MemoryImpl, RecallImpl, Protocol):
    """Both services with the explicit recall: what the bench runner calls."""


def _unary(
    method: str,
    decode: Callable[[bytes], Q],
    call: Callable[[Q], R],
    encode: Callable[[R], bytes],
) -> grpc.RpcMethodHandler:  # type: ignore[type-arg]
    """A unary handler on raw bytes, mapping every failure onto a status code."""

    def behavior(request: bytes, context: grpc.ServicerContext) -> bytes:
        try:
            decoded = decode(request)
        except ConversionError as exc:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, exc.message)
        try:
            result = call(decoded)
        except SchemaUserError as exc:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, exc.message)
        except Exception as exc:  # a failing call must not take the server down
            _log.exception("%s failed", method)
            context.abort(
                grpc.StatusCode.INTERNAL,
                f"{method} failed inside the server ({type(exc).__name__}); see its log",
            )
        try:
            return encode(result)
        except ConversionError as exc:
            _log.error("%s returned an unencodable response: %s", method, exc.message)
            context.abort(grpc.StatusCode.INTERNAL, f"{method} returned an invalid response")

    return grpc.unary_unary_rpc_method_handler(behavior)


def _empty(message: type[memory_pb2.DescribeRequest]) -> Callable[[bytes], None]:
    def decode(data: bytes) -> None:
        try:
            message.FromString(data)
        except DecodeError as exc:
            raise ConversionError(f"request is not a {message.DESCRIPTOR.full_name}") from exc

    return decode


def _register(
    server: grpc.Server,
    service: ServiceDescriptor,
    handlers: dict[str, grpc.RpcMethodHandler],  # type: ignore[type-arg]
) -> None:
    names = {method.name for method in service.methods}
    if names != set(handlers):  # the proto grew a method this module does not serve yet
        raise SchemaRuntimeError(
            f"{service.full_name} declares {sorted(names)!r} but handlers exist for "
            f"{sorted(handlers)!r}; update bb_schema._rpc._services"
        )
    generic = grpc.method_handlers_generic_handler(service.full_name, handlers)
    server.add_generic_rpc_handlers((generic,))


def add_turn_context_service(server: grpc.Server, impl: TurnContextImpl) -> None:
    """Serve ``brainbench.v1.TurnContext`` from ``impl`` on ``server`` (before start)."""
    c = convert
    _register(
        server,
        TURN_CONTEXT_SERVICE,
        {
            "GetTurnContext": _unary(
                "GetTurnContext",
                c.TURN_CONTEXT_REQUEST.from_bytes,
                impl.turn_context,
                c.TURN_CONTEXT_RESPONSE.to_bytes,
            ),
            "GetEntityIndex": _unary(
                "GetEntityIndex",
                c.ENTITY_INDEX_REQUEST.from_bytes,
                impl.entity_index,
                c.ENTITY_INDEX_RESPONSE.to_bytes,
            ),
            "WriteBack": _unary(
                "WriteBack",
                c.WRITE_BACK_REQUEST.from_bytes,
                impl.write_back,
                c.WRITE_BACK_RESPONSE.to_bytes,
            ),
        },
    )


def _close_brain_response(result: None) -> bytes:
    return memory_pb2.CloseBrainResponse().SerializeToString()


def _unimplemented(method: str) -> grpc.RpcMethodHandler:  # type: ignore[type-arg]
    """A handler answering UNIMPLEMENTED: the implementation does not offer ``method``."""

    def behavior(request: bytes, context: grpc.ServicerContext) -> bytes:
        context.abort(
            grpc.StatusCode.UNIMPLEMENTED, f"{method} is not implemented by this memory system"
        )

    return grpc.unary_unary_rpc_method_handler(behavior)


def _recall_handler(impl: BenchControlImpl) -> grpc.RpcMethodHandler:  # type: ignore[type-arg]
    """Recall from ``impl.recall`` when the implementation has one, else UNIMPLEMENTED."""
    recall = getattr(impl, "recall", None)
    if recall is None:
        return _unimplemented("Recall")
    return _unary("Recall", convert.RECALL_REQUEST.from_bytes, recall, convert.FACT_LIST.to_bytes)


def add_bench_control_service(server: grpc.Server, impl: BenchControlImpl) -> None:
    """Serve ``brainbench.v1.BenchControl`` from ``impl`` on ``server`` (before start)."""
    c = convert

    def describe(_: None) -> SystemInfo:
        return impl.describe()

    _register(
        server,
        BENCH_CONTROL_SERVICE,
        {
            "Describe": _unary(
                "Describe", _empty(memory_pb2.DescribeRequest), describe, c.SYSTEM_INFO.to_bytes
            ),
            "OpenBrain": _unary(
                "OpenBrain",
                c.OPEN_BRAIN_REQUEST.from_bytes,
                impl.open_brain,
                c.OPEN_BRAIN_RESPONSE.to_bytes,
            ),
            "Seed": _unary("Seed", c.SEED_REQUEST.from_bytes, impl.seed, c.SEED_RESPONSE.to_bytes),
            "ListFacts": _unary(
                "ListFacts", c.FACT_QUERY.from_bytes, impl.list_facts, c.FACT_LIST.to_bytes
            ),
            "ProbeFacts": _unary(
                "ProbeFacts", c.FACT_QUERY.from_bytes, impl.probe_facts, c.FACT_LIST.to_bytes
            ),
            "Recall": _recall_handler(impl),
            "CloseBrain": _unary(
                "CloseBrain",
                c.CLOSE_BRAIN_REQUEST.from_bytes,
                impl.close_brain,
                _close_brain_response,
            ),
        },
    )


def add_memory_services(server: grpc.Server, impl: MemoryImpl) -> None:
    """Serve both TurnContext and BenchControl from one implementation."""
    add_turn_context_service(server, impl)
    add_bench_control_service(server, impl)
