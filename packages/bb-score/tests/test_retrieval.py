from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from bb_schema import Gold, TurnGold, TurnRow
from bb_score import ScoreUserError, join_gold, score_retrieval
from bb_score.retrieval import RetrievalSuite

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"


def row(
    fixture: str,
    turn: int,
    injected: Sequence[str] = (),
    *,
    tokens: float = 0.0,
    cross: Sequence[str] = (),
    harness: str = "openclaw",
    suite: RetrievalSuite = "know-to-ask",
) -> TurnRow:
    return TurnRow(
        fixture_id=fixture,
        turn_id=turn,
        harness=harness,
        suite=suite,
        injected_slugs=list(injected),
        injected_tokens=tokens,
        gold=None,
        cross_source_slugs=list(cross),
        latency_ms=1.0,
    )


def tg(should: bool, gold: Sequence[str] = (), acceptable: Sequence[str] = ()) -> TurnGold:
    return TurnGold(
        should_retrieve=should, gold_slugs=list(gold), acceptable_slugs=list(acceptable)
    )


def golds(**fixtures: dict[int, TurnGold]) -> dict[str, Gold]:
    return {
        name.replace("_", "-"): Gold(
            fixture_id=name.replace("_", "-"),
            turns={str(k): v for k, v in turns.items()},
        )
        for name, turns in fixtures.items()
    }


GOLD = golds(
    f1={1: tg(True, ["people/a"]), 2: tg(False), 3: tg(True, ["people/b"], ["companies/c"])},
    f2={1: tg(False), 2: tg(True, ["people/d", "people/e"])},
)


def kta(rows: Sequence[TurnRow]) -> dict[str, float]:
    return score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask").metrics


def test_perfect_replay() -> None:
    rows = [
        row("f1", 1, ["people/a"]),
        row("f1", 2),
        row("f1", 3, ["people/b"]),
        row("f2", 1),
        row("f2", 2, ["people/e"]),
    ]
    cell = score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.metrics["know_to_ask_failure_rate"] == 0.0
    assert cell.metrics["false_fire_rate"] == 0.0
    assert cell.metrics["source_isolation_violations"] == 0.0
    assert (cell.gold_total, cell.gold_failed) == (5, 0)
    assert cell.fixtures == ("f1", "f2")
    assert cell.failures == ()


def test_always_silent_fails_every_should_retrieve_turn() -> None:
    rows = [row("f1", t) for t in (1, 2, 3)] + [row("f2", t) for t in (1, 2)]
    cell = score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.metrics["know_to_ask_failure_rate"] == 1.0
    assert cell.metrics["false_fire_rate"] == 0.0
    assert (cell.gold_total, cell.gold_failed) == (5, 3)
    assert [f.reason for f in cell.failures] == [
        "should retrieve [people/a]: injected nothing",
        "should retrieve [people/b]: injected nothing",
        "should retrieve [people/d, people/e]: injected nothing",
    ]
    assert [(f.fixture_id, f.item) for f in cell.failures] == [
        ("f1", "turn 1"),
        ("f1", "turn 3"),
        ("f2", "turn 2"),
    ]


def test_always_inject_loses_on_false_fire_rate() -> None:
    everything = ["people/a", "people/b", "people/d"]
    rows = [row("f1", t, everything) for t in (1, 2, 3)] + [
        row("f2", t, everything) for t in (1, 2)
    ]
    cell = score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.metrics["know_to_ask_failure_rate"] == 0.0
    assert cell.metrics["false_fire_rate"] == 1.0
    assert cell.gold_failed == 2
    assert cell.failures[0].reason == (
        "false fire: stay-silent turn injected [people/a, people/b, people/d]"
    )


def test_acceptable_slug_avoids_a_know_to_ask_failure() -> None:
    metrics = kta([row("f1", 3, ["companies/c"])])
    assert metrics["know_to_ask_failure_rate"] == 0.0


