"""Faults end a run fast and clean: signals, a killed database server, a killed run.

Each test runs the real ``brainbench run`` in a subprocess on the small sample corpus with
every suite, waits until the run's embedded PostgreSQL is up (the replay is then under way)
and strikes. A run that finished before the blow would exit 0 and fail the test.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from bb_brain._pg._runtime import run_base

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux processes")


@pytest.fixture(autouse=True)
def _private_run_base(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Runs here keep their run directories to themselves.

    Every run sweeps the run base of directories whose owner is gone, so a run elsewhere
    on the machine would sweep the killed run's directory before the test looks at it. The
    base is short: a unix socket's path must stay under about 100 bytes.
    """
    shm = Path("/dev/shm")
    base = tempfile.mkdtemp(prefix="bbf-", dir=shm if os.access(shm, os.W_OK) else None)
    monkeypatch.setenv("BRAINBENCH_RUN_DIR", base)
    yield
    shutil.rmtree(base, ignore_errors=True)


def _start(tmp_path: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env.update(
        BRAINBENCH_LEDGER=str(tmp_path / "ledger.jsonl"),
        TMPDIR=str(tmp_path / "tmp"),
    )
    env.pop("BRAINBENCH_DSN", None)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    argv = [
        sys.executable, "-m", "bb_cli", "run", "--suite", "all", "--progress", "off",
        "--harness", "openclaw,claude-code,codex",
        "--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold"),
        "--out", str(tmp_path / "result.json"), "--md", str(tmp_path / "board.md"), *extra,
    ]  # fmt: skip
    return subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _postmaster(run: subprocess.Popen[str], timeout: float = 60.0) -> psutil.Process:
    """The run's postmaster once the replay is under way (a system's socket is served)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert run.poll() is None, run.communicate()
        if any(any(d.glob("tmp/*/brain.sock")) for d in _run_dirs(run)):
            for child in psutil.Process(run.pid).children(recursive=True):
                try:
                    if child.name() == "postgres" and child.parent().name() != "postgres":
                        return child
                except (psutil.NoSuchProcess, AttributeError):
                    continue
        time.sleep(0.05)
    raise AssertionError("the run never started replaying")


def _run_dirs(run: subprocess.Popen[str]) -> list[Path]:
    """The run's private run directories (the run base is shared with other runs)."""
    return list(run_base().glob(f"run-{run.pid}-*"))


def _cmdline(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except psutil.Error:  # gone, or a zombie
        return []


def _running(process: psutil.Process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _nothing_written(tmp_path: Path) -> None:
    assert not (tmp_path / "result.json").exists()
    assert not (tmp_path / "board.md").exists()
    assert not (tmp_path / "ledger.jsonl").exists()
    # Only the per-user runtime directory (empty, reused by every run) may be there.
    assert [p.name for p in (tmp_path / "tmp").iterdir()] in ([], [f"brainbench-xdg-{os.getuid()}"])


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_ends_the_run_with_one_line_and_the_envelope(
    tmp_path: Path, sig: signal.Signals, code: int
) -> None:
    run = _start(tmp_path, "--json")
    _postmaster(run)
    started = time.monotonic()
    run.send_signal(sig)
    out, err = run.communicate(timeout=30)
    assert time.monotonic() - started < 10
    assert run.returncode == code, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == f"brainbench: interrupted ({sig.name})"
    assert json.loads(out)["error"]["kind"] == "interrupted"
    _nothing_written(tmp_path)
    assert _run_dirs(run) == []  # the run's directory went with it


def test_a_killed_database_server_ends_the_run_naming_the_cause(tmp_path: Path) -> None:
    run = _start(tmp_path, "--suite", "know-to-ask,push,write-back,continuity")  # one server
    postmaster = _postmaster(run)
    started = time.monotonic()
    postmaster.kill()
    out, err = run.communicate(timeout=60)
    assert time.monotonic() - started < 5  # seen within the watch interval, not a timeout
    assert run.returncode == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert "the database server exited (killed by SIGKILL)" in last, err
    _nothing_written(tmp_path)
    assert _run_dirs(run) == []


def test_a_killed_run_leaves_nothing_the_next_run_does_not_sweep(tmp_path: Path) -> None:
    run = _start(tmp_path, "--workers", "2")
    _postmaster(run)
    tree = psutil.Process(run.pid).children(recursive=True)
    assert any("forkserver" in " ".join(_cmdline(p)) for p in tree)
    run.kill()
    killed = time.monotonic()
    run.communicate(timeout=30)
    # Workers, fork server, resource tracker and postmaster all go with the run: within 2 s on
    # an idle machine (they used to linger about a minute); the bound leaves room for a loaded
    # CI machine without letting a lingering process pass.
    _, alive = psutil.wait_procs(tree, timeout=max(0.1, 10.0 - (time.monotonic() - killed)))
    running = [p for p in alive if _running(p)]  # an exited child not yet reaped is a zombie
    assert running == [], [_cmdline(p)[:3] for p in running]
    left = _run_dirs(run)
    assert len(left) == 1 and (left[0] / "tmp").is_dir()  # sockets, transcripts: swept next
    _nothing_written(tmp_path)  # nothing outside the run directory

    again = _start(tmp_path, "--suite", "know-to-ask")
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert not left[0].exists()  # swept: its owner is gone
    assert _run_dirs(again) == []
