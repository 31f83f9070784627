"""compare() item by item and bound to the scorer: the rules the sidecar adds."""

from __future__ import annotations

import pytest
from bb_gate import BaselineSet, baseline_set_from_result, compare, render_verdict_markdown
from bb_schema import ScorerDigest

SCORER = "sha256:" + "a" * 64
OTHER_SCORER = "sha256:" + "b" * 64
BASE = {
    "codex/push": ["push-001#turn 2 people/ana", "push-002#turn 4 people/bo"],
    "openclaw/know-to-ask": [],
    "openclaw/push": [],
}


@pytest.fixture
def run(make_result, cells, edit_cells):
    """A Result whose codex/push cell lists its failures; ``swap`` etc. vary them."""

    def build(failed=None, scorer=SCORER, fixtures_hash="hash-a", **cell_changes):
        failed = BASE if failed is None else failed
        changes = {"gold_failed": len(failed["codex/push"]), **cell_changes}
        return make_result(
            edit_cells(cells, "codex/push", **changes),
            failed=failed,
            scorer=scorer,
            fixtures_hash=fixtures_hash,
        )

    return build


def _items(verdict, kind):
    return [(row.cell, row.item) for row in verdict.rows if row.kind == kind and row.item]


def test_same_run_same_items_passes(run):
    main = baseline_set_from_result(run())
    verdict = compare(run(), main, main, ci=True)
    assert (verdict.exit_code, verdict.mode, verdict.rows) == (0, "same-hash", [])
    assert verdict.scorer == verdict.main_scorer == SCORER


def test_an_item_swap_at_equal_counts_fails_and_names_both(run):
    main = baseline_set_from_result(run())
    swapped = run(
        {**BASE, "codex/push": ["push-001#turn 2 people/ana", "push-003#turn 1 people/cy"]}
    )
    verdict = compare(swapped, main, main, ci=True)
    assert verdict.exit_code == 1 and verdict.status == "regression"
    assert not [row for row in verdict.rows if row.metric == "gold_failed"]  # counts are equal
    assert _items(verdict, "regression") == [("codex/push", "push-003#turn 1 people/cy")]
    assert _items(verdict, "improvement") == [("codex/push", "push-002#turn 4 people/bo")]
    text = render_verdict_markdown(verdict)
    assert "| codex/push | item `push-003#turn 1 people/cy` | pass | fail |" in text
    assert "### Improvements (1)" in text


def test_a_newly_failing_item_in_a_passing_cell_fails(run):
    main = baseline_set_from_result(run())
    worse = run({**BASE, "openclaw/push": ["push-009#turn 1 people/dee"]})
    verdict = compare(worse, main, None, ci=False)
    assert verdict.exit_code == 1
    assert _items(verdict, "regression") == [("openclaw/push", "push-009#turn 1 people/dee")]


def test_newly_passing_items_are_listed_as_improvements(run):
    main = baseline_set_from_result(run())
    better = run({**BASE, "codex/push": ["push-001#turn 2 people/ana"]})
    verdict = compare(better, main, main, ci=True)
    assert verdict.exit_code == 0
    assert _items(verdict, "improvement") == [("codex/push", "push-002#turn 4 people/bo")]


def test_a_receipts_backed_swap_needs_a_justification(run):
    main = baseline_set_from_result(run())
    swapped = run(
        {**BASE, "codex/push": ["push-001#turn 2 people/ana", "push-003#turn 1 people/cy"]}
    )
    assert compare(swapped, main, baseline_set_from_result(swapped), ci=True).exit_code == 1
    justified = baseline_set_from_result(swapped, justification="cy's alias is ambiguous now")
    verdict = compare(swapped, main, justified, ci=True)
    assert verdict.exit_code == 0 and verdict.justification == "cy's alias is ambiguous now"
    assert all(row.waived for row in verdict.rows if row.kind == "regression")


def test_a_tampered_committed_sidecar_is_inconclusive(run):
    main = baseline_set_from_result(run())
    worse = run({**BASE, "openclaw/push": ["push-009#turn 1 people/dee"]})
    honest = baseline_set_from_result(worse, justification="x")
    assert honest.items is not None
    hidden = honest.items.model_copy(update={"cells": {**honest.items.cells, "openclaw/push": []}})
    verdict = compare(worse, main, BaselineSet(honest.baseline, hidden), ci=True)
    assert verdict.exit_code == 2
    rows = [(row.cell, row.metric) for row in verdict.rows if row.kind == "baseline"]
    assert rows == [("openclaw/push", "(items)")]


def test_a_committed_update_without_its_sidecar_is_inconclusive(run):
    main = baseline_set_from_result(run())
    better = run({**BASE, "codex/push": ["push-001#turn 2 people/ana"]})
    verdict = compare(better, main, baseline_set_from_result(better).baseline, ci=True)
    assert verdict.exit_code == 2
    assert ("items", "(sidecar)") in [(row.cell, row.metric) for row in verdict.rows]


