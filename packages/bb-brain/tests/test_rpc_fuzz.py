"""Fuzz every gRPC method of the reference engine: only the project's own refusals come back.

Each example builds a random request of the method's input type from its protobuf
descriptor (text with NUL and any other character, integers at their extremes, enum values
out of range, nested messages, lists), mixing in a real open brain id, source and slug so the
calls reach past "unknown brain", or sends bytes that are not a message at all. The answer
must be OK or a status the contract names for bad input (never INTERNAL or UNKNOWN: a
traceback in the server), and the server must keep answering. Example counts come from the
hypothesis profile (small by default; ``HYPOTHESIS_PROFILE=thorough`` for more).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from bb_brain import Engine
from bb_brain.server import ServerHandle, serve_in_thread
from bb_schema._rpc._services import BENCH_CONTROL_SERVICE, TURN_CONTEXT_SERVICE
from bb_schema.fixture import SeedPage
from bb_schema.memory import OpenBrainRequest, SeedRequest
from bb_schema.rpc import bearer_metadata
from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SECRET = "fuzz-secret-0123456789abcdef-0123456789"
METHODS = [
    (service.full_name, method)
    for service in (TURN_CONTEXT_SERVICE, BENCH_CONTROL_SERVICE)
    for method in service.methods
]
#: What a malformed or unanswerable request may get; INTERNAL / UNKNOWN would be a crash.
ALLOWED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.UNIMPLEMENTED,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
}
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=24)
INTS = {
    FieldDescriptor.TYPE_INT32: st.integers(-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT32: st.integers(-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_UINT32: st.integers(0, 2**32 - 1),
    FieldDescriptor.TYPE_INT64: st.integers(-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: st.integers(-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT64: st.integers(0, 2**64 - 1),
}


@pytest.fixture(scope="module")
def target(engine: Engine) -> Iterator[tuple[ServerHandle, list[str]]]:
    brain = engine.open_brain(OpenBrainRequest(fixture_id="fuzz")).brain_id
    page = SeedPage(slug="people/alice-example", content="---\ntitle: Alice Example\n---\nAlice.\n")
    engine.seed(SeedRequest(brain_id=brain, pages=[page], facts=[]))
    known = [brain, "default", "people/alice-example", "Alice Example", "user", "s1"]
    with tempfile.TemporaryDirectory(prefix="bb-fuzz-") as tmp:
        with serve_in_thread(engine, Path(tmp) / "s.sock", SECRET) as handle:
            yield handle, known


def _value(data: st.DataObject, field: FieldDescriptor, known: list[str], depth: int) -> Any:
    kind = field.type
    if kind == FieldDescriptor.TYPE_STRING:
        return data.draw(st.sampled_from(known) | texts | st.just("a\x00b"))
    if kind == FieldDescriptor.TYPE_BYTES:
        return data.draw(st.binary(max_size=16))
    if kind == FieldDescriptor.TYPE_BOOL:
        return data.draw(st.booleans())
    if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return data.draw(st.floats(width=32 if kind == FieldDescriptor.TYPE_FLOAT else 64))
    if kind == FieldDescriptor.TYPE_ENUM:
        return data.draw(st.integers(-1, 8))
    if kind in INTS:
        return data.draw(INTS[kind])
    return None


def _fill(data: st.DataObject, message: Any, known: list[str], depth: int = 0) -> None:
    descriptor: Descriptor = message.DESCRIPTOR
    for field in descriptor.fields:
        if not data.draw(st.booleans()):
            continue
        repeated = bool(field.is_repeated)
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.GetOptions().map_entry or depth >= 3:
                continue
            slot = getattr(message, field.name)
            for _ in range(data.draw(st.integers(1, 3)) if repeated else 1):
                _fill(data, slot.add() if repeated else slot, known, depth + 1)
                if not repeated:
                    slot.SetInParent()
            continue
        values = [_value(data, field, known, depth) for _ in range(3 if repeated else 1)]
        if repeated:
            getattr(message, field.name).extend(values)
        else:
            setattr(message, field.name, values[0])


@FUZZ
@given(data=st.data())
def test_every_method_answers_random_requests_with_its_own_refusals(
    target: tuple[ServerHandle, list[str]], data: st.DataObject
) -> None:
    handle, known = target
    service, method = data.draw(st.sampled_from(METHODS))
    if data.draw(st.integers(0, 9)) == 0:
        payload = data.draw(st.binary(max_size=64))  # not a message at all
    else:
        message = message_factory.GetMessageClass(method.input_type)()
        _fill(data, message, known)
        payload = message.SerializeToString()
    with grpc.insecure_channel(f"unix:{handle.socket_path}") as channel:
        call = channel.unary_unary(f"/{service}/{method.name}")
        try:
            call(payload, metadata=bearer_metadata(SECRET), timeout=30)
            code = grpc.StatusCode.OK
        except grpc.RpcError as error:
            code = error.code()  # type: ignore[attr-defined]
            details = error.details()  # type: ignore[attr-defined]
            assert code in ALLOWED, f"{method.name}: {code} {details}"
        describe = channel.unary_unary(f"/{BENCH_CONTROL_SERVICE.full_name}/Describe")
        describe(b"", metadata=bearer_metadata(SECRET), timeout=30)  # still serving
