"""Run a benchmark child process: wall time from spawn to exit, memory of its whole tree.

Memory is sampled every :data:`SAMPLE_S` over the child and all its descendants (the embedded
PostgreSQL postmaster and its backends, the fork server and the workers): the peak of the
summed RSS (which counts pages shared between processes once per process, so it is an upper
bound) and, less often because it is slower to read, the summed PSS (shared pages split between
the processes sharing them: the honest total).

Bytecode: this machine sets ``PYTHONDONTWRITEBYTECODE``, so without help every process would
compile the whole stack again. ``warm`` children read and write a bench-owned bytecode cache
(``PYTHONPYCACHEPREFIX``), as any Python that may write its caches does after the first run;
``cold`` children get an empty cache they may not write, which is what every start costs here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import psutil

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_S = 0.02
#: The parent's wall clock just before spawning, so a child can time its own interpreter start.
SPAWNED_ENV = "BRAINBENCH_BENCH_SPAWNED"
PSS_EVERY = 10
Bytecode = Literal["warm", "cold"]


def pycache_dir() -> Path:
    """The bench-owned bytecode cache of ``warm`` children."""
    base = os.environ.get("BRAINBENCH_CACHE_DIR") or str(Path.home() / ".cache" / "brainbench")
    path = Path(base) / "bench-pycache"
    path.mkdir(parents=True, exist_ok=True)
    return path


def child_env(bytecode: Bytecode, scratch: Path) -> dict[str, str]:
    """The environment of a child with warm or cold bytecode."""
    env = dict(os.environ)
    if bytecode == "warm":
        env["PYTHONPYCACHEPREFIX"] = str(pycache_dir())
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        empty = scratch / "no-pycache"
        empty.mkdir(exist_ok=True)
        env["PYTHONPYCACHEPREFIX"] = str(empty)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@dataclass
class Sampled:
    """What one child run cost."""

    wall_s: float
    peak_rss: int
    peak_pss: int
    peak_processes: int
    returncode: int
    report: dict[str, Any] = field(default_factory=dict)
    stderr: str = ""


def _tree(root: psutil.Process) -> list[psutil.Process]:
    try:
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


class _Sampler(threading.Thread):
    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.peak_rss = 0
        self.peak_pss = 0
        self.peak_processes = 0
        self.done = threading.Event()

    def run(self) -> None:
        tick = 0
        while not self.done.is_set():
            procs = _tree(self.root)
            rss = pss = 0
            for proc in procs:
                try:
                    if tick % PSS_EVERY == 0:
                        info = proc.memory_full_info()
                        rss += info.rss
                        pss += info.pss
                    else:
                        rss += proc.memory_info().rss
                except psutil.Error:
                    continue
            self.peak_rss = max(self.peak_rss, rss)
            self.peak_pss = max(self.peak_pss, pss)
            self.peak_processes = max(self.peak_processes, len(procs))
            tick += 1
            self.done.wait(SAMPLE_S)


def run_child(module: str, args: list[str], bytecode: Bytecode, scratch: Path) -> Sampled:
    """Run ``python -m module REPORT args...``; the child writes its JSON report to REPORT."""
    report_path = scratch / f"report-{time.monotonic_ns()}.json"
    cmd = [sys.executable, "-m", module, str(report_path), *args]
    env = child_env(bytecode, scratch)
    started = time.perf_counter()
    env[SPAWNED_ENV] = repr(time.time())
    process = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    sampler = _Sampler(process.pid)
    sampler.start()
    _, stderr = process.communicate()
    wall = time.perf_counter() - started
    sampler.done.set()
    sampler.join()
    report: dict[str, Any] = {}
    if report_path.exists():
        report = json.loads(report_path.read_text(encoding="utf-8"))
    return Sampled(
        wall,
        sampler.peak_rss,
        sampler.peak_pss,
        sampler.peak_processes,
        process.returncode,
        report,
        stderr,
    )


def scratch_dir() -> tempfile.TemporaryDirectory[str]:
    """A temp dir for reports and results."""
    return tempfile.TemporaryDirectory(prefix="bb-bench-")


def mb(value: int) -> str:
    """Bytes as MB."""
    return f"{value / 2**20:7.1f} MB"


def pct(samples: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of samples; 0 when empty."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