def test_an_older_reference_without_sidecar_compares_counts_with_a_notice(run):
    main = baseline_set_from_result(run()).baseline
    swapped = run(
        {**BASE, "codex/push": ["push-001#turn 2 people/ana", "push-003#turn 1 people/cy"]}
    )
    verdict = compare(swapped, main, main, ci=True)
    assert verdict.exit_code == 0 and verdict.mode == "same-hash"
    assert any("no item sidecar" in message for message in verdict.messages)
    worse = run({**BASE, "codex/push": [*BASE["codex/push"], "push-003#turn 1 people/cy"]})
    assert compare(worse, main, main, ci=True).exit_code == 1  # gold_failed went up


def test_landing_the_first_sidecar_must_match_the_run(run):
    main = baseline_set_from_result(run()).baseline
    landed = baseline_set_from_result(run())
    assert compare(run(), main, landed, ci=True).exit_code == 0
    stale = baseline_set_from_result(run(scorer=OTHER_SCORER))
    assert compare(run(), main, stale, ci=True).exit_code == 2


def test_a_cell_that_does_not_list_its_failures_is_compared_by_counts(run):
    unlisted = {**BASE, "codex/push": []}  # gold_failed stays 2, nothing listed
    main = baseline_set_from_result(run(unlisted, gold_failed=2))
    verdict = compare(run(unlisted, gold_failed=2), main, main, ci=True)
    assert verdict.exit_code == 0
    assert any("compared by counts only" in m and "codex/push" in m for m in verdict.messages)


# --- the bound scorer ----------------------------------------------------------------------


def test_a_scorer_change_without_a_rebless_is_inconclusive(run):
    main = baseline_set_from_result(run())
    verdict = compare(run(scorer=OTHER_SCORER), main, main, ci=True)
    assert (verdict.exit_code, verdict.mode) == (2, "scorer-bless")
    assert ("items", "scorer") in [(row.cell, row.metric) for row in verdict.rows]
    assert verdict.main_scorer == SCORER and verdict.scorer == OTHER_SCORER


def test_a_scorer_change_with_nothing_committed_is_inconclusive(run):
    main = baseline_set_from_result(run())
    assert compare(run(scorer=OTHER_SCORER), main, None, ci=True).exit_code == 2


def test_a_reblessed_scorer_change_that_moves_nothing_passes(run):
    main = baseline_set_from_result(run())
    rescored = run(scorer=OTHER_SCORER)
    verdict = compare(rescored, main, baseline_set_from_result(rescored), ci=True)
    assert (verdict.exit_code, verdict.mode) == (0, "scorer-bless")


def test_a_reblessed_scorer_change_that_moves_numbers_needs_a_justification(run):
    main = baseline_set_from_result(run())
    rescored = run(
        {**BASE, "codex/push": [*BASE["codex/push"], "push-004#turn 3 people/eve"]},
        scorer=OTHER_SCORER,
        metrics={"push_recall": 0.5},
        gold_total=97,
    )
    verdict = compare(rescored, main, baseline_set_from_result(rescored), ci=True)
    assert (verdict.exit_code, verdict.mode) == (1, "scorer-bless")
    assert ("codex/push", "push-004#turn 3 people/eve") in _items(verdict, "regression")
    # gold_total may move under a new scorer (only shrinking needs the justification).
    assert "gold_total" not in [row.metric for row in verdict.rows]
    justified = baseline_set_from_result(rescored, justification="recall counts aliases now")
    assert compare(rescored, main, justified, ci=True).exit_code == 0


def test_a_result_without_a_scorer_cannot_claim_the_reference_one(run):
    main = baseline_set_from_result(run())
    verdict = compare(run(scorer=None), main, main, ci=True)
    assert (verdict.exit_code, verdict.mode) == (2, "scorer-bless")


def test_a_same_scorer_from_another_version_string_is_another_scorer(run):
    main = baseline_set_from_result(run())
    assert main.items is not None
    relabelled = main.items.model_copy(
        update={"scorer": ScorerDigest(version="9.9.9", digest=SCORER)}
    )
    verdict = compare(run(), BaselineSet(main.baseline, relabelled), None, ci=True)
    assert verdict.mode == "scorer-bless"


def test_a_changed_corpus_lists_items_and_needs_the_justification(run):
    main = baseline_set_from_result(run())
    moved = run({**BASE, "openclaw/push": ["push-010#turn 1 people/fay"]}, fixtures_hash="hash-b")
    verdict = compare(moved, main, baseline_set_from_result(moved), ci=True)
    assert (verdict.exit_code, verdict.mode) == (1, "corpus-bless")
    assert _items(verdict, "regression") == [("openclaw/push", "push-010#turn 1 people/fay")]
    justified = baseline_set_from_result(moved, justification="new fixture family")
    assert compare(moved, main, justified, ci=True).exit_code == 0
