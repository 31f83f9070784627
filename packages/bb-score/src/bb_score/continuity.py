"""Continuity scoring: did the writer's decisions reach the reader through the row's own path?

Per READER harness row, a decision (its ``match_keywords`` and ``expected_slugs``) succeeds
when its content reaches the reader through that row (docs/METHODOLOGY.md, "Continuity"):

* **push**: the injected text of some reader turn on the row carries every keyword
  (the keyword rule of :mod:`bb_schema.text`: case folded, in NFC); or
* **recall**: the row has an explicit recall path, and the answer to some reader turn's own
  text (cut to the runner's cap) holds a fact of the reader's active source containing every
  keyword and attributed to one of the decision's expected slugs. A recalled fact of another
  source is a leak: it counts in ``source_isolation_violations``, never as carry-over.

A pointer to a page alone proves nothing (the page existed before the writer spoke), and the
corpus guarantees that one keyword of each decision is in none of the reader's turns and none
of the pair's seeded pages or facts, so neither an echo of the question nor a seeded summary
can carry a decision. A row whose memory stored nothing therefore scores 0.

* ``continuity_rate`` = |decisions that arrived by push or recall| / |decisions|.
* ``continuity_push_rate`` = |decisions that arrived by push| / |decisions|.
* ``recall_cuts`` = recall answers past the cap, over the row's reader turns (rows with a
  recall path only).

The reader's own turns are scored too, with the know-to-ask and push formulas
(:func:`bb_score.retrieval.tally_turns`), plus ``spurious_injections``,
``source_isolation_violations`` and ``avg_injected_tokens``: a reader replay injects, so it
answers for what it injects. Gold items: every decision, plus every reader turn with gold
(failing as a know-to-ask item fails); ``gold_failed`` = failed decisions + know-to-ask
failures + false fires. Every decision on every row becomes a :class:`bb_schema.DecisionRow`.

The decisions of a harness are every decision of every reader fixture the runner replayed
(on any harness): a reader without a record on some requested harness fails its decisions
there, so a runner that silently skips a row shows up as lost continuity.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bb_schema import ContinuityGold, Decision, DecisionRow, Gold, TurnRow
from bb_schema.memory import StoredFact
from bb_schema.records import ReaderRecord

from bb_score._cell import (
    CellScore,
    Failure,
    holds_all,
    keyword_list,
    ordered_metrics,
    rate,
    slug_list,
)
from bb_score._errors import ScoreUserError
from bb_score.retrieval import tally_turns

__all__ = ["ContinuityScore", "score_continuity"]

_Key = tuple[str, str]  # (reader fixture, harness)


@dataclass(frozen=True)
class ContinuityScore:
    """The continuity cell of each harness, and every decision row."""

    cells: dict[str, CellScore]
    decision_rows: list[DecisionRow]


def _reader_gold(fixture_id: str, gold_by_fixture: Mapping[str, Gold]) -> ContinuityGold:
    gold = gold_by_fixture.get(fixture_id)
    if gold is None or gold.continuity is None:
        raise ScoreUserError(
            f"reader records name fixture {fixture_id!r}, but its gold has no continuity "
            f"block; pass the gold directory holding {fixture_id}.gold.json with its decisions"
        )
    return gold.continuity


def _index(
    records: Iterable[ReaderRecord],
    gold_by_fixture: Mapping[str, Gold],
    harnesses: Sequence[str],
) -> dict[_Key, ReaderRecord]:
    indexed: dict[_Key, ReaderRecord] = {}
    for record in records:
        if record.harness not in harnesses:
            raise ScoreUserError(
                f"reader record for harness {record.harness!r} but the run scores only "
                f"{list(harnesses)!r}; pass every harness the runner replayed"
            )
        reader = _reader_gold(record.reader_fixture_id, gold_by_fixture)
        if record.pair_id != reader.pair_id:
            raise ScoreUserError(
                f"reader record names pair {record.pair_id!r} but reader fixture "
                f"{record.reader_fixture_id!r} belongs to pair {reader.pair_id!r}"
            )
        key = (record.reader_fixture_id, record.harness)
        if key in indexed:
            raise ScoreUserError(
                f"reader {record.reader_fixture_id!r} was replayed twice on harness "
                f"{record.harness!r}; replay each reader once per harness"
            )
        indexed[key] = record
    return indexed


def _pushed(record: ReaderRecord, decision: Decision) -> tuple[int, str] | None:
    for turn in sorted(record.turns, key=lambda t: t.turn_id):
        if turn.injected_text and holds_all(turn.injected_text, decision.match_keywords):
            return turn.turn_id, turn.injected_text
    return None


def _recalled(record: ReaderRecord, decision: Decision) -> tuple[int, StoredFact] | None:
    if not record.recall_available:
        return None
    wanted = set(decision.expected_slugs)
    for turn in sorted(record.turns, key=lambda t: t.turn_id):
        for fact in turn.recalled:
            if fact.source != record.active_source:
                continue  # another source's fact is a leak, never carry-over
            if fact.entity_slug in wanted and holds_all(fact.fact, decision.match_keywords):
                return turn.turn_id, fact
    return None


def _recall_leaks(record: ReaderRecord) -> list[Failure]:
    """Recalled facts of a source other than the reader's active one: isolation failures."""
    leaks: list[Failure] = []
    for turn in sorted(record.turns, key=lambda t: t.turn_id):
        foreign = sorted({f.source for f in turn.recalled if f.source != record.active_source})
        count = sum(1 for f in turn.recalled if f.source != record.active_source)
        if count:
            reason = (
                f"source isolation: recall answered with {count} fact(s) of source(s) "
                f"{foreign!r}, not the active source {record.active_source!r}"
            )
            item = f"turn {turn.turn_id} recall"
            for _ in range(count):
                leaks.append(
                    Failure(record.reader_fixture_id, item, reason, "source_isolation_violations")
                )
    return leaks


