"""The local run ledger: one JSONL record per run, for per-cell trends over time.

Each record keeps the receipt (who ran what, when, on which corpus), the run configuration,
the scorer digest and each cell's gold counts and rounded metrics, so ``brainbench history``
can show how a cell moved between runs without keeping whole Results around. Two runs are
comparable only on the same corpus (fixtures_hash), configuration and scorer: a change of any
of them is a break in a cell's trend (``TrendPoint.break_reason``), never a move to call
better or worse. Records written before the configuration and scorer were kept
(``ledger_schema_version`` 1) read with the configuration their receipt and cells imply and
an unknown scorer.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from bb_schema import BaselineConfig, Receipt, Result, ScorerDigest
from pydantic import BaseModel, ConfigDict

from bb_gate._errors import GateRuntimeError
from bb_gate._jsonio import parse_json_text, read_text, validate_document
from bb_gate.baseline import baseline_from_result, split_cell_key

LEDGER_SCHEMA_VERSION: Literal[2] = 2


class LedgerCell(BaseModel):
    """One cell of one run: gold counts and 4-decimal metrics."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold_total: int
    gold_failed: int
    metrics: dict[str, float]


class LedgerRecord(BaseModel):
    """One run in the ledger."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ledger_schema_version: Literal[1, 2] = LEDGER_SCHEMA_VERSION
    receipt: Receipt
    seed_failures: int
    cells: dict[str, LedgerCell]
    #: The run configuration as the baseline binds it (absent from version-1 records).
    config: BaselineConfig | None = None
    #: The scoring code (absent from version-1 records and from Results that lack it).
    scorer: ScorerDigest | None = None

    def run_config(self) -> BaselineConfig:
        """The recorded configuration, or the one a version-1 record's receipt and cells imply."""
        if self.config is not None:
            return self.config
        keys = [split_cell_key(key) for key in self.cells]
        return BaselineConfig(
            include_holdout=self.receipt.include_holdout,
            llm=self.receipt.llm,
            harnesses=sorted({harness for harness, _ in keys}),
            suites=sorted({suite for _, suite in keys}),
        )


class TrendPoint(BaseModel):
    """One cell's numbers in one run, tagged with the run it came from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ts: str
    harness_sha: str
    fixtures_hash: str
    gold_total: int
    gold_failed: int
    metrics: dict[str, float]
    #: The scorer digest of the run (None: not recorded).
    scorer: str | None = None
    #: Why this run is not comparable with the cell's previous one (None: it is, or first).
    break_reason: str | None = None


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
        receipt=result.receipt,
        seed_failures=len(result.seed_failures),
        cells=cells,
        config=baseline.config,
        scorer=result.meta.scorer,
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


def _config_changes(before: BaselineConfig, after: BaselineConfig) -> list[str]:
    return [
        name
        for name in ("include_holdout", "llm", "harnesses", "suites")
        if getattr(before, name) != getattr(after, name)
    ]


def break_reason(before: LedgerRecord, after: LedgerRecord) -> str | None:
    """Why two runs are not comparable (corpus, configuration, scorer), or None if they are."""
    reasons = []
    if before.receipt.fixtures_hash != after.receipt.fixtures_hash:
        reasons.append(
            f"corpus changed ({before.receipt.fixtures_hash[:12]} -> "
            f"{after.receipt.fixtures_hash[:12]})"
        )
    changed = _config_changes(before.run_config(), after.run_config())
    if changed:
        reasons.append(f"configuration changed ({', '.join(changed)})")
    if before.scorer != after.scorer:
        if before.scorer is None or after.scorer is None:
            reasons.append("scorer not recorded on one side")
        else:
            reasons.append(
                f"scorer changed ({before.scorer.digest[:19]} -> {after.scorer.digest[:19]})"
            )
    return "; ".join(reasons) or None


def cell_trends(records: list[LedgerRecord]) -> dict[str, list[TrendPoint]]:
    """Each cell's points across ``records`` (ledger order), keyed by sorted cell key.

    Each point carries the break (if any) from the previous run of the same cell.
    """
    trends: dict[str, list[TrendPoint]] = {}
    previous: dict[str, LedgerRecord] = {}
    for record in records:
        for key, cell in record.cells.items():
            before = previous.get(key)
            trends.setdefault(key, []).append(
                TrendPoint(
                    ts=record.receipt.ts,
                    harness_sha=record.receipt.harness_sha,
                    fixtures_hash=record.receipt.fixtures_hash,
                    gold_total=cell.gold_total,
                    gold_failed=cell.gold_failed,
                    metrics=cell.metrics,
                    scorer=None if record.scorer is None else record.scorer.digest,
                    break_reason=None if before is None else break_reason(before, record),
                )
            )
            previous[key] = record
    return {key: trends[key] for key in sorted(trends)}
