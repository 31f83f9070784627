from __future__ import annotations

from pathlib import Path

import pytest
from bb_schema import ALL_SUITES
from bb_score import ScoreRuntimeError
from bb_score.glossary import (
    METRICS,
    ZERO_GATED_METRICS,
    direction,
    glossary_block,
    is_lower_better,
    main,
    metric,
    render_glossary_markdown,
)

REPO = Path(__file__).resolve().parents[3]
PAGE = REPO / "docs" / "METRIC_GLOSSARY.md"

CORE = {
    "know_to_ask_failure_rate",
    "false_fire_rate",
    "push_precision",
    "push_recall",
    "source_isolation_violations",
    "avg_injected_tokens",
    "write_back_fidelity",
    "provenance_accuracy",
    "continuity_rate",
    "continuity_push_rate",
    "extraction_recall",
    "extraction_precision",
    "pointer_budget_cuts",
    "spurious_injections",
    "recall_cuts",
}
TRUST = {
    "trust_label_accuracy",
    "laundering_violations",
    "self_promotion_violations",
    "current_fact_accuracy",
    "stale_surfaced_as_current",
    "history_preserved",
    "lower_tier_supersede_violations",
    "poison_persist_rate",
    "flagged_and_labeled_rate",
    "unconfirmed_preference_activation_rate",
    "agent_relayed_activation_rate",
    "poison_activation_rate",
    "benign_retention",
    "false_quarantine_rate",
    "default_persist_unlabeled_rate",
    "default_activation_unlabeled_rate",
    "default_benign_retention",
    "residual_after_purge",
    "receipt_completeness",
    "resurrection_after_resync",
}
# docs/METHODOLOGY.md: isolation, the seam's pointer budget, every trust count invariant, and
# the activation and persistence rates.
EXPECTED_ZERO = {
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


def test_registry_holds_exactly_the_core_and_trust_metrics() -> None:
    assert set(METRICS) == CORE | TRUST


def test_zero_gated_set_is_derived_from_the_methodology() -> None:
    assert ZERO_GATED_METRICS == EXPECTED_ZERO
    assert all(METRICS[name].direction == "lower" for name in ZERO_GATED_METRICS)


@pytest.mark.parametrize(
    ("name", "bound", "better"),
    [
        ("trust_label_accuracy", 1.0, "higher"),
        ("current_fact_accuracy", 1.0, "higher"),
        ("history_preserved", 1.0, "higher"),
        ("flagged_and_labeled_rate", 1.0, "higher"),
        ("receipt_completeness", 1.0, "higher"),
        ("benign_retention", 0.95, "higher"),
        ("default_benign_retention", 0.95, "higher"),
        ("false_quarantine_rate", 0.02, "lower"),
    ],
)
def test_bound_gated_metrics_carry_their_bound(name: str, bound: float, better: str) -> None:
    spec = metric(name)
    assert spec.gate == "bound"
    assert spec.bound == bound
    assert spec.direction == better
    assert spec.gated and not spec.zero_gated


def test_only_bound_metrics_have_a_bound() -> None:
    for spec in METRICS.values():
        assert (spec.bound is not None) == (spec.gate == "bound"), spec.name


def test_reported_only_metrics_are_not_gated() -> None:
    reported = {name for name, spec in METRICS.items() if not spec.gated}
    expected = {"avg_injected_tokens", "recall_cuts", "extraction_recall"}
    assert reported == expected | {"extraction_precision"}


def test_directions() -> None:
    assert direction("know_to_ask_failure_rate") == "lower"
    assert direction("push_recall") == "higher"
    assert is_lower_better("false_fire_rate")
    assert not is_lower_better("continuity_rate")


def test_unknown_metric_raises_with_the_name() -> None:
    with pytest.raises(ScoreRuntimeError, match="'no_such_metric'"):
        metric("no_such_metric")


def test_every_metric_names_known_suites_and_one_plain_line() -> None:
    for spec in METRICS.values():
        assert spec.suites and set(spec.suites) <= set(ALL_SUITES)
        assert spec.line and "\n" not in spec.line and spec.line.endswith(".")


def test_glossary_block_lists_every_metric_once_in_registry_order() -> None:
    block = glossary_block()
    assert list(block) == list(METRICS)
    assert block["push_recall"] == METRICS["push_recall"].line


def test_committed_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == render_glossary_markdown(), (
        "docs/METRIC_GLOSSARY.md is stale: run `uv run python -m bb_score.glossary --write`"
    )


def test_page_lists_every_metric() -> None:
    page = render_glossary_markdown()
    for name in METRICS:
        assert f"| `{name}` |" in page


def test_cli_check_passes_on_the_committed_page() -> None:
    assert main(["--check", "--path", str(PAGE)]) == 0


def test_cli_write_then_check_and_stale_detection(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "GLOSSARY.md"
    assert main(["--check", "--path", str(page)]) == 2
    assert main(["--write", "--path", str(page)]) == 0
    assert main(["--check", "--path", str(page)]) == 0
    page.write_text(page.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    assert main(["--check", "--path", str(page)]) == 1


def test_cli_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["--write", "--check"]) == 2
    capsys.readouterr()
