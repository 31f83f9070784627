"""Write-back figures on the committed corpus: pipeline throughput and continuity pair prep.

Prints (never asserts):

* write-back throughput in facts/s per extractor (``gold``, ``rules``): every write-back
  fixture's conversation through ``Engine.write_back`` in-process, each into a freshly seeded
  brain; the clock covers the write-back calls only (render, segment, extract, dedup, one
  transaction), not opening, seeding or closing the brain. Median round of :data:`ROUNDS`.
* continuity pair prep in ms per pair: what the runner does once per pair before any harness
  replays the reader: open a fresh brain, seed writer and reader, write the writer's
  conversation back (``gold``), then close the brain. Median / p90 / mean over every pair of
  every round.

The corpus is the one ``brainbench run`` reads by default (holdout excluded), on the embedded
PostgreSQL (or ``BRAINBENCH_DSN``).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Final

from bb_adapters import Unit
from bb_brain import Engine, open_database
from bb_cli._plan import build_plan
from bb_corpus import load_corpus
from bb_schema import ALL_SUITES, DEFAULT_SOURCE, Fixture
from bb_schema.memory import CloseBrainRequest, OpenBrainRequest, SeedRequest
from bb_schema.turn_context import Extractor, WriteBackRequest

REPO: Final = Path(__file__).resolve().parents[1]
FIXTURES: Final = REPO / "evals" / "brainbench" / "fixtures"
GOLD: Final = REPO / "evals" / "brainbench" / "gold"
ROUNDS: Final = 3


def _request(unit: Unit, brain_id: str, extractor: Extractor) -> WriteBackRequest:
    fixture = unit.fixture
    return WriteBackRequest(
        brain_id=brain_id,
        source=fixture.active_source or DEFAULT_SOURCE,
        session_id=fixture.fixture_id,
        turns=list(fixture.turns),
        extractor=extractor,
        injected=list(unit.extraction) if extractor == "gold" else [],
    )


def _open_seeded(engine: Engine, label: str, fixtures: list[Fixture]) -> str:
    brain_id = engine.open_brain(OpenBrainRequest(fixture_id=label)).brain_id
    pages = [page for fixture in fixtures for page in fixture.seed_pages]
    facts = [fact for fixture in fixtures for fact in fixture.seed_facts]
    engine.seed(SeedRequest(brain_id=brain_id, pages=pages, facts=facts))
    return brain_id


def throughput(engine: Engine, units: list[Unit]) -> None:
    """Facts per second through the write-back pipeline, per extractor."""
    print(f"== write-back throughput ({len(units)} write-back fixtures, median of {ROUNDS})")
    for extractor in ("gold", "rules"):
        rounds: list[tuple[float, int, int]] = []
        for _ in range(ROUNDS):
            seconds, facts, segments = 0.0, 0, 0
            for unit in units:
                brain_id = _open_seeded(engine, unit.fixture.fixture_id, [unit.fixture])
                try:
                    t0 = time.perf_counter()
                    response = engine.write_back(_request(unit, brain_id, extractor))
                    seconds += time.perf_counter() - t0
                finally:
                    engine.close_brain(CloseBrainRequest(brain_id=brain_id))
                facts += response.facts_written
                segments += response.segments
            rounds.append((seconds, facts, segments))
        seconds, facts, segments = sorted(rounds)[len(rounds) // 2]
        print(
            f"  {extractor:<5}  {facts:5d} facts  {segments:4d} segments  "
            f"{seconds * 1e3:8.1f} ms  {facts / seconds:8.0f} facts/s  "
            f"{seconds * 1e3 / len(units):6.2f} ms per conversation"
        )


def pair_prep(engine: Engine, pairs: list[tuple[str, Unit, Unit]]) -> None:
    """Milliseconds per continuity pair: fresh brain, seed both halves, the writer's write-back."""
    samples: list[float] = []
    for _ in range(ROUNDS):
        for pair_id, writer, reader in pairs:
            t0 = time.perf_counter()
            brain_id = _open_seeded(engine, pair_id, [writer.fixture, reader.fixture])
            engine.write_back(_request(writer, brain_id, "gold"))
            engine.close_brain(CloseBrainRequest(brain_id=brain_id))
            samples.append(time.perf_counter() - t0)
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(f"== continuity pair prep ({len(pairs)} pairs x {ROUNDS} rounds)")
    print(
        f"  median {statistics.median(samples) * 1e3:6.2f} ms   p90 {p90 * 1e3:6.2f} ms   "
        f"mean {statistics.fmean(samples) * 1e3:6.2f} ms per pair"
    )


def main() -> None:
    """Print every figure."""
    corpus = load_corpus(FIXTURES, GOLD, include_holdout=False)
    plan = build_plan(corpus, tuple(ALL_SUITES))
    units = [unit for unit in plan.singles if "write-back" in unit.fixture.suites]
    units += [pair.writer for pair in plan.pairs if "write-back" in pair.writer.fixture.suites]
    units.sort(key=lambda unit: unit.fixture.fixture_id)
    pairs = [(pair.pair_id, pair.writer, pair.reader) for pair in plan.pairs]
    with open_database() as db:
        engine = Engine(db)
        throughput(engine, units)
        pair_prep(engine, pairs)


if __name__ == "__main__":
    main()
