"""``brainbench report``: render a saved Result without re-running anything.

The scoreboard goes to stdout (the same one ``brainbench run`` prints), ``--md OUT`` writes it
to a file, ``--html OUT`` writes the self-contained HTML report. The report shows each failed
item's conversation turn, so it reads the corpus (``--fixtures`` / ``--gold``, the committed
corpus by default) and says when a fixture is missing or the corpus is not the one the run
used. ``--baseline FILE`` adds the gate's comparison (a baseline file, or another Result).
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from pathlib import Path

from bb_corpus import CorpusError, load_corpus
from bb_gate import GateError, cell_trends, load_result, read_ledger
from bb_schema import Fixture, Gold, Result
from bb_score.report import Comparison, render_report_html
from bb_score.scoreboard import render_scoreboard

from bb_cli._comparison import comparison_for
from bb_cli._gating import DEFAULT_LEDGER, LEDGER_ENV, ledger_path
from bb_cli._output import Output
from bb_cli._outputs import OutputSet, check_outputs
from bb_cli._parser import Subparsers, add_command, add_output_flags
from bb_cli.commands import SUMMARIES
from bb_cli.commands.corpus import add_corpus_dirs


def _corpus(
    args: argparse.Namespace, result: Result, out: Output
) -> tuple[Mapping[str, Fixture], Mapping[str, Gold], str]:
    """The fixtures and gold for the turn text, and a note on where they came from."""
    where = f"{Path(args.fixtures).as_posix()} and {Path(args.gold).as_posix()}"
    try:
        corpus = load_corpus(args.fixtures, args.gold, include_holdout=True)
    except CorpusError as error:
        note = f"No fixtures: the corpus at {where} could not be read ({error.message})."
        out.stderr.write(f"brainbench: warning: {note}\n")
        return {}, {}, note
    fixtures = {f.fixture_id: f for f in corpus.fixtures}
    gold = {f.fixture_id: corpus.gold_for(f.fixture_id) for f in corpus.fixtures}
    note = f"Fixtures and gold from {where} (fixtures_hash {corpus.fixtures_hash[:12]})."
    if corpus.fixtures_hash != result.receipt.fixtures_hash:
        warning = (
            f"the corpus at {where} has fixtures_hash {corpus.fixtures_hash[:12]}, the run used "
            f"{result.receipt.fixtures_hash[:12]}: turn text and gold may differ from what it saw"
        )
        out.stderr.write(f"brainbench: warning: {warning}\n")
        note += f" Warning: {warning}."
    return fixtures, gold, note


def _html(
    args: argparse.Namespace, result: Result, comparison: Comparison | None, out: Output
) -> str:
    """The self-contained HTML report: the Result, its corpus, the comparison, the trend."""
    fixtures, gold, note = _corpus(args, result, out)
    history = None
    ledger = ledger_path(args.ledger)
    if ledger.exists():
        try:
            history = cell_trends(read_ledger(ledger))
        except GateError as error:
            out.stderr.write(f"brainbench: warning: no history: {error.message}\n")
    return render_report_html(
        result,
        fixtures=fixtures,
        gold=gold,
        fixtures_note=note,
        comparison=comparison,
        history=history,
        title=f"BrainBench report: {args.result.name}",
    )


def _report(args: argparse.Namespace, out: Output) -> int:
    check_outputs(
        [("--md", args.md), ("--html", args.html)], "brainbench report RESULT [--html OUT] ..."
    )
    result = load_result(args.result)
    comparison: Comparison | None = None
    if args.baseline is not None:
        comparison = comparison_for(result, args.baseline)
    board = render_scoreboard(result, failed=args.failed)
    outputs = OutputSet()
    try:
        with outputs.writing():
            if args.md is not None:
                outputs.stage(args.md, board.encode("utf-8"))
            if args.html is not None:
                outputs.stage(args.html, _html(args, result, comparison, out).encode("utf-8"))
    except OSError as exc:
        return out.fail("runtime", f"cannot write {exc.filename!r}: {exc.strerror}")
    for what, path in (("scoreboard", args.md), ("HTML report", args.html)):
        if path is not None:
            out.narrate(f"{what} written to {path}")
    text = board
    if comparison is not None:
        summary = (
            f"Against {comparison.baseline}: gate {comparison.status} (exit "
            f"{comparison.exit_code}), {len(comparison.newly_failed)} newly failed, "
            f"{len(comparison.newly_passing)} newly passing, {len(comparison.moves)} finding(s)."
        )
        lines = textwrap.wrap(summary, width=100)
        for message in [*comparison.messages, *comparison.notes]:
            lines += textwrap.wrap(message, width=100, initial_indent="- ", subsequent_indent="  ")
        text += "\n" + "\n".join(lines) + "\n"
    return out.succeed(
        text,
        result=str(args.result),
        cells=len(result.cells),
        failed_items=len(result.meta.failed_items),
        html=None if args.html is None else str(args.html),
        md=None if args.md is None else str(args.md),
        comparison=None
        if comparison is None
        else {
            "baseline": comparison.baseline,
            "status": comparison.status,
            "exit_code": comparison.exit_code,
            "newly_failed": len(comparison.newly_failed),
            "newly_passing": len(comparison.newly_passing),
            "findings": len(comparison.moves),
        },
    )


def register(subparsers: Subparsers) -> None:
    """Add ``report``."""
    parser = add_command(
        subparsers,
        "report",
        summary=SUMMARIES["report"],
        description=(
            "Render a Result written by `brainbench run --out FILE` without re-running it:\n"
            "the scoreboard on stdout (as `run` prints it), --md OUT for the same as a file,\n"
            "--html OUT for one self-contained HTML page (overview, charts, every failed item\n"
            "with its conversation turn, what was injected and what gold expected), and with\n"
            "--baseline FILE the gate's comparison: newly failed, newly passing, adverse moves."
        ),
        notes=(
            "The HTML report reads the corpus for the turn text (--fixtures/--gold, default\n"
            "the committed corpus) and the run ledger for the history trend (--ledger FILE,\n"
            f"else ${LEDGER_ENV}, else {DEFAULT_LEDGER.as_posix()}, when it exists).",
            "exit 0: rendered (whatever the comparison found: `brainbench run --compare` and\n"
            "bb-gate are the gates); 2: unreadable Result or baseline, or a file not written",
        ),
    )
    parser.add_argument("result", type=Path, metavar="RESULT", help="a Result JSON file")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="compare with this baseline (e.g. evals/brainbench/baselines/main.json) or Result",
    )
    parser.add_argument("--html", type=Path, metavar="OUT", help="write the HTML report here")
    parser.add_argument("--md", type=Path, metavar="OUT", help="write the scoreboard here")
    parser.add_argument(
        "--failed", action="store_true", help="list every failed item in the scoreboard"
    )
    add_corpus_dirs(parser, "of the corpus the Result was run on")
    parser.add_argument("--ledger", type=Path, metavar="FILE", help="the run ledger to read")
    add_output_flags(parser)
    parser.set_defaults(handler=_report)
