"""The scoreboard: a Result as text that reads the same in a terminal and as markdown.

One compact table per suite with only that suite's metrics, one column per harness row
(its seam under its name), each metric with its direction (↓ lower / ↑ higher is better) and
its gate; a one-line legend points at the glossary. Below: the systems under test (what each
row's memory system said of itself through Describe), the seam disclosures (a row is
comparable with another only once the reader knows what each seam measures: docs/METHODOLOGY.md,
"Seams and rows"), then "what
failed": per cell, the failed items counted by kind; the full list only when asked
(``failed=True``), or in the HTML report. Every line fits :data:`BOARD_WIDTH` columns.

It is a pure function of the Result, so ``brainbench run`` and ``brainbench report`` print
the same board for the same run.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bb_schema import TRUST_SUITES, ConfidenceIntervals, FailedItem, Result, ScoreCell
from bb_schema.io import to_jsonable
from bb_schema.result import SealedReport

from bb_score._text import BOARD_WIDTH, Align, md, split_columns, table, wrap
from bb_score.failures import group_failures
from bb_score.present import (
    GLOSSARY_DOC,
    cell_order,
    format_value,
    metric_view,
    metrics_of,
    sort_metrics,
    suites_of,
)

__all__ = [
    "BOARD_WIDTH",
    "LEGEND",
    "render_json",
    "render_result_markdown",
    "render_scoreboard",
    "suite_tables",
]

#: The one-line legend under the title.
LEGEND = f"better: ↓ lower, ↑ higher · gated: * with --compare, =0 ≥x ≤x every run · {GLOSSARY_DOC}"
#: The second: what the last row counts (its denominator is not the rates'), and the floors.
LEGEND_ITEMS = (
    "gold failed / total: items failing any metric, of all scored · floors: docs/METHODOLOGY.md"
)
_TRUST_NOTE = (
    "Memory trust: trust, state-resolution and deletion are harness-independent (every row "
    "carries the same numbers); poisoning activation is measured per seam."
)
_BLIND_NOTE = (
    "Reported, never gated: a corpus written by hand, independently of the generator and the "
    "engine, scored beside the main corpus and never tuned against (fixtures_hash {hash})."
)
_SEALED_NOTE = (
    "Reported, never gated: an independently written set kept outside the repository "
    "(fixtures_hash {hash})."
)


def suite_tables(cells: Sequence[ScoreCell], suite: str, width: int = BOARD_WIDTH) -> list[str]:
    """The table(s) of one suite: metric rows, one column per harness row with a cell in it."""
    members = [cell for cell in cells if cell.suite == suite]
    by_harness = {cell.harness: cell for cell in members}
    harnesses = cell_order(members)
    names = metrics_of(members)
    views = [metric_view(name) for name in names]
    lead_header = ["metric", "better"]
    lead_rows = [["seam", ""], *([md(v.name), f"{v.arrow} {v.gate_mark}".strip()] for v in views)]
    lead_rows.append(["gold failed / total", ""])
    values: list[list[str]] = []
    for harness in harnesses:
        cell = by_harness[harness]
        column = [md(harness), cell.seam]
        column += [format_value(name, cell.metrics.get(name)) for name in names]
        column.append(f"{cell.gold_failed}/{cell.gold_total}")
        values.append(column)
    lead = [[lead_header[i], *(row[i] for row in lead_rows)] for i in range(2)]
    out: list[str] = []
    for chunk in split_columns(lead, values, width):
        header = [*lead_header, *(values[i][0] for i in chunk)]
        rows = [
            [*lead_row, *(values[i][r + 1] for i in chunk)] for r, lead_row in enumerate(lead_rows)
        ]
        right: list[Align] = ["right"] * len(chunk)
        align: list[Align] = ["left", "left", *right]
        out += ["", table(header, rows, align)]
    return out


def _intervals(cells: Sequence[ScoreCell], intervals: ConfidenceIntervals) -> list[str]:
    caption = (
        f"{intervals.runs} runs of {', '.join(intervals.suites)}: the mean over the runs with "
        f"its {intervals.confidence:.0%} percentile bootstrap interval ({intervals.resamples} "
        f"resamples, seed {intervals.seed}); the tables above show the first run."
    )
    keys = [f"{c.harness}/{c.suite}" for c in cells if f"{c.harness}/{c.suite}" in intervals.cells]
    keys += sorted(set(intervals.cells) - set(keys))
    rows = []
    for key in dict.fromkeys(keys):
        per_metric = intervals.cells[key]
        for name in sort_metrics(per_metric):
            one = per_metric[name]
            rows.append(
                [
                    md(key),
                    md(name),
                    f"{one.estimate:.4f} [{one.low:.4f}, {one.high:.4f}]",
                    str(len(one.values)),
                ]
            )
    header = ["cell", "metric", "mean [low, high]", "runs"]
    return ["", "## Confidence intervals", "", *wrap(caption), "", table(header, rows, _LLRR)]


_LLRR: tuple[Align, ...] = ("left", "left", "right", "right")


def _disclosures(result: Result) -> list[str]:
    seams = {cell.harness: cell.seam for cell in result.cells}
    order = cell_order(result.cells)
    order += sorted(set(result.meta.seam_disclosures) - set(order))
    lines: list[str] = []
    for harness in order:
        entries = result.meta.seam_disclosures.get(harness, [])
        if not entries:
            continue
        seam = f" ({seams[harness]})" if harness in seams else ""
        lines += ["", f"**{md(harness)}**{seam}", ""]
        for entry in entries:
            lines += wrap(md(entry), first="- ", indent="  ")
    return ["", "## Seam disclosures", *lines] if lines else []


def _systems(result: Result) -> list[str]:
    """What each row's memory system said of itself (Describe), and its unknown slugs."""
    systems = result.meta.systems
    if not systems:
        return []
    unknown: dict[str, int] = {}
    for key in result.meta.unknown_slugs:
        row = key.split("/", 1)[0]
        unknown[row] = unknown.get(row, 0) + 1
    order = cell_order(result.cells)
    order += sorted(set(systems) - set(order))
    lines = ["", "## Systems under test", ""]
    for row in order:
        info = systems.get(row)
        if info is None:
            continue
        caps = ", ".join(sorted(info.capabilities)) or "none declared"
        text = f"**{md(row)}**: {md(info.name)} {md(info.version)}; capabilities: {md(caps)}"
        if unknown.get(row):
            turns = unknown[row]
            text += f"; unknown slugs on {turns} turn{'s' if turns != 1 else ''}"
        lines += wrap(text, first="- ", indent="  ")
    return lines


