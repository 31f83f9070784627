"""Compose the memory-trust sweep into a run: trust, state-resolution, deletion, poisoning.

Every system is measured through one code path, the MemoryTrust seam: the reference engine
is served (engine and its MemoryTrust servicer, which performs each operation through the
real channel the request names) on a private unix socket, exactly like the core replay; a
foreign ``grpc:`` row is its own server. Each row's poisoning replay goes through that
row's own TurnContext seam. Calls a system does not offer (its Describe capabilities) fail
the items that need them, listed as "capability missing: X".

``--sealed DIR`` scores an independently written adversarial set (``DIR/fixtures`` and
``DIR/gold``) into ``_meta.sealed``: reported, never gated (no gate reads ``_meta``).
"""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from bb_adapters import HarnessConfig
from bb_adapters.delivery import delivery_factory
from bb_adapters.foreign import connect
from bb_adapters.guard import GuardedSystem
from bb_brain import open_database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_corpus import CorpusUserError, LoadedCorpus, load_corpus
from bb_schema import (
    TRUST_SUITES,
    Fixture,
    Gold,
    Result,
    ScoreCell,
    SystemInfo,
    TrustItemRecord,
    TrustSuite,
)
from bb_schema.result import SealedReport
from bb_schema.rpc import MemoryClient

from bb_cli._signals import end_run_if_exits

if TYPE_CHECKING:  # the trust sweep's own modules load only when a run has trust fixtures
    from bb_trust.cells import TrustScored
    from bb_trust.runner import ScenarioRunner, TrustRun

Progress = Callable[[int, int, str], None]
#: Trust fixtures run at once at least (threads): each mostly waits on channel processes.
MIN_TRUST_CONCURRENCY = 2


def trust_suites(suites: Sequence[str]) -> tuple[TrustSuite, ...]:
    """The memory-trust suites among ``suites``, in schema order."""
    return tuple(s for s in TRUST_SUITES if s in suites)


def _members(corpus: LoadedCorpus, suites: Sequence[TrustSuite]) -> list[tuple[Fixture, Gold]]:
    if not suites:
        return []  # a core run: no need to read (on a packed corpus, decode) every fixture
    return [
        (fixture, corpus.gold_for(fixture.fixture_id))
        for fixture in corpus.fixtures
        if any(suite in fixture.suites for suite in suites)
    ]


#: Rows with no memory of their own: they cannot be scored on a memory-trust suite.
TRIVIAL_DELIVERIES = ("silent", "inject-all")


def _run(
    runner: ScenarioRunner, pairs: list[tuple[Fixture, Gold]], suites: tuple[TrustSuite, ...]
) -> TrustRun:
    from bb_trust import TrustUserError

    try:
        return runner.run(pairs, suites)
    except TrustUserError as error:
        raise CorpusUserError(error.message) from error


#: A sweep's cells and failed items, with one record per trust gold item.
Swept = tuple["TrustScored", list[TrustItemRecord]]


def _score(run: TrustRun, harnesses: Sequence[HarnessConfig], system: str = "") -> Swept:
    """Cells per row and item records; a foreign system's records name it (``system``)."""
    from bb_trust.cells import score_trust
    from bb_trust.records import trust_records

    names = [h.name for h in harnesses]
    scored = score_trust(run.by_suite, {h.name: h.seam for h in harnesses}, names)
    records = trust_records(run.by_suite, scored.failed_items, names)
    if system:
        records = [
            r.model_copy(update={"observations": {"system": system, **r.observations}})
            for r in records
        ]
    return scored, records


def _reference(
    pairs: list[tuple[Fixture, Gold]],
    suites: tuple[TrustSuite, ...],
    harnesses: Sequence[HarnessConfig],
    dsn: str | None,
    progress: Progress | None,
    workers: int,
) -> Swept:
    """The reference engine's rows: engine + MemoryTrust servicer on a private socket."""
    # The trust service brings the MCP SDK and its web stack: imported by trust runs only.
    from bb_brain.trust.service import ReferenceTrust
    from bb_trust.runner import HarnessSeam, ScenarioRunner

    with open_database(dsn) as db, tempfile.TemporaryDirectory(prefix="bb-trust-run-") as tmp:
        end_run_if_exits(db)
        socket_path = str(Path(tmp) / "brain.sock")
        secret = secrets.token_hex(16)
        with (
            closing(ReferenceTrust(db)) as trust,
            serve_in_thread(Engine(db), socket_path, secret, trust=trust),
            MemoryClient(socket_path, secret) as client,
        ):
            factory = delivery_factory(socket_path, secret)
            seams = [HarnessSeam(h, factory(h, client)) for h in harnesses]
            runner = ScenarioRunner(client, seams, progress=progress, workers=workers)
            return _score(_run(runner, pairs, suites), harnesses)


