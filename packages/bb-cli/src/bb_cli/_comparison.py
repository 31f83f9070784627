"""The report's comparison view, from the gate: a Result against a baseline file.

The gate judges, this module only reshapes: :func:`bb_gate.compare` gives the verdict (its
item rows are the newly failing items, ``<fixture_id>#<item>`` per cell), and
:func:`bb_gate.ratchet` the improvements (its item rows are the newly passing ones). The
reference is a committed baseline with its item sidecar (``main.json`` + ``main.items.json``),
or another Result, whose failed items are its sidecar. A baseline without a sidecar can only
be compared by counts and metrics, and the view says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from bb_gate import (
    BaselineSet,
    GateError,
    VerdictRow,
    baseline_set_from_result,
    compare,
    load_baseline_set,
    load_result,
    ratchet,
)
from bb_schema import Result
from bb_score.report import Comparison, ItemChange, MetricChange

__all__ = ["comparison_for", "load_reference"]


def _scalar(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def _change(row: VerdictRow) -> MetricChange:
    return MetricChange(
        cell=row.cell,
        metric=row.metric,
        main=_scalar(row.main),
        current=_scalar(row.current),
        detail=row.detail,
        kind=row.kind,
        waived=row.waived,
    )


def load_reference(path: Path) -> BaselineSet:
    """A baseline file and its sidecar, or a Result file as its own baseline and sidecar.

    Raises:
        GateUserError: the file is missing, not JSON, or neither document (file and field named).
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None  # the baseline loader names the problem (file, line and column)
    if isinstance(data, dict) and "receipt" in data:
        return baseline_set_from_result(load_result(path))
    return load_baseline_set(path)


def _item(row: VerdictRow) -> ItemChange:
    fixture, _, item = (row.item or "").partition("#")
    return ItemChange(row.cell, fixture, item, row.detail)


def comparison_for(result: Result, path: Path) -> Comparison:
    """Gate ``result`` against the baseline (or Result) file at ``path``, for the report.

    Raises:
        GateUserError: the file cannot be read as a baseline or Result.
    """
    reference = load_reference(path)
    verdict = compare(result, reference, None, ci=False)
    try:
        improved = ratchet(result, reference).improvements
    except GateError:
        improved = []
    notes: list[str] = []
    judged = verdict.status != "inconclusive"
    if not judged:
        notes.append(
            "The gate found the two not comparable as they are (see its messages), so it "
            "lists no item flips or moves."
        )
    elif reference.items is None:
        notes.append(
            "This baseline has no item sidecar: items cannot be compared, only counts and "
            "metrics. Pass a Result file (or a baseline with its .items.json) to see which "
            "items flipped."
        )
    return Comparison(
        baseline=str(path),
        status=verdict.status,
        mode=verdict.mode,
        exit_code=verdict.exit_code,
        messages=tuple(verdict.messages),
        newly_failed=tuple(_item(r) for r in verdict.rows if r.item and r.kind != "improvement"),
        newly_passing=tuple(_item(r) for r in improved if r.item),
        moves=tuple(_change(r) for r in verdict.rows if not r.item and r.kind != "improvement"),
        improvements=tuple(_change(r) for r in improved if not r.item),
        items_compared=judged and reference.items is not None,
        notes=tuple(notes),
    )
