"""``bb-brain serve``: the engine over gRPC until SIGINT/SIGTERM, optionally seeded.

    bb-brain serve [--seed DIR|FIXTURE.json] [--source NAME] [--socket PATH] [--tcp [HOST:]PORT]
                   [--tcp-host HOST --insecure] [--processes N] [--workers N]
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

``--processes N`` (N > 1) serves from N worker processes sharing the TCP port (SO_REUSEPORT),
each with ``--workers`` threads and its own connection pool on the one database; it needs
``--tcp`` and no ``--socket`` (a unix socket path has one listener) and cannot serve
``--trust`` (the trust seam keeps per-brain state in its process). SIGTERM stops every worker.
See :mod:`bb_brain._workers`.

Once listening it prints one JSON line on stdout (``{"socket", "tcp_port", "schema",
"brain_id", "source", "pages", "facts", "hook_config"}``, plus ``"processes"`` and
``"worker_pids"`` with ``--processes``) so a parent process knows it may connect; narration
goes to stderr. Exit codes: 0 on a clean stop, 2 on a usage, configuration or start-up error
(one line naming the file or field), 1 when a serving worker process died.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import secrets
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bb_schema import SchemaError
from bb_schema.rpc import MIN_SECRET_BYTES

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

if TYPE_CHECKING:
    from bb_brain.seeding import Seed

SECRET_ENV = "BRAINBENCH_SECRET"
SERVED_BRAIN = "serve"


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``serve``."""
    home = brain_home()
    parser.add_argument(
        "--socket", type=Path, help=f"unix socket path, created 0600 (default {home / SOCKET_NAME})"
    )
    parser.add_argument(
        "--tcp",
        metavar="[HOST:]PORT",
        help="also/instead listen on TCP, on the loopback interface unless --tcp-host is given",
    )
    parser.add_argument(
        "--tcp-host",
        metavar="HOST",
        help="the address --tcp binds; a non-loopback one needs --insecure (plaintext, warned)",
    )
    parser.add_argument(
        "--insecure",
        action="store_true",
        help="allow a plaintext --tcp bind on a non-loopback address (no TLS: traffic readable)",
    )
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
    parser.add_argument("--workers", type=int, default=8, help="gRPC worker threads (per process)")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="N",
        help="serve from N processes sharing the --tcp port (SO_REUSEPORT); needs --tcp, "
        "no --socket, no --trust (default 1)",
    )
    parser.add_argument(
        "--trust",
        action="store_true",
        help="also serve brainbench.v1.MemoryTrust (each operation through its real channel)",
    )


