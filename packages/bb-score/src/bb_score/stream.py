"""Score a run item by item, so the run never holds every turn row until the end.

Know-to-ask and push cells are micro-averaged counts over turns, so they add up fixture by
fixture: each fixture's rows are tallied by bb_score's own :func:`~bb_score.tally_turns`
the moment its item finishes, and only the counts, an exact token sum and the fixture's
failures stay. Write-back and continuity records are few (one per write-back fixture, one per
reader and harness) and are scored at the end by bb_score's own scorers. Each fixture's rows,
gold joined, go to a sink (the Result's spill on disk) as soon as they are tallied.

:meth:`GroupScorer.finish` returns exactly what :func:`bb_score.score` returns for the same
records, joined rows aside: same cells, same metric values (the token sum is exact, as
``math.fsum`` is), same failed items in the same order. The equivalence is checked on a real
run by the streaming tests. The module is scoring code, so the scorer digest covers it: a
change here re-blesses the baseline as any change to a formula does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bb_schema import FailedItem, Gold, ScoreCell, Seam, Suite, TurnRow
from bb_schema.records import ReaderRecord, WriteBackRecord

from bb_score import (
    METRICS,
    RETRIEVAL_SUITES,
    CellScore,
    Failure,
    Scored,
    ScoreUserError,
    join_gold,
    score_continuity,
    score_writeback,
)
from bb_score.cells import _SUITE_ORDER, check_harnesses
from bb_score.retrieval import TurnTally, tally_turns

#: Where a fixture's joined rows of one cell go: (harness, suite, fixture_id, rows by turn).
RowSink = Callable[[str, Suite, str, list[TurnRow]], None]

_COUNTS = (
    "turns",
    "gold_turns",
    "should_turns",
    "kta_failures",
    "silent_turns",
    "false_fires",
    "precision_hits",
    "precision_injected",
    "recall_hits",
    "recall_gold",
    "missed",
    "spurious",
    "isolation",
    "unknown",
)


class ExactSum:
    """A float sum kept exact (Shewchuk's partials), so its total is ``math.fsum`` of all.

    ``math.fsum`` is correctly rounded whatever the order of its inputs; this keeps the
    running total as non-overlapping partials, so adding fixture by fixture, in any order,
    ends on the very float ``math.fsum`` of every value gives.
    """

    def __init__(self) -> None:
        self._partials: list[float] = []

    def add(self, value: float) -> None:
        """Add ``value`` exactly."""
        partials = self._partials
        kept = 0
        for other in partials:
            if abs(value) < abs(other):
                value, other = other, value
            high = value + other
            low = other - (high - value)
            if low:
                partials[kept] = low
                kept += 1
            value = high
        partials[kept:] = [value]

    @property
    def total(self) -> float:
        """The correctly rounded sum of everything added."""
        return math.fsum(self._partials)


def _turn_key(failure: Failure) -> int:
    words = failure.item.split()
    return int(words[1]) if len(words) > 1 and words[1].isdigit() else 0


def _ordered(values: Mapping[str, float | None]) -> dict[str, float]:
    """Present metrics in registry order, as bb_score orders every cell."""
    return {name: float(v) for name in METRICS if (v := values.get(name)) is not None}


@dataclass
class _RetrievalCell:
    """One harness's know-to-ask or push cell, fixture by fixture."""

    suite: Suite
    counts: TurnTally = field(default_factory=TurnTally)
    tokens: ExactSum = field(default_factory=ExactSum)
    fixtures: set[str] = field(default_factory=set)
    #: fixture -> its failures in turn order (isolation before the turn's own); failing ones.
    failures: dict[str, tuple[Failure, ...]] = field(default_factory=dict)

    def add(self, fixture_id: str, rows: Sequence[TurnRow], gold: Mapping[str, Gold]) -> None:
        tally = tally_turns(rows, gold)
        for name in _COUNTS:
            setattr(self.counts, name, getattr(self.counts, name) + getattr(tally, name))
        for row in rows:
            self.tokens.add(row.injected_tokens)
        self.fixtures.add(fixture_id)
        own = tally.kta_out if self.suite == "know-to-ask" else tally.push_out
        failed = sorted([*tally.isolation_out, *own], key=_turn_key)
        if failed:
            self.failures[fixture_id] = tuple(failed)

    def cell(self) -> CellScore:
        tally = self.counts
        tally.tokens = self.tokens.total
        if self.suite == "know-to-ask":
            specific = tally.know_to_ask_metrics()
            gold_total, gold_failed = tally.gold_turns, tally.kta_failures + tally.false_fires
        else:
            specific = tally.push_metrics()
            gold_total, gold_failed = tally.recall_gold, tally.missed
        fixtures = tuple(sorted(self.fixtures))
        return CellScore(
            gold_total=gold_total,
            gold_failed=gold_failed,
            metrics=_ordered({**specific, **tally.common_metrics()}),
            fixtures=fixtures,
            failures=tuple(f for fixture in fixtures for f in self.failures.get(fixture, ())),
        )


def _with_cuts(cell: CellScore, cuts: int | None) -> CellScore:
    if cuts is None:
        return cell
    metrics = _ordered({**cell.metrics, "pointer_budget_cuts": float(cuts)})
    return CellScore(cell.gold_total, cell.gold_failed, metrics, cell.fixtures, cell.failures)


class GroupScorer:
    """The cells of one memory system's harness rows, fed one plan item at a time."""

    def __init__(
        self,
        gold: Mapping[str, Gold],
        seams: Mapping[str, Seam],
        harnesses: Sequence[str],
        suites: Sequence[Suite],
        sink: RowSink,
    ) -> None:
        """Check the inputs as :func:`bb_score.score` does.

        Raises:
            ScoreUserError: no harness, a repeated one, one without a seam, an unknown suite.
        """
        check_harnesses(seams, harnesses, suites)
        self._gold = gold
        self._seams = dict(seams)
        self._harnesses = list(harnesses)
        self._wanted = set(suites)
        self._sink = sink
        self._retrieval = {(h, s): _RetrievalCell(s) for h in harnesses for s in RETRIEVAL_SUITES}
        self._seen_suites: set[Suite] = set()
        self._seen_blocks: set[tuple[str, Suite, str]] = set()
        self._continuity_rows: list[TurnRow] = []
        self._writeback: list[WriteBackRecord] = []
        self._readers: list[ReaderRecord] = []

    def add(
        self,
        rows: Sequence[TurnRow],
        writeback: Sequence[WriteBackRecord] = (),
        readers: Sequence[ReaderRecord] = (),
    ) -> None:
        """Score one item's records; its rows (gold joined) go to the sink.

        Raises:
            ScoreUserError: a row of an unscored harness, a turn replayed twice, or a
                fixture's rows of one cell split over two items.
        """
        blocks: dict[tuple[str, Suite, str], list[TurnRow]] = {}
        for row in rows:
            if row.suite not in self._wanted:
                continue
            if row.harness not in self._seams or row.harness not in self._harnesses:
                raise ScoreUserError(
                    f"turn row {row.fixture_id!r}/{row.turn_id!r} is for harness "
                    f"{row.harness!r}, outside the scored harnesses {self._harnesses!r}; pass "
                    "every replayed harness"
                )
            blocks.setdefault((row.harness, row.suite, row.fixture_id), []).append(row)
        for key, block in blocks.items():
            harness, suite, fixture_id = key
            ordered = sorted(block, key=lambda row: row.turn_id)
            for before, after in zip(ordered, ordered[1:], strict=False):
                if before.turn_id == after.turn_id:
                    raise ScoreUserError(
                        f"turn {after.turn_id!r} of fixture {fixture_id!r} was replayed twice "
                        f"on harness {harness!r} suite {suite!r}; each turn must yield exactly "
                        "one row"
                    )
            if key in self._seen_blocks:
                raise ScoreUserError(
                    f"fixture {fixture_id!r} was replayed twice on harness {harness!r} suite "
                    f"{suite!r}; each turn must yield exactly one row"
                )
            self._seen_blocks.add(key)
            self._seen_suites.add(suite)
            if suite in RETRIEVAL_SUITES:
                self._retrieval[(harness, suite)].add(fixture_id, ordered, self._gold)
            elif suite == "continuity":
                self._continuity_rows.extend(ordered)
            self._sink(harness, suite, fixture_id, join_gold(ordered, self._gold))
        self._writeback.extend(writeback)
        self._readers.extend(readers)

    def finish(self, budget_cuts: Mapping[str, int] | None = None) -> Scored:
        """The cells, failed items, fact rows and decision rows of everything added.

        ``joined_rows`` is empty: the rows went to the sink.

        Raises:
            ScoreUserError: budget cuts of an unscored harness or below zero; records that do
                not fit the gold (see :func:`bb_score.score`).
        """
        cuts = dict(budget_cuts or {})
        for harness, count in cuts.items():
            if harness not in self._harnesses or count < 0:
                raise ScoreUserError(
                    f"budget cuts {count!r} for harness {harness!r}: the harness must be "
                    "scored and the count non-negative"
                )
        scored: dict[tuple[str, Suite], CellScore] = {}
        for suite in RETRIEVAL_SUITES:
            if suite in self._wanted and suite in self._seen_suites:
                for harness in self._harnesses:
                    cell = self._retrieval[(harness, suite)].cell()
                    scored[(harness, suite)] = _with_cuts(cell, cuts.get(harness))
        fact_rows = []
        if "write-back" in self._wanted and self._writeback:
            written = score_writeback(self._writeback, self._gold)
            fact_rows = [
                row.model_copy(update={"harnesses": list(self._harnesses)})
                for row in written.fact_rows
            ]
            for harness in self._harnesses:
                scored[(harness, "write-back")] = written.cell
        decision_rows = []
        if "continuity" in self._wanted:
            continuity = score_continuity(
                self._readers, self._continuity_rows, self._gold, self._harnesses
            )
            decision_rows = continuity.decision_rows
            for harness, cell in continuity.cells.items():
                scored[(harness, "continuity")] = _with_cuts(cell, cuts.get(harness))
        order = {harness: index for index, harness in enumerate(self._harnesses)}
        keys = sorted(scored, key=lambda key: (order[key[0]], _SUITE_ORDER[key[1]]))
        cells: list[ScoreCell] = [
            scored[key].to_cell(harness=key[0], suite=key[1], seam=self._seams[key[0]])
            for key in keys
        ]
        failed: list[FailedItem] = [
            item for key in keys for item in scored[key].failed_items(harness=key[0], suite=key[1])
        ]
        return Scored(
            cells=cells,
            failed_items=failed,
            joined_rows=[],
            fact_rows=fact_rows,
            decision_rows=decision_rows,
        )
