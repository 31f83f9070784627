"""``brainbench run --workers N``: plan items spread over worker processes, one server.

Every worker attaches to the run's own schema on the run's one PostgreSQL server (the embedded
server the parent started, or the run schema on ``BRAINBENCH_DSN``), serves its own reference
engine over its own unix socket with its own secret, and replays the items it pulls from a
shared queue through the same :class:`~bb_adapters.runner.SystemRunner` a sequential run uses.
Items are independent (each one opens a brain of its own, and brains are namespaced rows), so
which worker ran an item changes nothing; the parent re-joins the item records in plan order
with :func:`~bb_adapters.runner.merge_runs`, which makes the Result byte-identical to
``--workers 1`` apart from the receipt time and the measured latencies.

On Linux the workers are forked from a fork server that imported the engine once, so a worker
costs a fork rather than an interpreter start; elsewhere they are spawned. A worker dies with
the run: it asks the kernel for SIGTERM when its parent goes, a thread of its own ends it
within :data:`PARENT_POLL_S` once the run's process is gone (a SIGKILLed run included: the
fork server, a worker's real parent, may outlive it), and the parent terminates any worker
still alive when it leaves, normally or not.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import queue
import secrets
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

from bb_adapters import HarnessConfig
from bb_adapters.delivery import delivery_factory
from bb_adapters.foreign import connect
from bb_adapters.runner import (
    PhaseClock,
    PlanItem,
    Progress,
    RunSettings,
    SystemRun,
    SystemRunner,
    item_fixtures,
    item_id,
    merge_runs,
)
from bb_brain import Database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_schema.rpc import DEFAULT_MAX_MESSAGE_BYTES, MemoryClient

#: Connections each worker's engine may hold (its gRPC server runs calls on a few threads).
WORKER_POOL_SIZE = 4
#: How often the parent checks that every worker is still alive while it waits.
POLL_S = 0.25
#: How often a worker checks that the run's process is still there.
PARENT_POLL_S = 0.2
#: A worker's exit code when it ended because the run's process was gone.
EXIT_ORPHANED = 3
#: ``--workers auto``: one per core, at most this many.
MAX_AUTO_WORKERS = 8
#: ``--workers N``: at most this many (each holds a process and a database connection).
MAX_WORKERS = 64
#: Items queued ahead per worker: enough that none waits, few enough that a large corpus is
#: never all in the queue at once.
AHEAD_PER_WORKER = 4
#: Where one item's records go, one SystemRun per group, in plan order.
ItemSink = Callable[[list[SystemRun]], None]


@dataclass(frozen=True)
class SystemGroup:
    """Harness rows that share one memory system: the reference engine (target None)."""

    harnesses: tuple[HarnessConfig, ...]
    target: str | None = None

    @property
    def names(self) -> list[str]:
        """The rows' names, in order."""
        return [h.name for h in self.harnesses]


@dataclass(frozen=True)
class WorkerSpec:
    """What a worker needs to attach to the run (picklable)."""

    conninfo: str
    schema: str
    groups: tuple[SystemGroup, ...]
    settings: RunSettings
    foreign_secret: str
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    #: The run's process (pid, start time): the worker ends itself once it is gone.
    parent: tuple[int, float] | None = None


class WorkerCrashed(RuntimeError):
    """A worker process died without reporting (killed, out of memory, a native crash)."""


def resolve_workers(value: str) -> int:
    """``--workers`` as a count: a positive integer, or ``auto`` (one per core, capped).

    Raises:
        ValueError: Neither.
    """
    if value.strip().lower() == "auto":
        return max(1, min(os.cpu_count() or 1, MAX_AUTO_WORKERS))
    count = int(value)
    if count < 1:
        raise ValueError(f"--workers {value!r} is not a positive count or 'auto'")
    if count > MAX_WORKERS:
        raise ValueError(
            f"--workers {value!r} is more than {MAX_WORKERS}: each worker is a process with its "
            "own database connection; 'auto' is one per core"
        )
    return count


