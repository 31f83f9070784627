"""`--hook-exec subprocess` drives the installed hook console script and scores identically."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from bb_cli.main import main

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "interop" / "samples"
#: Two sample fixtures keep the one-process-per-turn row quick: a recall and a two-source one.
PICKED = ("kta-001-deal-recall", "ms-001-two-source-alias")


def _corpus(tmp_path: Path) -> tuple[Path, Path]:
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    if not fixtures.exists():
        fixtures.mkdir()
        gold.mkdir()
        for name in PICKED:
            shutil.copy(SAMPLES / "fixtures" / f"{name}.fixture.json", fixtures)
            shutil.copy(SAMPLES / "gold" / f"{name}.gold.json", gold)
    return fixtures, gold


def _run(tmp_path: Path, mode: str) -> dict[str, Any]:
    out = tmp_path / f"{mode}.json"
    fixtures, gold = _corpus(tmp_path)
    argv = [
        "run", "--quiet", "--harness", "claude-code", "--suite", "know-to-ask,push",
        "--fixtures", str(fixtures), "--gold", str(gold), "--hook-exec", mode, "--out", str(out),
    ]  # fmt: skip
    assert main(argv) == 0
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def _scored(result: dict[str, Any]) -> tuple[Any, Any]:
    rows = [{k: v for k, v in row.items() if k != "latency_ms"} for row in result["turn_rows"]]
    return rows, result["cells"]


def test_subprocess_hook_matches_the_in_process_hook(tmp_path: Path) -> None:
    in_process = _run(tmp_path, "in-process")
    spawned = _run(tmp_path, "subprocess")
    assert _scored(spawned) == _scored(in_process)
    assert any(row["injected_slugs"] for row in spawned["turn_rows"])
    disclosed = spawned["_meta"]["seam_disclosures"]["claude-code"]
    assert any("console script, one process per turn" in line for line in disclosed)
    assert not any("runs in-process" in line for line in disclosed)
