"""One GetTurnContext call without pydantic: for a process that lives for a single call.

A harness hook (Claude Code's ``UserPromptSubmit``) is a new process per prompt, and the user
waits for all of it: importing pydantic and every model costs more than the call itself. This
module builds the ``brainbench.v1.TurnContextRequest`` straight from plain values, sends it with
the shared secret and returns the injected text. The values are the ones a
:class:`~bb_schema.turn_context.TurnContextRequest` holds, with the same encoding as
:data:`bb_schema.convert.TURN_CONTEXT_REQUEST` (a test keeps the two byte-identical); the
server validates the request with the models as it does every other. Everything else speaks
:class:`~bb_schema.rpc.MemoryClient`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import grpc
from brainbench.v1 import corpus_pb2, turn_context_pb2, turn_context_pb2_grpc

from bb_schema._errors import SchemaUserError
from bb_schema._rpc._auth import bearer_metadata, check_secret
from bb_schema._rpc._limits import DEFAULT_MAX_MESSAGE_BYTES
from bb_schema._rpc._server import message_options
from bb_schema._rpc._status import RpcFailure

#: The keys of a :class:`~bb_schema.turn_context.SeamSettings` dump, all required here.
SETTINGS_KEYS: Final = (
    "pointer_budget",
    "suppression",
    "volunteer",
    "volunteer_window_turns",
    "volunteer_min_confidence",
    "volunteer_max_pages",
    "render",
)


class TurnLike(Protocol):
    """A turn as plain values (a :class:`~bb_schema.PublicTurn` is one)."""

    @property
    def turn_id(self) -> int:
        """Position in the conversation."""
        ...

    @property
    def role(self) -> str:
        """``user`` or ``assistant``."""
        ...

    @property
    def text(self) -> str:
        """The turn's text."""
        ...

    @property
    def ts(self) -> str | None:
        """RFC 3339 timestamp, when known."""
        ...


def _enum(enum: Any, prefix: str, value: object) -> Any:
    """The wire number of a model literal: ``prior-context`` -> ``SUPPRESSION_PRIOR_CONTEXT``."""
    name = prefix + str(value).upper().replace("-", "_")
    try:
        return enum.Value(name)
    except ValueError:
        raise SchemaUserError(f"{value!r} is not a valid {prefix.rstrip('_').lower()}") from None


def _number(settings: Mapping[str, object], key: str, kind: type[int] | type[float]) -> Any:
    value = settings[key]
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (kind is int and not isinstance(value, int))
    ):
        raise SchemaUserError(f"settings {key} {value!r} is not a {kind.__name__}")
    return kind(value)


def _flag(settings: Mapping[str, object], key: str) -> bool:
    value = settings[key]
    if not isinstance(value, bool):
        raise SchemaUserError(f"settings {key} {value!r} is not a bool")
    return value


def _turn(turn: TurnLike) -> corpus_pb2.PublicTurn:
    return corpus_pb2.PublicTurn(
        turn_id=turn.turn_id,
        role=_enum(corpus_pb2.Role, "ROLE_", turn.role),
        text=turn.text,
        ts=turn.ts,
    )


def turn_context_message(
    *,
    brain_id: str,
    session_id: str,
    active_source: str,
    turn: TurnLike,
    window: Sequence[TurnLike],
    prior_context: str,
    settings: Mapping[str, object],
) -> turn_context_pb2.TurnContextRequest:
    """The wire request; ``settings`` is a full SeamSettings dump (every key of SETTINGS_KEYS).

    Raises:
        SchemaUserError: A settings key is missing or an enum value is unknown.
    """
    missing = [key for key in SETTINGS_KEYS if key not in settings]
    if missing:
        raise SchemaUserError(f"settings lack {missing!r}: pass a full SeamSettings dump")
    wire_settings = turn_context_pb2.SeamSettings(
        pointer_budget=_number(settings, "pointer_budget", int),
        suppression=_enum(turn_context_pb2.Suppression, "SUPPRESSION_", settings["suppression"]),
        volunteer=_flag(settings, "volunteer"),
        volunteer_window_turns=_number(settings, "volunteer_window_turns", int),
        volunteer_min_confidence=_number(settings, "volunteer_min_confidence", float),
        volunteer_max_pages=_number(settings, "volunteer_max_pages", int),
        render=_enum(turn_context_pb2.Render, "RENDER_", settings["render"]),
    )
    return turn_context_pb2.TurnContextRequest(
        brain_id=brain_id,
        session_id=session_id,
        active_source=active_source,
        turn=_turn(turn),
        window=[_turn(earlier) for earlier in window],
        prior_context=prior_context,
        settings=wire_settings,
    )


def get_turn_context_text(
    socket_path: str | Path,
    secret: str,
    request: turn_context_pb2.TurnContextRequest,
    *,
    timeout_s: float,
) -> str:
    """Send ``request`` over the unix socket at ``socket_path``; return the injected text.

    Raises:
        SchemaUserError: The secret is unusable or the timeout is not positive.
        RpcFailure: The call failed (server down, refused secret, deadline, invalid request).
    """
    check_secret(secret)
    if timeout_s <= 0:
        raise SchemaUserError(f"timeout {timeout_s!r} must be a positive number of seconds")
    target = f"unix:{Path(socket_path).absolute()}"
    options = message_options(DEFAULT_MAX_MESSAGE_BYTES)
    with grpc.insecure_channel(target, options=options) as channel:
        stub = turn_context_pb2_grpc.TurnContextStub(channel)
        try:
            reply = stub.GetTurnContext(
                request, timeout=timeout_s, metadata=bearer_metadata(secret)
            )
        except grpc.RpcError as exc:
            raise RpcFailure.from_rpc_error("GetTurnContext", target, exc) from exc
    return str(reply.text)
