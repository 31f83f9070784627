"""The harness-free score of one cell, shared by every suite's scorer.

A suite scorer returns a :class:`CellScore`; :mod:`bb_score.cells` stamps harness, suite and
seam onto it. Write-back is harness-independent, so one CellScore becomes the same cell on
every harness row; keeping the harness out of this type makes that duplication exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bb_schema import FailedItem, ScoreCell, Seam, Suite
from bb_schema.text import holds_keywords

from bb_score._errors import ScoreRuntimeError
from bb_score._registry import REGISTRY


@dataclass(frozen=True)
class Failure:
    """One failed gold item before it is attributed to a harness row.

    ``metric`` names the metric the item counts against, so a breached invariant can list
    exactly its own items.
    """

    fixture_id: str
    item: str
    reason: str
    metric: str | None = None


@dataclass(frozen=True)
class CellScore:
    """Counts, derived metrics, scored fixtures and failures of one (harness x suite) cell."""

    gold_total: int
    gold_failed: int
    metrics: dict[str, float]
    fixtures: tuple[str, ...]
    failures: tuple[Failure, ...] = field(default=())

    def __post_init__(self) -> None:
        if not 0 <= self.gold_failed <= self.gold_total:
            raise ScoreRuntimeError(
                f"a cell failed {self.gold_failed!r} of {self.gold_total!r} gold items: failed "
                "items must be gold items (count anything else as its own metric)"
            )

    def to_cell(self, *, harness: str, suite: Suite, seam: Seam) -> ScoreCell:
        """The Result's cell for one harness row."""
        return ScoreCell(
            suite=suite,
            harness=harness,
            seam=seam,
            gold_total=self.gold_total,
            gold_failed=self.gold_failed,
            metrics=dict(self.metrics),
            fixtures=list(self.fixtures),
        )

    def failed_items(self, *, harness: str, suite: Suite) -> list[FailedItem]:
        """The failures as Result records of one harness row, in scoring order."""
        return [
            FailedItem(
                harness=harness,
                suite=suite,
                fixture_id=failure.fixture_id,
                item=failure.item,
                reason=failure.reason,
                metric=failure.metric,
            )
            for failure in self.failures
        ]


_ORDER = {spec.name: index for index, spec in enumerate(REGISTRY)}


def rate(numerator: int, denominator: int) -> float | None:
    """``numerator / denominator``, or None when the denominator is empty.

    An empty denominator means the cell holds no evidence for the rate; reporting 0 or 1 would
    invent a perfect or a failing score, so the metric is omitted from the cell instead.
    """
    if denominator == 0:
        return None
    return numerator / denominator


def ordered_metrics(values: Mapping[str, float | None]) -> dict[str, float]:
    """Drop omitted (None) metrics and order the rest as the registry lists them."""
    for name in values:
        if name not in _ORDER:
            raise ScoreRuntimeError(
                f"metric {name!r} is not registered; add it to bb_score._registry.REGISTRY"
            )
    present = [(name, value) for name, value in values.items() if value is not None]
    return {name: float(value) for name, value in sorted(present, key=lambda kv: _ORDER[kv[0]])}


def holds_all(text: str, keywords: Iterable[str]) -> bool:
    """True when every keyword occurs in ``text`` (:func:`bb_schema.text.holds_keywords`).

    The one matching rule of write-back and continuity: a stored fact holds a gold fact, and
    injected text or a recalled fact carries a decision, exactly when this holds.
    """
    return holds_keywords(text, keywords)


def keyword_list(keywords: Iterable[str]) -> str:
    """A readable list of keywords for failure reasons: ``['a', 'b']``."""
    return "[" + ", ".join(repr(keyword) for keyword in keywords) + "]"


def slug_list(slugs: Iterable[str]) -> str:
    """A readable list of slugs for failure reasons: ``[a, b]``."""
    return "[" + ", ".join(slugs) + "]"


def unique(slugs: Iterable[str]) -> list[str]:
    """Slugs deduplicated, first occurrence kept: the formulas count sets of pages."""
    return list(dict.fromkeys(slugs))
