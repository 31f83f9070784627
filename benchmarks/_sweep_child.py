"""One instrumented ``brainbench run``, as its own process, reporting its phases as JSON.

It does what ``brainbench run --out FILE`` does (start PostgreSQL early, load the corpus,
run with each item scored as it finishes, write the Result from its spill, render the
scoreboard) through the same functions, with a phase clock
handed to the run. The parent (:mod:`benchmarks.sweep`) times the process from spawn to exit
and samples the memory of its whole tree, so interpreter start and imports are measured, not
assumed.

Usage: ``python -m benchmarks._sweep_child REPORT.json RESULT.json [brainbench run flags]``.
"""

from __future__ import annotations

import time

STARTED = time.time()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402


def main(argv: list[str]) -> int:
    """Run the sweep; write the phase report."""
    report_path, result_path, *flags = argv
    marks: dict[str, float] = {"main": time.time()}
    from bb_cli import _collector
    from bb_cli.main import start_database_early

    _collector.pause()  # as the console script does for a run
    start_database_early(["run", *flags])  # as the console script does, first of all
    from bb_adapters import DEFAULT_HARNESSES, parse_harnesses
    from bb_adapters.runner import PhaseClock
    from bb_cli import _runcommand  # noqa: F401 (what executing `run` imports)
    from bb_cli._runbench import RunRequest, argv_for_receipt, execute_streamed
    from bb_cli._spill import ResultSpill
    from bb_cli.commands import run as _parsed  # noqa: F401 (what parsing `run` imports)
    from bb_cli.commands.corpus import DEFAULT_FIXTURES, DEFAULT_GOLD
    from bb_corpus import load_corpus
    from bb_schema import CORE_SUITES

    marks["imports"] = time.time()
    options = _options(flags)
    corpus = load_corpus(
        Path(options.get("--fixtures", str(DEFAULT_FIXTURES))),
        Path(options.get("--gold", str(DEFAULT_GOLD))),
        include_holdout=False,
        packed=True,
    )
    marks["corpus"] = time.time()
    _collector.settle()  # as the run command does before its replay
    clock = PhaseClock()
    harnesses = tuple(parse_harnesses(options.get("--harness", ",".join(DEFAULT_HARNESSES))))
    request = RunRequest(
        corpus=corpus,
        harnesses=harnesses,
        suites=CORE_SUITES,
        include_holdout=False,
        extractor="gold",
        cmd_args=argv_for_receipt(["run", *flags]),
        workers=_workers(options.get("--workers", "1")),
    )
    with ResultSpill.temporary() as spill:
        result = execute_streamed(request, None, spill, clock=clock)
        marks["run"] = time.time()
        from bb_score.scoreboard import render_result_markdown  # as the CLI: after the run

        with Path(result_path).open("wb") as handle:
            spill.write(handle, result)
        render_result_markdown(result)
        rows = spill.row_count
    marks["output"] = time.time()
    report = {
        "spawned": float(os.environ.get("BRAINBENCH_BENCH_SPAWNED", STARTED)),
        "started": STARTED,
        "marks": marks,
        "phases": clock.seconds,
        "first_turn": clock.first_turn,
        "brains": clock.brains,
        "fixtures": len(corpus.ids),
        "turn_rows": rows,
        "bytecode_cached": _bytecode_cached(),
    }
    Path(report_path).write_text(json.dumps(report), encoding="utf-8")
    return 0


def _workers(spec: str) -> int:
    if spec == "1":
        return 1
    from bb_cli._workers import resolve_workers

    return resolve_workers(spec)


def _options(flags: list[str]) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for key, value in zip(flags[::2], flags[1::2], strict=False):
        pairs[key] = value
    return pairs


def _bytecode_cached() -> bool:
    """Whether this interpreter loaded the project's modules from cached bytecode."""
    import importlib.util

    import bb_cli._runbench as probe

    cached = importlib.util.cache_from_source(probe.__file__ or "")
    return Path(cached).exists()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
