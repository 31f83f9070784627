from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import jsonschema
import pytest
from bb_schema import (
    ContinuityGold,
    Decision,
    Gold,
    GoldFact,
    Meta,
    Receipt,
    Result,
    Seam,
    Suite,
    TurnGold,
    TurnRow,
)
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, ReaderRecord, ReaderTurn, WriteBackRecord
from bb_score import Scored, ScoreUserError, glossary_block, score, sort_cells

SCHEMA = (
    Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "schema-v1"
) / "result.schema.json"
HARNESSES = ("codex", "openclaw")
SEAMS: dict[str, Seam] = {"openclaw": "production", "codex": "contract"}
ALL: tuple[Suite, ...] = ("continuity", "write-back", "push", "know-to-ask")

GOLD = {
    "k1": Gold(
        fixture_id="k1",
        turns={
            "1": TurnGold(should_retrieve=True, gold_slugs=["people/a"]),
            "2": TurnGold(should_retrieve=False),
        },
    ),
    "p1": Gold(
        fixture_id="p1",
        turns={"1": TurnGold(should_retrieve=True, gold_slugs=["people/a", "people/b", "x/c"])},
    ),
    "w1": Gold(
        fixture_id="w1",
        turns={
            "1": TurnGold(
                should_retrieve=False,
                gold_facts=[
                    GoldFact(gist="g", fact="f", entity_slug=None, match_keywords=["pricing"])
                ],
            )
        },
    ),
    "r1": Gold(
        fixture_id="r1",
        turns={},
        continuity=ContinuityGold(
            pair_id="c1",
            decisions=[Decision(decision_id="d1", expected_slugs=["a"], match_keywords=["k"])],
        ),
    ),
}


def row(
    fixture: str, turn: int, harness: str, suite: Suite, injected: Sequence[str] = ()
) -> TurnRow:
    return TurnRow(
        fixture_id=fixture,
        turn_id=turn,
        harness=harness,
        suite=suite,
        injected_slugs=list(injected),
        injected_tokens=float(len(injected)),
        gold=None,
        cross_source_slugs=[],
        latency_ms=0.5,
    )


ROWS = [
    row("p1", 1, "openclaw", "push", ["people/a"]),
    row("k1", 2, "openclaw", "know-to-ask"),
    row("k1", 1, "openclaw", "know-to-ask", ["people/a"]),
    row("k1", 1, "codex", "know-to-ask"),
    row("k1", 2, "codex", "know-to-ask", ["people/z"]),
    row("p1", 1, "codex", "push", ["people/a", "people/b"]),
]
WRITEBACK = [
    WriteBackRecord(
        fixture_id="w1",
        expected=Provenance(
            source="default", source_session="s", source_markdown_slug="conversations/s"
        ),
        stored=[
            StoredFact(
                fact="Pricing!",
                source="default",
                source_session="s#1",
                source_markdown_slug="conversations/s",
            )
        ],
        segments=[[1]],
    )
]
RECALLED = StoredFact(fact="the k decision", entity_slug="a", source="default")
READERS = [
    ReaderRecord(
        pair_id="c1",
        reader_fixture_id="r1",
        harness="openclaw",
        recall_available=True,
        turns=[ReaderTurn(turn_id=1, recalled=[RECALLED])],
    ),
    ReaderRecord(
        pair_id="c1",
        reader_fixture_id="r1",
        harness="codex",
        recall_available=True,
        turns=[ReaderTurn(turn_id=1)],
    ),
]
#: Failures that are listed without being gold items.
NOT_ITEMS = {"spurious_injections", "source_isolation_violations"}


def run(suites: Sequence[Suite] = ALL, budget_cuts: Mapping[str, int] | None = None) -> Scored:
    return score(ROWS, GOLD, WRITEBACK, READERS, SEAMS, HARNESSES, suites, budget_cuts)