def _context() -> BaseContext:
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def warm_up() -> None:
    """Start the fork server now, so its imports overlap the parent's database start-up."""
    if not sys.platform.startswith("linux"):
        return
    _context()
    from multiprocessing import forkserver

    forkserver.ensure_running()


def run_in_workers(
    items: Sequence[PlanItem],
    groups: Sequence[SystemGroup],
    settings: RunSettings,
    db: Database,
    workers: int,
    progress: Progress | None = None,
    clock: PhaseClock | None = None,
    *,
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    sink: ItemSink | None = None,
) -> list[SystemRun]:
    """Run ``items`` on ``workers`` processes; one merged SystemRun per group, in plan order.

    With a ``sink``, each item's records (one SystemRun per group) go to it in plan order as
    soon as every item before it has arrived, nothing is kept, and the list returned is
    empty: a run that scores items as they come holds only those that finished early.

    Raises:
        Whatever a worker raised (re-raised here with its type and message), or
        WorkerCrashed when a worker died without a word.
    """
    if not items:
        return [] if sink is not None else [merge_runs([], group.names) for group in groups]
    import psutil  # the workers' watch on this process: only when there are workers

    context = _context()
    tasks: Any = context.Queue()
    results: Any = context.Queue()
    spec = WorkerSpec(
        conninfo=db.conninfo,
        schema=db.schema,
        groups=tuple(groups),
        settings=settings,
        foreign_secret=os.environ.get("BRAINBENCH_FOREIGN_SECRET", ""),
        max_message_bytes=max_message_bytes,
        parent=(os.getpid(), psutil.Process().create_time()),
    )
    count = min(workers, len(items))
    processes = [
        context.Process(  # type: ignore[attr-defined]
            target=_worker_main,
            args=(spec, tasks, results),
            name=f"brainbench-worker-{n}",
            daemon=True,
        )
        for n in range(count)
    ]
    for process in processes:
        process.start()
    fed = 0

    def feed() -> None:
        """Queue the next item (the sentinels after the last): a few per worker in flight."""
        nonlocal fed
        if fed < len(items):
            tasks.put((fed, items[fed]))
        elif fed == len(items):
            for _ in processes:
                tasks.put(None)
        fed += 1

    try:
        for _ in range(count * AHEAD_PER_WORKER):
            feed()
        parts: list[list[SystemRun]] = []
        _collect(items, processes, results, progress, clock, sink or parts.append, feed)
    finally:
        _stop(processes)
        for channel in (tasks, results):
            channel.close()
            channel.cancel_join_thread()
    if sink is not None:
        return []
    return [
        merge_runs([part[index] for part in parts], group.names)
        for index, group in enumerate(groups)
    ]


def _collect(
    items: Sequence[PlanItem],
    processes: Sequence[Any],
    results: Any,
    progress: Progress | None,
    clock: PhaseClock | None,
    sink: ItemSink,
    feed: Callable[[], None],
) -> None:
    """Hand each item's records to ``sink`` in plan order; early ones wait for the rest."""
    early: dict[int, list[SystemRun]] = {}
    delivered = 0
    total = sum(item_fixtures(item) for item in items)
    done = 0
    finished = 0
    while finished < len(processes):
        try:
            message = results.get(timeout=POLL_S)
        except queue.Empty:
            _check_alive(processes, finished)
            continue
        kind = message[0]
        if kind == "item":
            _, position, runs = message
            feed()
            early[position] = runs
            while delivered in early:
                sink(early.pop(delivered))
                delivered += 1
            done += item_fixtures(items[position])
            if progress is not None:
                progress(done, total, item_id(items[position]))
        elif kind == "clock":
            finished += 1
            if clock is not None:
                clock.absorb(message[1])
        else:
            raise message[1]
    if delivered < len(items):
        missing = [item_id(items[k]) for k in range(delivered, len(items)) if k not in early]
        raise WorkerCrashed(f"workers finished without running {missing[:3]!r}")


