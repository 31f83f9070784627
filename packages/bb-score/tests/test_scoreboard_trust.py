"""Memory-trust cells on the scoreboards: their own tables, and the sealed report apart."""

from __future__ import annotations

from bb_schema import FailedItem, ScoreCell
from bb_schema.result import SealedReport
from bb_score.scoreboard import render_html, render_markdown


def _cell(suite: str, harness: str, metrics: dict[str, float]) -> ScoreCell:
    return ScoreCell(suite=suite, harness=harness, seam="production", gold_total=4,  # type: ignore[arg-type]
                     gold_failed=1, metrics=metrics, fixtures=["f"])  # fmt: skip


CORE = _cell("push", "openclaw", {"push_precision": 1.0, "push_recall": 0.9})
TRUST = _cell("trust", "openclaw", {"trust_label_accuracy": 1.0, "laundering_violations": 0.0})
POISON = _cell("poisoning", "openclaw", {"poison_activation_rate": 0.25})


def test_trust_cells_get_their_own_tables_and_leave_the_core_table_alone() -> None:
    alone = render_markdown([CORE])
    mixed = render_markdown([CORE, TRUST, POISON])
    assert mixed.startswith(alone.rstrip("\n").split("\n\n")[0])
    core_header = mixed.split("\n")[0]
    assert "push_recall" in core_header and "laundering_violations" not in core_header
    assert "## Memory trust" in mixed
    trust_part = mixed.split("### trust")[1].split("### poisoning")[0]
    assert "laundering_violations" in trust_part and "poison_activation_rate" not in trust_part
    assert "| openclaw | production | poisoning | 0.2500 | 4 | 1 |" in mixed


def test_a_trust_only_run_starts_at_its_heading() -> None:
    text = render_markdown([TRUST])
    assert text.startswith("## Memory trust\n")


def test_the_sealed_report_is_shown_apart_and_marked_never_gated() -> None:
    miss = FailedItem(harness="openclaw", suite="poisoning", fixture_id="s", item="p1",
                      reason="poison_activation_rate: reaches harness:openclaw")  # fmt: skip
    sealed = SealedReport(fixtures_hash="abc123", cells=[POISON], failed_items=[miss])
    text = render_markdown([CORE], sealed=sealed)
    part = text.split("## Sealed adversarial set")[1]
    assert "never gated" in part and "abc123" in part and "p1" in part
    page = render_html([CORE], sealed=sealed)
    assert "Sealed adversarial set" in page and "never gated" in page
    assert render_html([CORE, TRUST]).count("<table>") == 2
