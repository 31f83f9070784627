"""`brainbench run --blind DIR`: the blind set is scored beside the corpus, never gated."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from bb_cli._blindrun import DEFAULT_BLIND
from bb_cli.main import main

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
ROOT = Path(__file__).resolve().parents[3]


def _run(tmp_path: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp_path / "result.json"
    code = main(
        [
            "run", "--quiet", "--fixtures", str(SAMPLES / "fixtures"), "--gold",
            str(SAMPLES / "gold"), "--harness", "openclaw,always-silent", "--suite",
            "know-to-ask,push", "--out", str(out), *extra,
        ]
    )  # fmt: skip
    return code, json.loads(out.read_text(encoding="utf-8"))


def _blind_set(tmp_path: Path) -> Path:
    """A blind set laid out like the committed one: DIR/fixtures + DIR/gold."""
    blind = tmp_path / "blind"
    shutil.copytree(SAMPLES / "fixtures", blind / "fixtures")
    shutil.copytree(SAMPLES / "gold", blind / "gold")
    return blind


def test_the_blind_set_is_reported_apart_and_never_gated(tmp_path: Path) -> None:
    code, plain = _run(tmp_path)
    assert code == 0 and plain["_meta"].get("blind") is None
    code, result = _run(tmp_path, "--blind", str(_blind_set(tmp_path)))
    assert code == 0
    blind = result["_meta"]["blind"]
    # The gated cells are exactly those of the run without the blind set.
    assert result["cells"] == plain["cells"]
    assert [(c["harness"], c["suite"]) for c in blind["cells"]] == [
        ("openclaw", "know-to-ask"), ("openclaw", "push"),
        ("always-silent", "know-to-ask"), ("always-silent", "push"),
    ]  # fmt: skip
    silent = next(c for c in blind["cells"] if c["harness"] == "always-silent")
    assert silent["metrics"]["know_to_ask_failure_rate"] == 1.0
    assert blind["seed_failures"] == []
    # The set carries its own identity (here a copy of the run's corpus: the same hash).
    assert blind["fixtures_hash"] == result["receipt"]["fixtures_hash"]


@pytest.mark.parametrize("flag", ["--no-blind", None])
def test_a_published_run_scores_the_committed_blind_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: str | None
) -> None:
    if not (ROOT / DEFAULT_BLIND / "fixtures").is_dir():
        pytest.fail(f"the committed blind set {DEFAULT_BLIND} is missing")
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SAMPLES / "fixtures", tmp_path / DEFAULT_BLIND / "fixtures")
    shutil.copytree(SAMPLES / "gold", tmp_path / DEFAULT_BLIND / "gold")
    extra = ["--include-holdout", *([flag] if flag else [])]
    code, result = _run(tmp_path, *extra)
    assert code == 0
    assert (result["_meta"].get("blind") is None) == (flag == "--no-blind")
