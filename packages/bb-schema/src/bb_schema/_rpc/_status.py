"""Transport failures as one typed error with a closed status vocabulary."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

import grpc

from bb_schema._errors import SchemaRuntimeError


class RpcStatus(StrEnum):
    """gRPC status codes by name, so callers never import grpc to inspect a failure."""

    OK = "OK"
    CANCELLED = "CANCELLED"
    UNKNOWN = "UNKNOWN"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
    NOT_FOUND = "NOT_FOUND"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    ABORTED = "ABORTED"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    UNIMPLEMENTED = "UNIMPLEMENTED"
    INTERNAL = "INTERNAL"
    UNAVAILABLE = "UNAVAILABLE"
    DATA_LOSS = "DATA_LOSS"
    UNAUTHENTICATED = "UNAUTHENTICATED"

    @classmethod
    def from_grpc(cls, code: grpc.StatusCode | None) -> RpcStatus:
        """The status of a grpc code (a missing code is UNKNOWN)."""
        return cls.UNKNOWN if code is None else cls[code.name]


_HINTS: Final = {
    RpcStatus.UNAVAILABLE: "is the memory system running and listening on that target?",
    RpcStatus.UNAUTHENTICATED: "client and server must share the same secret",
    RpcStatus.DEADLINE_EXCEEDED: "the call outlived its timeout; raise it or check the server",
    RpcStatus.RESOURCE_EXHAUSTED: "the message is over the size limit; send less or raise it",
    RpcStatus.INVALID_ARGUMENT: "the server rejected the request as invalid",
    RpcStatus.UNIMPLEMENTED: "the server does not implement this brainbench.v1 method",
    RpcStatus.INTERNAL: "the server failed while handling the call; see its log",
}


class RpcFailure(SchemaRuntimeError):
    """A call over the wire failed; ``status`` says how, ``details`` is the peer's text."""

    def __init__(self, method: str, target: str, status: RpcStatus, details: str) -> None:
        hint = _HINTS.get(status, "see the server's log")
        super().__init__(f"{method} on {target!r} failed with {status}: {details!r}; {hint}")
        self.method = method
        self.target = target
        self.status = status
        self.details = details

    @classmethod
    def from_rpc_error(cls, method: str, target: str, error: grpc.RpcError) -> RpcFailure:
        """Wrap what a grpc call raised (it is also a ``grpc.Call`` carrying code/details)."""
        if isinstance(error, grpc.Call):
            return cls(method, target, RpcStatus.from_grpc(error.code()), error.details() or "")
        return cls(method, target, RpcStatus.UNKNOWN, str(error))
