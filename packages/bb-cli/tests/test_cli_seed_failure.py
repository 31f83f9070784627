"""A fixture the system refuses to seed is listed and fails the run (exit 2), never skipped.

Such a run is invalid, so it writes nothing: no Result, no scoreboard file, no ledger record.
Pages the reference engine would refuse are corpus errors now (validation reads frontmatter
and slugs as the engine does), so the refusal is staged by a system that refuses one seed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bb_brain import BrainUserError
from bb_brain.engine import Engine
from bb_cli.main import main
from bb_schema.memory import SeedRequest, SeedResponse

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
NAME = "kta-001-deal-recall"


def test_a_seed_the_system_refuses_is_a_listed_seed_failure_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    fixtures.mkdir()
    gold.mkdir()
    for kind, suffix, target in (("fixtures", "fixture", fixtures), ("gold", "gold", gold)):
        shutil.copy(SAMPLES / kind / f"{NAME}.{suffix}.json", target)
    original = Engine.seed

    def refusing(self: Engine, request: SeedRequest) -> SeedResponse:
        if any(page.slug == "companies/widget-co" for page in request.pages):
            raise BrainUserError("this system refuses page 'companies/widget-co'")
        return original(self, request)

    monkeypatch.setattr(Engine, "seed", refusing)
    out, board, ledger = tmp_path / "result.json", tmp_path / "board.md", tmp_path / "l.jsonl"
    code = main([
        "run", "--harness", "openclaw", "--suite", "know-to-ask", "--progress", "off",
        "--fixtures", str(fixtures), "--gold", str(gold), "--out", str(out), "--md", str(board),
        "--ledger", str(ledger), "--json",
    ])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 2
    assert f"seed failure: {NAME}:" in captured.err and "refuses page" in captured.err
    assert "1 fixture(s) failed to seed" in captured.err
    assert json.loads(captured.out)["error"]["kind"] == "runtime"
    assert not out.exists() and not board.exists() and not ledger.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixtures", "gold"]
