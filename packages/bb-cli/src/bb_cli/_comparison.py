"""The report's comparison view, from the gate: a Result against a baseline file.

The gate judges (:func:`bb_gate.compare` for the verdict, :func:`bb_gate.ratchet` for the
improvements); this module only turns its rows into the report's
:class:`bb_score.report.Comparison`. Item flips come from the gate's item rows when its verdict
carries them (rows naming an ``item``), else, when the baseline file is itself a Result, from
the two runs' failed item ids per cell (``<fixture_id>#<item>``, the gate's item id); a bare
baseline without item lists can only be compared by counts, and the view says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from bb_gate import (
    GateError,
    Verdict,
    VerdictRow,
    baseline_from_result,
    compare,
    load_baseline,
    load_result,
    ratchet,
)
from bb_schema import Baseline, FailedItem, Result
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


def load_reference(path: Path) -> tuple[Baseline, Result | None]:
    """A baseline file, or a Result file (then also its baseline), for ``--baseline``.

    Raises:
        GateUserError: the file is missing, not JSON, or neither document (file and field named).
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None  # the baseline loader names the problem (file, line and column)
    if isinstance(data, dict) and "receipt" in data:
        reference = load_result(path)
        return baseline_from_result(reference), reference
    return load_baseline(path), None


def _ids(items: list[FailedItem]) -> dict[str, set[tuple[str, str]]]:
    by_cell: dict[str, set[tuple[str, str]]] = {}
    for item in items:
        by_cell.setdefault(f"{item.harness}/{item.suite}", set()).add((item.fixture_id, item.item))
    return by_cell


def _split_id(item_id: str) -> tuple[str, str]:
    fixture, _, item = item_id.partition("#")
    return fixture, item


def _item_rows(verdict: Verdict) -> tuple[list[ItemChange], list[ItemChange]] | None:
    """Flips from the gate's own item rows, when its verdict names items."""
    rows = [(row, getattr(row, "item", None)) for row in verdict.rows]
    named = [(row, item) for row, item in rows if isinstance(item, str)]
    if not named:
        return None
    failed = [ItemChange(row.cell, *_split_id(item), row.detail) for row, item in named
              if row.kind != "improvement"]  # fmt: skip
    passing = [ItemChange(row.cell, *_split_id(item), row.detail) for row, item in named
               if row.kind == "improvement"]  # fmt: skip
    return failed, passing


def _result_flips(result: Result, reference: Result) -> tuple[list[ItemChange], list[ItemChange]]:
    """Items failed now but not in the reference run, and the reverse, in cells both have."""
    now, before = _ids(result.meta.failed_items), _ids(reference.meta.failed_items)
    shared = {f"{c.harness}/{c.suite}" for c in result.cells} & {
        f"{c.harness}/{c.suite}" for c in reference.cells
    }
    failed, passing = [], []
    for cell in sorted(shared):
        new, old = now.get(cell, set()), before.get(cell, set())
        failed += [ItemChange(cell, f, i, "failed here, passed in the baseline run")
                   for f, i in sorted(new - old)]  # fmt: skip
        passing += [ItemChange(cell, f, i) for f, i in sorted(old - new)]
    return failed, passing


def comparison_for(result: Result, path: Path) -> Comparison:
    """Gate ``result`` against the baseline (or Result) file at ``path``, for the report.

    Raises:
        GateUserError: the file cannot be read as a baseline or Result.
    """
    baseline, reference = load_reference(path)
    verdict = compare(result, baseline, None, ci=False)
    try:
        improvements = [_change(row) for row in ratchet(result, baseline).improvements]
    except GateError:
        improvements = []
    notes: list[str] = []
    flips = _item_rows(verdict)
    if flips is None and reference is not None:
        flips = _result_flips(result, reference)
        notes.append("Item flips: this run's failed items against the baseline run's, per cell.")
    items_compared = flips is not None
    if flips is None:
        notes.append(
            "This baseline lists no failed items: items cannot be compared, only counts and "
            "metrics. Pass a Result file as --baseline to see which items flipped."
        )
        flips = ([], [])
    return Comparison(
        baseline=str(path),
        status=verdict.status,
        mode=verdict.mode,
        exit_code=verdict.exit_code,
        messages=tuple(verdict.messages),
        newly_failed=tuple(flips[0]),
        newly_passing=tuple(flips[1]),
        moves=tuple(_change(row) for row in verdict.rows if row.kind != "improvement"),
        improvements=tuple(improvements),
        items_compared=items_compared,
        notes=tuple(notes),
    )
