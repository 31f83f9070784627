"""`brainbench conform` checks OpenSeededBrain on a system that declares it (the reference)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from bb_brain import open_database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_cli.main import main

SECRET = "conform-open-seeded-0123456789abcdef"


def test_the_reference_engine_passes_the_open_seeded_checks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with (
        open_database() as db,
        tempfile.TemporaryDirectory(prefix="bb-conform-", dir="/tmp") as tmp,
        serve_in_thread(Engine(db), Path(tmp) / "brain.sock", SECRET),
    ):
        monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
        code = main(["conform", f"unix:{Path(tmp) / 'brain.sock'}", "--json"])
    checks = {c["check"]: c["verdict"] for c in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["OpenSeededBrain opens and seeds in one call"] == "pass"
    assert checks["OpenSeededBrain releases the brain it names"] == "pass"
    assert code == 0, checks
