"""Which reference `bb-gate ci` picks, and why: refs, the environment, history, shallow clones."""

from __future__ import annotations

import json

import pytest
from bb_gate import (
    GateUserError,
    baseline_set_from_result,
    select_reference,
    write_baseline_set,
)
from bb_gate.cli import main

PATHS = ("evals/brainbench/baselines/main.json", "evals/brainbench/baselines/main.items.json")


def _select(repo, ref=None, ci=False, env=None):
    return select_reference(repo.root, PATHS, ref=ref, ci=ci, env=env or {})


@pytest.fixture
def banked(git_repo, make_result):
    git_repo.change_code("engine")
    git_repo.bless(make_result(scorer="s"), "bank")
    return git_repo


def _head(repo, rev="HEAD"):
    return repo.git("rev-parse", rev).strip()


def test_a_separate_main_is_the_reference(banked):
    banked.git("checkout", "-q", "-b", "feature")
    banked.change_code("work")
    reference = _select(banked)
    assert (reference.how, reference.ref) == ("ref", "main")
    assert reference.baseline_commit == _head(banked, "main") != reference.head


def test_origin_main_wins_over_main_and_the_environment_over_both(banked):
    banked.git("checkout", "-q", "-b", "feature")
    banked.change_code("work")
    banked.git("update-ref", "refs/remotes/origin/main", "main~1")
    assert _select(banked).ref == "origin/main"
    assert _select(banked, env={"BRAINBENCH_GATE_REF": "main"}).ref == "main"
    assert _select(banked, ref="main~1", env={"BRAINBENCH_GATE_REF": "main"}).ref == "main~1"


def test_a_named_ref_that_does_not_resolve_fails_hard(banked):
    with pytest.raises(GateUserError, match="'release' does not resolve"):
        _select(banked, env={"BRAINBENCH_GATE_REF": "release"})


def test_main_being_head_means_the_previous_version(banked, make_result):
    banked.bless(make_result(scorer="t"), "re-bless")
    banked.change_code("later")
    reference = _select(banked)
    assert (reference.how, reference.ref) == ("history", "main")
    assert reference.baseline_commit == _head(banked, "HEAD~2")
    assert "resolves to HEAD itself" in reference.reason


def test_no_main_at_all_also_means_history(banked, make_result):
    banked.git("branch", "-m", "main", "trunk")
    reference = _select(banked)
    assert reference.how == "history" and reference.ref is None
    assert "no separate main here" in reference.reason
    # The baseline was added by HEAD: the previous version is its parent, which has none.
    assert reference.baseline_commit == _head(banked, "HEAD~1")


def test_a_merge_is_judged_against_its_first_parent(banked, make_result):
    banked.git("checkout", "-q", "-b", "feature")
    banked.bless(make_result(scorer="t"), "feature bless")
    banked.git("checkout", "-q", "main")
    banked.change_code("meanwhile on main")
    before_merge = _head(banked)
    banked.git("merge", "-q", "--no-ff", "feature", "-m", "merge feature")
    assert _select(banked).baseline_commit == before_merge


def test_a_baseline_added_by_the_root_commit_has_no_previous_version(
    git_repo, tmp_path, make_result
):
    root = tmp_path / "rooted"
    root.mkdir()
    git_repo.git_at(root, "init", "-q", "-b", "main")
    write_baseline_set(root / PATHS[0], baseline_set_from_result(make_result(scorer="s")))
    git_repo.git_at(root, "add", "-A")
    git_repo.git_at(root, "commit", "-q", "-m", "root")
    reference = select_reference(root, PATHS, ref=None, ci=True, env={})
    assert reference.how == "history" and reference.baseline_commit is None
    assert "root commit" in reference.reason


def test_history_without_any_baseline_has_none(git_repo):
    git_repo.change_code("engine")
    reference = _select(git_repo)
    assert reference.how == "history" and reference.baseline_commit is None


def test_a_shallow_clone_is_refused_under_ci_and_falls_back_to_head_locally(banked, tmp_path):
    clone = banked.clone(tmp_path / "shallow", "--depth", "1")
    with pytest.raises(GateUserError, match="no usable reference baseline"):
        select_reference(clone, PATHS, ref=None, ci=True, env={})
    local = select_reference(clone, PATHS, ref=None, ci=False, env={})
    assert local.how == "head" and local.baseline_commit == local.head


def test_a_deep_enough_shallow_clone_is_usable(banked, make_result, tmp_path):
    banked.bless(make_result(scorer="t"), "re-bless")
    clone = banked.clone(tmp_path / "shallow", "--depth", "2")
    reference = select_reference(clone, PATHS, ref=None, ci=True, env={})
    assert reference.how == "history" and reference.baseline_commit == _head(banked, "HEAD~1")


def test_the_reference_command_prints_the_choice(banked, capsys):
    assert main(["reference", "--repo", str(banked.root)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bb-gate ci: reference baseline\n")
    assert "how:      history" in out and "ref:      main ->" in out
    assert main(["reference", "--repo", str(banked.root), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)["reference"]
    assert document["how"] == "history" and document["head"] == _head(banked)


def test_the_reference_command_fails_fast_under_ci_without_history(
    banked, tmp_path, capsys, monkeypatch
):
    clone = banked.clone(tmp_path / "shallow", "--depth", "1")
    monkeypatch.setenv("CI", "true")
    assert main(["reference", "--repo", str(clone), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "git"


def test_an_empty_repository_has_nothing_to_gate_against(git_repo, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    git_repo.git_at(tmp_path / "empty", "init", "-q")
    assert main(["reference", "--repo", str(tmp_path / "empty"), "--json"]) == 2
    assert "no commit yet" in json.loads(capsys.readouterr().out)["error"]["message"]
