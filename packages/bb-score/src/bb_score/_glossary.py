"""Lookups over the one metric registry, its JSON block and its markdown page.

Public through :mod:`bb_score.glossary`; kept apart from that module's command line so that
``python -m bb_score.glossary`` does not execute a module the package already imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from bb_score._errors import ScoreRuntimeError
from bb_score._registry import REGISTRY, Direction, Gate, Kind, MetricSpec

__all__ = [
    "DEFAULT_GLOSSARY_PATH",
    "METRICS",
    "ZERO_GATED_METRICS",
    "Direction",
    "Gate",
    "Kind",
    "MetricSpec",
    "direction",
    "glossary_block",
    "is_lower_better",
    "metric",
    "render_glossary_markdown",
]

#: Name -> spec, in registry (display) order.
METRICS: Final[dict[str, MetricSpec]] = {spec.name: spec for spec in REGISTRY}
if len(METRICS) != len(REGISTRY):  # pragma: no cover - guarded by a test as well
    raise ScoreRuntimeError("a metric is registered twice in bb_score._registry")

#: Metrics that gate at zero in every run, regardless of any baseline.
ZERO_GATED_METRICS: Final[frozenset[str]] = frozenset(
    spec.name for spec in REGISTRY if spec.zero_gated
)

#: Where the generated page lives, relative to the repository root.
DEFAULT_GLOSSARY_PATH: Final = Path("docs") / "METRIC_GLOSSARY.md"

_GATE_WORDS: Final[dict[Gate, str]] = {
    "zero": "= 0 every run",
    "bound": "bound",
    "baseline": "vs baseline",
    "none": "reported only",
}


def metric(name: str) -> MetricSpec:
    """The registered spec of ``name``; an unknown name is a bb_score bug, so it raises."""
    try:
        return METRICS[name]
    except KeyError:
        raise ScoreRuntimeError(
            f"metric {name!r} is not registered; add it to bb_score._registry.REGISTRY"
        ) from None


def direction(name: str) -> Direction:
    """Which way is better for ``name``: ``"lower"`` or ``"higher"``."""
    return metric(name).direction


def is_lower_better(name: str) -> bool:
    """True when a rise in ``name`` is a regression."""
    return metric(name).direction == "lower"


def glossary_block() -> dict[str, str]:
    """The ``_meta.metric_glossary`` block: every metric's one-liner, in registry order."""
    return {spec.name: spec.line for spec in REGISTRY}


def _gate_text(spec: MetricSpec) -> str:
    if spec.gate == "bound":
        if spec.direction == "higher" and spec.bound == 1.0:
            return "= 1 every run, and vs baseline"
        relation = ">=" if spec.direction == "higher" else "<="
        return f"{relation} {spec.bound:g} every run, and vs baseline"
    return _GATE_WORDS[spec.gate]


def render_glossary_markdown() -> str:
    """The whole ``docs/METRIC_GLOSSARY.md`` page, byte-stable for a given registry."""
    lines = [
        "# BrainBench metric glossary",
        "",
        "<!-- Generated from bb_score._registry by `python -m bb_score.glossary --write`;"
        " do not edit by hand. -->",
        "",
        "Every metric is micro-averaged per (harness x suite) cell: counts first, rates derived.",
        "A rate whose denominator is empty is omitted from its cell (neither 0 nor 1).",
        "",
        "Gates: **= 0 every run** fails any run with a value above zero, whatever the baseline;",
        "**bound** holds an absolute floor or ceiling in every run and may not move adversely;",
        "**vs baseline** may not move adversely against the committed baseline;",
        "**reported only** is a diagnostic and never gates.",
        "",
        "| metric | suites | better | gate | meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for spec in REGISTRY:
        suites = ", ".join(spec.suites)
        lines.append(
            f"| `{spec.name}` | {suites} | {spec.direction} | {_gate_text(spec)} | {spec.line} |"
        )
    zero = ", ".join(f"`{name}`" for name in sorted(ZERO_GATED_METRICS))
    lines += ["", f"Zero-gated invariants: {zero}.", ""]
    return "\n".join(lines)
