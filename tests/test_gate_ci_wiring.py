"""The project's CI runs the gate: .ci/run -> scripts/test -> `uv run nox` -> the gate session.

Dropping the gate from the default sessions, or letting it compare a baseline with itself,
would turn CI green without ever judging a run; these pin the wiring. The gate session runs
for real on clean clones of throwaway repositories (full, shallow, without a remote), with
only the benchmark replaced by a tiny synthetic Result.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from bb_gate import baseline_set_from_result, write_baseline_set
from bb_gate.cli import main as gate_main
from bb_schema import FailedItem, Meta, Receipt, Result, ScoreCell, ScorerDigest

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _noxfile() -> ModuleType:
    # Loaded once: nox registers sessions globally and warns when a name comes back.
    spec = importlib.util.spec_from_file_location("brainbench_noxfile", ROOT / "noxfile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_entry_runs_the_default_nox_sessions_including_the_gate_last() -> None:
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'exec uv run nox "$@"' in (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    sessions = _noxfile().nox.options.sessions
    assert sessions[-1] == "gate"
    assert {"lint", "typecheck", "tests"} <= set(sessions)


GIT_ENV = {
    **os.environ,
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Bench Test",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "Bench Test",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}
BASELINE = Path("evals/brainbench/baselines/main.json")
SCORER = ScorerDigest(version="0.1.0", digest="sha256:" + "5" * 64)
FIVE = [f"kta-{n:03d}#turn 2" for n in (1, 4, 9, 12, 30)]
THIRTEEN = FIVE + [f"kta-{n:03d}#turn 3" for n in (2, 3, 5, 6, 7, 8, 10, 11)]


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=GIT_ENV
    )
    return done.stdout


def _run(failing: list[str]) -> Result:
    """A tiny synthetic Result: one know-to-ask cell failing the listed items."""
    receipt = Receipt(
        result_schema_version=1, fixtures_hash="hash-a", harness_sha="x", ts="t",
        cmd_args=[], seed=0, include_holdout=False, llm=False,
    )  # fmt: skip
    cell = ScoreCell(
        suite="know-to-ask", harness="openclaw", seam="production", gold_total=40,
        gold_failed=len(failing), fixtures=[],
        metrics={"know_to_ask_failure_rate": len(failing) / 40, "false_fire_rate": 0.0},
    )  # fmt: skip
    failed = [
        FailedItem(harness="openclaw", suite="know-to-ask", fixture_id=ident.partition("#")[0],
                   item=ident.partition("#")[2], reason="r")
        for ident in failing
    ]  # fmt: skip
    meta = Meta(failed_items=failed, scorer=SCORER)
    return Result(receipt=receipt, cells=[cell], turn_rows=[], seed_failures=[], _meta=meta)


def _bless(repo: Path, failing: list[str], message: str) -> None:
    write_baseline_set(repo / BASELINE, baseline_set_from_result(_run(failing)))
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", message)


@pytest.fixture
def upstream(tmp_path: Path) -> Path:
    """A repository whose main banked the 5-failure baseline after some history."""
    repo = tmp_path / "upstream"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("bench\n", encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "init")
    _bless(repo, FIVE, "bank the baseline")
    return repo


def _clone(upstream: Path, target: Path, *flags: str) -> Path:
    subprocess.run(
        ["git", "clone", "-q", *flags, f"file://{upstream}", str(target)],
        check=True, capture_output=True, env=GIT_ENV,
    )  # fmt: skip
    return target


class _Failed(Exception):
    pass


class _FakeSession:
    """Stands in for nox: `brainbench run` writes the synthetic Result, `bb-gate` really runs."""

    def __init__(self, result: Result) -> None:
        self.result = result
        self.calls: list[list[str]] = []
        self.logs: list[str] = []

    def log(self, message: str) -> None:
        self.logs.append(message)

    def run(self, *args: str, **_: Any) -> None:
        self.calls.append(list(args))
        if args[0] == "brainbench":
            out = Path(args[list(args).index("--out") + 1])
            out.write_text(self.result.model_dump_json(by_alias=True), encoding="utf-8")
            return
        assert args[0] == "bb-gate"
        code = gate_main(list(args[1:]))
        if code != 0:
            raise _Failed(f"bb-gate exited {code}")


def _gate(clone: Path, result: Result, monkeypatch: pytest.MonkeyPatch) -> _FakeSession:
    noxfile = _noxfile()
    monkeypatch.setattr(noxfile, "ROOT", clone)
    session = _FakeSession(result)
    noxfile.gate.func(session)
    return session


@pytest.fixture
def in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "1")
    monkeypatch.delenv("BRAINBENCH_GATE_REF", raising=False)


def _shallow(repo: Path) -> bool:
    return _git(repo, "rev-parse", "--is-shallow-repository").strip() == "true"


def test_deepening_fetches_history_only_from_a_remote(
    upstream: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    noxfile = _noxfile()
    with_remote = _clone(upstream, tmp_path / "a", "--depth", "1")
    without = _clone(upstream, tmp_path / "b", "--depth", "1")
    _git(without, "remote", "remove", "origin")
    logs: list[str] = []
    for clone in (with_remote, without):
        monkeypatch.setattr(noxfile, "ROOT", clone)
        noxfile.deepen_if_shallow(logs.append)
    assert not _shallow(with_remote) and _shallow(without)
    assert any("git fetch --unshallow" in line for line in logs)
    assert any("without a remote" in line for line in logs)


@pytest.mark.usefixtures("in_ci")
@pytest.mark.parametrize("depth", [(), ("--depth", "1")], ids=["clone", "shallow-clone"])
def test_ci_passes_on_a_clean_clone_of_main(
    upstream: Path, tmp_path: Path, depth: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    clone = _clone(upstream, tmp_path / "ci", *depth)
    session = _gate(clone, _run(FIVE), monkeypatch)
    commands = [call[:2] for call in session.calls]
    assert commands == [["bb-gate", "reference"], ["brainbench", "run"], ["bb-gate", "ci"]]
    assert "--ref" not in session.calls[2] and "--explain" in session.calls[2]
    verdict = json.loads((clone / ".nox" / "gate" / "verdict.json").read_text(encoding="utf-8"))
    assert verdict["reference"]["how"] == "history" and verdict["exit_code"] == 0


@pytest.mark.usefixtures("in_ci")
def test_ci_on_main_fails_a_self_blessed_regression(
    upstream: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _bless(upstream, THIRTEEN, "reflex tweak")  # 5 -> 13 failures, no justification
    clone = _clone(upstream, tmp_path / "ci", "--depth", "1")
    with pytest.raises(_Failed, match="exited 1"):
        _gate(clone, _run(THIRTEEN), monkeypatch)


@pytest.mark.usefixtures("in_ci")
def test_ci_without_any_history_fails_before_the_benchmark(
    upstream: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clone = _clone(upstream, tmp_path / "ci", "--depth", "1")
    _git(clone, "remote", "remove", "origin")
    session = _FakeSession(_run(FIVE))
    noxfile = _noxfile()
    monkeypatch.setattr(noxfile, "ROOT", clone)
    with pytest.raises(_Failed, match="exited 2"):
        noxfile.gate.func(session)
    assert [call[:2] for call in session.calls] == [["bb-gate", "reference"]]


def test_the_hosted_workflow_runs_the_readme_command_with_the_full_history() -> None:
    workflow = yaml.safe_load(
        (ROOT / ".github" / "workflows" / "brainbench.yml").read_text(encoding="utf-8")
    )
    triggers = workflow.get("on", workflow.get(True))
    assert set(triggers) == {"pull_request", "push"}
    steps = workflow["jobs"]["test"]["steps"]
    checkout = next(step for step in steps if step.get("uses", "").startswith("actions/checkout"))
    assert checkout["with"]["fetch-depth"] == 0  # the gate needs the history
    test = next(step for step in steps if step.get("run") == "scripts/test")
    gate_ref = test["env"]["BRAINBENCH_GATE_REF"]
    assert "pull_request" in gate_ref and "github.base_ref" in gate_ref
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "scripts/test" in readme and "CI=1 scripts/test" in readme
