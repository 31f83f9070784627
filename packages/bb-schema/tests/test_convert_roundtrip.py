"""pydantic -> proto -> pydantic round trips over generated valid models, plus stable bytes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any, get_args

import pytest
from bb_schema import convert
from bb_schema._names import FactKind, Role, Suite
from bb_schema.baseline import Baseline, BaselineConfig, CellCounts
from bb_schema.fixture import ContinuityRef, Fixture, PublicTurn, SeedFact, SeedPage
from bb_schema.gold import ContinuityGold, Decision, Gold, GoldFact, TurnGold
from bb_schema.io import dump_json
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    OpenSeededBrainRequest,
    OpenSeededBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)
from bb_schema.records import Provenance
from bb_schema.result import (
    ConfidenceIntervals,
    DecisionRow,
    FactRow,
    FailedItem,
    Meta,
    MetricInterval,
    Receipt,
    Result,
    ScoreCell,
    ScorerDigest,
    SealedReport,
    SeedFailure,
    TrustItemRecord,
    TurnEvidence,
    TurnRow,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    ExtractedFact,
    InjectedExtraction,
    Pointer,
    PointerEvidence,
    SeamSettings,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
COUNT = st.integers(min_value=0, max_value=2**63 - 1)
FLOAT = st.floats(allow_nan=False, allow_infinity=False)
TEXT = st.text(max_size=12)
NONEMPTY = st.text(min_size=1, max_size=12)
OPT_TEXT = st.none() | TEXT
WORDS = st.lists(TEXT, max_size=3)
#: Slugs follow the slug grammar (bb_schema.text), any script.
SLUG = st.from_regex(r"\A[^\W_][\w-]{0,6}(/[^\W_][\w-]{0,4}){0,2}\Z")
KIND = st.none() | st.sampled_from(get_args(FactKind))
SUITES = st.sampled_from(get_args(Suite))

OFFSET = st.integers(min_value=0, max_value=2**31 - 1)
EVIDENCE = st.none() | st.builds(
    PointerEvidence,
    matched=TEXT,
    start=OFFSET,
    end=OFFSET,
    text_index=OFFSET,
    surface=TEXT,
    score=st.floats(0.0, 1.0),
    signals=WORDS,
    decision=TEXT,
)
POINTERS = st.lists(
    st.builds(
        Pointer,
        slug=TEXT,
        source=TEXT,
        title=TEXT,
        arm=TEXT,
        confidence=FLOAT,
        trust_label=TEXT,
        stage=st.sampled_from(["reflex", "volunteer"]),
        evidence=EVIDENCE,
    ),
    max_size=3,
)

OFFSETS = st.sampled_from(
    [UTC, timezone(timedelta(hours=5, minutes=30)), timezone(-timedelta(hours=8))]
)
TS = st.none() | st.builds(
    lambda when, tz: when.replace(tzinfo=tz).isoformat().replace("+00:00", "Z"),
    st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(2200, 1, 1)),  # noqa: DTZ001
    OFFSETS,
)

JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | FLOAT | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)


def turns(min_size: int = 0) -> st.SearchStrategy[list[PublicTurn]]:
    turn = st.builds(
        PublicTurn, turn_id=INT64, role=st.sampled_from(get_args(Role)), text=NONEMPTY, ts=TS
    )
    return st.lists(turn, min_size=min_size, max_size=4, unique_by=lambda t: t.turn_id)


SEED_PAGES = st.lists(st.builds(SeedPage, slug=SLUG, content=TEXT, source_id=OPT_TEXT), max_size=2)
SEED_FACTS = st.lists(
    st.builds(
        SeedFact,
        fact=NONEMPTY,
        entity_slug=OPT_TEXT,
        source=OPT_TEXT,
        source_session=OPT_TEXT,
        source_id=OPT_TEXT,
    ),
    max_size=2,
)

FIXTURES = st.builds(
    Fixture,
    schema_version=st.just(1),
    fixture_id=st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,10}\Z"),
    suites=st.lists(SUITES, min_size=1, max_size=3),
    category=OPT_TEXT,
    holdout=st.booleans(),
    sources=WORDS,
    active_source=TEXT,
    seed_pages=SEED_PAGES,
    seed_facts=SEED_FACTS,
    turns=turns(min_size=1),
    continuity=st.none()
    | st.builds(ContinuityRef, pair_id=NONEMPTY, pair_role=st.sampled_from(["writer", "reader"])),
)

GOLD_FACT = st.builds(
    GoldFact,
    gist=TEXT,
    fact=TEXT,
    entity_slug=OPT_TEXT,
    match_keywords=st.lists(TEXT, min_size=1, max_size=3),
    kind=KIND,
)
GOLDS = st.builds(
    Gold,
    fixture_id=TEXT,
    turns=st.dictionaries(
        TEXT,
        st.builds(
            TurnGold,
            should_retrieve=st.booleans(),
            gold_slugs=WORDS,
            acceptable_slugs=WORDS,
            gold_facts=st.lists(GOLD_FACT, max_size=2),
        ),
        max_size=3,
    ),
    continuity=st.none()
    | st.builds(
        ContinuityGold,
        pair_id=TEXT,
        decisions=st.lists(
            st.builds(Decision, decision_id=TEXT, expected_slugs=WORDS, match_keywords=WORDS),
            min_size=1,
            max_size=2,
        ),
    ),
)

INTERVALS = st.builds(
    lambda a, b, values: MetricInterval(
        estimate=sum(values) / len(values), low=min(a, b), high=max(a, b), values=values
    ),
    FLOAT,
    FLOAT,
    st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=1, max_size=3),
)
CONFIDENCE_INTERVALS = st.none() | st.builds(
    ConfidenceIntervals,
    runs=st.integers(min_value=2, max_value=2**63 - 1),
    suites=st.lists(SUITES, max_size=2),
    seed=INT64,
    resamples=st.integers(min_value=1, max_value=2**63 - 1),
    confidence=st.floats(min_value=0.01, max_value=0.99),
    cells=st.dictionaries(TEXT, st.dictionaries(TEXT, INTERVALS, max_size=2), max_size=2),
)

STORED = st.builds(
    StoredFact,
    fact=TEXT,
    entity_slug=OPT_TEXT,
    kind=KIND,
    source=TEXT,
    source_session=OPT_TEXT,
    source_markdown_slug=OPT_TEXT,
    status=TEXT,
)
PROVENANCE = st.builds(Provenance, source=TEXT, source_session=TEXT, source_markdown_slug=TEXT)
FACT_ROWS = st.lists(
    st.builds(
        FactRow,
        fixture_id=TEXT,
        harnesses=WORDS,
        item=TEXT,
        fact_index=st.integers(min_value=1, max_value=2**63 - 1),
        turn_ids=st.lists(INT64, max_size=3),
        entity_slug=OPT_TEXT,
        match_keywords=WORDS,
        extractor=TEXT,
        expected=PROVENANCE,
        matched=st.none() | STORED,
        times_stored=COUNT,
        passed=st.booleans(),
        reason=TEXT,
    ),
    max_size=2,
)
DECISION_ROWS = st.lists(
    st.builds(
        DecisionRow,
        harness=TEXT,
        pair_id=TEXT,
        reader_fixture_id=TEXT,
        decision_id=TEXT,
        expected_slugs=WORDS,
        match_keywords=WORDS,
        recall_available=st.booleans(),
        pushed_turn=st.none() | INT64,
        pushed_text=OPT_TEXT,
        recalled_turn=st.none() | INT64,
        recalled=st.none() | STORED,
        passed=st.booleans(),
        reason=TEXT,
    ),
    max_size=2,
)

RESULTS = st.builds(
    Result,
    receipt=st.builds(
        Receipt,
        result_schema_version=st.just(1),
        fixtures_hash=TEXT,
        harness_sha=TEXT,
        ts=TEXT,
        cmd_args=WORDS,
        seed=INT64,
        include_holdout=st.booleans(),
        llm=st.booleans(),
    ),
    cells=st.lists(
        st.builds(
            ScoreCell,
            suite=SUITES,
            harness=TEXT,
            seam=st.sampled_from(["production", "contract"]),
            gold_total=COUNT,
            gold_failed=COUNT,
            metrics=st.dictionaries(TEXT, FLOAT, max_size=3),
            fixtures=WORDS,
        ),
        max_size=2,
    ),
    turn_rows=st.lists(
        st.builds(
            TurnRow,
            fixture_id=TEXT,
            turn_id=INT64,
            harness=TEXT,
            suite=SUITES,
            injected_slugs=WORDS,
            injected_tokens=FLOAT,
            gold=st.none() | st.dictionaries(TEXT, JSON, max_size=3),
            cross_source_slugs=WORDS,
            latency_ms=FLOAT,
        ),
        max_size=3,
    ),
    seed_failures=st.lists(st.builds(SeedFailure, fixture_id=TEXT, error=TEXT), max_size=2),
    meta=st.builds(
        Meta,
        blind=st.none()
        | st.builds(
            SealedReport,
            fixtures_hash=TEXT,
            cells=st.just([]),
            seed_failures=st.lists(st.builds(SeedFailure, fixture_id=TEXT, error=TEXT), max_size=2),
        ),
        metric_glossary=st.dictionaries(TEXT, TEXT, max_size=2),
        failed_items=st.lists(
            st.builds(
                FailedItem,
                harness=TEXT,
                suite=SUITES,
                fixture_id=TEXT,
                item=TEXT,
                reason=TEXT,
                metric=OPT_TEXT,
            ),
            max_size=2,
        ),
        seam_disclosures=st.dictionaries(TEXT, WORDS, max_size=2),
        budget_cuts=st.dictionaries(TEXT, INT64, max_size=2),
        harnesses=WORDS,
        suites=WORDS,
        confidence_intervals=CONFIDENCE_INTERVALS,
        trust_items=st.lists(
            st.builds(
                TrustItemRecord,
                suite=SUITES,
                fixture_id=TEXT,
                item=TEXT,
                kind=TEXT,
                passed=st.booleans(),
                reason=TEXT,
                observations=st.dictionaries(TEXT, TEXT, max_size=3),
            ),
            max_size=2,
        ),
        scorer=st.none() | st.builds(ScorerDigest, version=TEXT, digest=TEXT),
        fact_rows=FACT_ROWS,
        decision_rows=DECISION_ROWS,
        turn_evidence=st.lists(
            st.builds(
                TurnEvidence,
                fixture_id=TEXT,
                turn_id=INT64,
                harness=TEXT,
                pointers=POINTERS,
                declined=POINTERS,
            ),
            max_size=2,
        ),
    ),
)

BASELINES = st.builds(
    Baseline,
    schema_version=st.just(1),
    fixtures_hash=TEXT,
    config=st.builds(
        BaselineConfig,
        include_holdout=st.booleans(),
        llm=st.booleans(),
        harnesses=WORDS,
        suites=WORDS,
    ),
    justification=OPT_TEXT,
    cells=st.dictionaries(TEXT, st.dictionaries(TEXT, FLOAT, max_size=3), max_size=3),
    counts=st.dictionaries(
        TEXT, st.builds(CellCounts, gold_total=COUNT, gold_failed=COUNT), max_size=3
    ),
)

SETTINGS = st.builds(
    SeamSettings,
    pointer_budget=st.integers(0, 64),
    suppression=st.sampled_from(["none", "prior-context", "slug-only"]),
    volunteer=st.booleans(),
    volunteer_window_turns=st.integers(0, 64),
    volunteer_min_confidence=st.floats(0.0, 1.0),
    volunteer_max_pages=st.integers(0, 64),
    render=st.sampled_from(["markdown", "fragment"]),
)

CASES: list[tuple[convert.Codec[Any, Any], st.SearchStrategy[Any]]] = [
    (convert.FIXTURE, FIXTURES),
    (convert.GOLD, GOLDS),
    (convert.RESULT, RESULTS),
    (convert.BASELINE, BASELINES),
    (
        convert.TURN_CONTEXT_REQUEST,
        st.builds(
            TurnContextRequest,
            brain_id=TEXT,
            session_id=TEXT,
            active_source=TEXT,
            turn=turns(min_size=1).map(lambda found: found[0]),
            window=turns(),
            prior_context=TEXT,
            settings=SETTINGS,
        ),
    ),
    (
        convert.TURN_CONTEXT_RESPONSE,
        st.builds(TurnContextResponse, text=TEXT, pointers=POINTERS, declined=POINTERS),
    ),
    (
        convert.ENTITY_INDEX_REQUEST,
        st.builds(
            EntityIndexRequest, brain_id=TEXT, active_source=TEXT, limit=st.integers(1, 10_000)
        ),
    ),
    (convert.ENTITY_INDEX_RESPONSE, st.builds(EntityIndexResponse, entries=POINTERS)),
    (
        convert.WRITE_BACK_REQUEST,
        st.builds(
            WriteBackRequest,
            brain_id=TEXT,
            source=TEXT,
            session_id=TEXT,
            turns=turns(min_size=1),
            extractor=st.sampled_from(["gold", "rules", "llm"]),
            injected=st.lists(
                st.builds(
                    InjectedExtraction,
                    turn_text=TEXT,
                    facts=st.lists(
                        st.builds(
                            ExtractedFact,
                            fact=NONEMPTY,
                            entity_slug=OPT_TEXT,
                            kind=KIND,
                            entity_title=OPT_TEXT,
                        ),
                        max_size=2,
                    ),
                ),
                max_size=2,
            ),
        ),
    ),
    (
        convert.WRITE_BACK_RESPONSE,
        st.builds(
            WriteBackResponse,
            conversation_slug=TEXT,
            segments=INT64,
            facts_written=INT64,
            facts_deduplicated=INT64,
        ),
    ),
    (convert.SYSTEM_INFO, st.builds(SystemInfo, name=TEXT, version=TEXT, capabilities=WORDS)),
    (convert.OPEN_BRAIN_REQUEST, st.builds(OpenBrainRequest, fixture_id=TEXT)),
    (convert.OPEN_BRAIN_RESPONSE, st.builds(OpenBrainResponse, brain_id=TEXT)),
    (
        convert.SEED_REQUEST,
        st.builds(SeedRequest, brain_id=TEXT, pages=SEED_PAGES, facts=SEED_FACTS),
    ),
    (convert.SEED_RESPONSE, st.builds(SeedResponse, pages=INT64, facts=INT64)),
    (
        convert.OPEN_SEEDED_BRAIN_REQUEST,
        st.builds(
            OpenSeededBrainRequest,
            fixture_id=TEXT,
            pages=SEED_PAGES,
            facts=SEED_FACTS,
            release_brain_id=st.none() | TEXT,
        ),
    ),
    (
        convert.OPEN_SEEDED_BRAIN_RESPONSE,
        st.builds(OpenSeededBrainResponse, brain_id=TEXT, pages=INT64, facts=INT64),
    ),
    (convert.FACT_QUERY, st.builds(FactQuery, brain_id=TEXT, source=TEXT, keywords=WORDS)),
    (convert.FACT_LIST, st.builds(FactList, facts=st.lists(STORED, max_size=3))),
    (
        convert.RECALL_REQUEST,
        st.builds(RecallRequest, brain_id=TEXT, source=TEXT, query=TEXT, limit=st.integers(1, 100)),
    ),
    (convert.CLOSE_BRAIN_REQUEST, st.builds(CloseBrainRequest, brain_id=TEXT)),
]

IDS = [codec.model.__name__ for codec, _ in CASES]


@pytest.mark.parametrize(("codec", "models"), CASES, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_round_trip_is_exact_and_bytes_are_stable(
    codec: convert.Codec[Any, Any], models: st.SearchStrategy[BaseModel], data: st.DataObject
) -> None:
    model = data.draw(models)
    wire = codec.to_bytes(model)
    back = codec.from_bytes(wire)
    assert back == model
    # Equality treats 1 == 1.0 == True; the JSON bytes do not, so the types survived too.
    assert dump_json(back) == dump_json(model)
    assert codec.to_bytes(back) == wire
    assert codec.from_proto(codec.to_proto(model)) == model


def _wire_fields(codec: convert.Codec[Any, Any]) -> set[str]:
    return {field.name for field in codec.message.DESCRIPTOR.fields}


@pytest.mark.parametrize(("codec", "models"), CASES, ids=IDS)
def test_every_model_field_has_a_wire_field(
    codec: convert.Codec[Any, Any], models: st.SearchStrategy[BaseModel]
) -> None:
    renamed = {"gold": "gold_json"}
    wanted = {renamed.get(name, name) for name in codec.model.model_fields}
    assert wanted == _wire_fields(codec)


def test_nested_messages_mirror_their_models() -> None:
    from brainbench.v1 import corpus_pb2, memory_pb2, score_pb2, turn_context_pb2

    pairs: list[tuple[type[BaseModel], Any]] = [
        (PublicTurn, corpus_pb2.PublicTurn),
        (SeedPage, corpus_pb2.SeedPage),
        (SeedFact, corpus_pb2.SeedFact),
        (ContinuityRef, corpus_pb2.ContinuityRef),
        (GoldFact, corpus_pb2.GoldFact),
        (TurnGold, corpus_pb2.TurnGold),
        (Decision, corpus_pb2.Decision),
        (ContinuityGold, corpus_pb2.ContinuityGold),
        (Receipt, score_pb2.Receipt),
        (ScoreCell, score_pb2.ScoreCell),
        (SeedFailure, score_pb2.SeedFailure),
        (FailedItem, score_pb2.FailedItem),
        (TrustItemRecord, score_pb2.TrustItemRecord),
        (Meta, score_pb2.Meta),
        (ScorerDigest, score_pb2.ScorerDigest),
        (ConfidenceIntervals, score_pb2.ConfidenceIntervals),
        (MetricInterval, score_pb2.MetricInterval),
        (BaselineConfig, score_pb2.BaselineConfig),
        (CellCounts, score_pb2.CellCounts),
        (SeamSettings, turn_context_pb2.SeamSettings),
        (Pointer, turn_context_pb2.Pointer),
        (ExtractedFact, turn_context_pb2.ExtractedFact),
        (InjectedExtraction, turn_context_pb2.InjectedExtraction),
        (StoredFact, memory_pb2.StoredFact),
        (Provenance, score_pb2.Provenance),
        (FactRow, score_pb2.FactRow),
        (DecisionRow, score_pb2.DecisionRow),
    ]
    for model, message in pairs:
        assert set(model.model_fields) == {f.name for f in message.DESCRIPTOR.fields}, model


def test_same_model_same_bytes_whatever_the_dict_order() -> None:
    counts = {
        "b/x": CellCounts(gold_total=1, gold_failed=0),
        "a/y": CellCounts(gold_total=2, gold_failed=1),
    }
    config = BaselineConfig(include_holdout=False, llm=False, harnesses=[], suites=[])
    one = Baseline(schema_version=1, fixtures_hash="h", config=config, cells={}, counts=counts)
    two = one.model_copy(update={"counts": dict(reversed(list(counts.items())))})
    assert convert.BASELINE.to_bytes(one) == convert.BASELINE.to_bytes(two)


def test_unset_wire_defaults_select_the_model_defaults() -> None:
    from brainbench.v1 import turn_context_pb2

    settings_only_budget = turn_context_pb2.SeamSettings(pointer_budget=3)
    request = turn_context_pb2.EntityIndexRequest(brain_id="b", active_source="s")
    assert convert.ENTITY_INDEX_REQUEST.from_proto(request).limit == 50
    from brainbench.v1 import memory_pb2

    recall = memory_pb2.RecallRequest(brain_id="b", source="s", query="q")
    assert convert.RECALL_REQUEST.from_proto(recall).limit == 5
    message = turn_context_pb2.TurnContextRequest(
        brain_id="b",
        session_id="s",
        active_source="default",
        turn=convert.FIXTURE.to_proto(
            Fixture(
                schema_version=1,
                fixture_id="f",
                suites=["push"],
                turns=[PublicTurn(turn_id=1, role="user", text="hi")],
            )
        ).turns[0],
        settings=settings_only_budget,
    )
    decoded = convert.TURN_CONTEXT_REQUEST.from_proto(message)
    assert decoded.settings == SeamSettings(pointer_budget=3)
    assert decoded.turn.ts is None
