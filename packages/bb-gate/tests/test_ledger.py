from __future__ import annotations

import json

import pytest
from bb_gate import GateUserError, append_run, cell_trends, read_ledger


def test_append_and_read_back(tmp_path, make_result, cells, edit_cells):
    ledger = tmp_path / "runs" / "ledger.jsonl"
    first = make_result(ts="2026-01-01T00:00:00Z", harness_sha="s1")
    second = make_result(
        edit_cells(cells, "codex/push", gold_failed=30, metrics={"push_recall": 0.700004}),
        ts="2026-01-02T00:00:00Z",
        harness_sha="s2",
    )
    append_run(ledger, first)
    record = append_run(ledger, second)
    lines = ledger.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert json.loads(lines[1])["receipt"]["harness_sha"] == "s2"
    assert record.cells["codex/push"].metrics["push_recall"] == 0.7
    records = read_ledger(ledger)
    assert [r.receipt.harness_sha for r in records] == ["s1", "s2"]
    assert records[1] == record


def test_record_has_counts_and_no_turn_rows(tmp_path, make_result):
    ledger = tmp_path / "l.jsonl"
    append_run(ledger, make_result(seed_failures=(("fx", "e"),)))
    data = json.loads(ledger.read_text(encoding="utf-8"))
    assert set(data) == {
        "ledger_schema_version",
        "receipt",
        "seed_failures",
        "cells",
        "config",
        "scorer",
    }
    assert data["ledger_schema_version"] == 2
    assert data["config"]["harnesses"] == ["codex", "openclaw"]
    assert data["seed_failures"] == 1
    assert data["cells"]["codex/push"]["gold_failed"] == 39
    assert data["cells"]["codex/push"]["metrics"]["push_recall"] == 0.5938


def test_cell_trends(tmp_path, make_result, cells, edit_cells):
    ledger = tmp_path / "l.jsonl"
    append_run(ledger, make_result(ts="t1"))
    append_run(ledger, make_result(edit_cells(cells, "codex/push", gold_failed=20), ts="t2"))
    append_run(ledger, make_result(cells[:1], ts="t3"))
    trends = cell_trends(read_ledger(ledger))
    assert list(trends) == ["codex/push", "openclaw/know-to-ask", "openclaw/push"]
    assert [(p.ts, p.gold_failed) for p in trends["codex/push"]] == [("t1", 39), ("t2", 20)]
    assert [p.ts for p in trends["openclaw/push"]] == ["t1", "t2", "t3"]


def test_missing_ledger_reads_empty(tmp_path):
    assert read_ledger(tmp_path / "none.jsonl") == []


def test_corrupt_line_named(tmp_path, make_result):
    ledger = tmp_path / "l.jsonl"
    append_run(ledger, make_result())
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write('{"receipt": \n')
    with pytest.raises(GateUserError, match="line 2"):
        read_ledger(ledger)


def test_only_runs_on_the_same_corpus_config_and_scorer_are_comparable(tmp_path, make_result):
    ledger = tmp_path / "l.jsonl"
    append_run(ledger, make_result(ts="t1", scorer="sha256:aaaa"))
    append_run(ledger, make_result(ts="t2", scorer="sha256:aaaa"))
    append_run(ledger, make_result(ts="t3", scorer="sha256:aaaa", fixtures_hash="hash-b"))
    append_run(ledger, make_result(ts="t4", scorer="sha256:bbbb", fixtures_hash="hash-b"))
    append_run(ledger, make_result(ts="t5", scorer="sha256:bbbb", fixtures_hash="hash-b", llm=True))
    append_run(ledger, make_result(ts="t6", fixtures_hash="hash-b", llm=True))
    points = cell_trends(read_ledger(ledger))["codex/push"]
    reasons = [point.break_reason for point in points]
    assert reasons[:2] == [None, None]
    assert reasons[2].startswith("corpus changed (hash-a -> hash-b)")
    assert reasons[3].startswith("scorer changed (sha256:aaaa -> sha256:bbbb)")
    assert reasons[4] == "configuration changed (llm)"
    assert reasons[5] == "scorer not recorded on one side"
    assert [point.scorer for point in points][:2] == ["sha256:aaaa", "sha256:aaaa"]


def test_a_cell_that_skips_runs_is_compared_with_its_own_previous_run(tmp_path, make_result, cells):
    ledger = tmp_path / "l.jsonl"
    append_run(ledger, make_result(ts="t1"))
    append_run(ledger, make_result(cells[:1], ts="t2", suites=["push"]))
    append_run(ledger, make_result(ts="t3"))
    trends = cell_trends(read_ledger(ledger))
    assert [p.break_reason for p in trends["codex/push"]] == [None, None]
    assert trends["openclaw/push"][1].break_reason == "configuration changed (harnesses, suites)"


def test_version_1_records_still_read(tmp_path, make_result):
    ledger = tmp_path / "l.jsonl"
    record = json.loads(json.dumps(append_run(tmp_path / "x.jsonl", make_result()).model_dump()))
    for key in ("config", "scorer"):
        del record[key]
    record["ledger_schema_version"] = 1
    ledger.write_text(json.dumps(record) + "\n", encoding="utf-8")
    append_run(ledger, make_result(ts="later"))
    old, new = read_ledger(ledger)
    assert old.config is None and old.run_config() == new.config
    assert cell_trends([old, new])["codex/push"][1].break_reason is None
