"""Soak: many clients, mixed huge and small turns, for a while; errors must be 0.

32 client threads (each its own authenticated channel) call GetTurnContext on the reference
engine over its real unix socket for ``BRAINBENCH_SOAK_SECONDS`` (default 60): one call in
eight carries a 1 MB turn, the rest a one-line question; every fourth small caller writes a
short conversation back instead. Printed: calls and errors per kind, p50 / p99 / max latency.
The point is that a huge turn costs what its examined prefix costs and never stalls the small
callers (see ``bb_brain._examined``); figures move with the machine's load, so nothing is
asserted.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

from bb_brain import Engine, open_database
from bb_brain.server import serve_in_thread
from bb_schema.fixture import PublicTurn, SeedPage
from bb_schema.memory import OpenBrainRequest, SeedRequest
from bb_schema.rpc import MemoryClient
from bb_schema.turn_context import SeamSettings, TurnContextRequest, WriteBackRequest

CLIENTS = 32
LARGE_BYTES = 1_000_000
SECRET = "soak-secret-0123456789abcdef-0123456789"
PAGES = [
    SeedPage(slug="people/alice-example", content="---\ntitle: Alice Example\n---\nAlice.\n"),
    SeedPage(slug="companies/widget-co", content="---\ntitle: Widget Co\n---\nWidget.\n"),
]
SENTENCE = "Alice Example met the Widget Co team about pricing today. "
LARGE = (SENTENCE * (LARGE_BYTES // len(SENTENCE) + 1))[:LARGE_BYTES]


def _client(
    path: str,
    brain: str,
    index: int,
    until: float,
    samples: dict[str, list[float]],
    errors: dict[str, int],
) -> None:
    settings = SeamSettings(pointer_budget=3, volunteer=True)
    with MemoryClient(path, SECRET, timeout=120) as client:
        call = 0
        while time.monotonic() < until:
            call += 1
            kind = "large" if (call + index) % 8 == 0 else "small"
            if kind == "small" and index % 4 == 0 and call % 2 == 0:
                kind = "write-back"
            started = time.perf_counter()
            try:
                if kind == "write-back":
                    client.write_back(
                        WriteBackRequest(
                            brain_id=brain, source="default", session_id=f"soak-{index}-{call}",
                            extractor="rules",
                            turns=[PublicTurn(turn_id=1, role="user", text=SENTENCE)],
                        )
                    )  # fmt: skip
                else:
                    text = LARGE if kind == "large" else "What did Alice Example say?"
                    client.turn_context(
                        TurnContextRequest(
                            brain_id=brain, session_id=f"s{index}", active_source="default",
                            turn=PublicTurn(turn_id=call, role="user", text=text), window=[],
                            prior_context="", settings=settings,
                        )
                    )  # fmt: skip
            except Exception:  # counted, not raised: the soak reports every failure
                errors[kind] += 1
                continue
            samples[kind].append(time.perf_counter() - started)


def main() -> None:
    """Run the soak and print its figures."""
    seconds = float(os.environ.get("BRAINBENCH_SOAK_SECONDS", "60"))
    samples: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    with open_database(pool_size=16) as db, tempfile.TemporaryDirectory() as tmp:
        engine = Engine(db)
        brain = engine.open_brain(OpenBrainRequest(fixture_id="soak")).brain_id
        engine.seed(SeedRequest(brain_id=brain, pages=PAGES, facts=[]))
        path = str(Path(tmp) / "soak.sock")
        with serve_in_thread(engine, path, SECRET, max_workers=CLIENTS):
            until = time.monotonic() + seconds
            threads = [
                threading.Thread(target=_client, args=(path, brain, n, until, samples, errors))
                for n in range(CLIENTS)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    print(f"soak: {CLIENTS} clients x {seconds:.0f} s, large turns {LARGE_BYTES} bytes")
    for kind in ("small", "large", "write-back"):
        times = sorted(samples[kind])
        if not times:
            print(f"  {kind:<10} calls 0 errors {errors[kind]}")
            continue
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"  {kind:<10} calls {len(times):>6} errors {errors[kind]:>3}  "
            f"p50 {statistics.median(times) * 1e3:8.1f} ms  p99 {p99 * 1e3:8.1f} ms  "
            f"max {times[-1] * 1e3:8.1f} ms"
        )
    print(f"  errors total {sum(errors.values())}")


if __name__ == "__main__":
    main()
