"""``bb-brain serve``: the engine over gRPC until SIGINT/SIGTERM, optionally seeded.

    bb-brain serve [--seed DIR|FIXTURE.json] [--source NAME] [--socket PATH] [--tcp HOST:PORT]
                   [--secret-file FILE] [--hook-config FILE | --no-hook-config] [--dsn DSN]

With no address it listens on ``<home>/brain.sock`` (``<home>`` is ``$BB_BRAIN_HOME``, else
``$XDG_CONFIG_HOME/bb-brain``, else ``~/.config/bb-brain``; the socket is 0600). The shared
secret comes from ``--secret-file``, else ``$BRAINBENCH_SECRET``, else ``<home>/secret``
(created with a random secret, mode 0600, when missing). It opens one brain, seeds it from
``--seed`` (a directory of markdown pages, slug = relative path; or a fixture file, see
:mod:`bb_brain.seeding`), and writes the hook config the Claude Code hook reads (socket, secret
file, brain id, source: ``<home>/hook.json`` unless ``--hook-config`` / ``--no-hook-config``).
Memory lives as long as the process: the database is per run (embedded, or a schema of
``$BRAINBENCH_DSN`` dropped at exit), so a restart seeds again and rewrites the hook config.

Once listening it prints one JSON line on stdout (``{"socket", "tcp_port", "schema",
"brain_id", "source", "pages", "facts", "hook_config"}``) so a parent process knows it may
connect; narration goes to stderr. Exit codes: 0 on a clean stop, 2 on a usage, configuration
or start-up error (one line naming the file or field).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import threading
from pathlib import Path

from bb_schema import SchemaError

from bb_brain._errors import BrainError
from bb_brain.hook_config import (
    SECRET_NAME,
    SOCKET_NAME,
    HookConfigFile,
    brain_home,
    default_hook_config,
    write_hook_config,
    write_private_file,
)

SECRET_ENV = "BRAINBENCH_SECRET"
SERVED_BRAIN = "serve"


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``serve``."""
    home = brain_home()
    parser.add_argument(
        "--socket", type=Path, help=f"unix socket path, created 0600 (default {home / SOCKET_NAME})"
    )
    parser.add_argument("--tcp", metavar="HOST:PORT", help="also/instead listen on TCP")
    parser.add_argument(
        "--secret-file",
        type=Path,
        help=f"file holding the shared secret (else ${SECRET_ENV}, else {home / SECRET_NAME}, "
        "created when missing)",
    )
    parser.add_argument(
        "--seed", type=Path, metavar="DIR|FIXTURE", help="markdown pages or a fixture .json"
    )
    parser.add_argument(
        "--source", help="the source the pages go in and the hook reads (default: default)"
    )
    hook = parser.add_mutually_exclusive_group()
    hook.add_argument(
        "--hook-config",
        type=Path,
        metavar="FILE",
        help=f"where to write the hook config (default {default_hook_config()})",
    )
    hook.add_argument("--no-hook-config", action="store_true", help="write no hook config")
    parser.add_argument("--dsn", help="PostgreSQL DSN (else $BRAINBENCH_DSN, else embedded)")
    parser.add_argument("--workers", type=int, default=8, help="gRPC worker threads")


def _secret(args: argparse.Namespace, home: Path) -> tuple[str, Path | None]:
    """The secret and the file it came from (None: the environment)."""
    path: Path | None = args.secret_file
    if path is None and os.environ.get(SECRET_ENV, "").strip():
        return os.environ[SECRET_ENV].strip(), None
    if path is None:
        path = home / SECRET_NAME
        if not path.exists():
            write_private_file(path, secrets.token_hex(32) + "\n")
            print(f"bb-brain serve: created a new secret in {path} (mode 0600)", file=sys.stderr)
    try:
        secret = str(path.read_text(encoding="utf-8")).strip()
    except OSError as exc:
        raise ValueError(f"cannot read --secret-file {str(path)!r}: {exc}") from exc
    if not secret:
        raise ValueError(f"secret file {str(path)!r} is empty; put a random secret in it")
    if path.stat().st_mode & 0o077:
        print(
            f"bb-brain serve: warning: {path} is readable by other users; chmod 600 it",
            file=sys.stderr,
        )
    return secret, path.absolute()


