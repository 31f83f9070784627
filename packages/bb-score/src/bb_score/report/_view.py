"""The report's page model: overview, suites with charts, cells with their failed items.

Built from the Result alone (plus fixtures and gold for the conversation text, a comparison
and a history when given). Cells, suites, metrics and harness rows are whatever the Result
holds; directions and gates come from the metric registry; optional ``_meta`` blocks are read
from the Result's JSON form and any block this version does not know is still shown, raw.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bb_schema import FailedItem, Fixture, Gold, Result, ScoreCell
from bb_schema.io import to_jsonable

from bb_score.failures import summarise_kinds
from bb_score.present import (
    breaches,
    cell_order,
    format_value,
    metric_view,
    metrics_of,
    suites_of,
)
from bb_score.report._charts import BarChart, LatencyChart, bar_chart, latency_chart
from bb_score.report._items import ItemView, Lookups, anchor, item_view

__all__ = ["CellView", "FixtureView", "MetricRow", "SuiteView", "build_cells", "build_suites"]

#: ``_meta`` blocks the report renders in their own sections (everything else: raw).
KNOWN_META: Final = frozenset(
    {
        "metric_glossary", "failed_items", "seam_disclosures", "budget_cuts", "harnesses",
        "suites", "confidence_intervals", "sealed", "blind", "fact_rows", "decision_rows",
        "turn_evidence", "trust_items", "scorer",
    }
)  # fmt: skip
#: Failed items drawn per cell; the rest are counted (the JSON Result has them all).
ITEMS_PER_CELL: Final = 400


@dataclass(frozen=True)
class MetricRow:
    """One metric of one cell."""

    name: str
    arrow: str
    gate_mark: str
    gate_text: str
    value: str
    breach: bool
    line: str


@dataclass
class CellView:
    """One (harness x suite) cell: its numbers and its failed items."""

    anchor: str
    harness: str
    seam: str
    suite: str
    gold_total: int
    gold_failed: int
    pass_share: float
    heat: str
    breaches: int
    metrics: list[MetricRow]
    kinds: tuple[tuple[str, int], ...]
    items: list[ItemView]
    items_hidden: int


@dataclass
class SuiteView:
    """A suite: its metric table (rows x harnesses) and one bar chart per metric."""

    suite: str
    anchor: str
    harnesses: list[tuple[str, str]]
    rows: list[tuple[MetricRow, list[tuple[str, bool]]]]
    charts: list[BarChart]
    totals: list[str]


@dataclass
class FixtureView:
    """A fixture a failed item points at: its conversation with each turn's gold."""

    anchor: str
    fixture_id: str
    known: bool
    suites: list[str] = field(default_factory=list)
    facts: list[tuple[str, str]] = field(default_factory=list)
    turns: list[tuple[str, int, str, str, list[tuple[str, str]]]] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)


def _heat(share: float) -> str:
    """Red through amber to green as the passing share rises; cubed, so 90% is not green."""
    return f"hsl({round(share**3 * 120)}, 65%, {round(88 - share * 10)}%)"


def _metric_rows(cell: ScoreCell, glossary: Mapping[str, str]) -> list[MetricRow]:
    rows = []
    for name in metrics_of([cell]):
        view = metric_view(name)
        value = cell.metrics.get(name)
        rows.append(
            MetricRow(
                name, view.arrow, view.gate_mark, view.gate_text, format_value(name, value),
                breaches(name, value), glossary.get(name, view.spec.line if view.spec else ""),
            )
        )  # fmt: skip
    return rows


def build_cells(
    cells: Sequence[ScoreCell],
    failed: Sequence[FailedItem],
    look: Lookups,
    glossary: Mapping[str, str],
    prefix: str = "cell",
) -> list[CellView]:
    """One view per cell, in the Result's order, with its failed items drilled down."""
    grouped: dict[tuple[str, str], list[FailedItem]] = {}
    for item in failed:
        grouped.setdefault((item.harness, item.suite), []).append(item)
    views = []
    for cell in cells:
        items = grouped.get((cell.harness, cell.suite), [])
        failed_share = min(cell.gold_failed, cell.gold_total) / max(cell.gold_total, 1)
        share = 1.0 - failed_share
        metrics = _metric_rows(cell, glossary)
        views.append(
            CellView(
                anchor=anchor(prefix, cell.harness, cell.suite),
                harness=cell.harness,
                seam=cell.seam,
                suite=cell.suite,
                gold_total=cell.gold_total,
                gold_failed=cell.gold_failed,
                pass_share=share,
                heat=_heat(share),
                breaches=sum(1 for m in metrics if m.breach),
                metrics=metrics,
                kinds=summarise_kinds(items),
                items=[item_view(it, i, look) for i, it in enumerate(items[:ITEMS_PER_CELL])],
                items_hidden=max(0, len(items) - ITEMS_PER_CELL),
            )
        )
    return views


