"""One private PostgreSQL server per run, never left behind.

It starts from a template copy and is reachable only on a unix socket in its own directory
inside the process's run directory (:mod:`bb_brain._pg._rundir`). Its dynamic shared memory
lives in its data directory (``dynamic_shared_memory_type=mmap``), so it goes with it.

Leftovers are handled at three levels. A normal exit, an exception or Ctrl-C stops the
server through the context manager (and an ``atexit`` hook as a backstop). On Linux the
postmaster also gets a parent-death signal, so it shuts down even if this process is killed
outright. And every start sweeps the run base: a run directory whose owner process is dead
has its postmaster stopped, its System V segment removed and the directory deleted.

A server that dies on its own (killed, out of memory) is noticed within
:data:`WATCH_INTERVAL_S` by a watcher thread, which calls every listener registered with
:meth:`EmbeddedServer.on_exit` (the database closes its pool so no caller waits on it).
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bb_brain._errors import DatabaseStartError
from bb_brain._pg import _rundir
from bb_brain._pg._launch import launcher_argv
from bb_brain._pg._runtime import bin_dir, chown_tree, run_base, server_user
from bb_brain._pg._template import copy_tree, ensure_template

START_TIMEOUT_S = 30.0
#: How often the watcher looks at the postmaster (an unexpected exit is seen within this).
WATCH_INTERVAL_S = 0.2
STOP_TIMEOUT_S = 15.0
PORT = 5432  # only names the socket file: the server listens on no TCP address at all

#: Settings for a throwaway server: durability off (a crash loses nothing we keep), small
#: memory, no TCP, quiet logs. Passed on the command line so the template stays a plain
#: initdb result.
THROWAWAY_SETTINGS: dict[str, str] = {
    "listen_addresses": "",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "wal_level": "minimal",
    "max_wal_senders": "0",
    "shared_buffers": "64MB",
    "max_connections": "64",
    "autovacuum": "off",
    "log_min_messages": "warning",
    "logging_collector": "off",
    # Segments as files in the data directory, not /dev/shm/PostgreSQL.*: a killed server's
    # segments then go with its directory instead of staying in /dev/shm for good.
    "dynamic_shared_memory_type": "mmap",
}


@dataclass
class StartupTimings:
    """How long each start-up phase took, in milliseconds (for benchmarks)."""

    template_built: bool
    template_ms: float
    copy_ms: float
    start_ms: float


class EmbeddedServer:
    """A running private server; use :func:`start_embedded` to make one."""

    def __init__(self, run_dir: Path, process: subprocess.Popen[bytes], timings: StartupTimings):
        self.run_dir = run_dir
        self.data_dir = run_dir / "data"
        self.socket_dir = run_dir / "sock"
        self.process = process
        self.timings = timings
        self._lock = threading.Lock()
        self._stopped = False
        self._listeners: list[Callable[[int], None]] = []
        #: The postmaster's exit code when it exited on its own (None while it runs).
        self.exit_code: int | None = None
        atexit.register(self.stop)
        threading.Thread(target=self._watch, name="bb-pg-watch", daemon=True).start()

    @property
    def conninfo(self) -> str:
        """Libpq connection string for the superuser over the private socket."""
        return f"host={self.socket_dir} port={PORT} user=postgres dbname=postgres"

    def on_exit(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(exit code)`` if the postmaster exits on its own (not via stop)."""
        with self._lock:
            self._listeners.append(listener)
            code = self.exit_code
        if code is not None:
            listener(code)

    def _watch(self) -> None:
        while True:
            code = self.process.poll()
            with self._lock:
                if self._stopped:
                    return
                if code is not None:
                    self.exit_code = code
                    listeners = list(self._listeners)
                    break
            time.sleep(WATCH_INTERVAL_S)
        for listener in listeners:
            try:
                listener(code)
            except Exception:  # a listener must not keep the others from hearing it
                pass

    def stop(self, *, keep_data: Path | None = None) -> None:
        """Fast-shutdown the server and remove its run directory; idempotent, thread-safe.

        Args:
            keep_data: Save the cleanly shut-down data directory here first (a built brain
                cached for later runs, which pass it to :func:`start_embedded`). The copy is
                staged beside ``keep_data`` and renamed into place, so a reader never sees
                half of it.
        """
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
        atexit.unregister(self.stop)
        shm = _shared_memory(self.data_dir)
        code = self.process.poll()
        if code is not None and self.exit_code is None:  # it died before anyone noticed
            self.exit_code = code
        terminate(self.process.pid, self.process.wait)
        try:
            if keep_data is not None and self.exit_code is None:
                staged = keep_data.with_name(f"{keep_data.name}.tmp-{uuid.uuid4().hex[:10]}")
                try:
                    copy_tree(self.data_dir, staged)
                    (staged / "postmaster.pid").unlink(missing_ok=True)
                    os.rename(staged, keep_data)
                finally:
                    shutil.rmtree(staged, ignore_errors=True)
        finally:
            if shm is not None:  # a killed postmaster never removes its own
                _rundir.remove_sysv_segment(*shm)
            shutil.rmtree(self.run_dir, ignore_errors=True)


