"""Scoreboards: the cells as a markdown table, a static HTML page, or the Result as JSON.

Every row carries its seam next to the harness and the seam disclosures print below the table,
because a row is comparable with another only once the reader knows what each seam measures
(docs/METHODOLOGY.md, "Seams and rows"). Failed gold items follow, a few per cell, so a maintainer
can drill from a number to the turns behind it. A repeated ``--llm`` run adds its seeded
bootstrap intervals (``_meta.confidence_intervals``) in a section under the table.

Memory-trust cells get their own section, one table per trust suite with that suite's
metrics, so the core table keeps its columns (and its bytes when a run has no trust cells);
a ``--sealed`` run's report follows under its own heading, marked as never gated.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from bb_schema import (
    TRUST_SUITES,
    ConfidenceIntervals,
    FailedItem,
    MetricInterval,
    Result,
    ScoreCell,
)
from bb_schema.io import to_jsonable
from bb_schema.result import SealedReport

from bb_score._registry import REGISTRY

__all__ = [
    "DEFAULT_TOP_N",
    "metric_columns",
    "render_html",
    "render_json",
    "render_markdown",
    "render_result_html",
    "render_result_markdown",
]

#: Failed items shown per cell before the rest are summarised as a count.
DEFAULT_TOP_N: Final = 5
_MISSING: Final = "n/a"
_ORDER = {spec.name: index for index, spec in enumerate(REGISTRY)}

_Groups = list[tuple[tuple[str, str], list[FailedItem]]]


def metric_columns(cells: Iterable[ScoreCell]) -> list[str]:
    """Every metric any cell reports, registry order first, unregistered names after, sorted."""
    names = {name for cell in cells for name in cell.metrics}
    return sorted(names, key=lambda name: (_ORDER.get(name, len(_ORDER)), name))


def _value(cell: ScoreCell, name: str) -> str:
    value = cell.metrics.get(name)
    return _MISSING if value is None else f"{value:.4f}"


def _md(text: str) -> str:
    """Text safe inside a markdown table cell or list item."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _harness_order(
    cells: Sequence[ScoreCell], disclosures: Mapping[str, Sequence[str]]
) -> list[str]:
    order = list(dict.fromkeys(cell.harness for cell in cells))
    return order + sorted(set(disclosures) - set(order))


def _seams(cells: Sequence[ScoreCell]) -> dict[str, str]:
    return {cell.harness: cell.seam for cell in cells}


def _groups(cells: Sequence[ScoreCell], failed_items: Iterable[FailedItem]) -> _Groups:
    """Failed items grouped per (harness, suite), in cell order, then any other group sorted."""
    grouped: dict[tuple[str, str], list[FailedItem]] = {}
    for item in failed_items:
        grouped.setdefault((item.harness, item.suite), []).append(item)
    cell_keys: list[tuple[str, str]] = [(cell.harness, cell.suite) for cell in cells]
    keys = [key for key in cell_keys if key in grouped]
    keys += sorted(set(grouped) - set(cell_keys))
    return [(key, grouped[key]) for key in keys]


def _interval_rows(
    cells: Sequence[ScoreCell], intervals: ConfidenceIntervals
) -> list[tuple[str, str, str, MetricInterval]]:
    """(harness, suite, metric, interval) in cell order then registry order; others after."""
    keys = [
        f"{cell.harness}/{cell.suite}"
        for cell in cells
        if f"{cell.harness}/{cell.suite}" in intervals.cells
    ]
    keys += sorted(set(intervals.cells) - set(keys))
    rows: list[tuple[str, str, str, MetricInterval]] = []
    for key in keys:
        harness, _, suite = key.rpartition("/")
        per_metric = intervals.cells[key]
        for name in sorted(per_metric, key=lambda n: (_ORDER.get(n, len(_ORDER)), n)):
            rows.append((harness, suite, name, per_metric[name]))
    return rows


def _interval_caption(intervals: ConfidenceIntervals) -> str:
    return (
        f"{intervals.runs} runs of {', '.join(intervals.suites)}: the mean over the runs with "
        f"its {intervals.confidence:.0%} percentile bootstrap interval ({intervals.resamples} "
        f"resamples, seed {intervals.seed}). The table above shows the first run."
    )


