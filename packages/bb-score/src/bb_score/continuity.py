"""Continuity scoring: the writer's decisions, recalled by the reader on each harness.

``continuity_rate`` = |decision probes recalled by the reader| / |probes|, per READER harness.
A probe succeeds when any of the decision's expected slugs is among the reader replay's
injected slugs, or when the stored-fact keyword lookup hit (``fact_hit``).

The probes of a harness are every decision of every reader fixture the runner probed (on any
harness): a decision without a record on some requested harness is a failed probe, so a
runner that silently skips a harness shows up as lost recall rather than a smaller
denominator. Gold items: each probe is one item; ``gold_failed`` = failed probes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bb_schema import ContinuityGold, Gold
from bb_schema.records import ProbeRecord

from bb_score._cell import CellScore, Failure, ordered_metrics, rate, slug_list, unique
from bb_score._errors import ScoreUserError

__all__ = ["score_continuity"]

_Key = tuple[str, str, str]  # (reader fixture, decision, harness)


def _reader_gold(fixture_id: str, gold_by_fixture: Mapping[str, Gold]) -> ContinuityGold:
    gold = gold_by_fixture.get(fixture_id)
    if gold is None or gold.continuity is None:
        raise ScoreUserError(
            f"probe records name reader fixture {fixture_id!r}, but its gold has no continuity "
            f"block; pass the gold directory holding {fixture_id}.gold.json with its decisions"
        )
    return gold.continuity


def _index(
    records: Iterable[ProbeRecord], gold_by_fixture: Mapping[str, Gold], harnesses: Sequence[str]
) -> dict[_Key, ProbeRecord]:
    indexed: dict[_Key, ProbeRecord] = {}
    for record in records:
        if record.harness not in harnesses:
            raise ScoreUserError(
                f"probe record for harness {record.harness!r} but the run scores only "
                f"{list(harnesses)!r}; pass every harness the runner replayed"
            )
        reader = _reader_gold(record.reader_fixture_id, gold_by_fixture)
        if record.pair_id != reader.pair_id:
            raise ScoreUserError(
                f"probe record names pair {record.pair_id!r} but reader fixture "
                f"{record.reader_fixture_id!r} belongs to pair {reader.pair_id!r}"
            )
        if record.decision_id not in {d.decision_id for d in reader.decisions}:
            raise ScoreUserError(
                f"probe record names decision {record.decision_id!r}, which the gold of "
                f"{record.reader_fixture_id!r} does not list"
            )
        key = (record.reader_fixture_id, record.decision_id, record.harness)
        if key in indexed:
            raise ScoreUserError(
                f"decision {record.decision_id!r} of {record.reader_fixture_id!r} was probed "
                f"twice on harness {record.harness!r}; probe each decision once per harness"
            )
        indexed[key] = record
    return indexed


def score_continuity(
    records: Iterable[ProbeRecord],
    gold_by_fixture: Mapping[str, Gold],
    harnesses: Sequence[str],
) -> dict[str, CellScore]:
    """Score the continuity cell of each requested harness; empty when nothing was probed.

    Raises:
        ScoreUserError: a record names an unknown harness, reader, pair or decision, or
            repeats a probe.
    """
    indexed = _index(records, gold_by_fixture, harnesses)
    readers = sorted({reader for reader, _, _ in indexed})
    if not readers:
        return {}
    cells: dict[str, CellScore] = {}
    for harness in harnesses:
        probes = 0
        recalled = 0
        failures: list[Failure] = []
        for reader in readers:
            gold = _reader_gold(reader, gold_by_fixture)
            for decision in gold.decisions:
                probes += 1
                item = f"{gold.pair_id}/{decision.decision_id}"
                record = indexed.get((reader, decision.decision_id, harness))
                if record is None:
                    failures.append(Failure(reader, item, "not probed on this harness"))
                    continue
                injected = unique(record.injected_slugs)
                if record.fact_hit or not set(decision.expected_slugs).isdisjoint(injected):
                    recalled += 1
                    continue
                shown = slug_list(injected) if injected else "nothing"
                keywords = "[" + ", ".join(repr(k) for k in decision.match_keywords) + "]"
                reason = (
                    f"not recalled: expected {slug_list(decision.expected_slugs)}, injected "
                    f"{shown}; no active fact matched {keywords}"
                )
                failures.append(Failure(reader, item, reason))
        cells[harness] = CellScore(
            gold_total=probes,
            gold_failed=probes - recalled,
            metrics=ordered_metrics({"continuity_rate": rate(recalled, probes)}),
            fixtures=tuple(readers),
            failures=tuple(failures),
        )
    return cells
