from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from bb_schema import Gold, GoldFact, TurnGold
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, WriteBackRecord
from bb_score import ScoreUserError
from bb_score import score_writeback as score_writeback_rows
from bb_score._cell import CellScore
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
    session: str | None = "s1#1",
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


def record(
    fixture: str,
    stored: Sequence[StoredFact],
    extractor: str = "gold",
    segments: Sequence[Sequence[int]] = ((1, 2, 3, 4),),
) -> WriteBackRecord:
    return WriteBackRecord(
        fixture_id=fixture,
        expected=EXPECTED,
        stored=list(stored),
        extractor=extractor,
        segments=[list(segment) for segment in segments],
    )


def score_writeback(
    records: Sequence[WriteBackRecord], gold_by_fixture: dict[str, Gold]
) -> CellScore:
    """The cell alone (the fact rows have tests of their own)."""
    return score_writeback_rows(records, gold_by_fixture).cell


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


@pytest.mark.parametrize(
    ("stored", "keyword"),
    [
        ("Ine\u0301s Falco\u0301n paid the deposit", "Inés"),  # stored with combining accents
        ("Inés Falcón paid the deposit", "ine\u0301s"),  # the keyword typed with them
        ("INÉS FALCÓN PAID THE DEPOSIT", "falco\u0301n"),  # and in capitals
    ],
)
def test_canonically_equivalent_spellings_match(stored: str, keyword: str) -> None:
    """An "é" typed as one letter and as "e" plus a combining accent are the same text."""
    g = gold("w", gf([keyword, "deposit"]))
    cell = score_writeback([record("w", [sf(stored)])], g)
    assert cell.metrics["write_back_fidelity"] == 1.0


def test_a_different_letter_is_still_a_miss() -> None:
    """Matching folds case and form, not accents: "Ines" is not "Inés"."""
    g = gold("w", gf(["Inés", "deposit"]))
    cell = score_writeback([record("w", [sf("Ines Falcon paid the deposit")])], g)
    assert cell.metrics["write_back_fidelity"] == 0.0


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
        "wrong provenance on 'margin': source_session 's2' (expected 's1#1')"
    )
    assert cell.failures[0].metric == "provenance_accuracy"


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
    g = gold("w", gf(["pricing", "margin"], gist="a"), gf(["pricing"], gist="b"))
    cell = score_writeback([record("w", [sf("pricing margin")])], g)
    assert cell.metrics["write_back_fidelity"] == 0.5
    assert cell.failures[0].reason.startswith("lost: every stored fact holding ['pricing']")
    assert cell.failures[0].reason.endswith("already satisfies another gold fact")
    two_rows = score_writeback([record("w", [sf("pricing margin"), sf("pricing again")])], g)
    assert two_rows.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}


def test_a_fact_stored_twice_is_a_defect_not_extra_credit() -> None:
    g = gold("w", gf(["pricing"]), gf(["margin"]))
    cell = score_writeback([record("w", [sf("pricing"), sf("PRICING!"), sf("margin")])], g)
    assert cell.metrics == {"write_back_fidelity": 0.5, "provenance_accuracy": 1.0}
    assert (cell.gold_total, cell.gold_failed) == (2, 1)
    assert cell.failures[0].reason.startswith("stored 2 times")
    assert cell.failures[0].metric == "write_back_fidelity"


