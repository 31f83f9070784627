from __future__ import annotations

import pytest
from bb_gate import ZERO_GATED_METRICS, direction, is_gated, is_zero_gated
from bb_gate.metrics import is_adverse, is_improvement

SPEC_ZERO_GATED = {
    "source_isolation_violations",
    "pointer_budget_cuts",
    "laundering_violations",
    "self_promotion_violations",
    "stale_surfaced_as_current",
    "lower_tier_supersede_violations",
    "residual_after_purge",
    "resurrection_after_resync",
    "poison_persist_rate",
    "unconfirmed_preference_activation_rate",
    "agent_relayed_activation_rate",
    "poison_activation_rate",
    "default_persist_unlabeled_rate",
    "default_activation_unlabeled_rate",
}


def test_zero_gated_list_is_the_spec_list():
    assert set(ZERO_GATED_METRICS) == SPEC_ZERO_GATED
    assert len(ZERO_GATED_METRICS) == len(SPEC_ZERO_GATED)
    assert all(is_zero_gated(m) for m in SPEC_ZERO_GATED)
    assert not is_zero_gated("push_recall")


@pytest.mark.parametrize(
    "metric",
    [
        "know_to_ask_failure_rate",
        "false_fire_rate",
        "false_quarantine_rate",
        "residual_after_purge",
        "spurious_injections",
        "recall_cuts",
        "stale_surfaced_as_current",
        "resurrection_after_resync",
        "some_new_violations",
        "future_activation_rate",
        "poison_anything",
        *sorted(SPEC_ZERO_GATED),
    ],
)
def test_lower_better(metric):
    assert direction(metric) == "lower"


@pytest.mark.parametrize(
    "metric",
    [
        "push_precision",
        "push_recall",
        "write_back_fidelity",
        "provenance_accuracy",
        "continuity_rate",
        "continuity_push_rate",
        "trust_label_accuracy",
        "benign_retention",
        "default_benign_retention",
        "receipt_completeness",
        "extraction_recall",
    ],
)
def test_higher_better(metric):
    assert direction(metric) == "higher"


@pytest.mark.parametrize(
    "metric",
    ["avg_injected_tokens", "recall_cuts", "extraction_recall", "extraction_precision"],
)
def test_diagnostics_are_reported_not_gated(metric):
    assert not is_gated(metric)


def test_core_metrics_are_gated():
    assert is_gated("push_recall") and is_gated("know_to_ask_failure_rate")


def test_adverse_and_improvement_follow_direction():
    assert is_adverse("push_recall", 0.9, 0.8) and not is_adverse("push_recall", 0.9, 0.95)
    assert is_adverse("false_fire_rate", 0.0, 0.01) and is_improvement("false_fire_rate", 0.02, 0.0)
    assert not is_improvement("push_recall", 0.9, 0.9) and not is_adverse("push_recall", 0.9, 0.9)
