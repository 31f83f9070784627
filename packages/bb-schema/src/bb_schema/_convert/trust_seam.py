"""MemoryTrust messages <-> their pydantic models, by the proto descriptors.

The trust seam's messages follow the shared conventions exactly (optional = nullable, enum
zero = unset, the model spelling of each enum value from an :class:`EnumMap`), so one walk
over the descriptor converts every one of them; decoding validates through the model, like
every hand-written converter, and names the message path of the first problem.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar, get_args

from brainbench.v1 import corpus_pb2, trust_pb2
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from pydantic import BaseModel

from bb_schema._convert._common import EnumMap, validated
from bb_schema.trust import TrustTier
from bb_schema.trust_seam import (
    AgentActivation,
    ClaimedOrigin,
    ExternalMode,
    FactState,
    StoredIn,
    StoreRole,
    TrustChannel,
    WriteOutcome,
)

M = TypeVar("M", bound=BaseModel)
P = TypeVar("P", bound=Message)

_ENUMS: Final[dict[str, EnumMap[Any]]] = {
    "brainbench.v1.TrustTier": EnumMap(corpus_pb2.TrustTier, "TRUST_TIER_", get_args(TrustTier)),
    "brainbench.v1.TrustChannel": EnumMap(
        trust_pb2.TrustChannel, "TRUST_CHANNEL_", get_args(TrustChannel)
    ),
    "brainbench.v1.ContentOrigin": EnumMap(
        trust_pb2.ContentOrigin, "CONTENT_ORIGIN_", get_args(ClaimedOrigin), has_default=True
    ),
    "brainbench.v1.ExternalMode": EnumMap(
        trust_pb2.ExternalMode, "EXTERNAL_MODE_", get_args(ExternalMode), has_default=True
    ),
    "brainbench.v1.AgentActivation": EnumMap(
        trust_pb2.AgentActivation,
        "AGENT_ACTIVATION_",
        get_args(AgentActivation),
        has_default=True,
    ),  # fmt: skip
    "brainbench.v1.WriteOutcome": EnumMap(
        trust_pb2.WriteOutcome, "WRITE_OUTCOME_", get_args(WriteOutcome)
    ),
    "brainbench.v1.StoredIn": EnumMap(
        trust_pb2.StoredIn, "STORED_IN_", get_args(StoredIn), has_default=True
    ),
    "brainbench.v1.FactState": EnumMap(trust_pb2.FactState, "FACT_STATE_", get_args(FactState)),
    "brainbench.v1.StoreRole": EnumMap(trust_pb2.StoreRole, "STORE_ROLE_", get_args(StoreRole)),
}


def _enum(field: Any) -> EnumMap[Any]:
    return _ENUMS[str(field.enum_type.full_name)]


def _is_repeated(field: Any) -> bool:
    return bool(field.is_repeated)


def _decode(message: Message, path: str) -> dict[str, object]:
    """Plain values of ``message``: unset optionals and zero enums are left out."""
    data: dict[str, object] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        where = f"{path}.{field.name}"
        if _is_repeated(field):
            items = list(value)
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                data[field.name] = [_decode(v, f"{where}[{i}]") for i, v in enumerate(items)]
            elif field.type == FieldDescriptor.TYPE_ENUM:
                data[field.name] = [_enum(field).decode(v, f"{where}[{i}]") for i, v in
                                    enumerate(items)]  # fmt: skip
            else:
                data[field.name] = items
            continue
        if field.has_presence and not message.HasField(field.name):
            continue
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            data[field.name] = _decode(value, where)
        elif field.type == FieldDescriptor.TYPE_ENUM:
            literal = _enum(field).decode(value, where)
            if literal is not None:
                data[field.name] = literal
        else:
            data[field.name] = value
    return data


def _encode(data: dict[str, Any], message: Message) -> None:
    """Fill ``message`` from a model dump; None leaves a field unset."""
    for field in message.DESCRIPTOR.fields:
        value = data.get(field.name)
        if value is None:
            continue
        target = getattr(message, field.name)
        if _is_repeated(field):
            for item in value:
                if field.type == FieldDescriptor.TYPE_MESSAGE:
                    _encode(item, target.add())
                elif field.type == FieldDescriptor.TYPE_ENUM:
                    target.append(_enum(field).encode(item))
                else:
                    target.append(item)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            _encode(value, target)
            if not value:
                target.SetInParent()
        elif field.type == FieldDescriptor.TYPE_ENUM:
            setattr(message, field.name, _enum(field).encode(value))
        else:
            setattr(message, field.name, value)


def encode(value: BaseModel, message: type[P]) -> P:
    """Encode a model into a fresh ``message``."""
    out = message()
    _encode(value.model_dump(mode="json"), out)
    return out


def decode(message: Message, model: type[M], path: str) -> M:
    """Decode ``message`` and validate it through ``model``."""
    return validated(model, _decode(message, path), path)


__all__ = ["decode", "encode"]
