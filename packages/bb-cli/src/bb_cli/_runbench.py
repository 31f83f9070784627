"""Compose a benchmark run: corpus -> reference engine served over gRPC -> replay -> score.

The reference engine is reached exactly like a foreign system: through the typed gRPC client
over a real unix socket with a shared secret, so the measured path is the shipped one.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bb_adapters import HarnessConfig, Plan, SystemUnderTestError
from bb_adapters.delivery import delivery_factory
from bb_adapters.foreign import connect
from bb_adapters.runner import (
    SCORING_PHASE,
    SHUTDOWN_PHASE,
    STARTUP_PHASE,
    PhaseClock,
    PlanItem,
    Progress,
    RunSettings,
    SystemRun,
    SystemRunner,
    plan_items,
)
from bb_brain import open_database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_corpus import LoadedCorpus
from bb_schema import (
    DecisionRow,
    FactRow,
    FailedItem,
    Gold,
    Meta,
    Receipt,
    Result,
    ScoreCell,
    SeedFailure,
    Suite,
    SystemInfo,
    TurnEvidence,
    TurnRow,
)
from bb_schema.rpc import DEFAULT_MAX_MESSAGE_BYTES, MemoryClient
from bb_schema.turn_context import Extractor

from bb_cli._parser import UsageError
from bb_cli._plan import PlanItems, build_plan
from bb_cli._signals import end_run_if_exits

if TYPE_CHECKING:
    from bb_brain.writeback import ExtractorFactory
    from bb_score import Scored
    from bb_score.stream import GroupScorer

    from bb_cli._shard import ShardSpec
    from bb_cli._spill import ResultSpill
    from bb_cli._workers import ItemSink, SystemGroup


@dataclass(frozen=True)
class RunRequest:
    """Everything a run needs, already validated."""

    corpus: LoadedCorpus
    harnesses: tuple[HarnessConfig, ...]
    suites: tuple[Suite, ...]
    include_holdout: bool
    extractor: Extractor
    cmd_args: tuple[str, ...]
    #: Worker processes replaying fixtures (``--workers``); the Result does not depend on it.
    workers: int = 1
    #: Run only this deterministic slice of the plan (``--shard i/N``).
    shard: ShardSpec | None = None
    #: PostgreSQL to run on (None: ``$BRAINBENCH_DSN``, else a private embedded server).
    dsn: str | None = None
    #: The reference engine's gRPC message limit, both ways (from the corpus size limits).
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    #: Row -> what its system said of itself (Describe), recorded in ``_meta.systems``.
    systems: Mapping[str, SystemInfo] = field(default_factory=dict)


@dataclass(frozen=True)
class Executed:
    """A finished run: its Result, plus the plan it ran and each system's raw records."""

    result: Result
    plan: Plan
    runs: list[tuple[Sequence[HarnessConfig], SystemRun]]


def harness_sha() -> str:
    """The code identity in the receipt: the git commit when there is one."""
    try:
        found = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True, timeout=5
        )
        return found.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def execute(
    request: RunRequest,
    progress: Progress | None,
    *,
    extractors: Mapping[str, ExtractorFactory] | None = None,
    clock: PhaseClock | None = None,
) -> Result:
    """Run the plan against the reference engine and score it.

    ``extractors`` are served by the reference engine besides ``gold`` and ``rules`` (the
    ``llm`` extractor of an ``--llm`` run, see :mod:`bb_cli._llm_run`). ``clock``, when
    given, collects the wall time of each run phase (benchmarks).
    """
    return execute_runs(request, progress, extractors=extractors, clock=clock).result


