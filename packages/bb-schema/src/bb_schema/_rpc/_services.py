"""Servicers over python callables: implementations speak pydantic, never protobuf.

Every method decodes the request bytes itself, so a malformed request (undecodable bytes,
a missing field, an enum out of range, a NUL character in any text: no store can keep it, see
:mod:`bb_schema.text`) is answered with INVALID_ARGUMENT naming the field; an implementation
raising :class:`SchemaUserError` is INVALID_ARGUMENT too; :class:`~bb_schema.Unavailable`
(the implementation's store is gone) is UNAVAILABLE; :class:`Unimplemented` is UNIMPLEMENTED;
:class:`SchemaRuntimeError` (a failure the implementation describes) is INTERNAL with its
message; anything else it raises becomes INTERNAL with a short message (the traceback goes to
the server log). A call never takes the server down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final, Protocol, TypeVar

import grpc
from brainbench.v1 import memory_pb2, trust_pb2, turn_context_pb2
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import DecodeError

from bb_schema import convert
from bb_schema._errors import ConversionError, SchemaRuntimeError, SchemaUserError, Unavailable
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
from bb_schema.text import find_nul
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


class OpenSeededImpl(Protocol):
    """The optional one-call open + seed (+ release) of a BenchControl server."""

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        """A fresh brain, seeded; the earlier brain named in the request released first."""
        ...


class MemoryImpl(TurnContextImpl, BenchControlImpl, Protocol):
    """Both services: the reference engine's API, 1:1 (``recall`` is optional: RecallImpl)."""


class RecallingMemory(MemoryImpl, RecallImpl, Protocol):
    """Both services with the explicit recall: what the bench runner calls."""


class Unimplemented(SchemaRuntimeError):
    """Raised by an implementation that does not offer a call: answered UNIMPLEMENTED."""

    def __init__(self, method: str) -> None:
        super().__init__(f"{method} is not implemented by this memory system")
        self.method = method


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
        nul = find_nul(decoded)
        if nul is not None:
            context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"{method}: {nul[0]} holds a NUL character (U+0000) at offset {nul[1]}; "
                "text cannot carry NUL: remove it",
            )
        try:
            result = call(decoded)
        except SchemaUserError as exc:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, exc.message)
        except Unavailable as exc:  # known and said in one line: no traceback in the log
            context.abort(grpc.StatusCode.UNAVAILABLE, f"{method}: {exc.message}")
        except Unimplemented as exc:
            context.abort(grpc.StatusCode.UNIMPLEMENTED, exc.message)
        except SchemaRuntimeError as exc:  # the implementation's own account of a failure
            _log.warning("%s failed: %s", method, exc.message)
            context.abort(grpc.StatusCode.INTERNAL, f"{method} failed: {exc.message}")
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


def _open_seeded_handler(impl: BenchControlImpl) -> grpc.RpcMethodHandler:  # type: ignore[type-arg]
    """OpenSeededBrain from ``impl.open_seeded_brain`` when it has one, else UNIMPLEMENTED."""
    call = getattr(impl, "open_seeded_brain", None)
    if call is None:
        return _unimplemented("OpenSeededBrain")
    c = convert
    return _unary(
        "OpenSeededBrain",
        c.OPEN_SEEDED_BRAIN_REQUEST.from_bytes,
        call,
        c.OPEN_SEEDED_BRAIN_RESPONSE.to_bytes,
    )


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
            "OpenSeededBrain": _open_seeded_handler(impl),
        },
    )


def add_memory_services(server: grpc.Server, impl: MemoryImpl) -> None:
    """Serve both TurnContext and BenchControl from one implementation."""
    add_turn_context_service(server, impl)
    add_bench_control_service(server, impl)


TRUST_SERVICE: Final = trust_pb2.DESCRIPTOR.services_by_name["MemoryTrust"]
#: MemoryTrust call -> (python method, request codec, response codec).
_TRUST_METHODS: Final = {
    "OpenTrustBrain": ("open_trust_brain", "OPEN_TRUST_BRAIN_REQUEST", "OPEN_BRAIN_RESPONSE"),
    "CommitFiles": ("commit_files", "COMMIT_FILES_REQUEST", "TRUST_RECEIPT"),
    "Resync": ("resync", "RESYNC_REQUEST", "TRUST_RECEIPT"),
    "Remember": ("remember", "REMEMBER_REQUEST", "TRUST_RECEIPT"),
    "PutPage": ("put_page", "PUT_PAGE_REQUEST", "TRUST_RECEIPT"),
    "Ingest": ("ingest", "INGEST_REQUEST", "TRUST_RECEIPT"),
    "Confirm": ("confirm", "CONFIRM_REQUEST", "TRUST_RECEIPT"),
    "Forget": ("forget", "FORGET_REQUEST", "TRUST_RECEIPT"),
    "Purge": ("purge", "PURGE_REQUEST", "TRUST_RECEIPT"),
    "DirectTierWrite": ("direct_tier_write", "DIRECT_TIER_WRITE_REQUEST", "TRUST_RECEIPT"),
    "GetPage": ("get_page", "GET_PAGE_REQUEST", "GET_PAGE_RESPONSE"),
    "Search": ("search", "SEARCH_REQUEST", "SEARCH_RESPONSE"),
    "RecallFacts": ("recall_facts", "RECALL_FACTS_REQUEST", "TRUST_FACTS"),
    "ContextPack": ("context_pack", "CONTEXT_PACK_REQUEST", "CONTEXT_PACK_RESPONSE"),
    "DumpStores": ("dump_stores", "DUMP_STORES_REQUEST", "STORE_DUMP"),
    "CloseTrustBrain": ("close_trust_brain", "CLOSE_BRAIN_REQUEST", "CLOSE_BRAIN_RESPONSE"),
}


def trust_method(call: str) -> str:
    """The python method name of a MemoryTrust call (``PutPage`` -> ``put_page``)."""
    return _TRUST_METHODS[call][0]


def add_memory_trust_service(server: grpc.Server, impl: object) -> None:
    """Serve ``brainbench.v1.MemoryTrust`` from ``impl``'s snake_case methods (before start).

    A method ``impl`` lacks is answered UNIMPLEMENTED, like one raising :class:`Unimplemented`.
    """
    handlers: dict[str, grpc.RpcMethodHandler] = {}  # type: ignore[type-arg]
    for call, (name, request, response) in _TRUST_METHODS.items():
        method = getattr(impl, name, None)
        if method is None:
            handlers[call] = _unimplemented(call)
            continue
        decode = getattr(convert, request).from_bytes
        encode = (
            _close_brain_response
            if response == "CLOSE_BRAIN_RESPONSE"
            else getattr(convert, response).to_bytes
        )
        handlers[call] = _unary(call, decode, method, encode)
    _register(server, TRUST_SERVICE, handlers)