def exit_text(code: int) -> str:
    """How a postmaster ended, from its exit code (``killed by SIGKILL``, ``exit code 1``)."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def _shared_memory(data: Path) -> tuple[int, int] | None:
    try:
        return _rundir.shm_of((data / "postmaster.pid").read_text(encoding="utf-8").splitlines())
    except OSError:
        return None


@dataclass
class _Spawned:
    """A postmaster started (or still copying its data directory) and not yet known ready."""

    run_dir: Path
    process: subprocess.Popen[bytes]
    built: bool
    marks: tuple[float, float, float]

    def discard(self) -> None:
        """Stop it and remove its directory (a start that failed or was never claimed)."""
        terminate(self.process.pid, self.process.wait)
        shutil.rmtree(self.run_dir, ignore_errors=True)


@dataclass
class _Early:
    """A server started ahead of need, and what its preparing thread made of it."""

    spawned: _Spawned
    #: Waits for the postmaster and then runs ``prepare`` (e.g. creates the run schema).
    thread: threading.Thread | None = None
    server: EmbeddedServer | None = None
    #: What ``prepare`` returned.
    prepared: object = None
    error: BaseException | None = None


#: This process's server started ahead of need (:func:`start_embedded_early`), by pid: a
#: forked child must never claim its parent's.
_EARLY: dict[int, _Early] = {}
_EARLY_LOCK = threading.Lock()
#: How long exit waits for a preparing thread before stopping its server anyway.
_EARLY_JOIN_S = 30.0


def start_embedded_early(prepare: Callable[[str], object] | None = None) -> None:
    """Start this process's server now, without waiting for it; :func:`claim_early` takes it.

    For a command that will need the database after a few hundred milliseconds of other
    start-up work (imports, loading a corpus): the template copy and the postmaster's own
    start run in the launcher process meanwhile, and a thread waits for the server to be
    ready and then calls ``prepare(conninfo)`` (the run creates its schema there), so that
    waiting overlaps the caller's work too. Only from the main thread (the postmaster's
    parent-death signal is bound to the thread that spawns it); a server never claimed is
    stopped at exit.
    """
    if threading.current_thread() is not threading.main_thread():
        return
    with _EARLY_LOCK:
        if os.getpid() in _EARLY:
            return
        early = _Early(_spawn_server(None, copy_in_launcher=True))
        early.thread = threading.Thread(
            target=_prepare_early, args=(early, prepare), name="bb-pg-early", daemon=True
        )
        _EARLY[os.getpid()] = early
    atexit.register(_discard_early, os.getpid())
    early.thread.start()


def _prepare_early(early: _Early, prepare: Callable[[str], object] | None) -> None:
    try:
        early.server = _ready(early.spawned)
        if prepare is not None:
            early.prepared = prepare(early.server.conninfo)
    except BaseException as exc:  # handed to whoever claims the server
        early.error = exc


def claim_early() -> tuple[EmbeddedServer, object] | None:
    """This process's early server, ready, and what its preparation returned (else None).

    None when there is none; when its start or preparation failed the server is stopped and
    None returned too, so the caller starts one the usual way and meets the failure there.
    """
    with _EARLY_LOCK:
        early = _EARLY.pop(os.getpid(), None)
    if early is None:
        return None
    if early.thread is not None:
        early.thread.join()
    if early.error is not None or early.server is None:
        _stop_early(early)
        return None
    return early.server, early.prepared


def _stop_early(early: _Early) -> None:
    if early.server is not None:
        early.server.stop()
    else:
        early.spawned.discard()


def _discard_early(pid: int) -> None:
    with _EARLY_LOCK:
        early = _EARLY.pop(pid, None) if os.getpid() == pid else None
    if early is None:
        return
    if early.thread is not None:
        early.thread.join(_EARLY_JOIN_S)
    _stop_early(early)


def start_embedded(data_template: Path | None = None) -> EmbeddedServer:
    """Sweep stale servers, copy a data directory and start a postmaster on a private socket.

    Claims the server :func:`start_embedded_early` started, when there is one.

    Args:
        data_template: The data directory to copy (one saved by ``stop(keep_data=...)``);
            default: the initdb template, built on first use.
    """
    if data_template is None:
        claimed = claim_early()
        if claimed is not None:
            return claimed[0]
    return _ready(_spawn_server(data_template, copy_in_launcher=False))


def _ready(spawned: _Spawned) -> EmbeddedServer:
    """Wait for the spawned postmaster; the running server (stopped and removed on failure)."""
    try:
        log = spawned.run_dir / "postgres.log"
        shm = _wait_ready(spawned.run_dir / "data", spawned.process, log)
        _rundir.write_server_info(
            spawned.run_dir, {"postmaster_pid": spawned.process.pid, "shm": shm}
        )
        t3 = time.perf_counter()
    except BaseException:
        spawned.discard()
        raise
    t0, t1, t2 = spawned.marks
    timings = StartupTimings(spawned.built, (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3)
    return EmbeddedServer(spawned.run_dir, spawned.process, timings)


def _spawn_server(data_template: Path | None, *, copy_in_launcher: bool) -> _Spawned:
    """Sweep, find the template, make the server's directory and spawn the postmaster.

    With ``copy_in_launcher`` the template is copied by the launcher process (``cp -a``)
    rather than here, so the caller does not wait for it; its time then counts as start.
    """
    sweep_stale()
    user = server_user()
    t0 = time.perf_counter()
    if data_template is None:
        template, built = ensure_template()
    else:
        template, built = data_template, False
        if not (template / "PG_VERSION").exists():
            raise DatabaseStartError(
                f"{str(template)!r} is not a PostgreSQL data directory (no PG_VERSION); "
                "pass one saved by EmbeddedServer.stop(keep_data=...)"
            )
    t1 = time.perf_counter()
    if user.is_other:
        _require_traversable(run_base(), user.name or "")
    run_dir = _rundir.server_dir()
    process: subprocess.Popen[bytes] | None = None
    try:
        data = run_dir / "data"
        sock = run_dir / "sock"
        in_launcher = copy_in_launcher and shutil.which("cp") is not None
        if not in_launcher:
            copy_tree(template, data)
            sock.mkdir(mode=0o700)
            if data.stat().st_uid != user.uid:  # copied without ownership (fallback copy)
                chown_tree(data, user)
            chown_tree(sock, user)
            data.chmod(0o700)
        t2 = time.perf_counter()
        copy = (str(template), str(data)) if in_launcher else None
        process = _spawn(data, sock, run_dir / "postgres.log", copy=copy)
        _rundir.write_server_info(run_dir, {"postmaster_pid": process.pid})
    except BaseException:
        if process is not None:
            terminate(process.pid, process.wait)
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    return _Spawned(run_dir, process, built, (t0, t1, t2))


def _require_traversable(path: Path, user: str) -> None:
    """The server user must be able to enter every directory above its data directory."""
    for prefix in (path, *path.parents):
        if not prefix.stat().st_mode & 0o001:
            raise DatabaseStartError(
                f"run dir {str(path)!r} is not reachable by the server user {user!r}: "
                f"{str(prefix)!r} is not world-traversable; point BRAINBENCH_RUN_DIR elsewhere "
                "(e.g. under /tmp) or chmod o+x that directory"
            )


def _spawn(
    data: Path, sock: Path, log: Path, *, copy: tuple[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Spawn the launcher that becomes the postmaster (copying its data directory first)."""
    cmd = [str(bin_dir() / "postgres"), "-D", str(data), "-k", str(sock), "-p", str(PORT)]
    for key, value in THROWAWAY_SETTINGS.items():
        cmd += ["-c", f"{key}={value}"]
    # Only from the main thread: the kernel delivers the parent-death signal when the *thread*
    # that forked exits, which would kill the server early if a worker thread started it.
    on_main = threading.current_thread() is threading.main_thread()
    # Its own session: a Ctrl-C at the terminal reaches us, not the postmaster, so shutdown
    # happens in order (connections closed first, then a fast stop). The launcher drops to
    # the server user and asks for SIGQUIT (immediate stop) should we die, without forking us.
    argv = launcher_argv(
        cmd,
        server_user(),
        setsid=True,
        pdeathsig=int(signal.SIGQUIT) if on_main else 0,
        copy=copy,
        dirs=[str(sock)] if copy is not None else [],
        private=[str(data)] if copy is not None else [],
    )
    with log.open("ab") as out:
        return subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=str(data if copy is None else data.parent),
        )