def execute_runs(
    request: RunRequest,
    progress: Progress | None,
    *,
    extractors: Mapping[str, ExtractorFactory] | None = None,
    clock: PhaseClock | None = None,
) -> Executed:
    """:func:`execute`, also returning the plan run and the raw records (for shards).

    Raises:
        UsageError: ``--workers`` above 1 with configured extractors (an ``--llm`` budget is
            one object and cannot be shared across processes).
    """
    plan = build_plan(request.corpus, request.suites)
    if request.shard is not None:
        from bb_cli._shard import shard_plan

        plan = shard_plan(plan, request.shard)
    settings = RunSettings(suites=request.suites, extractor=request.extractor)
    reference = [h for h in request.harnesses if h.target is None]
    foreign = [h for h in request.harnesses if h.target is not None]
    runs: list[tuple[Sequence[HarnessConfig], SystemRun]] = []
    if request.workers > 1:
        if extractors:
            raise UsageError(
                "--workers above 1 cannot share one --llm budget across processes; "
                "run --llm with --workers 1",
                "brainbench run --llm --workers 1",
            )
        return _execute_in_workers(request, plan, settings, progress, clock)
    clock = clock if clock is not None else PhaseClock()
    with ExitStack() as stack:
        served = _serve_here(stack, request, extractors, clock)
        socket_path, secret, limit = served.socket_path, served.secret, served.limit
        factory = delivery_factory(socket_path, secret)
        if reference:
            with MemoryClient(socket_path, secret, max_message_bytes=limit) as client:
                runner = SystemRunner(client, reference, factory, settings, progress, clock)
                runs.append((reference, runner.run(plan)))
        for harness in foreign:
            assert harness.target is not None
            foreign_secret = os.environ.get("BRAINBENCH_FOREIGN_SECRET", "")
            with connect(harness, foreign_secret) as client:
                runner = SystemRunner(client, [harness], factory, settings, progress, clock)
                runs.append(([harness], runner.run(plan)))
        with clock.measure(SHUTDOWN_PHASE):
            stack.close()
    with clock.measure(SCORING_PHASE):
        return Executed(assemble(request, runs), plan, runs)


def _execute_in_workers(
    request: RunRequest,
    plan: Plan,
    settings: RunSettings,
    progress: Progress | None,
    clock: PhaseClock | None,
) -> Executed:
    """The same runs spread over ``request.workers`` processes on this run's one server."""
    from bb_cli._workers import SystemGroup, warm_up

    warm_up()
    reference = tuple(h for h in request.harnesses if h.target is None)
    groups = [SystemGroup(reference)] if reference else []
    groups += [SystemGroup((h,), h.target) for h in request.harnesses if h.target is not None]
    clock = clock if clock is not None else PhaseClock()
    merged = _on_one_server(request, plan_items(plan), groups, settings, progress, clock)
    runs: list[tuple[Sequence[HarnessConfig], SystemRun]] = [
        (group.harnesses, run) for group, run in zip(groups, merged, strict=True)
    ]
    with clock.measure(SCORING_PHASE):
        return Executed(assemble(request, runs), plan, runs)


def execute_streamed(
    request: RunRequest,
    progress: Progress | None,
    spill: ResultSpill,
    *,
    extractors: Mapping[str, ExtractorFactory] | None = None,
    clock: PhaseClock | None = None,
) -> Result:
    """:func:`execute`, scoring each item as it finishes; rows and evidence go to ``spill``.

    The run holds one item's records at a time (with ``--workers``, those that finished
    before an earlier item), so its memory does not grow with the number of fixtures. The
    Result returned carries no turn rows and no turn evidence: ``spill`` writes the Result
    file with them (:meth:`ResultSpill.write`), byte for byte the file :func:`execute`'s
    Result makes.

    Raises:
        UsageError: ``--workers`` above 1 with configured extractors, or a ``--shard`` run
            (a shard document carries raw records: use :func:`execute_runs`).
    """
    if request.shard is not None:
        raise UsageError(
            "a --shard run writes raw records, not a streamed Result",
            "brainbench run --shard I/N --out FILE",
        )
    if request.workers > 1 and extractors:
        raise UsageError(
            "--workers above 1 cannot share one --llm budget across processes; "
            "run --llm with --workers 1",
            "brainbench run --llm --workers 1",
        )
    items = PlanItems(request.corpus)
    settings = RunSettings(suites=request.suites, extractor=request.extractor)
    reference = tuple(h for h in request.harnesses if h.target is None)
    foreign = [h for h in request.harnesses if h.target is not None]
    groups: list[tuple[HarnessConfig, ...]] = [reference] if reference else []
    groups += [(h,) for h in foreign]
    clock = clock if clock is not None else PhaseClock()
    assembly = _Assembly(request, groups, spill, clock)
    if request.workers > 1:
        from bb_cli._workers import SystemGroup, warm_up

        warm_up()
        system_groups = [SystemGroup(group, group[0].target) for group in groups]
        _on_one_server(
            request, items, system_groups, settings, progress, clock, sink=assembly.add_item
        )
    else:
        _stream_sequential(request, items, settings, groups, assembly, progress, extractors, clock)
    with clock.measure(SCORING_PHASE):
        return assembly.result()


