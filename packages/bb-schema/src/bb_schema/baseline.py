"""The committed gate baseline (schema_version 1) and its item sidecar: diff-stable documents.

The baseline keeps the published v1 shape exactly (no key may be added to it), so what the
gate needs beyond it (the failed items of every cell and the scorer digest) travels in a
sidecar committed next to it, ``<name>.items.json`` (:class:`BaselineItems`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bb_schema._base import Strict
from bb_schema.result import ScorerDigest


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


class BaselineItems(Strict):
    """The sidecar of a baseline: per cell, the sorted ids of the items the run failed.

    An item id is ``<fixture_id>#<item>``: the Result's ``FailedItem.fixture_id`` and its
    ``item`` verbatim, joined by ``#``; the cell (``harness/suite``) is the key. ``None`` for a
    cell means the run reported failures (``gold_failed`` > 0) without listing them, so that
    cell can only be compared by counts. ``fixtures_hash`` must equal the baseline's.
    """

    items_schema_version: Literal[1]
    fixtures_hash: str
    #: The scoring code the items were produced by; None when the Result did not record it.
    scorer: ScorerDigest | None
    cells: dict[str, list[str] | None]
