"""Row-level differences between main's baseline and this run's canonical baseline.

Shared by ``compare`` (which gates on the adverse rows) and ``ratchet`` (which reports the
improvement rows). Every value compared here is already rounded to 4 decimals, so an
adverse move is exactly a change visible in the committed file.
"""

from __future__ import annotations

from bb_schema import Baseline, BaselineConfig, BaselineItems

from bb_gate.baseline import round_metric
from bb_gate.metrics import ZERO_GATED_METRICS, is_adverse, is_gated, is_improvement, is_zero_gated
from bb_gate.verdict import VerdictRow

CONFIG_CELL = "config"


def invariant_rows(current: Baseline) -> list[VerdictRow]:
    """Every zero-gated metric that is not exactly zero, in any cell of this run."""
    rows = []
    for key in sorted(current.cells):
        metrics = current.cells[key]
        for metric in ZERO_GATED_METRICS:
            value = metrics.get(metric)
            if value is not None and value != 0:
                rows.append(
                    VerdictRow(
                        cell=key,
                        metric=metric,
                        main=None,
                        current=value,
                        detail="zero-gated invariant: must be 0 in every run, whatever a "
                        "baseline says",
                        kind="invariant",
                    )
                )
    return rows


def _set_text(values: list[str]) -> str:
    return ", ".join(sorted(set(values))) or "(none)"


def config_rows(main: BaselineConfig, current: BaselineConfig) -> list[VerdictRow]:
    """Configuration fields on which the two runs differ (any row makes a compare moot)."""
    rows = []
    for name in ("include_holdout", "llm"):
        before, after = getattr(main, name), getattr(current, name)
        if before != after:
            rows.append(
                VerdictRow(
                    cell=CONFIG_CELL,
                    metric=name,
                    main=before,
                    current=after,
                    detail="run configuration differs: numbers are not comparable",
                    kind="config",
                )
            )
    for name, singular in (("harnesses", "harness"), ("suites", "suite")):
        before_set, after_set = set(getattr(main, name)), set(getattr(current, name))
        if before_set != after_set:
            rows.append(
                VerdictRow(
                    cell=CONFIG_CELL,
                    metric=name,
                    main=_set_text(sorted(before_set)),
                    current=_set_text(sorted(after_set)),
                    detail=f"{singular} set differs: numbers are not comparable",
                    kind="config",
                )
            )
    return rows


def _count_rows(
    key: str, main: Baseline, current: Baseline, *, same_hash: bool
) -> list[VerdictRow]:
    rows = []
    before, after = main.counts[key], current.counts[key]
    if after.gold_total != before.gold_total:
        if same_hash:
            rows.append(
                VerdictRow(
                    cell=key,
                    metric="gold_total",
                    main=before.gold_total,
                    current=after.gold_total,
                    detail="gold_total moved under an unchanged corpus",
                    kind="coverage",
                )
            )
        elif after.gold_total < before.gold_total:
            rows.append(
                VerdictRow(
                    cell=key,
                    metric="gold_total",
                    main=before.gold_total,
                    current=after.gold_total,
                    detail="gold coverage shrank",
                    kind="coverage",
                )
            )
    if after.gold_failed > before.gold_failed:
        rows.append(
            VerdictRow(
                cell=key,
                metric="gold_failed",
                main=before.gold_failed,
                current=after.gold_failed,
                detail=f"{after.gold_failed - before.gold_failed} more failed gold item(s)",
                kind="regression",
            )
        )
    elif after.gold_failed < before.gold_failed:
        rows.append(
            VerdictRow(
                cell=key,
                metric="gold_failed",
                main=before.gold_failed,
                current=after.gold_failed,
                detail=f"{before.gold_failed - after.gold_failed} fewer failed gold item(s)",
                kind="improvement",
            )
        )
    return rows


def _metric_rows(key: str, main: Baseline, current: Baseline) -> list[VerdictRow]:
    rows = []
    now = current.cells.get(key, {})
    for metric, raw in sorted(main.cells[key].items()):
        if not is_gated(metric):
            continue
        before = round_metric(raw, where=f"main metric {metric!r} of cell {key!r}")
        if metric not in now:
            rows.append(
                VerdictRow(
                    cell=key,
                    metric=metric,
                    main=before,
                    current=None,
                    detail="gated metric missing from this run",
                    kind="regression",
                )
            )
            continue
        after = round_metric(now[metric], where=f"metric {metric!r} of cell {key!r}")
        # A zero-gated breach is already an invariant row; do not report it twice.
        if is_adverse(metric, before, after) and not is_zero_gated(metric):
            rows.append(
                VerdictRow(
                    cell=key,
                    metric=metric,
                    main=before,
                    current=after,
                    detail="adverse move",
                    kind="regression",
                )
            )
        elif is_improvement(metric, before, after):
            rows.append(
                VerdictRow(
                    cell=key,
                    metric=metric,
                    main=before,
                    current=after,
                    detail="improvement",
                    kind="improvement",
                )
            )
    return rows


def diff_rows(main: Baseline, current: Baseline, *, same_hash: bool) -> list[VerdictRow]:
    """Adverse, coverage and improvement rows of ``current`` against ``main``, cell by cell.

    Under an unchanged corpus (``same_hash``) gold_total may not move at all; under a changed
    corpus only a shrinking gold_total (or a removed cell) is a coverage loss.
    """
    rows: list[VerdictRow] = []
    for key in sorted(main.cells):
        if key not in current.cells:
            rows.append(
                VerdictRow(
                    cell=key,
                    metric="(cell)",
                    main=main.counts[key].gold_total if key in main.counts else None,
                    current=None,
                    detail="cell missing from this run" if same_hash else "cell removed",
                    kind="coverage",
                )
            )
            continue
        if key in main.counts:
            rows.extend(_count_rows(key, main, current, same_hash=same_hash))
        rows.extend(_metric_rows(key, main, current))
    return rows


def item_rows(
    main: BaselineItems, current: BaselineItems, *, corpus_changed: bool
) -> tuple[list[VerdictRow], list[str]]:
    """Items that fail now and did not in main (regressions), and the reverse (improvements).

    Returns the rows and the cells that could not be compared item by item (either side
    counts failures without listing them). A cell missing from this run is a coverage row of
    :func:`diff_rows`, not an item row. Whatever the counts, any newly failing item is a row:
    a change that fixes one item and breaks another shows both ids.
    """
    rows: list[VerdictRow] = []
    uncomparable: list[str] = []
    for key in sorted(main.cells):
        if key not in current.cells:
            continue
        before, after = main.cells[key], current.cells[key]
        if before is None or after is None:
            uncomparable.append(key)
            continue
        was, now = set(before), set(after)
        for item in sorted(now - was):
            rows.append(
                VerdictRow(
                    cell=key,
                    metric="(item)",
                    item=item,
                    main=None if corpus_changed else "pass",
                    current="fail",
                    detail="fails now, not in the baseline (or new to the corpus)"
                    if corpus_changed
                    else "passed in the baseline, fails now",
                    kind="regression",
                )
            )
        for item in sorted(was - now):
            rows.append(
                VerdictRow(
                    cell=key,
                    metric="(item)",
                    item=item,
                    main="fail",
                    current=None if corpus_changed else "pass",
                    detail="no longer fails (or left the corpus)"
                    if corpus_changed
                    else "failed in the baseline, passes now",
                    kind="improvement",
                )
            )
    return rows, uncomparable
