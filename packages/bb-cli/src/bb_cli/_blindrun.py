"""The independent blind set, scored beside the corpus in published runs: reported, never gated.

The committed blind set (``evals/brainbench/blind``) was written by hand, from the v1 schema,
the methodology and a written brief, by someone who had read neither the corpus generator nor
the engine. It measures how the rows hold on text nobody tuned them for, so it is never tuned
against: engine changes are justified by the generated corpus and general reasoning. A
published run (``--include-holdout``) scores it on the run's core suites and rows into
``_meta.blind``; ``--blind DIR`` scores any set laid out the same way (``DIR/fixtures`` +
``DIR/gold``); ``--no-blind`` skips it. Nothing reads ``_meta`` to gate, so the blind cells
never enter a baseline, a floor or a verdict, and a blind fixture that fails to seed is
reported with the set instead of failing the run.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Final

from bb_schema import CORE_SUITES

if TYPE_CHECKING:  # the run's machinery loads when a blind set is scored, not to parse flags
    from bb_adapters.runner import Progress
    from bb_schema import Result

    from bb_cli._runbench import RunRequest

DEFAULT_BLIND: Final = Path("evals/brainbench/blind")


def add_blind_flags(parser: argparse.ArgumentParser) -> None:
    """``--blind DIR`` and ``--no-blind``."""
    parser.add_argument(
        "--blind",
        type=Path,
        metavar="DIR",
        help="also score the independent blind set in DIR/fixtures + DIR/gold on the run's "
        "core suites: reported under _meta.blind, never gated (a published run, "
        f"--include-holdout, scores {DEFAULT_BLIND.as_posix()} unless --no-blind)",
    )
    parser.add_argument(
        "--no-blind", action="store_true", help="do not score the blind set in a published run"
    )


def blind_dir(args: argparse.Namespace) -> Path | None:
    """The blind set this run scores, if any."""
    if args.no_blind:
        return None
    if args.blind is not None:
        return Path(args.blind)
    if args.include_holdout and (DEFAULT_BLIND / "fixtures").is_dir():
        return DEFAULT_BLIND
    return None


def with_blind(
    result: Result, request: RunRequest, directory: Path, progress: Progress | None
) -> Result:
    """``result`` with the blind set's cells under ``_meta.blind`` (core suites only).

    Raises:
        CorpusError: the blind set does not load (named file and field).
    """
    from bb_corpus import load_corpus
    from bb_schema.result import SealedReport

    from bb_cli._runbench import execute

    suites = tuple(suite for suite in request.suites if suite in CORE_SUITES)
    if not suites:
        return result
    corpus = load_corpus(directory / "fixtures", directory / "gold", include_holdout=True)
    blind = execute(
        dataclasses.replace(
            request, corpus=corpus, suites=suites, include_holdout=True, shard=None
        ),
        progress,
    )
    report = SealedReport(
        fixtures_hash=corpus.fixtures_hash,
        cells=blind.cells,
        failed_items=blind.meta.failed_items,
        seed_failures=blind.seed_failures,
    )
    return result.model_copy(update={"meta": result.meta.model_copy(update={"blind": report})})


__all__ = ["DEFAULT_BLIND", "add_blind_flags", "blind_dir", "with_blind"]
