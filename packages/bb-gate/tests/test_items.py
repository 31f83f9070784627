"""The item sidecar: stable ids, canonical bytes, the pair rules and the published shapes."""

from __future__ import annotations

import json

import pytest
from bb_gate import (
    GateUserError,
    baseline_from_result,
    baseline_set_from_result,
    dump_baseline,
    dump_items,
    item_id,
    items_from_result,
    load_baseline_set,
    parse_items,
    sidecar_path,
    write_baseline_set,
)
from bb_gate.items import sidecar_repo_path
from bb_schema import FailedItem
from jsonschema import validators

FAILED = {
    "codex/push": ["push-002#turn 4 people/bo", "push-001#turn 2 people/ana", "push-001#turn 2 x"],
    "openclaw/know-to-ask": [],
    "openclaw/push": [],
}


def _counted(cells, edit_cells):
    return edit_cells(cells, "codex/push", gold_failed=3)


def test_item_id_is_fixture_hash_item_verbatim():
    item = FailedItem(
        harness="codex", suite="push", fixture_id="push-001", item="turn 2 people/ana", reason="r"
    )
    assert item_id(item) == "push-001#turn 2 people/ana"


def test_ids_are_sorted_unique_per_cell_with_the_scorer(make_result, cells, edit_cells):
    doubled = {**FAILED, "codex/push": [*FAILED["codex/push"], "push-001#turn 2 x"]}
    run = make_result(_counted(cells, edit_cells), failed=doubled, scorer="sha256:aa")
    items = items_from_result(run)
    assert items is not None
    assert items.cells == {
        "codex/push": [
            "push-001#turn 2 people/ana",
            "push-001#turn 2 x",
            "push-002#turn 4 people/bo",
        ],
        "openclaw/know-to-ask": [],
        "openclaw/push": [],
    }
    assert items.fixtures_hash == "hash-a" and items.scorer is not None
    assert items.scorer.digest == "sha256:aa"


def test_whatever_order_the_scorer_lists_them_the_bytes_are_the_same(
    make_result, cells, edit_cells
):
    forward = make_result(_counted(cells, edit_cells), failed=FAILED, scorer="s")
    backward = {key: list(reversed(ids)) for key, ids in reversed(FAILED.items())}
    again = make_result(_counted(cells, edit_cells), failed=backward, scorer="s")
    assert dump_items(items_from_result(forward)) == dump_items(items_from_result(again))


def test_one_id_per_line_so_a_diff_shows_each_flip(make_result, cells, edit_cells):
    run = make_result(_counted(cells, edit_cells), failed=FAILED, scorer="sha256:aa")
    text = dump_items(items_from_result(run)).decode("utf-8")
    assert '\n      "push-001#turn 2 people/ana",\n' in text
    assert text.endswith("}\n")
    assert json.loads(text)["items_schema_version"] == 1


def test_a_cell_that_counts_failures_without_listing_them_is_none(make_result, cells):
    # codex/push counts 39 failures in the default cells and lists none.
    items = items_from_result(make_result(failed={"openclaw/push": []}, scorer="s"))
    assert items is not None
    assert items.cells["codex/push"] is None
    assert items.cells["openclaw/push"] == []


def test_a_result_without_scorer_or_items_has_no_sidecar(make_result):
    assert items_from_result(make_result()) is None
    assert baseline_set_from_result(make_result()).items is None


def test_items_of_unknown_cells_are_ignored(make_result):
    items = items_from_result(make_result(failed={"ghost/push": ["f#1"]}, scorer="s"))
    assert items is not None and "ghost/push" not in items.cells


@pytest.mark.parametrize(
    ("path", "sidecar"),
    [
        ("main.json", "main.items.json"),
        ("x/release.json", "x/release.items.json"),
        ("b", "b.items.json"),
    ],
)
def test_sidecar_naming(tmp_path, path, sidecar):
    assert sidecar_path(tmp_path / path) == tmp_path / sidecar
    assert sidecar_repo_path(path) == sidecar


def test_write_and_load_the_pair(tmp_path, make_result, cells, edit_cells):
    run = make_result(_counted(cells, edit_cells), failed=FAILED, scorer="s")
    target = tmp_path / "baselines" / "main.json"
    banked = baseline_set_from_result(run, justification="why")
    write_baseline_set(target, banked)
    assert sorted(p.name for p in target.parent.iterdir()) == ["main.items.json", "main.json"]
    assert load_baseline_set(target) == banked
    # A run without items drops a stale sidecar instead of leaving it to contradict main.json.
    write_baseline_set(target, baseline_set_from_result(make_result()))
    assert sorted(p.name for p in target.parent.iterdir()) == ["main.json"]
    assert load_baseline_set(target).items is None


def _pair(tmp_path, make_result, cells, edit_cells):
    run = make_result(_counted(cells, edit_cells), failed=FAILED, scorer="s")
    target = tmp_path / "main.json"
    write_baseline_set(target, baseline_set_from_result(run))
    return target, json.loads(sidecar_path(target).read_text(encoding="utf-8"))


def test_a_sidecar_of_another_corpus_is_refused(tmp_path, make_result, cells, edit_cells):
    target, data = _pair(tmp_path, make_result, cells, edit_cells)
    data["fixtures_hash"] = "hash-z"
    sidecar_path(target).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GateUserError, match="fixtures_hash 'hash-z' differs"):
        load_baseline_set(target)


def test_a_sidecar_naming_other_cells_is_refused(tmp_path, make_result, cells, edit_cells):
    target, data = _pair(tmp_path, make_result, cells, edit_cells)
    data["cells"]["extra/push"] = []
    sidecar_path(target).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GateUserError, match="only in the sidecar: \\['extra/push'\\]"):
        load_baseline_set(target)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{", "invalid JSON at line 1"),
        ('{"items_schema_version": 2}', "field 'items_schema_version'"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ],
)
def test_bad_sidecars_are_named(text, needle):
    with pytest.raises(GateUserError, match=needle):
        parse_items(text, source="items x")


def test_the_pair_validates_against_the_schemas(
    make_result, cells, edit_cells, schema_dir, repo_schema_dir
):
    run = make_result(_counted(cells, edit_cells), failed=FAILED, scorer="s")
    banked = baseline_set_from_result(run, justification="j")
    published = json.loads((schema_dir / "baseline.schema.json").read_text(encoding="utf-8"))
    validators.validator_for(published)(published).validate(
        json.loads(dump_baseline(banked.baseline))
    )
    ours = json.loads((repo_schema_dir / "baseline-items.schema.json").read_text(encoding="utf-8"))
    validators.validator_for(ours)(ours).validate(json.loads(dump_items(banked.items)))
    assert dump_baseline(banked.baseline) == dump_baseline(
        baseline_from_result(run, justification="j")
    )
