"""``brainbench merge``: shard documents of one run -> exactly the unsharded Result."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import cast

from bb_corpus import load_corpus
from bb_schema import ALL_SUITES, Suite, dump_json
from bb_schema.turn_context import Extractor
from bb_score.scoreboard import render_result_markdown

from bb_cli._invariants import invariant_exit
from bb_cli._output import Output
from bb_cli._outputs import OutputSet, check_outputs
from bb_cli._parser import Subparsers, add_command, add_output_flags
from bb_cli._runbench import RunRequest, assemble
from bb_cli._seedfail import seed_failure_exit
from bb_cli._shard import ShardError, plan_for_merge, read_shard_result
from bb_cli.commands import SUMMARIES
from bb_cli.commands.corpus import add_corpus_dirs


def _merge(args: argparse.Namespace, out: Output) -> int:
    check_outputs([("--out", args.out)], "brainbench merge SHARD... [--out FILE]")
    try:
        documents = [(path, read_shard_result(path)) for path in args.shards]
        if not documents:
            raise ShardError("no shard documents given")
        receipt = documents[0][1].result.receipt
        corpus = load_corpus(args.fixtures, args.gold, include_holdout=receipt.include_holdout)
        out_name = None if args.out is None else str(args.out)
        merged = plan_for_merge(documents, corpus, out_name)
        unknown = [suite for suite in merged.suites if suite not in ALL_SUITES]
        if unknown:
            raise ShardError(f"{args.shards[0]}: unknown suite(s) {unknown!r}")
    except ShardError as exc:
        return out.fail("config", exc.message)
    request = RunRequest(
        corpus=corpus,
        harnesses=merged.harnesses,
        suites=tuple(cast(Suite, suite) for suite in merged.suites),
        include_holdout=merged.include_holdout,
        extractor=cast(Extractor, merged.extractor),
        cmd_args=merged.cmd_args,
        systems=documents[0][1].result.meta.systems,
    )
    result = assemble(request, merged.runs, sha=merged.harness_sha)
    out.narrate(f"brainbench merge: {len(documents)} shards, {len(result.turn_rows)} turn rows")
    failed = seed_failure_exit(result, out)
    if failed is not None:
        return failed  # an invalid run: no Result written
    if args.out is not None:
        outputs = OutputSet()
        with outputs.writing():
            outputs.stage(args.out, dump_json(result))
        out.narrate(f"result written to {args.out}")
    failed = invariant_exit(result, out, render_result_markdown(result))
    if failed is not None:
        return failed
    return out.succeed(
        render_result_markdown(result),
        cells=len(result.cells),
        out=None if args.out is None else str(args.out),
        fixtures_hash=result.receipt.fixtures_hash,
    )


def register(subparsers: Subparsers) -> None:
    """Add ``merge``."""
    parser = add_command(
        subparsers,
        "merge",
        summary=SUMMARIES["merge"],
        description=(
            "Read every shard written by `brainbench run --shard i/N --out FILE`, check they\n"
            "are the N slices of one run (same corpus, code, harness rows, suites and command\n"
            "line; each index once; every fixture exactly once), and score their records\n"
            "together: the Result is the one the unsharded run writes, apart from the receipt\n"
            "time and the measured latencies. The corpus is read again for its sealed gold."
        ),
        notes=(
            "exit 0: merged; 1: a zero-gated invariant is above 0; 2: missing, repeated or\n"
            "mismatched shards, or a seed failure",
        ),
    )
    parser.add_argument("shards", nargs="+", type=Path, metavar="SHARD.json")
    add_corpus_dirs(parser, "of the corpus the shards were run on")
    parser.add_argument("--out", type=Path, metavar="FILE", help="write the merged Result here")
    add_output_flags(parser)
    parser.set_defaults(handler=_merge)
