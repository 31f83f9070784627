"""One private directory per process for every file a run owns, swept once its owner is gone.

Under the run base (:func:`~bb_brain._pg._runtime.run_base`: ``$BRAINBENCH_RUN_DIR``, else
``/dev/shm`` or the temp dir, then ``brainbench-<uid>``; mode 0711)::

    run-<pid>-<token>/   this process's run directory, 0700 (as root 0710, group = the
      |                  PostgreSQL server user's, so that user can reach its own server
      |                  directory and nothing else here)
      owner.json         {"owner_pid", "owner_started"}: who owns it
      tmp/               0700: the temp dir of everything run-scoped once a command claims it
      |                  (:func:`temp_files_here`): sockets, hook transcripts (fixture text),
      |                  worker files, trust fixtures' git repositories
      pg-<token>/        one embedded PostgreSQL server: data/ (its dynamic shared memory
                         included), sock/, postgres.log, server.json

The directory goes when the process exits normally (``atexit``). After a SIGKILL, the next
process that starts a server or claims its temp dir (:func:`sweep`) removes every run
directory whose owner is gone, judged by pid *and* start time so a reused pid never passes
for the owner: it stops the leftover postmaster (only one that really is postgres serving
that directory), removes its System V shared memory segment, and deletes the directory.
"""

from __future__ import annotations

import atexit
import ctypes
import json
import os
import shutil
import sys
import tempfile
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bb_brain._pg._runtime import run_base, server_user
from bb_brain._pg._started import started

OWNER_FILE = "owner.json"
SERVER_FILE = "server.json"
TMP_NAME = "tmp"

_lock = threading.Lock()
_mine: dict[int, Path] = {}  # pid -> this process's run directory (a fork gets its own)


def process_run_dir() -> Path:
    """This process's run directory, created (after a sweep) on first use."""
    with _lock:
        found = _mine.get(os.getpid())
        if found is not None and found.is_dir():
            return found
        sweep()
        path = _create()
        _mine[os.getpid()] = path
        atexit.register(_remove, path, os.getpid())
        return path


def _create() -> Path:
    base = run_base()
    path = base / f"run-{os.getpid()}-{uuid.uuid4().hex[:10]}"
    path.mkdir(mode=0o700)
    user = server_user()
    if user.is_other:  # root: let the server user traverse (x) to its own directory
        os.chown(path, -1, user.gid)
        path.chmod(0o710)
    owner = {"owner_pid": os.getpid(), "owner_started": started()}
    (path / OWNER_FILE).write_text(json.dumps(owner), encoding="utf-8")
    return path


def _remove(path: Path, pid: int) -> None:
    if os.getpid() == pid:  # never from a forked child that inherited the hook
        _release_multiprocessing_temp(path)
        shutil.rmtree(path, ignore_errors=True)


def _release_multiprocessing_temp(path: Path) -> None:
    """Let multiprocessing remove its own ``pymp-*`` directory under ``path`` first.

    Its exit finalizer would otherwise find the directory gone with the run directory (this
    hook runs first) and print a traceback at exit.
    """
    util = sys.modules.get("multiprocessing.util")
    registry = getattr(util, "_finalizer_registry", None)
    remover = getattr(util, "_remove_temp_dir", None)
    if not isinstance(registry, dict) or remover is None:
        return
    for finalizer in list(registry.values()):
        args: tuple[object, ...] = tuple(getattr(finalizer, "_args", ()))
        if getattr(finalizer, "_callback", None) is remover and len(args) == 2:
            if Path(str(args[-1])).is_relative_to(path):
                finalizer()  # removes the directory and forgets the finalizer


def temp_dir() -> Path:
    """``<run dir>/tmp`` (0700), created on first use."""
    path = process_run_dir() / TMP_NAME
    path.mkdir(mode=0o700, exist_ok=True)
    return path


@contextmanager
def temp_files_here() -> Iterator[Path]:
    """Inside the block, every temp file of this process and its children goes to tmp/.

    Sets :data:`tempfile.tempdir` and ``$TMPDIR`` (children: workers, hook processes) and
    gives both back afterwards.
    """
    path = temp_dir()
    saved_dir, saved_env = tempfile.tempdir, os.environ.get("TMPDIR")
    tempfile.tempdir = str(path)
    os.environ["TMPDIR"] = str(path)
    try:
        yield path
    finally:
        tempfile.tempdir = saved_dir
        if saved_env is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = saved_env


def server_dir() -> Path:
    """A new directory for one embedded server inside this process's run directory (0711)."""
    path = process_run_dir() / f"pg-{uuid.uuid4().hex[:10]}"
    path.mkdir(mode=0o711)
    path.chmod(0o711)
    return path


