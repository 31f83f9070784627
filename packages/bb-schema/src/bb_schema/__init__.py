"""BrainBench wire contracts: the pydantic models are the validation authority.

Generated protobuf modules live in ``bb_schema._generated`` and are reached only through
:mod:`bb_schema.convert` and the gRPC edges; everything else speaks these models.
"""

from bb_schema._errors import ConversionError, SchemaError, SchemaUserError
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
    BASELINE_SCHEMA_VERSION,
    FIXTURE_SCHEMA_VERSION,
    GOLD_SCHEMA_VERSION,
    RESULT_SCHEMA_VERSION,
    WIRE_PACKAGE,
)
from bb_schema.baseline import Baseline, BaselineConfig, CellCounts
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
from bb_schema.result import FailedItem, Meta, Receipt, Result, ScoreCell, SeedFailure, TurnRow

__version__ = "0.1.0"

__all__ = [
    "ALL_SUITES",
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
    "CellCounts",
    "ContinuityGold",
    "ContinuityRef",
    "ConversionError",
    "CoreSuite",
    "Decision",
    "FactKind",
    "FailedItem",
    "Fixture",
    "Gold",
    "GoldFact",
    "Meta",
    "PublicTurn",
    "Receipt",
    "Result",
    "Role",
    "SchemaError",
    "SchemaUserError",
    "Seam",
    "ScoreCell",
    "SeedFailure",
    "SeedFact",
    "SeedPage",
    "Suite",
    "TrustSuite",
    "TurnGold",
    "TurnRow",
    "parse_ts",
]
