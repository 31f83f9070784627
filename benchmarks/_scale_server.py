"""The reference engine served over a unix socket on an existing schema, in its own process.

The scale benchmark's clients must not share an interpreter (and its GIL) with the server
they measure, so the server runs here: ``python -m benchmarks._scale_server CONNINFO SCHEMA
SOCKET SECRET``. It prints ``ready`` once listening and serves until stdin closes.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Serve until the parent closes our stdin."""
    conninfo, schema, socket_path, secret = argv
    from bb_brain import Database, Engine
    from bb_brain.server import serve_in_thread

    # The shipped `bb-brain serve` defaults: 8 gRPC worker threads, a pool of 8 connections.
    db = Database(conninfo, schema, server=None, max_size=8)
    try:
        with serve_in_thread(Engine(db), socket_path, secret, max_workers=8):
            print("ready", flush=True)
            sys.stdin.read()
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
