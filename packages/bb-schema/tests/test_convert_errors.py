"""Malformed wire messages and unencodable models raise ConversionError with a located message."""

from __future__ import annotations

import math

import pytest
from bb_schema import convert
from bb_schema._errors import ConversionError, SchemaError
from bb_schema.fixture import Fixture, PublicTurn
from bb_schema.result import Receipt, Result, TurnRow
from brainbench.v1 import corpus_pb2, memory_pb2, score_pb2, turn_context_pb2


def _turn(**fields: object) -> corpus_pb2.PublicTurn:
    values: dict[str, object] = {"turn_id": 1, "role": corpus_pb2.ROLE_USER, "text": "hi"}
    values.update(fields)
    return corpus_pb2.PublicTurn(**values)


def _fixture(**fields: object) -> corpus_pb2.Fixture:
    values: dict[str, object] = {
        "schema_version": 1,
        "fixture_id": "kta-001",
        "suites": [corpus_pb2.SUITE_PUSH],
        "turns": [_turn()],
    }
    values.update(fields)
    return corpus_pb2.Fixture(**values)


def _settings() -> turn_context_pb2.SeamSettings:
    return turn_context_pb2.SeamSettings(pointer_budget=3)


def _fails(codec: convert.Codec[object, object], message: object) -> str:
    with pytest.raises(ConversionError) as caught:
        codec.from_proto(message)
    assert isinstance(caught.value, SchemaError)
    return caught.value.message


def test_a_valid_fixture_message_decodes() -> None:
    fixture = convert.FIXTURE.from_proto(_fixture())
    assert fixture.active_source == "default"
    assert fixture.turns[0].role == "user"


@pytest.mark.parametrize(
    ("message", "where", "what"),
    [
        (_fixture(suites=[42]), "Fixture.suites[0]", "value 42 is out of range"),
        (_fixture(suites=[0]), "Fixture.suites[0]", "unspecified"),
        (_fixture(turns=[_turn(role=9)]), "Fixture.turns[0].role", "out of range"),
        (_fixture(turns=[_turn(text="")]), "Fixture.turns[0].text", "at least 1 character"),
        (_fixture(turns=[_turn(ts="yesterday")]), "Fixture.turns[0].ts", "yesterday"),
        (_fixture(fixture_id="Not Valid"), "Fixture.fixture_id", "pattern"),
        (_fixture(schema_version=0), "Fixture.schema_version", "1"),
        (_fixture(turns=[]), "Fixture.turns", "at least 1"),
        (_fixture(turns=[_turn(), _turn()]), "Fixture", "duplicate"),
        (
            _fixture(continuity=corpus_pb2.ContinuityRef(pair_id="p")),
            "Fixture.continuity.pair_role",
            "unspecified",
        ),
    ],
)
def test_malformed_fixture_messages_name_the_field(
    message: corpus_pb2.Fixture, where: str, what: str
) -> None:
    text = _fails(convert.FIXTURE, message)
    assert text.startswith(where)
    assert what in text


def test_missing_required_submessages() -> None:
    request = turn_context_pb2.TurnContextRequest(brain_id="b", settings=_settings())
    assert "TurnContextRequest.turn" in _fails(convert.TURN_CONTEXT_REQUEST, request)
    request = turn_context_pb2.TurnContextRequest(brain_id="b", turn=_turn())
    assert "TurnContextRequest.settings" in _fails(convert.TURN_CONTEXT_REQUEST, request)
    assert "Result.receipt" in _fails(convert.RESULT, score_pb2.Result())
    assert "Baseline.config" in _fails(convert.BASELINE, score_pb2.Baseline(schema_version=1))


def test_an_explicitly_unspecified_optional_kind_is_rejected() -> None:
    facts = memory_pb2.FactList(
        facts=[memory_pb2.StoredFact(fact="f", source="s", kind=corpus_pb2.FACT_KIND_UNSPECIFIED)]
    )
    assert "FactList.facts[0].kind" in _fails(convert.FACT_LIST, facts)
    fine = memory_pb2.FactList(facts=[memory_pb2.StoredFact(fact="f", source="s")])
    stored = convert.FACT_LIST.from_proto(fine).facts[0]
    assert (stored.kind, stored.status) == (None, "active")


def test_out_of_range_settings_are_rejected() -> None:
    settings = turn_context_pb2.SeamSettings(pointer_budget=65)
    request = turn_context_pb2.TurnContextRequest(turn=_turn(), settings=settings)
    text = _fails(convert.TURN_CONTEXT_REQUEST, request)
    assert text.startswith("TurnContextRequest.settings.pointer_budget")


@pytest.mark.parametrize(
    ("gold_json", "what"), [("{not json", "not JSON"), ("[1, 2]", "JSON object is required")]
)
def test_turn_row_gold_must_be_a_json_object(gold_json: str, what: str) -> None:
    receipt = convert.RESULT.to_proto(_result()).receipt
    row = score_pb2.TurnRow(suite=corpus_pb2.SUITE_PUSH, gold_json=gold_json)
    message = score_pb2.Result(receipt=receipt, turn_rows=[row])
    text = _fails(convert.RESULT, message)
    assert text.startswith("Result.turn_rows[0].gold_json")
    assert what in text


def test_undecodable_bytes() -> None:
    with pytest.raises(ConversionError, match="not a brainbench.v1.Fixture"):
        convert.FIXTURE.from_bytes(b"\xff\xff\xff")


def test_wrong_types_are_refused() -> None:
    with pytest.raises(ConversionError, match="expected a brainbench.v1.Gold"):
        convert.GOLD.from_proto(_fixture())
    with pytest.raises(ConversionError, match="encodes Gold"):
        convert.GOLD.to_proto(convert.FIXTURE.from_proto(_fixture()))


def _result(**row: object) -> Result:
    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash="h",
        harness_sha="s",
        ts="2026-03-02T17:00:00Z",
        cmd_args=[],
        seed=0,
        include_holdout=False,
        llm=False,
    )
    rows = []
    if row:
        values: dict[str, object] = {
            "fixture_id": "f",
            "turn_id": 1,
            "harness": "openclaw",
            "suite": "push",
            "injected_slugs": [],
            "injected_tokens": 0.0,
            "gold": None,
            "cross_source_slugs": [],
            "latency_ms": 0.0,
        }
        values.update(row)
        rows.append(TurnRow.model_validate(values))
    return Result(receipt=receipt, cells=[], turn_rows=rows, seed_failures=[])


def test_unencodable_models_raise_conversion_error() -> None:
    with pytest.raises(ConversionError, match="cannot encode Result"):
        convert.RESULT.to_proto(_result(turn_id=2**70))
    with pytest.raises(ConversionError, match=r"turn_rows\[0\]\.gold is not plain JSON"):
        convert.RESULT.to_proto(_result(gold={"x": math.nan}))
    fixture = Fixture(
        schema_version=1,
        fixture_id="f",
        suites=["push"],
        turns=[PublicTurn(turn_id=-(2**64), role="user", text="x")],
    )
    with pytest.raises(ConversionError, match="64 bits"):
        convert.FIXTURE.to_bytes(fixture)
