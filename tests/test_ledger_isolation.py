"""The test suite never writes the user's run ledger.

The root conftest points ``BRAINBENCH_LEDGER`` at a private file for the session. These run
the bench exactly as a careless test would (no ``--ledger``, from the repository root, in
process and as a subprocess) and check that the user's ledgers are byte for byte untouched
while the private one received the records.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT.parent / "shared" / "interop" / "samples"
RUN = [
    "run", "--quiet", "--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold"),
    "--harness", "openclaw", "--suite", "know-to-ask",
]  # fmt: skip


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


@pytest.fixture
def untouched(real_ledgers: tuple[Path, ...]) -> Iterator[None]:
    """Snapshot the real ledgers; fail if they changed, and put them back if they did."""
    before = {path: path.read_bytes() if path.exists() else None for path in real_ledgers}
    try:
        yield
    finally:
        changed = []
        for path, data in before.items():
            now = path.read_bytes() if path.exists() else None
            if now != data:
                changed.append(path)
                if data is None:
                    path.unlink()
                else:
                    path.write_bytes(data)
        assert not changed, f"a test run wrote the user's ledger(s) {changed} (restored)"


def test_the_session_ledger_is_private(real_ledgers: tuple[Path, ...], private_ledger: Path):
    configured = Path(os.environ["BRAINBENCH_LEDGER"])
    assert configured == private_ledger
    assert configured.resolve() not in {path.resolve() for path in real_ledgers}
    assert ROOT not in configured.resolve().parents


@pytest.mark.usefixtures("untouched")
def test_a_run_without_ledger_flag_records_privately(
    private_ledger: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.chdir(ROOT)
    before = _lines(private_ledger)
    assert main(RUN) == 0
    capsys.readouterr()
    assert _lines(private_ledger) == before + 1


@pytest.mark.usefixtures("untouched")
def test_a_subprocess_run_inherits_the_private_ledger(private_ledger: Path):
    before = _lines(private_ledger)
    done = subprocess.run(
        [sys.executable, "-m", "bb_cli", *RUN], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert _lines(private_ledger) == before + 1
