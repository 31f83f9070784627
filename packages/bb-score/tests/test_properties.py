from __future__ import annotations

import itertools

from bb_schema import Gold, GoldFact, Seam, Suite, TurnGold, TurnRow
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, WriteBackRecord
from bb_score import METRICS, score, score_writeback
from bb_score.writeback import distinct_facts, expected_for, matches, provenance_ok
from hypothesis import given, settings
from hypothesis import strategies as st

SLUGS = ["a", "b", "c", "d", "x/e"]
WORDS = ["alpha", "beta", "gamma"]
ENTITIES = [None, "people/p"]
HARNESSES = ("h1", "h2")
SEAMS: dict[str, Seam] = {"h1": "production", "h2": "contract"}
SUITES: tuple[Suite, ...] = ("know-to-ask", "push")
EXPECTED = Provenance(source="s", source_session="c", source_markdown_slug="conversations/c")

slug_sets = st.lists(st.sampled_from(SLUGS), max_size=4)
turn_gold = st.builds(
    TurnGold, should_retrieve=st.booleans(), gold_slugs=slug_sets, acceptable_slugs=slug_sets
)


@st.composite
def corpora(draw: st.DrawFn) -> tuple[dict[str, Gold], list[TurnRow]]:
    gold: dict[str, Gold] = {}
    rows: list[TurnRow] = []
    for fixture in ("f0", "f1", "f2"):
        turns = draw(st.dictionaries(st.integers(1, 5), turn_gold, max_size=4))
        gold[fixture] = Gold(fixture_id=fixture, turns={str(k): v for k, v in turns.items()})
        keys = draw(
            st.sets(
                st.tuples(st.integers(1, 6), st.sampled_from(HARNESSES), st.sampled_from(SUITES))
            )
        )
        for turn, harness, suite in sorted(keys):
            injected = draw(slug_sets)
            rows.append(
                TurnRow(
                    fixture_id=fixture,
                    turn_id=turn,
                    harness=harness,
                    suite=suite,
                    injected_slugs=injected,
                    injected_tokens=draw(st.floats(0, 500, allow_nan=False)),
                    gold=None,
                    cross_source_slugs=draw(st.lists(st.sampled_from(injected)))
                    if injected
                    else [],
                    latency_ms=1.0,
                )
            )
    return gold, rows


def _check_cells_in_range(cells: list[object]) -> None:
    for cell in cells:
        for name, value in cell.metrics.items():  # type: ignore[attr-defined]
            kind = METRICS[name].kind
            if kind == "rate":
                assert 0.0 <= value <= 1.0, (name, value)
            else:
                assert value >= 0.0, (name, value)


@settings(max_examples=60, deadline=None)
@given(corpora(), st.randoms(use_true_random=False))
def test_retrieval_rates_in_range_and_row_order_is_irrelevant(
    corpus: tuple[dict[str, Gold], list[TurnRow]], rnd: object
) -> None:
    gold, rows = corpus
    scored = score(rows, gold, [], [], SEAMS, HARNESSES, SUITES)
    _check_cells_in_range(scored.cells)  # type: ignore[arg-type]
    for cell in scored.cells:
        assert 0 <= cell.gold_failed <= cell.gold_total
    shuffled = list(rows)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    again = score(shuffled, gold, [], [], SEAMS, HARNESSES, SUITES)
    assert again == scored


fact = st.builds(
    GoldFact,
    gist=st.just("g"),
    fact=st.just("f"),
    entity_slug=st.sampled_from(ENTITIES),
    match_keywords=st.lists(st.sampled_from(WORDS), min_size=1, max_size=2),
)
stored_fact = st.builds(
    StoredFact,
    fact=st.lists(st.sampled_from([*WORDS, "ALPHA"]), max_size=3).map(" ".join),
    entity_slug=st.sampled_from(ENTITIES),
    # Mostly right provenance, so rows that differ only by their stamp are common.
    source=st.sampled_from(["s", "s", "t"]),
    source_session=st.sampled_from(["c#1", "c#1", "c#2", "c", None]),
    source_markdown_slug=st.sampled_from(["conversations/c", "conversations/c", None]),
    status=st.sampled_from(["active", "active", "superseded"]),
)


def _gold(fixture: str, facts: list[GoldFact]) -> Gold:
    return Gold(
        fixture_id=fixture,
        turns={"1": TurnGold(should_retrieve=False, gold_facts=facts)} if facts else {},
    )


def _brute_force(
    facts: list[GoldFact], rows: list[StoredFact], want: Provenance
) -> tuple[int, int]:
    """(max matched, max correctly stamped among maximum matchings) by exhaustion."""
    active = [row for row in rows if row.status == "active"]
    best = (0, 0)
    slots: list[int | None] = [*range(len(active)), *([None] * len(facts))]
    for choice in itertools.permutations(slots, len(facts)):
        used = [c for c in choice if c is not None]
        if len(used) != len(set(used)):
            continue
        pairs = [(f, active[c]) for f, c in zip(facts, choice, strict=True) if c is not None]
        if not all(matches(row, f) for f, row in pairs):
            continue
        best = max(best, (len(pairs), sum(provenance_ok(row, want) for _, row in pairs)))
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.lists(fact, max_size=3),
    st.lists(stored_fact, max_size=4),
    st.sampled_from(["gold", "rules"]),
    st.randoms(use_true_random=False),
)
def test_writeback_is_optimal_in_range_and_order_free(
    facts: list[GoldFact], rows: list[StoredFact], extractor: str, rnd: object
) -> None:
    gold = {"w": _gold("w", facts)}
    record = WriteBackRecord(
        fixture_id="w", expected=EXPECTED, stored=rows, extractor=extractor, segments=[[1]]
    )
    scored = score_writeback([record], gold)
    cell, fact_rows = scored.cell, scored.fact_rows
    _check_cells_in_range([cell])
    items = distinct_facts(gold["w"])
    want = expected_for(record, items[0]) if items else EXPECTED
    matched, stamped = _brute_force([item.fact for item in items], rows, want)
    # the assignment is optimal: as many facts held, and as many rightly stamped, as possible
    assert sum(row.matched is not None for row in fact_rows) == matched
    assert sum(r.matched is not None and provenance_ok(r.matched, want) for r in fact_rows) == (
        stamped
    )
    kept = [row for row in fact_rows if row.matched is not None and row.times_stored == 1]
    right = [row for row in kept if row.matched and provenance_ok(row.matched, want)]
    assert cell.gold_total == len(items) == len(fact_rows)
    assert cell.gold_failed == len(items) - len(right) == sum(not r.passed for r in fact_rows)
    if items:
        assert cell.metrics["write_back_fidelity"] == len(kept) / len(items)
    if kept:
        assert cell.metrics["provenance_accuracy"] == len(right) / len(kept)
    shuffled = list(rows)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    again = score_writeback([record.model_copy(update={"stored": shuffled})], gold)
    assert again == scored
