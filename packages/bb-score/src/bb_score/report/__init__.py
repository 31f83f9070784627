"""The HTML report: one self-contained page per Result (no network at view time).

Overview (harness rows x suites heat table, gates, seam disclosures), per-suite metric tables
with a bar chart per metric across rows, replay latency per row, the history trend when a run
ledger is given, a comparison with a baseline when one is given, then one section per cell
listing each failed gold item with its conversation turn, what was injected (with the
evidence the Result carries), what gold expected and a link to its fixture; write-back fact
rows with stored text and provenance; trust items; the run configuration.

Templates are Jinja2 files shipped in this package (autoescaped); charts are inline SVG drawn
from geometry computed in :mod:`bb_score.report._charts`. ``render_history_html`` draws the
run ledger's trends on their own page (``brainbench history --html``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import jinja2
from bb_schema import TRUST_SUITES, Fixture, Gold, Result

from bb_score.present import GLOSSARY_DOC, format_value, metric_view, sort_metrics
from bb_score.report._charts import TrendChart, trend_chart
from bb_score.report._inputs import (
    CellHistory,
    Comparison,
    ItemChange,
    MetricChange,
    TrendPointLike,
)
from bb_score.report._items import Lookups, anchor
from bb_score.report._view import (
    CellView,
    build_cells,
    build_fixtures,
    build_latency,
    build_suites,
    meta_json,
    other_meta,
)

__all__ = [
    "CellHistory",
    "Comparison",
    "ItemChange",
    "MetricChange",
    "TrendPointLike",
    "render_history_html",
    "render_report_html",
]


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("bb_score.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _run_config(result: Result, meta: Mapping[str, Any]) -> list[tuple[str, str]]:
    receipt = result.receipt
    rows = [
        ("fixtures_hash", receipt.fixtures_hash),
        ("harness_sha (code)", receipt.harness_sha),
        ("ts", receipt.ts),
        ("command", " ".join(["brainbench", *receipt.cmd_args])),
        ("seed", str(receipt.seed)),
        ("include_holdout", str(receipt.include_holdout).lower()),
        ("llm", str(receipt.llm).lower()),
        ("result_schema_version", str(receipt.result_schema_version)),
        ("harness rows", ", ".join(result.meta.harnesses) or "—"),
        ("suites", ", ".join(result.meta.suites) or "—"),
    ]
    scorer = meta.get("scorer")
    if isinstance(scorer, dict):
        rows.append(("scorer", " ".join(f"{k} {v}" for k, v in sorted(scorer.items()))))
    cuts = {k: v for k, v in result.meta.budget_cuts.items() if v}
    if cuts:
        rows.append(("pointer budget cuts", ", ".join(f"{k} {v}" for k, v in cuts.items())))
    return rows


def _history_charts(history: CellHistory, *, every_metric: bool) -> list[dict[str, Any]]:
    """Per cell: gold_failed's trend, and (``every_metric``) each metric's."""
    out = []
    for cell, points in history.items():
        if not points:
            continue
        tips = [f"{p.ts} {p.harness_sha[:8]}" for p in points]
        failed = [(t, float(p.gold_failed)) for t, p in zip(tips, points, strict=True)]
        charts: list[TrendChart] = [trend_chart("gold_failed", failed, fmt="g")]
        names = sort_metrics(name for p in points for name in p.metrics)
        for name in names if every_metric else []:
            values = [
                (t, p.metrics[name]) for t, p in zip(tips, points, strict=True) if name in p.metrics
            ]
            if values:
                charts.append(trend_chart(name, values, fmt=".4g"))
        out.append(
            {"cell": cell, "anchor": anchor("trend", cell), "runs": len(points), "charts": charts,
             "last": points[-1]}
        )  # fmt: skip
    return out


def _trust_items(meta: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Trust item records, failed ones first (each group in the Result's order)."""
    items = meta.get("trust_items")
    records = [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []
    return sorted(records, key=lambda record: bool(record.get("passed")))


def _linked(
    comparison: Comparison | None, cells: Sequence[CellView]
) -> list[tuple[ItemChange, str | None]]:
    """Each newly failed item with the anchor of its drill-down in this report, if drawn."""
    if comparison is None:
        return []
    anchors = {
        (f"{c.harness}/{c.suite}", i.fixture_id, i.item): i.anchor for c in cells for i in c.items
    }
    return [(ch, anchors.get((ch.cell, ch.fixture_id, ch.item))) for ch in comparison.newly_failed]


def _wanted_fixtures(result: Result, meta: Mapping[str, Any]) -> list[str]:
    wanted = [item.fixture_id for item in result.meta.failed_items]
    for row in meta.get("fact_rows") or []:
        if isinstance(row, dict) and row.get("passed") is False:
            wanted.append(str(row.get("fixture_id")))
    return wanted


def render_report_html(
    result: Result,
    *,
    fixtures: Mapping[str, Fixture] | None = None,
    gold: Mapping[str, Gold] | None = None,
    fixtures_note: str | None = None,
    comparison: Comparison | None = None,
    history: CellHistory | None = None,
    title: str = "BrainBench report",
) -> str:
    """The whole report as one HTML document.

    Args:
        result: The run.
        fixtures: The corpus's fixtures by id (for the conversation text); items whose fixture
            is missing say so.
        gold: The corpus's gold by id (what each turn expected); else the gold the Result's
            turn rows carry.
        fixtures_note: Where the fixtures came from, or why there are none, shown in the page.
        comparison: This run against a baseline, as the gate judged it.
        history: The run ledger's trend points per cell.
        title: The page title.
    """
    fixtures = fixtures or {}
    gold = gold or {}
    meta = meta_json(result)
    glossary = dict(result.meta.metric_glossary)
    look = Lookups.build(result.turn_rows, meta, fixtures, gold)
    cells = build_cells(result.cells, result.meta.failed_items, look, glossary)
    sealed = result.meta.sealed
    sealed_cells = (
        build_cells(sealed.cells, sealed.failed_items, look, glossary, prefix="sealed")
        if sealed is not None
        else []
    )
    blind = result.meta.blind
    blind_cells = (
        build_cells(blind.cells, blind.failed_items, look, glossary, prefix="blind")
        if blind is not None
        else []
    )
    suites = build_suites(result.cells, glossary)
    harnesses = list(dict.fromkeys(c.harness for c in result.cells))
    grid = {(c.harness, c.suite): c for c in cells}
    context = {
        "title": title,
        "result": result,
        "receipt": result.receipt,
        "glossary_doc": GLOSSARY_DOC,
        "harnesses": [(h, next(c.seam for c in cells if c.harness == h)) for h in harnesses],
        "suite_names": [s.suite for s in suites],
        "grid": grid,
        "suites": suites,
        "cells": cells,
        "sealed": sealed,
        "sealed_cells": sealed_cells,
        "blind": blind,
        "blind_cells": blind_cells,
        "trust_suites": TRUST_SUITES,
        "latency": build_latency(result),
        "disclosures": [
            (h, result.meta.seam_disclosures[h])
            for h in [*harnesses, *sorted(set(result.meta.seam_disclosures) - set(harnesses))]
            if result.meta.seam_disclosures.get(h)
        ],
        "comparison": comparison,
        "newly_failed": _linked(comparison, cells),
        "history": _history_charts(history, every_metric=False) if history else [],
        "fact_rows": [r for r in meta.get("fact_rows") or [] if isinstance(r, dict)],
        "decision_rows": [r for r in meta.get("decision_rows") or [] if isinstance(r, dict)],
        "trust_items": _trust_items(meta),
        "trust_failed": [c for c in cells if c.suite in TRUST_SUITES and c.items],
        "fixtures": build_fixtures(_wanted_fixtures(result, meta), fixtures, gold),
        "fixtures_note": fixtures_note,
        "run_config": _run_config(result, meta),
        "other_meta": other_meta(meta),
        "glossary": [(name, metric_view(name), line) for name, line in glossary.items()],
        "fmt": format_value,
    }
    return _environment().get_template("report.html.j2").render(context)


def render_history_html(
    history: CellHistory, *, source: str, title: str = "BrainBench history"
) -> str:
    """The run ledger's trends as one HTML document: per cell, every metric over the runs."""
    context = {
        "title": title,
        "source": source,
        "glossary_doc": GLOSSARY_DOC,
        "history": _history_charts(history, every_metric=True),
    }
    return _environment().get_template("history.html.j2").render(context)
