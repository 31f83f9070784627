"""Serving from several processes: workers sharing one TCP port, one PostgreSQL.

One Python process serves at most one core's worth of turns (its gRPC threads share a GIL,
and on a busy server they spend a good part of it handing the lock around). A
:class:`WorkerGroup` starts ``processes`` fresh interpreters (``python -m bb_brain._workers``,
never a fork of a process holding threads and connections), each with its own gRPC server
and its own connection pool on the same database schema. They listen on one TCP port with
SO_REUSEPORT, so the kernel spreads client connections over them. The engine keeps no state
between calls outside PostgreSQL, so every worker answers every call the same way.

A unix socket path has a single listener, so several processes need TCP. Each worker gets its
configuration (the shared secret included: never on a command line) as one JSON line on
stdin and keeps reading stdin: when the parent goes away, even killed, the pipe closes and the
worker stops, so no worker outlives its parent. SIGTERM or SIGINT stops a worker cleanly.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from types import FrameType
from typing import IO, Final

from bb_schema import SchemaError

from bb_brain._errors import BrainError, BrainRuntimeError

#: How long a worker may take to connect, load the lexicon and listen.
READY_TIMEOUT_S: Final = 120.0
#: In-flight calls get this long to finish when a worker is asked to stop.
STOP_GRACE_S: Final = 5.0


class WorkerError(BrainRuntimeError):
    """A worker process could not start, or died while serving."""


@dataclass(frozen=True)
class WorkerConfig:
    """What one worker needs: where the data is, where to listen, how many threads."""

    conninfo: str
    schema: str
    secret: str
    address: str
    threads: int
    pool_size: int
    max_message_bytes: int


def reserve_port(address: str) -> tuple[socket.socket, str]:
    """Hold ``host:port`` (port 0: a free one) for the workers; the address with its port.

    The holding socket is bound with SO_REUSEPORT but never listens, so it takes no
    connections; the workers bind the same port beside it. A port another server already
    listens on is refused, even one that would let us share it.

    Raises:
        WorkerError: The address cannot be bound or is in use.
    """
    host, _, port = address.rpartition(":")
    bare = host.strip("[]")
    try:
        family, kind, proto, _, sockaddr = socket.getaddrinfo(
            bare, int(port), type=socket.SOCK_STREAM
        )[0]
        holder = socket.socket(family, kind, proto)
    except (OSError, ValueError) as exc:
        raise WorkerError(f"cannot listen on {address!r} ({exc}); choose another --tcp") from exc
    try:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        holder.bind(sockaddr)
        chosen = int(holder.getsockname()[1])
        if _listening(family, str(sockaddr[0]), chosen):
            raise OSError(f"a server already listens on port {chosen}")
    except OSError as exc:
        holder.close()
        raise WorkerError(f"cannot listen on {address!r} ({exc}); choose a free port") from exc
    return holder, f"{host}:{chosen}"


def _listening(family: int, host: str, port: int) -> bool:
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        return probe.connect_ex((host, port)) == 0


class WorkerGroup:
    """``processes`` serving workers on one TCP address; :meth:`stop` ends every one."""

    def __init__(self, config: WorkerConfig, processes: int) -> None:
        if processes < 1:
            raise WorkerError(f"--processes {processes} must be at least 1")
        self.config = config
        self.processes = processes
        self.address = config.address
        self._workers: list[subprocess.Popen[bytes]] = []

    @property
    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [worker.pid for worker in self._workers]

    @property
    def port(self) -> int:
        """The TCP port every worker listens on."""
        return int(self.address.rpartition(":")[2])

    def start(self) -> None:
        """Reserve the port, start every worker and wait until each one listens.

        Raises:
            WorkerError: The port is unusable, or a worker failed to start (every worker
                started so far is stopped first).
        """
        holder, self.address = reserve_port(self.config.address)
        config = json.dumps(asdict(self.config) | {"address": self.address}) + "\n"
        try:
            for _ in range(self.processes):
                worker = subprocess.Popen(
                    [sys.executable, "-m", "bb_brain._workers"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                )
                self._workers.append(worker)
                assert worker.stdin is not None
                worker.stdin.write(config.encode())
                worker.stdin.flush()
            deadline = time.monotonic() + READY_TIMEOUT_S
            for worker in self._workers:
                assert worker.stdout is not None
                _await_ready(worker, worker.stdout, deadline)
        except BaseException:
            self.stop()
            raise
        finally:
            holder.close()

    def dead(self) -> tuple[int, int] | None:
        """(pid, exit code) of a worker that exited on its own, None while all serve."""
        for worker in self._workers:
            code = worker.poll()
            if code is not None:
                return worker.pid, code
        return None

    def stop(self, grace: float = STOP_GRACE_S) -> None:
        """SIGTERM every worker, wait for them, kill any still there after the grace."""
        for worker in self._workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace + 5.0
        for worker in self._workers:
            try:
                worker.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
            for pipe in (worker.stdin, worker.stdout):
                if pipe is not None:
                    pipe.close()
        self._workers = []


def _await_ready(worker: subprocess.Popen[bytes], out: IO[bytes], deadline: float) -> None:
    """Wait for a worker's ready line; a worker that exits or times out is an error."""
    remaining = deadline - time.monotonic()
    readable, _, _ = select.select([out], [], [], max(0.0, remaining))
    line = out.readline() if readable else b""
    if line.strip() == b"ready":
        return
    code = worker.poll()
    why = (
        f"exited with {code} (its message is above)"
        if code is not None
        else f"was not ready in {READY_TIMEOUT_S:.0f} s"
    )
    raise WorkerError(f"serving worker {worker.pid} {why}")