def build_suites(cells: Sequence[ScoreCell], glossary: Mapping[str, str]) -> list[SuiteView]:
    """Per suite: the metric rows across harness rows and a bar chart per metric."""
    out = []
    for suite in suites_of(cells):
        members = [c for c in cells if c.suite == suite]
        by_harness = {c.harness: c for c in members}
        harnesses = cell_order(members)
        rows = []
        charts = []
        for name in metrics_of(members):
            view = metric_view(name)
            values = {h: by_harness[h].metrics.get(name) for h in harnesses}
            row = MetricRow(
                name, view.arrow, view.gate_mark, view.gate_text, "", False,
                glossary.get(name, view.spec.line if view.spec else ""),
            )  # fmt: skip
            rows.append(
                (row, [(format_value(name, v), breaches(name, v)) for v in values.values()])
            )
            charts.append(bar_chart(name, values))
        out.append(
            SuiteView(
                suite=suite,
                anchor=anchor("suite", suite),
                harnesses=[(h, by_harness[h].seam) for h in harnesses],
                rows=rows,
                charts=charts,
                totals=[
                    f"{by_harness[h].gold_failed}/{by_harness[h].gold_total}" for h in harnesses
                ],
            )
        )
    return out


def build_latency(result: Result) -> LatencyChart | None:
    """Per-turn replay latency per harness row (turn rows carry it)."""
    samples: dict[str, list[float]] = {h: [] for h in cell_order(result.cells)}
    for row in result.turn_rows:
        samples.setdefault(row.harness, []).append(row.latency_ms)
    return latency_chart(samples)


def _turn_gold(gold: Gold | None, turn_id: int) -> list[tuple[str, str]]:
    entry = gold.for_turn(turn_id) if gold is not None else None
    if entry is None:
        return []
    out = [("should retrieve", "yes" if entry.should_retrieve else "no")]
    if entry.gold_slugs:
        out.append(("gold", ", ".join(entry.gold_slugs)))
    if entry.acceptable_slugs:
        out.append(("acceptable", ", ".join(entry.acceptable_slugs)))
    out += [("fact", f"{f.fact} [{', '.join(f.match_keywords)}]") for f in entry.gold_facts]
    return out


def build_fixtures(
    wanted: Sequence[str], fixtures: Mapping[str, Fixture], gold: Mapping[str, Gold]
) -> list[FixtureView]:
    """The fixtures the report links to, each with its turns and their gold."""
    views = []
    for fixture_id in sorted(set(wanted)):
        fixture = fixtures.get(fixture_id)
        view = FixtureView(anchor("fx", fixture_id), fixture_id, fixture is not None)
        if fixture is not None:
            view.suites = list(fixture.suites)
            view.facts = [("active source", fixture.active_source)]
            if fixture.category:
                view.facts.append(("category", fixture.category))
            if fixture.continuity is not None:
                pair = fixture.continuity
                view.facts.append(("continuity", f"{pair.pair_role} of {pair.pair_id}"))
            g = gold.get(fixture_id)
            view.turns = [
                (anchor("fx", fixture_id, f"t{t.turn_id}"), t.turn_id, t.role, t.text,
                 _turn_gold(g, t.turn_id))
                for t in fixture.turns
            ]  # fmt: skip
            view.steps = [
                json.dumps(step.model_dump(mode="json", exclude_none=True), ensure_ascii=False)
                for step in fixture.trust_steps or []
            ]
        views.append(view)
    return views


def meta_json(result: Result) -> dict[str, Any]:
    """The Result's ``_meta`` as JSON data (what a newer runner may have added included)."""
    payload = to_jsonable(result).get("_meta", {})
    return payload if isinstance(payload, dict) else {}


def other_meta(meta: Mapping[str, Any], limit: int = 20000) -> list[tuple[str, str]]:
    """``_meta`` blocks without a section of their own, as (name, JSON text clipped)."""
    out = []
    for name in sorted(set(meta) - KNOWN_META):
        text = json.dumps(meta[name], indent=2, ensure_ascii=False, sort_keys=True)
        if len(text) > limit:
            text = text[:limit] + f"\n... ({len(text) - limit} more characters in the Result)"
        out.append((name, text))
    return out
