"""``brainbench run --dask SCHEDULER --shards N``: the shards of a run on a Dask cluster.

Every shard is one Dask task: the worker runs ``brainbench run --shard i/N`` in-process (its
own run schema on the shared PostgreSQL named by ``BRAINBENCH_DSN``, its own engine served on a
private unix socket on that worker) and returns the shard document; this process merges the
documents exactly as ``brainbench merge`` does. The corpus is shipped to the workers once
(scattered), so workers need the same code, not the same files. ``--dask local`` starts a
throw-away local cluster (one single-threaded worker process per shard, up to the cores).

Dask is an optional extra (``bb-cli[dask]``); nothing here imports it until a run asks for it.
See docs/SCALE.md for why Dask rather than Ray.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bb_adapters import HarnessConfig
from bb_corpus import LoadedCorpus
from bb_schema import Result, Suite, dump_json
from bb_schema.turn_context import Extractor

from bb_cli._parser import UsageError
from bb_cli._runbench import RunRequest
from bb_cli._shard import ShardResult, ShardSpec, build_shard_result, plan_for_merge

DSN_ENV = "BRAINBENCH_DSN"
USAGE = "BRAINBENCH_DSN=... brainbench run --dask tcp://HOST:8786|local --shards N --out FILE"
INSTALL_HINT = "install the extra: uv sync --extra dask (or pip install 'bb-cli[dask]')"


@dataclass(frozen=True)
class ShardJob:
    """What a Dask worker needs besides the corpus (picklable)."""

    harnesses: tuple[HarnessConfig, ...]
    suites: tuple[Suite, ...]
    include_holdout: bool
    extractor: Extractor
    cmd_args: tuple[str, ...]
    shard: ShardSpec
    dsn: str


def run_shard_job(corpus: LoadedCorpus, job: ShardJob) -> bytes:
    """On a Dask worker: run one shard on the shared server; return its shard document."""
    from bb_cli._runbench import execute_runs

    request = RunRequest(
        corpus=corpus,
        harnesses=job.harnesses,
        suites=job.suites,
        include_holdout=job.include_holdout,
        extractor=job.extractor,
        cmd_args=job.cmd_args,
        shard=job.shard,
        dsn=job.dsn,
    )
    executed = execute_runs(request, None)
    document = build_shard_result(
        job.shard, executed.plan, job.harnesses, job.extractor, executed.runs, executed.result
    )
    return dump_json(document)


def shared_dsn() -> str:
    """The shared PostgreSQL every worker reaches.

    Raises:
        UsageError: ``BRAINBENCH_DSN`` is unset (a private embedded server is not reachable
            from other machines).
    """
    dsn = os.environ.get(DSN_ENV, "").strip()
    if not dsn:
        raise UsageError(
            f"--dask needs {DSN_ENV}: a PostgreSQL server every Dask worker can reach "
            "(each shard runs in its own schema there)",
            USAGE,
        )
    return dsn


@contextmanager
def _client(address: str, shards: int) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            f"--dask needs Dask's distributed scheduler: {INSTALL_HINT}", USAGE
        ) from None
    Client, LocalCluster = distributed.Client, distributed.LocalCluster
    if address == "local":
        workers = max(1, min(shards, os.cpu_count() or 1))
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client
    else:
        with Client(address) as client:
            yield client


def run_on_dask(
    request: RunRequest, address: str, shards: int, out: Path | None
) -> tuple[Result, list[ShardResult]]:
    """Run ``request`` as ``shards`` Dask tasks and merge them into the unsharded Result.

    ``out`` names the merged file in the receipt, as it would for the unsharded run.

    Raises:
        UsageError: No shared DSN, Dask missing, or a bad shard count.
        ShardError: The shards do not merge (they ran different code or corpora).
    """
    from bb_cli._runbench import assemble

    if shards < 1:
        raise UsageError(f"--shards {shards!r} must be at least 1", USAGE)
    dsn = shared_dsn()
    jobs = [
        ShardJob(
            harnesses=tuple(request.harnesses),
            suites=tuple(request.suites),
            include_holdout=request.include_holdout,
            extractor=request.extractor,
            cmd_args=tuple(request.cmd_args),
            shard=ShardSpec(index, shards),
            dsn=dsn,
        )
        for index in range(shards)
    ]
    with _client(address, shards) as client:
        corpus = client.scatter(request.corpus, broadcast=True)
        futures = [client.submit(run_shard_job, corpus, job, pure=False) for job in jobs]
        payloads: list[bytes] = client.gather(futures)
    documents = [
        (Path(f"dask-shard-{job.shard.index}"), ShardResult.model_validate_json(payload))
        for job, payload in zip(jobs, payloads, strict=True)
    ]
    merged = plan_for_merge(documents, request.corpus, None if out is None else str(out))
    result = assemble(request, merged.runs, sha=merged.harness_sha)
    return result, [document for _, document in documents]
