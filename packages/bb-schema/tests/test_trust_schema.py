"""Memory-trust fixtures and gold: validation rules, proto round trips, v1 compatibility."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import pytest
from bb_schema import convert
from bb_schema.fixture import Fixture
from bb_schema.gold import Gold
from bb_schema.io import dump_json, to_jsonable
from bb_schema.trust import (
    TRUST_TIERS,
    BenignItem,
    CanonicalFile,
    CeilingItem,
    CliStep,
    ConnectorStep,
    FactRef,
    GitCommitStep,
    GuardedItem,
    McpStep,
    McpTool,
    PageRef,
    PayloadItem,
    PurgeItem,
    RawSqlStep,
    RefusedItem,
    StateItem,
    SyncStep,
    TierItem,
    TrustGold,
    tier_rank,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import validators
from pydantic import BaseModel, ValidationError

REPO = Path(__file__).resolve().parents[3]
OURS = REPO / "evals" / "brainbench" / "schema"

WORD = st.text(min_size=1, max_size=8)
STEP_ID = st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,6}\Z")
TIER = st.sampled_from(TRUST_TIERS)
MARKER = st.from_regex(r"\A[a-z0-9]{6,9}\Z")
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
PAGE = st.builds(PageRef, kind=st.just("page"), slug=WORD)
FACT = st.builds(
    FactRef,
    kind=st.just("fact"),
    match_keywords=st.lists(WORD, min_size=1, max_size=2),
    entity_slug=st.none() | WORD,
)
REF = PAGE | FACT


STEP = st.one_of(
    st.builds(
        GitCommitStep,
        step_id=STEP_ID,
        op=st.just("git_commit"),
        files=st.lists(
            st.builds(
                CanonicalFile, path=st.from_regex(r"\A[a-z]{1,5}/[a-z]{1,5}\.md\Z"), content=WORD
            ),
            min_size=1,
            max_size=2,
        ),
        message=WORD,
        sync=st.booleans(),
    ),
    st.builds(SyncStep, step_id=STEP_ID, op=st.just("sync")),
    st.builds(
        McpStep,
        step_id=STEP_ID,
        op=st.just("mcp"),
        tool=st.sampled_from(get_args(McpTool)),
        arguments=st.dictionaries(st.text(max_size=4), JSON, max_size=3),
        token=st.sampled_from(["agent", "none"]),
        content_origin=st.none() | st.sampled_from(["owner", "user_said", "agent", "tool_output"]),
    ),
    st.builds(
        CliStep,
        step_id=STEP_ID,
        op=st.just("cli"),
        command=st.sampled_from(["remember", "confirm", "forget", "sync"]),
        args=st.lists(st.text(max_size=6), max_size=3),
        tty=st.booleans(),
    ),
    st.builds(
        ConnectorStep,
        step_id=STEP_ID,
        op=st.just("connector"),
        connector=st.just("github-issue"),
        payload=st.dictionaries(st.text(max_size=4), JSON, max_size=3),
    ),
    st.builds(
        RawSqlStep,
        step_id=STEP_ID,
        op=st.just("raw_sql"),
        attempt=st.just("set_trust_tier"),
        target=REF,
        tier=TIER,
    ),
)

TRUST_FIXTURES = st.builds(
    Fixture,
    schema_version=st.just(1),
    fixture_id=st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,10}\Z"),
    suites=st.lists(
        st.sampled_from(["trust", "state-resolution", "deletion", "poisoning"]),
        min_size=1,
        max_size=2,
    ),
    category=st.none() | WORD,
    turns=st.just([{"turn_id": 1, "role": "user", "text": "what do we know about Ada?"}]),
    trust_steps=st.lists(STEP, min_size=1, max_size=4, unique_by=lambda s: s.step_id),
)

TRUST_GOLD = st.builds(
    TrustGold,
    tier_items=st.lists(
        st.builds(
            TierItem,
            item_id=st.just("t"),
            ref=REF,
            tier=TIER,
            query=WORD,
            search_tier=st.none() | TIER,
        ),  # fmt: skip
        max_size=1,
    ),
    ceilings=st.lists(
        st.builds(
            CeilingItem, item_id=st.just("c"), step_id=STEP_ID, marker=MARKER, max_tier=TIER
        ),  # fmt: skip
        max_size=1,
    ),
    refused=st.lists(
        st.builds(RefusedItem, item_id=st.just("r"), step_id=STEP_ID, marker=MARKER), max_size=1
    ),
    state=st.lists(
        st.builds(
            StateItem,
            item_id=st.just("s"),
            ref=FACT,
            query=WORD,
            expect=st.sampled_from(["current", "stale", "history"]),
        ),  # fmt: skip
        max_size=1,
    ),
    guarded=st.lists(
        st.builds(GuardedItem, item_id=st.just("g"), step_id=STEP_ID, ref=FACT, query=WORD),
        max_size=1,
    ),
    purges=st.lists(
        st.builds(PurgeItem, item_id=st.just("p"), step_id=STEP_ID, claim=WORD, query=WORD),
        max_size=1,
    ),
    payloads=st.lists(
        st.builds(
            PayloadItem,
            item_id=st.just("x"),
            arm=st.sampled_from(["external", "agent"]),
            step_id=STEP_ID,
            canary=WORD,
            standing=st.booleans(),
        ),  # fmt: skip
        max_size=1,
    ),
    benign=st.lists(
        st.builds(
            BenignItem,
            item_id=st.just("b"),
            arm=st.sampled_from(["external", "agent"]),
            step_id=STEP_ID,
            canary=WORD,
        ),  # fmt: skip
        max_size=1,
    ),
    session_about=st.lists(WORD, max_size=2),
)
GOLDS = st.builds(
    Gold, fixture_id=st.from_regex(r"\A[a-z]{1,6}\Z"), turns=st.just({}), trust=TRUST_GOLD
)


def _round_trip(codec: convert.Codec[Any, Any], model: BaseModel) -> None:
    wire = codec.to_bytes(model)
    back = codec.from_bytes(wire)
    assert back == model
    assert dump_json(back) == dump_json(model)
    assert codec.to_bytes(back) == wire


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(TRUST_FIXTURES)
def test_trust_fixtures_round_trip_exactly(fixture: Fixture) -> None:
    _round_trip(convert.FIXTURE, fixture)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(GOLDS)
def test_trust_gold_round_trips_exactly(gold: Gold) -> None:
    _round_trip(convert.GOLD, gold)


def _fixture(**extra: Any) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "fixture_id": "trust-x",
        "suites": ["trust"],
        "turns": [{"turn_id": 1, "role": "user", "text": "hello"}],
        "trust_steps": [{"step_id": "s1", "op": "sync"}],
        **extra,
    }


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        ({"suites": ["trust", "push"]}, "memory-trust suites only"),
        ({"seed_pages": [{"slug": "a", "content": "x"}]}, "never touches the seeder"),
        ({"sources": ["other"]}, "one source"),
        ({"trust_steps": []}, "at least 1"),
        (
            {"trust_steps": [{"step_id": "s1", "op": "sync"}, {"step_id": "s1", "op": "sync"}]},
            "duplicate",
        ),
        ({"trust_steps": [{"step_id": "s1", "op": "teleport"}]}, "teleport"),
        (
            {
                "trust_steps": [
                    {
                        "step_id": "s1",
                        "op": "git_commit",
                        "files": [{"path": "../x.md", "content": ""}],
                    }
                ]
            },
            "relative .md path",
        ),
        (
            {"trust_steps": [{"step_id": "s1", "op": "cli", "command": "remember"}]},
            "tty",
        ),
    ],
)
def test_bad_trust_fixtures_say_what_is_wrong(extra: dict[str, Any], needle: str) -> None:
    with pytest.raises(ValidationError, match=needle):
        Fixture.model_validate(_fixture(**extra))


def test_gold_item_ids_are_unique() -> None:
    item = {"item_id": "a", "step_id": "s1", "claim": "c", "query": "q"}
    with pytest.raises(ValidationError, match="used twice"):
        TrustGold.model_validate({"purges": [item, item]})


def test_tiers_are_ordered() -> None:
    assert [tier_rank(t) for t in ("external_untrusted", "agent_written", "owner")] == [0, 1, 3]


def test_a_trust_fixture_leaves_core_documents_alone() -> None:
    core = {k: v for k, v in _fixture().items() if k != "trust_steps"} | {"suites": ["push"]}
    assert "trust_steps" not in to_jsonable(Fixture.model_validate(core))
    gold = Gold.model_validate({"fixture_id": "x", "turns": {}})
    assert "trust" not in to_jsonable(gold)


def test_trust_documents_validate_against_our_exported_schemas() -> None:
    fixture = to_jsonable(Fixture.model_validate(_fixture()))
    gold = to_jsonable(
        Gold.model_validate(
            {"fixture_id": "trust-x", "turns": {},
             "trust": {"purges": [{"item_id": "a", "step_id": "s1", "claim": "c", "query": "q"}]}}
        )
    )  # fmt: skip
    for name, document in (("fixture", fixture), ("gold", gold)):
        schema = json.loads((OURS / f"{name}.schema.json").read_text(encoding="utf-8"))
        validator = validators.validator_for(schema)(schema)
        assert list(validator.iter_errors(document)) == [], name


def test_a_sealed_report_round_trips_and_stays_inside_v1_meta() -> None:
    from bb_schema.result import FailedItem, Meta, Receipt, Result, ScoreCell, SealedReport
    from brainbench.v1 import score_pb2

    cell = ScoreCell(suite="poisoning", harness="openclaw", seam="production", gold_total=2,
                     gold_failed=1, metrics={"poison_activation_rate": 0.5},
                     fixtures=["x"])  # fmt: skip
    miss = FailedItem(harness="openclaw", suite="poisoning", fixture_id="x", item="p", reason="r")
    sealed = SealedReport(fixtures_hash="abc", cells=[cell], failed_items=[miss])
    receipt = Receipt(result_schema_version=1, fixtures_hash="h", harness_sha="s", ts="t",
                      cmd_args=[], seed=0, include_holdout=False, llm=False)  # fmt: skip
    result = Result(receipt=receipt, cells=[], turn_rows=[], seed_failures=[],
                    meta=Meta(sealed=sealed))  # fmt: skip
    _round_trip(convert.RESULT, result)
    assert set(SealedReport.model_fields) == {
        f.name for f in score_pb2.SealedReport.DESCRIPTOR.fields
    }
    interop = REPO.parent / "shared" / "interop" / "schema-v1" / "result.schema.json"
    schema = json.loads(interop.read_text(encoding="utf-8"))
    document = json.loads(dump_json(result))
    assert document["cells"] == [] and document["_meta"]["sealed"]["fixtures_hash"] == "abc"
    errors = list(validators.validator_for(schema)(schema).iter_errors(document))
    assert errors == []
