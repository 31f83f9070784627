"""The one JSON serializer: stable bytes, optional Nones omitted, required nulls kept."""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from bb_schema import Baseline, BaselineConfig, CellCounts, Result, SchemaRuntimeError, io
from bb_schema._errors import SchemaUserError
from bb_schema.gold import Gold, GoldFact, TurnGold
from bb_schema.io import dump_json, parse_json, read_json, to_jsonable, write_json_atomic
from bb_schema.result import Meta, Receipt, TurnRow
from pydantic import BaseModel


def baseline(justification: str | None = None) -> Baseline:
    return Baseline(
        schema_version=1,
        fixtures_hash="sha256:abc",
        config=BaselineConfig(
            include_holdout=False, llm=False, harnesses=["openclaw"], suites=["push"]
        ),
        justification=justification,
        cells={"openclaw/push": {"recall": 0.5, "false_fire_rate": 0.0}},
        counts={"openclaw/push": CellCounts(gold_total=4, gold_failed=2)},
    )


def result(gold: dict[str, object] | None) -> Result:
    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash="h",
        harness_sha="deadbeef",
        ts="2026-03-02T17:00:00Z",
        cmd_args=["run"],
        seed=7,
        include_holdout=False,
        llm=False,
    )
    row = TurnRow(
        fixture_id="kta-001",
        turn_id=1,
        harness="openclaw",
        suite="push",
        injected_slugs=[],
        injected_tokens=0,
        gold=gold,
        cross_source_slugs=[],
        latency_ms=1.5,
    )
    return Result(
        receipt=receipt,
        cells=[],
        turn_rows=[row],
        seed_failures=[],
        meta=Meta(metric_glossary={"recall": "share of gold found"}),
    )


def test_optional_none_is_omitted_not_null() -> None:
    assert "justification" not in to_jsonable(baseline())
    assert to_jsonable(baseline("metric moved on purpose"))["justification"] == (
        "metric moved on purpose"
    )


def test_required_nullable_fields_stay_null() -> None:
    row = to_jsonable(result(None))["turn_rows"][0]
    assert "gold" in row and row["gold"] is None
    fact = GoldFact(gist="g", fact="f", entity_slug=None, match_keywords=["k"])
    gold = Gold(fixture_id="f", turns={"1": TurnGold(should_retrieve=True, gold_facts=[fact])})
    dumped = to_jsonable(gold)["turns"]["1"]["gold_facts"][0]
    assert dumped["entity_slug"] is None and "kind" not in dumped
    assert "continuity" not in to_jsonable(gold)


def test_nulls_inside_turn_row_gold_are_data() -> None:
    assert to_jsonable(result({"a": None}))["turn_rows"][0]["gold"] == {"a": None}


def test_meta_is_written_under_its_alias() -> None:
    data = to_jsonable(result(None))
    assert "_meta" in data and "meta" not in data


def test_bytes_are_sorted_indented_and_newline_terminated() -> None:
    data = dump_json(baseline())
    assert data.endswith(b"}\n") and not data.endswith(b"\n\n")
    text = data.decode()
    assert text == json.dumps(json.loads(text), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    shuffled = baseline().model_copy(
        update={"cells": {"openclaw/push": {"false_fire_rate": 0.0, "recall": 0.5}}}
    )
    assert dump_json(shuffled) == data


def test_non_ascii_is_written_as_utf8() -> None:
    assert "café".encode() in dump_json(baseline("café"))


def test_nan_is_refused() -> None:
    broken = baseline().model_copy(update={"cells": {"openclaw/push": {"recall": math.nan}}})
    with pytest.raises(SchemaRuntimeError, match="NaN or infinite"):
        dump_json(broken)


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    target = tmp_path / "main.json"
    write_json_atomic(target, baseline("why"))
    assert read_json(target, Baseline) == baseline("why")
    assert target.read_bytes() == dump_json(baseline("why"))
    write_json_atomic(target, result({"should_retrieve": True}))
    assert read_json(target, Result) == result({"should_retrieve": True})
    assert sorted(path.name for path in tmp_path.iterdir()) == ["main.json"]


def test_atomic_write_honours_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_json_atomic(target, baseline())
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_atomic_write_into_a_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(SchemaRuntimeError, match="could not write"):
        write_json_atomic(tmp_path / "missing" / "out.json", baseline())


def test_parse_errors_name_the_document_and_the_path() -> None:
    bad = to_jsonable(baseline())
    bad["counts"]["openclaw/push"]["gold_total"] = -1
    with pytest.raises(SchemaUserError) as caught:
        parse_json(json.dumps(bad), Baseline, name="main.json")
    assert caught.value.message.startswith("main.json: $.counts.openclaw/push.gold_total:")
    assert "(got -1)" in caught.value.message
    with pytest.raises(SchemaUserError, match="Invalid JSON"):
        parse_json(b"{", Baseline, name="main.json")
    with pytest.raises(SchemaUserError, match=r"\$\.surprise: Extra inputs"):
        parse_json(json.dumps({**to_jsonable(baseline()), "surprise": 1}), Baseline)


def test_reading_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SchemaUserError, match="cannot read"):
        read_json(tmp_path / "nope.json", Baseline)


class _Leaf(BaseModel):
    name: str
    tags: list[str]
    parent: str | None  # required: a None is kept


class _Optional(BaseModel):
    name: str
    note: str | None = None  # optional: a None is dropped


class _Tree(BaseModel):
    leaves: list[_Leaf]
    optional: list[_Optional]
    anything: dict[str, Any]


def test_only_what_can_hold_an_optional_none_is_walked_and_the_output_is_the_same() -> None:
    assert io._nothing_to_prune(_Leaf)
    assert not io._nothing_to_prune(_Optional) and not io._nothing_to_prune(_Tree)
    assert io._nothing_to_prune(TurnRow) is False  # its gold is a free-form mapping
    tree = _Tree(
        leaves=[_Leaf(name="a", tags=["x"], parent=None)],
        optional=[_Optional(name="b")],
        anything={"model": _Optional(name="c"), "plain": [1, None]},
    )
    assert to_jsonable(tree) == {
        "leaves": [{"name": "a", "tags": ["x"], "parent": None}],
        "optional": [{"name": "b"}],
        "anything": {"model": {"name": "c"}, "plain": [1, None]},
    }
