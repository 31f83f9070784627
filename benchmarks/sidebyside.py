"""BrainBench beside another implementation of the methodology, on a corpus of the same size.

The other implementation is not part of this repository: give its command in
``BRAINBENCH_REFERENCE_CMD`` (a shell command line, run from the repository root with
``BRAINBENCH_SUBCORPUS`` set to the sub-corpus directory below, in case it can read it) and the
number of turn rows its run scores in ``BRAINBENCH_REFERENCE_ROWS`` (default 804, the size of
the v1 corpus it ships). Without it, only BrainBench's figures are printed and the reference is
reported as not measured.

The reference-size sub-corpus: the committed corpus's core fixtures (no memory-trust fixture)
in the order of the SHA-256 of their id (a continuity pair counts as one unit, keyed by its
pair id), each taken while the selection stays within :data:`FIXTURES` fixtures and
:data:`ROWS` turn rows, and within :data:`PACE_SLACK` rows of the pace of ``ROWS / FIXTURES``
rows a fixture, so it does not spend its rows before its fixtures. A fixture's rows are 3
harnesses x its user turns x the row-bearing suites it is in (a continuity reader's turns
count once). Deterministic: the same corpus gives the same sub-corpus.

Runs alternate (ours, theirs, ours, ...) :data:`RUNS` times each after one warm-up of each, so
a change of load hits both; every run prints the load average. Figures: median wall (min),
ms per turn row, CPU seconds of the process tree, peak RSS of the process tree.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from benchmarks._proc import ROOT, _Sampler, child_env, mb, scratch_dir

FIXTURES: Final = 142
ROWS: Final = 804
RUNS: Final = 5
HARNESSES: Final = 3
#: Rows a selection may run ahead of the corpus's pace (ROWS / FIXTURES a fixture).
PACE_SLACK: Final = 24
ROW_SUITES: Final = frozenset({"know-to-ask", "push"})
REFERENCE_ENV: Final = "BRAINBENCH_REFERENCE_CMD"
REFERENCE_ROWS_ENV: Final = "BRAINBENCH_REFERENCE_ROWS"
CORPUS: Final = ROOT / "evals" / "brainbench"


@dataclass(frozen=True)
class Timed:
    """One run of one side."""

    wall_s: float
    cpu_s: float
    peak_rss: int
    load: float


def _rows(fixture: dict[str, Any]) -> int:
    users = sum(1 for turn in fixture.get("turns") or [] if turn.get("role") == "user")
    suites = set(fixture.get("suites") or [])
    reader = (fixture.get("continuity") or {}).get("pair_role") == "reader"
    return HARNESSES * users * (len(suites & ROW_SUITES) + int(reader))


def build_subcorpus(target: Path) -> tuple[int, int]:
    """Write the reference-size sub-corpus under ``target``; (fixtures, expected turn rows)."""
    units: dict[str, list[tuple[Path, dict[str, Any]]]] = {}
    for path in sorted((CORPUS / "fixtures").rglob("*.fixture.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        if fixture.get("trust_steps") is not None or fixture.get("holdout"):
            continue
        continuity = fixture.get("continuity") or {}
        key = continuity.get("pair_id") if continuity else fixture["fixture_id"]
        units.setdefault(str(key), []).append((path, fixture))
    order = sorted(units, key=lambda key: hashlib.sha256(key.encode("utf-8")).hexdigest())
    count = rows = 0
    for key in order:
        members = units[key]
        more = sum(_rows(fixture) for _, fixture in members)
        pace = ROWS * (count + len(members)) / FIXTURES + PACE_SLACK
        if count + len(members) > FIXTURES or rows + more > min(ROWS, pace):
            continue
        count, rows = count + len(members), rows + more
        for path, _ in members:
            relative = path.relative_to(CORPUS / "fixtures")
            gold = Path(str(relative).removesuffix(".fixture.json") + ".gold.json")
            for source, dest in ((path, target / "fixtures" / relative),
                                 (CORPUS / "gold" / gold, target / "gold" / gold)):  # fmt: skip
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, dest)
        if count == FIXTURES:
            break
    return count, rows


def _timed(command: list[str] | str, env: dict[str, str]) -> Timed:
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, shell=isinstance(command, str),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    sampler = _Sampler(process.pid)
    sampler.start()
    _, stderr = process.communicate()
    wall = time.perf_counter() - started
    sampler.done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != 0:
        sys.stderr.write(stderr[-2000:])
        raise SystemExit(f"sidebyside: {command!r} exited {process.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu, sampler.peak_rss, load)


def _line(name: str, runs: list[Timed], rows: int) -> str:
    walls = [run.wall_s for run in runs]
    median = statistics.median(walls)
    return (
        f"| {name} | {median:.2f} s ({min(walls):.2f}) | {median * 1e3 / rows:.2f} "
        f"| {statistics.median(run.cpu_s for run in runs):.1f} "
        f"| {mb(max(run.peak_rss for run in runs)).strip()} |"
    )


def main() -> None:
    """Print the side-by-side table (or ours alone when no reference command is given)."""
    reference = os.environ.get(REFERENCE_ENV, "").strip()
    reference_rows = int(os.environ.get(REFERENCE_ROWS_ENV, str(ROWS)))
    with scratch_dir() as tmp:
        scratch = Path(tmp)
        count, expected = build_subcorpus(scratch / "corpus")
        out = scratch / "result.json"
        ours = [
            sys.executable, "-m", "bb_cli", "run", "--quiet",
            "--fixtures", str(scratch / "corpus" / "fixtures"),
            "--gold", str(scratch / "corpus" / "gold"), "--out", str(out),
        ]  # fmt: skip
        env = child_env("warm", scratch)
        env["BRAINBENCH_SUBCORPUS"] = str(scratch / "corpus")
        print(f"reference-size sub-corpus: {count} fixtures, {expected} turn rows expected")
        sides: dict[str, tuple[list[str] | str, list[Timed]]] = {"BrainBench": (ours, [])}
        if reference:
            sides["reference"] = (reference, [])
        for command, _ in sides.values():
            _timed(command, env)  # warm-up: bytecode, PostgreSQL template, page cache
        for index in range(RUNS):
            for name, (command, runs) in sides.items():
                runs.append(_timed(command, env))
                last = runs[-1]
                print(f"  run {index + 1} {name:10s} {last.wall_s:6.2f} s wall "
                      f"{last.cpu_s:5.1f} s CPU  load {last.load:.2f}")  # fmt: skip
        rows = len(json.loads(out.read_text(encoding="utf-8"))["turn_rows"])
    print(f"BrainBench's Result holds {rows} turn rows ({count} fixtures)")
    print("| | wall median (min) | ms per turn row | CPU s | peak RSS, process tree |")
    print("|---|---:|---:|---:|---:|")
    print(_line("BrainBench", sides["BrainBench"][1], rows))
    if not reference:
        print(f"reference: not measured (set {REFERENCE_ENV} to its command line)")
        return
    print(_line("reference", sides["reference"][1], reference_rows))
    ours_walls = [run.wall_s for run in sides["BrainBench"][1]]
    theirs = [run.wall_s for run in sides["reference"][1]]
    print(
        f"speed-up: x{statistics.median(theirs) / statistics.median(ours_walls):.1f} on the "
        f"median wall, x{min(theirs) / min(ours_walls):.1f} min to min"
    )
