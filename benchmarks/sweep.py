"""The full gate sweep on the committed corpus, end to end, as the user runs it.

Prints (never asserts), for ``brainbench run`` with the default harnesses and core suites:

* wall time from process spawn to exit (median of :data:`REPEATS`), ms per Result turn row
  and per replayed turn, and the peak memory of the whole process tree (PostgreSQL included);
* the phase breakdown: start-up (interpreter, imports, corpus, PostgreSQL + schema + server),
  seeding, replay per harness, write-back, continuity, trust, scoring, shutdown, output;
* turns/s per harness and p50/p99 of the per-turn latency each row measured over the unix
  socket (openclaw and codex: the TurnContext call; claude-code: the whole hook);
* per-fixture reset + seed (one OpenSeededBrain call that also releases the previous brain;
  the reference engine declares ``open-seeded``);
* interpreter + import time with warm and with cold bytecode;
* ``--workers 2`` against ``--workers 1``: speed-up, and whether the Results are identical.

Targets (issue 9): at most 4 ms (stretch 2 ms) of wall time per turn row, at most 400 MB peak.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks._proc import ROOT, Bytecode, Sampled, child_env, mb, pct, run_child, scratch_dir

REPEATS = int(os.environ.get("BRAINBENCH_BENCH_REPEATS", "3"))
TARGET_MS_PER_ROW = 4.0
STRETCH_MS_PER_ROW = 2.0
TARGET_PEAK_MB = 400
CHILD = "benchmarks._sweep_child"
IMPORTS = (
    "import time; t = time.perf_counter(); import bb_cli.main, bb_cli._runbench, "
    "bb_brain.engine, bb_brain.server, bb_score; print(time.perf_counter() - t)"
)


def sweep(scratch: Path, flags: list[str], repeats: int) -> tuple[list[Sampled], Path]:
    """``repeats`` measured runs after one warm-up (bytecode cache, PostgreSQL template)."""
    result = scratch / f"result-{'-'.join(flags) or 'default'}.json"
    warm = run_child(CHILD, [str(result), *flags], "warm", scratch)
    _check(warm)
    runs = []
    for _ in range(repeats):
        sampled = run_child(CHILD, [str(result), *flags], "warm", scratch)
        _check(sampled)
        runs.append(sampled)
    return runs, result


def _check(sampled: Sampled) -> None:
    if sampled.returncode != 0 or not sampled.report:
        sys.stderr.write(sampled.stderr)
        raise SystemExit(f"benchmark child failed with exit code {sampled.returncode}")


def _median_run(runs: list[Sampled]) -> Sampled:
    ordered = sorted(runs, key=lambda run: run.wall_s)
    return ordered[len(ordered) // 2]


def _stable(path: Path) -> dict[str, Any]:
    """The determinism test's view, less the commit: other work may land between two runs."""
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    result["receipt"].pop("ts")
    result["receipt"].pop("harness_sha")
    for row in result["turn_rows"]:
        row.pop("latency_ms")
    return result


def _rows(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["turn_rows"]
    return rows


def _replayed(rows: list[dict[str, Any]]) -> dict[str, dict[tuple[str, int], float]]:
    """Harness -> (fixture, turn) -> latency: a turn scored in two suites was replayed once."""
    turns: dict[str, dict[tuple[str, int], float]] = defaultdict(dict)
    for row in rows:
        turns[row["harness"]][(row["fixture_id"], row["turn_id"])] = row["latency_ms"]
    return turns


def imports(bytecode: Bytecode, scratch: Path, rounds: int = 3) -> float:
    """Best-of-``rounds`` interpreter start + stack imports, in seconds (process wall)."""
    import time

    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", IMPORTS],
            cwd=ROOT,
            env=child_env(bytecode, scratch),
            check=True,
            capture_output=True,
        )
        best = min(best, time.perf_counter() - started)
    return best


def _line(label: str, seconds: float, wall: float) -> str:
    return f"  {label:38s} {seconds * 1e3:9.1f} ms  {100 * seconds / wall:5.1f}%"


def print_sweep(
    runs: list[Sampled], result: Path, cold_imports: float, warm_imports: float
) -> None:
    """The headline figures and the phase breakdown of the median run."""
    run = _median_run(runs)
    report = run.report
    walls = [r.wall_s for r in runs]
    rows = report["turn_rows"]
    replayed = _replayed(_rows(result))
    turns = sum(len(t) for t in replayed.values())
    ms_row = run.wall_s * 1e3 / rows
    print(f"== sweep: brainbench run on the committed corpus (median of {len(runs)} warm runs)")
    print(
        f"  fixtures {report['fixtures']}, turn rows {rows}, replayed turns {turns} "
        f"({len(replayed)} harnesses)"
    )
    print(f"  wall {run.wall_s:6.2f} s   (runs: {', '.join(f'{w:.2f}' for w in walls)} s)")
    verdict = "met" if ms_row <= TARGET_MS_PER_ROW else "MISSED"
    stretch = "met" if ms_row <= STRETCH_MS_PER_ROW else "not met"
    print(
        f"  {ms_row:6.2f} ms per turn row     target <= {TARGET_MS_PER_ROW} ms: {verdict}; "
        f"stretch <= {STRETCH_MS_PER_ROW} ms: {stretch}"
    )
    print(f"  {run.wall_s * 1e3 / turns:6.2f} ms per replayed turn")
    peak = max(r.peak_rss for r in runs)
    pss = max(r.peak_pss for r in runs)
    verdict = "met" if peak <= TARGET_PEAK_MB * 2**20 else "MISSED"
    print(
        f"  peak RSS (sum over {run.peak_processes} processes, PostgreSQL included) {mb(peak)}"
        f"   target <= {TARGET_PEAK_MB} MB: {verdict}"
    )
    print(f"  peak PSS (shared pages split)                  {mb(pss)}")
    _print_phases(run)
    _print_harnesses(report, replayed)
    brains = [b * 1e3 for b in report["brains"]]
    print(
        f"== per-fixture reset + seed (one OpenSeededBrain call, releasing the previous "
        f"brain; {len(brains)} brains): "
        f"p50 {pct(brains, 0.5):.2f} ms, p99 {pct(brains, 0.99):.2f} ms, "
        f"mean {statistics.fmean(brains):.2f} ms"
    )
    print("== interpreter + imports of the run's stack (best of 3, process wall)")
    print(f"  warm bytecode cache            {warm_imports * 1e3:7.1f} ms")
    print(
        f"  cold (no cache, none written)  {cold_imports * 1e3:7.1f} ms   "
        "(what every start costs where PYTHONDONTWRITEBYTECODE is set and nothing was compiled)"
    )


