"""The typed client of both services: pydantic in, pydantic out, one error type out."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Final, TypeVar

import grpc
from brainbench.v1 import memory_pb2, memory_pb2_grpc, turn_context_pb2_grpc
from google.protobuf.message import Message

from bb_schema import convert
from bb_schema._errors import SchemaUserError
from bb_schema._rpc._auth import bearer_metadata, check_secret
from bb_schema._rpc._server import DEFAULT_MAX_MESSAGE_BYTES, message_options
from bb_schema._rpc._status import RpcFailure
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

Q = TypeVar("Q", bound=Message)
R = TypeVar("R", bound=Message)

DEFAULT_TIMEOUT_S: Final = 30.0


def channel_target(target: str | Path) -> str:
    """A grpc target: a Path or absolute path is a unix socket, else ``host:port`` / URI."""
    if isinstance(target, Path) or target.startswith("/"):
        return f"unix:{Path(target).absolute()}"
    if not target:
        raise SchemaUserError("empty target: give a unix socket path or host:port")
    return target


class MemoryClient:
    """Calls a TurnContext + BenchControl server; every failure is an :class:`RpcFailure`.

    Args:
        target: a unix socket path (``Path`` or absolute ``str``), ``unix:/path``, or
            ``host:port``.
        secret: the shared secret sent as ``authorization: Bearer <secret>``.
        timeout: seconds each call may take unless the call passes its own.
        max_message_bytes: the largest message sent or accepted.
    """

    def __init__(
        self,
        target: str | Path,
        secret: str,
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ) -> None:
        check_secret(secret)
        if timeout <= 0:
            raise SchemaUserError(f"timeout {timeout!r} must be a positive number of seconds")
        self.target = channel_target(target)
        self.timeout = timeout
        self._metadata = bearer_metadata(secret)
        self._channel = grpc.insecure_channel(
            self.target, options=message_options(max_message_bytes)
        )
        self._turns = turn_context_pb2_grpc.TurnContextStub(self._channel)
        self._control = memory_pb2_grpc.BenchControlStub(self._channel)

    def _call(
        self,
        method: str,
        stub: grpc.UnaryUnaryMultiCallable[Q, R],
        request: Q,
        timeout: float | None,
    ) -> R:
        try:
            return stub(request, timeout=timeout or self.timeout, metadata=self._metadata)
        except grpc.RpcError as exc:
            raise RpcFailure.from_rpc_error(method, self.target, exc) from exc

    def turn_context(
        self, request: TurnContextRequest, *, timeout: float | None = None
    ) -> TurnContextResponse:
        """GetTurnContext: what memory injects into one turn."""
        message = convert.TURN_CONTEXT_REQUEST.to_proto(request)
        reply = self._call("GetTurnContext", self._turns.GetTurnContext, message, timeout)
        return convert.TURN_CONTEXT_RESPONSE.from_proto(reply)

    def entity_index(
        self, request: EntityIndexRequest, *, timeout: float | None = None
    ) -> EntityIndexResponse:
        """GetEntityIndex: a static index of a source's pages."""
        message = convert.ENTITY_INDEX_REQUEST.to_proto(request)
        reply = self._call("GetEntityIndex", self._turns.GetEntityIndex, message, timeout)
        return convert.ENTITY_INDEX_RESPONSE.from_proto(reply)

    def write_back(
        self, request: WriteBackRequest, *, timeout: float | None = None
    ) -> WriteBackResponse:
        """WriteBack: hand a conversation to memory's write path."""
        message = convert.WRITE_BACK_REQUEST.to_proto(request)
        reply = self._call("WriteBack", self._turns.WriteBack, message, timeout)
        return convert.WRITE_BACK_RESPONSE.from_proto(reply)

    def describe(self, *, timeout: float | None = None) -> SystemInfo:
        """Describe: name, version and capabilities of the system."""
        request = memory_pb2.DescribeRequest()
        reply = self._call("Describe", self._control.Describe, request, timeout)
        return convert.SYSTEM_INFO.from_proto(reply)

    def open_brain(
        self, request: OpenBrainRequest, *, timeout: float | None = None
    ) -> OpenBrainResponse:
        """OpenBrain: a fresh isolated brain."""
        message = convert.OPEN_BRAIN_REQUEST.to_proto(request)
        reply = self._call("OpenBrain", self._control.OpenBrain, message, timeout)
        return convert.OPEN_BRAIN_RESPONSE.from_proto(reply)

    def seed(self, request: SeedRequest, *, timeout: float | None = None) -> SeedResponse:
        """Seed: pages and facts into a brain."""
        message = convert.SEED_REQUEST.to_proto(request)
        reply = self._call("Seed", self._control.Seed, message, timeout)
        return convert.SEED_RESPONSE.from_proto(reply)

    def list_facts(self, request: FactQuery, *, timeout: float | None = None) -> FactList:
        """ListFacts: the active facts of a source."""
        message = convert.FACT_QUERY.to_proto(request)
        reply = self._call("ListFacts", self._control.ListFacts, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def probe_facts(self, request: FactQuery, *, timeout: float | None = None) -> FactList:
        """ProbeFacts: the active facts of a source containing every keyword."""
        message = convert.FACT_QUERY.to_proto(request)
        reply = self._call("ProbeFacts", self._control.ProbeFacts, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def recall(self, request: RecallRequest, *, timeout: float | None = None) -> FactList:
        """Recall: the facts that answer a question (UNIMPLEMENTED when the system has none)."""
        message = convert.RECALL_REQUEST.to_proto(request)
        reply = self._call("Recall", self._control.Recall, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def close_brain(self, request: CloseBrainRequest, *, timeout: float | None = None) -> None:
        """CloseBrain: release a brain and everything in it."""
        message = convert.CLOSE_BRAIN_REQUEST.to_proto(request)
        self._call("CloseBrain", self._control.CloseBrain, message, timeout)

    def close(self) -> None:
        """Close the channel; the client is unusable afterwards."""
        self._channel.close()

    def __enter__(self) -> MemoryClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
