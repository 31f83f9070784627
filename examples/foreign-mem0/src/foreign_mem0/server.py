"""``foreign-mem0``: serve mem0 as a BrainBench foreign system until SIGTERM or Ctrl-C.

The wire side is the project's own :mod:`bb_schema.rpc` (auth interceptor, socket at 0600,
codecs), so this file only wires mem0 to it. The shared secret comes from the environment
(``BRAINBENCH_FOREIGN_SECRET``, the variable ``brainbench run`` reads for foreign rows), never
from the command line, where other users could read it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Final

from bb_schema import SchemaError
from bb_schema.rpc import BoundServer, add_memory_services, add_memory_trust_service

from foreign_mem0.memory import DEFAULT_THRESHOLD, Mem0Memory

SECRET_ENV: Final = "BRAINBENCH_FOREIGN_SECRET"
EXIT_ERROR: Final = 2


class ServeError(Exception):
    """A start-up mistake the user can fix; printed without a traceback, exit 2."""


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="foreign-mem0",
        description="Serve mem0 over BrainBench's TurnContext + BenchControl gRPC services. "
        f"The shared secret is read from ${SECRET_ENV}.",
    )
    parser.add_argument("--socket", type=Path, help="unix socket to listen on (made 0600)")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="TCP address to listen on")
    parser.add_argument(
        "--threshold",
        type=float,
        default=DEFAULT_THRESHOLD,
        help="similarity below which a page is never pointed at (default: %(default)s)",
    )
    parser.add_argument(
        "--workdir", type=Path, help="where mem0 keeps its store (default: a fresh temp dir)"
    )
    parser.add_argument(
        "--ready-file", type=Path, help="written with the listening targets once serving"
    )
    return parser.parse_args(list(argv))


def _secret() -> str:
    secret = os.environ.get(SECRET_ENV, "")
    if not secret:
        raise ServeError(f"${SECRET_ENV} is unset; export a secret, e.g. `openssl rand -hex 32`")
    return secret


def serve(args: argparse.Namespace) -> None:
    """Load mem0, listen, write the ready file, and block until a stop signal."""
    if args.socket is None and args.tcp is None:
        raise ServeError("give --socket PATH and/or --tcp HOST:PORT")
    secret = _secret()
    with tempfile.TemporaryDirectory(prefix="foreign-mem0-") as scratch:
        workdir = args.workdir or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        from foreign_mem0.store import Mem0Store, library_version

        memory = Mem0Memory(Mem0Store(workdir), threshold=args.threshold, version=library_version())
        bound = BoundServer(secret=secret, unix_socket=args.socket, tcp_address=args.tcp)
        add_memory_services(bound.server, memory)
        add_memory_trust_service(bound.server, memory)
        stop = threading.Event()

        def on_signal(signum: int, frame: FrameType | None) -> None:
            stop.set()

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        bound.start()
        targets = " ".join(bound.local_targets)
        try:
            if args.ready_file is not None:
                partial = args.ready_file.with_suffix(".partial")
                partial.write_text(targets + "\n", encoding="utf-8")
                partial.replace(args.ready_file)
            print(f"foreign-mem0: {memory.describe().version} on {targets}", flush=True)
            stop.wait()
        finally:
            bound.stop(grace=2.0)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server; 0 after a clean stop, 2 on a start-up mistake."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        serve(args)
    except (ServeError, SchemaError) as error:
        print(f"foreign-mem0: {getattr(error, 'message', error)}", file=sys.stderr)
        return EXIT_ERROR
    return 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
