"""Each attack named in docs/METHODOLOGY.md "Gate governance" is caught."""

from __future__ import annotations

import json

import pytest
from bb_gate import baseline_from_result, compare, dump_baseline
from bb_gate.cli import main


@pytest.fixture(autouse=True)
def _local(monkeypatch):
    monkeypatch.delenv("CI", raising=False)


@pytest.fixture
def main_baseline(make_result):
    return baseline_from_result(make_result())


# --- self-approval by editing the committed baseline under the same hash -------------------


def test_hand_lowered_baseline_is_inconclusive(make_result, cells, edit_cells, main_baseline):
    regressed = make_result(
        edit_cells(cells, "codex/push", gold_failed=45, metrics={"push_recall": 0.53})
    )
    # The attacker lowers the numbers but not exactly to what the run produced.
    lowered = baseline_from_result(
        make_result(edit_cells(cells, "codex/push", gold_failed=50, metrics={"push_recall": 0.5}))
    )
    verdict = compare(regressed, main_baseline, lowered, ci=True)
    assert (verdict.exit_code, verdict.status) == (2, "inconclusive")


def test_receipts_backed_regression_without_justification_fails(
    make_result, cells, edit_cells, main_baseline
):
    regressed = make_result(
        edit_cells(cells, "codex/push", gold_failed=45, metrics={"push_recall": 0.53})
    )
    verdict = compare(regressed, main_baseline, baseline_from_result(regressed), ci=True)
    assert (verdict.exit_code, verdict.status) == (1, "regression")


def test_invariant_in_committed_baseline_cannot_be_banked(
    make_result, cells, edit_cells, main_baseline
):
    leaking = make_result(
        edit_cells(cells, "openclaw/push", metrics={"source_isolation_violations": 1})
    )
    committed = baseline_from_result(leaking, justification="it is fine")
    assert compare(leaking, main_baseline, committed, ci=True).exit_code == 1


def test_escape_hatch_not_available_to_ci(
    monkeypatch, make_result, cells, edit_cells, write_result, tmp_path
):
    regressed = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    main_file = tmp_path / "main.json"
    main_file.write_bytes(dump_baseline(baseline_from_result(make_result())))
    monkeypatch.setenv("CI", "1")
    argv = ["compare", "--current", str(write_result(regressed)), "--baseline", str(main_file)]
    assert main([*argv, "--allow-regression", "trust me"]) == 2


def test_duplicate_key_smuggling_rejected(
    tmp_path, main_baseline, make_result, write_result, capsys
):
    text = dump_baseline(main_baseline).decode()
    # A reviewer sees the first push_recall; a lenient parser would use the second.
    smuggled = text.replace(
        '"push_recall": 0.5938,', '"push_recall": 0.5938,\n      "push_recall": 0.1,'
    )
    path = tmp_path / "committed.json"
    path.write_text(smuggled, encoding="utf-8")
    main_file = tmp_path / "main.json"
    main_file.write_bytes(dump_baseline(main_baseline))
    argv = ["compare", "--current", str(write_result(make_result())), "--baseline", str(main_file)]
    assert main([*argv, "--committed", str(path), "--json"]) == 2
    assert "duplicate key 'push_recall'" in json.loads(capsys.readouterr().out)["error"]["message"]


# --- deleting the baseline on the working tree ---------------------------------------------


