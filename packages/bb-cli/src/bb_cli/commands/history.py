"""``brainbench history``: each cell's trend across the runs in the local run ledger.

Every ``brainbench run`` appends one record (receipt, run configuration, scorer digest and
per-cell counts and 4-decimal metrics) to the ledger, so a cell's movement between runs can
be read back without keeping whole Results around. Numbers are compared only between runs
on the same corpus, configuration and scorer: a change of any of them is a break in the
trend, shown in the table, and the better / worse summary covers the runs since the last
break only.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from bb_gate import TrendPoint, cell_trends, direction, is_gated, read_ledger
from bb_score.present import format_value
from bb_score.report import render_history_html

from bb_cli._gating import DEFAULT_LEDGER, LEDGER_ENV, ledger_path, write_bytes_atomic
from bb_cli._output import Output
from bb_cli._outputs import check_outputs
from bb_cli._parser import Subparsers, UsageError, add_command, add_output_flags
from bb_cli.commands import SUMMARIES

_USAGE = (
    "usage: brainbench history [--ledger FILE] [--cell HARNESS/SUITE] [--metric NAME] [--last N]\n"
)


def _trend(metric: str, first: float | None, last: float | None) -> str:
    """``0.0190 -> 0.0233 (worse)``: the move from the first to the last point shown."""
    if first is None or last is None:
        return f"{format_value(metric, first)} -> {format_value(metric, last)}"
    if first == last:
        word = "unchanged"
    elif not is_gated(metric):
        word = "moved (not gated)"
    else:
        better = last < first if direction(metric) == "lower" else last > first
        word = "better" if better else "worse"
    return f"{format_value(metric, first)} -> {format_value(metric, last)} ({word})"


def _cell_table(cell: str, points: Sequence[TrendPoint], metrics: Sequence[str]) -> list[str]:
    header = ["run", "ts", "sha", "fixtures_hash", "scorer", "gold_failed/total", *metrics]
    lines = [
        f"## {cell} ({len(points)} run{'s' if len(points) != 1 else ''})",
        "",
        "| " + " | ".join(header) + " |",
        "| " + " | ".join(["---"] * 6 + ["---:"] * len(metrics)) + " |",
    ]
    for number, point in enumerate(points, start=1):
        if number > 1 and point.break_reason is not None:
            lines.append(f"| — | break: {point.break_reason} |" + " |" * (len(header) - 2))
        values = [format_value(name, point.metrics.get(name)) for name in metrics]  # as boards
        scorer = "—" if point.scorer is None else point.scorer.removeprefix("sha256:")[:12]
        lines.append(
            f"| {number} | {point.ts} | {point.harness_sha[:12]} | {point.fixtures_hash[:12]} | "
            f"{scorer} | {point.gold_failed}/{point.gold_total} | " + " | ".join(values) + " |"
        )
    lines.append("")
    start = _segment_start(points)
    if start > 0:
        reason = points[start].break_reason
        lines.append(
            f"- runs 1-{start} are not comparable with run {start + 1} ({reason}): the trend "
            f"below starts at run {start + 1}"
        )
    if start == len(points) - 1 and len(points) > 1:
        lines.append("- no earlier comparable run shown: no trend yet")
        return [*lines, ""]
    first, last = points[start], points[-1]
    for name in metrics:
        lines.append(f"- {name}: {_trend(name, first.metrics.get(name), last.metrics.get(name))}")
    lines.append(f"- gold_failed: {first.gold_failed} -> {last.gold_failed}")
    return [*lines, ""]


def _segment_start(points: Sequence[TrendPoint]) -> int:
    """Index of the first point of the last comparable run of points (0: no break shown)."""
    for index in range(len(points) - 1, 0, -1):
        if points[index].break_reason is not None:
            return index
    return 0


def _history(args: argparse.Namespace, out: Output) -> int:
    if args.last < 1:
        raise UsageError(f"--last {args.last} must be at least 1", _USAGE)
    check_outputs([("--html", args.html)], _USAGE)
    path = ledger_path(args.ledger)
    trends = cell_trends(read_ledger(path))
    if args.cell is not None:
        if args.cell not in trends:
            known = ", ".join(trends) or "none"
            raise UsageError(
                f"cell {args.cell!r} is not in the ledger {str(path)!r} (cells: {known})", _USAGE
            )
        trends = {args.cell: trends[args.cell]}
    shown: dict[str, list[TrendPoint]] = {}
    blocks: list[str] = []
    for cell, points in trends.items():
        recent = points[-args.last :]
        names = sorted({name for point in recent for name in point.metrics})
        if args.metric is not None:
            names = [name for name in names if name == args.metric]
            if not names:
                continue
        shown[cell] = recent
        blocks += _cell_table(cell, recent, names)
    if args.html is not None:
        page = render_history_html(shown, source=str(path))
        try:
            write_bytes_atomic(args.html, page.encode("utf-8"))
        except OSError as exc:
            return out.fail("runtime", f"cannot write {exc.filename!r}: {exc.strerror}")
        out.narrate(f"history written to {args.html}")
    if not trends:
        text = f"no runs recorded in the ledger {path} yet: `brainbench run` appends one per run"
    elif not shown:
        text = f"no cell in the ledger {path} carries metric {args.metric!r}"
    else:
        text = "\n".join(blocks)
    return out.succeed(
        text,
        ledger=str(path),
        html=None if args.html is None else str(args.html),
        cells={
            cell: [point.model_dump(mode="json") for point in points]
            for cell, points in shown.items()
        },
    )


def register(subparsers: Subparsers) -> None:
    """Add ``history``."""
    parser = add_command(
        subparsers,
        "history",
        summary=SUMMARIES["history"],
        description=(
            "Read the run ledger that every `brainbench run` appends to and print, per\n"
            "harness/suite cell, the last runs' gold counts and metrics and how each metric\n"
            "moved (better / worse by its direction). Only runs on the same corpus\n"
            "(fixtures_hash), run configuration and scorer are compared: a change of any of\n"
            "them is marked as a break and the trend starts after the last one."
        ),
        notes=(
            f"ledger: --ledger FILE, else ${LEDGER_ENV}, else {DEFAULT_LEDGER.as_posix()}",
            "exit 0: printed (an empty ledger prints a notice); 2: unreadable ledger or usage",
        ),
    )
    parser.add_argument("--ledger", type=Path, metavar="FILE", help="the run ledger to read")
    parser.add_argument("--cell", metavar="HARNESS/SUITE", help="only this cell")
    parser.add_argument("--metric", metavar="NAME", help="only this metric")
    parser.add_argument(
        "--last", type=int, default=10, metavar="N", help="runs shown per cell (default: 10)"
    )
    parser.add_argument(
        "--html",
        type=Path,
        metavar="OUT",
        help="also write the trends as one self-contained HTML page of charts",
    )
    add_output_flags(parser)
    parser.set_defaults(handler=_history)