def _what_failed(
    cells: Sequence[ScoreCell], items: Sequence[FailedItem], *, full: bool, heading: str
) -> list[str]:
    order: list[tuple[str, str]] = [(cell.harness, cell.suite) for cell in cells]
    totals: dict[tuple[str, str], ScoreCell] = {(c.harness, c.suite): c for c in cells}
    groups = group_failures(items, order)
    counted = [cell for cell in cells if cell.gold_failed]
    if not groups and not counted:
        return ["", f"## {heading}", "", "No gold item failed."]
    hint = "Counts by kind per cell" + (
        "; the full list follows." if full else
        "; the full list: --failed, or the HTML report (brainbench report RESULT --html OUT)."
    )  # fmt: skip
    lines = ["", f"## {heading}", "", *wrap(hint), ""]
    listed = set()
    for group in groups:
        listed.add((group.harness, group.suite))
        cell = totals.get((group.harness, group.suite))
        of = f" of {cell.gold_total}" if cell is not None else ""
        failed = cell.gold_failed if cell is not None else len(group.items)
        kinds = ", ".join(f"{count} {kind}" for kind, count in group.kinds)
        text = f"{md(group.key)}: {failed}{of} gold items failed; by kind: {md(kinds)}"
        lines += wrap(text, first="- ", indent="  ")
    for cell in counted:
        if (cell.harness, cell.suite) not in listed:
            key = f"{cell.harness}/{cell.suite}"
            text = f"{md(key)}: {cell.gold_failed} of {cell.gold_total} failed (items not listed)"
            lines += wrap(text, first="- ", indent="  ")
    if full:
        for group in groups:
            lines += ["", f"### {md(group.key)} ({len(group.items)})", ""]
            for item in group.items:
                text = f"`{md(item.fixture_id)}` {md(item.item)}: {md(item.reason)}"
                lines += wrap(text, first="- ", indent="  ")
    return lines


