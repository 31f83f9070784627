"""BrainBench wire contracts: the pydantic models are the validation authority.

Generated protobuf modules live in the ``brainbench.v1`` package shipped beside this one and
are reached only through :mod:`bb_schema.convert` and :mod:`bb_schema.rpc`; everything else
speaks these models. The gRPC names re-exported here load on first use, so reading and
writing documents never imports grpc.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from bb_schema._errors import ConversionError, SchemaError, SchemaRuntimeError, SchemaUserError
from bb_schema._names import (
    ALL_SUITES,
    CORE_HARNESSES,
    CORE_SUITES,
    TRUST_SUITES,
    CoreSuite,
    FactKind,
    Role,
    Seam,
    Suite,
    TrustSuite,
)
from bb_schema._versions import (
    BASELINE_ITEMS_SCHEMA_VERSION,
    BASELINE_SCHEMA_VERSION,
    FIXTURE_SCHEMA_VERSION,
    GOLD_SCHEMA_VERSION,
    RESULT_SCHEMA_VERSION,
    WIRE_PACKAGE,
)
from bb_schema.baseline import Baseline, BaselineConfig, BaselineItems, CellCounts
from bb_schema.fixture import (
    DEFAULT_SOURCE,
    ContinuityRef,
    Fixture,
    PublicTurn,
    SeedFact,
    SeedPage,
    parse_ts,
)
from bb_schema.gold import ContinuityGold, Decision, Gold, GoldFact, TurnGold
from bb_schema.io import dump_json, parse_json, read_json, to_jsonable, write_json_atomic
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)
from bb_schema.records import (
    Provenance,
    ReaderRecord,
    ReaderTurn,
    WriteBackRecord,
)
from bb_schema.result import (
    ConfidenceIntervals,
    DecisionRow,
    FactRow,
    FailedItem,
    Meta,
    MetricInterval,
    Receipt,
    Result,
    ScoreCell,
    ScorerDigest,
    SeedFailure,
    TurnRow,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    ExtractedFact,
    InjectedExtraction,
    Pointer,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_segments,
    conversation_slug,
    segment_label,
)

if TYPE_CHECKING:
    from bb_schema.convert import Codec
    from bb_schema.rpc import (
        BearerAuthInterceptor,
        BoundServer,
        MemoryClient,
        MemoryImpl,
        RpcFailure,
        RpcStatus,
        add_memory_services,
    )

#: Re-exported names that import grpc / the generated modules, loaded on first access.
_LAZY = {
    "Codec": "bb_schema.convert",
    "BearerAuthInterceptor": "bb_schema.rpc",
    "BoundServer": "bb_schema.rpc",
    "MemoryClient": "bb_schema.rpc",
    "MemoryImpl": "bb_schema.rpc",
    "RpcFailure": "bb_schema.rpc",
    "RpcStatus": "bb_schema.rpc",
    "add_memory_services": "bb_schema.rpc",
}


def __getattr__(name: str) -> object:
    """Load the gRPC-side re-exports on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'bb_schema' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "ALL_SUITES",
    "BASELINE_ITEMS_SCHEMA_VERSION",
    "BASELINE_SCHEMA_VERSION",
    "CORE_HARNESSES",
    "CORE_SUITES",
    "DEFAULT_SOURCE",
    "FIXTURE_SCHEMA_VERSION",
    "GOLD_SCHEMA_VERSION",
    "RESULT_SCHEMA_VERSION",
    "TRUST_SUITES",
    "WIRE_PACKAGE",
    "Baseline",
    "BaselineConfig",
    "BaselineItems",
    "BearerAuthInterceptor",
    "BoundServer",
    "CellCounts",
    "CloseBrainRequest",
    "Codec",
    "ConfidenceIntervals",
    "ContinuityGold",
    "ContinuityRef",
    "ConversionError",
    "CoreSuite",
    "Decision",
    "DecisionRow",
    "EntityIndexRequest",
    "EntityIndexResponse",
    "ExtractedFact",
    "FactKind",
    "FactList",
    "FactQuery",
    "FactRow",
    "FailedItem",
    "Fixture",
    "Gold",
    "GoldFact",
    "InjectedExtraction",
    "MemoryClient",
    "MemoryImpl",
    "Meta",
    "MetricInterval",
    "OpenBrainRequest",
    "OpenBrainResponse",
    "Pointer",
    "Provenance",
    "PublicTurn",
    "ReaderRecord",
    "ReaderTurn",
    "Receipt",
    "RecallRequest",
    "Result",
    "Role",
    "RpcFailure",
    "RpcStatus",
    "SchemaError",
    "SchemaRuntimeError",
    "SchemaUserError",
    "ScoreCell",
    "ScorerDigest",
    "Seam",
    "SeamSettings",
    "SeedFact",
    "SeedFailure",
    "SeedPage",
    "SeedRequest",
    "SeedResponse",
    "StoredFact",
    "Suite",
    "SystemInfo",
    "TrustSuite",
    "TurnContextRequest",
    "TurnContextResponse",
    "TurnGold",
    "TurnRow",
    "WriteBackRecord",
    "WriteBackRequest",
    "WriteBackResponse",
    "add_memory_services",
    "conversation_segments",
    "conversation_slug",
    "dump_json",
    "parse_json",
    "parse_ts",
    "read_json",
    "segment_label",
    "to_jsonable",
    "write_json_atomic",
]
