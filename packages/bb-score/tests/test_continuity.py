from __future__ import annotations

from collections.abc import Sequence

import pytest
from bb_schema import ContinuityGold, Decision, Gold, TurnGold, TurnRow
from bb_schema.memory import StoredFact
from bb_schema.records import ReaderRecord, ReaderTurn
from bb_score import ScoreUserError, score_continuity

HARNESSES = ("openclaw", "codex")


def reader_gold(fixture: str, pair: str, *decisions: Decision) -> Gold:
    return Gold(
        fixture_id=fixture,
        turns={
            "1": TurnGold(should_retrieve=True, gold_slugs=["companies/w"]),
            "2": TurnGold(should_retrieve=False),
        },
        continuity=ContinuityGold(pair_id=pair, decisions=list(decisions)),
    )


D1 = Decision(decision_id="d1", expected_slugs=["companies/w"], match_keywords=["pass", "Widget"])
D2 = Decision(decision_id="d2", expected_slugs=["people/p"], match_keywords=["hire"])
GOLD = {
    "r1": reader_gold("r1", "c1", D1, D2),
    "r2": reader_gold("r2", "c2", D1),
}
PASS_FACT = StoredFact(
    fact="Decided to PASS on Widget Co", entity_slug="companies/w", source="default"
)


def record(
    reader: str,
    harness: str,
    *turns: ReaderTurn,
    recall: bool = True,
) -> ReaderRecord:
    return ReaderRecord(
        pair_id="c1" if reader == "r1" else "c2",
        reader_fixture_id=reader,
        harness=harness,
        recall_available=recall,
        turns=list(turns) or [ReaderTurn(turn_id=1), ReaderTurn(turn_id=2)],
    )


def turn(
    turn_id: int, text: str = "", recalled: Sequence[StoredFact] = (), cuts: int = 0
) -> ReaderTurn:
    return ReaderTurn(
        turn_id=turn_id, injected_text=text, recalled=list(recalled), recall_cuts=cuts
    )


def row(fixture: str, turn_id: int, harness: str, injected: Sequence[str] = ()) -> TurnRow:
    return TurnRow(
        fixture_id=fixture,
        turn_id=turn_id,
        harness=harness,
        suite="continuity",
        injected_slugs=list(injected),
        injected_tokens=10.0 * len(injected),
        gold=None,
        cross_source_slugs=[],
        latency_ms=0.0,
    )


def silent_rows(records: Sequence[ReaderRecord]) -> list[TurnRow]:
    """The reader turns replayed with nothing injected, on every recorded harness."""
    return [row(r.reader_fixture_id, t, r.harness) for r in records for t in (1, 2)]


def test_a_decision_arrives_by_push_or_by_recall_on_each_row() -> None:
    records = [
        # push: the injected text carries every keyword, whatever the case
        record("r1", "openclaw", turn(1, "- [Widget](brain://d/companies/w) — latest: pass"),
               turn(2, recalled=[StoredFact(fact="We will hire", entity_slug="people/p",
                                            source="default")])),
        # a pointer alone: the keywords are not in the text
        record("r2", "openclaw", turn(1, "- [Widget Co](brain://d/companies/w)")),
        record("r1", "codex", turn(1, recalled=[PASS_FACT], cuts=2)),
        record("r2", "codex", turn(1, "Widget pass", recalled=[PASS_FACT])),
    ]  # fmt: skip
    scored = score_continuity(records, silent_rows(records), GOLD, HARNESSES)
    assert list(scored.cells) == ["openclaw", "codex"]
    openclaw, codex = scored.cells["openclaw"], scored.cells["codex"]
    assert openclaw.metrics["continuity_rate"] == pytest.approx(2 / 3)
    assert openclaw.metrics["continuity_push_rate"] == pytest.approx(1 / 3)
    assert openclaw.metrics["recall_cuts"] == 0.0
    # three decisions and four reader turns with gold (two readers x two turns)
    assert (openclaw.gold_total, openclaw.gold_failed) == (3 + 4, 1 + 2)
    assert openclaw.fixtures == ("r1", "r2")
    assert [(f.fixture_id, f.item, f.metric) for f in openclaw.failures] == [
        ("r2", "c2/d1", "continuity_rate"),
        ("r1", "turn 1", "know_to_ask_failure_rate"),  # the pointer was never in the rows
        ("r2", "turn 1", "know_to_ask_failure_rate"),
    ]
    assert openclaw.failures[0].reason.startswith(
        "not carried over: no reader turn's injected text held every keyword ['pass', 'Widget']"
    )
    assert codex.metrics["continuity_rate"] == pytest.approx(2 / 3)  # d2 never arrived
    assert codex.metrics["continuity_push_rate"] == pytest.approx(1 / 3)
    assert codex.metrics["recall_cuts"] == 2.0
    rows = {(r.harness, r.reader_fixture_id, r.decision_id): r for r in scored.decision_rows}
    assert rows[("openclaw", "r1", "d1")].pushed_turn == 1
    assert rows[("openclaw", "r1", "d2")].recalled_turn == 2
    assert rows[("codex", "r1", "d1")].recalled == PASS_FACT
    assert not rows[("openclaw", "r2", "d1")].passed


