"""``bb-gate``: the BrainBench CI gate command line.

``main(argv) -> int`` never exits the interpreter (so it is testable); ``run`` is the console
script wrapper. With ``--json`` stdout carries exactly one envelope, ``{"verdict": ...}`` (or
the subcommand's document) or ``{"error": {"kind": ..., "message": ...}}``; narration goes to
stderr. User mistakes never print a traceback.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from bb_gate._ci import cmd_ci, cmd_reference
from bb_gate._console import emit_json, emit_verdict, in_ci, load_current, narrate
from bb_gate._errors import ErrorKind, GateError, GateUsageError, GateUserError
from bb_gate.baseline import baseline_to_data, load_baseline
from bb_gate.compare import compare
from bb_gate.floors import FLOORS, check_floors
from bb_gate.items import (
    BaselineSet,
    baseline_set_from_result,
    load_baseline_set,
    write_baseline_set,
)
from bb_gate.ratchet import ratchet
from bb_gate.reference import AUTO_REFS, GATE_REF_ENV
from bb_gate.verdict import Reference, VerdictRow

DEFAULT_BASELINE_PATH = "evals/brainbench/baselines/main.json"

_RULES = """\
A baseline is FILE plus its item sidecar (main.json -> main.items.json: per cell the sorted
ids <fixture_id>#<item> of the failed items, and the scorer digest). Both files follow the
rules below; a baseline without a sidecar is compared by counts, with a notice.

rules (docs/METHODOLOGY.md, "Gate governance"):
  invariants     source_isolation_violations and every other zero-gated metric must be 0 in
                 every run, whatever a baseline says (exit 1; never waivable).
  seed failure   a fixture that failed to seed makes the run invalid (exit 2).
  config         include_holdout, llm, harness set and suite set must match the reference
                 baseline, else the comparison is inconclusive (exit 2).
  same hash      unchanged corpus and scorer: any item that passed in the reference and fails
                 now (listed by id, whatever the counts), a missing cell, an adverse move of a
                 gated metric (4-decimal) or any gold_total change is a regression (exit 1).
                 A committed baseline that differs from the reference must byte-match this
                 run (else exit 2); if it banks a regression it needs a justification.
                 Items that newly pass are listed as improvements.
  corpus bless   changed fixtures_hash: the committed baseline must exactly match this run
                 (else exit 2, re-run --update-baseline); adverse moves, newly failing items
                 and shrunken gold coverage need a non-empty justification in it (else
                 exit 1).
  scorer bless   the Result's scorer digest (_meta.scorer) differs from the reference's:
                 as corpus bless.
  first landing  no reference baseline: the committed one must byte-match this run.
  ungated        no reference baseline and none committed: pass with a notice.
  --allow-regression REASON turns exit 1 into 0 locally (reason recorded); refused when the
                 CI environment variable is set (exit 2).

exit codes: 0 pass, 1 regression, 2 error / inconclusive / usage.
"""

_CI_REFERENCE = f"""\
reference (ci, reference): --ref REF, else ${GATE_REF_ENV}, else the first of
{", ".join(AUTO_REFS)} that resolves. When that is another commit than HEAD, its baseline is
the reference. When it is HEAD itself (CI checked out main) or none resolves, the reference is
the previous version of the committed baseline: the files as of the first parent of the last
first-parent commit that changed them. A shallow clone that hides that parent has no usable
reference: exit 2 when CI is set (fetch the history: `git fetch --unshallow`, fetch-depth: 0);
locally HEAD's own baseline is used, with a notice. --explain prints the choice and why.
"""


class _ParserExit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of exiting, so --json can wrap usage errors."""

    def error(self, message: str) -> NoReturn:
        raise GateUsageError(f"{self.prog}: {message}; see `{self.prog} --help`")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _ParserExit(status)


def _cmd_compare(ns: argparse.Namespace) -> int:
    current = load_current(ns.current)
    main = load_baseline_set(Path(ns.baseline))
    committed = load_baseline_set(Path(ns.committed)) if ns.committed else None
    verdict = compare(current, main, committed, allow_regression=ns.allow_regression, ci=in_ci())
    reference = Reference(how="file", reason=f"the baseline file {ns.baseline!r}")
    return emit_verdict(verdict.model_copy(update={"reference": reference}), ns)


def _cmd_canonical(ns: argparse.Namespace) -> int:
    current = load_current(ns.current)
    if current.seed_failures:
        ids = [failure.fixture_id for failure in current.seed_failures]
        raise GateUserError(
            f"the result has seed failures {ids!r}: the run is invalid and cannot become a "
            "baseline; fix seeding and re-run"
        )
    banked = baseline_set_from_result(current, justification=ns.justification)
    data, items = banked.files()
    if ns.out:
        write_baseline_set(Path(ns.out), banked)
        narrate(f"bb-gate canonical: wrote {ns.out}" + (" and its sidecar" if items else ""))
    if ns.json:
        sidecar = None if banked.items is None else banked.items.model_dump(mode="json")
        emit_json({"baseline": baseline_to_data(banked.baseline), "items": sidecar})
    elif not ns.out:
        sys.stdout.write(data.decode("utf-8"))
    return 0


def _rows_markdown(title: str, rows: list[VerdictRow]) -> list[str]:
    if not rows:
        return []
    lines = [
        f"### {title}",
        "",
        "| cell | metric | main | current | detail |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        lines.append(f"| {row.cell} | {row.metric} | {row.main} | {row.current} | {row.detail} |")
    return [*lines, ""]


def _cmd_ratchet(ns: argparse.Namespace) -> int:
    current = load_current(ns.current)
    main = load_baseline_set(Path(ns.baseline))
    report = ratchet(current, main)
    written: str | None = None
    if ns.write and report.tightened is not None:
        write_baseline_set(Path(ns.write), BaselineSet(report.tightened, report.tightened_items))
        written = ns.write
        narrate(f"bb-gate ratchet: wrote the tightened baseline to {ns.write}; review and commit")
    elif ns.write:
        narrate(f"bb-gate ratchet: not writing {ns.write}: the run has blockers")
    lines = [f"## BrainBench ratchet (exit {report.exit_code})", ""]
    lines += [f"- {message}" for message in report.messages] + [""]
    lines += _rows_markdown("improvements", report.improvements)
    lines += _rows_markdown("blockers", report.blockers)
    text = "\n".join(lines).rstrip("\n") + "\n"
    if ns.json:
        narrate(text)
        document = report.model_dump(mode="json", exclude={"tightened", "tightened_items"})
        document["exit_code"] = report.exit_code
        document["written"] = written
        emit_json({"ratchet": document})
    else:
        sys.stdout.write(text)
    return report.exit_code


def _cmd_floors(ns: argparse.Namespace) -> int:
    baseline = load_baseline(Path(ns.baseline))
    violations = check_floors(baseline)
    if ns.json:
        emit_json(
            {
                "floors": {
                    "floors": [floor.model_dump(mode="json") for floor in FLOORS],
                    "violations": [v.model_dump(mode="json") for v in violations],
                }
            }
        )
    for violation in violations:
        (narrate if ns.json else print)(f"floor violated: {violation.message}")
    if not violations and not ns.json:
        print(f"all {len(FLOORS)} floors hold for {ns.baseline}")
    return 1 if violations else 0


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON envelope on stdout (narration on stderr)",
    )


def _add_gate_outputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-regression",
        metavar="REASON",
        help="local one-off escape hatch: exit 1 becomes 0, REASON recorded; refused under CI",
    )
    parser.add_argument("--verdict-out", metavar="FILE", help="also write the verdict JSON to FILE")
    _add_common(parser)


