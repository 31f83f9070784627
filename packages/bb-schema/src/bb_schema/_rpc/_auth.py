"""Shared-secret call authentication: ``authorization: Bearer <secret>`` in call metadata."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any, Final

import grpc

from bb_schema._errors import SchemaUserError
from bb_schema._rpc._limits import MIN_SECRET_BYTES

AUTH_KEY: Final = "authorization"
_SCHEME: Final = "Bearer "


def bearer_metadata(secret: str) -> tuple[tuple[str, str], ...]:
    """The call metadata a client sends to authenticate with ``secret``."""
    return ((AUTH_KEY, f"{_SCHEME}{secret}"),)


def check_secret(secret: str) -> bytes:
    """The expected authorization value of ``secret``; refuses an unusable secret."""
    if not secret or secret != secret.strip():
        raise SchemaUserError(
            f"shared secret {'<empty>' if not secret else '<redacted>'} is unusable: it must be "
            "non-empty without surrounding whitespace; generate one (e.g. `openssl rand -hex 32`)"
        )
    if len(secret.encode("utf-8")) < MIN_SECRET_BYTES:
        raise SchemaUserError(
            f"shared secret <redacted> is too short ({len(secret.encode('utf-8'))} bytes): a "
            f"secret must be at least {MIN_SECRET_BYTES} bytes so it cannot be guessed; "
            "generate one (e.g. `openssl rand -hex 32`)"
        )
    return f"{_SCHEME}{secret}".encode()


def _deny(request: object, context: grpc.ServicerContext) -> object:
    context.abort(grpc.StatusCode.UNAUTHENTICATED, "missing or wrong bearer secret")


_DENIED: Final = grpc.unary_unary_rpc_method_handler(_deny)


class BearerAuthInterceptor(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Rejects every call whose metadata lacks ``authorization: Bearer <secret>``.

    The comparison is constant-time (``hmac.compare_digest``) so the secret cannot be
    learned by timing; exactly one authorization entry is accepted.
    """

    def __init__(self, secret: str) -> None:
        self._expected = check_secret(secret)

    def _authorized(self, metadata: Any) -> bool:
        values = [value for key, value in (metadata or ()) if key == AUTH_KEY]
        if len(values) != 1:
            return False
        value = values[0]
        given = value.encode() if isinstance(value, str) else bytes(value)
        return hmac.compare_digest(given, self._expected)

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],  # type: ignore[type-arg]
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:  # type: ignore[type-arg]
        """Pass authorized calls on; answer the rest with UNAUTHENTICATED."""
        if self._authorized(handler_call_details.invocation_metadata):
            return continuation(handler_call_details)
        return _DENIED
