from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from bb_schema import Gold, GoldFact, TurnGold
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, WriteBackRecord
from bb_score import ScoreUserError, score_writeback
from bb_score._matching import match

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
EXPECTED = Provenance(
    source="default", source_session="s1", source_markdown_slug="conversations/s1"
)


def gf(keywords: Sequence[str], entity: str | None = "people/alice", gist: str = "g") -> GoldFact:
    return GoldFact(
        gist=gist, fact=" ".join(keywords), entity_slug=entity, match_keywords=list(keywords)
    )


def sf(
    text: str,
    entity: str | None = "people/alice",
    *,
    session: str | None = "s1",
    source: str = "default",
    slug: str | None = "conversations/s1",
    status: str = "active",
) -> StoredFact:
    return StoredFact(
        fact=text,
        entity_slug=entity,
        source=source,
        source_session=session,
        source_markdown_slug=slug,
        status=status,
    )


def gold(fixture: str, *facts: GoldFact) -> dict[str, Gold]:
    turns = {
        str(i + 1): TurnGold(should_retrieve=False, gold_facts=[f]) for i, f in enumerate(facts)
    }
    return {fixture: Gold(fixture_id=fixture, turns=turns)}


def record(fixture: str, stored: Sequence[StoredFact], extractor: str = "gold") -> WriteBackRecord:
    return WriteBackRecord(
        fixture_id=fixture, expected=EXPECTED, stored=list(stored), extractor=extractor
    )


def test_every_fact_survives_with_right_provenance() -> None:
    g = gold("w", gf(["pricing", "gross margin"]), gf(["MRR"]))
    cell = score_writeback(
        [record("w", [sf("Worried about PRICING and Gross Margin"), sf("mrr is up")])], g
    )
    assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}
    assert (cell.gold_total, cell.gold_failed, cell.fixtures) == (2, 0, ("w",))


def test_a_missing_keyword_loses_the_fact() -> None:
    g = gold("w", gf(["pricing", "gross margin"]))
    cell = score_writeback([record("w", [sf("pricing only")])], g)
    assert cell.metrics == {"write_back_fidelity": 0.0}  # no survivors: provenance omitted
    assert (cell.gold_total, cell.gold_failed) == (1, 1)
    assert cell.failures[0].item == "turn 1 fact 1: g"
    assert cell.failures[0].reason == (
        "lost: no active stored fact holds every keyword ['pricing', 'gross margin']"
    )


def test_wrong_entity_fact_is_lost() -> None:
    g = gold("w", gf(["pricing"], entity="people/alice"))
    cell = score_writeback([record("w", [sf("pricing", entity="people/bob")])], g)
    assert cell.metrics["write_back_fidelity"] == 0.0
    assert cell.failures[0].reason == (
        "lost: stored facts hold ['pricing'] but name entity 'people/bob' instead of 'people/alice'"
    )
    unattributed = score_writeback([record("w", [sf("pricing", entity=None)])], g)
    assert unattributed.metrics["write_back_fidelity"] == 0.0


def test_no_entity_matches_no_entity() -> None:
    g = gold("w", gf(["pricing"], entity=None))
    assert (
        score_writeback([record("w", [sf("pricing", entity=None)])], g).metrics[
            "write_back_fidelity"
        ]
        == 1.0
    )
    assert score_writeback([record("w", [sf("pricing")])], g).metrics["write_back_fidelity"] == 0.0


def test_wrong_session_stamp_fails_provenance() -> None:
    g = gold("w", gf(["pricing"]), gf(["margin"]))
    cell = score_writeback([record("w", [sf("pricing"), sf("margin", session="s2")])], g)
    assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 0.5}
    assert (cell.gold_total, cell.gold_failed) == (2, 1)
    assert cell.failures[0].reason == (
        "wrong provenance on 'margin': source_session 's2' (expected 's1')"
    )


@pytest.mark.parametrize(
    "stored",
    [
        sf("pricing", source="other"),
        sf("pricing", slug="conversations/s2"),
        sf("pricing", slug=None),
        sf("pricing", session=None),
    ],
)
def test_each_provenance_field_is_checked(stored: StoredFact) -> None:
    cell = score_writeback([record("w", [stored])], gold("w", gf(["pricing"])))
    assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 0.0}
    assert cell.gold_failed == 1


def test_a_stored_row_satisfies_at_most_one_gold_fact() -> None:
    g = gold("w", gf(["pricing"], gist="a"), gf(["pricing"], gist="b"))
    cell = score_writeback([record("w", [sf("pricing")])], g)
    assert cell.metrics["write_back_fidelity"] == 0.5
    assert cell.failures[0].reason.startswith("lost: every stored fact holding ['pricing']")
    assert cell.failures[0].reason.endswith("already satisfies another gold fact")
    two_rows = score_writeback([record("w", [sf("pricing"), sf("pricing again")])], g)
    assert two_rows.metrics["write_back_fidelity"] == 1.0


