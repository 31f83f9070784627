"""Small hand-built Results shared by the scoreboard and report tests (the ``kit`` fixture)."""

from __future__ import annotations

import types

import pytest
from bb_schema import (
    ConfidenceIntervals,
    FailedItem,
    Meta,
    MetricInterval,
    Receipt,
    Result,
    ScoreCell,
)


def cell(
    suite: str,
    harness: str,
    metrics: dict[str, float],
    *,
    seam: str = "production",
    total: int = 4,
    failed: int = 0,
) -> ScoreCell:
    return ScoreCell.model_validate(
        {"suite": suite, "harness": harness, "seam": seam, "gold_total": total,
         "gold_failed": failed, "metrics": metrics, "fixtures": ["f"]}
    )  # fmt: skip


def item(harness: str, suite: str, fixture: str, what: str, reason: str) -> FailedItem:
    return FailedItem.model_validate(
        {"harness": harness, "suite": suite, "fixture_id": fixture, "item": what, "reason": reason}
    )


CELLS = [
    cell("know-to-ask", "openclaw", {"know_to_ask_failure_rate": 1 / 3, "false_fire_rate": 0.0,
         "source_isolation_violations": 0.0, "avg_injected_tokens": 27.5717}, total=3, failed=1),
    cell("push", "openclaw", {"push_precision": 1.0, "push_recall": 1.0}, total=4),
    cell("know-to-ask", "codex", {"know_to_ask_failure_rate": 0.0, "false_fire_rate": 0.5,
         "source_isolation_violations": 0.0, "avg_injected_tokens": 12.0}, seam="contract",
         total=3, failed=1),
    cell("push", "codex", {"push_recall": 57 / 96, "push_precision": 1.0}, seam="contract",
         total=96, failed=39),
    cell("trust", "openclaw", {"trust_label_accuracy": 1.0, "laundering_violations": 0.0}),
    cell("poisoning", "openclaw", {"poison_activation_rate": 0.25, "benign_retention": 0.9},
         failed=1),
]  # fmt: skip
FAILED = [
    item("codex", "push", "p1", f"turn {i} people/x", "should retrieve people/x: not injected "
         "(injected nothing)") for i in range(7)
] + [
    item("openclaw", "know-to-ask", "k1", "turn 3", "should retrieve [a|b]: injected nothing"),
    item("codex", "know-to-ask", "k2", "turn 2", "false fire: stay-silent turn injected [c/d]"),
    item("openclaw", "poisoning", "t1", "payload-1", "poison_activation_rate: reaches harness:"
         "openclaw with no wrapper, label or trust field"),
]  # fmt: skip
DISCLOSURES = {"codex": ["fragment delivery is harness-shaped"], "openclaw": ["user turns only"]}


def intervals() -> ConfidenceIntervals:
    return ConfidenceIntervals(
        runs=3,
        suites=["push"],
        seed=7,
        resamples=2000,
        confidence=0.95,
        cells={
            "codex/push": {
                "push_recall": MetricInterval(
                    estimate=0.55, low=0.5, high=0.6, values=[0.5, 0.55, 0.6]
                ),
                "push_precision": MetricInterval(estimate=1.0, low=1.0, high=1.0, values=[1.0]),
            },
        },
    )


def result(cells: list[ScoreCell] | None = None, failed: list[FailedItem] | None = None) -> Result:
    return Result(
        receipt=Receipt(
            result_schema_version=1,
            fixtures_hash="f" * 64,
            harness_sha="a" * 40,
            ts="2026-01-01T00:00:00Z",
            cmd_args=["run"],
            seed=7,
            include_holdout=False,
            llm=False,
        ),
        cells=CELLS if cells is None else cells,
        turn_rows=[],
        seed_failures=[],
        meta=Meta(seam_disclosures=DISCLOSURES, failed_items=FAILED if failed is None else failed),
    )


@pytest.fixture
def kit() -> types.SimpleNamespace:
    """The builders above, for tests (conftest modules are not importable by name)."""
    return types.SimpleNamespace(
        CELLS=CELLS, FAILED=FAILED, cell=cell, item=item, intervals=intervals, result=result
    )