def _on_one_server(
    request: RunRequest,
    items: Sequence[PlanItem],
    groups: Sequence[SystemGroup],
    settings: RunSettings,
    progress: Progress | None,
    clock: PhaseClock,
    *,
    sink: ItemSink | None = None,
) -> list[SystemRun]:
    """Items over ``request.workers`` processes that share this run's one embedded server."""
    from bb_cli._workers import run_in_workers

    with ExitStack() as stack:
        with clock.measure(STARTUP_PHASE):
            db = stack.enter_context(open_database(request.dsn))
            end_run_if_exits(db)
        merged = run_in_workers(
            items,
            groups,
            settings,
            db,
            request.workers,
            progress,
            clock,
            max_message_bytes=request.max_message_bytes,
            sink=sink,
        )
        with clock.measure(SHUTDOWN_PHASE):
            stack.close()
    return merged


@dataclass(frozen=True)
class _Served:
    """The run's own reference engine, served on a private unix socket."""

    socket_path: str
    secret: str
    limit: int


def _serve_here(
    stack: ExitStack,
    request: RunRequest,
    extractors: Mapping[str, ExtractorFactory] | None,
    clock: PhaseClock,
) -> _Served:
    """Open the run's database and serve the reference engine in a thread (closed by ``stack``)."""
    with clock.measure(STARTUP_PHASE):
        db = stack.enter_context(open_database(request.dsn))
        end_run_if_exits(db)
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="bb-run-"))
        socket_path = str(Path(tmp) / "brain.sock")
        secret = secrets.token_hex(16)
        engine = Engine(db, extractors=extractors)
        limit = request.max_message_bytes
        stack.enter_context(serve_in_thread(engine, socket_path, secret, max_message_bytes=limit))
    return _Served(socket_path, secret, limit)


def _stream_sequential(
    request: RunRequest,
    items: PlanItems,
    settings: RunSettings,
    groups: Sequence[tuple[HarnessConfig, ...]],
    assembly: _Assembly,
    progress: Progress | None,
    extractors: Mapping[str, ExtractorFactory] | None,
    clock: PhaseClock,
) -> None:
    """Every memory system in turn, in this process, each item scored as it finishes."""
    with ExitStack() as stack:
        served = _serve_here(stack, request, extractors, clock)
        socket_path, secret, limit = served.socket_path, served.secret, served.limit
        factory = delivery_factory(socket_path, secret)
        for index, group in enumerate(groups):
            target = group[0].target
            if target is None:
                client: Any = MemoryClient(socket_path, secret, max_message_bytes=limit)
            else:
                client = connect(group[0], os.environ.get("BRAINBENCH_FOREIGN_SECRET", ""))
            with client:
                runner = SystemRunner(client, group, factory, settings, progress, clock)
                for part in runner.run_items(items, items.fixture_count):
                    assembly.add(index, part)
        with clock.measure(SHUTDOWN_PHASE):
            stack.close()