def test_recall_counts_only_attributed_facts_of_a_row_with_a_recall_path() -> None:
    wrong_entity = PASS_FACT.model_copy(update={"entity_slug": "companies/other"})
    echo = StoredFact(
        fact="Where did we land on Widget?", entity_slug="companies/w", source="default"
    )
    records = [
        record("r2", "openclaw", turn(1, recalled=[wrong_entity, echo])),
        record("r2", "codex", turn(1, recalled=[PASS_FACT]), recall=False),
    ]
    cells = score_continuity(records, silent_rows(records), GOLD, HARNESSES).cells
    assert cells["openclaw"].metrics["continuity_rate"] == 0.0
    assert cells["codex"].metrics["continuity_rate"] == 0.0  # no recall path: answer ignored
    assert "recall_cuts" not in cells["codex"].metrics
    assert cells["codex"].failures[0].reason.endswith("the row has no recall path")


def test_a_recalled_fact_of_another_source_is_a_leak_not_carry_over() -> None:
    elsewhere = PASS_FACT.model_copy(update={"source": "team"})
    records = [record("r2", "openclaw", turn(1, recalled=[elsewhere, elsewhere]), turn(2))]
    cell = score_continuity(records, silent_rows(records), GOLD, ["openclaw"]).cells["openclaw"]
    assert cell.metrics["continuity_rate"] == 0.0
    assert cell.metrics["source_isolation_violations"] == 2.0
    leaks = [f for f in cell.failures if f.metric == "source_isolation_violations"]
    assert len(leaks) == 2 and "recall answered with 2 fact(s) of source(s) ['team']" in (
        leaks[0].reason
    )


def test_the_reader_s_own_turns_are_scored_in_the_cell() -> None:
    records = [record("r2", "openclaw", turn(1, "pass Widget"), turn(2))]
    rows = [
        row("r2", 1, "openclaw", ["companies/w", "people/x"]),
        row("r2", 2, "openclaw", ["people/y"]),  # a stay-silent turn that fired
    ]
    cell = score_continuity(records, rows, GOLD, ["openclaw"]).cells["openclaw"]
    assert cell.metrics == {
        "continuity_rate": 1.0,
        "continuity_push_rate": 1.0,
        "know_to_ask_failure_rate": 0.0,
        "false_fire_rate": 1.0,
        "push_precision": pytest.approx(1 / 3),
        "push_recall": 1.0,
        "spurious_injections": 2.0,
        "source_isolation_violations": 0.0,
        "avg_injected_tokens": 15.0,
        "recall_cuts": 0.0,
    }
    # one decision + two gold turns; the false fire fails its turn
    assert (cell.gold_total, cell.gold_failed) == (3, 1)
    assert [f.metric for f in cell.failures] == [
        "false_fire_rate",
        "spurious_injections",
        "spurious_injections",
    ]


def test_a_reader_not_replayed_on_a_harness_fails_there() -> None:
    records = [record("r2", "openclaw", turn(1, recalled=[PASS_FACT]))]
    scored = score_continuity(records, silent_rows(records), GOLD, HARNESSES)
    assert scored.cells["openclaw"].metrics["continuity_rate"] == 1.0
    assert scored.cells["codex"].metrics["continuity_rate"] == 0.0
    codex = scored.cells["codex"]
    assert [f.reason for f in codex.failures] == ["not replayed on this harness"] * 3
    assert (codex.gold_total, codex.gold_failed) == (1 + 2, 1 + 2)


def test_nothing_replayed_gives_no_cells() -> None:
    scored = score_continuity([], [], GOLD, HARNESSES)
    assert scored.cells == {} and scored.decision_rows == []


def test_mismatched_records_are_user_errors() -> None:
    with pytest.raises(ScoreUserError, match="'claude-code'"):
        score_continuity([record("r1", "claude-code")], [], GOLD, HARNESSES)
    wrong_pair = record("r1", "codex").model_copy(update={"pair_id": "c2"})
    with pytest.raises(ScoreUserError, match="belongs to pair 'c1'"):
        score_continuity([wrong_pair], [], GOLD, HARNESSES)
    with pytest.raises(ScoreUserError, match="replayed twice"):
        score_continuity([record("r1", "codex")] * 2, [], GOLD, HARNESSES)
    no_block = {"r1": Gold(fixture_id="r1", turns={})}
    with pytest.raises(ScoreUserError, match="no continuity block"):
        score_continuity([record("r1", "codex")], [], no_block, HARNESSES)
