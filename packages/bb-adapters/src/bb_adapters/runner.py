"""The replay runner: per fixture a fresh brain, seed, replay every harness, write back.

Harness rows that share a memory system share its brain per fixture (replay is read-only), so
a fixture is seeded once per system. Continuity pairs are prepared once per system (seed both
halves, the writer's conversation through write-back) and every harness of that system replays
the reader against the same persisted state. Gold never enters here: scoring joins it later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from bb_schema import DEFAULT_SOURCE, Fixture, SchemaError, SeedFailure, Suite, TurnRow
from bb_schema.memory import CloseBrainRequest, FactQuery, OpenBrainRequest, SeedRequest
from bb_schema.records import ProbeRecord, Provenance, WriteBackRecord
from bb_schema.turn_context import Extractor, WriteBackRequest, conversation_slug

from bb_adapters._errors import AdapterError, SystemUnderTestError
from bb_adapters.guard import GuardedSystem
from bb_adapters.pipeline import DeliveryPath, ReplayedTurn, replay_fixture
from bb_adapters.plan import Pair, Plan, Unit
from bb_adapters.protocol import MemorySystem
from bb_adapters.seams import HarnessConfig

RETRIEVAL_SUITES: tuple[Suite, ...] = ("know-to-ask", "push")

DeliveryFactory = Callable[[HarnessConfig, MemorySystem], DeliveryPath]
Progress = Callable[[str], None]


@dataclass
class SystemRun:
    """Everything one memory system produced in a run."""

    rows: list[TurnRow] = field(default_factory=list)
    writeback: list[WriteBackRecord] = field(default_factory=list)
    probes: list[ProbeRecord] = field(default_factory=list)
    seed_failures: list[SeedFailure] = field(default_factory=list)
    budget_cuts: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RunSettings:
    """Run-wide knobs."""

    suites: tuple[Suite, ...]
    extractor: Extractor = "gold"


class SystemRunner:
    """Runs a plan against one memory system for the harness rows that target it."""

    def __init__(
        self,
        system: MemorySystem,
        harnesses: Sequence[HarnessConfig],
        deliveries: DeliveryFactory,
        settings: RunSettings,
        progress: Progress | None = None,
    ) -> None:
        # Every failure of the system becomes a SystemUnderTestError naming row and fixture.
        self._system: MemorySystem = GuardedSystem(system, [h.name for h in harnesses])
        self._harnesses = list(harnesses)
        self._deliveries = {h.name: deliveries(h, self._system) for h in self._harnesses}
        self._settings = settings
        self._progress = progress
        self._out = SystemRun(budget_cuts={h.name: 0 for h in self._harnesses})

    def run(self, plan: Plan) -> SystemRun:
        """Replay every unit of the plan; a seed failure is recorded and the unit skipped."""
        total = plan.fixture_count
        done = 0
        for unit in plan.singles:
            self._single(unit)
            done += 1
            self._tick(done, total, unit.fixture.fixture_id)
        for pair in plan.pairs:
            self._pair(pair)
            done += 2
            self._tick(done, total, pair.pair_id)
        return self._out

    def _tick(self, done: int, total: int, label: str) -> None:
        if self._progress is not None:
            self._progress(f"{done}/{total} {label}")

    @contextmanager
    def _brain(self, fixture_id: str, fixtures: Sequence[Fixture]) -> Iterator[str | None]:
        """Open and seed a brain; yields None (and records the failure) when seeding fails."""
        brain_id = self._system.open_brain(OpenBrainRequest(fixture_id=fixture_id)).brain_id
        try:
            pages = [page for fixture in fixtures for page in fixture.seed_pages]
            facts = [fact for fixture in fixtures for fact in fixture.seed_facts]
            try:
                self._system.seed(SeedRequest(brain_id=brain_id, pages=pages, facts=facts))
            except AdapterError as exc:
                self._out.seed_failures.append(
                    SeedFailure(fixture_id=fixture_id, error=exc.message)
                )
                yield None
                return
            yield brain_id
        finally:
            self._system.close_brain(CloseBrainRequest(brain_id=brain_id))

    def _single(self, unit: Unit) -> None:
        fixture = unit.fixture
        suites = [s for s in RETRIEVAL_SUITES if s in fixture.suites and s in self._settings.suites]
        wants_writeback = "write-back" in fixture.suites and "write-back" in self._settings.suites
        if not suites and not wants_writeback:
            return
        with self._brain(fixture.fixture_id, [fixture]) as brain_id:
            if brain_id is None:
                return
            if suites:
                self._replay_rows(fixture, brain_id, suites, seeds=[fixture])
            if wants_writeback:
                self._write_back(unit, brain_id, record=True)

    def _pair(self, pair: Pair) -> None:
        writer, reader = pair.writer, pair.reader
        continuity = "continuity" in self._settings.suites
        writer_scored = "write-back" in writer.fixture.suites and (
            "write-back" in self._settings.suites
        )
        if not continuity:
            if writer_scored:
                self._single(Unit(writer.fixture, writer.extraction))
            return
        fixtures = [writer.fixture, reader.fixture]
        with self._brain(pair.pair_id, fixtures) as brain_id:
            if brain_id is None:
                return
            self._write_back(writer, brain_id, record=writer_scored)
            hits = {
                probe.decision_id: bool(
                    self._system.probe_facts(
                        FactQuery(
                            brain_id=brain_id,
                            source=reader.fixture.active_source,
                            keywords=list(probe.match_keywords),
                        )
                    ).facts
                )
                for probe in reader.probes
            }
            replays = self._replay_rows(reader.fixture, brain_id, ["continuity"], seeds=fixtures)
            for harness, turns in replays.items():
                injected = sorted({slug for turn in turns for slug in turn.injected_slugs})
                for probe in reader.probes:
                    self._out.probes.append(
                        ProbeRecord(
                            pair_id=pair.pair_id,
                            reader_fixture_id=reader.fixture.fixture_id,
                            decision_id=probe.decision_id,
                            harness=harness,
                            injected_slugs=injected,
                            fact_hit=hits[probe.decision_id],
                        )
                    )

    def _replay_rows(
        self,
        fixture: Fixture,
        brain_id: str,
        suites: Sequence[Suite],
        *,
        seeds: Sequence[Fixture],
    ) -> dict[str, list[ReplayedTurn]]:
        active = fixture.active_source
        native = {p.slug for f in seeds for p in f.seed_pages if p.source == active}
        foreign = {p.slug for f in seeds for p in f.seed_pages if p.source != active} - native
        replays: dict[str, list[ReplayedTurn]] = {}
        for harness in self._harnesses:
            turns = replay_fixture(
                fixture,
                harness,
                self._deliveries[harness.name],
                brain_id=brain_id,
                session_id=f"{fixture.fixture_id}--{harness.name}",
            )
            replays[harness.name] = turns
            for turn in turns:
                self._out.budget_cuts[harness.name] += turn.budget_cuts
                cross = sorted(
                    {
                        slug
                        for slug, source in zip(
                            turn.injected_slugs, turn.pointer_sources, strict=True
                        )
                        if source != active or slug in foreign
                    }
                )
                for suite in suites:
                    self._out.rows.append(
                        TurnRow(
                            fixture_id=fixture.fixture_id,
                            turn_id=turn.turn_id,
                            harness=harness.name,
                            suite=suite,
                            injected_slugs=list(turn.injected_slugs),
                            injected_tokens=turn.injected_tokens,
                            gold=None,
                            cross_source_slugs=cross,
                            latency_ms=turn.latency_ms,
                        )
                    )
        return replays

    def _write_back(self, unit: Unit, brain_id: str, *, record: bool) -> None:
        fixture = unit.fixture
        source = fixture.active_source or DEFAULT_SOURCE
        session_id = fixture.fixture_id
        extractor = self._settings.extractor
        try:
            self._system.write_back(
                WriteBackRequest(
                    brain_id=brain_id,
                    source=source,
                    session_id=session_id,
                    turns=list(fixture.turns),
                    extractor=extractor,
                    injected=list(unit.extraction) if extractor == "gold" else [],
                )
            )
        except (AdapterError, SchemaError) as exc:
            raise SystemUnderTestError(
                f"write-back of {fixture.fixture_id!r} failed: {exc.message}"
            ) from exc
        if not record:
            return
        seeded = {(seed.fact, seed.entity_slug) for seed in fixture.seed_facts}
        stored = [
            fact
            for fact in self._system.list_facts(FactQuery(brain_id=brain_id, source=source)).facts
            if (fact.fact, fact.entity_slug) not in seeded
        ]
        self._out.writeback.append(
            WriteBackRecord(
                fixture_id=fixture.fixture_id,
                expected=Provenance(
                    source=source,
                    source_session=session_id,
                    source_markdown_slug=conversation_slug(session_id),
                ),
                stored=stored,
                extractor=extractor,
            )
        )
