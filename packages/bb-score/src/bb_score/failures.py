"""What failed, by kind: failed gold items grouped per cell and counted by failure kind.

A reader of a scoreboard wants "5 failed: 3 false fires, 2 missed retrievals" before the full
list. The kind of a failed item comes from what the scorer wrote: the metric it counts
against when the item names one (``FailedItem.metric``, or a reason that starts with a
registered metric name as the memory-trust scorer writes them), else the reason's wording
with the specifics (slugs, bracketed lists, quoted values, numbers) taken out. So a new scorer
or a new reason gets a sensible kind without a table to maintain here; the few phrasings the
core scorers use get the short names below.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from bb_schema import FailedItem

from bb_score._registry import REGISTRY

__all__ = ["CellFailures", "failure_kind", "group_failures", "summarise_kinds"]

_METRICS: Final = {spec.name for spec in REGISTRY}

#: Short names for the phrasings of the core scorers (retrieval, write-back, continuity).
#: Matched in order against the reason; anything else falls back to its generic wording.
_KNOWN: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (re.compile(r"^spurious: "), "spurious page (outside gold)"),
    (re.compile(r"^false fire\b"), "false fire"),
    (re.compile(r"^source isolation\b"), "source isolation"),
    (re.compile(r"^should retrieve \S.*: injected nothing$"), "missed (nothing injected)"),
    (re.compile(r"^should retrieve .*none gold or acceptable$"), "missed (other pages injected)"),
    (re.compile(r"^should retrieve \S+: not injected"), "gold page not injected"),
    (re.compile(r"^injected \S+ on a stay-silent turn"), "page on a stay-silent turn"),
    (re.compile(r"^injected \S+ on a should-retrieve turn"), "page not gold or acceptable"),
    (re.compile(r"^lost: .*instead of"), "fact lost: wrong entity"),
    (re.compile(r"^lost: .*already satisfies another"), "fact lost: counted for another"),
    (re.compile(r"^lost: "), "fact lost"),
    (re.compile(r"^wrong provenance\b"), "wrong provenance"),
    (re.compile(r"^not recalled\b"), "decision not recalled"),
    (re.compile(r"^not probed\b"), "decision not probed"),
)
_SPECIFICS: Final = re.compile(
    r"\[[^\]]*\]"  # bracketed lists of slugs or keywords
    r"|'[^']*'|\"[^\"]*\""  # quoted values
    r"|\S+/\S+"  # slugs and paths
    r"|\d+(?:\.\d+)?"  # numbers
)
_MAX_KIND: Final = 48


def _generic(reason: str) -> str:
    """The reason's wording with specifics removed, up to its first ``;``, clipped."""
    head = reason.split(";", 1)[0]
    text = " ".join(_SPECIFICS.sub(" ", head).split())
    text = re.sub(r"\s+([,:)])", r"\1", text).replace("( ", "(").replace("()", "")
    text = text.strip(" :,")
    if len(text) > _MAX_KIND:
        text = text[: _MAX_KIND - 1].rstrip() + "…"
    return text or "failed"


def failure_kind(item: FailedItem) -> str:
    """A short, stable name for why ``item`` failed (see the module docstring)."""
    reason = item.reason.strip()
    metric = getattr(item, "metric", None)  # set by scorers that name it
    head, sep, rest = reason.partition(": ")
    if sep and head in _METRICS:
        metric, reason = head, rest.strip()
    for pattern, name in _KNOWN:
        if pattern.search(reason):
            return name
    if isinstance(metric, str) and metric:
        return metric
    return _generic(reason)


@dataclass(frozen=True)
class CellFailures:
    """The failed items of one (harness, suite) cell and their counts by kind."""

    harness: str
    suite: str
    items: tuple[FailedItem, ...]
    #: (kind, count), most frequent first, then by name.
    kinds: tuple[tuple[str, int], ...]

    @property
    def key(self) -> str:
        """``harness/suite``, the cell key of baselines and the ledger."""
        return f"{self.harness}/{self.suite}"


def summarise_kinds(items: Iterable[FailedItem]) -> tuple[tuple[str, int], ...]:
    """Counts by failure kind, most frequent first, ties by kind name."""
    counts = Counter(failure_kind(item) for item in items)
    return tuple(sorted(counts.items(), key=lambda pair: (-pair[1], pair[0])))


def group_failures(
    items: Iterable[FailedItem], cell_order: Sequence[tuple[str, str]] = ()
) -> list[CellFailures]:
    """Failed items grouped per cell: ``cell_order`` first, then any other cell, sorted."""
    grouped: dict[tuple[str, str], list[FailedItem]] = {}
    for item in items:
        grouped.setdefault((item.harness, item.suite), []).append(item)
    keys = [key for key in dict.fromkeys(cell_order) if key in grouped]
    keys += sorted(set(grouped) - set(keys))
    return [
        CellFailures(h, s, tuple(grouped[(h, s)]), summarise_kinds(grouped[(h, s)]))
        for h, s in keys
    ]
