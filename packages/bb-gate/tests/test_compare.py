"""One test (at least) per governance rule of compare()."""

from __future__ import annotations

import pytest
from bb_gate import Verdict, baseline_from_result, compare, render_verdict_markdown
from bb_gate.metrics import ZERO_GATED_METRICS


def _main(make_result, **kwargs):
    return baseline_from_result(make_result(**kwargs))


def _rows(verdict: Verdict, kind: str) -> list[tuple[str, str]]:
    return [(row.cell, row.metric) for row in verdict.rows if row.kind == kind]


def test_identical_run_passes(make_result):
    verdict = compare(make_result(), _main(make_result), None, ci=True)
    assert (verdict.exit_code, verdict.status, verdict.mode) == (0, "pass", "same-hash")
    assert verdict.rows == []


@pytest.mark.parametrize("metric", ZERO_GATED_METRICS)
def test_every_zero_gated_metric_breaches_whatever_the_baseline(
    metric, make_result, cells, edit_cells
):
    breached = edit_cells(cells, "openclaw/push", metrics={metric: 1.0})
    # Even a baseline (main and committed) that already carries the breach cannot bank it.
    main = _main(make_result, cells=breached)
    verdict = compare(make_result(breached), main, main, ci=False)
    assert verdict.exit_code == 1 and verdict.status == "regression"
    assert _rows(verdict, "invariant") == [("openclaw/push", metric)]


def test_invariant_breach_in_ungated_and_corpus_bless_runs(make_result, cells, edit_cells):
    breached = make_result(edit_cells(cells, "codex/push", metrics={"poison_persist_rate": 0.01}))
    assert compare(breached, None, None, ci=False).exit_code == 1
    blessed = baseline_from_result(breached, justification="new corpus")
    verdict = compare(breached, _main(make_result, fixtures_hash="old"), blessed, ci=False)
    assert verdict.mode == "corpus-bless" and verdict.exit_code == 1


def test_invariant_not_waived_by_allow_regression(make_result, cells, edit_cells):
    breached = make_result(
        edit_cells(cells, "codex/push", metrics={"source_isolation_violations": 2})
    )
    verdict = compare(breached, _main(make_result), None, allow_regression="testing", ci=False)
    assert verdict.exit_code == 1 and verdict.allowed_regression is None
    assert any("cannot be waived" in m for m in verdict.messages)


def test_seed_failure_invalidates_run(make_result):
    run = make_result(seed_failures=(("fx-001", "boom"),))
    verdict = compare(run, _main(make_result), None, ci=True)
    assert (verdict.exit_code, verdict.status) == (2, "error")
    assert _rows(verdict, "seed-failure") == [("seed", "fx-001")]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"include_holdout": True}, "include_holdout"),
        ({"llm": True}, "llm"),
        ({"harnesses": ["openclaw", "codex", "claude-code"]}, "harnesses"),
        ({"suites": ["push", "know-to-ask", "continuity"]}, "suites"),
    ],
)
def test_config_mismatch_is_inconclusive(make_result, kwargs, field):
    verdict = compare(make_result(**kwargs), _main(make_result), None, ci=True)
    assert (verdict.exit_code, verdict.status) == (2, "inconclusive")
    assert _rows(verdict, "config") == [("config", field)]


def test_same_hash_newly_failed_gold_item(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "openclaw/push", gold_failed=1))
    verdict = compare(run, _main(make_result), None, ci=True)
    assert verdict.exit_code == 1
    assert ("openclaw/push", "gold_failed") in _rows(verdict, "regression")


def test_same_hash_missing_cell(make_result, cells):
    verdict = compare(make_result(cells[:2]), _main(make_result), None, ci=True)
    # The suite set still matches (know-to-ask is configured), so the cell is simply missing.
    verdict_cfg = compare(
        make_result(cells[:2], suites=["push", "know-to-ask"]), _main(make_result), None, ci=True
    )
    assert verdict.status == "inconclusive"  # suite set derived from cells shrank
    assert verdict_cfg.exit_code == 1
    assert _rows(verdict_cfg, "coverage") == [("openclaw/know-to-ask", "(cell)")]


@pytest.mark.parametrize(
    ("key", "metric", "value"),
    [
        ("openclaw/push", "push_recall", 0.9499),
        ("codex/push", "push_precision", 0.99),
        ("openclaw/know-to-ask", "know_to_ask_failure_rate", 0.0001),
        ("openclaw/know-to-ask", "false_fire_rate", 0.02),
    ],
)
def test_same_hash_adverse_gated_move(make_result, cells, edit_cells, key, metric, value):
    run = make_result(edit_cells(cells, key, metrics={metric: value}))
    verdict = compare(run, _main(make_result), None, ci=True)
    assert verdict.exit_code == 1
    assert _rows(verdict, "regression") == [(key, metric)]


