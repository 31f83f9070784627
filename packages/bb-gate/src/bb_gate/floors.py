"""Absolute quality floors from the pre-registered expectations (docs/METHODOLOGY.md), as data.

The gate compares a run against main's baseline, so by itself it would bank a bad number
once someone blesses it. The floors close that hole: they are asserted against the committed
baseline, so a threshold violation cannot be banked by blessing a new baseline.

Scope of a floor: a floor that names a harness (push_recall's per-budget floors) applies to
that harness's cells only; a floor without a harness applies to every cell that carries the
metric, whatever its harness (core or foreign row) or suite. A cell that does not carry the
metric is not checked: which metrics a cell must carry is the scorer's contract, not the
floors'. Floors marked ``deterministic_only`` (write-back and provenance, expectation 3) are
skipped for a baseline produced with ``--llm``.
"""

from __future__ import annotations

from typing import Final, Literal

from bb_schema import Baseline
from pydantic import BaseModel, ConfigDict

from bb_gate.baseline import split_cell_key

Op = Literal["<=", ">=", "=="]


class Floor(BaseModel):
    """One floor: ``metric op bound`` for the cells it scopes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    metric: str
    op: Op
    bound: float
    #: Only this harness's cells; None means every cell carrying the metric.
    harness: str | None = None
    #: Skip when the baseline was produced with ``--llm`` (model-stochastic extraction).
    deterministic_only: bool = False

    def holds(self, value: float) -> bool:
        """Whether ``value`` satisfies this floor."""
        if self.op == "<=":
            return value <= self.bound
        if self.op == ">=":
            return value >= self.bound
        return value == self.bound

    def describe(self) -> str:
        """The floor as text, e.g. ``push_recall >= 0.88 (openclaw)``."""
        scope = f" ({self.harness})" if self.harness else ""
        return f"{self.metric} {self.op} {self.bound:g}{scope}"


class FloorViolation(BaseModel):
    """A cell of a baseline that breaks a floor."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cell: str
    metric: str
    value: float
    floor: Floor

    @property
    def message(self) -> str:
        """Human-readable statement of the violation."""
        return f"{self.cell}: {self.metric} = {self.value:g} breaks {self.floor.describe()}"


def _f(
    metric: str, op: Op, bound: float, harness: str | None = None, *, det: bool = False
) -> Floor:
    return Floor(metric=metric, op=op, bound=bound, harness=harness, deterministic_only=det)


#: The floors, in the methodology's order: core floors, then expectations 3, 4 and the
#: continuity expectation, then the memory-trust floors (expectation 6).
FLOORS: Final[tuple[Floor, ...]] = (
    _f("know_to_ask_failure_rate", "<=", 0.05),
    _f("false_fire_rate", "<=", 0.03),
    _f("push_precision", ">=", 0.95),
    _f("push_recall", ">=", 0.88, "openclaw"),
    _f("push_recall", ">=", 0.72, "claude-code"),
    _f("push_recall", ">=", 0.52, "codex"),
    _f("source_isolation_violations", "==", 0.0),
    _f("write_back_fidelity", "==", 1.0, det=True),
    _f("provenance_accuracy", "==", 1.0, det=True),
    _f("continuity_rate", "==", 1.0),
    _f("trust_label_accuracy", "==", 1.0),
    _f("current_fact_accuracy", "==", 1.0),
    _f("history_preserved", "==", 1.0),
    _f("flagged_and_labeled_rate", "==", 1.0),
    _f("receipt_completeness", "==", 1.0),
    _f("benign_retention", ">=", 0.95),
    _f("false_quarantine_rate", "<=", 0.02),
    _f("default_benign_retention", ">=", 0.95),
)


def check_floors(baseline: Baseline, floors: tuple[Floor, ...] = FLOORS) -> list[FloorViolation]:
    """Every (cell, floor) pair of ``baseline`` that breaks a floor, sorted by cell then metric.

    Values are compared as stored (the baseline is already rounded to 4 decimals), so what a
    reviewer reads in the file is exactly what was checked.
    """
    violations = []
    for key in sorted(baseline.cells):
        harness, _suite = split_cell_key(key)
        metrics = baseline.cells[key]
        for floor in floors:
            if floor.harness is not None and floor.harness != harness:
                continue
            if floor.deterministic_only and baseline.config.llm:
                continue
            value = metrics.get(floor.metric)
            if value is not None and not floor.holds(value):
                violations.append(
                    FloorViolation(cell=key, metric=floor.metric, value=value, floor=floor)
                )
    violations.sort(key=lambda v: (v.cell, v.metric))
    return violations
