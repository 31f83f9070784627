"""The ways a change could approve itself, tried end to end in throwaway git repositories.

Each test plays the attack with tiny synthetic Results and committed baselines and runs
``bb-gate ci`` exactly as the project's CI does (``CI`` set, no ``--ref``: the ref is found
or the history is used). The exit code each attack gets is the contract:

- a self-blessed regression without origin: exit 2 with CI set and no history, exit 1
  against the previous baseline version;
- an item swap at equal counts: exit 1, both ids listed;
- a scorer change without a re-bless: exit 2;
- an honest improvement: exit 0, improvements listed.
"""

from __future__ import annotations

import json

import pytest
from bb_gate.cli import main

SCORER = "sha256:" + "1" * 64
NEW_SCORER = "sha256:" + "2" * 64
KTA = "openclaw/know-to-ask"
#: main's run: 5 of 40 know-to-ask turns fail.
FIVE = [f"kta-{n:03d}#turn 2" for n in (1, 4, 9, 12, 30)]
#: the regression: 13 fail (the 5 plus 8 more).
THIRTEEN = FIVE + [f"kta-{n:03d}#turn 3" for n in (2, 3, 5, 6, 7, 8, 10, 11)]


@pytest.fixture
def kta(make_result):
    def build(failing, scorer=SCORER, fixtures_hash="hash-a"):
        cell = {
            "harness": "openclaw",
            "suite": "know-to-ask",
            "gold_total": 40,
            "gold_failed": len(failing),
            "metrics": {"know_to_ask_failure_rate": len(failing) / 40, "false_fire_rate": 0.0},
        }
        return make_result(
            [cell], failed={KTA: failing}, scorer=scorer, fixtures_hash=fixtures_hash
        )

    return build


@pytest.fixture
def upstream(git_repo, kta):
    """main with a banked baseline of the 5-failure run (and a commit before it)."""
    git_repo.change_code("engine")
    git_repo.bless(kta(FIVE), "bank the baseline")
    return git_repo


def _ci(root, result_path, *extra, ci=True, monkeypatch):
    if ci:
        monkeypatch.setenv("CI", "1")
    else:
        monkeypatch.delenv("CI", raising=False)
    return main(["ci", "--current", str(result_path), "--repo", str(root), "--json", *extra])


def _verdict(capsys):
    return json.loads(capsys.readouterr().out)["verdict"]


def _items(verdict, kind):
    return [row["item"] for row in verdict["rows"] if row["kind"] == kind and row["item"]]


# --- 1. self-blessed regression without origin ---------------------------------------------


def test_self_blessed_regression_fails_against_the_previous_version(
    upstream, kta, write_result, capsys, monkeypatch
):
    upstream.bless(kta(THIRTEEN), "reflex tweak")  # 5 -> 13 failures, re-blessed, no reason
    assert _ci(upstream.root, write_result(kta(THIRTEEN)), monkeypatch=monkeypatch) == 1
    verdict = _verdict(capsys)
    assert verdict["reference"]["how"] == "history"
    assert verdict["status"] == "regression"
    assert sorted(_items(verdict, "regression")) == sorted(set(THIRTEEN) - set(FIVE))
    assert any("banks a regression" in m for m in verdict["messages"])


def test_self_blessed_regression_in_a_clone_without_history_exits_2_under_ci(
    upstream, kta, write_result, tmp_path, capsys, monkeypatch
):
    upstream.bless(kta(THIRTEEN), "reflex tweak")
    shallow = upstream.clone(tmp_path / "shallow", "--depth", "1")
    upstream.git_at(shallow, "remote", "remove", "origin")
    result = write_result(kta(THIRTEEN))
    assert _ci(shallow, result, monkeypatch=monkeypatch) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "git"
    assert "no usable reference" in error["message"] and "git fetch --unshallow" in error["message"]
    # Locally the gate still runs, against HEAD's own baseline, and says what it cannot see.
    assert _ci(shallow, result, ci=False, monkeypatch=monkeypatch) == 0
    verdict = _verdict(capsys)
    assert verdict["reference"]["how"] == "head"
    assert "cannot be seen" in verdict["reference"]["reason"]


def test_a_deepened_clone_finds_the_regression(
    upstream, kta, write_result, tmp_path, capsys, monkeypatch
):
    upstream.bless(kta(THIRTEEN), "reflex tweak")
    clone = upstream.clone(tmp_path / "ci", "--depth", "1")
    result = write_result(kta(THIRTEEN))
    assert _ci(clone, result, monkeypatch=monkeypatch) == 2  # origin/main is HEAD, no history
    capsys.readouterr()
    upstream.git_at(clone, "fetch", "-q", "--unshallow")
    assert _ci(clone, result, monkeypatch=monkeypatch) == 1