def test_irrelevant_injection_is_a_know_to_ask_failure_with_reason() -> None:
    cell = score_retrieval(
        [row("f1", 1, ["people/z"]), row("f1", 2)],
        GOLD,
        harness="openclaw",
        suite="know-to-ask",
    )
    assert cell.metrics["know_to_ask_failure_rate"] == 1.0
    assert cell.failures[0].reason == (
        "should retrieve [people/a]: injected [people/z], none gold or acceptable"
    )


def test_micro_average_over_fixtures() -> None:
    # 3 should-retrieve turns, one failed; 2 stay-silent, one fired.
    rows = [
        row("f1", 1, ["people/a"]),
        row("f1", 2, ["people/a"]),
        row("f1", 3),
        row("f2", 1),
        row("f2", 2, ["people/d"]),
    ]
    metrics = kta(rows)
    assert metrics["know_to_ask_failure_rate"] == pytest.approx(1 / 3)
    assert metrics["know_to_ask_failure_rate"] == 1 / 3  # unrounded
    assert metrics["false_fire_rate"] == 0.5


def test_zero_denominator_rates_are_omitted() -> None:
    silent_only = kta([row("f1", 2), row("f2", 1)])
    assert "know_to_ask_failure_rate" not in silent_only
    assert silent_only["false_fire_rate"] == 0.0
    should_only = kta([row("f1", 1, ["people/a"])])
    assert "false_fire_rate" not in should_only
    push = score_retrieval([row("f1", 1, suite="push")], GOLD, harness="openclaw", suite="push")
    assert "push_precision" not in push.metrics
    assert push.metrics["push_recall"] == 0.0


def test_turns_without_gold_count_for_tokens_and_isolation_only() -> None:
    rows = [
        row("f1", 1, ["people/a"], tokens=10.0),
        row("f1", 9, ["people/x"], tokens=20.0, cross=["people/x"]),  # no gold entry
        row("f1", 2, tokens=0.0),
    ]
    cell = score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.metrics["avg_injected_tokens"] == 10.0
    assert cell.metrics["source_isolation_violations"] == 1.0
    assert cell.metrics["false_fire_rate"] == 0.0
    assert cell.gold_total == 2
    assert [(f.item, f.reason) for f in cell.failures] == [
        ("turn 9", "source isolation: injected [people/x] from a non-active source")
    ]


def test_isolation_counts_distinct_foreign_slugs_per_turn() -> None:
    rows = [row("f1", 1, ["a", "b"], cross=["a", "b", "a"]), row("f1", 2, cross=["c"])]
    assert kta(rows)["source_isolation_violations"] == 3.0


def test_push_acceptable_counts_for_precision_not_recall() -> None:
    gold = golds(p1={1: tg(True, ["people/a", "people/b"], ["companies/c"])})
    rows = [row("p1", 1, ["people/a", "companies/c", "people/z"], suite="push")]
    cell = score_retrieval(rows, gold, harness="openclaw", suite="push")
    assert cell.metrics["push_precision"] == pytest.approx(2 / 3)
    assert cell.metrics["push_recall"] == 0.5
    # items: the 2 gold slugs; failed: people/b missed. people/z, outside gold and
    # acceptable, is a spurious injection: listed and counted, but not a gold item.
    assert (cell.gold_total, cell.gold_failed) == (2, 1)
    assert cell.metrics["spurious_injections"] == 1.0
    assert [(f.item, f.reason, f.metric) for f in cell.failures] == [
        (
            "turn 1 people/b",
            "should retrieve people/b: not injected (injected [people/a, companies/c, people/z])",
            "push_recall",
        ),
        (
            "turn 1 people/z",
            "spurious: injected people/z on a should-retrieve turn: not gold or acceptable",
            "spurious_injections",
        ),
    ]


