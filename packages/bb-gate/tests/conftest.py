"""Factories that build Results straight from bb_schema models (no engine needed)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bb_gate import (
    baseline_from_result,
    baseline_set_from_result,
    dump_baseline,
    write_baseline_set,
)
from bb_schema import FailedItem, Meta, Receipt, Result, ScoreCell, ScorerDigest, SeedFailure

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
SCHEMA_DIR = SHARED / "interop" / "schema-v1"
#: The project's own exported schemas (the sidecar's among them).
REPO_SCHEMA_DIR = Path(__file__).resolve().parents[3] / "evals" / "brainbench" / "schema"

SEAMS = {"openclaw": "production", "claude-code": "production", "codex": "contract"}


@pytest.fixture(autouse=True)
def _no_inherited_gate_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hosted CI sets CI (and may name the gate's ref): tests choose both themselves."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("BRAINBENCH_GATE_REF", raising=False)


def default_cells() -> list[dict[str, Any]]:
    return [
        {
            "harness": "openclaw",
            "suite": "push",
            "gold_total": 96,
            "gold_failed": 0,
            "metrics": {
                "push_precision": 1.0,
                "push_recall": 0.95,
                "source_isolation_violations": 0.0,
                "avg_injected_tokens": 41.3,
            },
        },
        {
            "harness": "codex",
            "suite": "push",
            "gold_total": 96,
            "gold_failed": 39,
            "metrics": {
                "push_precision": 1.0,
                "push_recall": 0.59375,
                "source_isolation_violations": 0.0,
            },
        },
        {
            "harness": "openclaw",
            "suite": "know-to-ask",
            "gold_total": 40,
            "gold_failed": 0,
            "metrics": {"know_to_ask_failure_rate": 0.0, "false_fire_rate": 0.0},
        },
    ]


def build_cell(spec: dict[str, Any]) -> ScoreCell:
    return ScoreCell(
        suite=spec["suite"],
        harness=spec["harness"],
        seam=spec.get("seam", SEAMS.get(spec["harness"], "contract")),
        gold_total=spec["gold_total"],
        gold_failed=spec["gold_failed"],
        metrics=dict(spec["metrics"]),
        fixtures=list(spec.get("fixtures", [])),
    )


def build_result(
    cells: list[dict[str, Any]] | None = None,
    *,
    fixtures_hash: str = "hash-a",
    include_holdout: bool = False,
    llm: bool = False,
    seed_failures: tuple[tuple[str, str], ...] = (),
    harnesses: list[str] | None = None,
    suites: list[str] | None = None,
    ts: str = "2026-01-02T03:04:05Z",
    harness_sha: str = "abc123",
    failed: dict[str, list[str]] | None = None,
    scorer: str | None = None,
) -> Result:
    """A Result from cell specs; ``failed`` maps ``harness/suite`` to ``fixture#item`` ids and
    ``scorer`` names a scorer digest (both recorded under ``_meta`` only when given)."""
    specs = default_cells() if cells is None else cells
    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash=fixtures_hash,
        harness_sha=harness_sha,
        ts=ts,
        cmd_args=["brainbench", "run"],
        seed=7,
        include_holdout=include_holdout,
        llm=llm,
    )
    items = [
        FailedItem(
            harness=key.rpartition("/")[0],
            suite=key.rpartition("/")[2],
            fixture_id=ident.partition("#")[0],
            item=ident.partition("#")[2],
            reason="failed",
        )
        for key, idents in (failed or {}).items()
        for ident in idents
    ]
    meta = Meta(
        harnesses=harnesses or [],
        suites=suites or [],
        failed_items=items,
        scorer=None if scorer is None else ScorerDigest(version="0.1.0", digest=scorer),
    )
    return Result(
        receipt=receipt,
        cells=[build_cell(spec) for spec in specs],
        turn_rows=[],
        seed_failures=[SeedFailure(fixture_id=f, error=e) for f, e in seed_failures],
        _meta=meta,
    )


def edit(cells: list[dict[str, Any]], key: str, **changes: Any) -> list[dict[str, Any]]:
    """Copy of ``cells`` with the ``harness/suite`` cell changed (metrics merged)."""
    out = []
    for spec in cells:
        spec = {**spec, "metrics": dict(spec["metrics"])}
        if f"{spec['harness']}/{spec['suite']}" == key:
            metrics = changes.pop("metrics", {})
            spec.update(changes)
            spec["metrics"].update(metrics)
        out.append(spec)
    return out


@pytest.fixture
def make_result() -> Callable[..., Result]:
    return build_result


@pytest.fixture
def cells() -> list[dict[str, Any]]:
    return default_cells()


@pytest.fixture
def edit_cells() -> Callable[..., list[dict[str, Any]]]:
    return edit


@pytest.fixture
def write_result(tmp_path: Path) -> Callable[..., Path]:
    def write(result: Result, name: str = "result.json") -> Path:
        path = tmp_path / name
        path.write_text(result.model_dump_json(by_alias=True, indent=2), encoding="utf-8")
        return path

    return write


@pytest.fixture
def write_baseline(tmp_path: Path) -> Callable[..., Path]:
    def write(
        result: Result, name: str = "baseline.json", justification: str | None = None
    ) -> Path:
        path = tmp_path / name
        path.write_bytes(dump_baseline(baseline_from_result(result, justification=justification)))
        return path

    return write


@pytest.fixture
def schema_dir() -> Path:
    return SCHEMA_DIR


@pytest.fixture
def repo_schema_dir() -> Path:
    return REPO_SCHEMA_DIR


class GitRepo:
    """A throwaway git repository with a ``main`` branch, driven through the git CLI."""

    BASELINE = "evals/brainbench/baselines/main.json"
    SIDECAR = "evals/brainbench/baselines/main.items.json"

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")
        (root / "README.md").write_text("bench\n", encoding="utf-8")
        self.commit("initial", "README.md")

    def git(self, *args: str) -> str:
        proc = subprocess.run(
            ["git", "-C", str(self.root), *args],
            capture_output=True,
            text=True,
            check=True,
            env=GIT_ENV,
        )
        return proc.stdout

    def commit(self, message: str, *paths: str) -> None:
        self.git("add", "-A", "--", *paths)
        self.git("commit", "-q", "-m", message)

    def clone(self, target: Path, *flags: str) -> Path:
        """``git clone [flags] file://<this repo> target`` (file:// so --depth works)."""
        subprocess.run(
            ["git", "clone", "-q", *flags, f"file://{self.root}", str(target)],
            capture_output=True,
            check=True,
            env=GIT_ENV,
        )
        return target

    @staticmethod
    def git_at(path: Path, *args: str) -> str:
        """Run git in another checkout (a clone) with the isolated environment."""
        return subprocess.run(
            ["git", "-C", str(path), *args], capture_output=True, text=True, check=True, env=GIT_ENV
        ).stdout

    def change_code(self, message: str) -> None:
        """Commit a change that touches no baseline file (a code change)."""
        code = self.root / "code.txt"
        previous = code.read_text(encoding="utf-8") if code.exists() else ""
        code.write_text(previous + message + "\n", encoding="utf-8")
        self.commit(message, "code.txt")

    @property
    def baseline_path(self) -> Path:
        return self.root / self.BASELINE

    def write_baseline(self, data: bytes) -> None:
        self.baseline_path.parent.mkdir(parents=True, exist_ok=True)
        self.baseline_path.write_bytes(data)

    def bless(self, result: Result, message: str, justification: str | None = None) -> None:
        """Commit the canonical baseline and sidecar of ``result`` (``--update-baseline``)."""
        banked = baseline_set_from_result(result, justification=justification)
        write_baseline_set(self.baseline_path, banked)
        self.commit(message, self.BASELINE, self.SIDECAR)


GIT_ENV = {
    **os.environ,
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Bench Test",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "Bench Test",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")