def test_ci_on_a_clone_of_main_compares_with_the_version_before_the_push(
    upstream, kta, write_result, tmp_path, capsys, monkeypatch
):
    # The push banks the regression and then adds a code-only commit on top of it.
    upstream.bless(kta(THIRTEEN), "reflex tweak")
    upstream.change_code("follow-up")
    clone = upstream.clone(tmp_path / "ci")
    assert _ci(clone, write_result(kta(THIRTEEN)), "--explain", monkeypatch=monkeypatch) == 1
    captured = capsys.readouterr()
    verdict = json.loads(captured.out)["verdict"]
    assert verdict["reference"]["ref"] == "origin/main"
    assert "resolves to HEAD itself" in verdict["reference"]["reason"]
    before_push = upstream.git("rev-parse", "HEAD~2").strip()
    assert verdict["reference"]["baseline_commit"] == before_push
    assert "how:      history" in captured.err and before_push[:12] in captured.err


def test_a_justified_bless_passes_and_the_reason_is_shown(
    upstream, kta, write_result, capsys, monkeypatch
):
    upstream.bless(kta(THIRTEEN), "reflex tweak", justification="precision over recall, see #12")
    assert _ci(upstream.root, write_result(kta(THIRTEEN)), monkeypatch=monkeypatch) == 0
    assert _verdict(capsys)["justification"] == "precision over recall, see #12"


# --- 2. item swap at equal counts ----------------------------------------------------------

SWAPPED = [*FIVE[:-1], "kta-031#turn 2"]  # fixes kta-030, breaks kta-031: still 5


@pytest.fixture
def feature(upstream):
    upstream.git("checkout", "-q", "-b", "feature")
    upstream.change_code("feature work")
    return upstream


def test_an_item_swap_at_equal_counts_fails_listing_both_ids(
    feature, kta, write_result, capsys, monkeypatch
):
    assert _ci(feature.root, write_result(kta(SWAPPED)), monkeypatch=monkeypatch) == 1
    verdict = _verdict(capsys)
    assert verdict["reference"]["how"] == "ref" and verdict["reference"]["ref"] == "main"
    assert _items(verdict, "regression") == ["kta-031#turn 2"]
    assert _items(verdict, "improvement") == ["kta-030#turn 2"]
    assert "gold_failed" not in [row["metric"] for row in verdict["rows"]]


def test_an_item_swap_blessed_without_a_reason_still_fails(
    feature, kta, write_result, capsys, monkeypatch
):
    feature.bless(kta(SWAPPED), "re-bless")
    assert _ci(feature.root, write_result(kta(SWAPPED)), monkeypatch=monkeypatch) == 1
    assert _items(_verdict(capsys), "regression") == ["kta-031#turn 2"]


# --- 3. scorer change without a re-bless ---------------------------------------------------


def test_a_scorer_change_without_a_rebless_exits_2(feature, kta, write_result, capsys, monkeypatch):
    assert _ci(feature.root, write_result(kta(FIVE, NEW_SCORER)), monkeypatch=monkeypatch) == 2
    verdict = _verdict(capsys)
    assert (verdict["mode"], verdict["status"]) == ("scorer-bless", "inconclusive")
    feature.bless(kta(FIVE, NEW_SCORER), "re-bless under the new scorer")
    assert _ci(feature.root, write_result(kta(FIVE, NEW_SCORER)), monkeypatch=monkeypatch) == 0


# --- 4. honest improvement -----------------------------------------------------------------


def test_an_honest_improvement_passes_and_is_listed(
    feature, kta, write_result, capsys, monkeypatch
):
    better = kta(FIVE[:3])
    assert _ci(feature.root, write_result(better), monkeypatch=monkeypatch) == 0
    verdict = _verdict(capsys)
    assert _items(verdict, "improvement") == ["kta-012#turn 2", "kta-030#turn 2"]
    improved = {row["metric"] for row in verdict["rows"] if row["kind"] == "improvement"}
    assert {"gold_failed", "know_to_ask_failure_rate"} <= improved
    feature.bless(better, "bank the improvement")
    assert _ci(feature.root, write_result(better), monkeypatch=monkeypatch) == 0


# --- deletion of the evidence --------------------------------------------------------------


def test_dropping_the_sidecar_is_refused(feature, write_result, kta, capsys, monkeypatch):
    (feature.root / feature.SIDECAR).unlink()
    assert _ci(feature.root, write_result(kta(FIVE)), monkeypatch=monkeypatch) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "refused" and "main.items.json" in error["message"]


def test_a_committed_deletion_on_main_is_refused_by_history(
    upstream, write_result, kta, capsys, monkeypatch
):
    upstream.git("rm", "-q", upstream.BASELINE, upstream.SIDECAR)
    upstream.git("commit", "-q", "-m", "drop the baseline")
    assert _ci(upstream.root, write_result(kta(THIRTEEN)), monkeypatch=monkeypatch) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "refused"
