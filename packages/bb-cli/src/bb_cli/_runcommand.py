"""``brainbench run`` as it executes: the run's machinery, loaded once a run is parsed.

:mod:`bb_cli.commands.run` registers the parser with light imports only and hands the parsed
arguments here, so ``brainbench run --help`` and a usage error never import the engine, grpc,
psycopg or the wire models.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bb_adapters import HarnessConfig, parse_harnesses, with_hook_exec
from bb_adapters.foreign import describe_foreign
from bb_adapters.seams import with_call_options
from bb_brain import temp_files_here
from bb_brain.server import reference_info
from bb_corpus import load_corpus
from bb_schema import ALL_SUITES, MIN_SECRET_BYTES, Result, Suite, SystemInfo

from bb_cli import _collector, _gating, _trustrun
from bb_cli._blindrun import blind_dir, with_blind
from bb_cli._limits import limits_from
from bb_cli._llm_run import LlmRunAborted, execute_run, plan_llm
from bb_cli._output import Output
from bb_cli._outputs import OutputSet, check_outputs
from bb_cli._parser import UsageError
from bb_cli._progress import ProgressDisplay, resolve_mode
from bb_cli._runbench import RunRequest, argv_for_receipt
from bb_cli._seedfail import seed_failure_exit
from bb_cli._spill import ResultSpill
from bb_cli.commands.run import KNOWN_SUITES, SUITES_DEFAULT

if TYPE_CHECKING:
    from bb_schema import BaselineConfig

    from bb_cli._shard import ShardSpec

FOREIGN_SECRET_ENV = "BRAINBENCH_FOREIGN_SECRET"


def _suites(spec: str) -> tuple[Suite, ...]:
    wanted = [part.strip() for part in spec.split(",") if part.strip()]
    if wanted == ["all"]:
        return ALL_SUITES
    for suite in wanted:
        if suite not in ALL_SUITES:
            usage = "brainbench run --suite " + SUITES_DEFAULT
            raise UsageError(f"unknown suite {suite!r}: expected some of {KNOWN_SUITES}", usage)
    if not wanted:
        raise UsageError(f"no suite in {spec!r}", "brainbench run --suite " + SUITES_DEFAULT)
    return tuple(s for s in ALL_SUITES if s in wanted)


def _unscorable(harnesses: tuple[HarnessConfig, ...], suites: tuple[Suite, ...]) -> None:
    """A suite a row cannot be scored on is a usage error, before anything runs."""
    trust = _trustrun.trust_suites(suites)
    trivial = [h.name for h in harnesses if h.delivery in _trustrun.TRIVIAL_DELIVERIES]
    if trust and trivial:
        raise UsageError(
            f"row {trivial[0]!r} has no memory of its own and cannot be scored on "
            f"{', '.join(trust)}: drop the row or those suites",
            "brainbench run --harness always-silent,inject-all --suite know-to-ask,push",
        )


def _systems(
    harnesses: tuple[HarnessConfig, ...], suites: tuple[Suite, ...], secret: str
) -> dict[str, SystemInfo]:
    """Describe of every row's system: the reference engine's, and each foreign one's."""
    reference = reference_info(trust=bool(_trustrun.trust_suites(suites)))
    found = {h.name: reference for h in harnesses if h.target is None}
    found.update(describe_foreign(harnesses, secret))
    return found


def run_command(args: argparse.Namespace, out: Output) -> int:
    """Execute a parsed ``brainbench run``; its exit code."""
    # Every run-scoped file (sockets, hook transcripts, worker files) in one private run
    # directory that goes with the run, or with the next run's sweep after a SIGKILL.
    # The Result's rows and evidence wait on disk there too (see bb_cli._spill).
    with temp_files_here(), ResultSpill.temporary() as spill:
        return _run_here(args, out, spill)


