"""One private PostgreSQL server per run, never left behind.

It starts from a template copy and is reachable only on a unix socket in its own run directory.

Leftovers are handled at three levels. A normal exit, an exception or Ctrl-C stops the
server through the context manager (and an ``atexit`` hook as a backstop). On Linux the
postmaster also gets a parent-death signal, so it shuts down even if this process is killed
outright. And every start sweeps the run base: a run directory whose owner process is dead
has its postmaster stopped and the directory removed.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psutil

from bb_brain._errors import DatabaseStartError
from bb_brain._pg._launch import launcher_argv
from bb_brain._pg._runtime import bin_dir, chown_tree, run_base, server_user
from bb_brain._pg._template import copy_tree, ensure_template

OWNER_FILE = "owner.json"
START_TIMEOUT_S = 30.0
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
    "dynamic_shared_memory_type": "posix",
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
        atexit.register(self.stop)

    @property
    def conninfo(self) -> str:
        """Libpq connection string for the superuser over the private socket."""
        return f"host={self.socket_dir} port={PORT} user=postgres dbname=postgres"

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
        _terminate(self.process.pid, self.process.wait)
        try:
            if keep_data is not None:
                staged = keep_data.with_name(f"{keep_data.name}.tmp-{uuid.uuid4().hex[:10]}")
                try:
                    copy_tree(self.data_dir, staged)
                    (staged / "postmaster.pid").unlink(missing_ok=True)
                    os.rename(staged, keep_data)
                finally:
                    shutil.rmtree(staged, ignore_errors=True)
        finally:
            shutil.rmtree(self.run_dir, ignore_errors=True)


def start_embedded(data_template: Path | None = None) -> EmbeddedServer:
    """Sweep stale servers, copy a data directory and start a postmaster on a private socket.

    Args:
        data_template: The data directory to copy (one saved by ``stop(keep_data=...)``);
            default: the initdb template, built on first use.
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
    base = run_base()
    if user.is_other:
        _require_traversable(base, user.name or "")
    run_dir = base / f"run-{os.getpid()}-{uuid.uuid4().hex[:10]}"
    run_dir.mkdir(mode=0o711)
    process: subprocess.Popen[bytes] | None = None
    try:
        _write_owner(run_dir, None)
        data = run_dir / "data"
        copy_tree(template, data)
        sock = run_dir / "sock"
        sock.mkdir(mode=0o700)
        if data.stat().st_uid != user.uid:  # copied without ownership (fallback copy)
            chown_tree(data, user)
        chown_tree(sock, user)
        data.chmod(0o700)
        t2 = time.perf_counter()
        process = _spawn(data, sock, run_dir / "postgres.log")
        _write_owner(run_dir, process.pid)
        _wait_ready(data, process, run_dir / "postgres.log")
        t3 = time.perf_counter()
    except BaseException:
        if process is not None:
            _terminate(process.pid, process.wait)
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    timings = StartupTimings(built, (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3)
    return EmbeddedServer(run_dir, process, timings)


def _require_traversable(path: Path, user: str) -> None:
    """The server user must be able to enter every directory above its data directory."""
    for prefix in (path, *path.parents):
        if not prefix.stat().st_mode & 0o001:
            raise DatabaseStartError(
                f"run dir {str(path)!r} is not reachable by the server user {user!r}: "
                f"{str(prefix)!r} is not world-traversable; point BRAINBENCH_RUN_DIR elsewhere "
                "(e.g. under /tmp) or chmod o+x that directory"
            )


def _spawn(data: Path, sock: Path, log: Path) -> subprocess.Popen[bytes]:
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
        cmd, server_user(), setsid=True, pdeathsig=int(signal.SIGQUIT) if on_main else 0
    )
    with log.open("ab") as out:
        return subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, cwd=str(data)
        )


def _wait_ready(data: Path, process: subprocess.Popen[bytes], log: Path) -> None:
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
            return
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


def _terminate(pid: int, wait: Callable[[float], object]) -> None:
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
        except (subprocess.TimeoutExpired, psutil.TimeoutExpired):
            continue


def _write_owner(run_dir: Path, postmaster_pid: int | None) -> None:
    me = psutil.Process()
    owner = {
        "owner_pid": me.pid,
        "owner_started": me.create_time(),
        "postmaster_pid": postmaster_pid,
    }
    tmp = run_dir / f"{OWNER_FILE}.tmp"
    tmp.write_text(json.dumps(owner), encoding="utf-8")
    os.replace(tmp, run_dir / OWNER_FILE)


def sweep_stale() -> list[Path]:
    """Stop and remove every run directory whose owning process is gone; return them."""
    base = run_base()
    removed: list[Path] = []
    for run_dir in sorted(base.glob("run-*")):
        if not _owner_dead(run_dir):
            continue
        for pid in _postmaster_pids(run_dir):
            _kill_stale(pid, run_dir / "data")
        shutil.rmtree(run_dir, ignore_errors=True)
        removed.append(run_dir)
    return removed


def _owner_dead(run_dir: Path) -> bool:
    try:
        owner = json.loads((run_dir / OWNER_FILE).read_text(encoding="utf-8"))
        pid, started = int(owner["owner_pid"]), float(owner["owner_started"])
    except FileNotFoundError:
        # Created but not yet stamped (or stamped by a run that died at once): judge by the pid
        # embedded in the directory name.
        try:
            return not psutil.pid_exists(int(run_dir.name.split("-")[1]))
        except (IndexError, ValueError):
            return True
    except (OSError, ValueError, KeyError, TypeError):
        return True
    try:
        # A reused pid belongs to a younger process: compare start times, not just pids.
        return abs(psutil.Process(pid).create_time() - started) > 0.5
    except psutil.NoSuchProcess:
        return True


def _postmaster_pids(run_dir: Path) -> set[int]:
    pids: set[int] = set()
    try:
        owner = json.loads((run_dir / OWNER_FILE).read_text(encoding="utf-8"))
        if owner.get("postmaster_pid"):
            pids.add(int(owner["postmaster_pid"]))
    except (OSError, ValueError, TypeError):
        pass
    try:
        first = (run_dir / "data" / "postmaster.pid").read_text(encoding="utf-8").split("\n", 1)[0]
        pids.add(int(first))
    except (OSError, ValueError):
        pass
    return pids


def _kill_stale(pid: int, data_dir: Path) -> None:
    """Stop a leftover postmaster, but only if it really is postgres serving that directory."""
    try:
        proc = psutil.Process(pid)
        if proc.name() != "postgres" or str(data_dir) not in proc.cmdline():
            return
        children = proc.children(recursive=True)
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return
    _terminate(pid, proc.wait)
    psutil.wait_procs(children, timeout=5.0)
