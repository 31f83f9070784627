"""A cheap load generator for the scale benchmark: asyncio gRPC clients on pre-encoded bytes.

The server under test shares the machine's cores with its load, so every cycle the clients
spend is a cycle the server does not get. Each client here is one ``grpc.aio`` channel (its
own connection: a local subchannel pool, so SO_REUSEPORT spreads them over the workers) in
one event loop; requests are encoded to protobuf bytes once, before the clock starts, and
replies are left as bytes (the reply is decoded and checked once per distinct request, in
warm-up, not per call). ``interval_s`` 0 is a closed loop (each client sends its next turn
the moment the last one returned); above 0 each client sends on a fixed schedule.

Run as ``python -m benchmarks._scale_load`` with a pickled :class:`Job` on stdin; it prints
one JSON line: latencies (ms), first send and last reply (wall clock), and the CPU seconds
this process used while sending.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import resource
import sys
import time
from dataclasses import dataclass

import grpc.aio

METHOD = "/brainbench.v1.TurnContext/GetTurnContext"
#: Untimed calls each client makes first (connection set-up, the server's first calls).
WARM_CALLS = 3


@dataclass(frozen=True)
class Job:
    """What one load process sends: one share of encoded requests per client."""

    target: str
    secret: str
    shares: list[list[bytes]]
    interval_s: float
    start_at: float
    first_client: int
    total_clients: int
    #: The method called: GetTurnContext, or Describe for the seam's own cost (no engine work).
    method: str = METHOD


async def _run(job: Job) -> dict[str, object]:
    metadata = (("authorization", f"Bearer {job.secret}"),)
    options = [("grpc.use_local_subchannel_pool", 1)]
    channels = [grpc.aio.insecure_channel(job.target, options=options) for _ in job.shares]
    calls = [
        channel.unary_unary(job.method, request_serializer=None, response_deserializer=None)
        for channel in channels
    ]
    for call, share in zip(calls, job.shares, strict=True):
        for payload in share[:WARM_CALLS]:
            await call(payload, metadata=metadata, timeout=60)
    latencies: list[float] = []
    spans: list[tuple[float, float]] = []

    async def client(
        call: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes], share: list[bytes], n: int
    ) -> None:
        offset = ((job.first_client + n) / max(1, job.total_clients)) * job.interval_s
        wait = job.start_at + offset - time.time()
        if wait > 0:
            await asyncio.sleep(wait)
        began = time.perf_counter()
        first = time.time()
        mine: list[float] = []
        for k, payload in enumerate(share):
            if job.interval_s > 0:
                delay = began + k * job.interval_s - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            sent = time.perf_counter()
            await call(payload, metadata=metadata, timeout=60)
            mine.append((time.perf_counter() - sent) * 1e3)
        latencies.extend(mine)
        spans.append((first, time.time()))

    cpu_before = _cpu()
    await asyncio.gather(*(client(call, share, n) for n, (call, share) in enumerate(
        zip(calls, job.shares, strict=True))))  # fmt: skip
    cpu = _cpu() - cpu_before
    for channel in channels:
        await channel.close(None)
    return {
        "latencies": latencies,
        "first": min(s for s, _ in spans),
        "last": max(e for _, e in spans),
        "cpu_s": cpu,
    }


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    """Read the job on stdin, send it, print the figures as one JSON line."""
    job: Job = pickle.loads(sys.stdin.buffer.read())
    print(json.dumps(asyncio.run(_run(job))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
