"""A fixture the engine refuses to seed is listed and fails the run (exit 2), never skipped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bb_cli.main import main

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
NAME = "kta-001-deal-recall"


def test_a_page_the_engine_rejects_is_a_listed_seed_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    fixtures.mkdir()
    gold.mkdir()
    shutil.copy(SAMPLES / "gold" / f"{NAME}.gold.json", gold)
    fixture = json.loads((SAMPLES / "fixtures" / f"{NAME}.fixture.json").read_text("utf-8"))
    fixture["seed_pages"][0]["content"] = "---\ntitle: [unclosed\n---\nbody\n"
    (fixtures / f"{NAME}.fixture.json").write_text(json.dumps(fixture), "utf-8")
    out = tmp_path / "result.json"
    code = main([
        "run", "--harness", "openclaw", "--suite", "know-to-ask",
        "--fixtures", str(fixtures), "--gold", str(gold), "--out", str(out),
    ])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2
    assert f"seed failure: {NAME}:" in err
    assert "1 fixture(s) failed to seed" in err
    assert json.loads(out.read_text("utf-8"))["seed_failures"][0]["fixture_id"] == NAME
