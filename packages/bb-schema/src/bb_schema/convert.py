"""pydantic <-> protobuf converters: the one place models meet the generated messages.

Every wire message with a pydantic counterpart has a :class:`Codec`, e.g. ``FIXTURE``::

    message = FIXTURE.to_proto(fixture)      # brainbench.v1.Fixture
    fixture = FIXTURE.from_proto(message)    # validated exactly like a JSON document
    data = FIXTURE.to_bytes(fixture)         # deterministic wire bytes

Decoding validates through the model, so a malformed message (a required field unset, an
enum out of range, a constraint broken) raises :class:`ConversionError` naming the field
path; encoding raises it when a value cannot be carried (an integer beyond 64 bits).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from brainbench.v1 import corpus_pb2, memory_pb2, score_pb2, turn_context_pb2
from google.protobuf.message import DecodeError, Message
from pydantic import BaseModel

from bb_schema._convert import corpus, memory, score, turn_context
from bb_schema._convert._common import encoding
from bb_schema._errors import ConversionError
from bb_schema.baseline import Baseline
from bb_schema.fixture import Fixture
from bb_schema.gold import Gold
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
from bb_schema.result import Result
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

M = TypeVar("M", bound=BaseModel)
P = TypeVar("P", bound=Message)


@dataclass(frozen=True)
class Codec(Generic[M, P]):
    """Converts one pydantic model to and from its ``brainbench.v1`` message."""

    model: type[M]
    message: type[P]
    _encode: Callable[[M], P]
    _decode: Callable[[P, str], M]

    @property
    def name(self) -> str:
        """The message's full proto name, e.g. ``brainbench.v1.Fixture``."""
        return str(self.message.DESCRIPTOR.full_name)

    def to_proto(self, model: M) -> P:
        """Encode ``model``; raises ConversionError when a value cannot be carried."""
        if not isinstance(model, self.model):
            raise ConversionError(
                f"{self.name} encodes {self.model.__name__}, got {type(model).__name__!r}"
            )
        with encoding(self.model.__name__):
            return self._encode(model)

    def from_proto(self, message: P) -> M:
        """Decode and validate ``message``; raises ConversionError naming the bad field."""
        if not isinstance(message, self.message):
            raise ConversionError(f"expected a {self.name} message, got {type(message).__name__!r}")
        return self._decode(message, self.message.DESCRIPTOR.name)

    def to_bytes(self, model: M) -> bytes:
        """Encode ``model`` to wire bytes; map entries are sorted, so bytes are stable."""
        return self.to_proto(model).SerializeToString(deterministic=True)

    def from_bytes(self, data: bytes) -> M:
        """Parse wire bytes and decode them; undecodable bytes raise ConversionError."""
        try:
            message = self.message.FromString(data)
        except DecodeError as exc:
            raise ConversionError(
                f"{len(data)} bytes are not a {self.name} message ({exc}); "
                "the peer sent something other than the brainbench.v1 message"
            ) from exc
        return self.from_proto(message)


FIXTURE: Final = Codec(
    Fixture, corpus_pb2.Fixture, corpus.fixture_to_proto, corpus.fixture_from_proto
)
GOLD: Final = Codec(Gold, corpus_pb2.Gold, corpus.gold_to_proto, corpus.gold_from_proto)
RESULT: Final = Codec(Result, score_pb2.Result, score.result_to_proto, score.result_from_proto)
BASELINE: Final = Codec(
    Baseline, score_pb2.Baseline, score.baseline_to_proto, score.baseline_from_proto
)

TURN_CONTEXT_REQUEST: Final = Codec(
    TurnContextRequest,
    turn_context_pb2.TurnContextRequest,
    turn_context.turn_context_request_to_proto,
    turn_context.turn_context_request_from_proto,
)
TURN_CONTEXT_RESPONSE: Final = Codec(
    TurnContextResponse,
    turn_context_pb2.TurnContextResponse,
    turn_context.turn_context_response_to_proto,
    turn_context.turn_context_response_from_proto,
)
ENTITY_INDEX_REQUEST: Final = Codec(
    EntityIndexRequest,
    turn_context_pb2.EntityIndexRequest,
    turn_context.entity_index_request_to_proto,
    turn_context.entity_index_request_from_proto,
)
ENTITY_INDEX_RESPONSE: Final = Codec(
    EntityIndexResponse,
    turn_context_pb2.EntityIndexResponse,
    turn_context.entity_index_response_to_proto,
    turn_context.entity_index_response_from_proto,
)
WRITE_BACK_REQUEST: Final = Codec(
    WriteBackRequest,
    turn_context_pb2.WriteBackRequest,
    turn_context.write_back_request_to_proto,
    turn_context.write_back_request_from_proto,
)
WRITE_BACK_RESPONSE: Final = Codec(
    WriteBackResponse,
    turn_context_pb2.WriteBackResponse,
    turn_context.write_back_response_to_proto,
    turn_context.write_back_response_from_proto,
)

