from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from bb_gate import (
    GateUserError,
    baseline_from_result,
    dump_baseline,
    load_baseline,
    load_result,
    round_metric,
)
from bb_schema import Baseline

GOLDEN = """{
  "cells": {
    "codex/push": {
      "push_precision": 1.0,
      "push_recall": 0.5938,
      "source_isolation_violations": 0.0
    },
    "openclaw/know-to-ask": {
      "false_fire_rate": 0.0,
      "know_to_ask_failure_rate": 0.0
    },
    "openclaw/push": {
      "avg_injected_tokens": 41.3,
      "push_precision": 1.0,
      "push_recall": 0.95,
      "source_isolation_violations": 0.0
    }
  },
  "config": {
    "harnesses": [
      "codex",
      "openclaw"
    ],
    "include_holdout": false,
    "llm": false,
    "suites": [
      "know-to-ask",
      "push"
    ]
  },
  "counts": {
    "codex/push": {
      "gold_failed": 39,
      "gold_total": 96
    },
    "openclaw/know-to-ask": {
      "gold_failed": 0,
      "gold_total": 40
    },
    "openclaw/push": {
      "gold_failed": 0,
      "gold_total": 96
    }
  },
  "fixtures_hash": "hash-a",
  "schema_version": 1
}
"""


def test_canonical_bytes_are_golden(make_result):
    assert dump_baseline(baseline_from_result(make_result())).decode() == GOLDEN


def test_bytes_independent_of_cell_and_metric_order(make_result, cells):
    shuffled = [
        {**spec, "metrics": dict(reversed(list(spec["metrics"].items())))}
        for spec in reversed(cells)
    ]
    a = dump_baseline(baseline_from_result(make_result(cells)))
    b = dump_baseline(baseline_from_result(make_result(shuffled)))
    assert a == b


def test_bytes_stable_across_load_round_trip(make_result, tmp_path):
    data = dump_baseline(baseline_from_result(make_result(), justification="why"))
    path = tmp_path / "b.json"
    path.write_bytes(data)
    assert dump_baseline(load_baseline(path)) == data


def test_receipt_excluded(make_result):
    a = baseline_from_result(make_result(ts="2026-01-01T00:00:00Z", harness_sha="x"))
    b = baseline_from_result(make_result(ts="2027-05-05T00:00:00Z", harness_sha="y"))
    assert dump_baseline(a) == dump_baseline(b)
    assert b"harness_sha" not in dump_baseline(a)


def test_justification_omitted_when_none_and_kept_otherwise(make_result):
    assert b"justification" not in dump_baseline(baseline_from_result(make_result()))
    data = json.loads(dump_baseline(baseline_from_result(make_result(), justification="ok")))
    assert data["justification"] == "ok"


def test_validates_against_published_schema(make_result, schema_dir):
    schema = json.loads((schema_dir / "baseline.schema.json").read_text(encoding="utf-8"))
    for justification in (None, "reason"):
        data = json.loads(
            dump_baseline(baseline_from_result(make_result(), justification=justification))
        )
        jsonschema.validate(data, schema)


def test_config_from_meta_when_present(make_result):
    result = make_result(
        harnesses=["openclaw", "codex", "claude-code"], suites=["push", "continuity"]
    )
    config = baseline_from_result(result).config
    assert config.harnesses == ["claude-code", "codex", "openclaw"]
    assert config.suites == ["continuity", "push"]


def test_config_from_cells_otherwise_and_flags_bound(make_result):
    config = baseline_from_result(make_result(include_holdout=True, llm=True)).config
    assert config.harnesses == ["codex", "openclaw"]
    assert config.suites == ["know-to-ask", "push"]
    assert config.include_holdout is True and config.llm is True


