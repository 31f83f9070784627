"""A breached zero-gated invariant fails any run, and names its items."""

from __future__ import annotations

import io
import json

from bb_cli._invariants import breaches, invariant_exit
from bb_cli._output import Output
from bb_schema import FailedItem, Meta, Receipt, Result, ScoreCell, SystemInfo


def _result(isolation: float, cuts: float) -> Result:
    cell = ScoreCell(
        suite="know-to-ask",
        harness="openclaw",
        seam="production",
        gold_total=1,
        gold_failed=0,
        metrics={"source_isolation_violations": isolation, "pointer_budget_cuts": cuts},
        fixtures=["f"],
    )
    items = [
        FailedItem(harness="openclaw", suite="know-to-ask", fixture_id="f", item="turn 1",
                   reason="source isolation: injected [x]", metric="source_isolation_violations"),
        FailedItem(harness="openclaw", suite="know-to-ask", fixture_id="f", item="turn 2",
                   reason="false fire", metric="false_fire_rate"),
    ]  # fmt: skip
    receipt = Receipt(
        result_schema_version=1, fixtures_hash="h", harness_sha="s", ts="t", cmd_args=[],
        seed=0, include_holdout=False, llm=False,
    )  # fmt: skip
    return Result(
        receipt=receipt, cells=[cell], turn_rows=[], seed_failures=[], meta=Meta(failed_items=items)
    )


def test_clean_invariants_pass() -> None:
    out = Output(json_mode=False, stdout=io.StringIO(), stderr=io.StringIO())
    assert breaches(_result(0.0, 0.0)) == []
    assert invariant_exit(_result(0.0, 0.0), out, "board") is None


def test_each_breach_exits_1_listing_only_its_own_items() -> None:
    found = breaches(_result(1.0, 3.0))
    assert [(b.cell, b.metric, b.value) for b in found] == [
        ("openclaw/know-to-ask", "pointer_budget_cuts", 3.0),
        ("openclaw/know-to-ask", "source_isolation_violations", 1.0),
    ]
    assert [item.item for item in found[1].items] == ["turn 1"]
    stdout, stderr = io.StringIO(), io.StringIO()
    code = invariant_exit(_result(1.0, 0.0), Output(True, stdout, stderr), "board")
    assert code == 1
    envelope = json.loads(stdout.getvalue())["error"]
    assert envelope["kind"] == "regression"
    assert envelope["errors"][0]["items"][0]["item"] == "turn 1"
    assert "f turn 1: source isolation" in stderr.getvalue()


def _trust_result(capabilities: list[str]) -> Result:
    cell = ScoreCell(
        suite="deletion", harness="mine", seam="contract", gold_total=1, gold_failed=1,
        metrics={"residual_after_purge": 1.0}, fixtures=["f"],
    )  # fmt: skip
    item = FailedItem(
        harness="mine", suite="deletion", fixture_id="f", item="purge-1",
        reason="receipt_completeness: no receipt; residual_after_purge: 1 left in unproven",
    )  # fmt: skip
    receipt = Receipt(
        result_schema_version=1, fixtures_hash="h", harness_sha="s", ts="t", cmd_args=[],
        seed=0, include_holdout=False, llm=False,
    )  # fmt: skip
    systems = {"mine": SystemInfo(name="mine", version="1", capabilities=capabilities)}
    return Result(
        receipt=receipt, cells=[cell], turn_rows=[], seed_failures=[],
        meta=Meta(failed_items=[item], systems=systems),
    )  # fmt: skip


def test_a_trust_breach_lists_the_items_its_reason_names() -> None:
    """A memory-trust item names the metrics it failed in its reason, not in ``metric``."""
    (found,) = breaches(_trust_result(["turn-context", "trust"]))
    assert [item.item for item in found.items] == ["purge-1"]


def test_a_system_without_the_trust_capability_is_told_so() -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = invariant_exit(_trust_result(["turn-context"]), Output(False, stdout, stderr), "b")
    assert code == 1
    assert "f purge-1: receipt_completeness" in stderr.getvalue()
    assert "mine (no trust)" in stderr.getvalue()
    stderr = io.StringIO()
    invariant_exit(
        _trust_result(["turn-context", "trust"]), Output(False, io.StringIO(), stderr), "b"
    )
    assert "no trust" not in stderr.getvalue()