def test_a_restated_fact_is_one_item_expected_in_its_first_segment() -> None:
    restated = {
        "w": Gold(
            fixture_id="w",
            turns={
                "1": TurnGold(should_retrieve=False, gold_facts=[gf(["pricing"], gist="p")]),
                "3": TurnGold(should_retrieve=False, gold_facts=[gf(["margin"], gist="m")]),
                "5": TurnGold(
                    should_retrieve=False,
                    gold_facts=[gf(["margin"], gist="m again"), gf(["PRICING"], gist="p2")],
                ),
            },
        )
    }
    segments = ((1, 2), (3, 4, 5))  # a gap before turn 3
    right = [sf("pricing", session="s1#1"), sf("margin", session="s1#2")]
    scored = score_writeback_rows([record("w", right, segments=segments)], restated)
    assert scored.cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}
    assert scored.cell.gold_total == 2
    rows = scored.fact_rows
    assert [(r.item, r.fact_index, r.turn_ids, r.times_stored) for r in rows] == [
        ("turn 1 fact 1: p", 1, [1, 5], 1),
        ("turn 3 fact 1: m", 2, [3, 5], 1),
    ]
    assert [r.expected.source_session for r in rows] == ["s1#1", "s1#2"]
    # a pipeline that segments per turn stamps other labels: provenance catches it
    per_turn = [sf("pricing", session="s1#1"), sf("margin", session="s1#3")]
    wrong = score_writeback([record("w", per_turn, segments=segments)], restated)
    assert wrong.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 0.5}
    # a pipeline that keeps the restatement stores it twice: fidelity catches it
    undeduplicated = [*right, sf("margin again", session="s1#2")]
    doubled = score_writeback([record("w", undeduplicated, segments=segments)], restated)
    assert doubled.metrics == {"write_back_fidelity": 0.5, "provenance_accuracy": 1.0}
    assert doubled.failures[0].reason.startswith("stored 2 times")


def test_a_restatement_typed_in_another_unicode_form_is_the_same_item() -> None:
    """ "Inés" precomposed and with a combining accent: one fact said twice, not two."""
    restated = {
        "w": Gold(
            fixture_id="w",
            turns={
                "1": TurnGold(should_retrieve=False, gold_facts=[gf(["Inés"], gist="i")]),
                "3": TurnGold(
                    should_retrieve=False, gold_facts=[gf(["ine\u0301s"], gist="i again")]
                ),
            },
        )
    }
    scored = score_writeback_rows([record("w", [sf("Inés paid")])], restated)
    assert scored.cell.gold_total == 1
    assert scored.cell.metrics["write_back_fidelity"] == 1.0


def test_fact_rows_carry_what_re_scoring_needs() -> None:
    g = gold("w", gf(["pricing"], gist="p"), gf(["margin"], gist="m"), gf(["tea"], gist="t"))
    stored = [sf("pricing"), sf("margin", session="s9"), sf("tea"), sf("more tea")]
    scored = score_writeback_rows([record("w", stored)], g)
    rows = {row.item: row for row in scored.fact_rows}
    assert rows["turn 1 fact 1: p"].passed and rows["turn 1 fact 1: p"].reason == ""
    assert rows["turn 1 fact 1: p"].matched == sf("pricing")
    assert rows["turn 2 fact 1: m"].matched is not None
    assert rows["turn 2 fact 1: m"].matched.source_session == "s9"
    assert not rows["turn 2 fact 1: m"].passed
    assert rows["turn 3 fact 1: t"].times_stored == 2
    assert rows["turn 3 fact 1: t"].match_keywords == ["tea"]
    assert all(
        row.extractor == "gold" and row.expected.source == "default" for row in rows.values()
    )
    assert scored.cell.gold_failed == sum(not row.passed for row in rows.values()) == 2


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
        scored = score_writeback_rows([record("w", list(rows))], g)
        (row,) = scored.fact_rows
        assert row.matched == sf("pricing")  # the correctly stamped copy, in any order
        assert (row.times_stored, row.passed) == (2, False)  # but a copy is one too many
        assert scored.cell.metrics == {"write_back_fidelity": 0.0}


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
    # pricing is stored twice (not kept); margin is kept, from a row of another session
    assert rules.metrics["write_back_fidelity"] == pytest.approx(1 / 3)
    assert rules.metrics["provenance_accuracy"] == 0.0
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
    one_segment = ((1, 2, 3, 4),)
    cell = score_writeback(
        [record(sample.fixture_id, stored, segments=one_segment)], {sample.fixture_id: sample}
    )
    assert cell.metrics == {"write_back_fidelity": 1.0, "provenance_accuracy": 1.0}
    assert cell.gold_total == 3


def test_match_primitive() -> None:
    assert match(0, []) == []
    assert match(2, [[(0, False), (1, False)], [(0, False)]]) == [1, 0]
    assert match(1, [[(0, False)], [(0, True)]]) == [None, 0]
    with pytest.raises(ValueError, match="outside"):
        match(1, [[(3, False)]])
