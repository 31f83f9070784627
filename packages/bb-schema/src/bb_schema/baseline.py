"""The committed gate baseline (schema_version 1): diff-stable, receipts excluded."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bb_schema._base import Strict


class BaselineConfig(Strict):
    """The run configuration the numbers were produced under; comparisons need it to match."""

    include_holdout: bool
    llm: bool
    harnesses: list[str]
    suites: list[str]


class CellCounts(Strict):
    """Count-aware gate inputs of one cell."""

    gold_total: Annotated[int, Field(ge=0)]
    gold_failed: Annotated[int, Field(ge=0)]


class Baseline(Strict):
    """Cells keyed ``harness/suite`` -> metric -> value (rounded to 4 decimals)."""

    schema_version: Literal[1]
    fixtures_hash: str
    config: BaselineConfig
    justification: str | None = None
    cells: dict[str, dict[str, float]]
    counts: dict[str, CellCounts]