def _add_reference_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ref",
        default=None,
        help=f"git ref of main (default: ${GATE_REF_ENV}, else the first of "
        f"{', '.join(AUTO_REFS)} that resolves; HEAD itself means its history)",
    )
    parser.add_argument(
        "--baseline-path",
        default=DEFAULT_BASELINE_PATH,
        metavar="PATH",
        help=f"repository-relative baseline path (default {DEFAULT_BASELINE_PATH}; its "
        "sidecar sits beside it)",
    )
    parser.add_argument(
        "--repo",
        default=".",
        metavar="DIR",
        help="a directory inside the git work tree (default .)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``bb-gate`` argument parser (exposed so docs and tests can render ``--help``)."""
    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="bb-gate",
        description="BrainBench CI gate: canonical baselines and main-baseline governance.",
        epilog=_RULES,
        formatter_class=formatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser(
        "compare",
        help="gate a Result against main's baseline (and a committed one)",
        description="Gate RESULT against main's baseline FILE and, optionally, the committed "
        "working-tree baseline; each file's sidecar (FILE.items.json) is read when present.",
        epilog=_RULES,
        formatter_class=formatter,
    )
    p.add_argument(
        "--current", required=True, metavar="RESULT", help="this run's Result JSON ('-' = stdin)"
    )
    p.add_argument("--baseline", required=True, metavar="FILE", help="main's baseline")
    p.add_argument("--committed", metavar="FILE", help="the committed (working-tree) baseline")
    _add_gate_outputs(p)
    p.set_defaults(handler=_cmd_compare)

    p = sub.add_parser(
        "ci",
        help="read the reference baseline from git and gate the run against it",
        description="Read the reference baseline (and its sidecar) with `git show COMMIT:PATH` "
        "from a commit the change did not write, refuse a working-tree deletion of either "
        "file, and gate RESULT. Fails hard (exit 2) when a named ref does not resolve or, "
        "under CI, when there is no usable reference; runs ungated only when neither the "
        "reference nor the working tree has a baseline.",
        epilog=_CI_REFERENCE + "\n" + _RULES,
        formatter_class=formatter,
    )
    p.add_argument(
        "--current", default="-", metavar="RESULT", help="this run's Result JSON (default: stdin)"
    )
    _add_reference_flags(p)
    p.add_argument(
        "--explain",
        action="store_true",
        help="print which ref and which baseline version the gate used, and why",
    )
    _add_gate_outputs(p)
    p.set_defaults(handler=cmd_ci)

    p = sub.add_parser(
        "reference",
        help="print which reference baseline `ci` would use, and why (no run needed)",
        description="Resolve the reference exactly as `ci` does and print it; exit 2 when "
        "there is none usable under CI, so a pipeline can fail before the benchmark runs.",
        epilog=_CI_REFERENCE,
        formatter_class=formatter,
    )
    _add_reference_flags(p)
    _add_common(p)
    p.set_defaults(handler=cmd_reference)

    p = sub.add_parser(
        "canonical",
        help="print or write the canonical baseline of a Result",
        description="Project RESULT onto its canonical, diff-stable baseline (what "
        "--update-baseline commits). Refuses a run with seed failures.",
    )
    p.add_argument(
        "--current", required=True, metavar="RESULT", help="the Result JSON ('-' = stdin)"
    )
    p.add_argument("--out", metavar="FILE", help="write atomically to FILE instead of stdout")
    p.add_argument(
        "--justification", metavar="TEXT", help="reviewable reason for a regressing update"
    )
    _add_common(p)
    p.set_defaults(handler=_cmd_canonical)

    p = sub.add_parser(
        "ratchet",
        help="show where a run improves on main's baseline; optionally write the tightened one",
        description="List improvements of RESULT over main's baseline. With --write FILE, write "
        "this run's canonical baseline there, only when it has no regression vs main; it never "
        "commits. Exit 0 bankable, 1 regression, 2 not comparable.",
    )
    p.add_argument(
        "--current", required=True, metavar="RESULT", help="the Result JSON ('-' = stdin)"
    )
    p.add_argument("--baseline", required=True, metavar="MAIN", help="main's baseline")
    p.add_argument("--write", metavar="FILE", help="write the tightened baseline to FILE")
    _add_common(p)
    p.set_defaults(handler=_cmd_ratchet)

    p = sub.add_parser(
        "floors",
        help="check a baseline against the pre-registered quality floors",
        description="Check FILE against the absolute floors (bb_gate.floors.FLOORS). Exit 0 "
        "when every floor holds, 1 otherwise.",
    )
    p.add_argument("--baseline", required=True, metavar="FILE", help="the baseline to check")
    _add_common(p)
    p.set_defaults(handler=_cmd_floors)
    return parser


def _report_error(kind: ErrorKind, message: str, json_mode: bool) -> None:
    if json_mode:
        emit_json({"error": {"kind": kind, "message": message}})
    narrate(f"bb-gate: error: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bb-gate`` with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    json_mode = "--json" in args
    try:
        ns = build_parser().parse_args(args)
        code: int = ns.handler(ns)
        return code
    except _ParserExit as exc:
        return 0 if exc.status == 0 else 2
    except GateError as exc:
        _report_error(exc.kind, exc.message, json_mode)
        return 2
    except Exception as exc:  # a bug: say so, but never exit 1 (that would read as regression)
        traceback.print_exc(file=sys.stderr)
        _report_error("internal", f"internal error: {exc!r}; please report it", json_mode)
        return 2


def run() -> None:
    """Console-script entry point (``bb-gate``)."""
    sys.exit(main())