class _GoldOf(Mapping[str, Gold]):
    """The corpus's gold by fixture id, decoded on demand (a packed corpus holds bytes).

    Scoring reads one fixture's gold once per row, so the last few are kept.
    """

    KEEP = 8

    def __init__(self, corpus: LoadedCorpus) -> None:
        self._corpus = corpus
        self._ids = frozenset(corpus.ids)
        self._recent: dict[str, Gold] = {}

    def __getitem__(self, fixture_id: str) -> Gold:
        found = self._recent.get(fixture_id)
        if found is None:
            if fixture_id not in self._ids:
                raise KeyError(fixture_id)
            found = self._corpus.gold_for(fixture_id)
            if len(self._recent) >= self.KEEP:
                del self._recent[next(iter(self._recent))]
            self._recent[fixture_id] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._corpus.ids)

    def __len__(self) -> int:
        return len(self._ids)


class _Assembly:
    """The Result of a streamed run, built item by item (see :func:`execute_streamed`)."""

    def __init__(
        self,
        request: RunRequest,
        groups: Sequence[tuple[HarnessConfig, ...]],
        spill: ResultSpill,
        clock: PhaseClock,
    ) -> None:
        self._request = request
        self._groups = groups
        self._spill = spill
        self._clock = clock
        self._made: list[GroupScorer] | None = None
        self._cuts = [{h.name: 0 for h in group} for group in groups]
        self._failures: dict[str, SeedFailure] = {}
        self._unknown: dict[str, list[str]] = {}
        spill.row_order = [h.name for group in groups for h in group]

    @property
    def _scorers(self) -> list[GroupScorer]:
        """One scorer per memory system, made when the first item is scored.

        Scoring's modules load then, not before the run's first turn.
        """
        if self._made is None:
            from bb_score.stream import GroupScorer

            gold = _GoldOf(self._request.corpus)
            self._made = [
                GroupScorer(
                    gold,
                    {h.name: h.seam for h in group},
                    [h.name for h in group],
                    self._request.suites,
                    self._spill.add_rows,
                )
                for group in self._groups
            ]
        return self._made

    def add_item(self, parts: list[SystemRun]) -> None:
        """One item's records of every memory system, in group order (``--workers``)."""
        for index, part in enumerate(parts):
            self.add(index, part)

    def add(self, index: int, part: SystemRun) -> None:
        """Score one item's records of memory system ``index``, then let them go."""
        with self._clock.measure(SCORING_PHASE):
            for row in part.rows:
                if row.unknown_slugs:
                    key = f"{row.harness}/{row.fixture_id}/{row.turn_id}"
                    self._unknown[key] = list(row.unknown_slugs)
            self._scorers[index].add(part.rows, part.writeback, part.readers)
            self._failures.update({f.fixture_id: f for f in part.seed_failures})
            cuts = self._cuts[index]
            for harness, count in part.budget_cuts.items():
                cuts[harness] = cuts.get(harness, 0) + count
            self._spill.add_evidence(index, part.evidence)

    def result(self, sha: str | None = None) -> Result:
        """The Result without rows and evidence (they are in the spill)."""
        from bb_score import Scored

        cells: list[ScoreCell] = []
        failed: list[FailedItem] = []
        fact_rows: list[FactRow] = []
        decision_rows: list[DecisionRow] = []
        cuts: dict[str, int] = {}
        for scorer, group_cuts in zip(self._scorers, self._cuts, strict=True):
            scored = scorer.finish(group_cuts)
            cells.extend(scored.cells)
            failed.extend(scored.failed_items)
            fact_rows.extend(scored.fact_rows)
            decision_rows.extend(scored.decision_rows)
            cuts.update(group_cuts)
        return _build_result(
            self._request,
            Scored(cells, failed, [], fact_rows, decision_rows),
            failures=self._failures,
            cuts=cuts,
            unknown=self._unknown,
            evidence=[],
            sha=sha,
        )


