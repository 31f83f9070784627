"""Seeded bootstrap confidence intervals for repeated, model-stochastic runs (``--repeat N``).

Deterministic modes need none: two runs give identical metrics, so any interval has zero width
by construction. The ``--llm`` mode is stochastic, so its published numbers carry a percentile
bootstrap interval over the N repeats. Resampling uses the small SplitMix64 generator below,
seeded explicitly, so an interval is reproducible byte for byte on any platform and never
touches process-global random state.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bb_schema import ALL_SUITES, ConfidenceIntervals, MetricInterval, ScoreCell

from bb_score._errors import ScoreUserError

__all__ = [
    "DEFAULT_CONFIDENCE",
    "DEFAULT_RESAMPLES",
    "Interval",
    "SplitMix64",
    "bootstrap_cells",
    "bootstrap_ci",
    "confidence_intervals",
    "derive_seed",
]

DEFAULT_RESAMPLES: Final = 2000
DEFAULT_CONFIDENCE: Final = 0.95
_MASK: Final = (1 << 64) - 1


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same sequence everywhere."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, without modulo bias (rejection sampling)."""
        if bound <= 0:
            raise ValueError(f"bound {bound!r} must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound


@dataclass(frozen=True)
class Interval:
    """A point estimate (the mean over runs) with its percentile bootstrap interval."""

    estimate: float
    low: float
    high: float
    runs: int
    resamples: int
    confidence: float

    def as_dict(self) -> dict[str, float]:
        """A JSON-ready view, e.g. for a Result's ``_meta``."""
        return {
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "runs": float(self.runs),
            "resamples": float(self.resamples),
            "confidence": self.confidence,
        }


def derive_seed(seed: int, *labels: str) -> int:
    """A per-label seed from the run seed, stable across processes (unlike ``hash()``)."""
    text = "\x1f".join([str(seed), *labels]).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of sorted values (the common "type 7" definition)."""
    position = q * (len(ordered) - 1)
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    fraction = position - lower
    return ordered[lower] + (ordered[upper] - ordered[lower]) * fraction


def bootstrap_ci(
    values: Sequence[float],
    *,
    seed: int,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = DEFAULT_CONFIDENCE,
) -> Interval:
    """Percentile bootstrap interval of the mean of ``values`` (one value per repeated run).

    Raises:
        ScoreUserError: no values, fewer than one resample, or a confidence outside (0, 1).
    """
    if not values:
        raise ScoreUserError("bootstrap needs at least one run's value; run with --repeat N >= 1")
    if resamples < 1:
        raise ScoreUserError(f"resamples {resamples!r} must be at least 1")
    if not 0.0 < confidence < 1.0:
        raise ScoreUserError(f"confidence {confidence!r} must lie strictly between 0 and 1")
    generator = SplitMix64(seed)
    ordered = sorted(values)  # run order must not change the interval
    count = len(ordered)
    means = sorted(
        math.fsum(ordered[generator.below(count)] for _ in range(count)) / count
        for _ in range(resamples)
    )
    tail = (1.0 - confidence) / 2.0
    return Interval(
        estimate=math.fsum(ordered) / count,
        low=_quantile(means, tail),
        high=_quantile(means, 1.0 - tail),
        runs=count,
        resamples=resamples,
        confidence=confidence,
    )


def bootstrap_cells(
    runs: Sequence[Sequence[ScoreCell]],
    *,
    seed: int,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = DEFAULT_CONFIDENCE,
) -> dict[str, dict[str, Interval]]:
    """Intervals per ``harness/suite`` cell and metric over repeated runs' cells.

    Each (suite, metric) resamples with its own seed derived from ``seed`` and those names,
    so adding a metric or a cell never shifts another's interval, and a harness-independent
    cell (write-back is the same on every harness row) gets the same interval on every row.
    A metric a run omitted (empty denominator) is bootstrapped over the runs that report it.
    """
    return {
        key: {
            name: bootstrap_ci(
                values,
                seed=derive_seed(seed, suite, name),
                resamples=resamples,
                confidence=confidence,
            )
            for name, values in sorted(per_metric.items())
        }
        for key, (suite, per_metric) in sorted(_samples(runs).items())
    }


def _samples(runs: Sequence[Sequence[ScoreCell]]) -> dict[str, tuple[str, dict[str, list[float]]]]:
    """``harness/suite`` -> (suite, metric -> the values of the runs reporting it, in order)."""
    samples: dict[str, tuple[str, dict[str, list[float]]]] = {}
    for cells in runs:
        for cell in cells:
            key = f"{cell.harness}/{cell.suite}"
            _, per_metric = samples.setdefault(key, (cell.suite, {}))
            for name, value in cell.metrics.items():
                per_metric.setdefault(name, []).append(value)
    return samples


def confidence_intervals(
    runs: Sequence[Sequence[ScoreCell]],
    *,
    seed: int,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = DEFAULT_CONFIDENCE,
) -> ConfidenceIntervals:
    """The Result's ``_meta.confidence_intervals`` block for the cells of repeated runs.

    ``suites`` lists the suites the runs' cells cover, in ``ALL_SUITES`` order.

    Raises:
        ScoreUserError: fewer than two runs (one run has no spread to report).
    """
    if len(runs) < 2:
        raise ScoreUserError(
            f"confidence intervals need at least 2 runs, got {len(runs)}; pass --repeat 2 or more"
        )
    intervals = bootstrap_cells(runs, seed=seed, resamples=resamples, confidence=confidence)
    samples = _samples(runs)
    present = {cell.suite for cells in runs for cell in cells}
    return ConfidenceIntervals(
        runs=len(runs),
        suites=[suite for suite in ALL_SUITES if suite in present],
        seed=seed,
        resamples=resamples,
        confidence=confidence,
        cells={
            key: {
                name: MetricInterval(
                    estimate=interval.estimate,
                    low=interval.low,
                    high=interval.high,
                    values=samples[key][1][name],
                )
                for name, interval in per_metric.items()
            }
            for key, per_metric in intervals.items()
        },
    )
