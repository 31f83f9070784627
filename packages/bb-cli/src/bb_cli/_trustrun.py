"""Compose the memory-trust sweep into a run: trust, state-resolution, deletion, poisoning.

The sweep runs on its own embedded PostgreSQL (or ``$BRAINBENCH_DSN``) with the reference
engine served over a private unix socket, exactly like the core replay, so every harness
seam's proactive replay goes through the shipped channel. Trust fixtures drive
``bb_brain.trust`` (the reference engine's trust feature): a foreign ``grpc:`` row has no
trust channel, so it gets no trust cells rather than the reference engine's numbers.

``--sealed DIR`` scores an independently written adversarial set (``DIR/fixtures`` and
``DIR/gold``) into ``_meta.sealed``: reported, never gated (no gate reads ``_meta``).
"""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from bb_adapters import HarnessConfig
from bb_adapters.delivery import delivery_factory
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
    TrustItemRecord,
    TrustSuite,
)
from bb_schema.result import SealedReport
from bb_schema.rpc import MemoryClient
from bb_score import sort_cells
from bb_trust import TrustUserError
from bb_trust.cells import TrustScored, score_trust
from bb_trust.records import trust_records
from bb_trust.runner import HarnessSeam, ScenarioRunner

Progress = Callable[[int, int, str], None]


def trust_suites(suites: Sequence[str]) -> tuple[TrustSuite, ...]:
    """The memory-trust suites among ``suites``, in schema order."""
    return tuple(s for s in TRUST_SUITES if s in suites)


def _members(corpus: LoadedCorpus, suites: Sequence[TrustSuite]) -> list[tuple[Fixture, Gold]]:
    return [
        (fixture, corpus.gold_for(fixture.fixture_id))
        for fixture in corpus.fixtures
        if any(suite in fixture.suites for suite in suites)
    ]


def _sweep(
    corpus: LoadedCorpus,
    suites: tuple[TrustSuite, ...],
    harnesses: Sequence[HarnessConfig],
    dsn: str | None,
    progress: Progress | None,
    workers: int,
) -> tuple[TrustScored, list[TrustItemRecord]]:
    """Run every fixture of ``suites``, score it per reference harness row, record each item."""
    pairs = _members(corpus, suites)
    with open_database(dsn) as db, tempfile.TemporaryDirectory(prefix="bb-trust-run-") as tmp:
        socket_path = str(Path(tmp) / "brain.sock")
        secret = secrets.token_hex(16)
        with (
            serve_in_thread(Engine(db), socket_path, secret),
            MemoryClient(socket_path, secret) as client,
        ):
            factory = delivery_factory(socket_path, secret)
            seams = [HarnessSeam(h, factory(h, client)) for h in harnesses]
            try:
                run = ScenarioRunner(db, seams, progress=progress, workers=workers).run(
                    pairs, suites
                )
            except TrustUserError as error:
                raise CorpusUserError(error.message) from error
    names = [h.name for h in harnesses]
    scored = score_trust(run.by_suite, {h.name: h.seam for h in harnesses}, names)
    return scored, trust_records(run.by_suite, scored.failed_items, names)


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
) -> Result:
    """``result`` plus the trust cells of ``suites`` (and the sealed report, when asked).

    ``workers`` trust fixtures run at once; the cells are the same for every count.
    """
    # A corpus without trust fixtures (the interop samples) scores no trust cell: no sweep.
    wanted = trust_suites(suites) if _members(corpus, trust_suites(suites)) else ()
    reference = [h for h in harnesses if h.target is None]
    if (not wanted and sealed is None) or not reference:
        return result
    cells: list[ScoreCell] = list(result.cells)
    failed = list(result.meta.failed_items)
    records: list[TrustItemRecord] = []
    if wanted:
        scored, records = _sweep(corpus, wanted, reference, dsn, progress, workers)
        cells = sort_cells([*cells, *scored.cells], [h.name for h in harnesses])
        failed += scored.failed_items
    meta = result.meta.model_copy(update={"failed_items": failed, "trust_items": records})
    if sealed is not None:
        adversarial = load_corpus(sealed / "fixtures", sealed / "gold", include_holdout=True)
        report, _ = _sweep(adversarial, TRUST_SUITES, reference, dsn, sealed_progress, workers)
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
