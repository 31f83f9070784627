"""The gate inside ``brainbench run``: run ledger, baseline update, compare against main's.

``run`` only wires the flags; this module decides. The order matters:

1. before the run, flags are checked and the baselines named on the command line are loaded,
   so a typo or a refused flag fails in a second instead of after the whole benchmark;
2. after the run, one record goes to the local run ledger (every run, seed failures too);
3. the run is compared with main's baseline (``--compare``) and the committed one, both read
   as they were before this run touched anything;
4. only then ``--update-baseline`` rewrites the committed baseline and its item sidecar
   (``main.items.json``), each atomically.

The verdict is its own document (``--verdict-out FILE``, or the ``--json`` envelope): the
Result file is never given extra keys, so it stays valid against the published v1 schema.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from bb_cli._output import EXIT_ERROR, EXIT_OK, EXIT_REGRESSION, ErrorKind, Output
from bb_cli._parser import UsageError

if TYPE_CHECKING:  # bb_gate loads when a run is gated or recorded, not to parse its flags
    from bb_gate import BaselineSet, Verdict
    from bb_schema import Result

#: Where ``--update-baseline`` writes without a FILE (relative to the working directory, like
#: the corpus defaults): the committed baseline CI gates against.
DEFAULT_BASELINE: Final = Path("evals/brainbench/baselines/main.json")
#: Its item sidecar, as :func:`bb_gate.sidecar_path` names it (a test keeps the two equal).
DEFAULT_SIDECAR: Final = DEFAULT_BASELINE.with_name("main.items.json")
#: The local run ledger: untracked (``/.brainbench/`` is git-ignored), one JSONL record a run.
DEFAULT_LEDGER: Final = Path(".brainbench/ledger.jsonl")
#: Overrides the ledger location when ``--ledger`` is not given.
LEDGER_ENV: Final = "BRAINBENCH_LEDGER"

_USAGE: Final = "usage: brainbench run [--compare FILE] [--update-baseline [FILE]] ...\n"


@dataclass(frozen=True)
class GatePlan:
    """The gate flags of one run, validated, with the baselines already loaded."""

    main: BaselineSet | None
    main_path: Path | None
    committed: BaselineSet | None
    update_baseline: Path | None
    justification: str | None
    allow_regression: str | None
    verdict_out: Path | None
    ledger: Path


def add_gate_flags(parser: argparse.ArgumentParser) -> None:
    """Add the gate and ledger flags to ``brainbench run``."""
    group = parser.add_argument_group(
        "gate",
        "Compare the run with main's baseline (docs/METHODOLOGY.md, 'Gate governance'):\n"
        "exit 0 pass, 1 regression, 2 error or inconclusive. A breached zero-gated invariant\n"
        "exits 1 with or without a baseline.",
    )
    group.add_argument(
        "--compare",
        type=Path,
        metavar="FILE",
        help="main's baseline to gate this run against, with its item sidecar "
        "(FILE.items.json) when present (CI reads both from git: bb-gate ci)",
    )
    group.add_argument(
        "--committed-baseline",
        type=Path,
        metavar="FILE",
        help="the change's committed baseline (and sidecar); when it differs from main's it "
        "must match this run exactly",
    )
    group.add_argument(
        "--update-baseline",
        type=Path,
        nargs="?",
        const=DEFAULT_BASELINE,
        metavar="FILE",
        help=f"write this run's canonical baseline and its item sidecar, atomically (default "
        f"FILE: {DEFAULT_BASELINE.as_posix()}, sidecar "
        f"{DEFAULT_SIDECAR.as_posix()})",
    )
    group.add_argument(
        "--justification",
        metavar="TEXT",
        help="with --update-baseline: why a regressing update is acceptable (read by reviewers)",
    )
    group.add_argument(
        "--allow-regression",
        metavar="REASON",
        help="local one-off escape hatch: a regression exits 0 with REASON recorded; refused "
        "when the CI environment variable is set",
    )
    group.add_argument(
        "--verdict-out", type=Path, metavar="FILE", help="also write the verdict JSON to FILE"
    )
    group.add_argument(
        "--ledger",
        type=Path,
        metavar="FILE",
        help=f"run ledger to append to (default: ${LEDGER_ENV}, else {DEFAULT_LEDGER.as_posix()})",
    )


def in_ci() -> bool:
    """Whether this runs in CI (``CI`` set and non-empty), where the escape hatch is refused."""
    return bool(os.environ.get("CI"))


def ledger_path(flag: Path | None) -> Path:
    """The ledger to use: ``--ledger``, else ``$BRAINBENCH_LEDGER``, else the default."""
    if flag is not None:
        return flag
    from_env = os.environ.get(LEDGER_ENV, "").strip()
    return Path(from_env) if from_env else DEFAULT_LEDGER


def _usage(message: str) -> UsageError:
    return UsageError(message, _USAGE)


def plan_gate(args: argparse.Namespace) -> GatePlan:
    """Validate the gate flags and load the baselines they name (before anything runs).

    Raises:
        UsageError: a flag needs another one, a reason is blank, or ``--allow-regression``
            is given under CI.
        GateUserError: a baseline file is missing or invalid (the file and field are named).
    """
    compare_path: Path | None = args.compare
    committed_path: Path | None = args.committed_baseline
    allow: str | None = args.allow_regression
    justification: str | None = args.justification
    if compare_path is None:
        for flag, value in (
            ("--committed-baseline", committed_path),
            ("--allow-regression", allow),
            ("--verdict-out", args.verdict_out),
        ):
            if value is not None:
                raise _usage(f"{flag} needs --compare FILE (main's baseline)")
    if justification is not None:
        if args.update_baseline is None:
            raise _usage("--justification is written into the baseline: add --update-baseline")
        if not justification.strip():
            raise _usage("--justification needs a non-empty reason")
    if allow is not None:
        if in_ci():
            raise _usage(
                "--allow-regression is a local one-off escape hatch and is refused in CI (the "
                "CI environment variable is set); fix the regression or justify it in the "
                "committed baseline (--update-baseline --justification TEXT)"
            )
        if not allow.strip():
            raise _usage("--allow-regression needs a non-empty reason")
    return GatePlan(
        main=_baseline_set(compare_path),
        main_path=compare_path,
        committed=_baseline_set(committed_path),
        update_baseline=args.update_baseline,
        justification=justification,
        allow_regression=allow,
        verdict_out=args.verdict_out,
        ledger=ledger_path(args.ledger),
    )


def _baseline_set(path: Path | None) -> BaselineSet | None:
    if path is None:
        return None
    from bb_gate import load_baseline_set  # only a gated run reads a baseline

    return load_baseline_set(path)


def record_run(result: Result, plan: GatePlan, out: Output) -> None:
    """Append the run to the ledger; a ledger that cannot be written is reported, not fatal.

    Why not fatal: the ledger is a local convenience for ``brainbench history``; losing one
    record must not turn a finished benchmark (or a CI gate) into an error.
    """
    from bb_gate import GateError, append_run

    try:
        append_run(plan.ledger, result)
    except GateError as error:
        out.stderr.write(f"brainbench: warning: {error.message}\n")
        return
    out.narrate(f"run recorded in the ledger {plan.ledger}")


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` via a temp file in the same directory, fsync, then ``os.replace``.

    Raises:
        OSError: the directory cannot be created or written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)


def _update_baseline(result: Result, plan: GatePlan, out: Output) -> Path | None:
    from bb_gate import (
        GateRuntimeError,
        baseline_set_from_result,
        check_floors,
        sidecar_path,
        write_baseline_set,
    )

    target = plan.update_baseline
    if target is None:
        return None
    banked = baseline_set_from_result(result, justification=plan.justification)
    try:
        write_baseline_set(target, banked)
    except GateRuntimeError as error:
        raise _WriteFailed(error.message) from None
    sidecar = "" if banked.items is None else f" and {sidecar_path(target)}"
    out.narrate(f"baseline written to {target}{sidecar}")
    if target.resolve() != DEFAULT_BASELINE.resolve():
        return target  # the floors are the committed corpus's, not any corpus's
    for violation in check_floors(banked.baseline):
        out.stderr.write(
            f"brainbench: warning: {violation.message}; the floors test will fail on this "
            "baseline\n"
        )
    return target


class _WriteFailed(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _verdict_kind(verdict: Verdict) -> ErrorKind:
    return "regression" if verdict.exit_code == EXIT_REGRESSION else "inconclusive"


def _verdict_summary(verdict: Verdict) -> str:
    blocking = [row for row in verdict.rows if not row.waived and row.kind != "improvement"]
    head = f"gate {verdict.status} (mode {verdict.mode}): {len(blocking)} blocking row(s)"
    return "; ".join([head, *verdict.messages])


def conclude(
    result: Result, plan: GatePlan, out: Output, *, text: str, fields: Mapping[str, Any]
) -> int:
    """Gate the finished run, update the baseline if asked, report, return the exit code.

    Args:
        result: The run (its seed failures already handled by the caller).
        plan: From :func:`plan_gate`.
        out: Where to report.
        text: The human result (the scoreboard); the verdict table follows it.
        fields: The success envelope's fields; ``verdict`` and ``baseline`` are added.
    """
    from bb_gate import GateError, Reference, compare, dump_verdict, render_verdict_markdown

    try:
        verdict = None
        if plan.main is not None:
            verdict = compare(
                result,
                plan.main,
                plan.committed,
                allow_regression=plan.allow_regression,
                ci=in_ci(),
            ).model_copy(
                update={
                    "reference": Reference(
                        how="file", reason=f"the baseline file {str(plan.main_path)!r}"
                    )
                }
            )
            if plan.verdict_out is not None:
                write_bytes_atomic(plan.verdict_out, dump_verdict(verdict))
                out.narrate(f"verdict written to {plan.verdict_out}")
        written = _update_baseline(result, plan, out)
    except GateError as error:
        return out.fail("config", error.message)
    except _WriteFailed as error:
        return out.fail("runtime", error.message)
    except OSError as exc:
        return out.fail("runtime", f"cannot write {exc.filename!r}: {exc.strerror}")
    envelope = dict(fields)
    envelope["baseline"] = None if written is None else str(written)
    envelope["ledger"] = str(plan.ledger)
    if verdict is None:
        return out.succeed(text, **envelope, verdict=None)
    report = text.rstrip("\n") + "\n\n" + render_verdict_markdown(verdict)
    if verdict.allowed_regression is not None:
        waived = sum(1 for row in verdict.rows if row.waived)
        out.stderr.write(
            f"brainbench: warning: {waived} regressing row(s) waived locally by "
            f"--allow-regression ({verdict.allowed_regression}); CI refuses this flag\n"
        )
    if verdict.exit_code == EXIT_OK:
        return out.succeed(report, **envelope, verdict=verdict.model_dump(mode="json"))
    out.result(report)
    rows = [row.model_dump(mode="json") for row in verdict.rows if not row.waived]
    out.fail(_verdict_kind(verdict), _verdict_summary(verdict), rows)
    return EXIT_REGRESSION if verdict.exit_code == EXIT_REGRESSION else EXIT_ERROR