def _run_here(args: argparse.Namespace, out: Output, spill: ResultSpill) -> int:
    gate = _gating.plan_gate(args)
    check_outputs(
        [
            ("--out", args.out),
            ("--md", args.md),
            ("--verdict-out", gate.verdict_out),
            ("--update-baseline", gate.update_baseline),
            ("--ledger", gate.ledger),
        ],
        "brainbench run [--out FILE] [--md FILE] ...",
    )
    suites = _suites(args.suite)
    harnesses = tuple(
        with_call_options(
            with_hook_exec(h, args.hook_exec),
            timeout=args.call_timeout,
            max_message_bytes=args.max_message_bytes,
        )
        for h in parse_harnesses(args.harness)
    )
    secret = os.environ.get(FOREIGN_SECRET_ENV, "")
    if any(h.target is not None for h in harnesses):
        if not secret:
            raise UsageError(
                f"a grpc: row needs the foreign system's shared secret in {FOREIGN_SECRET_ENV}",
                f"{FOREIGN_SECRET_ENV}=... brainbench run --harness {args.harness}",
            )
        if len(secret.encode("utf-8")) < MIN_SECRET_BYTES:
            raise UsageError(
                f"{FOREIGN_SECRET_ENV} is {len(secret.encode('utf-8'))} bytes; a shared secret "
                f"must be at least {MIN_SECRET_BYTES} bytes (e.g. `openssl rand -hex 32`)",
                f"{FOREIGN_SECRET_ENV}=... brainbench run --harness {args.harness}",
            )
    _unscorable(harnesses, suites)
    llm = plan_llm(args, suites, harnesses)
    planned = _planned_config(harnesses, suites, args.include_holdout, bool(llm))
    mismatch = _config_mismatch(gate, planned)
    if mismatch is not None:
        return out.fail("inconclusive", *mismatch)
    _keeps_the_committed_coverage(gate, planned)
    workers, shard = _placement(args, gate, llm)
    blind = blind_dir(args)
    if shard is not None and blind is not None:
        raise UsageError(
            "--shard slices the core replay; score the blind set unsharded (or --no-blind)",
            "brainbench run --include-holdout",
        )
    if shard is not None and (_trustrun.trust_suites(suites) or args.sealed is not None):
        raise UsageError(
            "--shard slices the core replay; run the memory-trust suites unsharded",
            "brainbench run --suite trust,state-resolution,deletion,poisoning",
        )
    limits = limits_from(args)
    # Packed: the run replays one fixture at a time, so it holds one at a time.
    corpus = load_corpus(
        args.fixtures, args.gold, include_holdout=args.include_holdout, limits=limits, packed=True
    )
    systems = _systems(harnesses, suites, secret)  # a dead foreign target: exit 2, now
    _collector.settle()  # start-up is over: what it allocated stays out of collections
    out.narrate(
        f"brainbench: a corpus of {len(corpus.ids)} fixtures, harnesses "
        f"{','.join(h.name for h in harnesses)}, suites {','.join(suites)}"
    )
    display = ProgressDisplay(
        out.stderr, resolve_mode(args.progress, quiet=out.quiet, stream=out.stderr)
    )
    request = RunRequest(
        corpus=corpus,
        harnesses=harnesses,
        suites=suites,
        include_holdout=args.include_holdout,
        extractor="llm" if llm else args.extractor,
        cmd_args=argv_for_receipt(),
        workers=workers,
        shard=shard,
        max_message_bytes=limits.message_bytes(),
        systems=systems,
    )
    if shard is not None:
        from bb_cli._shard import execute_shard, report_shard

        with display.running():
            executed = execute_shard(request, display.phase(f"replay shard {shard}"))
        return report_shard(request, executed, args.out, out)
    with display.running():
        if args.dask is not None:
            from bb_cli._dask import run_on_dask

            result = run_on_dask(request, args.dask, args.shards, args.out)[0]
        else:
            narrate = out.narrate if out.quiet else display.narrate
            try:
                result = execute_run(request, llm, display.phase("replay"), narrate, spill)
            except LlmRunAborted as aborted:
                return out.fail("runtime", aborted.message)
        result = _trustrun.with_trust(
            result,
            corpus,
            harnesses,
            suites,
            dsn=request.dsn,
            sealed=args.sealed,
            progress=display.phase("trust sweep"),
            sealed_progress=display.phase("sealed trust sweep"),
            workers=workers,
            systems=systems,
            secret=secret,
        )
        if blind is not None:
            result = with_blind(result, request, blind, display.phase("blind set"))
    return _finish(result, args, gate, out, spill)


def _finish(
    result: Result,
    args: argparse.Namespace,
    gate: _gating.GatePlan,
    out: Output,
    spill: ResultSpill,
) -> int:
    """Report the finished run; its outputs and ledger record only when it is valid."""
    # Scoring's modules: loaded once the run is over, never before its first turn.
    from bb_score.scoreboard import render_result_markdown

    from bb_cli._invariants import breaches, invariant_exit
    from bb_cli._invariants import report as report_breaches

    failed = seed_failure_exit(result, out)
    if failed is not None:
        return failed  # an invalid run: no Result, no scoreboard file, no ledger record
    board = render_result_markdown(result, failed=args.failed)
    outputs = OutputSet()
    try:
        with outputs.writing():
            if args.out is not None:
                outputs.stage_with(args.out, lambda handle: spill.write(handle, result))
            if args.md is not None:
                outputs.stage(args.md, board.encode("utf-8"))
            outputs.then(lambda: _gating.record_run(result, gate, out))
    except OSError as exc:
        return out.fail("runtime", f"cannot write {exc.filename!r}: {exc.strerror}")
    if args.out is not None:
        out.narrate(f"result written to {args.out}")
    if args.md is not None:
        out.narrate(f"scoreboard written to {args.md}")
    if gate.main is None:
        # No baseline to compare with: the invariants still gate (and no baseline is written).
        failed = invariant_exit(result, out, board)
        if failed is not None:
            return failed
    else:
        report_breaches(breaches(result), out)  # the verdict fails them; name their items
    return _gating.conclude(
        result,
        gate,
        out,
        text=board,
        fields={
            "cells": len(result.cells),
            # each cell's numbers, so that --json alone answers "how did it score"
            "scores": {
                f"{cell.harness}/{cell.suite}": dict(sorted(cell.metrics.items()))
                for cell in result.cells
            },
            "out": None if args.out is None else str(args.out),
            "md": None if args.md is None else str(args.md),
            "fixtures_hash": result.receipt.fixtures_hash,
        },
    )


