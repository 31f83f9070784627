"""The reference row on corpora the same generator writes at other seeds (prints, never asserts).

The committed corpus is one seed of the generator, and an engine tuned while reading its
failures can fit that seed's names rather than the generator's language. This module
generates the corpus again at :data:`SEEDS` (each into a temporary directory) and prints the
openclaw row's know-to-ask and push figures on each beside the committed corpus's, so a gap
between the committed seed and the others shows as what it is.

``python -m benchmarks seeds`` (or ``nox -s bench -- seeds``); ``BRAINBENCH_BENCH_SEEDS=1,2``
picks other seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final

REPO: Final = Path(__file__).resolve().parents[1]
#: Seeds the figures are printed for (none of them the committed corpus's).
SEEDS: Final = (42, 43, 44)
SEEDS_ENV: Final = "BRAINBENCH_BENCH_SEEDS"
_METRICS: Final = (
    ("know-to-ask", "know_to_ask_failure_rate"),
    ("know-to-ask", "false_fire_rate"),
    ("push", "push_precision"),
    ("push", "push_recall"),
)


#: Short column names, so a row fits the terminal.
_SHORT: Final = {
    "know_to_ask_failure_rate": "kta failure",
    "false_fire_rate": "false fire",
    "push_precision": "precision",
    "push_recall": "recall",
}


def _brainbench(*args: str) -> None:
    command = [sys.executable, "-m", "bb_cli", *args]
    subprocess.run(command, cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def _row(result: Path) -> str:
    document = json.loads(result.read_text(encoding="utf-8"))
    cells = {(cell["suite"], cell["harness"]): cell for cell in document["cells"]}
    figures = []
    for suite, metric in _METRICS:
        cell = cells[(suite, "openclaw")]
        figures.append(f"{_SHORT[metric]} {cell['metrics'][metric]:.4f}")
    failed = cells[("know-to-ask", "openclaw")]
    return "  ".join([*figures, f"(know-to-ask {failed['gold_failed']}/{failed['gold_total']})"])


def _run(out: Path, corpus: Path | None) -> Path:
    """One openclaw run, know-to-ask and push, on ``corpus`` (default: the committed one)."""
    where = [] if corpus is None else ["--fixtures", str(corpus / "fixtures")]
    where += [] if corpus is None else ["--gold", str(corpus / "gold")]
    result = out / "result.json"
    _brainbench(
        "run", *where, "--harness", "openclaw", "--suite", "know-to-ask,push", "--no-blind",
        "--quiet", "--progress", "off", "--out", str(result), "--ledger", str(out / "l.jsonl"),
    )  # fmt: skip
    return result


def _seeds() -> tuple[int, ...]:
    raw = os.environ.get(SEEDS_ENV, "").strip()
    return tuple(int(part) for part in raw.split(",") if part.strip()) if raw else SEEDS


def main() -> None:
    """Print the openclaw row on the committed corpus, then on each other seed's."""
    print("== openclaw, know-to-ask and push, on the generator's corpus at several seeds")
    with tempfile.TemporaryDirectory(prefix="bb-seeds-") as tmp:
        work = Path(tmp)
        committed = work / "committed"
        committed.mkdir()
        print(f"  committed seed   {_row(_run(committed, None))}", flush=True)
        for seed in _seeds():
            corpus = work / f"seed-{seed}"
            _brainbench("corpus", "gen", "--seed", str(seed), "--out", str(corpus), "--quiet")
            print(f"  seed {seed:<10}  {_row(_run(corpus, corpus))}", flush=True)


if __name__ == "__main__":
    main()