def tcp_address(tcp: str | None, tcp_host: str | None, insecure: bool) -> str | None:
    """The TCP address to bind: loopback by default, anything else only when asked twice.

    ``--tcp PORT`` (or ``localhost:PORT``, ``127.0.0.1:PORT``, ``[::1]:PORT``) binds loopback;
    another host must come from ``--tcp-host`` and, since the seam has no TLS, needs
    ``--insecure`` too (a warning is printed: the shared secret and every turn cross the
    network in clear).

    Raises:
        ValueError: A malformed port, a host given two ways, or a non-loopback host without
            ``--tcp-host`` / ``--insecure``.
    """
    if tcp is None:
        if tcp_host is not None:
            raise ValueError("--tcp-host needs --tcp PORT")
        return None
    host, _, port = tcp.rpartition(":")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--tcp {tcp!r} is not [HOST:]PORT with a port 0-65535")
    if host and not _loopback(host):
        raise ValueError(
            f"--tcp {tcp!r} names a non-loopback host; give it with --tcp-host {host} "
            "(plaintext: it also needs --insecure)"
        )
    if tcp_host is not None:
        host = tcp_host
    host = host or "127.0.0.1"
    if not _loopback(host):
        if not insecure:
            raise ValueError(
                f"--tcp-host {host!r} is not a loopback address and the seam has no TLS: every "
                "call, the shared secret included, would cross the network in clear; pass "
                "--insecure to accept that (e.g. on a private network), or keep the default"
            )
        print(
            f"bb-brain serve: warning: serving plaintext gRPC on {host}:{port} (--insecure): "
            "anyone on that network can read the calls and the shared secret",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"{shown}:{port}"


def _loopback(host: str) -> bool:
    name = host.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _long_enough(secret: str, where: str) -> str:
    """``secret`` when it is at least MIN_SECRET_BYTES long (a short one can be guessed)."""
    size = len(secret.encode("utf-8"))
    if size < MIN_SECRET_BYTES:
        raise ValueError(
            f"{where} holds a {size}-byte secret; a shared secret must be at least "
            f"{MIN_SECRET_BYTES} bytes (e.g. `openssl rand -hex 32`)"
        )
    return secret


def _secret(args: argparse.Namespace, home: Path) -> tuple[str, Path | None]:
    """The secret and the file it came from (None: the environment)."""
    path: Path | None = args.secret_file
    if path is None and os.environ.get(SECRET_ENV, "").strip():
        return _long_enough(os.environ[SECRET_ENV].strip(), f"${SECRET_ENV}"), None
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
    _long_enough(secret, f"secret file {str(path)!r}")
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
    if socket_path is None and args.tcp is None and args.processes == 1:
        socket_path = home / SOCKET_NAME
    try:
        tcp = tcp_address(args.tcp, args.tcp_host, args.insecure)
        _check_processes(args)
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
    from bb_brain.trust.service import ReferenceTrust

    if args.processes > 1:
        assert tcp is not None
        return _serve_processes(args, tcp, secret, seed)
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
                tcp_address=tcp,
                max_workers=args.workers,
                trust=ReferenceTrust(db) if args.trust else None,
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


def _check_processes(args: argparse.Namespace) -> None:
    """``--processes`` and ``--workers`` are usable together with the other flags.

    Raises:
        ValueError: A count below 1, or several processes with a unix socket, no TCP
            address, or the trust seam.
    """
    if args.workers < 1:
        raise ValueError(f"--workers {args.workers} must be at least 1")
    if args.processes < 1:
        raise ValueError(f"--processes {args.processes} must be at least 1")
    if args.processes == 1:
        return
    if args.socket is not None or args.tcp is None:
        raise ValueError(
            f"--processes {args.processes} needs --tcp [HOST:]PORT and no --socket: the "
            "processes share one TCP port, a unix socket path has a single listener"
        )
    if args.trust:
        raise ValueError(
            f"--processes {args.processes} cannot serve --trust: the trust seam keeps each "
            "brain's state in its own process; serve it with --processes 1"
        )


def _serve_processes(args: argparse.Namespace, tcp: str, secret: str, seed: Seed | None) -> int:
    """Open and seed the brain here, then serve it from ``--processes`` worker processes."""
    from bb_schema.memory import OpenBrainRequest, SeedRequest
    from bb_schema.rpc import DEFAULT_MAX_MESSAGE_BYTES

    from bb_brain import Engine, open_database
    from bb_brain._workers import WorkerConfig, WorkerGroup

    source = seed.active_source if seed is not None else (args.source or "default")
    code = 0
    try:
        with open_database(args.dsn, pool_size=2) as db:
            engine = Engine(db)
            brain_id = engine.open_brain(OpenBrainRequest(fixture_id=SERVED_BRAIN)).brain_id
            seeded = engine.seed(
                SeedRequest(
                    brain_id=brain_id,
                    pages=seed.pages if seed else [],
                    facts=seed.facts if seed else [],
                )
            )
            config = WorkerConfig(
                conninfo=db.conninfo,
                schema=db.schema,
                secret=secret,
                address=tcp,
                threads=args.workers,
                pool_size=max(2, args.workers),
                max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES,
            )
            group = WorkerGroup(config, args.processes)
            group.start()
            try:
                if not args.no_hook_config:
                    print(
                        "bb-brain serve: no hook config written (no unix socket)", file=sys.stderr
                    )
                ready = {
                    "socket": None,
                    "tcp_port": group.port,
                    "schema": db.schema,
                    "brain_id": brain_id,
                    "source": source,
                    "pages": seeded.pages,
                    "facts": seeded.facts,
                    "hook_config": None,
                    "processes": args.processes,
                    "worker_pids": group.pids,
                }
                print(json.dumps(ready, sort_keys=True), flush=True)
                print(
                    f"bb-brain serve: brain {brain_id!r} ({seeded.pages} pages, {seeded.facts} "
                    f"facts, source {source!r}) listening on {group.address} from "
                    f"{args.processes} processes {group.pids}",
                    file=sys.stderr,
                )
                dead = _wait_for_signal(group.dead)
                if dead is not None:
                    pid, status = dead
                    print(
                        f"bb-brain serve: worker {pid} exited with {status}; stopping",
                        file=sys.stderr,
                    )
                    code = 1
            finally:
                group.stop()
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
    return code


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


def _wait_for_signal(
    failed: Callable[[], tuple[int, int] | None] = lambda: None,
) -> tuple[int, int] | None:
    """Wait for a signal (raised as an exception), or until ``failed`` reports something."""
    forever = threading.Event()
    while not forever.wait(0.5):  # a timed wait keeps signal delivery prompt
        if (found := failed()) is not None:
            return found
    return None