def _markdown_intervals(cells: Sequence[ScoreCell], intervals: ConfidenceIntervals) -> list[str]:
    lines = ["", "## Confidence intervals", "", _interval_caption(intervals), ""]
    lines.append("| harness | suite | metric | mean | low | high | runs |")
    lines.append("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for harness, suite, name, interval in _interval_rows(cells, intervals):
        values = [_md(harness), _md(suite), _md(name)]
        values += [f"{v:.4f}" for v in (interval.estimate, interval.low, interval.high)]
        values.append(str(len(interval.values)))
        lines.append("| " + " | ".join(values) + " |")
    return lines


def _split(cells: Sequence[ScoreCell]) -> tuple[list[ScoreCell], list[ScoreCell]]:
    """(core cells, memory-trust cells), each in the given order."""
    trust = [cell for cell in cells if cell.suite in TRUST_SUITES]
    return [cell for cell in cells if cell.suite not in TRUST_SUITES], trust


def _markdown_table(cells: Sequence[ScoreCell]) -> list[str]:
    columns = metric_columns(cells)
    header = ["harness", "seam", "suite", *columns, "gold_total", "gold_failed"]
    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join(["---"] * 3 + ["---:"] * (len(columns) + 2)) + " |",
    ]
    for cell in cells:
        values = [_md(cell.harness), cell.seam, cell.suite]
        values += [_value(cell, name) for name in columns]
        values += [str(cell.gold_total), str(cell.gold_failed)]
        lines.append("| " + " | ".join(values) + " |")
    return lines


def _by_trust_suite(cells: Sequence[ScoreCell]) -> list[tuple[str, list[ScoreCell]]]:
    return [
        (suite, [cell for cell in cells if cell.suite == suite])
        for suite in TRUST_SUITES
        if any(cell.suite == suite for cell in cells)
    ]


def _markdown_trust(cells: Sequence[ScoreCell], heading: str, note: str) -> list[str]:
    lines = ["", f"## {heading}", "", note]
    for suite, members in _by_trust_suite(cells):
        lines += ["", f"### {suite}", "", *_markdown_table(members)]
    return lines


_TRUST_NOTE: Final = (
    "trust, state-resolution and deletion are harness-independent (every row carries the "
    "same numbers); poisoning activation is measured per seam."
)
_SEALED_NOTE: Final = (
    "Reported, never gated: an independently written set kept outside the repository"
)


def _markdown_sealed(sealed: SealedReport, top_n: int) -> list[str]:
    note = f"{_SEALED_NOTE} (fixtures_hash `{sealed.fixtures_hash}`)."
    lines = _markdown_trust(sealed.cells, "Sealed adversarial set", note)
    if sealed.failed_items:
        lines += ["", f"{len(sealed.failed_items)} failed item(s); the first {top_n}:", ""]
        for item in sealed.failed_items[: max(top_n, 0)]:
            lines.append(
                f"- {_md(item.harness)} / {item.suite}: {_md(item.item)}: {_md(item.reason)}"
            )
    return lines


def render_markdown(
    cells: Sequence[ScoreCell],
    *,
    disclosures: Mapping[str, Sequence[str]] | None = None,
    failed_items: Sequence[FailedItem] = (),
    top_n: int = DEFAULT_TOP_N,
    intervals: ConfidenceIntervals | None = None,
    sealed: SealedReport | None = None,
) -> str:
    """The markdown scoreboard: cells, trust cells, intervals, disclosures, failed items."""
    disclosures = disclosures or {}
    core, trust = _split(cells)
    lines = _markdown_table(core) if core or not trust else []
    if trust:
        lines += _markdown_trust(trust, "Memory trust", _TRUST_NOTE)
        if not core:
            lines = lines[1:]  # no core table above: start at the heading
    if sealed is not None:
        lines += _markdown_sealed(sealed, top_n)
    if intervals is not None:
        lines += _markdown_intervals(cells, intervals)
    seams = _seams(cells)
    if disclosures:
        lines += ["", "## Seam disclosures"]
        for harness in _harness_order(cells, disclosures):
            entries = disclosures.get(harness, ())
            if not entries:
                continue
            seam = f" ({seams[harness]})" if harness in seams else ""
            lines += ["", f"**{_md(harness)}**{seam}", ""]
            lines += [f"- {_md(entry)}" for entry in entries]
    groups = _groups(cells, failed_items)
    if groups:
        lines += ["", "## Failed gold items"]
        for (harness, suite), items in groups:
            lines += ["", f"### {_md(harness)} / {suite} ({len(items)})", ""]
            for item in items[: max(top_n, 0)]:
                lines.append(f"- `{_md(item.fixture_id)}` {_md(item.item)}: {_md(item.reason)}")
            rest = len(items) - max(top_n, 0)
            if rest > 0:
                lines.append(f"- ... and {rest} more")
    return "\n".join(lines) + "\n"


