"""The composition of every core scorer: rows and records in, sorted Result cells out.

Cells follow the harness order the caller gives, then the suite order of
``bb_schema.ALL_SUITES``. A suite gets cells only when the run produced input for it (turn rows
of that suite, write-back records, reader records); a harness that produced nothing for such a
suite still gets its cell, with ``gold_total`` counting what it should have been scored on
where the suite allows (continuity) or zero, so a silent runner failure is visible to the gate.
Write-back adds one fact row per gold fact and continuity one decision row per decision and
harness: the evidence an independent scorer needs to reproduce those cells.
Trust-suite cells come from bb_trust's measurements; merge them with :func:`sort_cells`.

Metric values stay unrounded floats here: rounding to 4 decimals happens only at the baseline
boundary (bb_gate).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bb_schema import (
    ALL_SUITES,
    DecisionRow,
    FactRow,
    FailedItem,
    Gold,
    ScoreCell,
    Seam,
    Suite,
    TurnRow,
)
from bb_schema.records import ReaderRecord, WriteBackRecord

from bb_score._cell import CellScore, ordered_metrics
from bb_score._errors import ScoreUserError
from bb_score.continuity import score_continuity
from bb_score.retrieval import RETRIEVAL_SUITES, join_gold, score_retrieval
from bb_score.writeback import score_writeback

__all__ = ["Scored", "score", "sort_cells", "sort_rows"]

_SUITE_ORDER = {suite: index for index, suite in enumerate(ALL_SUITES)}


@dataclass(frozen=True)
class Scored:
    """Everything scoring adds to a Result: cells, failed gold items, rows with gold joined."""

    cells: list[ScoreCell]
    failed_items: list[FailedItem]
    joined_rows: list[TurnRow]
    fact_rows: list[FactRow]
    decision_rows: list[DecisionRow]


def sort_cells(cells: Iterable[ScoreCell], harnesses: Sequence[str]) -> list[ScoreCell]:
    """Cells in harness order as given, then ``ALL_SUITES`` order (for merging trust cells).

    Raises:
        ScoreUserError: a cell names a harness outside ``harnesses``.
    """
    order = {harness: index for index, harness in enumerate(harnesses)}
    for cell in cells:
        if cell.harness not in order:
            raise ScoreUserError(
                f"cell for harness {cell.harness!r} is not among {list(harnesses)!r}"
            )
    return sorted(cells, key=lambda cell: (order[cell.harness], _SUITE_ORDER[cell.suite]))


def sort_rows(rows: Iterable[TurnRow], harnesses: Sequence[str]) -> list[TurnRow]:
    """Turn rows in a canonical order: harness as given, suite, fixture, turn."""
    order = {harness: index for index, harness in enumerate(harnesses)}
    return sorted(
        rows,
        key=lambda row: (
            order.get(row.harness, len(order)),
            row.harness,
            _SUITE_ORDER[row.suite],
            row.fixture_id,
            row.turn_id,
        ),
    )


def check_harnesses(
    seams: Mapping[str, Seam], harnesses: Sequence[str], suites: Sequence[Suite]
) -> None:
    """The checks every scoring path makes first.

    Raises:
        ScoreUserError: no harness, a repeated one, one without a seam, an unknown suite.
    """
    if not harnesses:
        raise ScoreUserError("no harness to score; name at least one, e.g. --harness openclaw")
    if len(set(harnesses)) != len(harnesses):
        raise ScoreUserError(f"harnesses {list(harnesses)!r} repeat a name; list each once")
    for harness in harnesses:
        if harness not in seams:
            raise ScoreUserError(
                f"harness {harness!r} has no seam; pass its seam (production or contract)"
            )
    for suite in suites:
        if suite not in _SUITE_ORDER:
            raise ScoreUserError(f"suite {suite!r} is unknown; choose from {list(ALL_SUITES)!r}")


def _check_inputs(
    rows: Sequence[TurnRow],
    seams: Mapping[str, Seam],
    harnesses: Sequence[str],
    suites: Sequence[Suite],
    budget_cuts: Mapping[str, int],
) -> None:
    check_harnesses(seams, harnesses, suites)
    for harness, cuts in budget_cuts.items():
        if harness not in harnesses or cuts < 0:
            raise ScoreUserError(
                f"budget cuts {cuts!r} for harness {harness!r}: the harness must be scored "
                "and the count non-negative"
            )
    for row in rows:
        if row.harness not in harnesses:
            raise ScoreUserError(
                f"turn row {row.fixture_id!r}/{row.turn_id!r} is for harness {row.harness!r}, "
                f"outside the scored harnesses {list(harnesses)!r}; pass every replayed harness"
            )


def _with_cuts(cell: CellScore, cuts: int | None) -> CellScore:
    if cuts is None:
        return cell
    metrics = ordered_metrics({**cell.metrics, "pointer_budget_cuts": float(cuts)})
    return CellScore(cell.gold_total, cell.gold_failed, metrics, cell.fixtures, cell.failures)


def score(
    rows: Iterable[TurnRow],
    gold_by_fixture: Mapping[str, Gold],
    writeback_records: Iterable[WriteBackRecord],
    reader_records: Iterable[ReaderRecord],
    seams: Mapping[str, Seam],
    harnesses: Sequence[str],
    suites: Sequence[Suite],
    budget_cuts: Mapping[str, int] | None = None,
) -> Scored:
    """Score a run: one cell per (harness, suite) with input, failed items, joined rows.

    ``budget_cuts`` (harness -> pointers the runner cut past the seam's budget) becomes the
    ``pointer_budget_cuts`` metric on every retrieval and continuity cell of that harness: the
    run-wide count of the harness, repeated on each of its injecting rows, never summed.

    Rows and records of suites outside ``suites`` are ignored: a suite filter narrows what is
    scored, not what the runner may have measured on the way (a continuity writer's write-back
    record, for one).

    Raises:
        ScoreUserError: inputs that do not fit together (unknown harness or suite, a harness
            without a seam, rows or records without gold, duplicated turns or probes).
    """
    wanted = set(suites)
    all_rows = [row for row in rows if row.suite in wanted]
    cuts = dict(budget_cuts or {})
    _check_inputs(all_rows, seams, harnesses, suites, cuts)
    scored: dict[tuple[str, Suite], CellScore] = {}
    for suite in RETRIEVAL_SUITES:
        if suite in wanted and any(row.suite == suite for row in all_rows):
            for harness in harnesses:
                cell = score_retrieval(all_rows, gold_by_fixture, harness=harness, suite=suite)
                scored[(harness, suite)] = _with_cuts(cell, cuts.get(harness))
    records = list(writeback_records)
    fact_rows: list[FactRow] = []
    if "write-back" in wanted and records:
        writeback = score_writeback(records, gold_by_fixture)
        fact_rows = [
            row.model_copy(update={"harnesses": list(harnesses)}) for row in writeback.fact_rows
        ]
        for harness in harnesses:
            scored[(harness, "write-back")] = writeback.cell
    decision_rows: list[DecisionRow] = []
    if "continuity" in wanted:
        continuity = score_continuity(reader_records, all_rows, gold_by_fixture, harnesses)
        decision_rows = continuity.decision_rows
        for harness, cell in continuity.cells.items():
            scored[(harness, "continuity")] = _with_cuts(cell, cuts.get(harness))
    order = {harness: index for index, harness in enumerate(harnesses)}
    keys = sorted(scored, key=lambda key: (order[key[0]], _SUITE_ORDER[key[1]]))
    cells = [scored[key].to_cell(harness=key[0], suite=key[1], seam=seams[key[0]]) for key in keys]
    failed = [
        item for key in keys for item in scored[key].failed_items(harness=key[0], suite=key[1])
    ]
    joined = join_gold(sort_rows(all_rows, harnesses), gold_by_fixture)
    return Scored(
        cells=cells,
        failed_items=failed,
        joined_rows=joined,
        fact_rows=fact_rows,
        decision_rows=decision_rows,
    )