def _print_phases(run: Sampled) -> None:
    report = run.report
    marks, phases = report["marks"], dict(report["phases"])
    wall = run.wall_s
    interpreter = report["started"] - report["spawned"]
    lines: list[tuple[str, float]] = [
        ("start-up: process spawn + interpreter", interpreter),
        ("start-up: imports", marks["imports"] - report["started"]),
        ("start-up: corpus load", marks["corpus"] - marks["imports"]),
        ("start-up: PostgreSQL + schema + server", phases.pop("start-up", 0.0)),
        ("seeding (reset + seed per brain)", phases.pop("seed", 0.0)),
    ]
    for name in sorted(p for p in phases if p.startswith("replay:")):
        lines.append((f"replay {name.split(':', 1)[1]}", phases.pop(name)))
    lines += [
        ("write-back", phases.pop("write-back", 0.0)),
        ("continuity (write-back, probes, reads)", phases.pop("continuity", 0.0)),
    ]
    trust = phases.pop("trust", None)
    lines += [
        ("scoring", phases.pop("scoring", 0.0)),
        ("shutdown (server, PostgreSQL)", phases.pop("shutdown", 0.0)),
        ("output (Result JSON, scoreboard)", marks["output"] - marks["run"]),
    ]
    lines += [(f"other: {name}", seconds) for name, seconds in sorted(phases.items())]
    accounted = sum(seconds for _, seconds in lines)
    print(f"== phase breakdown of the median run (wall {wall * 1e3:.0f} ms)")
    startup = sum(seconds for label, seconds in lines if label.startswith("start-up"))
    for label, seconds in lines:
        print(_line(label, seconds, wall))
        if label == "start-up: PostgreSQL + schema + server":
            print(_line("= start-up total", startup, wall))
    if trust is None:
        print("  trust                                        n/a (no trust suite in this run)")
    else:
        print(_line("trust", trust, wall))
    print(_line("unaccounted (exit, between phases)", wall - accounted, wall))


def _print_harnesses(
    report: dict[str, Any], replayed: dict[str, dict[tuple[str, int], float]]
) -> None:
    phases = report["phases"]
    print("== per harness: retrieval replay throughput and per-turn latency over the unix socket")
    for harness, turns in replayed.items():
        seconds = phases.get(f"replay:{harness}", 0.0)
        latencies = list(turns.values())
        rate = len(turns) / seconds if seconds else 0.0
        print(
            f"  {harness:12s} {rate:7.0f} turns/s   latency p50 {pct(latencies, 0.5):6.2f} ms"
            f"  p99 {pct(latencies, 0.99):6.2f} ms   ({len(turns)} turns)"
        )


def print_workers(
    one: list[Sampled], one_result: Path, two: list[Sampled], two_result: Path
) -> None:
    """Speed-up of ``--workers 2`` and whether its Result is the sequential one."""
    first, second = _median_run(one), _median_run(two)
    one_doc, two_doc = _stable(one_result), _stable(two_result)
    same = one_doc == two_doc
    differing = [key for key in one_doc if one_doc[key] != two_doc.get(key)]
    print(f"== --workers 2 vs --workers 1 (median of {len(two)} warm runs each)")
    print(
        f"  workers 1 {first.wall_s:6.2f} s   workers 2 {second.wall_s:6.2f} s   "
        f"speed-up {first.wall_s / second.wall_s:4.2f}x   "
        f"({second.wall_s * 1e3 / second.report['turn_rows']:.2f} ms per turn row)"
    )
    print(
        f"  peak RSS with 2 workers {mb(max(r.peak_rss for r in two))}   "
        f"PSS {mb(max(r.peak_pss for r in two))}"
    )
    verdict = "yes" if same else f"NO (differing: {differing})"
    print(f"  Results identical (receipt time, commit and latencies aside): {verdict}")


def main() -> None:
    """Print every figure."""
    with scratch_dir() as tmp:
        scratch = Path(tmp)
        one, one_result = sweep(scratch, [], REPEATS)
        warm_imports = imports("warm", scratch)
        cold_imports = imports("cold", scratch)
        print_sweep(one, one_result, cold_imports, warm_imports)
        two, two_result = sweep(scratch, ["--workers", "2"], REPEATS)
        print_workers(one, one_result, two, two_result)


if __name__ == "__main__":
    main()
