"""Exported schemas are current; the published v1 documents and schemas interoperate with ours."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_schema import jsonschema_export
from bb_schema.baseline import Baseline, BaselineConfig, BaselineItems, CellCounts
from bb_schema.fixture import Fixture
from bb_schema.gold import Gold
from bb_schema.io import dump_json, parse_json, to_jsonable
from bb_schema.result import (
    ConfidenceIntervals,
    Meta,
    MetricInterval,
    Receipt,
    Result,
    ScoreCell,
    ScorerDigest,
    SeedFailure,
    TurnRow,
)
from jsonschema import validators

REPO = Path(__file__).resolve().parents[3]
INTEROP = REPO.parent / "shared" / "interop"
OURS = REPO / "evals" / "brainbench" / "schema"
FIXTURES = sorted((INTEROP / "samples" / "fixtures").glob("*.json"))
GOLDS = sorted((INTEROP / "samples" / "gold").glob("*.json"))


def _schema(path: Path) -> Any:
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def _errors(validator: Any, document: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_committed_schemas_are_current() -> None:
    assert jsonschema_export.stale(OURS) == [], "run `python -m bb_schema.jsonschema_export`"


def test_staleness_is_detected(tmp_path: Path) -> None:
    jsonschema_export.write(tmp_path)
    assert jsonschema_export.stale(tmp_path) == []
    (tmp_path / "gold.schema.json").write_bytes(b"{}\n")
    (tmp_path / "result.schema.json").unlink()
    assert jsonschema_export.stale(tmp_path) == ["gold.schema.json", "result.schema.json"]
    assert jsonschema_export.main(["--check", "--out", str(tmp_path)]) == 1
    assert jsonschema_export.main(["--out", str(tmp_path)]) == 0
    assert jsonschema_export.main(["--check", "--out", str(tmp_path)]) == 0


def test_export_bytes_are_stable() -> None:
    for name, data in jsonschema_export.rendered().items():
        assert data.endswith(b"\n") and not data.endswith(b"\n\n"), name
        parsed = json.loads(data)
        assert data == (json.dumps(parsed, sort_keys=True, indent=2) + "\n").encode(), name
    assert jsonschema_export.rendered() == jsonschema_export.rendered()


def test_the_samples_are_there() -> None:
    assert len(FIXTURES) == 7 and len(GOLDS) == 7


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_sample_fixtures_load_and_validate_both_ways(path: Path) -> None:
    data = path.read_bytes()
    fixture = parse_json(data, Fixture, name=path.name)
    document = json.loads(data)
    for schema in (OURS / "fixture.schema.json", INTEROP / "schema-v1" / "fixture.schema.json"):
        assert _errors(_schema(schema), document) == [], schema
    # What we write back is still a v1 fixture, and the same fixture.
    rewritten = to_jsonable(fixture)
    assert _errors(_schema(INTEROP / "schema-v1" / "fixture.schema.json"), rewritten) == []
    assert parse_json(dump_json(fixture), Fixture) == fixture


@pytest.mark.parametrize("path", GOLDS, ids=lambda p: p.name)
def test_sample_gold_loads_and_validates_both_ways(path: Path) -> None:
    data = path.read_bytes()
    gold = parse_json(data, Gold, name=path.name)
    document = json.loads(data)
    for schema in (OURS / "gold.schema.json", INTEROP / "schema-v1" / "gold.schema.json"):
        assert _errors(_schema(schema), document) == [], schema
    assert _errors(_schema(INTEROP / "schema-v1" / "gold.schema.json"), to_jsonable(gold)) == []


def core_result(*, suite: str = "push", harness: str = "openclaw") -> Result:
    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash="sha256:0f",
        harness_sha="deadbeef",
        ts="2026-03-02T17:00:00Z",
        cmd_args=["run", "--json"],
        seed=1,
        include_holdout=False,
        llm=False,
    )
    cell = ScoreCell.model_validate(
        {
            "suite": suite,
            "harness": harness,
            "seam": "production",
            "gold_total": 3,
            "gold_failed": 1,
            "metrics": {"recall": 0.6667, "false_fire_rate": 0.0},
            "fixtures": ["kta-001-deal-recall"],
        }
    )
    rows = [
        TurnRow.model_validate(
            {
                "fixture_id": "kta-001-deal-recall",
                "turn_id": turn_id,
                "harness": harness,
                "suite": suite,
                "injected_slugs": ["companies/widget-co"] if gold else [],
                "injected_tokens": 12.0,
                "gold": gold,
                "cross_source_slugs": [],
                "latency_ms": 3.25,
            }
        )
        for turn_id, gold in ((1, {"should_retrieve": True}), (2, None))
    ]
    return Result(
        receipt=receipt,
        cells=[cell],
        turn_rows=rows,
        seed_failures=[SeedFailure(fixture_id="x", error="seed page rejected")],
        meta=Meta(metric_glossary={"recall": "share of gold pages injected"}),
    )


def core_baseline(justification: str | None = None) -> Baseline:
    return Baseline(
        schema_version=1,
        fixtures_hash="sha256:0f",
        config=BaselineConfig(
            include_holdout=False, llm=False, harnesses=["openclaw"], suites=["push"]
        ),
        justification=justification,
        cells={"openclaw/push": {"recall": 0.6667}},
        counts={"openclaw/push": CellCounts(gold_total=3, gold_failed=1)},
    )


def test_a_core_result_validates_against_v1_and_ours() -> None:
    document = json.loads(dump_json(core_result()))
    assert document["turn_rows"][1]["gold"] is None
    assert _errors(_schema(INTEROP / "schema-v1" / "result.schema.json"), document) == []
    assert _errors(_schema(OURS / "result.schema.json"), document) == []


def test_an_empty_meta_still_validates_against_v1() -> None:
    bare = core_result().model_copy(update={"meta": Meta()})
    document = json.loads(dump_json(bare))
    assert document["_meta"]["metric_glossary"] == {}
    assert _errors(_schema(INTEROP / "schema-v1" / "result.schema.json"), document) == []


def test_confidence_intervals_validate_against_v1_and_ours() -> None:
    interval = MetricInterval(estimate=0.75, low=0.5, high=1.0, values=[1.0, 0.5, 0.75])
    intervals = ConfidenceIntervals(
        runs=3,
        suites=["write-back"],
        seed=0,
        resamples=2000,
        confidence=0.95,
        cells={"openclaw/write-back": {"write_back_fidelity": interval}},
    )
    result = core_result()
    repeated = result.model_copy(
        update={"meta": result.meta.model_copy(update={"confidence_intervals": intervals})}
    )
    document = json.loads(dump_json(repeated))
    cell = document["_meta"]["confidence_intervals"]["cells"]["openclaw/write-back"]
    assert cell["write_back_fidelity"]["values"] == [1.0, 0.5, 0.75]
    assert _errors(_schema(INTEROP / "schema-v1" / "result.schema.json"), document) == []
    assert _errors(_schema(OURS / "result.schema.json"), document) == []
    assert parse_json(dump_json(repeated), Result) == repeated
    # An unrepeated result carries no key at all, so its bytes are what they were.
    assert "confidence_intervals" not in json.loads(dump_json(result))["_meta"]
    document["_meta"]["confidence_intervals"]["runs"] = 1
    assert _errors(_schema(OURS / "result.schema.json"), document) != []


def test_the_scorer_digest_validates_against_v1_and_ours() -> None:
    result = core_result()
    scored = result.model_copy(
        update={
            "meta": result.meta.model_copy(
                update={"scorer": ScorerDigest(version="0.1.0", digest="sha256:ab")}
            )
        }
    )
    document = json.loads(dump_json(scored))
    assert document["_meta"]["scorer"] == {"version": "0.1.0", "digest": "sha256:ab"}
    assert _errors(_schema(INTEROP / "schema-v1" / "result.schema.json"), document) == []
    assert _errors(_schema(OURS / "result.schema.json"), document) == []
    assert parse_json(dump_json(scored), Result) == scored
    # A result without one keeps its bytes: no key at all.
    assert "scorer" not in json.loads(dump_json(result))["_meta"]


def test_the_baseline_items_sidecar_validates_against_ours() -> None:
    sidecar = BaselineItems(
        items_schema_version=1,
        fixtures_hash="sha256:0f",
        scorer=ScorerDigest(version="0.1.0", digest="sha256:ab"),
        cells={"openclaw/push": ["kta-001-deal-recall#turn 1 companies/widget-co"], "x/y": None},
    )
    document = json.loads(dump_json(sidecar))
    validator = _schema(OURS / "baseline-items.schema.json")
    assert _errors(validator, document) == []
    assert parse_json(dump_json(sidecar), BaselineItems) == sidecar
    for bad in ({**document, "extra": 1}, {**document, "cells": {"a/b": [1]}}):
        assert _errors(validator, bad) != []


def test_an_inverted_interval_is_rejected() -> None:
    with pytest.raises(ValueError, match="above high"):
        MetricInterval(estimate=0.5, low=0.9, high=0.1, values=[0.5])


def test_additive_suites_are_outside_v1_but_inside_ours() -> None:
    document = json.loads(dump_json(core_result(suite="poisoning")))
    assert _errors(_schema(INTEROP / "schema-v1" / "result.schema.json"), document) != []
    assert _errors(_schema(OURS / "result.schema.json"), document) == []


@pytest.mark.parametrize("justification", [None, "recall dropped: fixture fixed"])
def test_a_core_baseline_validates_against_v1_and_ours(justification: str | None) -> None:
    document = json.loads(dump_json(core_baseline(justification)))
    assert ("justification" in document) is (justification is not None)
    assert _errors(_schema(INTEROP / "schema-v1" / "baseline.schema.json"), document) == []
    assert _errors(_schema(OURS / "baseline.schema.json"), document) == []


def test_a_null_justification_would_break_v1() -> None:
    document = {**json.loads(dump_json(core_baseline())), "justification": None}
    assert _errors(_schema(INTEROP / "schema-v1" / "baseline.schema.json"), document) != []


def test_gold_inside_a_fixture_is_rejected_by_both() -> None:
    document = json.loads(FIXTURES[0].read_bytes())
    document["turns"][0]["gold"] = {"should_retrieve": True}
    for schema in (OURS / "fixture.schema.json", INTEROP / "schema-v1" / "fixture.schema.json"):
        assert _errors(_schema(schema), document) != [], schema