SYSTEM_INFO: Final = Codec(
    SystemInfo, memory_pb2.SystemInfo, memory.system_info_to_proto, memory.system_info_from_proto
)
OPEN_BRAIN_REQUEST: Final = Codec(
    OpenBrainRequest,
    memory_pb2.OpenBrainRequest,
    memory.open_brain_request_to_proto,
    memory.open_brain_request_from_proto,
)
OPEN_BRAIN_RESPONSE: Final = Codec(
    OpenBrainResponse,
    memory_pb2.OpenBrainResponse,
    memory.open_brain_response_to_proto,
    memory.open_brain_response_from_proto,
)
SEED_REQUEST: Final = Codec(
    SeedRequest,
    memory_pb2.SeedRequest,
    memory.seed_request_to_proto,
    memory.seed_request_from_proto,
)
SEED_RESPONSE: Final = Codec(
    SeedResponse,
    memory_pb2.SeedResponse,
    memory.seed_response_to_proto,
    memory.seed_response_from_proto,
)
OPEN_SEEDED_BRAIN_REQUEST: Final = Codec(
    OpenSeededBrainRequest,
    memory_pb2.OpenSeededBrainRequest,
    memory.open_seeded_brain_request_to_proto,
    memory.open_seeded_brain_request_from_proto,
)
OPEN_SEEDED_BRAIN_RESPONSE: Final = Codec(
    OpenSeededBrainResponse,
    memory_pb2.OpenSeededBrainResponse,
    memory.open_seeded_brain_response_to_proto,
    memory.open_seeded_brain_response_from_proto,
)
FACT_QUERY: Final = Codec(
    FactQuery, memory_pb2.FactQuery, memory.fact_query_to_proto, memory.fact_query_from_proto
)
FACT_LIST: Final = Codec(
    FactList, memory_pb2.FactList, memory.fact_list_to_proto, memory.fact_list_from_proto
)
RECALL_REQUEST: Final = Codec(
    RecallRequest,
    memory_pb2.RecallRequest,
    memory.recall_request_to_proto,
    memory.recall_request_from_proto,
)
CLOSE_BRAIN_REQUEST: Final = Codec(
    CloseBrainRequest,
    memory_pb2.CloseBrainRequest,
    memory.close_brain_request_to_proto,
    memory.close_brain_request_from_proto,
)


#: The MemoryTrust codecs (the last names of ``__all__``) are defined in
#: :mod:`bb_schema._trust_codecs` and loaded on first use: a run that scores no trust suite
#: never builds the trust seam's models.
if TYPE_CHECKING:
    from bb_schema._trust_codecs import (
        COMMIT_FILES_REQUEST,
        CONFIRM_REQUEST,
        CONTEXT_PACK_REQUEST,
        CONTEXT_PACK_RESPONSE,
        DIRECT_TIER_WRITE_REQUEST,
        DUMP_STORES_REQUEST,
        FORGET_REQUEST,
        GET_PAGE_REQUEST,
        GET_PAGE_RESPONSE,
        INGEST_REQUEST,
        OPEN_TRUST_BRAIN_REQUEST,
        PURGE_REQUEST,
        PUT_PAGE_REQUEST,
        RECALL_FACTS_REQUEST,
        REMEMBER_REQUEST,
        RESYNC_REQUEST,
        SEARCH_REQUEST,
        SEARCH_RESPONSE,
        STORE_DUMP,
        TRUST_FACTS,
        TRUST_RECEIPT,
    )
else:

    def __getattr__(name: str) -> object:
        if name in __all__:  # listed, and not defined here: a trust codec
            from bb_schema import _trust_codecs

            return getattr(_trust_codecs, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BASELINE",
    "CLOSE_BRAIN_REQUEST",
    "ENTITY_INDEX_REQUEST",
    "ENTITY_INDEX_RESPONSE",
    "FACT_LIST",
    "FACT_QUERY",
    "FIXTURE",
    "GOLD",
    "OPEN_BRAIN_REQUEST",
    "OPEN_BRAIN_RESPONSE",
    "OPEN_SEEDED_BRAIN_REQUEST",
    "OPEN_SEEDED_BRAIN_RESPONSE",
    "RECALL_REQUEST",
    "RESULT",
    "SEED_REQUEST",
    "SEED_RESPONSE",
    "SYSTEM_INFO",
    "TURN_CONTEXT_REQUEST",
    "TURN_CONTEXT_RESPONSE",
    "WRITE_BACK_REQUEST",
    "WRITE_BACK_RESPONSE",
    "Codec",
    "ConversionError",
    "OPEN_TRUST_BRAIN_REQUEST",
    "TRUST_RECEIPT",
    "COMMIT_FILES_REQUEST",
    "RESYNC_REQUEST",
    "REMEMBER_REQUEST",
    "PUT_PAGE_REQUEST",
    "INGEST_REQUEST",
    "CONFIRM_REQUEST",
    "FORGET_REQUEST",
    "PURGE_REQUEST",
    "DIRECT_TIER_WRITE_REQUEST",
    "GET_PAGE_REQUEST",
    "GET_PAGE_RESPONSE",
    "SEARCH_REQUEST",
    "SEARCH_RESPONSE",
    "RECALL_FACTS_REQUEST",
    "TRUST_FACTS",
    "CONTEXT_PACK_REQUEST",
    "CONTEXT_PACK_RESPONSE",
    "DUMP_STORES_REQUEST",
    "STORE_DUMP",
]
