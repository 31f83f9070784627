"""Result and Baseline <-> ``brainbench.v1`` score messages.

``TurnRow.gold`` (any JSON object, or null) travels as compact JSON text with sorted keys:
exact for every JSON value (integers stay integers), and the same object always gives the
same bytes.
"""

from __future__ import annotations

import json
from typing import Any, Final, get_args

from brainbench.v1 import score_pb2 as pb

from bb_schema._convert._common import EnumMap, located, validated
from bb_schema._convert.corpus import SUITE
from bb_schema._convert.memory import stored_fact_from_proto, stored_fact_to_proto
from bb_schema._convert.turn_context import pointer_to_proto, pointers_from_proto
from bb_schema._errors import ConversionError
from bb_schema._names import Seam
from bb_schema.baseline import Baseline, BaselineConfig, CellCounts
from bb_schema.records import Provenance
from bb_schema.result import (
    ConfidenceIntervals,
    DecisionRow,
    FactRow,
    FailedItem,
    Meta,
    Receipt,
    Result,
    ScoreCell,
    ScorerDigest,
    SealedReport,
    SeedFailure,
    TurnEvidence,
    TurnRow,
)

SEAM: Final = EnumMap(pb.Seam, "SEAM_", get_args(Seam))


def _gold_to_json(gold: dict[str, Any] | None, where: str) -> str | None:
    if gold is None:
        return None
    try:
        return json.dumps(gold, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ConversionError(
            f"{where}.gold is not plain JSON ({exc}); keep turn-row gold to JSON values"
        ) from exc


def _gold_from_json(message: pb.TurnRow, path: str) -> dict[str, Any] | None:
    if not message.HasField("gold_json"):
        return None
    try:
        gold = json.loads(message.gold_json)
    except ValueError as exc:
        raise located(f"{path}.gold_json", f"not JSON text ({exc})") from exc
    if not isinstance(gold, dict):
        raise located(f"{path}.gold_json", f"a JSON object is required, got {gold!r}")
    return gold


def _receipt_to_proto(receipt: Receipt) -> pb.Receipt:
    return pb.Receipt(
        result_schema_version=receipt.result_schema_version,
        fixtures_hash=receipt.fixtures_hash,
        harness_sha=receipt.harness_sha,
        ts=receipt.ts,
        cmd_args=receipt.cmd_args,
        seed=receipt.seed,
        include_holdout=receipt.include_holdout,
        llm=receipt.llm,
    )


def _receipt_from_proto(message: pb.Receipt, path: str) -> Receipt:
    data: dict[str, object] = {
        "result_schema_version": message.result_schema_version,
        "fixtures_hash": message.fixtures_hash,
        "harness_sha": message.harness_sha,
        "ts": message.ts,
        "cmd_args": list(message.cmd_args),
        "seed": message.seed,
        "include_holdout": message.include_holdout,
        "llm": message.llm,
    }
    return validated(Receipt, data, path)


def _turn_row_to_proto(row: TurnRow, where: str) -> pb.TurnRow:
    return pb.TurnRow(
        fixture_id=row.fixture_id,
        turn_id=row.turn_id,
        harness=row.harness,
        suite=SUITE.encode(row.suite),
        injected_slugs=row.injected_slugs,
        injected_tokens=row.injected_tokens,
        gold_json=_gold_to_json(row.gold, where),
        cross_source_slugs=row.cross_source_slugs,
        latency_ms=row.latency_ms,
    )


def _turn_row_from_proto(message: pb.TurnRow, path: str) -> TurnRow:
    data: dict[str, object] = {
        "fixture_id": message.fixture_id,
        "turn_id": message.turn_id,
        "harness": message.harness,
        "suite": SUITE.decode(message.suite, f"{path}.suite"),
        "injected_slugs": list(message.injected_slugs),
        "injected_tokens": message.injected_tokens,
        "gold": _gold_from_json(message, path),
        "cross_source_slugs": list(message.cross_source_slugs),
        "latency_ms": message.latency_ms,
    }
    return validated(TurnRow, data, path)


def _cell_to_proto(cell: ScoreCell) -> pb.ScoreCell:
    return pb.ScoreCell(
        suite=SUITE.encode(cell.suite),
        harness=cell.harness,
        seam=SEAM.encode(cell.seam),
        gold_total=cell.gold_total,
        gold_failed=cell.gold_failed,
        metrics=cell.metrics,
        fixtures=cell.fixtures,
    )


def _cell_from_proto(message: pb.ScoreCell, path: str) -> ScoreCell:
    data: dict[str, object] = {
        "suite": SUITE.decode(message.suite, f"{path}.suite"),
        "harness": message.harness,
        "seam": SEAM.decode(message.seam, f"{path}.seam"),
        "gold_total": message.gold_total,
        "gold_failed": message.gold_failed,
        "metrics": dict(message.metrics),
        "fixtures": list(message.fixtures),
    }
    return validated(ScoreCell, data, path)


def _intervals_to_proto(intervals: ConfidenceIntervals) -> pb.ConfidenceIntervals:
    return pb.ConfidenceIntervals(
        runs=intervals.runs,
        suites=[SUITE.encode(suite) for suite in intervals.suites],
        seed=intervals.seed,
        resamples=intervals.resamples,
        confidence=intervals.confidence,
        cells={
            key: pb.MetricIntervals(
                metrics={
                    name: pb.MetricInterval(
                        estimate=interval.estimate,
                        low=interval.low,
                        high=interval.high,
                        values=interval.values,
                    )
                    for name, interval in metrics.items()
                }
            )
            for key, metrics in intervals.cells.items()
        },
    )


def _intervals_from_proto(message: pb.ConfidenceIntervals, path: str) -> ConfidenceIntervals:
    data: dict[str, object] = {
        "runs": message.runs,
        "suites": [
            SUITE.decode(suite, f"{path}.suites[{i}]") for i, suite in enumerate(message.suites)
        ],
        "seed": message.seed,
        "resamples": message.resamples,
        "confidence": message.confidence,
        "cells": {
            key: {
                name: {
                    "estimate": interval.estimate,
                    "low": interval.low,
                    "high": interval.high,
                    "values": list(interval.values),
                }
                for name, interval in metrics.metrics.items()
            }
            for key, metrics in message.cells.items()
        },
    }
    return validated(ConfidenceIntervals, data, path)


def _failed_item_to_proto(item: FailedItem) -> pb.FailedItem:
    return pb.FailedItem(
        harness=item.harness,
        suite=SUITE.encode(item.suite),
        fixture_id=item.fixture_id,
        item=item.item,
        reason=item.reason,
        metric=item.metric,
    )


def _provenance_to_proto(provenance: Provenance) -> pb.Provenance:
    return pb.Provenance(
        source=provenance.source,
        source_session=provenance.source_session,
        source_markdown_slug=provenance.source_markdown_slug,
    )


def _provenance_from_proto(message: pb.Provenance, path: str) -> Provenance:
    data: dict[str, object] = {
        "source": message.source,
        "source_session": message.source_session,
        "source_markdown_slug": message.source_markdown_slug,
    }
    return validated(Provenance, data, path)


def _fact_row_to_proto(row: FactRow) -> pb.FactRow:
    return pb.FactRow(
        fixture_id=row.fixture_id,
        harnesses=row.harnesses,
        item=row.item,
        fact_index=row.fact_index,
        turn_ids=row.turn_ids,
        entity_slug=row.entity_slug,
        match_keywords=row.match_keywords,
        extractor=row.extractor,
        expected=_provenance_to_proto(row.expected),
        matched=None if row.matched is None else stored_fact_to_proto(row.matched),
        times_stored=row.times_stored,
        passed=row.passed,
        reason=row.reason,
    )


def _fact_row_from_proto(message: pb.FactRow, path: str) -> FactRow:
    data: dict[str, object] = {
        "fixture_id": message.fixture_id,
        "harnesses": list(message.harnesses),
        "item": message.item,
        "fact_index": message.fact_index,
        "turn_ids": list(message.turn_ids),
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
        "match_keywords": list(message.match_keywords),
        "extractor": message.extractor,
        "expected": _provenance_from_proto(message.expected, f"{path}.expected"),
        "matched": (
            stored_fact_from_proto(message.matched, f"{path}.matched")
            if message.HasField("matched")
            else None
        ),
        "times_stored": message.times_stored,
        "passed": message.passed,
        "reason": message.reason,
    }
    return validated(FactRow, data, path)


def _decision_row_to_proto(row: DecisionRow) -> pb.DecisionRow:
    return pb.DecisionRow(
        harness=row.harness,
        pair_id=row.pair_id,
        reader_fixture_id=row.reader_fixture_id,
        decision_id=row.decision_id,
        expected_slugs=row.expected_slugs,
        match_keywords=row.match_keywords,
        recall_available=row.recall_available,
        pushed_turn=row.pushed_turn,
        pushed_text=row.pushed_text,
        recalled_turn=row.recalled_turn,
        recalled=None if row.recalled is None else stored_fact_to_proto(row.recalled),
        passed=row.passed,
        reason=row.reason,
    )


def _decision_row_from_proto(message: pb.DecisionRow, path: str) -> DecisionRow:
    data: dict[str, object] = {
        "harness": message.harness,
        "pair_id": message.pair_id,
        "reader_fixture_id": message.reader_fixture_id,
        "decision_id": message.decision_id,
        "expected_slugs": list(message.expected_slugs),
        "match_keywords": list(message.match_keywords),
        "recall_available": message.recall_available,
        "pushed_turn": message.pushed_turn if message.HasField("pushed_turn") else None,
        "pushed_text": message.pushed_text if message.HasField("pushed_text") else None,
        "recalled_turn": message.recalled_turn if message.HasField("recalled_turn") else None,
        "recalled": (
            stored_fact_from_proto(message.recalled, f"{path}.recalled")
            if message.HasField("recalled")
            else None
        ),
        "passed": message.passed,
        "reason": message.reason,
    }
    return validated(DecisionRow, data, path)


def _sealed_to_proto(sealed: SealedReport | None) -> pb.SealedReport | None:
    if sealed is None:
        return None
    return pb.SealedReport(
        fixtures_hash=sealed.fixtures_hash,
        cells=[_cell_to_proto(cell) for cell in sealed.cells],
        failed_items=[_failed_item_to_proto(item) for item in sealed.failed_items],
        seed_failures=[
            pb.SeedFailure(fixture_id=failure.fixture_id, error=failure.error)
            for failure in sealed.seed_failures
        ],
    )


def _sealed_from_proto(message: pb.SealedReport, path: str) -> SealedReport:
    data: dict[str, object] = {
        "fixtures_hash": message.fixtures_hash,
        "cells": [
            _cell_from_proto(cell, f"{path}.cells[{i}]") for i, cell in enumerate(message.cells)
        ],
        "failed_items": [
            _failed_item_from_proto(item, f"{path}.failed_items[{i}]")
            for i, item in enumerate(message.failed_items)
        ],
        "seed_failures": [
            validated(
                SeedFailure,
                {"fixture_id": failure.fixture_id, "error": failure.error},
                f"{path}.seed_failures[{i}]",
            )
            for i, failure in enumerate(message.seed_failures)
        ],
    }
    return validated(SealedReport, data, path)


def _turn_evidence_to_proto(item: TurnEvidence) -> pb.TurnEvidence:
    return pb.TurnEvidence(
        fixture_id=item.fixture_id,
        turn_id=item.turn_id,
        harness=item.harness,
        pointers=[pointer_to_proto(p) for p in item.pointers],
        declined=[pointer_to_proto(p) for p in item.declined],
    )


def _turn_evidence_from_proto(message: pb.TurnEvidence, path: str) -> TurnEvidence:
    data: dict[str, object] = {
        "fixture_id": message.fixture_id,
        "turn_id": message.turn_id,
        "harness": message.harness,
        "pointers": pointers_from_proto(list(message.pointers), f"{path}.pointers"),
        "declined": pointers_from_proto(list(message.declined), f"{path}.declined"),
    }
    return validated(TurnEvidence, data, path)


def _meta_to_proto(meta: Meta) -> pb.Meta:
    intervals = meta.confidence_intervals
    return pb.Meta(
        metric_glossary=meta.metric_glossary,
        failed_items=[_failed_item_to_proto(item) for item in meta.failed_items],
        seam_disclosures={
            key: pb.StringList(values=lines) for key, lines in meta.seam_disclosures.items()
        },
        budget_cuts=meta.budget_cuts,
        harnesses=meta.harnesses,
        suites=meta.suites,
        confidence_intervals=None if intervals is None else _intervals_to_proto(intervals),
        sealed=_sealed_to_proto(meta.sealed),
        blind=_sealed_to_proto(meta.blind),
        trust_items=[
            pb.TrustItemRecord(
                suite=SUITE.encode(record.suite),
                fixture_id=record.fixture_id,
                item=record.item,
                kind=record.kind,
                passed=record.passed,
                reason=record.reason,
                observations=record.observations,
            )
            for record in meta.trust_items
        ],
        scorer=_scorer_to_proto(meta.scorer),
        fact_rows=[_fact_row_to_proto(row) for row in meta.fact_rows],
        decision_rows=[_decision_row_to_proto(row) for row in meta.decision_rows],
        turn_evidence=[_turn_evidence_to_proto(item) for item in meta.turn_evidence],
    )


def _scorer_to_proto(scorer: ScorerDigest | None) -> pb.ScorerDigest | None:
    if scorer is None:
        return None
    return pb.ScorerDigest(version=scorer.version, digest=scorer.digest)


def _failed_item_from_proto(message: pb.FailedItem, path: str) -> FailedItem:
    data: dict[str, object] = {
        "harness": message.harness,
        "suite": SUITE.decode(message.suite, f"{path}.suite"),
        "fixture_id": message.fixture_id,
        "item": message.item,
        "reason": message.reason,
        "metric": message.metric if message.HasField("metric") else None,
    }
    return validated(FailedItem, data, path)


def _meta_from_proto(message: pb.Meta, path: str) -> Meta:
    data: dict[str, object] = {
        "metric_glossary": dict(message.metric_glossary),
        "failed_items": [
            _failed_item_from_proto(item, f"{path}.failed_items[{i}]")
            for i, item in enumerate(message.failed_items)
        ],
        "seam_disclosures": {
            key: list(lines.values) for key, lines in message.seam_disclosures.items()
        },
        "budget_cuts": dict(message.budget_cuts),
        "harnesses": list(message.harnesses),
        "suites": list(message.suites),
        "trust_items": [
            {
                "suite": SUITE.decode(record.suite, f"{path}.trust_items[{i}].suite"),
                "fixture_id": record.fixture_id,
                "item": record.item,
                "kind": record.kind,
                "passed": record.passed,
                "reason": record.reason,
                "observations": dict(record.observations),
            }
            for i, record in enumerate(message.trust_items)
        ],
        "fact_rows": [
            _fact_row_from_proto(row, f"{path}.fact_rows[{i}]")
            for i, row in enumerate(message.fact_rows)
        ],
        "decision_rows": [
            _decision_row_from_proto(row, f"{path}.decision_rows[{i}]")
            for i, row in enumerate(message.decision_rows)
        ],
        "turn_evidence": [
            _turn_evidence_from_proto(item, f"{path}.turn_evidence[{i}]")
            for i, item in enumerate(message.turn_evidence)
        ],
    }
    if message.HasField("confidence_intervals"):
        data["confidence_intervals"] = _intervals_from_proto(
            message.confidence_intervals, f"{path}.confidence_intervals"
        )
    if message.HasField("sealed"):
        data["sealed"] = _sealed_from_proto(message.sealed, f"{path}.sealed")
    if message.HasField("blind"):
        data["blind"] = _sealed_from_proto(message.blind, f"{path}.blind")
    if message.HasField("scorer"):
        data["scorer"] = validated(
            ScorerDigest,
            {"version": message.scorer.version, "digest": message.scorer.digest},
            f"{path}.scorer",
        )
    return validated(Meta, data, path)


def result_to_proto(result: Result) -> pb.Result:
    """Encode a run result."""
    return pb.Result(
        receipt=_receipt_to_proto(result.receipt),
        cells=[_cell_to_proto(cell) for cell in result.cells],
        turn_rows=[
            _turn_row_to_proto(row, f"Result.turn_rows[{i}]")
            for i, row in enumerate(result.turn_rows)
        ],
        seed_failures=[
            pb.SeedFailure(fixture_id=failure.fixture_id, error=failure.error)
            for failure in result.seed_failures
        ],
        meta=_meta_to_proto(result.meta),
    )


def result_from_proto(message: pb.Result, path: str) -> Result:
    """Decode a run result; an unset ``meta`` is an empty ``_meta`` block."""
    if not message.HasField("receipt"):
        raise located(f"{path}.receipt", "required field is not set")
    data: dict[str, object] = {
        "receipt": _receipt_from_proto(message.receipt, f"{path}.receipt"),
        "cells": [
            _cell_from_proto(cell, f"{path}.cells[{i}]") for i, cell in enumerate(message.cells)
        ],
        "turn_rows": [
            _turn_row_from_proto(row, f"{path}.turn_rows[{i}]")
            for i, row in enumerate(message.turn_rows)
        ],
        "seed_failures": [
            validated(
                SeedFailure,
                {"fixture_id": failure.fixture_id, "error": failure.error},
                f"{path}.seed_failures[{i}]",
            )
            for i, failure in enumerate(message.seed_failures)
        ],
    }
    if message.HasField("meta"):
        data["meta"] = _meta_from_proto(message.meta, f"{path}.meta")
    return validated(Result, data, path)


def baseline_to_proto(baseline: Baseline) -> pb.Baseline:
    """Encode a committed baseline."""
    config = baseline.config
    return pb.Baseline(
        schema_version=baseline.schema_version,
        fixtures_hash=baseline.fixtures_hash,
        config=pb.BaselineConfig(
            include_holdout=config.include_holdout,
            llm=config.llm,
            harnesses=config.harnesses,
            suites=config.suites,
        ),
        justification=baseline.justification,
        cells={key: pb.MetricMap(metrics=metrics) for key, metrics in baseline.cells.items()},
        counts={
            key: pb.CellCounts(gold_total=counts.gold_total, gold_failed=counts.gold_failed)
            for key, counts in baseline.counts.items()
        },
    )


def baseline_from_proto(message: pb.Baseline, path: str) -> Baseline:
    """Decode a committed baseline."""
    if not message.HasField("config"):
        raise located(f"{path}.config", "required field is not set")
    config = message.config
    data: dict[str, object] = {
        "schema_version": message.schema_version,
        "fixtures_hash": message.fixtures_hash,
        "config": validated(
            BaselineConfig,
            {
                "include_holdout": config.include_holdout,
                "llm": config.llm,
                "harnesses": list(config.harnesses),
                "suites": list(config.suites),
            },
            f"{path}.config",
        ),
        "justification": message.justification if message.HasField("justification") else None,
        "cells": {key: dict(metrics.metrics) for key, metrics in message.cells.items()},
        "counts": {
            key: validated(
                CellCounts,
                {"gold_total": counts.gold_total, "gold_failed": counts.gold_failed},
                f"{path}.counts[{key!r}]",
            )
            for key, counts in message.counts.items()
        },
    }
    return validated(Baseline, data, path)