def test_moves_below_four_decimals_are_invisible(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.593751}))
    assert compare(run, _main(make_result), None, ci=True).exit_code == 0
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.59374}))
    assert compare(run, _main(make_result), None, ci=True).exit_code == 1


def test_ungated_metric_never_regresses(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "openclaw/push", metrics={"avg_injected_tokens": 900.0}))
    assert compare(run, _main(make_result), None, ci=True).exit_code == 0


def test_missing_gated_metric_is_a_regression(make_result, cells):
    cells[0]["metrics"].pop("source_isolation_violations")
    verdict = compare(make_result(cells), _main(make_result), None, ci=True)
    assert verdict.exit_code == 1
    assert _rows(verdict, "regression") == [("openclaw/push", "source_isolation_violations")]


@pytest.mark.parametrize("delta", [1, -1])
def test_same_hash_gold_total_change(make_result, cells, edit_cells, delta):
    run = make_result(edit_cells(cells, "openclaw/push", gold_total=96 + delta))
    verdict = compare(run, _main(make_result), None, ci=True)
    assert verdict.exit_code == 1
    assert _rows(verdict, "coverage") == [("openclaw/push", "gold_total")]


def test_same_hash_improvement_passes(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", gold_failed=30, metrics={"push_recall": 0.7}))
    verdict = compare(run, _main(make_result), None, ci=True)
    assert verdict.exit_code == 0
    # Improvements are listed, never blocking.
    assert _rows(verdict, "improvement") == [
        ("codex/push", "gold_failed"),
        ("codex/push", "push_recall"),
    ]
    assert [row.kind for row in verdict.rows] == ["improvement", "improvement"]


def test_committed_equal_to_main_is_ignored(make_result, cells, edit_cells):
    main = baseline_from_result(make_result(), justification="old reason")
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    verdict = compare(run, main, main, ci=True)
    # main's old justification does not excuse a new regression.
    assert verdict.exit_code == 1 and verdict.justification is None


def test_same_hash_committed_edit_must_match_run(make_result, cells, edit_cells):
    main = _main(make_result)
    edited = _main(make_result, cells=edit_cells(cells, "codex/push", metrics={"push_recall": 0.4}))
    verdict = compare(make_result(), main, edited, ci=True)
    assert (verdict.exit_code, verdict.status) == (2, "inconclusive")
    assert any("--update-baseline" in m for m in verdict.messages)


def test_mismatch_rows_name_each_lie(make_result, cells, edit_cells):
    lie = edit_cells(cells, "codex/push", gold_failed=1, metrics={"push_recall": 0.4})
    verdict = compare(make_result(), _main(make_result), _main(make_result, cells=lie), ci=True)
    rows = {(r.cell, r.metric): r for r in verdict.rows if r.kind == "baseline"}
    assert set(rows) == {("codex/push", "push_recall"), ("codex/push", "gold_failed")}
    assert rows[("codex/push", "push_recall")].detail == (
        "committed baseline says 0.4, this run 0.5938"
    )


def test_same_hash_receipts_backed_improvement_passes(make_result, cells, edit_cells):
    better = edit_cells(cells, "codex/push", gold_failed=30, metrics={"push_recall": 0.7})
    verdict = compare(
        make_result(better), _main(make_result), _main(make_result, cells=better), ci=True
    )
    assert verdict.exit_code == 0


def test_same_hash_receipts_backed_regression_needs_justification(make_result, cells, edit_cells):
    worse = edit_cells(cells, "codex/push", gold_failed=45, metrics={"push_recall": 0.5})
    run = make_result(worse)
    unjustified = compare(run, _main(make_result), baseline_from_result(run), ci=True)
    assert unjustified.exit_code == 1
    blank = compare(run, _main(make_result), baseline_from_result(run, justification="  "), ci=True)
    assert blank.exit_code == 1
    justified = compare(
        run, _main(make_result), baseline_from_result(run, justification="trade recall"), ci=True
    )
    assert (justified.exit_code, justified.justification) == (0, "trade recall")
    assert all(row.waived for row in justified.rows)


def test_same_hash_gold_total_change_not_justifiable(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "openclaw/push", gold_total=90))
    committed = baseline_from_result(run, justification="fewer items")
    assert compare(run, _main(make_result), committed, ci=True).exit_code == 1