def _header(result: Result) -> list[str]:
    receipt = result.receipt
    rows = cell_order(result.cells)
    suites = suites_of(result.cells)
    facts = [
        f"fixtures_hash {receipt.fixtures_hash[:12]}",
        f"code {receipt.harness_sha[:12]}",
        receipt.ts,
        f"{len(rows)} row{'s' if len(rows) != 1 else ''} x {len(suites)} "
        f"suite{'s' if len(suites) != 1 else ''}",
    ]
    if receipt.include_holdout:
        facts.append("holdout included")
    if receipt.llm:
        facts.append("llm extractor")
    return ["# BrainBench scoreboard", "", *wrap(" · ".join(facts)), LEGEND, LEGEND_ITEMS]


def _suites(cells: Sequence[ScoreCell], width: int) -> list[str]:
    lines: list[str] = []
    noted = False
    for suite in suites_of(cells):
        if suite in TRUST_SUITES and not noted:
            lines += ["", *wrap(_TRUST_NOTE, width=width)]
            noted = True
        lines += ["", f"## {suite}", *suite_tables(cells, suite, width)]
    return lines


def render_scoreboard(result: Result, *, failed: bool = False, width: int = BOARD_WIDTH) -> str:
    """The scoreboard of ``result`` (see the module docstring); ``failed`` lists every item."""
    lines = _header(result)
    if not result.cells:
        lines += ["", "No cells: nothing was scored."]
    lines += _suites(result.cells, width)
    if result.seed_failures:
        lines += ["", "## Seed failures (the run is invalid)", ""]
        for seed in result.seed_failures:
            lines += wrap(f"`{md(seed.fixture_id)}`: {md(seed.error)}", first="- ", indent="  ")
    if result.meta.confidence_intervals is not None:
        lines += _intervals(result.cells, result.meta.confidence_intervals)
    lines += _systems(result)
    lines += _disclosures(result)
    lines += _what_failed(
        result.cells, result.meta.failed_items, full=failed, heading="What failed"
    )
    blind = result.meta.blind
    if blind is not None:
        note = _BLIND_NOTE.format(hash=blind.fixtures_hash)
        lines += _apart("Independent blind set", note, blind, "blind", failed, width)
    sealed = result.meta.sealed
    if sealed is not None:
        note = _SEALED_NOTE.format(hash=sealed.fixtures_hash)
        lines += _apart("Sealed adversarial set", note, sealed, "sealed", failed, width)
    return "\n".join(lines) + "\n"


def _apart(
    title: str, note: str, report: SealedReport, tag: str, failed: bool, width: int
) -> list[str]:
    """A set scored apart from the gated cells, its headings one level down."""
    lines = ["", f"## {title}", "", *wrap(note)]
    lines += _suites(report.cells, width)
    if report.seed_failures:
        lines += ["", f"## Seed failures ({tag}; reported, the run stands)", ""]
        for seed in report.seed_failures:
            lines += wrap(f"`{md(seed.fixture_id)}`: {md(seed.error)}", first="- ", indent="  ")
    lines += _what_failed(
        report.cells, report.failed_items, full=failed, heading=f"What failed ({tag})"
    )
    return [line.replace("## ", "### ", 1) if line.startswith("## ") and index > 2 else line
            for index, line in enumerate(lines)]  # fmt: skip


def render_result_markdown(result: Result, *, failed: bool = False) -> str:
    """The scoreboard of a Result (the name ``run``, ``merge`` and the benchmarks call)."""
    return render_scoreboard(result, failed=failed)


def render_json(result: Result) -> str:
    """The Result as JSON: ``_meta`` under its wire name, fixed field order, trailing newline.

    Unset optional blocks (``_meta.confidence_intervals`` of an unrepeated run) are left out,
    as :func:`bb_schema.write_json_atomic` leaves them out of a Result file.
    """
    payload = to_jsonable(result)
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