def _decision_row(
    harness: str, gold: ContinuityGold, reader: str, decision: Decision, record: ReaderRecord | None
) -> DecisionRow:
    pushed = None if record is None else _pushed(record, decision)
    recalled = None if record is None else _recalled(record, decision)
    passed = pushed is not None or recalled is not None
    reason = ""
    if record is None:
        reason = "not replayed on this harness"
    elif not passed:
        recall = (
            f"no recall answer held a fact with every keyword attributed to "
            f"{slug_list(decision.expected_slugs)}"
            if record.recall_available
            else "the row has no recall path"
        )
        reason = (
            f"not carried over: no reader turn's injected text held every keyword "
            f"{keyword_list(decision.match_keywords)}; {recall}"
        )
    return DecisionRow(
        harness=harness,
        pair_id=gold.pair_id,
        reader_fixture_id=reader,
        decision_id=decision.decision_id,
        expected_slugs=list(decision.expected_slugs),
        match_keywords=list(decision.match_keywords),
        recall_available=record is not None and record.recall_available,
        pushed_turn=None if pushed is None else pushed[0],
        pushed_text=None if pushed is None else pushed[1],
        recalled_turn=None if recalled is None else recalled[0],
        recalled=None if recalled is None else recalled[1],
        passed=passed,
        reason=reason,
    )


def _harness_cell(
    harness: str,
    readers: Sequence[str],
    indexed: Mapping[_Key, ReaderRecord],
    rows: Sequence[TurnRow],
    gold_by_fixture: Mapping[str, Gold],
    out: list[DecisionRow],
) -> CellScore:
    decisions = arrived = pushed = 0
    failures: list[Failure] = []
    leaks: list[Failure] = []
    cuts: int | None = None
    for reader in readers:
        gold = _reader_gold(reader, gold_by_fixture)
        record = indexed.get((reader, harness))
        if record is not None and record.recall_available:
            cuts = (cuts or 0) + sum(turn.recall_cuts for turn in record.turns)
            leaks += _recall_leaks(record)
        for decision in gold.decisions:
            row = _decision_row(harness, gold, reader, decision, record)
            out.append(row)
            decisions += 1
            arrived += row.passed
            pushed += row.pushed_turn is not None
            if not row.passed:
                item = f"{gold.pair_id}/{decision.decision_id}"
                failures.append(Failure(reader, item, row.reason, "continuity_rate"))
    own = sorted(
        (row for row in rows if row.harness == harness and row.suite == "continuity"),
        key=lambda row: (row.fixture_id, row.turn_id),
    )
    turns = tally_turns(own, gold_by_fixture)
    unreplayed = _unreplayed(readers, own, gold_by_fixture)
    values: dict[str, float | None] = {
        "continuity_rate": rate(arrived, decisions),
        "continuity_push_rate": rate(pushed, decisions),
        **turns.know_to_ask_metrics(),
        **turns.push_metrics(),
        **turns.common_metrics(),
        "recall_cuts": None if cuts is None else float(cuts),
    }
    values["source_isolation_violations"] = float(turns.isolation + len(leaks))
    return CellScore(
        gold_total=decisions + turns.gold_turns + len(unreplayed),
        gold_failed=(decisions - arrived)
        + turns.kta_failures
        + turns.false_fires
        + len(unreplayed),
        metrics=ordered_metrics(values),
        fixtures=tuple(readers),
        failures=(
            *failures,
            *unreplayed,
            *leaks,
            *turns.isolation_out,
            *turns.kta_out,
            *(f for f in turns.push_out if f.metric == "spurious_injections"),
        ),
    )


def _unreplayed(
    readers: Sequence[str], rows: Sequence[TurnRow], gold_by_fixture: Mapping[str, Gold]
) -> list[Failure]:
    """Reader turns with gold that have no row on this harness: items, and failed ones."""
    replayed = {(row.fixture_id, row.turn_id) for row in rows}
    missing: list[Failure] = []
    for reader in readers:
        entries = gold_by_fixture[reader].turns.items()
        for key, entry in sorted(entries, key=lambda kv: (len(kv[0]), kv[0])):
            if not key.isdigit() or (reader, int(key)) in replayed:
                continue
            metric = "know_to_ask_failure_rate" if entry.should_retrieve else "false_fire_rate"
            missing.append(Failure(reader, f"turn {key}", "not replayed on this harness", metric))
    return missing


def score_continuity(
    records: Iterable[ReaderRecord],
    rows: Iterable[TurnRow],
    gold_by_fixture: Mapping[str, Gold],
    harnesses: Sequence[str],
) -> ContinuityScore:
    """Score the continuity cell of each requested harness; empty when no reader was replayed.

    ``rows`` are the run's turn rows; the continuity ones (the reader replays) are scored
    as the reader's own turns.

    Raises:
        ScoreUserError: a record names an unknown harness, reader or pair, or repeats one.
    """
    indexed = _index(records, gold_by_fixture, harnesses)
    readers = sorted({reader for reader, _ in indexed})
    if not readers:
        return ContinuityScore(cells={}, decision_rows=[])
    all_rows = list(rows)
    decision_rows: list[DecisionRow] = []
    cells = {
        harness: _harness_cell(harness, readers, indexed, all_rows, gold_by_fixture, decision_rows)
        for harness in harnesses
    }
    return ContinuityScore(cells=cells, decision_rows=decision_rows)
