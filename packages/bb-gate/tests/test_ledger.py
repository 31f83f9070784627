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
    assert set(data) == {"ledger_schema_version", "receipt", "seed_failures", "cells"}
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
