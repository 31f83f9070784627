"""BrainBench wire contracts: the pydantic models are the validation authority.

Generated protobuf modules live in the ``brainbench.v1`` package shipped beside this one and
are reached only through :mod:`bb_schema.convert` and :mod:`bb_schema.rpc`; everything else
speaks these models. Every name re-exported here but the errors, the vocabularies and the
versions loads on first use (PEP 562): reading documents never imports grpc, and a process
that needs one module (the hook Claude Code runs once per prompt) pays for no other.
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

if TYPE_CHECKING:
    from bb_schema.baseline import (
        Baseline,
        BaselineConfig,
        BaselineItems,
        CellCounts,
    )
    from bb_schema.convert import (
        Codec,
    )
    from bb_schema.fixture import (
        DEFAULT_SOURCE,
        ContinuityRef,
        Fixture,
        PublicTurn,
        SeedFact,
        SeedPage,
        parse_ts,
    )
    from bb_schema.gold import (
        ContinuityGold,
        Decision,
        Gold,
        GoldFact,
        TurnGold,
    )
    from bb_schema.io import (
        dump_json,
        parse_json,
        read_json,
        to_jsonable,
        write_json_atomic,
    )
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
        TrustItemRecord,
        TurnRow,
    )
    from bb_schema.rpc import (
        BearerAuthInterceptor,
        BoundServer,
        MemoryClient,
        MemoryImpl,
        RpcFailure,
        RpcStatus,
        add_memory_services,
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

_LAZY = {
    "Baseline": "bb_schema.baseline",
    "BaselineConfig": "bb_schema.baseline",
    "BaselineItems": "bb_schema.baseline",
    "CellCounts": "bb_schema.baseline",
    "Codec": "bb_schema.convert",
    "DEFAULT_SOURCE": "bb_schema.fixture",
    "ContinuityRef": "bb_schema.fixture",
    "Fixture": "bb_schema.fixture",
    "PublicTurn": "bb_schema.fixture",
    "SeedFact": "bb_schema.fixture",
    "SeedPage": "bb_schema.fixture",
    "parse_ts": "bb_schema.fixture",
    "ContinuityGold": "bb_schema.gold",
    "Decision": "bb_schema.gold",
    "Gold": "bb_schema.gold",
    "GoldFact": "bb_schema.gold",
    "TurnGold": "bb_schema.gold",
    "dump_json": "bb_schema.io",
    "parse_json": "bb_schema.io",
    "read_json": "bb_schema.io",
    "to_jsonable": "bb_schema.io",
    "write_json_atomic": "bb_schema.io",
    "CloseBrainRequest": "bb_schema.memory",
    "FactList": "bb_schema.memory",
    "FactQuery": "bb_schema.memory",
    "OpenBrainRequest": "bb_schema.memory",
    "OpenBrainResponse": "bb_schema.memory",
    "RecallRequest": "bb_schema.memory",
    "SeedRequest": "bb_schema.memory",
    "SeedResponse": "bb_schema.memory",
    "StoredFact": "bb_schema.memory",
    "SystemInfo": "bb_schema.memory",
    "Provenance": "bb_schema.records",
    "ReaderRecord": "bb_schema.records",
    "ReaderTurn": "bb_schema.records",
    "WriteBackRecord": "bb_schema.records",
    "ConfidenceIntervals": "bb_schema.result",
    "DecisionRow": "bb_schema.result",
    "FactRow": "bb_schema.result",
    "FailedItem": "bb_schema.result",
    "Meta": "bb_schema.result",
    "MetricInterval": "bb_schema.result",
    "Receipt": "bb_schema.result",
    "Result": "bb_schema.result",
    "ScoreCell": "bb_schema.result",
    "ScorerDigest": "bb_schema.result",
    "SeedFailure": "bb_schema.result",
    "TrustItemRecord": "bb_schema.result",
    "TurnRow": "bb_schema.result",
    "BearerAuthInterceptor": "bb_schema.rpc",
    "BoundServer": "bb_schema.rpc",
    "MemoryClient": "bb_schema.rpc",
    "MemoryImpl": "bb_schema.rpc",
    "RpcFailure": "bb_schema.rpc",
    "RpcStatus": "bb_schema.rpc",
    "add_memory_services": "bb_schema.rpc",
    "EntityIndexRequest": "bb_schema.turn_context",
    "EntityIndexResponse": "bb_schema.turn_context",
    "ExtractedFact": "bb_schema.turn_context",
    "InjectedExtraction": "bb_schema.turn_context",
    "Pointer": "bb_schema.turn_context",
    "SeamSettings": "bb_schema.turn_context",
    "TurnContextRequest": "bb_schema.turn_context",
    "TurnContextResponse": "bb_schema.turn_context",
    "WriteBackRequest": "bb_schema.turn_context",
    "WriteBackResponse": "bb_schema.turn_context",
    "conversation_segments": "bb_schema.turn_context",
    "conversation_slug": "bb_schema.turn_context",
    "segment_label": "bb_schema.turn_context",
}


def __getattr__(name: str) -> object:
    """Load a re-export on first use (PEP 562)."""
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
    "TrustItemRecord",
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
