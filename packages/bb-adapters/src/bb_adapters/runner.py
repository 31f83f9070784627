"""The replay runner: per fixture a fresh brain, seed, replay every harness, write back.

Harness rows that share a memory system share its brain per fixture (replay is read-only), so
a fixture is seeded once per system. Continuity pairs are prepared once per system (seed both
halves, the writer's conversation through write-back) and every harness of that system replays
the reader against the same persisted state; on every reader turn the runner also asks the
system for an explicit recall with the turn's own text (never anything from gold), cut to
:data:`RECALL_CAP` facts. Gold never enters here: scoring joins it later.

The system under test never learns which fixture it is serving: brains, conversations and
sessions get opaque per-runner names (:mod:`bb_adapters.opaque`), and records are translated
back to the bench's names before they leave the runner.

A plan is a sequence of independent items (a single fixture, or a continuity pair that must run
on one brain). :meth:`SystemRunner.run_item` runs one item into its own :class:`SystemRun`,
and :func:`merge_runs` concatenates item runs in plan order, so a run spread over processes or
machines reassembles into exactly the records of a sequential one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import TypeVar

from bb_schema import (
    DEFAULT_SOURCE,
    Fixture,
    SchemaError,
    SeedFact,
    SeedFailure,
    SeedPage,
    Suite,
    TurnEvidence,
    TurnRow,
)
from bb_schema.memory import (
    OPEN_SEEDED_CAPABILITY,
    CloseBrainRequest,
    FactQuery,
    OpenBrainRequest,
    OpenSeededBrainRequest,
    RecallRequest,
    SeedRequest,
    StoredFact,
)
from bb_schema.records import Provenance, ReaderRecord, ReaderTurn, WriteBackRecord
from bb_schema.turn_context import (
    Extractor,
    WriteBackRequest,
    conversation_segments,
    conversation_slug,
)

from bb_adapters._errors import AdapterError, SeedRefused, SystemUnderTestError
from bb_adapters.guard import GuardedSystem
from bb_adapters.opaque import OpaqueIds, seam_view
from bb_adapters.pipeline import DeliveryPath, ReplayedTurn, replay_fixture
from bb_adapters.plan import Pair, Plan, Unit
from bb_adapters.protocol import MemorySystem
from bb_adapters.seams import HarnessConfig

T = TypeVar("T")

RETRIEVAL_SUITES: tuple[Suite, ...] = ("know-to-ask", "push")

#: Facts of one recall answer the runner keeps; the rest are cut and counted, so answering
#: with everything a memory holds cannot help.
RECALL_CAP = 5

DeliveryFactory = Callable[[HarnessConfig, MemorySystem], DeliveryPath]
#: Progress callback: (done, total, what just finished), e.g. ``(12, 361, "gen-kta-001")``.
Progress = Callable[[int, int, str], None]
#: One independent unit of work: a fixture, or a continuity pair (writer + reader).
PlanItem = Unit | Pair

#: Phase names :class:`PhaseClock` accumulates (``replay:<harness>`` per harness row). The
#: runner charges seed, replay, write-back and continuity; the composition root charges
#: start-up (database, server), shutdown and scoring; trust scenarios charge trust.
STARTUP_PHASE = "start-up"
SEED_PHASE = "seed"
WRITE_BACK_PHASE = "write-back"
CONTINUITY_PHASE = "continuity"
TRUST_PHASE = "trust"
SCORING_PHASE = "scoring"
SHUTDOWN_PHASE = "shutdown"


def replay_phase(harness: str) -> str:
    """The phase name of one harness row's replay."""
    return f"replay:{harness}"


