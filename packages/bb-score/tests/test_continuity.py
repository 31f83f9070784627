from __future__ import annotations

from collections.abc import Sequence

import pytest
from bb_schema import ContinuityGold, Decision, Gold, TurnGold
from bb_schema.records import ProbeRecord
from bb_score import ScoreUserError, score_continuity

HARNESSES = ("openclaw", "codex")


def reader_gold(fixture: str, pair: str, *decisions: Decision) -> Gold:
    return Gold(
        fixture_id=fixture,
        turns={"1": TurnGold(should_retrieve=True, gold_slugs=["companies/w"])},
        continuity=ContinuityGold(pair_id=pair, decisions=list(decisions)),
    )


D1 = Decision(decision_id="d1", expected_slugs=["companies/w"], match_keywords=["pass", "w"])
D2 = Decision(decision_id="d2", expected_slugs=["people/p"], match_keywords=["hire"])
GOLD = {
    "r1": reader_gold("r1", "c1", D1, D2),
    "r2": reader_gold("r2", "c2", D1),
}


def probe(
    reader: str,
    decision: str,
    harness: str,
    injected: Sequence[str] = (),
    fact_hit: bool = False,
) -> ProbeRecord:
    return ProbeRecord(
        pair_id="c1" if reader == "r1" else "c2",
        reader_fixture_id=reader,
        decision_id=decision,
        harness=harness,
        injected_slugs=list(injected),
        fact_hit=fact_hit,
    )


def test_recall_by_pointer_or_by_fact_per_reader_harness() -> None:
    records = [
        probe("r1", "d1", "openclaw", ["companies/w"]),
        probe("r1", "d2", "openclaw", fact_hit=True),
        probe("r2", "d1", "openclaw", ["other"]),
        probe("r1", "d1", "codex"),
        probe("r1", "d2", "codex", ["people/p"]),
        probe("r2", "d1", "codex", fact_hit=True),
    ]
    cells = score_continuity(records, GOLD, HARNESSES)
    assert list(cells) == ["openclaw", "codex"]
    openclaw, codex = cells["openclaw"], cells["codex"]
    assert openclaw.metrics == {"continuity_rate": pytest.approx(2 / 3)}
    assert (openclaw.gold_total, openclaw.gold_failed) == (3, 1)
    assert openclaw.fixtures == ("r1", "r2")
    assert [(f.fixture_id, f.item, f.reason) for f in openclaw.failures] == [
        (
            "r2",
            "c2/d1",
            "not recalled: expected [companies/w], injected [other]; "
            "no active fact matched ['pass', 'w']",
        )
    ]
    assert codex.metrics["continuity_rate"] == pytest.approx(2 / 3)
    assert codex.failures[0].reason.startswith(
        "not recalled: expected [companies/w], injected nothing"
    )


def test_a_decision_not_probed_on_a_harness_fails_there() -> None:
    records = [probe("r2", "d1", "openclaw", fact_hit=True)]
    cells = score_continuity(records, GOLD, HARNESSES)
    assert cells["openclaw"].metrics["continuity_rate"] == 1.0
    assert cells["codex"].metrics["continuity_rate"] == 0.0
    assert cells["codex"].failures[0].reason == "not probed on this harness"
    assert cells["codex"].gold_total == 1


def test_nothing_probed_gives_no_cells() -> None:
    assert score_continuity([], GOLD, HARNESSES) == {}


def test_mismatched_records_are_user_errors() -> None:
    with pytest.raises(ScoreUserError, match="'claude-code'"):
        score_continuity([probe("r1", "d1", "claude-code")], GOLD, HARNESSES)
    with pytest.raises(ScoreUserError, match="'d9'"):
        score_continuity([probe("r1", "d9", "codex")], GOLD, HARNESSES)
    wrong_pair = probe("r1", "d1", "codex").model_copy(update={"pair_id": "c2"})
    with pytest.raises(ScoreUserError, match="belongs to pair 'c1'"):
        score_continuity([wrong_pair], GOLD, HARNESSES)
    with pytest.raises(ScoreUserError, match="probed twice"):
        score_continuity([probe("r1", "d1", "codex")] * 2, GOLD, HARNESSES)
    no_block = {"r1": Gold(fixture_id="r1", turns={})}
    with pytest.raises(ScoreUserError, match="no continuity block"):
        score_continuity([probe("r1", "d1", "codex")], no_block, HARNESSES)
