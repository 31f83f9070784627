"""Chart geometry: bars scale by the metric's kind, boxes by quantiles, ticks are round."""

from __future__ import annotations

import pytest
from bb_score.report._charts import (
    PLOT_W,
    bar_chart,
    latency_chart,
    nice_ticks,
    quantile,
    trend_chart,
)


def test_rates_scale_to_one_and_show_their_gate_line() -> None:
    chart = bar_chart("benign_retention", {"a": 1.0, "b": 0.5, "c": None})
    widths = [bar.width for bar in chart.bars]
    assert widths == [PLOT_W, PLOT_W / 2, 0.0]
    assert [bar.breach for bar in chart.bars] == [False, True, False]  # 0.5 < 0.95
    assert chart.bars[2].missing and chart.bars[2].text == "—"
    assert chart.threshold_x == pytest.approx(0.95 * PLOT_W)


def test_counts_and_means_scale_to_their_largest_value() -> None:
    chart = bar_chart("avg_injected_tokens", {"a": 40.0, "b": 10.0})
    assert [bar.width for bar in chart.bars] == [PLOT_W, PLOT_W / 4]
    assert chart.threshold_x is None and chart.scale_text == "0 to 40.00"
    zeros = bar_chart("source_isolation_violations", {"a": 0.0})
    assert zeros.bars[0].width == 0.0 and not zeros.bars[0].breach
    assert bar_chart("source_isolation_violations", {"a": 2.0}).bars[0].breach


def test_quantiles_interpolate_and_boxes_share_one_axis() -> None:
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert quantile([5.0], 0.95) == 5.0
    slow_values = [float(i) for i in range(1, 101)] + [1000.0]  # one outlier
    chart = latency_chart({"fast": [1.0] * 10, "slow": slow_values, "x": []})
    assert chart is not None and [box.label for box in chart.boxes] == ["fast", "slow"]
    slow = chart.boxes[1]
    assert (slow.p50, slow.n, slow.max) == (51.0, 101, 1000.0)
    assert slow.x25 < slow.x50 < slow.x75 <= slow.x95
    assert slow.beyond == 1  # past the axis (set by the largest p95): counted, not drawn
    assert latency_chart({"none": []}) is None


def test_ticks_are_round_and_cover_the_top() -> None:
    assert nice_ticks(14.4) == [0.0, 5.0, 10.0, 15.0]  # step 2.88 rounds up to 5
    assert nice_ticks(0.0) == [0.0, 1.0]
    assert nice_ticks(1234)[-1] >= 1234


def test_a_trend_runs_left_to_right_and_a_flat_one_mid_chart() -> None:
    rising = trend_chart("m", [("r1", 0.5), ("r2", 1.0)], fmt=".4g")
    (x1, y1, tip1), (x2, y2, _) = rising.series.points
    assert x1 < x2 and y2 < y1 and tip1 == "r1: 0.5"
    flat = trend_chart("m", [("r1", 3.0), ("r2", 3.0)], fmt="g")
    assert {y for _, y, _ in flat.series.points} == {flat.height / 2}