def assemble(
    request: RunRequest,
    runs: Sequence[tuple[Sequence[HarnessConfig], SystemRun]],
    *,
    sha: str | None = None,
) -> Result:
    """Score each memory system's records and build the Result (``sha``: the receipt's code)."""
    # Scoring comes after every fixture ran: its imports are no part of a run's start-up.
    from bb_score import Scored, score

    gold = {f.fixture_id: request.corpus.gold_for(f.fixture_id) for f in request.corpus.fixtures}
    cells: list[ScoreCell] = []
    failed: list[FailedItem] = []
    rows: list[TurnRow] = []
    fact_rows: list[FactRow] = []
    decision_rows: list[DecisionRow] = []
    failures: dict[str, SeedFailure] = {}
    cuts: dict[str, int] = {}
    unknown: dict[str, list[str]] = {}
    evidence: list[TurnEvidence] = []
    for harnesses, run in runs:
        for row in run.rows:
            if row.unknown_slugs:
                unknown[f"{row.harness}/{row.fixture_id}/{row.turn_id}"] = list(row.unknown_slugs)
        scored = score(
            run.rows,
            gold,
            run.writeback,
            run.readers,
            seams={h.name: h.seam for h in harnesses},
            harnesses=[h.name for h in harnesses],
            suites=request.suites,
            budget_cuts=run.budget_cuts,
        )
        cells.extend(scored.cells)
        failed.extend(scored.failed_items)
        rows.extend(scored.joined_rows)
        fact_rows.extend(scored.fact_rows)
        decision_rows.extend(scored.decision_rows)
        failures.update({f.fixture_id: f for f in run.seed_failures})
        cuts.update(run.budget_cuts)
        evidence.extend(run.evidence)
    return _build_result(
        request,
        Scored(cells, failed, rows, fact_rows, decision_rows),
        failures=failures,
        cuts=cuts,
        unknown=unknown,
        evidence=evidence,
        sha=sha,
    )


def _build_result(
    request: RunRequest,
    scored: Scored,
    *,
    failures: Mapping[str, SeedFailure],
    cuts: Mapping[str, int],
    unknown: Mapping[str, list[str]],
    evidence: list[TurnEvidence],
    sha: str | None,
) -> Result:
    """The Result of every memory system's scored records (receipt, cells, ``_meta``)."""
    from bb_score import glossary_block, scorer_digest

    receipt = Receipt(
        result_schema_version=1,
        fixtures_hash=request.corpus.fixtures_hash,
        harness_sha=harness_sha() if sha is None else sha,
        ts=datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        cmd_args=list(request.cmd_args),
        seed=0,
        include_holdout=request.include_holdout,
        llm=request.extractor == "llm",
    )
    meta = Meta(
        metric_glossary=glossary_block(),
        failed_items=scored.failed_items,
        seam_disclosures={h.name: list(h.disclosures) for h in request.harnesses},
        budget_cuts=dict(cuts),
        harnesses=[h.name for h in request.harnesses],
        suites=list(request.suites),
        scorer=scorer_digest(),
        fact_rows=scored.fact_rows,
        decision_rows=scored.decision_rows,
        unknown_slugs=dict(sorted(unknown.items())),
        systems=dict(sorted(request.systems.items())),
        turn_evidence=evidence,
    )
    return Result(
        receipt=receipt,
        cells=scored.cells,
        turn_rows=scored.joined_rows,
        seed_failures=[failures[k] for k in sorted(failures)],
        meta=meta,
    )


#: Flags that decide where fixtures run, never what is scored: left out of the receipt, so a
#: run, its ``--workers`` twin, its merged ``--shard`` slices and its ``--dask`` run carry one
#: receipt.
PLACEMENT_FLAGS = ("--workers", "--shard", "--dask", "--shards")


def argv_for_receipt(argv: Sequence[str] | None = None) -> tuple[str, ...]:
    """The command line as typed (minus :data:`PLACEMENT_FLAGS`), for the receipt."""
    args = list(sys.argv[1:] if argv is None else argv)
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in PLACEMENT_FLAGS:
            skip = True
            continue
        if any(arg.startswith(flag + "=") for flag in PLACEMENT_FLAGS):
            continue
        kept.append(arg)
    return tuple(kept)


__all__ = [
    "PLACEMENT_FLAGS",
    "Executed",
    "RunRequest",
    "assemble",
    "SystemUnderTestError",
    "argv_for_receipt",
    "execute",
    "execute_runs",
    "execute_streamed",
    "harness_sha",
]
