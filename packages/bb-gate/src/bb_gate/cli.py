"""``bb-gate``: the BrainBench CI gate command line.

``main(argv) -> int`` never exits the interpreter (so it is testable); ``run`` is the console
script wrapper. With ``--json`` stdout carries exactly one envelope, ``{"verdict": ...}`` (or
the subcommand's document) or ``{"error": {"kind": ..., "message": ...}}``; narration goes to
stderr. User mistakes never print a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from bb_schema import Baseline, Result

from bb_gate._errors import ErrorKind, GateError, GateUsageError, GateUserError
from bb_gate._git import check_repo_path, repo_root, resolve_commit, show_file
from bb_gate._jsonio import atomic_write_bytes
from bb_gate.baseline import (
    baseline_from_result,
    baseline_to_data,
    dump_baseline,
    load_baseline,
    load_result,
    parse_baseline,
    parse_result,
)
from bb_gate.compare import compare
from bb_gate.floors import FLOORS, check_floors
from bb_gate.ratchet import ratchet
from bb_gate.verdict import Verdict, VerdictRow, dump_verdict, render_verdict_markdown

DEFAULT_BASELINE_PATH = "evals/brainbench/baselines/main.json"
DEFAULT_REF = "origin/main"

_RULES = """\
rules (docs/METHODOLOGY.md, "Gate governance"):
  invariants     source_isolation_violations and every other zero-gated metric must be 0 in
                 every run, whatever a baseline says (exit 1; never waivable).
  seed failure   a fixture that failed to seed makes the run invalid (exit 2).
  config         include_holdout, llm, harness set and suite set must match main's baseline,
                 else the comparison is inconclusive (exit 2).
  same hash      unchanged corpus: a newly failed gold item, a missing cell, an adverse move
                 of a gated metric (4-decimal) or any gold_total change is a regression
                 (exit 1). A committed baseline that differs from main's must byte-match this
                 run (else exit 2); if it banks a regression it needs a justification.
  corpus bless   changed fixtures_hash: the committed baseline must exactly match this run
                 (else exit 2, re-run --update-baseline); adverse moves and shrunken gold
                 coverage need a non-empty justification in it (else exit 1).
  first landing  no baseline on main: the committed one must byte-match this run.
  ungated        no baseline on main and none committed: pass with a notice.
  --allow-regression REASON turns exit 1 into 0 locally (reason recorded); refused when the
                 CI environment variable is set (exit 2).

exit codes: 0 pass, 1 regression, 2 error / inconclusive / usage.
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


def _narrate(text: str) -> None:
    sys.stderr.write(text.rstrip("\n") + "\n")


def _emit_json(envelope: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(envelope, sort_keys=True, indent=2, ensure_ascii=False) + "\n")


def _in_ci() -> bool:
    return bool(os.environ.get("CI"))


def _load_current(value: str) -> Result:
    if value != "-":
        return load_result(Path(value))
    if sys.stdin is None or sys.stdin.isatty():
        raise GateUsageError("no --current RESULT given and stdin is a terminal; pass --current")
    return parse_result(sys.stdin.read(), source="result <stdin>")


def _emit_verdict(verdict: Verdict, ns: argparse.Namespace) -> int:
    if ns.verdict_out:
        atomic_write_bytes(Path(ns.verdict_out), dump_verdict(verdict))
    markdown = render_verdict_markdown(verdict)
    if ns.json:
        _narrate(markdown)
        _emit_json({"verdict": verdict.model_dump(mode="json")})
    else:
        sys.stdout.write(markdown)
    return verdict.exit_code


def _cmd_compare(ns: argparse.Namespace) -> int:
    current = _load_current(ns.current)
    main = load_baseline(Path(ns.baseline))
    committed = load_baseline(Path(ns.committed)) if ns.committed else None
    verdict = compare(current, main, committed, allow_regression=ns.allow_regression, ci=_in_ci())
    return _emit_verdict(verdict, ns)


def _main_baseline(root: Path, ref: str, path: str) -> Baseline | None:
    commit = resolve_commit(root, ref)
    blob = show_file(root, commit, path)
    if blob is None:
        _narrate(f"bb-gate ci: {ref} ({commit[:12]}) has no {path}")
        return None
    _narrate(f"bb-gate ci: main's baseline from {ref}:{path} ({commit[:12]})")
    source = f"main's baseline {ref}:{path}"
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        raise GateUserError(f"{source} is not UTF-8") from None
    return parse_baseline(text, source=source)


