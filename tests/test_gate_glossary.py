"""bb_gate restates the gate policy (it may not import bb_score); this pins it to the registry.

A metric renamed, added or re-gated in bb_score's glossary without the same change in bb_gate
would silently fall out of (or into) the gate; here that is a failing test instead.
"""

from __future__ import annotations

import bb_gate
import pytest
from bb_gate.metrics import direction, is_gated
from bb_score.glossary import METRICS, ZERO_GATED_METRICS


def test_the_zero_gated_sets_are_equal() -> None:
    assert set(bb_gate.ZERO_GATED_METRICS) == set(ZERO_GATED_METRICS)
    assert len(bb_gate.ZERO_GATED_METRICS) == len(set(bb_gate.ZERO_GATED_METRICS))


def test_source_isolation_is_zero_gated_on_both_sides() -> None:
    assert "source_isolation_violations" in ZERO_GATED_METRICS
    assert bb_gate.is_zero_gated("source_isolation_violations")


@pytest.mark.parametrize("name", sorted(METRICS))
def test_each_registered_metric_is_gated_the_same_way_round(name: str) -> None:
    spec = METRICS[name]
    assert is_gated(name) == spec.gated, f"{name}: bb_gate and the glossary disagree on gating"
    assert bb_gate.is_zero_gated(name) == spec.zero_gated
    assert direction(name) == spec.direction, f"{name}: direction differs"


def test_the_ungated_set_is_exactly_the_glossary_s_reported_only_metrics() -> None:
    reported_only = {name for name, spec in METRICS.items() if not spec.gated}
    assert set(bb_gate.UNGATED_METRICS) == reported_only


@pytest.mark.parametrize(
    "name", sorted(name for name, spec in METRICS.items() if spec.bound is not None)
)
def test_each_bounded_metric_has_the_same_floor(name: str) -> None:
    spec = METRICS[name]
    floors = [floor for floor in bb_gate.FLOORS if floor.metric == name]
    assert len(floors) == 1, f"{name}: expected one floor, found {floors}"
    (floor,) = floors
    assert floor.bound == spec.bound
    expected_op = {"higher": (">=", "=="), "lower": ("<=", "==")}[spec.direction]
    assert floor.op in expected_op
    if spec.bound in (0.0, 1.0):
        assert floor.op == "=="  # a rate bounded at its best value admits nothing else