@dataclass
class PhaseClock:
    """Wall seconds per run phase, for benchmarks; timing never enters a Result.

    ``brains`` holds one open + seed + close duration per brain (the per-fixture reset cost).
    ``first_turn`` is the wall-clock time (``time.time()``) the first turn's replay began,
    its brain opened and seeded: what a start-up benchmark measures a process's spawn to.
    Continuity pairs charge their seeding to ``seed`` and everything after it (the writer's
    write-back, the recalls, every reader replay) to ``continuity``. ``trust`` stays absent
    until trust scenarios run here.
    """

    seconds: dict[str, float] = field(default_factory=dict)
    brains: list[float] = field(default_factory=list)
    first_turn: float | None = None

    def add(self, phase: str, seconds: float) -> None:
        """Charge ``seconds`` to ``phase``."""
        self.seconds[phase] = self.seconds.get(phase, 0.0) + seconds

    @contextmanager
    def measure(self, phase: str) -> Iterator[None]:
        """Charge the block's wall time to ``phase``."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.add(phase, time.perf_counter() - started)

    def absorb(self, other: PhaseClock) -> None:
        """Add another clock's totals (a worker's) into this one."""
        for phase, seconds in other.seconds.items():
            self.add(phase, seconds)
        self.brains.extend(other.brains)


@dataclass
class SystemRun:
    """Everything one memory system produced in a run."""

    rows: list[TurnRow] = field(default_factory=list)
    writeback: list[WriteBackRecord] = field(default_factory=list)
    readers: list[ReaderRecord] = field(default_factory=list)
    seed_failures: list[SeedFailure] = field(default_factory=list)
    budget_cuts: dict[str, int] = field(default_factory=dict)
    #: Per replayed turn, the pointers with their evidence (see :func:`turn_evidence`).
    evidence: list[TurnEvidence] = field(default_factory=list)


def turn_evidence(fixture_id: str, harness: str, turn: ReplayedTurn) -> TurnEvidence | None:
    """What a replayed turn injected and declined, when the system explained any of it.

    Pointers read back off a wire that carries no evidence (a hook's text, the reference
    rows) explain nothing, so such turns are left out and the Result stays small.
    """
    explained = turn.declined or any(p.evidence is not None for p in turn.pointers)
    if not explained:
        return None
    return TurnEvidence(
        fixture_id=fixture_id,
        turn_id=turn.turn_id,
        harness=harness,
        pointers=list(turn.pointers),
        declined=list(turn.declined),
    )


@dataclass(frozen=True)
class RunSettings:
    """Run-wide knobs."""

    suites: tuple[Suite, ...]
    extractor: Extractor = "gold"


def plan_items(plan: Plan) -> list[PlanItem]:
    """The plan's independent items in run order: singles, then pairs."""
    return [*plan.singles, *plan.pairs]


def item_id(item: PlanItem) -> str:
    """A stable name for an item: the fixture id, or the pair id."""
    return item.pair_id if isinstance(item, Pair) else item.fixture.fixture_id


def item_fixtures(item: PlanItem) -> int:
    """How many fixtures an item replays (for progress counts)."""
    return 2 if isinstance(item, Pair) else 1


def merge_runs(parts: Sequence[SystemRun], harnesses: Sequence[str]) -> SystemRun:
    """Concatenate item runs (in plan order) into one; budget cuts add up per harness."""
    merged = SystemRun(budget_cuts={harness: 0 for harness in harnesses})
    for part in parts:
        merged.rows.extend(part.rows)
        merged.writeback.extend(part.writeback)
        merged.readers.extend(part.readers)
        merged.seed_failures.extend(part.seed_failures)
        merged.evidence.extend(part.evidence)
        for harness, cuts in part.budget_cuts.items():
            merged.budget_cuts[harness] = merged.budget_cuts.get(harness, 0) + cuts
    return merged


def _once(items: list[T]) -> list[T]:
    """``items`` without repeats (equal models), first occurrence kept, order kept."""
    return list(dict.fromkeys(items))