def _cmd_ci(ns: argparse.Namespace) -> int:
    root = repo_root(Path(ns.repo))
    path = check_repo_path(ns.baseline_path)
    main = _main_baseline(root, ns.ref, path)
    working = root / path
    if main is not None and not working.exists():
        raise GateUserError(
            f"the committed baseline {path!r} exists on {ns.ref!r} but was deleted from the "
            "working tree; deleting it is refused, restore it (`git checkout -- "
            f"{path}`) or update it with --update-baseline",
            kind="refused",
        )
    committed = load_baseline(working) if working.exists() else None
    current = _load_current(ns.current)
    verdict = compare(current, main, committed, allow_regression=ns.allow_regression, ci=_in_ci())
    return _emit_verdict(verdict, ns)


def _cmd_canonical(ns: argparse.Namespace) -> int:
    current = _load_current(ns.current)
    if current.seed_failures:
        ids = [failure.fixture_id for failure in current.seed_failures]
        raise GateUserError(
            f"the result has seed failures {ids!r}: the run is invalid and cannot become a "
            "baseline; fix seeding and re-run"
        )
    baseline = baseline_from_result(current, justification=ns.justification)
    data = dump_baseline(baseline)
    if ns.out:
        atomic_write_bytes(Path(ns.out), data)
        _narrate(f"bb-gate canonical: wrote {ns.out}")
    if ns.json:
        _emit_json({"baseline": baseline_to_data(baseline)})
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
    current = _load_current(ns.current)
    main = load_baseline(Path(ns.baseline))
    report = ratchet(current, main)
    written: str | None = None
    if ns.write and report.tightened is not None:
        atomic_write_bytes(Path(ns.write), dump_baseline(report.tightened))
        written = ns.write
        _narrate(f"bb-gate ratchet: wrote the tightened baseline to {ns.write}; review and commit")
    elif ns.write:
        _narrate(f"bb-gate ratchet: not writing {ns.write}: the run has blockers")
    lines = [f"## BrainBench ratchet (exit {report.exit_code})", ""]
    lines += [f"- {message}" for message in report.messages] + [""]
    lines += _rows_markdown("improvements", report.improvements)
    lines += _rows_markdown("blockers", report.blockers)
    text = "\n".join(lines).rstrip("\n") + "\n"
    if ns.json:
        _narrate(text)
        document = report.model_dump(mode="json", exclude={"tightened"})
        document["exit_code"] = report.exit_code
        document["written"] = written
        _emit_json({"ratchet": document})
    else:
        sys.stdout.write(text)
    return report.exit_code


def _cmd_floors(ns: argparse.Namespace) -> int:
    baseline = load_baseline(Path(ns.baseline))
    violations = check_floors(baseline)
    if ns.json:
        _emit_json(
            {
                "floors": {
                    "floors": [floor.model_dump(mode="json") for floor in FLOORS],
                    "violations": [v.model_dump(mode="json") for v in violations],
                }
            }
        )
    for violation in violations:
        (_narrate if ns.json else print)(f"floor violated: {violation.message}")
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
        "working-tree baseline.",
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
        help="fetch main's baseline from git and gate the run against it",
        description="Fetch main's baseline with `git show REF:PATH`, refuse a working-tree "
        "deletion of it, and gate RESULT. Fails hard (exit 2) when REF does not resolve; runs "
        "ungated only when neither main nor the working tree has a baseline.",
        epilog=_RULES,
        formatter_class=formatter,
    )
    p.add_argument(
        "--current", default="-", metavar="RESULT", help="this run's Result JSON (default: stdin)"
    )
    p.add_argument("--ref", default=DEFAULT_REF, help=f"git ref of main (default {DEFAULT_REF})")
    p.add_argument(
        "--baseline-path",
        default=DEFAULT_BASELINE_PATH,
        metavar="PATH",
        help=f"repository-relative baseline path (default {DEFAULT_BASELINE_PATH})",
    )
    p.add_argument(
        "--repo",
        default=".",
        metavar="DIR",
        help="a directory inside the git work tree (default .)",
    )
    _add_gate_outputs(p)
    p.set_defaults(handler=_cmd_ci)

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
        _emit_json({"error": {"kind": kind, "message": message}})
    _narrate(f"bb-gate: error: {message}")


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
