"""Chart geometry for the report's inline SVG: bars per metric, latency boxes, trends.

The numbers (positions, lengths, ticks) are computed here; the templates only draw them, so
a chart is plain markup inside the one HTML file and needs nothing at view time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bb_score.present import breaches, format_value, metric_view

__all__ = [
    "Bar",
    "BarChart",
    "Box",
    "LatencyChart",
    "TrendChart",
    "TrendSeries",
    "bar_chart",
    "latency_chart",
    "nice_ticks",
    "quantile",
    "trend_chart",
]

LABEL_W = 120
PLOT_W = 260
ROW_H = 22


@dataclass(frozen=True)
class Bar:
    """One bar: a harness row's value of a metric."""

    label: str
    y: float
    width: float
    text: str
    breach: bool
    missing: bool


@dataclass(frozen=True)
class BarChart:
    """A metric across rows, with its gate line when it has an absolute one."""

    metric: str
    arrow: str
    gate_mark: str
    bars: tuple[Bar, ...]
    height: float
    width: float
    #: x of the gate's bound, or None.
    threshold_x: float | None
    scale_text: str


def _scale_max(name: str, values: Sequence[float]) -> float:
    view = metric_view(name)
    if view.spec is not None and view.spec.kind == "rate":
        return 1.0
    top = max(values, default=0.0)
    return top if top > 0 else 1.0


def bar_chart(name: str, values: Mapping[str, float | None]) -> BarChart:
    """Bars of ``name`` for each row in ``values`` (order kept); rates on a 0..1 scale."""
    present = [v for v in values.values() if v is not None]
    top = _scale_max(name, present)
    bars = []
    for index, (label, value) in enumerate(values.items()):
        width = 0.0 if value is None else max(0.0, min(1.0, value / top)) * PLOT_W
        bars.append(
            Bar(
                label=label,
                y=index * ROW_H + 4,
                width=round(width, 2),
                text=format_value(name, value),
                breach=breaches(name, value),
                missing=value is None,
            )
        )
    view = metric_view(name)
    bound = view.spec.bound if view.spec is not None else None
    threshold = None if bound is None else round(min(1.0, bound / top) * PLOT_W, 2)
    return BarChart(
        metric=name,
        arrow=view.arrow,
        gate_mark=view.gate_mark,
        bars=tuple(bars),
        height=len(bars) * ROW_H + 8,
        width=LABEL_W + PLOT_W + 70,
        threshold_x=threshold,
        scale_text=f"0 to {format_value(name, top)}",
    )


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, linearly interpolated (numpy's default)."""
    if not ordered:
        raise ValueError("quantile of no values")
    position = (len(ordered) - 1) * q
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


@dataclass(frozen=True)
class Box:
    """One row's latency distribution: a box from p25 to p75, whiskers p5..p95, the median."""

    label: str
    y: float
    n: int
    p5: float
    p25: float
    p50: float
    p75: float
    p95: float
    max: float
    #: The same, as x positions.
    x5: float
    x25: float
    x50: float
    x75: float
    x95: float
    beyond: int


@dataclass(frozen=True)
class LatencyChart:
    """Every row's replay latency per turn on one shared axis (ms)."""

    boxes: tuple[Box, ...]
    ticks: tuple[tuple[float, str], ...]
    height: float
    width: float
    axis_y: float


def latency_chart(samples: Mapping[str, Sequence[float]]) -> LatencyChart | None:
    """Box plots of per-turn latency per row on an axis up to the largest p95."""
    rows = {label: sorted(values) for label, values in samples.items() if values}
    if not rows:
        return None
    top = max(quantile(v, 0.95) for v in rows.values())
    ticks = nice_ticks(top)
    span = ticks[-1] or 1.0

    def x(value: float) -> float:
        return round(LABEL_W + min(value, span) / span * PLOT_W, 2)

    boxes = []
    for index, (label, ordered) in enumerate(rows.items()):
        stats = [quantile(ordered, q) for q in (0.05, 0.25, 0.5, 0.75, 0.95)]
        boxes.append(
            Box(
                label=label,
                y=index * ROW_H * 1.5 + 6,
                n=len(ordered),
                p5=stats[0],
                p25=stats[1],
                p50=stats[2],
                p75=stats[3],
                p95=stats[4],
                max=ordered[-1],
                x5=x(stats[0]),
                x25=x(stats[1]),
                x50=x(stats[2]),
                x75=x(stats[3]),
                x95=x(stats[4]),
                beyond=sum(1 for v in ordered if v > span),
            )
        )
    axis_y = len(boxes) * ROW_H * 1.5 + 8
    return LatencyChart(
        boxes=tuple(boxes),
        ticks=tuple((x(t), f"{t:g}") for t in ticks),
        height=axis_y + 22,
        width=LABEL_W + PLOT_W + 330,
        axis_y=axis_y,
    )


@dataclass(frozen=True)
class TrendSeries:
    """One line of a trend chart."""

    name: str
    points: tuple[tuple[float, float, str], ...]  # x, y, tooltip

    @property
    def path(self) -> str:
        """The SVG polyline ``points`` attribute."""
        return " ".join(f"{x},{y}" for x, y, _ in self.points)


@dataclass(frozen=True)
class TrendChart:
    """A metric's (or gold_failed's) course over the recorded runs of one cell."""

    title: str
    series: TrendSeries
    width: float
    height: float
    low_text: str
    high_text: str
    first_text: str
    last_text: str


def trend_chart(title: str, values: Sequence[tuple[str, float]], *, fmt: str) -> TrendChart:
    """A small line chart of ``values`` (tooltip text, value) in run order."""
    width, height, pad = 320.0, 90.0, 12.0
    numbers = [v for _, v in values]
    low, high = min(numbers), max(numbers)
    span = high - low
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(value: float) -> float:  # a flat course runs through the middle
        share = (value - low) / span if span else 0.5
        return round(height - pad - share * (height - 2 * pad), 2)

    points = tuple(
        (
            round(pad + i * step, 2),
            y(value),
            f"{tip}: {format(value, fmt)}",
        )
        for i, (tip, value) in enumerate(values)
    )
    return TrendChart(
        title=title,
        series=TrendSeries(title, points),
        width=width,
        height=height,
        low_text=format(low, fmt),
        high_text=format(high, fmt),
        first_text=format(numbers[0], fmt),
        last_text=format(numbers[-1], fmt),
    )
