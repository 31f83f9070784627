"""The pydantic-free GetTurnContext call: same bytes as the converter, real calls, lean imports."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import bb_schema
import pytest
from bb_schema import convert
from bb_schema._errors import SchemaUserError
from bb_schema.fixture import PublicTurn
from bb_schema.rpc import BoundServer, RpcFailure, RpcStatus, add_turn_context_service
from bb_schema.turn_call import get_turn_context_text, turn_context_message
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)
from hypothesis import given
from hypothesis import strategies as st

SECRET = "turn-call-secret-0123456789"
TS = "2026-03-02T17:00:00Z"

turns = st.builds(
    PublicTurn,
    turn_id=st.integers(min_value=0, max_value=2**40),
    role=st.sampled_from(["user", "assistant"]),
    text=st.text(min_size=1, max_size=40),
    ts=st.one_of(st.none(), st.sampled_from(["2026-03-02T17:00:00Z", "2026-03-02T17:00:00+02:00"])),
)
settings = st.builds(
    SeamSettings,
    pointer_budget=st.integers(min_value=0, max_value=64),
    suppression=st.sampled_from(["none", "prior-context", "slug-only"]),
    volunteer=st.booleans(),
    volunteer_window_turns=st.integers(min_value=0, max_value=64),
    volunteer_min_confidence=st.floats(min_value=0.0, max_value=1.0),
    volunteer_max_pages=st.integers(min_value=0, max_value=64),
    render=st.sampled_from(["markdown", "fragment"]),
)


def _lean(request: TurnContextRequest) -> bytes:
    message = turn_context_message(
        brain_id=request.brain_id,
        session_id=request.session_id,
        active_source=request.active_source,
        turn=request.turn,
        window=request.window,
        prior_context=request.prior_context,
        settings=request.settings.model_dump(),
    )
    return message.SerializeToString(deterministic=True)


@given(
    turn=turns,
    window=st.lists(turns, max_size=4),
    prior=st.text(max_size=60),
    knobs=settings,
    names=st.tuples(st.text(max_size=8), st.text(max_size=8), st.text(max_size=8)),
)
def test_the_lean_message_is_the_converters_message(
    turn: PublicTurn,
    window: list[PublicTurn],
    prior: str,
    knobs: SeamSettings,
    names: tuple[str, str, str],
) -> None:
    request = TurnContextRequest(
        brain_id=names[0],
        session_id=names[1],
        active_source=names[2],
        turn=turn,
        window=window,
        prior_context=prior,
        settings=knobs,
    )
    expected = convert.TURN_CONTEXT_REQUEST.to_proto(request).SerializeToString(deterministic=True)
    assert _lean(request) == expected


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"render": "html"}, "'html'"),
        ({"suppression": "all"}, "'all'"),
        ({"pointer_budget": "2"}, "pointer_budget"),
        ({"volunteer": "yes"}, "volunteer"),
        ({"volunteer_max_pages": 2.5}, "volunteer_max_pages"),
    ],
)
def test_bad_settings_are_refused(change: dict[str, object], problem: str) -> None:
    values = {**SeamSettings(pointer_budget=2).model_dump(), **change}
    turn = PublicTurn(turn_id=1, role="user", text="hi")
    with pytest.raises(SchemaUserError, match=problem):
        turn_context_message(
            brain_id="b", session_id="s", active_source="a", turn=turn, window=[],
            prior_context="", settings=values,
        )  # fmt: skip
    with pytest.raises(SchemaUserError, match="lack"):
        turn_context_message(
            brain_id="b", session_id="s", active_source="a", turn=turn, window=[],
            prior_context="", settings={"pointer_budget": 1},
        )  # fmt: skip


class Echo:
    def __init__(self) -> None:
        self.requests: list[TurnContextRequest] = []

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        self.requests.append(request)
        return TurnContextResponse(text=f"seen: {request.turn.text}")

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        raise NotImplementedError

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        raise NotImplementedError


@pytest.fixture
def echo(tmp_path: Path) -> Iterator[tuple[Echo, Path]]:
    impl = Echo()
    sock = tmp_path / "tc.sock"
    bound = BoundServer(secret=SECRET, unix_socket=sock)
    add_turn_context_service(bound.server, impl)
    with bound:
        yield impl, sock


def test_a_real_call_reaches_the_models(echo: tuple[Echo, Path]) -> None:
    impl, sock = echo
    request = TurnContextRequest(
        brain_id="b",
        session_id="s",
        active_source="work",
        turn=PublicTurn(
            turn_id=3, role="user", text="Ask Alice Example", ts="2026-03-02T17:00:00Z"
        ),
        window=[PublicTurn(turn_id=2, role="assistant", text="Sure.")],
        prior_context="earlier",
        settings=SeamSettings(pointer_budget=2, volunteer=True),
    )
    message = turn_context_message(
        brain_id="b", session_id="s", active_source="work", turn=request.turn,
        window=request.window, prior_context="earlier", settings=request.settings.model_dump(),
    )  # fmt: skip
    assert get_turn_context_text(sock, SECRET, message, timeout_s=10) == "seen: Ask Alice Example"
    assert impl.requests == [request]


def test_failures_are_typed(echo: tuple[Echo, Path], tmp_path: Path) -> None:
    _, sock = echo
    message = turn_context_message(
        brain_id="b", session_id="s", active_source="a",
        turn=PublicTurn(turn_id=1, role="user", text="x"), window=[], prior_context="",
        settings=SeamSettings(pointer_budget=1).model_dump(),
    )  # fmt: skip
    with pytest.raises(RpcFailure) as refused:
        get_turn_context_text(sock, "not-the-secret-0123456789", message, timeout_s=10)
    assert refused.value.status is RpcStatus.UNAUTHENTICATED
    with pytest.raises(RpcFailure) as down:
        get_turn_context_text(tmp_path / "nobody.sock", SECRET, message, timeout_s=2)
    assert down.value.status is RpcStatus.UNAVAILABLE
    with pytest.raises(SchemaUserError):
        get_turn_context_text(sock, SECRET, message, timeout_s=0)


def test_the_call_module_imports_neither_pydantic_nor_the_models() -> None:
    probe = textwrap.dedent(
        """
        import sys
        import bb_schema.turn_call
        heavy = sorted(m for m in sys.modules if m.split(".")[0] == "pydantic"
                       or m in ("bb_schema.fixture", "bb_schema.result", "bb_schema.convert"))
        print(",".join(heavy))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=os.environ
    )
    assert done.stdout.strip() == ""


def test_every_lazy_export_resolves() -> None:
    for name in bb_schema.__all__:
        assert getattr(bb_schema, name) is not None, name
    assert set(bb_schema.__all__) <= set(dir(bb_schema))
    with pytest.raises(AttributeError, match="no_such_name"):
        bb_schema.no_such_name  # noqa: B018