class SystemRunner:
    """Runs a plan against one memory system for the harness rows that target it."""

    def __init__(
        self,
        system: MemorySystem,
        harnesses: Sequence[HarnessConfig],
        deliveries: DeliveryFactory,
        settings: RunSettings,
        progress: Progress | None = None,
        clock: PhaseClock | None = None,
    ) -> None:
        #: Opaque names for this runner's brains and sessions, under a fresh key.
        self._ids = OpaqueIds()
        # Every failure of the system becomes a SystemUnderTestError naming row and fixture.
        self._guard = GuardedSystem(system, [h.name for h in harnesses], self._ids.readable)
        self._system: MemorySystem = self._guard
        self._harnesses = list(harnesses)
        self._deliveries = {h.name: deliveries(h, self._system) for h in self._harnesses}
        self._settings = settings
        self._progress = progress
        self._clock = clock if clock is not None else PhaseClock()
        self._out = self._fresh()
        #: Whether the system opens and seeds a brain in one call (Describe, asked once).
        self._one_call: bool | None = None
        #: The last item's brain, left open for the next one-call open to release.
        self._release: str | None = None

    @property
    def harness_names(self) -> list[str]:
        """The harness rows this runner replays, in order."""
        return [h.name for h in self._harnesses]

    def run(self, plan: Plan) -> SystemRun:
        """Replay every item of the plan; a seed failure is recorded and the item skipped."""
        return merge_runs(list(self.run_each(plan)), self.harness_names)

    def run_each(self, plan: Plan) -> Iterator[SystemRun]:
        """:meth:`run`, one item's records at a time, in plan order.

        A caller that scores each item as it comes and then drops it holds one item's
        records at a time, however large the corpus.
        """
        return self.run_items(plan_items(plan), plan.fixture_count)

    def run_items(self, items: Iterable[PlanItem], total: int) -> Iterator[SystemRun]:
        """:meth:`run_each` over ``items`` (touching ``total`` fixtures), read one by one."""
        done = 0
        for item in items:
            yield self.run_item(item)
            done += item_fixtures(item)
            if self._progress is not None:
                self._progress(done, total, item_id(item))
        self.release()

    def release(self) -> None:
        """Close the brain the last item left for the next one-call open to release.

        Call it once no item follows (:meth:`run` does; a caller of :meth:`run_item` must).
        """
        brain_id, self._release = self._release, None
        if brain_id is not None:
            with self._clock.measure(SEED_PHASE):
                self._system.close_brain(CloseBrainRequest(brain_id=brain_id))

    def run_item(self, item: PlanItem) -> SystemRun:
        """Replay one item on a brain of its own; returns only that item's records."""
        self._out = self._fresh()
        if isinstance(item, Pair):
            self._pair(item)
        else:
            self._single(item)
        return self._out

    def _fresh(self) -> SystemRun:
        return SystemRun(budget_cuts={h.name: 0 for h in self._harnesses})

    def _opens_seeded(self) -> bool:
        """Whether the system declares the one-call open + seed (``open-seeded``)."""
        if self._one_call is None:
            offered = getattr(self._guard.inner, "open_seeded_brain", None) is not None
            self._one_call = offered and (
                OPEN_SEEDED_CAPABILITY in self._system.describe().capabilities
            )
        return self._one_call

    @contextmanager
    def _brain(self, fixture_id: str, fixtures: Sequence[Fixture]) -> Iterator[str | None]:
        """Open and seed a brain; yields None (and records the failure) when seeding fails.

        A system with ``open-seeded`` gets one call per item: open + seed, releasing the
        previous item's brain on the way (the last one goes in :meth:`release`). Others get
        OpenBrain, Seed and CloseBrain. Either way this is the per-fixture reset cost,
        charged to the ``seed`` phase.
        """
        # A continuity reader may repeat its writer's pages or facts word for word: one
        # brain holds them once (differing copies are a corpus error, see bb_corpus).
        pages = _once([page for fixture in fixtures for page in fixture.seed_pages])
        facts = _once([fact for fixture in fixtures for fact in fixture.seed_facts])
        if self._opens_seeded():
            with self._seeded_brain(fixture_id, pages, facts) as brain_id:
                yield brain_id
            return
        started = time.perf_counter()
        reset = 0.0
        opened = OpenBrainRequest(fixture_id=self._ids.name("brain", fixture_id))
        brain_id = self._system.open_brain(opened).brain_id
        try:
            seeded: str | None = brain_id
            try:
                self._system.seed(SeedRequest(brain_id=brain_id, pages=pages, facts=facts))
            except AdapterError as exc:
                self._out.seed_failures.append(
                    SeedFailure(fixture_id=fixture_id, error=exc.message)
                )
                seeded = None
            finally:
                reset = time.perf_counter() - started
            yield seeded
        except BaseException:
            # The call that failed is the failure: a close that fails after it (the server
            # died) must not replace it with a report about the cleanup.
            with suppress(AdapterError):
                self._system.close_brain(CloseBrainRequest(brain_id=brain_id))
            raise
        else:
            closing = time.perf_counter()
            self._system.close_brain(CloseBrainRequest(brain_id=brain_id))
            reset += time.perf_counter() - closing
            self._clock.add(SEED_PHASE, reset)
            self._clock.brains.append(reset)

    @contextmanager
    def _seeded_brain(
        self, fixture_id: str, pages: list[SeedPage], facts: list[SeedFact]
    ) -> Iterator[str | None]:
        """:meth:`_brain` in one OpenSeededBrain call; the brain stays open for the next."""
        started = time.perf_counter()
        release, self._release = self._release, None
        request = OpenSeededBrainRequest(
            fixture_id=self._ids.name("brain", fixture_id),
            pages=pages,
            facts=facts,
            release_brain_id=release,
        )
        brain_id: str | None = None
        try:
            brain_id = self._guard.open_seeded_brain(request).brain_id
        except SeedRefused as exc:
            self._out.seed_failures.append(SeedFailure(fixture_id=fixture_id, error=exc.message))
        reset = time.perf_counter() - started
        try:
            yield brain_id
        except BaseException:
            if brain_id is not None:
                with suppress(AdapterError):
                    self._system.close_brain(CloseBrainRequest(brain_id=brain_id))
            raise
        self._release = brain_id
        self._clock.add(SEED_PHASE, reset)
        self._clock.brains.append(reset)

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
                self._replay_rows(fixture, brain_id, suites, seeds=[fixture], timed=True)
            if wants_writeback:
                with self._clock.measure(WRITE_BACK_PHASE):
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
        with self._brain(pair.pair_id, [writer.fixture, reader.fixture]) as brain_id:
            if brain_id is None:
                return
            with self._clock.measure(CONTINUITY_PHASE):
                self._continuity(pair, brain_id, writer_scored=writer_scored)

    def _continuity(self, pair: Pair, brain_id: str, *, writer_scored: bool) -> None:
        """The writer's write-back, then every harness reads (and recalls, where it can)."""
        writer, reader = pair.writer, pair.reader
        fixtures = [writer.fixture, reader.fixture]
        self._write_back(writer, brain_id, record=writer_scored)
        recalls = self._recalls(reader.fixture, brain_id)
        replays = self._replay_rows(
            reader.fixture, brain_id, ["continuity"], seeds=fixtures, timed=False
        )
        for harness in self._harnesses:
            available = harness.recall and recalls is not None
            turns = [
                ReaderTurn(
                    turn_id=turn.turn_id,
                    injected_text=turn.text,
                    recalled=recalls[turn.turn_id][0] if recalls and harness.recall else [],
                    recall_cuts=recalls[turn.turn_id][1] if recalls and harness.recall else 0,
                )
                for turn in replays[harness.name]
            ]
            self._out.readers.append(
                ReaderRecord(
                    pair_id=pair.pair_id,
                    reader_fixture_id=reader.fixture.fixture_id,
                    harness=harness.name,
                    active_source=reader.fixture.active_source,
                    recall_available=available,
                    turns=turns,
                )
            )

    def _recalls(
        self, reader: Fixture, brain_id: str
    ) -> dict[int, tuple[list[StoredFact], int]] | None:
        """Per reader user turn: the recall answer to its own text (cut) and the cut count.

        None when no row of this system recalls, or the system has no recall path. One answer
        serves every row of the system: recall is a read of the same persisted state.
        """
        if not any(harness.recall for harness in self._harnesses):
            return None
        answers: dict[int, tuple[list[StoredFact], int]] = {}
        for turn in reader.user_turns:
            request = RecallRequest(
                brain_id=brain_id,
                source=reader.active_source,
                query=turn.text,
                limit=RECALL_CAP,
            )
            answer = self._guard.recall_or_none(request)
            if answer is None:
                return None
            kept = [self._ids.translate_fact(fact) for fact in answer.facts[:RECALL_CAP]]
            answers[turn.turn_id] = (kept, max(0, len(answer.facts) - RECALL_CAP))
        return answers

    def _replay_rows(
        self,
        fixture: Fixture,
        brain_id: str,
        suites: Sequence[Suite],
        *,
        seeds: Sequence[Fixture],
        timed: bool,
    ) -> dict[str, list[ReplayedTurn]]:
        """Replay every harness row; ``timed`` charges each row's replay to its own phase."""
        active = fixture.active_source
        native = {p.slug for f in seeds for p in f.seed_pages if p.source == active}
        foreign = {p.slug for f in seeds for p in f.seed_pages if p.source != active} - native
        # A pointer may name a seeded page (of any source: another source's is an isolation
        # violation, not an unknown page) or a conversation page a write-back made here.
        known = frozenset(
            {p.slug for f in seeds for p in f.seed_pages}
            | {conversation_slug(self._ids.name("session", f.fixture_id)) for f in seeds}
        )
        replays: dict[str, list[ReplayedTurn]] = {}
        for harness in self._harnesses:
            if self._clock.first_turn is None:
                self._clock.first_turn = time.time()
            started = time.perf_counter()
            turns = replay_fixture(
                seam_view(fixture, self._ids.name("brain", fixture.fixture_id)),
                harness,
                self._deliveries[harness.name],
                brain_id=brain_id,
                session_id=self._ids.name("replay", fixture.fixture_id, harness.name),
                known=known if harness.delivery not in ("silent", "inject-all") else None,
            )
            if timed:
                self._clock.add(replay_phase(harness.name), time.perf_counter() - started)
            replays[harness.name] = turns
            for turn in turns:
                self._out.budget_cuts[harness.name] += turn.budget_cuts
                explained = turn_evidence(fixture.fixture_id, harness.name, turn)
                if explained is not None:
                    self._out.evidence.append(explained)
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
                            unknown_slugs=list(turn.unknown_slugs),
                        )
                    )
        return replays

    def _write_back(self, unit: Unit, brain_id: str, *, record: bool) -> None:
        fixture = unit.fixture
        source = fixture.active_source or DEFAULT_SOURCE
        extractor = self._settings.extractor
        try:
            self._system.write_back(
                WriteBackRequest(
                    brain_id=brain_id,
                    source=source,
                    session_id=self._ids.name("session", fixture.fixture_id),
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
            self._ids.translate_fact(fact)
            for fact in self._system.list_facts(FactQuery(brain_id=brain_id, source=source)).facts
            if (fact.fact, fact.entity_slug) not in seeded
        ]
        # The session reads back as the fixture id (see OpaqueIds), so the expectation does too.
        session_id = fixture.fixture_id
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
                segments=conversation_segments(fixture.turns),
            )
        )
