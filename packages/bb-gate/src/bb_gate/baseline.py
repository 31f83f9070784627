"""The canonical baseline: a diff-stable projection of a Result, and its one serializer.

The committed baseline is what a reviewer reads in a PR diff, so every byte must be a real
delta: metrics rounded to 4 decimals, keys sorted at every level, receipts (timestamps,
shas, latencies) excluded, and the run configuration bound in so numbers produced under a
different configuration can never be compared as if they were the same.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from bb_schema import BASELINE_SCHEMA_VERSION, Baseline, BaselineConfig, CellCounts, Result

from bb_gate._errors import GateUserError
from bb_gate._jsonio import canonical_json_bytes, parse_json_text, read_text, validate_document

#: Decimal places kept at the baseline boundary (and used for every gate comparison).
DECIMALS = 4


def round_metric(value: float, *, where: str = "metric") -> float:
    """Round ``value`` to 4 decimals for the baseline boundary.

    Python's ``round`` rounds the exact binary value of the float half-to-even, so e.g.
    ``0.00005`` (stored a hair above) goes up while an exactly representable tie goes to the
    even digit. That is platform-independent, which is all diff-stability needs. ``-0.0`` is
    normalised to ``0.0`` so a sign bit can never show up as a diff.

    Raises:
        GateUserError: ``value`` is NaN or infinite (``where`` names it).
    """
    number = float(value)
    if not math.isfinite(number):
        raise GateUserError(
            f"{where} is {number!r}; a baseline holds finite numbers only, fix the scorer output"
        )
    return round(number, DECIMALS) + 0.0


def cell_key(harness: str, suite: str) -> str:
    """The baseline key of one (harness x suite) cell."""
    return f"{harness}/{suite}"


def split_cell_key(key: str) -> tuple[str, str]:
    """Split ``harness/suite``; suites never contain ``/``, harness names might."""
    harness, _, suite = key.rpartition("/")
    return harness, suite


def baseline_from_result(result: Result, *, justification: str | None = None) -> Baseline:
    """Project a run onto its canonical baseline (what ``--update-baseline`` commits).

    Harness and suite sets come from ``result._meta.harnesses`` / ``_meta.suites`` when the
    runner recorded them (so a configured-but-empty cell set still binds the config), else
    from the cells. Both are de-duplicated and sorted.

    Raises:
        GateUserError: two cells share a ``harness/suite`` key, or a metric is not finite.
    """
    cells: dict[str, dict[str, float]] = {}
    counts: dict[str, CellCounts] = {}
    for cell in result.cells:
        key = cell_key(cell.harness, cell.suite)
        if key in cells:
            raise GateUserError(
                f"result has two cells for {key!r}; each harness/suite pair is scored once"
            )
        cells[key] = {
            name: round_metric(value, where=f"metric {name!r} of cell {key!r}")
            for name, value in sorted(cell.metrics.items())
        }
        counts[key] = CellCounts(gold_total=cell.gold_total, gold_failed=cell.gold_failed)
    harnesses = result.meta.harnesses or [cell.harness for cell in result.cells]
    suites = result.meta.suites or [str(cell.suite) for cell in result.cells]
    config = BaselineConfig(
        include_holdout=result.receipt.include_holdout,
        llm=result.receipt.llm,
        harnesses=sorted(set(harnesses)),
        suites=sorted(set(suites)),
    )
    return Baseline(
        schema_version=BASELINE_SCHEMA_VERSION,
        fixtures_hash=result.receipt.fixtures_hash,
        config=config,
        justification=justification,
        cells=cells,
        counts=counts,
    )


def baseline_to_data(baseline: Baseline) -> dict[str, Any]:
    """The JSON-ready mapping of ``baseline`` (``justification`` omitted when None)."""
    data: dict[str, Any] = {
        "schema_version": baseline.schema_version,
        "fixtures_hash": baseline.fixtures_hash,
        "config": {
            "include_holdout": baseline.config.include_holdout,
            "llm": baseline.config.llm,
            "harnesses": list(baseline.config.harnesses),
            "suites": list(baseline.config.suites),
        },
        "cells": {
            key: {name: float(value) for name, value in metrics.items()}
            for key, metrics in baseline.cells.items()
        },
        "counts": {
            key: {"gold_total": c.gold_total, "gold_failed": c.gold_failed}
            for key, c in baseline.counts.items()
        },
    }
    if baseline.justification is not None:
        data["justification"] = baseline.justification
    return data


def dump_baseline(baseline: Baseline) -> bytes:
    """THE baseline serializer: sorted keys, 2-space indent, trailing newline, no NaN.

    Every comparison of "does this file match the run" compares these bytes, so there is
    exactly one way to write a baseline.
    """
    return canonical_json_bytes(baseline_to_data(baseline))


def _check_cell_keys(baseline: Baseline, source: str) -> None:
    if set(baseline.cells) != set(baseline.counts):
        only_cells = sorted(set(baseline.cells) - set(baseline.counts))
        only_counts = sorted(set(baseline.counts) - set(baseline.cells))
        raise GateUserError(
            f"{source}: 'cells' and 'counts' must name the same cells; only in cells: "
            f"{only_cells!r}, only in counts: {only_counts!r}; regenerate the baseline"
        )
    for key in baseline.cells:
        harness, suite = split_cell_key(key)
        if not harness or not suite:
            raise GateUserError(f"{source}: cell key {key!r} is not of the form 'harness/suite'")


def parse_baseline(text: str, *, source: str) -> Baseline:
    """Parse and validate baseline JSON text; ``source`` names it in error messages."""
    data = parse_json_text(text, source=source)
    baseline = validate_document(Baseline, data, source=source)
    _check_cell_keys(baseline, source)
    return baseline


def load_baseline(path: Path) -> Baseline:
    """Load a committed baseline file.

    Raises:
        GateUserError: the file is missing, not JSON (line/column given), or a field is
            invalid (the dotted field path is given).
    """
    return parse_baseline(read_text(path, what="baseline"), source=f"baseline {str(path)!r}")


def parse_result(text: str, *, source: str) -> Result:
    """Parse and validate Result JSON text; ``source`` names it in error messages."""
    return validate_document(Result, parse_json_text(text, source=source), source=source)


def load_result(path: Path) -> Result:
    """Load a run Result file (``brainbench run --json --out FILE``).

    Raises:
        GateUserError: the file is missing, not JSON (line/column given), or a field is
            invalid (the dotted field path is given).
    """
    return parse_result(read_text(path, what="result"), source=f"result {str(path)!r}")
