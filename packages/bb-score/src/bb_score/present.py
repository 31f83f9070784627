"""How a metric is shown: its direction marker, its gate, its value, its table's order.

Everything here is read from the metric registry, so a newly registered metric shows with
its direction and gate on every board without touching a renderer; a metric a Result carries
that this registry does not know (a newer scorer's) still shows, marked as unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from bb_schema import ALL_SUITES, ScoreCell

from bb_score._registry import REGISTRY, MetricSpec

__all__ = [
    "GLOSSARY_DOC",
    "MetricView",
    "breaches",
    "cell_order",
    "format_value",
    "metric_view",
    "metrics_of",
    "sort_metrics",
    "suites_of",
]

#: Where the plain-English metric definitions live (generated from the registry).
GLOSSARY_DOC: Final = "docs/METRIC_GLOSSARY.md"
_SPECS: Final = {spec.name: spec for spec in REGISTRY}
_ORDER: Final = {spec.name: index for index, spec in enumerate(REGISTRY)}
_SUITE_ORDER: Final[dict[str, int]] = {suite: index for index, suite in enumerate(ALL_SUITES)}


@dataclass(frozen=True)
class MetricView:
    """A metric as boards show it."""

    name: str
    spec: MetricSpec | None
    #: ``↓`` lower is better, ``↑`` higher is better, ``?`` not in this registry.
    arrow: str
    #: ``=0`` / ``=1`` / ``≥0.95`` / ``≤0.02`` gated in every run, ``*`` gated vs baseline,
    #: empty when reported only.
    gate_mark: str
    #: The gate in words, for titles and the HTML report.
    gate_text: str

    @property
    def gated(self) -> bool:
        """True when the gate enforces this metric in any way."""
        return self.spec is not None and self.spec.gated


def _gate_mark(spec: MetricSpec) -> str:
    if spec.gate == "zero":
        return "=0"
    if spec.gate == "bound" and spec.bound is not None:
        if spec.direction == "higher" and spec.bound == 1.0:
            return "=1"
        return f"{'≥' if spec.direction == 'higher' else '≤'}{spec.bound:g}"
    return "*" if spec.gate == "baseline" else ""


def _gate_text(spec: MetricSpec) -> str:
    if spec.gate == "zero":
        return "gated: must be 0 in every run"
    if spec.gate == "bound":
        return f"gated: {_gate_mark(spec)} in every run, and no adverse move vs the baseline"
    if spec.gate == "baseline":
        return "gated: no adverse move vs the baseline"
    return "reported only, never gated"


def metric_view(name: str) -> MetricView:
    """The board view of ``name`` (an unregistered name gets ``?`` and no gate)."""
    spec = _SPECS.get(name)
    if spec is None:
        return MetricView(name, None, "?", "", "not in this version's registry")
    arrow = "↓" if spec.direction == "lower" else "↑"
    return MetricView(name, spec, arrow, _gate_mark(spec), _gate_text(spec))


def sort_metrics(names: Iterable[str]) -> list[str]:
    """Metric names in registry order, unknown names after, sorted; duplicates dropped."""
    return sorted(set(names), key=lambda name: (_ORDER.get(name, len(_ORDER)), name))


def metrics_of(cells: Iterable[ScoreCell]) -> list[str]:
    """Every metric the cells report, in :func:`sort_metrics` order."""
    return sort_metrics(name for cell in cells for name in cell.metrics)


def suites_of(cells: Iterable[ScoreCell]) -> list[str]:
    """The suites the cells cover, in schema order (unknown suites after, sorted)."""
    names = {cell.suite for cell in cells}
    return sorted(names, key=lambda s: (_SUITE_ORDER.get(s, len(_SUITE_ORDER)), s))


def cell_order(cells: Sequence[ScoreCell]) -> list[str]:
    """The harness rows in the order the Result lists them."""
    return list(dict.fromkeys(cell.harness for cell in cells))


def format_value(name: str, value: float | None) -> str:
    """A metric value as boards print it: rates 4 decimals, counts whole, means 2 decimals."""
    if value is None:
        return "—"
    spec = _SPECS.get(name)
    kind = spec.kind if spec is not None else ("count" if float(value).is_integer() else "rate")
    if kind == "count" and float(value).is_integer():
        return str(int(value))
    if kind == "mean":
        return f"{value:.2f}"
    return f"{value:.4f}"


def breaches(name: str, value: float | None) -> bool:
    """Whether ``value`` breaks the metric's every-run gate (``=0`` or its bound)."""
    spec = _SPECS.get(name)
    if spec is None or value is None:
        return False
    if spec.gate == "zero":
        return value != 0
    if spec.gate == "bound" and spec.bound is not None:
        return value < spec.bound if spec.direction == "higher" else value > spec.bound
    return False
