"""The memory-trust sweep on the committed corpus: what ``--suite trust,...`` adds to a run.

Prints (never asserts) the wall time of ``brainbench run`` over the four memory-trust suites
(default harnesses, gated fixtures) from spawn to exit, best and median of :data:`RUNS`, with
seconds per trust fixture, the CPU time of the process tree, the load average of each run, and
whether every run carries the same cells. Each fixture drives real channel processes (the
``bb-brain`` CLI with or without a terminal, the MCP server over stdio, git), forked from the
pre-imported fork server; ``BENCH_TRUST_FRESH=1`` adds one run that starts every channel
process from a fresh interpreter (``BB_BRAIN_FORKSERVER=0``: how the sweep ran before the fork
server, 5 to 10 minutes).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from benchmarks._proc import ROOT

SUITES: Final = "trust,state-resolution,deletion,poisoning"
RUNS: Final = 3


def _run(out: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """(wall s, CPU s of the process tree, 1-minute load average at the start)."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "bb_cli", "run", "--quiet", "--suite", SUITES, "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False, env=env,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"trust sweep failed with exit code {done.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, load


def _cells(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def main() -> None:
    """Print the trust sweep's figures."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="bb-bench-trust-") as tmp:
        outs = [Path(tmp) / f"run-{index}.json" for index in range(RUNS)]
        runs = [_run(out, env) for out in outs]
        cells = [_cells(out) for out in outs]
        fresh = None
        if os.environ.get("BENCH_TRUST_FRESH") == "1":
            slow = Path(tmp) / "fresh.json"
            fresh = _run(slow, {**env, "BB_BRAIN_FORKSERVER": "0"})
            cells.append(_cells(slow))
    fixtures = sorted({f for cell in cells[0] for f in cell["fixtures"]})
    print(f"trust sweep: {len(fixtures)} gated trust fixtures, {len(cells[0])} cells")
    for index, (wall, cpu, load) in enumerate(runs, 1):
        print(f"  run {index}: {wall:6.1f} s wall, {cpu:5.1f} s CPU, load {load:.2f}")
    walls = [wall for wall, _, _ in runs]
    print(
        f"  forked channels: best {min(walls):.1f} s, median {statistics.median(walls):.1f} s "
        f"({statistics.median(walls) / max(len(fixtures), 1):.2f} s per fixture)"
    )
    if fresh is not None:
        print(f"  fresh interpreters (BB_BRAIN_FORKSERVER=0): {fresh[0]:.1f} s wall, "
              f"{fresh[1]:.1f} s CPU, load {fresh[2]:.2f}")  # fmt: skip
    print(f"  same cells in every run: {all(c == cells[0] for c in cells)}")