def _greedy(facts: Sequence[GoldFact], rows: Sequence[StoredFact]) -> int:
    used: set[int] = set()
    for fact in facts:
        for index, stored in enumerate(rows):
            text = stored.fact.lower()
            if index not in used and all(k.lower() in text for k in fact.match_keywords):
                used.add(index)
                break
    return len(used)


def test_bipartite_matching_keeps_facts_greedy_would_strand() -> None:
    broad, narrow = gf(["alpha"], gist="broad"), gf(["alpha", "beta"], gist="narrow")
    rows = [sf("alpha beta"), sf("alpha gamma")]
    # A greedy pass in gold order gives "alpha beta" to the broad fact and strands the narrow one.
    assert _greedy([broad, narrow], rows) == 1
    for facts in itertools.permutations([broad, narrow]):
        for ordered in itertools.permutations(rows):
            cell = score_writeback([record("w", list(ordered))], gold("w", *facts))
            assert cell.metrics["write_back_fidelity"] == 1.0


def test_matching_prefers_correctly_stamped_rows_in_any_order() -> None:
    g = gold("w", gf(["pricing"]))
    for rows in itertools.permutations([sf("pricing", session="s9"), sf("pricing")]):
        cell = score_writeback([record("w", list(rows))], g)
        assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}


def test_inactive_rows_do_not_survive() -> None:
    cell = score_writeback(
        [record("w", [sf("pricing", status="superseded")])], gold("w", gf(["pricing"]))
    )
    assert cell.metrics["write_back_fidelity"] == 0.0


def test_micro_average_over_fixtures() -> None:
    g = {**gold("a", gf(["x"]), gf(["y"]), gf(["z"])), **gold("b", gf(["q"]))}
    cell = score_writeback([record("b", []), record("a", [sf("x y z")])], g)
    # a: one row holds x, y and z but satisfies one fact; b: nothing. 1 of 4.
    assert cell.metrics["write_back_fidelity"] == 0.25
    assert (cell.gold_total, cell.gold_failed, cell.fixtures) == (4, 3, ("a", "b"))


def test_extraction_metrics_for_non_gold_extractors_only() -> None:
    g = gold("w", gf(["pricing"]), gf(["margin"]), gf(["friday"]))
    stored = [
        sf("pricing concern"),
        sf("pricing again"),  # duplicate match: precise, but claims no second fact
        sf("weather chat"),  # extracted noise
        sf("margin", session="seeded"),  # not this conversation's output
    ]
    rules = score_writeback([record("w", stored, extractor="rules")], g)
    assert rules.metrics["write_back_fidelity"] == pytest.approx(2 / 3)
    assert rules.metrics["provenance_accuracy"] == 0.5
    assert rules.metrics["extraction_recall"] == pytest.approx(1 / 3)
    assert rules.metrics["extraction_precision"] == pytest.approx(2 / 3)
    assert list(rules.metrics) == [
        "write_back_fidelity",
        "provenance_accuracy",
        "extraction_recall",
        "extraction_precision",
    ]
    gold_mode = score_writeback([record("w", stored)], g)
    assert "extraction_recall" not in gold_mode.metrics
    assert "extraction_precision" not in gold_mode.metrics


def test_extraction_precision_omitted_when_the_extractor_stored_nothing() -> None:
    cell = score_writeback([record("w", [], extractor="llm")], gold("w", gf(["x"])))
    assert cell.metrics == {"write_back_fidelity": 0.0, "extraction_recall": 0.0}


def test_duplicate_record_and_missing_gold_are_user_errors() -> None:
    g = gold("w", gf(["x"]))
    with pytest.raises(ScoreUserError, match="two write-back records"):
        score_writeback([record("w", []), record("w", [])], g)
    with pytest.raises(ScoreUserError, match="'nope'"):
        score_writeback([record("nope", [])], g)


def test_interop_sample_fixture_with_perfect_pipeline() -> None:
    path = SAMPLES / "gold" / "wb-001-pricing-concern.gold.json"
    sample = Gold.model_validate(json.loads(path.read_text(encoding="utf-8")))
    stored = [
        sf(fact.fact, fact.entity_slug)
        for entry in sample.turns.values()
        for fact in entry.gold_facts
    ]
    cell = score_writeback([record(sample.fixture_id, stored)], {sample.fixture_id: sample})
    assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}
    assert cell.gold_total == 3


def test_match_primitive() -> None:
    assert match(0, []) == []
    assert match(2, [[(0, False), (1, False)], [(0, False)]]) == [1, 0]
    assert match(1, [[(0, False)], [(0, True)]]) == [None, 0]
    with pytest.raises(ValueError, match="outside"):
        match(1, [[(3, False)]])