def execute(args: argparse.Namespace) -> int:
    """Serve until interrupted; 0 on a clean stop, 2 on a configuration or start-up error."""
    home = brain_home()
    socket_path: Path | None = args.socket
    if socket_path is None and args.tcp is None:
        socket_path = home / SOCKET_NAME
    try:
        seed = None
        if args.seed is not None:  # checked first: a bad seed leaves nothing behind
            from bb_brain.seeding import load_seed

            seed = load_seed(args.seed, args.source)
        if (
            socket_path == home / SOCKET_NAME
            or args.secret_file is None
            or not (args.hook_config or args.no_hook_config)
        ):
            home.mkdir(mode=0o700, parents=True, exist_ok=True)  # private: secret, socket
        secret, secret_file = _secret(args, home)
    except (ValueError, OSError) as exc:
        print(f"bb-brain serve: {exc}", file=sys.stderr)
        return 2
    except BrainError as exc:
        print(f"bb-brain serve: {exc.message}", file=sys.stderr)
        return 2
    source = seed.active_source if seed is not None else (args.source or "default")
    hook_config = None if args.no_hook_config else (args.hook_config or default_hook_config())
    from bb_schema.memory import OpenBrainRequest, SeedRequest

    from bb_brain import Engine, open_database
    from bb_brain.reflex import preload as preload_lexicon
    from bb_brain.server import build_server

    try:
        with open_database(args.dsn, pool_size=max(2, args.workers)) as db:
            engine = Engine(db)
            brain_id = engine.open_brain(OpenBrainRequest(fixture_id=SERVED_BRAIN)).brain_id
            seeded = engine.seed(
                SeedRequest(
                    brain_id=brain_id,
                    pages=seed.pages if seed else [],
                    facts=seed.facts if seed else [],
                )
            )
            bound = build_server(
                engine,
                secret=secret,
                socket_path=socket_path,
                tcp_address=args.tcp,
                max_workers=args.workers,
            )
            # A served brain answers a hook with a short deadline: its first prompt must not
            # wait for the reflex's lexicon, so serve announces readiness only once it loaded.
            preload_lexicon()
            with bound:
                written = _write_hook_config(
                    hook_config, bound.unix_socket, secret_file, brain_id, source
                )
                ready = {
                    "socket": None if bound.unix_socket is None else str(bound.unix_socket),
                    "tcp_port": bound.tcp_port,
                    "schema": db.schema,
                    "brain_id": brain_id,
                    "source": source,
                    "pages": seeded.pages,
                    "facts": seeded.facts,
                    "hook_config": None if written is None else str(written),
                }
                print(json.dumps(ready, sort_keys=True), flush=True)
                print(
                    f"bb-brain serve: brain {brain_id!r} ({seeded.pages} pages, {seeded.facts} "
                    f"facts, source {source!r}) listening on {bound.local_targets}",
                    file=sys.stderr,
                )
                _wait_for_signal()
    except (BrainError, SchemaError) as exc:
        print(f"bb-brain serve: {exc.message}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"bb-brain serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # SIGTERM, turned into SystemExit by open_database
        if exc.code not in (0, None, 128 + 15, 128 + 1):
            raise
    print("bb-brain serve: stopped", file=sys.stderr)
    return 0


def _write_hook_config(
    path: Path | None,
    socket: Path | None,
    secret_file: Path | None,
    brain_id: str,
    source: str,
) -> Path | None:
    """Write the hook config when there is one to write; say why not otherwise."""
    if path is None:
        return None
    if socket is None or secret_file is None:
        why = "no unix socket" if socket is None else f"the secret came from ${SECRET_ENV}"
        print(f"bb-brain serve: no hook config written ({why})", file=sys.stderr)
        return None
    config = HookConfigFile(
        socket=str(socket.absolute()),
        secret_file=str(secret_file),
        brain_id=brain_id,
        source=source,
    )
    write_hook_config(path, config)
    return path.absolute()


def _wait_for_signal() -> None:
    forever = threading.Event()
    while not forever.wait(0.5):  # a timed wait keeps signal delivery prompt
        pass