def test_cells_follow_harness_order_then_suite_order() -> None:
    scored = run()
    assert [(c.harness, c.suite) for c in scored.cells] == [
        ("codex", "know-to-ask"),
        ("codex", "push"),
        ("codex", "write-back"),
        ("codex", "continuity"),
        ("openclaw", "know-to-ask"),
        ("openclaw", "push"),
        ("openclaw", "write-back"),
        ("openclaw", "continuity"),
    ]
    assert {c.harness: c.seam for c in scored.cells} == SEAMS


def test_cell_contents() -> None:
    cells = {(c.harness, c.suite): c for c in run().cells}
    codex_kta = cells[("codex", "know-to-ask")]
    assert codex_kta.metrics == {
        "know_to_ask_failure_rate": 1.0,
        "false_fire_rate": 1.0,
        "source_isolation_violations": 0.0,
        "avg_injected_tokens": 0.5,
    }
    assert (codex_kta.gold_total, codex_kta.gold_failed, codex_kta.fixtures) == (2, 2, ["k1"])
    openclaw_push = cells[("openclaw", "push")]
    assert openclaw_push.metrics["push_recall"] == 1 / 3  # unrounded
    assert (openclaw_push.gold_total, openclaw_push.gold_failed) == (3, 2)
    reader = {
        "spurious_injections": 0.0,
        "source_isolation_violations": 0.0,
        "recall_cuts": 0.0,
    }
    assert cells[("codex", "continuity")].metrics == {
        "continuity_rate": 0.0,
        "continuity_push_rate": 0.0,
        **reader,
    }
    assert cells[("openclaw", "continuity")].metrics == {
        "continuity_rate": 1.0,
        "continuity_push_rate": 0.0,
        **reader,
    }


def test_write_back_is_the_same_cell_on_every_harness() -> None:
    cells = {(c.harness, c.suite): c for c in run().cells}
    codex, openclaw = cells[("codex", "write-back")], cells[("openclaw", "write-back")]
    assert codex.model_dump(exclude={"harness", "seam"}) == openclaw.model_dump(
        exclude={"harness", "seam"}
    )
    assert codex.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}


def test_write_back_gold_total_does_not_depend_on_the_suite_filter() -> None:
    def totals(suites: Sequence[Suite]) -> list[int]:
        return [c.gold_total for c in run(suites).cells if c.suite == "write-back"]

    assert totals(["write-back"]) == totals(["write-back", "continuity"]) == [1, 1]


def test_suite_filter_narrows_cells_rows_and_failures() -> None:
    scored = run(["know-to-ask"])
    assert {c.suite for c in scored.cells} == {"know-to-ask"}
    assert {r.suite for r in scored.joined_rows} == {"know-to-ask"}
    assert {f.suite for f in scored.failed_items} == {"know-to-ask"}


def test_failed_items_follow_cell_order_and_name_their_row() -> None:
    scored = run()
    keys = [(f.harness, f.suite) for f in scored.failed_items]
    cell_order = [(c.harness, c.suite) for c in scored.cells]
    assert keys == sorted(keys, key=cell_order.index)
    assert scored.failed_items[0].model_dump() == {
        "harness": "codex",
        "suite": "know-to-ask",
        "fixture_id": "k1",
        "item": "turn 1",
        "reason": "should retrieve [people/a]: injected nothing",
        "metric": "know_to_ask_failure_rate",
    }
    totals = {(c.harness, c.suite): c.gold_failed for c in scored.cells}
    items = [(f.harness, f.suite) for f in scored.failed_items if f.metric not in NOT_ITEMS]
    assert {key: items.count(key) for key in totals} == totals
    assert all(f.metric for f in scored.failed_items)


def test_budget_cuts_land_on_every_retrieval_cell_of_the_harness() -> None:
    scored = run(budget_cuts={"codex": 4})
    for cell in scored.cells:
        has = "pointer_budget_cuts" in cell.metrics
        injecting = ("know-to-ask", "push", "continuity")
        assert has == (cell.harness == "codex" and cell.suite in injecting)
        if has:
            assert cell.metrics["pointer_budget_cuts"] == 4.0
            # registry order: the budget's count closes a retrieval cell's metrics
            assert cell.suite == "continuity" or list(cell.metrics)[-1] == "pointer_budget_cuts"


