"""The local run ledger: one JSONL record per run, for per-cell trends over time.

Each record keeps the receipt (who ran what, when, on which corpus) and each cell's gold
counts and rounded metrics, so ``brainbench history`` can show how a cell moved between
baselines without keeping whole Results around.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from bb_schema import Receipt, Result
from pydantic import BaseModel, ConfigDict

from bb_gate._errors import GateRuntimeError
from bb_gate._jsonio import parse_json_text, read_text, validate_document
from bb_gate.baseline import baseline_from_result

LEDGER_SCHEMA_VERSION: Literal[1] = 1


class LedgerCell(BaseModel):
    """One cell of one run: gold counts and 4-decimal metrics."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold_total: int
    gold_failed: int
    metrics: dict[str, float]


class LedgerRecord(BaseModel):
    """One run in the ledger."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ledger_schema_version: Literal[1] = LEDGER_SCHEMA_VERSION
    receipt: Receipt
    seed_failures: int
    cells: dict[str, LedgerCell]


class TrendPoint(BaseModel):
    """One cell's numbers in one run, tagged with the run it came from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ts: str
    harness_sha: str
    fixtures_hash: str
    gold_total: int
    gold_failed: int
    metrics: dict[str, float]


def record_from_result(result: Result) -> LedgerRecord:
    """Project a Result onto its ledger record (metrics rounded as in the baseline)."""
    baseline = baseline_from_result(result)
    cells = {
        key: LedgerCell(
            gold_total=baseline.counts[key].gold_total,
            gold_failed=baseline.counts[key].gold_failed,
            metrics=metrics,
        )
        for key, metrics in baseline.cells.items()
    }
    return LedgerRecord(
        receipt=result.receipt, seed_failures=len(result.seed_failures), cells=cells
    )


def _record_line(record: LedgerRecord) -> bytes:
    data = record.model_dump(mode="json")
    text = json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return (text + "\n").encode("utf-8")


def append_run(ledger_path: Path, result: Result) -> LedgerRecord:
    """Append one record for ``result`` to the JSONL ledger and return it.

    The line goes out in a single ``write`` on an ``O_APPEND`` descriptor, then flush and
    fsync: concurrent appenders do not interleave within a line on a local filesystem, and a
    crash loses at most the record being written.

    Raises:
        GateRuntimeError: the ledger cannot be created or written.
    """
    record = record_from_result(result)
    line = _record_line(record)
    try:
        ledger_path.parent.mkdir(parents=True, exist_ok=True)
        with ledger_path.open("ab") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise GateRuntimeError(
            f"cannot append to run ledger {str(ledger_path)!r}: {exc.strerror}; check that its "
            "directory is writable"
        ) from None
    return record


def read_ledger(path: Path) -> list[LedgerRecord]:
    """Read every record of a ledger, in append order; a missing ledger reads as empty.

    Raises:
        GateUserError: a line is not a valid record (its line number is named; delete or
            repair that line).
    """
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(read_text(path, what="ledger").splitlines(), start=1):
        if not line.strip():
            continue
        source = f"ledger {str(path)!r} line {number}"
        records.append(
            validate_document(LedgerRecord, parse_json_text(line, source=source), source=source)
        )
    return records


def cell_trends(records: list[LedgerRecord]) -> dict[str, list[TrendPoint]]:
    """Each cell's points across ``records`` (ledger order), keyed by sorted cell key."""
    trends: dict[str, list[TrendPoint]] = {}
    for record in records:
        for key, cell in record.cells.items():
            trends.setdefault(key, []).append(
                TrendPoint(
                    ts=record.receipt.ts,
                    harness_sha=record.receipt.harness_sha,
                    fixtures_hash=record.receipt.fixtures_hash,
                    gold_total=cell.gold_total,
                    gold_failed=cell.gold_failed,
                    metrics=cell.metrics,
                )
            )
    return {key: trends[key] for key in sorted(trends)}
