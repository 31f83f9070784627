"""Gate policy as data: which metrics gate at zero, which way each metric is better.

bb_gate may not import bb_score (it reads serialized documents only), so the metric names it
governs are restated here. bb_score's glossary carries the same names; a cross-package test
(outside this package) is meant to check that both lists agree, so a renamed metric cannot
silently fall out of the gate.
"""

from __future__ import annotations

from typing import Final, Literal

Direction = Literal["higher", "lower"]

#: Metrics that breach in EVERY run whatever any baseline says: cross-source leakage is the
#: data-leak invariant, a pointer past the seam's budget breaks the seam's contract, and the
#: memory-trust count invariants plus the persistence and activation rates gate at zero too
#: (docs/METHODOLOGY.md, "Gate governance"). Keep in step with bb_score's glossary.
ZERO_GATED_METRICS: Final[tuple[str, ...]] = (
    "source_isolation_violations",
    "pointer_budget_cuts",
    "laundering_violations",
    "self_promotion_violations",
    "stale_surfaced_as_current",
    "lower_tier_supersede_violations",
    "residual_after_purge",
    "resurrection_after_resync",
    "poison_persist_rate",
    "unconfirmed_preference_activation_rate",
    "agent_relayed_activation_rate",
    "poison_activation_rate",
    "default_persist_unlabeled_rate",
    "default_activation_unlabeled_rate",
)

#: Reported but never gated (gate "none" in bb_score's registry): the intrusion-budget
#: diagnostic awaits calibration data, recall cuts only say a system answered past the
#: runner's cap (the cut facts are never scored), and the extraction scores exist only in
#: model-stochastic ``--llm`` runs.
UNGATED_METRICS: Final[frozenset[str]] = frozenset(
    {"avg_injected_tokens", "recall_cuts", "extraction_recall", "extraction_precision"}
)

#: Lower-is-better metrics named explicitly (counts and rates whose names do not say so).
LOWER_BETTER_METRICS: Final[frozenset[str]] = frozenset(
    {
        "know_to_ask_failure_rate",
        "false_fire_rate",
        "avg_injected_tokens",
        "false_quarantine_rate",
        "stale_surfaced_as_current",
        "residual_after_purge",
        "resurrection_after_resync",
        "spurious_injections",
        "recall_cuts",
        *ZERO_GATED_METRICS,
    }
)

#: Name shapes that mean lower-is-better, so a newly added violation count or activation rate
#: is gated the right way round before anyone remembers to list it.
LOWER_BETTER_SUFFIXES: Final[tuple[str, ...]] = (
    "_failure_rate",
    "_false_fire_rate",
    "_violations",
    "_activation_rate",
    "_unlabeled_rate",
)
LOWER_BETTER_PREFIXES: Final[tuple[str, ...]] = ("poison_",)


def is_gated(metric: str) -> bool:
    """Whether an adverse move of ``metric`` against main's baseline is a regression."""
    return metric not in UNGATED_METRICS


def is_zero_gated(metric: str) -> bool:
    """Whether ``metric`` must be exactly zero in every run."""
    return metric in ZERO_GATED_METRICS


def direction(metric: str) -> Direction:
    """Which way ``metric`` improves; everything not lower-better is higher-better.

    Why a default: the spec's rates are mostly accuracies and recalls, so an unknown metric is
    far more likely to be higher-better; the lower-better families are recognised by name.
    """
    if metric in LOWER_BETTER_METRICS:
        return "lower"
    if metric.endswith(LOWER_BETTER_SUFFIXES) or metric.startswith(LOWER_BETTER_PREFIXES):
        return "lower"
    return "higher"


def is_adverse(metric: str, main: float, current: float) -> bool:
    """Whether moving from ``main`` to ``current`` is worse for ``metric`` (values pre-rounded)."""
    if direction(metric) == "lower":
        return current > main
    return current < main


def is_improvement(metric: str, main: float, current: float) -> bool:
    """Whether moving from ``main`` to ``current`` is better for ``metric``."""
    return current != main and not is_adverse(metric, main, current)
