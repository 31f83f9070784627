"""The cyclic collector pauses while ``brainbench run`` starts and collects again once it has."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_cli import _collector
from bb_cli.main import main

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"


@pytest.fixture(autouse=True)
def _collecting() -> Iterator[None]:
    """Every test starts and ends with the collector on and nothing frozen by it."""
    gc.enable()
    yield
    _collector.settle()
    gc.enable()
    gc.unfreeze()


def test_settle_freezes_what_start_up_allocated_and_collects_again() -> None:
    _collector.pause()
    assert not gc.isenabled()
    kept = [object() for _ in range(10)]
    _collector.settle()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(kept)


def test_settle_without_a_pause_changes_nothing() -> None:
    _collector.settle()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_a_collector_someone_else_turned_off_stays_off() -> None:
    gc.disable()
    _collector.pause()
    _collector.settle()
    assert not gc.isenabled()


def _collector_seen_by_main(argv: list[str]) -> bool:
    """Whether the collector was on when the console script handed ``argv`` to ``main``."""
    code = (
        "import gc, sys\n"
        "import bb_cli.main as cli\n"
        "seen = []\n"
        "cli.main = lambda: seen.append(gc.isenabled()) or 0\n"
        f"sys.argv = ['brainbench', *{argv!r}]\n"
        "try:\n"
        "    cli.run()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(seen[0])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return bool(json.loads(done.stdout.strip().lower()))


def test_the_console_script_pauses_the_collector_for_a_run_only() -> None:
    assert _collector_seen_by_main(["run", "--help"]) is False
    assert _collector_seen_by_main(["gate", "--help"]) is True


def test_a_run_collects_again_once_its_corpus_is_loaded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run gets as far as its database, which is unreachable: past its start-up.
    monkeypatch.setenv("BRAINBENCH_DSN", "postgresql://nobody@127.0.0.1:1/none")
    _collector.pause()
    flags = ["--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold")]
    assert main(["--json", "run", *flags]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "config"
    assert gc.isenabled()