def _check_alive(processes: Sequence[Any], finished: int) -> None:
    dead = [p for p in processes if not p.is_alive() and p.exitcode not in (0, None)]
    if dead:
        raise WorkerCrashed(
            f"worker {dead[0].name} died with exit code {dead[0].exitcode} before reporting; "
            "rerun with --workers 1 to see the failure in-process"
        )
    if finished < len(processes) and all(not p.is_alive() for p in processes):
        raise WorkerCrashed("every worker exited before reporting; rerun with --workers 1")


def _stop(processes: Sequence[Any]) -> None:
    for process in processes:
        if process.is_alive():
            process.join(timeout=2.0)
    for process in processes:
        if process.is_alive():
            process.terminate()
            process.join(timeout=5.0)


def _worker_main(spec: WorkerSpec, tasks: Any, results: Any) -> None:
    """A worker: attach, serve its own engine, replay items until the sentinel."""
    _die_with_parent()
    if spec.parent is not None:
        threading.Thread(
            target=_watch_parent, args=spec.parent, name="bb-parent-watch", daemon=True
        ).start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    # A worker's failures reach the parent as exceptions; the pool's own warnings (a
    # connection found closed when the run is torn down) would only be noise on the terminal.
    logging.getLogger("psycopg").setLevel(logging.CRITICAL)
    clock = PhaseClock()
    try:
        with ExitStack() as stack:
            runners = _runners(spec, stack, clock)
            while (task := tasks.get()) is not None:
                position, item = task
                results.put(("item", position, [runner.run_item(item) for runner in runners]))
            for runner in runners:
                runner.release()
        results.put(("clock", clock))
    except BaseException as exc:  # reported to the parent, which re-raises it
        results.put(("error", _portable(exc)))


def _runners(spec: WorkerSpec, stack: ExitStack, clock: PhaseClock) -> list[SystemRunner]:
    db = Database(spec.conninfo, spec.schema, server=None, max_size=WORKER_POOL_SIZE)
    stack.callback(db.close)
    tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="bb-worker-"))
    socket_path = str(Path(tmp) / "brain.sock")
    secret = secrets.token_hex(16)
    limit = spec.max_message_bytes
    stack.enter_context(serve_in_thread(Engine(db), socket_path, secret, max_message_bytes=limit))
    factory = delivery_factory(socket_path, secret)
    runners: list[SystemRunner] = []
    for group in spec.groups:
        if group.target is None:
            client = stack.enter_context(MemoryClient(socket_path, secret, max_message_bytes=limit))
        else:
            client = stack.enter_context(connect(group.harnesses[0], spec.foreign_secret))
        runners.append(SystemRunner(client, group.harnesses, factory, spec.settings, clock=clock))
    return runners


def _portable(exc: BaseException) -> BaseException:
    """The exception itself when it survives pickling, else a RuntimeError with its trace."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        trace = "".join(traceback.format_exception(exc))
        return RuntimeError(f"worker failed: {type(exc).__name__}: {exc}\n{trace}")


def _watch_parent(pid: int, started: float) -> None:
    """End this worker at once (within :data:`PARENT_POLL_S`) when the run's process is gone.

    The parent-death signal alone is not enough: a forked worker's parent is the fork
    server, which outlives a SIGKILLed run for as long as its workers keep it busy.
    """
    import psutil

    while True:
        time.sleep(PARENT_POLL_S)
        try:
            parent = psutil.Process(pid)
            # A killed parent stays a zombie until its own parent reaps it: gone all the same.
            alive = (
                abs(parent.create_time() - started) < 0.5
                and parent.status() != psutil.STATUS_ZOMBIE
            )
        except psutil.NoSuchProcess:
            alive = False
        if not alive:
            os._exit(EXIT_ORPHANED)


def _die_with_parent() -> None:
    """Linux: SIGTERM this worker when its parent process goes away."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)
    except (OSError, AttributeError):
        pass