def test_push_precision_counts_injection_on_stay_silent_gold_turns() -> None:
    gold = golds(p1={1: tg(True, ["people/a"]), 2: tg(False), 3: tg(True, ["people/b"])})
    rows = [
        row("p1", 1, ["people/a"], suite="push"),
        row("p1", 2, ["people/q"], suite="push"),
        row("p1", 3, suite="push"),
        row("p1", 4, ["people/r"], suite="push"),  # no gold entry: not judged
    ]
    cell = score_retrieval(rows, gold, harness="openclaw", suite="push")
    assert cell.metrics["push_precision"] == 0.5
    assert cell.metrics["push_recall"] == 0.5
    assert cell.metrics["spurious_injections"] == 1.0  # people/q; people/r has no gold
    assert (cell.gold_total, cell.gold_failed) == (2, 1)
    assert "stay-silent" in cell.failures[0].reason


def test_duplicate_injected_slugs_count_once() -> None:
    gold = golds(p1={1: tg(True, ["people/a"])})
    rows = [row("p1", 1, ["people/a", "people/a", "people/z"], suite="push")]
    cell = score_retrieval(rows, gold, harness="openclaw", suite="push")
    assert cell.metrics["push_precision"] == 0.5


def test_push_recall_micro_averages_slugs_not_turns() -> None:
    gold = golds(p1={1: tg(True, ["a", "b", "c"]), 2: tg(True, ["d"])})
    rows = [row("p1", 1, ["a", "b", "c"], suite="push"), row("p1", 2, suite="push")]
    cell = score_retrieval(rows, gold, harness="openclaw", suite="push")
    assert cell.metrics["push_recall"] == 0.75  # a macro average would say 0.5
    assert cell.metrics["push_precision"] == 1.0


def test_other_harnesses_and_suites_are_ignored() -> None:
    rows = [
        row("f1", 1, ["people/a"]),
        row("f1", 1, harness="codex"),
        row("f1", 1, suite="push"),
    ]
    cell = score_retrieval(rows, GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.gold_total == 1 and cell.gold_failed == 0


def test_duplicate_turn_row_is_a_user_error() -> None:
    with pytest.raises(ScoreUserError, match="turn 1 of fixture 'f1' was replayed twice"):
        kta([row("f1", 1), row("f1", 1)])


def test_missing_gold_document_is_a_user_error() -> None:
    with pytest.raises(ScoreUserError, match="'nope'"):
        kta([row("nope", 1)])


def test_empty_cell_reports_counts_but_no_rates() -> None:
    cell = score_retrieval([], GOLD, harness="openclaw", suite="know-to-ask")
    assert cell.metrics == {"source_isolation_violations": 0.0}
    assert (cell.gold_total, cell.gold_failed, cell.fixtures) == (0, 0, ())


def test_join_gold_sets_the_turn_gold_dict() -> None:
    rows = [row("f1", 3), row("f1", 9), row("unknown", 1)]
    joined = join_gold(rows, GOLD)
    assert joined[0].gold == {
        "should_retrieve": True,
        "gold_slugs": ["people/b"],
        "acceptable_slugs": ["companies/c"],
        "gold_facts": [],
    }
    assert joined[1].gold is None and joined[2].gold is None
    assert rows[0].gold is None  # inputs untouched


def _sample_gold(fixture_id: str) -> Gold:
    path = SAMPLES / "gold" / f"{fixture_id}.gold.json"
    return Gold.model_validate(json.loads(path.read_text(encoding="utf-8")))


def test_interop_sample_gold_scores_as_hand_computed() -> None:
    gold = {"kta-001-deal-recall": _sample_gold("kta-001-deal-recall")}
    rows = [
        row("kta-001-deal-recall", 1, ["people/alice-example"], suite="push"),
        row("kta-001-deal-recall", 3, suite="push"),
        row(
            "kta-001-deal-recall",
            4,
            ["people/charlie-example", "companies/widget-co"],
            suite="push",
        ),
    ]
    cell = score_retrieval(rows, gold, harness="openclaw", suite="push")
    # recall: alice + charlie of {alice, widget-co, charlie}; precision: 3 of 3 (acceptable).
    assert cell.metrics["push_recall"] == pytest.approx(2 / 3)
    assert cell.metrics["push_precision"] == 1.0
    assert (cell.gold_total, cell.gold_failed) == (3, 1)