def write_server_info(path: Path, info: dict[str, Any]) -> None:
    """Record a server's postmaster pid and shared memory segment (read by :func:`sweep`)."""
    temp = path / f"{SERVER_FILE}.tmp"
    temp.write_text(json.dumps(info), encoding="utf-8")
    os.replace(temp, path / SERVER_FILE)


def sweep() -> list[Path]:
    """Stop and remove every run directory whose owner is gone; return the removed ones."""
    removed: list[Path] = []
    mine = _mine.get(os.getpid())
    for run_dir in sorted(run_base().glob("run-*")):
        if run_dir == mine or not owner_gone(run_dir):
            continue
        for server in (run_dir, *sorted(run_dir.glob("pg-*"))):
            stop_leftover(server)
        shutil.rmtree(run_dir, ignore_errors=True)
        removed.append(run_dir)
    return removed


def owner_gone(run_dir: Path) -> bool:
    """Whether the process that made ``run_dir`` no longer exists (pid and start time)."""
    import psutil  # only when there is another run's directory to judge

    try:
        owner = json.loads((run_dir / OWNER_FILE).read_text(encoding="utf-8"))
        pid, started = int(owner["owner_pid"]), float(owner["owner_started"])
    except FileNotFoundError:
        # Created but not yet stamped (or by a run that died at once): judge by the pid in
        # the directory name.
        try:
            return not psutil.pid_exists(int(run_dir.name.split("-")[1]))
        except (IndexError, ValueError):
            return True
    except (OSError, ValueError, KeyError, TypeError):
        return True
    try:
        # A reused pid belongs to a younger process: compare start times, not just pids.
        owner = psutil.Process(pid)
        # A killed owner not yet reaped by its parent is a zombie: gone all the same.
        return abs(owner.create_time() - started) > 0.5 or owner.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def stop_leftover(server: Path) -> None:
    """Stop the postmaster of a dead owner's server directory and free its shared memory."""
    info = _read_json(server / SERVER_FILE) or _read_json(server / OWNER_FILE) or {}
    pids = {int(info["postmaster_pid"])} if info.get("postmaster_pid") else set()
    pid_file = _postmaster_pid_file(server / "data")
    if pid_file is not None:
        pids.add(pid_file[0])
    for pid in pids:
        _kill_postmaster(pid, server / "data")
    shm = info.get("shm") or (pid_file[1] if pid_file else None)
    if shm:
        remove_sysv_segment(int(shm[0]), int(shm[1]))


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def _postmaster_pid_file(data: Path) -> tuple[int, tuple[int, int] | None] | None:
    """(pid, (shm key, shm id) or None) from ``postmaster.pid``, or None."""
    try:
        lines = (data / "postmaster.pid").read_text(encoding="utf-8").splitlines()
        pid = int(lines[0])
    except (OSError, ValueError, IndexError):
        return None
    return pid, shm_of(lines)


def shm_of(lines: list[str]) -> tuple[int, int] | None:
    """The System V segment (key, id) a ``postmaster.pid``'s seventh line names."""
    try:
        key, shmid = lines[6].split()
        return int(key), int(shmid)
    except (IndexError, ValueError):
        return None


def _kill_postmaster(pid: int, data_dir: Path) -> None:
    """Stop a leftover postmaster, but only if it really is postgres serving that directory."""
    import psutil

    from bb_brain._pg._server import terminate

    try:
        proc = psutil.Process(pid)
        if proc.name() != "postgres" or str(data_dir) not in proc.cmdline():
            return
        children = proc.children(recursive=True)
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return
    terminate(pid, proc.wait)
    psutil.wait_procs(children, timeout=5.0)


def remove_sysv_segment(key: int, shmid: int) -> bool:
    """Remove System V segment ``shmid`` if it still has ``key`` and nobody is attached.

    PostgreSQL keeps a small interlock segment for as long as its postmaster lives and
    removes it at shutdown; a killed postmaster leaves it behind forever. Linux only (reads
    ``/proc/sysvipc/shm``); returns whether a segment was removed.
    """
    try:
        rows = Path("/proc/sysvipc/shm").read_text(encoding="utf-8").splitlines()[1:]
    except OSError:
        return False
    for row in rows:
        fields = row.split()
        if len(fields) < 7 or int(fields[1]) != shmid or int(fields[0]) != key:
            continue
        if int(fields[6]) != 0:  # nattch: still in use
            return False
        ipc_rmid = 0
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.shmctl(ctypes.c_int(shmid), ipc_rmid, None) == 0)
    return False
