"""``brainbench run``: replay the corpus through the harness seams and score it.

This module only registers the parser, from light modules: the run's machinery (engine,
grpc, psycopg, the wire models) is :mod:`bb_cli._runcommand`, imported when a run executes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bb_adapters import DEFAULT_HARNESSES, HOOK_EXECS
from bb_schema import ALL_SUITES, CORE_SUITES, DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_TIMEOUT_S

from bb_cli import _gating
from bb_cli._blindrun import add_blind_flags
from bb_cli._limits import add_limit_flags
from bb_cli._llm_run import add_llm_flags
from bb_cli._output import Output
from bb_cli._parser import Subparsers, add_command, add_output_flags
from bb_cli._progress import add_progress_flag
from bb_cli.commands import SUMMARIES
from bb_cli.commands.corpus import add_corpus_dirs

#: ``--suite``'s default, and every suite it accepts.
SUITES_DEFAULT = ",".join(CORE_SUITES)
KNOWN_SUITES = ",".join(ALL_SUITES)


def _run(args: argparse.Namespace, out: Output) -> int:
    # The run's machinery loads here, once the command line parsed: not for --help.
    from bb_cli._runcommand import run_command

    return run_command(args, out)


def register(subparsers: Subparsers) -> None:
    """Add ``run``."""
    parser = add_command(
        subparsers,
        "run",
        summary=SUMMARIES["run"],
        description=(
            "Start the reference engine on an embedded PostgreSQL (or BRAINBENCH_DSN), serve\n"
            "it over gRPC on a private unix socket, replay every fixture through each harness\n"
            "row, score against the sealed gold and print the markdown scoreboard with the\n"
            "seam column and each row's disclosed deviations."
        ),
        notes=(
            "exit 0: run complete (and the gate passed); 1: the gate found a regression, or a\n"
            "zero-gated invariant (source isolation, pointer budget, trust counts) is above 0,\n"
            "with or without a baseline; 2: bad input, seed failure, system failure or an\n"
            "inconclusive gate",
        ),
    )
    add_corpus_dirs(parser)
    add_limit_flags(parser)
    parser.add_argument(
        "--harness",
        default=",".join(DEFAULT_HARNESSES),
        help="comma-separated rows: openclaw, claude-code, codex, always-silent, inject-all, "
        "grpc:<name>=<target> (default: %(default)s)",
    )
    parser.add_argument(
        "--suite",
        default=SUITES_DEFAULT,
        help=f"comma-separated suites of {KNOWN_SUITES}, or all (default: %(default)s)",
    )
    parser.add_argument(
        "--sealed",
        type=Path,
        metavar="DIR",
        help="also run the sealed adversarial trust set in DIR/fixtures + DIR/gold (kept "
        "outside the repository): reported under _meta.sealed, never gated",
    )
    parser.add_argument(
        "--include-holdout",
        action="store_true",
        help="a published run: also score holdout fixtures and the blind set",
    )
    add_blind_flags(parser)
    parser.add_argument(
        "--extractor",
        choices=("gold", "rules"),
        default="gold",
        help="write-back extractor seam (default: gold, the deterministic mode)",
    )
    add_llm_flags(parser)
    parser.add_argument(
        "--hook-exec",
        choices=HOOK_EXECS,
        default="in-process",
        help="how the claude-code row runs its UserPromptSubmit hook: in-process (fast) or "
        "subprocess (the installed bb-brain console script, one process per turn); "
        "default: %(default)s",
    )
    parser.add_argument(
        "--call-timeout",
        type=float,
        default=DEFAULT_TIMEOUT_S,
        metavar="SECONDS",
        help="how long one call to a foreign grpc: system may take before the run fails "
        "naming the call (default: %(default)s)",
    )
    parser.add_argument(
        "--max-message-bytes",
        type=int,
        default=DEFAULT_MAX_MESSAGE_BYTES,
        metavar="N",
        help="the largest gRPC message sent to or accepted from a foreign grpc: system "
        "(default: %(default)s, 16 MiB)",
    )
    parser.add_argument("--out", type=Path, metavar="FILE", help="write the Result JSON here")
    parser.add_argument(
        "--md",
        type=Path,
        metavar="OUT",
        help="also write the scoreboard (markdown) here; works with --json, whose stdout stays "
        "one envelope",
    )
    parser.add_argument(
        "--failed", action="store_true", help="list every failed item in the scoreboard"
    )
    add_progress_flag(parser)
    parser.add_argument(
        "--workers",
        default="1",
        metavar="N|auto",
        help="replay fixtures on N processes against the run's one server (auto: one per "
        "core); the Result is the same for every N (default: %(default)s)",
    )
    parser.add_argument(
        "--shard",
        metavar="I/N",
        help="run only the I-th of N deterministic slices and write a shard document to --out; "
        "`brainbench merge` combines the N shards into the full Result",
    )
    parser.add_argument(
        "--dask",
        metavar="SCHEDULER",
        help="run the shards on a Dask cluster (tcp://HOST:PORT, or local for a local one) "
        "against the shared PostgreSQL in BRAINBENCH_DSN; needs the bb-cli[dask] extra",
    )
    parser.add_argument(
        "--shards",
        type=int,
        default=4,
        metavar="N",
        help="with --dask: how many shards (tasks) to cut the run into (default: %(default)s)",
    )
    _gating.add_gate_flags(parser)
    add_output_flags(parser)
    parser.set_defaults(handler=_run)
