"""The streamed Result: an exact token sum, and a spill that writes what dump_json writes."""

from __future__ import annotations

import itertools
import math

import pytest
from bb_cli._spill import ResultSpill
from bb_schema import Meta, Receipt, Result, ScoreCell, TurnEvidence, TurnRow, dump_json
from bb_schema.turn_context import Pointer, PointerEvidence
from bb_score.stream import ExactSum

HARNESSES = ["openclaw", "codex"]


@pytest.mark.parametrize(
    "values",
    [
        [1e16, 1.0, -1e16, 0.1, 0.2],
        [0.1] * 10 + [1e-17, -0.3],
        [3.5, 2.25, 1e308, -1e308, 7.0],
        [],
    ],
)
def test_an_exact_sum_is_fsum_in_any_order(values: list[float]) -> None:
    # A plain running sum of these depends on the order; fsum's (and ours) does not.
    for order in itertools.islice(itertools.permutations(values), 120):
        total = ExactSum()
        for value in order:
            total.add(value)
        assert total.total == math.fsum(values)


def _row(harness: str, suite: str, fixture: str, turn: int) -> TurnRow:
    return TurnRow(
        fixture_id=fixture,
        turn_id=turn,
        harness=harness,
        suite=suite,  # type: ignore[arg-type]
        injected_slugs=["people/ada-lovelace"] if turn % 2 else [],
        injected_tokens=turn * 1.5,
        gold={"should_retrieve": bool(turn % 2), "gold_slugs": ["people/ada-lovelace"]},
        cross_source_slugs=[],
        latency_ms=0.25 * turn,
    )


def _evidence(harness: str, fixture: str, turn: int) -> TurnEvidence:
    why = PointerEvidence(matched="Ada", start=3, end=6, surface="ada", score=1.0)
    return TurnEvidence(
        fixture_id=fixture,
        turn_id=turn,
        harness=harness,
        pointers=[Pointer(slug="people/ada-lovelace", source="default", evidence=why)],
        declined=[Pointer(slug="people/ada-byron", source="default", title="Ada \u00e9")],
    )


def _result(rows: list[TurnRow], evidence: list[TurnEvidence]) -> Result:
    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash="abc",
        harness_sha="unknown",
        ts="2026-01-01T00:00:00Z",
        cmd_args=["run"],
        seed=0,
        include_holdout=False,
        llm=False,
    )
    cell = ScoreCell(
        suite="push",
        harness="openclaw",
        seam="production",
        gold_total=1,
        gold_failed=0,
        metrics={"push_recall": 1.0},
        fixtures=["f-a"],
    )
    meta = Meta(harnesses=HARNESSES, suites=["push"], turn_evidence=evidence)
    return Result(receipt=receipt, cells=[cell], turn_rows=rows, seed_failures=[], meta=meta)


def test_the_spill_writes_the_whole_results_bytes() -> None:
    # The canonical order: harness as run, suite order, fixture, turn.
    rows = [
        _row(harness, suite, fixture, turn)
        for harness in HARNESSES
        for suite in ("know-to-ask", "push")
        for fixture in ("f-a", "f-b")
        for turn in (1, 2, 3)
    ]
    evidence = [_evidence("openclaw", "f-b", 1), _evidence("openclaw", "f-a", 3)]
    evidence += [_evidence("codex", "f-a", 1)]
    whole = _result(rows, evidence)
    with ResultSpill.temporary() as spill:
        spill.row_order = list(HARNESSES)
        # Blocks arrive in run order (fixture by fixture), not in the Result's order.
        blocks = sorted(
            {(r.harness, r.suite, r.fixture_id) for r in rows}, key=lambda k: (k[2], k[0])
        )
        for harness, suite, fixture in reversed(blocks):
            block = [
                r for r in rows if (r.harness, r.suite, r.fixture_id) == (harness, suite, fixture)
            ]
            spill.add_rows(harness, suite, fixture, block)  # type: ignore[arg-type]
        spill.add_evidence(1, evidence[2:])
        spill.add_evidence(0, evidence[:1])
        spill.add_evidence(0, evidence[1:2])
        assert spill.row_count == len(rows)
        assert spill.dump(_result([], [])) == dump_json(whole)


def test_an_empty_spill_writes_the_result_as_it_is() -> None:
    with ResultSpill.temporary() as spill:
        empty = _result([], [])
        assert spill.dump(empty) == dump_json(empty)
        whole = _result([_row("openclaw", "push", "f-a", 1)], [])
        assert spill.dump(whole) == dump_json(whole)  # a Result built whole (Dask)
        spill.add_rows("openclaw", "push", "f-a", [_row("openclaw", "push", "f-a", 1)])
        with pytest.raises(ValueError, match="spill"):
            spill.dump(whole)  # rows in both places: refused, never written twice
