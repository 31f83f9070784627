"""What the report takes besides the Result: a comparison with a baseline, a history.

bb_score may not import the gate, so these are its own small types. The comparison is filled
by the caller from the gate's verdict (bb_cli does it); a history point is anything with the
fields of a run-ledger trend point, so the gate's ``TrendPoint`` fits as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["CellHistory", "Comparison", "ItemChange", "MetricChange", "TrendPointLike"]


@dataclass(frozen=True)
class ItemChange:
    """A gold item that flipped between the baseline and this run."""

    #: ``harness/suite``.
    cell: str
    fixture_id: str
    item: str
    detail: str = ""


@dataclass(frozen=True)
class MetricChange:
    """One row of the gate's verdict: a metric (or count) of a cell that moved, and how."""

    cell: str
    metric: str
    main: str
    current: str
    detail: str
    #: The verdict row kind: regression, invariant, coverage, config, baseline, improvement...
    kind: str
    waived: bool = False


@dataclass(frozen=True)
class Comparison:
    """This run against a baseline, as the gate judged it."""

    #: What the run was compared with (a path, or "main" with a commit).
    baseline: str
    status: str
    mode: str
    exit_code: int
    messages: Sequence[str] = ()
    newly_failed: Sequence[ItemChange] = ()
    newly_passing: Sequence[ItemChange] = ()
    #: Blocking and adverse rows (everything but improvements), in the gate's order.
    moves: Sequence[MetricChange] = ()
    improvements: Sequence[MetricChange] = ()
    #: False when the baseline lists no failed items, so only counts could be compared.
    items_compared: bool = True
    notes: Sequence[str] = field(default_factory=tuple)


class TrendPointLike(Protocol):
    """One cell's numbers in one recorded run (the run ledger's trend point)."""

    @property
    def ts(self) -> str: ...
    @property
    def harness_sha(self) -> str: ...
    @property
    def fixtures_hash(self) -> str: ...
    @property
    def gold_total(self) -> int: ...
    @property
    def gold_failed(self) -> int: ...
    @property
    def metrics(self) -> Mapping[str, float]: ...


#: ``harness/suite`` -> that cell's points, oldest first.
CellHistory = Mapping[str, Sequence[TrendPointLike]]
