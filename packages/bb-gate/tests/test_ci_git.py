"""End to end: `bb-gate ci` in a throwaway git repo with a main and a feature branch."""

from __future__ import annotations

import json

import pytest
from bb_gate import baseline_from_result, dump_baseline
from bb_gate.cli import main


@pytest.fixture(autouse=True)
def _local(monkeypatch):
    monkeypatch.delenv("CI", raising=False)


@pytest.fixture
def repo(git_repo, make_result):
    """main carries the canonical baseline of the default run; HEAD is a feature branch."""
    git_repo.write_baseline(dump_baseline(baseline_from_result(make_result())))
    git_repo.commit("bank baseline", git_repo.BASELINE)
    git_repo.git("checkout", "-q", "-b", "feature")
    git_repo.change_code("feature work")
    return git_repo


def _ci(repo, result_path, *extra):
    return main(
        [
            "ci",
            "--current",
            str(result_path),
            "--ref",
            "main",
            "--repo",
            str(repo.root),
            "--json",
            *extra,
        ]
    )


def _verdict(capsys):
    return json.loads(capsys.readouterr().out)["verdict"]


def test_unchanged_feature_branch_passes(repo, make_result, write_result, capsys):
    assert _ci(repo, write_result(make_result())) == 0
    verdict = _verdict(capsys)
    assert (verdict["mode"], verdict["status"]) == ("same-hash", "pass")


def test_regressing_run_fails(repo, make_result, cells, edit_cells, write_result, capsys):
    worse = make_result(
        edit_cells(cells, "openclaw/push", gold_failed=2, metrics={"push_recall": 0.9})
    )
    assert _ci(repo, write_result(worse)) == 1
    assert {row["metric"] for row in _verdict(capsys)["rows"]} == {"gold_failed", "push_recall"}


def test_feature_branch_banks_regression_only_with_justification(
    repo, make_result, cells, edit_cells, write_result, capsys
):
    worse = make_result(edit_cells(cells, "openclaw/push", metrics={"push_recall": 0.9}))
    repo.write_baseline(dump_baseline(baseline_from_result(worse)))
    repo.commit("update baseline", repo.BASELINE)
    assert _ci(repo, write_result(worse)) == 1
    capsys.readouterr()
    repo.write_baseline(dump_baseline(baseline_from_result(worse, justification="precision first")))
    repo.commit("justify", repo.BASELINE)
    assert _ci(repo, write_result(worse)) == 0
    assert _verdict(capsys)["justification"] == "precision first"


def test_feature_branch_baseline_is_compared_against_main_not_itself(
    repo, make_result, cells, edit_cells, write_result, capsys
):
    # The PR lowers its own baseline by hand AND the run regresses to that level.
    worse = make_result(edit_cells(cells, "codex/push", gold_failed=50))
    lowered = baseline_from_result(make_result(edit_cells(cells, "codex/push", gold_failed=60)))
    repo.write_baseline(dump_baseline(lowered))
    assert _ci(repo, write_result(worse)) == 2
    assert _verdict(capsys)["status"] == "inconclusive"


def test_working_tree_deletion_refused(repo, make_result, write_result, capsys):
    repo.baseline_path.unlink()
    assert _ci(repo, write_result(make_result())) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "refused" and "deleted from the working tree" in error["message"]


def test_committed_deletion_refused(repo, make_result, write_result, capsys):
    repo.git("rm", "-q", repo.BASELINE)
    repo.git("commit", "-q", "-m", "drop the baseline")
    assert _ci(repo, write_result(make_result())) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "refused"


def test_unresolvable_ref_fails_hard(repo, make_result, write_result, capsys):
    code = main(
        [
            "ci",
            "--current",
            str(write_result(make_result())),
            "--ref",
            "origin/main",
            "--repo",
            str(repo.root),
            "--json",
        ]
    )
    assert code == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "git" and "'origin/main' does not resolve" in error["message"]


def test_option_like_ref_is_not_an_option(repo, make_result, write_result, capsys):
    assert _ci(repo, write_result(make_result()), "--ref=--all") == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "git" and "'--all' does not resolve" in error["message"]


def test_default_ref_and_cwd(repo, make_result, write_result, monkeypatch, capsys):
    repo.git("update-ref", "refs/remotes/origin/main", "main")
    monkeypatch.chdir(repo.root / "evals")
    assert main(["ci", "--current", str(write_result(make_result()))]) == 0


def test_first_landing_verified(git_repo, make_result, cells, edit_cells, write_result, capsys):
    git_repo.git("checkout", "-q", "-b", "feature")
    run = make_result()
    git_repo.write_baseline(dump_baseline(baseline_from_result(run)))
    assert _ci(git_repo, write_result(run)) == 0
    assert _verdict(capsys)["mode"] == "first-landing"
    other = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.9}))
    assert _ci(git_repo, write_result(other)) == 2


def test_ungated_only_without_any_baseline(git_repo, make_result, write_result, capsys):
    assert _ci(git_repo, write_result(make_result())) == 0
    verdict = _verdict(capsys)
    assert verdict["mode"] == "ungated" and any("ungated" in m for m in verdict["messages"])


def test_not_a_git_repo(tmp_path, make_result, write_result, capsys):
    (tmp_path / "plain").mkdir()
    code = main(
        [
            "ci",
            "--current",
            str(write_result(make_result())),
            "--repo",
            str(tmp_path / "plain"),
            "--json",
        ]
    )
    assert code == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "git"


@pytest.mark.parametrize("path", ["/etc/passwd", "../outside.json", ""])
def test_baseline_path_must_stay_in_repo(repo, make_result, write_result, path, capsys):
    assert _ci(repo, write_result(make_result()), "--baseline-path", path) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "usage"


def test_corrupt_main_baseline_is_named(repo, make_result, write_result, capsys):
    repo.git("checkout", "-q", "main")
    repo.write_baseline(b"{ not json")
    repo.commit("break", repo.BASELINE)
    repo.git("checkout", "-q", "feature")
    assert _ci(repo, write_result(make_result())) == 2
    assert (
        "the reference baseline main:evals/brainbench/baselines/main.json"
        in json.loads(capsys.readouterr().out)["error"]["message"]
    )