def _wait_ready(data: Path, process: subprocess.Popen[bytes], log: Path) -> tuple[int, int] | None:
    """Wait until the postmaster says ready; its System V segment (key, id) when it has one."""
    deadline = time.monotonic() + START_TIMEOUT_S
    pid_file = data / "postmaster.pid"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise DatabaseStartError(
                f"postgres exited with code {process.returncode} while starting in "
                f"{str(data)!r}; its log says: {_tail(log)!r}"
            )
        try:
            lines = pid_file.read_text(encoding="utf-8").splitlines()
        except (FileNotFoundError, PermissionError):
            lines = []
        if len(lines) >= 8 and lines[7].strip() == "ready":
            return _rundir.shm_of(lines)
        time.sleep(0.002)
    raise DatabaseStartError(
        f"postgres did not become ready within {START_TIMEOUT_S:.0f}s in {str(data)!r}; "
        f"its log says: {_tail(log)!r}"
    )


def _tail(log: Path, limit: int = 600) -> str:
    try:
        return log.read_text(encoding="utf-8", errors="replace")[-limit:]
    except OSError:
        return ""


def terminate(pid: int, wait: Callable[[float], object]) -> None:
    """SIGINT (fast shutdown), then SIGQUIT, then SIGKILL, waiting between each."""
    for sig, timeout in (
        (signal.SIGINT, STOP_TIMEOUT_S),
        (signal.SIGQUIT, 5.0),
        (signal.SIGKILL, 5.0),
    ):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        try:
            wait(timeout)
            return
        except subprocess.TimeoutExpired:
            continue
        except Exception as error:  # psutil's, when ``wait`` is a psutil process's
            psutil = sys.modules.get("psutil")
            if psutil is None or not isinstance(error, psutil.TimeoutExpired):
                raise


def sweep_stale() -> list[Path]:
    """Stop and remove every run directory whose owning process is gone; return them."""
    return _rundir.sweep()