def test_deletion_refused_by_ci(git_repo, make_result, write_result, capsys):
    git_repo.write_baseline(dump_baseline(baseline_from_result(make_result())))
    git_repo.commit("bank", git_repo.BASELINE)
    git_repo.git("checkout", "-q", "-b", "feature")
    git_repo.change_code("feature work")
    git_repo.baseline_path.unlink()
    argv = [
        "ci",
        "--current",
        str(write_result(make_result())),
        "--ref",
        "main",
        "--repo",
        str(git_repo.root),
    ]
    assert main([*argv, "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "refused"


# --- holdout-inclusive or --llm baseline under the same hash -------------------------------


@pytest.mark.parametrize("flag", ["include_holdout", "llm"])
def test_config_swapped_committed_baseline(make_result, main_baseline, flag):
    other_config_run = make_result(**{flag: True})
    committed = baseline_from_result(other_config_run)
    # CI's own run uses the gate configuration: the committed file does not match it.
    assert compare(make_result(), main_baseline, committed, ci=True).exit_code == 2
    # And a run under the other configuration is not comparable to main at all.
    verdict = compare(other_config_run, main_baseline, committed, ci=True)
    assert (verdict.exit_code, verdict.status) == (2, "inconclusive")
    assert [row.metric for row in verdict.rows if row.kind == "config"] == [flag]


@pytest.mark.parametrize("flag", ["include_holdout", "llm"])
def test_config_swapped_main_baseline(make_result, flag):
    main = baseline_from_result(make_result(**{flag: True}))
    assert compare(make_result(), main, None, ci=True).status == "inconclusive"


# --- corpus hollowing at equal or lower gold_total ----------------------------------------


def test_hollowing_lower_gold_total(make_result, cells, edit_cells, main_baseline):
    # Drop the failing codex items: fewer gold items, fewer failures, better recall.
    hollow = make_result(
        edit_cells(cells, "codex/push", gold_total=57, gold_failed=0, metrics={"push_recall": 1.0}),
        fixtures_hash="hash-b",
    )
    verdict = compare(hollow, main_baseline, baseline_from_result(hollow), ci=True)
    assert verdict.exit_code == 1
    blocking = [(r.cell, r.metric) for r in verdict.rows if r.kind != "improvement"]
    assert blocking == [("codex/push", "gold_total")]


def test_hollowing_at_equal_total_gold(make_result, cells, edit_cells, main_baseline):
    # Same total (232) but the hard codex cell shrinks while an easy cell grows.
    moved = edit_cells(
        cells, "codex/push", gold_total=56, gold_failed=0, metrics={"push_recall": 1.0}
    )
    moved = edit_cells(moved, "openclaw/know-to-ask", gold_total=80)
    hollow = make_result(moved, fixtures_hash="hash-b")
    assert sum(c.gold_total for c in hollow.cells) == sum(c.gold_total for c in make_result().cells)
    verdict = compare(hollow, main_baseline, baseline_from_result(hollow), ci=True)
    assert verdict.exit_code == 1
    assert ("codex/push", "gold_total") in [(r.cell, r.metric) for r in verdict.rows]


def test_hollowing_by_dropping_a_cell(make_result, cells, main_baseline):
    hollow = make_result(cells[:2], fixtures_hash="hash-b", suites=["know-to-ask", "push"])
    verdict = compare(hollow, main_baseline, baseline_from_result(hollow), ci=True)
    assert verdict.exit_code == 1


def test_hollowing_same_hash_cannot_move_gold_total(make_result, cells, edit_cells, main_baseline):
    hollow = make_result(edit_cells(cells, "codex/push", gold_total=57, gold_failed=0))
    verdict = compare(
        hollow, main_baseline, baseline_from_result(hollow, justification="x"), ci=True
    )
    assert verdict.exit_code == 1


# --- doctored baseline with a foreign hash -------------------------------------------------


def test_foreign_hash_committed_baseline_same_corpus(make_result, main_baseline):
    doctored = main_baseline.model_copy(update={"fixtures_hash": "foreign"})
    verdict = compare(make_result(), main_baseline, doctored, ci=True)
    assert (verdict.mode, verdict.exit_code) == ("same-hash", 2)


def test_foreign_hash_committed_baseline_changed_corpus(make_result, main_baseline):
    run = make_result(fixtures_hash="hash-b")
    doctored = baseline_from_result(run).model_copy(update={"fixtures_hash": "foreign"})
    verdict = compare(run, main_baseline, doctored, ci=True)
    assert (verdict.mode, verdict.exit_code) == ("corpus-bless", 2)


def test_foreign_hash_does_not_choose_the_mode(make_result, cells, edit_cells, main_baseline):
    # A committed baseline claiming a new corpus cannot turn a same-hash regression into a
    # justified corpus-bless: the mode comes from the run's hash vs main's.
    regressed = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))
    doctored = baseline_from_result(regressed, justification="new corpus").model_copy(
        update={"fixtures_hash": "foreign"}
    )
    verdict = compare(regressed, main_baseline, doctored, ci=True)
    assert verdict.mode == "same-hash" and verdict.exit_code == 2