@pytest.mark.parametrize(
    ("raw", "rounded"),
    [
        (0.59375, 0.5938),
        (0.12345, 0.1235),
        (1 / 3, 0.3333),
        (2 / 3, 0.6667),
        (7, 7.0),
        (0.00004, 0.0),
    ],
)
def test_rounding_to_four_decimals(raw, rounded):
    assert round_metric(raw) == rounded


def test_negative_zero_normalised(make_result, cells, edit_cells):
    result = make_result(
        edit_cells(cells, "openclaw/push", metrics={"source_isolation_violations": -0.0})
    )
    assert b"-0.0" not in dump_baseline(baseline_from_result(result))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_metric_rejected(make_result, cells, edit_cells, bad):
    result = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": bad}))
    with pytest.raises(GateUserError, match="push_recall.*codex/push"):
        baseline_from_result(result)


def test_duplicate_cell_rejected(make_result, cells):
    with pytest.raises(GateUserError, match="two cells for 'codex/push'"):
        baseline_from_result(make_result([*cells, cells[1]]))


def test_dump_refuses_nan():
    baseline = Baseline(
        schema_version=1,
        fixtures_hash="h",
        config={"include_holdout": False, "llm": False, "harnesses": [], "suites": []},
        cells={"a/push": {"m": float("nan")}},
        counts={"a/push": {"gold_total": 1, "gold_failed": 0}},
    )
    with pytest.raises(GateUserError, match="non-finite"):
        dump_baseline(baseline)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "main.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_baseline_missing_file(tmp_path):
    with pytest.raises(GateUserError, match="does not exist") as info:
        load_baseline(tmp_path / "nope.json")
    assert "nope.json" in info.value.message


def test_load_baseline_invalid_json_names_line_and_column(tmp_path):
    path = _write(tmp_path, '{\n  "schema_version": 1,\n  "cells": {,}\n}\n')
    with pytest.raises(GateUserError, match=r"main\.json.*line 3, column 13"):
        load_baseline(path)


def test_load_baseline_names_bad_field(tmp_path, make_result):
    data = json.loads(dump_baseline(baseline_from_result(make_result())))
    data["counts"]["codex/push"]["gold_failed"] = -1
    path = _write(tmp_path, json.dumps(data))
    with pytest.raises(GateUserError, match=r"main\.json.*'counts\.codex/push\.gold_failed'"):
        load_baseline(path)


def test_load_baseline_rejects_unknown_key(tmp_path, make_result):
    data = json.loads(dump_baseline(baseline_from_result(make_result())))
    data["approved"] = True
    with pytest.raises(GateUserError, match="'approved'"):
        load_baseline(_write(tmp_path, json.dumps(data)))


def test_load_baseline_rejects_duplicate_keys(tmp_path):
    with pytest.raises(GateUserError, match="duplicate key 'schema_version'"):
        load_baseline(_write(tmp_path, '{"schema_version": 1, "schema_version": 1}'))


def test_load_baseline_rejects_nan_literal(tmp_path, make_result):
    text = dump_baseline(baseline_from_result(make_result())).decode().replace("0.95", "NaN")
    with pytest.raises(GateUserError, match="non-finite number 'NaN'"):
        load_baseline(_write(tmp_path, text))


def test_load_baseline_rejects_cells_counts_disagreement(tmp_path, make_result):
    data = json.loads(dump_baseline(baseline_from_result(make_result())))
    del data["counts"]["codex/push"]
    with pytest.raises(GateUserError, match="only in cells: \\['codex/push'\\]"):
        load_baseline(_write(tmp_path, json.dumps(data)))


def test_load_result_round_trip_and_errors(tmp_path, make_result, write_result):
    result = make_result(harnesses=["openclaw"], suites=["push"])
    assert load_result(write_result(result)) == result
    bad = tmp_path / "bad.json"
    bad.write_text('{"receipt": {}}', encoding="utf-8")
    with pytest.raises(
        GateUserError, match=r"result '.*bad\.json'.*field 'receipt\.fixtures_hash'"
    ):
        load_result(bad)
