"""Load generator for the scale benchmark: gRPC clients in processes of their own.

A client process runs ``threads`` clients, each with its own channel to the server's unix
socket, replaying its share of the requests. ``interval_s`` 0 is a closed loop (each client
sends its next turn the moment the last one returned: saturation); above 0 each client sends
on a fixed schedule (turn k at start + k * interval, or at once when late), the way sessions
that each send a turn every so often load a shared server.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from bb_schema.rpc import MemoryClient
from bb_schema.turn_context import TurnContextRequest

#: Untimed calls each client makes first: a fresh process's first calls pay for lazy imports
#: and codec set-up, which would otherwise be a few percent of the samples (the p99).
WARM_CALLS = 3


def client_process(
    socket_path: str,
    secret: str,
    shares: list[list[TurnContextRequest]],
    interval_s: float,
    start_at: float,
    out: Any,
    first_client: int = 0,
    total_clients: int = 1,
) -> None:
    """Run one client per share on threads; report latencies and the busy span on ``out``.

    Paced clients are spread evenly over the interval by their global index (``first_client``
    onwards, of ``total_clients``), so 32 sessions do not send in lock-step bursts. The report
    is (latencies in ms, first send, last reply), the two times on the wall clock so the
    parent can span every process.
    """
    latencies: list[float] = []
    spans: list[tuple[float, float]] = []
    lock = threading.Lock()
    clients = [MemoryClient(socket_path, secret) for _ in shares]
    for client, share in zip(clients, shares, strict=True):
        # Connect and warm this process (codecs, first calls) before the clock starts.
        for request in share[:WARM_CALLS]:
            client.turn_context(request)

    def run(client: MemoryClient, share: list[TurnContextRequest], offset: float) -> None:
        mine: list[float] = []
        wait = start_at + offset - time.time()
        if wait > 0:
            time.sleep(wait)
        began = time.perf_counter()
        first = time.time()
        for k, request in enumerate(share):
            if interval_s > 0:
                due = began + k * interval_s
                delay = due - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
            sent = time.perf_counter()
            client.turn_context(request)
            mine.append((time.perf_counter() - sent) * 1e3)
        with lock:
            latencies.extend(mine)
            spans.append((first, time.time()))

    threads = [
        threading.Thread(
            target=run,
            args=(client, share, ((first_client + n) / max(1, total_clients)) * interval_s),
        )
        for n, (client, share) in enumerate(zip(clients, shares, strict=True))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for client in clients:
        client.close()
    out.put((latencies, min(s for s, _ in spans), max(e for _, e in spans)))