def _planned_config(
    harnesses: Sequence[HarnessConfig], suites: Sequence[str], include_holdout: bool, llm: bool
) -> BaselineConfig:
    """The configuration this run's baseline will record, known before anything runs."""
    from bb_schema import BaselineConfig

    return BaselineConfig(
        include_holdout=include_holdout,
        llm=llm,
        harnesses=sorted({h.name for h in harnesses}),
        suites=sorted(set(suites)),
    )


def _keeps_the_committed_coverage(gate: _gating.GatePlan, planned: BaselineConfig) -> None:
    """Refuse to rewrite the committed baseline with cells of another configuration.

    ``--update-baseline`` on a core-suites run would silently drop the memory-trust cells
    the committed baseline holds, and the gate would then find it matching no run.

    Raises:
        UsageError: the committed baseline exists and covers other suites, rows or holdout.
    """
    target = gate.update_baseline
    committed = _gating.DEFAULT_BASELINE
    if target is None or target.resolve() != committed.resolve() or not target.is_file():
        return
    from bb_gate import GateError, config_rows, load_baseline
    from bb_gate.compare import reupdate

    try:
        wanted = load_baseline(target).config
    except GateError:
        return  # an unreadable file is replaced, as before
    rows = config_rows(wanted, planned)
    if rows:
        differs = ", ".join(str(row.metric) for row in rows)
        raise UsageError(
            f"--update-baseline would rewrite the committed baseline {str(target)!r} with "
            f"other {differs} than it covers, dropping its other cells; nothing was run. "
            f"To re-bless it: {reupdate(wanted)}; to change what it covers, remove it first",
            "brainbench run --suite all --update-baseline",
        )


def _config_mismatch(
    gate: _gating.GatePlan, planned: BaselineConfig
) -> tuple[str, list[dict[str, Any]]] | None:
    """How this run's configuration differs from the baseline it compares with, if it does.

    Such a comparison is inconclusive whatever the numbers are, so it is refused before the
    run, naming the flags that reproduce the baseline's configuration.
    """
    if gate.main is None:
        return None
    from bb_gate import config_rows

    wanted = gate.main.baseline.config
    rows = config_rows(wanted, planned)
    if not rows:
        return None
    suite_flag = "all" if set(wanted.suites) == set(ALL_SUITES) else ",".join(wanted.suites)
    flags = f"--suite {suite_flag} --harness {','.join(wanted.harnesses)}"
    flags += " --include-holdout" if wanted.include_holdout else ""
    differs = ", ".join(str(row.metric) for row in rows)
    message = (
        f"the run's {differs} differ from the baseline {gate.main_path}'s, so the comparison "
        f"would be inconclusive; nothing was run. Run with the baseline's configuration: "
        f"brainbench run --compare {gate.main_path} {flags}"
    )
    return message, [row.model_dump(mode="json") for row in rows]


def _placement(
    args: argparse.Namespace, gate: _gating.GatePlan, llm: object
) -> tuple[int, ShardSpec | None]:
    """``--workers`` and ``--shard``: where fixtures run (never what is scored).

    The modules of the other placements load only when their flags are given.
    """
    from bb_cli._workers import resolve_workers

    try:
        workers = resolve_workers(args.workers)
    except ValueError as error:
        message = str(error) if str(error).startswith("--workers") else None
        raise UsageError(
            message or f"--workers {args.workers!r} is not a positive count or 'auto'",
            "brainbench run --workers N|auto",
        ) from None
    if llm and workers > 1:
        raise UsageError(
            "--llm shares one --budget-usd, which a second process cannot see: use --workers 1",
            "brainbench run --llm --workers 1",
        )
    if args.dask is not None and (args.shard is not None or llm or workers > 1):
        from bb_cli._dask import USAGE as DASK_USAGE

        raise UsageError(
            "--dask runs --shards N shards on the cluster, one process each: drop --shard, "
            "--workers and --llm",
            DASK_USAGE,
        )
    if args.shard is None:
        return workers, None
    from bb_cli._shard import USAGE as SHARD_USAGE
    from bb_cli._shard import ShardSpec

    shard = ShardSpec.parse(args.shard)
    if args.out is None:
        raise UsageError(
            "--shard needs --out FILE: the shard document is what merge reads", SHARD_USAGE
        )
    if llm or gate.main is not None or gate.update_baseline is not None:
        raise UsageError(
            "--shard runs one slice: gate (or --llm) the merged Result instead", SHARD_USAGE
        )
    return workers, shard
