from __future__ import annotations

from bb_gate import baseline_from_result, baseline_set_from_result, dump_baseline, ratchet


def test_improvements_listed_and_tightened_baseline_offered(make_result, cells, edit_cells):
    better = make_result(
        edit_cells(cells, "codex/push", gold_failed=30, metrics={"push_recall": 0.7})
    )
    report = ratchet(better, baseline_from_result(make_result()))
    assert report.exit_code == 0 and report.blockers == []
    assert [(r.cell, r.metric) for r in report.improvements] == [
        ("codex/push", "gold_failed"),
        ("codex/push", "push_recall"),
    ]
    assert report.tightened is not None
    assert dump_baseline(report.tightened) == dump_baseline(baseline_from_result(better))


def test_no_improvement_still_bankable(make_result):
    report = ratchet(make_result(), baseline_from_result(make_result()))
    assert report.exit_code == 0 and report.improvements == []


def test_regression_blocks_banking(make_result, cells, edit_cells):
    mixed = make_result(
        edit_cells(
            edit_cells(cells, "codex/push", metrics={"push_recall": 0.7}),
            "openclaw/push",
            metrics={"push_precision": 0.9},
        )
    )
    report = ratchet(mixed, baseline_from_result(make_result()))
    assert report.tightened is None and report.exit_code == 1
    assert [(r.cell, r.metric) for r in report.blockers] == [("openclaw/push", "push_precision")]
    assert [(r.cell, r.metric) for r in report.improvements] == [("codex/push", "push_recall")]


def test_not_comparable_runs_cannot_be_banked(make_result):
    main = baseline_from_result(make_result())
    for run in (
        make_result(fixtures_hash="other"),
        make_result(include_holdout=True),
        make_result(seed_failures=(("fx", "err"),)),
    ):
        report = ratchet(run, main)
        assert report.tightened is None and report.exit_code == 2


def test_invariant_breach_blocks(make_result, cells, edit_cells):
    run = make_result(edit_cells(cells, "codex/push", metrics={"source_isolation_violations": 1}))
    report = ratchet(run, baseline_from_result(make_result()))
    assert report.tightened is None and report.exit_code == 1


ITEMS = {
    "codex/push": ["p-1#turn 1 a", "p-2#turn 2 b"],
    "openclaw/push": [],
    "openclaw/know-to-ask": [],
}


def _itemised(make_result, cells, edit_cells, failing, scorer="s"):
    failed = {**ITEMS, "codex/push": failing}
    return make_result(
        edit_cells(cells, "codex/push", gold_failed=len(failing)), failed=failed, scorer=scorer
    )


def test_a_swapped_item_blocks_banking(make_result, cells, edit_cells):
    main = baseline_set_from_result(_itemised(make_result, cells, edit_cells, ITEMS["codex/push"]))
    swapped = _itemised(make_result, cells, edit_cells, ["p-1#turn 1 a", "p-3#turn 1 c"])
    report = ratchet(swapped, main)
    assert report.exit_code == 1 and report.tightened is None
    assert [r.item for r in report.blockers] == ["p-3#turn 1 c"]
    assert [r.item for r in report.improvements] == ["p-2#turn 2 b"]


def test_banking_offers_the_sidecar_too(make_result, cells, edit_cells):
    main = baseline_set_from_result(_itemised(make_result, cells, edit_cells, ITEMS["codex/push"]))
    better = _itemised(make_result, cells, edit_cells, ["p-1#turn 1 a"])
    report = ratchet(better, main)
    assert report.exit_code == 0 and report.tightened_items is not None
    assert report.tightened_items.cells["codex/push"] == ["p-1#turn 1 a"]


def test_another_scorer_cannot_be_banked_by_the_ratchet(make_result, cells, edit_cells):
    main = baseline_set_from_result(_itemised(make_result, cells, edit_cells, ITEMS["codex/push"]))
    rescored = _itemised(make_result, cells, edit_cells, ITEMS["codex/push"], scorer="t")
    report = ratchet(rescored, main)
    assert report.exit_code == 2
    assert [(r.cell, r.metric) for r in report.blockers] == [("baseline", "scorer")]