def test_corpus_bless_requires_committed_match(make_result):
    main = _main(make_result, fixtures_hash="old")
    missing = compare(make_result(), main, None, ci=True)
    stale = compare(make_result(), main, main, ci=True)
    for verdict in (missing, stale):
        assert (verdict.mode, verdict.exit_code, verdict.status) == (
            "corpus-bless",
            2,
            "inconclusive",
        )
        assert any("--update-baseline" in m for m in verdict.messages)


def test_corpus_bless_clean_passes(make_result):
    run = make_result()
    verdict = compare(
        run, _main(make_result, fixtures_hash="old"), baseline_from_result(run), ci=True
    )
    assert (verdict.mode, verdict.exit_code) == ("corpus-bless", 0)


def test_corpus_bless_adverse_move_needs_justification(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "openclaw/push", metrics={"push_recall": 0.9}))
    main = _main(make_result, fixtures_hash="old")
    assert compare(run, main, baseline_from_result(run), ci=True).exit_code == 1
    verdict = compare(
        run, main, baseline_from_result(run, justification="harder fixtures"), ci=True
    )
    assert (verdict.exit_code, verdict.justification) == (0, "harder fixtures")
    assert "harder fixtures" in render_verdict_markdown(verdict)


@pytest.mark.parametrize("shrink", ["gold_total", "cell"])
def test_corpus_bless_shrunken_coverage_needs_justification(make_result, cells, edit_cells, shrink):
    if shrink == "gold_total":
        new_cells = edit_cells(cells, "openclaw/know-to-ask", gold_total=39)
        run = make_result(new_cells)
    else:
        run = make_result(cells[:2], suites=["push", "know-to-ask"])
    main = _main(make_result, fixtures_hash="old")
    verdict = compare(run, main, baseline_from_result(run), ci=True)
    assert verdict.exit_code == 1 and _rows(verdict, "coverage")
    ok = compare(run, main, baseline_from_result(run, justification="retired fixture"), ci=True)
    assert ok.exit_code == 0


def test_corpus_bless_growing_gold_total_is_fine(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "openclaw/push", gold_total=120))
    verdict = compare(
        run, _main(make_result, fixtures_hash="old"), baseline_from_result(run), ci=True
    )
    assert verdict.exit_code == 0


def test_allow_regression_locally(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    verdict = compare(run, _main(make_result), None, allow_regression="bisecting", ci=False)
    assert (verdict.exit_code, verdict.status, verdict.allowed_regression) == (
        0,
        "pass",
        "bisecting",
    )
    assert all(row.waived for row in verdict.rows)


def test_allow_regression_refused_in_ci(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    verdict = compare(run, _main(make_result), None, allow_regression="bisecting", ci=True)
    assert (verdict.exit_code, verdict.status, verdict.allowed_regression) == (2, "error", None)
    assert any("refused in CI" in m for m in verdict.messages)


def test_allow_regression_needs_reason(make_result):
    verdict = compare(make_result(), _main(make_result), None, allow_regression=" ", ci=False)
    assert verdict.exit_code == 2


def test_allow_regression_does_not_rescue_inconclusive(make_result):
    verdict = compare(
        make_result(llm=True), _main(make_result), None, allow_regression="x", ci=False
    )
    assert verdict.exit_code == 2


def test_ungated_without_any_baseline(make_result):
    verdict = compare(make_result(), None, None, ci=True)
    assert (verdict.mode, verdict.exit_code, verdict.status) == ("ungated", 0, "pass")
    assert any("ungated" in m for m in verdict.messages)


def test_first_landing_must_match(make_result, cells, edit_cells):
    run = make_result()
    ok = compare(run, None, baseline_from_result(run), ci=True)
    assert (ok.mode, ok.exit_code) == ("first-landing", 0)
    lie = baseline_from_result(
        make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 1.0}))
    )
    bad = compare(run, None, lie, ci=True)
    assert (bad.mode, bad.exit_code, bad.status) == ("first-landing", 2, "inconclusive")


def test_verdict_is_strict_and_serializable(make_result):
    verdict = compare(make_result(), None, None, ci=True)
    data = verdict.model_dump(mode="json")
    assert Verdict.model_validate(data) == verdict
    with pytest.raises(ValueError):
        Verdict.model_validate({**data, "extra": 1})


def test_markdown_table_columns(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    text = render_verdict_markdown(compare(run, _main(make_result), None, ci=True))
    assert "| cell | metric | main | current | detail |" in text
    assert "| codex/push | push_recall | 0.5938 | 0.5000 | adverse move |" in text


def test_compare_does_not_touch_the_result(make_result):
    run = make_result()
    before = run.model_dump(by_alias=True)
    compare(run, _main(make_result), None, ci=True)
    assert run.model_dump(by_alias=True) == before
