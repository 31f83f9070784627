"""The memory-trust sweep on the committed corpus: what ``--suite trust,...`` adds to a run.

Prints (never asserts) the wall time of ``brainbench run`` over the four memory-trust suites
(default harnesses, gated fixtures) with ``--workers 1`` and ``--workers 2``, seconds per
trust fixture, and whether the two Results carry the same cells. Each fixture drives real
channel subprocesses (``bb-brain`` CLI, the MCP server over stdio, git), so the sweep is
bound by process start-up rather than by the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._proc import ROOT

SUITES = "trust,state-resolution,deletion,poisoning"


def _run(out: Path, workers: int) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "bb_cli", "run", "--quiet", "--suite", SUITES,
         "--workers", str(workers), "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"trust sweep failed with exit code {done.returncode}")
    return elapsed


def main() -> None:
    """Print the trust sweep's figures."""
    with tempfile.TemporaryDirectory(prefix="bb-bench-trust-") as tmp:
        one, two = Path(tmp) / "w1.json", Path(tmp) / "w2.json"
        seconds = {1: _run(one, 1), 2: _run(two, 2)}
        first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (one, two))
    fixtures = sorted({f for cell in first["cells"] for f in cell["fixtures"]})
    print(f"trust sweep: {len(fixtures)} gated trust fixtures, {len(first['cells'])} cells")
    for workers, wall in seconds.items():
        per = wall / max(len(fixtures), 1)
        print(f"  --workers {workers}: {wall:.1f} s wall, {per:.2f} s per fixture")
    same = first["cells"] == second["cells"]
    print(f"  speed-up x{seconds[1] / seconds[2]:.2f}; same cells: {same}")