def test_joined_rows_are_sorted_and_carry_gold() -> None:
    joined = run().joined_rows
    keys = [(r.harness, r.suite, r.fixture_id, r.turn_id) for r in joined]
    assert keys == [
        ("codex", "know-to-ask", "k1", 1),
        ("codex", "know-to-ask", "k1", 2),
        ("codex", "push", "p1", 1),
        ("openclaw", "know-to-ask", "k1", 1),
        ("openclaw", "know-to-ask", "k1", 2),
        ("openclaw", "push", "p1", 1),
    ]
    assert joined[0].gold == {
        "should_retrieve": True,
        "gold_slugs": ["people/a"],
        "acceptable_slugs": [],
        "gold_facts": [],
    }


def test_a_harness_without_rows_still_gets_its_cell() -> None:
    rows = [r for r in ROWS if r.harness == "openclaw"]
    scored = score(rows, GOLD, [], [], SEAMS, HARNESSES, ["know-to-ask"])
    codex = scored.cells[0]
    assert (codex.harness, codex.gold_total, codex.fixtures) == ("codex", 0, [])
    assert codex.metrics == {"source_isolation_violations": 0.0}


def test_no_input_for_a_suite_gives_no_cell() -> None:
    assert score([], GOLD, [], [], SEAMS, HARNESSES, list(ALL)).cells == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"harnesses": []}, "no harness"),
        ({"harnesses": ["codex", "codex"]}, "repeat"),
        ({"seams": {"codex": "contract"}}, "'openclaw' has no seam"),
        ({"suites": ["bogus"]}, "'bogus' is unknown"),
        ({"budget_cuts": {"nobody": 1}}, "'nobody'"),
        ({"budget_cuts": {"codex": -1}}, "non-negative"),
        ({"rows": [row("k1", 1, "claude-code", "know-to-ask")]}, "'claude-code'"),
    ],
)
def test_inputs_that_do_not_fit_are_user_errors(kwargs: dict[str, object], message: str) -> None:
    params: dict[str, object] = {
        "rows": ROWS,
        "gold_by_fixture": GOLD,
        "writeback_records": WRITEBACK,
        "reader_records": READERS,
        "seams": SEAMS,
        "harnesses": HARNESSES,
        "suites": ALL,
        "budget_cuts": None,
        **kwargs,
    }
    with pytest.raises(ScoreUserError, match=message):
        score(**params)  # type: ignore[arg-type]


def test_sort_cells_merges_foreign_cells() -> None:
    cells = run().cells
    assert sort_cells(list(reversed(cells)), HARNESSES) == cells
    with pytest.raises(ScoreUserError, match="'codex'"):
        sort_cells(cells, ["openclaw"])


def test_core_result_validates_against_the_v1_schema() -> None:
    harnesses = ("openclaw", "codex")
    scored = score(ROWS, GOLD, WRITEBACK, READERS, SEAMS, harnesses, ALL)
    result = Result(
        receipt=Receipt(
            result_schema_version=1,
            fixtures_hash="h",
            harness_sha="s",
            ts="2026-01-01T00:00:00Z",
            cmd_args=[],
            seed=0,
            include_holdout=False,
            llm=False,
        ),
        cells=scored.cells,
        turn_rows=scored.joined_rows,
        seed_failures=[],
        meta=Meta(metric_glossary=glossary_block(), failed_items=scored.failed_items),
    )
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(result.model_dump(mode="json", by_alias=True), schema)


def test_a_cell_cannot_fail_more_items_than_it_has() -> None:
    from bb_score import CellScore, ScoreRuntimeError

    with pytest.raises(ScoreRuntimeError, match="must be gold items"):
        CellScore(gold_total=1, gold_failed=2, metrics={}, fixtures=())