def _foreign(
    pairs: list[tuple[Fixture, Gold]],
    suites: tuple[TrustSuite, ...],
    harness: HarnessConfig,
    secret: str,
    info: SystemInfo,
    progress: Progress | None,
    workers: int,
) -> Swept:
    """One foreign row: its own server's MemoryTrust and TurnContext."""
    from bb_trust.runner import HarnessSeam, ScenarioRunner

    with connect(harness, secret) as client:
        guarded = GuardedSystem(client, [harness.name])
        factory = delivery_factory("", secret)
        seams = [HarnessSeam(harness, factory(harness, guarded))]
        runner = ScenarioRunner(
            client, seams, progress=progress, workers=workers, capabilities=info.capabilities
        )
        return _score(_run(runner, pairs, suites), [harness], system=harness.name)


def _sweep(
    corpus: LoadedCorpus,
    suites: tuple[TrustSuite, ...],
    harnesses: Sequence[HarnessConfig],
    systems: Mapping[str, SystemInfo],
    dsn: str | None,
    progress: Progress | None,
    workers: int,
    secret: str,
) -> Swept:
    """Run every fixture of ``suites`` on every system and score each of its rows."""
    from bb_trust.cells import TrustScored

    pairs = _members(corpus, suites)
    reference = [h for h in harnesses if h.target is None]
    parts: list[Swept] = []
    if reference:
        parts.append(_reference(pairs, suites, reference, dsn, progress, workers))
    for harness in harnesses:
        if harness.target is not None:
            info = systems[harness.name]
            parts.append(_foreign(pairs, suites, harness, secret, info, progress, workers))
    cells = [cell for part, _ in parts for cell in part.cells]
    failed = [item for part, _ in parts for item in part.failed_items]
    records = [record for _, part in parts for record in part]
    return TrustScored(cells=cells, failed_items=failed), records


def with_trust(
    result: Result,
    corpus: LoadedCorpus,
    harnesses: Sequence[HarnessConfig],
    suites: Sequence[str],
    *,
    dsn: str | None = None,
    sealed: Path | None = None,
    progress: Progress | None = None,
    sealed_progress: Progress | None = None,
    workers: int = 1,
    systems: Mapping[str, SystemInfo] | None = None,
    secret: str = "",
) -> Result:
    """``result`` plus the trust cells of ``suites`` (and the sealed report, when asked).

    ``workers`` trust fixtures run at once, and never fewer than :data:`MIN_TRUST_CONCURRENCY`
    (a trust fixture mostly waits on its channel processes); the cells are the same for every
    count.
    ``systems`` holds each foreign row's Describe (its capabilities decide what is called);
    ``secret`` is the foreign systems' shared secret.
    """
    # A corpus without trust fixtures (the interop samples) scores no trust cell: no sweep.
    wanted = trust_suites(suites) if _members(corpus, trust_suites(suites)) else ()
    scored_rows = [h for h in harnesses if h.delivery not in TRIVIAL_DELIVERIES]
    if (not wanted and sealed is None) or not scored_rows:
        return result
    from bb_score import sort_cells

    described = dict(systems or {})
    workers = max(workers, MIN_TRUST_CONCURRENCY)
    cells: list[ScoreCell] = list(result.cells)
    failed = list(result.meta.failed_items)
    records: list[TrustItemRecord] = []
    if wanted:
        scored, records = _sweep(
            corpus, wanted, scored_rows, described, dsn, progress, workers, secret
        )
        cells = sort_cells([*cells, *scored.cells], [h.name for h in harnesses])
        failed += scored.failed_items
    meta = result.meta.model_copy(update={"failed_items": failed, "trust_items": records})
    if sealed is not None:
        adversarial = load_corpus(sealed / "fixtures", sealed / "gold", include_holdout=True)
        report, _ = _sweep(
            adversarial, TRUST_SUITES, scored_rows, described, dsn, sealed_progress, workers, secret
        )
        meta = meta.model_copy(
            update={
                "sealed": SealedReport(
                    fixtures_hash=adversarial.fixtures_hash,
                    cells=report.cells,
                    failed_items=report.failed_items,
                )
            }
        )
    return result.model_copy(update={"cells": cells, "meta": meta})


__all__ = ["trust_suites", "with_trust"]
