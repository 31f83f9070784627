from __future__ import annotations

import pytest
from bb_gate import FLOORS, check_floors
from bb_schema import Baseline


def _baseline(cells: dict[str, dict[str, float]], *, llm: bool = False) -> Baseline:
    return Baseline(
        schema_version=1,
        fixtures_hash="h",
        config={"include_holdout": False, "llm": llm, "harnesses": [], "suites": []},
        cells=cells,
        counts={key: {"gold_total": 1, "gold_failed": 0} for key in cells},
    )


HEALTHY = {
    "openclaw/know-to-ask": {"know_to_ask_failure_rate": 0.0, "false_fire_rate": 0.0},
    "openclaw/push": {
        "push_precision": 1.0,
        "push_recall": 1.0,
        "source_isolation_violations": 0.0,
    },
    "claude-code/push": {"push_precision": 1.0, "push_recall": 0.72},
    "codex/push": {"push_precision": 0.95, "push_recall": 0.5938},
    "openclaw/write-back": {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0},
    "codex/continuity": {"continuity_rate": 1.0},
    "openclaw/trust": {"trust_label_accuracy": 1.0},
    "openclaw/state-resolution": {"current_fact_accuracy": 1.0, "history_preserved": 1.0},
    "openclaw/poisoning": {
        "flagged_and_labeled_rate": 1.0,
        "benign_retention": 0.95,
        "false_quarantine_rate": 0.02,
        "default_benign_retention": 0.95,
    },
    "openclaw/deletion": {"receipt_completeness": 1.0},
}


def test_healthy_baseline_at_the_edges_holds():
    assert check_floors(_baseline(HEALTHY)) == []


def test_every_spec_floor_is_present():
    described = {floor.describe() for floor in FLOORS}
    for text in [
        "know_to_ask_failure_rate <= 0.05",
        "false_fire_rate <= 0.03",
        "push_precision >= 0.95",
        "push_recall >= 0.88 (openclaw)",
        "push_recall >= 0.72 (claude-code)",
        "push_recall >= 0.52 (codex)",
        "source_isolation_violations == 0",
        "write_back_fidelity == 1",
        "provenance_accuracy == 1",
        "continuity_rate == 1",
        "trust_label_accuracy == 1",
        "current_fact_accuracy == 1",
        "history_preserved == 1",
        "flagged_and_labeled_rate == 1",
        "receipt_completeness == 1",
        "benign_retention >= 0.95",
        "false_quarantine_rate <= 0.02",
        "default_benign_retention >= 0.95",
    ]:
        assert text in described


@pytest.mark.parametrize(
    ("key", "metric", "value"),
    [
        ("openclaw/know-to-ask", "know_to_ask_failure_rate", 0.0501),
        ("openclaw/know-to-ask", "false_fire_rate", 0.0301),
        ("codex/push", "push_precision", 0.9499),
        ("openclaw/push", "push_recall", 0.8799),
        ("claude-code/push", "push_recall", 0.7199),
        ("codex/push", "push_recall", 0.5199),
        ("openclaw/push", "source_isolation_violations", 1.0),
        ("openclaw/write-back", "write_back_fidelity", 0.9999),
        ("openclaw/write-back", "provenance_accuracy", 0.99),
        ("codex/continuity", "continuity_rate", 0.5),
        ("openclaw/trust", "trust_label_accuracy", 0.9),
        ("openclaw/state-resolution", "current_fact_accuracy", 0.9),
        ("openclaw/state-resolution", "history_preserved", 0.9),
        ("openclaw/poisoning", "flagged_and_labeled_rate", 0.9),
        ("openclaw/deletion", "receipt_completeness", 0.9),
        ("openclaw/poisoning", "benign_retention", 0.9499),
        ("openclaw/poisoning", "false_quarantine_rate", 0.0201),
        ("openclaw/poisoning", "default_benign_retention", 0.94),
    ],
)
def test_each_floor_breaches(key, metric, value):
    cells = {k: dict(v) for k, v in HEALTHY.items()}
    cells[key][metric] = value
    violations = check_floors(_baseline(cells))
    assert [(v.cell, v.metric, v.value) for v in violations] == [(key, metric, value)]
    assert key in violations[0].message and metric in violations[0].message


def test_harness_scoped_floor_only_applies_to_its_harness():
    # 0.6 breaks openclaw's 0.88 floor, but a foreign row has no push_recall floor at all.
    violations = check_floors(
        _baseline({"grpc:acme/push": {"push_recall": 0.1}, "codex/push": {"push_recall": 0.6}})
    )
    assert violations == []
    violations = check_floors(_baseline({"openclaw/push": {"push_recall": 0.6}}))
    assert [v.floor.harness for v in violations] == ["openclaw"]


def test_unscoped_floor_applies_to_every_cell_carrying_the_metric():
    cells = {
        "grpc:acme/push": {"source_isolation_violations": 3.0},
        "codex/continuity": {"source_isolation_violations": 1.0},
        "codex/push": {"push_precision": 1.0},
    }
    assert [v.cell for v in check_floors(_baseline(cells))] == [
        "codex/continuity",
        "grpc:acme/push",
    ]


def test_deterministic_floors_skipped_for_llm_baselines():
    cells = {"openclaw/write-back": {"write_back_fidelity": 0.8, "provenance_accuracy": 0.9}}
    assert len(check_floors(_baseline(cells))) == 2
    assert check_floors(_baseline(cells, llm=True)) == []