_STYLE: Final = (
    "body{font-family:system-ui,sans-serif;margin:2rem;color:#111}"
    "table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:.3rem .6rem}"
    "th{background:#eee}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "td.fail{color:#a00}li{margin:.15rem 0}code{background:#f4f4f4}"
)


def render_html(
    cells: Sequence[ScoreCell],
    *,
    disclosures: Mapping[str, Sequence[str]] | None = None,
    failed_items: Sequence[FailedItem] = (),
    top_n: int = DEFAULT_TOP_N,
    title: str = "BrainBench scoreboard",
    intervals: ConfidenceIntervals | None = None,
    sealed: SealedReport | None = None,
) -> str:
    """The scoreboard as one self-contained static HTML page (no scripts, no external links)."""
    esc = html.escape
    disclosures = disclosures or {}
    core, trust = _split(cells)
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
    ]
    if core or not trust:
        out += _html_table(core)
    if trust:
        out += _html_trust(trust, "Memory trust", _TRUST_NOTE)
    if sealed is not None:
        note = f"{_SEALED_NOTE} (fixtures_hash {sealed.fixtures_hash})."
        out += _html_trust(sealed.cells, "Sealed adversarial set", note)
    if intervals is not None:
        out += _html_intervals(cells, intervals)
    seams = _seams(cells)
    present = [h for h in _harness_order(cells, disclosures) if disclosures.get(h)]
    if present:
        out.append("<h2>Seam disclosures</h2>")
        for harness in present:
            seam = f" ({esc(seams[harness])})" if harness in seams else ""
            out.append(f"<h3>{esc(harness)}{seam}</h3><ul>")
            out += [f"<li>{esc(entry)}</li>" for entry in disclosures[harness]]
            out.append("</ul>")
    groups = _groups(cells, failed_items)
    if groups:
        out.append("<h2>Failed gold items</h2>")
        for (harness, suite), items in groups:
            out.append(f"<h3>{esc(harness)} / {esc(suite)} ({len(items)})</h3><ul>")
            for item in items[: max(top_n, 0)]:
                out.append(
                    f"<li><code>{esc(item.fixture_id)}</code> {esc(item.item)}: "
                    f"{esc(item.reason)}</li>"
                )
            rest = len(items) - max(top_n, 0)
            if rest > 0:
                out.append(f"<li>... and {rest} more</li>")
            out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(cells: Sequence[ScoreCell]) -> list[str]:
    esc = html.escape
    columns = metric_columns(cells)
    header = ["harness", "seam", "suite", *columns, "gold_total", "gold_failed"]
    out = [
        "<table><thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr></thead>",
        "<tbody>",
    ]
    for cell in cells:
        tds = [f"<td>{esc(cell.harness)}</td><td>{esc(cell.seam)}</td><td>{esc(cell.suite)}</td>"]
        tds += [f'<td class="n">{esc(_value(cell, name))}</td>' for name in columns]
        failed_class = "n fail" if cell.gold_failed else "n"
        tds.append(f'<td class="n">{cell.gold_total}</td>')
        tds.append(f'<td class="{failed_class}">{cell.gold_failed}</td>')
        out.append("<tr>" + "".join(tds) + "</tr>")
    out.append("</tbody></table>")
    return out


def _html_trust(cells: Sequence[ScoreCell], heading: str, note: str) -> list[str]:
    out = [f"<h2>{html.escape(heading)}</h2>", f"<p>{html.escape(note)}</p>"]
    for suite, members in _by_trust_suite(cells):
        out += [f"<h3>{html.escape(suite)}</h3>", *_html_table(members)]
    return out


def _html_intervals(cells: Sequence[ScoreCell], intervals: ConfidenceIntervals) -> list[str]:
    esc = html.escape
    header = ["harness", "suite", "metric", "mean", "low", "high", "runs"]
    out = [
        "<h2>Confidence intervals</h2>",
        f"<p>{esc(_interval_caption(intervals))}</p>",
        "<table><thead><tr>" + "".join(f"<th>{h}</th>" for h in header) + "</tr></thead>",
        "<tbody>",
    ]
    for harness, suite, name, interval in _interval_rows(cells, intervals):
        tds = [f"<td>{esc(text)}</td>" for text in (harness, suite, name)]
        tds += [
            f'<td class="n">{v:.4f}</td>' for v in (interval.estimate, interval.low, interval.high)
        ]
        tds.append(f'<td class="n">{len(interval.values)}</td>')
        out.append("<tr>" + "".join(tds) + "</tr>")
    out.append("</tbody></table>")
    return out


def render_json(result: Result) -> str:
    """The Result as JSON: ``_meta`` under its wire name, fixed field order, trailing newline.

    Unset optional blocks (``_meta.confidence_intervals`` of an unrepeated run) are left out,
    as :func:`bb_schema.write_json_atomic` leaves them out of a Result file.
    """
    payload = to_jsonable(result)
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


def render_result_markdown(result: Result, *, top_n: int = DEFAULT_TOP_N) -> str:
    """The markdown scoreboard of a Result, with its own disclosures and failed items."""
    return render_markdown(
        result.cells,
        disclosures=result.meta.seam_disclosures,
        failed_items=result.meta.failed_items,
        top_n=top_n,
        intervals=result.meta.confidence_intervals,
        sealed=result.meta.sealed,
    )


def render_result_html(result: Result, *, top_n: int = DEFAULT_TOP_N) -> str:
    """The HTML scoreboard of a Result, with its own disclosures and failed items."""
    return render_html(
        result.cells,
        disclosures=result.meta.seam_disclosures,
        failed_items=result.meta.failed_items,
        top_n=top_n,
        intervals=result.meta.confidence_intervals,
        sealed=result.meta.sealed,
    )
