"""``bb-brain serve``: the engine over gRPC until SIGINT/SIGTERM.

Once listening it prints one JSON line on stdout (``{"socket": ..., "tcp_port": ...,
"schema": ...}``) so a parent process knows it may connect; narration goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path

from bb_schema import SchemaError

from bb_brain._errors import BrainError

SECRET_ENV = "BRAINBENCH_SECRET"


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``serve``."""
    parser.add_argument("--socket", type=Path, help="unix socket path (created 0600)")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="also/instead listen on TCP")
    parser.add_argument(
        "--secret-file", type=Path, help=f"file holding the shared secret (else ${SECRET_ENV})"
    )
    parser.add_argument("--dsn", help="PostgreSQL DSN (else $BRAINBENCH_DSN, else embedded)")
    parser.add_argument("--workers", type=int, default=8, help="gRPC worker threads")
    parser.add_argument(
        "--trust",
        action="store_true",
        help="also serve brainbench.v1.MemoryTrust (each operation through its real channel)",
    )


def _secret(args: argparse.Namespace) -> str:
    if args.secret_file is not None:
        try:
            secret = str(args.secret_file.read_text(encoding="utf-8")).strip()
        except OSError as exc:
            raise ValueError(f"cannot read --secret-file {str(args.secret_file)!r}: {exc}") from exc
    else:
        secret = os.environ.get(SECRET_ENV, "").strip()
    if not secret:
        raise ValueError(f"no shared secret: pass --secret-file FILE or set {SECRET_ENV}")
    return secret


def execute(args: argparse.Namespace) -> int:
    """Serve until interrupted; 0 on a clean stop, 2 on a configuration or start-up error."""
    if args.socket is None and args.tcp is None:
        print("bb-brain serve: give --socket PATH and/or --tcp HOST:PORT", file=sys.stderr)
        return 2
    try:
        secret = _secret(args)
    except ValueError as exc:
        print(f"bb-brain serve: {exc}", file=sys.stderr)
        return 2
    from bb_brain import Engine, open_database
    from bb_brain.server import build_server
    from bb_brain.trust.service import ReferenceTrust

    try:
        with open_database(args.dsn, pool_size=max(2, args.workers)) as db:
            bound = build_server(
                Engine(db),
                secret=secret,
                socket_path=args.socket,
                tcp_address=args.tcp,
                max_workers=args.workers,
                trust=ReferenceTrust(db) if args.trust else None,
            )
            with bound:
                ready = {
                    "socket": None if bound.unix_socket is None else str(bound.unix_socket),
                    "tcp_port": bound.tcp_port,
                    "schema": db.schema,
                }
                print(json.dumps(ready, sort_keys=True), flush=True)
                print(f"bb-brain serve: listening on {bound.local_targets}", file=sys.stderr)
                _wait_for_signal()
    except (BrainError, SchemaError) as exc:
        print(f"bb-brain serve: {exc.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # SIGTERM, turned into SystemExit by open_database
        if exc.code not in (0, None, 128 + 15, 128 + 1):
            raise
    print("bb-brain serve: stopped", file=sys.stderr)
    return 0


def _wait_for_signal() -> None:
    forever = threading.Event()
    while not forever.wait(0.5):  # a timed wait keeps signal delivery prompt
        pass