def _serve(config: WorkerConfig, stop: threading.Event) -> None:
    from bb_brain._pg import Database
    from bb_brain.engine import Engine
    from bb_brain.reflex import preload
    from bb_brain.server import build_server

    db = Database(config.conninfo, config.schema, server=None, max_size=config.pool_size)
    try:
        bound = build_server(
            Engine(db),
            secret=config.secret,
            tcp_address=config.address,
            max_workers=config.threads,
            max_message_bytes=config.max_message_bytes,
            reuse_port=True,
        )
        preload()  # the first turn a worker answers must not wait for the lexicon
        bound.start()
        try:
            print("ready", flush=True)
            while not stop.wait(0.5):
                pass
        finally:
            bound.stop(STOP_GRACE_S)
    finally:
        db.close()


def _read_line(fd: int) -> bytes:
    """One line from ``fd``, read unbuffered (nothing past the newline is consumed)."""
    line = bytearray()
    while not line.endswith(b"\n"):
        chunk = os.read(fd, 1)
        if not chunk:
            break
        line += chunk
    return bytes(line)


def main() -> int:
    """A worker: read the configuration line, serve until SIGTERM/SIGINT or stdin closes."""
    stop = threading.Event()

    def _stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    line = _read_line(sys.stdin.fileno())
    try:
        config = WorkerConfig(**json.loads(line))
    except (ValueError, TypeError) as exc:
        print(f"bb-brain worker: unreadable configuration on stdin ({exc})", file=sys.stderr)
        return 2

    def _watch_parent() -> None:
        # The raw descriptor, not sys.stdin: a daemon thread blocked inside a buffered
        # reader would hold its lock while the interpreter shuts down.
        while os.read(0, 4096):
            pass
        stop.set()  # the parent closed the pipe or died

    threading.Thread(target=_watch_parent, name="bb-parent-watch", daemon=True).start()
    try:
        _serve(config, stop)
    except (BrainError, SchemaError) as exc:
        print(f"bb-brain worker {os.getpid()}: {exc.message}", file=sys.stderr)
        return 2
    except Exception as exc:  # reported; the parent sees the exit code
        print(f"bb-brain worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
