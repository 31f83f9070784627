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


def client_process(
    socket_path: str,
    secret: str,
    shares: list[list[TurnContextRequest]],
    interval_s: float,
    start_at: float,
    out: Any,
) -> None:
    """Run one client per share on threads; put (latencies in ms, busy seconds) on ``out``."""
    latencies: list[float] = []
    lock = threading.Lock()
    clients = [MemoryClient(socket_path, secret) for _ in shares]
    for client in clients:
        client.describe()  # connect before the clock starts

    def run(client: MemoryClient, share: list[TurnContextRequest], offset: float) -> None:
        mine: list[float] = []
        wait = start_at + offset - time.time()
        if wait > 0:
            time.sleep(wait)
        began = time.perf_counter()
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

    threads = [
        threading.Thread(target=run, args=(client, share, (n / max(1, len(shares))) * interval_s))
        for n, (client, share) in enumerate(zip(clients, shares, strict=True))
    ]
    began = time.time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for client in clients:
        client.close()
    out.put((latencies, time.time() - max(began, start_at)))
